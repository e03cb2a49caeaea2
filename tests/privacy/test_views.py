"""The privacy pages of a club (``privacy.views``): its admins find a person, download their
data as one JSON file (kept by no browser) and delete it after a confirmation; the inactive
players are listed with the way to delete them. Another club's admin, and the club's organisers,
get 403 and see nothing; another club's player answers 404."""

import json

import pytest
from django.urls import reverse

from clubs.models import ClubMember
from privacy.selectors import club_person
from tests.factories import make_club, make_entry, make_event, make_member, make_user
from tests.privacy.people import EVA, HANS, HANS_MAIL, days_ago, people
from tournament.models import Entry, Player

pytestmark = pytest.mark.django_db


@pytest.fixture
def found(client):
    found = people()
    client.force_login(found.admin)
    return found


def urls(found, player=None) -> dict[str, str]:
    pk = (player or found.hans).pk
    slug = found.club.slug
    return {
        "persons": reverse("privacy-persons", args=[slug]),
        "export": reverse("privacy-person-export", args=[slug, pk]),
        "delete": reverse("privacy-person-delete", args=[slug, pk]),
    }


def test_the_admins_find_a_person_by_name(client, found):
    page = client.get(urls(found)["persons"], {"name": "hans"})
    assert page.status_code == 200
    text = page.content.decode()
    assert HANS in text
    assert urls(found)["export"] in text and urls(found)["delete"] in text
    assert EVA not in text.split("Seit")[0]  # not among those found
    assert "Geben Sie mindestens 2 Buchstaben" in client.get(
        urls(found)["persons"], {"name": "h"}).content.decode()


def test_the_inactive_players_are_listed_with_their_deletion(client, found):
    found.club.inactive_years = 1
    found.club.save()
    text = client.get(urls(found)["persons"]).content.decode()
    section = text.split("Seit 1 Jahr nicht mehr dabei")[1]
    assert "Karl Berg" in section and HANS not in section
    karl = Player.objects.get(name="Karl Berg")
    assert urls(found, karl)["delete"] in section


def test_the_export_is_one_json_file_no_browser_keeps(client, found):
    response = client.get(urls(found)["export"])
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json; charset=utf-8"
    assert response["Content-Disposition"] == (
        f'attachment; filename="personendaten-bf-ulm-{found.hans.pk}.json"')
    assert "no-store" in response["Cache-Control"]
    data = json.loads(response.content)
    assert data["player"]["name"] == HANS
    assert HANS_MAIL in response.content.decode()
    assert EVA not in response.content.decode()
    assert client.post(urls(found)["export"]).status_code == 405


def test_deleting_asks_first_then_deletes_and_keeps_the_results(client, found):
    confirm = client.get(urls(found)["delete"])
    text = confirm.content.decode()
    assert confirm.status_code == 200
    assert "2 Teilnahmen (in 2 Turnieren)" in text
    assert "4 Online-Anmeldungen" in text  # one of them made with his address only
    unconfirmed = client.post(urls(found)["delete"])
    assert unconfirmed.status_code == 400
    assert Player.objects.get(pk=found.hans.pk).name == HANS
    done = client.post(urls(found)["delete"], {"confirm": "yes"}, follow=True)
    assert done.redirect_chain[-1][0] == urls(found)["persons"]
    assert "Die Daten der Person sind gelöscht" in done.content.decode()
    single = Entry.objects.get(pk=found.single.pk)
    assert (single.player.name, single.start_number) == ("gelöscht", 1)
    again = client.get(urls(found, single.player)["delete"]).content.decode()
    assert "Die Daten dieser Person sind bereits gelöscht." in again


def test_a_refused_deletion_says_why(client, found):
    coming = make_event(club=found.club, date=days_ago(-3), name="Winterbinokel",
                        slug="winter")
    Entry.objects.create(event=coming, start_number=9, player=found.hans)
    response = client.post(urls(found)["delete"], {"confirm": "yes"}, follow=True)
    assert response.redirect_chain[-1][0] == urls(found)["delete"]
    assert "„Winterbinokel“" in response.content.decode()
    assert Player.objects.get(pk=found.hans.pk).name == HANS


def test_another_clubs_player_answers_404(client, found):
    stranger = make_entry(make_event(club=make_club()), 1, "Fremder Spieler").player
    assert club_person(found.club, stranger.pk) is None
    assert client.get(urls(found, stranger)["export"]).status_code == 404
    for method in (client.get, client.post):
        assert method(urls(found, stranger)["delete"], {"confirm": "yes"}).status_code == 404
    assert Player.objects.get(pk=stranger.pk).name == "Fremder Spieler"


@pytest.mark.parametrize("account", ["other-club-admin", "club-organiser", "club-helper"])
def test_no_one_but_the_clubs_admins_gets_any_data(client, account):
    found = people()
    user = make_user(account)
    if account == "other-club-admin":
        make_club(admin=user)
        make_member(found.elsewhere.club, user, ClubMember.Role.ADMIN)  # Hans played there
    else:
        make_member(found.club, user, account.removeprefix("club-"))
    client.force_login(user)
    for name, url in urls(found).items():
        for response in (client.get(url, {"name": "hans"}), client.post(url, {"confirm": "yes"})):
            assert response.status_code == 403, (name, response.status_code)
            assert "clubs/refused.html" in [template.name for template in response.templates]
            text = response.content.decode()
            assert HANS not in text and HANS_MAIL not in text, name
    assert Player.objects.get(pk=found.hans.pk).name == HANS
