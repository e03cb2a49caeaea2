"""Keeping the printed tables in a re-plan (``plan_seating(keep=...)``).

Once the rounds still to plan are printed (table cards and score sheets, each with its table's
link), a re-plan for one latecomer should not seat every table anew. The plan made the usual
way (``replan``, or the first plan when no round has been played) is one candidate; the other
starts from the printed tables: every printed table whose entries all still play is kept where
the table sizes of the new field have room for it, at its printed place where it can be; the
entries of the other printed tables and the latecomers fill the places left, and the swap search
(``SwapSearch``) then removes every new repeat, first moving only entries of the tables not
kept, then, where that is not enough, any entry. Rounds are seated one after the other, each
counting the meetings of the rounds before it. A kept table keeps its seating order (and so its
roles); the other tables get theirs within every entry's room (``roles_by_table``).

The candidate that keeps tables is taken when it is at least as good as the usual plan by the
plan's goals in their order -- the repeat cost over all rounds, the roles beyond the quotas,
the four-table seats beyond the spread -- and keeps more printed tables; else the usual plan
stands. So keeping tables never costs quality. Singles and pairs are decided separately.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Mapping, Sequence

from tournament.seating.checks import check_fixed
from tournament.seating.graphs import Flow
from tournament.seating.replan import (
    _read_history,
    _role_quota,
    _search_limits,
    _seating_order,
)
from tournament.seating.roles import FIRST, OTHER, THIRD
from tournament.seating.search import SwapSearch

Plan = list[list[tuple[int, ...]]]

# Tries of the seating from the printed tables, each from another draw; the best one counts.
_ATTEMPTS = 8


def _is_table(table: object) -> bool:
    return (
        isinstance(table, list | tuple)
        and len(table) in (2, 3, 4)
        and all(type(number) is int for number in table)
    )


def _internal(table: Sequence[int], pairs: bool) -> list[int]:
    """A table in seating order as the re-plan orders it inside: first, third, the others
    (pairs: pair A, pair B); ``_seating_order`` turns it back."""
    if pairs:
        return list(table)
    first, second, third, *others = table
    return [first, third, second, *others]


def _seed_round(
    printed: Sequence[tuple[int, ...]],
    index: Mapping[int, int],
    sizes: Sequence[int],
    fixed_at: Mapping[int, int],
    rng: random.Random,
    pairs: bool,
) -> tuple[list[list[int]], set[int]]:
    """One round's start: the tables by place (entries' indices, inside order) and the places
    that hold a printed table unchanged. A printed table whose entries all play keeps its
    place where the size (and any fixed entry) allows, else takes another place of its size;
    fixed entries sit at their place; the rest of the printed tables seed the places left
    (largest first), and latecomers and leftovers fill them up."""
    places: list[list[int] | None] = [None] * len(sizes)
    kept: set[int] = set()
    fixed_here: dict[int, set[int]] = {}
    for p, place in fixed_at.items():
        fixed_here.setdefault(place, set()).add(p)

    def fits(place: int, members: list[int]) -> bool:
        return (
            places[place] is None
            and sizes[place] == len(members)
            and all(fixed_at.get(p, place) == place for p in members)
            and fixed_here.get(place, set()) <= set(members)
        )

    intact: list[tuple[int, list[int]]] = []
    groups: list[list[int]] = []
    for at, table in enumerate(printed):
        members = [index[number] for number in table if number in index]
        if len(members) == len(table):
            intact.append((at, _internal(members, pairs)))
        elif members:
            groups.append(members)
    elsewhere = []
    for at, members in intact:
        if at < len(sizes) and fits(at, members):
            places[at] = members
            kept.add(at)
        else:
            elsewhere.append(members)
    for members in elsewhere:
        place = next((t for t in range(len(sizes)) if fits(t, members)), None)
        if place is None:
            groups.append(members)
        else:
            places[place] = members
            kept.add(place)
    for place, members in sorted(fixed_here.items()):
        if places[place] is None:
            places[place] = sorted(members)
    seated = {p for members in places if members for p in members}
    groups = sorted(
        (left for group in groups if (left := [p for p in group if p not in seated])),
        key=len,
        reverse=True,
    )
    grouped = {p for group in groups for p in group}
    pool = [p for p in range(len(index)) if p not in seated and p not in grouped]
    for place, size in enumerate(sizes):
        if places[place] is None:
            seed = groups.pop(0) if groups else []
            places[place] = seed[:size]
            pool.extend(seed[size:])
    pool.extend(p for group in groups for p in group)
    rng.shuffle(pool)
    filled: list[list[int]] = []
    for members, size in zip(places, sizes, strict=True):
        assert members is not None
        while len(members) < size:
            members.append(pool.pop())
        filled.append(members)
    assert not pool
    return filled, kept


def _role_slots(size: int) -> list[int]:
    return [FIRST, THIRD] + [OTHER] * (size - 2)


def _printed_roles(table: Sequence[int]) -> dict[int, int]:
    """The roles of a table in inside order: first, third, the others."""
    return {p: FIRST if at == 0 else THIRD if at == 1 else OTHER for at, p in enumerate(table)}


def _mover_roles(
    movers: Sequence[int],
    need: tuple[int, int],
    room: tuple[list[int], list[int]],
    urgent: set[int],
    rng: random.Random,
) -> dict[int, int]:
    """Roles for the entries at the tables not kept in one round: ``need`` first- and
    third-named among them (a flow), first from those whose room is for this round or never
    (``urgent``), then from the others with room, and only then beyond an entry's room."""
    order = list(movers)
    rng.shuffle(order)
    node = {p: 4 + i for i, p in enumerate(order)}
    flow = Flow(4 + len(order))
    source, sink = 0, 1
    flow.add(source, 2 + FIRST, need[FIRST])
    flow.add(source, 2 + THIRD, need[THIRD])
    edges: dict[tuple[int, int], int] = {}
    for p in order:
        flow.add(node[p], sink, 1)
    for stage in ("urgent", "room", "beyond"):
        for p in order:
            if stage == "urgent" and p not in urgent:
                continue
            for role in (FIRST, THIRD):
                if (p, role) in edges or (stage != "beyond" and room[role][p] <= 0):
                    continue
                edges[p, role] = flow.add(2 + role, node[p], 1)
        flow.run(source, sink)
    roles = dict.fromkeys(order, OTHER)
    for (p, role), edge in edges.items():
        if flow.flow(edge):
            roles[p] = role
    return roles


