"""The printed score sheets of an event kept in points per game (issue 37): Chromium prints the
blank sheets to PDF, and each table's sheet is one A4 page that holds every game with its
dealer, a box for the declarer's column and one points column per party, the Summe row and one
signature line per seated player, for a three-table, a four-table of singles and a pairs table,
at 12, 15 and 16 games a round. The PDF's text is read back (pypdf) page by page."""

import io
import re

import pytest
from django.urls import reverse
from pypdf import PdfReader

from scoring.rules import AKS_HEROLDSTATT, RULES
from tests.e2e.conftest import ARTIFACTS, logged_in_page
from tests.factories import make_entry, make_event, make_user
from tournament.models import Event, Seat, Table
from tournament.services import generate_plan

pytestmark = pytest.mark.django_db(transaction=True)

PUBLIC_URL = "http://192.168.1.20:8000"


@pytest.fixture
def organiser(db):
    return make_user("orga")


@pytest.fixture
def organiser_page(browser, live_server, settings, organiser):
    """A browser logged in as ``organiser``; the test makes the event it organises."""
    settings.PUBLIC_URL = PUBLIC_URL
    page = logged_in_page(browser, live_server, organiser)
    yield page
    page.context.close()


def seated_event(games: int, organiser) -> Event:
    """Seven singles (long names, as clubs have them) and two pairs: one round of three tables,
    3 singles, 4 singles and 2 pairs."""
    event = make_event(
        organiser=organiser, slug=f"punkte-{games}", scoring_mode=Event.ScoringMode.POINTS,
        rules=RULES[AKS_HEROLDSTATT].as_dict(), games_per_round=games, round_count=1,
    )
    for number in range(1, 8):
        make_entry(event, number, f"Maria-Magdalena Schwarzenberger-Hohenlohe {number}")
    make_entry(event, 8, "Inge Klotz-Wannenmacher", partner="Karl-Heinz Klotz-Wannenmacher")
    make_entry(event, 9, "Rosemarie Nägele", partner="Friedrich-Wilhelm Nägele")
    generate_plan(event=event, seed=4)
    return event


def page_texts(pdf: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages]


def game_numbers(text: str, games: int) -> list[int]:
    """The game numbers that begin a line of the sheet's rows, in order: after the table's head
    (the rows start after its last line), each row's first cell is its number, then the
    dealer's seat label."""
    rows = text[text.index("(Spalte)"):text.rindex("Summe")]
    rows = rows[rows.index("\n1 "):]
    return [
        int(number) for number in re.findall(r"^(\d{1,2})\s+[AB]?\d\s", rows, flags=re.MULTILINE)
        if 1 <= int(number) <= games
    ]


@pytest.mark.parametrize("games", [12, 15, 16])
def test_every_tables_points_sheet_prints_on_one_page_with_summe_and_signatures(
    organiser_page, organiser, live_server, games
):
    event = seated_event(games, organiser)
    tables = list(Table.objects.filter(round__event=event).order_by("number"))
    seats = {table.number: Seat.objects.filter(table=table).count() for table in tables}
    assert sorted(seats.values()) == [3, 4, 4]  # 3 singles, 2 pairs, 4 singles
    parties = {
        table.number: len(set(Seat.objects.filter(table=table).values_list("entry", flat=True)))
        for table in tables
    }
    assert sorted(parties.values()) == [2, 3, 4]
    page = organiser_page
    page.goto(live_server.url + reverse("print-sheets", args=[event.slug]))
    page.emulate_media(media="print")
    pdf = page.pdf(format="A4", print_background=True, prefer_css_page_size=True)
    if games == 16:
        ARTIFACTS.mkdir(exist_ok=True)
        (ARTIFACTS / "printed-points-sheets-16.pdf").write_bytes(pdf)
    texts = page_texts(pdf)
    assert len(texts) == len(tables), "each sheet is exactly one page"
    for table, text in zip(tables, texts, strict=True):
        where = f"table {table.number}, {games} games"
        assert f"Tisch {table.number}" in text, where
        assert "Summe" in text and "Alleinspieler (Spalte)" in text, where
        assert "Reizwert" not in text and "Stiche" not in text, where
        assert text.count("Unterschrift ·") == seats[table.number], where
        assert game_numbers(text, games) == list(range(1, games + 1)), where
    for sheet in page.locator("section.score-sheet").all():
        overflow = sheet.evaluate("el => el.scrollHeight - el.clientHeight")
        assert overflow <= 1, f"{overflow} px cut off"
        columns = sheet.locator("thead .column-no").all_inner_texts()
        assert columns == [str(n) for n in range(1, len(columns) + 1)]
        assert sheet.locator("tfoot td.total").count() == len(columns)
