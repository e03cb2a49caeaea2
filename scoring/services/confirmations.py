"""The players' confirmation of a handed-in sheet (*Bestätigen*): each person seated at the table
taps their start number on the scorekeeper's phone. Required before the organisers confirm where
the event's house rules say so (``RulesProfile.players_sign``), optional otherwise; reading and
voiding the confirmations is ``scoring.confirmations``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db import transaction
from django.utils.translation import gettext_noop

from scoring.models import ScoreSheet, SheetChange, SheetConfirmation
from scoring.rules import is_int
from scoring.services.sheets import (
    SheetError,
    SheetLocked,
    check_link_access,
    device_fields,
    lock_sheet,
)
from tournament.audit import recorded_user
from tournament.models import Seat
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
    as of ``version`` (the version the page showed); returns the confirmation that counts.

    The sheet is locked first. Refused (``SheetError``) before the sheet is handed in, for a
    seat the table does not have and for a ``version`` that is not the sheet's current one
    (``StaleConfirmation``: the games changed since the page was loaded, so the player checks
    them again); ``SheetLocked`` when the link no longer works (round closed, sheet confirmed
    by the organisers, event finished). A player who has confirmed this version already gets
    that confirmation back and nothing is recorded again. A new confirmation is recorded in the
    sheet's trail (``SheetChange.Action.PLAYER_CONFIRMED``) with ``device`` (``{"agent",
    "address"}``) when it came through the link (no ``user``).
    """
    if not is_int(position) or not is_int(version):
        raise SheetError(gettext_noop("The form is incomplete; please reload the page."))
    locked = lock_sheet(sheet)
    check_link_access(locked)
    ensure_not_finished(locked.table.round.event, SheetLocked)
    if locked.status != ScoreSheet.Status.SUBMITTED:
        raise SheetError(
            gettext_noop(
                "The players confirm the score sheet once it has been handed in: enter every "
                "game and hand it in first."
            )
        )
    if version != locked.version:
        raise StaleConfirmation(
            gettext_noop(
                "The score sheet was changed since this page was loaded; nothing was "
                "confirmed. Please reload the page, check the games and confirm again."
            )
        )
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
    confirmation = SheetConfirmation.objects.create(
        sheet=locked,
        position=position,
        player=seat.player,
        start_number=seat.entry.start_number,
        version=locked.version,
    )
    who = recorded_user(user)
    SheetChange.objects.create(
        sheet=locked,
        action=SheetChange.Action.PLAYER_CONFIRMED,
        user=who,
        after={
            "position": position,
            "start_number": seat.entry.start_number,
            "name": seat.player.name,
            "version": locked.version,
            **(device_fields(device) if who is None else {}),
        },
    )
    return confirmation
