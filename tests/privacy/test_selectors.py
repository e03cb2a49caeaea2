"""A person's data read from the club's events (``privacy.selectors``): the export holds every
row that names the person and nothing of another person's; the players found by name and those
not seen for the club's years."""

import datetime
import json

import pytest
from django.core.serializers.json import DjangoJSONEncoder

from privacy.selectors import club_person, find_people, inactive_people, person_data, trace
from tests.factories import make_club, make_entry, make_event
from tests.privacy.people import ANNA_MAIL, EVA, EVA_MAIL, HANS, HANS_MAIL, people

pytestmark = pytest.mark.django_db


def exported(club, player) -> str:
    return json.dumps(person_data(club, player), cls=DjangoJSONEncoder, ensure_ascii=False)


def test_the_export_holds_every_row_that_names_the_person():
    found = people()
    data = person_data(found.club, found.hans)
    assert data["player"] == {
        "id": found.hans.pk, "name": HANS, "club": "SV Ulm", "category": "Senior",
        "unlisted": False, "public_profile": True,
    }
    assert data["club"] == {"name": "Binokelfreunde Ulm", "short_name": "bf-ulm"}
    single, pair = data["entries"]
    assert (single["event"]["short_name"], single["start_number"], single["as"]) == (
        "fruehjahr", 1, "player")
    assert single["notes"] == "sitzt gern am Fenster"
    assert single["seats"] == [
        {"round": 1, "table": 1, "place_at_table": 1, "others_at_the_table": [2, 3]}
    ]
    assert single["result"]["place"] == 1 and single["result"]["points"] == 210
    assert single["rounds"][0]["points"] == 210
    assert single["rounds"][0]["games"][0]["declarer"] is True
    assert [(row["round"], row["table"], row["start_number"]) for row in
            single["sheets_confirmed"]] == [(1, 1, 1)]
    assert [(p["for"], str(p["amount"]), p["note"]) for p in single["payments"]] == [
        ("Startgeld", "8.00", "bar an der Tür")
    ]
    assert (pair["event"]["short_name"], pair["start_number"], pair["as"], pair["pair_with"]) == (
        "sommer", 3, "partner", "Anna Huber")
    assert pair["result"]["place"] == 1
    assert [seat["others_at_the_table"] for seat in pair["seats"]] == [[4]]
    assert [(row["event"]["short_name"], row["names_the_person_as"], row.get("email"),
             row.get("code")) for row in data["registrations"]] == [
        ("fruehjahr", "registrant", HANS_MAIL, "HANS11"),
        ("sommer", "partner", None, None),
        ("herbst", "registrant", HANS_MAIL, "HANS44"),
        ("herbst", "address", HANS_MAIL, "FRIT55"),
    ]
    logged = {(row["event"], row["action"]) for row in data["change_log"]}
    assert logged == {
        ("fruehjahr", "signup.registered"),
        ("fruehjahr", "tournament.edited"),
        ("sommer", "signup.registered"),
        ("herbst", "signup.registered"),
    }
    texts = [row["text"] for row in data["change_log"]]
    assert any("Hans Mayer" in text for text in texts)  # the name the entry had before
    assert len(data["change_log"]) == 4


def test_the_export_holds_nothing_of_another_person_nor_of_another_club():
    found = people()
    text = exported(found.club, found.hans)
    # (the pair's registration names Anna Huber, its registrant, beside Hans: not her address)
    for other in (EVA, EVA_MAIL, ANNA_MAIL, "EVAA22", "EVAA66", "Karl Berg", "Otto Klein",
                  "Frau", "Nachbarbinokel", "Nachbarverein", "Fritz Maier"):
        assert other not in text, other
    # and Eva's export has hers, none of Hans's
    eva = exported(found.club, found.eva)
    assert EVA_MAIL in eva and "EVAA66" in eva
    for other in (HANS, HANS_MAIL, "HANS11", "sitzt gern am Fenster", "Senior"):
        assert other not in eva, other


def test_another_clubs_player_is_no_person_of_the_club():
    found = people()
    stranger = make_entry(make_event(club=make_club()), 1, "Fremder Spieler").player
    assert club_person(found.club, stranger.pk) is None
    assert club_person(found.club, found.hans.pk) == found.hans
    # Hans's row plays in the other club too: that club sees only its own evening of his
    neighbours = found.elsewhere.club
    there = person_data(neighbours, found.hans)
    assert [entry["event"]["short_name"] for entry in there["entries"]] == ["nachbar"]
    assert there["registrations"] == []
    assert [row["event"] for row in there["change_log"]] == ["nachbar"]


def test_the_trace_counts_the_events_the_person_played_or_registered_in():
    found = people()
    assert trace(found.club, found.hans).event_ids == {
        found.spring.pk, found.summer.pk, found.autumn.pk}


def test_players_are_found_by_the_words_of_their_name():
    found = people()
    assert [person.player.name for person in find_people(found.club, "mai", limit=10)] == [
        "Fritz Maier", HANS]
    hans = find_people(found.club, "hans ma", limit=10)
    assert [(p.player, p.events, p.last_seen) for p in hans] == [
        (found.hans, 2, found.summer.date)]
    assert find_people(found.elsewhere.club, "anna", limit=10) == []


def test_the_inactive_are_those_not_seen_at_an_evening_of_the_club_for_its_years():
    found = people()
    found.club.inactive_years = 1
    found.club.save()
    # spring was 400 days ago: Karl Berg played only then; Hans and Eva played in summer
    assert [p.player.name for p in inactive_people(found.club)] == ["Karl Berg"]
    later = found.summer.date + datetime.timedelta(days=366)
    assert [p.player.name for p in inactive_people(found.club, today=later)] == [
        "Karl Berg", "Anna Huber", EVA, HANS, "Otto Klein"]
    # another club's evening does not count as seen here
    assert found.elsewhere.date > found.summer.date
