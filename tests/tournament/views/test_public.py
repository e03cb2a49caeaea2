"""Public pages (``tournament.views.public``): the home page, German by default and English on
request, and the seat lookup: a start number shows its seats in the rounds the organiser
released. Also the login page's German message for a wrong password."""

import re

import pytest
from django.urls import reverse

from tests.factories import make_entry, make_event, make_user
from tournament.models import Event, Seat, Table
from tournament.services import generate_plan, release_round

pytestmark = pytest.mark.django_db


def html_of(response) -> str:
    return response.content.decode()


# --- home page -------------------------------------------------------------------------------


def test_home_lists_events_in_german(client):
    make_event(name="Benefizbinokel Plochingen")
    response = client.get(reverse("home"))
    assert response.status_code == 200
    html = response.content.decode()
    assert "Benefizbinokel Plochingen" in html
    assert '<html lang="de">' in html
    assert "Turniere" in html


def test_home_in_english_when_asked(client):
    response = client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE="en")
    html = response.content.decode()
    assert '<html lang="en">' in html and "Tournaments" in html


def test_home_offers_new_tournament_only_to_organisers(client):
    assert "Neues Turnier" not in html_of(client.get(reverse("home")))
    client.force_login(make_user())
    html = html_of(client.get(reverse("home")))
    assert "Neues Turnier" in html and reverse("event-create") in html


# --- login page ------------------------------------------------------------------------------


def test_wrong_password_gets_german_message(client):
    make_user("orga", "geheim-123")
    response = client.post(reverse("login"), {"username": "orga", "password": "falsch"})
    assert response.status_code == 200
    assert "Benutzername" in response.content.decode()


# --- seat lookup -----------------------------------------------------------------------------


@pytest.fixture
def event() -> Event:
    event = make_event(name="Benefizbinokel Plochingen")
    for number in range(1, 7):
        make_entry(event, number, f"Einzel {number}")
    make_entry(event, 7, "Inge Klotz", partner="Karl Klotz")
    make_entry(event, 8, "Rosi Rapp", partner="Paul Rapp")
    generate_plan(event=event, seed=9)
    release_round(round=event.rounds.get(number=2), released=True)
    return event


def lookup(client, event: Event, value: str | None):
    url = reverse("seat-lookup", args=[event.slug])
    response = client.get(url, {} if value is None else {"nr": value})
    assert response.status_code == 200
    return response.content.decode()


def round_sections(html: str) -> dict[int, str]:
    sections = re.findall(r'<section class="lookup-round">(.*?)</section>', html, re.S)
    return {int(re.search(r"Durchgang (\d+)", s).group(1)): s for s in sections}


def test_lookup_is_public_and_shows_only_released_rounds(client, event):
    html = lookup(client, event, "4")  # no login
    assert "Startnummer 4: Einzel 4" in html
    sections = round_sections(html)
    assert sorted(sections) == [1, 2, 3]
    assert "noch nicht freigegeben" in sections[1] and "noch nicht freigegeben" in sections[3]
    seat = Seat.objects.select_related("table").get(
        entry__start_number=4, table__round__number=2, table__round__event=event
    )
    mates = list(seat.table.seats.select_related("player"))
    released = sections[2]
    assert "noch nicht freigegeben" not in released
    assert f"Tisch {seat.table.number}, Platz {seat.position}" in released
    assert f"Gibt das erste Spiel: <strong>{mates[0].player.name}</strong>" in released
    assert f"Schreibt den Spielzettel: <strong>{mates[2].player.name}</strong>" in released
    for mate in mates:
        assert mate.player.name in released
    assert '<li class="me">' in released
    # nothing of the unreleased rounds leaks
    other_tables = Table.objects.filter(round__event=event, round__number__in=[1, 3])
    for table in other_tables:
        assert f"Tisch {table.number}," not in sections[1] + sections[3]


def test_lookup_of_a_pair_shows_both_seats(client, event):
    html = lookup(client, event, "7")
    released = round_sections(html)[2]
    table = Table.objects.get(round__event=event, round__number=2, seats__entry__start_number=7,
                              seats__position__in=[1, 2])
    first = table.seats.get(entry__start_number=7, position__in=[1, 2]).position
    labels = "A1 + A2" if first == 1 else "B1 + B2"
    assert f"Tisch {table.number}, Platz {labels}" in released
    assert "Inge Klotz" in released and "Karl Klotz" in released


def test_releasing_a_round_shows_it(client, event):
    assert "noch nicht freigegeben" in round_sections(lookup(client, event, "1"))[3]
    release_round(round=event.rounds.get(number=3), released=True)
    assert "noch nicht freigegeben" not in round_sections(lookup(client, event, "1"))[3]


def test_unknown_start_number_gets_a_clear_message(client, event):
    html = lookup(client, event, "99")
    assert "Die Startnummer 99 gibt es in diesem Turnier nicht." in html
    assert not round_sections(html)


def test_start_numbers_of_another_event_are_unknown(client, event):
    other = make_event()
    make_entry(other, 50, "Fremder Spieler")
    html = lookup(client, event, "50")
    assert "gibt es in diesem Turnier nicht" in html and "Fremder Spieler" not in html


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("abc", "Niemand, dessen Name „abc“ enthält"),
        ("-3", "mindestens 3 Buchstaben"),
        ("ab", "mindestens 3 Buchstaben"),
        ("0", "Eine Startnummer ist eine ganze Zahl"),
        ("1.5", "Niemand, dessen Name „1.5“ enthält"),
        ("99999999999999999999999", "Diese Startnummer gibt es nicht"),
        ("", "Bitte geben Sie Ihre Startnummer oder Ihren Namen ein"),
        ("<script>", "Niemand, dessen Name „&lt;script&gt;“ enthält"),
    ],
)
def test_garbage_input_gets_a_german_message(client, event, value, message):
    html = lookup(client, event, value)
    assert message in html
    assert not round_sections(html)
    assert "<script>" not in html.split("<main>")[1]


