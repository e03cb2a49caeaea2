"""Nothing changes silently (issue 34, item 3): two phones on one sheet link, and the desk
changing a game the players have confirmed. The other page is told which game changed, from
what to what and by whom, at its next save or within its version check's interval
(``SHEET_CHECK_SECONDS``, one second here)."""

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

from scoring.services import confirm_as_player, save_sheet_rows
from tests.e2e.conftest import logged_in_page
from tests.e2e.scoresheet import ROW, fill, hall_sheet, link, stored
from tests.factories import make_role, make_user

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def sheet():
    return hall_sheet()


@pytest.fixture
def phones(browser):
    """Two phones, each a browser of its own."""
    pages = []
    contexts = []
    for _ in range(2):
        context = browser.new_context(
            locale="de-DE", viewport={"width": 375, "height": 740}, device_scale_factor=2,
            is_mobile=True, has_touch=True,
        )
        page = context.new_page()
        page.set_default_timeout(10_000)
        contexts.append(context)
        pages.append(page)
    yield pages
    for context in contexts:
        context.close()


def save(page: Page) -> None:
    page.get_by_role("button", name="Speichern", exact=True).click()


def test_a_phone_is_told_which_game_the_other_phone_replaced(
    live_server, phones, sheet, settings
):
    """A saves game 3; B, on the sheet as it is then, saves game 3 differently. A's next
    contact (its next save; the version check is far off here) tells A: game 3, before and
    after, by another device. B, whose change it was, is told nothing."""
    settings.SHEET_CHECK_SECONDS = 600
    a, b = phones
    a.goto(link(live_server, sheet))
    fill(a, 3, (2, 150, (0, 20, 40), (63, 77, 110)))  # the row's end saves it
    expect(a.locator(".messages")).to_contain_text("Spiel 3 gespeichert.")
    b.goto(link(live_server, sheet))
    expect(b.locator("[name=g3-bid]")).to_have_value("150")
    fill(b, 3, (1, 200, (20, 100, 0), (60, 105, 85)))  # the row's end saves it
    expect(b.locator(".messages")).to_contain_text("Spiel 3 gespeichert.")
    assert stored(sheet) == {3: 200}
    fill(a, 4, (0, 180, (0, 0, 0), (250, 0, 0)))  # the row's end saves it
    notice = a.locator("#g3 [data-change-notice]")
    expect(notice).to_contain_text(
        "Spiel 3 wurde von einem anderen Gerät geändert: vorher Alleinspieler 3 · Reizwert 150")
    expect(notice).to_contain_text("jetzt Alleinspieler 2 · Reizwert 200")
    expect(a.locator("[name=g3-bid]")).to_have_value("200")
    # A's save was based on the page before B's: refused once, the next goes through
    save(a)
    expect(a.locator(".messages")).to_contain_text("Spiel 4 gespeichert.")
    assert stored(sheet) == {3: 200, 4: 180}
    expect(notice).to_be_visible()  # until dismissed
    notice.get_by_role("button", name="Verstanden").click()
    expect(a.locator("[data-change-notice]")).to_have_count(0)
    a.reload()
    expect(a.locator("[name=g4-bid]")).to_have_value("180")
    expect(a.locator("[data-change-notice]")).to_have_count(0)
    expect(b.locator("[data-change-notice]")).to_have_count(0)


def test_the_desks_change_reaches_the_open_phone_with_the_confirmations(
    live_server, phone, sheet, settings
):
    """A handed-in sheet confirmed by all three players is open on the phone. The desk changes
    game 7: within the check's interval the phone shows the new game 7, the notice at game 7,
    the confirmations void and the changed game named where the players confirm again."""
    settings.SHEET_CHECK_SECONDS = 1
    result = save_sheet_rows(sheet=sheet, base_version=0, rows=dict.fromkeys(range(1, 13), ROW),
                             hand_in=True)
    for position in (1, 2, 3):
        confirm_as_player(sheet=sheet, position=position, version=result.version)
    phone.goto(link(live_server, sheet))
    section = phone.locator("#confirm")
    expect(section).to_contain_text("3 von 3 bestätigt")
    desk = make_user("eva", first_name="Eva", last_name="Berg")
    save_sheet_rows(sheet=sheet, base_version=result.version, user=desk,
                    rows={7: {**ROW, "bid": 200, "tricks": [200, 50, 0]}})
    expect(phone.locator("[name=g7-bid]")).to_have_value("200")
    expect(phone.locator("#g7 [data-change-notice]")).to_contain_text(
        "Spiel 7 wurde von der Turnierleitung (Eva Berg) geändert: vorher Alleinspieler 1 · "
        "Reizwert 150")
    expect(section).to_contain_text("0 von 3 bestätigt")
    expect(section.locator("[data-confirm-again]")).to_be_visible()
    expect(section.locator("[data-changed-game='7']")).to_contain_text(
        "Spiel 7 wurde geändert, nachdem ihr bestätigt habt: vorher Alleinspieler 1 · "
        "Reizwert 150")
    expect(section.locator("[data-changed-game='7']")).to_contain_text("jetzt Alleinspieler 1 · "
                                                                       "Reizwert 200")
    # typing over the game puts its notice away
    phone.locator("[name=g7-meld0]").fill("20")
    expect(phone.locator("#g7 [data-change-notice]")).to_have_count(0)


def test_the_desks_page_follows_the_table_phone(live_server, browser, sheet, settings):
    """The organisers' page of the sheet is open; the table's phone replaces game 2: the page
    shows it within the interval, naming the table's phone."""
    settings.SHEET_CHECK_SECONDS = 1
    save_sheet_rows(sheet=sheet, base_version=0, rows={1: ROW, 2: ROW})
    organiser = make_user()
    make_role(sheet.table.round.event, organiser)
    page = logged_in_page(browser, live_server, organiser)
    table = sheet.table
    page.goto(live_server.url + reverse("sheet-edit", kwargs={
        "slug": "hall", "number": table.round.number, "table": table.number}))
    expect(page.locator("[name=g2-bid]")).to_have_value("150")
    save_sheet_rows(sheet=sheet, base_version=1, rows={2: {**ROW, "bid": 170}})
    expect(page.locator("[name=g2-bid]")).to_have_value("170")
    expect(page.locator("#g2 [data-change-notice]")).to_contain_text(
        "Spiel 2 wurde von dem Handy des Tisches geändert")
    page.context.close()
