"""The registrations' personal data deleted after the club's retention
(``signup.services.forget_personal_data``, ``signup.selectors.past_retention``): exactly the
e-mail addresses, codes and links of the evenings past their club's retention; names, entries,
players and results stay."""

import pytest
from django.urls import reverse
from django.utils import timezone

from core.models import ChangeRecord
from signup.audit import SignupAction
from signup.models import Registration, SignupSettings
from signup.selectors import by_code, data_retention, held_data, past_retention
from signup.services import SignupError, forget_personal_data
from tests.factories import make_club
from tests.signup.retention_data import (
    days_ago,
    played_event,
    registration_data,
    standings_rows,
    two_clubs,
)
from tournament.models import Entry, Player

pytestmark = pytest.mark.django_db


def test_only_the_evenings_past_their_clubs_retention_are_due():
    events = two_clubs()
    due = past_retention(today=timezone.localdate())
    assert [(held.event.slug, held.addresses, held.codes, held.links) for held in due] == [
        ("binokel-long-past", 4, 4, 4),
        ("binokel-short-past", 4, 4, 4),
    ]
    assert due[0].forget_on == days_ago(1)
    kept = held_data(events["long-kept"])  # an evening within its retention holds its data
    assert (bool(kept), kept.addresses, kept.codes, kept.links) == (True, 4, 4, 4)


def test_forgetting_deletes_the_addresses_codes_and_links_and_nothing_else():
    events = two_clubs()
    event = events["long-past"]
    before = registration_data()
    entries = sorted(Entry.objects.values_list("pk", "event_id", "start_number", "player_id"))
    players = sorted(Player.objects.values_list("pk", "name", "club", "category"))
    standings = standings_rows(event)

    done = forget_personal_data(event=event, today=timezone.localdate())

    assert (done.addresses, done.codes, done.links) == (4, 4, 4)
    after = registration_data()
    changed = {row[0] for row in set(before) - set(after)}
    assert changed == set(event.registrations.values_list("pk", flat=True))
    for _pk, _slug, name, email, code, token, _status, _entry in (
        row for row in after if row[0] in changed
    ):
        assert (email, code, token) == ("", "", None)
        assert name  # the names stay
    earlier = {row[0]: row for row in before}
    # name, status and entry stay
    assert [earlier[row[0]][2:3] + earlier[row[0]][6:] for row in after if row[0] in changed] == [
        row[2:3] + row[6:] for row in after if row[0] in changed
    ]
    assert sorted(Entry.objects.values_list("pk", "event_id", "start_number", "player_id")) == (
        entries
    )
    assert sorted(Player.objects.values_list("pk", "name", "club", "category")) == players
    assert standings_rows(event) == standings
    assert standings and standings[0][3] == 210  # the game counts, before and after


def test_the_deletion_is_recorded_on_the_event_and_in_its_log_without_the_data():
    event = two_clubs()["short-past"]
    codes = list(event.registrations.values_list("code", flat=True))
    addresses = list(event.registrations.values_list("email", flat=True))
    forget_personal_data(event=event, today=timezone.localdate())
    settings = SignupSettings.objects.get(event=event)
    assert settings.forgotten_at is not None
    assert abs((timezone.now() - settings.forgotten_at).total_seconds()) < 60
    record = ChangeRecord.objects.get(event=event, action=SignupAction.FORGOTTEN)
    assert record.params == {"addresses": 4, "codes": 4, "links": 4}
    assert record.user is None
    assert not [text for text in codes + addresses if text in str(record.params)]
    assert "4 E-Mail-Adressen, 4 Codes, 4 Links" in record.description
    assert data_retention(event).forgotten_at == settings.forgotten_at


def test_forgetting_again_changes_nothing():
    event = two_clubs()["long-past"]
    forget_personal_data(event=event, today=timezone.localdate())
    before, records = registration_data(), ChangeRecord.objects.count()
    forgotten_at = SignupSettings.objects.get(event=event).forgotten_at
    done = forget_personal_data(event=event, today=timezone.localdate())
    assert not done
    assert registration_data() == before
    assert ChangeRecord.objects.count() == records
    assert SignupSettings.objects.get(event=event).forgotten_at == forgotten_at
    assert past_retention(today=timezone.localdate())[0].event.slug == "binokel-short-past"


def test_an_evening_within_its_retention_is_refused_and_keeps_its_data():
    event = two_clubs()["short-kept"]
    before = registration_data()
    with pytest.raises(SignupError) as refused:
        forget_personal_data(event=event, today=timezone.localdate())
    assert str(refused.value) == (
        f"Die persönlichen Daten der Anmeldungen von „{event.name}“ werden bis "
        f"{days_ago(-2):%d.%m.%Y} aufbewahrt."
    )
    assert registration_data() == before


def test_a_retention_of_zero_days_deletes_on_the_day_after_the_evening():
    club = make_club(retention_days=0)
    tonight = played_event(club, days_ago(0), "heute")
    yesterday = played_event(club, days_ago(1), "gestern")
    assert [held.event for held in past_retention(today=timezone.localdate())] == [yesterday]
    assert tonight.registrations.exclude(code="").count() == 4


def test_a_forgotten_registration_is_found_by_no_code_and_no_link(client):
    event = two_clubs()["long-past"]
    registration = event.registrations.first()
    code, token = registration.code, registration.token
    forget_personal_data(event=event, today=timezone.localdate())
    assert not Registration.objects.filter(token=token).exists()
    response = client.get(reverse("signup-manage", args=[event.slug, token]))
    assert response.status_code == 404
    assert by_code(event, code) is None
