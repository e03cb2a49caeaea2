"""Tests of re-planning and fixed seats (``plan_seating(..., played=, fixed=)``): no database.

The checker recomputes everything from the returned plan alone: the played rounds kept exactly,
every entry of the remaining field seated once per new round (who left absent, latecomers
present), fixed entries at their table, the repeat cost C over all rounds and the roles over
all rounds. Where the field is small, an exhaustive search (written here, independent of the
generator) proves whether a re-plan without a new repeat exists, and for one round left the
least cost there is.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

import pytest

from tournament.seating import SeatingError, plan_seating

Plan = list[list[tuple[int, ...]]]
ROUNDS = 3
UNSEATABLE = (1, 2, 5)


def repeat_cost(groups: Sequence[Sequence[int]]) -> int:
    met: Counter[tuple[int, int]] = Counter()
    for group in groups:
        for a, b in itertools.combinations(sorted(group), 2):
            met[a, b] += 1
    return sum(m * (m - 1) // 2 for m in met.values())


def tables_of(plan: Plan) -> list[tuple[int, ...]]:
    return [table for round_plan in plan for table in round_plan]


@dataclass
class Report:
    cost: int  # C over every round, played and new
    played_cost: int  # C of the played rounds alone
    first: Counter[int]  # over every round, for the entries of the remaining field
    third: Counter[int]
    pair_a: Counter[int]
    pair_b: Counter[int]


def check_replan(
    plan: Plan,
    played: Plan,
    singles: Sequence[int],
    pairs: Sequence[int],
    rounds: int = ROUNDS,
    fixed: Mapping[int, int] | None = None,
) -> Report:
    """Check a re-plan from scratch and return its figures."""
    field = set(singles) | set(pairs)
    assert isinstance(plan, list) and len(plan) == rounds
    assert plan[: len(played)] == [[tuple(table) for table in r] for r in played]
    n, p = len(singles), len(pairs)
    for round_plan in plan[len(played) :]:
        seated = [number for table in round_plan for number in table]
        assert sorted(seated) == sorted(field), "every entry of the field exactly once"
        kinds = ["pairs" if len(table) == 2 else "singles" for table in round_plan]
        assert kinds == sorted(kinds, key=lambda kind: kind == "pairs")
        sizes = [len(table) for table in round_plan]
        assert sizes.count(4) == n % 3 and sizes.count(2) == p // 2
        assert sizes == sorted(sizes, key=lambda size: -size)  # four-tables, three-tables, pairs
        for table in round_plan:
            assert all(type(x) is int for x in table)
            assert set(table) <= (set(pairs) if len(table) == 2 else set(singles))
        for number, table_number in (fixed or {}).items():
            assert number in round_plan[table_number - 1], (number, table_number)
    first: Counter[int] = Counter()
    third: Counter[int] = Counter()
    pair_a: Counter[int] = Counter()
    pair_b: Counter[int] = Counter()
    for table in tables_of(plan):
        if len(table) == 2:
            pair_a[table[0]] += 1
            pair_b[table[1]] += 1
        else:
            first[table[0]] += 1
            third[table[2]] += 1
    keep = {number: count for number, count in first.items() if number in field}
    first = Counter(keep)
    third = Counter({number: count for number, count in third.items() if number in field})
    return Report(
        repeat_cost(tables_of(plan)), repeat_cost(tables_of(played)), first, third, pair_a, pair_b
    )


# --- an exhaustive search, independent of the generator -------------------------------------


def _groups(elems: list[int], sizes: list[int]) -> Iterator[list[tuple[int, ...]]]:
    """Every way to cut ``elems`` into unordered groups of the given sizes."""
    if not elems:
        yield []
        return
    head = elems[0]
    for size in sorted(set(sizes)):
        rest_sizes = sizes[:]
        rest_sizes.remove(size)
        for others in itertools.combinations(elems[1:], size - 1):
            left = [e for e in elems[1:] if e not in others]
            for tail in _groups(left, rest_sizes):
                yield [(head, *others), *tail]


def one_round_seatings(field: Sequence[int]) -> Iterator[list[tuple[int, ...]]]:
    n = len(field)
    yield from _groups(sorted(field), [4] * (n % 3) + [3] * ((n - 4 * (n % 3)) // 3))


def pair_set(groups: Sequence[Sequence[int]]) -> frozenset[tuple[int, int]]:
    return frozenset(pair for group in groups for pair in itertools.combinations(sorted(group), 2))


def least_cost_one_round(field: Sequence[int], played: Plan) -> int:
    history = tables_of(played)
    return min(repeat_cost(history + seating) for seating in one_round_seatings(field))


def no_new_repeat_exists(field: Sequence[int], played: Plan, new_rounds: int) -> bool:
    """Whether the rounds left can be seated without any two entries meeting again."""
    met = pair_set(tables_of(played))
    fresh = [pairs for s in one_round_seatings(field) if not (pairs := pair_set(s)) & met]
    if new_rounds == 1:
        return bool(fresh)
    assert new_rounds == 2
    return any(not a & b for i, a in enumerate(fresh) for b in fresh[i + 1 :])


# --- every field size: latecomer, leaver, both, after round 1 and after round 2 ---------------


def scenario(n: int, after: int, change: str) -> tuple[list[int], Plan, list[int]]:
    """The original singles, the played rounds of their plan and the field left."""
    singles = list(range(1, n + 1))
    played = plan_seating(singles, seed=n)[:after]
    field = {
        "late": [*singles, n + 1],
        "leave": singles[1:],
        "both": [*singles[1:], n + 1],
    }[change]
    return singles, played, field


def field_size(n: int, change: str) -> int:
    return n + (change == "late") - (change == "leave")


SWEEP = [
    (n, after, change)
    for n in range(3, 41)
    for after in (1, 2)
    for change in ("late", "leave", "both")
    if n not in UNSEATABLE and field_size(n, change) not in UNSEATABLE
]


def roles_fit_last_round(played: Plan, field: Sequence[int]) -> bool:
    """Hall's condition for one round left (quota 1): enough entries with room to be
    first-named, to be third-named, and with room for one of them (each takes one role)."""
    tables = len(field) // 3
    firsts = Counter(table[0] for table in tables_of(played))
    thirds = Counter(table[2] for table in tables_of(played))
    can_first = {x for x in field if firsts[x] < 1}
    can_third = {x for x in field if thirds[x] < 1}
    return (
        min(len(can_first), len(can_third)) >= tables and len(can_first | can_third) >= 2 * tables
    )


@pytest.mark.parametrize("n, after, change", SWEEP)
def test_replan_every_field_size(n: int, after: int, change: str) -> None:
    _, played, field = scenario(n, after, change)
    plan = plan_seating(field, played=played, seed=after)
    report = check_replan(plan, played, field, [])
    new_rounds = ROUNDS - after
    if len(field) >= 12:
        # a re-plan without a new repeat exists (the plan is the witness)
        assert report.cost == report.played_cost
    else:
        # small fields: the exhaustive search decides whether one exists
        exists = no_new_repeat_exists(field, played, new_rounds)
        assert (report.cost == report.played_cost) == exists
        if new_rounds == 1:
            assert report.cost == least_cost_one_round(field, played)
    # roles over all rounds: first- and third-named ceil(3 / 3) = 1 times each, where the
    # played rounds leave room for it (no repeats come first: at most one more otherwise)
    assert max(report.first.values()) <= 2 and max(report.third.values()) <= 2
    # four-table seats: at most one more than the even spread over all rounds
    at_four = Counter(x for t in tables_of(plan) if len(t) == 4 for x in t if x in set(field))
    if at_four:
        assert max(at_four.values()) <= math.ceil(sum(at_four.values()) / len(field)) + 1
    fits = after == 1 or (len(field) >= 15 and roles_fit_last_round(played, field))
    if len(field) >= 12 and fits:
        assert max(report.first.values()) == 1 and max(report.third.values()) == 1


# --- the case of the issue: 30 singles, a latecomer after round 1 ------------------------------


@pytest.mark.parametrize("seed", range(10))
def test_latecomer_after_round_one_thirty_singles_no_repeat(seed: int) -> None:
    singles = list(range(1, 31))
    played = plan_seating(singles, seed=seed)[:1]
    field = [*singles, 31]
    plan = plan_seating(field, played=played, seed=seed)
    report = check_replan(plan, played, field, [])
    assert report.cost == 0  # no two entries share a table twice over all three rounds
    assert all(31 in [x for table in round_plan for x in table] for round_plan in plan[1:])
    assert set(report.first.values()) == {1} and set(report.third.values()) <= {1}
    assert max(report.third.values()) == 1
    # the checker can fail: seating rounds 2 and 3 without the history repeats round 1's tables
    naive = played + plan_seating(field, rounds=2, seed=seed)
    assert repeat_cost(tables_of(naive)) > 0


def test_replan_counts_played_roles() -> None:
    """Who was first-named in round 1 is not first-named again (quota 1 over three rounds)."""
    singles = list(range(1, 31))
    played = plan_seating(singles, seed=3)[:1]
    plan = plan_seating([*singles, 31, 32, 33], played=played, seed=3)
    report = check_replan(plan, played, [*singles, 31, 32, 33], [])
    assert report.cost == 0
    for table in played[0]:
        assert report.first[table[0]] == 1 and report.third[table[2]] == 1


# --- pairs, stand-ins, mixed fields ----------------------------------------------------------


@pytest.mark.parametrize("change", ["stand-in", "late", "leave"])
@pytest.mark.parametrize("after", [1, 2])
@pytest.mark.parametrize("p", [6, 8, 10, 12, 20, 40])
def test_pairs_replan(p: int, after: int, change: str) -> None:
    pairs = list(range(1001, 1001 + p))
    played = plan_seating([], pairs, seed=p)[:after]
    field = {
        "stand-in": [*pairs[1:], 2001],  # a pair leaves, a stand-in pair takes its place
        "late": [*pairs, 2001, 2002],
        "leave": pairs[2:],
    }[change]
    plan = plan_seating([], field, played=played, seed=after)
    report = check_replan(plan, played, [], field)
    assert report.cost == report.played_cost == 0
    # over all rounds, a pair playing k rounds is pair A in floor(k / 2) or ceil(k / 2) of them
    for number in field:
        k = report.pair_a[number] + report.pair_b[number]
        assert k == (3 if number < 2000 else 3 - after)
        assert k // 2 <= report.pair_a[number] <= (k + 1) // 2


def test_mixed_field_latecomer_leaver_and_stand_in_pair() -> None:
    singles = list(range(1, 32))
    pairs = list(range(101, 113))
    played = plan_seating(singles, pairs, seed=5)[:1]
    new_singles = [*[s for s in singles if s != 7], 40, 41]
    new_pairs = [*[p for p in pairs if p != 104], 120]  # a pair leaves, a stand-in pair comes
    plan = plan_seating(new_singles, new_pairs, played=played, seed=5)
    report = check_replan(plan, played, new_singles, new_pairs)
    assert report.cost == 0
    assert all(7 not in table and 104 not in table for r in plan[1:] for table in r)


@pytest.mark.parametrize("rounds, after", [(4, 1), (4, 2), (4, 3), (5, 2), (2, 1)])
def test_other_numbers_of_rounds(rounds: int, after: int) -> None:
    singles = list(range(1, 41))
    played = plan_seating(singles, list(range(101, 111)), rounds=rounds, seed=1)[:after]
    field = [*singles[2:], 50]
    pairs = list(range(101, 111))
    plan = plan_seating(field, pairs, rounds=rounds, played=played, seed=1)
    report = check_replan(plan, played, field, pairs, rounds=rounds)
    assert report.cost == 0
    quota = math.ceil(rounds / 3)
    assert max(report.first.values()) <= quota and max(report.third.values()) <= quota


# --- fixed seats -------------------------------------------------------------------------------


def test_fixed_seats_without_played_rounds() -> None:
    singles = list(range(1, 31))
    fixed = {7: 1, 12: 5, 30: 10}
    plan = plan_seating(singles, seed=2, fixed=fixed)
    report = check_replan(plan, [], singles, [], fixed=fixed)
    assert report.cost == 0
    assert set(report.first.values()) == set(report.third.values()) == {1}


@pytest.mark.parametrize("n", [13, 16, 20, 31, 44])
def test_fixed_seat_in_a_replan(n: int) -> None:
    singles = list(range(1, n + 1))
    played = plan_seating(singles, seed=n)[:1]
    field = [*singles[1:], n + 1, n + 2]
    # 3 keeps the table it had in round 1 (its number may now seat four)
    table = next(i for i, t in enumerate(played[0], start=1) if 3 in t)
    fixed = {3: table, n + 1: 1}
    plan = plan_seating(field, played=played, seed=n, fixed=fixed)
    report = check_replan(plan, played, field, [], fixed=fixed)
    expected = 0
    if table == 1:  # both sit at table 1 in rounds 2 and 3: they meet twice
        expected = 1
    assert report.cost == expected
    assert max(report.first.values()) == 1 and max(report.third.values()) == 1


def test_fixed_seats_at_one_table_meet_only_each_other_again() -> None:
    singles = list(range(1, 31))
    played = plan_seating(singles, seed=9)[:1]
    a, b = played[0][0][0], played[0][1][0]  # they have not met
    plan = plan_seating(singles, played=played, seed=9, fixed={a: 4, b: 4})
    report = check_replan(plan, played, singles, [], fixed={a: 4, b: 4})
    assert report.cost == 1  # a and b meet in rounds 2 and 3, nobody else twice


def test_fixed_pair() -> None:
    pairs = list(range(101, 111))
    singles = list(range(1, 13))  # 4 singles tables, pairs at tables 5 to 9
    fixed = {105: 7, 3: 2}
    plan = plan_seating(singles, pairs, seed=1, fixed=fixed)
    report = check_replan(plan, [], singles, pairs, fixed=fixed)
    assert report.cost == 0


# --- determinism and the old behaviour ---------------------------------------------------------


def test_replan_is_reproducible_and_order_free() -> None:
    singles = list(range(1, 26))
    played = plan_seating(singles, seed=4)[:1]
    field = [*singles, 26]
    plan = plan_seating(field, played=played, seed=4, fixed={5: 2})
    assert plan_seating(field[::-1], played=played, seed=4, fixed={5: 2}) == plan
    as_lists = [[list(table) for table in round_plan] for round_plan in played]
    assert plan_seating(field, played=as_lists, seed=4, fixed={5: 2}) == plan


def test_empty_played_and_fixed_keep_the_old_plan() -> None:
    singles, pairs = list(range(1, 32)), list(range(101, 107))
    plan = plan_seating(singles, pairs, seed=8)
    assert plan_seating(singles, pairs, seed=8, played=[], fixed={}) == plan
    assert plan_seating(singles, pairs, seed=8, played=None, fixed=None) == plan


# --- refused input -----------------------------------------------------------------------------

SINGLES = list(range(1, 31))
PLAYED = [plan_seating(SINGLES, seed=0)[0]]


@pytest.mark.parametrize(
    "kwargs, fragment",
    [
        ({"played": "abc"}, "list of rounds"),
        ({"played": [PLAYED[0]] * 3}, "no round left"),
        ({"played": [5]}, "not a list of tables"),
        ({"played": [[(1, 2, 3, 4, 5)]]}, "neither two pairs"),
        ({"played": [[(1,)]]}, "neither two pairs"),
        ({"played": [[(1, 2, "3")]]}, "Invalid start number"),
        ({"played": [[(1, 2, True)]]}, "Invalid start number"),
        ({"played": [[(1, 2, 3), (3, 4, 5)]]}, "more than once"),
        ({"played": [[(1, 2)]]}, "wrong kind"),
        ({"played": [[(90, 91, 92)], [(90, 91)]]}, "wrong kind"),
        ({"fixed": [(1, 2)]}, "map start numbers"),
        ({"fixed": {99: 1}}, "does not play"),
        ({"fixed": {"7": 1}}, "Invalid start number"),
        ({"fixed": {7: "1"}}, "must be a table number"),
        ({"fixed": {7: True}}, "must be a table number"),
        ({"fixed": {7: 0}}, "cannot keep table"),
        ({"fixed": {7: 11}}, "cannot keep table"),
        ({"fixed": {1: 2, 2: 2, 3: 2, 4: 2}}, "more start numbers than that"),
    ],
)
def test_invalid_replan_input(kwargs: dict[str, object], fragment: str) -> None:
    with pytest.raises(SeatingError) as info:
        plan_seating(SINGLES, **kwargs)  # type: ignore[arg-type]
    assert fragment in info.value.message.msgid


def test_fixed_pair_at_a_singles_table_is_refused() -> None:
    with pytest.raises(SeatingError) as info:
        plan_seating(SINGLES, [101, 102], fixed={101: 3})
    assert info.value.params == {"number": 101, "table": 3, "first": 11, "last": 11}


def test_four_fixed_at_a_four_table_fit() -> None:
    singles = list(range(1, 32))  # 31: table 1 seats four
    fixed = {1: 1, 2: 1, 3: 1, 4: 1}
    plan = plan_seating(singles, seed=0, fixed=fixed)
    check_replan(plan, [], singles, [], fixed=fixed)
