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

import random
from collections import deque
from collections.abc import Sequence

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
# Public API
# --------------------------------------------------------------------------------------------


def plan_seating(
    singles: Sequence[int], pairs: Sequence[int] = (), *, rounds: int = 3, seed: int = 0
) -> list[list[tuple[int, ...]]]:
    """Seat the field for every round.

    ``singles`` and ``pairs`` are start numbers. Returns one list of tables per round; within a
    round the singles tables come first (3 or 4 start numbers in seating order), then the pairs
    tables as ``(a, b)`` with seats A1, B1, A2, B2. The first-named deals the first game, the
    third-named keeps the score sheet. The plan depends only on the sets of start numbers,
    ``rounds`` and ``seed``. Raises :class:`SeatingError` (German message) when the field cannot
    be seated or the input is invalid.
    """
    _check_numbers(singles, pairs)
    _check_field(len(singles), len(pairs), rounds)
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
