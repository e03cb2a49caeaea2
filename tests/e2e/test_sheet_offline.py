"""The score sheet in a hall with weak Wi-Fi: nothing typed is lost (issue 11).

A phone (Chromium through Playwright) goes offline with the browser context's offline switch,
types games, saves, reloads while offline, comes back online, and the games are in the database;
a reload with unsaved values brings them back marked as not saved; a queued save that meets
another device's save shows both; a save after the round was closed is kept for the desk.
The service worker needs a secure origin: the live server's http://localhost is one.
"""

import re

import pytest
from playwright.sync_api import Page, expect

from scoring.audit import SheetAction
from scoring.models import Game, ScoreSheet
from scoring.services import save_sheet_rows
from tests.e2e.scoresheet import dialogs, fill, hall_sheet, link, stored, wait_until
from tournament.models import Round

pytestmark = pytest.mark.django_db(transaction=True)

# declarer, bid, melds, tricks: three won games at a three-singles table
GAMES = {
    1: (0, 200, (80, 20, 40), (130, 70, 50)),
    2: (1, 180, (20, 100, 0), (60, 105, 85)),
    3: (2, 150, (0, 20, 40), (63, 77, 110)),
    4: (0, 220, (100, 20, 0), (125, 65, 60)),
}


@pytest.fixture
def sheet():
    return hall_sheet()


def wait_for_games(page: Page, sheet: ScoreSheet, count: int) -> None:
    wait_until(page, lambda: Game.objects.filter(sheet=sheet).count() >= count,
               f"{count} games on the server")


def test_a_reload_brings_unsaved_values_back_and_leaving_asks_first(live_server, phone, sheet):
    phone.goto(link(live_server, sheet))
    fill(phone, 1, GAMES[1], finish=False)
    phone.locator("[name=g2-bid]").fill("170")
    expect(phone.locator("#g1")).to_have_class(re.compile(r"\bunsaved\b"))
    expect(phone.locator("#g1 .unsaved-badge")).to_have_text("noch nicht gespeichert")
    seen = dialogs(phone)
    phone.reload()
    assert "beforeunload" in seen  # leaving with unsaved values asked first
    expect(phone.locator("[name=g1-bid]")).to_have_value("200")
    expect(phone.locator("[name=g1-tricks2]")).to_have_value("50")
    expect(phone.locator("[name=g1-declarer][value='0']")).to_be_checked()
    expect(phone.locator("[name=g2-bid]")).to_have_value("170")
    expect(phone.locator("#g1 .unsaved-badge")).to_have_text("noch nicht gespeichert")
    expect(phone.locator("#g3 .unsaved-badge")).to_have_count(0)
    assert stored(sheet) == {}
    # saving stores them; after a reload nothing is marked unsaved any more
    phone.locator("[name=g2-bid]").fill("")
    phone.get_by_role("button", name="Speichern", exact=True).click()
    expect(phone.locator(".messages")).to_contain_text("Spiel 1 gespeichert.")
    expect(phone.locator("#g1 [data-points='0']")).to_have_text("210")
    assert stored(sheet) == {1: 200}
    phone.reload()
    expect(phone.locator("[name=g1-bid]")).to_have_value("200")
    expect(phone.locator(".unsaved-badge")).to_have_count(0)


def test_offline_typing_reload_and_back_online_stores_every_game(live_server, phone, sheet):
    url = link(live_server, sheet)
    phone.goto(url)
    assert phone.evaluate("navigator.serviceWorker.ready.then(() => true)")
    phone.reload()  # now through the service worker, which keeps the page
    assert phone.evaluate("!!navigator.serviceWorker.controller")
    fill(phone, 1, GAMES[1])  # the row's end saves it
    expect(phone.locator(".messages")).to_contain_text("Spiel 1 gespeichert.")

    phone.context.set_offline(True)
    status = phone.locator("[data-connection]")
    expect(status).to_contain_text("Keine Verbindung")
    fill(phone, 2, GAMES[2])
    fill(phone, 3, GAMES[3])
    phone.get_by_role("button", name="Speichern", exact=True).click()
    expect(status).to_contain_text("Spiele, die noch gesendet werden: 2.")
    # a reload without a connection: the kept page, the typed games back in it
    dialogs(phone)
    phone.reload()
    expect(phone.locator("[name=g3-tricks2]")).to_have_value("110")
    expect(phone.locator("[name=g1-bid]")).to_have_value("200")  # the saved game is there too
    expect(phone.locator("#g2 .unsaved-badge")).to_have_text("noch nicht gespeichert")
    expect(status).to_contain_text("Spiele, die noch gesendet werden: 2.")
    fill(phone, 4, GAMES[4])
    expect(status).to_contain_text("Spiele, die noch gesendet werden: 3.")
    assert stored(sheet) == {1: 200}

    phone.context.set_offline(False)  # the queued save goes out by itself
    # the page says so once the server has answered (its write done): then the database
    expect(phone.locator(".unsaved-badge")).to_have_count(0)
    wait_for_games(phone, sheet, 4)
    assert stored(sheet) == {1: 200, 2: 180, 3: 150, 4: 220}
    expect(phone.locator(".unsaved-badge")).to_have_count(0)
    expect(phone.locator("#g4 [data-points='0']")).to_have_text("230")
    points = Game.objects.get(sheet=sheet, number=3).scores.order_by("entry__start_number")
    assert [score.points for score in points] == [60, 100, 150]


