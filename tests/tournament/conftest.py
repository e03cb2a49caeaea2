"""Fixtures shared by the tests of the seating plan's services and pages."""

import pytest

from tests.factories import make_entry, make_event, make_round, make_sheet, make_table


@pytest.fixture
def two_round_field():
    """Six singles and four pairs over two hand-made rounds.

    Round 1: T1 = 1, 2, 3; T2 = 4, 5, 6; T3 = pairs 7 v 8; T4 = pairs 9 v 10.
    Round 2: T1 = 1, 5, 6; T2 = 4, 2, 3; T3 = pairs 7 v 9; T4 = pairs 10 v 8.
    """
    event = make_event(round_count=2)
    singles = {n: make_entry(event, n) for n in range(1, 7)}
    pairs = {n: make_entry(event, n, f"P{n}a", partner=f"P{n}b") for n in range(7, 11)}
    entries = {**singles, **pairs}
    layout = {
        1: [(1, 2, 3), (4, 5, 6), (7, 8), (9, 10)],
        2: [(1, 5, 6), (4, 2, 3), (7, 9), (10, 8)],
    }
    for number, tables in layout.items():
        round_ = make_round(event, number)
        for table_number, members in enumerate(tables, start=1):
            make_sheet(make_table(round_, [entries[n] for n in members], table_number))
    return event, entries
