"""The sheets kept in round totals or in points per game in a hall with weak Wi-Fi: nothing typed
is lost, as on the games sheet (test_sheet_offline.py; issue 37 item 2).

A phone (Chromium through Playwright, phone-sized) types the figures through the sheet's link,
goes offline with the browser context's offline switch, saves, reloads while offline (the page
comes from the service worker), finds the figures still there, comes back online, and the
figures are in the database, stored once; a queued save that meets another device's save shows
both and is not sent again by itself. Without JavaScript the form posts and a page comes back.
"""

import json

import pytest
from playwright.sync_api import Page, expect

from scoring.audit import SheetAction
from scoring.models import Game, RoundTotal, ScoreSheet
from scoring.services import save_sheet_totals
from tests.e2e.scoresheet import dialogs, link, wait_until
from tests.scoring.views import test_points_sheet, test_totals_sheet
from tests.scoring.views.test_points_sheet import STORED as POINTS_STORED
from tests.scoring.views.test_points_sheet import TYPED as POINTS_TYPED
from tests.scoring.views.test_points_sheet import stored as points_stored
from tests.scoring.views.test_totals_sheet import FIGURES, STORED, stored

pytestmark = pytest.mark.django_db(transaction=True)

totals_sheet = test_totals_sheet.totals_sheet  # the fixtures of the pages' tests
points_sheet = test_points_sheet.points_sheet


def open_through_the_worker(phone: Page, url: str) -> None:
    """Open the sheet's link, and again once the service worker keeps the page."""
    phone.goto(url)
    assert phone.evaluate("navigator.serviceWorker.ready.then(() => true)")
    phone.reload()
    assert phone.evaluate("!!navigator.serviceWorker.controller")


def refuse(route) -> None:
    route.abort("internetdisconnected")


def cut_the_network(phone: Page) -> None:
    """Go offline. Chromium's offline switch lets a request through now and then that passes
    the service worker to the network (Playwright issue 2311): the saves are cut off too."""
    phone.context.set_offline(True)
    phone.context.route("**/speichern/", refuse)


def restore_the_network(phone: Page) -> None:
    phone.context.unroute("**/speichern/", refuse)
    phone.context.set_offline(False)


def kept(phone: Page) -> dict:
    """What the page keeps on the phone (localStorage) for this sheet."""
    text = phone.evaluate(
        "localStorage.getItem('binokel-figures:' + location.pathname) || '{}'")
    return json.loads(text)


def type_totals(phone: Page, figures) -> None:
    for index, (total, lost) in enumerate(figures):
        phone.locator(f"[name=p{index}-total]").fill(total)
        phone.locator(f"[name=p{index}-lost]").fill(lost)


def test_totals_typed_offline_survive_a_reload_and_are_sent_once_back_online(
    live_server, phone, totals_sheet, screenshot
):
    open_through_the_worker(phone, link(live_server, totals_sheet))
    type_totals(phone, FIGURES[:1])
    cut_the_network(phone)
    status = phone.locator("[data-connection]")
    expect(status).to_contain_text("Keine Verbindung")
    type_totals(phone, FIGURES)
    phone.get_by_role("button", name="Speichern", exact=True).click()
    expect(status).to_contain_text("Die Summen sind noch nicht gesendet.")
    assert kept(phone)["outbox"]["action"] == "save"

    # a reload without a connection: the kept page, the typed totals back in it
    seen = dialogs(phone)
    phone.reload()
    assert "beforeunload" in seen  # leaving with figures not saved asked first
    for index, (total, lost) in enumerate(FIGURES):
        expect(phone.locator(f"[name=p{index}-total]")).to_have_value(total)
        expect(phone.locator(f"[name=p{index}-lost]")).to_have_value(lost)
    expect(phone.locator("tr.unsaved")).to_have_count(3)
    expect(status).to_contain_text("Die Summen sind noch nicht gesendet.")
    screenshot(phone, "totals-sheet-offline-phone")
    assert stored(totals_sheet) == []

    restore_the_network(phone)  # the queued save goes out by itself
    # the page says so once the server has answered (its write done): then the database
    expect(phone.locator(".messages")).to_contain_text("Summen gespeichert.")
    expect(phone.locator("input.unsaved")).to_have_count(0)
    expect(status).to_be_hidden()
    assert stored(totals_sheet) == STORED
    assert totals_sheet.changes.filter(action=SheetAction.TOTALS_SAVED).count() == 1
    assert kept(phone)["drafts"] == {} and kept(phone)["outbox"] is None
    # a reload shows what the server holds, nothing marked as not saved
    phone.reload()
    expect(phone.locator("[name=p2-total]")).to_have_value("-200")
    expect(phone.locator("input.unsaved")).to_have_count(0)


