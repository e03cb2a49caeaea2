"""What the score entry pages show: a sheet's parties and seats, its game rows, its state as the
page's script gets it after every save, its trail, and the round overview.

Read-only helpers of the sheet pages (``scoring.pages``). A *row* is one game of the sheet; its
*running totals* are every party's points summed over the stored games up to and including it.
The stored games come from ``scoring.services.sheets.sheet_games``, the one read of a sheet's
games that the page and the save share. Seats are described through ``tournament.seats``.
"""

from __future__ import annotations

import json
import re
import secrets
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from django.db.models import Count, Prefetch, Q, QuerySet
from django.utils.formats import date_format
from django.utils.text import capfirst
from django.utils.translation import gettext, pgettext

from core.errors import Message
from core.limits import UNUSUAL_BID
from core.models import ChangeRecord
from core.text import is_number
from scoring.audit import (
    GAME_CHANGES,
    SheetAction,
    describe_totals,
    describe_values,
    game_line,
    sheet_line,
)
from scoring.confirmations import Roll, rolls
from scoring.forms import GameRowForm, initial_from_values
from scoring.house_rules import rules_of
from scoring.models import Game, RoundTotal, ScoreSheet
from scoring.rules import RulesProfile
from scoring.services.sheets import sheet_concerns, sheet_games
from scoring.sheet_rows import missing_numbers
from tournament import seats
from tournament.house_rules import TOTALS
from tournament.models import Entry, Round, Seat, Table, parties_in_seating_order
from tournament.selectors.plan import SeatRow, seat_row

TOKEN_SHAPE = re.compile(r"[A-Za-z0-9_-]{32,64}")
DEVICE_SHAPE = re.compile(r"[A-Za-z0-9_-]{16,64}")
"""The id a sheet page keeps on its device (``scoring/sheet/changes.js``)."""
SEAT_PEOPLE = ("entry__player", "entry__partner", "player")  # what a seat's labels name


@dataclass
class SheetFrame:
    """Who sits at a sheet's table: the parties in seating order, the seats, their labels."""

    table: Table
    parties: list[Entry]
    party_labels: list[str]
    party_shorts: list[str]
    seats: list[SeatRow]
    seat_labels: list[str]

    @cached_property
    def rules(self) -> RulesProfile:
        """The house rules the sheet is scored by (read once: every row form asks)."""
        return rules_of(self.table.round.event)

    @property
    def games(self) -> int:
        return self.table.round.event.games_per_round

    @property
    def numbers(self) -> list[int]:
        """The parties' start numbers, which name them in descriptions of games."""
        return [party.start_number for party in self.parties]


def load_sheet(sheet_id: int) -> ScoreSheet:
    return ScoreSheet.objects.select_related("table__round__event", "confirmed_by").get(
        pk=sheet_id
    )


def sheet_by_token(token: str) -> ScoreSheet | None:
    """The sheet of a link token with its table, round and event, or None; a malformed token
    does not reach the database."""
    if not TOKEN_SHAPE.fullmatch(token):
        return None
    sheet = ScoreSheet.objects.select_related("table__round__event").filter(token=token).first()
    return sheet if sheet is not None and _same_token(sheet.token, token) else None


def _same_token(stored: str, token: str) -> bool:
    """Whether the token found is the one asked for, compared in constant time."""
    return secrets.compare_digest(stored.encode(), token.encode())


def link_check(token: str) -> SheetCheck | None:
    """The version check (``sheet_check``) of a link token's sheet, or None: one query, none
    for a malformed token."""
    if not TOKEN_SHAPE.fullmatch(token):
        return None
    check = sheet_check(token=token)
    return check if check is not None and _same_token(check.token, token) else None


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


def sheet_frame(sheet: ScoreSheet) -> SheetFrame:
    """The frame of a sheet: its table's seats with their people (one query)."""
    table = sheet.table
    table_seats = list(table.seats.select_related(*SEAT_PEOPLE).order_by("position"))
    pairs = table.is_pairs
    parties = parties_in_seating_order(table_seats)
    seat_rows = [seat_row(table, seat) for seat in table_seats]
    return SheetFrame(
        table=table,
        parties=parties,
        party_labels=[party_label(p, i, pairs=pairs) for i, p in enumerate(parties)],
        party_shorts=[party_short(p, i, pairs=pairs) for i, p in enumerate(parties)],
        seats=seat_rows,
        seat_labels=[dealer_choice(seat) for seat in seat_rows],
    )


# --- rows as stored and as typed (games in words: ``scoring.audit``) -------------------------


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


