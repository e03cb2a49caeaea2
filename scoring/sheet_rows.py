"""One row of a score sheet as plain values: checked and scored by the rules.

A row is one game as the sheet holds it: ``dealer`` (a seat position), ``declarer`` and
``revoked`` (party indices in seating order), ``bid``, ``kind``, ``melds`` and ``tricks`` (one
figure per party), and, once judged, ``points``. The same shape is what the services store and
read back (``scoring.services.sheets.sheet_games``). Pure Python, like ``scoring.rules``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from core.errors import gettext_noop
from core.limits import MAX_POINTS
from scoring.rules import (
    CONCEDED,
    PLAYED,
    InvalidHand,
    RulesProfile,
    hand_problems,
    is_int,
    score_hand,
)
from tournament.seats import dealer_position


def row_problems(
    row: Mapping[str, Any],
    *,
    number: int,
    parties: int,
    seat_count: int,
    rules: RulesProfile | None = None,
) -> list[InvalidHand]:
    """Everything wrong with one row (``scoring.rules.hand_problems`` by the event's
    ``rules``, and the sheet's own bounds); empty when the row can be stored."""
    problems: list[InvalidHand] = []
    dealer = row.get("dealer")
    if dealer is not None and (not is_int(dealer) or not 1 <= dealer <= seat_count):
        problems.append(
            InvalidHand("dealer", gettext_noop("Choose the dealer among the players."))
        )
    bid = row.get("bid")
    if is_int(bid) and bid > MAX_POINTS:
        problems.append(
            InvalidHand("bid", gettext_noop("The bid can be at most %(max)s."), max=MAX_POINTS)
        )
    melds = list(row.get("melds") or [0] * parties)
    if len(melds) != parties:
        problems.append(
            InvalidHand("melds", gettext_noop("This table has %(count)s parties."), count=parties)
        )
        return problems
    problems.extend(
        InvalidHand(
            "melds", gettext_noop("Meld can be at most %(max)s."), party=party, max=MAX_POINTS
        )
        for party, meld in enumerate(melds)
        if is_int(meld) and meld > MAX_POINTS
    )
    tricks = row.get("tricks")
    rule_problems = hand_problems(
        bid=bid,
        declarer=row.get("declarer"),
        melds=melds,
        tricks=list(tricks) if tricks is not None else None,
        kind=row.get("kind") or PLAYED,
        revoked=row.get("revoked"),
        rules=rules,
    )
    # one message per field and party: the sheet's own bound says it better than the rules
    said = {(p.field, p.party) for p in problems}
    problems.extend(p for p in rule_problems if (p.field, p.party) not in said)
    return problems


def normalise_row(
    row: Mapping[str, Any],
    *,
    number: int,
    parties: int,
    seat_count: int,
    rules: RulesProfile | None = None,
) -> dict[str, Any]:
    """Check one row and compute its points by ``rules`` (default: ejl); returns the row's
    values or raises the first of its problems (``row_problems``) as InvalidHand.

    The row stands on its own: nothing else of the sheet is needed to judge it. A missing
    dealer is the one the rotation gives game ``number``; missing melds count 0.
    """
    problems = row_problems(
        row, number=number, parties=parties, seat_count=seat_count, rules=rules
    )
    if problems:
        raise problems[0]
    dealer = row.get("dealer")
    if dealer is None:
        dealer = dealer_position(number, seat_count)
    melds = list(row.get("melds") or [0] * parties)
    kind = row.get("kind") or PLAYED
    tricks = row.get("tricks")
    tricks = list(tricks) if tricks is not None else None
    points = score_hand(
        bid=row.get("bid"),
        declarer=row.get("declarer"),
        melds=melds,
        tricks=tricks,
        kind=kind,
        revoked=row.get("revoked"),
        rules=rules,
    )
    return {
        "dealer": dealer,
        "declarer": row["declarer"],
        "bid": row.get("bid"),
        "kind": kind,
        "revoked": row.get("revoked"),
        "melds": melds,
        "tricks": None if kind == CONCEDED else tricks,
        "points": list(points),
    }


def missing_numbers(entered: Iterable[int], count: int) -> list[int]:
    """The game numbers 1 to ``count`` that are not among ``entered``."""
    held = set(entered)
    return [number for number in range(1, count + 1) if number not in held]


def number_ranges(numbers: Sequence[int]) -> str:
    """Game numbers compactly: [1, 2, 3, 5, 7, 8] → "1–3, 5, 7–8"."""
    parts: list[list[int]] = []
    for number in sorted(numbers):
        if parts and parts[-1][1] == number - 1:
            parts[-1][1] = number
        else:
            parts.append([number, number])
    return ", ".join(str(a) if a == b else f"{a}–{b}" for a, b in parts)
