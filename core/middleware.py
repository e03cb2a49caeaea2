"""The site's middleware of its own: ``Cache-Control: no-store`` on the answers nobody should
keep, 404 for a request whose path or query holds a NUL character, and 413 for a body larger
than its route takes.

A sheet link opens a table's score sheet without a login, so its pages (and the points
preview and saves they make) must not stay in a shared browser's or a proxy's cache; the
exports carry every result and name (a series' too, with unlisted names), the QR page, the
table cards and the printed sheets every table's link, the organiser's sheet page its link.
Each such route declares it where it is routed (``core.web.no_store``).

A NUL can be no part of any address of the site, and databases refuse it in a query
(PostgreSQL raises an error): such a request is answered 404 before any view sees it.

A body is read first by the CSRF check (``request.POST``), and Django writes an uploaded file
of more than 2.5 MB to the temporary directory while reading it: anyone could fill the disk
with a few large POSTs to a sheet link. So a body larger than its route takes
(``core.limits.MAX_REQUEST_BYTES``, or what the route declares with
``core.web.takes_body``: the participant-list import) is refused with 413 and the site's page
before anything reads it, by its ``Content-Length``. Django never reads more of a body than
that length says (a body sent without one, chunked, it does not read at all), and the hall's
server (``manage.py serve``) reads a chunked body only up to the import's limit and then passes
its length.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.defaultfilters import filesizeformat
from django.urls import Resolver404, resolve
from django.utils.cache import add_never_cache_headers
from django.utils.translation import gettext

from core.limits import MAX_REQUEST_BYTES


class NoStoreMiddleware:
    """Adds ``Cache-Control: no-store`` (Django's ``never_cache`` headers) to every answer of a
    route that declares it (``core.web.no_store``), whatever its status."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        match = getattr(request, "resolver_match", None)
        if match is not None and getattr(match.func, "no_store", False):
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


def route_view(request: HttpRequest) -> Callable[..., HttpResponse] | None:
    """The view the request's address leads to (None: no route)."""
    try:
        return resolve(request.path_info).func
    except Resolver404:
        return None


def body_limit(request: HttpRequest) -> int:
    """The most bytes of body the request's route takes (``core.web.takes_body``)."""
    return getattr(route_view(request), "body_limit", MAX_REQUEST_BYTES)


class RequestSizeMiddleware:
    """Answers 413 with the site's page to a request whose body is larger than its route takes
    (``body_limit``), before anything reads the body.

    It stands after the language, the session and the login are known (for the page), and
    before any view: the CSRF check reads the body in its ``process_view``, which runs after
    every middleware's call.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0  # Django reads no body then
        if length > MAX_REQUEST_BYTES and length > body_limit(request):
            return self.refuse(request)
        return self.get_response(request)

    def refuse(self, request: HttpRequest) -> HttpResponse:
        too_large = getattr(route_view(request), "too_large", None)
        if too_large is not None:
            message = too_large()
        else:
            message = gettext("The data sent is larger than this page takes: at most %(size)s.")
            message %= {"size": filesizeformat(body_limit(request))}
        return render(request, "413.html", {"message": message}, status=413)
