"""Reads of a club's public pages.

- ``club_page``: what the club's page and its calendar show: the coming evenings (with their
  start, their house rules and whether their online registration takes registrations), the
  past ones (whether their standings are public), and the public series the club's evenings
  play in. Nothing of the organisers, no player's name;
- ``club_mark``: the little of a club that the pages of its events show (its logo beside the
  event's name, the link to its privacy notice): short name, name, whether it has a logo and a
  privacy notice, without reading the logo itself.

The terms are in ``docs/glossary.md``.
"""

from __future__ import annotations

import datetime
from collections import defaultdict
from dataclasses import dataclass

from django.db.models import Q
from django.db.models.functions import Length
from django.utils import timezone

from clubs.models import Club
from core import limits
from core.errors import Message
from scoring.interface import rules_label, rules_of
from series.models import Series
from signup.models import SignupSettings
from signup.selectors import open_registrations
from tournament.models import Event, Round


@dataclass(frozen=True)
class Evening:
    """One event of the club, as the club's page and its calendar show it."""

    event: Event
    rules: Message
    """The name of its house rules (``scoring.interface.rules_label``)."""
    starts_at: datetime.datetime | None
    """When its first round starts (the online registration's start time, in the server's time
    zone); None: only the day is known."""
    ends_at: datetime.datetime | None
    """``starts_at`` and the planned length of every round, where each round has one."""
    registration_open: bool
    """Its public registration form takes registrations now (``signup.selectors``)."""

    @property
    def standings_public(self) -> bool:
        return self.event.public_standings


@dataclass(frozen=True)
class ClubPage:
    """What the club's page and its calendar show."""

    club: Club
    coming: list[Evening]
    """From today on, the nearest first (an evening of today that is finished is past)."""
    past: list[Evening]
    """The latest first."""
    series: list[Series]
    """The public series any evening of the club plays in."""


def club_page(club: Club, *, today: datetime.date | None = None) -> ClubPage:
    """The club's page: its coming and past evenings (at most ``limits.CLUB_PAGE_EVENTS``
    each, the nearest to ``today``, the server's local date by default) and its public
    series."""
    today = today or timezone.localdate()
    events = Event.objects.filter(club=club)
    coming = list(
        events.filter(date__gte=today).exclude(status=Event.Status.FINISHED)
        .order_by("date", "name")[: limits.CLUB_PAGE_EVENTS]
    )
    past = list(
        events.filter(Q(date__lt=today) | Q(status=Event.Status.FINISHED))
        .order_by("-date", "name")[: limits.CLUB_PAGE_EVENTS]
    )
    ids = [event.pk for event in coming + past]
    starts = dict(
        SignupSettings.objects.filter(event__in=ids)
        .exclude(start_time=None)
        .values_list("event_id", "start_time")
    )
    lengths: dict[int, list[int | None]] = defaultdict(list)
    rounds = (  # unordered: Round's order by event would join the events again
        Round.objects.filter(event__in=ids).order_by().values_list("event_id", "planned_minutes")
    )
    for event_id, minutes in rounds:
        lengths[event_id].append(minutes)
    open_ids = open_registrations(coming)
    series = list(
        Series.objects.filter(public=True, events__club=club).distinct().order_by("-season", "name")
    )

    def evening(event: Event) -> Evening:
        starts_at = ends_at = None
        if event.pk in starts:
            starts_at = timezone.make_aware(
                datetime.datetime.combine(event.date, starts[event.pk])
            )
            planned = lengths.get(event.pk, [])
            if len(planned) == event.round_count and None not in planned:
                ends_at = starts_at + datetime.timedelta(minutes=sum(planned))
        return Evening(
            event=event,
            rules=rules_label(rules_of(event)),
            starts_at=starts_at,
            ends_at=ends_at,
            registration_open=event.pk in open_ids,
        )

    return ClubPage(
        club=club,
        coming=[evening(event) for event in coming],
        past=[evening(event) for event in past],
        series=series,
    )


@dataclass(frozen=True)
class ClubMark:
    """What the pages of a club's events show of the club."""

    slug: str
    name: str
    has_logo: bool
    has_privacy_notice: bool


def club_mark(club_id: int) -> ClubMark | None:
    """The mark of the club ``club_id`` (None if there is none), in one small read: the logo
    and the notice themselves are not loaded."""
    row = (
        Club.objects.filter(pk=club_id)
        .values("slug", "name", "logo_type", notice=Length("privacy_notice"))
        .first()
    )
    if row is None:
        return None
    return ClubMark(
        slug=row["slug"], name=row["name"], has_logo=bool(row["logo_type"]),
        has_privacy_notice=bool(row["notice"]),
    )


def mark_of(club: Club) -> ClubMark:
    """The mark of a club already read."""
    return ClubMark(
        slug=club.slug, name=club.name, has_logo=bool(club.logo_type),
        has_privacy_notice=bool(club.privacy_notice),
    )
