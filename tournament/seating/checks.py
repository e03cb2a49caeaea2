"""Input checks of the seating generator: the start numbers, the field, the played rounds and
the fixed seats. Every refusal is a :class:`SeatingError` with a German message."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from core.errors import UserError, gettext_noop


class SeatingError(UserError, ValueError):
    """The field cannot be seated, or the input is invalid (also a ``ValueError``)."""


def check_numbers(singles: Sequence[int], pairs: Sequence[int]) -> None:
    """Refuses start numbers that are not whole numbers or occur twice."""
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


def check_field(n_singles: int, n_pairs: int, rounds: int) -> None:
    """Refuses a number of rounds below 1 and fields that three- and four-tables cannot seat."""
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


def _is_number(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_list(value: object) -> bool:
    return isinstance(value, Sequence) and not isinstance(value, (str, bytes))


def _invalid_number(value: object) -> SeatingError:
    return SeatingError(
        gettext_noop("Invalid start number %(value)r: start numbers are whole numbers."),
        value=value,
    )


def check_played(
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


def check_fixed(
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