def test_without_a_number_only_the_form_shows(client, event):
    html = lookup(client, event, None)
    assert "Wo sitze ich?" in html and 'name="nr"' in html
    assert "errorlist" not in html and not round_sections(html)


def test_withdrawn_entry_is_marked(client, event):
    event.entries.filter(start_number=2).update(is_withdrawn=True)
    assert "abgemeldet" in lookup(client, event, "2")


def test_before_any_plan_nothing_is_released(client):
    event = make_event(round_count=2)
    make_entry(event, 1, "Hans Maier")
    sections = round_sections(lookup(client, event, "1"))
    assert sorted(sections) == [1, 2]
    assert all("noch nicht freigegeben" in section for section in sections.values())


def test_unknown_event_is_404(client):
    assert client.get(reverse("seat-lookup", args=["gibt-es-nicht"])).status_code == 404


def test_home_links_to_the_lookup_of_each_event(client, event):
    html = client.get(reverse("home")).content.decode()
    assert reverse("seat-lookup", args=[event.slug]) in html and "Wo sitze ich?" in html


def test_a_visitor_tapping_an_event_lands_on_a_public_page(client):
    """Not on the login page: the standings while they are public, else the seat lookup."""
    public = make_event(name="Öffentlich", slug="oeffentlich", public_standings=True)
    private = make_event(name="Noch privat", slug="privat")
    html = client.get(reverse("home")).content.decode()
    links = dict(
        (name, href)
        for href, name in re.findall(r'<a href="([^"]+)"><strong>([^<]+)</strong></a>', html)
    )
    assert links == {
        "Öffentlich": reverse("public-standings", args=[public.slug]),
        "Noch privat": reverse("seat-lookup", args=[private.slug]),
    }
    assert reverse("login") not in "".join(links.values())
    for href in links.values():
        assert client.get(href).status_code == 200
    assert "Rangliste" in html and "In Vorbereitung" in html


def test_an_organiser_sees_the_public_standings_of_every_event_too(client):
    mine = make_event(name="Mein Turnier", slug="mein")
    other = make_event(name="Anderer Verein", slug="anderer", public_standings=True)
    user = make_user("fremd")
    from tests.factories import make_role

    make_role(mine, user)
    client.force_login(user)
    html = client.get(reverse("home")).content.decode()
    assert reverse("event-detail", args=[mine.slug]) in html
    assert reverse("event-detail", args=[other.slug]) not in html
    public_part = html.split("Öffentliche Ranglisten")[1]
    assert reverse("public-standings", args=[other.slug]) in public_part
    assert "Mein Turnier" not in public_part


def test_seat_lookup_links_to_the_public_standings(client):
    event = make_event(public_standings=True)
    html = client.get(reverse("seat-lookup", args=[event.slug])).content.decode()
    assert reverse("public-standings", args=[event.slug]) in html
    event.public_standings = False
    event.save()
    html = client.get(reverse("seat-lookup", args=[event.slug])).content.decode()
    assert reverse("public-standings", args=[event.slug]) not in html


def test_a_name_of_three_letters_finds_the_seats(client, event):
    """By name too (issue 28): one entry found shows its seats, as its start number would."""
    html = lookup(client, event, "klotz")
    assert "Inge Klotz" in html
    seats = round_sections(html)
    assert seats and seats == round_sections(lookup(client, event, "7"))


def test_a_name_several_entries_hold_lists_them_to_choose(client, event):
    html = lookup(client, event, "Einzel")
    for number in range(1, 7):
        assert f'href="?nr={number}"' in html
    assert not round_sections(html)


def test_a_player_who_is_not_listed_is_found_by_start_number_only(client, event):
    from tournament.models import Player

    Player.objects.filter(name="Rosi Rapp").update(unlisted=True)
    Player.objects.filter(name="Paul Rapp").update(unlisted=True)
    html = lookup(client, event, "Rapp")
    assert "Niemand, dessen Name „Rapp“ enthält" in html and "Rosi" not in html
    assert round_sections(lookup(client, event, "8"))


def test_before_the_first_release_a_name_finds_nobody_either(client):
    event = make_event()
    make_entry(event, 1, "Hans Maier")
    html = lookup(client, event, "Maier")
    assert "Noch ist kein Durchgang freigegeben" in html and "Hans" not in html.split("<main>")[1]


@pytest.mark.parametrize(
    ("typed", "start_number"),
    [("boh", 9), ("Boeh", 9), ("Böh", 9), ("BOEHM", 9), ("Kueb", 10), ("Kub", 10),
     ("Strasse", 11), ("Straße", 11), ("Strass", 11)],
)
def test_a_name_is_found_with_and_without_umlauts_and_ss(client, event, typed, start_number):
    make_entry(event, 9, "Gerda Böhm")
    make_entry(event, 10, "Otto Kübler")
    make_entry(event, 11, "Fritz Strasse")  # found alone: its page (no seat: came after the plan)
    html = lookup(client, event, typed)
    assert f"<h2>Startnummer {start_number}</h2>" in html and "Niemand" not in html
