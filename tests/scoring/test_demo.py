"""Demo and benchmark writes (``scoring.demo``): ``record_game`` stores one game with the rules'
points per party; ``fill_random_games`` fills whole rounds with valid random games in bulk."""

import pytest

from scoring.demo import fill_random_games, record_game
from scoring.models import Game, PartyScore, ScoreSheet
from scoring.rules import InvalidHand
from scoring.services import sheet_games, sheet_parties
from tests.checks import rules_points
from tests.factories import (
    make_entry,
    make_event,
    make_round,
    make_sheet,
    make_table,
    sheet_records,
)
from tournament.models import Table

pytestmark = pytest.mark.django_db


# --- record_game -----------------------------------------------------------------------------


@pytest.fixture
def three_table_sheet():
    event = make_event()
    entries = [make_entry(event, n) for n in (3, 1, 2)]
    return make_sheet(make_table(make_round(event), entries)), entries


def test_record_game_stores_rules_points_per_party(three_table_sheet):
    sheet, entries = three_table_sheet
    # docs/rules.md worked example 1: 80+130 = 210 >= 200 won -> 210, 90, 90
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
    # docs/rules.md worked example 3 with the declarer third: -250 and 130 + meld for the others
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


# --- fill_random_games -----------------------------------------------------------------------


@pytest.fixture
def planned_event():
    """Two rounds, each with a three-table, a four-singles table and a pairs table."""
    event = make_event(round_count=2)
    singles = [make_entry(event, n) for n in range(1, 8)]
    pairs = [make_entry(event, n, partner=f"Partner {n}") for n in (8, 9)]
    for number in (1, 2):
        round_ = make_round(event, number)
        order = singles if number == 1 else singles[::-1]
        make_sheet(make_table(round_, order[:3], number=1))
        make_sheet(make_table(round_, order[3:], number=2))
        make_table(round_, pairs, number=3)  # no sheet yet: the fill creates it
    return event


@pytest.mark.django_db
def test_fill_random_games_fills_every_sheet_with_valid_games(planned_event):
    stored = fill_random_games(event=planned_event, seed=3)
    assert stored == 2 * 3 * 12
    sheets = ScoreSheet.objects.filter(table__round__event=planned_event)
    assert sheets.count() == 6
    for sheet in sheets:
        assert sheet.status == ScoreSheet.Status.SUBMITTED and sheet.submitted_at
        assert sheet.version == 1
        games = sheet_games(sheet)
        assert sorted(games) == list(range(1, 13))
        parties = sheet_parties(sheet)
        assert len(parties) == (2 if sheet.table.kind == Table.Kind.TWO_PAIRS else
                                len(sheet.table.seats.all()))
        for values in games.values():
            assert list(rules_points(values)) == values["points"]
    assert PartyScore.objects.count() == 2 * 12 * (3 + 4 + 2)
    assert sheet_records().filter(action="scoring.sheet.submitted").count() == 6


@pytest.mark.django_db
def test_fill_random_games_by_round_count_and_confirm(planned_event):
    fill_random_games(event=planned_event, rounds=[2], games=5)
    assert set(Game.objects.values_list("sheet__table__round__number", flat=True)) == {2}
    round_two = ScoreSheet.objects.filter(table__round__number=2)
    assert {s.status for s in round_two} == {ScoreSheet.Status.IN_PROGRESS}
    assert Game.objects.count() == 3 * 5
    fill_random_games(event=planned_event, seed=1, confirm=True)  # replaces, all rounds
    assert Game.objects.count() == 6 * 12
    assert set(ScoreSheet.objects.values_list("status", flat=True)) == {"confirmed"}
    with pytest.raises(ValueError):
        fill_random_games(event=planned_event, games=13)
