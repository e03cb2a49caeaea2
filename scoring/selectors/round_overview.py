"""A round's sheets at the desk: every table with its sheet's state, the games entered, the
players' confirmations and what to look at before confirming a handed-in sheet.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from django.db.models import Count, Prefetch, QuerySet

from core.errors import Message
from scoring.confirmations import Roll, rolls
from scoring.house_rules import rules_of
from scoring.models import RoundTotal, ScoreSheet
from scoring.services.sheets import sheet_concerns
from tournament.house_rules import TOTALS
from tournament.models import Round, Seat, Table


@dataclass
class TableState:
    table: Table
    sheet: ScoreSheet | None
    seats: list[Seat]
    games: int
    concerns: list[Message] = field(default_factory=list)
    """What to look at before confirming a handed-in sheet (``sheet_concerns``)."""
    roll: Roll | None = None
    """The players' confirmations of a handed-in or confirmed sheet."""
    has_totals: bool | None = None
    """Of an event kept in round totals: whether the sheet holds its totals; None: the event
    keeps score in games (``games`` counts them)."""

    @property
    def status(self) -> str:
        return self.sheet.status if self.sheet is not None else ScoreSheet.Status.EMPTY

    @property
    def status_label(self) -> str:
        return str(ScoreSheet.Status(self.status).label)

    @property
    def is_missing(self) -> bool:
        return self.status not in ScoreSheet.HANDED_IN


@dataclass
class RoundOverview:
    round: Round
    tables: list[TableState]
    counts: dict[str, int]
    players_sign: bool = False
    """The event's house rules want every player's confirmation before the organisers'."""

    @property
    def missing(self) -> list[TableState]:
        return [state for state in self.tables if state.is_missing]

    @property
    def handed_in(self) -> list[TableState]:
        return [state for state in self.tables if state.status == ScoreSheet.Status.SUBMITTED]

    @property
    def ready(self) -> list[TableState]:
        """The handed-in sheets without a concern: confirmed together with one click."""
        return [state for state in self.handed_in if not state.concerns]

    @property
    def to_look_at(self) -> list[TableState]:
        """The handed-in sheets with a concern: each to be looked at and confirmed alone."""
        return [state for state in self.handed_in if state.concerns]

    @property
    def to_sign(self) -> list[TableState]:
        """Where the house rules want every player's confirmation: the handed-in sheets that
        lack one, for which the desk may record the signatures on the paper sheet."""
        if not self.players_sign:
            return []
        return [state for state in self.handed_in if state.roll and not state.roll.complete]

    @property
    def status_counts(self) -> list[tuple[str, str, int]]:
        return [
            (value, str(label), self.counts.get(value, 0))
            for value, label in ScoreSheet.Status.choices
        ]


def round_tables(round_: Round) -> QuerySet[Table]:
    return round_.tables.order_by("number").prefetch_related(
        Prefetch(
            "seats",
            queryset=Seat.objects.select_related("entry", "player").order_by("position"),
        )
    )


def round_overview(round_: Round) -> RoundOverview:
    """Every table of a round with its sheet's state, the count of games entered (of an event
    kept in round totals: whether its totals are), the players' confirmations of a handed-in
    or confirmed sheet and, for a handed-in sheet, what to look at before confirming it (where
    the house rules want every player's confirmation, a missing one too)."""
    tables = list(round_tables(round_))
    sheets = {
        sheet.table_id: sheet
        for sheet in ScoreSheet.objects.filter(table__round=round_).annotate(
            game_count=Count("games")
        )
    }
    handed_in = [
        sheet for sheet in sheets.values() if sheet.status == ScoreSheet.Status.SUBMITTED
    ]
    signed = rolls(
        sheet.pk for sheet in sheets.values()
        if sheet.status in ScoreSheet.HANDED_IN
    )
    required = rules_of(round_.event).players_sign
    totals = round_.event.scoring_mode == TOTALS
    concerns = (
        sheet_concerns(
            handed_in,
            round_.event.games_per_round,
            signed=signed if required else None,
            totals=totals,
        )
        if handed_in
        else {}
    )
    with_totals: set[int] = set(
        RoundTotal.objects.filter(sheet__table__round=round_).order_by()
        .values_list("sheet_id", flat=True).distinct()
    ) if totals else set()
    states = [
        TableState(
            table=table,
            sheet=sheets.get(table.pk),
            seats=list(table.seats.all()),
            games=getattr(sheets.get(table.pk), "game_count", 0),
            concerns=concerns.get(getattr(sheets.get(table.pk), "pk", None), []),
            roll=signed.get(getattr(sheets.get(table.pk), "pk", None)),
            has_totals=(
                getattr(sheets.get(table.pk), "pk", None) in with_totals if totals else None
            ),
        )
        for table in tables
    ]
    counts = Counter(state.status for state in states)
    return RoundOverview(
        round=round_, tables=states, counts=dict(counts), players_sign=required
    )