def describe_late(rows: Mapping, frame: SheetFrame) -> list[tuple[int, str]]:
    """Typed rows (``late_rows``) in words, parties by start number: (game, description)."""
    numbers = frame.numbers

    def party(text: str) -> str:
        return str(numbers[int(text)]) if is_number(text) and int(text) < len(numbers) else text

    described = []
    for number, typed in sorted(rows.items(), key=lambda item: int(item[0])):
        if not typed:
            described.append((int(number), gettext("row cleared")))
            continue
        parties = range(len(numbers))
        described.append((
            int(number),
            game_line(
                declarer=party(typed.get("declarer", "")),
                bid=typed.get("bid", ""),
                kind=typed.get("kind", ""),
                melds=[typed.get(f"meld{i}", "") or "0" for i in parties],
                tricks=[typed.get(f"tricks{i}", "") or "–" for i in parties],
                revoked=party(typed["revoked"]) if typed.get("revoked") else None,
            ),
        ))
    return described


@dataclass
class LateSave:
    change: Any
    reason: str
    rows: list[tuple[int, str]]


def late_saves(sheet: ScoreSheet, frame: SheetFrame) -> list[LateSave]:
    """The saves through the link that came after the round was closed or the sheet confirmed,
    newest first, with what was typed."""
    changes = sheet.changes.filter(action=SheetAction.LATE).order_by("-created_at", "-id")
    saves = []
    for change in changes:
        after = change.params.get("after") or {}
        reason = Message(after.get("reason", ""), **after.get("params", {}))
        saves.append(
            LateSave(
                change=change,
                reason=str(reason) if reason.msgid else "",
                rows=describe_late(after.get("rows", {}), frame),
            )
        )
    return saves


def _trail_before(change: ChangeRecord) -> str:
    """A record's game or round totals before its change, for the trail's column of them."""
    if change.action == SheetAction.TOTALS_SAVED:
        return describe_totals(change.params.get("before"))
    return describe_values(change.params.get("before")) if change.params.get("game") else ""


def sheet_trail(sheet: ScoreSheet) -> list[dict[str, Any]]:
    """The audit trail of a sheet, newest first: each record (``change``), its line in words
    (``line``) and the game or totals before it (``before``, a column of its own)."""
    return [
        {
            "change": change,
            "line": sheet_line(change, sheet.table, before=False),
            "before": _trail_before(change),
        }
        for change in sheet.changes.select_related("user").order_by("-created_at", "-id")
    ]


# --- the sheet page and its state --------------------------------------------------------------


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


# --- what changed under an open page ----------------------------------------------------------


@dataclass(frozen=True)
class SheetCheck:
    """What an open sheet page asks every half minute: the sheet's version, how many players'
    confirmations count, and whether the link still changes the sheet."""

    sheet_id: int
    token: str
    version: int
    confirmed: int
    open: bool

    def answer(self) -> dict[str, Any]:
        return {"version": self.version, "confirmed": self.confirmed, "open": self.open}


def sheet_check(**lookup: Any) -> SheetCheck | None:
    """The check of the sheet ``lookup`` finds (``token=…``, or its table's event, round
    number and table number), or None: one query."""
    live = Count("confirmations", filter=Q(confirmations__voided_at__isnull=True))
    row = (
        ScoreSheet.objects.filter(**lookup).order_by().annotate(confirmed=live)
        .values_list("pk", "token", "version", "status", "table__round__closed", "confirmed")
        .first()
    )
    if row is None:
        return None
    pk, token, version, status, closed, confirmed = row
    return SheetCheck(
        sheet_id=pk, token=token, version=version, confirmed=confirmed,
        open=not closed and status != ScoreSheet.Status.CONFIRMED,
    )


def changed_by(change: ChangeRecord, *, via_link: bool) -> str:
    """Who changed a game, as a change notice names them: the organisers with the name of the
    account, or the device through the sheet's link (another phone, or the table's phone as
    the organisers' page sees it)."""
    if change.user is not None:
        return pgettext("changed by", "the organisers (%(name)s)") % {
            "name": change.user.get_full_name() or change.user.get_username()
        }
    if via_link:
        return pgettext("changed by", "another device")
    return pgettext("changed by", "the table's phone")


def change_notices(
    sheet_id: int, *, since: int, device: str, via_link: bool, until: int | None = None
) -> list[dict[str, Any]]:
    """The games changed after version ``since`` (up to ``until``, where given) by anyone but
    ``device`` (empty: anyone), as the page tells them (oldest first): which game, the game
    before and after in words (empty where there was or is no game), and by whom. One query,
    none when ``until`` is not after ``since`` (a save on the version it read)."""
    if until is not None and until <= since:
        return []
    records = ChangeRecord.objects.about_all(ScoreSheet, [sheet_id]).filter(
        action__in=GAME_CHANGES, params__version__gt=since
    )
    if until is not None:
        records = records.filter(params__version__lte=until)
    if device:
        records = records.exclude(params__device=device)
    return [
        {
            "id": change.pk,
            "game": change.params["game"],
            "version": change.params["version"],
            "before": _game_text(change.params.get("before")),
            "after": _game_text(change.params.get("after")),
            "by": changed_by(change, via_link=via_link),
        }
        for change in records.select_related("user").order_by("id")
    ]


