"""What the page of a sheet kept game by game shows (``sheet.html``): its head (``SheetHead``,
shared with the pages of figures), its game rows as stored or as typed, and its state as the
page's script gets it after every save.

A *row* is one game of the sheet; its *running totals* are every party's points summed over the
stored games up to and including it. The stored games come from
``scoring.services.sheets.sheet_games``, the one read of a sheet's games that the page and the
save share.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.utils.formats import date_format
from django.utils.text import capfirst
from django.utils.translation import gettext

from core.limits import UNUSUAL_BID
from scoring.audit import describe_values
from scoring.forms import GameRowForm, initial_from_values
from scoring.models import Game, ScoreSheet
from scoring.selectors.sheet_frame import SheetFrame
from scoring.services.sheets import sheet_games
from scoring.sheet_rows import missing_numbers
from tournament import seats
from tournament.models import Round, Table


def field_values(values: Mapping[str, Any] | None, *, dealer: int) -> dict[str, str]:
    """A row's inputs as the page shows them: a stored game's values (``sheet_games``), or an
    empty row with the rotation's dealer."""
    initial = initial_from_values(values, dealer=dealer)
    return {
        name: "1" if value is True else "" if value is None or value is False else str(value)
        for name, value in initial.items()
    }


def stored_fields(values: Mapping[str, Any] | None) -> dict[str, str]:
    """The stored game's inputs (``{}`` for an empty row): what the page's script compares a
    device's typing with."""
    return {} if values is None else field_values(values, dealer=values["dealer"])


def posted_values(form: GameRowForm) -> dict[str, str]:
    """A submitted row's inputs as they were typed."""
    prefix = form.add_prefix("")
    return {
        key[len(prefix):]: str(value) for key, value in form.data.items() if key.startswith(prefix)
    }


def status_note(sheet: ScoreSheet, status: str, *, via_link: bool) -> str:
    """What the page says under its heading about the sheet's status (empty: nothing)."""
    if status == ScoreSheet.Status.SUBMITTED:
        if via_link:
            return gettext(
                "Handed in. You can still correct it until the organisers confirm it; every "
                "change is recorded."
            )
        return gettext(
            "Handed in by the scorekeeper; waiting for confirmation. Every change is recorded."
        )
    if status == ScoreSheet.Status.CONFIRMED:
        when = date_format(sheet.confirmed_at, "SHORT_DATETIME_FORMAT") if sheet.confirmed_at \
            else "–"
        return gettext(
            "Confirmed on %(when)s by %(who)s. Only organisers can change it; every change is "
            "recorded."
        ) % {"when": when, "who": sheet.confirmed_by or "–"}
    return ""


def sheet_state(
    sheet: ScoreSheet,
    frame: SheetFrame,
    games: Mapping[int, dict],
    *,
    version: int,
    status: str,
    via_link: bool,
) -> dict[str, Any]:
    """The sheet as the page's script follows it after every save: its version and status,
    what the heading says, and every row's stored inputs and points."""
    return {
        "version": version,
        "status": status,
        "status_label": str(ScoreSheet.Status(status).label),
        "note": status_note(sheet, status, via_link=via_link),
        "entered": entered_text(len(games), frame.games),
        "missing": missing_numbers(games, frame.games),
        "rows": {
            number: {
                "stored": stored_fields(games.get(number)),
                "points": games[number]["points"] if number in games else None,
            }
            for number in range(1, frame.games + 1)
        },
    }


def entered_text(entered: int, total: int) -> str:
    return gettext("%(entered)s of %(total)s games entered") % {
        "entered": entered, "total": total
    }


@dataclass
class PartyLine:
    """One party's line in a game row: who, the inputs, the points and running total (text,
    as the template shows it)."""

    index: str
    short: str
    name: str
    meld_name: str
    tricks_name: str
    meld_label: str
    tricks_label: str
    meld: str
    tricks: str
    points: str
    total: str
    meld_errors: list[str]
    tricks_errors: list[str]
    meld_bad: bool
    tricks_bad: bool


Choice = tuple[str, str, str]
"""A choice of a row as the template draws it: value, label, and " checked" or " selected"
when it is the row's (else "")."""


def _choices(options: Sequence[tuple[str, str]], chosen: str, mark: str) -> list[Choice]:
    return [(value, label, mark if value == chosen else "") for value, label in options]


