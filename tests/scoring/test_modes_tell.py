"""What each scoring mode tells (``scoring.modes.tells``): the figures the results, the press
report and the player's page show only where the mode keeps them; and it agrees with the
tie-breaks the standings leave out (``known_tie_breaks``)."""

import pytest

from scoring.modes import MODE_TELLS, known_tie_breaks, tells
from scoring.ranking import DECLARER_WINS, EXACT_POINTS
from tournament.house_rules import GAMES, POINTS, SCORING_MODES, TOTALS

FIGURES = ("game_rows", "game_detail", "durch", "best_game", "biggest_loss", "declarer_wins",
           "exact_points", "declarer_losses")

# what each mode tells, in the order of FIGURES (1: told, 0: not)
TOLD = {
    GAMES: (1, 1, 1, 1, 1, 1, 1, 1),  # every game in full: everything
    POINTS: (1, 0, 0, 0, 1, 0, 0, 1),  # a row per game, no bid/kind/melds/tricks; a loss shows
    TOTALS: (0, 0, 0, 0, 0, 0, 0, 1),  # a total and a lost count per round
}


@pytest.mark.parametrize(
    ("mode", "figure", "told"),
    [(mode, figure, bool(value)) for mode, row in TOLD.items()
     for figure, value in zip(FIGURES, row, strict=True)],
)
def test_what_each_mode_tells(mode, figure, told):
    assert getattr(tells(mode), figure) is told


def test_every_mode_is_stated_and_no_other():
    assert set(MODE_TELLS) == set(SCORING_MODES) == set(TOLD)


def test_an_unknown_mode_is_a_callers_bug():
    with pytest.raises(ValueError, match="alles"):
        tells("alles")


@pytest.mark.parametrize(
    "mode",
    [GAMES, POINTS, TOTALS],
)
@pytest.mark.parametrize(("tie_break", "figure"), [(EXACT_POINTS, "exact_points"),
                                                   (DECLARER_WINS, "declarer_wins")])
def test_the_tie_breaks_left_out_are_those_the_mode_does_not_tell(mode, tie_break, figure):
    assert bool(known_tie_breaks([tie_break], mode)) is getattr(tells(mode), figure)
