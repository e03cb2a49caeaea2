"""A person's data deleted on request (``privacy.services.delete_person``): the name goes
everywhere in the club's events, every result stays, the deletion is logged without the data,
another club's evening keeps its player, and an evening still to come refuses."""

import json

import pytest
from django.core.serializers.json import DjangoJSONEncoder

from core.audit import event_log
from core.models import ChangeRecord
from privacy.audit import PrivacyAction
from privacy.selectors import inactive_people, person_data
from privacy.services import PersonError, delete_person
from signup.models import Registration
from tests.factories import make_entry, make_event
from tests.privacy.people import (
    ANNA_MAIL,
    EVA,
    EVA_MAIL,
    HANS,
    HANS_MAIL,
    days_ago,
    people,
    standings_rows,
)
from tournament.models import Entry, Event, Player, Seat

pytestmark = pytest.mark.django_db

DELETED = "gelöscht"


def test_every_result_stays_only_the_name_changes():
    found = people()
    events = (found.spring, found.summer)
    before = {event.pk: standings_rows(event) for event in events}
    versions = dict(Event.objects.values_list("pk", "results_version"))
    entries = sorted(Entry.objects.values_list("pk", "event_id", "start_number", "is_withdrawn"))

    delete_person(club=found.club, player=found.hans, user=found.admin)

    for event in events:
        expected = [
            (*row[:3], row[3].replace(HANS, DELETED), *row[4:]) for row in before[event.pk]
        ]
        assert standings_rows(event) == expected
        assert Event.objects.get(pk=event.pk).results_version > versions[event.pk]
    assert standings_rows(found.spring)[0][:5] == ("singles", 1, 1, DELETED, 210)
    assert [row[:4] for row in standings_rows(found.summer)] == [
        ("pairs", 1, 3, f"Anna Huber / {DELETED}"), ("pairs", 2, 4, f"{EVA} / Otto Klein")]
    assert sorted(Entry.objects.values_list("pk", "event_id", "start_number", "is_withdrawn")) == (
        entries
    )


def test_the_player_and_the_registrations_lose_the_persons_data():
    found = people()
    delete_person(club=found.club, player=found.hans, user=found.admin)
    single = Entry.objects.select_related("player").get(pk=found.single.pk)
    hans = single.player
    assert (hans.name, hans.club, hans.category, hans.unlisted, hans.public_profile) == (
        DELETED, "", "", True, False)
    assert single.notes == ""
    assert Entry.objects.get(pk=found.pair.pk).partner_id == hans.pk
    registrations = {r.code or r.pk: r for r in Registration.objects.all()}
    # his own registrations: name, address, code and link gone
    own = Registration.objects.filter(name=DELETED)
    assert own.count() == 2
    assert set(own.values_list("email", "code", "token", "club", "category")) == {
        ("", "", None, "", "")}
    # the pair Anna registered: his name as partner goes, her address and code stay
    pair = Registration.objects.get(entry=found.pair)
    assert (pair.name, pair.partner_name, pair.email, pair.code) == (
        "Anna Huber", DELETED, ANNA_MAIL, "ANNA33")
    # Fritz, registered with his address: the address, code and link go, Fritz stays
    fritz = Registration.objects.get(name="Fritz Maier")
    assert (fritz.email, fritz.code, fritz.token, fritz.status) == ("", "", None, "registered")
    # Eva keeps hers
    assert set(Registration.objects.filter(name=EVA).values_list("email", flat=True)) == {
        EVA_MAIL}
    assert "EVAA22" in registrations and "EVAA66" in registrations
    assert not Registration.objects.filter(email__iexact=HANS_MAIL).exists()


