"""Standings of an event kept in points per game (``scoring.standings``): each game's points as
written make the totals; a game lost as declarer is the one party below zero, the declarer
written down or not (for the lost-game money too); the tie-breaks without figures (exact
points, games won as declarer) are left out; an entry's page lists its games.

The games are saved through ``save_sheet_points`` and the expected standings worked out by
hand in the comments.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring.models import ScoreSheet
from scoring.ranking import SINGLES
from scoring.services import confirm_sheet, save_sheet_points
from scoring.standings import compute_standings, declarer_losses, entry_rounds
from tests.factories import (
    make_entry,
    make_event,
    make_role,
    make_round,
    make_sheet,
    make_table,
    make_user,
)
from tournament.models import Event

pytestmark = pytest.mark.django_db

# per table: its start numbers in seating order and its games (points, declarer index)
TABLES = {
    1: ([1, 2, 3], [
        ([120, -300, 80], 1),  # 2 declared and lost
        ([250, 40, 60], None),  # won by someone: the paper does not say who
        ([0, 50, 200], 2),  # 3 declared and won
    ]),  # 1: 370, 2: −210, 3: 340
    2: ([4, 5, 6], [
        ([-400, 300, 100], None),  # 4 lost: the one below zero, not written down
        ([400, 0, 0], 0),  # 4 declared and won
        ([370, 0, 0], None),
    ]),  # 4: 370, 5: 300, 6: 100
}


@pytest.fixture
def points_event():
    event = make_event(
        scoring_mode=Event.ScoringMode.POINTS,
        tie_breaks="exact_points,declarer_wins,fewer_losses",
        round_count=1,
        games_per_round=3,
    )
    entries = {n: make_entry(event, n) for n in range(1, 7)}
    desk = make_user("desk")
    for number, (parties, games) in TABLES.items():
        table = make_table(make_round(event), [entries[n] for n in parties], number=number)
        sheet = make_sheet(table)
        rows = {
            game: {"points": points, "declarer": declarer}
            for game, (points, declarer) in enumerate(games, start=1)
        }
        result = save_sheet_points(sheet=sheet, base_version=0, rows=rows, hand_in=True)
        assert result.handed_in, result.problems
        confirm_sheet(sheet=sheet, user=desk)
    return Event.objects.get(pk=event.pk)


def test_the_points_as_written_make_the_standings_and_fewer_losses_decide(points_event):
    standings = compute_standings(points_event)
    rows = standings.ranking(SINGLES)
    # 1 and 4 have 370 each: 4 lost a game as declarer, 1 none (4 won one as declarer, but
    # games won are not counted where the declarer is not always written down)
    assert {row.start_number: (row.place, row.total) for row in rows} == {
        1: (1, 370), 4: (2, 370), 3: (3, 340), 5: (4, 300), 6: (5, 100), 2: (6, -210),
    }


def test_the_tie_breaks_without_figures_are_left_out(points_event):
    assert compute_standings(points_event).tie_breaks == ["fewer_losses"]


def test_every_game_counts_and_a_lost_game_is_the_party_below_zero(points_event):
    standings = compute_standings(points_event)
    figures = {
        entry.start_number: entry.summed([1]) for entry in standings.entries
    }
    assert {n: (f.games, f.wins, f.losses, f.rounding) for n, f in figures.items()} == {
        1: (3, 0, 0, 0), 2: (3, 0, 1, 0), 3: (3, 1, 0, 0),
        4: (3, 1, 1, 0), 5: (3, 0, 0, 0), 6: (3, 0, 0, 0),
    }


def test_the_lost_game_money_counts_the_parties_below_zero_as_played_games(points_event):
    numbers = {entry.pk: entry.start_number for entry in points_event.entries.all()}
    losses = declarer_losses(points_event)
    assert {numbers[entry]: lost.played for entry, lost in losses.items()} == {2: 1, 4: 1}
    assert all((lost.conceded, lost.durch) == (0, 0) for lost in losses.values())


def test_sheets_not_confirmed_count_only_when_the_event_says_so(points_event):
    sheet = ScoreSheet.objects.get(table__round__event=points_event, table__number=2)
    ScoreSheet.objects.filter(pk=sheet.pk).update(status=ScoreSheet.Status.SUBMITTED)
    assert 4 not in {row.start_number for row in compute_standings(points_event)
                     .ranking(SINGLES) if row.place}
    assert set(declarer_losses(points_event)) == {
        points_event.entries.get(start_number=2).pk
    }


def test_an_entry_s_games_name_the_declarer_where_written(points_event, organiser, client):
    make_role(points_event, organiser)
    entry = points_event.entries.get(start_number=1)
    (round_,) = entry_rounds(points_event, entry)
    assert [(g.number, g.declarer_name, g.bid, g.points) for g in round_.games] == [
        (1, "2 Spieler 2", None, 120), (2, "–", None, 250), (3, "3 Spieler 3", None, 0),
    ]
    page = client.get(reverse(
        "standings-entry", kwargs={"slug": points_event.slug, "start_number": 1}
    ))
    assert page.status_code == 200
    assert "None" not in page.content.decode()
