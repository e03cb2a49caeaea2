"""The seat vocabulary: seating order, who deals, who keeps score, and the seats' labels.

A table's seats are numbered 1 to 3 or 4 in seating order (see ``docs/glossary.md``). The
first-named deals the first game and the deal passes on in seating order; the third-named keeps
the score sheet. At a table of two pairs the partners sit crosswise, A1, B1, A2, B2: pair A is
first- and third-named. Every page, printout, service and test factory seats a table through
this module. Pure Python.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, TypeVar

DEALER_POSITION: Final = 1
SCOREKEEPER_POSITION: Final = 3
PAIR_SEAT_LABELS: Final = ("A1", "B1", "A2", "B2")
PARTY_LETTERS: Final = ("A", "B")

# Table kinds, as stored in ``tournament.models.Table.kind``.
THREE_SINGLES: Final = "three"
FOUR_SINGLES: Final = "four"
TWO_PAIRS: Final = "pairs"

# At a pairs table: (party index, member index: 0 the player, 1 the partner) per seat.
PAIR_SEATING: Final = ((0, 0), (1, 0), (0, 1), (1, 1))

SEAT_COUNTS: Final = (3, 4)
"""How many seats a table has: three singles, or four (singles or two pairs)."""

T = TypeVar("T")


def table_kind(party_count: int, *, pairs: bool) -> str:
    """The kind of a table of ``party_count`` parties (two pairs, three or four singles)."""
    if pairs:
        return TWO_PAIRS
    return THREE_SINGLES if party_count == 3 else FOUR_SINGLES


def seat_count(kind: str) -> int:
    return 3 if kind == THREE_SINGLES else 4


def seating(parties: Sequence[T], *, pairs: bool) -> list[tuple[T, int]]:
    """(party, member) per seat in seating order: member 0 is the player, 1 the partner.

    Singles sit in the order given; two pairs sit crosswise, A1, B1, A2, B2.
    """
    if pairs:
        if len(parties) != 2:
            raise ValueError(f"a pairs table seats two pairs, not {len(parties)}")
        return [(parties[party], member) for party, member in PAIR_SEATING]
    return [(party, 0) for party in parties]


def seat_label(position: int, *, pairs: bool) -> str:
    """``1``–``4``, or A1, B1, A2, B2 at a pairs table."""
    return PAIR_SEAT_LABELS[position - 1] if pairs else str(position)


def party_letter(index: int) -> str:
    """A or B: the pair's letter at a pairs table (A is first-named)."""
    return PARTY_LETTERS[index]


def deals_first(position: int) -> bool:
    return position == DEALER_POSITION


def keeps_score(position: int) -> bool:
    return position == SCOREKEEPER_POSITION


def dealer_position(game_number: int, seats: int) -> int:
    """The seat (1-based) that deals game ``game_number``: the first-named deals game 1, the
    deal passes counter-clockwise, which is seating order."""
    return (game_number - 1) % seats + 1


def parties_in_order(seated: Sequence[tuple[int, T]]) -> list[T]:
    """The parties of a table by their first seat, from (position, party) pairs: pair A
    before pair B at a pairs table."""
    parties: list[T] = []
    for _position, party in sorted(seated, key=lambda item: item[0]):
        if party not in parties:
            parties.append(party)
    return parties
