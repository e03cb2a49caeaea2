"""Re-planning: the rounds still to plan, with the played rounds as history and fixed seats.

The rounds still to plan are seated per kind (singles, pairs) by the first plan's local search
(``SwapSearch``), started from the meetings of the played rounds: the repeat cost counts every
round, and a pair of entries is "bad" only once the new rounds add a meeting beyond what the
played rounds (or two fixed seats at one table) make unavoidable; fixed entries never move. The
roles are planned before the tables: every entry gets a role per new round (first-named,
third-named, other; for pairs: pair A, pair B) within its quota over all rounds -- first the
number of each role per entry (a flow), then per round (a flow per round; such a split always
exists by Koenig's edge colouring theorem). The search then only swaps entries of the same role
within a round, so every table keeps one first- and one third-named. Should that restriction
keep the search from its target (small fields), a free search follows and the roles are handed
out per table afterwards, as fairly as the tables allow: no repeats come first, fair roles
second. One round left in a small field is seated exactly (every way is tried).
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Iterator, Mapping, Sequence

from tournament.seating.checks import check_fixed, check_played
from tournament.seating.roles import (
    FIRST,
    OTHER,
    THIRD,
    role_slots,
    role_totals,
    roles_by_table,
    round_roles,
)
from tournament.seating.search import SwapSearch

# Search effort per re-plan: swaps per attempt (divided by the field size) and attempts per mode.
_REPLAN_BUDGET = 20_000
_REPLAN_ATTEMPTS = 4
# One round left and at most this many ways to seat it: every way is tried (exact).
_EXACT_LIMIT = 20_000


def _seatings_count(sizes: Sequence[int]) -> int:
    """How many ways there are to seat ``sum(sizes)`` entries at tables of ``sizes``."""
    count = math.factorial(sum(sizes))
    for size in sizes:
        count //= math.factorial(size)
    for size in set(sizes):
        count //= math.factorial(sizes.count(size))
    return count


def _exact_round(
    n: int,
    sizes: Sequence[int],
    met: Sequence[int],
    fixed_at: Mapping[int, int],
    room: tuple[list[int], list[int]],
    rng: random.Random,
) -> list[list[int]]:
    """The one round left, seated the best way of all: the least repeat cost, then the fewest
    roles beyond the quotas (ties drawn at random). For small fields only (``_EXACT_LIMIT``)."""
    pinned: dict[int, list[int]] = {}
    for p, t in sorted(fixed_at.items()):
        pinned.setdefault(t, []).append(p)
    free_tables = [t for t in range(len(sizes)) if t not in pinned]
    scores: dict[tuple[int, ...], tuple[int, int]] = {}

    def score(group: tuple[int, ...]) -> tuple[int, int]:
        if group not in scores:
            cost = sum(met[a * n + b] for i, a in enumerate(group) for b in group[i + 1 :])
            excess = min(
                (room[FIRST][f] <= 0) + (room[THIRD][t] <= 0)
                for f in group
                for t in group
                if f != t
            )
            scores[group] = (cost, excess)
        return scores[group]

    def pinned_groups(
        tables: list[int], rest: list[int]
    ) -> Iterator[tuple[list[tuple[int, tuple[int, ...]]], list[int]]]:
        if not tables:
            yield [], rest
            return
        t = tables[0]
        for others in itertools.combinations(rest, sizes[t] - len(pinned[t])):
            left = [p for p in rest if p not in others]
            group = tuple(sorted(pinned[t] + list(others)))
            for tail, remaining in pinned_groups(tables[1:], left):
                yield [(t, group), *tail], remaining

    def free_groups(rest: list[int], open_sizes: list[int]) -> Iterator[list[tuple[int, ...]]]:
        if not rest:
            yield []
            return
        head = rest[0]
        for size in sorted(set(open_sizes)):
            smaller = open_sizes[:]
            smaller.remove(size)
            for others in itertools.combinations(rest[1:], size - 1):
                left = [p for p in rest[1:] if p not in others]
                for tail in free_groups(left, smaller):
                    yield [(head, *others), *tail]

    free = [p for p in range(n) if p not in fixed_at]
    best: list[list[int]] | None = None
    best_score = (0, 0)
    ties = 0
    for placed, rest in pinned_groups(sorted(pinned), free):
        for groups in free_groups(rest, [sizes[t] for t in free_tables]):
            total = [0, 0]
            for _, group in placed:
                cost, excess = score(group)
                total[0] += cost
                total[1] += excess
            for group in groups:
                cost, excess = score(group)
                total[0] += cost
                total[1] += excess
            candidate = (total[0], total[1])
            if best is None or candidate < best_score:
                best_score, ties = candidate, 1
            elif candidate == best_score:
                ties += 1
                if rng.randrange(ties):
                    continue
            else:
                continue
            tables: list[list[int]] = [[] for _ in sizes]
            for t, group in placed:
                tables[t] = list(group)
            by_size = {size: [t for t in free_tables if sizes[t] == size] for size in sizes}
            for group in groups:
                tables[by_size[len(group)].pop()] = list(group)
            best = tables
    assert best is not None
    return best


def _replan_bound(
    n: int, sizes: Sequence[int], new_rounds: int, met: Sequence[int], fixed_at: Mapping[int, int]
) -> int:
    """A lower bound of the repeat cost the new rounds add beyond the unavoidable: each entry
    meets at least ``min(size) - 1`` others per round; spread over its table mates of the
    played rounds at the least cost, summed over the entries and halved (every meeting has two
    ends)."""
    if n > 100 or len(sizes) < 2:
        return 0
    total = 0
    for p in range(n):
        if p in fixed_at:
            meetings = (sizes[fixed_at[p]] - 1) * new_rounds
        else:
            meetings = (min(sizes) - 1) * new_rounds
        counts: dict[int, int] = {}
        for q in range(n):
            if q == p:
                continue
            if p in fixed_at and fixed_at.get(q) == fixed_at[p]:
                meetings -= new_rounds  # met anyway, counted in the target
                continue
            h = met[p * n + q]
            counts[h] = counts.get(h, 0) + 1
        # the cheapest ``meetings`` extra meetings: a meeting beyond h costs h, h + 1, ...
        value = 0
        available = 0
        while meetings > 0:
            available += counts.get(value, 0)
            take = min(available, meetings)
            total += take * value
            meetings -= take
            value += 1
    return (total + 1) // 2


def _draw_tables(
    n: int,
    sizes: Sequence[int],
    new_rounds: int,
    four: Sequence[int],
    classes: list[list[int]] | None,
    fixed_at: Mapping[int, int],
    rng: random.Random,
) -> tuple[list[list[list[int]]], list[list[list[int]]]]:
    """The search's start for the new rounds: fixed entries at their tables, the others at
    random, with ``classes`` (each entry's role per round) each at a seat of its role; the
    four-table seats to those who sat there least (``four``: the seats of the played rounds).

    Returns the tables per round and, per round and entry, the entries it may swap with: the
    entries of its role (all when there are no ``classes``), fixed ones left out."""
    four = list(four)
    tables: list[list[list[int]]] = []
    partners: list[list[list[int]]] = []
    for r in range(new_rounds):
        role_of = classes[r] if classes is not None else [OTHER] * n
        round_tables: list[list[int]] = [[] for _ in sizes]
        free = [role_slots(size) if classes is not None else [OTHER] * size for size in sizes]
        for p, t in fixed_at.items():
            round_tables[t].append(p)
            free[t].remove(role_of[p])
        members: list[list[int]] = [[], [], []]
        for p in range(n):
            if p not in fixed_at:
                members[role_of[p]].append(p)
        for role, group in enumerate(members):
            rng.shuffle(group)
            at_four = [t for t, size in enumerate(sizes) if size == 4 for s in free[t] if s == role]
            at_three = [
                t for t, size in enumerate(sizes) if size != 4 for s in free[t] if s == role
            ]
            rng.shuffle(at_three)
            # the four-table seats to those who sat there least (stable: random otherwise)
            ranked = sorted(group, key=lambda p: four[p])
            for p, t in zip(ranked, at_four + at_three, strict=True):
                round_tables[t].append(p)
        for table in round_tables:
            if len(table) == 4:
                for p in table:
                    four[p] += 1
        tables.append(round_tables)
        partners.append([members[role] for role in role_of])
    return tables, partners


def _seating_order(table: list[int], pairs: bool) -> list[int]:
    """[first, third, others...] in seating order: pairs A, B; singles 1st, 2nd, 3rd, 4th."""
    if pairs:
        return table[:2]
    first, third, *others = table
    return [first, others[0], third, *others[1:]]


def _search_limits(sizes: Sequence[int], new_rounds: int, four: Sequence[int]) -> tuple[int, int]:
    """The re-plan search's cap of four-table seats per entry (the played ones in ``four``
    and the new rounds' spread evenly, plus one) and its budget of swaps."""
    n = len(four)
    four_seats = sum(four) + 4 * sum(1 for size in sizes if size == 4) * new_rounds
    return -(-four_seats // n) + 1, max(300, _REPLAN_BUDGET // n)


def _role_quota(played_rounds: Sequence[int], new_rounds: int, per_role: int) -> list[int]:
    """How often each entry may be first- and third-named in all: ``ceil(k / per_role)`` for
    ``k`` rounds played and new."""
    return [-(-(played + new_rounds) // per_role) for played in played_rounds]


def _read_history(
    index: Mapping[int, int], history: Sequence[tuple[int, ...]], pairs: bool
) -> tuple[list[int], tuple[list[int], list[int]], list[int], list[int]]:
    """What the played tables of one kind tell about the entries of ``index`` (start number ->
    index): how often every two met (``n * n``), how often each was first- and third-named
    (pair A and pair B), sat at a four-table, and played."""
    n = len(index)
    met = [0] * (n * n)
    done: tuple[list[int], list[int]] = ([0] * n, [0] * n)
    four = [0] * n
    third_seat = 1 if pairs else 2
    played_rounds = [0] * n
    for table in history:
        members = [index[number] for number in table if number in index]
        for p in members:
            played_rounds[p] += 1
        if table[0] in index:
            done[FIRST][index[table[0]]] += 1
        if table[third_seat] in index:
            done[THIRD][index[table[third_seat]]] += 1
        for i, a in enumerate(members):
            if len(table) == 4:
                four[a] += 1
            for b in members[i + 1 :]:
                met[a * n + b] += 1
                met[b * n + a] += 1
    return met, done, four, played_rounds


def _search_rounds(
    sizes: Sequence[int],
    new_rounds: int,
    met: Sequence[int],
    allowed: Sequence[int],
    four: Sequence[int],
    fixed_at: Mapping[int, int],
    target: int,
    roles: tuple[tuple[list[int], list[int]], tuple[list[int], list[int]]],
    rng: random.Random,
) -> tuple[list[list[list[int]]], list[list[int]] | None]:
    """The new rounds' tables by the swap search, and the roles they were seated by (``None``
    when the search ran without them). ``roles`` are the room and the played count of first-
    and third-named per entry. Searches with roles first, then without; stops at ``target``."""
    n = len(four)
    room, done = roles
    cap4, budget = _search_limits(sizes, new_rounds, four)
    pinned = [p in fixed_at for p in range(n)]
    best: list[list[list[int]]] | None = None
    best_cost = -1
    best_classes: list[list[int]] | None = None
    for by_roles in (True, False):
        for _ in range(_REPLAN_ATTEMPTS):
            classes = None
            if by_roles:
                totals = role_totals(n, new_rounds, len(sizes), room, done, rng)
                classes = [round_roles(totals, sizes, fixed_at, rng) for _ in range(new_rounds)]
            tables, partners = _draw_tables(n, sizes, new_rounds, four, classes, fixed_at, rng)
            search = SwapSearch(
                n,
                tables,
                cap4,
                rng,
                met=met,
                allowed=allowed,
                four=four,
                partners=partners,
                pinned=pinned,
            )
            if len(sizes) > 1:
                search.run(target, budget)
            if best is None or search.cost < best_cost:
                best, best_cost, best_classes = search.snapshot(), search.cost, classes
            if best_cost <= target:
                return best, best_classes
    assert best is not None
    return best, best_classes


def _replan_kind(
    ids: Sequence[int],
    sizes: Sequence[int],
    history: Sequence[tuple[int, ...]],
    new_rounds: int,
    per_role: int,
    fixed: Mapping[int, int],
    rng: random.Random,
    pairs: bool,
) -> list[list[tuple[int, ...]]]:
    """The new rounds' tables of one kind (start numbers in seating order).

    ``history`` are the played tables of this kind, ``fixed`` start number -> table index. An
    entry playing ``k`` rounds in all (played and new) may be first- and third-named (pair A
    and pair B) ``ceil(k / per_role)`` times each.
    """
    n = len(ids)
    if n == 0:
        return [[] for _ in range(new_rounds)]
    index = {number: i for i, number in enumerate(ids)}
    met, done, four, played_rounds = _read_history(index, history, pairs)
    fixed_at = {index[number]: t for number, t in fixed.items()}
    # how often two entries may meet before it counts as a new repeat: once, or as often as
    # the played rounds and two fixed seats at one table make them meet anyway
    allowed = [max(1, m) for m in met]
    target = sum(m * (m - 1) // 2 for m in met) // 2
    pinned_pairs = sorted(fixed_at.items())
    for i, (a, table_a) in enumerate(pinned_pairs):
        for b, table_b in pinned_pairs[i + 1 :]:
            if table_a == table_b:
                h = met[a * n + b]
                allowed[a * n + b] = allowed[b * n + a] = h + new_rounds
                target += (h + new_rounds) * (h + new_rounds - 1) // 2 - h * (h - 1) // 2
    quota = _role_quota(played_rounds, new_rounds, per_role)
    room = (
        [quota[p] - done[FIRST][p] for p in range(n)],
        [quota[p] - done[THIRD][p] for p in range(n)],
    )
    target += _replan_bound(n, sizes, new_rounds, met, fixed_at)
    classes: list[list[int]] | None = None
    if new_rounds == 1 and _seatings_count(sizes) <= _EXACT_LIMIT:
        best = [_exact_round(n, sizes, met, fixed_at, room, rng)]
    else:
        best, classes = _search_rounds(
            sizes, new_rounds, met, allowed, four, fixed_at, target, (room, done), rng
        )
    if classes is not None:
        role_of = classes
        ordered = [
            [sorted(table, key=lambda p, r=r: role_of[r][p]) for table in round_tables]
            for r, round_tables in enumerate(best)
        ]
        for round_tables in ordered:
            for table in round_tables:
                others = table[2:]
                rng.shuffle(others)
                table[2:] = others
    else:
        ordered = roles_by_table(best, room, rng)
    return [
        [tuple(ids[p] for p in _seating_order(table, pairs)) for table in round_tables]
        for round_tables in ordered
    ]


def replan(
    singles: Sequence[int],
    pairs: Sequence[int],
    rounds: int,
    seed: int,
    played: Sequence[Sequence[Sequence[int]]],
    fixed: Mapping[int, int],
) -> list[list[tuple[int, ...]]]:
    """``plan_seating`` with played rounds and/or fixed seats.

    Quality goals over all rounds, played and new, in this order:

    * no new repeat: no two entries share a table more often than the played rounds (and two
      fixed seats at one table) make them. Where that is impossible, as few as possible: one
      round left in a small field is seated exactly; otherwise the search stops at a lower bound
      or after its budget (the tests show that it reaches no new repeat from 12 singles on and
      prove by exhaustive search for smaller fields whether a plan without exists);
    * fair roles: a single playing ``k`` rounds in all (a latecomer fewer) is first- and
      third-named at most ``ceil(k / 3)`` times each, a pair is pair A and pair B at most
      ``ceil(k / 2)`` times each, the played rounds counted, as far as they leave room for it;
    * nobody sits at a four-table more than once beyond the even spread
      ``ceil(four-table seats / singles)``.
    """
    single_set, pair_set = set(singles), set(pairs)
    history = check_played(played, single_set, pair_set, rounds)
    n = len(single_set)
    n_four = n % 3
    singles_sizes = [4] * n_four + [3] * ((n - 4 * n_four) // 3)
    pairs_sizes = [2] * (len(pair_set) // 2)
    fixed_singles, fixed_pairs = check_fixed(
        fixed, single_set, pair_set, singles_sizes, len(pairs_sizes)
    )
    new_rounds = rounds - len(history)
    rng = random.Random(seed)
    pairs_rng = random.Random(rng.getrandbits(64))
    single_ids = sorted(single_set)
    pair_ids = sorted(pair_set)
    rng.shuffle(single_ids)
    pairs_rng.shuffle(pair_ids)
    played_tables = [table for round_plan in history for table in round_plan]
    singles_plan = _replan_kind(
        single_ids,
        singles_sizes,
        [table for table in played_tables if len(table) != 2],
        new_rounds,
        3,
        fixed_singles,
        rng,
        pairs=False,
    )
    pairs_plan = _replan_kind(
        pair_ids,
        pairs_sizes,
        [table for table in played_tables if len(table) == 2],
        new_rounds,
        2,
        fixed_pairs,
        pairs_rng,
        pairs=True,
    )
    return history + [singles_plan[r] + pairs_plan[r] for r in range(new_rounds)]
