"""The new-event form in Chromium: picking house rules shows their games per round at once, and
a number the organiser typed is saved, even when it is another preset's."""

from django.urls import reverse
from playwright.sync_api import expect

from tests.e2e.test_after_the_evening import logged_in
from tests.factories import make_club
from tournament.models import Event


def test_the_games_per_round_follow_the_preset_until_typed(browser, live_server, db):
    make_club(name="Binokelfreunde Heroldstatt")  # the administrator's event is the club's
    page = logged_in(browser, live_server)
    page.goto(live_server.url + reverse("event-create"))
    games = page.get_by_label("Spiele je Durchgang")
    rules = page.get_by_label("Hausregeln")
    expect(page.get_by_label("Name:", exact=True)).to_be_focused()  # the typing starts there
    expect(games).to_have_value("12")
    rules.select_option(label="AKS Heroldstatt Preisbinokel")
    expect(games).to_have_value("15")  # at once, before saving
    rules.select_option(index=0)
    expect(games).to_have_value("12")
    rules.select_option(label="AKS Heroldstatt Preisbinokel")
    games.click()
    page.keyboard.type("12")  # replaces the 15 (selected on focus): the organiser's number,
    expect(games).to_have_value("12")  # though it is the ejl rules' too
    rules.select_option(index=0)
    rules.select_option(label="AKS Heroldstatt Preisbinokel")
    expect(games).to_have_value("12")
    page.get_by_label("Name:", exact=True).fill("Preisbinokel Heroldstatt")
    page.get_by_label("Datum").fill("2026-12-05")
    page.get_by_role("button", name="Turnier anlegen").click()
    expect(page.get_by_role("heading", name="Preisbinokel Heroldstatt")).to_be_visible()
    event = Event.objects.get(name="Preisbinokel Heroldstatt")
    assert (event.rules["name"], event.games_per_round) == ("aks-heroldstatt", 12)
    page.context.close()
