"""The one guard that keeps the results of a finished event as they are.

The organisers finish an event once every score sheet is confirmed
(``scoring.services.finish``; its phases: ``tournament.selectors.phase``). While it is finished,
every write that could change what the results show is refused (``ensure_not_finished``,
called by the sheet, registration and plan services).
"""

from __future__ import annotations

from core.errors import Message, UserError, gettext_noop
from tournament.models import Event
from tournament.selectors.phase import event_phase

EVENT_FINISHED_MESSAGE = gettext_noop(
    "The tournament is finished: its results can no longer change. An organiser can reopen it "
    "on the tournament page to correct something."
)


class EventFinished(UserError):
    """A refused write: the event is finished."""


def ensure_not_finished(event: Event, error: type[UserError] = EventFinished) -> None:
    """Refuse a write that could change the results of ``event`` while it is finished.

    ``error`` is the refusal the caller's views already handle (``SheetLocked``,
    ``RegistrationClosed``, ``PlanError``): the message is the same. The caller passes the
    event it holds (locked, or loaded with the row it changes), so the check costs no query.
    """
    if event_phase(event).finished:
        raise error.of(Message(EVENT_FINISHED_MESSAGE))
