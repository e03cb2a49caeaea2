"""Read side of the seating plan (Sitzplan): the stored plan as plain rows for pages and printouts.

Nothing here writes (the writes are in ``tournament.services.plan``); seats are described
through ``tournament.seats``; which tables hold results is asked of the apps above
(``tournament.signals.tables_in_play``).
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Prefetch

from core.errors import Message
from core.text import unlisted_name
from tournament import seats
from tournament.models import Entry, Event, Player, Round, Seat, Table, parties_in_seating_order
from tournament.signals import tables_in_play


@dataclass
class SeatRow:
    """One seat of a table, with what a printout needs to say about it."""

    position: int
    label: str
    entry: Entry
    player: Player
    deals: bool
    keeps_score: bool

    @property
    def public_name(self) -> str | Message:
        """The player's name as public pages show it: the start number for a player who is
        not in public lists."""
        return unlisted_name(self.entry.start_number) if self.player.unlisted else self.player.name


@dataclass
class TableRows:
    table: Table
    round: Round
    seats: list[SeatRow]
    parties: list[Entry]
    has_games: bool
    # the table's score sheet, where a printout of the app that keeps them shows its link
    # (``scoring.views.printouts``)
    sheet: Any = None

    @property
    def is_pairs(self) -> bool:
        return self.table.is_pairs

    def seat_at(self, position: int) -> SeatRow | None:
        return next((seat for seat in self.seats if seat.position == position), None)


@dataclass
class RoundRows:
    round: Round
    tables: list[TableRows]

    @property
    def has_games(self) -> bool:
        return any(table.has_games for table in self.tables)

    @property
    def reprint(self) -> list[int]:
        """The numbers of the tables the round's last re-plan gave other entries, seats or a
        number: their card and score sheet are to be printed again (the others stay as
        printed)."""
        stamp = self.round.replanned_at
        return [
            table.table.number
            for table in self.tables
            if stamp is not None and table.table.replanned_at == stamp
        ]


@dataclass
class Placement:
    """Where an entry sits in one round."""

    round: Round
    table: TableRows
    seats: list[SeatRow]

    @property
    def positions(self) -> str:
        return " + ".join(seat.label for seat in self.seats)

    @property
    def deals(self) -> bool:
        return any(seat.deals for seat in self.seats)

    @property
    def keeps_score(self) -> bool:
        return any(seat.keeps_score for seat in self.seats)


@dataclass
class EntrySchedule:
    """An entry and its placement per round of the plan (None where it has no seat)."""

    entry: Entry
    round_numbers: list[int]
    placements: list[Placement | None] = field(default_factory=list)

    @property
    def by_round(self) -> list[tuple[int, Placement | None]]:
        return list(zip(self.round_numbers, self.placements, strict=True))


def seat_row(table: Table, seat: Seat) -> SeatRow:
    return SeatRow(
        position=seat.position,
        label=seats.seat_label(seat.position, pairs=table.is_pairs),
        entry=seat.entry,
        player=seat.player,
        deals=seats.deals_first(seat.position),
        keeps_score=seats.keeps_score(seat.position),
    )


def load_plan(event: Event, round_numbers: list[int] | None = None) -> list[RoundRows]:
    """The event's plan: rounds in order, tables by number, seats by position."""
    seat_query = Seat.objects.select_related(
        "entry__player", "entry__partner", "player"
    ).order_by("position")
    tables = Table.objects.prefetch_related(Prefetch("seats", queryset=seat_query)).order_by(
        "number"
    )
    rounds = Round.objects.filter(event=event).prefetch_related(
        Prefetch("tables", queryset=tables)
    )
    if round_numbers is not None:
        rounds = rounds.filter(number__in=round_numbers)
    rounds = list(rounds.order_by("number"))
    played = tables_in_play(event=event)
    result: list[RoundRows] = []
    for round_ in rounds:
        table_rows: list[TableRows] = []
        for table in round_.tables.all():
            seat_list = list(table.seats.all())
            table_rows.append(
                TableRows(
                    table=table,
                    round=round_,
                    seats=[seat_row(table, seat) for seat in seat_list],
                    parties=parties_in_seating_order(seat_list),
                    has_games=table.pk in played,
                )
            )
        result.append(RoundRows(round=round_, tables=table_rows))
    return result


def schedules(plan: list[RoundRows]) -> dict[int, EntrySchedule]:
    """Every seated entry (by pk) with its placement in each round of ``plan``."""
    result: dict[int, EntrySchedule] = {}
    numbers = [round_rows.round.number for round_rows in plan]
    for index, round_rows in enumerate(plan):
        for table in round_rows.tables:
            for seat in table.seats:
                schedule = result.setdefault(
                    seat.entry.pk,
                    EntrySchedule(
                        entry=seat.entry, round_numbers=numbers, placements=[None] * len(plan)
                    ),
                )
                placement = schedule.placements[index]
                if placement is None:
                    schedule.placements[index] = Placement(
                        round=round_rows.round, table=table, seats=[seat]
                    )
                else:
                    placement.seats.append(seat)
    return result


def sort_key(name: str) -> str:
    """Alphabetical order as a German reader expects it: umlauts with their base letters."""
    folded = name.casefold().replace("ß", "ss")
    return "".join(
        char for char in unicodedata.normalize("NFKD", folded) if not unicodedata.combining(char)
    )


@dataclass
class NameCell:
    table: int
    label: str


@dataclass
class NameRow:
    """One player of the field by name, with that player's own seat per round."""

    name: str
    entry: Entry
    cells: list[NameCell | None]


def by_name(entry_schedules: list[EntrySchedule]) -> list[NameRow]:
    """Every seated player (both partners of a pair, each with their own seat) sorted by name."""
    rows: list[NameRow] = []
    for schedule in entry_schedules:
        players = [schedule.entry.player]
        if schedule.entry.partner_id is not None:
            players.append(schedule.entry.partner)
        for player in players:
            cells: list[NameCell | None] = []
            for placement in schedule.placements:
                seat = None
                if placement is not None:
                    seat = next((s for s in placement.seats if s.player.pk == player.pk), None)
                cells.append(
                    NameCell(table=placement.table.table.number, label=seat.label)
                    if placement is not None and seat is not None
                    else None
                )
            rows.append(NameRow(name=player.name, entry=schedule.entry, cells=cells))
    return sorted(rows, key=lambda row: (sort_key(row.name), row.entry.start_number))


def chunked(items: list, size: int) -> list[list]:
    """``items`` in pieces of ``size`` (for printing a fixed number of cards or slips a page)."""
    return [items[start : start + size] for start in range(0, len(items), size)]


@dataclass
class GameRow:
    number: int
    dealer: SeatRow | None


def game_rows(table: TableRows, games: int) -> list[GameRow]:
    """The rows of a blank score sheet: game numbers with the seat that deals each game."""
    count = table.table.seat_count
    return [
        GameRow(number=number, dealer=table.seat_at(seats.dealer_position(number, count)))
        for number in range(1, games + 1)
    ]
