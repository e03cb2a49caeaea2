"""Reads of the online registration: an event's registrations by status, one by its code (the
door), the counts against the capacity, whether an event's form takes registrations now (for one
event and for many), the public links of open registrations, what the registrations still hold
of their registrants after the evening (the club's retention, ``signup.retention``), and the
registrations that name a person (a person's data exported or deleted on request)."""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from dataclasses import dataclass, field

from django.db.models import Count, Exists, OuterRef, Q, QuerySet
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext

from core import limits
from core.text import entry_name_keys
from signup import retention
from signup.models import Registration, SignupSettings
from tournament.models import Event, Round
from tournament.registry import name_key
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


# --- the registrations' personal data after the evening (the club's retention) ---------------

HOLDS_DATA = ~Q(email="") | ~Q(code="") | Q(token__isnull=False)
"""A registration that still holds its e-mail address, its code or its own link."""


@dataclass(frozen=True)
class HeldData:
    """What the registrations of ``event`` hold of their registrants online: how many e-mail
    addresses, codes and own links."""

    event: Event
    addresses: int = 0
    codes: int = 0
    links: int = 0

    @property
    def forget_on(self) -> datetime.date:
        """The day they are deleted (the club's retention after the evening)."""
        return retention.forget_on(self.event.date, self.event.club.retention_days)

    def __bool__(self) -> bool:
        return bool(self.addresses or self.codes or self.links)


def _counts(registrations: QuerySet[Registration]) -> QuerySet:
    return registrations.values("event_id").annotate(
        addresses=Count("pk", filter=~Q(email="")),
        codes=Count("pk", filter=~Q(code="")),
        links=Count("pk", filter=Q(token__isnull=False)),
    )


def held_data(event: Event) -> HeldData:
    """What the registrations of ``event`` hold now."""
    row = next(iter(_counts(event.registrations.order_by())), None)
    if row is None:
        return HeldData(event=event)
    return HeldData(event=event, addresses=row["addresses"], codes=row["codes"],
                    links=row["links"])


def past_retention(*, today: datetime.date) -> list[HeldData]:
    """The events past their club's retention on ``today`` whose registrations still hold
    e-mail addresses, codes or links, with what they hold; by date, then id."""
    rows = {
        row["event_id"]: row
        for row in _counts(
            Registration.objects.filter(HOLDS_DATA, event__date__lt=today).order_by()
        )
    }
    events = Event.objects.filter(pk__in=list(rows)).select_related("club").order_by("date", "pk")
    return [
        HeldData(event=event, addresses=rows[event.pk]["addresses"],
                 codes=rows[event.pk]["codes"], links=rows[event.pk]["links"])
        for event in events
        if retention.is_due(event.date, event.club.retention_days, today=today)
    ]


@dataclass(frozen=True)
class DataRetention:
    """What the event's page tells its organisers of the registrations' personal data: the day
    it is deleted, or when it was."""

    forget_on: datetime.date
    forgotten_at: datetime.datetime | None


def data_retention(event: Event) -> DataRetention | None:
    """The retention of the event's registrations' personal data; None for an event without
    registrations whose data was never deleted (nothing to tell)."""
    settings = SignupSettings.for_event(event)
    if settings.forgotten_at is None and not event.registrations.exists():
        return None
    return DataRetention(
        forget_on=retention.forget_on(event.date, event.club.retention_days),
        forgotten_at=settings.forgotten_at,
    )


# --- the registrations that name a person ------------------------------------------------------

REGISTRANT = "registrant"
"""The registration names the person as the one who registered (its name)."""
PARTNER = "partner"
"""… as the partner of the pair it registered."""
ADDRESS = "address"
"""… by the e-mail address only: it was made with an address of the person's, for others."""


@dataclass(frozen=True)
class Naming:
    """A registration that names a person, and how (``REGISTRANT``, ``PARTNER``,
    ``ADDRESS``)."""

    registration: Registration
    role: str


def registrations_naming(
    *,
    event_ids: Iterable[int],
    as_player: Iterable[int],
    as_partner: Iterable[int],
    names: Iterable[str],
) -> list[Naming]:
    """The registrations of the events ``event_ids`` that name one person: those that became
    the entries ``as_player`` (the person its registrant) and ``as_partner`` (its partner);
    those that became no entry and carry one of the person's ``names`` (compared as the
    registry compares names, ``tournament.registry.name_key``) as the registrant's or the
    partner's; and those made with an e-mail address of a registration the person registered.
    In the order of the registrations."""
    ids, players, partners = set(event_ids), set(as_player), set(as_partner)
    keys = {name_key(name) for name in names} - {""}
    rows = list(
        Registration.objects.filter(event_id__in=ids).select_related("event", "entry")
        .order_by("event__date", "created_at", "pk")
    )
    found: dict[int, str] = {}
    for row in rows:
        if row.entry_id is not None:
            if row.entry_id in players:
                found[row.pk] = REGISTRANT
            elif row.entry_id in partners:
                found[row.pk] = PARTNER
        elif name_key(row.name) in keys:
            found[row.pk] = REGISTRANT
        elif row.is_pair and name_key(row.partner_name) in keys:
            found[row.pk] = PARTNER
    addresses = {
        row.email.casefold() for row in rows if found.get(row.pk) == REGISTRANT and row.email
    }
    for row in rows:
        if row.pk not in found and row.email and row.email.casefold() in addresses:
            found[row.pk] = ADDRESS
    return [Naming(registration=row, role=found[row.pk]) for row in rows if row.pk in found]
