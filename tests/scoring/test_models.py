"""Database constraints of the scoring models: games and party scores (run on SQLite and
PostgreSQL); a sheet's states in their two groups."""

import pytest

from scoring.models import Game, PartyScore, ScoreSheet
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


S = ScoreSheet.Status


@pytest.mark.parametrize(
    ("status", "handed_in"),
    [(S.EMPTY, False), (S.IN_PROGRESS, False), (S.SUBMITTED, True), (S.CONFIRMED, True)],
)
def test_a_sheet_is_open_or_handed_in(status, handed_in):
    assert (status in ScoreSheet.HANDED_IN) is handed_in
    assert (status in ScoreSheet.OPEN) is not handed_in


def test_the_querysets_find_the_sheets_of_each_group():
    event = make_event()
    entries = [make_entry(event, n) for n in range(1, 13)]
    round_ = make_round(event)
    sheets = {}
    for number, status in enumerate(S.values, start=1):
        table = make_table(round_, entries[3 * number - 3 : 3 * number], number=number)
        sheets[status] = make_sheet(table)
        ScoreSheet.objects.filter(pk=sheets[status].pk).update(status=status)
    assert set(ScoreSheet.objects.handed_in()) == {sheets[S.SUBMITTED], sheets[S.CONFIRMED]}
    assert set(ScoreSheet.objects.open()) == {sheets[S.EMPTY], sheets[S.IN_PROGRESS]}
