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
    ``"kind"`` or ``"revoked"``); ``str(error)`` is the message in the reader's language.
    """

    def __init__(self, field: str, message: str, **params: object) -> None:
        super().__init__(message, field=field, **params)


def round10(points: int) -> int:
    """Round to the nearest multiple of 10, halves up (125 → 130, 124 → 120, −125 → −120)."""
    return (points + 5) // 10 * 10


def is_int(value: object) -> bool:
    """A whole number (``True`` and ``False`` are not)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _half_bid(bid: int) -> int:
    """Half the bid, rounded up to the next 10 (what the others get for a conceded game)."""
    return -(-bid // 20) * 10


def _validate(
    *,
    bid: int,
    declarer: int,
    melds: Sequence[int],
    tricks: Sequence[int] | None,
    kind: str,
    revoked: int | None,
) -> None:
    if kind not in KINDS:
        raise InvalidHand(
            "kind", gettext_noop("Unknown kind of game “%(kind)s”."), kind=kind
        )
    if not is_int(bid) or bid < MIN_BID or bid % 10:
        raise InvalidHand(
            "bid",
            gettext_noop("The bid must be a multiple of 10 and at least %(min)s."),
            min=MIN_BID,
        )
    parties = len(melds)
    if parties not in PARTY_COUNTS:
        raise InvalidHand(
            "melds",
            gettext_noop("A game has 2, 3 or 4 parties, not %(count)s."),
            count=parties,
        )
    for meld in melds:
        if not is_int(meld) or meld < 0 or meld % 10:
            raise InvalidHand(
                "melds",
                gettext_noop("Meld must be a non-negative multiple of 10."),
            )
    if not is_int(declarer) or not 0 <= declarer < parties:
        raise InvalidHand("declarer", gettext_noop("Choose the declarer among the players."))
    if revoked is not None and (not is_int(revoked) or not 0 <= revoked < parties):
        raise InvalidHand(
            "revoked", gettext_noop("Choose who misplayed among the players.")
        )
    if kind == CONCEDED:
        if revoked is not None:
            raise InvalidHand(
                "revoked",
                gettext_noop("A conceded game is not played, so nobody can misplay."),
            )
        if tricks is not None and any(t != 0 for t in tricks):
            raise InvalidHand(
                "tricks",
                gettext_noop("A conceded game is not played: leave the trick points empty."),
            )
        if tricks is not None and len(tricks) != parties:
            raise InvalidHand(
                "tricks", gettext_noop("Enter trick points for every party.")
            )
        return
    if tricks is None or len(tricks) != parties:
        raise InvalidHand("tricks", gettext_noop("Enter trick points for every party."))
    for trick in tricks:
        if not is_int(trick) or trick < 0:
            raise InvalidHand(
                "tricks", gettext_noop("Trick points must be a non-negative whole number.")
            )
    if sum(tricks) != TRICK_TOTAL:
        raise InvalidHand(
            "tricks",
            gettext_noop("The trick points add up to %(sum)s instead of %(total)s."),
            sum=sum(tricks),
            total=TRICK_TOTAL,
        )
    if kind == DURCH and any(melds):
        raise InvalidHand("melds", gettext_noop("A Durch has no meld."))


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
    _validate(
        bid=bid, declarer=declarer, melds=melds, tricks=tricks, kind=kind, revoked=revoked
    )
    parties = range(len(melds))

    if kind == CONCEDED:
        half = _half_bid(bid)
        return tuple(-bid if p == declarer else half + melds[p] for p in parties)

    assert tricks is not None  # checked by _validate
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
