"""Registration services (``tournament.services.entries``): start numbers (never above the
maximum), a start number taken in a race, the warning for a name in the event already, no
seating changes once a plan exists, the all-or-nothing list import and its left-out rows."""

import pytest

from core.limits import MAX_START_NUMBER
from core.models import ChangeRecord
from tests.factories import make_entry, make_event, make_round
from tests.tournament.lists import parse, problems_by_row
from tests.tournament.plans import CLOSED
from tournament import imports, services
from tournament.members import Member
from tournament.models import Entry, Player
from tournament.services import (
    RegistrationError,
    SameNameRegistered,
    entries,
    next_start_number,
    register_entry,
)

pytestmark = pytest.mark.django_db


def test_register_gives_next_free_start_number():
    event = make_event()
    assert next_start_number(event) == 1
    first = register_entry(event=event, members=[Member(" Hans Maier ")], club="CVJM")
    pair = register_entry(event=event, members=[Member("Anna"), Member("Karl")])
    typed = register_entry(event=event, members=[Member("Otto")], start_number=20)
    after = register_entry(event=event, members=[Member("Egon")])
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
    register_entry(event=event, members=[Member("Hans")], start_number=5)
    with pytest.raises(RegistrationError) as error:
        register_entry(event=event, members=[Member("Otto")], start_number=5)
    assert error.value.field == "start_number"
    assert event.entries.count() == 1


def test_start_number_race_is_caught_in_the_service(organiser, monkeypatch):
    """The check passes, then the unique constraint refuses: a user-fixable error, no crash."""
    event = make_event()
    make_entry(event, 5, "Otto")
    players = Player.objects.count()
    monkeypatch.setattr(entries, "is_start_number_taken", lambda *args, **kwargs: False)
    with pytest.raises(services.RegistrationError) as error:
        services.register_entry(event=event, user=organiser,
                                members=[Member("Hans"), Member("Karl")], start_number=5)
    monkeypatch.undo()
    assert error.value.field == "start_number"
    assert str(error.value) == "Startnummer 5 ist in diesem Turnier bereits vergeben."
    assert event.entries.count() == 1 and Player.objects.count() == players
    assert not ChangeRecord.objects.exists()


def test_start_number_race_on_edit_is_caught(organiser, monkeypatch):
    event = make_event()
    make_entry(event, 5, "Otto")
    entry = make_entry(event, 6, "Hans")
    monkeypatch.setattr(entries, "is_start_number_taken", lambda *args, **kwargs: False)
    with pytest.raises(services.RegistrationError, match="Startnummer 5 ist"):
        services.update_entry(entry=entry, user=organiser, members=[Member("Hans Neu")],
                              start_number=5)
    entry.refresh_from_db()
    assert entry.start_number == 6 and entry.player.name == "Hans"
    assert not ChangeRecord.objects.exists()


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"start_number": 9}, "start_number"),
        ({"is_stand_in": True}, "is_stand_in"),
        ({"members": [Member("Hans"), Member("Karl")]}, "partner_name"),
    ],
)
def test_service_refuses_seating_changes_once_a_plan_exists(organiser, fields, field):
    event = make_event()
    entry = make_entry(event, 1, "Hans")
    make_round(event)
    data = {"members": [Member("Hans")], "start_number": 1, **fields}
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
    real_check = entries.check_rows

    def check_that_misses_the_first_time(rows, taken, registered=None):
        calls.append(1)
        return real_check(rows, set() if len(calls) == 1 else taken, registered)

    monkeypatch.setattr(entries, "check_rows", check_that_misses_the_first_time)
    rows = parse("l.csv", b"Nr;Name;Partner\n1;Hans;Karl\n2;Otto;\n;Egon;\n")
    with pytest.raises(services.ImportRejected) as error:
        services.import_entries(event=event, user=organiser, rows=rows, filename="l.csv")
    assert problems_by_row(error.value.rows) == {
        3: ["Startnummer 2 ist in diesem Turnier bereits vergeben."]
    }
    assert list(event.entries.values_list("start_number", flat=True)) == [2]
    assert Player.objects.count() == players_before
    assert not ChangeRecord.objects.filter(event=event).exists()


# --- start numbers never pass the maximum -----------------------------------------------------


def test_next_start_number_after_the_maximum_is_the_lowest_free_one():
    event = make_event()
    make_entry(event, MAX_START_NUMBER - 1)
    assert next_start_number(event) == MAX_START_NUMBER
    make_entry(event, MAX_START_NUMBER)
    make_entry(event, 1)
    make_entry(event, 3)
    assert next_start_number(event) == 2
    entry = register_entry(event=event, members=[Member("Hans")])
    assert entry.start_number == 2
    assert register_entry(event=event, members=[Member("Otto")]).start_number == 4


def test_no_free_start_number_refuses_the_registration(monkeypatch):
    monkeypatch.setattr(imports, "MAX_START_NUMBER", 3)
    event = make_event()
    for number in (1, 2, 3):
        make_entry(event, number)
    assert next_start_number(event) is None
    with pytest.raises(RegistrationError) as error:
        register_entry(event=event, members=[Member("Hans")])
    assert error.value.field == "start_number"
    assert str(error.value) == "Keine Startnummer ist mehr frei: alle von 1 bis 3 sind vergeben."
    assert event.entries.count() == 3 and not ChangeRecord.objects.exists()


def test_import_after_the_maximum_takes_the_lowest_free_numbers(organiser):
    event = make_event()
    make_entry(event, MAX_START_NUMBER)
    make_entry(event, 2)
    rows = parse("l.csv", b"Nr;Name\n;Hans\n;Otto\n;Egon\n")
    imported = services.import_entries(event=event, user=organiser, rows=rows)
    assert [entry.start_number for entry in imported.entries] == [1, 3, 4]


