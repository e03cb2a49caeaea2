"""The page "Wie beim letzten Mal" (``tournament.views.events.event_copy``, route
``event-copy``): reached from the event page by the club's admins and organisers, its form of
name, short name and date filled from the earlier event (``EventCopyForm.initial_of``), sent
twice it creates one event; an organiser of the event alone, a helper or an outsider creates
none."""

from __future__ import annotations

import datetime
import re

import pytest
from django.urls import reverse
from django.utils import timezone

from money.models import Prize
from scoring.rules import AKS_HEROLDSTATT, RULES
from tests.factories import make_club, make_event, make_role, make_user
from tournament.forms import EventCopyForm
from tournament.models import Event, EventRole

pytestmark = pytest.mark.django_db

BUTTON = "Wie beim letzten Mal"


def html_of(response) -> str:
    assert response.status_code == 200
    return response.content.decode()


def _url(event) -> str:
    return reverse("event-copy", args=[event.slug])


def _token(page: str) -> str:
    return re.search(r'name="form_token" value="([^"]+)"', page).group(1)


@pytest.fixture
def source(organisers_club):
    """Last month's evening of the organiser's club, with its house rules and a prize."""
    day = timezone.localdate() - datetime.timedelta(days=30)
    event = make_event(club=organisers_club, name=f"Preisbinokel {day.year}",
                       slug=f"preisbinokel-{day.year}", date=day,
                       rules=RULES[AKS_HEROLDSTATT].as_dict(), games_per_round=15,
                       scoring_mode=Event.ScoringMode.TOTALS)
    Prize.objects.create(event=event, place=1, goods="Schinken")
    return event


def test_the_event_page_offers_it_to_the_clubs_organisers_only(client, organiser, source):
    assert BUTTON in html_of(client.get(source.get_absolute_url()))
    assert f'href="{_url(source)}"' in html_of(client.get(source.get_absolute_url()))
    for name, role in (("gast", EventRole.Role.ORGANISER), ("helfer", EventRole.Role.DESK)):
        user = make_user(name)
        make_role(source, user, role)
        client.force_login(user)
        assert BUTTON not in html_of(client.get(source.get_absolute_url())), name


def test_the_form_is_filled_from_the_earlier_event(client, organiser, source):
    page = html_of(client.get(_url(source)))
    later = source.date.replace(year=source.date.year + 1)
    assert "<h1>Wie beim letzten Mal</h1>" in page
    assert f"wie „{source.name}“ vom" in page and "Es beginnt leer" in page
    assert f'name="name" value="Preisbinokel {later.year}"' in page
    assert f'name="slug" value="preisbinokel-{later.year}"' in page
    assert f'name="date" value="{later:%Y-%m-%d}"' in page
    assert 'autofocus' in page and "Turnier anlegen" in page


@pytest.mark.parametrize(("name", "slug", "day", "today", "expected"), [
    # the year of its date, where the name and short name hold it, becomes the new date's
    ("Preisbinokel 2026", "sommer-2026", "2026-11-21", "2026-12-01",
     ("Preisbinokel 2027", "sommer-2027", "2027-11-21")),
    # a year later has passed: today; a season moves on as a whole
    ("Cup 2024/25, Abend 3", "cup-2024-2025-3", "2024-11-21", "2026-12-01",
     ("Cup 2026/27, Abend 3", "cup-2026-2027-3", "2026-12-01")),
    ("Preisbinokel 2024", "preisbinokel-2024-2", "2024-01-05", "2024-06-01",
     ("Preisbinokel 2025", "preisbinokel-2025-2", "2025-01-05")),
    # no year: the name stays, the short name is made from it
    ("Preisbinokel", "preisbinokel", "2026-02-28", "2026-03-01",
     ("Preisbinokel", "", "2027-02-28")),
    # the 29th of February, a year on; 12026 is no year
    ("Schaltjahr 12024", "schalt-2024", "2024-02-29", "2024-03-01",
     ("Schaltjahr 12024", "schalt-2025", "2025-02-28")),
])
def test_initial_values(name, slug, day, today, expected):
    source = make_event(name=name, slug=slug, date=datetime.date.fromisoformat(day))
    initial = EventCopyForm.initial_of(source, today=datetime.date.fromisoformat(today))
    assert (initial["name"], initial["slug"], initial["date"].isoformat()) == expected


