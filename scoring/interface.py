"""What the tournament app may ask of scoring: the one door between the two apps.

The seating plan needs to know which tables have scores (a scored table keeps its seats), to
keep a score from slipping in while it changes seats, to tell the sheets of tables whose seats
it changed (their version moves on, so a save from a page of the old seating is refused as
stale and the phone shows the new one), to give every new table its empty sheet,
and to print each table's sheet link and the blank sheet's rules figure (``TRICK_TOTAL``). The
money of the evening needs the results: the games each entry lost as declarer
(``declarer_losses``, for the lost-game money), whether the results are still provisional
(``standings_provisional``), and the standings themselves for the prizes
(``cached_standings``, computed once per change, ranked ``SINGLES`` and ``PAIRS``). A
player's page needs the player's results across events (``player_record``). A series (Cup)
needs its ranking over its events and its exports (``series_standings``, ``series_workbook``,
``series_csv``) and the check of its place points (``parse_place_points``). The tournament app
imports nothing else of scoring (a test checks it).
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db.models import F

from scoring.models import Game, ScoreSheet
from scoring.players import PlayerEvent, PlayerRecord, player_record
from scoring.ranking import PAIRS, SINGLES, StandingRow, Standings
from scoring.rules import TRICK_TOTAL
from scoring.series import (
    SeriesRuleError,
    format_place_points,
    parse_place_points,
    rule_summary,
)
from scoring.series_standings import (
    SeriesLine,
    SeriesStandings,
    series_csv,
    series_rule,
    series_standings,
    series_workbook,
)
from scoring.standings import (
    DeclarerLosses,
    cached_standings,
    declarer_losses,
    standings_provisional,
)
from tournament.models import Event, Table

__all__ = [
    "PAIRS",
    "SINGLES",
    "TRICK_TOTAL",
    "DeclarerLosses",
    "PlayerEvent",
    "PlayerRecord",
    "ScoreSheet",
    "SeriesLine",
    "SeriesRuleError",
    "SeriesStandings",
    "StandingRow",
    "Standings",
    "cached_standings",
    "create_sheets",
    "declarer_losses",
    "format_place_points",
    "parse_place_points",
    "player_record",
    "rule_summary",
    "scored_tables",
    "seating_changed",
    "series_csv",
    "series_rule",
    "series_standings",
    "series_workbook",
    "sheets_of",
    "standings_provisional",
]


def scored_tables(
    *, event: Event | None = None, table_ids: Iterable[int] | None = None, lock: bool = False
) -> set[int]:
    """The ids of the tables (of ``event``, or among ``table_ids``) whose sheet holds a game.

    With ``lock`` their sheets are locked first (inside the caller's transaction), so that no
    game can be entered until the caller's change is done.
    """
    if (event is None) == (table_ids is None):
        raise TypeError("give either event or table_ids")
    sheets = (
        ScoreSheet.objects.filter(table__round__event=event)
        if event is not None
        else ScoreSheet.objects.filter(table_id__in=list(table_ids or ()))
    )
    if lock:
        list(sheets.select_for_update().only("pk"))
    return set(Game.objects.filter(sheet__in=sheets.values("pk")).values_list(
        "sheet__table_id", flat=True
    ))


def seating_changed(table_ids: Iterable[int]) -> None:
    """The seats of these tables changed: their sheets' versions move on, so a save based on a
    page showing the old seating is refused as stale (``save_sheet_rows`` relies on this)."""
    ScoreSheet.objects.filter(table_id__in=list(table_ids)).update(version=F("version") + 1)


def create_sheets(tables: Iterable[Table]) -> None:
    """An empty score sheet for each of the new ``tables``."""
    ScoreSheet.objects.bulk_create(ScoreSheet(table=table) for table in tables)


def sheets_of(table_ids: Iterable[int]) -> dict[int, ScoreSheet]:
    """The score sheets of the tables, by table id (for their links on printouts)."""
    return {
        sheet.table_id: sheet
        for sheet in ScoreSheet.objects.filter(table_id__in=list(table_ids))
    }
