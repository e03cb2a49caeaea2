"""Shared data of the retention tests: events of two clubs with their evenings past or within
the retention, each with registrations (one an entry with a result)."""

from __future__ import annotations

import datetime

from django.utils import timezone

from core.models import ChangeRecord
from scoring.demo import record_game
from scoring.standings import compute_standings
from signup.models import Registration
from tests.factories import make_club, make_entry, make_event
from tests.scoring.games import WON, sheet_for
from tournament.models import Event


def days_ago(days: int) -> datetime.date:
    return timezone.localdate() - datetime.timedelta(days=days)


def register(event: Event, name: str, *, entry=None, status="registered", code="") -> Registration:
    """A registration of ``name`` (an address of its own, a code, its own link)."""
    number = event.registrations.count() + 1
    return Registration.objects.create(
        event=event, kind="single", name=name, email=f"{name.split()[0].lower()}@example.org",
        status=status, position=number if status == "waiting" else None,
        code=code or f"AB{event.pk % 10}{number}CD"[:6], entry=entry,
    )


def played_event(club, date: datetime.date, label: str) -> Event:
    """An evening of three singles at one confirmed table (a game played), each registered
    online, and one more registration on the waiting list."""
    event = make_event(club=club, date=date, name=f"Binokel {label}", slug=f"binokel-{label}")
    entries = [make_entry(event, number, f"Spieler{number} {label}") for number in (1, 2, 3)]
    record_game(sheet=sheet_for(event, 1, entries, 1), number=1, **WON)
    for entry in entries:
        register(event, entry.player.name, entry=entry)
    register(event, f"Wartend {label}", status="waiting")
    return event


def two_clubs() -> dict[str, Event]:
    """Club "long" keeps the data 30 days, club "short" 5: of each an evening past its
    retention ("long-past" 31 days ago, "short-past" 10 days ago) and one within it
    ("long-kept" 10 days ago, "short-kept" 3 days ago)."""
    long, short = make_club(retention_days=30), make_club(retention_days=5)
    return {
        "long-past": played_event(long, days_ago(31), "long-past"),
        "long-kept": played_event(long, days_ago(10), "long-kept"),
        "short-past": played_event(short, days_ago(10), "short-past"),
        "short-kept": played_event(short, days_ago(3), "short-kept"),
    }


def registration_data() -> list[tuple]:
    """Every registration as a comparable row, personal data included."""
    return sorted(Registration.objects.values_list(
        "pk", "event__slug", "name", "email", "code", "token", "status", "entry_id"
    ))


def standings_rows(event: Event) -> list[tuple]:
    """The event's standings as a comparable list (computed, not cached)."""
    standings = compute_standings(Event.objects.get(pk=event.pk))
    return [
        (row.place, row.start_number, row.name, row.total, tuple(row.round_points))
        for kind in ("singles", "pairs")
        for row in standings.ranking(kind)
    ]


def records() -> list[tuple]:
    return sorted(ChangeRecord.objects.values_list("pk", "action", "params"), key=str)
