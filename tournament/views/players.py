"""The player registry's pages: suggestions while a name is typed, likely duplicates and their
merge. A player's page with the player's results is in ``results.views.players``.

An account sees the players of the events it has a role on (a superuser every player,
``tournament.services.players.visible_players``): the suggestions offer only those, beside each
the last of those events; any other player's pages answer 404, as if there were none. A
player's page lists the events the reader may see the results of: those they have a role on,
and those with public standings. The public page shows a player who asked for it
(``Player.public_profile``) and is not unlisted, with the events whose standings are public.
"""

from __future__ import annotations

from django.contrib import messages
from django.db.models import Q
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from core.limits import (
    MAX_DUPLICATE_PAIRS,
    MAX_NAME_LENGTH,
    MAX_PLAYER_SUGGESTIONS,
    MIN_PLAYER_SEARCH,
)
from core.text import is_number
from core.web import show_error
from tournament import registry
from tournament.access import account_view, desk_view
from tournament.models import Entry, Event, Player
from tournament.services import PlayerError, merge_players
from tournament.services.players import (
    candidates,
    registry_for,
    visible_events,
    visible_players,
)


def last_events(player_ids: list[int], user) -> dict[int, Event]:
    """The latest event each player played in among those ``user`` has a role on
    (``visible_events``), by player id."""
    latest: dict[int, Event] = {}
    entries = (
        Entry.objects.filter(Q(player_id__in=player_ids) | Q(partner_id__in=player_ids))
        .filter(event__in=visible_events(user))
        .select_related("event")
        .order_by("event__date", "event_id")
    )
    for entry in entries:
        for pk in (entry.player_id, entry.partner_id):
            if pk in player_ids:
                latest[pk] = entry.event
    return latest


@desk_view
def player_search(request: HttpRequest, event: Event) -> HttpResponse:
    """JSON for the entry form: the registry players the user may see whose name fits ``q``
    (players of this event aside), at most ``MAX_PLAYER_SUGGESTIONS``, each with the last
    event played that the user has a role on."""
    query = request.GET.get("q", "").strip()[:MAX_NAME_LENGTH]
    found: list[registry.Candidate] = []
    if len(query) >= MIN_PLAYER_SEARCH:
        pool = [
            registry.Candidate(pk, name, club)
            for pk, name, club in registry_for(event, user=request.user).values_list(
                "pk", "name", "club"
            )
        ]
        found = registry.search(query, pool, limit=MAX_PLAYER_SUGGESTIONS)
    latest = last_events([candidate.id for candidate in found], request.user)
    return JsonResponse(
        {
            "players": [
                {
                    "id": candidate.id,
                    "name": candidate.name,
                    "club": candidate.club,
                    "last_event": (
                        {
                            "name": latest[candidate.id].name,
                            "date": latest[candidate.id].date.isoformat(),
                        }
                        if candidate.id in latest
                        else None
                    ),
                }
                for candidate in found
            ]
        }
    )


@account_view
def player_duplicates(request: HttpRequest) -> HttpResponse:
    """Pairs of players of one club's registry likely the same person, among the players the
    user may see, each with the events of theirs the user has a role on."""
    visible = visible_players(request.user)
    found = candidates(visible)
    club_of = dict(visible.values_list("pk", "registry_club_id"))
    pairs = [  # a merge stays within one club's registry
        pair for pair in registry.duplicate_pairs(found)
        if club_of[pair.first.id] == club_of[pair.second.id]
    ]
    shown = pairs[:MAX_DUPLICATE_PAIRS]
    ids = {candidate.id for pair in shown for candidate in (pair.first, pair.second)}
    players = Player.objects.in_bulk(ids)
    event_ids = {
        event_id for pair in shown for candidate in (pair.first, pair.second)
        for event_id in candidate.events
    }
    events = visible_events(request.user).in_bulk(event_ids)

    def described(candidate: registry.Candidate) -> dict:
        return {
            "player": players[candidate.id],
            "events": sorted(
                (events[pk] for pk in candidate.events if pk in events),
                key=lambda event: event.date,
            ),
        }

    rows = [
        {
            "first": described(pair.first),
            "second": described(pair.second),
            "sides": [described(pair.first), described(pair.second)],
            "kind": pair.likeness.kind,
        }
        for pair in shown
    ]
    return render(
        request,
        "tournament/player_duplicates.html",
        {"rows": rows, "more": len(pairs) - len(shown)},
    )


def visible_player(request: HttpRequest, pk: int) -> Player:
    return get_object_or_404(visible_players(request.user), pk=pk)


@account_view
@require_POST
def player_merge(request: HttpRequest, pk: int) -> HttpResponse:
    """Merge the player ``remove`` (sent) into player ``pk``, who stays."""
    keep = visible_player(request, pk)
    remove_id = request.POST.get("remove", "")
    remove = (
        visible_players(request.user).filter(pk=int(remove_id)).first()
        if is_number(remove_id)
        else None
    )
    if remove is None:
        messages.error(request, gettext("Please choose the player to merge."))
        return redirect("player-duplicates")
    removed_name = remove.name
    try:
        merge_players(keep=keep, remove=remove, user=request.user)
    except PlayerError as error:
        show_error(request, error)
        return redirect("player-duplicates")
    messages.success(
        request,
        gettext("%(removed)s merged into %(kept)s.") % {"removed": removed_name, "kept": keep.name},
    )
    return redirect("player-detail", pk=keep.pk)
