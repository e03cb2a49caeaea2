"""The printed totals slips of an event kept in round totals (issue 37): Chromium prints the
blank slips to PDF, three to an A4 page and every round on a new page, and the PDF's text is
read back (pypdf) page by page: each slip of a three-table, a four-table of singles and a pairs
table holds its table and round, every party's start number and name, the Summe and
lost-games columns and one signature line per seated player, with nothing cut off. A real
decoder (zxing-cpp) reads each slip's QR code back from a screenshot: its own sheet link."""

import io
import math
import re

import pytest
import zxingcpp
from django.urls import reverse
from PIL import Image
from playwright.sync_api import expect
from pypdf import PdfReader

from scoring.models import ScoreSheet
from scoring.views.printouts import SLIPS_PER_PAGE
from tests.e2e.conftest import ARTIFACTS, logged_in_page
from tests.factories import make_entry, make_event, make_role, make_user
from tournament.models import Event, Seat, Table
from tournament.services import generate_plan

pytestmark = pytest.mark.django_db(transaction=True)

PUBLIC_URL = "http://192.168.1.20:8000"
ROUNDS = 2


@pytest.fixture
def event() -> Event:
    """Ten singles (long names, as clubs have them) and four pairs, two rounds: per round three
    tables of singles (3, 3 and 4) and two pairs tables."""
    event = make_event(
        slug="summenzettel", scoring_mode=Event.ScoringMode.TOTALS, round_count=ROUNDS
    )
    for number in range(1, 11):
        make_entry(event, number, f"Maria-Magdalena Schwarzenberger-Hohenlohe {number}")
    make_entry(event, 11, "Inge Klotz-Wannenmacher", partner="Karl-Heinz Klotz-Wannenmacher")
    make_entry(event, 12, "Rosemarie Nägele", partner="Friedrich-Wilhelm Nägele")
    make_entry(event, 13, "Anna Rapp", partner="Otto Rapp")
    make_entry(event, 14, "Hilde Walz", partner="Theo Walz")
    generate_plan(event=event, seed=4)
    return event


@pytest.fixture
def organiser_page(browser, live_server, settings, event):
    """A browser logged in as the ``event``'s organiser."""
    settings.PUBLIC_URL = PUBLIC_URL
    organiser = make_user("orga")
    make_role(event, organiser)
    page = logged_in_page(browser, live_server, organiser, device_scale_factor=3)
    yield page
    page.context.close()


def flat(text: str) -> str:
    """The text on one line: a name the slip wraps (also after a hyphen) reads whole again."""
    return re.sub(r"-\s+", "-", " ".join(text.split()))


def test_every_tables_slip_prints_with_its_boxes_and_signatures_three_to_a_page(
    organiser_page, live_server, event
):
    tables = list(
        Table.objects.filter(round__event=event).order_by("round__number", "number")
    )
    per_round = [[t for t in tables if t.round.number == n] for n in range(1, ROUNDS + 1)]
    assert [sorted(t.kind for t in group) for group in per_round] == [
        ["four", "pairs", "pairs", "three", "three"]
    ] * ROUNDS
    page = organiser_page
    page.goto(live_server.url + reverse("print-sheets", args=[event.slug]))
    page.emulate_media(media="print")
    slips = page.locator("article.totals-slip")
    expect(slips).to_have_count(len(tables))
    pdf = page.pdf(format="A4", print_background=True, prefer_css_page_size=True)
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "printed-totals-slips.pdf").write_bytes(pdf)
    texts = [flat(p.extract_text()) for p in PdfReader(io.BytesIO(pdf)).pages]
    pages = [
        group[start : start + SLIPS_PER_PAGE]
        for group in per_round
        for start in range(0, len(group), SLIPS_PER_PAGE)
    ]
    assert len(texts) == len(pages) == ROUNDS * math.ceil(5 / SLIPS_PER_PAGE) == 4
    for text, on_page in zip(texts, pages, strict=True):
        assert text.count("Summenzettel") == len(on_page)
        # the total's column ("Summe"; the note under the boxes says "Summe des Durchgangs")
        assert len(re.findall(r"\bSumme\b(?! des)", text)) == len(on_page)
        assert text.count("Verlorene Spiele als Alleinspieler") == len(on_page)
        seats = Seat.objects.filter(table__in=on_page).select_related("entry", "player")
        assert text.count("Unterschrift ·") == len(seats)
        for table in on_page:
            where = f"round {table.round.number}, table {table.number}"
            assert f"Tisch {table.number} · Durchgang {table.round.number}" in text, where
            for seat in seats:
                if seat.table_id == table.pk:
                    party = rf"\b{seat.entry.start_number} {re.escape(flat(seat.entry.name))}"
                    assert re.search(party, text), where
                    assert flat(seat.player.name) in text, where
    # measured at the printed width (A4 less the 12 mm margins: 186 mm, 703 px)
    page.set_viewport_size({"width": 703, "height": 1000})
    for index in range(slips.count()):
        overflow = slips.nth(index).evaluate("el => el.scrollHeight - el.clientHeight")
        assert overflow <= 1, f"slip {index + 1}: {overflow} px cut off"


def test_every_slip_carries_its_own_sheets_code(organiser_page, live_server, event):
    page = organiser_page
    page.emulate_media(media="print")
    page.goto(live_server.url + reverse("print-sheets", args=[event.slug]) + "?durchgang=1")
    expected = {
        sheet.table.number: f"{PUBLIC_URL}/zettel/{sheet.token}/"
        for sheet in ScoreSheet.objects.filter(table__round__event=event, table__round__number=1)
        .select_related("table")
    }
    slips = page.locator("article.totals-slip")
    expect(slips).to_have_count(len(expected))
    expect(page.locator(".public-url-warning")).to_have_count(0)
    decoded = {}
    for index in range(slips.count()):
        slip = slips.nth(index)
        number = int(re.search(r"Tisch (\d+)", slip.locator("h2").inner_text()).group(1))
        png = slip.screenshot()
        if index == 0:
            (ARTIFACTS / "codes-totals-slip.png").write_bytes(png)
        codes = zxingcpp.read_barcodes(
            Image.open(io.BytesIO(png)), formats=zxingcpp.BarcodeFormat.QRCode
        )
        assert [code.text for code in codes] == [expected[number]], f"table {number}"
        decoded[number] = codes[0].text
    assert set(decoded.values()) == set(expected.values())
