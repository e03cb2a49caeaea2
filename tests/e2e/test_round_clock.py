"""The round's clock in Chromium under the Content-Security-Policy (issue 28, finding 15): the
event page and the projector count the time left down every second from the server's times,
and once it has passed say by how much and show the tables still playing."""

import datetime
import re

import pytest
from django.urls import reverse
from django.utils import timezone
from playwright.sync_api import expect

from tests.e2e.conftest import logged_in_page
from tests.factories import make_event, make_user
from tests.tournament.plans import make_field
from tournament.models import Round
from tournament.services import generate_plan, release_round, set_round_length


@pytest.fixture
def event(db):
    event = make_event(public_standings=True, name="Benefizbinokel Wendlingen")
    make_field(event, 9, 0)
    generate_plan(event=event, seed=1)
    round_one = event.rounds.get(number=1)
    set_round_length(round=round_one, minutes=1)
    release_round(round=round_one, released=True)
    # 4 seconds left when the page is rendered
    Round.objects.filter(pk=round_one.pk).update(
        started_at=timezone.now() - datetime.timedelta(seconds=56)
    )
    return event


@pytest.fixture
def desk(browser, live_server):
    page = logged_in_page(browser, live_server, make_user("orga"))
    yield page
    page.context.close()


def test_the_event_page_counts_down_and_then_names_the_tables_still_playing(
    live_server, desk, event, screenshot
):
    desk.goto(live_server.url + reverse("event-detail", args=[event.slug]))
    clock = desk.locator(".round-clock")
    playing = desk.locator("#still-playing")
    first = clock.inner_text()
    assert re.fullmatch(r"noch 0:0[1-4]", first), first
    assert playing.is_hidden()
    desk.wait_for_timeout(1500)
    assert clock.inner_text() != first  # the script counts, every second
    expect(clock).to_have_class(re.compile(r"\bover\b"), timeout=8000)
    assert re.fullmatch(r"Zeit um \(\+0:0\d\)", clock.inner_text())
    assert playing.is_visible()
    assert playing.inner_text() == "Es spielen noch: Tische 1, 2, 3."
    screenshot(desk, "round-clock-event-page")


def test_the_projector_counts_down_across_its_screens(live_server, page, event):
    page.goto(live_server.url + reverse("projector", args=[event.slug]) + "?seconds=5")
    clock = page.locator(".projector-foot .round-clock")
    assert re.fullmatch(r"noch 0:0[1-4]", clock.inner_text())
    assert page.locator("#clock-playing").is_hidden()
    expect(clock).to_have_class(re.compile(r"\bover\b"), timeout=8000)
    assert page.locator("#clock-playing").is_visible()
    assert "Es spielen noch: Tische 1, 2, 3." in page.locator("#clock-playing").inner_text()
    # the next screen is swapped in without a reload: its clock counts on
    page.wait_for_timeout(5500)
    assert re.fullmatch(r"Zeit um \(\+0:\d\d\)", clock.inner_text())
