"""Reads of the online registration: an event's registrations by status, one by its code (the
door), the counts against the capacity, whether an event's form takes registrations now (for one
event and for many), and the public links of open registrations."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Exists, OuterRef, QuerySet
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext

from core import limits
from core.text import entry_name_keys
from signup.models import Registration, SignupSettings
from tournament.models import Event, Round
from tournament.selectors.phase import Phase, event_phase

R = Registration.Status


def normal_code(text: str) -> str:
    """A code as typed or scanned, in the form it is stored: capitals, without spaces or
    dashes; "" for anything that cannot be a code."""
    code = "".join(text.split()).replace("-", "").upper()
    if len(code) != limits.SIGNUP_CODE_LENGTH or any(
        char not in limits.SIGNUP_CODE_ALPHABET for char in code
    ):
        return ""
    return code


def by_code(event: Event, text: str) -> Registration | None:
    """The event's registration of the code ``text`` (as typed or scanned), with its entry."""
    code = normal_code(text)
    if not code:
        return None
    return (
        event.registrations.select_related("entry__player", "entry__partner")
        .filter(code=code)
        .first()
    )


def registered_count(event: Event) -> int:
    """Registrations that take a place (registered, accepted or not)."""
    return event.registrations.filter(status=R.REGISTERED).count()


def waiting(event: Event) -> QuerySet[Registration]:
    """The waiting list in its order: the first moves up first."""
    return event.registrations.filter(status=R.WAITING).order_by("position", "created_at", "id")


def waiting_place(registration: Registration) -> int | None:
    """A waiting registration's place on the waiting list (1: moves up next); else None."""
    if registration.status != R.WAITING:
        return None
    ahead = registration.event.registrations.filter(
        status=R.WAITING, position__lt=registration.position
    )
    return ahead.count() + 1


@dataclass
class Overview:
    """An event's registrations for its organisers: by status, and the places left."""

    settings: SignupSettings
    registered: list[Registration]
    waiting: list[Registration]
    cancelled: list[Registration]
    doubles: set[int] = field(default_factory=set)
    """The registrations (not cancelled) likely made twice: a name of another one, or of an
    entry of the event that is not theirs. The public form never says so (it would tell
    whoever asks who is registered); the organisers see it here."""

    @property
    def free(self) -> int:
        return max(self.settings.capacity - len(self.registered), 0)

    @property
    def awaiting(self) -> int:
        return sum(1 for registration in self.registered if registration.awaits_acceptance)


def _doubles(event: Event, rows: list[Registration]) -> set[int]:
    active = [row for row in rows if row.status != R.CANCELLED]
    owners: dict[str, set[tuple[str, int]]] = {}
    for row in active:
        for key in entry_name_keys(row.name, row.partner_name):
            owners.setdefault(key, set()).add(("registration", row.pk))
    for entry in event.entries.select_related("player", "partner"):
        names = [entry.player.name, entry.partner.name if entry.partner else ""]
        for key in entry_name_keys(*names):
            owners.setdefault(key, set()).add(("entry", entry.pk))
    return {
        row.pk
        for row in active
        for key in entry_name_keys(row.name, row.partner_name)
        if owners[key] - {("registration", row.pk), ("entry", row.entry_id)}
    }


def overview(event: Event) -> Overview:
    rows = list(event.registrations.select_related("entry").order_by("created_at", "id"))
    return Overview(
        doubles=_doubles(event, rows),
        settings=SignupSettings.for_event(event),
        registered=[row for row in rows if row.status == R.REGISTERED],
        waiting=sorted(
            (row for row in rows if row.status == R.WAITING),
            key=lambda row: (row.position or 0, row.created_at, row.pk),
        ),
        cancelled=[row for row in rows if row.status == R.CANCELLED],
    )


def takes_registrations(event: Event, settings: SignupSettings) -> bool:
    """Whether the public form of ``event`` takes registrations now: its registration is open
    (``settings``), its closing time not passed, and the event is in preparation (no seating
    plan yet, not finished). Full or not is the form's next question."""
    return settings.open_now() and event_phase(event).phase is Phase.PREPARATION


def open_registrations(events: list[Event]) -> set[int]:
    """The ids of those of ``events`` whose public form takes registrations now: what
    ``takes_registrations`` says of each, in one query."""
    planned = Round.objects.filter(event=OuterRef("event"))
    return set(
        SignupSettings.objects.filter(event__in=[event.pk for event in events], is_open=True)
        .exclude(closes_at__lte=timezone.now())
        .exclude(event__status=Event.Status.FINISHED)
        .exclude(Exists(planned))
        .values_list("event_id", flat=True)
    )


def open_signup_links(events: list[Event]) -> dict[int, list[tuple[str, str]]]:
    """The public registration page of each of ``events`` whose form takes registrations now
    (``open_registrations``; ``tournament.public_links.register_public_links``)."""
    open_ids = open_registrations(events)
    slugs = {event.pk: event.slug for event in events}
    return {
        event_id: [(gettext("Register online"), reverse("signup", args=[slugs[event_id]]))]
        for event_id in open_ids
    }
