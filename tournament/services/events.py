"""Events: create one in a club (its creator becomes its organiser), create one like an earlier
one of the club ("Wie beim letzten Mal"), and change its settings."""

from __future__ import annotations

import copy
import datetime
from typing import Any

from django.db import IntegrityError, transaction
from django.utils.translation import gettext_noop

from clubs.access import organises_club
from clubs.models import Club
from clubs.services import create_own_club
from core.audit import log, recorded_user
from core.changes import save_and_log_changes
from core.errors import UserError
from tournament.audit import TournamentAction
from tournament.models import Event, EventRole, FormSubmission
from tournament.results import results_changed
from tournament.selectors.phase import event_phase
from tournament.services.entries import lock_event
from tournament.services.submissions import use_form_token
from tournament.signals import event_copied

# What an organiser may set on an event; the plan depends on the last three.
EVENT_FIELDS = ("name", "slug", "date", "venue", "round_count", "games_per_round")
FIXED_BY_PLAN = ("slug", "round_count", "games_per_round")
COPIED_SETTINGS = (
    "venue", "round_count", "games_per_round", "rules", "scoring_mode", "tie_breaks",
    "public_standings", "count_unconfirmed",
)
"""What an event like an earlier one takes of it (``copy_event``), besides its club; its name,
short name and date are its own, and so is what the evening brings (the plan and its seed, the
results and their version, the phase)."""


class EventError(UserError):
    """A refused change of an event's settings."""


def _slug_taken(slug: str) -> EventError:
    return EventError(
        gettext_noop("The short name “%(slug)s” is already used by another tournament."),
        field="slug",
        slug=slug,
    )


def _shown(value: Any) -> Any:
    return value.isoformat() if isinstance(value, datetime.date) else value


def _not_your_club() -> EventError:
    return EventError(
        gettext_noop("You do not organise this club's tournaments: please choose your club."),
        field="club",
    )


@transaction.atomic
def create_event(
    *,
    club: Club | None = None,
    new_club: str = "",
    user: Any = None,
    form_token: str | None = None,
    **fields: Any,
) -> Event:
    """A new event of ``club`` with ``fields`` (see ``EVENT_FIELDS``, and ``rules`` and
    ``tie_breaks``: the house rules' switches as saved and the tie-breaks they start with,
    ``tournament.house_rules``; ``scoring_mode``: how it keeps score, default every game),
    organised by ``user`` (a logged-in account; a script passes none). A superuser may name a
    ``new_club`` instead, made with them as its admin.

    Refused (``EventError``): no club, a club the user does not organise (field ``club``), a
    short name taken meanwhile (field ``slug``); a ``form_token`` used before raises
    ``AlreadySubmitted``."""
    submission = (
        use_form_token(token=form_token, kind=FormSubmission.Kind.EVENT) if form_token else None
    )
    account = recorded_user(user)
    if new_club and account is not None and account.is_superuser:
        club = create_own_club(name=new_club, user=account)
    if club is None:
        raise EventError(gettext_noop("Please choose the club of the tournament."), field="club")
    if account is not None and not organises_club(account, club):
        raise _not_your_club()
    event = Event(club=club, **{name: fields[name] for name in EVENT_FIELDS if name in fields})
    event.rules = dict(fields.get("rules") or {})
    event.tie_breaks = fields.get("tie_breaks") or ""
    event.scoring_mode = fields.get("scoring_mode") or Event.ScoringMode.GAMES
    _save_new(event)
    if account is not None:
        EventRole.objects.create(event=event, user=account, role=EventRole.Role.ORGANISER)
    log(event=event, action=TournamentAction.EVENT_CREATED, user=user, name=event.name)
    if submission is not None:
        submission.event = event
        submission.save(update_fields=["event"])
    return event


def _save_new(event: Event) -> None:
    """Insert the new ``event``; a short name taken meanwhile raises ``EventError``."""
    try:
        with transaction.atomic():
            event.save()
    except IntegrityError:
        if Event.objects.filter(slug=event.slug).exists():
            raise _slug_taken(event.slug) from None
        raise


@transaction.atomic
def copy_event(
    *,
    source: Event,
    user: Any,
    name: str,
    slug: str,
    date: datetime.date,
    form_token: str | None = None,
) -> Event:
    """A new event of ``source``'s club named ``name`` (short name ``slug``) on ``date``, like
    ``source``: its settings (``COPIED_SETTINGS``) and its roles (``EventRole``; ``user``
    becomes an organiser where they had no role on it), and, through the signal
    ``event_copied``, what the apps above keep of its settings (money and prizes, online
    registration). Nothing of its evening is copied: no entries, plan, sheets, results,
    payments or registrations.

    Refused (``EventError``): an account that does not organise ``source``'s club (an organiser
    of the event alone, a helper), a short name taken meanwhile (field ``slug``); a
    ``form_token`` used before raises ``AlreadySubmitted``."""
    submission = (
        use_form_token(token=form_token, kind=FormSubmission.Kind.EVENT) if form_token else None
    )
    account = recorded_user(user)
    source = Event.objects.select_related("club").get(pk=source.pk)
    if account is not None and not organises_club(account, source.club):
        raise EventError(
            gettext_noop(
                "Only the admins and organisers of %(club)s create a tournament like this one."
            ),
            club=source.club.name,
        )
    event = Event(
        club=source.club, name=name, slug=slug, date=date,
        **{field: copy.deepcopy(getattr(source, field)) for field in COPIED_SETTINGS},
    )
    _save_new(event)
    roles = list(source.roles.all())
    EventRole.objects.bulk_create(
        EventRole(event=event, user_id=role.user_id, role=role.role) for role in roles
    )
    if account is not None and all(role.user_id != account.pk for role in roles):
        EventRole.objects.create(event=event, user=account, role=EventRole.Role.ORGANISER)
    event_copied.send(sender=Event, source=source, event=event, user=account)
    log(event=event, action=TournamentAction.EVENT_COPIED, user=user, name=event.name,
        source=source.name, source_date=source.date.isoformat())
    if submission is not None:
        submission.event = event
        submission.save(update_fields=["event"])
    return event


@transaction.atomic
def update_event(*, event: Event, user: Any = None, **fields: Any) -> list[list[Any]]:
    """Change an event's settings; returns the changes as ``[field, old, new]``.

    Once the plan exists its short name, rounds and games per round cannot change
    (``EventError`` with the field); a short name taken meanwhile raises ``EventError`` too.
    """
    event = lock_event(event)

    def check(changes: list[list[Any]]) -> None:
        if event_phase(event).plan_exists:
            for name, _old, _new in changes:
                if name in FIXED_BY_PLAN:
                    raise EventError(
                        gettext_noop("Cannot change any more: the seating plan exists."),
                        field=name,
                    )

    def save(names: list[str]) -> None:
        try:
            with transaction.atomic():
                event.save(update_fields=names)
        except IntegrityError:
            if Event.objects.filter(slug=event.slug).exclude(pk=event.pk).exists():
                raise _slug_taken(event.slug) from None
            raise
        results_changed(event_id=event.pk)

    return save_and_log_changes(
        instance=event,
        values={name: fields[name] for name in EVENT_FIELDS if name in fields},
        shown=_shown,
        check=check,
        save=save,
        log=lambda changes: log(
            event=event, action=TournamentAction.EVENT_EDITED, user=user, changes=changes
        ),
    )