@dataclass
class Row:
    """What one game row shows: its inputs as typed or stored, its choices, its messages."""

    number: int
    values: dict[str, str]
    stored: dict[str, str]
    parties: list[PartyLine]
    declarers: list[Choice]
    kinds: list[Choice]
    dealers: list[Choice]
    revoked: list[Choice]
    legend: str
    errors: dict[str, list[str]] = field(default_factory=dict)
    non_field_errors: list[str] = field(default_factory=list)
    other_device: str | None = None
    unusual_bid: bool = False
    focus: str | None = None

    @property
    def n(self) -> str:
        return str(self.number)

    @property
    def bid(self) -> str:
        return self.values.get("bid", "")

    @property
    def bid_ok(self) -> bool:
        return bool(self.values.get("bid_ok"))

    @property
    def has_errors(self) -> bool:
        return bool(self.errors or self.non_field_errors)

    @property
    def classes(self) -> str:
        return " ".join(["game", *(["has-errors"] if self.has_errors else []),
                         *(["stored"] if self.stored else []),
                         *(["conflict"] if self.other_device else [])])

    @property
    def stored_json(self) -> str:
        return json.dumps(self.stored, separators=(",", ":"))


class SheetHead:
    """What the head of a sheet's page shows, for a page with ``sheet``, ``frame``, ``version``,
    ``status`` and ``via_link`` (``SheetPage``, ``scoring.selectors.totals_page.TotalsPage``)."""

    sheet: ScoreSheet
    frame: SheetFrame
    version: int
    status: str
    via_link: bool

    @property
    def table(self) -> Table:
        return self.frame.table

    @property
    def round(self) -> Round:
        return self.frame.table.round

    @property
    def status_label(self) -> str:
        return str(ScoreSheet.Status(self.status).label)

    @property
    def note(self) -> str:
        return status_note(self.sheet, self.status, via_link=self.via_link)

    @property
    def is_open(self) -> bool:
        return self.status in ScoreSheet.OPEN


@dataclass
class SheetPage(SheetHead):
    sheet: ScoreSheet
    frame: SheetFrame
    rows: list[Row]
    totals: list[int]
    version: int
    status: str
    via_link: bool
    missing: list[int] = field(default_factory=list)

    @property
    def entered_text(self) -> str:
        return entered_text(len(self.rows) - len(self.missing), len(self.rows))

    @property
    def party_totals(self) -> list[tuple[str, int]]:
        return list(zip(self.frame.party_labels, self.totals, strict=True))

    @property
    def first_open(self) -> int | None:
        """The game a scorekeeper continues with: the first with an error, else the first
        still empty."""
        for row in self.rows:
            if row.has_errors or row.other_device:
                return row.number
        return self.missing[0] if self.missing else None


class Messages(dict):
    """A row's messages by field name; a field without any has an empty list (the template
    asks for every field's, and a missing key would cost it a failed lookup each time)."""

    def __missing__(self, name: str) -> list[str]:
        return []


NO_ERRORS = Messages()


def _form_errors(form: GameRowForm) -> tuple[Messages, list[str]]:
    errors = Messages(form.error_texts)
    return errors, errors.pop("__all__", [])


def sheet_page(
    sheet: ScoreSheet,
    frame: SheetFrame,
    *,
    via_link: bool,
    games: Mapping[int, dict] | None = None,
    version: int | None = None,
    status: str | None = None,
    forms: Mapping[int, GameRowForm] | None = None,
    other_device: Mapping[int, dict | None] | None = None,
) -> SheetPage:
    """Everything the sheet page shows. ``games``: the sheet's stored games if read already
    (a save's result); ``forms``: bound forms of rows from a refused or partial save, shown as
    typed with their messages; ``other_device``: a refused save's rows as another device
    stored them."""
    games = sheet_games(sheet, frame.parties) if games is None else games
    forms = forms or {}
    other_device = other_device or {}
    labels = _RowLabels(frame)
    totals = [0] * len(frame.parties)
    rows: list[Row] = []
    focus_set = False
    for number in range(1, frame.games + 1):
        values = games.get(number)
        if values is not None:
            totals = [t + p for t, p in zip(totals, values["points"], strict=True)]
        row = _row(
            labels, number, values, forms.get(number), totals,
            other_device=other_device, may_focus=not focus_set,
        )
        focus_set = focus_set or row.focus is not None
        rows.append(row)
    return SheetPage(
        sheet=sheet,
        frame=frame,
        rows=rows,
        totals=totals,
        version=sheet.version if version is None else version,
        status=sheet.status if status is None else status,
        via_link=via_link,
        missing=missing_numbers(games, frame.games),
    )


