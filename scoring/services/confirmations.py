"""The players' confirmation of a handed-in sheet (*Bestätigen*): each person seated at the table
taps their start number on the scorekeeper's phone, or signs the paper sheet and the desk records
the signatures of the table in one step (``record_paper_signatures``; every handed-in sheet of a
round listed at once: ``record_round_paper_signatures``). Required before the organisers confirm
where the event's house rules say so (``RulesProfile.players_sign``), optional otherwise; reading
and voiding the confirmations is ``scoring.confirmations``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db import transaction
from django.utils.translation import gettext_noop

from core.audit import log_all, recorded_user
from scoring.audit import SheetAction, sheet_record
from scoring.models import ScoreSheet, SheetConfirmation
from scoring.rules import is_int
from scoring.services.sheets import (
    SheetError,
    SheetLocked,
    check_link_access,
    device_fields,
    lock_sheet,
)
from tournament.house_rules import TOTALS
from tournament.models import Round, Seat, Table
from tournament.services.lifecycle import ensure_not_finished


class StaleConfirmation(SheetError):
    """The sheet changed since the page the player confirmed on was loaded; nothing was
    confirmed."""


@transaction.atomic
def confirm_as_player(
    *,
    sheet: ScoreSheet,
    position: int,
    version: int,
    user: Any = None,
    device: Mapping[str, str] | None = None,
) -> SheetConfirmation:
    """The player on seat ``position`` of the sheet's table confirms the games of the sheet
    (of a sheet kept in round totals: its totals) as of ``version`` (the version the page
    showed); returns the confirmation that counts.

    The sheet is locked first. Refused (``SheetError``) before the sheet is handed in, for a
    seat the table does not have and for a ``version`` that is not the sheet's current one
    (``StaleConfirmation``: the games changed since the page was loaded, so the player checks
    them again); ``SheetLocked`` when the link no longer works (round closed, sheet confirmed
    by the organisers, event finished). A player who has confirmed this version already gets
    that confirmation back and nothing is recorded again. A new confirmation is recorded in the
    sheet's trail (``SheetAction.PLAYER_CONFIRMED``) with ``device`` (``{"agent",
    "address"}``) when it came through the link (no ``user``).
    """
    if not is_int(position) or not is_int(version):
        raise SheetError(gettext_noop("The form is incomplete; please reload the page."))
    locked = lock_sheet(sheet)
    check_link_access(locked)
    _check_confirmable(locked, version)
    seat = (
        Seat.objects.select_related("entry", "player")
        .filter(table_id=locked.table_id, position=position)
        .first()
    )
    if seat is None:
        raise SheetError(
            gettext_noop("Only a player seated at this table can confirm its score sheet.")
        )
    existing = SheetConfirmation.objects.filter(
        sheet=locked, position=position, voided_at__isnull=True
    ).first()
    if existing is not None:
        return existing
    who = recorded_user(user)
    return _record(
        locked, seat, SheetAction.PLAYER_CONFIRMED, who,
        device_fields(device) if who is None else {},
    )


def _check_confirmable(locked: ScoreSheet, version: int) -> None:
    """Refuse (``SheetError``) a confirmation of a sheet not handed in (or confirmed by the
    organisers already), of a finished event, or as of a ``version`` that is not the sheet's
    current one (``StaleConfirmation``); of a sheet kept in round totals the messages name its
    totals instead of its games."""
    event = locked.table.round.event
    ensure_not_finished(event, SheetLocked)
    totals = event.scoring_mode == TOTALS
    if locked.status == ScoreSheet.Status.CONFIRMED:
        raise SheetLocked(
            gettext_noop(
                "This score sheet has been confirmed by the organisers already; the players' "
                "confirmations are no longer needed."
            )
        )
    if locked.status != ScoreSheet.Status.SUBMITTED:
        raise SheetError(
            gettext_noop(
                "The players confirm the score sheet once it has been handed in: enter the "
                "round totals and hand it in first."
            )
            if totals
            else gettext_noop(
                "The players confirm the score sheet once it has been handed in: enter every "
                "game and hand it in first."
            )
        )
    if version != locked.version:
        raise StaleConfirmation(
            gettext_noop(
                "The score sheet was changed since this page was loaded; nothing was "
                "confirmed. Please reload the page, check the round totals and confirm again."
            )
            if totals
            else gettext_noop(
                "The score sheet was changed since this page was loaded; nothing was "
                "confirmed. Please reload the page, check the games and confirm again."
            )
        )


def _record(
    locked: ScoreSheet, seat: Seat, action: str, who: Any, extra: Mapping[str, str]
) -> SheetConfirmation:
    """The confirmation of the player on ``seat`` as of the sheet's version, and its record in
    the sheet's trail."""
    confirmation = SheetConfirmation.objects.create(
        sheet=locked,
        position=seat.position,
        player=seat.player,
        start_number=seat.entry.start_number,
        version=locked.version,
    )
    log_all([sheet_record(
        locked,
        action,
        user=who,
        after={
            "position": seat.position,
            "start_number": seat.entry.start_number,
            "name": seat.player.name,
            "version": locked.version,
            **extra,
        },
    )])
    return confirmation


