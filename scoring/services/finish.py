"""Finishing an event after the evening ("Turnier abschließen") and reopening it.

The organisers finish it once every score sheet of every round is confirmed: ``finish_event``
refuses and names what is missing (``finish_blockers``), otherwise it closes the rounds still
open and sets the event finished; from then on ``tournament.services.lifecycle``'s guard refuses
every write that could change the results. ``reopen_event`` puts it back to running for a
correction. Both are logged and move the results stamp (``tournament.results``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db import transaction
from django.utils import timezone

from core.audit import log
from core.errors import Message, Translate, UserError, gettext_noop
from scoring.audit import ScoringAction
from scoring.models import ScoreSheet
from scoring.services.sheets import lock_event_and_sheets
from tournament.models import Event, Round, Table
from tournament.results import results_changed
from tournament.selectors.phase import event_phase


class FinishRefused(UserError):
    """The event cannot be finished yet; ``blockers`` say why."""

    def __init__(self, *, blockers: Sequence[Message]) -> None:
        super().__init__(
            gettext_noop("The tournament cannot be finished yet: %(missing)s"),
            missing=MessageList(blockers),
        )
        self.blockers = list(blockers)


class MessageList(Message):
    """Several messages as one parameter, each rendered in the reader's language, joined."""

    __slots__ = ()

    def __init__(self, parts: Sequence[Message], separator: str = " ") -> None:
        super().__init__("", parts=tuple(parts), separator=separator)

    def translated(self, translate: Translate | None = None) -> str:
        return self.params["separator"].join(
            part.translated(translate) for part in self.params["parts"]
        )


def _tables(numbers: Sequence[int]) -> str:
    return ", ".join(str(number) for number in numbers)


def finish_blockers(event: Event) -> list[Message]:
    """What keeps ``event`` from being finished, one message per round (empty: it can be
    finished). Two SQL queries."""
    rows = (
        Table.objects.filter(round__event=event)
        .order_by("round__number", "number")
        .values_list("round__number", "number", "sheet__status")
    )
    tables: dict[int, list[int]] = {}
    open_tables: dict[int, list[int]] = {}
    for round_number, table_number, status in rows:
        tables.setdefault(round_number, []).append(table_number)
        if status != ScoreSheet.Status.CONFIRMED:
            open_tables.setdefault(round_number, []).append(table_number)
    if not tables:
        return [Message(gettext_noop("There is no seating plan yet."))]
    blockers: list[Message] = []
    planned = set(event.rounds.values_list("number", flat=True))
    for number in range(1, event.round_count + 1):
        if number not in planned or number not in tables:
            blockers.append(
                Message(gettext_noop("Round %(round)s has no tables."), round=number)
            )
            continue
        missing = open_tables.get(number, [])
        if not missing:
            continue
        if len(missing) == len(tables[number]):
            message = gettext_noop("Round %(round)s: no score sheet is confirmed yet.")
            blockers.append(Message(message, round=number))
        elif len(missing) == 1:
            message = gettext_noop(
                "Round %(round)s: the score sheet of table %(tables)s is not confirmed yet."
            )
            blockers.append(Message(message, round=number, tables=_tables(missing)))
        else:
            message = gettext_noop(
                "Round %(round)s: the score sheets of tables %(tables)s are not confirmed yet."
            )
            blockers.append(Message(message, round=number, tables=_tables(missing)))
    return blockers


def _lock(event: Event) -> Event:
    return Event.objects.select_for_update().get(pk=event.pk)


@transaction.atomic
def finish_event(*, event: Event, user: Any = None) -> Event:
    """Finish ``event``: every score sheet of every round must be confirmed.

    Raises ``FinishRefused`` naming the rounds and tables still missing; then nothing changes.
    Otherwise closes the rounds still open (their sheet links stop), sets the event finished
    and logs it. Finishing a finished event again changes nothing.
    """
    # the sheets are locked too, so that no confirmation is reopened meanwhile
    locked = lock_event_and_sheets(event)
    if event_phase(locked).finished:
        return locked
    blockers = finish_blockers(locked)
    if blockers:
        raise FinishRefused(blockers=blockers)
    open_rounds = list(
        Round.objects.filter(event=locked, closed=False)
        .order_by("number")
        .values_list("number", flat=True)
    )
    Round.objects.filter(event=locked, closed=False).update(closed=True)
    locked.status = Event.Status.FINISHED
    locked.finished_at = timezone.now()
    locked.save(update_fields=["status", "finished_at"])
    log(
        event=locked, action=ScoringAction.EVENT_FINISHED, user=user, closed=open_rounds
    )
    results_changed(event_id=locked.pk)
    return locked


@transaction.atomic
def reopen_event(*, event: Event, user: Any = None) -> Event:
    """Put a finished event back to running, so that a result can be corrected (the rounds stay
    closed; the organisers correct the sheets themselves). Reopening an event that is not
    finished changes nothing."""
    locked = _lock(event)
    if not event_phase(locked).finished:
        return locked
    locked.status = Event.Status.RUNNING
    locked.finished_at = None
    locked.save(update_fields=["status", "finished_at"])
    log(event=locked, action=ScoringAction.EVENT_REOPENED, user=user)
    results_changed(event_id=locked.pk)
    return locked
