"""The blank score sheets of an event kept in points per game (``scoring.views.printouts``):
one sheet per table with a row per game (its dealer, a box for the declarer's column), one
numbered points column per party, the Summe row and one signature line per seated player; no
bid, kind, meld or trick column."""

import re

import pytest
from django.urls import reverse

from tests.factories import make_entry, make_event
from tournament.models import Event, Table
from tournament.services import generate_plan

pytestmark = pytest.mark.django_db


def test_a_points_event_prints_a_points_column_per_party(client, organiser):
    event = make_event(organiser=organiser, scoring_mode=Event.ScoringMode.POINTS, round_count=1,
                       games_per_round=15)
    for number in range(1, 8):
        make_entry(event, number, f"Spielerin {number}")
    for number in (8, 9):
        make_entry(event, number, f"Anna {number}", partner=f"Otto {number}")
    generate_plan(event=event, seed=4)
    html = client.get(reverse("print-sheets", args=[event.slug])).content.decode()
    sheets = html.split('<section class="print-page score-sheet points-sheet')[1:]
    tables = list(Table.objects.filter(round__event=event).order_by("number"))
    assert len(sheets) == len(tables) == 3
    for sheet, table in zip(sheets, tables, strict=True):
        seats = list(table.seats.select_related("entry", "player"))
        parties = len({seat.entry_id for seat in seats})
        assert f"Tisch {table.number} · Durchgang 1" in sheet
        assert re.findall(r'<span class="column-no">(\d)</span>', sheet) == [
            str(n) for n in range(1, parties + 1)
        ]
        assert sheet.count("<tr>\n            <td class=\"num\">") == 15
        assert sheet.count('<td class="points"></td>') == 15 * parties
        assert sheet.count('<td class="points total"></td>') == parties
        assert "Summe" in sheet and "Spalte" in sheet
        assert sheet.count("Unterschrift ·") == len(seats)
        for absent in ("Reizwert", "Meldung", "Stiche", "Art"):
            assert f">{absent}<" not in sheet