def row_headings(frame: SheetFrame) -> dict[str, str]:
    """The headings and labels every game row of the sheet page repeats, in the reader's
    language (``scoring/jinja2/scoring/sheet_rows.html`` reads them as ``t``)."""
    return {
        "declarer": gettext("Declarer"),
        "bid": gettext("Bid"),
        "kind": gettext("Kind"),
        "dealer": gettext("Dealer"),
        "revoked": gettext("Misplayed"),
        "bid_ok": gettext("The bid is right"),
        "other": gettext("Saved on the other device:"),
        "meld_head": gettext("Meld"),
        "tricks_head": capfirst(gettext("trick points")),
        "points": gettext("Points"),
        "running": gettext("Running total"),
        "party": gettext("Pair") if frame.table.is_pairs else gettext("Player"),
    }


class _RowLabels:
    """What every row of a sheet's page offers, in the reader's language: the choices of
    declarer, kind, dealer and revoke, and the parties' headings."""

    def __init__(self, frame: SheetFrame) -> None:
        self.frame = frame
        self.declarers = [
            *((str(i), short) for i, short in enumerate(frame.party_shorts)), ("", "–")
        ]
        kinds = frame.rules.kinds
        self.kinds = [(value, str(label)) for value, label in Game.Kind.choices if value in kinds]
        self.dealers = [(str(i), label) for i, label in enumerate(frame.seat_labels, start=1)]
        self.revoked = [("", gettext("nobody")),
                        *((str(i), label) for i, label in enumerate(frame.party_labels))]
        self.legend = gettext("Game %(number)s")
        self.meld, self.tricks = gettext("meld"), gettext("trick points")
        self.heads = [
            f"{short} {party.name}"
            for short, party in zip(frame.party_shorts, frame.parties, strict=True)
        ]


def _row(
    labels: _RowLabels,
    number: int,
    values: dict | None,
    form: GameRowForm | None,
    totals: list[int],
    *,
    other_device: Mapping[int, dict | None],
    may_focus: bool,
) -> Row:
    """One game's row: as stored, or as typed with its messages (``form``); the first row with
    a message takes the focus where ``may_focus``."""
    frame = labels.frame
    errors, non_field = _form_errors(form) if form is not None else (NO_ERRORS, [])
    column_errors = form.column_errors if form is not None else {}
    stored = stored_fields(values)
    if form is not None:
        shown = posted_values(form)
    else:
        shown = stored or field_values(
            None, dealer=seats.dealer_position(number, len(frame.seats))
        )
    shows_points = values is not None and not errors and not non_field and (
        number not in other_device
    )
    focus = next(iter(errors)) if may_focus and errors else None
    declarers = _choices(labels.declarers, shown.get("declarer", ""), " checked")
    if focus == "declarer":
        value, label, mark = declarers[0]
        declarers[0] = (value, label, mark + " autofocus")
    return Row(
        number=number,
        values=shown,
        stored=stored,
        parties=[
            PartyLine(
                index=str(index),
                short=frame.party_shorts[index],
                name=party.name,
                meld_name=f"g{number}-meld{index}",
                tricks_name=f"g{number}-tricks{index}",
                meld_label=f"{labels.meld}: {labels.heads[index]}",
                tricks_label=f"{labels.tricks}: {labels.heads[index]}",
                meld=shown.get(f"meld{index}", ""),
                tricks=shown.get(f"tricks{index}", ""),
                points=str(values["points"][index]) if shows_points else "",
                total=str(totals[index]) if values is not None else "",
                meld_errors=errors.get(f"meld{index}", []),
                tricks_errors=errors.get(f"tricks{index}", []),
                meld_bad=bool(errors.get(f"meld{index}") or column_errors.get("melds")),
                tricks_bad=bool(errors.get(f"tricks{index}") or column_errors.get("tricks")),
            )
            for index, party in enumerate(frame.parties)
        ],
        declarers=declarers,
        kinds=_choices(labels.kinds, shown.get("kind", ""), " checked"),
        dealers=_choices(labels.dealers, shown.get("dealer", ""), " selected"),
        revoked=_choices(labels.revoked, shown.get("revoked", ""), " selected"),
        legend=labels.legend % {"number": number},
        errors=errors,
        non_field_errors=non_field,
        other_device=(
            describe_values(other_device[number], frame.numbers)
            if number in other_device
            else None
        ),
        unusual_bid=(
            form.unusual_bid
            if form is not None
            else values is not None and values["bid"] > UNUSUAL_BID
        ),
        focus=focus,
    )
