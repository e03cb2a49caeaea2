"""Random games for demos and benchmarks: always valid, plausible, and filled in bulk."""

import random
from collections import Counter

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from scoring.demo import fill_random_games
from scoring.models import Game, PartyScore, ScoreSheet, SheetChange
from scoring.rules import CONCEDED, DURCH, MIN_BID, PLAYED, TRICK_TOTAL, score_hand
from scoring.services import sheet_games, sheet_parties
from scoring.simulate import random_game
from tests.factories import make_entry, make_event, make_round, make_sheet, make_table
from tournament.models import Event, Table


@pytest.mark.parametrize("parties", [2, 3, 4])
def test_every_generated_game_is_valid(parties):
    kinds: Counter[str] = Counter()
    misplays = 0
    for seed in range(400):
        rng = random.Random(seed)
        for _ in range(12):
            game = random_game(parties, rng)
            points = score_hand(**game)  # raises InvalidHand for an invalid game
            assert len(points) == parties
            assert game["bid"] >= MIN_BID and game["bid"] % 10 == 0
            assert all(meld % 10 == 0 and 0 <= meld <= 1000 for meld in game["melds"])
            if game["kind"] == CONCEDED:
                assert game["tricks"] is None
            else:
                assert sum(game["tricks"]) == TRICK_TOTAL
            kinds[game["kind"]] += 1
            misplays += game["revoked"] is not None
    total = sum(kinds.values())
    # mostly played, some conceded, Durch and misplays rare
    assert kinds[PLAYED] / total > 0.8
    assert 0.03 < kinds[CONCEDED] / total < 0.15
    assert 0 < kinds[DURCH] / total < 0.03
    assert 0 < misplays / total < 0.05


def test_the_same_seed_gives_the_same_games():
    first = [random_game(3, random.Random(7)) for _ in range(3)]
    again = [random_game(3, random.Random(7)) for _ in range(3)]
    assert first == again


def test_other_party_counts_are_refused():
    with pytest.raises(ValueError):
        random_game(5, random.Random(0))


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
            recomputed = score_hand(
                bid=values["bid"],
                declarer=values["declarer"],
                melds=values["melds"],
                tricks=values["tricks"],
                kind=values["kind"],
                revoked=values["revoked"],
            )
            assert list(recomputed) == values["points"]
    assert PartyScore.objects.count() == 2 * 12 * (3 + 4 + 2)
    assert SheetChange.objects.filter(action="submitted").count() == 6


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


@pytest.mark.django_db
def test_demo_command_fills_the_plan(capsys):
    call_command("demo", singles=9, pairs=2, plan=True, fill=True)
    event = Event.objects.get(slug="demo")
    sheets = ScoreSheet.objects.filter(table__round__event=event)
    assert sheets.count() == 3 * 4  # 3 three-tables + 1 pairs table, three rounds
    assert Game.objects.filter(sheet__in=sheets).count() == 12 * 12
    assert "144 random games" in capsys.readouterr().out
    before = list(PartyScore.objects.order_by("pk").values_list("pk", "points"))
    call_command("demo", singles=9, pairs=2, plan=True, fill=True)  # idempotent
    assert "left as they are" in capsys.readouterr().out
    assert list(PartyScore.objects.order_by("pk").values_list("pk", "points")) == before


@pytest.mark.django_db
def test_demo_fill_needs_a_plan():
    with pytest.raises(CommandError, match="--plan"):
        call_command("demo", singles=9, pairs=2, fill=True)
