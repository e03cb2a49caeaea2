"""Database constraints of the scoring models: games and party scores (run on SQLite and
PostgreSQL)."""

import pytest

from scoring.models import Game, PartyScore
from tests.checks import violates
from tests.factories import make_entry, make_event, make_round, make_sheet, make_table

pytestmark = pytest.mark.django_db


def _sheet_with_game():
    event = make_event()
    entries = [make_entry(event, n) for n in (1, 2, 3)]
    table = make_table(make_round(event), entries)
    return make_sheet(table), entries


@pytest.mark.parametrize(
    ("fields", "bad"),
    [
        # the lowest minimum bid any house rules may set is 100
        ({"bid": 90}, True),
        ({"bid": 100}, False),
        ({"bid": 155}, True),
        ({"dealer": 0}, True),
        ({"dealer": 5}, True),
        ({"number": 0}, True),
        ({"kind": "gespielt"}, True),
        ({"bid": 150, "dealer": 1, "number": 1, "kind": "played"}, False),
        ({"bid": 1000, "kind": "durch"}, False),
        ({"bid": 150, "kind": "durch-open"}, False),
    ],
)
def test_game_constraints(fields, bad):
    sheet, entries = _sheet_with_game()
    values = {"sheet": sheet, "number": 1, "dealer": 1, "declarer": entries[0], "bid": 200}
    assert violates(Game.objects.create, **{**values, **fields}) is bad


def test_game_numbers_unique_per_sheet():
    sheet, entries = _sheet_with_game()
    Game.objects.create(sheet=sheet, number=1, dealer=1, declarer=entries[0], bid=200)
    assert violates(
        Game.objects.create, sheet=sheet, number=1, dealer=2, declarer=entries[1], bid=200
    )


@pytest.mark.parametrize(
    ("fields", "bad"),
    [
        ({"meld": 25}, True),
        ({"tricks": 251}, True),
        ({"tricks": None}, False),
        ({"meld": 1500, "tricks": 250}, False),
    ],
)
def test_party_score_constraints(fields, bad):
    sheet, entries = _sheet_with_game()
    game = Game.objects.create(sheet=sheet, number=1, dealer=1, declarer=entries[0], bid=200)
    values = {"game": game, "entry": entries[0], "meld": 0, "tricks": 100, "points": 100}
    assert violates(PartyScore.objects.create, **{**values, **fields}) is bad
