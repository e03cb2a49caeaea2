"""Who is first- and third-named (singles) or pair A and pair B (pairs) at every table.

The first plan picks two "role seats" per table within each single's quota (greedy, then
augmenting paths) and splits them into first and third by a balanced orientation
(:func:`order_tables`). The re-plan plans the roles before the tables: how often each entry takes
each role (:func:`role_totals`), then each entry's role per round (:func:`round_roles`); or, for
tables seated without roles, it hands them out per table afterwards (:func:`roles_by_table`).
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Mapping, Sequence

from tournament.seating.graphs import Flow, balanced_orientation

# The roles at a table: first-named, third-named and the others (pairs: pair A, pair B).
FIRST, THIRD, OTHER = 0, 1, 2


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


def order_tables(
    n: int, tables: Sequence[Sequence[int]], rounds: int, rng: random.Random
) -> list[list[int]]:
    """Seating order for the given singles tables (all rounds together): the role seats
    (:func:`_role_seats`) are split into first and third by a balanced orientation, the other
    members fill positions 2 and 4."""
    capacity = -(-2 * rounds // 3)
    seats = _role_seats(n, tables, capacity, rng)
    forward = balanced_orientation(n, seats)
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


def role_totals(
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
    flow = Flow(n + 4)
    source, sink = n, n + 3
    order = list(range(n))
    rng.shuffle(order)
    edges: list[list[int]] = [[0] * n, [0] * n]
    for role in (FIRST, THIRD):
        flow.add(source, n + 1 + role, need)
    for p in order:
        for role in (FIRST, THIRD):
            edges[role][p] = flow.add(n + 1 + role, p, room[role][p])
        flow.add(p, sink, new_rounds)
    flow.run(source, sink)
    counts = [[flow.flow(edges[FIRST][p]), flow.flow(edges[THIRD][p]), 0] for p in range(n)]
    for role in (FIRST, THIRD):
        for _ in range(need - sum(count[role] for count in counts)):
            p = min(
                (p for p in order if counts[p][FIRST] + counts[p][THIRD] < new_rounds),
                key=lambda p: done[role][p] + counts[p][role],
            )
            counts[p][role] += 1
    for count in counts:
        count[OTHER] = new_rounds - count[FIRST] - count[THIRD]
    return counts


def role_slots(size: int) -> list[int]:
    """The roles at a table of ``size`` (two pairs: pair A and pair B)."""
    return [FIRST, THIRD] + [OTHER] * (size - 2)


def round_roles(
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
    flow = Flow(n + 5 + 3 * len(fixed_tables))
    source, sink = n + 3, n + 4
    for role in (FIRST, THIRD, OTHER):
        flow.add(n + role, sink, capacity[role])
    for t, node in table_node.items():
        for role, count in enumerate([1, 1, sizes[t] - 2]):
            flow.add(node + role, n + role, count)
    order = list(range(n))
    rng.shuffle(order)
    edges: dict[tuple[int, int], int] = {}
    for p in order:
        flow.add(source, p, 1)
        for role in (FIRST, THIRD, OTHER):
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
                for role in (FIRST, THIRD, OTHER)
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


def roles_by_table(
    tables: list[list[list[int]]], room: tuple[list[int], list[int]], rng: random.Random
) -> list[list[list[int]]]:
    """Roles for tables seated without them: as many first- and third-named within their room
    as the tables allow (a flow), the rest to those the least over; the others between.

    Returns every table as ``[first, third, others...]``.
    """
    n = len(room[FIRST])
    flat = [table for round_tables in tables for table in round_tables]
    flow = Flow(2 + 2 * n + 2 * len(flat))
    source, sink = 0, 1
    for role in (FIRST, THIRD):
        for p in range(n):
            flow.add(2 + 2 * p + role, sink, room[role][p])
    edges: list[list[list[tuple[int, int]]]] = []
    for t, table in enumerate(flat):
        members = table[:]
        rng.shuffle(members)
        per_role: list[list[tuple[int, int]]] = [[], []]
        for role in (FIRST, THIRD):
            node = 2 + 2 * n + 2 * t + role
            flow.add(source, node, 1)
            for p in members:
                per_role[role].append((p, flow.add(node, 2 + 2 * p + role, 1)))
        edges.append(per_role)
    flow.run(source, sink)
    room_left = [room[FIRST][:], room[THIRD][:]]
    ordered_flat: list[list[int]] = []
    for table, per_role in zip(flat, edges, strict=True):
        chosen = [
            next((p for p, edge in per_role[role] if flow.flow(edge)), -1)
            for role in (FIRST, THIRD)
        ]
        if chosen[FIRST] == chosen[THIRD]:  # both roles to one entry: keep one of them
            chosen[rng.randrange(2)] = -1
        for role in (FIRST, THIRD):
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
