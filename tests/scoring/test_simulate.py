"""Random games (``scoring.simulate``): always valid, plausible, the same for the same seed. Pure:
no database."""

import random
from collections import Counter

import pytest

from scoring.modes import points_problems, totals_problems
from scoring.rules import (
    CONCEDED,
    DURCH,
    EJL,
    MIN_BID,
    PLAYED,
    RULES,
    TRICK_TOTAL,
    score_hand,
)
from scoring.simulate import random_game, random_points_rows, random_round_totals


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


@pytest.mark.parametrize("parties", [2, 3, 4])
def test_random_round_totals_pass_the_checks_of_a_totals_sheet(parties):
    lost_games = 0
    for seed in range(60):
        figures = random_round_totals(parties, 12, random.Random(seed))
        assert len(figures) == parties
        totals = [total for total, _lost in figures]
        lost = [lost for _total, lost in figures]
        assert totals_problems(totals=totals, lost=lost, games=12, rules=RULES[EJL]) == []
        assert sum(lost) <= 12
        lost_games += sum(lost)
    assert lost_games > 0
    assert random_round_totals(3, 12, random.Random(1)) == random_round_totals(
        3, 12, random.Random(1)
    )


@pytest.mark.parametrize("parties", [2, 3, 4])
def test_random_points_rows_pass_the_checks_of_a_points_sheet(parties):
    named = unnamed = lost = 0
    for seed in range(40):
        rows = random_points_rows(parties, 12, random.Random(seed))
        assert sorted(rows) == list(range(1, 13))
        for row in rows.values():
            assert len(row["points"]) == parties
            assert points_problems(
                points=row["points"], declarer=row["declarer"], rules=RULES[EJL]
            ) == []
            named += row["declarer"] is not None
            unnamed += row["declarer"] is None
            lost += any(value < 0 for value in row["points"])
    assert named > unnamed > 0 and lost > 0
    assert random_points_rows(3, 12, random.Random(1)) == random_points_rows(
        3, 12, random.Random(1)
    )
