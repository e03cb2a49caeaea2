"""The workbook of an event that keeps less than every game (``results.exports``): the sheet
``Spiele`` holds what was typed (a row per party per game of points, a row per party per table
and round of round totals), the standings sheets and the Kasse keep their form, and the figures
add up to the standings.

Points-mode games are stored in the shape the model allows today (``tests.results.
mode_events``): a named declarer on every game. Once the points mode stores a game without a
declarer, add a game without one here: its rows have an empty Alleinspieler.
"""

import pytest

from results.exports import event_workbook
from scoring.models import ScoreSheet
from tests.factories import make_entry, make_event
from tests.results.mode_events import totals_sheet, written_game
from tests.results.workbooks import open_workbook, values
from tests.scoring.games import sheet_for
from tournament.models import Event

pytestmark = pytest.mark.django_db

STANDINGS_HEADER = ["Platz", "Startnummer", "Name", "D1", "D2", "Gesamt"]
CASH_HEADER = ["Startnummer", "Name", "Startgeld", "Bezahlt", "Verlorene Spiele",
               "Verlustgeld", "Offen"]
SHEETS = ["Einzel", "Paare", "Sitzplan", "Spiele", "Kasse", "Preise", "Stand", "Ausgaben"]


@pytest.fixture
def totals_event():
    """Singles 1, 2, 3 and pairs 4, 5 in round totals, two rounds; round 2's pairs table is
    handed in, not confirmed, so it does not count."""
    event = make_event(scoring_mode=Event.ScoringMode.TOTALS, round_count=2)
    one, two, three = (make_entry(event, n) for n in (1, 2, 3))
    four, five = (make_entry(event, n, f"Paar {n}", partner=f"Partner {n}") for n in (4, 5))
    totals_sheet(event, 1, 1, [(one, 500, 0), (two, 300, 1), (three, -200, 1)])
    totals_sheet(event, 1, 2, [(four, 700, 0), (five, 100, 2)])
    totals_sheet(event, 2, 1, [(one, 100, 1), (two, 400, 0), (three, 200, 0)])
    totals_sheet(event, 2, 2, [(four, 300, 0), (five, 200, 1)],
                 status=ScoreSheet.Status.SUBMITTED)
    return event


@pytest.fixture
def points_event():
    """Singles 1, 2, 3 writing each game's points, one round: a game won by 1 (260, 140, 90),
    one lost by 3 (50, 100, −600); a second table's game on a sheet in progress, not counted."""
    event = make_event(scoring_mode=Event.ScoringMode.POINTS, round_count=1)
    parties = [make_entry(event, n) for n in (1, 2, 3)]
    sheet = sheet_for(event, 1, parties, 1)
    written_game(sheet, 1, parties, [260, 140, 90], declarer=0)
    written_game(sheet, 2, parties, [50, 100, -600], declarer=2)
    others = [make_entry(event, n) for n in (4, 5, 6)]
    open_sheet = sheet_for(event, 1, others, 2, status=ScoreSheet.Status.IN_PROGRESS)
    written_game(open_sheet, 1, others, [300, 0, 0], declarer=0)
    return event


def test_round_totals_fill_the_games_sheet_with_a_row_per_party_and_sheet(totals_event):
    book = open_workbook(event_workbook(totals_event))
    assert book.sheetnames == SHEETS
    assert values(book["Spiele"]) == [
        ["Durchgang", "Tisch", "Startnummer", "Summe", "Verlorene Spiele"],
        [1, 1, 1, 500, 0], [1, 1, 2, 300, 1], [1, 1, 3, -200, 1],
        [1, 2, 4, 700, 0], [1, 2, 5, 100, 2],
        [2, 1, 1, 100, 1], [2, 1, 2, 400, 0], [2, 1, 3, 200, 0],
    ]


def test_round_totals_keep_the_standings_sheets_and_the_kasse_in_form(totals_event):
    book = open_workbook(event_workbook(totals_event))
    singles = values(book["Einzel"])
    assert singles == [
        STANDINGS_HEADER,
        [1, 2, "Spieler 2", 300, 400, 700],
        [2, 1, "Spieler 1", 500, 100, 600],
        [3, 3, "Spieler 3", -200, 200, 0],
    ]
    assert values(book["Paare"]) == [
        STANDINGS_HEADER,
        [1, 4, "Paar 4 / Partner 4", 700, None, 700],
        [2, 5, "Paar 5 / Partner 5", 100, None, 100],
    ]
    cash = values(book["Kasse"])
    assert cash[0] == CASH_HEADER
    assert {row[0]: row[4] for row in cash[1:]} == {1: 1, 2: 1, 3: 1, 4: 0, 5: 2}


def test_the_games_sheet_of_round_totals_adds_up_to_the_standings(totals_event):
    book = open_workbook(event_workbook(totals_event))
    summed: dict[int, int] = {}
    for _round, _table, number, total, _lost in values(book["Spiele"])[1:]:
        summed[number] = summed.get(number, 0) + total
    ranked = values(book["Einzel"])[1:] + values(book["Paare"])[1:]
    assert summed == {row[1]: row[-1] for row in ranked}


def test_points_as_written_fill_the_games_sheet_without_bid_melds_or_tricks(points_event):
    book = open_workbook(event_workbook(points_event))
    assert book.sheetnames == SHEETS
    assert values(book["Spiele"]) == [
        ["Durchgang", "Tisch", "Spiel", "Startnummer", "Alleinspieler", "Punkte"],
        [1, 1, 1, 1, "ja", 260], [1, 1, 1, 2, "nein", 140], [1, 1, 1, 3, "nein", 90],
        [1, 1, 2, 1, "nein", 50], [1, 1, 2, 2, "nein", 100], [1, 1, 2, 3, "ja", -600],
    ]
    assert values(book["Einzel"])[0] == ["Platz", "Startnummer", "Name", "D1", "Gesamt"]
    assert values(book["Kasse"])[0] == CASH_HEADER
