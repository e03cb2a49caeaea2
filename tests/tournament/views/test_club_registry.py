"""One registry of players per club (issue 38, item 5): an event finds and creates players in
its club's registry only, whoever registers (a superuser too); the club's organisers change and
merge its players; its registry page lists them with a search and changes one through a logged
service; another club's player is not found there (404)."""

import pytest
from django.urls import reverse

from core.models import ChangeRecord
from tests.factories import (
    make_club,
    make_entry,
    make_event,
    make_member,
    make_player,
    make_user,
)
from tournament.audit import TournamentAction
from tournament.members import Member
from tournament.models import Player
from tournament.services import PlayerError, merge_players, register_entry
from tournament.services.players import may_change_player, update_player

pytestmark = pytest.mark.django_db


@pytest.fixture
def two_clubs():
    """Ulm (organiser ute, helper hugo) with Hans Maier of its registry; Blaustein (organiser
    bea) with an event of its own."""
    ute, hugo, bea = make_user("ute"), make_user("hugo"), make_user("bea")
    ulm = make_club(name="SV Ulm", slug="sv-ulm", organiser=ute, helper=hugo)
    blaustein = make_club(name="TSV Blaustein", organiser=bea)
    hans = make_entry(make_event(club=ulm), 1, "Hans Maier").player
    return {"ulm": ulm, "blaustein": blaustein, "ute": ute, "hugo": hugo, "bea": bea,
            "hans": hans, "other": make_event(club=blaustein)}


def test_an_event_finds_only_its_clubs_players_and_creates_them_there(two_clubs):
    root = make_user("root", is_superuser=True)
    entry = register_entry(event=two_clubs["other"], user=root, members=[Member("Hans Maier")])
    assert entry.player_id != two_clubs["hans"].pk
    assert entry.player.registry_club == two_clubs["blaustein"]
    again = register_entry(event=make_event(club=two_clubs["ulm"]), user=root,
                           members=[Member("Hans Maier")])
    assert again.player_id == two_clubs["hans"].pk


def test_a_club_organiser_changes_and_merges_the_clubs_players(two_clubs):
    ulm, ute, hans = two_clubs["ulm"], two_clubs["ute"], two_clubs["hans"]
    twice = make_entry(make_event(club=ulm), 1, "Hans Mayer").player
    assert may_change_player(ute, hans, event=make_event(club=ulm))
    assert not may_change_player(two_clubs["bea"], hans, event=make_event(club=ulm))
    with pytest.raises(PlayerError):
        merge_players(keep=hans, remove=twice, user=two_clubs["hugo"])  # a helper
    merge_players(keep=hans, remove=twice, user=ute)
    assert not Player.objects.filter(pk=twice.pk).exists()


def test_the_registry_page_lists_searches_and_shows_no_other_clubs_player(client, two_clubs):
    make_player(two_clubs["ulm"], "Grete Huber", club="SV Ulm", is_member=True, unlisted=True)
    make_player(two_clubs["blaustein"], "Bruno Blau")
    client.force_login(two_clubs["ute"])
    url = reverse("club-players", args=["sv-ulm"])
    page = client.get(url)
    assert [(row.player.name, row.events) for row in page.context["rows"]] \
        == [("Grete Huber", 0), ("Hans Maier", 1)]
    html = page.content.decode()
    assert "Bruno Blau" not in html and "Mitglied" in html and "Gast" in html
    found = client.get(url, {"q": "hu"}).context["rows"]
    assert [row.player.name for row in found] == ["Grete Huber"]
    other = Player.objects.get(name="Bruno Blau")
    assert client.get(reverse("club-player-edit", args=["sv-ulm", other.pk])).status_code == 404


def test_the_edit_form_changes_the_player_and_logs_it(client, two_clubs):
    hans = two_clubs["hans"]
    client.force_login(two_clubs["ute"])
    url = reverse("club-player-edit", args=["sv-ulm", hans.pk])
    assert 'autofocus' in client.get(url).content.decode()
    response = client.post(url, {"name": "Hans Maier-Lang", "club": "SV Ulm",
                                 "category": "Senioren", "is_member": "on",
                                 "public_profile": "on"})
    assert response.status_code == 302
    hans.refresh_from_db()
    assert (hans.name, hans.club, hans.category, hans.is_member, hans.unlisted,
            hans.public_profile) == ("Hans Maier-Lang", "SV Ulm", "Senioren", True, False, True)
    record = ChangeRecord.objects.get(action=TournamentAction.PLAYER_EDITED)
    assert record.user == two_clubs["ute"] and record.subject == hans
    assert "Hans Maier-Lang" in record.description


def test_bad_input_changes_nothing(client, two_clubs):
    hans = two_clubs["hans"]
    client.force_login(two_clubs["ute"])
    url = reverse("club-player-edit", args=["sv-ulm", hans.pk])
    response = client.post(url, {"name": "   ", "club": "SV Ulm"})
    assert response.status_code == 200 and response.context["form"].errors
    assert Player.objects.get(pk=hans.pk).name == "Hans Maier"
    assert not ChangeRecord.objects.filter(action=TournamentAction.PLAYER_EDITED).exists()


def test_only_the_clubs_organisers_change_its_players(two_clubs):
    for user in (two_clubs["hugo"], two_clubs["bea"]):
        with pytest.raises(PlayerError, match="Turnierleitung des Vereins"):
            update_player(player=two_clubs["hans"], user=user, name="Hans Neu")
    assert Player.objects.get(pk=two_clubs["hans"].pk).name == "Hans Maier"


def test_the_duplicates_page_pairs_only_players_of_one_club(client, two_clubs):
    """ute organises Ulm and Blaustein: Blaustein's Hans Maier is no duplicate of Ulm's (a
    series links them), Ulm's Hans Mayer is."""
    make_member(two_clubs["blaustein"], two_clubs["ute"])
    make_entry(two_clubs["other"], 1, "Hans Maier")
    mayer = make_entry(make_event(club=two_clubs["ulm"]), 1, "Hans Mayer").player
    client.force_login(two_clubs["ute"])
    rows = client.get(reverse("player-duplicates")).context["rows"]
    assert [{row["first"]["player"].pk, row["second"]["player"].pk} for row in rows] \
        == [{two_clubs["hans"].pk, mayer.pk}]
