"""Printouts of the seating plan (``tournament.views.printouts``): plan, lists, table cards, blank
score sheets, running slips."""

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.contrib.staticfiles import finders
from django.urls import reverse

from tests.factories import make_entry, make_event, make_role
from tournament.models import Event, Seat, Table
from tournament.services import generate_plan

pytestmark = pytest.mark.django_db

PRINTOUTS = [
    "print-plan",
    "print-numbers",
    "print-names",
    "print-cards",
    "print-sheets",
    "print-slips",
]
SINGLES = [
    "Hans Maier", "Änne Bauer", "Zita Ohm", "Bernd Rapp", "Otto Ulm", "Ute Walz", "Egon Seeger"
]
PAIRS = [("Inge Klotz", "Karl Klotz"), ("Rosi Nägele", "Paul Nägele")]


class Cells(HTMLParser):
    """Rows of <td>/<th> texts of the tables (or elements) with a given class, per section."""

    def __init__(self, table_class: str) -> None:
        super().__init__()
        self.table_class = table_class
        self.depth = 0  # >0 while inside a wanted table
        self.tables: list[list[list[str]]] = []
        self.row: list[str] | None = None
        self.cell: list[str] | None = None

    def handle_starttag(self, tag, attrs):
        classes = (dict(attrs).get("class") or "").split()
        if tag == "table" and (self.depth or self.table_class in classes):
            if not self.depth:
                self.tables.append([])
            self.depth += 1
        elif self.depth and tag == "tr":
            self.row = []
        elif self.depth and tag in {"td", "th"}:
            self.cell = []

    def handle_endtag(self, tag):
        if tag == "table" and self.depth:
            self.depth -= 1
        elif self.depth and tag in {"td", "th"} and self.cell is not None:
            self.row.append(" ".join("".join(self.cell).split()))
            self.cell = None
        elif self.depth and tag == "tr" and self.row is not None:
            self.tables[-1].append(self.row)
            self.row = None

    def handle_data(self, data):
        if self.cell is not None:
            self.cell.append(data)


def tables_in(html: str, table_class: str) -> list[list[list[str]]]:
    parser = Cells(table_class)
    parser.feed(html)
    return parser.tables


@pytest.fixture
def event() -> Event:
    event = make_event(name="Benefizbinokel Wendlingen")
    for number, name in enumerate(SINGLES, start=1):
        make_entry(event, number, name)
    for number, (name, partner) in enumerate(PAIRS, start=len(SINGLES) + 1):
        make_entry(event, number, name, partner=partner)
    generate_plan(event=event, seed=4)
    return event


def seat_names(table: Table) -> list[str]:
    return [seat.player.name for seat in table.seats.select_related("player")]


@pytest.mark.parametrize("name", PRINTOUTS)
def test_printouts_require_login(client, event, name):
    response = client.get(reverse(name, args=[event.slug]))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


@pytest.mark.parametrize("name", PRINTOUTS)
def test_printout_renders_every_player_with_a_print_button(client, organiser, event, name):
    make_role(event, organiser)
    response = client.get(reverse(name, args=[event.slug]))
    assert response.status_code == 200
    html = response.content.decode()
    assert "Drucken" in html and "data-print" in html and "print.js" in html
    assert "page-break" in html or name in {"print-numbers", "print-names"}
    for player in [*SINGLES, *(name for pair in PAIRS for name in pair)]:
        assert player in html


def test_plan_printout_lists_seats_in_order_per_round(client, organiser, event):
    make_role(event, organiser)
    html = client.get(reverse("print-plan", args=[event.slug])).content.decode()
    assert html.count('class="print-page') == 3
    assert "gibt" in html and "schreibt" in html
    printed = tables_in(html, "plan-print")
    assert len(printed) == 3
    for round_number, rows in enumerate(printed, start=1):
        body = rows[1:]  # the first row is the head
        tables = Table.objects.filter(round__event=event, round__number=round_number)
        assert len(body) == tables.count()
        for row, table in zip(body, tables, strict=True):
            assert row[0] == str(table.number)
            seats = list(table.seats.select_related("entry", "player"))
            for cell, seat in zip(row[1:], seats, strict=False):
                assert str(seat.entry.start_number) in cell and seat.player.name in cell
            if table.kind == Table.Kind.THREE_SINGLES:
                assert row[4] == "—"
            if table.kind == Table.Kind.TWO_PAIRS:
                assert [cell.split()[0] for cell in row[1:]] == ["A1", "B1", "A2", "B2"]


