"""What changed on a score sheet, as its pages tell it: the version check an open page asks
every half minute, the games others changed since the page's version, the saves the link could
no longer make (kept for the desk), and the sheet's trail. Games in words: ``scoring.audit``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.db.models import Count, Q
from django.utils.translation import gettext, pgettext

from core.errors import Message
from core.models import ChangeRecord
from core.text import is_number
from scoring.audit import (
    GAME_CHANGES,
    SheetAction,
    describe_totals,
    describe_values,
    game_line,
    sheet_line,
)
from scoring.models import ScoreSheet
from scoring.selectors.sheet_frame import TOKEN_SHAPE, SheetFrame, same_token


def link_check(token: str) -> SheetCheck | None:
    """The version check (``sheet_check``) of a link token's sheet, or None: one query, none
    for a malformed token."""
    if not TOKEN_SHAPE.fullmatch(token):
        return None
    check = sheet_check(token=token)
    return check if check is not None and same_token(check.token, token) else None


def describe_late(rows: Mapping, frame: SheetFrame) -> list[tuple[int, str]]:
    """Typed rows (``scoring.pages.games.late_rows``) in words, parties by start number:
    (game, description)."""
    numbers = frame.numbers

    def party(text: str) -> str:
        return str(numbers[int(text)]) if is_number(text) and int(text) < len(numbers) else text

    described = []
    for number, typed in sorted(rows.items(), key=lambda item: int(item[0])):
        if not typed:
            described.append((int(number), gettext("row cleared")))
            continue
        parties = range(len(numbers))
        described.append((
            int(number),
            game_line(
                declarer=party(typed.get("declarer", "")),
                bid=typed.get("bid", ""),
                kind=typed.get("kind", ""),
                melds=[typed.get(f"meld{i}", "") or "0" for i in parties],
                tricks=[typed.get(f"tricks{i}", "") or "–" for i in parties],
                revoked=party(typed["revoked"]) if typed.get("revoked") else None,
            ),
        ))
    return described


@dataclass
class LateSave:
    change: Any
    reason: str
    rows: list[tuple[int, str]]


def late_saves(sheet: ScoreSheet, frame: SheetFrame) -> list[LateSave]:
    """The saves through the link that came after the round was closed or the sheet confirmed,
    newest first, with what was typed."""
    changes = sheet.changes.filter(action=SheetAction.LATE).order_by("-created_at", "-id")
    saves = []
    for change in changes:
        after = change.params.get("after") or {}
        reason = Message(after.get("reason", ""), **after.get("params", {}))
        saves.append(
            LateSave(
                change=change,
                reason=str(reason) if reason.msgid else "",
                rows=describe_late(after.get("rows", {}), frame),
            )
        )
    return saves


def _trail_before(change: ChangeRecord) -> str:
    """A record's game or round totals before its change, for the trail's column of them."""
    if change.action == SheetAction.TOTALS_SAVED:
        return describe_totals(change.params.get("before"))
    return describe_values(change.params.get("before")) if change.params.get("game") else ""


def sheet_trail(sheet: ScoreSheet) -> list[dict[str, Any]]:
    """The audit trail of a sheet, newest first: each record (``change``), its line in words
    (``line``) and the game or totals before it (``before``, a column of its own)."""
    return [
        {
            "change": change,
            "line": sheet_line(change, sheet.table, before=False),
            "before": _trail_before(change),
        }
        for change in sheet.changes.select_related("user").order_by("-created_at", "-id")
    ]


@dataclass(frozen=True)
class SheetCheck:
    """What an open sheet page asks every half minute: the sheet's version, how many players'
    confirmations count, and whether the link still changes the sheet."""

    sheet_id: int
    token: str
    version: int
    confirmed: int
    open: bool

    def answer(self) -> dict[str, Any]:
        return {"version": self.version, "confirmed": self.confirmed, "open": self.open}


def sheet_check(**lookup: Any) -> SheetCheck | None:
    """The check of the sheet ``lookup`` finds (``token=…``, or its table's event, round
    number and table number), or None: one query."""
    live = Count("confirmations", filter=Q(confirmations__voided_at__isnull=True))
    row = (
        ScoreSheet.objects.filter(**lookup).order_by().annotate(confirmed=live)
        .values_list("pk", "token", "version", "status", "table__round__closed", "confirmed")
        .first()
    )
    if row is None:
        return None
    pk, token, version, status, closed, confirmed = row
    return SheetCheck(
        sheet_id=pk, token=token, version=version, confirmed=confirmed,
        open=not closed and status != ScoreSheet.Status.CONFIRMED,
    )


def changed_by(change: ChangeRecord, *, via_link: bool) -> str:
    """Who changed a game, as a change notice names them: the organisers with the name of the
    account, or the device through the sheet's link (another phone, or the table's phone as
    the organisers' page sees it)."""
    if change.user is not None:
        return pgettext("changed by", "the organisers (%(name)s)") % {
            "name": change.user.get_full_name() or change.user.get_username()
        }
    if via_link:
        return pgettext("changed by", "another device")
    return pgettext("changed by", "the table's phone")


def change_notices(
    sheet_id: int, *, since: int, device: str, via_link: bool, until: int | None = None
) -> list[dict[str, Any]]:
    """The games changed after version ``since`` (up to ``until``, where given) by anyone but
    ``device`` (empty: anyone), as the page tells them (oldest first): which game, the game
    before and after in words (empty where there was or is no game), and by whom. One query,
    none when ``until`` is not after ``since`` (a save on the version it read)."""
    if until is not None and until <= since:
        return []
    records = ChangeRecord.objects.about_all(ScoreSheet, [sheet_id]).filter(
        action__in=GAME_CHANGES, params__version__gt=since
    )
    if until is not None:
        records = records.filter(params__version__lte=until)
    if device:
        records = records.exclude(params__device=device)
    return [
        {
            "id": change.pk,
            "game": change.params["game"],
            "version": change.params["version"],
            "before": _game_text(change.params.get("before")),
            "after": _game_text(change.params.get("after")),
            "by": changed_by(change, via_link=via_link),
        }
        for change in records.select_related("user").order_by("id")
    ]


def _game_text(values: Mapping[str, Any] | None) -> str:
    """A game of a change notice in words, empty where there was or is no game."""
    return describe_values(values) if values is not None else ""
