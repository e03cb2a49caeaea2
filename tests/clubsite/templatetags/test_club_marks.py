"""A club's marks on the pages of its events (``clubsite.templatetags.club_marks``): the link to
the club's privacy notice on the online registration form and in the footer of the event's
public pages (not for a club without a notice), and the club's logo beside the event's name on
its public pages and printouts (not for a club without a logo), read once per page."""

import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from clubs.services import set_logo
from signup.models import SignupSettings
from tests.factories import logo_bytes, make_club, make_entry, make_event
from tournament.services import generate_plan

pytestmark = pytest.mark.django_db

NOTICE_LINK = re.compile(
    r'<a class="club-privacy-link" href="/verein/(?P<club>[\w-]+)/datenschutz/">'
    r"Datenschutzhinweis: (?P<name>[^<]+)</a>"
)


def club(*, notice: bool = True, logo: bool = True):
    found = make_club(
        name="Binokelfreunde Söflingen",
        privacy_notice="Wir speichern Ihren Namen für die Rangliste." if notice else "",
    )
    if logo:
        set_logo(club=found, data=logo_bytes())
    return found


def html(client: Client, name: str, *args) -> str:
    response = client.get(reverse(name, args=args))
    assert response.status_code == 200, name
    return response.content.decode()


def notice_links(page: str) -> list[tuple[str, str]]:
    return [(match["club"], match["name"]) for match in NOTICE_LINK.finditer(page)]


def logo(club_slug: str, *, linked: bool) -> str:
    image = (f'<img class="club-logo" src="/verein/{club_slug}/logo/" '
             'alt="Binokelfreunde Söflingen">')
    if linked:
        return f'<a class="club-logo-link" href="/verein/{club_slug}/">{image}</a>'
    return image


@pytest.fixture
def public():
    return Client()


def test_the_registration_form_links_the_clubs_privacy_notice(public):
    event = make_event(club=club())
    SignupSettings.objects.create(event=event, is_open=True)
    page = html(public, "signup", event.slug)
    start = page.index('<form method="post" class="stacked')
    form = page[start:page.index("</form>", start)]
    # beside the consent to the house rules, and in the footer
    assert notice_links(form) == [(event.club.slug, "Binokelfreunde Söflingen")]
    assert len(notice_links(page)) == 2
    assert '<footer class="site-footer no-print">' in page


def test_a_club_without_a_notice_shows_no_link(public):
    event = make_event(club=club(notice=False), public_standings=True)
    SignupSettings.objects.create(event=event, is_open=True)
    for name in ("signup", "public-standings", "event-rules", "seat-lookup"):
        page = html(public, name, event.slug)
        assert "datenschutz" not in page and "site-footer" not in page, name


@pytest.mark.parametrize("name", ["public-standings", "event-rules", "seat-lookup"])
def test_the_public_pages_of_an_event_link_the_notice_in_their_footer(public, name):
    event = make_event(club=club(), public_standings=True)
    page = html(public, name, event.slug)
    footer = page[page.index('<footer class="site-footer'):]
    assert notice_links(footer) == [(event.club.slug, "Binokelfreunde Söflingen")]
    assert page.index("</main>") < page.index("<footer")


def test_another_clubs_notice_is_not_linked(public):
    event = make_event(club=club(notice=False), public_standings=True)
    club()  # another club, with a notice
    assert notice_links(html(public, "public-standings", event.slug)) == []


def test_a_page_of_no_event_has_no_footer(public):
    club()
    assert "site-footer" not in html(public, "home")


@pytest.mark.parametrize("name", ["public-standings", "event-rules", "seat-lookup", "signup"])
def test_the_logo_beside_the_events_name_on_its_public_pages(public, name):
    event = make_event(club=club(), public_standings=True)
    page = html(public, name, event.slug)
    assert page.count(logo(event.club.slug, linked=True)) == 1
    without = make_event(club=club(logo=False), public_standings=True)
    assert "club-logo" not in html(public, name, without.slug)


def test_the_logo_on_the_plan_printout_and_the_results_list(client, organiser):
    event = make_event(club=club(), organiser=organiser)
    for number in range(1, 7):
        make_entry(event, number)
    generate_plan(event=event, seed=1)
    plan = html(client, "print-plan", event.slug)
    heads = re.findall(r'<header class="print-head">\s*<h1>(.*?)</h1>', plan, re.S)
    assert len(heads) == event.round_count
    assert all(head.startswith(logo(event.club.slug, linked=False)) for head in heads)
    results = html(client, "results-list", event.slug)
    assert f"<h1>{logo(event.club.slug, linked=False)} {event.name}</h1>" in results


def test_the_logo_and_the_footer_read_the_club_once(public):
    event = make_event(club=club(), public_standings=True)
    with CaptureQueriesContext(connection) as queries:
        page = html(public, "event-rules", event.slug)
    assert "club-logo" in page and "club-privacy-link" in page
    reads = [query["sql"] for query in queries if 'FROM "clubs_club"' in query["sql"]]
    assert len(reads) == 1
    assert '"clubs_club"."logo"' not in reads[0]  # the logo itself is not read


def test_a_score_sheets_link_page_links_the_notice(public):
    event = make_event(club=club())
    for number in range(1, 7):
        make_entry(event, number)
    generate_plan(event=event, seed=1)
    sheet = event.rounds.get(number=1).tables.get(number=1).sheet
    page = html(public, "sheet-link", sheet.token)
    assert notice_links(page[page.index('<footer class="site-footer'):]) == [
        (event.club.slug, "Binokelfreunde Söflingen")]
