"""The site's main pages in Chromium under the Content-Security-Policy: each carries the header,
and none of them loads or runs anything the policy blocks (``csp_violations`` in conftest.py
fails the test on any). Also the pages a person meets only when something goes wrong: the
lockout after too many wrong passwords, and a page that does not exist."""

import pytest
from django.conf import settings as django_settings
from django.test import Client
from django.urls import reverse
from django.utils.translation import gettext
from playwright.sync_api import expect

from tests.factories import make_entry, make_event, make_user
from tournament.services import generate_plan, release_round


@pytest.fixture
def event(db):
    event = make_event(public_standings=True)
    for number in range(1, 8):
        make_entry(event, number)
    make_entry(event, 8, "Inge Klotz", partner="Karl Klotz")
    make_entry(event, 9, "Rosi Nägele", partner="Paul Nägele")
    generate_plan(event=event, seed=4)
    release_round(round=event.rounds.get(number=1), released=True)
    return event


def log_in_cookie(context, live_server) -> None:
    """The context logged in as a superuser (the admin too) without typing a password."""
    client = Client()
    client.force_login(make_user("chef", is_staff=True, is_superuser=True))
    context.add_cookies([{
        "name": django_settings.SESSION_COOKIE_NAME,
        "value": client.cookies[django_settings.SESSION_COOKIE_NAME].value,
        "url": live_server.url,
    }])


def test_main_pages_keep_to_the_content_security_policy(live_server, page, phone, event):
    log_in_cookie(page.context, live_server)
    slug = event.slug
    sheet = event.rounds.get(number=1).tables.get(number=1).sheet
    pages = [
        reverse("home"),
        reverse("event-detail", args=[slug]),
        reverse("plan", args=[slug]),
        reverse("print-cards", args=[slug]) + "?durchgang=1",
        reverse("print-sheets", args=[slug]) + "?durchgang=1",
        reverse("round-sheets", args=[slug, 1]),
        reverse("round-qr", args=[slug, 1]),
        reverse("sheet-edit", args=[slug, 1, 1]),
        reverse("standings", args=[slug]),
        reverse("public-standings", args=[slug]),
        reverse("projector", args=[slug]),
        reverse("seat-lookup", args=[slug]),
        reverse("admin:index"),
        reverse("admin:scoring_scoresheet_changelist"),
    ]
    for path in pages:
        response = page.goto(live_server.url + path)
        assert response.status == 200, path
        assert "default-src 'self'" in response.headers["content-security-policy"], path
        page.wait_for_load_state("networkidle")
    # a scorekeeper's phone: the sheet with its scripts, its service worker (localhost is a
    # secure origin), a typed game and its points preview
    response = phone.goto(f"{live_server.url}/zettel/{sheet.token}/")
    assert "no-store" in response.headers["cache-control"]
    phone.wait_for_load_state("networkidle")
    phone.locator("[name=g1-bid]").fill("300")
    phone.wait_for_load_state("networkidle")


def test_too_many_wrong_passwords_show_the_lockout_page(live_server, page, db):
    make_user("orga", "geheim-123")
    page.goto(live_server.url + reverse("login"))
    for _ in range(10):
        page.get_by_label(gettext("Username")).fill("orga")
        page.get_by_label(gettext("Password")).fill("falsch")
        page.get_by_role("button", name=gettext("Log in")).click()
        if page.locator("p.notice.error").count():
            break
        page.goto(live_server.url + reverse("login"))
    expect(page.locator("p.notice.error")).to_contain_text("15")
    expect(page.locator("h1")).to_have_text(gettext("Organiser login"))
    # the right password now: still the lockout page
    page.goto(live_server.url + reverse("login"))
    page.get_by_label(gettext("Username")).fill("orga")
    page.get_by_label(gettext("Password")).fill("geheim-123")
    page.get_by_role("button", name=gettext("Log in")).click()
    expect(page.locator("p.notice.error")).to_be_visible()


def test_a_page_that_does_not_exist(live_server, page):
    response = page.goto(live_server.url + "/gibt-es-nicht/")
    assert response.status == 404
    expect(page.locator("h1")).to_have_text(gettext("Page not found"))
