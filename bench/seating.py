"""Benchmark of tournament.seating.plan_seating against the organiser's simple method.

Run from the repository root:  python bench/seating.py [--draws K] [--repeat R]

For each field size it prints the repeat cost C reached (the worst over R seeds) next to the
proven minimum, the median time of plan_seating, and for comparison the best of K random draws
(shuffle the entries, cut them into tables, independently per round) with its C and the time
all K draws took. Three rounds throughout. A script that prints figures, not a timed test.
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


if __name__ == "__main__":
    main()
