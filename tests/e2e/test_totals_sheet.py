"""A whole round kept in round totals in Chromium (issue 37): the organiser creates the event in
round totals on the new-event form and generates the plan (three tables of three); two
scorekeepers type their table's totals on their phones through the sheet links and hand them
in; the desk types the third with the keyboard alone; the organisers confirm the round; the
standings and the workbook then hold the typed totals.

At the desk the page opens with the cursor in the first total, Enter moves total → games lost →
the next party's total, and Enter in the last figure saves; a focused figure has its text
selected. The keys are counted and printed.

Each table's paper, per party in seating order (total, games lost as declarer); table 3 is the
desk's: party 1 scored 500 and lost no game as declarer, party 2 300 with one game lost, party 3
−200 with one game lost.
"""

from pathlib import Path

import openpyxl
import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

from scoring.models import RoundTotal, ScoreSheet
from scoring.services.sheets import sheet_parties
from tests.e2e.conftest import logged_in_page
from tests.e2e.scoresheet import link, wait_until
from tests.factories import make_club, make_entry, make_user
from tournament.models import Event

pytestmark = pytest.mark.django_db(transaction=True)

PHONE_PAPERS = {
    1: (("700", "0"), ("200", "1"), ("100", "0")),
    2: (("800", "0"), ("-60", "2"), ("400", "0")),
}
PAPER = (("500", "0"), ("300", "1"), ("-200", "1"))  # table 3, typed at the desk


def create_totals_event(desk: Page, base: str) -> Event:
    """The organiser creates a one-round event in round totals on the new-event form."""
    desk.goto(base + reverse("event-create"))
    desk.get_by_label("Name:", exact=True).fill("Summenbinokel Ennahofen")
    desk.get_by_label("Datum").fill("2026-12-05")
    desk.get_by_label("Durchgänge").fill("1")
    desk.get_by_label("Erfassung").select_option(label="Summen je Durchgang")
    desk.get_by_role("button", name="Turnier anlegen").click()
    expect(desk.get_by_role("heading", name="Summenbinokel Ennahofen")).to_be_visible()
    event = Event.objects.get(name="Summenbinokel Ennahofen")
    assert event.scoring_mode == "totals"
    return event


def hand_in_on_a_phone(phone: Page, url: str, paper) -> None:
    """A scorekeeper types the table's totals on the phone and hands the sheet in."""
    phone.goto(url)
    for index, (total, lost) in enumerate(paper):
        phone.locator(f"[name=p{index}-total]").fill(total)
        phone.locator(f"[name=p{index}-lost]").fill(lost)
    phone.get_by_role("button", name="Speichern und abgeben").click()
    expect(phone.locator(".messages")).to_contain_text("Der Spielzettel ist abgegeben.")


def type_at_the_desk(desk: Page, paper) -> int:
    """The desk types ``paper`` with digits and Enter alone, from the cursor the page puts in
    the first total; returns the keys pressed."""
    expect(desk.locator("[name=p0-total]")).to_be_focused()
    keys = 0
    for index, (total, lost) in enumerate(paper):
        if index:
            expect(desk.locator(f"[name=p{index}-total]")).to_be_focused()
        desk.keyboard.type(total)
        keys += len(total)
        desk.keyboard.press("Enter")
        keys += 1
        expect(desk.locator(f"[name=p{index}-lost]")).to_be_focused()
        desk.keyboard.type(lost)
        keys += len(lost)
        if index < len(paper) - 1:
            desk.keyboard.press("Enter")
            keys += 1
    desk.keyboard.press("Enter")  # in the last figure: saves
    keys += 1
    expect(desk.locator(".messages")).to_contain_text("Summen gespeichert.")
    return keys