def test_a_short_name_taken_is_not_offered(source):
    later = source.date.year + 1
    make_event(slug=f"preisbinokel-{later}")
    initial = EventCopyForm.initial_of(source, today=timezone.localdate())
    assert initial["slug"] == ""


def test_the_form_creates_the_event_and_shows_it(client, organiser, source):
    page = html_of(client.get(_url(source)))
    response = client.post(_url(source), {
        "name": "Preisbinokel Neu", "slug": "", "date": "2027-11-20",
        "form_token": _token(page),
    }, follow=True)
    created = Event.objects.get(name="Preisbinokel Neu")
    assert response.redirect_chain[-1][0] == created.get_absolute_url()
    html = html_of(response)
    assert (f"Turnier „Preisbinokel Neu“ wie „{source.name}“ angelegt. Bitte prüfen Sie seine "
            "Einstellungen; die Online-Anmeldung ist geschlossen, bis Sie sie öffnen.") in html
    assert (created.slug, created.club, created.rules, created.games_per_round,
            created.scoring_mode) == ("preisbinokel-neu", source.club, source.rules, 15, "totals")
    assert list(Prize.objects.filter(event=created).values_list("goods", flat=True)) == [
        "Schinken"]


def test_the_form_sent_twice_creates_one_event(client, organiser, source):
    page = html_of(client.get(_url(source)))
    data = {"name": "Zweimal", "slug": "zweimal", "date": "2027-11-20",
            "form_token": _token(page)}
    first = client.post(_url(source), data)
    created = Event.objects.get(name="Zweimal")
    assert first.status_code == 302 and first["Location"] == created.get_absolute_url()
    again = client.post(_url(source), data, follow=True)
    assert again.redirect_chain[-1][0] == created.get_absolute_url()
    assert ("Das Turnier „Zweimal“ wurde bereits angelegt; das Formular wurde zweimal "
            "abgeschickt, es wurde nichts erneut angelegt.") in html_of(again)
    assert Event.objects.filter(name="Zweimal").count() == 1
    assert Event.objects.count() == 2


def test_a_typed_short_name_taken_is_refused_in_german(client, organiser, source):
    make_event(slug="vergeben")
    page = html_of(client.post(_url(source), {"name": "Neu", "slug": "vergeben",
                                              "date": "2027-11-20"}))
    assert "Der Kurzname „vergeben“ wird schon von einem anderen Turnier verwendet." in page
    assert not Event.objects.filter(name="Neu").exists()


def test_an_organiser_of_the_event_alone_is_told_and_creates_nothing(client, source):
    guest = make_user("gast")
    make_role(source, guest)
    client.force_login(guest)
    page = html_of(client.get(_url(source)))
    assert (f"Ein Turnier wie dieses legen nur die Vereinsverwaltung und die Turnierleitung "
            f"von {source.club.name} an.") in page
    assert 'name="date"' not in page
    html_of(client.post(_url(source), {"name": "Neu", "slug": "neu", "date": "2027-11-20"}))
    assert Event.objects.count() == 1


@pytest.mark.parametrize("who", ["helper", "outsider", "other-club"])
def test_a_helper_or_an_outsider_is_refused(client, source, who):
    user = make_user("fremd")
    if who == "helper":
        make_role(source, user, EventRole.Role.DESK)
    elif who == "other-club":
        make_club(admin=user)
    client.force_login(user)
    for response in (client.get(_url(source)),
                     client.post(_url(source), {"name": "Neu", "date": "2027-11-20"})):
        assert response.status_code == 403
        assert "tournament/refused.html" in {template.name for template in response.templates}
    assert Event.objects.count() == 1
