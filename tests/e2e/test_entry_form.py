"""The desk's entry form in Chromium (issue 28): the common case — a name, a club, a single —
fits the screen, Enter registers and opens the form for the next, and the question about a
known player stands right below the name."""

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from playwright.sync_api import expect

from tests.e2e.test_after_the_evening import logged_in
from tests.factories import make_entry, make_event, make_role
from tournament.models import Entry, EventRole, Player


@pytest.fixture
def events(db):
    """This evening's event and last year's of the same club, where Hans Maier played."""
    event = make_event(name="Preisbinokel")
    earlier = make_event(name="Vorjahr", club=event.club)
    make_entry(earlier, 1, "Hans Maier")
    Player.objects.filter(name="Hans Maier").update(club="CVJM")
    return event, earlier


def test_enter_registers_and_starts_the_next(browser, live_server, events):
    event, _earlier = events
    page = logged_in(browser, live_server, viewport={"width": 1280, "height": 800})
    page.goto(live_server.url + reverse("entry-create", args=[event.slug]))
    button = page.get_by_role("button", name="Anmelden und nächsten erfassen")
    box = button.bounding_box()
    assert box is not None and box["y"] + box["height"] <= 800  # no scrolling to reach it
    assert page.evaluate("document.documentElement.scrollHeight") <= 1000
    page.get_by_label("Name:", exact=True).fill("Anna Rapp")
    page.get_by_label("Verein:").fill("SV Ulm")
    page.get_by_label("Name:", exact=True).press("Enter")
    page.wait_for_load_state()
    assert Entry.objects.filter(event=event, player__name="Anna Rapp").exists()
    assert page.url.endswith(reverse("entry-create", args=[event.slug]))
    assert page.get_by_label("Name:", exact=True).input_value() == ""
    page.context.close()


def test_the_question_about_a_known_player_stands_below_the_name(browser, live_server, events):
    event, earlier = events
    page = logged_in(browser, live_server, viewport={"width": 1280, "height": 800})
    chef = User.objects.get(username="chef")
    for organised in (earlier, event):
        make_role(organised, chef, EventRole.Role.ORGANISER)
    page.goto(live_server.url + reverse("entry-create", args=[event.slug]))
    page.get_by_label("Name:", exact=True).fill("Hans Meier")
    page.get_by_role("button", name="Anmelden und nächsten erfassen").click()
    page.wait_for_load_state()
    question = page.locator(".registry-choice")
    assert question.is_visible()
    name_box = page.get_by_label("Name:", exact=True).bounding_box()
    question_box = question.bounding_box()
    button_box = page.get_by_role("button", name="Anmelden und nächsten erfassen").bounding_box()
    assert name_box["y"] < question_box["y"] < button_box["y"]
    assert question_box["y"] + question_box["height"] <= 800
    page.context.close()


def active_field(page) -> str:
    return page.evaluate("document.activeElement && document.activeElement.name || ''")


def test_the_cursor_is_in_the_name_on_load_and_after_registering(browser, live_server, events):
    event, _earlier = events
    page = logged_in(browser, live_server, viewport={"width": 1280, "height": 800})
    page.goto(live_server.url + reverse("entry-create", args=[event.slug]))
    expect(page.get_by_label("Name:", exact=True)).to_be_focused()
    page.keyboard.type("Anna Rapp")  # no click: the typing goes to the name
    with page.expect_navigation():
        page.keyboard.press("Enter")
    expect(page.locator(".messages")).to_contain_text("Anna Rapp")
    assert Entry.objects.filter(event=event, player__name="Anna Rapp").exists()
    expect(page.get_by_label("Name:", exact=True)).to_be_focused()
    # a field that gets the focus by a click or by Tab has its content selected: typing
    # replaces it
    club = page.get_by_label("Verein:")
    club.fill("SV Ulm")
    page.get_by_label("Name:", exact=True).click()
    club.click()
    page.keyboard.type("CVJM")
    expect(club).to_have_value("CVJM")
    page.get_by_label("Name:", exact=True).fill("Otto Klotz")
    page.keyboard.press("Tab")
    assert active_field(page) == "club"
    page.keyboard.type("TSV")
    expect(club).to_have_value("TSV")
    page.context.close()
