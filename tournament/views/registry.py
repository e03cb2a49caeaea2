"""A club's registry of players (Spielerverzeichnis) for the club's admins and organisers: the
list of its players (members and regular guests) with a search, and a player's edit form
(name, club, category, member, the consent flags) through ``update_player``."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext

from clubs.models import Club
from core.limits import MAX_NAME_LENGTH, MAX_REGISTRY_ROWS
from core.web import add_form_error, put_focus
from tournament.access import club_organiser_view
from tournament.forms import PlayerForm
from tournament.models import Player
from tournament.selectors.players import club_registry
from tournament.services import PlayerError
from tournament.services.players import PLAYER_FIELDS, update_player


@club_organiser_view
def club_players(request: HttpRequest, club: Club) -> HttpResponse:
    """The club's players, by name, or those whose name fits ``q``."""
    query = request.GET.get("q", "").strip()[:MAX_NAME_LENGTH]
    rows, more = club_registry(club, query, limit=MAX_REGISTRY_ROWS)
    return render(
        request, "tournament/club_players.html",
        {"club": club, "rows": rows, "more": more, "query": query},
    )


@club_organiser_view
def club_player_edit(request: HttpRequest, club: Club, pk: int) -> HttpResponse:
    """Change one player of the club's registry (another club's player: 404)."""
    player = get_object_or_404(Player, pk=pk, registry_club=club)
    initial = {name: getattr(player, name) for name in PLAYER_FIELDS}
    form = PlayerForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            update_player(player=player, user=request.user, **form.cleaned_data)
        except PlayerError as error:
            add_form_error(form, error)
        else:
            messages.success(
                request, gettext("%(name)s saved.") % {"name": form.cleaned_data["name"]}
            )
            return redirect("club-players", club=club.slug)
    put_focus(form, default="name")
    return render(
        request, "tournament/club_player_form.html",
        {"club": club, "player": player, "form": form},
    )