def test_one_round_only(client, organiser, event):
    make_role(event, organiser)
    html = client.get(reverse("print-plan", args=[event.slug]) + "?durchgang=2").content.decode()
    assert "Durchgang 2" in html and "Durchgang 1" not in html and "Durchgang 3" not in html
    html = client.get(reverse("print-plan", args=[event.slug]) + "?durchgang=x").content.decode()
    assert "Durchgang 1" in html and "Durchgang 3" in html


def placements(event: Event) -> dict[int, dict[int, tuple[int, list[tuple[int, str]]]]]:
    """player pk → round number → (table number, [(position, player name)])"""
    result: dict = {}
    for seat in Seat.objects.filter(table__round__event=event).select_related(
        "table__round", "player"
    ):
        result.setdefault(seat.player_id, {})[seat.table.round.number] = (
            seat.table.number,
            seat.position,
            seat.table.kind,
        )
    return result


LABELS = {"pairs": ["A1", "B1", "A2", "B2"]}


def test_list_by_start_number(client, organiser, event):
    make_role(event, organiser)
    html = client.get(reverse("print-numbers", args=[event.slug])).content.decode()
    assert "Wo sitze ich?" in html and "nach Startnummer sortiert" in html
    rows = tables_in(html, "list-print")[0]
    assert rows[0] == ["Nr.", "Name", "Durchgang 1", "Durchgang 2", "Durchgang 3"]
    body = rows[1:]
    assert [row[0] for row in body] == [str(n) for n in range(1, 10)]
    assert body[0][1] == "Hans Maier" and body[7][1] == "Inge Klotz / Karl Klotz"
    where = placements(event)
    for row, entry in zip(body, event.entries.order_by("start_number"), strict=True):
        for round_number in (1, 2, 3):
            table, position, kind = where[entry.player_id][round_number]
            if kind == "pairs":
                _, partner_position, _ = where[entry.partner_id][round_number]
                labels = LABELS["pairs"]
                seat = f"{labels[position - 1]} + {labels[partner_position - 1]}"
            else:
                seat = str(position)
            assert row[1 + round_number] == f"Tisch {table}, Platz {seat}"


def test_list_by_name_sorts_umlauts_and_lists_both_partners(client, organiser, event):
    make_role(event, organiser)
    html = client.get(reverse("print-names", args=[event.slug])).content.decode()
    assert "nach Namen sortiert" in html
    body = tables_in(html, "list-print")[0][1:]
    names = [row[0] for row in body]
    everyone = [*SINGLES, *(name for pair in PAIRS for name in pair)]
    assert sorted(names) == sorted(everyone)
    assert names[:2] == ["Änne Bauer", "Bernd Rapp"]  # Ä sorts as A
    assert names.index("Rosi Nägele") < names.index("Ute Walz")
    where = placements(event)
    players = {seat.player.name: seat.player_id for seat in Seat.objects.select_related("player")}
    for row in body:
        for round_number in (1, 2, 3):
            table, position, kind = where[players[row[0]]][round_number]
            label = LABELS["pairs"][position - 1] if kind == "pairs" else str(position)
            assert row[1 + round_number] == f"Tisch {table}, Platz {label}"


def test_table_cards_mark_dealer_and_scorekeeper(client, organiser, event):
    make_role(event, organiser)
    html = client.get(reverse("print-cards", args=[event.slug])).content.decode()
    tables = Table.objects.filter(round__event=event)
    cards = html.split('<article class="table-card">')[1:]
    assert len(cards) == tables.count()
    for card, table in zip(cards, tables, strict=True):
        assert f"Tisch {table.number}" in card and f"Durchgang {table.round.number}" in card
        items = re.findall(r"<li>(.*?)</li>", card, re.S)
        assert len(items) == table.seat_count
        names = seat_names(table)
        for position, (item, name) in enumerate(zip(items, names, strict=True), start=1):
            assert name in item
            assert ("gibt" in item) == (position == 1)
            assert ("schreibt" in item) == (position == 3)
    # two cards a page, every round on a new page: 3 rounds of 4 tables → 6 pages
    assert html.count('class="print-page card-page') == 6


