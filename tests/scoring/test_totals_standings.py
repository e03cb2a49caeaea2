"""Standings of an event kept in round totals (``scoring.standings``): each party's total is its
points of the round, its typed count its games lost as declarer (for the lost-game money too);
the sheets count as sheets of games do; the tie-breaks that need game detail are left out.

The figures are typed here and the expected standings worked out by hand in the table below.
"""

from __future__ import annotations

import pytest

from scoring.models import RoundTotal, ScoreSheet
from scoring.ranking import SINGLES
from scoring.standings import compute_standings, declarer_losses, entry_rounds
from tests.factories import make_entry, make_event, make_round, make_sheet, make_table
from tournament.models import Event

pytestmark = pytest.mark.django_db

CONFIRMED = ScoreSheet.Status.CONFIRMED
IN_PROGRESS = ScoreSheet.Status.IN_PROGRESS

# round, table, status, and per party in seating order: (start number, total, games lost)
SHEETS = [
    (1, 1, CONFIRMED, [(1, 500, 0), (2, 300, 1), (3, -200, 1)]),
    (1, 2, CONFIRMED, [(4, 600, 0), (5, 300, 0), (6, 100, 2)]),
    (2, 1, CONFIRMED, [(1, 100, 0), (5, 300, 1), (3, 900, 0)]),
    (2, 2, IN_PROGRESS, [(4, 1000, 0), (2, 300, 2), (6, 200, 0)]),
]


@pytest.fixture
def totals_event():
    event = make_event(
        scoring_mode=Event.ScoringMode.TOTALS,
        tie_breaks="exact_points,declarer_wins,fewer_losses",
        round_count=2,
    )
    entries = {n: make_entry(event, n) for n in range(1, 7)}
    for round_number, table_number, status, parties in SHEETS:
        table = make_table(
            make_round(event, round_number),
            [entries[number] for number, _total, _lost in parties],
            number=table_number,
        )
        sheet = make_sheet(table)
        ScoreSheet.objects.filter(pk=sheet.pk).update(status=status)
        RoundTotal.objects.bulk_create(
            RoundTotal(sheet=sheet, entry=entries[number], total=total, lost=lost)
            for number, total, lost in parties
        )
    return event


@pytest.mark.parametrize(
    ("count_unconfirmed", "expected", "lost"),
    [
        # confirmed only: 3 700; 1, 4, 5 600 each, 1 and 4 lost none (fewer losses: shared 2nd),
        # 5 lost one; 2 300; 6 100
        (
            False,
            {3: (1, 700), 1: (2, 600), 4: (2, 600), 5: (4, 600), 2: (5, 300), 6: (6, 100)},
            {2: 1, 3: 1, 5: 1, 6: 2},
        ),
        # with the sheet in progress: 4 1600; 3 700; 1, 5, 2 600 each, lost 0, 1 and 3;
        # 6 300 (2 lost)
        (
            True,
            {4: (1, 1600), 3: (2, 700), 1: (3, 600), 5: (4, 600), 2: (5, 600), 6: (6, 300)},
            {2: 3, 3: 1, 5: 1, 6: 2},
        ),
    ],
)
def test_round_totals_make_the_standings_and_the_lost_games(
    totals_event, count_unconfirmed, expected, lost
):
    Event.objects.filter(pk=totals_event.pk).update(count_unconfirmed=count_unconfirmed)
    event = Event.objects.get(pk=totals_event.pk)
    standings = compute_standings(event)
    rows = standings.ranking(SINGLES)
    assert {row.start_number: (row.place, row.total) for row in rows} == expected
    numbers = {entry.entry_id: entry.start_number for entry in standings.entries}
    assert {numbers[entry]: losses.played for entry, losses in declarer_losses(event).items()} \
        == lost
    assert all(
        (losses.conceded, losses.durch) == (0, 0) for losses in declarer_losses(event).values()
    )


def test_a_round_total_counts_the_round_games_and_no_game_detail(totals_event):
    standings = compute_standings(totals_event)
    first = next(entry for entry in standings.entries if entry.start_number == 1)
    assert {n: figures.points for n, figures in first.by_round.items()} == {1: 500, 2: 100}
    figures = first.summed([1, 2])
    assert (figures.games, figures.wins, figures.losses, figures.rounding) == (24, 0, 0, 0)


def test_the_tie_breaks_that_need_game_detail_are_left_out(totals_event):
    assert compute_standings(totals_event).tie_breaks == ["fewer_losses"]


def test_the_same_tie_breaks_stay_for_an_event_of_games(totals_event):
    Event.objects.filter(pk=totals_event.pk).update(scoring_mode=Event.ScoringMode.GAMES)
    event = Event.objects.get(pk=totals_event.pk)
    assert compute_standings(event).tie_breaks == [
        "exact_points", "declarer_wins", "fewer_losses"
    ]


def test_an_entry_s_rounds_give_its_totals(totals_event):
    entry = totals_event.entries.get(start_number=3)
    rounds = entry_rounds(totals_event, entry)
    assert [(r.number, r.total, r.lost, r.games) for r in rounds] == [
        (1, -200, 1, []), (2, 900, 0, []),
    ]
