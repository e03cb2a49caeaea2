"""The blank score sheets of an event kept in round totals (``scoring.views.printouts``): one
totals slip per table, three to an A4 page and every round on a new page, each with the table's
parties, a total box and a lost-games box per party, one signature line per seated player and
the table's sheet code; an event of every game keeps its game sheets."""

import math
import re

import pytest
from django.urls import reverse

from scoring.models import ScoreSheet
from scoring.views.printouts import SLIPS_PER_PAGE
from tests.factories import make_entry, make_event, make_role
from tournament.models import Event, Table
from tournament.services import generate_plan

pytestmark = pytest.mark.django_db


def seated(scoring_mode: str) -> Event:
    """Ten singles and four pairs, two rounds: 3, 3 and 4 singles and two pairs tables."""
    event = make_event(scoring_mode=scoring_mode, round_count=2)
    for number in range(1, 11):
        make_entry(event, number, f"Spielerin {number}")
    for number in range(11, 15):
        make_entry(event, number, f"Anna {number}", partner=f"Otto {number}")
    generate_plan(event=event, seed=4)
    return event


def slips(html: str) -> list[str]:
    return html.split('<article class="totals-slip">')[1:]


def test_a_totals_event_prints_a_slip_per_table_three_to_a_page(client, organiser):
    event = seated(Event.ScoringMode.TOTALS)
    make_role(event, organiser)
    html = client.get(reverse("print-sheets", args=[event.slug])).content.decode()
    assert "score-sheet" not in html and "sheet-table" not in html
    assert "A4 hoch, 3 Summenzettel pro Seite" in html
    tables = list(Table.objects.filter(round__event=event).order_by("round__number", "number"))
    printed = slips(html)
    assert len(printed) == len(tables) == 2 * 5
    pages = sum(math.ceil(5 / SLIPS_PER_PAGE) for _round in range(2))
    assert html.count('class="print-page totals-page') == pages == 4
    for slip, table in zip(printed, tables, strict=True):
        assert f"Tisch {table.number} · Durchgang {table.round.number}" in slip
        seats = list(table.seats.select_related("entry", "player"))
        parties = {seat.entry for seat in seats}
        assert len(parties) == (2 if table.kind == Table.Kind.TWO_PAIRS else len(seats))
        for entry in parties:
            assert f'<td class="num party-no">{entry.start_number}</td>' in slip
            assert f'<td class="party-name">{entry.name}</td>' in slip
        assert slip.count('<td class="box"></td>') == 2 * len(parties)
        assert "Summe" in slip and "Verlorene Spiele als Alleinspieler" in slip
        signers = re.findall(r'Unterschrift · <span class="no">(\d+)</span> ([^<]+)</span>', slip)
        assert sorted((int(n), name.strip()) for n, name in signers) == sorted(
            (seat.entry.start_number, seat.player.name) for seat in seats
        )
        sheet = ScoreSheet.objects.get(table=table)
        assert f"/zettel/{sheet.token}/" not in slip  # the link is in the code, not as text
        assert slip.count("<svg") == 1


def test_a_totals_event_prints_one_round_only(client, organiser):
    event = seated(Event.ScoringMode.TOTALS)
    make_role(event, organiser)
    html = client.get(reverse("print-sheets", args=[event.slug]) + "?durchgang=2").content
    html = html.decode()
    assert len(slips(html)) == 5 and "Durchgang 1" not in html


def test_an_event_of_every_game_keeps_its_game_sheets(client, organiser):
    event = seated(Event.ScoringMode.GAMES)
    make_role(event, organiser)
    html = client.get(reverse("print-sheets", args=[event.slug])).content.decode()
    assert not slips(html)
    assert html.count('class="print-page score-sheet') == 10
