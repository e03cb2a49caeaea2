"""The AKS Heroldstatt house rule in Chromium: all three players of a table confirm the handed-in
sheet on the scorekeeper's phone, each by tapping their own start number and the sentence; the
organisers' confirmation waits for the third, then goes through (issue 26, item 4)."""

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

from scoring.audit import SheetAction
from scoring.models import ScoreSheet, SheetConfirmation
from scoring.rules import AKS_HEROLDSTATT, RULES
from scoring.services import save_sheet_rows
from tests.e2e.conftest import logged_in_page
from tests.e2e.scoresheet import fill, link, wait_until
from tests.factories import (
    make_entry,
    make_event,
    make_role,
    make_round,
    make_sheet,
    make_table,
    make_user,
)

pytestmark = pytest.mark.django_db(transaction=True)

GAMES = 3
ROW = {"bid": 150, "declarer": 0, "melds": [0, 0, 0], "tricks": [250, 0, 0]}
PEOPLE = ((12, "Anna Rapp"), (15, "Otto Walz"), (21, "Hans Maier"))


@pytest.fixture
def sheet():
    """A handed-in sheet of an AKS Heroldstatt event (every game entered)."""
    event = make_event(slug="heroldstatt", rules=RULES[AKS_HEROLDSTATT].as_dict(),
                       games_per_round=GAMES)
    entries = [make_entry(event, number, name) for number, name in PEOPLE]
    sheet = make_sheet(make_table(make_round(event), entries))
    result = save_sheet_rows(sheet=sheet, base_version=0,
                             rows=dict.fromkeys(range(1, GAMES + 1), ROW), hand_in=True)
    assert result.handed_in
    return sheet


def organiser_page(browser, live_server, event) -> Page:
    """A page logged in as the organiser of ``event``."""
    organiser = make_user()
    make_role(event, organiser)
    return logged_in_page(browser, live_server, organiser)


def tap(phone: Page, number: int, name: str) -> None:
    """A player taps their own number, then the sentence that confirms."""
    section = phone.locator("#confirm")
    section.locator("summary", has_text=f"Nr. {number} {name}").click()
    section.get_by_role(
        "button", name=f"Ich, Nr. {number} {name}, bestätige die Spiele dieses Blatts"
    ).click()


def test_three_players_confirm_on_the_phone_then_the_organisers(
    live_server, browser, phone, sheet, screenshot
):
    phone.goto(link(live_server, sheet))
    section = phone.locator("#confirm")
    expect(section.locator("[data-confirm-count]")).to_have_text("0 von 3 bestätigt")
    expect(section).to_contain_text("Nach den Hausregeln bestätigen alle Spieler")

    tap(phone, 12, "Anna Rapp")
    expect(section.locator("[data-confirm-said]")).to_have_text(
        "Danke, Nr. 12 Anna Rapp: Ihre Bestätigung ist gespeichert."
    )
    expect(section.locator("[data-confirm-count]")).to_have_text("1 von 3 bestätigt")
    tap(phone, 15, "Otto Walz")
    expect(section.locator("[data-confirm-count]")).to_have_text("2 von 3 bestätigt")
    expect(section.locator(".signer.confirmed")).to_have_count(2)

    # the organisers cannot confirm yet: the third player is missing
    desk = organiser_page(browser, live_server, sheet.table.round.event)
    table = sheet.table
    sheet_url = live_server.url + reverse("sheet-edit", kwargs={
        "slug": table.round.event.slug, "number": table.round.number, "table": table.number})
    desk.goto(sheet_url)
    expect(desk.locator("#confirm [data-confirm-count]")).to_have_text("2 von 3 bestätigt")
    desk.get_by_role("button", name="Spielzettel bestätigen").click()
    expect(desk.locator(".messages")).to_contain_text(
        "2 von 3 Spielern bestätigt; noch nicht: 21 Hans Maier"
    )
    sheet.refresh_from_db()
    assert sheet.status == ScoreSheet.Status.SUBMITTED

    tap(phone, 21, "Hans Maier")
    expect(section.locator("[data-confirm-count]")).to_have_text("3 von 3 bestätigt")
    expect(section.locator("form[data-player-confirm]")).to_have_count(0)
    screenshot(phone, "player-confirmations-phone")
    assert sorted(SheetConfirmation.objects.filter(sheet=sheet, voided_at__isnull=True)
                  .values_list("start_number", flat=True)) == [12, 15, 21]

    overview = live_server.url + reverse("round-sheets", kwargs={
        "slug": table.round.event.slug, "number": table.round.number})
    desk.goto(overview)
    expect(desk.locator("table.round-overview")).to_contain_text("3 von 3 bestätigt")
    desk.get_by_role("button", name="Den abgegebenen Spielzettel ohne Hinweis bestätigen").click()
    expect(desk.locator(".messages")).to_contain_text("Tisch 1")
    wait_until(desk, lambda: ScoreSheet.objects.get(pk=sheet.pk).status == "confirmed",
               "the sheet confirmed")
    desk.context.close()


def test_a_paper_sheet_typed_at_the_desk_is_signed_on_paper_and_confirmed(
    live_server, browser, screenshot
):
    """AKS rules: the desk types a paper sheet in, hands it in, records in one step that the
    three players signed the paper, and confirms it; no phone is involved."""
    event = make_event(slug="papier", rules=RULES[AKS_HEROLDSTATT].as_dict(),
                       games_per_round=GAMES)
    entries = [make_entry(event, number, name) for number, name in PEOPLE]
    sheet = make_sheet(make_table(make_round(event), entries))
    desk = organiser_page(browser, live_server, event)
    desk.goto(live_server.url + reverse("sheet-edit", kwargs={
        "slug": event.slug, "number": 1, "table": 1}))
    for number in range(1, GAMES + 1):
        fill(desk, number, (number - 1, 150, (0, 0, 0), (250, 0, 0)))
    desk.get_by_role("button", name="Speichern und abgeben").click()
    section = desk.locator("#confirm")
    expect(section.locator("[data-confirm-count]")).to_have_text("0 von 3 bestätigt")
    wait_until(desk, lambda: ScoreSheet.objects.get(pk=sheet.pk).status == "submitted",
               "the sheet handed in")
    section.get_by_role(
        "button", name="Alle Spieler haben auf Papier unterschrieben: eintragen"
    ).click()
    expect(desk.locator(".messages")).to_contain_text(
        "Eingetragen: 3 Spieler von Tisch 1 haben den Spielzettel auf Papier unterschrieben."
    )
    expect(section.locator("[data-confirm-count]")).to_have_text("3 von 3 bestätigt")
    screenshot(desk, "signed-on-paper")
    records = sheet.changes.filter(action=SheetAction.SIGNED_ON_PAPER)
    assert sorted(records.values_list("params__after__start_number", flat=True)) == [12, 15, 21]
    assert {record.user.username for record in records} == {"orga"}

    desk.get_by_role("button", name="Spielzettel bestätigen").click()
    expect(desk.locator(".messages")).to_contain_text("Der Spielzettel ist bestätigt.")
    wait_until(desk, lambda: ScoreSheet.objects.get(pk=sheet.pk).status == "confirmed",
               "the sheet confirmed")
    desk.context.close()
