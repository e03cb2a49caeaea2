"""A club on the association's server, in Chromium (issue 38): a superuser creates the club and
its admin, the admin sets a password through the one-time link and logs in, adds a helper,
holds the first evening, saves its house rules as the club's, creates the second evening "like
last time", and the club's public page lists it."""

import datetime

import pytest
from playwright.sync_api import Page, expect

from clubs.models import Club, ClubRules
from scoring.rules import AKS_HEROLDSTATT
from tests.e2e.conftest import logged_in_page
from tests.factories import make_user
from tournament.models import Event

pytestmark = pytest.mark.django_db(transaction=True)

NEXT_YEAR = datetime.date.today().year + 1


def one_time_link(page: Page) -> str:
    link = page.locator("input.one-time-link")
    expect(link).to_be_visible()
    return link.input_value()


def log_in(page: Page, base: str, username: str, password: str) -> None:
    page.goto(base + "/anmelden/")
    page.get_by_label("Benutzername").fill(username)
    page.get_by_label("Passwort").fill(password)
    page.get_by_role("button", name="Anmelden").click()
    expect(page.get_by_role("button", name="Abmelden")).to_be_visible()


def set_password(page: Page, link: str, password: str) -> None:
    page.goto(link)
    expect(page.locator("h1")).to_have_text("Passwort festlegen")
    page.get_by_label("Neues Passwort:", exact=True).fill(password)
    page.get_by_label("Neues Passwort bestätigen").fill(password)
    page.get_by_role("button", name="Passwort festlegen").click()
    expect(page.locator("h1")).not_to_have_text("Passwort festlegen")


def test_a_superuser_sets_up_a_club_whose_admin_holds_two_evenings(
    browser, live_server, screenshot
):
    base = live_server.url
    boss = logged_in_page(browser, live_server, make_user("boss", is_superuser=True))
    boss.goto(base + "/vereine/")
    boss.get_by_role("link", name="Neuer Verein").click()
    boss.get_by_label("Name:", exact=True).fill("Binokelfreunde Ulm")
    boss.get_by_label("Kurzname").fill("bf-ulm")
    boss.get_by_label("Ort").fill("Ulm")
    boss.get_by_label("Benutzername der Vereinsverwaltung").fill("vorstand")
    boss.get_by_label("Neues Konto mit diesem Benutzernamen anlegen").check()
    boss.get_by_role("button", name="Verein anlegen").click()
    expect(boss.locator(".messages")).to_contain_text("Verein „Binokelfreunde Ulm“ angelegt.")
    admin_link = one_time_link(boss)
    boss.context.close()

    # the admin sets a password with the link, logs in and adds a helper
    admin = browser.new_context(locale="de-DE", viewport={"width": 1280, "height": 900}).new_page()
    set_password(admin, admin_link, "Kartenrunde-77!")
    log_in(admin, base, "vorstand", "Kartenrunde-77!")
    admin.get_by_role("link", name="Vereine").click()
    expect(admin.get_by_role("link", name="Binokelfreunde Ulm")).to_have_attribute(
        "href", "/verein/bf-ulm/")
    admin.get_by_role("link", name="Mitglieder").click()
    admin.get_by_label("Benutzername:", exact=True).fill("helferin")
    admin.get_by_label("Neues Konto mit diesem Benutzernamen anlegen").check()
    admin.get_by_label("Helfer").check()
    admin.get_by_role("button", name="Rolle speichern").click()
    assert "/konto/passwort/" in one_time_link(admin)
    club = Club.objects.get(slug="bf-ulm")
    assert set(club.members.values_list("user__username", "role")) == {
        ("vorstand", "admin"), ("helferin", "helper")}

    # the first evening, in the club's name, under the AKS rules
    admin.goto(base + "/neues-turnier/")
    admin.get_by_label("Name:", exact=True).fill(f"Preisbinokel Ulm {NEXT_YEAR - 1}")
    admin.get_by_label("Datum").fill(f"{NEXT_YEAR - 1}-12-05")
    admin.get_by_label("Hausregeln").select_option(label="AKS Heroldstatt Preisbinokel")
    admin.get_by_role("button", name="Turnier anlegen").click()
    expect(admin.locator("h1")).to_have_text(f"Preisbinokel Ulm {NEXT_YEAR - 1}")
    first = Event.objects.get()
    assert first.club == club

    # its house rules become the club's
    admin.goto(f"{base}/turnier/{first.slug}/hausregeln/")
    admin.locator("#verein").get_by_label("Name").fill(f"Hausregeln {NEXT_YEAR}")
    admin.get_by_role("button", name="Als Hausregeln des Vereins speichern").click()
    expect(admin.locator("#verein")).to_contain_text(f"Hausregeln {NEXT_YEAR}")
    saved = ClubRules.objects.get(club=club)
    assert saved.rules == first.rules and saved.games_per_round == first.games_per_round

    # the second evening like the first
    admin.goto(base + first.get_absolute_url())
    admin.get_by_role("link", name="Wie beim letzten Mal").click()
    expect(admin.get_by_label("Name:", exact=True)).to_have_value(f"Preisbinokel Ulm {NEXT_YEAR}")
    admin.get_by_role("button", name="Turnier anlegen").click()
    expect(admin.locator("h1")).to_have_text(f"Preisbinokel Ulm {NEXT_YEAR}")
    second = Event.objects.exclude(pk=first.pk).get()
    assert (second.club, second.rules, second.games_per_round, second.scoring_mode) == (
        club, first.rules, first.games_per_round, first.scoring_mode)
    assert second.rules["name"] == AKS_HEROLDSTATT and second.date.year == NEXT_YEAR
    screenshot(admin, "club-second-evening")
    admin.context.close()

    # anyone opens the club's page from the list of clubs: both evenings are to come
    visitor = browser.new_context(locale="de-DE", viewport={"width": 390, "height": 800}).new_page()
    visitor.goto(base + "/verein/bf-ulm/")
    expect(visitor.locator("h1")).to_contain_text("Binokelfreunde Ulm")
    coming = visitor.locator("main")
    expect(coming).to_contain_text(f"Preisbinokel Ulm {NEXT_YEAR}")
    expect(coming).to_contain_text(f"Preisbinokel Ulm {NEXT_YEAR - 1}")
    expect(visitor.get_by_role("link", name="Online anmelden")).to_have_count(0)  # closed
    screenshot(visitor, "club-public-page")
    visitor.context.close()
