"""The calendar of a club's evenings (``clubsite.ical``), fetched through its route and parsed
back with ``icalendar``: one VEVENT per evening of the club, its day or its start (and its end
after the planned rounds), its name, venue and link, and UIDs that stay the same."""

import datetime
import zoneinfo

import icalendar
import pytest
from django.urls import reverse

from core import limits
from tests.clubsite.evenings import club_with_evenings, days
from tests.factories import make_club

pytestmark = pytest.mark.django_db

BERLIN = zoneinfo.ZoneInfo("Europe/Berlin")


@pytest.fixture
def evenings():
    return club_with_evenings()


def fetch(client, club, **headers) -> icalendar.Calendar:
    response = client.get(reverse("club-calendar", args=[club.slug]), **headers)
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/calendar")
    return icalendar.Calendar.from_ical(response.content)


def by_summary(calendar: icalendar.Calendar) -> dict[str, icalendar.Event]:
    return {str(event["SUMMARY"]): event for event in calendar.walk("VEVENT")}


def test_one_event_per_evening_of_the_club(client, evenings):
    calendar = fetch(client, evenings.club)
    assert str(calendar["X-WR-CALNAME"]) == "Binokelfreunde Söflingen: Termine"
    assert str(calendar["URL"]) == "http://testserver/verein/bf-soeflingen/"
    assert calendar["REFRESH-INTERVAL"].dt == datetime.timedelta(
        hours=limits.CALENDAR_REFRESH_HOURS)
    assert sorted(by_summary(calendar)) == [
        "Frühjahrsbinokel", "Herbstbinokel", "Sommerbinokel", "Winterbinokel"]


def test_a_day_or_a_start_time_and_the_end_of_the_planned_rounds(client, evenings):
    events = by_summary(fetch(client, evenings.club))
    # the day only: a whole-day event
    summer = events["Sommerbinokel"]
    assert summer.start == days(-3) and summer.end == days(-2)
    assert not isinstance(summer.start, datetime.datetime)
    # the registration's start time, no planned rounds yet: a start without an end
    autumn = events["Herbstbinokel"]
    assert autumn.start == datetime.datetime.combine(days(10), datetime.time(19, 30),
                                                     tzinfo=BERLIN)
    assert "DTEND" not in autumn
    # from 19:00, three rounds of 60 minutes planned
    winter = events["Winterbinokel"]
    assert winter.start == datetime.datetime.combine(days(40), datetime.time(19), tzinfo=BERLIN)
    assert winter.end == winter.start + datetime.timedelta(hours=3)


def test_name_venue_and_link(client, evenings):
    events = by_summary(fetch(client, evenings.club))
    autumn, winter = events["Herbstbinokel"], events["Winterbinokel"]
    assert str(autumn["LOCATION"]) == "Gemeindehaus Söflingen"
    # the registration while it takes registrations, else the club's page
    signup = "http://testserver" + reverse("signup", args=[evenings.registering.slug])
    assert str(autumn["URL"]) == signup
    assert str(winter["URL"]) == "http://testserver/verein/bf-soeflingen/"
    assert f"Online-Anmeldung: {signup}" in str(autumn["DESCRIPTION"])
    rules = "http://testserver" + reverse("event-rules", args=[evenings.later.slug])
    assert str(winter["DESCRIPTION"]) == (
        f"Hausregeln: ejl Benefizbinokel (Summen je Durchgang), {rules}")
    standings = "http://testserver" + reverse("public-standings",
                                              args=[evenings.public_past.slug])
    assert f"Rangliste: {standings}" in str(events["Frühjahrsbinokel"]["DESCRIPTION"])


def test_the_uids_stay_the_same_from_one_fetch_to_the_next(client, evenings):
    first = {str(event["SUMMARY"]): str(event["UID"])
             for event in fetch(client, evenings.club).walk("VEVENT")}
    second = {str(event["SUMMARY"]): str(event["UID"])
              for event in fetch(client, evenings.club).walk("VEVENT")}
    assert first == second
    assert first["Herbstbinokel"] == f"binokel-event-{evenings.registering.pk}@testserver"
    assert len(set(first.values())) == 4
    calendar = fetch(client, evenings.club)
    assert str(calendar["UID"]) == str(fetch(client, evenings.club)["UID"])


def test_the_uids_are_made_with_the_public_address(client, evenings, settings):
    settings.PUBLIC_URL = "https://binokel.example.org"
    events = by_summary(fetch(client, evenings.club))
    assert str(events["Herbstbinokel"]["UID"]) == (
        f"binokel-event-{evenings.registering.pk}@binokel.example.org")
    assert str(events["Winterbinokel"]["URL"]) == (
        "https://binokel.example.org/verein/bf-soeflingen/")


def test_a_club_without_evenings_has_an_empty_calendar(client):
    calendar = fetch(client, make_club())
    assert list(calendar.walk("VEVENT")) == []
    assert str(calendar["VERSION"]) == "2.0"
