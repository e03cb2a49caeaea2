"""A sheet link's one read: the sheet with its table, round, event and seated people.

Every page view and every save through a sheet link starts with this read, so it is the app's
hottest query (``bench/load.py``). The ORM's ``select_related`` over the same nine tables costs
about 2 ms per call on the development machine, most of it compiling the join and building the
table, round, event and sheet once per seat. Here the statement is written once per database
vendor from the models' own metadata (every concrete field, so a new field is read without a
change here), and each object is built once with the converters the ORM applies
(``Model.from_db``), so the objects are the ones the ORM would give.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.db import connection
from django.db.models import Field, Model

from scoring.models import Game, ScoreSheet
from tournament.models import Entry, Event, Player, Round, Seat, Table


@dataclass(frozen=True)
class _Part:
    """One table of the join: its model, its alias, where its columns start in a row."""

    model: type[Model]
    alias: str
    start: int

    @property
    def fields(self) -> Sequence[Field]:
        return self.model._meta.concrete_fields

    @property
    def end(self) -> int:
        return self.start + len(self.fields)


def _parts() -> dict[str, _Part]:
    order = [
        ("sheet", ScoreSheet, "sh"),
        ("table", Table, "ta"),
        ("round", Round, "ro"),
        ("event", Event, "ev"),
        ("seat", Seat, "se"),
        ("entry", Entry, "en"),
        ("entry_player", Player, "ep"),
        ("partner", Player, "pa"),
        ("seat_player", Player, "sp"),
    ]
    parts: dict[str, _Part] = {}
    start = 0
    for name, model, alias in order:
        parts[name] = _Part(model, alias, start)
        start = parts[name].end
    return parts


PARTS = _parts()


# The numbers of the sheet's games as one text ("1,2,5"), for the save's decision without a
# query of its own; the two databases the app runs on name the aggregate differently.
NUMBERS_TEXT = {
    "postgresql": "string_agg(CAST({number} AS text), ',')",
    "sqlite": "group_concat({number}, ',')",
}


def _column(name: str, field: str) -> str:
    """A column of one table of the join, with its alias (``en."player_id"``)."""
    part = PARTS[name]
    return f"{part.alias}.{connection.ops.quote_name(part.model._meta.get_field(field).column)}"


def _join() -> str:
    """The statement: the sheet of a token with one row per seat, in seating order, each row
    ending with the sheet's game numbers."""
    q = connection.ops.quote_name
    col = _column

    def table(name: str) -> str:
        return f"{q(PARTS[name].model._meta.db_table)} {PARTS[name].alias}"

    game = Game._meta
    numbers = NUMBERS_TEXT[connection.vendor].format(
        number=f"ga.{q(game.get_field('number').column)}"
    )
    columns = ", ".join(
        f"{part.alias}.{q(field.column)}" for part in PARTS.values() for field in part.fields
    )
    # not correlated with the seat rows, so the database runs it once, not once per seat
    sheet_id = (
        f"(SELECT {q(ScoreSheet._meta.pk.column)} FROM {q(ScoreSheet._meta.db_table)}"
        f" WHERE {q(ScoreSheet._meta.get_field('token').column)} = %s)"
    )
    return (
        f"SELECT {columns}, (SELECT {numbers} FROM {q(game.db_table)} ga"
        f" WHERE ga.{q(game.get_field('sheet').column)} = {sheet_id})"
        f" FROM {table('sheet')}"
        f" JOIN {table('table')} ON {col('table', 'id')} = {col('sheet', 'table')}"
        f" JOIN {table('round')} ON {col('round', 'id')} = {col('table', 'round')}"
        f" JOIN {table('event')} ON {col('event', 'id')} = {col('round', 'event')}"
        f" JOIN {table('seat')} ON {col('seat', 'table')} = {col('table', 'id')}"
        f" JOIN {table('entry')} ON {col('entry', 'id')} = {col('seat', 'entry')}"
        f" JOIN {table('entry_player')} ON {col('entry_player', 'id')} = {col('entry', 'player')}"
        f" LEFT JOIN {table('partner')} ON {col('partner', 'id')} = {col('entry', 'partner')}"
        f" JOIN {table('seat_player')} ON {col('seat_player', 'id')} = {col('seat', 'player')}"
        f" WHERE {col('sheet', 'token')} = %s ORDER BY {col('seat', 'position')}"
    )


class _Reader:
    """The statement and the converters of one database vendor, made on first use."""

    def __init__(self) -> None:
        self.sql = _join()
        self.converters: dict[str, list[tuple[int, list[Any], Any]]] = {}
        for name, part in PARTS.items():
            found = []
            for index, field in enumerate(part.fields, start=part.start):
                expression = field.get_col(part.alias)
                functions = [
                    *connection.ops.get_db_converters(expression),
                    *expression.get_db_converters(connection),
                ]
                if functions:
                    found.append((index, functions, expression))
            self.converters[name] = found

    def build(self, name: str, row: Sequence[Any]) -> Model:
        part = PARTS[name]
        values = list(row[part.start : part.end])
        for index, functions, expression in self.converters[name]:
            value = values[index - part.start]
            for function in functions:
                value = function(value, expression, connection)
            values[index - part.start] = value
        return part.model.from_db(connection.alias, None, values)


_readers: dict[str, _Reader] = {}


def _reader() -> _Reader:
    reader = _readers.get(connection.vendor)
    if reader is None:
        reader = _readers[connection.vendor] = _Reader()
    return reader


@dataclass
class LinkSheet:
    """A sheet as its link reads it."""

    sheet: ScoreSheet  # with its table, round and event
    seats: list[Seat]  # in seating order, with ``entry__player``, ``entry__partner``, ``player``
    entered: set[int]  # the numbers of the games the sheet holds


def sheet_with_seats(*, token: str) -> LinkSheet | None:
    """The sheet of a link token with its table, round and event, the table's seats with
    their people, and the numbers of the sheet's games; None for an unknown token or a table
    without seats. One query."""
    reader = _reader()
    with connection.cursor() as cursor:
        cursor.execute(reader.sql, [token, token])
        rows = cursor.fetchall()
    if not rows:
        return None
    first = rows[0]
    event = reader.build("event", first)
    round_ = reader.build("round", first)
    round_.event = event
    table = reader.build("table", first)
    table.round = round_
    sheet = reader.build("sheet", first)
    sheet.table = table
    partner_id = PARTS["partner"].start  # the partner's id column: NULL for a single
    entries: dict[int, Entry] = {}
    seats = []
    for row in rows:
        seat = reader.build("seat", row)
        entry = entries.get(seat.entry_id)
        if entry is None:
            entry = entries[seat.entry_id] = reader.build("entry", row)
            entry.player = reader.build("entry_player", row)
            entry.partner = None if row[partner_id] is None else reader.build("partner", row)
        seat.table = table
        seat.entry = entry
        seat.player = reader.build("seat_player", row)
        seats.append(seat)
    numbers = first[-1]
    return LinkSheet(sheet, seats, {int(n) for n in numbers.split(",")} if numbers else set())
