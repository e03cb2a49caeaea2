"""Every printed QR code works: Chromium renders the printouts that carry codes (table cards,
blank score sheets, the round's links and QR codes page) with print media, and a real decoder
(zxing-cpp) reads every code back from the screenshot.

Each card, sheet and grid cell is photographed on its own, so a code must decode to exactly its
own table's sheet link: under PUBLIC_URL, not the address the browser used. A code the page's
CSS crops (an SVG without a viewBox in a 24 mm box) does not decode.
"""

import io
import re

import pytest
import zxingcpp
from django.urls import reverse
from PIL import Image
from playwright.sync_api import expect

from scoring.models import ScoreSheet
from tests.e2e.conftest import ARTIFACTS, logged_in_page
from tests.factories import make_entry, make_event, make_role, make_user
from tournament.models import Event
from tournament.services import generate_plan

pytestmark = pytest.mark.django_db(transaction=True)

# a LAN address unlike the live server's 127.0.0.1/localhost, so a code built from the
# browser's address fails
PUBLIC_URL = "http://192.168.1.20:8000"
ROUNDS = 2


@pytest.fixture
def event() -> Event:
    """Seven singles and two pairs: three tables per round (3 singles, 4 singles, 2 pairs)."""
    event = make_event(name="Benefizbinokel Wendlingen", slug="wendlingen", round_count=ROUNDS)
    for number in range(1, 8):
        make_entry(event, number)
    make_entry(event, 8, "Inge Klotz", partner="Karl Klotz")
    make_entry(event, 9, "Rosi Nägele", partner="Paul Nägele")
    generate_plan(event=event, seed=4)
    return event


def sheet_links(event: Event) -> dict[tuple[int, int], str]:
    """(round, table) → the address its code must carry."""
    return {
        (sheet.table.round.number, sheet.table.number): f"{PUBLIC_URL}/zettel/{sheet.token}/"
        for sheet in ScoreSheet.objects.filter(table__round__event=event).select_related(
            "table__round"
        )
    }


@pytest.fixture
def organiser_page(browser, live_server, settings, event):
    """A browser logged in as the ``event``'s organiser, with PUBLIC_URL set and a sharp
    screenshot."""
    settings.PUBLIC_URL = PUBLIC_URL
    organiser = make_user("orga")
    make_role(event, organiser)
    page = logged_in_page(browser, live_server, organiser, device_scale_factor=3)
    yield page
    page.context.close()


def decode(locator, artifact: str | None = None) -> list[str]:
    """The texts of every QR code in a screenshot of the element."""
    png = locator.screenshot()
    if artifact:
        ARTIFACTS.mkdir(exist_ok=True)
        (ARTIFACTS / f"{artifact}.png").write_bytes(png)
    image = Image.open(io.BytesIO(png))
    codes = zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)
    return [code.text for code in codes]


def number_after(word: str, text: str) -> int:
    return int(re.search(rf"{word} (\d+)", text).group(1))


def test_table_cards_carry_their_own_sheets_code(organiser_page, live_server, event):
    page = organiser_page
    page.emulate_media(media="print")
    page.goto(live_server.url + reverse("print-cards", args=[event.slug]))
    expected = sheet_links(event)
    cards = page.locator("article.table-card")
    expect(cards).to_have_count(len(expected))
    expect(page.locator(".public-url-warning")).to_have_count(0)
    decoded = {}
    for index in range(cards.count()):
        card = cards.nth(index)
        key = (
            number_after("Durchgang", card.locator(".card-round").inner_text()),
            number_after("Tisch", card.locator(".card-table").inner_text()),
        )
        texts = decode(card, "codes-card" if index == 0 else None)
        assert texts == [expected[key]], f"table card of round {key[0]}, table {key[1]}"
        decoded[key] = texts[0]
    assert set(decoded.values()) == set(expected.values())


def test_printed_score_sheets_carry_their_own_sheets_code(organiser_page, live_server, event):
    page = organiser_page
    page.emulate_media(media="print")
    page.goto(live_server.url + reverse("print-sheets", args=[event.slug]))
    expected = sheet_links(event)
    sheets = page.locator("section.score-sheet")
    expect(sheets).to_have_count(len(expected))
    decoded = {}
    for index in range(sheets.count()):
        sheet = sheets.nth(index)
        title = sheet.locator("h1").inner_text()
        key = (number_after("Durchgang", title), number_after("Tisch", title))
        # the 24 mm code in the sheet's head
        texts = decode(sheet, "codes-sheet" if index == 0 else None)
        assert texts == [expected[key]], f"score sheet of round {key[0]}, table {key[1]}"
        decoded[key] = texts[0]
    assert set(decoded.values()) == set(expected.values())


def test_round_qr_page_carries_each_tables_code(organiser_page, live_server, event):
    page = organiser_page
    page.emulate_media(media="print")
    expected = sheet_links(event)
    decoded = {}
    for round_number in range(1, ROUNDS + 1):
        page.goto(live_server.url + reverse("round-qr", args=[event.slug, round_number]))
        cells = page.locator("ul.qr-grid > li")
        expect(cells).to_have_count(3)
        for index in range(cells.count()):
            cell = cells.nth(index)
            key = (round_number, number_after("Tisch", cell.locator("h2").inner_text()))
            assert cell.locator(".token-link").inner_text() == expected[key]
            texts = decode(cell, "codes-round-qr" if (round_number, index) == (1, 0) else None)
            assert texts == [expected[key]], f"round {key[0]}, table {key[1]}"
            decoded[key] = texts[0]
    assert set(decoded.values()) == set(expected.values())


def test_organiser_sheet_page_shows_the_code_on_screen(organiser_page, live_server, event):
    page = organiser_page
    sheet = ScoreSheet.objects.get(
        table__round__event=event, table__round__number=1, table__number=2
    )
    page.goto(live_server.url + reverse("sheet-edit", args=[event.slug, 1, 2]))
    details = page.locator("details.sheet-link")
    details.locator("summary").click()
    expect(details.locator("a.token-link")).to_have_text(f"{PUBLIC_URL}/zettel/{sheet.token}/")
    box = details.locator("svg.qr-code").bounding_box()
    assert 120 <= box["width"] <= 240 and box["width"] == pytest.approx(box["height"], abs=1)
    assert decode(details, "codes-organiser-sheet") == [f"{PUBLIC_URL}/zettel/{sheet.token}/"]


def test_loopback_warning_is_on_screen_but_not_on_paper(organiser_page, live_server, event,
                                                        settings):
    """Without PUBLIC_URL the live server's address (localhost) is a loopback one: the page
    warns on screen, and the printout stays clean."""
    settings.PUBLIC_URL = ""
    page = organiser_page
    page.goto(live_server.url + reverse("print-cards", args=[event.slug]))
    warning = page.locator(".public-url-warning")
    expect(warning).to_be_visible()
    expect(warning).to_contain_text(live_server.url.split("//")[1])
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "codes-loopback-warning.png"))
    page.emulate_media(media="print")
    expect(warning).to_be_hidden()
