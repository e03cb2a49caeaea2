"""A score sheet found for a page, and who sits at its table (``SheetFrame``): the parties in
seating order and the seats, with the labels every sheet page names them by. Seats are described
through ``tournament.seats``.
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass
from functools import cached_property

from django.utils.translation import gettext

from scoring.house_rules import rules_of
from scoring.models import ScoreSheet
from scoring.rules import RulesProfile
from tournament import seats
from tournament.models import Entry, Table, parties_in_seating_order
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
    """The sheet of a link token with its table, round, event and the event's club (without
    its logo: the page's footer links the club's privacy notice, read in this query), or None;
    a malformed token does not reach the database."""
    if not TOKEN_SHAPE.fullmatch(token):
        return None
    sheet = (
        ScoreSheet.objects.select_related("table__round__event__club")
        .defer("table__round__event__club__logo")
        .filter(token=token)
        .first()
    )
    return sheet if sheet is not None and same_token(sheet.token, token) else None


def same_token(stored: str, token: str) -> bool:
    """Whether the token found is the one asked for, compared in constant time."""
    return secrets.compare_digest(stored.encode(), token.encode())


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
