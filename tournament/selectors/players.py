"""A club's registry of players (Spielerverzeichnis), read side: its players with how many of
the club's events each played in, found by name as the registry searches
(``tournament.registry.search``)."""

from __future__ import annotations

from dataclasses import dataclass

from clubs.models import Club
from tournament import registry
from tournament.models import Player
from tournament.services.players import player_events


@dataclass(frozen=True)
class RegistryRow:
    player: Player
    events: int


def club_registry(club: Club, query: str = "", *, limit: int) -> tuple[list[RegistryRow], int]:
    """The players of ``club``'s registry, by name (those whose name fits ``query`` when given,
    best first), at most ``limit``, each with the number of events played; and how many more
    there are."""
    players = Player.objects.filter(registry_club=club)
    if query:
        pool = [
            registry.Candidate(pk, name, player_club)
            for pk, name, player_club in players.values_list("pk", "name", "club")
        ]
        found = [candidate.id for candidate in registry.search(query, pool, limit=len(pool))]
        by_id = players.in_bulk(found)
        ordered = [by_id[pk] for pk in found]
    else:
        ordered = list(players.order_by("name", "pk"))
    shown = ordered[:limit]
    events = player_events(player.pk for player in shown)
    return (
        [RegistryRow(player, len(events.get(player.pk, ()))) for player in shown],
        len(ordered) - len(shown),
    )
