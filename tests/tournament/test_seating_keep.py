"""Keeping the printed tables in a re-plan (``plan_seating(..., keep=...)``, issue 28, finding 3):
no database.

A re-plan for one latecomer seated every table of the rounds left anew, so every table card
and score sheet had to be printed again. With the printed tables given, every table whose
entries can stay together is kept (same entries, same seating order) as long as the plan is no
worse for it; the checker of ``test_seating_replan`` recomputes the plan's quality from the
plan alone.
"""

from __future__ import annotations

import pytest

from tests.tournament.test_seating_replan import check_replan, tables_of
from tournament.seating import plan_seating
from tournament.seating.keep import quality

Plan = list[list[tuple[int, ...]]]


def unchanged(new: Plan, printed: Plan) -> int:
    """Tables of the new rounds exactly as printed: same entries in the same seats at the same
    place among the tables of their kind (the card and the sheet stay right; the table's number
    is the same unless the number of singles tables changed before a pairs table)."""
    count = 0
    for after, before in zip(new, printed, strict=True):
        for is_pairs in (False, True):
            mine = [t for t in after if (len(t) == 2) == is_pairs]
            theirs = [t for t in before if (len(t) == 2) == is_pairs]
            count += sum(1 for a, b in zip(mine, theirs, strict=False) if a == b)
    return count


def goals(plan: Plan, played: int, singles, pairs) -> tuple:
    """The plan's goals per kind (repeat cost, roles over the quota, four-table seats over the
    spread), as ``tournament.seating.keep.quality`` measures them."""
    result = []
    for is_pairs, field in ((False, singles), (True, pairs)):
        history = [t for r in plan[:played] for t in r if (len(t) == 2) == is_pairs]
        new = [[t for t in r if (len(t) == 2) == is_pairs] for r in plan[played:]]
        result.append(quality(history, new, field, pairs=is_pairs, per_role=2 if is_pairs else 3))
    return tuple(result)


@pytest.mark.parametrize("seed", range(6))
def test_a_latecomer_keeps_most_printed_tables(seed: int) -> None:
    """The evening of the issue: 20 singles and 4 pairs, a latecomer after round 1."""
    singles, pairs = list(range(1, 21)), list(range(101, 105))
    plan = plan_seating(singles, pairs, seed=seed)
    played, printed = plan[:1], plan[1:]
    field = [*singles, 21]

    kept = plan_seating(field, pairs, played=played, seed=seed + 7, keep=printed)
    usual = plan_seating(field, pairs, played=played, seed=seed + 7)

    report = check_replan(kept, played, field, pairs)
    assert report.cost == 0  # nobody meets anyone twice over the three rounds
    assert max(report.first.values()) == 1 and max(report.third.values()) == 1
    assert goals(kept, 1, field, pairs) == goals(usual, 1, field, pairs)
    # 21 singles sit at seven three-tables: the four printed three-tables of each round stay
    # mostly, the two printed four-tables cannot; the pairs tables are untouched
    assert unchanged(kept[1:], printed) >= 10  # of 12 that can stay (8 singles, 4 pairs)
    for r in (1, 2):
        assert set(tables_of([kept[r]])) >= {t for t in plan[r] if len(t) == 2}
    # the checker can fail: without the printed tables hardly a table stays
    assert unchanged(usual[1:], printed) <= 4


SWEEP = [
    (n, change)
    for n in range(12, 43, 3)
    for change in ("late", "leave", "both")
] + [(n, "late") for n in (13, 14, 16, 17, 50, 61, 100)]


@pytest.mark.parametrize("n, change", SWEEP)
def test_keeping_never_costs_quality(n: int, change: str) -> None:
    singles = list(range(1, n + 1))
    pairs = list(range(201, 209))
    plan = plan_seating(singles, pairs, seed=n)
    played, printed = plan[:1], plan[1:]
    field = {"late": [*singles, n + 1], "leave": singles[1:], "both": [*singles[1:], n + 1]}[
        change
    ]
    kept = plan_seating(field, pairs, played=played, seed=n, keep=printed)
    usual = plan_seating(field, pairs, played=played, seed=n)
    check_replan(kept, played, field, pairs)
    assert goals(kept, 1, field, pairs) <= goals(usual, 1, field, pairs)
    # one entry more or less changes few tables of each round
    assert unchanged(kept[1:], printed) >= max(unchanged(usual[1:], printed),
                                               len(tables_of(printed)) // 2)


def test_before_any_round_every_round_keeps_its_printed_tables() -> None:
    singles, pairs = list(range(1, 28)), list(range(101, 107))
    printed = plan_seating(singles, pairs, seed=3)
    kept = plan_seating([*singles[1:], 40], pairs, seed=4, keep=printed)
    check_replan(kept, [], [*singles[1:], 40], pairs)
    assert unchanged(kept, printed) >= len(tables_of(printed)) * 2 // 3


def test_nothing_changed_keeps_every_table_as_printed() -> None:
    singles, pairs = list(range(1, 31)), list(range(101, 109))
    plan = plan_seating(singles, pairs, seed=5)
    kept = plan_seating(singles, pairs, played=plan[:1], seed=6, keep=plan[1:])
    assert kept == plan


def test_fixed_seats_hold_when_tables_are_kept() -> None:
    singles = list(range(1, 26))
    plan = plan_seating(singles, seed=2)
    fixed = {next(iter(plan[0][3])): 4}  # the first-named of table 4 keeps table 4
    field = [*singles, 26]
    kept = plan_seating(field, played=plan[:1], seed=2, fixed=fixed, keep=plan[1:])
    report = check_replan(kept, plan[:1], field, [], fixed=fixed)
    assert report.cost == 0


def test_keeping_is_reproducible_and_ignores_what_is_no_table() -> None:
    singles = list(range(1, 24))
    plan = plan_seating(singles, seed=1)
    field = [*singles, 24]
    kept = plan_seating(field, played=plan[:1], seed=1, keep=plan[1:])
    assert plan_seating(field[::-1], played=plan[:1], seed=1, keep=plan[1:]) == kept
    noisy = [[*plan[1], "x", (1,), (1, 2, "3")], "no round", *plan[2:]]
    assert plan_seating(field, played=plan[:1], seed=1, keep=noisy)[1:] != []
    assert plan_seating(field, played=plan[:1], seed=1, keep=[]) == plan_seating(
        field, played=plan[:1], seed=1
    )
