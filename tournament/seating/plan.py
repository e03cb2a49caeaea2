"""The first plan and the entry point ``plan_seating``.

Singles and pairs are independent sub-problems. Pairs follow a round robin (circle method), pair
A balanced by an Euler orientation. Singles start from a random draw that already spreads the
four-table seats evenly; a tabu search then swaps two singles of one round between tables until
the repeat cost reaches its proven minimum (or a lower bound, or the search budget is spent);
the search is the re-plan's too (``tournament.seating.search``). The roles are assigned
afterwards (:func:`tournament.seating.roles.order_tables`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from tournament.seating.checks import check_field, check_numbers
from tournament.seating.graphs import balanced_orientation
from tournament.seating.keep import keep_printed
from tournament.seating.replan import replan
from tournament.seating.roles import order_tables
from tournament.seating.search import SwapSearch

# Proven minima of the repeat cost C for three rounds and small numbers of singles; every other
# seatable number of singles (9, 12 and 13 or more) reaches 0.
_MIN_COST_3_ROUNDS: dict[int, int] = {0: 0, 3: 9, 4: 18, 6: 6, 7: 9, 8: 12, 10: 3, 11: 6}

# (singles, rounds) for which the even spread of four-table seats, ceil(seats / singles), rules
# out the minimal repeat cost; there the limit is raised to the value given. 13 singles in three
# rounds: three pairwise disjoint four-tables cannot be completed to a plan without a repeated
# meeting (exhaustive search, see tests); every plan with C = 0 has three singles at a
# four-table twice (or one single three times). For other numbers of rounds (best effort) the
# even spread always takes precedence.
_FOUR_TABLE_LIMIT_EXCEPTIONS: dict[tuple[int, int], int] = {(13, 3): 2}


def four_table_limit(n_singles: int, rounds: int = 3) -> int:
    """How often a single may sit at a four-table over ``rounds`` rounds at most: the even spread
    ``ceil(four-table seats / singles)`` -- except for 13 singles in three rounds (2, not 1),
    where the even spread would force two singles to meet twice."""
    if n_singles <= 0:
        return 0
    seats = 4 * (n_singles % 3) * rounds
    limit = -(-seats // n_singles)
    return max(limit, _FOUR_TABLE_LIMIT_EXCEPTIONS.get((n_singles, rounds), 0)) if seats else 0


def _lower_bound(n: int, sizes: Sequence[int], rounds: int) -> int:
    """A lower bound of C: the proven minimum for three rounds, else the counting bound."""
    if rounds == 3:
        return _MIN_COST_3_ROUNDS.get(n, 0)
    meetings = rounds * sum(s * (s - 1) // 2 for s in sizes)
    all_pairs = n * (n - 1) // 2
    q, s = divmod(meetings, all_pairs)
    return all_pairs * q * (q - 1) // 2 + s * q


def _draw_singles(
    n: int, rounds: int, sizes: Sequence[int], rng: random.Random
) -> list[list[list[int]]]:
    """The search's start: a random draw per round that hands the four-table seats on in one
    shuffled rotation, so that they are spread evenly."""
    n_four_seats = 4 * sum(1 for s in sizes if s == 4)
    rotation = list(range(n))
    rng.shuffle(rotation)
    tables: list[list[list[int]]] = []
    for r in range(rounds):
        start = r * n_four_seats
        at_four = [rotation[(start + i) % n] for i in range(n_four_seats)]
        at_four_set = set(at_four)
        rest = [p for p in range(n) if p not in at_four_set]
        rng.shuffle(at_four)
        rng.shuffle(rest)
        round_tables: list[list[int]] = []
        for i in range(0, n_four_seats, 4):
            round_tables.append(at_four[i : i + 4])
        for i in range(0, len(rest), 3):
            round_tables.append(rest[i : i + 3])
        tables.append(round_tables)
    return tables


def _seat_singles(n: int, rounds: int, rng: random.Random) -> list[list[list[int]]]:
    """Tables (lists of player indices ``0..n-1``, in seating order) for every round."""
    if n == 0:
        return [[] for _ in range(rounds)]
    n_four = n % 3
    sizes = [4] * n_four + [3] * ((n - 4 * n_four) // 3)
    cap4 = four_table_limit(n, rounds)
    target = _lower_bound(n, sizes, rounds)
    # rounds == 3: the minimum is known and reachable, search until it is reached (the attempt
    # limit is a mere safety net). Otherwise best effort.
    budget = max(300, 400_000 // n) if rounds == 3 else max(200, 40_000 // n)
    attempts = 200 if rounds == 3 else 2
    best: list[list[list[int]]] | None = None
    best_cost = -1
    for _ in range(attempts):
        tables = _draw_singles(n, rounds, sizes, rng)
        search = SwapSearch(n, tables, cap4, rng, first_improvement=n > 60)
        if len(sizes) > 1:
            search.run(target, budget)
        if best is None or search.cost < best_cost:
            best, best_cost = search.snapshot(), search.cost
        if best_cost <= target:
            break
    assert best is not None
    flat = [table for round_tables in best for table in round_tables]
    ordered = order_tables(n, flat, rounds, rng)
    per_round = len(sizes)
    return [ordered[r * per_round : (r + 1) * per_round] for r in range(rounds)]


def _seat_pairs(p: int, rounds: int, rng: random.Random) -> list[list[tuple[int, int]]]:
    """Tables (pairs of pair indices ``0..p-1``, pair A first) for every round: a round robin
    (circle method), pair A balanced by an Euler orientation."""
    if p == 0:
        return [[] for _ in range(rounds)]
    fixed = p - 1
    factorization: list[list[tuple[int, int]]] = []
    for k in range(p - 1):
        matches = [(k, fixed)]
        for i in range(1, p // 2):
            matches.append(((k + i) % (p - 1), (k - i) % (p - 1)))
        factorization.append(matches)
    schedule: list[list[tuple[int, int]]] = []
    while len(schedule) < rounds:
        block = factorization[:]
        rng.shuffle(block)
        schedule.extend(block)
    schedule = schedule[:rounds]
    edges = [match for matches in schedule for match in matches]
    forward = balanced_orientation(p, edges)
    oriented = [(a, b) if fwd else (b, a) for (a, b), fwd in zip(edges, forward, strict=True)]
    per_round = p // 2
    result: list[list[tuple[int, int]]] = []
    for r in range(rounds):
        tables = oriented[r * per_round : (r + 1) * per_round]
        rng.shuffle(tables)
        result.append(tables)
    return result


def plan_seating(
    singles: Sequence[int],
    pairs: Sequence[int] = (),
    *,
    rounds: int = 3,
    seed: int = 0,
    played: Sequence[Sequence[Sequence[int]]] | None = None,
    fixed: Mapping[int, int] | None = None,
    keep: Sequence[Sequence[Sequence[int]]] | None = None,
) -> list[list[tuple[int, ...]]]:
    """Seat the field for every round.

    ``singles`` and ``pairs`` are start numbers. Returns one list of tables per round; within a
    round the singles tables come first (3 or 4 start numbers in seating order), then the pairs
    tables as ``(a, b)`` with seats A1, B1, A2, B2. The first-named deals the first game, the
    third-named keeps the score sheet. The plan depends only on the sets of start numbers,
    ``rounds`` and ``seed``. Raises :class:`SeatingError` (German message) when the field cannot
    be seated or the input is invalid.

    Re-planning (``played``): the rounds already played or started, each a list of tables as
    this function returns them. ``singles`` and ``pairs`` are then the field of the remaining
    rounds (latecomers in, who left out); ``rounds`` is still the event's number of rounds, so
    ``rounds - len(played)`` rounds are planned. The result holds every round, the played ones
    exactly as given (tables as tuples). The repeat cost counts the meetings of all rounds and
    the role quotas count the roles of the played rounds (see ``tournament.seating.replan``).

    Fixed seats (``fixed``): a mapping start number -> table number for entries that keep one
    table in every planned round (walking aid, wheelchair). Tables are numbered as the app
    prints them: 1-based in the order of the round's list, singles tables first (the
    four-tables of singles before the three-tables), then the pairs tables; so a single's
    table is one of ``1 .. S`` and a pair's one of ``S + 1 .. S + P``, where ``S`` and ``P``
    are the numbers of singles and pairs tables of the planned field. The played rounds are not
    bound by it.

    Printed tables (``keep``): the tables of the rounds to plan as they were planned and
    printed before (one list of tables per round after the ``played`` ones, as this function
    returns them). Every table whose entries can stay together is kept, with its seating order
    and where possible its number, as long as the plan is no worse for it by the goals above
    (``tournament.seating.keep``): a re-plan for a latecomer leaves most table cards and score
    sheets as printed.

    Without ``played``, ``fixed`` and ``keep`` the plan is exactly the one of the earlier
    versions.
    """
    check_numbers(singles, pairs)
    check_field(len(singles), len(pairs), rounds)
    if played or fixed:
        plan = replan(singles, pairs, rounds, seed, played or (), fixed or {})
    else:
        plan = _first_plan(singles, pairs, rounds, seed)
    if keep:
        plan = keep_printed(
            plan, keep, played=len(played or ()), singles=singles, pairs=pairs,
            fixed=fixed or {}, seed=seed,
        )
    return plan


def _first_plan(
    singles: Sequence[int], pairs: Sequence[int], rounds: int, seed: int
) -> list[list[tuple[int, ...]]]:
    """The plan without played rounds, fixed seats or printed tables."""
    rng = random.Random(seed)
    # the pairs get a stream of their own: their plan does not change with the singles field
    pairs_rng = random.Random(rng.getrandbits(64))
    single_ids = sorted(singles)
    pair_ids = sorted(pairs)
    rng.shuffle(single_ids)
    pairs_rng.shuffle(pair_ids)
    singles_plan = _seat_singles(len(single_ids), rounds, rng)
    pairs_plan = _seat_pairs(len(pair_ids), rounds, pairs_rng)
    plan: list[list[tuple[int, ...]]] = []
    for r in range(rounds):
        round_plan: list[tuple[int, ...]] = [
            tuple(single_ids[i] for i in table) for table in singles_plan[r]
        ]
        round_plan.extend((pair_ids[a], pair_ids[b]) for a, b in pairs_plan[r])
        plan.append(round_plan)
    return plan
