"""The common save through a sheet link, in one statement on PostgreSQL.

Most saves in the hall add a few new games to an open sheet: claim the sheet (move its version
on from the one the phone's page was built on), insert the games and their parties' rows, and
record the save in the sheet's trail. ``save_sheet_rows`` does that through the ORM in five
statements inside a transaction (BEGIN, UPDATE, three INSERTs, COMMIT), each a round trip to
the database plus the ORM's own work: on the development machine the biggest share of a save's
time (``bench/load.py``). PostgreSQL runs all four writes as one statement: data-modifying
``WITH`` queries, each taking the sheet's row from the claim, so nothing is written unless the
claim succeeds, and one statement is one transaction of its own.

Only that common case comes here (``save_sheet_rows`` decides): no stored game replaced or
deleted, a sheet still open (empty or in progress, so no audit of a handed-in sheet), no user
(a save through the link). When the save changes what the standings show (the sheet's first
games, or games of a sheet the standings count), the same statement moves the event's results
stamp on, as ``tournament.results.results_changed`` does. "Save and hand in" on the save that
completes the sheet hands it in with the same claim (status, hand-in time, a second record in
the trail), as ``submit_sheet`` after the save would. The statement is written once from
the models' metadata, with the casts Django's own bulk insert uses (``Field.cast_db_type``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from datetime import datetime
from functools import cache
from typing import Any

from django.db import connection
from django.db.models import Field, Model

from scoring.models import Game, PartyScore, ScoreSheet, SheetChange
from tournament.models import Entry, Event

GAME_COLUMNS = ("number", "dealer", "declarer", "bid", "kind", "revoked")
SCORE_COLUMNS = ("meld", "tricks", "points")


def _field(model: type[Model], name: str) -> Field:
    return model._meta.get_field(name)


@cache
def _statement() -> str:
    q = connection.ops.quote_name

    def column(model: type[Model], name: str) -> str:
        return q(_field(model, name).column)

    def array(model: type[Model], name: str) -> str:
        return f"%s::{_field(model, name).cast_db_type(connection)}[]"

    sheet, game, score, change = (m._meta.db_table for m in (ScoreSheet, Game, PartyScore,
                                                               SheetChange))
    game_columns = ", ".join(column(Game, name) for name in GAME_COLUMNS)
    game_arrays = ", ".join(array(Game, name) for name in GAME_COLUMNS)
    score_arrays = ", ".join(
        [array(Game, "number"), array(PartyScore, "entry")]
        + [array(PartyScore, name) for name in SCORE_COLUMNS]
    )
    score_columns = ", ".join(column(PartyScore, name) for name in ("game", "entry",
                                                                   *SCORE_COLUMNS))
    change_columns = ", ".join(
        column(SheetChange, name) for name in ("sheet", "action", "created_at", "after")
    )
    version, changed_at = column(Event, "results_version"), column(Event, "results_changed_at")
    submitted = column(ScoreSheet, "submitted_at")
    return (
        f"WITH claimed AS (UPDATE {q(sheet)} SET {column(ScoreSheet, 'version')}"
        f" = {column(ScoreSheet, 'version')} + %s, {column(ScoreSheet, 'updated_at')} = %s,"
        f" {column(ScoreSheet, 'status')} = %s, {submitted} = COALESCE(%s, {submitted})"
        f" WHERE {column(ScoreSheet, 'id')} = %s AND {column(ScoreSheet, 'version')} = %s"
        f" AND {column(ScoreSheet, 'status')} = %s RETURNING {column(ScoreSheet, 'id')} AS id),"
        f" stamp AS (UPDATE {q(Event._meta.db_table)} SET {version} = {version} + 1,"
        f" {changed_at} = %s WHERE {column(Event, 'id')} = %s AND %s"
        f" AND EXISTS (SELECT 1 FROM claimed)),"
        f" games AS (INSERT INTO {q(game)} ({column(Game, 'sheet')}, {game_columns})"
        f" SELECT claimed.id, g.* FROM claimed, UNNEST({game_arrays})"
        f" AS g({', '.join(GAME_COLUMNS)})"
        f" RETURNING {column(Game, 'id')} AS id, {column(Game, 'number')} AS number),"
        f" scores AS (INSERT INTO {q(score)} ({score_columns})"
        f" SELECT games.id, s.entry, s.meld, s.tricks, s.points FROM games"
        f" JOIN UNNEST({score_arrays}) AS s(number, entry, {', '.join(SCORE_COLUMNS)})"
        f" ON s.number = games.number),"
        f" trail AS (INSERT INTO {q(change)} ({change_columns})"
        f" SELECT claimed.id, t.action, %s, t.after FROM claimed,"
        f" UNNEST({array(SheetChange, 'action')}, %s::jsonb[]) WITH ORDINALITY"
        f" AS t(action, after, position) ORDER BY t.position)"
        f" SELECT count(*) FROM claimed"
    )


def append_games(
    *,
    sheet: ScoreSheet,
    base_version: int,
    status: str,
    games: Mapping[int, Mapping[str, Any]],
    parties: Sequence[Entry],
    trail: Mapping[str, Any],
    results_changed: bool,
    hands_in: bool,
    now: datetime,
) -> bool:
    """Claim the sheet at ``base_version`` (with its status as read) for ``status``, store the
    new ``games`` (``scoring.sheet_rows`` values by number, parties by index) with their
    parties' rows and a ``LINK_SAVED`` record holding ``trail``, and move the event's results
    stamp on if ``results_changed``. ``hands_in``: the save hands the sheet in as well (status
    submitted): the version moves two steps, the sheet gets its hand-in time and the trail a
    ``SUBMITTED`` record after the save's. False, and nothing written, when the sheet has moved
    on since it was read."""
    numbers = sorted(games)
    rows = [games[number] for number in numbers]
    game_values = [
        numbers,
        [row["dealer"] for row in rows],
        [parties[row["declarer"]].pk for row in rows],
        [row["bid"] for row in rows],
        [row["kind"] for row in rows],
        [None if row["revoked"] is None else parties[row["revoked"]].pk for row in rows],
    ]
    scores: list[list[Any]] = [[], [], [], [], []]
    for number, row in zip(numbers, rows, strict=True):
        for index, party in enumerate(parties):
            tricks = None if row["tricks"] is None else row["tricks"][index]
            for values, value in zip(
                scores,
                (number, party.pk, row["melds"][index], tricks, row["points"][index]),
                strict=True,
            ):
                values.append(value)
    actions, records = [SheetChange.Action.LINK_SAVED], [json.dumps(dict(trail))]
    if hands_in:
        actions.append(SheetChange.Action.SUBMITTED)
        records.append(None)  # as submit_sheet's record: no values
    with connection.cursor() as cursor:
        cursor.execute(
            _statement(),
            [2 if hands_in else 1, now, status, now if hands_in else None,
             sheet.pk, base_version, sheet.status,
             now, sheet.table.round.event_id, results_changed, *game_values, *scores,
             now, actions, records],
        )
        (claimed,) = cursor.fetchone()
    return claimed == 1
