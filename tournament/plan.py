"""Read side of the seating plan (Sitzplan): the stored plan as plain rows for pages and printouts.

Domain terms (the models explain the rest):

- *gibt* (deals): the first-named player of a table (position 1) deals the first game; the deal
  then passes in seating order, so game g is dealt by position ``(g - 1) % seats + 1``.
- *schreibt* (keeps score): the third-named player (position 3) keeps the score sheet.
- *A1, B1, A2, B2*: the seats of a pairs table; pair A sits at positions 1 and 3, pair B at 2
  and 4, partners crosswise.
- *Laufzettel* (running slip): an entry's tables and seats in every round, on a slip of paper.

Nothing here writes; the writes are in ``tournament.services``.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field

from django.core.exceptions import ObjectDoesNotExist
from django.db.models import Prefetch

from scoring.models import Game, ScoreSheet
from scoring.rules import dealer_position
from tournament.models import Entry, Event, Player, Round, Seat, Table, parties_in_seating_order

PAIR_SEAT_LABELS = ("A1", "B1", "A2", "B2")
DEALER_POSITION = 1
SCOREKEEPER_POSITION = 3


@dataclass
class SeatRow:
    """One seat of a table, with what a printout needs to say about it."""

    position: int
    label: str
    entry: Entry
    player: Player
    deals: bool
    keeps_score: bool


@dataclass
class TableRows:
    table: Table
    round: Round
    seats: list[SeatRow]
    parties: list[Entry]
    sheet: ScoreSheet | None
    has_games: bool

    @property
    def is_pairs(self) -> bool:
        return self.table.kind == Table.Kind.TWO_PAIRS

    def seat_at(self, position: int) -> SeatRow | None:
        return next((seat for seat in self.seats if seat.position == position), None)

    def party_label(self, entry: Entry) -> str:
        """``A`` or ``B`` for a pair at a pairs table, else an empty string."""
        if not self.is_pairs:
            return ""
        return "A" if self.parties and self.parties[0].pk == entry.pk else "B"


@dataclass
class RoundRows:
    round: Round
    tables: list[TableRows]

    @property
    def has_games(self) -> bool:
        return any(table.has_games for table in self.tables)


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

    @property
    def mates(self) -> list[SeatRow]:
        own = {seat.position for seat in self.seats}
        return [seat for seat in self.table.seats if seat.position not in own]


@dataclass
class EntrySchedule:
    """An entry and its placement per round of the plan (None where it has no seat)."""

    entry: Entry
    round_numbers: list[int]
    placements: list[Placement | None] = field(default_factory=list)

    @property
    def by_round(self) -> list[tuple[int, Placement | None]]:
        return list(zip(self.round_numbers, self.placements, strict=True))


def seat_label(table: Table, position: int) -> str:
    if table.kind == Table.Kind.TWO_PAIRS:
        return PAIR_SEAT_LABELS[position - 1]
    return str(position)


def _sheet_of(table: Table) -> ScoreSheet | None:
    try:
        return table.sheet
    except ObjectDoesNotExist:
        return None


def load_plan(event: Event, round_numbers: list[int] | None = None) -> list[RoundRows]:
    """The event's plan: rounds in order, tables by number, seats by position."""
    seats = Seat.objects.select_related("entry__player", "entry__partner", "player").order_by(
        "position"
    )
    tables = (
        Table.objects.select_related("sheet")
        .prefetch_related(Prefetch("seats", queryset=seats))
        .order_by("number")
    )
    rounds = Round.objects.filter(event=event).prefetch_related(
        Prefetch("tables", queryset=tables)
    )
    if round_numbers is not None:
        rounds = rounds.filter(number__in=round_numbers)
    played = set(
        Game.objects.filter(sheet__table__round__event=event).values_list(
            "sheet__table_id", flat=True
        )
    )
    result: list[RoundRows] = []
    for round_ in rounds.order_by("number"):
        table_rows: list[TableRows] = []
        for table in round_.tables.all():
            seat_list = list(table.seats.all())
            table_rows.append(
                TableRows(
                    table=table,
                    round=round_,
                    seats=[
                        SeatRow(
                            position=seat.position,
                            label=seat_label(table, seat.position),
                            entry=seat.entry,
                            player=seat.player,
                            deals=seat.position == DEALER_POSITION,
                            keeps_score=seat.position == SCOREKEEPER_POSITION,
                        )
                        for seat in seat_list
                    ],
                    parties=parties_in_seating_order(seat_list),
                    sheet=_sheet_of(table),
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
        GameRow(number=number, dealer=table.seat_at(dealer_position(number, count)))
        for number in range(1, games + 1)
    ]
