"""Who may open a club's pages, and what a club role lets an account do on the club's events.

- ``club_role``: an account's role in a club (``ClubMember.Role``), None without one;
- ``club_admin_view``: a page of one club for its admins (and superusers); the URL's ``club``
  (short name) arrives as the ``club`` argument, 404 for an unknown club, 403 without the role;
- ``superuser_view``: a page of the server's superusers (creating a club).

The event pages' check (``tournament.access``) counts a club's admins and organisers as
organisers of every event of the club, its helpers as desk helpers.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from clubs.models import ORGANISING, Club, ClubMember

View = Callable[..., HttpResponse]

CLUB_ADMIN = "club-admin"
"""What a club admin's page needs (its ``needs_role``, read by the test that walks the
routes)."""
SUPERUSER = "superuser"


def club_role(user: Any, club_id: int | None) -> str | None:
    """``user``'s role in the club ``club_id`` (none for an anonymous visitor)."""
    if club_id is None or not getattr(user, "is_authenticated", False):
        return None
    return (
        ClubMember.objects.filter(club_id=club_id, user=user)
        .values_list("role", flat=True).first()
    )


def organises_club(user: Any, club: Club) -> bool:
    """Organises every event of ``club`` and may create new ones (its admins and organisers,
    superusers)."""
    return getattr(user, "is_superuser", False) or club_role(user, club.pk) in ORGANISING


def is_club_admin(user: Any, club: Club) -> bool:
    """May manage ``club`` (its admins and superusers)."""
    return getattr(user, "is_superuser", False) or club_role(user, club.pk) == ClubMember.Role.ADMIN


def club_view(may: Callable[[Any, Club], bool], needs: str) -> Callable[[View], View]:
    """A decorator of the pages of one club for the accounts ``may(user, club)`` lets in: the
    URL's ``club`` (short name) arrives as the ``club`` argument, 404 for an unknown club, 403
    for anyone else; ``needs`` is what the route walk reads."""

    def decorate(view: View) -> View:
        @wraps(view)
        def wrapper(request: HttpRequest, *args: Any, club: str, **kwargs: Any) -> HttpResponse:
            found = get_object_or_404(Club, slug=club)
            if not may(request.user, found):
                return render(request, "clubs/refused.html", {"club": found}, status=403)
            return view(request, *args, club=found, **kwargs)

        checked = login_required(wrapper)
        checked.organiser_only = True  # type: ignore[attr-defined]
        checked.needs_role = needs  # type: ignore[attr-defined]
        return checked

    return decorate


def club_admin_view(view: View) -> View:
    """A page of one club for its admins and the server's superusers."""
    return club_view(is_club_admin, CLUB_ADMIN)(view)


def superuser_view(view: View) -> View:
    """A page for the server's superusers only (other accounts get 403)."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not request.user.is_superuser:
            return render(request, "clubs/refused.html", {"club": None}, status=403)
        return view(request, *args, **kwargs)

    checked = login_required(wrapper)
    checked.organiser_only = True  # type: ignore[attr-defined]
    checked.needs_role = SUPERUSER  # type: ignore[attr-defined]
    return checked
