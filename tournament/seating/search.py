"""The local search that seats entries with as few repeat meetings as possible.

One search serves the first plan and the re-plan: a tabu search that swaps two entries of one
round between tables to lower the repeat cost C. It starts from tables drawn by its caller; what
differs between the two callers are parameters of :class:`SwapSearch` (see there).
"""

from __future__ import annotations

import random
from collections.abc import Sequence


class SwapSearch:
    """State of the local search: tables per round, meeting counts, conflicting pairs.

    Entries are the indices ``0 .. n-1``; ``tables`` are the drawn tables of every round to seat
    (lists of entries, changed in place by the search). ``cap4``: no swap moves an entry to a
    four-table once it sat at four-tables that often. The re-plan's differences are parameters
    (their defaults are the first plan):

    * ``met``: how often every two entries met before (``n * n``, both orders), counted in C
      from the start; default: nobody met before.
    * ``allowed``: how often two entries may meet (``n * n``) before the pair conflicts; a
      conflicting pair is what the search tries to split. Default ``None``: once.
    * ``four``: the four-table seats per entry before; default: none.
    * ``partners``: per round and entry, the entries it may swap with, in the order the search
      scans them (entries at its own table are skipped); default: every entry that is not
      pinned, by index. The re-plan swaps only entries of the same role.
    * ``pinned``: per entry, whether it never moves (given ``partners`` must leave it out);
      default ``None``, nothing pinned. Which end of a conflicting pair moves is drawn by a
      coin toss (``random() < 0.5``) without pinned entries and among the movable ends
      (``randrange``) with them; both draws stay as they are because seeded plans depend on
      them.
    * ``first_improvement``: take the first swap that lowers C instead of the best one (the
      first plan does so for large fields).
    """

    def __init__(
        self,
        n: int,
        tables: list[list[list[int]]],
        cap4: int,
        rng: random.Random,
        *,
        met: Sequence[int] | None = None,
        allowed: Sequence[int] | None = None,
        four: Sequence[int] | None = None,
        partners: Sequence[Sequence[Sequence[int]]] | None = None,
        pinned: Sequence[bool] | None = None,
        first_improvement: bool = False,
    ) -> None:
        self.n = n
        self.rounds = len(tables)
        self.tables = tables
        self.cap4 = cap4
        self.rng = rng
        self.meet = list(met) if met is not None else [0] * (n * n)
        self.cost = sum(m * (m - 1) // 2 for m in self.meet) // 2 if met is not None else 0
        self.allowed = allowed
        self.four = list(four) if four is not None else [0] * n
        if partners is None:
            movable = [p for p in range(n) if pinned is None or not pinned[p]]
            partners = [[movable] * n] * self.rounds
        self.partners = partners
        self.pinned = pinned
        self.first_improvement = first_improvement
        self.bad_list: list[int] = []
        self.bad_index: dict[int, int] = {}
        self.pos: list[list[int]] = []
        for round_tables in tables:
            position = [0] * n
            for t, table in enumerate(round_tables):
                for p in table:
                    position[p] = t
                    if len(table) == 4:
                        self.four[p] += 1
            self.pos.append(position)
        for round_tables in tables:
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
        if m > 1:  # every two entries may meet once
            key = a * n + b if a < b else b * n + a
            if m == (1 if self.allowed is None else self.allowed[key]) + 1:
                self.bad_index[key] = len(self.bad_list)
                self.bad_list.append(key)

    def _dec(self, a: int, b: int) -> None:
        n = self.n
        m = self.meet[a * n + b] - 1
        self.cost -= m
        self.meet[a * n + b] = m
        self.meet[b * n + a] = m
        if m > 0:
            key = a * n + b if a < b else b * n + a
            if m == (1 if self.allowed is None else self.allowed[key]):
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
        """Swap until C is at most ``target``, no pair conflicts or ``budget`` steps are done.

        Each step moves one end of a random conflicting pair in a round they share, to the swap
        with the least C; swapped entries are tabu for a few steps unless the swap reaches a C
        below the best so far."""
        tabu = [[0] * self.n for _ in range(self.rounds)]
        best_cost = self.cost
        spread = max(2, self.n // 6)
        for it in range(1, budget + 1):
            if self.cost <= target or not self.bad_list:
                return
            move = self._conflict()
            if move is None:
                continue
            r, x = move
            y = self._best_partner(r, x, tabu[r], it, best_cost)
            if y < 0:
                continue
            self._swap(r, x, y)
            tenure = 1 + self.rng.randrange(spread)
            tabu[r][x] = it + tenure
            tabu[r][y] = it + tenure
            best_cost = min(best_cost, self.cost)

    def _conflict(self) -> tuple[int, int] | None:
        """A round and an entry to move: one end of a random conflicting pair, in a random round
        in which they share a table; ``None`` if both ends are pinned."""
        rng = self.rng
        p, q = divmod(self.bad_list[rng.randrange(len(self.bad_list))], self.n)
        shared = [r for r in range(self.rounds) if self.pos[r][p] == self.pos[r][q]]
        pinned = self.pinned
        movable = [z for z in (p, q) if pinned is None or not pinned[z]]
        if not shared or not movable:
            return None
        r = shared[rng.randrange(len(shared))]
        if pinned is None:
            return r, p if rng.random() < 0.5 else q
        return r, movable[rng.randrange(len(movable))]

    def _best_partner(self, r: int, x: int, tabu_r: list[int], it: int, best_cost: int) -> int:
        """The partner of ``x`` in round ``r`` whose swap leaves the least C (ties drawn at
        random), or -1. Skipped: partners at x's table, swaps that would seat an entry at a
        four-table beyond ``cap4``, and tabu partners unless the swap beats ``best_cost``."""
        n, meet, four, cap4 = self.n, self.meet, self.four, self.cap4
        position = self.pos[r]
        round_tables = self.tables[r]
        tx = position[x]
        table_x = round_tables[tx]
        candidates = self.partners[r][x]
        xn = x * n
        leave_x = 0
        for z in table_x:
            if z != x:
                leave_x -= meet[xn + z] - 1
        best_delta = None
        best_y = -1
        ties = 0
        count = len(candidates)
        offset = self.rng.randrange(count)
        for k in range(offset - count, offset):  # from candidates[offset] round to [offset - 1]
            y = candidates[k]
            ty = position[y]
            if ty == tx:
                continue
            table_y = round_tables[ty]
            if len(table_y) != len(table_x):
                mover = y if len(table_x) == 4 else x
                if four[mover] >= cap4:
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
                if self.first_improvement and delta < 0:
                    break
            elif delta == best_delta:
                ties += 1
                if self.rng.randrange(ties) == 0:
                    best_y = y
        return best_y

    def snapshot(self) -> list[list[list[int]]]:
        return [[list(table) for table in round_tables] for round_tables in self.tables]