def _sign_on_paper(locked: ScoreSheet, version: int, who: Any) -> list[SheetConfirmation]:
    _check_confirmable(locked, version)
    confirmed = set(
        SheetConfirmation.objects.filter(sheet=locked, voided_at__isnull=True).values_list(
            "position", flat=True
        )
    )
    seats = (
        Seat.objects.select_related("entry", "player")
        .filter(table_id=locked.table_id)
        .exclude(position__in=confirmed)
        .order_by("position")
    )
    return [_record(locked, seat, SheetAction.SIGNED_ON_PAPER, who, {}) for seat in seats]


def _desk_user(user: Any) -> Any:
    who = recorded_user(user)
    if who is None:
        raise ValueError("the desk's signatures on paper are recorded by a user")
    return who


@transaction.atomic
def record_paper_signatures(
    *, sheet: ScoreSheet, version: int, user: Any
) -> list[SheetConfirmation]:
    """The desk records that every player seated at the sheet's table signed the paper sheet
    of its games as of ``version`` (the version the desk's page showed): each player who has no
    confirmation that counts gets one, recorded in the sheet's trail as the desk's
    (``SheetAction.SIGNED_ON_PAPER``, one record per player, ``user``). Returns the new
    confirmations (none when every player had confirmed already).

    The sheet is locked first. Refused as a player's confirmation is (not handed in, confirmed
    already, stale ``version``: ``StaleConfirmation``, event finished), but a closed round does
    not stop it: the link is closed, the desk is not.
    """
    if not is_int(version):
        raise SheetError(gettext_noop("The form is incomplete; please reload the page."))
    return _sign_on_paper(lock_sheet(sheet), version, _desk_user(user))


@transaction.atomic
def record_round_paper_signatures(
    *, round: Round, versions: Mapping[int, int], user: Any
) -> list[int]:
    """``record_paper_signatures`` for the sheets ``versions`` names (sheet id -> the version
    the desk's page showed), all of them or none: every sheet must be one of ``round``'s (else
    ``SheetError``) and pass the same checks. Returns the numbers of the tables whose sheets
    got a signature recorded."""
    who = _desk_user(user)
    sheets = list(
        ScoreSheet.objects.select_for_update().filter(pk__in=list(versions)).order_by("pk")
    )
    # read after the locks, as lock_sheet reads them
    tables = Table.objects.select_related("round__event").in_bulk(
        [sheet.table_id for sheet in sheets]
    )
    for sheet in sheets:
        sheet.table = tables[sheet.table_id]
    if not versions or len(sheets) != len(versions) or any(
        sheet.table.round_id != round.pk for sheet in sheets
    ):
        raise SheetError(
            gettext_noop(
                "These score sheets are not all of this round; nothing was recorded. Please "
                "reload the page."
            )
        )
    signed = []
    for sheet in sorted(sheets, key=lambda sheet: sheet.table.number):
        if _sign_on_paper(sheet, versions[sheet.pk], who):
            signed.append(sheet.table.number)
    return signed
