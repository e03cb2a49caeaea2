"""Registration services (``tournament.services.registration``): start numbers, a start number
taken in a race, no seating changes once a plan exists, the all-or-nothing list import."""

import pytest

from tests.factories import make_entry, make_event, make_round
from tests.tournament.lists import parse, problems_by_row
from tests.tournament.plans import CLOSED
from tournament import services
from tournament.models import ChangeLog, Player
from tournament.services import (
    RegistrationError,
    next_start_number,
    register_entry,
    registration,
)

pytestmark = pytest.mark.django_db


def test_register_gives_next_free_start_number():
    event = make_event()
    assert next_start_number(event) == 1
    first = register_entry(event=event, name=" Hans Maier ", club="CVJM")
    pair = register_entry(event=event, name="Anna", partner_name="Karl")
    typed = register_entry(event=event, name="Otto", start_number=20)
    after = register_entry(event=event, name="Egon")
    assert [first.start_number, pair.start_number, typed.start_number, after.start_number] == [
        1,
        2,
        20,
        21,
    ]
    assert first.player.name == "Hans Maier" and first.player.club == "CVJM"
    assert pair.is_pair and pair.partner.name == "Karl"


def test_register_clashing_start_number_is_refused():
    event = make_event()
    register_entry(event=event, name="Hans", start_number=5)
    with pytest.raises(RegistrationError) as error:
        register_entry(event=event, name="Otto", start_number=5)
    assert error.value.field == "start_number"
    assert event.entries.count() == 1


def test_start_number_race_is_caught_in_the_service(organiser, monkeypatch):
    """The check passes, then the unique constraint refuses: a user-fixable error, no crash."""
    event = make_event()
    make_entry(event, 5, "Otto")
    players = Player.objects.count()
    monkeypatch.setattr(registration, "is_start_number_taken", lambda *args, **kwargs: False)
    with pytest.raises(services.RegistrationError) as error:
        services.register_entry(event=event, user=organiser, name="Hans", partner_name="Karl",
                                start_number=5)
    monkeypatch.undo()
    assert error.value.field == "start_number"
    assert str(error.value) == "Startnummer 5 ist in diesem Turnier bereits vergeben."
    assert event.entries.count() == 1 and Player.objects.count() == players
    assert not ChangeLog.objects.exists()


def test_start_number_race_on_edit_is_caught(organiser, monkeypatch):
    event = make_event()
    make_entry(event, 5, "Otto")
    entry = make_entry(event, 6, "Hans")
    monkeypatch.setattr(registration, "is_start_number_taken", lambda *args, **kwargs: False)
    with pytest.raises(services.RegistrationError, match="Startnummer 5 ist"):
        services.update_entry(entry=entry, user=organiser, name="Hans Neu", start_number=5)
    entry.refresh_from_db()
    assert entry.start_number == 6 and entry.player.name == "Hans"
    assert not ChangeLog.objects.exists()


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"start_number": 9}, "start_number"),
        ({"is_stand_in": True}, "is_stand_in"),
        ({"partner_name": "Karl"}, "partner_name"),
    ],
)
def test_service_refuses_seating_changes_once_a_plan_exists(organiser, fields, field):
    event = make_event()
    entry = make_entry(event, 1, "Hans")
    make_round(event)
    data = {"name": "Hans", "start_number": 1, **fields}
    with pytest.raises(services.RegistrationClosed) as error:
        services.update_entry(entry=entry, user=organiser, **data)
    assert error.value.field == field and CLOSED in str(error.value)
    entry.refresh_from_db()
    assert (entry.start_number, entry.is_stand_in, entry.partner) == (1, False, None)


def test_import_is_all_or_nothing_when_the_database_refuses_a_row(monkeypatch, organiser):
    """A registration slipping in between the check and the insert: nothing is kept."""
    event = make_event()
    make_entry(event, 2, "Schneller Meldender")
    players_before = Player.objects.count()
    calls = []
    real_check = registration.check_rows

    def check_that_misses_the_first_time(rows, taken):
        calls.append(1)
        return real_check(rows, set() if len(calls) == 1 else taken)

    monkeypatch.setattr(registration, "check_rows", check_that_misses_the_first_time)
    rows = parse("l.csv", b"Nr;Name;Partner\n1;Hans;Karl\n2;Otto;\n;Egon;\n")
    with pytest.raises(services.ImportRejected) as error:
        services.import_entries(event=event, user=organiser, rows=rows, filename="l.csv")
    assert problems_by_row(error.value.rows) == {
        3: ["Startnummer 2 ist in diesem Turnier bereits vergeben."]
    }
    assert list(event.entries.values_list("start_number", flat=True)) == [2]
    assert Player.objects.count() == players_before
    assert not ChangeLog.objects.filter(event=event).exists()


def test_a_players_category_is_optional_saved_and_logged():
    from tournament.services import register_entry, update_entry

    event = make_event()
    single = register_entry(event=event, name="Rosi Rapp", category=" Frau ")
    pair = register_entry(event=event, name="Eva Bauer", partner_name="Ida Bauer",
                          category="Frau", partner_category="Frau")
    plain = register_entry(event=event, name="Otto Klotz")
    assert (single.player.category, pair.partner.category, plain.player.category) == (
        "Frau", "Frau", ""
    )
    assert ChangeLog.objects.filter(entry=pair).get().description.endswith(
        "Kategorie: Frau, Frau"
    )
    changes = update_entry(entry=pair, user=None, name="Eva Bauer", partner_name="Ida Bauer",
                           start_number=pair.start_number, category="Frau",
                           partner_category="Jugend")
    assert changes == [["partner_category", "Frau", "Jugend"]]
    pair.refresh_from_db()
    assert pair.partner.category == "Jugend"
