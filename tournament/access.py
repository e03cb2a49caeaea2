"""Who may open an event's pages: the role check that loads the event.

Organiser pages are declared in the apps' ``urls_organiser`` modules; each view states what it
needs with one of the decorators here:

- ``organiser_view``: the event's organisers (``EventRole.Role.ORGANISER``) — the default;
- ``desk_view``: its desk helpers too (``EventRole.Role.DESK``): registering and editing
  entries, entering and confirming score sheets, printouts, reading standings and logs;
- ``account_view`` (``core.web``): any logged-in account, for the pages that belong to no event
  (creating one);
- ``club_organiser_view``: a page of one club for the club's admins and organisers (its
  registry of players).

An account's role on an event is its role on the event (``EventRole``) or in the event's club
(``clubs.models.ClubMember``: admins and organisers organise, helpers help at the desk),
whichever gives more. Anonymous visitors are sent to the login page; a superuser may do
everything on every event; an account without the role answers 403 with a page that says why
(an event's existence is no secret: the public home page lists every event). The public pages
are in ``urls_public`` (a test walks every route and checks who may open it).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import wraps
from typing import Any

from django.contrib.auth.decorators import login_required
from django.db.models import OuterRef, Subquery
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from clubs.access import club_view, organises_club
from clubs.models import ORGANISING, ClubMember
from core.web import View, account_view  # noqa: F401  (the event pages import it from here)
from tournament.models import Event, EventRole

ORGANISER = EventRole.Role.ORGANISER
DESK = EventRole.Role.DESK


@dataclass(frozen=True)
class EventAccess:
    """What the logged-in user may do on one event; the role check leaves it on the request
    (``request.access``) for the templates."""

    role: str | None  # the user's EventRole.Role, None without one
    superuser: bool = False

    @property
    def organiser(self) -> bool:
        """May do everything on the event (its organisers and superusers)."""
        return self.superuser or self.role == ORGANISER

    @property
    def desk(self) -> bool:
        """May do a desk helper's work (desk helpers, organisers and superusers)."""
        return self.organiser or self.role == DESK

    def allows(self, needs: str) -> bool:
        return self.organiser if needs == ORGANISER else self.desk


def event_access(user: Any, event: Event) -> EventAccess:
    """The access of ``user`` to ``event``."""
    if not getattr(user, "is_authenticated", False):
        return EventAccess(role=None)
    if user.is_superuser:
        return EventAccess(role=ORGANISER, superuser=True)
    roles = Event.objects.filter(pk=event.pk).annotate(
        on_event=Subquery(EventRole.objects.filter(event=OuterRef("pk"), user=user)
                          .values("role")[:1]),
        in_club=Subquery(ClubMember.objects.filter(club=OuterRef("club_id"), user=user)
                         .values("role")[:1]),
    ).values_list("on_event", "in_club").first()
    return EventAccess(role=combined_role(*(roles or (None, None))))


def combined_role(on_event: str | None, in_club: str | None) -> str | None:
    """The role on an event of an account with the role ``on_event`` on it (``EventRole``) and
    ``in_club`` in its club (``ClubMember``): whichever gives more."""
    if in_club in ORGANISING:
        return ORGANISER
    if in_club == ClubMember.Role.HELPER and on_event is None:
        return DESK
    return on_event


def events_of(user: Any):
    """The events ``user`` has a role on, on the event or in its club (a superuser: every
    event)."""
    return Event.objects.with_role_of(user)


def refused(request: HttpRequest, event: Event, access: EventAccess) -> HttpResponse:
    """403: the page needs a role on ``event`` that the user does not have."""
    return render(
        request, "tournament/refused.html", {"event": event, "access": access}, status=403
    )


def _event_view(needs: str) -> Callable[[View], View]:
    def decorate(view: View) -> View:
        @wraps(view)
        def wrapper(request: HttpRequest, *args: Any, slug: str, **kwargs: Any) -> HttpResponse:
            event = get_object_or_404(Event.objects.select_related("club"), slug=slug)
            access = event_access(request.user, event)
            if not access.allows(needs):
                return refused(request, event, access)
            request.access = access  # type: ignore[attr-defined]  # read by the templates
            return view(request, *args, event=event, **kwargs)

        checked = login_required(wrapper)
        checked.organiser_only = True  # type: ignore[attr-defined]
        checked.needs_role = needs  # type: ignore[attr-defined]
        return checked

    return decorate


def organiser_view(view: View) -> View:
    """A page of one event for its organisers only: anonymous visitors are sent to the login
    page, accounts without the role get 403; the URL's ``slug`` arrives as the ``event``
    argument (404 for an unknown event)."""
    return _event_view(ORGANISER)(view)


def desk_view(view: View) -> View:
    """A page of one event that its desk helpers may open too (else as ``organiser_view``)."""
    return _event_view(DESK)(view)


CLUB_ORGANISER = "club-organiser"
"""What a page of a club for its organisers needs (its ``needs_role``, read by the route walk)."""


def club_organiser_view(view: View) -> View:
    """A page of one club for its admins and organisers and the server's superusers (its
    helpers get 403, as anyone else; ``clubs.access.club_view``)."""
    return club_view(organises_club, CLUB_ORGANISER)(view)
