"""The round's clock in Chromium under the Content-Security-Policy (issue 28, finding 15): the
event page and the projector count the time left down every second from the server's times,
and once it has passed say by how much and show the tables still playing. Time passes as the
test says: for the page on Playwright's clock, for the server by an earlier start of the round."""

import datetime
import re

import pytest
from django.db.models import F
from django.urls import reverse
from django.utils import timezone
from playwright.sync_api import expect

from tests.e2e.conftest import logged_in_page
from tests.factories import make_event, make_role, make_user
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
    # 25 seconds left when the page is rendered (less when that takes long)
    Round.objects.filter(pk=round_one.pk).update(
        started_at=timezone.now() - datetime.timedelta(seconds=35)
    )
    return event


def let_time_pass(page, event, seconds: int) -> None:
    """``seconds`` pass for the page (the timers of its clock, installed before it was opened)
    and for the server (the round started that much earlier)."""
    Round.objects.filter(event=event, number=1).update(
        started_at=F("started_at") - datetime.timedelta(seconds=seconds)
    )
    page.clock.run_for(seconds * 1000)


@pytest.fixture
def desk(browser, live_server, event):
    """The event page's browser at the desk, logged in as the ``event``'s organiser."""
    organiser = make_user("orga")
    make_role(event, organiser)
    page = logged_in_page(browser, live_server, organiser)
    yield page
    page.context.close()


def test_the_event_page_counts_down_and_then_names_the_tables_still_playing(
    live_server, desk, event, screenshot
):
    desk.clock.install()
    desk.goto(live_server.url + reverse("event-detail", args=[event.slug]))
    clock = desk.locator(".round-clock")
    playing = desk.locator("#still-playing")
    first = clock.inner_text()
    assert re.fullmatch(r"noch 0:[0-2]\d", first), first
    assert playing.is_hidden()
    let_time_pass(desk, event, 2)
    assert clock.inner_text() != first  # the script counts, every second
    let_time_pass(desk, event, 30)
    expect(clock).to_have_class(re.compile(r"\bover\b"))
    assert re.fullmatch(r"Zeit um \(\+0:\d\d\)", clock.inner_text())
    assert playing.is_visible()
    assert playing.inner_text() == "Es spielen noch: Tische 1, 2, 3."
    screenshot(desk, "round-clock-event-page")


def test_the_projector_counts_down_across_its_screens(live_server, page, event):
    page.clock.install()
    page.goto(live_server.url + reverse("projector", args=[event.slug]) + "?seconds=5")
    first_screen = page.url
    clock = page.locator(".projector-foot .round-clock")
    assert re.fullmatch(r"noch 0:[0-2]\d", clock.inner_text())
    assert page.locator("#clock-playing").is_hidden()
    let_time_pass(page, event, 30)  # the next screen is fetched after 5 of them
    expect(clock).to_have_class(re.compile(r"\bover\b"))
    assert page.locator("#clock-playing").is_visible()
    assert "Es spielen noch: Tische 1, 2, 3." in page.locator("#clock-playing").inner_text()
    # the next screen is swapped in without a reload (the address follows): its clock counts on
    expect(page).not_to_have_url(first_screen)
    expect(clock).to_have_text(re.compile(r"Zeit um \(\+0:\d\d\)"))
