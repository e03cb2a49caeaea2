"""Shared test data of scoring: three-singles hands of docs/rules.md "Worked examples" with the
points worked out there, and a sheet at a table, in a given state, to record them on."""

from scoring.models import ScoreSheet
from tests.factories import make_round, make_sheet, make_table

# Three-singles hands of docs/rules.md "Worked examples", with the points worked out there.
WON = {"bid": 200, "declarer": 0, "melds": [80, 20, 40], "tricks": [130, 70, 50]}
WON_POINTS = (210, 90, 90)
LOST = {"bid": 300, "declarer": 0, "melds": [120, 0, 60], "tricks": [170, 45, 35]}
LOST_POINTS = (-600, 50, 100)
CONCEDED = {"bid": 250, "declarer": 0, "melds": [80, 60, 20], "tricks": None, "kind": "conceded"}
CONCEDED_POINTS = (-250, 190, 150)


def sheet_for(event, round_number, entries, number, status=ScoreSheet.Status.CONFIRMED):
    """The sheet of a new table ``number`` of round ``round_number``, set to ``status``."""
    sheet = make_sheet(make_table(make_round(event, round_number), entries, number=number))
    ScoreSheet.objects.filter(pk=sheet.pk).update(status=status)
    return sheet


def round_tied_at_fifth(event):
    """Nine singles (start numbers 1–9) at three tables of round 1, every sheet confirmed: 210
    for 1 and 7, 190 for 5, 150 for 6, 90 for 2, 3, 8 and 9 (four share 5th place), -250 for 4.
    """
    from scoring.demo import record_game
    from tests.factories import make_entry

    entries = [make_entry(event, number, f"Spieler {number}") for number in range(1, 10)]
    for index, game in enumerate((WON, CONCEDED, WON)):
        sheet = sheet_for(event, 1, entries[3 * index : 3 * index + 3], index + 1)
        record_game(sheet=sheet, number=1, **game)
    return entries
