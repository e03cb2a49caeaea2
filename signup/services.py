"""Writes of the online registration; each keyword-only and atomic, each logged (``core.audit``,
described in ``signup.audit``), each e-mail sent after its transaction commits
(``signup.emails``).

- ``update_settings`` and ``close``: the organisers open and close the registration;
- ``register``: the public form's single or pair, registered within the capacity, on the
  waiting list past it, or refused (closed, full without a waiting list, the honeypot, or
  registered already with this address and name: ``RegisteredAlready``, which the page answers
  like a registration, ``notify_registered_again``);
- ``cancel``: the registrant (through the link in their e-mail) or an organiser cancels; a
  place that frees moves the first of the waiting list up (``fill_places``);
- ``move`` and ``accept``: the organisers move a registration between registered and waiting,
  and accept one as an entry when the event accepts by hand;
- ``delete_data``: the registrant deletes their registration's data;
- ``forget_personal_data``: past the club's retention after the evening, the registrations'
  e-mail addresses, codes and links are deleted (``manage.py forget_personal_data``, daily);
- ``forget_person``: a person's data deleted on request, from the registrations that name
  them (``signup.selectors.registrations_naming``);
- ``resend``: the confirmation again, to the address the registration was made with;
  ``notify_registered_again``: the same, saying someone tried to register again.

A registered registration becomes an entry of the event (``tournament.Entry``, with the next
free start number) through ``tournament.services.register_entry``, matched to the player
registry as the organiser would: among the players the organiser who opened the registration
(or who accepts it) may see, the one of the same name and club is taken, else a new player.
A registration links a registry player and never changes one that plays another event: a
category or wish of the registrant's makes the entry's own player row (``register_entry``'s
``registrant``).
Once the seating plan exists the field is fixed: registering, cancelling and moving are
refused, and the organisers change the field on the plan's pages.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from typing import Any

from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext_noop

from core.audit import log
from core.changes import save_and_log_changes
from core.errors import UserError
from core.models import ChangeRecord
from core.text import entry_name_keys
from signup import audit, emails, retention
from signup.models import Registration, SignupSettings, new_code
from signup.selectors import (
    ADDRESS,
    PARTNER,
    REGISTRANT,
    HeldData,
    Naming,
    held_data,
    registered_count,
    waiting,
)
from tournament.members import Member
from tournament.models import Entry, Event
from tournament.selectors.phase import event_phase
from tournament.services import (
    ensure_not_finished,
    register_entry,
    reinstate_entry,
    withdraw_entry,
)
from tournament.services.entries import lock_event

R = Registration.Status
S = audit.SignupAction
SETTINGS_FIELDS = tuple(audit.SETTINGS_FIELDS)


class SignupError(UserError):
    """A refused registration or change of one."""


class RegisteredAlready(SignupError):
    """The e-mail address has registered one of the names for the event already: ``existing``
    is that registration. Not shown as such (the public form would tell whoever asks who is
    registered): the page answers as it answers a registration, and the address gets the
    confirmation again (``notify_registered_again``)."""

    def __init__(self, *, existing: Registration) -> None:
        super().__init__(
            gettext_noop("This e-mail address has registered this name for this tournament.")
        )
        self.existing = existing


CLOSED = gettext_noop("Online registration for this tournament is closed.")
PLAN_MADE = gettext_noop(
    "The seating plan of this tournament exists already: registrations can no longer change "
    "online. Please tell the organisers."
)


def _lock(event: Event) -> tuple[Event, SignupSettings]:
    event = lock_event(event)
    ensure_not_finished(event, SignupError)
    return event, SignupSettings.for_event(event)


def _refuse_after_plan(event: Event) -> None:
    if event_phase(event).plan_exists:
        raise SignupError(PLAN_MADE)


# --- the organisers' settings ----------------------------------------------------------------


def _logged(value: Any) -> Any:
    if hasattr(value, "isoformat"):
        return value.isoformat(timespec="minutes")
    return value


@transaction.atomic
def update_settings(*, event: Event, user: Any, **fields: Any) -> list[list[Any]]:
    """Save the registration settings of ``event`` (``SETTINGS_FIELDS``); returns the changes
    as ``[field, old, new]`` and logs them. Opening it records ``user`` as the organiser whose
    view of the player registry the online registrations take (``register``)."""
    unknown = set(fields) - set(SETTINGS_FIELDS)
    if unknown:
        raise TypeError(f"not a registration setting: {sorted(unknown)}")
    event, settings = _lock(event)
    if fields.get("is_open") and not settings.is_open:
        settings.opened_by = user
    return save_and_log_changes(
        instance=settings,
        values=fields,
        shown=_logged,
        log=lambda changes: log(event=event, action=S.SETTINGS, user=user, changes=changes),
    )


@transaction.atomic
def close(*, event: Event, user: Any) -> None:
    """Close the registration now (before its closing time); the waiting list stays."""
    event, settings = _lock(event)
    if not settings.is_open:
        raise SignupError(gettext_noop("Online registration is closed already."))
    settings.is_open = False
    settings.save()
    log(event=event, action=S.CLOSED, user=user)


# --- registering -----------------------------------------------------------------------------


def _members(registration: Registration) -> list[Member]:
    members = [
        Member(
            name=registration.name,
            category=registration.category,
            unlisted=registration.unlisted,
            public_profile=registration.public_profile,
        )
    ]
    if registration.is_pair:
        members.append(
            Member(
                name=registration.partner_name,
                category=registration.partner_category,
                unlisted=registration.partner_unlisted,
                public_profile=registration.partner_public_profile,
            )
        )
    return members


def _make_entry(registration: Registration, *, user: Any, settings: SignupSettings) -> Entry:
    """The registration as an entry of its event (``register_entry``; a withdrawn entry of the
    registration's is registered again instead). The registry is searched as ``user`` sees it,
    else as the organiser who opened the registration, and a player found is linked, never
    changed where it plays another event (``registrant``); a player of the same name
    registered by the organisers was warned about when the registration was made."""
    if registration.entry is not None:
        if registration.entry.is_withdrawn:
            return reinstate_entry(entry=registration.entry, user=user)
        return registration.entry
    entry = register_entry(
        event=registration.event,
        members=_members(registration),
        club=registration.club,
        notes="",
        user=user if user is not None else settings.opened_by,
        allow_same_name=True,
        registrant=True,
    )
    registration.entry = entry
    registration.save(update_fields=["entry"])
    return entry


def _registered_already(
    event: Event, *, email: str, names: Sequence[str]
) -> Registration | None:
    """The registration of the event, not cancelled, made with ``email`` for one of ``names``.

    A name registered from another address, or another name from this one, is no reason to
    refuse: the public form may not tell who is registered. Such likely duplicates are
    registered, and the organisers see them in their list."""
    keys = entry_name_keys(*names)
    for registration in (
        event.registrations.exclude(status=R.CANCELLED)
        .filter(email__iexact=email)
        .order_by("created_at")
    ):
        if keys & entry_name_keys(registration.name, registration.partner_name):
            return registration
    return None


def _next_position(event: Event) -> int:
    highest = event.registrations.filter(status=R.WAITING).aggregate(Max("position"))
    return (highest["position__max"] or 0) + 1


def _unique_code(event: Event) -> str:
    taken = set(event.registrations.values_list("code", flat=True))
    while True:
        code = new_code()
        if code not in taken:
            return code


@transaction.atomic
def register(
    *,
    event: Event,
    name: str,
    email: str,
    partner_name: str = "",
    club: str = "",
    category: str = "",
    partner_category: str = "",
    unlisted: bool = False,
    public_profile: bool = False,
    partner_unlisted: bool = False,
    partner_public_profile: bool = False,
    consent: bool,
    honeypot: str = "",
    site: str = "",
) -> Registration:
    """Register a single (no ``partner_name``) or a pair online; the confirmation e-mail goes
    to ``email`` (links start with ``site``).

    Within the capacity the registration is registered, and with ``accept`` automatic an entry
    of the event at once; past it, on the waiting list (its place the last) when the event
    keeps one. Refused with ``SignupError``, changing nothing: the honeypot filled, no consent
    to the house rules, the registration closed (by hand, by its time, by the plan, or by a
    finished event), full without a waiting list; with ``RegisteredAlready``: the e-mail
    address registered one of the names already.
    """
    if honeypot.strip():
        raise SignupError(
            gettext_noop(
                "The registration was refused: a hidden field was "
                "filled in, as only a program does."
            )
        )
    if not consent:
        raise SignupError(
            gettext_noop("Please accept the house rules to register."), field="consent"
        )
    name, partner_name, email = name.strip(), partner_name.strip(), email.strip()
    if not name:
        raise SignupError(gettext_noop("Please enter a name."), field="name")
    event, settings = _lock(event)
    if not settings.open_now() or event_phase(event).plan_exists:
        raise SignupError(CLOSED)
    full = registered_count(event) >= settings.capacity
    if full and not settings.waiting_list:
        raise SignupError(
            gettext_noop(
                "The tournament is full: every place is taken, and it keeps no waiting list."
            )
        )
    existing = _registered_already(event, email=email, names=[name, partner_name])
    if existing is not None:
        raise RegisteredAlready(existing=existing)
    registration = Registration(
        event=event,
        kind=Registration.Kind.PAIR if partner_name else Registration.Kind.SINGLE,
        name=name,
        partner_name=partner_name,
        club=club.strip(),
        category=category.strip(),
        partner_category=partner_category.strip() if partner_name else "",
        unlisted=unlisted,
        public_profile=public_profile and not unlisted,
        partner_unlisted=partner_unlisted and bool(partner_name),
        partner_public_profile=(
            partner_public_profile and not partner_unlisted and bool(partner_name)
        ),
        email=email,
        status=R.WAITING if full else R.REGISTERED,
        position=_next_position(event) if full else None,
        code=_unique_code(event),
    )
    registration.save()
    if full:
        log(
            event=event,
            action=S.WAITING,
            subject=registration, ref=audit.registration_ref(registration),
            position=waiting(event).count(),
        )
    else:
        number = None
        if settings.accept == SignupSettings.Accept.AUTOMATIC:
            number = _make_entry(registration, user=None, settings=settings).start_number
        log(
            event=event,
            action=S.REGISTERED,
            subject=registration,
            ref=audit.registration_ref(registration),
            number=number,
        )
    emails.schedule(registration, emails.CONFIRMATION, site=site)
    return registration


@transaction.atomic
def resend(*, registration: Registration, site: str = "") -> None:
    """Send the registration's confirmation again, to the address it was made with."""
    registration = Registration.objects.select_related("event").get(pk=registration.pk)
    emails.schedule(registration, emails.CONFIRMATION, site=site)


@transaction.atomic
def notify_registered_again(*, registration: Registration, site: str = "") -> None:
    """Tell the registration's address that someone tried to register again with it and its
    name, with the confirmation again (never to another address)."""
    registration = Registration.objects.select_related("event").get(pk=registration.pk)
    emails.schedule(registration, emails.AGAIN, site=site)


# --- cancelling and moving -------------------------------------------------------------------


def _locked(registration: Registration) -> tuple[Registration, SignupSettings]:
    event, settings = _lock(registration.event)
    registration = (
        Registration.objects.select_for_update(of=("self",))
        .select_related("entry__player", "entry__partner")
        .get(pk=registration.pk)
    )
    registration.event = event
    return registration, settings


def _leave_field(registration: Registration, user: Any) -> None:
    """The registration's entry withdrawn (its start number stays on record)."""
    if registration.entry is not None and not registration.entry.is_withdrawn:
        withdraw_entry(entry=registration.entry, user=user)


def fill_places(*, event: Event, settings: SignupSettings, user: Any, site: str) -> list[int]:
    """Move the first of the waiting list up while places are free (the caller holds the
    event's lock); each moved one gets an e-mail. Returns the moved registrations' ids."""
    moved = []
    free = settings.capacity - registered_count(event)
    for registration in list(waiting(event)[: max(free, 0)]):
        registration.event = event
        _move_up(registration, user=user, settings=settings, site=site)
        moved.append(registration.pk)
    return moved


def _move_up(registration: Registration, *, user: Any, settings: SignupSettings, site: str):
    registration.status = R.REGISTERED
    registration.position = None
    registration.save(update_fields=["status", "position"])
    number = None
    if settings.accept == SignupSettings.Accept.AUTOMATIC or registration.entry is not None:
        number = _make_entry(registration, user=user, settings=settings).start_number
    log(
        event=registration.event,
        action=S.MOVED_UP,
        user=user,
        subject=registration, ref=audit.registration_ref(registration),
        number=number,
    )
    emails.schedule(registration, emails.MOVED_UP, site=site)


@transaction.atomic
def cancel(*, registration: Registration, user: Any = None, site: str = "") -> Registration:
    """Cancel a registration (``user`` None: the registrant through their link): its entry is
    withdrawn, a confirmation e-mail goes out, and a place that frees moves the first of the
    waiting list up (with its e-mail). Refused once cancelled, and once the plan exists."""
    registration, settings = _locked(registration)
    if registration.status == R.CANCELLED:
        raise SignupError(gettext_noop("This registration is cancelled already."))
    _refuse_after_plan(registration.event)
    was_registered = registration.status == R.REGISTERED
    _leave_field(registration, user)
    registration.status = R.CANCELLED
    registration.position = None
    registration.save(update_fields=["status", "position"])
    log(
        event=registration.event,
        action=S.CANCELLED,
        user=user,
        subject=registration, ref=audit.registration_ref(registration),
        by_registrant=user is None,
    )
    emails.schedule(registration, emails.CANCELLED, site=site)
    if was_registered:
        fill_places(event=registration.event, settings=settings, user=user, site=site)
    return registration


@transaction.atomic
def move(*, registration: Registration, to: str, user: Any, site: str = "") -> Registration:
    """An organiser moves a registration: from the waiting list (or cancelled) to registered,
    also past the capacity (an entry at once when the event accepts automatically), or from
    registered to the end of the waiting list (its entry withdrawn). Each with an e-mail."""
    registration, settings = _locked(registration)
    if to not in (R.REGISTERED, R.WAITING) or registration.status == to:
        raise SignupError(
            gettext_noop("Registration %(code)s is “%(status)s” already."),
            code=registration.code,
            status=registration.get_status_display(),
        )
    _refuse_after_plan(registration.event)
    if to == R.REGISTERED:
        _move_up(registration, user=user, settings=settings, site=site)
        return registration
    _leave_field(registration, user)
    registration.status = R.WAITING
    registration.position = _next_position(registration.event)
    registration.save(update_fields=["status", "position"])
    log(
        event=registration.event,
        action=S.MOVED_DOWN,
        user=user,
        subject=registration,
        ref=audit.registration_ref(registration),
    )
    emails.schedule(registration, emails.MOVED_DOWN, site=site)
    return registration


@transaction.atomic
def accept(*, registration: Registration, user: Any, site: str = "") -> Entry:
    """An organiser accepts a registered registration that is no entry yet: it becomes one,
    with the next free start number, and the registrant is told."""
    registration, settings = _locked(registration)
    if not registration.awaits_acceptance:
        raise SignupError(
            gettext_noop(
                "Registration %(code)s has nothing to accept: it is no registration "
                "waiting for acceptance."
            ),
            code=registration.code,
        )
    _refuse_after_plan(registration.event)
    entry = _make_entry(registration, user=user, settings=settings)
    log(
        event=registration.event,
        action=S.ACCEPTED,
        user=user,
        subject=registration, ref=audit.registration_ref(registration),
        number=entry.start_number,
    )
    emails.schedule(registration, emails.ACCEPTED, site=site)
    return entry


@transaction.atomic
def delete_data(*, registration: Registration, site: str = "") -> None:
    """The registrant deletes their registration: cancelled first where it is not (its entry
    withdrawn, the waiting list moving up), then the row with its name and e-mail address is
    deleted, and the log's records of it keep the code only."""
    if registration.status != R.CANCELLED:
        cancel(registration=registration, site=site)
    registration, _settings = _locked(registration)
    ref = {"code": registration.code, "name": ""}
    # older records: the name goes too
    ChangeRecord.objects.about(registration).update(params={"ref": ref})
    log(event=registration.event, action=S.DELETED, ref=ref)
    registration.delete()


# --- the club's retention after the evening --------------------------------------------------


@transaction.atomic
def forget_personal_data(*, event: Event, today: datetime.date) -> HeldData:
    """Delete what the registrations of ``event`` hold only to reach and recognise their
    registrants online: the e-mail addresses, the codes and the own links; the names stay (the
    entries, the results and the players are untouched). Records when
    (``SignupSettings.forgotten_at``) and logs the counts, never the data; returns what was
    deleted. Nothing held: changes and logs nothing. Refused (``SignupError``) before the
    club's retention after the evening has passed on ``today`` (``signup.retention``)."""
    event = lock_event(event)
    if not retention.is_due(event.date, event.club.retention_days, today=today):
        raise SignupError(
            gettext_noop(
                "The registrations' personal data of “%(event)s” is kept until %(date)s."
            ),
            event=event.name,
            date=f"{retention.forget_on(event.date, event.club.retention_days):%d.%m.%Y}",
        )
    held = held_data(event)
    if not held:
        return held
    event.registrations.update(email="", code="", token=None)
    settings, _created = SignupSettings.objects.get_or_create(event=event)
    settings.forgotten_at = timezone.now()
    settings.save(update_fields=["forgotten_at"])
    log(
        event=event,
        action=S.FORGOTTEN,
        addresses=held.addresses,
        codes=held.codes,
        links=held.links,
    )
    return held


# --- a person's data deleted on request --------------------------------------------------------

@transaction.atomic
def forget_person(*, naming: Sequence[Naming], name: str) -> int:
    """Delete one person's data from the registrations that name them (``naming``, see
    ``registrations_naming``): where the person registered, the name becomes ``name`` (the word
    for a deleted person), club and category are emptied, the wishes off, and the e-mail
    address, code and own link are deleted; where the person is the partner, the partner's
    name becomes ``name`` and their category and wishes go; where only the address is theirs,
    the address, code and link go. The registrations stay (their status, entry and the other
    person's data). Returns how many changed.

    Writes no change-log record: the caller (the club's deletion of a person's data) logs one
    per event, without the data."""
    changed = 0
    for item in naming:
        registration = Registration.objects.select_for_update().get(pk=item.registration.pk)
        fields: dict[str, Any] = {}
        if item.role in (REGISTRANT, ADDRESS):
            fields.update(email="", code="", token=None)
        if item.role == REGISTRANT:
            fields.update(name=name, club="", category="", unlisted=True, public_profile=False)
        elif item.role == PARTNER:
            fields.update(partner_name=name, partner_category="", partner_unlisted=True,
                          partner_public_profile=False)
        for field_name, value in fields.items():
            setattr(registration, field_name, value)
        registration.save(update_fields=list(fields))
        changed += 1
    return changed
