"""The privacy pages of a club, for its admins (``clubs.access.club_admin_view``): the players
of the club's events found by name and those not seen for the club's years
(``privacy-persons``), a person's data as one JSON file (``privacy-person-export``, no-store)
and its deletion, confirmed on its own page (``privacy-person-delete``). Another club's
player answers 404, as if there were none.
"""

from __future__ import annotations

import json

from django.contrib import messages
from django.core.serializers.json import DjangoJSONEncoder
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext
from django.views.decorators.http import require_GET

from clubs.access import club_admin_view
from clubs.models import Club
from core.limits import MAX_INACTIVE_LISTED, MAX_NAME_LENGTH, MAX_PERSONS_FOUND, MIN_PLAYER_SEARCH
from core.web import show_error
from privacy import rules
from privacy.selectors import (
    club_person,
    deleted_name,
    find_people,
    inactive_people,
    person_data,
    trace,
)
from privacy.services import PersonError, delete_person
from tournament.models import Player

JSON_CONTENT_TYPE = "application/json; charset=utf-8"


def _person(club: Club, pk: int) -> Player:
    player = club_person(club, pk)
    if player is None:
        raise Http404("no player of the club's events")
    return player


@club_admin_view
def persons(request: HttpRequest, club: Club) -> HttpResponse:
    """Find a player of the club's events by name; the players not seen for the club's
    years, each with the link to delete their data."""
    query = request.GET.get("name", "").strip()[:MAX_NAME_LENGTH]
    found = (
        find_people(club, query, limit=MAX_PERSONS_FOUND)
        if len(query) >= MIN_PLAYER_SEARCH else None
    )
    today = timezone.localdate()
    inactive = inactive_people(club, today=today)
    return render(
        request,
        "privacy/persons.html",
        {
            "club": club,
            "query": query,
            "found": found,
            "min_search": MIN_PLAYER_SEARCH,
            "inactive": inactive[:MAX_INACTIVE_LISTED],
            "inactive_more": max(len(inactive) - MAX_INACTIVE_LISTED, 0),
            "inactive_since": rules.inactive_since(today, club.inactive_years),
            "deleted_name": deleted_name(),
        },
    )


@club_admin_view
@require_GET
def person_export(request: HttpRequest, club: Club, pk: int) -> HttpResponse:
    """Everything of the club's events that names the player, as one JSON file
    (``privacy.selectors.person_data``)."""
    player = _person(club, pk)
    content = json.dumps(
        person_data(club, player), cls=DjangoJSONEncoder, ensure_ascii=False, indent=2
    )
    response = HttpResponse(content.encode("utf-8"), content_type=JSON_CONTENT_TYPE)
    response["Content-Disposition"] = (
        f'attachment; filename="personendaten-{club.slug}-{player.pk}.json"'
    )
    return response


@club_admin_view
def person_delete(request: HttpRequest, club: Club, pk: int) -> HttpResponse:
    """What deleting the player's data takes, to confirm; confirmed (``confirm``), it is
    deleted (``privacy.services.delete_person``) and the page of the persons follows."""
    player = _person(club, pk)
    if request.method == "POST" and request.POST.get("confirm") == "yes":
        try:
            delete_person(club=club, player=player, user=request.user)
        except PersonError as error:
            show_error(request, error)
            return redirect("privacy-person-delete", club=club.slug, pk=player.pk)
        messages.success(
            request,
            gettext(
                "The person's data is deleted. Their results stay, under the name “%(name)s”."
            ) % {"name": deleted_name()},
        )
        return redirect("privacy-persons", club=club.slug)
    found = trace(club, player)
    return render(
        request,
        "privacy/person_delete.html",
        {
            "club": club,
            "player": player,
            "trace": found,
            "events": len({entry.event_id for entry in found.entries}),
            "deleted": player.name == deleted_name(),
            "deleted_name": deleted_name(),
        },
        status=400 if request.method == "POST" else 200,
    )
