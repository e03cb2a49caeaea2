"""The rules sheet for every table (Merkblatt) on paper: Chromium prints it to PDF with one A4
page per table of the plan (the whole sheet fits its page, also with the AKS rules' longer
scoring section and eight Tens), and its QR code reads back as the event's public rules page
under PUBLIC_URL."""

import io
import re

import pytest
import zxingcpp
from django.urls import reverse
from PIL import Image

from scoring.rules import AKS_HEROLDSTATT, BSV_ENNAHOFEN, EJL, RULES
from tests.e2e.conftest import logged_in_page
from tests.factories import make_entry, make_event
from tournament.models import Table
from tournament.services import generate_plan

pytestmark = pytest.mark.django_db(transaction=True)

PUBLIC_URL = "http://192.168.1.20:8000"


@pytest.fixture
def organiser_page(browser, live_server, settings, organiser):
    settings.PUBLIC_URL = PUBLIC_URL
    page = logged_in_page(browser, live_server, organiser, device_scale_factor=2)
    yield page
    page.context.close()


@pytest.mark.parametrize("name", [EJL, AKS_HEROLDSTATT, BSV_ENNAHOFEN])
def test_the_rules_sheet_prints_one_page_per_table_with_the_rules_pages_code(
    organiser_page, organiser, live_server, screenshot, name
):
    rules = RULES[name]
    event = make_event(organiser=organiser, slug=f"regeln-{name}", rules=rules.as_dict(),
                       games_per_round=rules.games_per_round)
    for number in range(1, 10):
        make_entry(event, number)
    generate_plan(event=event, seed=4)
    tables = Table.objects.filter(round__event=event).values("number").distinct().count()
    page = organiser_page
    page.goto(live_server.url + reverse("print-merkblatt", args=[event.slug]))
    screenshot(page, f"merkblatt-{name}")
    page.emulate_media(media="print")
    pdf = page.pdf(format="A4", print_background=True, prefer_css_page_size=True)
    pages = len(re.findall(rb"/Type\s*/Page[^s]", pdf))
    assert pages == tables == 3

    sheet = page.locator("section.merkblatt").first
    # the sheet's content ends inside its page: nothing is cut off at the bottom
    overflow = sheet.evaluate("el => el.scrollHeight - el.clientHeight")
    assert overflow <= 1, f"{overflow} px cut off"
    codes = zxingcpp.read_barcodes(
        Image.open(io.BytesIO(sheet.locator(".qr").screenshot())),
        formats=zxingcpp.BarcodeFormat.QRCode,
    )
    assert [code.text for code in codes] == [f"{PUBLIC_URL}/turnier/{event.slug}/regeln/"]
