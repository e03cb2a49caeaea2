"""A club with its evenings as its page shows them, for the tests of the club's pages: two
coming evenings (the first takes online registrations and starts at 19:30; the second is
planned, from 19:00 in three rounds of 60 minutes), one past evening with public standings and
one with private standings, a public and a private series, and an evening of another club."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.utils import timezone

from clubs.models import Club
from clubs.services import set_logo
from series.models import Series
from signup.models import SignupSettings
from tests.factories import logo_bytes, make_club, make_entry, make_event
from tournament.models import Event, Round

NOTICE = "Der Verein speichert Name und E-Mail-Adresse.\nAuskunft: vorstand@example.org"


@dataclass
class Evenings:
    club: Club
    registering: Event
    later: Event
    public_past: Event
    private_past: Event
    other_clubs: Event
    public_series: Series
    private_series: Series


def days(number: int) -> datetime.date:
    return timezone.localdate() + datetime.timedelta(days=number)


def club_with_evenings(*, logo: bool = True, notice: str = NOTICE) -> Evenings:
    club = make_club(name="Binokelfreunde Söflingen", slug="bf-soeflingen", place="Ulm",
                     contact="vorstand@example.org", privacy_notice=notice)
    if logo:
        set_logo(club=club, data=logo_bytes())
    registering = make_event(club=club, name="Herbstbinokel", date=days(10),
                             venue="Gemeindehaus Söflingen")
    SignupSettings.objects.create(event=registering, is_open=True, capacity=40,
                                  start_time=datetime.time(19, 30))
    later = make_event(club=club, name="Winterbinokel", date=days(40), venue="Turnhalle",
                       scoring_mode=Event.ScoringMode.TOTALS)
    # open, but its plan is made: the form takes no registrations any more
    SignupSettings.objects.create(event=later, is_open=True, start_time=datetime.time(19, 0))
    for number in range(1, 4):
        Round.objects.create(event=later, number=number, planned_minutes=60)
    public_past = make_event(club=club, name="Frühjahrsbinokel", date=days(-30),
                             public_standings=True)
    private_past = make_event(club=club, name="Sommerbinokel", date=days(-3))
    make_entry(public_past, 1, "Hildegard Geheimname")
    make_entry(private_past, 1, "Kunigunde Geheimname")
    other_clubs = make_event(name="Fremdes Binokel", date=days(12), public_standings=True)
    public_series = Series.objects.create(name="Donau-Cup", slug="donau-cup", season="2026",
                                          public=True)
    public_series.events.add(public_past, other_clubs)
    private_series = Series.objects.create(name="Geheimer Cup", slug="geheim", public=False)
    private_series.events.add(private_past)
    return Evenings(club, registering, later, public_past, private_past, other_clubs,
                    public_series, private_series)