def test_a_queued_totals_save_that_meets_another_devices_save_shows_both(
    live_server, phone, totals_sheet
):
    phone.goto(link(live_server, totals_sheet))
    cut_the_network(phone)
    type_totals(phone, FIGURES)
    phone.get_by_role("button", name="Speichern", exact=True).click()
    # meanwhile the desk enters the table's totals differently
    save_sheet_totals(sheet=totals_sheet, base_version=0,
                      totals=[(400, 0), (400, 0), (-200, 1)])
    restore_the_network(phone)
    conflict = phone.locator("tr.other-device")
    expect(conflict).to_have_count(3)
    expect(conflict.first).to_contain_text("Auf dem anderen Gerät gespeichert: 400, 0 verloren")
    expect(phone.locator(".messages")).to_contain_text("Jemand anderes hat diesen Spielzettel")
    expect(phone.locator("[name=p0-total]")).to_have_value("500")  # the typed totals stay
    assert stored(totals_sheet) == [(1, 400, 0), (2, -200, 1), (3, 400, 0)]
    # the refused save is not sent again by itself, also not when the connection comes back
    wait_until(phone, lambda: kept(phone)["outbox"] is None, "the refused save dropped")
    phone.evaluate("window.dispatchEvent(new Event('online'))")
    assert kept(phone)["outbox"] is None and kept(phone)["drafts"] != {}
    # having seen both, the scorekeeper saves again and the typed totals win
    phone.get_by_role("button", name="Speichern", exact=True).click()
    expect(phone.locator(".messages")).to_contain_text("Summen gespeichert.")
    expect(conflict).to_have_count(0)
    assert stored(totals_sheet) == STORED


def test_points_typed_offline_survive_a_reload_and_are_sent_once_back_online(
    live_server, phone, points_sheet
):
    open_through_the_worker(phone, link(live_server, points_sheet))
    cut_the_network(phone)
    status = phone.locator("[data-connection]")
    expect(status).to_contain_text("Keine Verbindung")
    for number, (declarer, points) in POINTS_TYPED.items():
        phone.locator(f"[name=g{number}-declarer]").fill(declarer)
        for index, text in enumerate(points):
            phone.locator(f"[name=g{number}-points{index}]").fill(text)
    phone.get_by_role("button", name="Speichern", exact=True).click()
    expect(status).to_contain_text("Spiele, die noch gesendet werden: 2.")

    dialogs(phone)
    phone.reload()
    expect(phone.locator("[name=g1-points1]")).to_have_value("300-")
    expect(phone.locator("[name=g2-points2]")).to_have_value("−60")
    expect(phone.locator("[data-points-sum]")).to_have_text(["370", "−260", "20"])
    expect(phone.locator("tr.unsaved")).to_have_count(2)
    expect(status).to_contain_text("Spiele, die noch gesendet werden: 2.")
    assert not Game.objects.filter(sheet=points_sheet).exists()

    restore_the_network(phone)
    expect(phone.locator(".messages")).to_contain_text("Spiele 1–2 gespeichert.")
    expect(phone.locator("tr.unsaved")).to_have_count(0)
    assert points_stored(points_sheet) == POINTS_STORED
    assert ScoreSheet.objects.get(pk=points_sheet.pk).version == 1  # stored once
    # the page shows the games as the server holds them
    expect(phone.locator("[name=g1-points1]")).to_have_value("-300")
    assert not RoundTotal.objects.exists()


def test_without_javascript_the_plain_form_saves_and_a_page_comes_back(
    browser, live_server, totals_sheet
):
    context = browser.new_context(locale="de-DE", viewport={"width": 375, "height": 740},
                                  java_script_enabled=False)
    phone = context.new_page()
    phone.goto(link(live_server, totals_sheet))
    type_totals(phone, FIGURES)
    with phone.expect_navigation():
        phone.get_by_role("button", name="Speichern", exact=True).click()
    expect(phone.locator(".messages")).to_contain_text("Summen gespeichert.")
    expect(phone.locator("[name=p2-total]")).to_have_value("-200")
    expect(phone.locator("[data-connection]")).to_be_hidden()
    assert stored(totals_sheet) == STORED
    context.close()