def _game_text(values: Mapping[str, Any] | None) -> str:
    """A game of a change notice in words, empty where there was or is no game."""
    return describe_values(values) if values is not None else ""


@dataclass(frozen=True)
class ChangedGame:
    """A game changed after players confirmed the sheet: as they confirmed it, and as it is."""

    number: int
    before: str
    after: str


def games_changed_since(sheet_id: int, version: int) -> list[ChangedGame]:
    """The games changed after ``version``, each with its values at that version and now (a
    game changed back is left out). One query."""
    first: dict[int, Any] = {}
    last: dict[int, Any] = {}
    for params in (
        ChangeRecord.objects.about_all(ScoreSheet, [sheet_id])
        .filter(action__in=GAME_CHANGES, params__version__gt=version)
        .order_by("id").values_list("params", flat=True)
    ):
        first.setdefault(params["game"], params.get("before"))
        last[params["game"]] = params.get("after")
    return [
        ChangedGame(number=number, before=describe_values(first[number]),
                    after=describe_values(last[number]))
        for number in sorted(last)
        if first[number] != last[number]
    ]


@dataclass(frozen=True)
class ChangedTotals:
    """A sheet's round totals changed after players confirmed it: as they confirmed them, and
    as they are (each in one line, ``scoring.audit.describe_totals``)."""

    before: str
    after: str


def totals_changed_since(sheet_id: int, version: int) -> ChangedTotals | None:
    """The round totals as they were at ``version`` and as they are, or None when no save
    after ``version`` changed them (or they were changed back). One query."""
    saves = list(
        ChangeRecord.objects.about_all(ScoreSheet, [sheet_id])
        .filter(action=SheetAction.TOTALS_SAVED, params__version__gt=version)
        .order_by("id").values_list("params", flat=True)
    )
    if not saves:
        return None
    before, after = saves[0].get("before"), saves[-1].get("after")
    if _plain_totals(before) == _plain_totals(after):
        return None
    return ChangedTotals(before=describe_totals(before), after=describe_totals(after))


def _plain_totals(values: Mapping[str, Any] | None) -> tuple | None:
    """The figures of a trail's totals, without what the trail adds (save id, device)."""
    if not values or values.get("totals") is None:
        return None
    return tuple(values["totals"]), tuple(values["lost"])


# --- the players' confirmations (*Bestätigen*) ----------------------------------------------


@dataclass
class ConfirmSection:
    """The section "Bestätigen" of a sheet's page: the table's seated players and who has
    confirmed the games; on the phone (``via_link``) each taps their own number once the sheet
    is handed in. ``required``: the event's house rules want every player's confirmation
    before the organisers confirm (``RulesProfile.players_sign``)."""

    sheet: ScoreSheet
    roll: Roll
    version: int
    status: str
    via_link: bool
    required: bool
    changed: list[ChangedGame] = field(default_factory=list)
    """The games changed since the players whose confirmation was voided confirmed."""
    totals: bool = False
    """The sheet is kept in round totals (``Event.scoring_mode`` ``totals``): the players
    confirm each party's total and games lost, not games."""
    changed_totals: ChangedTotals | None = None
    """Of a sheet kept in round totals: its totals before and after a change since the
    players whose confirmation was voided confirmed."""

    @property
    def handed_in(self) -> bool:
        return self.status == ScoreSheet.Status.SUBMITTED

    @property
    def confirmed(self) -> bool:
        return self.status == ScoreSheet.Status.CONFIRMED

    @property
    def shows_count(self) -> bool:
        return self.status in ScoreSheet.HANDED_IN


def confirm_section(
    sheet: ScoreSheet, *, via_link: bool, version: int | None = None, status: str | None = None
) -> ConfirmSection:
    """The section "Bestätigen" of ``sheet``; ``version`` and ``status`` as a save left them,
    where the caller knows them newer than ``sheet``. Two queries for a handed-in or confirmed
    sheet (three when a change voided players' confirmations: the games changed since them),
    none for an open one (the scorekeeper's saves while the games are entered): it has
    no confirmation that counts, and only says what comes after the hand-in. Of a sheet kept
    in round totals the change shown is that of its totals (``totals_changed_since``)."""
    status = sheet.status if status is None else status
    shown = status in ScoreSheet.HANDED_IN
    roll = rolls([sheet.pk])[sheet.pk] if shown else Roll()
    since = roll.voided_since
    event = sheet.table.round.event
    totals = event.scoring_mode == TOTALS
    return ConfirmSection(
        sheet=sheet,
        roll=roll,
        version=sheet.version if version is None else version,
        status=status,
        via_link=via_link,
        required=rules_of(event).players_sign,
        changed=games_changed_since(sheet.pk, since) if since is not None and not totals else [],
        totals=totals,
        changed_totals=(
            totals_changed_since(sheet.pk, since) if since is not None and totals else None
        ),
    )


# --- the round overview ----------------------------------------------------------------------


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