def test_a_queued_save_that_meets_another_devices_save_shows_both(live_server, phone, sheet):
    phone.goto(link(live_server, sheet))
    phone.context.set_offline(True)
    fill(phone, 1, GAMES[1])
    phone.get_by_role("button", name="Speichern", exact=True).click()
    # meanwhile the desk enters game 1 differently
    save_sheet_rows(sheet=sheet, base_version=0, rows={1: {
        "declarer": 1, "bid": 180, "kind": "played", "revoked": None,
        "melds": [20, 100, 0], "tricks": [60, 105, 85]}})
    phone.context.set_offline(False)
    conflict = phone.locator("#g1 .other-device")
    expect(conflict).to_contain_text("Auf dem anderen Gerät gespeichert:")
    expect(conflict).to_contain_text("Reizwert 180")
    expect(phone.locator("[name=g1-bid]")).to_have_value("200")  # the typed game stays
    assert stored(sheet) == {1: 180}
    # having seen both, the scorekeeper saves again and the typed game wins
    phone.get_by_role("button", name="Speichern", exact=True).click()
    expect(phone.locator(".messages")).to_contain_text("Spiel 1 gespeichert.")
    assert stored(sheet) == {1: 200}


def test_a_save_after_the_round_was_closed_is_kept_for_the_desk(live_server, phone, sheet):
    phone.goto(link(live_server, sheet))
    phone.context.set_offline(True)
    fill(phone, 2, GAMES[2])
    phone.get_by_role("button", name="Speichern", exact=True).click()
    Round.objects.filter(pk=sheet.table.round_id).update(closed=True)
    phone.context.set_offline(False)
    status = phone.locator("[data-connection]")
    expect(status).to_contain_text("Durchgang 1 ist abgeschlossen")
    late_list = phone.locator(".late-saves")
    expect(late_list).to_contain_text("nicht gespeichert – bitte der Turnierleitung zeigen")
    expect(late_list).to_contain_text("Papierzettel")
    expect(late_list).to_contain_text("Spiel 2: Alleinspieler 2 · Reizwert 180")
    expect(phone.locator("[name=g2-bid]")).to_have_value("180")  # still on the screen
    assert stored(sheet) == {}
    late = sheet.changes.get(action=SheetAction.LATE)
    assert late.params["after"]["rows"]["2"]["bid"] == "180"


def test_at_the_table_last_trick_offer_big_bid_and_the_next_open_game(live_server, phone, sheet):
    phone.goto(link(live_server, sheet))
    prefix = "[name=g1-"
    phone.locator(prefix + "declarer][value='0']").check()
    expect(phone.locator(prefix + "bid]")).to_be_focused()  # the declarer chosen: on to the bid
    phone.locator(prefix + "bid]").fill("2000")
    expect(phone.locator("#g1 .bid-ok")).to_be_visible()  # a bid far beyond any real game
    phone.locator(prefix + "bid]").fill("200")
    expect(phone.locator("#g1 .bid-ok")).to_be_hidden()
    expect(phone.locator(prefix + "meld0]")).to_be_focused()  # a complete bid: on to the meld
    phone.locator(prefix + "tricks0]").fill("130")
    phone.locator(prefix + "tricks1]").fill("70")
    # the last trick field holds the rest of 250 as soon as the others are in
    expect(phone.locator(prefix + "tricks2]")).to_have_value("50")
    expect(phone.locator("#g1 [data-trick-sum]")).to_have_text("Stiche: 250 von 250")
    # cleared, it is offered
    phone.locator(prefix + "tricks2]").fill("")
    offer = phone.locator("#g1 .take-rest")
    expect(offer).to_have_text("50 übernehmen (250 minus die anderen)")
    offer.click()
    expect(phone.locator(prefix + "tricks2]")).to_have_value("50")
    # the tab order follows the paper: declarer, bid, kind, meld and tricks per party
    phone.locator(prefix + "declarer][value='0']").focus()
    order = []
    for _ in range(8):
        order.append(phone.evaluate("document.activeElement.name"))
        phone.keyboard.press("Tab")
    order.append(phone.evaluate("document.activeElement.name"))
    assert order == ["g1-declarer", "g1-bid", "g1-kind", "g1-meld0", "g1-tricks0",
                     "g1-meld1", "g1-tricks1", "g1-meld2", "g1-tricks2"]
    fill(phone, 2, GAMES[2])  # the tap on game 2 saves game 1, the end of game 2 saves it
    expect(phone.locator(".messages")).to_contain_text("Spiel 2 gespeichert.")
    wait_until(phone, lambda: stored(sheet) == {1: 200, 2: 180}, "games 1 and 2 stored")
    # the page goes on at the first game still empty
    expect(phone.locator("#g3")).to_be_in_viewport()
    # a game without its declarer: the points preview names the field by its label
    phone.locator("[name=g3-bid]").fill("150")
    expect(phone.locator("#g3 .live-errors li").first).to_have_text(
        "Alleinspieler: Bitte den Alleinspieler wählen.")