def _room_left(
    seeds: list[tuple[list[list[int]], set[int]]],
    quota: Sequence[int],
    done: tuple[list[int], list[int]],
) -> tuple[list[int], list[int]]:
    """Every entry's room for first- and third-named left once the played rounds and the kept
    tables have taken theirs."""
    n = len(quota)
    room = ([quota[p] - done[FIRST][p] for p in range(n)],
            [quota[p] - done[THIRD][p] for p in range(n)])
    for tables, kept in seeds:
        for place in kept:
            room[FIRST][tables[place][0]] -= 1
            room[THIRD][tables[place][1]] -= 1
    return room


def _short_round(
    seeds: list[tuple[list[list[int]], set[int]]], room: tuple[list[int], list[int]]
) -> tuple[int, list[int]] | None:
    """A round whose tables not kept lack entries with room for a role (each such table needs
    one first- and one third-named from the entries at them), with the roles lacking."""
    for r, (tables, kept) in enumerate(seeds):
        movers = [p for place, table in enumerate(tables) if place not in kept for p in table]
        tables_open = len(tables) - len(kept)
        able = [sum(1 for p in movers if room[role][p] > 0) for role in (FIRST, THIRD)]
        either = sum(1 for p in movers if room[FIRST][p] > 0 or room[THIRD][p] > 0)
        lacking = [role for role in (FIRST, THIRD) if able[role] < tables_open]
        if not lacking and either < 2 * tables_open:
            lacking = [FIRST, THIRD]
        if lacking:
            return r, lacking
    return None


