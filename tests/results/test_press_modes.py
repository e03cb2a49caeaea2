"""The press report and the results list of events that keep less than every game
(``results.press_facts``, ``results.views.lists``): the winners, totals and averages come from
the standings as for every game; the figures the scoring mode does not keep (the highest game,
the Durch; with round totals also the biggest loss in one game) are left out of the text, never
said as none.

Points-mode games are stored in the shape the model allows today (``tests.results.
mode_events``): each game names its declarer and has a kind of game, which a points event
never reads; the Durch below is one only by its points.
"""

import pytest
from django.urls import reverse

from results.press import report_text
from results.press_facts import press_facts
from scoring.standings import compute_standings
from tests.factories import make_entry, make_event, make_role
from tests.results.mode_events import totals_sheet, written_game
from tests.scoring.games import sheet_for
from tournament.models import Event

pytestmark = pytest.mark.django_db


@pytest.fixture
def totals_event():
    """Nine singles in round totals, 12 games a round: round 1 at three tables, all confirmed;
    1 leads with 900, 4 and 7 share nothing."""
    event = make_event(name="Summenbinokel", scoring_mode=Event.ScoringMode.TOTALS,
                       round_count=1, games_per_round=12)
    entries = [make_entry(event, n, f"Spieler {n}") for n in range(1, 10)]
    figures = [(900, 0), (300, 1), (-200, 2), (500, 0), (400, 1), (100, 1), (200, 0),
               (600, 0), (300, 2)]
    for table in range(3):
        totals_sheet(event, 1, table + 1, [
            (entry, *figures[entry.start_number - 1]) for entry in entries[3 * table:3 * table + 3]
        ])
    return event


@pytest.fixture
def points_event():
    """Three singles writing each game's points: a game won by 1 (260, 140, 90), a Durch won by
    2 (0, 1000, 0) and a game lost by 3 (50, 100, −600)."""
    event = make_event(name="Punktebinokel", scoring_mode=Event.ScoringMode.POINTS,
                       round_count=1)
    parties = [make_entry(event, n, f"Spieler {n}") for n in (1, 2, 3)]
    sheet = sheet_for(event, 1, parties, 1)
    written_game(sheet, 1, parties, [260, 140, 90], declarer=0)
    written_game(sheet, 2, parties, [0, 1000, 0], declarer=1)
    written_game(sheet, 3, parties, [50, 100, -600], declarer=2)
    return event


def test_round_totals_tell_the_winners_and_leave_out_every_single_game(totals_event):
    facts = press_facts(totals_event, compute_standings(totals_event))
    assert (facts.entries, facts.people, facts.rounds, facts.games) == (9, 9, 1, 36)
    assert facts.total_points == 3100 and facts.entry_rounds == 9
    assert [(p.place, p.entry.start_number, p.points) for p in facts.singles[:3]] == [
        (1, 1, 900), (2, 8, 600), (3, 4, 500)
    ]
    assert facts.highest_game is None and facts.biggest_loss is None and not facts.durch_won
    text = report_text(facts)
    assert "Beim Summenbinokel" in text and "36 Spiele" in text
    assert "In der Einzelwertung gewann Spieler 1 mit 900 Punkten" in text
    assert "Insgesamt wurden 3.100 Punkte erzielt" in text
    assert "höchste Spiel" not in text and "Verlust" not in text
    assert "Durch –" not in text and "Durch gewonnen" not in text


def test_points_per_game_tell_the_biggest_loss_but_no_highest_game_or_durch(points_event):
    facts = press_facts(points_event, compute_standings(points_event))
    assert (facts.rounds, facts.games, facts.total_points) == (1, 3, 1040)
    assert facts.highest_game is None and not facts.durch_won
    loss = facts.biggest_loss
    assert (loss.entry.start_number, loss.round, loss.points) == (3, 1, -600)
    text = report_text(facts)
    assert "Den größten Verlust in einem Spiel musste Spieler 3 im 1. Durchgang hinnehmen: " \
           "−600 Punkte." in text
    assert "höchste Spiel" not in text and "Durch –" not in text and "Durch gewonnen" not in text


def test_the_results_list_of_round_totals_counts_the_totals(client, organiser, totals_event):
    make_role(totals_event, organiser)
    html = client.get(reverse("results-list", args=[totals_event.slug])).content.decode()
    first = html[html.index("Spieler 1"):]
    assert '<td class="num total">900</td>' in first[:first.index("</tr>")]
    press = client.get(reverse("press-report", args=[totals_event.slug])).content.decode()
    assert "mit 900 Punkten" in press and "höchste Spiel" not in press
