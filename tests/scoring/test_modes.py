"""The checks of the figures an event keeps in the ``points`` and ``totals`` modes
(``scoring.modes``): every problem names its field, figures that can be right pass."""

from dataclasses import replace

import pytest

from core.errors import GERMAN
from scoring.modes import InvalidFigure, game_reach, points_problems, totals_problems
from scoring.rules import AKS_HEROLDSTATT, BSV_ENNAHOFEN, EJL, RULES

ejl, aks = RULES[EJL], RULES[AKS_HEROLDSTATT]

# message fragments (of the English msgids) by what the problem says
MISSING = "Enter the points of every party"
TENS = "written in tens"
REACH = "out of reach in one game"
DECLARER = "Choose the declarer"
ONLY_DECLARER = "Only the declarer scores below zero"
ONLY_ONE = "Only one party scores below zero"
WON_AT_LEAST = "The declarer scores at least"


def said(problems: list[InvalidFigure]) -> list[tuple[str, str]]:
    """Each problem as its field and the message's English text."""
    return [(problem.field, problem.translated(lambda msgid: msgid)) for problem in problems]


def matches(problems: list[InvalidFigure], expected: list[tuple[str, str]]) -> bool:
    found = said(problems)
    return len(found) == len(expected) and all(
        field == want_field and fragment in text
        for (field, text), (want_field, fragment) in zip(found, expected, strict=True)
    )


@pytest.mark.parametrize(
    ("rules", "expected"),
    [
        (ejl, 2000),  # twice the highest plausible bid (1000) beats the Durch's 1000
        (aks, 2000),  # no Durch; the out-of-reach concede costs 2 × the bid
        (RULES[BSV_ENNAHOFEN], 2000),  # a Durch laid open counts 1500
        (replace(ejl, durch_open_points=2500), 2500),
        (replace(ejl, durch_open=False, durch_open_points=2500), 2000),  # not played
        (replace(ejl, out_of_reach_factor=3), 3000),
        (replace(ejl, double_familie=3000), 3250),  # the meld with every trick point
    ],
)
def test_the_reach_of_one_game_follows_the_rules(rules, expected):
    assert game_reach(rules) == expected


# (rules, points per party, declarer, expected problems as (field, fragment))
POINTS = [
    # figures that can be right
    (ejl, [260, 140, 90], 0, []),  # won
    (ejl, [-600, 50, 100], 0, []),  # lost
    (ejl, [-600, 50, 100], None, []),  # the declarer not written down
    (ejl, [-310, 200, 180], None, []),  # conceded
    (ejl, [1000, 0, 0], 0, []),  # a Durch won
    (ejl, [-1000, 50, 0], 0, []),  # a Durch lost
    (ejl, [260, 140], 0, []),  # two pairs
    (ejl, [40, 50, 20, -500], 3, []),  # four singles
    (ejl, [-2000, 0, 0], 0, []),  # a bid of 1000 lost: the reach itself
    (ejl, [2000, 0, 0], None, []),
    (ejl, [150, 0, 0], 0, []),  # the lowest bid, just reached
    (ejl, [None, None, None], None, []),  # nothing typed: no game
    # refused
    (ejl, [260, None, 90], 0, [("points1", MISSING)]),
    (ejl, [None, None, None], 0, [("points0", MISSING), ("points1", MISSING),
                                  ("points2", MISSING)]),
    (ejl, [265, 140, 90], None, [("points0", TENS)]),
    (ejl, [260, 140.0, 90], None, [("points1", TENS)]),  # not a whole number
    (ejl, [2010, 0, 0], None, [("points0", REACH)]),
    (ejl, [-600, 50, -2010], None, [("points2", REACH), ("points0", ONLY_ONE),
                                    ("points2", ONLY_ONE)]),
    (ejl, [-600, -50, 100], None, [("points0", ONLY_ONE), ("points1", ONLY_ONE)]),
    (ejl, [-600, -50, 100], 0, [("points1", ONLY_DECLARER)]),
    (ejl, [100, 50, -600], 0, [("points2", ONLY_DECLARER), ("points0", WON_AT_LEAST)]),
    (ejl, [0, 140, 90], 0, [("points0", WON_AT_LEAST)]),
    (replace(ejl, min_bid=200), [190, 140, 90], 0, [("points0", WON_AT_LEAST)]),
    (ejl, [260, 140, 90], 3, [("declarer", DECLARER)]),
    (ejl, [260, 140, 90], -1, [("declarer", DECLARER)]),
    (ejl, [260, 140, 90], True, [("declarer", DECLARER)]),
    (aks, [-3000, 300, 300], 0, [("points0", REACH)]),
]


@pytest.mark.parametrize(("rules", "points", "declarer", "expected"), POINTS)
def test_one_games_points(rules, points, declarer, expected):
    problems = points_problems(points=points, declarer=declarer, rules=rules)
    assert matches(problems, expected), said(problems)