def _release_stranded(
    seeds: list[tuple[list[list[int]], set[int]]],
    quota: Sequence[int],
    done: tuple[list[int], list[int]],
    rng: random.Random,
) -> tuple[list[int], list[int]]:
    """Give up kept tables until the tables not kept can have fair roles, and return every
    entry's room for first- and third-named left for those tables.

    The tables not kept need one first- and one third-named each, from the entries that sit at
    them. Where a round's entries at such tables have too little room for it, a kept table of
    that round with an entry that has room for the role lacking (not its own) is given up
    (seated anew); where the room of an entry that sits only at kept tables is needed, one of
    its kept tables is given up; until the room is enough or no table helps."""
    n = len(quota)
    while True:
        room = _room_left(seeds, quota, done)
        short = _short_round(seeds, room)
        if short is not None:
            r, lacking = short
            tables, kept = seeds[r]
            helping = sorted(
                place for place in kept
                if any(room[role][p] > 0 for p in tables[place][2:] for role in lacking)
                or any((role == FIRST and room[THIRD][tables[place][0]] > 0)
                       or (role == THIRD and room[FIRST][tables[place][1]] > 0)
                       for role in lacking)
            )
            if helping:
                kept.discard(helping[rng.randrange(len(helping))])
                continue
        seats: Counter[int] = Counter()
        tables_open = 0
        for tables, kept in seeds:
            for place, table in enumerate(tables):
                if place not in kept:
                    seats.update(table)
                    tables_open += 1
        supply = [sum(min(max(0, room[role][p]), seats[p]) for p in range(n))
                  for role in (FIRST, THIRD)]
        both = sum(min(max(0, room[FIRST][p]) + max(0, room[THIRD][p]), seats[p])
                   for p in range(n))
        if min(supply) >= tables_open and both >= 2 * tables_open:
            return room
        stranded = [p for p in range(n)
                    if not seats[p] and (room[FIRST][p] > 0 or room[THIRD][p] > 0)]
        if not stranded:
            return room
        p = stranded[rng.randrange(len(stranded))]
        holding = [(r, place) for r, (tables, kept) in enumerate(seeds)
                   for place in kept if p in tables[place]]
        r, place = holding[rng.randrange(len(holding))]
        seeds[r][1].discard(place)


