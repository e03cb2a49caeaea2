"""A club's public pages (``clubsite.views``), in German: the club's page with its coming and past
evenings and its public series, the calendar's answer, the logo (its type, kept by browsers,
404 without one) and the privacy notice (escaped, line breaks kept, 404 without one)."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from clubs.models import ClubMember
from clubs.services import set_logo
from core import limits
from tests.clubsite.evenings import club_with_evenings, days
from tests.factories import logo_bytes, make_club, make_event, make_member, make_role, make_user

pytestmark = pytest.mark.django_db

ROUTES = ["club-page", "club-calendar", "club-logo", "club-privacy"]


@pytest.fixture
def evenings():
    return club_with_evenings()


def page_of(client: Client, club) -> str:
    response = client.get(reverse("club-page", args=[club.slug]))
    assert response.status_code == 200
    return response.content.decode()


def section(html: str, title: str) -> str:
    """The part of the page from the heading ``title`` to the next heading of its level."""
    start = html.index(f"<h2>{title}</h2>")
    end = html.find("<h2>", start + 1)
    return html[start:end if end != -1 else len(html)]


def test_the_club_page_shows_the_club(client, evenings):
    html = page_of(client, evenings.club)
    assert "<h1>Binokelfreunde Söflingen</h1>" in html
    assert f'src="{reverse("club-logo", args=["bf-soeflingen"])}"' in html
    assert "<dt>Ort</dt><dd>Ulm</dd>" in html
    assert 'href="mailto:vorstand@example.org"' in html
    assert reverse("club-calendar", args=["bf-soeflingen"]) in html
    assert "Termine abonnieren (iCalendar)" in html


def test_coming_evenings_with_their_rules_and_registration(client, evenings):
    coming = section(page_of(client, evenings.club), "Kommende Abende")
    herbst, winter = evenings.registering, evenings.later
    assert coming.index("Herbstbinokel") < coming.index("Winterbinokel")  # nearest first
    assert "Gemeindehaus Söflingen" in coming and "Beginn 19:30" in coming
    assert "Erfassung: Jedes Spiel" in coming and "Erfassung: Summen je Durchgang" in coming
    assert f'href="{reverse("event-rules", args=[herbst.slug])}">ejl' in coming
    assert reverse("event-rules", args=[winter.slug]) in coming
    # the registration is linked only where its form takes registrations
    assert reverse("signup", args=[herbst.slug]) in coming
    assert reverse("signup", args=[winter.slug]) not in coming
    assert coming.count("Online anmelden") == 1
    assert "Frühjahrsbinokel" not in coming and "Sommerbinokel" not in coming


def test_past_evenings_link_only_public_standings(client, evenings):
    past = section(page_of(client, evenings.club), "Ergebnisse")
    assert past.index("Sommerbinokel") < past.index("Frühjahrsbinokel")  # latest first
    assert reverse("public-standings", args=[evenings.public_past.slug]) in past
    assert "Sommerbinokel" in past
    assert reverse("public-standings", args=[evenings.private_past.slug]) not in past
    assert "Herbstbinokel" not in past


def test_only_the_clubs_evenings_and_public_series_are_listed(client, evenings):
    html = page_of(client, evenings.club)
    assert "Fremdes Binokel" not in html
    assert evenings.other_clubs.slug not in html
    series = section(html, "Serien")
    assert f'href="{reverse("public-series", args=["donau-cup"])}">Donau-Cup 2026' in series
    assert "Geheimer Cup" not in html


def test_the_page_names_no_player_and_no_organiser(evenings):
    admin, organiser = make_user("vorstand-huber"), make_user("kassier-maier")
    make_member(evenings.club, admin, ClubMember.Role.ADMIN)
    make_role(evenings.registering, organiser)
    html = page_of(Client(), evenings.club)
    assert "Geheimname" not in html
    assert "vorstand-huber" not in html and "kassier-maier" not in html


def test_a_club_without_evenings_says_so(client):
    club = make_club(name="Neuer Verein")
    html = page_of(client, club)
    assert "Zurzeit ist kein Abend geplant." in html
    assert "Noch keine Ergebnisse." in html
    assert "<h2>Serien</h2>" not in html
    assert "club-logo" not in html and "<dl" not in html


def test_an_evening_of_today_is_coming_until_it_is_finished(client):
    club = make_club()
    event = make_event(club=club, name="Heute", date=days(0))
    assert "Heute" in section(page_of(client, club), "Kommende Abende")
    event.status = event.Status.FINISHED
    event.save()
    assert "Heute" in section(page_of(client, club), "Ergebnisse")
    assert "Heute" not in section(page_of(client, club), "Kommende Abende")


def test_the_page_lists_at_most_the_nearest_evenings(client, settings, monkeypatch):
    monkeypatch.setattr(limits, "CLUB_PAGE_EVENTS", 2)
    club = make_club()
    for number in range(1, 4):
        make_event(club=club, name=f"Abend in {number} Tagen", date=days(number))
        make_event(club=club, name=f"Abend vor {number} Tagen", date=days(-number))
    html = page_of(client, club)
    assert re.findall(r"Abend in \d Tagen", html) == ["Abend in 1 Tagen", "Abend in 2 Tagen"]
    assert re.findall(r"Abend vor \d Tagen", html) == ["Abend vor 1 Tagen", "Abend vor 2 Tagen"]


@pytest.mark.parametrize("name", ROUTES)
def test_an_unknown_club_is_404(client, name):
    make_club(slug="bekannt")
    assert client.get(reverse(name, args=["unbekannt"])).status_code == 404


def test_the_calendar_is_served_as_text_calendar(client, evenings):
    response = client.get(reverse("club-calendar", args=[evenings.club.slug]))
    assert response.status_code == 200
    assert response["Content-Type"] == "text/calendar; charset=utf-8"
    assert response["Content-Disposition"] == 'inline; filename="bf-soeflingen-termine.ics"'
    assert response.content.startswith(b"BEGIN:VCALENDAR\r\n")


@pytest.mark.parametrize(("kind", "content_type"), [("PNG", "image/png"), ("JPEG", "image/jpeg")])
def test_the_logo_is_served_with_its_type_and_kept_by_browsers(client, kind, content_type):
    club = make_club()
    data = logo_bytes(kind)
    set_logo(club=club, data=data)
    url = reverse("club-logo", args=[club.slug])
    response = client.get(url)
    assert response.status_code == 200
    assert response["Content-Type"] == content_type
    assert response.content == data
    assert set(response["Cache-Control"].split(", ")) == {
        "public", f"max-age={limits.LOGO_CACHE_SECONDS}"}
    etag = response["ETag"]
    assert re.fullmatch(r'"[0-9a-f]{32}"', etag)
    # asked again with its ETag: the same logo comes back without its bytes
    again = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304 and again.content == b""
    assert again["ETag"] == etag and "max-age" in again["Cache-Control"]
    # a new logo: the old ETag no longer matches, the new image comes
    set_logo(club=club, data=logo_bytes(kind, colour="red"))
    changed = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200 and changed["ETag"] != etag
    assert changed.content == logo_bytes(kind, colour="red")


def test_no_logo_is_404(client):
    club = make_club()
    assert client.get(reverse("club-logo", args=[club.slug])).status_code == 404
    set_logo(club=club, data=logo_bytes())
    set_logo(club=club, data=None)
    assert client.get(reverse("club-logo", args=[club.slug])).status_code == 404


def test_the_privacy_notice_keeps_its_lines_and_is_escaped(client):
    club = make_club(name="BF Söflingen", privacy_notice=(
        "Verantwortlich: der Vorstand.\nAuskunft <script>alert(1)</script> per E-Mail.\n\n"
        "Ihre Daten werden nach dem Abend gelöscht."
    ))
    response = client.get(reverse("club-privacy", args=[club.slug]))
    assert response.status_code == 200
    html = response.content.decode()
    assert "<h1>Datenschutzhinweis</h1>" in html
    assert ("<p>Verantwortlich: der Vorstand.<br>Auskunft &lt;script&gt;alert(1)&lt;/script&gt; "
            "per E-Mail.</p>\n\n<p>Ihre Daten werden nach dem Abend gelöscht.</p>") in html
    assert "<script>alert" not in html
    assert reverse("club-page", args=[club.slug]) in html


def test_a_club_without_a_privacy_notice_answers_404_saying_so(client):
    club = make_club(name="BF Söflingen")
    response = client.get(reverse("club-privacy", args=[club.slug]))
    assert response.status_code == 404
    assert "BF Söflingen hat hier keinen Datenschutzhinweis veröffentlicht." in (
        response.content.decode())
