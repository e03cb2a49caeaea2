"""The club's own house rules on an event's house-rules page (``scoring.views.house_rules``):
the club's admins and organisers keep the rules the event is scored by under a name (the same
name again replaces them, and the page says so), the page lists the club's saved rules, and the
club's admins delete them there."""

from __future__ import annotations

import pytest
from django.urls import reverse

from clubs.models import ClubRules
from scoring.house_rules import rules_of
from scoring.rules import AKS_HEROLDSTATT, BSV_ENNAHOFEN, RULES
from tests.factories import make_club, make_event, make_user
from tournament.models import Event

pytestmark = pytest.mark.django_db

AKS = RULES[AKS_HEROLDSTATT].as_dict()
SAVE = "Als Hausregeln des Vereins speichern"


def _url(event, name="house-rules", **kwargs) -> str:
    return reverse(name, kwargs={"slug": event.slug, **kwargs})


def html_of(response) -> str:
    assert response.status_code == 200
    return response.content.decode()


@pytest.fixture
def event(organiser):
    """An event of the organiser's club, scored by the AKS rules in round totals."""
    club = make_club(name="Binokelfreunde Heroldstatt", organiser=organiser)
    return make_event(club=club, rules=AKS, games_per_round=15, tie_breaks="exact_points",
                      scoring_mode=Event.ScoringMode.TOTALS)


def test_the_clubs_organiser_keeps_the_events_rules_under_a_name(client, event):
    page = html_of(client.get(_url(event)))
    assert "Hausregeln des Vereins" in page and SAVE in page
    # the form says before the save that a name saved before is replaced
    assert "Unter einem Namen gespeichert, den der Verein schon hat, ersetzen sie" in page
    assert "Der Verein hat noch keine eigenen Hausregeln gespeichert." in page
    response = client.post(_url(event, "club-rules-save"), {"name": "Hausregeln 2027"})
    assert response.status_code == 302 and response["Location"] == _url(event)
    saved = ClubRules.objects.get(club=event.club)
    assert (saved.name, saved.rules, saved.games_per_round, saved.tie_breaks,
            saved.scoring_mode) == ("Hausregeln 2027", rules_of(event).as_dict(), 15,
                                    "exact_points", "totals")
    page = html_of(client.get(_url(event)))
    assert ("Als Hausregeln des Vereins „Hausregeln 2027“ gespeichert: Ein neues Turnier des "
            "Vereins kann mit ihnen beginnen.") in page
    assert "<td>Hausregeln 2027</td><td>AKS Heroldstatt Preisbinokel</td>" in page
    assert "<td>Summen je Durchgang</td>" in page
    assert ">Löschen<" not in page  # an organiser of the club, not its admin
    assert "löscht die Vereinsverwaltung" in page


def test_the_same_name_again_replaces_them_and_the_page_says_so(client, event):
    client.post(_url(event, "club-rules-save"), {"name": "Hausregeln 2027"})
    Event.objects.filter(pk=event.pk).update(
        rules=RULES[BSV_ENNAHOFEN].as_dict(), games_per_round=10, scoring_mode="games")
    response = client.post(_url(event, "club-rules-save"), {"name": "Hausregeln 2027"},
                           follow=True)
    page = html_of(response)
    assert ("Die Hausregeln des Vereins „Hausregeln 2027“ wurden durch diese ersetzt. Neue "
            "Turniere beginnen mit ihnen") in page
    saved = ClubRules.objects.get(club=event.club)
    assert (saved.rules["name"], saved.games_per_round, saved.scoring_mode) == (
        BSV_ENNAHOFEN, 10, "games")


def test_a_name_is_needed(client, event):
    page = html_of(client.post(_url(event, "club-rules-save"), {"name": " "}))
    assert 'class="errorlist' in page and SAVE in page
    assert not ClubRules.objects.exists()


def test_an_organiser_of_the_event_alone_saves_nothing_for_the_club(client):
    guest = make_user("gast")
    event = make_event(organiser=guest, club=make_club())
    client.force_login(guest)
    page = html_of(client.get(_url(event)))
    assert SAVE not in page
    assert ("Hausregeln für den Verein speichern die Vereinsverwaltung und die Turnierleitung "
            "des Vereins.") in page
    refused = html_of(client.post(_url(event, "club-rules-save"), {"name": "Hausregeln 2027"},
                                  follow=True))
    assert "Nur die Vereinsverwaltung und die Turnierleitung des Vereins dürfen" in refused
    assert not ClubRules.objects.exists()


def test_the_clubs_admin_deletes_saved_rules_an_organiser_cannot(client, organiser, event):
    saved = ClubRules.objects.create(club=event.club, name="Alt", rules=AKS, games_per_round=15,
                                     scoring_mode="games")
    delete = _url(event, "club-rules-delete", pk=saved.pk)
    assert client.get(delete).status_code == 405
    refused = html_of(client.post(delete, follow=True))
    assert "Nur die Vereinsverwaltung darf Hausregeln des Vereins löschen." in refused
    assert ClubRules.objects.filter(pk=saved.pk).exists()
    admin = make_user("verwaltung")
    event.club.members.create(user=admin, role="admin")
    client.force_login(admin)
    page = html_of(client.get(_url(event)))
    assert f'action="{delete}"' in page and 'aria-label="„Alt“ löschen"' in page
    page = html_of(client.post(delete, follow=True))
    assert ("Hausregeln des Vereins „Alt“ gelöscht; Turniere, die mit ihnen angelegt wurden, "
            "behalten ihre Regeln.") in page
    assert not ClubRules.objects.exists()
    gone = html_of(client.post(delete, follow=True))
    assert "Diese Hausregeln gibt es nicht mehr; es wurde nichts geändert." in gone
