"""A club's page in Chromium under the Content-Security-Policy (``csp_violations`` in
conftest.py fails the test on any): its logo loads, its calendar link answers an iCalendar
file, its footer leads to the privacy notice; the public standings of its evening show the
logo beside the event's name and lead back to the club's page; the seating plan printout
shows it in each round's head and still prints a page per round. Its narrow layout is checked
with the other public pages (test_narrow_pages.py)."""

import datetime
import re

import pytest
from django.urls import reverse
from django.utils import timezone
from playwright.sync_api import expect

from clubs.services import set_logo
from signup.models import SignupSettings
from tests.e2e.conftest import logged_in_page
from tests.factories import logo_bytes, make_club, make_entry, make_event, make_user
from tournament.services import generate_plan


@pytest.fixture
def club(db):
    club = make_club(name="Binokelfreunde Söflingen", slug="bf-soeflingen", place="Ulm",
                     privacy_notice="Verantwortlich: der Vorstand.\nAuskunft beim Vorstand.")
    set_logo(club=club, data=logo_bytes(size=(120, 60)))
    coming = make_event(club=club, name="Herbstbinokel",
                        date=timezone.localdate() + datetime.timedelta(days=7))
    SignupSettings.objects.create(event=coming, is_open=True, start_time=datetime.time(19, 30))
    make_event(club=club, name="Frühjahrsbinokel", public_standings=True,
               date=timezone.localdate() - datetime.timedelta(days=60))
    return club


def loaded(image) -> bool:
    return image.evaluate("img => img.complete && img.naturalWidth > 0")


def test_the_club_page_in_the_browser(live_server, page, club):
    response = page.goto(live_server.url + reverse("club-page", args=[club.slug]))
    assert response.status == 200
    expect(page.locator("h1")).to_have_text("Binokelfreunde Söflingen")
    logo = page.locator(".club-head img.club-logo")
    expect(logo).to_be_visible()
    assert loaded(logo)
    expect(page.get_by_role("link", name="Online anmelden")).to_be_visible()
    calendar = page.get_by_role("link", name="Termine abonnieren (iCalendar)")
    answer = page.request.get(live_server.url + calendar.get_attribute("href"))
    assert answer.ok and answer.headers["content-type"].startswith("text/calendar")
    assert "SUMMARY:Herbstbinokel" in answer.text()
    page.locator("footer.site-footer").get_by_role("link").click()
    expect(page.locator("h1")).to_have_text("Datenschutzhinweis")
    expect(page.locator(".privacy-notice")).to_contain_text("Auskunft beim Vorstand.")


def test_the_logo_beside_the_events_name_leads_to_the_club(live_server, page, club):
    page.goto(live_server.url + reverse("club-page", args=[club.slug]))
    page.get_by_role("link", name="Frühjahrsbinokel").click()
    expect(page.locator("h1")).to_contain_text("Rangliste: Frühjahrsbinokel")
    logo = page.locator("h1 img.club-logo")
    expect(logo).to_be_visible()
    assert loaded(logo)
    assert logo.bounding_box()["height"] <= 48  # small, beside the name
    page.locator("h1 a.club-logo-link").click()
    expect(page).to_have_url(live_server.url + reverse("club-page", args=[club.slug]))


def test_the_plan_printout_shows_the_logo_and_prints_a_page_per_round(
    live_server, browser, club
):
    organiser = make_user("vorstand")
    event = make_event(club=club, organiser=organiser, name="Herbstbinokel Söflingen")
    for number in range(1, 31):
        make_entry(event, number, f"Maximiliane Hohenstaufen {number}")
    generate_plan(event=event, seed=2)
    page = logged_in_page(browser, live_server, organiser)
    page.goto(live_server.url + reverse("print-plan", args=[event.slug]))
    page.emulate_media(media="print")
    logos = page.locator(".print-head img.club-logo")
    expect(logos).to_have_count(event.round_count)
    assert all(loaded(logo) for logo in logos.all())
    head = page.locator(".print-head").first
    assert logos.first.bounding_box()["height"] <= head.bounding_box()["height"]
    pdf = page.pdf(format="A4", print_background=True, prefer_css_page_size=True)
    assert len(re.findall(rb"/Type\s*/Page[^s]", pdf)) == event.round_count
    page.context.close()