def _keep_kind(
    ids: Sequence[int],
    sizes: Sequence[int],
    history: Sequence[tuple[int, ...]],
    printed: Sequence[Sequence[tuple[int, ...]]],
    new_rounds: int,
    per_role: int,
    fixed: Mapping[int, int],
    rng: random.Random,
    pairs: bool,
) -> Plan:
    """The new rounds of one kind seated from the printed tables (start numbers in seating
    order, tables by place); ``fixed``: start number -> table index within the kind.

    Every table seats one first- and one third-named (pair A and pair B). A kept table keeps
    its roles; the entries at the other tables get theirs round by round within their room
    (``_mover_roles``) and are dealt to those tables by role; the swap search then swaps only
    entries of one role, first of the tables not kept, then of any."""
    n = len(ids)
    if n == 0:
        return [[] for _ in range(new_rounds)]
    index = {number: i for i, number in enumerate(ids)}
    met, done, four, played_rounds = _read_history(index, history, pairs)
    fixed_at = {index[number]: t for number, t in fixed.items()}
    cap4, budget = _search_limits(sizes, new_rounds, four)
    quota = _role_quota(played_rounds, new_rounds, per_role)
    seeds = [
        _seed_round(printed[r] if r < len(printed) else [], index, sizes, fixed_at, rng, pairs)
        for r in range(new_rounds)
    ]
    room = _release_stranded(seeds, quota, done, rng)
    # who sits at a table not kept in the rounds after each round
    moving_later = [Counter() for _ in range(new_rounds + 1)]
    for r in range(new_rounds - 1, -1, -1):
        tables, kept = seeds[r]
        moving_later[r] = Counter(moving_later[r + 1])
        for place, table in enumerate(tables):
            if place not in kept:
                moving_later[r].update(table)
    rounds: list[list[tuple[int, ...]]] = []
    for r, (tables, kept) in enumerate(seeds):
        as_printed = {place: list(tables[place]) for place in kept}
        role_of: dict[int, int] = {}
        for place in kept:
            role_of.update(_printed_roles(tables[place]))
        changed = [place for place in range(len(sizes)) if place not in kept]
        # fixed entries take their roles at their place first
        open_slots = {place: _role_slots(sizes[place]) for place in changed}
        for p in sorted(fixed_at):
            place = fixed_at[p]
            if place in kept:
                continue
            slots = open_slots[place]
            role = next(
                (role for role in (FIRST, THIRD) if role in slots and room[role][p] > 0), OTHER
            )
            if role not in slots:
                role = slots[0]
            slots.remove(role)
            role_of[p] = role
        movers = [p for place in changed for p in tables[place] if p not in fixed_at]
        need = (sum(slots.count(FIRST) for slots in open_slots.values()),
                sum(slots.count(THIRD) for slots in open_slots.values()))
        urgent = {p for p in movers if moving_later[r + 1][p] < room[FIRST][p] + room[THIRD][p]}
        role_of.update(_mover_roles(movers, need, room, urgent, rng))
        for p in [*movers, *(p for p in fixed_at if fixed_at[p] in open_slots)]:
            if role_of[p] != OTHER:
                room[role_of[p]][p] -= 1
        # deal the movers to the open seats of their role
        by_role: dict[int, list[int]] = {FIRST: [], THIRD: [], OTHER: []}
        for p in movers:
            by_role[role_of[p]].append(p)
        for group in by_role.values():
            rng.shuffle(group)
        for place in changed:
            table = [p for p in tables[place] if p in fixed_at]
            table += [by_role[role].pop() for role in open_slots[place]]
            tables[place] = table
        if len(sizes) > 1:
            # no new repeat: two entries may meet as often as they met before (at least once);
            # two fixed entries at one table meet anyway
            allowed = [max(1, m) for m in met]
            for a, b in itertools.combinations(sorted(fixed_at), 2):
                if fixed_at[a] == fixed_at[b]:
                    allowed[a * n + b] = allowed[b * n + a] = met[a * n + b] + 1
            for hold in (True, False):
                held = {p for place in kept for p in tables[place]} if hold else set()
                pinned = [p in fixed_at or p in held for p in range(n)]
                same_role = {role: [p for p in range(n) if role_of[p] == role and not pinned[p]]
                             for role in (FIRST, THIRD, OTHER)}
                search = SwapSearch(
                    n,
                    [tables],
                    cap4,
                    rng,
                    met=met,
                    allowed=allowed,
                    four=four,
                    partners=[[same_role[role_of[p]] for p in range(n)]],
                    pinned=pinned,
                )
                search.run(-1, budget)
                tables = search.snapshot()[0]
                if not search.bad_list:
                    break
        seated: list[tuple[int, ...]] = []
        for place, table in enumerate(tables):
            if place in as_printed and set(table) == set(as_printed[place]):
                order = as_printed[place]
            else:
                first = next(p for p in table if role_of[p] == FIRST)
                third = next(p for p in table if role_of[p] == THIRD)
                others = [p for p in table if role_of[p] == OTHER]
                rng.shuffle(others)
                order = [first, third, *others]
            for a, b in itertools.combinations(order, 2):
                met[a * n + b] += 1
                met[b * n + a] += 1
            if len(order) == 4:
                for p in order:
                    four[p] += 1
            seated.append(tuple(ids[p] for p in _seating_order(order, pairs)))
        rounds.append(seated)
    return rounds


