"""``Cache-Control: no-store`` on the answers nobody should keep: sheet links, exports, QR codes.

A sheet link opens a table's score sheet without a login, so its pages (and the points
preview they ask for) must not stay in a shared browser's or a proxy's cache; the exports
carry every result and name, the QR page every table's link. The routes are named here, once,
and the views stay as they are.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils.cache import add_never_cache_headers

NO_STORE_ROUTES = frozenset(
    {
        "sheet-link",
        "sheet-preview",
        "standings-xlsx",
        "standings-csv",
        "public-standings-csv",
        "round-qr",
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