def test_a_problem_names_its_party_and_says_the_reach():
    (problem,) = points_problems(points=[2010, 0, 0], declarer=None, rules=ejl)
    assert isinstance(problem, InvalidFigure) and isinstance(problem, ValueError)
    assert (problem.field, problem.party) == ("points0", 0)
    assert problem.translated(GERMAN.gettext) == (
        "2010 ist in einem Spiel nicht erreichbar: eine Partei erhält zwischen −2000 und 2000."
    )
    (declarer,) = points_problems(points=[260, 140, 90], declarer=5, rules=ejl)
    assert declarer.party is None


# message fragments of the totals' problems
TOTAL_MISSING = "Enter the total of every party"
LOST_RANGE = "Enter the games lost as declarer, from 0 to 12"
LOST_SUM = "lost 13 games as declarer together, but the round has 12"
NEEDS_LOST = "A total below zero needs a game lost"
OUT_OF_REACH = "out of reach: in 12 games"
OUT_OF_GAMES = "out of reach in 12 games"

# (totals, lost, expected problems as (field, fragment)); the ejl rules, 12 games (reach 2000)
TOTALS = [
    # figures that can be right
    ([1840, 1320, -200], [0, 1, 3], []),
    ([1840, 1320, 900], [None, None, None], []),  # nothing lost: the column left empty
    ([0, 0, 0], [0, 0, 0], []),
    ([24000, 0, -4000], [0, 0, 2], []),  # both ends of the reach
    ([0, 0, 0], [12, 0, 0], []),  # every game lost, at zero (a lost game never scores more)
    ([-24000, 0, 0], [12, 0, 0], []),
    # refused
    ([None, 100, 100], [0, 0, 0], [("total0", TOTAL_MISSING)]),
    ([1845, 100, 100], [0, 0, 0], [("total0", TENS)]),
    ([1840, 100, 100], [13, 0, 0], [("lost0", LOST_RANGE)]),
    ([1840, 100, 100], [-1, 0, 0], [("lost0", LOST_RANGE)]),
    ([1840, 100, 100], [0, 1.5, 0], [("lost1", LOST_RANGE)]),
    ([1840, 100, -100], [6, 4, 3], [("lost2", LOST_SUM)]),
    ([1840, 100, -200], [0, 0, 0], [("lost2", NEEDS_LOST)]),
    ([1840, 100, -200], [0, 0, None], [("lost2", NEEDS_LOST)]),
    ([24010, 0, 0], [0, 0, 0], [("total0", OUT_OF_GAMES)]),
    ([22010, 0, 0], [1, 0, 0], [("total0", OUT_OF_REACH)]),  # 11 games left to win in
    ([-4010, 0, 0], [2, 0, 0], [("total0", OUT_OF_REACH)]),
    ([10, 0, 0], [12, 0, 0], [("total0", OUT_OF_REACH)]),
    # a lost count that is wrong bounds nothing: the round's games do
    ([-30000, 0, 0], [13, 0, 0], [("lost0", LOST_RANGE), ("total0", OUT_OF_GAMES)]),
    ([-20000, 0, 0], [13, 0, 0], [("lost0", LOST_RANGE)]),
]


@pytest.mark.parametrize(("totals", "lost", "expected"), TOTALS)
def test_a_sheets_totals(totals, lost, expected):
    problems = totals_problems(totals=totals, lost=lost, games=12, rules=ejl)
    assert matches(problems, expected), said(problems)


def test_the_reach_of_the_totals_follows_the_rounds_games_and_the_rules():
    assert totals_problems(totals=[2000, 0, 0], lost=[0, 0, 0], games=1, rules=ejl) == []
    assert said(totals_problems(totals=[2010, 0, 0], lost=[0, 0, 0], games=1, rules=ejl))[0][0] \
        == "total0"
    assert said(totals_problems(totals=[0, 0, 0], lost=[1, 1, 0], games=1, rules=ejl)) == [
        ("lost1", "The parties lost 2 games as declarer together, but the round has 1 games.")
    ]
    durch = replace(ejl, durch_open_points=2500)
    assert totals_problems(totals=[5000, 0, 0], lost=[0, 0, 0], games=2, rules=durch) == []


def test_the_totals_messages_are_german():
    problems = totals_problems(totals=[22010, 0, -200], lost=[1, 0, 0], games=12, rules=ejl)
    assert [problem.translated(GERMAN.gettext) for problem in problems] == [
        "22010 ist nicht erreichbar: in 12 Spielen, davon 1 als Alleinspieler verloren, liegt "
        "die Summe zwischen −2000 und 22000.",
        "Eine Summe unter null geht nur mit einem als Alleinspieler verlorenen Spiel: bitte "
        "die verlorenen Spiele eintragen.",
    ]
    assert [(problem.field, problem.party) for problem in problems] == [("total0", 0),
                                                                         ("lost2", 2)]


def test_totals_need_one_lost_count_per_party():
    with pytest.raises(ValueError, match="one lost count per total"):
        totals_problems(totals=[0, 0, 0], lost=[0, 0], games=12, rules=ejl)
