"""The seat vocabulary, table-driven: seating order, roles, labels, the dealer rotation."""

import pytest

from tournament import seats


@pytest.mark.parametrize(
    ("parties", "pairs", "expected"),
    [
        (["a", "b", "c"], False, [("a", 0), ("b", 0), ("c", 0)]),
        (["a", "b", "c", "d"], False, [("a", 0), ("b", 0), ("c", 0), ("d", 0)]),
        # crosswise: A1 (pair a's player), B1, A2 (pair a's partner), B2
        (["a", "b"], True, [("a", 0), ("b", 0), ("a", 1), ("b", 1)]),
    ],
)
def test_seating_order(parties, pairs, expected):
    assert seats.seating(parties, pairs=pairs) == expected


def test_a_pairs_table_seats_exactly_two_pairs():
    with pytest.raises(ValueError):
        seats.seating(["a", "b", "c"], pairs=True)


@pytest.mark.parametrize(
    ("position", "pairs", "label", "deals", "keeps"),
    [
        (1, False, "1", True, False),
        (2, False, "2", False, False),
        (3, False, "3", False, True),
        (4, False, "4", False, False),
        (1, True, "A1", True, False),
        (2, True, "B1", False, False),
        (3, True, "A2", False, True),
        (4, True, "B2", False, False),
    ],
)
def test_labels_and_roles(position, pairs, label, deals, keeps):
    assert seats.seat_label(position, pairs=pairs) == label
    assert seats.deals_first(position) is deals
    assert seats.keeps_score(position) is keeps


@pytest.mark.parametrize(
    ("seat_count", "dealers"),
    [
        (3, [1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3]),
        (4, [1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4]),
    ],
)
def test_the_deal_passes_in_seating_order(seat_count, dealers):
    assert [seats.dealer_position(game, seat_count) for game in range(1, 13)] == dealers


@pytest.mark.parametrize(
    ("parties", "pairs", "kind", "count"),
    [(3, False, "three", 3), (4, False, "four", 4), (2, True, "pairs", 4)],
)
def test_table_kinds(parties, pairs, kind, count):
    assert seats.table_kind(parties, pairs=pairs) == kind
    assert seats.seat_count(kind) == count
    assert count in seats.SEAT_COUNTS


def test_parties_in_order_of_their_first_seat():
    # a pairs table stored in any order: pair "b" at 2 and 4, pair "a" at 1 and 3
    seated = [(4, "b"), (2, "b"), (3, "a"), (1, "a")]
    assert seats.parties_in_order(seated) == ["a", "b"]
    assert seats.parties_in_order([(3, "z"), (1, "x"), (2, "y")]) == ["x", "y", "z"]
    assert [seats.party_letter(index) for index in range(2)] == ["A", "B"]
