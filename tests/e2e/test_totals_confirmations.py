"""A sheet kept in round totals in Chromium (issue 37): the scorekeeper hands it in on the phone,
the three players of the table confirm it there, each by tapping their own start number and the
sentence that names the totals (a plain form: the page comes back with the thanks); then the
organisers confirm it."""

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

from scoring.models import ScoreSheet, SheetConfirmation
from scoring.rules import AKS_HEROLDSTATT, RULES
from tests.e2e.conftest import logged_in_page
from tests.e2e.scoresheet import link, wait_until
from tests.factories import (
    make_entry,
    make_event,
    make_role,
    make_round,
    make_sheet,
    make_table,
    make_user,
)
from tournament.models import Event

pytestmark = pytest.mark.django_db(transaction=True)

PEOPLE = ((12, "Anna Rapp"), (15, "Otto Walz"), (21, "Hans Maier"))
PAPER = (("500", "0"), ("300", "1"), ("-200", "1"))


def tap(phone: Page, number: int, name: str) -> None:
    """A player taps their own number, then the sentence that confirms the totals."""
    section = phone.locator("#confirm")
    section.locator("summary", has_text=f"Nr. {number} {name}").click()
    section.get_by_role(
        "button",
        name=f"Ich, Nr. {number} {name}, bestätige die Summen dieses Blatts "
             "(Summe und verlorene Spiele jeder Partei)",
    ).click()
    expect(phone.locator(".messages")).to_contain_text(
        f"Danke, Nr. {number} {name}: Ihre Bestätigung ist gespeichert."
    )


def test_three_players_confirm_a_totals_sheet_on_the_phone(
    live_server, browser, phone, screenshot
):
    event = make_event(slug="gerstetten", scoring_mode=Event.ScoringMode.TOTALS,
                       rules=RULES[AKS_HEROLDSTATT].as_dict())
    entries = [make_entry(event, number, name) for number, name in PEOPLE]
    sheet = make_sheet(make_table(make_round(event), entries))
    phone.goto(link(live_server, sheet))
    expect(phone.locator("#confirm")).to_contain_text(
        "Sobald der Spielzettel abgegeben ist, bestätigt hier jeder Spieler des Tisches die Summen."
    )
    for index, (total, lost) in enumerate(PAPER):
        phone.locator(f"[name=p{index}-total]").fill(total)
        phone.locator(f"[name=p{index}-lost]").fill(lost)
    phone.get_by_role("button", name="Speichern und abgeben").click()
    expect(phone.locator(".messages")).to_contain_text("Der Spielzettel ist abgegeben.")
    section = phone.locator("#confirm")
    expect(section.locator("[data-confirm-count]")).to_have_text("0 von 3 bestätigt")
    expect(section).to_contain_text("Nach den Hausregeln bestätigen alle Spieler")

    for count, (number, name) in enumerate(PEOPLE, start=1):
        tap(phone, number, name)
        expect(section.locator("[data-confirm-count]")).to_have_text(f"{count} von 3 bestätigt")
    expect(section.locator("form[data-player-confirm]")).to_have_count(0)
    expect(section.locator(".signer.confirmed")).to_have_count(3)
    screenshot(phone, "totals-confirmations-phone")
    assert sorted(SheetConfirmation.objects.filter(sheet=sheet, voided_at__isnull=True)
                  .values_list("start_number", flat=True)) == [12, 15, 21]

    organiser = make_user()
    make_role(event, organiser)
    desk = logged_in_page(browser, live_server, organiser)
    desk.goto(live_server.url + reverse("round-sheets", kwargs={"slug": event.slug, "number": 1}))
    expect(desk.locator("table.round-overview")).to_contain_text("3 von 3 bestätigt")
    expect(desk.locator("table.round-overview")).to_contain_text("eingetragen")
    desk.get_by_role("button", name="Den abgegebenen Spielzettel ohne Hinweis bestätigen").click()
    expect(desk.locator(".messages")).to_contain_text("Tisch 1")
    wait_until(desk, lambda: ScoreSheet.objects.get(pk=sheet.pk).status == "confirmed",
               "the sheet confirmed")
    desk.context.close()
