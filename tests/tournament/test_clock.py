"""The round's clock (issue 28, finding 15): a round's planned length counted from its first
release (``tournament.clock``, ``set_round_length``, ``release_round``); the event page and the
projector show the time left and, once it has passed, the tables still playing."""

import datetime
import re

import pytest
from django.urls import reverse
from django.utils import timezone

from core.models import ChangeRecord
from scoring.services import save_sheet_rows, submit_sheet
from tests.factories import make_event, make_role
from tests.tournament.plans import make_field
from tournament.audit import TournamentAction
from tournament.clock import RoundClock, duration, round_clock
from tournament.models import Round
from tournament.services import (
    PlanError,
    generate_plan,
    release_round,
    set_round_length,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def event():
    event = make_event(public_standings=True)
    make_field(event, 9, 0)
    generate_plan(event=event, seed=1)
    return event


def test_the_first_release_starts_the_clock_and_hiding_does_not_stop_it(event):
    round_one = event.rounds.get(number=1)
    assert round_one.started_at is None
    before = timezone.now()
    release_round(round=round_one, released=True)
    started = Round.objects.get(pk=round_one.pk).started_at
    assert started is not None and started >= before and round_one.started_at == started
    release_round(round=round_one, released=False)
    release_round(round=round_one, released=True)
    assert Round.objects.get(pk=round_one.pk).started_at == started


def test_a_length_holds_for_the_later_rounds_without_one(event):
    rounds = {r.number: r for r in event.rounds.all()}
    set_round_length(round=rounds[3], minutes=75)
    assert set_round_length(round=rounds[1], minutes=90) == [1, 2]
    assert dict(event.rounds.values_list("number", "planned_minutes")) == {1: 90, 2: 90, 3: 75}
    assert set_round_length(round=rounds[2], minutes=None) == [2]
    assert dict(event.rounds.values_list("number", "planned_minutes")) == {1: 90, 2: None, 3: 75}
    for minutes in (0, 601):
        with pytest.raises(PlanError):
            set_round_length(round=rounds[1], minutes=minutes)
    change = ChangeRecord.objects.filter(action=TournamentAction.ROUND_LENGTH).first()
    assert change.description == "Durchgang 2: keine geplante Dauer."
    # a new plan keeps the lengths
    generate_plan(event=event, seed=2)
    assert dict(event.rounds.values_list("number", "planned_minutes")) == {1: 90, 2: None, 3: 75}


def test_the_clock_is_the_last_started_round_not_closed(event):
    assert round_clock(event) is None
    rounds = {r.number: r for r in event.rounds.all()}
    set_round_length(round=rounds[1], minutes=90)
    release_round(round=rounds[1], released=True)
    assert round_clock(event).round.number == 1
    release_round(round=rounds[2], released=True)
    assert round_clock(event).round.number == 2
    Round.objects.filter(pk=rounds[2].pk).update(closed=True)
    assert round_clock(event).round.number == 1
    Round.objects.filter(pk=rounds[1].pk).update(planned_minutes=None)
    assert round_clock(event) is None


def test_the_clock_counts_down_and_then_up():
    start = timezone.now()
    round_ = Round(number=2, started_at=start, planned_minutes=90)
    clock = RoundClock(round=round_, now=start + datetime.timedelta(minutes=66, seconds=55))
    assert clock.ends_at == start + datetime.timedelta(minutes=90)
    assert (clock.seconds_left, clock.over, clock.text) == (1385, False, "noch 23:05")
    late = RoundClock(round=round_, now=start + datetime.timedelta(minutes=95, seconds=3))
    assert (late.over, late.text) == (True, "Zeit um (+5:03)")
    assert duration(0) == "0:00" and duration(5000) == "83:20"


def started_round(event, minutes_ago: int, length: int = 90):
    round_one = event.rounds.get(number=1)
    set_round_length(round=round_one, minutes=length)
    release_round(round=round_one, released=True)
    Round.objects.filter(pk=round_one.pk).update(
        started_at=timezone.now() - datetime.timedelta(minutes=minutes_ago)
    )
    return round_one


def hand_in(table):
    rows = {n: {"bid": 200, "declarer": 0, "melds": [0, 0, 0], "tricks": [200, 50, 0]}
            for n in range(1, 13)}
    save_sheet_rows(sheet=table.sheet, base_version=0, rows=rows)
    submit_sheet(sheet=table.sheet)


def test_the_event_page_shows_the_time_left(client, organiser, event):
    make_role(event, organiser)
    started_round(event, minutes_ago=30)
    html = client.get(reverse("event-detail", args=[event.slug])).content.decode()
    clock = re.search(r'<span class="round-clock"[^>]*>([^<]*)</span>', html)
    assert (clock and clock.group(1).startswith("noch 59:")) or clock.group(1) == "noch 60:00"
    assert 'data-clock-ends="' in clock.group(0) and 'data-clock-now="' in clock.group(0)
    assert 'data-msg-over="Zeit um (+{time})"' in clock.group(0)
    assert "Durchgang 1: begonnen" in html
    # the tables still playing are there for the script to show once the time is up
    assert re.search(r'<p id="still-playing" hidden>Es spielen noch: Tische 1, 2, 3.</p>', html)
    assert "tournament/clock.js" in html


def test_after_the_time_the_event_page_names_the_tables_still_playing(client, organiser, event):
    make_role(event, organiser)
    round_one = started_round(event, minutes_ago=95)
    hand_in(round_one.tables.get(number=2))
    html = client.get(reverse("event-detail", args=[event.slug])).content.decode()
    assert re.search(r'<span class="round-clock over"[^>]*>Zeit um \(\+5:0\d\)</span>', html)
    assert '<p id="still-playing">Es spielen noch: Tische 1, 3.</p>' in html


def test_the_projector_shows_the_clock_and_then_the_tables_still_playing(client, event):
    round_one = started_round(event, minutes_ago=100)
    hand_in(round_one.tables.get(number=1))
    html = client.get(reverse("projector", args=[event.slug])).content.decode()
    footer = re.search(r'<footer class="projector-foot">.*?</footer>', html, re.S).group(0)
    assert "Durchgang 1:" in footer and "Zeit um (+10:0" in footer
    assert '<span id="clock-playing"> · Es spielen noch: Tische 2, 3.</span>' in footer
    assert "tournament/clock.js" in html


def test_without_a_planned_length_there_is_no_clock(client, organiser, event):
    make_role(event, organiser)
    release_round(round=event.rounds.get(number=1), released=True)
    html = client.get(reverse("event-detail", args=[event.slug])).content.decode()
    assert "round-clock" not in html and "clock.js" not in html


def test_the_plan_page_sets_a_rounds_length(client, organiser, event):
    make_role(event, organiser)
    url = reverse("plan-round-length", args=[event.slug, 1])
    response = client.post(url, {"minutes": "80"}, follow=True)
    html = response.content.decode()
    assert "Die Durchgänge 1, 2, 3 sollen je 80 Minuten dauern." in html
    assert 'name="minutes" min="1" max="600" value="80"' in html
    assert client.post(url, {"minutes": "0"}, follow=True).status_code == 200
    assert event.rounds.get(number=1).planned_minutes == 80
    client.post(url, {"minutes": ""})
    assert event.rounds.get(number=1).planned_minutes is None
