"""Scoring of one Binokel game (a hand) in the ejl Benefizbinokel format: ``score_hand``.

The rules it implements, with the project's decisions where the sources leave gaps, are in
``docs/rules.md``; the terms in ``docs/glossary.md``. ``score_hand`` returns the points of
every party for one game; a game that cannot have happened raises ``InvalidHand`` (a
``tournament.errors.UserError`` naming the argument at fault). Pure Python: nothing here
imports Django.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from tournament.errors import UserError, gettext_noop

__all__ = [
    "CONCEDED",
    "DURCH",
    "DURCH_POINTS",
    "KINDS",
    "MIN_BID",
    "PLAYED",
    "TRICK_TOTAL",
    "InvalidHand",
    "hand_problems",
    "round10",
    "score_hand",
]

PLAYED: Final = "played"
CONCEDED: Final = "conceded"
DURCH: Final = "durch"
KINDS: Final = (PLAYED, CONCEDED, DURCH)

TRICK_TOTAL: Final = 250
MIN_BID: Final = 150
DURCH_POINTS: Final = 1000
PARTY_COUNTS: Final = (2, 3, 4)


class InvalidHand(UserError, ValueError):
    """A game that cannot have happened as entered (also a ``ValueError``).

    ``field`` is the argument at fault (``"bid"``, ``"declarer"``, ``"melds"``, ``"tricks"``,
    ``"kind"`` or ``"revoked"``); ``party`` the index of the party whose meld or trick figure
    is at fault, where it is one party's; ``str(error)`` is the message in the reader's language.
    """

    def __init__(
        self, field: str, message: str, *, party: int | None = None, **params: object
    ) -> None:
        super().__init__(message, field=field, **params)
        self.party = party


def round10(points: int) -> int:
    """Round to the nearest multiple of 10, halves up (125 → 130, 124 → 120, −125 → −120)."""
    return (points + 5) // 10 * 10


def is_int(value: object) -> bool:
    """A whole number (``True`` and ``False`` are not)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _half_bid(bid: int) -> int:
    """Half the bid, rounded up to the next 10 (what the others get for a conceded game)."""
    return -(-bid // 20) * 10


def hand_problems(
    *,
    bid: int,
    declarer: int,
    melds: Sequence[int],
    tricks: Sequence[int] | None,
    kind: str,
    revoked: int | None,
) -> list[InvalidHand]:
    """Everything wrong with a game as entered, in the order a reader checks it; empty when
    ``score_hand`` can score it. Every problem is reported, not just the first."""
    problems: list[InvalidHand] = []
    if kind not in KINDS:
        problems.append(
            InvalidHand("kind", gettext_noop("Unknown kind of game “%(kind)s”."), kind=kind)
        )
    if not is_int(bid) or bid < MIN_BID or bid % 10:
        problems.append(
            InvalidHand(
                "bid",
                gettext_noop("The bid must be a multiple of 10 and at least %(min)s."),
                min=MIN_BID,
            )
        )
    parties = len(melds)
    if parties not in PARTY_COUNTS:
        problems.append(
            InvalidHand(
                "melds",
                gettext_noop("A game has 2, 3 or 4 parties, not %(count)s."),
                count=parties,
            )
        )
        return problems
    for party, meld in enumerate(melds):
        if not is_int(meld) or meld < 0 or meld % 10:
            problems.append(
                InvalidHand(
                    "melds",
                    gettext_noop("Meld must be a non-negative multiple of 10."),
                    party=party,
                )
            )
    if not is_int(declarer) or not 0 <= declarer < parties:
        problems.append(
            InvalidHand("declarer", gettext_noop("Choose the declarer among the players."))
        )
    if revoked is not None and (not is_int(revoked) or not 0 <= revoked < parties):
        problems.append(
            InvalidHand("revoked", gettext_noop("Choose who misplayed among the players."))
        )
    if kind == CONCEDED:
        problems.extend(_conceded_problems(tricks, revoked, parties))
    elif kind in KINDS:
        problems.extend(_played_problems(tricks, parties))
        if kind == DURCH:
            problems.extend(
                InvalidHand("melds", gettext_noop("A Durch has no meld."), party=party)
                for party, meld in enumerate(melds)
                if is_int(meld) and meld
            )
    return problems


def _conceded_problems(
    tricks: Sequence[int] | None, revoked: int | None, parties: int
) -> list[InvalidHand]:
    problems = []
    if revoked is not None:
        problems.append(
            InvalidHand(
                "revoked",
                gettext_noop("A conceded game is not played, so nobody can misplay."),
            )
        )
    if tricks is not None and any(t != 0 for t in tricks):
        problems.append(
            InvalidHand(
                "tricks",
                gettext_noop("A conceded game is not played: leave the trick points empty."),
            )
        )
    elif tricks is not None and len(tricks) != parties:
        problems.append(InvalidHand("tricks", gettext_noop("Enter trick points for every party.")))
    return problems


def _played_problems(tricks: Sequence[int] | None, parties: int) -> list[InvalidHand]:
    if tricks is None or len(tricks) != parties:
        return [InvalidHand("tricks", gettext_noop("Enter trick points for every party."))]
    problems = [
        InvalidHand(
            "tricks",
            gettext_noop("Trick points must be a non-negative whole number."),
            party=party,
        )
        for party, trick in enumerate(tricks)
        if not is_int(trick) or trick < 0
    ]
    if not problems and sum(tricks) != TRICK_TOTAL:
        problems.append(
            InvalidHand(
                "tricks",
                gettext_noop("The trick points add up to %(sum)s instead of %(total)s."),
                sum=sum(tricks),
                total=TRICK_TOTAL,
            )
        )
    return problems


def score_hand(
    *,
    bid: int,
    declarer: int,
    melds: Sequence[int],
    tricks: Sequence[int] | None,
    kind: str = PLAYED,
    revoked: int | None = None,
) -> tuple[int, ...]:
    """Points of every party for one game, in the order of ``melds``.

    ``melds`` and ``tricks`` hold one figure per party (3 or 4 singles, or 2 pairs);
    ``declarer`` and ``revoked`` are indices into them. ``kind`` is ``"played"``,
    ``"conceded"`` (``tricks`` None or all zero) or ``"durch"``. Raises ``InvalidHand``.
    """
    problems = hand_problems(
        bid=bid, declarer=declarer, melds=melds, tricks=tricks, kind=kind, revoked=revoked
    )
    if problems:
        raise problems[0]
    parties = range(len(melds))

    if kind == CONCEDED:
        half = _half_bid(bid)
        return tuple(-bid if p == declarer else half + melds[p] for p in parties)

    assert tricks is not None  # checked by hand_problems
    # Tricks count for a party unless it misplayed; a declarer who misplays loses outright.
    counted_tricks = [0 if p == revoked else tricks[p] for p in parties]

    if kind == DURCH:
        won = revoked != declarer and tricks[declarer] == TRICK_TOTAL
        if won:
            return tuple(DURCH_POINTS if p == declarer else 0 for p in parties)
        return tuple(
            -DURCH_POINTS if p == declarer else round10(counted_tricks[p]) for p in parties
        )

    # A party that took no trick (0 trick points: every trick holds card points) loses its meld.
    counted_melds = [melds[p] if tricks[p] > 0 else 0 for p in parties]
    won = revoked != declarer and counted_melds[declarer] + tricks[declarer] >= bid
    return tuple(
        -2 * bid
        if p == declarer and not won
        else counted_melds[p] + round10(counted_tricks[p])
        for p in parties
    )
