"""Accessibility: axe-core (the engine of the browsers' accessibility checkers, bundled with
axe-playwright-python, nothing fetched) finds no violation on the main pages in Chromium: the
organiser's and desk's pages of an event like the demo's (``manage.py demo``: entries, seating
plan, sheets, standings, Kasse, prizes) with a desk helper and a public Cup, and the public
pages. Every violation is listed with the page, the rule and the elements it found."""

import io

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.conf import settings as django_settings
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from clubs.models import ClubMember
from clubs.services import set_logo
from money.models import Payment
from scoring.services.house_rules import save_as_club_rules
from series.services import add_event, create_series
from tests.factories import logo_bytes, make_member, make_role, make_user
from tournament.models import Event, EventRole


@pytest.fixture
def event(db):
    """The demo event (smaller), its organiser "orga" (also its club's admin, who keeps the club's
own house rules), a desk helper, a public Cup; the demo club with a logo and a privacy notice."""
    call_command("demo", singles=10, pairs=4, stdout=io.StringIO(), stderr=io.StringIO())
    event = Event.objects.get(slug="demo")
    event.public_standings = True
    event.save()
    event.club.privacy_notice = "Verantwortlich: der Vorstand.\nAuskunft beim Vorstand."
    event.club.save()
    set_logo(club=event.club, data=logo_bytes())
    organiser = make_user()
    make_role(event, organiser)
    make_member(event.club, organiser, ClubMember.Role.ADMIN)
    save_as_club_rules(event=event, name="Hausregeln 2027", user=organiser)
    make_role(event, make_user("helferin"), EventRole.Role.DESK)
    series = create_series(user=organiser, name="Filder-Cup", slug="filder-cup", season="2026")
    add_event(series=series, event=event, user=organiser)
    series.public = True
    series.save()
    player = event.entries.get(start_number=1).player
    player.public_profile = True
    player.save()
    return event


def organiser_pages(event) -> list[str]:
    slug = event.slug
    entry = event.entries.get(start_number=1)
    paid = Payment.objects.filter(entry__event=event).values_list("entry__start_number", flat=True)
    return [
        reverse("home"),
        reverse("event-create"),
        reverse("event-detail", args=[slug]),
        reverse("event-edit", args=[slug]),
        reverse("event-copy", args=[slug]),
        reverse("change-log", args=[slug]),
        reverse("event-roles", args=[slug]),
        reverse("entry-create", args=[slug]),
        reverse("entry-edit", args=[slug, entry.pk]),
        reverse("import", args=[slug]),
        reverse("player-duplicates"),
        reverse("player-detail", args=[entry.player.pk]),
        reverse("plan", args=[slug]),
        reverse("house-rules", args=[slug]),
        reverse("round-sheets", args=[slug, 1]),
        reverse("round-sheets", args=[slug, 2]),
        reverse("round-qr", args=[slug, 1]),
        reverse("sheet-edit", args=[slug, 2, 1]),
        reverse("sheet-changes", args=[slug, 1, 1]),
        reverse("standings", args=[slug]),
        reverse("standings-entry", args=[slug, 1]),
        reverse("print-cards", args=[slug]) + "?durchgang=1",
        reverse("print-sheets", args=[slug]) + "?durchgang=1",
        reverse("print-merkblatt", args=[slug]) + "?tische=1",
        reverse("cash-desk", args=[slug]),
        reverse("cash-entry", args=[slug, paid.first()]),
        reverse("money-settings", args=[slug]),
        reverse("cash-summary", args=[slug]),
        reverse("expenses", args=[slug]),
        reverse("prizes", args=[slug]),
        reverse("prize-table", args=[slug]),
        reverse("prize-table-print", args=[slug]),
        reverse("results-list", args=[slug]),
        reverse("press-report", args=[slug]),
        reverse("series-list"),
        reverse("series-create"),
        reverse("series-detail", args=["filder-cup"]),
        reverse("series-edit", args=["filder-cup"]),
        reverse("privacy-persons", args=[event.club.slug])
        + f"?name={entry.player.name.split()[0]}",
        reverse("privacy-person-delete", args=[event.club.slug, entry.player.pk]),
    ]


def public_pages(event) -> list[str]:
    slug = event.slug
    sheet = event.rounds.get(number=2).tables.get(number=1).sheet
    return [
        reverse("home"),
        reverse("login"),
        reverse("public-standings", args=[slug]),
        reverse("public-standings-entry", args=[slug, 1]),
        reverse("seat-lookup", args=[slug]) + "?nr=1",
        reverse("event-rules", args=[slug]),
        reverse("projector", args=[slug]) + "?seconds=300",
        reverse("public-series", args=["filder-cup"]),
        reverse("public-player", args=[event.entries.get(start_number=1).player.pk]),
        reverse("sheet-link", args=[sheet.token]),
        reverse("club-page", args=[event.club.slug]),
        reverse("club-privacy", args=[event.club.slug]),
        reverse("signup", args=[slug]),
        # a helper's one-time link (one no longer valid: the page says so)
        reverse("account-set-password", args=["MQ", "abc-def"]),
    ]


def log_in(context, live_server, username: str) -> None:
    """The browser context logged in as ``username`` without typing a password."""
    client = Client()
    client.force_login(get_user_model().objects.get(username=username))
    context.add_cookies([{
        "name": django_settings.SESSION_COOKIE_NAME,
        "value": client.cookies[django_settings.SESSION_COOKIE_NAME].value,
        "url": live_server.url,
    }])


def violations(page, url: str) -> list[str]:
    """What axe finds on the page at ``url``: one line per rule, with up to five elements."""
    response = page.goto(url)
    assert response.status == 200, url
    found = []
    for violation in Axe().run(page).response["violations"]:
        targets = [" ".join(map(str, node["target"])) for node in violation["nodes"]]
        found.append(f"{violation['id']} ({violation['impact']}): {', '.join(targets[:5])}")
    return found


def desk_pages(event) -> list[str]:
    slug = event.slug
    return [
        reverse("event-detail", args=[slug]),
        reverse("round-sheets", args=[slug, 2]),
        reverse("cash-desk", args=[slug]),
        reverse("prize-table", args=[slug]),
        reverse("standings", args=[slug]),
    ]


def test_no_accessibility_violation_on_the_main_pages(live_server, browser, event):
    found = {}
    for who, pages in (
        ("orga", organiser_pages), ("helferin", desk_pages), (None, public_pages)
    ):
        context = browser.new_context(locale="de-DE", viewport={"width": 1280, "height": 900})
        page = context.new_page()
        page.set_default_timeout(15_000)
        if who:
            log_in(context, live_server, who)
        for path in pages(event):
            result = violations(page, live_server.url + path)
            if result:
                found[f"{path} ({who or 'public'})"] = result
        context.close()
    report = "\n".join(f"{path}\n  " + "\n  ".join(lines) for path, lines in found.items())
    assert not found, f"axe found violations on {len(found)} pages:\n{report}"
