"""The first plan and the re-plan share one local search (tournament.seating.search): no
database, no Django."""

from __future__ import annotations

import random

import pytest

from tournament.seating import plan_seating
from tournament.seating.search import SwapSearch


@pytest.fixture
def searches(monkeypatch: pytest.MonkeyPatch) -> list[SwapSearch]:
    """Every search that runs, recorded."""
    ran: list[SwapSearch] = []
    run = SwapSearch.run

    def recording_run(self: SwapSearch, target: int, budget: int) -> None:
        ran.append(self)
        run(self, target, budget)

    monkeypatch.setattr(SwapSearch, "run", recording_run)
    return ran


def test_plan_and_replan_run_the_same_search(searches: list[SwapSearch]) -> None:
    singles = list(range(1, 31))
    plan = plan_seating(singles, seed=1)
    assert searches and all(type(search) is SwapSearch for search in searches)
    assert all(search.pinned is None for search in searches)  # the first plan pins nobody
    searches.clear()
    plan_seating([*singles, 31], played=plan[:1], seed=1, fixed={5: 2})
    assert searches and all(type(search) is SwapSearch for search in searches)
    assert all(search.pinned is not None and sum(search.pinned) == 1 for search in searches)


def test_the_search_never_moves_a_pinned_entry() -> None:
    """Nine entries, three rounds; entries 0 and 4 are pinned to tables 1 and 2 of every round.
    The third round repeats three meetings of the first; the search removes them around the
    pinned entries."""
    tables = [
        [[0, 1, 2], [3, 4, 5], [6, 7, 8]],
        [[0, 3, 6], [1, 4, 7], [2, 5, 8]],
        [[0, 1, 5], [3, 4, 8], [6, 7, 2]],
    ]
    pinned = [p in (0, 4) for p in range(9)]
    search = SwapSearch(9, tables, cap4=0, rng=random.Random(3), pinned=pinned)
    assert search.cost == 3
    search.run(0, 1000)
    assert search.cost == 0
    for round_tables in search.tables:
        assert 0 in round_tables[0] and 4 in round_tables[1]