def test_blank_score_sheets_prefill_the_dealer_of_every_game(client, organiser, event):
    make_role(event, organiser)
    response = client.get(reverse("print-sheets", args=[event.slug]) + "?durchgang=1")
    html = response.content.decode()
    assert "A4 quer, ein Spielzettel pro Seite" in html
    # landscape from a stylesheet of its own: the Content-Security-Policy blocks inline <style>
    assert "tournament/print-landscape.css" in html and "<style" not in html
    landscape = Path(finders.find("tournament/print-landscape.css")).read_text()
    assert "size: A4 landscape" in landscape
    sheets = tables_in(html, "sheet-table")
    tables = list(Table.objects.filter(round__event=event, round__number=1))
    assert len(sheets) == len(tables)
    parties = {"three": 3, "four": 4, "pairs": 2}
    for rows, table in zip(sheets, tables, strict=True):
        head, sub, games, total = rows[0], rows[1], rows[2:-1], rows[-1]
        assert head[:6] == ["Spiel", "Geber", "Alleinspieler", "Reizwert", "Art", "Verworfen"]
        assert len(head) - 6 == parties[table.kind]
        assert sub == ["Gemeldet", "Stiche", "Punkte"] * parties[table.kind]
        assert len(games) == event.games_per_round == 12
        names = seat_names(table)
        for number, row in enumerate(games, start=1):
            assert row[0] == str(number)
            assert row[1].endswith(names[(number - 1) % len(names)])
            assert "gespielt" in row[4] and "abgeschrieben" in row[4] and "Durch" in row[4]
            assert len(row) == 6 + 3 * parties[table.kind]
        # the Summe row begins with the note on how to fill the sheet in
        assert total[0].startswith("Art: Zutreffendes") and total[1] == "Summe"
        assert len(total) == 2 + 3 * parties[table.kind]


def test_score_sheets_name_the_pairs(client, organiser, event):
    make_role(event, organiser)
    html = client.get(reverse("print-sheets", args=[event.slug])).content.decode()
    assert "Paar 8" in html and "Inge Klotz / Karl Klotz" in html
    assert html.count('class="print-page score-sheet') == Table.objects.filter(
        round__event=event
    ).count()


def test_running_slips_give_each_entry_its_tables(client, organiser, event):
    make_role(event, organiser)
    html = client.get(reverse("print-slips", args=[event.slug])).content.decode()
    slips = html.split('<article class="slip">')[1:]
    assert len(slips) == event.entries.count()
    where = placements(event)
    for slip, entry in zip(slips, event.entries.order_by("start_number"), strict=True):
        assert entry.name in slip
        rows = tables_in(f"<table class='slip-table'>{slip}", "slip-table")[0][1:]
        assert [row[0] for row in rows] == ["1", "2", "3"]
        for row in rows:
            table, position, _ = where[entry.player_id][int(row[0])]
            assert row[1] == str(table)
            assert ("gibt zuerst" in row[3]) == (position == 1)
    assert html.count('class="print-page slip-page') == 2  # 9 entries, six a page


def test_printout_without_a_plan(client, organiser):
    event = make_event(organiser=organiser)
    response = client.get(reverse("print-cards", args=[event.slug]))
    assert response.status_code == 200
    assert "Noch kein Sitzplan." in response.content.decode()


def test_qr_include_point_is_rendered_on_cards_and_sheets(client, organiser, event):
    """The score-entry QR code goes into templates/tournament/print/_sheet_qr.html."""
    make_role(event, organiser)
    for name in ("print-cards", "print-sheets"):
        html = client.get(reverse(name, args=[event.slug])).content.decode()
        assert html.count('<div class="qr">') == Table.objects.filter(round__event=event).count()