def quality(
    history: Sequence[tuple[int, ...]],
    new: Sequence[Sequence[tuple[int, ...]]],
    field: Sequence[int],
    *,
    pairs: bool,
    per_role: int,
) -> tuple[int, int, int]:
    """A plan of one kind by its goals, lower is better: the repeat cost over every round, the
    roles beyond each entry's quota (first- and third-named, pair A and pair B: ``ceil(rounds
    played / per_role)`` each) and the four-table seats beyond one more than the even spread."""
    tables = [*history, *(table for round_tables in new for table in round_tables)]
    met: Counter[tuple[int, int]] = Counter()
    played: Counter[int] = Counter()
    first: Counter[int] = Counter()
    third: Counter[int] = Counter()
    four: Counter[int] = Counter()
    for table in tables:
        members = sorted(set(table))
        for a, b in itertools.combinations(members, 2):
            met[a, b] += 1
        played.update(members)
        first[table[0]] += 1
        third[table[1] if pairs else table[2]] += 1
        if len(table) == 4:
            four.update(members)
    cost = sum(m * (m - 1) // 2 for m in met.values())
    roles = 0
    for number in field:
        quota = -(-played[number] // per_role)
        roles += max(0, first[number] - quota) + max(0, third[number] - quota)
    seats = sum(four[number] for number in field)
    cap = -(-seats // len(field)) + 1 if field else 0
    fours = sum(max(0, four[number] - cap) for number in field)
    return cost, roles, fours


def kept_tables(
    new: Sequence[Sequence[tuple[int, ...]]], printed: Sequence[Sequence[tuple[int, ...]]]
) -> tuple[int, int]:
    """How many tables of the new rounds (of one kind) are as printed in their round: exactly,
    at the same place in the same seating order (the card and the sheet stay right), and with
    the same entries anywhere (the table can keep its link)."""
    exact = same = 0
    for r, round_tables in enumerate(new):
        before = printed[r] if r < len(printed) else []
        sets = {frozenset(table) for table in before}
        exact += sum(1 for at, table in enumerate(round_tables)
                     if at < len(before) and before[at] == table)
        same += sum(1 for table in round_tables if frozenset(table) in sets)
    return exact, same


def _best_of_kind(
    usual: Plan,
    history: Sequence[tuple[int, ...]],
    printed: Sequence[Sequence[tuple[int, ...]]],
    field: Sequence[int],
    sizes: Sequence[int],
    fixed: Mapping[int, int],
    *,
    pairs: bool,
    seed: int,
) -> Plan:
    """The new rounds of one kind: ``usual``, or the seating from the printed tables where it
    is at least as good and keeps more of them (the best of ``_ATTEMPTS`` draws)."""
    per_role = 2 if pairs else 3

    def key(candidate: Plan) -> tuple[int, ...]:
        goals = quality(history, candidate, field, pairs=pairs, per_role=per_role)
        exact, same = kept_tables(candidate, printed)
        return (*goals, -exact, -same)

    rng = random.Random(f"keep-{'pairs' if pairs else 'singles'}:{seed}")
    ids = sorted(field)
    rng.shuffle(ids)
    best, best_key = usual, key(usual)
    for _ in range(_ATTEMPTS):
        keeping = _keep_kind(
            ids, sizes, history, printed, len(usual), per_role, fixed, rng, pairs
        )
        if key(keeping) < best_key:
            best, best_key = keeping, key(keeping)
    return best


def keep_printed(
    plan: Plan,
    printed: Sequence[Sequence[Sequence[int]]],
    *,
    played: int,
    singles: Sequence[int],
    pairs: Sequence[int],
    fixed: Mapping[int, int],
    seed: int,
) -> Plan:
    """``plan`` (its first ``played`` rounds played), or for each kind the seating from the
    ``printed`` tables of the rounds after them where it is as good and keeps more of them (see
    the module). Printed tables of entries that left or of another kind than their entries
    now play are not kept; anything in ``printed`` that is not a table is ignored."""
    history, new = plan[:played], plan[played:]
    printed_rounds = [
        [tuple(table) for table in round_tables if _is_table(table)]
        if isinstance(round_tables, list | tuple)
        else []
        for round_tables in list(printed)[: len(new)]
    ]
    n = len(singles)
    singles_sizes = [4] * (n % 3) + [3] * ((n - 4 * (n % 3)) // 3)
    fixed_singles, fixed_pairs = check_fixed(
        fixed, set(singles), set(pairs), singles_sizes, len(pairs) // 2
    )
    kinds: list[Plan] = []
    for is_pairs, field, sizes, fixed_kind in (
        (False, singles, singles_sizes, fixed_singles),
        (True, pairs, [2] * (len(pairs) // 2), fixed_pairs),
    ):
        kinds.append(_best_of_kind(
            [[t for t in round_tables if (len(t) == 2) == is_pairs] for round_tables in new],
            [t for round_tables in history for t in round_tables if (len(t) == 2) == is_pairs],
            [[t for t in round_tables if (len(t) == 2) == is_pairs]
             for round_tables in printed_rounds],
            field,
            sizes,
            fixed_kind,
            pairs=is_pairs,
            seed=seed,
        ))
    singles_plan, pairs_plan = kinds
    return history + [singles_plan[r] + pairs_plan[r] for r in range(len(new))]