def test_the_change_log_no_longer_names_the_person_and_records_the_deletion_without_data():
    found = people()
    club_events = {found.spring.pk, found.summer.pk, found.autumn.pk}
    others = {
        pk: params for pk, params in ChangeRecord.objects.values_list("pk", "params")
        if HANS not in json.dumps(params, ensure_ascii=False)
    }
    delete_person(club=found.club, player=found.hans, user=found.admin)

    everything = json.dumps(
        list(ChangeRecord.objects.filter(event_id__in=club_events).values_list("params",
                                                                                flat=True)),
        ensure_ascii=False,
    )
    for gone in (HANS, "Hans Mayer", HANS_MAIL, "sitzt gern am Fenster"):
        assert gone not in everything, gone
    assert f"Anna Huber / {DELETED}" in everything
    assert "Fritz Maier" in everything and EVA in everything
    assert {pk: params for pk, params in ChangeRecord.objects.filter(pk__in=others)
            .values_list("pk", "params")} == others  # the records not naming him are as they were
    deletions = ChangeRecord.objects.filter(action=PrivacyAction.PERSON_DELETED)
    assert sorted((change.event_id, change.user, change.params) for change in deletions
                  if change.event_id) == sorted(
        (pk, found.admin, {}) for pk in club_events)
    club_record = deletions.get(event__isnull=True)
    assert (club_record.subject, club_record.user, club_record.params) == (
        found.club, found.admin, {})
    assert club_record.description == (
        "Persönliche Daten einer Person auf Anfrage durch die Vereinsverwaltung gelöscht; "
        "ihre Ergebnisse bleiben unter dem Namen „gelöscht“."
    )
    assert next(line.text for line in event_log(found.spring, kinds=["turnier"]).lines) == (
        club_record.description)
    # the other club's evening still names him
    elsewhere = ChangeRecord.objects.filter(event=found.elsewhere).values_list("params",
                                                                               flat=True)
    assert [params["entry_ref"]["name"] for params in elsewhere] == [HANS]


def test_another_clubs_evening_keeps_the_player_row_it_shares():
    found = people()
    forgotten = delete_person(club=found.club, player=found.hans, user=found.admin)
    assert forgotten.pk != found.hans.pk
    kept = Player.objects.get(pk=found.hans.pk)
    assert (kept.name, kept.club, kept.category, kept.public_profile) == (
        HANS, "SV Ulm", "Senior", True)
    assert found.elsewhere.entries.get().player_id == kept.pk
    assert set(Entry.objects.filter(event__club=found.club).filter(
        player=kept).values_list("pk", flat=True)) == set()
    assert Entry.objects.get(pk=found.single.pk).player_id == forgotten.pk
    assert not Seat.objects.filter(table__round__event__club=found.club, player=kept).exists()
    assert Seat.objects.filter(player=forgotten).count() == 2


def test_the_export_after_the_deletion_holds_nothing_of_the_person():
    found = people()
    forgotten = delete_person(club=found.club, player=found.hans, user=found.admin)
    text = json.dumps(person_data(found.club, forgotten), cls=DjangoJSONEncoder,
                      ensure_ascii=False)
    # (the log names his registrations by their codes, as after a registrant's own deletion:
    # the registrations no longer have them)
    for gone in (HANS, "Hans Mayer", HANS_MAIL, "Senior", "sitzt gern am Fenster"):
        assert gone not in text, gone
    assert not Registration.objects.filter(code="HANS11").exists()
    assert DELETED not in [person.player.name for person in inactive_people(found.club)]


def test_a_second_deletion_is_refused_and_changes_nothing():
    found = people()
    forgotten = delete_person(club=found.club, player=found.hans, user=found.admin)
    records = ChangeRecord.objects.count()
    with pytest.raises(PersonError) as refused:
        delete_person(club=found.club, player=forgotten, user=found.admin)
    assert str(refused.value) == "Die Daten dieser Person sind bereits gelöscht."
    assert ChangeRecord.objects.count() == records


def test_an_evening_still_to_come_refuses_and_changes_nothing():
    found = people()
    coming = make_event(club=found.club, date=days_ago(-10), name="Winterbinokel",
                        slug="winter")
    Entry.objects.create(event=coming, start_number=5, player=found.hans)
    before = list(Player.objects.values_list("pk", "name")), ChangeRecord.objects.count()
    with pytest.raises(PersonError) as refused:
        delete_person(club=found.club, player=found.hans, user=found.admin)
    assert str(refused.value).startswith(
        f"{HANS} ist für „Winterbinokel“ am {days_ago(-10):%d.%m.%Y} angemeldet")
    assert (list(Player.objects.values_list("pk", "name")), ChangeRecord.objects.count()) == (
        before)
    Entry.objects.filter(event=coming).update(is_withdrawn=True)
    delete_person(club=found.club, player=found.hans, user=found.admin)
    assert Entry.objects.get(event=coming).player.name == DELETED


def test_a_player_of_none_of_the_clubs_evenings_is_refused():
    found = people()
    stranger = make_entry(make_event(), 1, "Fremder Spieler").player
    with pytest.raises(PersonError):
        delete_person(club=found.club, player=stranger, user=found.admin)
    assert Player.objects.get(pk=stranger.pk).name == "Fremder Spieler"
