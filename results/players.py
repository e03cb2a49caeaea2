"""A player's results across events: for the player's page (``tournament.views.players``).

Per event the player played in (as a single, or in a pair): the start number, the place and
total of the entry in its ranking (``scoring.standings.cached_standings``, the sheets that
count there), the rounds with counted games, the games won and lost as declarer, and the Durch
played as declarer (won or lost). A pair's figures are the pair's: they play as one party.

A figure the event's scoring mode does not keep (``scoring.interface.tells``: the games won as
declarer and the Durch of an event kept in points per game or round totals) is None, not 0;
the sums over the events add the events that keep it, and are None where none does.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from django.db.models import F, Q

from scoring.interface import tells
from scoring.models import PartyScore
from scoring.ranking import PAIRS, SINGLES
from scoring.rules import DURCH_KINDS
from scoring.standings import cached_standings, counted_statuses
from tournament.models import Entry, Event


@dataclass(slots=True)
class PlayerEvent:
    """The player's figures in one event."""

    event: Event
    entry: Entry
    place: int | None = None
    shared: bool = False
    total: int = 0
    rounds: int = 0
    games: int = 0
    won: int | None = 0
    lost: int = 0
    durch_won: int | None = 0
    durch_lost: int | None = 0

    @property
    def ranked(self) -> bool:
        return not self.entry.is_stand_in


@dataclass(slots=True)
class PlayerRecord:
    """Every event of one player, newest first, and the sums over them."""

    events: list[PlayerEvent] = field(default_factory=list)

    def _sum(self, name: str) -> int:
        return sum(getattr(row, name) for row in self.events)

    def _sum_known(self, name: str) -> int | None:
        """The sum over the events whose scoring mode keeps the figure; None where none does."""
        known = [getattr(row, name) for row in self.events if getattr(row, name) is not None]
        return sum(known) if known else None

    @property
    def figures_left_out(self) -> bool:
        """True when an event's scoring mode keeps no games won as declarer or no Durch."""
        return any(row.won is None or row.durch_won is None for row in self.events)

    @property
    def rounds(self) -> int:
        return self._sum("rounds")

    @property
    def total(self) -> int:
        return self._sum("total")

    @property
    def average_per_round(self) -> float | None:
        """Points per round played (rounds with a counted game), None before any."""
        return round(self.total / self.rounds, 1) if self.rounds else None

    @property
    def won(self) -> int | None:
        return self._sum_known("won")

    @property
    def lost(self) -> int:
        return self._sum("lost")

    @property
    def durch_won(self) -> int | None:
        return self._sum_known("durch_won")

    @property
    def durch_lost(self) -> int | None:
        return self._sum_known("durch_lost")


def player_record(player_id: int, *, event_ids: Iterable[int] | None = None) -> PlayerRecord:
    """The results of player ``player_id`` in every event they played (only ``event_ids``
    when given), newest event first."""
    entries = (
        Entry.objects.filter(Q(player_id=player_id) | Q(partner_id=player_id))
        .select_related("event", "player", "partner")
        .order_by("-event__date", "-event_id")
    )
    if event_ids is not None:
        entries = entries.filter(event_id__in=list(event_ids))
    entries = list(entries)
    durch: dict[int, list[tuple[str, int]]] = {}
    for entry_id, status, points in PartyScore.objects.filter(
        entry__in=[entry.pk for entry in entries],
        game__declarer_id=F("entry_id"),
        game__kind__in=DURCH_KINDS,
    ).values_list("entry_id", "game__sheet__status", "points"):
        durch.setdefault(entry_id, []).append((status, points))

    record = PlayerRecord()
    for entry in entries:
        event = entry.event
        standings = cached_standings(event)
        told = tells(event.scoring_mode)
        row = PlayerEvent(event=event, entry=entry)
        figures = next((e for e in standings.entries if e.entry_id == entry.pk), None)
        if figures is not None:
            summed = figures.summed(standings.round_numbers)
            row.total, row.games = summed.points, summed.games
            row.won, row.lost = summed.wins, summed.losses
            row.rounds = sum(1 for f in figures.by_round.values() if f.games)
        ranking = standings.ranking(PAIRS if entry.is_pair else SINGLES)
        ranked = next((r for r in ranking if r.entry.entry_id == entry.pk), None)
        if ranked is not None:
            row.place, row.shared = ranked.place, ranked.shared
        if not told.declarer_wins:
            row.won = None
        if told.durch:
            statuses = counted_statuses(event)
            for status, points in durch.get(entry.pk, ()):
                if status in statuses:
                    if points > 0:
                        row.durch_won += 1
                    elif points < 0:
                        row.durch_lost += 1
        else:
            row.durch_won = row.durch_lost = None
        record.events.append(row)
    return record
