"""Shared helpers of the export tests: the event they export, and a workbook read back with
openpyxl."""

import datetime
import io

import openpyxl

from scoring.demo import record_game
from scoring.models import ScoreSheet
from tests.factories import make_entry, make_event
from tests.scoring.games import CONCEDED, LOST, WON, sheet_for
from tournament.models import Event


def exported_event() -> Event:
    """Three singles (one with umlauts), two pairs, a stand-in single; two rounds.

    Round 1, table 1 (1, 2, 3): WON by 1 (210, 90, 90), CONCEDED by 1 (-250, 190, 150).
    Round 1, table 2 (pairs 4, 5): 5 declares 200, meld 60 + tricks 150: (100, 210);
    game 2: 4 declares a Durch and takes every trick: (1000, 0).
    Round 2, table 1 (1, 2, 6 stand-in): LOST by 1, 2 misplays: (-600, 0, 100).
    Round 2, table 2 (pairs): submitted only, so not counted: 5 declares 150 (0+130 -> 130).
    """
    event = make_event(name="Benefizbinokel Größingen", date=datetime.date(2026, 11, 21))
    one = make_entry(event, 1, "Hans Maier")
    two = make_entry(event, 2, "Jörg Häfele")
    three = make_entry(event, 3, "Anna Rapp")
    four = make_entry(event, 4, "Karl Weiß", partner="Rosi Weiß")
    five = make_entry(event, 5, "Otto Klotz", partner="Ute Klotz")
    six = make_entry(event, 6, "Ersatz Eins", is_stand_in=True)
    first = sheet_for(event, 1, [one, two, three], 1)
    record_game(sheet=first, number=1, **WON)
    record_game(sheet=first, number=2, **CONCEDED)
    pairs = sheet_for(event, 1, [four, five], 2)
    record_game(sheet=pairs, number=1, bid=200, declarer=1, melds=[0, 60], tricks=[100, 150])
    record_game(sheet=pairs, number=2, bid=150, declarer=0, melds=[0, 0], tricks=[250, 0],
                kind="durch")
    second = sheet_for(event, 2, [one, two, six], 1)
    record_game(sheet=second, number=1, revoked=1, **LOST)
    unconfirmed = sheet_for(event, 2, [four, five], 2, status=ScoreSheet.Status.SUBMITTED)
    record_game(sheet=unconfirmed, number=1, bid=150, declarer=1, melds=[0, 0],
                tricks=[120, 130])
    return event


def open_workbook(content: bytes):
    return openpyxl.load_workbook(io.BytesIO(content))


def values(sheet) -> list[list]:
    return [list(row) for row in sheet.iter_rows(values_only=True)]
