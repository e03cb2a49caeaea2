"""Benchmark of tournament.seating.plan_seating against the organiser's simple method.

Run from the repository root:  python bench/seating.py [--draws K] [--repeat R]

For each field size it prints the repeat cost C reached (the worst over R seeds) next to the
proven minimum, the median time of plan_seating, and for comparison the best of K random draws
(shuffle the entries, cut them into tables, independently per round) with its C and the time
all K draws took. Three rounds throughout. A script that prints figures, not a timed test.

Then the re-plans of the rounds not yet started (``played=``, ``fixed=``): for each scenario
the repeat cost C over all three rounds (the worst over R seeds), C of the played rounds
alone (a re-plan cannot go below it), the worst excess of first- or third-named over the
quota, and the median time of the re-plan.
"""

from __future__ import annotations

import argparse
import itertools
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournament.seating import plan_seating

ROUNDS = 3
SINGLES = [3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 15, 20, 30, 50, 100, 200, 400, 601]
PAIRS = 100
MIN_COST_3_ROUNDS = {3: 9, 4: 18, 6: 6, 7: 9, 8: 12, 10: 3, 11: 6}


def repeat_cost(groups: Sequence[Sequence[int]]) -> int:
    """C = sum over every two entries of m * (m - 1) / 2 (m = tables they share)."""
    met: Counter[tuple[int, int]] = Counter()
    for group in groups:
        for a, b in itertools.combinations(sorted(group), 2):
            met[a, b] += 1
    return sum(m * (m - 1) // 2 for m in met.values())


def random_draw(entries: list[int], pairs: bool, rng: random.Random) -> list[tuple[int, ...]]:
    """One draw of every round: shuffle, then cut into tables (n mod 3 four-tables first)."""
    groups: list[tuple[int, ...]] = []
    for _ in range(ROUNDS):
        order = entries[:]
        rng.shuffle(order)
        if pairs:
            sizes = [2] * (len(order) // 2)
        else:
            fours = len(order) % 3
            sizes = [4] * fours + [3] * ((len(order) - 4 * fours) // 3)
        start = 0
        for size in sizes:
            groups.append(tuple(order[start : start + size]))
            start += size
    return groups


def best_of_draws(entries: list[int], pairs: bool, draws: int) -> tuple[int, float]:
    rng = random.Random(12345)
    started = time.perf_counter()
    best = min(repeat_cost(random_draw(entries, pairs, rng)) for _ in range(draws))
    return best, (time.perf_counter() - started) * 1000


def run_plan(singles: list[int], pairs: list[int], repeat: int) -> tuple[int, int, float]:
    """Worst singles C and worst pairs C over ``repeat`` seeds, and the median time in ms."""
    costs_s: list[int] = []
    costs_p: list[int] = []
    times: list[float] = []
    for seed in range(repeat):
        started = time.perf_counter()
        plan = plan_seating(singles, pairs, rounds=ROUNDS, seed=seed)
        times.append((time.perf_counter() - started) * 1000)
        tables = [t for round_plan in plan for t in round_plan]
        costs_s.append(repeat_cost([t for t in tables if len(t) != 2]))
        costs_p.append(repeat_cost([t for t in tables if len(t) == 2]))
    return max(costs_s), max(costs_p), statistics.median(times)


def draws_for(n: int, draws: int) -> int:
    """K for a field of n entries: the full K up to 100 entries, fewer for big fields."""
    return draws if n <= 100 else max(20, draws * 100 // n)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--draws", type=int, default=1000, help="random draws K (default 1000)")
    parser.add_argument("--repeat", type=int, default=5, help="seeds / timing runs (default 5)")
    args = parser.parse_args()

    print(f"Three rounds; C worst of {args.repeat} seeds, time = median of {args.repeat} runs.")
    print("Random draw: best C of K draws (K = --draws up to 100 entries, K*100/n above).")
    print()
    header = (
        f"{'field':>16} {'min C':>6} {'C':>4} {'ms':>8} | {'K':>5} {'rand C':>7} {'rand ms':>9}"
    )
    print(header)
    print("-" * len(header))
    for n in SINGLES:
        singles = list(range(1, n + 1))
        cost, _, ms = run_plan(singles, [], args.repeat)
        k = draws_for(n, args.draws)
        rand_cost, rand_ms = best_of_draws(singles, False, k)
        label = f"{n} singles"
        minimum = MIN_COST_3_ROUNDS.get(n, 0)
        print(
            f"{label:>16} {minimum:>6} {cost:>4} {ms:>8.2f} | {k:>5} {rand_cost:>7} {rand_ms:>9.1f}"
        )
    pairs = list(range(1001, 1001 + PAIRS))
    _, cost, ms = run_plan([], pairs, args.repeat)
    k = draws_for(PAIRS, args.draws)
    rand_cost, rand_ms = best_of_draws(pairs, True, k)
    label = f"{PAIRS} pairs"
    print(f"{label:>16} {0:>6} {cost:>4} {ms:>8.2f} | {k:>5} {rand_cost:>7} {rand_ms:>9.1f}")
    print()
    singles = list(range(1, 602))
    cost_s, cost_p, ms = run_plan(singles, pairs, max(args.repeat, 5))
    print(
        f"601 singles + {PAIRS} pairs: C = {cost_s} (singles) + {cost_p} (pairs), "
        f"median {ms:.1f} ms over {max(args.repeat, 5)} runs"
    )
    print()
    print(f"Re-plans (three rounds; worst of {args.repeat} seeds, median time of the re-plan):")
    run_replans(args.repeat)


def replan_scenarios() -> list[tuple[str, list[int], list[int], int, list[int], list[int], dict]]:
    """(label, singles, pairs, played rounds, new singles, new pairs, fixed) per scenario."""
    s30 = list(range(1, 31))
    s100 = list(range(1, 101))
    p20 = list(range(1001, 1021))
    return [
        ("30 s, latecomer after R1", s30, [], 1, [*s30, 31], [], {}),
        ("30 s, 3 latecomers after R1", s30, [], 1, [*s30, 31, 32, 33], [], {}),
        ("30 s, leaver after R1", s30, [], 1, s30[1:], [], {}),
        ("30 s, leaver after R2", s30, [], 2, s30[1:], [], {}),
        ("30 s, latecomer after R2", s30, [], 2, [*s30, 31], [], {}),
        ("30 s, fixed seat, late R1", s30, [], 1, [*s30, 31], [], {7: 3}),
        ("30 s, fixed seats, no R", s30, [], 0, s30, [], {7: 1, 12: 5}),
        ("10 s, leaver after R1", s30[:10], [], 1, s30[1:10], [], {}),
        ("100 s + 20 p, stand-in", s100, p20, 1, s100[1:], [*p20[1:], 2001], {}),
        (
            "601 s + 100 p, late R1",
            list(range(1, 602)),
            list(range(1001, 1101)),
            1,
            list(range(1, 603)),
            list(range(1001, 1101)),
            {},
        ),
    ]


def run_replans(repeat: int) -> None:
    header = f"{'re-plan':>30} {'C played':>8} {'C':>4} {'roles+':>6} {'ms':>8}"
    print(header)
    print("-" * len(header))
    for label, singles, pairs, after, new_singles, new_pairs, fixed in replan_scenarios():
        costs: list[int] = []
        played_costs: list[int] = []
        excess: list[int] = []
        times: list[float] = []
        for seed in range(repeat):
            played = plan_seating(singles, pairs, rounds=ROUNDS, seed=seed)[:after]
            started = time.perf_counter()
            plan = plan_seating(
                new_singles, new_pairs, rounds=ROUNDS, seed=seed, played=played, fixed=fixed
            )
            times.append((time.perf_counter() - started) * 1000)
            tables = [t for round_plan in plan for t in round_plan]
            costs.append(repeat_cost(tables))
            played_costs.append(repeat_cost([t for r in played for t in r]))
            field = set(new_singles)
            roles = Counter(t[0] for t in tables if len(t) > 2 and t[0] in field)
            roles_third = Counter(t[2] for t in tables if len(t) > 2 and t[2] in field)
            excess.append(max([*roles.values(), *roles_third.values(), 1]) - 1)
        print(
            f"{label:>30} {max(played_costs):>8} {max(costs):>4} {max(excess):>6} "
            f"{statistics.median(times):>8.2f}"
        )


if __name__ == "__main__":
    main()