def test_a_whole_round_in_round_totals(browser, live_server, phone, tmp_path: Path):
    base = live_server.url
    organiser = make_user()
    make_club(organiser=organiser)
    desk = logged_in_page(browser, live_server, organiser)
    event = create_totals_event(desk, base)
    for number in range(1, 10):
        make_entry(event, number, f"Spieler {number}")
    desk.goto(base + reverse("plan", kwargs={"slug": event.slug}))
    desk.get_by_role("button", name="Sitzplan erstellen").click()
    expect(desk.locator(".messages")).to_contain_text("Der Sitzplan wurde erstellt.")
    expect(desk.get_by_role("link", name="Summenzettel").first).to_be_visible()
    sheets = {sheet.table.number: sheet for sheet in ScoreSheet.objects.filter(
        table__round__event=event).select_related("table__round")}
    assert sorted(sheets) == [1, 2, 3]
    papers = {**PHONE_PAPERS, 3: PAPER}
    expected = {  # start number → (total, lost), from each table's parties in seating order
        party.start_number: (int(total), int(lost))
        for number, paper in papers.items()
        for party, (total, lost) in zip(sheet_parties(sheets[number]), paper, strict=True)
    }

    # two tables on phones, through their sheet links
    hand_in_on_a_phone(phone, link(live_server, sheets[1]), PHONE_PAPERS[1])
    other_phone = browser.new_context(locale="de-DE", viewport={"width": 375, "height": 740},
                                      is_mobile=True, has_touch=True).new_page()
    hand_in_on_a_phone(other_phone, link(live_server, sheets[2]), PHONE_PAPERS[2])
    other_phone.context.close()

    # the third at the desk, with the keyboard alone
    desk.goto(base + reverse("sheet-edit", kwargs={
        "slug": event.slug, "number": 1, "table": 3}))
    keys = type_at_the_desk(desk, PAPER)
    assert keys == 19
    print(f"desk, three-party totals sheet: {keys} keys")
    # the saved page opens with no empty total: a focused figure selects its text
    desk.locator("[name=p1-total]").focus()
    assert desk.evaluate(
        "document.activeElement.selectionStart === 0"
        " && document.activeElement.selectionEnd === document.activeElement.value.length"
    )
    desk.keyboard.type("300")  # replaces the selected 300
    assert desk.locator("[name=p1-total]").input_value() == "300"
    desk.get_by_role("button", name="Spielzettel bestätigen").click()
    wait_until(desk, lambda: ScoreSheet.objects.get(pk=sheets[3].pk).status == "confirmed",
               "table 3 confirmed")

    # the organisers confirm the two handed-in sheets from the round's overview
    desk.goto(base + reverse("round-sheets", kwargs={"slug": event.slug, "number": 1}))
    desk.get_by_role("button",
                     name="Alle 2 abgegebenen Spielzettel ohne Hinweis bestätigen").click()
    wait_until(desk, lambda: ScoreSheet.objects.filter(
        table__round__event=event, status="confirmed").count() == 3, "every sheet confirmed")
    assert {
        number: (total, lost)
        for number, total, lost in RoundTotal.objects.filter(
            sheet__table__round__event=event).values_list("entry__start_number", "total", "lost")
    } == expected

    # the standings rank the totals
    ranked = sorted(expected, key=lambda number: -expected[number][0])
    desk.goto(base + reverse("standings", kwargs={"slug": event.slug}))
    rows = desk.locator("table.standings tbody tr")
    expect(rows).to_have_count(9)
    for place, number in enumerate(ranked, start=1):
        cells = rows.nth(place - 1).locator("td")
        expect(cells.nth(0)).to_have_text(f"{place}.")
        expect(cells.nth(1)).to_have_text(str(number))
        expect(cells.last).to_have_text(str(expected[number][0]).replace("-", "−"))

    # the workbook holds what was typed
    with desk.expect_download() as download_info:
        desk.get_by_role(
            "link", name="Arbeitsmappe (Excel): Rangliste, Sitzplan und Spiele"
        ).click()
    path = tmp_path / download_info.value.suggested_filename
    download_info.value.save_as(path)
    book = openpyxl.load_workbook(path, read_only=True)
    games = list(book["Spiele"].iter_rows(values_only=True))
    assert games[0] == ("Durchgang", "Tisch", "Startnummer", "Summe", "Verlorene Spiele")
    assert {row[2]: (row[3], row[4]) for row in games[1:]} == expected
    assert [row[1] for row in games[1:]] == [1, 1, 1, 2, 2, 2, 3, 3, 3]
    singles = list(book["Einzel"].iter_rows(values_only=True))
    assert [(row[0], row[1], row[-1]) for row in singles[1:]] == [
        (place, number, expected[number][0]) for place, number in enumerate(ranked, start=1)
    ]
    desk.context.close()
