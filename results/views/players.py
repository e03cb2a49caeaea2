"""A player's page: the player's events and figures (``results.players``), for the accounts with a
role on one of the player's events and, when the player allows it, for everyone.

A player's page lists the events the reader may see the results of: those they have a role on,
and those with public standings unless the player is unlisted (those show a start number, which
the page would tie to the name). The public page shows a player who asked for it
(``Player.public_profile``) and is not unlisted, with the events whose standings are public.
"""

from __future__ import annotations

from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from results.players import player_record
from tournament.access import account_view, events_of
from tournament.models import Event, Player
from tournament.views.players import visible_player


def _record_context(player: Player, event_ids) -> dict:
    record = player_record(player.pk, event_ids=event_ids)
    return {"player": player, "record": record}


@account_view
def player_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """A player's events and figures, for the accounts with a role on one of the player's
    events (``tournament.services.players.visible_players``)."""
    player = visible_player(request, pk)
    mine = set(events_of(request.user).values_list("pk", flat=True))
    public = Q() if player.unlisted else Q(public_standings=True)
    readable = Event.objects.filter(Q(pk__in=mine) | public).values_list("pk", flat=True)
    context = _record_context(player, readable)
    context["public"] = False
    context["my_events"] = mine
    return render(request, "results/player_detail.html", context)


def public_player(request: HttpRequest, pk: int) -> HttpResponse:
    """A player's page for everyone, when the player allows it and is not unlisted; else 404
    with a hint."""
    player = Player.objects.filter(pk=pk, public_profile=True, unlisted=False).first()
    if player is None:
        return render(request, "results/player_not_public.html", status=404)
    public_events = Event.objects.filter(public_standings=True).values_list("pk", flat=True)
    context = _record_context(player, public_events)
    context["public"] = True
    return render(request, "results/player_detail.html", context)
