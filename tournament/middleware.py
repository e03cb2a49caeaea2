"""The site's middleware of its own: ``Cache-Control: no-store`` on the answers nobody should
keep, and 404 for a request whose path or query holds a NUL character.

A sheet link opens a table's score sheet without a login, so its pages (and the points
preview and saves they make) must not stay in a shared browser's or a proxy's cache; the
exports carry every result and name (a series' too, with unlisted names), the QR page, the
table cards and the printed sheets every table's link, the organiser's sheet page its link.
The routes are named here, once, and the views stay as they are.

A NUL can be no part of any address of the site, and databases refuse it in a query
(PostgreSQL raises an error): such a request is answered 404 before any view sees it.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import Http404, HttpRequest, HttpResponse
from django.utils.cache import add_never_cache_headers

NO_STORE_ROUTES = frozenset(
    {
        "sheet-link",
        "sheet-preview",
        "standings-xlsx",
        "standings-csv",
        "public-standings-csv",
        "round-qr",
        "sheet-link-save",
        "sheet-edit",
        "sheet-edit-save",
        "print-cards",
        "print-sheets",
        "series-xlsx",
        "series-csv",
    }
)


class NoStoreMiddleware:
    """Adds ``Cache-Control: no-store`` (Django's ``never_cache`` headers) to every answer of the
    routes in ``NO_STORE_ROUTES``, whatever its status."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        match = getattr(request, "resolver_match", None)
        if match is not None and match.url_name in NO_STORE_ROUTES:
            add_never_cache_headers(response)
        return response


class RefuseNulMiddleware:
    """Answers 404 to a request with a NUL character in its path or query string."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        query = request.META.get("QUERY_STRING", "")
        if "\x00" in request.path_info or "%00" in query or "\x00" in query:
            raise Http404("NUL in the address")
        return self.get_response(request)
