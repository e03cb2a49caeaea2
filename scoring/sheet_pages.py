"""What the score entry pages show: a sheet's parties, seats and game rows, and the round overview.

Read-only helpers for ``scoring.views.sheets``: they load what a page needs in a few queries and
shape it for the templates (a *row* is one game of the sheet; its *running totals* are every
party's points summed over the stored games up to and including it). Seats are described
through ``tournament.seats``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Count, Prefetch, QuerySet
from django.http import QueryDict
from django.utils.translation import gettext

from scoring.forms import GameRowForm, initial_from_values
from scoring.models import Game, ScoreSheet
from scoring.services.sheets import sheet_games
from tournament import seats
from tournament.models import Entry, Round, Seat, Table, parties_in_seating_order
from tournament.plan import SeatRow, seat_row


@dataclass
class PartyCell:
    """One party's line in a game row."""

    index: int
    label: str
    short: str
    name: str
    meld: Any
    tricks: Any
    points: int | None
    total: int | None


@dataclass
class SheetRow:
    number: int
    form: GameRowForm
    cells: list[PartyCell]
    stored: dict | None
    other_device: str | None = None  # after a refused stale save: what is stored now
    shows_points: bool = True


@dataclass
class SheetPage:
    sheet: ScoreSheet
    table: Table
    round: Round
    parties: list[Entry]
    party_labels: list[str]
    seats: list[SeatRow]
    seat_labels: list[str]
    rows: list[SheetRow]
    totals: list[int]
    entered: int
    missing: list[int] = field(default_factory=list)

    @property
    def is_pairs(self) -> bool:
        return self.table.is_pairs

    @property
    def party_totals(self) -> list[tuple[str, int]]:
        return list(zip(self.party_labels, self.totals, strict=True))


def load_sheet(sheet_id: int) -> ScoreSheet:
    return ScoreSheet.objects.select_related("table__round__event", "confirmed_by").get(
        pk=sheet_id
    )


def seats_of(table: Table) -> list[Seat]:
    return list(
        table.seats.select_related("entry__player", "entry__partner", "player").order_by(
            "position"
        )
    )


def party_label(entry: Entry, index: int, *, pairs: bool) -> str:
    if pairs:
        return gettext("Pair %(letter)s: %(number)s %(name)s") % {
            "letter": seats.party_letter(index),
            "number": entry.start_number,
            "name": entry.name,
        }
    return f"{entry.start_number} {entry.name}"


def party_short(entry: Entry, index: int, *, pairs: bool) -> str:
    """The party's start number, with the pair's letter at a pairs table (“A 12”)."""
    return f"{seats.party_letter(index)} {entry.start_number}" if pairs else str(entry.start_number)


def dealer_choice(seat: SeatRow) -> str:
    """How a seat is offered as the dealer of a game: “B1 · Anna Rapp”."""
    return f"{seat.label} · {seat.player.name}"


def describe_values(
    values: Mapping[str, Any] | None, numbers: Sequence[int] | None = None
) -> str:
    """A game in one line, parties by start number: for the stale-save warning and the log.

    ``values`` is in ``game_values`` form with ``numbers`` the parties' start numbers, or in
    ``audit_values`` form (declarer and misplay already start numbers) without.
    """
    if values is None:
        return gettext("no game (row empty)")

    def party(value: int) -> int:
        return value if numbers is None else numbers[value]

    kinds = dict(Game.Kind.choices)
    parts = [
        f"{gettext('declarer')} {party(values['declarer'])}",
        f"{gettext('bid')} {values['bid']}",
        str(kinds.get(values["kind"], values["kind"])),
        f"{gettext('meld')} {'/'.join(str(m) for m in values['melds'])}",
    ]
    if values.get("tricks") is not None:
        parts.append(f"{gettext('trick points')} {'/'.join(str(t) for t in values['tricks'])}")
    if values.get("revoked") is not None:
        parts.append(f"{gettext('misplayed')} {party(values['revoked'])}")
    if values.get("points"):
        parts.append(f"{gettext('points')} {'/'.join(str(p) for p in values['points'])}")
    return " · ".join(parts)


def row_forms(
    sheet: ScoreSheet,
    *,
    party_labels: Sequence[str],
    seat_labels: Sequence[str],
    stored: Mapping[int, dict],
    data: QueryDict | None = None,
) -> list[GameRowForm]:
    count = sheet.table.round.event.games_per_round
    seat_count = len(seat_labels)
    return [
        GameRowForm(
            data,
            number=number,
            party_labels=party_labels,
            seat_labels=seat_labels,
            initial=initial_from_values(
                stored.get(number), dealer=seats.dealer_position(number, seat_count)
            ),
        )
        for number in range(1, count + 1)
    ]


