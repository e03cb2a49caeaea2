"""A club's public pages: its page (``club-page``), the calendar of its evenings
(``club-calendar``), its logo (``club-logo``) and its privacy notice (``club-privacy``). Each
finds the club by its short name (404 for an unknown one)."""

from __future__ import annotations

import hashlib
from urllib.parse import urlsplit

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.cache import get_conditional_response, patch_cache_control

from clubs.models import Club
from clubsite import ical, selectors
from core import limits
from core.links import absolute_url


def _club(slug: str, *, logo: bool = False) -> Club:
    """The club of the short name ``slug`` (404 without one), its logo read only if asked."""
    clubs = Club.objects.all() if logo else Club.objects.defer("logo")
    return get_object_or_404(clubs, slug=slug)


def club_page(request: HttpRequest, club: str) -> HttpResponse:
    """The club's page: name, logo, town and contact; its coming evenings, its past ones and
    the public series they play in; the link to the calendar of its dates."""
    page = selectors.club_page(_club(club))
    return render(request, "clubsite/club.html", {"club": page.club, "page": page})


def club_calendar(request: HttpRequest, club: str) -> HttpResponse:
    """The club's evenings as an iCalendar file (``text/calendar``) for a calendar to
    subscribe to: the evenings of the club's page, its links under the server's address."""
    page = selectors.club_page(_club(club))
    site = absolute_url("/", request).rstrip("/")
    host = urlsplit(site).hostname or "localhost"
    response = HttpResponse(
        ical.club_calendar(page, site=site, host=host),
        content_type="text/calendar; charset=utf-8",
    )
    response["Content-Disposition"] = f'inline; filename="{page.club.slug}-termine.ics"'
    return response


def club_logo(request: HttpRequest, club: str) -> HttpResponse:
    """The club's logo as uploaded, with its content type; 404 without one. A browser keeps it
    for ``limits.LOGO_CACHE_SECONDS``, then asks with its ETag (a hash of the logo): the same
    logo is answered 304 without its bytes, a new one is sent."""
    found = _club(club, logo=True)
    logo = bytes(found.logo)
    if not logo or not found.logo_type:
        return HttpResponse(status=404, content_type="text/plain; charset=utf-8")
    response = HttpResponse(logo, content_type=found.logo_type)
    response["ETag"] = '"' + hashlib.sha256(logo).hexdigest()[:32] + '"'
    patch_cache_control(response, public=True, max_age=limits.LOGO_CACHE_SECONDS)
    return get_conditional_response(request, etag=response["ETag"], response=response)


def club_privacy(request: HttpRequest, club: str) -> HttpResponse:
    """The club's privacy notice as its admins wrote it (line breaks kept); a club without one
    answers 404 with a page that says so."""
    found = _club(club)
    if not found.privacy_notice.strip():
        return render(request, "clubsite/no_privacy.html", {"club": found}, status=404)
    return render(request, "clubsite/privacy.html", {"club": found})
