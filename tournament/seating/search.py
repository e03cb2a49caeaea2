"""The local search that seats entries with as few repeat meetings as possible."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from tournament.seating.roles import OTHER, role_slots


class SinglesSearch:
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


class ReplanSearch(SinglesSearch):
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
            role_of = classes[r] if classes is not None else [OTHER] * n
            round_tables: list[list[int]] = [[] for _ in sizes]
            free = [role_slots(size) if classes is not None else [OTHER] * size for size in sizes]
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
            candidates = self.members[r][self.classes[r][x] if self.classes else OTHER]
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