def row_is_present(form: GameRowForm) -> bool:
    """True when the submitted data holds this row at all (a form always sends dealer/kind)."""
    prefix = form.add_prefix("")
    return any(key.startswith(prefix) for key in form.data)


def sheet_page(
    sheet: ScoreSheet,
    *,
    data: QueryDict | None = None,
    forms: list[GameRowForm] | None = None,
    other_device: Mapping[int, dict | None] | None = None,
) -> SheetPage:
    """Everything the sheet page shows; ``forms`` are bound forms from a refused/partial save."""
    table = sheet.table
    table_seats = seats_of(table)
    pairs = table.is_pairs
    parties = parties_in_seating_order(table_seats)
    party_labels = [party_label(p, i, pairs=pairs) for i, p in enumerate(parties)]
    seat_rows = [seat_row(table, seat) for seat in table_seats]
    seat_labels = [dealer_choice(seat) for seat in seat_rows]
    stored = sheet_games(sheet, parties)
    if forms is None:
        forms = row_forms(
            sheet, party_labels=party_labels, seat_labels=seat_labels, stored=stored, data=data
        )
    totals = [0] * len(parties)
    rows: list[SheetRow] = []
    other_device = other_device or {}
    for form in forms:
        values = stored.get(form.number)
        if values is not None:
            totals = [t + p for t, p in zip(totals, values["points"], strict=True)]
        shows_points = values is not None and not (form.is_bound and form.errors) and (
            form.number not in other_device
        )
        cells = [
            PartyCell(
                index=index,
                label=label,
                short=party_short(parties[index], index, pairs=pairs),
                name=parties[index].name,
                meld=form[f"meld{index}"],
                tricks=form[f"tricks{index}"],
                points=values["points"][index] if shows_points else None,
                total=totals[index] if values is not None else None,
            )
            for index, label in enumerate(party_labels)
        ]
        rows.append(
            SheetRow(
                number=form.number,
                form=form,
                cells=cells,
                stored=values,
                other_device=(
                    describe_values(
                        other_device[form.number], [p.start_number for p in parties]
                    )
                    if form.number in other_device
                    else None
                ),
                shows_points=shows_points,
            )
        )
    count = table.round.event.games_per_round
    return SheetPage(
        sheet=sheet,
        table=table,
        round=table.round,
        parties=parties,
        party_labels=party_labels,
        seats=seat_rows,
        seat_labels=seat_labels,
        rows=rows,
        totals=totals,
        entered=len(stored),
        missing=[n for n in range(1, count + 1) if n not in stored],
    )


@dataclass
class TableState:
    table: Table
    sheet: ScoreSheet | None
    seats: list[Seat]
    games: int

    @property
    def status(self) -> str:
        return self.sheet.status if self.sheet is not None else ScoreSheet.Status.EMPTY

    @property
    def status_label(self) -> str:
        return str(ScoreSheet.Status(self.status).label)

    @property
    def is_missing(self) -> bool:
        return self.status not in (ScoreSheet.Status.SUBMITTED, ScoreSheet.Status.CONFIRMED)


@dataclass
class RoundOverview:
    round: Round
    tables: list[TableState]
    counts: dict[str, int]

    @property
    def missing(self) -> list[TableState]:
        return [state for state in self.tables if state.is_missing]

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
    """Every table of a round with its sheet's state and the count of games entered."""
    tables = list(round_tables(round_))
    sheets = {
        sheet.table_id: sheet
        for sheet in ScoreSheet.objects.filter(table__round=round_).annotate(
            game_count=Count("games")
        )
    }
    states = [
        TableState(
            table=table,
            sheet=sheets.get(table.pk),
            seats=list(table.seats.all()),
            games=getattr(sheets.get(table.pk), "game_count", 0),
        )
        for table in tables
    ]
    counts = Counter(state.status for state in states)
    return RoundOverview(round=round_, tables=states, counts=dict(counts))


def who(change_user: Any) -> str:
    """Who made a recorded change: the organiser's name, or the scorekeeper via the link."""
    if change_user is None:
        return gettext("Scorekeeper via link")
    return change_user.get_username()