def test_import_without_free_numbers_is_rejected(monkeypatch, organiser):
    monkeypatch.setattr(imports, "MAX_START_NUMBER", 3)
    event = make_event()
    make_entry(event, 2)
    rows = parse("l.csv", b"Nr;Name\n;Hans\n;Otto\n;Egon\n")
    with pytest.raises(services.ImportRejected) as error:
        services.import_entries(event=event, user=organiser, rows=rows)
    assert problems_by_row(error.value.rows) == {
        4: ["Keine Startnummer ist mehr frei: alle von 1 bis 3 sind vergeben."]
    }
    assert event.entries.count() == 1


# --- a name in the event already --------------------------------------------------------------


def test_registering_a_name_in_the_event_again_asks_first():
    event = make_event()
    hans = make_entry(event, 1, "Hans Maier")
    pair = make_entry(event, 2, "Anna Rapp", partner="Karl Rapp")
    for name, partner, expected in [
        ("  hans   MAIER ", "", [hans]),
        ("Otto", "Hans Maier", [hans]),  # a pair naming a registered single
        ("karl rapp", "", [pair]),  # a single naming a pair's partner
        ("Karl Rapp", "hans maier", [hans, pair]),
    ]:
        with pytest.raises(SameNameRegistered) as error:
            register_entry(event=event, members=[Member(name), Member(partner)])
        assert sorted(error.value.entries, key=lambda e: e.start_number) == expected
        assert error.value.field == "allow_same_name"
    assert event.entries.count() == 2
    other = register_entry(event=event, members=[Member("Hans Maier")], allow_same_name=True)
    assert other.start_number == 3 and other.player.name == "Hans Maier"
    # another event's players do not count
    assert register_entry(event=make_event(), members=[Member("Hans Maier")]).start_number == 1


def test_import_leaves_out_rows_naming_registered_players_unless_ticked(organiser):
    event = make_event()
    make_entry(event, 1, "Hans Maier")
    data = b"Name;Partner\nHANS MAIER;\nOtto Walz;\nEgon;otto walz\nFrieda;\n"
    imported = services.import_entries(event=event, user=organiser, rows=parse("l.csv", data))
    assert [(entry.start_number, entry.name) for entry in imported.entries] == [
        (2, "Otto Walz"),
        (3, "Frieda"),
    ]
    assert [row.row for row in imported.skipped] == [2, 4]
    imported = services.import_entries(
        event=event, user=organiser, rows=parse("l.csv", data), include_rows={2}
    )
    assert [(entry.start_number, entry.name) for entry in imported.entries] == [(4, "HANS MAIER")]
    assert [row.row for row in imported.skipped] == [3, 4, 5]
    with pytest.raises(RegistrationError, match="Es wurde nichts importiert"):
        services.import_entries(event=event, user=organiser, rows=parse("l.csv", data))
    assert Entry.objects.filter(event=event).count() == 4
def test_a_players_category_is_optional_saved_and_logged():
    from tournament.services import register_entry, update_entry

    event = make_event()
    single = register_entry(event=event, members=[Member("Rosi Rapp", category=" Frau ")])
    pair = register_entry(event=event, members=[Member("Eva Bauer", category="Frau"),
                                                Member("Ida Bauer", category="Frau")])
    plain = register_entry(event=event, members=[Member("Otto Klotz")])
    assert (single.player.category, pair.partner.category, plain.player.category) == (
        "Frau", "Frau", ""
    )
    assert ChangeRecord.objects.about(pair).get().description.endswith(
        "Kategorie: Frau, Frau"
    )
    changes = update_entry(entry=pair, user=None,
                           members=[Member("Eva Bauer", category="Frau"),
                                    Member("Ida Bauer", category="Jugend")],
                           start_number=pair.start_number)
    assert changes == [["partner_category", "Frau", "Jugend"]]
    pair.refresh_from_db()
    assert pair.partner.category == "Jugend"


@pytest.mark.parametrize(
    ("change", "moves"),
    [({"is_stand_in": True}, True), ({"start_number": 9}, True), ({"notes": "spät"}, False)],
)
def test_an_edit_the_standings_show_moves_the_results_stamp(change, moves):
    """The standings mark stand-ins and show start numbers: such an edit moves the event's
    results stamp (cached standings are computed anew); a note alone does not."""
    event = make_event()
    entry = register_entry(event=event, members=[Member("Hans")])
    before = type(event).objects.get(pk=event.pk).results_version
    fields = {"members": [Member("Hans")], "start_number": entry.start_number, **change}
    services.update_entry(entry=entry, user=None, **fields)
    after = type(event).objects.get(pk=event.pk).results_version
    assert (after > before) is moves


def test_the_import_takes_each_players_category(organiser):
    """A "Kategorie" column (and one for the partner) fills the players' categories, which the
    "Beste Frau" prize reads; it was ignored."""
    event = make_event()
    data = (
        b"Name;Partner;Kategorie;Kategorie Partner\n"
        b"Anna Rapp;;Frau;\n"
        b"Karl Rapp;Rosi Rapp;;Frau\n"
    )
    rows = parse("l.csv", data)
    assert [row.problems for row in rows] == [[], []]
    services.import_entries(event=event, user=organiser, rows=rows)
    categories = dict(Player.objects.values_list("name", "category"))
    assert categories == {"Anna Rapp": "Frau", "Karl Rapp": "", "Rosi Rapp": "Frau"}


def test_an_overlong_category_in_the_list_is_a_problem_of_its_row():
    rows = parse("l.csv", ("Name;Kategorie\nAnna;" + "x" * 41 + "\n").encode())
    assert problems_by_row(rows) == {2: ["Kategorie: höchstens 40 Zeichen, nicht 41."]}
