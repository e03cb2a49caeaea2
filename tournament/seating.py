"""The seating generator ``plan_seating``: every entry's table in every round.

Entries are plain start numbers; a table is a tuple of start numbers in seating order, a pairs
table the 2-tuple ``(a, b)`` of two pairs seated A1, B1, A2, B2 (``tournament.seats``). The
terms are in ``docs/glossary.md``, the rules of seating in ``docs/rules.md``. Pure Python,
standard library only.

Quality goals of the plan (for the default of three rounds they are reached exactly):

* entries meet as rarely as possible: the repeat cost ``C`` -- the sum over every two entries of
  ``m * (m - 1) / 2``, where ``m`` is how often they share a table -- is minimal;
* roles rotate: over three rounds every single is first-named at most once and third-named at
  most once (exactly once each when all tables are three-tables); in general at most
  ``ceil(rounds / 3)`` times each. Every pair is pair A in ``floor`` or ``ceil`` of
  ``rounds / 2`` rounds;
* the seats at four-tables of singles are spread evenly: nobody sits at such a table more than
  ``ceil(four-table seats / singles)`` times (see :func:`four_table_limit` for the one exception,
  13 singles in three rounds).

For three rounds the minimum of ``C`` is 0 for 9, 12 and every number of singles from 13 on (and
for four or more pairs); for small fields it is 9 (3 singles), 18 (4), 6 (6), 9 (7), 12 (8),
3 (10) and 6 (11), and 3 for two pairs. Other numbers of rounds are served best effort.

Method: singles and pairs are independent sub-problems. Pairs follow a round robin (circle method).
Singles start from a random draw that already spreads the four-table seats evenly; a tabu search
then swaps two singles of one round between tables until the repeat cost reaches its proven
minimum (or a lower bound, or the search budget is spent). The roles are assigned afterwards:
a flow picks two "role seats" per table (first- and third-named) within each single's quota, and
an Euler orientation of the resulting graph splits them fairly into first and third. Everything
is driven by ``random.Random(seed)``, so a plan is reproducible from its seed.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import deque
from collections.abc import Iterator, Mapping, Sequence

from tournament.errors import UserError, gettext_noop

__all__ = ["SeatingError", "four_table_limit", "plan_seating"]


class SeatingError(UserError, ValueError):
    """The field cannot be seated, or the input is invalid (also a ``ValueError``)."""


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


# --------------------------------------------------------------------------------------------
# Validation
# --------------------------------------------------------------------------------------------


def _check_numbers(singles: Sequence[int], pairs: Sequence[int]) -> None:
    seen: set[int] = set()
    for value in [*singles, *pairs]:
        if isinstance(value, bool) or not isinstance(value, int):
            raise SeatingError(
                gettext_noop("Invalid start number %(value)r: start numbers are whole numbers."),
                value=value,
            )
        if value in seen:
            raise SeatingError(
                gettext_noop(
                    "Start number %(number)d is given more than once; every start number may "
                    "occur only once (singles and pairs together)."
                ),
                number=value,
            )
        seen.add(value)


def _check_field(n_singles: int, n_pairs: int, rounds: int) -> None:
    if isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 1:
        raise SeatingError(
            gettext_noop("The number of rounds must be a whole number from 1, not %(rounds)r."),
            rounds=rounds,
        )
    if n_singles == 0 and n_pairs == 0:
        raise SeatingError(
            gettext_noop("There are no entries: without singles and pairs there is no plan.")
        )
    if n_singles == 1:
        raise SeatingError(
            gettext_noop(
                "A single player alone cannot be seated: singles play three or four to a "
                "table. Two stand-in entries (they play but are not ranked) solve this."
            )
        )
    if n_singles == 2:
        raise SeatingError(
            gettext_noop(
                "Two singles cannot be seated at three- and four-tables. A stand-in entry (it "
                "plays but is not ranked) solves this."
            )
        )
    if n_singles == 5:
        raise SeatingError(
            gettext_noop(
                "Five singles cannot be seated at three- and four-tables (5 is neither 3 + 3 "
                "nor 4 + 4). A stand-in entry (it plays but is not ranked) solves this: six "
                "singles sit at two three-tables."
            )
        )
    if n_pairs % 2:
        raise SeatingError(
            gettext_noop(
                "An odd number of pairs (%(count)d) cannot be seated: two pairs play at every "
                "four-table. A stand-in pair (it plays but is not ranked) solves this."
            ),
            count=n_pairs,
        )


# --------------------------------------------------------------------------------------------
# Role assignment: two role seats per table (flow), then first/third (Euler orientation)
# --------------------------------------------------------------------------------------------


def _balanced_orientation(n_vertices: int, edges: Sequence[tuple[int, int]]) -> list[bool]:
    """Orient every edge so that each vertex's out- and in-degree differ by at most one.

    Returns, per edge ``(u, v)``, ``True`` when it is oriented ``u -> v`` and ``False`` for
    ``v -> u``. Odd-degree vertices are joined to a virtual vertex; then every degree is even and
    closed walks (which can only get stuck at their start) orient each edge.
    """
    virtual = n_vertices
    adjacency: list[list[int]] = [[] for _ in range(n_vertices + 1)]
    ends: list[tuple[int, int]] = list(edges)
    for index, (u, v) in enumerate(ends):
        adjacency[u].append(index)
        adjacency[v].append(index)
    for vertex in range(n_vertices):
        if len(adjacency[vertex]) % 2:
            index = len(ends)
            ends.append((vertex, virtual))
            adjacency[vertex].append(index)
            adjacency[virtual].append(index)
    forward = [True] * len(ends)
    used = [False] * len(ends)
    pointer = [0] * (n_vertices + 1)
    for start in range(n_vertices + 1):
        while pointer[start] < len(adjacency[start]):
            vertex = start
            while True:
                incident = adjacency[vertex]
                while pointer[vertex] < len(incident) and used[incident[pointer[vertex]]]:
                    pointer[vertex] += 1
                if pointer[vertex] == len(incident):
                    break
                index = incident[pointer[vertex]]
                used[index] = True
                u, v = ends[index]
                forward[index] = u == vertex
                vertex = v if u == vertex else u
    return forward[: len(edges)]


def _role_seats(
    n: int, tables: Sequence[Sequence[int]], capacity: int, rng: random.Random
) -> list[tuple[int, int]]:
    """Pick two members per table (the role seats) with every player picked at most ``capacity``
    times. Greedy by remaining capacity, then augmenting paths for the rare leftovers."""
    remaining = [capacity] * n
    chosen: list[list[int]] = [[] for _ in tables]
    order = list(range(len(tables)))
    rng.shuffle(order)
    short: list[int] = []
    for t in order:
        members = list(tables[t])
        rng.shuffle(members)
        members.sort(key=lambda p: -remaining[p])
        for p in members[:2]:
            if remaining[p] > 0:
                remaining[p] -= 1
                chosen[t].append(p)
        if len(chosen[t]) < 2:
            short.append(t)
    # tables at which each player holds a role seat (for the augmenting search)
    holds: list[list[int]] = [[] for _ in range(n)]
    for t, picked in enumerate(chosen):
        for p in picked:
            holds[p].append(t)
    for t in short:
        while len(chosen[t]) < 2:
            # BFS: table --(member not picked there)--> player --(a table holding him)--> table
            parent_player: dict[int, tuple[int, int]] = {}  # player -> (from table, prev player)
            queue: deque[tuple[int, int]] = deque([(t, -1)])
            seen_tables = {t}
            end = -1
            while queue and end < 0:
                table, via = queue.popleft()
                for p in tables[table]:
                    if p in chosen[table] or p in parent_player:
                        continue
                    parent_player[p] = (table, via)
                    if remaining[p] > 0:
                        end = p
                        break
                    for nxt in holds[p]:
                        if nxt not in seen_tables:
                            seen_tables.add(nxt)
                            queue.append((nxt, p))
            if end < 0:  # cannot happen for capacity >= ceil(2 * rounds / 3); stay safe
                raise AssertionError("role seats cannot be assigned")
            remaining[end] -= 1
            p = end
            while True:
                table, previous = parent_player[p]
                chosen[table].append(p)
                holds[p].append(table)
                if previous < 0:
                    break
                chosen[table].remove(previous)
                holds[previous].remove(table)
                p = previous
    return [(picked[0], picked[1]) for picked in chosen]


def _order_tables(
    n: int, tables: Sequence[Sequence[int]], rounds: int, rng: random.Random
) -> list[list[int]]:
    """Seating order for the given singles tables (all rounds together): the role seats are
    spread by the flow/orientation above, the other members fill positions 2 and 4."""
    capacity = -(-2 * rounds // 3)
    seats = _role_seats(n, tables, capacity, rng)
    forward = _balanced_orientation(n, seats)
    ordered: list[list[int]] = []
    for table, (u, v), fwd in zip(tables, seats, forward, strict=True):
        first, third = (u, v) if fwd else (v, u)
        others = [p for p in table if p != first and p != third]
        rng.shuffle(others)
        if len(table) == 3:
            ordered.append([first, others[0], third])
        else:
            ordered.append([first, others[0], third, others[1]])
    return ordered


# --------------------------------------------------------------------------------------------
# Singles: random draw + tabu search on swaps within a round
# --------------------------------------------------------------------------------------------


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


class _SinglesSearch:
    """State of the local search: tables per round, meeting counts, conflicting pairs."""

    def __init__(
        self, n: int, rounds: int, sizes: Sequence[int], cap4: int, rng: random.Random
    ) -> None:
        self.n = n
        self.rounds = rounds
        self.cap4 = cap4
        self.rng = rng
        self.meet = [0] * (n * n)
        self.bad_list: list[int] = []
        self.bad_index: dict[int, int] = {}
        self.four = [0] * n
        self.tables: list[list[list[int]]] = []
        self.pos: list[list[int]] = []
        n_four_seats = 4 * sum(1 for s in sizes if s == 4)
        rotation = list(range(n))
        rng.shuffle(rotation)
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
            position = [0] * n
            for t, table in enumerate(round_tables):
                for p in table:
                    position[p] = t
                    if len(table) == 4:
                        self.four[p] += 1
            self.tables.append(round_tables)
            self.pos.append(position)
        self.cost = 0
        for round_tables in self.tables:
            for table in round_tables:
                for i, a in enumerate(table):
                    for b in table[i + 1 :]:
                        self._inc(a, b)

    def _inc(self, a: int, b: int) -> None:
        n = self.n
        m = self.meet[a * n + b]
        self.cost += m
        m += 1
        self.meet[a * n + b] = m
        self.meet[b * n + a] = m
        if m == 2:
            key = a * n + b if a < b else b * n + a
            self.bad_index[key] = len(self.bad_list)
            self.bad_list.append(key)

    def _dec(self, a: int, b: int) -> None:
        n = self.n
        m = self.meet[a * n + b] - 1
        self.cost -= m
        self.meet[a * n + b] = m
        self.meet[b * n + a] = m
        if m == 1:
            key = a * n + b if a < b else b * n + a
            index = self.bad_index.pop(key)
            last = self.bad_list.pop()
            if last != key:
                self.bad_list[index] = last
                self.bad_index[last] = index

    def _swap(self, r: int, x: int, y: int) -> None:
        position = self.pos[r]
        tx, ty = position[x], position[y]
        table_x, table_y = self.tables[r][tx], self.tables[r][ty]
        for z in table_x:
            if z != x:
                self._dec(x, z)
                self._inc(y, z)
        for z in table_y:
            if z != y:
                self._dec(y, z)
                self._inc(x, z)
        table_x[table_x.index(x)] = y
        table_y[table_y.index(y)] = x
        position[x], position[y] = ty, tx
        if len(table_x) != len(table_y):
            step = 1 if len(table_y) == 4 else -1
            self.four[x] += step
            self.four[y] -= step

    def run(self, target: int, budget: int) -> None:
        n, rng, meet, cap4 = self.n, self.rng, self.meet, self.cap4
        first_improvement = n > 60
        tabu = [[0] * n for _ in range(self.rounds)]
        best_cost = self.cost
        spread = max(2, n // 6)
        for it in range(1, budget + 1):
            if self.cost <= target or not self.bad_list:
                return
            key = self.bad_list[rng.randrange(len(self.bad_list))]
            p, q = divmod(key, n)
            shared = [r for r in range(self.rounds) if self.pos[r][p] == self.pos[r][q]]
            r = shared[rng.randrange(len(shared))]
            x = p if rng.random() < 0.5 else q
            position = self.pos[r]
            tx = position[x]
            table_x = self.tables[r][tx]
            round_tables = self.tables[r]
            tabu_r = tabu[r]
            xn = x * n
            leave_x = 0
            for z in table_x:
                if z != x:
                    leave_x -= meet[xn + z] - 1
            best_delta = None
            best_y = -1
            ties = 0
            offset = rng.randrange(n)
            for k in range(n):
                y = offset + k
                if y >= n:
                    y -= n
                ty = position[y]
                if ty == tx:
                    continue
                table_y = round_tables[ty]
                if len(table_y) != len(table_x):
                    mover = y if len(table_x) == 4 else x
                    if self.four[mover] >= cap4:
                        continue
                yn = y * n
                delta = leave_x
                for z in table_x:
                    if z != x:
                        delta += meet[yn + z]
                for z in table_y:
                    if z != y:
                        delta += meet[xn + z] - meet[yn + z] + 1
                if tabu_r[y] > it and self.cost + delta >= best_cost:
                    continue
                if best_delta is None or delta < best_delta:
                    best_delta, best_y, ties = delta, y, 1
                    if first_improvement and delta < 0:
                        break
                elif delta == best_delta:
                    ties += 1
                    if rng.randrange(ties) == 0:
                        best_y = y
            if best_delta is None:
                continue
            self._swap(r, x, best_y)
            tenure = 1 + rng.randrange(spread)
            tabu_r[x] = it + tenure
            tabu_r[best_y] = it + tenure
            best_cost = min(best_cost, self.cost)

    def snapshot(self) -> list[list[list[int]]]:
        return [[list(table) for table in round_tables] for round_tables in self.tables]


def _seat_singles(n: int, rounds: int, rng: random.Random) -> list[list[list[int]]]:
    """Tables (lists of player indices ``0..n-1``, in seating order) for every round."""
    if n == 0:
        return [[] for _ in range(rounds)]
    n_four = n % 3
    sizes = [4] * n_four + [3] * ((n - 4 * n_four) // 3)
    cap4 = four_table_limit(n, rounds)
    target = _lower_bound(n, sizes, rounds)
    # rounds == 3: the minimum is known and reachable, search until it is reached (it takes a
    # few milliseconds; the attempt limit is a mere safety net). Otherwise best effort.
    budget = max(300, 400_000 // n) if rounds == 3 else max(200, 40_000 // n)
    attempts = 200 if rounds == 3 else 2
    best: list[list[list[int]]] | None = None
    best_cost = -1
    for _ in range(attempts):
        search = _SinglesSearch(n, rounds, sizes, cap4, rng)
        if len(sizes) > 1:
            search.run(target, budget)
        if best is None or search.cost < best_cost:
            best, best_cost = search.snapshot(), search.cost
        if best_cost <= target:
            break
    assert best is not None
    flat = [table for round_tables in best for table in round_tables]
    ordered = _order_tables(n, flat, rounds, rng)
    per_round = len(sizes)
    return [ordered[r * per_round : (r + 1) * per_round] for r in range(rounds)]


# --------------------------------------------------------------------------------------------
# Pairs: round robin (circle method), pair A balanced by an Euler orientation
# --------------------------------------------------------------------------------------------


def _seat_pairs(p: int, rounds: int, rng: random.Random) -> list[list[tuple[int, int]]]:
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
    forward = _balanced_orientation(p, edges)
    oriented = [(a, b) if fwd else (b, a) for (a, b), fwd in zip(edges, forward, strict=True)]
    per_round = p // 2
    result: list[list[tuple[int, int]]] = []
    for r in range(rounds):
        tables = oriented[r * per_round : (r + 1) * per_round]
        rng.shuffle(tables)
        result.append(tables)
    return result


# --------------------------------------------------------------------------------------------
# Re-planning: the played rounds as history, fixed seats
# --------------------------------------------------------------------------------------------
#
# The rounds still to plan are seated per kind (singles, pairs) by the same local search as
# above, started from the meetings of the played rounds: the repeat cost counts every round,
# and a pair of entries is "bad" only once the new rounds add a meeting beyond what the played
# rounds (or two fixed seats at one table) make unavoidable. The roles are planned before the
# tables: every entry gets a role per new round (first-named, third-named, other; for pairs:
# pair A, pair B) within its quota over all rounds -- first the number of each role per entry
# (a flow), then per round (a flow per round; such a split always exists by Koenig's edge
# colouring theorem). The search then only swaps entries of the same role within a round, so
# every table keeps one first- and one third-named. Should that restriction keep the search
# from its target (small fields), a free search follows and the roles are handed out per table
# afterwards, as fairly as the tables allow: no repeats come first, fair roles second.

_FIRST, _THIRD, _OTHER = 0, 1, 2

# Search effort per re-plan: swaps per attempt (divided by the field size) and attempts per mode.
_REPLAN_BUDGET = 20_000
_REPLAN_ATTEMPTS = 4
# One round left and at most this many ways to seat it: every way is tried (exact).
_EXACT_LIMIT = 20_000


def _is_number(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_list(value: object) -> bool:
    return isinstance(value, Sequence) and not isinstance(value, (str, bytes))


def _invalid_number(value: object) -> SeatingError:
    return SeatingError(
        gettext_noop("Invalid start number %(value)r: start numbers are whole numbers."),
        value=value,
    )


def _check_played(
    played: Sequence[Sequence[Sequence[int]]], single_set: set[int], pair_set: set[int], rounds: int
) -> list[list[tuple[int, ...]]]:
    """The played rounds as lists of tuples; refuses what cannot be a played round.

    A start number that sits in a played round but is not in the field is an entry that left.
    Refused: tables that are not two pairs or three or four singles, a start number twice in
    one round, a start number at a table of the other kind (than in the field or than in
    another played round), and as many played rounds as the event has.
    """
    if not _is_list(played):
        raise SeatingError(
            gettext_noop("The played rounds must be a list of rounds, each a list of tables.")
        )
    if len(played) >= rounds:
        raise SeatingError(
            gettext_noop(
                "All %(rounds)d rounds have been played or started already; there is no round "
                "left to plan."
            ),
            rounds=rounds,
        )
    kinds: dict[int, bool] = {number: False for number in single_set}
    kinds.update((number, True) for number in pair_set)
    result: list[list[tuple[int, ...]]] = []
    for round_number, round_plan in enumerate(played, start=1):
        if not _is_list(round_plan):
            raise SeatingError(
                gettext_noop("Played round %(round)d is not a list of tables."), round=round_number
            )
        seen: set[int] = set()
        tables: list[tuple[int, ...]] = []
        for table in round_plan:
            if not _is_list(table) or len(table) not in (2, 3, 4):
                raise SeatingError(
                    gettext_noop(
                        "Played round %(round)d holds a table that is neither two pairs nor "
                        "three or four singles: %(table)r."
                    ),
                    round=round_number,
                    table=table,
                )
            is_pairs = len(table) == 2
            for value in table:
                if not _is_number(value):
                    raise _invalid_number(value)
                if value in seen:
                    raise SeatingError(
                        gettext_noop(
                            "Start number %(number)d sits more than once in played round %(round)d."
                        ),
                        number=value,
                        round=round_number,
                    )
                seen.add(value)
                if kinds.setdefault(value, is_pairs) != is_pairs:
                    raise SeatingError(
                        gettext_noop(
                            "Start number %(number)d sits at a table of the wrong kind in played "
                            "round %(round)d: singles play at tables of singles, pairs at tables "
                            "of pairs."
                        ),
                        number=value,
                        round=round_number,
                    )
            tables.append(tuple(table))
        result.append(tables)
    return result


def _check_fixed(
    fixed: Mapping[int, int],
    single_set: set[int],
    pair_set: set[int],
    singles_sizes: Sequence[int],
    pairs_tables: int,
) -> tuple[dict[int, int], dict[int, int]]:
    """Fixed seats as start number -> table index (0-based, within its kind), for singles and
    for pairs; refuses numbers not in the field, tables that do not exist for the entry's kind
    and more fixed entries at one table than it seats."""
    if not isinstance(fixed, Mapping):
        raise SeatingError(gettext_noop("Fixed seats must map start numbers to table numbers."))
    for number, table in fixed.items():
        if not _is_number(number):
            raise _invalid_number(number)
        if number not in single_set and number not in pair_set:
            raise SeatingError(
                gettext_noop(
                    "Start number %(number)d has a fixed table but does not play in the rounds "
                    "to plan."
                ),
                number=number,
            )
        if not _is_number(table):
            raise SeatingError(
                gettext_noop(
                    "The fixed table of start number %(number)d must be a table number, not "
                    "%(table)r."
                ),
                number=number,
                table=table,
            )
    n_singles_tables = len(singles_sizes)
    singles: dict[int, int] = {}
    pairs: dict[int, int] = {}
    taken: dict[int, int] = {}
    for number in sorted(fixed):
        table = fixed[number]
        if number in single_set:
            first, last = 1, n_singles_tables
        else:
            first, last = n_singles_tables + 1, n_singles_tables + pairs_tables
        if not first <= table <= last:
            raise SeatingError(
                gettext_noop(
                    "Start number %(number)d cannot keep table %(table)d: its kind of entry "
                    "plays at tables %(first)d to %(last)d."
                ),
                number=number,
                table=table,
                first=first,
                last=last,
            )
        capacity = singles_sizes[table - 1] if number in single_set else 2
        taken[table] = taken.get(table, 0) + 1
        if taken[table] > capacity:
            raise SeatingError(
                gettext_noop(
                    "Table %(table)d seats %(capacity)d entries; more start numbers than that "
                    "have it as their fixed table."
                ),
                table=table,
                capacity=capacity,
            )
        if number in single_set:
            singles[number] = table - 1
        else:
            pairs[number] = table - 1 - n_singles_tables
    return singles, pairs


class _Flow:
    """A small maximum flow network (Dinic's algorithm); the paths here are short."""

    def __init__(self, size: int) -> None:
        self.to: list[int] = []
        self.cap: list[int] = []
        self.adjacency: list[list[int]] = [[] for _ in range(size)]

    def add(self, u: int, v: int, capacity: int) -> int:
        """Add the edge ``u -> v``; returns its index (for :meth:`flow`)."""
        index = len(self.to)
        self.to += [v, u]
        self.cap += [max(0, capacity), 0]
        self.adjacency[u].append(index)
        self.adjacency[v].append(index + 1)
        return index

    def flow(self, index: int) -> int:
        return self.cap[index ^ 1]

    def run(self, source: int, sink: int) -> int:
        total = 0
        while True:
            level = [-1] * len(self.adjacency)
            level[source] = 0
            queue = deque([source])
            while queue:
                u = queue.popleft()
                for edge in self.adjacency[u]:
                    if self.cap[edge] > 0 and level[self.to[edge]] < 0:
                        level[self.to[edge]] = level[u] + 1
                        queue.append(self.to[edge])
            if level[sink] < 0:
                return total
            pointer = [0] * len(self.adjacency)
            while pushed := self._push(source, sink, level, pointer, 1 << 60):
                total += pushed

    def _push(self, u: int, sink: int, level: list[int], pointer: list[int], limit: int) -> int:
        if u == sink:
            return limit
        edges = self.adjacency[u]
        while pointer[u] < len(edges):
            edge = edges[pointer[u]]
            v = self.to[edge]
            if self.cap[edge] > 0 and level[v] == level[u] + 1:
                pushed = self._push(v, sink, level, pointer, min(limit, self.cap[edge]))
                if pushed:
                    self.cap[edge] -= pushed
                    self.cap[edge ^ 1] += pushed
                    return pushed
            pointer[u] += 1
        return 0


def _role_totals(
    n: int,
    new_rounds: int,
    tables: int,
    room: tuple[list[int], list[int]],
    done: tuple[list[int], list[int]],
    rng: random.Random,
) -> list[list[int]]:
    """How often each entry is first-named and third-named in the new rounds (``[first, third,
    other]`` per entry): within its room (quota minus the played rounds) where the field allows
    it (a flow); what does not fit goes to those with the fewest of that role."""
    need = tables * new_rounds
    flow = _Flow(n + 4)
    source, sink = n, n + 3
    order = list(range(n))
    rng.shuffle(order)
    edges: list[list[int]] = [[0] * n, [0] * n]
    for role in (_FIRST, _THIRD):
        flow.add(source, n + 1 + role, need)
    for p in order:
        for role in (_FIRST, _THIRD):
            edges[role][p] = flow.add(n + 1 + role, p, room[role][p])
        flow.add(p, sink, new_rounds)
    flow.run(source, sink)
    counts = [[flow.flow(edges[_FIRST][p]), flow.flow(edges[_THIRD][p]), 0] for p in range(n)]
    for role in (_FIRST, _THIRD):
        for _ in range(need - sum(count[role] for count in counts)):
            p = min(
                (p for p in order if counts[p][_FIRST] + counts[p][_THIRD] < new_rounds),
                key=lambda p: done[role][p] + counts[p][role],
            )
            counts[p][role] += 1
    for count in counts:
        count[_OTHER] = new_rounds - count[_FIRST] - count[_THIRD]
    return counts


def _slots(size: int) -> list[int]:
    """The roles at a table of ``size`` (two pairs: pair A and pair B)."""
    return [_FIRST, _THIRD] + [_OTHER] * (size - 2)


def _round_roles(
    remaining: list[list[int]],
    sizes: Sequence[int],
    fixed_at: Mapping[int, int],
    rng: random.Random,
) -> list[int]:
    """Every entry's role in one round: one role each from its remaining ones (a flow), with
    the round's tables seating exactly one first- and one third-named each, also at the tables
    of fixed seats. Decrements ``remaining``."""
    n = len(remaining)
    capacity = [len(sizes), len(sizes), sum(sizes) - 2 * len(sizes)]
    fixed_tables = sorted(set(fixed_at.values()))
    table_node = {t: n + 5 + 3 * i for i, t in enumerate(fixed_tables)}
    flow = _Flow(n + 5 + 3 * len(fixed_tables))
    source, sink = n + 3, n + 4
    for role in (_FIRST, _THIRD, _OTHER):
        flow.add(n + role, sink, capacity[role])
    for t, node in table_node.items():
        for role, count in enumerate([1, 1, sizes[t] - 2]):
            flow.add(node + role, n + role, count)
    order = list(range(n))
    rng.shuffle(order)
    edges: dict[tuple[int, int], int] = {}
    for p in order:
        flow.add(source, p, 1)
        for role in (_FIRST, _THIRD, _OTHER):
            if remaining[p][role] > 0:
                target = table_node[fixed_at[p]] + role if p in fixed_at else n + role
                edges[p, role] = flow.add(p, target, 1)
    roles = [-1] * n
    if flow.run(source, sink) == n:
        for (p, role), edge in edges.items():
            if flow.flow(edge):
                roles[p] = role
    else:
        # Only fixed seats can cause this: seat the fixed entries first, then the others,
        # preferring roles they still have.
        left = capacity[:]
        table_left = {t: [1, 1, sizes[t] - 2] for t in fixed_tables}
        for p in sorted(order, key=lambda p: p not in fixed_at):
            options = [
                role
                for role in (_FIRST, _THIRD, _OTHER)
                if left[role] > 0 and (p not in fixed_at or table_left[fixed_at[p]][role] > 0)
            ]
            role = max(options, key=lambda role: remaining[p][role])
            roles[p] = role
            left[role] -= 1
            if p in fixed_at:
                table_left[fixed_at[p]][role] -= 1
    for p, role in enumerate(roles):
        remaining[p][role] -= 1
    return roles


class _ReplanSearch(_SinglesSearch):
    """The local search above for the rounds still to plan: meetings of the played rounds are
    counted from the start, fixed entries never move, and with ``classes`` (the role of each
    entry per round) only entries of the same role swap."""

    def __init__(
        self,
        n: int,
        sizes: Sequence[int],
        new_rounds: int,
        history: Sequence[int],
        allowed: Sequence[int],
        four: Sequence[int],
        cap4: int,
        classes: list[list[int]] | None,
        fixed_at: Mapping[int, int],
        rng: random.Random,
    ) -> None:
        self.n = n
        self.rounds = new_rounds
        self.cap4 = cap4
        self.rng = rng
        self.meet = list(history)
        self.allowed = allowed
        self.bad_list = []
        self.bad_index = {}
        self.four = list(four)
        self.pinned = [p in fixed_at for p in range(n)]
        self.classes = classes
        self.cost = sum(m * (m - 1) // 2 for m in history) // 2
        self.tables = []
        self.pos = []
        self.members: list[list[list[int]]] = []
        for r in range(new_rounds):
            role_of = classes[r] if classes is not None else [_OTHER] * n
            round_tables: list[list[int]] = [[] for _ in sizes]
            free = [_slots(size) if classes is not None else [_OTHER] * size for size in sizes]
            for p, t in fixed_at.items():
                round_tables[t].append(p)
                free[t].remove(role_of[p])
            members: list[list[int]] = [[], [], []]
            for p in range(n):
                if not self.pinned[p]:
                    members[role_of[p]].append(p)
            for role, group in enumerate(members):
                rng.shuffle(group)
                at_four = [
                    t for t, size in enumerate(sizes) if size == 4 for s in free[t] if s == role
                ]
                at_three = [
                    t for t, size in enumerate(sizes) if size != 4 for s in free[t] if s == role
                ]
                rng.shuffle(at_three)
                # the four-table seats to those who sat there least (stable: random otherwise)
                ranked = sorted(group, key=lambda p: self.four[p])
                for p, t in zip(ranked, at_four + at_three, strict=True):
                    round_tables[t].append(p)
            position = [0] * n
            for t, table in enumerate(round_tables):
                for p in table:
                    position[p] = t
                    if len(table) == 4:
                        self.four[p] += 1
            self.tables.append(round_tables)
            self.pos.append(position)
            self.members.append(members)
        for round_tables in self.tables:
            for table in round_tables:
                for i, a in enumerate(table):
                    for b in table[i + 1 :]:
                        self._inc(a, b)

    def _inc(self, a: int, b: int) -> None:
        n = self.n
        m = self.meet[a * n + b]
        self.cost += m
        m += 1
        self.meet[a * n + b] = m
        self.meet[b * n + a] = m
        key = a * n + b if a < b else b * n + a
        if m == self.allowed[key] + 1:
            self.bad_index[key] = len(self.bad_list)
            self.bad_list.append(key)

    def _dec(self, a: int, b: int) -> None:
        n = self.n
        m = self.meet[a * n + b] - 1
        self.cost -= m
        self.meet[a * n + b] = m
        self.meet[b * n + a] = m
        key = a * n + b if a < b else b * n + a
        if m == self.allowed[key]:
            index = self.bad_index.pop(key)
            last = self.bad_list.pop()
            if last != key:
                self.bad_list[index] = last
                self.bad_index[last] = index

    def run(self, target: int, budget: int) -> None:
        n, rng, meet, cap4 = self.n, self.rng, self.meet, self.cap4
        tabu = [[0] * n for _ in range(self.rounds)]
        best_cost = self.cost
        spread = max(2, n // 6)
        for it in range(1, budget + 1):
            if self.cost <= target or not self.bad_list:
                return
            key = self.bad_list[rng.randrange(len(self.bad_list))]
            p, q = divmod(key, n)
            shared = [r for r in range(self.rounds) if self.pos[r][p] == self.pos[r][q]]
            movable = [z for z in (p, q) if not self.pinned[z]]
            if not shared or not movable:
                continue
            r = shared[rng.randrange(len(shared))]
            x = movable[rng.randrange(len(movable))]
            position = self.pos[r]
            tx = position[x]
            table_x = self.tables[r][tx]
            round_tables = self.tables[r]
            tabu_r = tabu[r]
            candidates = self.members[r][self.classes[r][x] if self.classes else _OTHER]
            xn = x * n
            leave_x = 0
            for z in table_x:
                if z != x:
                    leave_x -= meet[xn + z] - 1
            best_delta = None
            best_y = -1
            ties = 0
            count = len(candidates)
            offset = rng.randrange(count)
            for k in range(count):
                y = candidates[(offset + k) % count]
                ty = position[y]
                if ty == tx:
                    continue
                table_y = round_tables[ty]
                if len(table_y) != len(table_x):
                    mover = y if len(table_x) == 4 else x
                    if self.four[mover] >= cap4:
                        continue
                yn = y * n
                delta = leave_x
                for z in table_x:
                    if z != x:
                        delta += meet[yn + z]
                for z in table_y:
                    if z != y:
                        delta += meet[xn + z] - meet[yn + z] + 1
                if tabu_r[y] > it and self.cost + delta >= best_cost:
                    continue
                if best_delta is None or delta < best_delta:
                    best_delta, best_y, ties = delta, y, 1
                elif delta == best_delta:
                    ties += 1
                    if rng.randrange(ties) == 0:
                        best_y = y
            if best_delta is None:
                continue
            self._swap(r, x, best_y)
            tenure = 1 + rng.randrange(spread)
            tabu_r[x] = it + tenure
            tabu_r[best_y] = it + tenure
            best_cost = min(best_cost, self.cost)


def _roles_by_table(
    tables: list[list[list[int]]], room: tuple[list[int], list[int]], rng: random.Random
) -> list[list[list[int]]]:
    """Roles for tables seated without them: as many first- and third-named within their room
    as the tables allow (a flow), the rest to those the least over; the others between.

    Returns every table as ``[first, third, others...]``.
    """
    n = len(room[_FIRST])
    flat = [table for round_tables in tables for table in round_tables]
    flow = _Flow(2 + 2 * n + 2 * len(flat))
    source, sink = 0, 1
    for role in (_FIRST, _THIRD):
        for p in range(n):
            flow.add(2 + 2 * p + role, sink, room[role][p])
    edges: list[list[list[tuple[int, int]]]] = []
    for t, table in enumerate(flat):
        members = table[:]
        rng.shuffle(members)
        per_role: list[list[tuple[int, int]]] = [[], []]
        for role in (_FIRST, _THIRD):
            node = 2 + 2 * n + 2 * t + role
            flow.add(source, node, 1)
            for p in members:
                per_role[role].append((p, flow.add(node, 2 + 2 * p + role, 1)))
        edges.append(per_role)
    flow.run(source, sink)
    room_left = [room[_FIRST][:], room[_THIRD][:]]
    ordered_flat: list[list[int]] = []
    for table, per_role in zip(flat, edges, strict=True):
        chosen = [
            next((p for p, edge in per_role[role] if flow.flow(edge)), -1)
            for role in (_FIRST, _THIRD)
        ]
        if chosen[_FIRST] == chosen[_THIRD]:  # both roles to one entry: keep one of them
            chosen[rng.randrange(2)] = -1
        for role in (_FIRST, _THIRD):
            if chosen[role] < 0:
                other = chosen[1 - role]
                members = [p for p in table if p != other]
                rng.shuffle(members)
                chosen[role] = max(members, key=lambda p, role=role: room_left[role][p])
            room_left[role][chosen[role]] -= 1
        others = [p for p in table if p not in chosen]
        rng.shuffle(others)
        ordered_flat.append([*chosen, *others])
    ordered: list[list[list[int]]] = []
    start = 0
    for round_tables in tables:
        ordered.append(ordered_flat[start : start + len(round_tables)])
        start += len(round_tables)
    return ordered


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
                (room[_FIRST][f] <= 0) + (room[_THIRD][t] <= 0)
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


def _seating_order(table: list[int], pairs: bool) -> list[int]:
    """[first, third, others...] in seating order: pairs A, B; singles 1st, 2nd, 3rd, 4th."""
    if pairs:
        return table[:2]
    first, third, *others = table
    return [first, others[0], third, *others[1:]]


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
            done[_FIRST][index[table[0]]] += 1
        if table[third_seat] in index:
            done[_THIRD][index[table[third_seat]]] += 1
        for i, a in enumerate(members):
            if len(table) == 4:
                four[a] += 1
            for b in members[i + 1 :]:
                met[a * n + b] += 1
                met[b * n + a] += 1
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
    quota = [-(-(played_rounds[p] + new_rounds) // per_role) for p in range(n)]
    room = (
        [quota[p] - done[_FIRST][p] for p in range(n)],
        [quota[p] - done[_THIRD][p] for p in range(n)],
    )
    target += _replan_bound(n, sizes, new_rounds, met, fixed_at)
    four_seats = sum(four) + 4 * sum(1 for size in sizes if size == 4) * new_rounds
    cap4 = -(-four_seats // n) + 1
    budget = max(300, _REPLAN_BUDGET // n)
    best: list[list[list[int]]] | None = None
    best_cost = -1
    best_classes: list[list[int]] | None = None
    if new_rounds == 1 and _seatings_count(sizes) <= _EXACT_LIMIT:
        best = [_exact_round(n, sizes, met, fixed_at, room, rng)]
    else:
        for by_roles in (True, False):
            for _ in range(_REPLAN_ATTEMPTS):
                classes = None
                if by_roles:
                    totals = _role_totals(n, new_rounds, len(sizes), room, done, rng)
                    classes = [
                        _round_roles(totals, sizes, fixed_at, rng) for _ in range(new_rounds)
                    ]
                search = _ReplanSearch(
                    n, sizes, new_rounds, met, allowed, four, cap4, classes, fixed_at, rng
                )
                if len(sizes) > 1:
                    search.run(target, budget)
                if best is None or search.cost < best_cost:
                    best, best_cost, best_classes = search.snapshot(), search.cost, classes
                if best_cost <= target:
                    break
            if best_cost <= target:
                break
    assert best is not None
    if best_classes is not None:
        classes = best_classes
        ordered = [
            [sorted(table, key=lambda p, r=r: classes[r][p]) for table in round_tables]
            for r, round_tables in enumerate(best)
        ]
        for round_tables in ordered:
            for table in round_tables:
                others = table[2:]
                rng.shuffle(others)
                table[2:] = others
    else:
        ordered = _roles_by_table(best, room, rng)
    return [
        [tuple(ids[p] for p in _seating_order(table, pairs)) for table in round_tables]
        for round_tables in ordered
    ]


def _replan(
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
    history = _check_played(played, single_set, pair_set, rounds)
    n = len(single_set)
    n_four = n % 3
    singles_sizes = [4] * n_four + [3] * ((n - 4 * n_four) // 3)
    pairs_sizes = [2] * (len(pair_set) // 2)
    fixed_singles, fixed_pairs = _check_fixed(
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


# --------------------------------------------------------------------------------------------
# Public API
# --------------------------------------------------------------------------------------------


def plan_seating(
    singles: Sequence[int],
    pairs: Sequence[int] = (),
    *,
    rounds: int = 3,
    seed: int = 0,
    played: Sequence[Sequence[Sequence[int]]] | None = None,
    fixed: Mapping[int, int] | None = None,
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
    the role quotas count the roles of the played rounds (see :func:`_replan`).

    Fixed seats (``fixed``): a mapping start number -> table number for entries that keep one
    table in every planned round (walking aid, wheelchair). Tables are numbered as the app
    prints them: 1-based in the order of the round's list, singles tables first (the
    four-tables of singles before the three-tables), then the pairs tables; so a single's
    table is one of ``1 .. S`` and a pair's one of ``S + 1 .. S + P``, where ``S`` and ``P``
    are the numbers of singles and pairs tables of the planned field. The played rounds are not
    bound by it.

    Without ``played`` and ``fixed`` the plan is exactly the one of the earlier versions.
    """
    _check_numbers(singles, pairs)
    _check_field(len(singles), len(pairs), rounds)
    if played or fixed:
        return _replan(singles, pairs, rounds, seed, played or (), fixed or {})
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
