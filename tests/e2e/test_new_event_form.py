"""The new-event form in Chromium: picking house rules shows their games per round at once, and
a number the organiser typed is saved, even when it is another preset's; the club's own house
rules bring their scoring mode too."""

from django.conf import settings
from django.test import Client
from django.urls import reverse
from playwright.sync_api import expect

from clubs.models import ClubRules
from scoring.rules import AKS_HEROLDSTATT, RULES
from tests.e2e.test_after_the_evening import logged_in
from tests.factories import make_club, make_user
from tournament.models import Event


def test_the_games_per_round_follow_the_preset_until_typed(browser, live_server, db):
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
    page.get_by_label("oder ein neuer Verein").fill("AKS Heroldstatt")  # a superuser's
    page.get_by_label("Name:", exact=True).fill("Preisbinokel Heroldstatt")
    page.get_by_label("Datum").fill("2026-12-05")
    page.get_by_role("button", name="Turnier anlegen").click()
    expect(page.get_by_role("heading", name="Preisbinokel Heroldstatt")).to_be_visible()
    event = Event.objects.get(name="Preisbinokel Heroldstatt")
    assert (event.rules["name"], event.games_per_round) == ("aks-heroldstatt", 12)
    page.context.close()


def test_the_clubs_own_rules_bring_their_games_and_scoring_mode_until_changed(
    browser, live_server, db
):
    """The club's own house rules (offered after the presets) fill the games per round and the
    scoring mode at once; a mode picked by hand stays when other rules are picked."""
    user = make_user("vorstand")
    club = make_club(name="Binokelfreunde Musterdorf", admin=user)
    switches = {**RULES[AKS_HEROLDSTATT].as_dict(), "min_bid": 200}
    ClubRules.objects.create(club=club, name="Hausregeln 2027", rules=switches,
                             games_per_round=16, tie_breaks="exact_points",
                             scoring_mode="totals")
    client = Client()
    client.force_login(user)
    context = browser.new_context(locale="de-DE")
    context.add_cookies([{"name": settings.SESSION_COOKIE_NAME,
                          "value": client.cookies[settings.SESSION_COOKIE_NAME].value,
                          "url": live_server.url}])
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.goto(live_server.url + reverse("event-create"))
    games, mode = page.get_by_label("Spiele je Durchgang"), page.get_by_label("Erfassung")
    rules = page.get_by_label("Hausregeln")
    rules.select_option(label="Hausregeln 2027")
    expect(games).to_have_value("16")
    expect(mode).to_have_value("totals")
    rules.select_option(index=0)
    expect(games).to_have_value("12")
    expect(mode).to_have_value("games")
    rules.select_option(label="Hausregeln 2027")
    mode.select_option("points")  # the organiser's choice
    rules.select_option(index=0)
    rules.select_option(label="Hausregeln 2027")
    expect(mode).to_have_value("points")
    expect(games).to_have_value("16")
    page.get_by_label("Name:", exact=True).fill("Preisbinokel 2027")
    page.get_by_label("Datum").fill("2027-11-20")
    page.get_by_role("button", name="Turnier anlegen").click()
    expect(page.get_by_role("heading", name="Preisbinokel 2027")).to_be_visible()
    event = Event.objects.get(name="Preisbinokel 2027")
    assert (event.club, event.rules, event.games_per_round, event.tie_breaks,
            event.scoring_mode) == (club, switches, 16, "exact_points", "points")
    context.close()
