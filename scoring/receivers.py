"""Scoring's answers to the tournament app's signals (``tournament.signals``): a new table gets
its empty score sheet, changed seats move the sheets' versions on, a player's row replaced in
some events takes their confirmations there along, and a table holds results once its sheet
holds a game or round totals. Connected in ``ScoringConfig.ready``."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db.models import F

from scoring.confirmations import void_confirmations
from scoring.models import Game, RoundTotal, ScoreSheet, SheetConfirmation
from tournament.models import Event, Table


def create_sheets(*, tables: Iterable[Table], **_: Any) -> None:
    """An empty score sheet for each of the new ``tables``."""
    ScoreSheet.objects.bulk_create(ScoreSheet(table=table) for table in tables)


def seating_changed(*, table_ids: Iterable[int], **_: Any) -> None:
    """The seats of these tables changed: their sheets' versions move on, so a save based on a
    page showing the old seating is refused as stale (``save_sheet_rows`` relies on this), and
    the players' confirmations of them are void (other people may sit there now)."""
    sheets = ScoreSheet.objects.filter(table_id__in=list(table_ids))
    sheets.update(version=F("version") + 1)
    void_confirmations(sheets.values_list("pk", flat=True))


def player_replaced(*, old_id: int, new_id: int, event_ids: Iterable[int], **_: Any) -> None:
    """In the events ``event_ids`` the player ``old_id`` is now ``new_id``: their confirmations
    of the sheets there name the new row (a person's data deleted in one club's events)."""
    SheetConfirmation.objects.filter(
        sheet__table__round__event_id__in=list(event_ids), player_id=old_id
    ).update(player_id=new_id)


def scored_tables(
    *, event: Event | None = None, table_ids: list[int] | None = None, lock: bool = False,
    **_: Any,
) -> set[int]:
    """The ids of the tables (of ``event``, or among ``table_ids``) whose sheet holds a game or
    round totals (``RoundTotal``).

    With ``lock`` their sheets are locked first (inside the caller's transaction), so that no
    game can be entered until the caller's change is done.
    """
    sheets = (
        ScoreSheet.objects.filter(table__round__event=event)
        if event is not None
        else ScoreSheet.objects.filter(table_id__in=table_ids or [])
    )
    if lock:
        list(sheets.select_for_update().only("pk"))
    scored = set(Game.objects.filter(sheet__in=sheets.values("pk")).values_list(
        "sheet__table_id", flat=True
    ).order_by().distinct())
    return scored | set(RoundTotal.objects.filter(sheet__in=sheets.values("pk")).values_list(
        "sheet__table_id", flat=True
    ).order_by().distinct())
