"""A player's results across events kept in different scoring modes (``results.players``): the
totals of round totals and of points per game count like those of every game; the games won as
declarer and the Durch, which only every game keeps, are None for the others (the page shows
"–", never a 0), and the sums count the events that keep them.

Points-mode games are stored in the shape the model allows today (``tests.results.
mode_events``).
"""

import datetime

import pytest
from django.urls import reverse

from results.players import player_record
from scoring.demo import record_game
from tests.factories import make_entry, make_event
from tests.results.mode_events import totals_sheet, written_game
from tests.scoring.games import LOST, WON, sheet_for
from tournament.models import Entry, Event

pytestmark = pytest.mark.django_db


def _entries(event, hans_player=None):
    """Hans (no. 1, the same player in every event), Otto (2), Eva (3)."""
    if hans_player is None:
        hans = make_entry(event, 1, "Hans Maier")
    else:
        hans = Entry.objects.create(event=event, start_number=1, player=hans_player)
    return [hans, make_entry(event, 2, "Otto"), make_entry(event, 3, "Eva")]


@pytest.fixture
def three_modes():
    """Hans in three events, newest first:

    - round totals (2026-03-01), two rounds: 500 with 1 game lost, then −100 with 2 lost;
    - points per game (2026-02-01): 260 in a game he declared and won, −600 in one he lost;
    - every game (2026-01-01): WON (+210), LOST (−600) and a Durch won (+1000) as declarer.
    """
    games = make_event(name="Neujahrsbinokel", date=datetime.date(2026, 1, 1),
                       public_standings=True)
    parties = _entries(games)
    hans = parties[0].player
    sheet = sheet_for(games, 1, parties, 1)
    record_game(sheet=sheet, number=1, **WON)
    record_game(sheet=sheet, number=2, **LOST)
    record_game(sheet=sheet, number=3, bid=150, declarer=0, melds=[0, 0, 0],
                tricks=[250, 0, 0], kind="durch")

    points = make_event(name="Lichtmessbinokel", date=datetime.date(2026, 2, 1),
                        scoring_mode=Event.ScoringMode.POINTS, public_standings=True)
    parties = _entries(points, hans)
    sheet = sheet_for(points, 1, parties, 1)
    written_game(sheet, 1, parties, [260, 140, 90], declarer=0)
    written_game(sheet, 2, parties, [-600, 50, 100], declarer=0)

    totals = make_event(name="Frühlingsbinokel", date=datetime.date(2026, 3, 1),
                        scoring_mode=Event.ScoringMode.TOTALS, round_count=2,
                        public_standings=True)
    one, two, three = _entries(totals, hans)
    totals_sheet(totals, 1, 1, [(one, 500, 1), (two, 300, 0), (three, 200, 0)])
    totals_sheet(totals, 2, 1, [(two, 400, 0), (one, -100, 2), (three, 300, 0)])
    return hans, totals, points, games


def test_every_mode_counts_its_totals_and_leaves_out_what_it_does_not_keep(three_modes):
    hans, totals, points, games = three_modes
    record = player_record(hans.pk)
    assert [row.event for row in record.events] == [totals, points, games]
    figures = [
        (row.total, row.rounds, row.place, row.won, row.lost, row.durch_won, row.durch_lost)
        for row in record.events
    ]
    assert figures == [
        (400, 2, 3, None, 3, None, None),  # Otto 700, Eva 500, Hans 400
        (-340, 1, 3, None, 1, None, None),  # Otto 190, Eva 190, Hans −340
        (610, 1, 1, 2, 1, 1, 0),
    ]
    assert (record.total, record.rounds, record.average_per_round) == (670, 4, 167.5)
    # the sums count the events that keep the figure
    assert (record.won, record.lost, record.durch_won, record.durch_lost) == (2, 5, 1, 0)
    assert record.figures_left_out


def test_the_sums_are_none_where_no_event_keeps_the_figure(three_modes):
    hans, totals, points, _games = three_modes
    record = player_record(hans.pk, event_ids=[totals.pk, points.pk])
    assert (record.won, record.lost, record.durch_won, record.durch_lost) == (None, 4, None, None)


def test_every_game_leaves_nothing_out(three_modes):
    hans, _totals, _points, games = three_modes
    assert not player_record(hans.pk, event_ids=[games.pk]).figures_left_out


def test_the_page_shows_a_dash_for_a_figure_the_mode_does_not_keep(client, three_modes):
    hans, _totals, _points, _games = three_modes
    hans.public_profile = True
    hans.save()
    html = client.get(reverse("public-player", args=[hans.pk])).content.decode()
    assert "nicht festgehalten" in html  # the note under the table
    row = html[html.index("Frühlingsbinokel"):]
    row = row[:row.index("</tr>")]
    assert '<td class="wide">– / 3</td>' in row  # won unknown, 3 lost
    assert '<td class="wide">–</td>' in row  # the Durch
    assert "<td>400</td>" in row
