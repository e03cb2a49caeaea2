"""Score entry of a sheet kept in round totals (``Event.scoring_mode`` ``totals``): each
party's total of the round and its games lost as declarer (``scoring.models.RoundTotal``),
nothing per game.

A save follows the contract of a save of games (``scoring.services.sheets``, whose module
docstring says it in full): one transaction on the locked sheet, judged by the event's rules as
read inside the lock; a save based on an older version of the sheet is refused
(``StaleSheet``) when it would change anything; a save sent again with the id of the sheet's
last change (``save_id``) is based on the version it made; a save that changes nothing is
answered as stored. Every change moves the sheet's version and is recorded in the sheet's trail
(``scoring.audit.SheetAction.TOTALS_SAVED``, with the totals before and after).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction
from django.utils.translation import gettext_noop

from core.audit import recorded_user
from core.limits import MAX_DEVICE_ID
from scoring.audit import SheetAction, sheet_record
from scoring.house_rules import rules_of
from scoring.models import RoundTotal, ScoreSheet
from scoring.modes import InvalidFigure, totals_problems
from scoring.services.sheets import (
    SheetError,
    StaleSheet,
    close_save,
    device_fields,
    hand_in_refusal,
    lock_for_save,
    move_saved_sheet,
    no_totals_yet,
    save_mark,
    sheet_parties,
)
from tournament.house_rules import TOTALS
from tournament.models import Entry

PartyFigures = tuple[int | None, int | None]
"""One party's figures as sent: its total of the round and its games lost as declarer (None:
left empty; an empty lost count is none lost)."""


def totals_field(problem: InvalidFigure) -> str:
    """The form field a problem of ``scoring.modes.totals_problems`` belongs to: ``p<i>-total``
    or ``p<i>-lost`` (``i`` the party's index in seating order)."""
    name = problem.field or ""
    for kind in ("total", "lost"):
        if name.startswith(kind):
            return f"p{problem.party}-{kind}"
    return name


@dataclass
class TotalsResult:
    """What a save of round totals did, and the sheet after it."""

    version: int
    status: str
    totals: dict | None
    """The sheet's stored totals after the save (as ``sheet_totals`` reads them); None: none."""
    changed: bool = False
    problems: list[InvalidFigure] = field(default_factory=list)
    """Why the figures sent cannot be right; when there is one, nothing was stored."""
    handed_in: bool = False
    """Asked to hand the sheet in (``hand_in``): it is handed in now (or was already)."""
    hand_in_refused: SheetError | None = None
    """Asked to hand the sheet in: why it was not (the save itself stands)."""

    @property
    def problems_by_field(self) -> dict[str, list[InvalidFigure]]:
        """The problems by the form field they belong to (``totals_field``)."""
        found: dict[str, list[InvalidFigure]] = {}
        for problem in self.problems:
            found.setdefault(totals_field(problem), []).append(problem)
        return found


def sheet_totals(sheet: ScoreSheet, parties: Sequence[Entry] | None = None) -> dict | None:
    """The stored round totals of a sheet as plain values, parties by their index in seating
    order: ``{"totals": [...], "lost": [...]}``; None when the sheet holds none (one query, and
    one for the parties when not given)."""
    parties = sheet_parties(sheet) if parties is None else parties
    stored = {
        entry: (total, lost)
        for entry, total, lost in RoundTotal.objects.filter(sheet=sheet)
        .order_by()
        .values_list("entry_id", "total", "lost")
    }
    if not stored:
        return None
    figures = [stored.get(party.pk, (None, None)) for party in parties]
    return {
        "totals": [total for total, _lost in figures],
        "lost": [lost for _total, lost in figures],
    }


def _audit_totals(values: Mapping[str, Any] | None, parties: Sequence[Entry]) -> dict | None:
    """Totals for the trail: the parties named by start number, so they read alone."""
    if values is None:
        return None
    return {**values, "parties": [party.start_number for party in parties]}


@transaction.atomic
def save_sheet_totals(
    *,
    sheet: ScoreSheet,
    base_version: int,
    totals: Sequence[PartyFigures] | None,
    user: Any = None,
    device: Mapping[str, str] | None = None,
    save_id: str = "",
    device_id: str = "",
    hand_in: bool = False,
) -> TotalsResult:
    """Save a sheet's round totals: ``totals`` holds one (total, games lost as declarer) per
    party of the table in seating order; None, or every figure empty, clears the totals.

    Checked as a whole by ``scoring.modes.totals_problems`` for the round's games and the
    event's rules: with any problem nothing is stored and ``TotalsResult.problems`` names each
    (``totals_field`` gives its form field). Refused with nothing stored: ``SheetError`` when
    the event does not keep score in round totals, or ``totals`` does not hold one figure pair
    per party; ``SheetLocked`` when the link may no longer change the sheet or the event is
    finished; ``StaleSheet`` (``totals``: what is stored now) when ``base_version`` is not the
    sheet's version and the save would change something.

    ``user``, ``device``, ``save_id``, ``device_id`` and ``hand_in`` as for
    ``scoring.services.sheets.save_sheet_rows``; a sheet is handed in only with its totals.
    A change of a handed-in sheet voids the players' confirmations.
    """
    locked = lock_for_save(sheet, base_version=base_version, user=user, mode=TOTALS)
    event = locked.table.round.event
    parties = sheet_parties(locked)
    figures = list(totals or [])
    if figures and len(figures) != len(parties):
        raise SheetError(gettext_noop("The form is incomplete; please reload the page."))
    stored = sheet_totals(locked, parties)
    result = TotalsResult(version=locked.version, status=locked.status, totals=stored)
    clears = all(total is None and lost is None for total, lost in figures)
    if clears:
        wanted = None
    else:
        sent_totals = [total for total, _lost in figures]
        sent_lost = [lost for _total, lost in figures]
        result.problems = totals_problems(
            totals=sent_totals, lost=sent_lost, games=event.games_per_round,
            rules=rules_of(event),
        )
        if result.problems:
            return result
        wanted = {"totals": sent_totals, "lost": [lost or 0 for lost in sent_lost]}
    changed = wanted != stored
    if save_id and locked.last_save == save_mark(save_id, locked.version):
        base_version = locked.version  # sent again: the sheet's last change was this save
    if changed and base_version != locked.version:
        raise StaleSheet(version=locked.version, current={}, games={}, totals=stored)
    result.totals, result.changed = wanted, changed
    if locked.status in ScoreSheet.OPEN:
        result.status = ScoreSheet.Status.IN_PROGRESS if wanted else ScoreSheet.Status.EMPTY
    hands_in = False
    if hand_in:
        result.hand_in_refused = hand_in_refusal(
            result.status, None if wanted is not None else no_totals_yet()
        )
        result.handed_in = result.hand_in_refused is None
        hands_in = result.handed_in and result.status != ScoreSheet.Status.SUBMITTED
    if changed or hands_in:
        _write(locked, result, stored, parties, hands_in=hands_in, user=user, device=device,
               save_id=save_id, device_id=device_id)
    return result


def _write(
    sheet: ScoreSheet,
    result: TotalsResult,
    before: Mapping[str, Any] | None,
    parties: Sequence[Entry],
    *,
    hands_in: bool,
    user: Any,
    device: Mapping[str, str] | None,
    save_id: str,
    device_id: str,
) -> None:
    """Store a save on the locked ``sheet``: its totals, version and status, its trail and the
    event's results stamp; ``result`` gets the new version and status."""
    if result.changed:
        RoundTotal.objects.filter(sheet=sheet).delete()
        if result.totals is not None:
            RoundTotal.objects.bulk_create(
                RoundTotal(sheet=sheet, entry=party, total=total, lost=lost)
                for party, total, lost in zip(
                    parties, result.totals["totals"], result.totals["lost"], strict=True
                )
            )
    totals_version = move_saved_sheet(
        sheet, result, changed=result.changed, hands_in=hands_in, save_id=save_id
    )
    who = recorded_user(user)
    records = []
    if result.changed:
        after = _audit_totals(result.totals, parties)
        if who is None:
            after = {**(after or {}), "save": save_id, **device_fields(device)}
        records.append(sheet_record(
            sheet,
            SheetAction.TOTALS_SAVED,
            before=_audit_totals(before, parties),
            after=after,
            user=who,
            version=totals_version,
            device=device_id[:MAX_DEVICE_ID],
        ))
    close_save(sheet, result, records, hands_in=hands_in, who=who)
