"""Services: registration and storing a game with its computed points."""

import pytest

from scoring.demo import record_game
from scoring.models import Game, PartyScore
from scoring.rules import InvalidHand
from tests.factories import make_entry, make_event, make_round, make_sheet, make_table
from tournament.services import RegistrationError, next_start_number, register_entry

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


@pytest.fixture
def three_table_sheet():
    event = make_event()
    entries = [make_entry(event, n) for n in (3, 1, 2)]
    return make_sheet(make_table(make_round(event), entries)), entries


def test_record_game_stores_rules_points_per_party(three_table_sheet):
    sheet, entries = three_table_sheet
    # RULES.md worked example 1: 80+130 = 210 >= 200 won -> 210, 90, 90
    game = record_game(
        sheet=sheet, number=1, bid=200, declarer=0, melds=[80, 20, 40], tricks=[130, 70, 50]
    )
    scores = {s.entry.start_number: (s.meld, s.tricks, s.points) for s in game.scores.all()}
    assert scores == {3: (80, 130, 210), 1: (20, 70, 90), 2: (40, 50, 90)}
    assert game.declarer == entries[0] and game.dealer == 1


def test_record_game_replaces_an_earlier_version(three_table_sheet):
    sheet, entries = three_table_sheet
    record_game(sheet=sheet, number=4, bid=200, declarer=0, melds=[0, 0, 0], tricks=[200, 50, 0])
    game = record_game(
        sheet=sheet, number=4, bid=250, declarer=2, melds=[80, 60, 20], tricks=None,
        kind="conceded",
    )
    assert Game.objects.filter(sheet=sheet).count() == 1
    # RULES.md worked example 3 with the declarer third: -250 and 130 + meld for the others
    points = {s.entry_id: s.points for s in game.scores.all()}
    assert points == {entries[0].pk: 210, entries[1].pk: 190, entries[2].pk: -250}
    assert all(s.tricks is None for s in game.scores.all())
    # game 4 at a three-table is dealt by the first-named again (4 = 3 + 1)
    assert game.dealer == 1


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"bid": 155}, "bid"),
        ({"tricks": [100, 100, 40]}, "tricks"),
        ({"melds": [0, 0]}, "melds"),
        ({"number": 13}, "number"),
        ({"number": 0}, "number"),
    ],
)
def test_invalid_game_stores_nothing(three_table_sheet, changes, field):
    sheet, _entries = three_table_sheet
    values = {"bid": 200, "declarer": 0, "melds": [0, 0, 0], "tricks": [200, 50, 0]}
    with pytest.raises(InvalidHand) as error:
        record_game(sheet=sheet, **{"number": 1, **values, **changes})
    assert error.value.field == field
    assert not Game.objects.exists() and not PartyScore.objects.exists()
