"""The section "Bestätigen" of a sheet's page: the table's players and who has confirmed the
sheet, and what changed since the players whose confirmation a change voided confirmed it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from core.models import ChangeRecord
from scoring.audit import GAME_CHANGES, SheetAction, describe_totals, describe_values
from scoring.confirmations import Roll, rolls
from scoring.house_rules import rules_of
from scoring.models import ScoreSheet
from tournament.house_rules import TOTALS


@dataclass(frozen=True)
class ChangedGame:
    """A game changed after players confirmed the sheet: as they confirmed it, and as it is."""

    number: int
    before: str
    after: str


def games_changed_since(sheet_id: int, version: int) -> list[ChangedGame]:
    """The games changed after ``version``, each with its values at that version and now (a
    game changed back is left out). One query."""
    first: dict[int, Any] = {}
    last: dict[int, Any] = {}
    for params in (
        ChangeRecord.objects.about_all(ScoreSheet, [sheet_id])
        .filter(action__in=GAME_CHANGES, params__version__gt=version)
        .order_by("id").values_list("params", flat=True)
    ):
        first.setdefault(params["game"], params.get("before"))
        last[params["game"]] = params.get("after")
    return [
        ChangedGame(number=number, before=describe_values(first[number]),
                    after=describe_values(last[number]))
        for number in sorted(last)
        if first[number] != last[number]
    ]


@dataclass(frozen=True)
class ChangedTotals:
    """A sheet's round totals changed after players confirmed it: as they confirmed them, and
    as they are (each in one line, ``scoring.audit.describe_totals``)."""

    before: str
    after: str


def totals_changed_since(sheet_id: int, version: int) -> ChangedTotals | None:
    """The round totals as they were at ``version`` and as they are, or None when no save
    after ``version`` changed them (or they were changed back). One query."""
    saves = list(
        ChangeRecord.objects.about_all(ScoreSheet, [sheet_id])
        .filter(action=SheetAction.TOTALS_SAVED, params__version__gt=version)
        .order_by("id").values_list("params", flat=True)
    )
    if not saves:
        return None
    before, after = saves[0].get("before"), saves[-1].get("after")
    if _plain_totals(before) == _plain_totals(after):
        return None
    return ChangedTotals(before=describe_totals(before), after=describe_totals(after))


def _plain_totals(values: Mapping[str, Any] | None) -> tuple | None:
    """The figures of a trail's totals, without what the trail adds (save id, device)."""
    if not values or values.get("totals") is None:
        return None
    return tuple(values["totals"]), tuple(values["lost"])


@dataclass
class ConfirmSection:
    """The section "Bestätigen" of a sheet's page: the table's seated players and who has
    confirmed the games; on the phone (``via_link``) each taps their own number once the sheet
    is handed in. ``required``: the event's house rules want every player's confirmation
    before the organisers confirm (``RulesProfile.players_sign``)."""

    sheet: ScoreSheet
    roll: Roll
    version: int
    status: str
    via_link: bool
    required: bool
    changed: list[ChangedGame] = field(default_factory=list)
    """The games changed since the players whose confirmation was voided confirmed."""
    totals: bool = False
    """The sheet is kept in round totals (``Event.scoring_mode`` ``totals``): the players
    confirm each party's total and games lost, not games."""
    changed_totals: ChangedTotals | None = None
    """Of a sheet kept in round totals: its totals before and after a change since the
    players whose confirmation was voided confirmed."""

    @property
    def handed_in(self) -> bool:
        return self.status == ScoreSheet.Status.SUBMITTED

    @property
    def confirmed(self) -> bool:
        return self.status == ScoreSheet.Status.CONFIRMED

    @property
    def shows_count(self) -> bool:
        return self.status in ScoreSheet.HANDED_IN


def confirm_section(
    sheet: ScoreSheet, *, via_link: bool, version: int | None = None, status: str | None = None
) -> ConfirmSection:
    """The section "Bestätigen" of ``sheet``; ``version`` and ``status`` as a save left them,
    where the caller knows them newer than ``sheet``. Two queries for a handed-in or confirmed
    sheet (three when a change voided players' confirmations: the games changed since them),
    none for an open one (the scorekeeper's saves while the games are entered): it has
    no confirmation that counts, and only says what comes after the hand-in. Of a sheet kept
    in round totals the change shown is that of its totals (``totals_changed_since``)."""
    status = sheet.status if status is None else status
    shown = status in ScoreSheet.HANDED_IN
    roll = rolls([sheet.pk])[sheet.pk] if shown else Roll()
    since = roll.voided_since
    event = sheet.table.round.event
    totals = event.scoring_mode == TOTALS
    return ConfirmSection(
        sheet=sheet,
        roll=roll,
        version=sheet.version if version is None else version,
        status=status,
        via_link=via_link,
        required=rules_of(event).players_sign,
        changed=games_changed_since(sheet.pk, since) if since is not None and not totals else [],
        totals=totals,
        changed_totals=(
            totals_changed_since(sheet.pk, since) if since is not None and totals else None
        ),
    )
