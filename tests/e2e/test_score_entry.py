"""Score entry as a new scorekeeper meets it on a phone (issue 24): four ordinary situations in
the hall, and the taps and keystrokes a typical game takes.

1. a game saved with an empty meld field is saved for good (no "not saved yet" left over);
2. a save whose answer the Wi-Fi lost (the request reached the server, the answer never came
   back) is no rival of the phone's own next save;
3. games typed but not saved when the organisers close the round reach the desk, and the
   phone lists them;
4. after "Save and hand in" the page says so at once: status, count and note.

The helpers (``tests/e2e/scoresheet.py``) fill a row whether the declarer is offered as buttons
or as a list, so each test can be run against an older checkout as well.
"""

import re

import pytest
from django.test import Client
from django.urls import reverse
from playwright.sync_api import Page, Route, expect

from scoring.audit import SheetAction
from scoring.models import Game, ScoreSheet
from scoring.services import close_round, save_sheet_rows
from tests.e2e.scoresheet import ROW, dialogs, fill, hall_sheet, link, stored, wait_until
from tests.factories import make_role, make_user

pytestmark = pytest.mark.django_db(transaction=True)

# declarer, bid, melds, tricks: won games at a three-singles table (None: the field left empty)
GAMES = {
    1: (0, 200, (80, None, 40), (130, 70, 50)),
    2: (1, 180, (20, 100, 0), (60, 105, 85)),
    3: (2, 150, (0, 20, 40), (63, 77, 110)),
}

@pytest.fixture
def sheet():
    return hall_sheet()


@pytest.fixture
def handset(browser):
    """A phone without the service worker, whose requests the test may intercept (a service
    worker would see them first)."""
    context = browser.new_context(
        locale="de-DE", viewport={"width": 375, "height": 740}, device_scale_factor=2,
        is_mobile=True, has_touch=True, service_workers="block",
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()


def save(page: Page, name: str = "Speichern") -> None:
    page.get_by_role("button", name=name, exact=True).click()


def test_a_game_saved_with_an_empty_meld_field_is_saved_for_good(live_server, phone, sheet):
    phone.goto(link(live_server, sheet))
    fill(phone, 1, GAMES[1])  # the second party's meld left empty: "counts as 0"
    fill(phone, 2, GAMES[2])  # each row saved at its end
    expect(phone.locator(".messages")).to_contain_text("Spiel 2 gespeichert.")
    wait_until(phone, lambda: stored(sheet) == {1: 200, 2: 180}, "games 1 and 2 stored")
    expect(phone.locator(".unsaved-badge")).to_have_count(0)
    expect(phone.locator("fieldset.game.unsaved")).to_have_count(0)
    expect(phone.locator("[data-connection]")).not_to_contain_text("noch gesendet werden")
    # nothing waits on the phone: leaving the page asks nothing, and after the reload the
    # rows are the server's
    seen = dialogs(phone)
    phone.reload()
    expect(phone.locator("[name=g1-meld1]")).to_have_value("0")
    assert "beforeunload" not in seen
    expect(phone.locator(".unsaved-badge")).to_have_count(0)
    fill(phone, 3, GAMES[3], finish=False)
    expect(phone.locator(".unsaved-badge")).to_have_count(1)  # only what is new
    save(phone)
    expect(phone.locator(".unsaved-badge")).to_have_count(0)


def test_a_save_whose_answer_is_lost_is_no_rival_of_the_phones_own_save(
    live_server, handset, sheet
):
    """The request of the first save reaches the server and is stored; its answer is lost on
    the way back (the route lets it through, then drops the answer). The phone's next save,
    with a new game, is stored as well, and "Save and hand in" goes through."""
    lost: list[str] = []

    def lose_the_first_answer(route: Route) -> None:
        request = route.request
        if request.method == "POST" and "vorschau" not in request.url and not lost:
            lost.append(request.url)
            route.fetch()  # the server stores the save …
            route.abort("connectionreset")  # … and the phone never hears of it
        else:
            route.continue_()

    handset.route(re.compile(r".*/zettel/.*"), lose_the_first_answer)
    handset.goto(link(live_server, sheet))
    fill(handset, 1, GAMES[1])  # the row's end saves it
    wait_until(handset, lambda: stored(sheet) == {1: 200}, "the first save on the server")
    assert lost
    fill(handset, 2, GAMES[2])  # the tap on game 2 sends the save again, game 2's end saves
    messages = handset.locator(".messages")
    expect(messages).to_contain_text(re.compile(r"Spiele? (1–)?2 gespeichert\."))
    expect(messages).not_to_contain_text("Jemand anderes")
    assert stored(sheet) == {1: 200, 2: 180}
    expect(handset.locator(".unsaved-badge")).to_have_count(0)
    expect(handset.locator("#g2 [data-points='1']")).to_have_text("210")  # 100 + 105 → 210
    expect(handset.locator("#g1 [data-points='0']")).to_have_text("210")
    # the remaining games and "Save and hand in"
    for number in range(3, 13):
        fill(handset, number, (0, 150, (0, 0, 0), (250, 0, 0)))
    save(handset, "Speichern und abgeben")
    expect(handset.locator(".messages")).to_contain_text("Der Spielzettel ist abgegeben.")
    expect(handset.locator(".meta")).to_contain_text("abgegeben")
    assert ScoreSheet.objects.get(pk=sheet.pk).status == "submitted"
    assert len(stored(sheet)) == 12


def test_games_typed_when_the_round_is_closed_reach_the_desk(live_server, phone, sheet):
    """Two games typed, not saved; the organisers close the round; the phone's tab reloads.
    The page lists the typed games as not saved and sends them once for the desk, whose
    sheet page lists them."""
    phone.goto(link(live_server, sheet))
    fill(phone, 1, GAMES[1], finish=False)
    fill(phone, 2, GAMES[2], finish=False)
    close_round(round=sheet.table.round, closed=True)
    dialogs(phone)
    phone.reload()
    expect(phone.locator("h1")).to_have_text("Spielzettel geschlossen")
    late = phone.locator(".late-saves")
    expect(late).to_contain_text("nicht gespeichert – bitte der Turnierleitung zeigen")
    expect(late.locator("li")).to_have_count(2)
    expect(late).to_contain_text("Spiel 1: Alleinspieler 1 · Reizwert 200")
    expect(late).to_contain_text("Spiel 2: Alleinspieler 2 · Reizwert 180")
    records = sheet.changes.filter(action=SheetAction.LATE)
    wait_until(phone, records.exists, "the typed games in the sheet's trail")
    assert sorted(records.get().params["after"]["rows"]) == ["1", "2"]
    assert stored(sheet) == {}
    # a second reload lists them again but sends them no second time (the page decides while
    # its script runs, before the reload is done)
    posts = []
    phone.on("request", lambda request: posts.append(request.url) if request.method == "POST"
             else None)
    phone.reload()
    expect(phone.locator(".late-saves li")).to_have_count(2)
    assert posts == []
    assert records.count() == 1
    # the organisers see them on the sheet's page
    organiser = make_user()
    make_role(sheet.table.round.event, organiser)
    desk = Client()
    desk.force_login(organiser)
    table = sheet.table
    page = desk.get(reverse("sheet-edit", kwargs={
        "slug": "hall", "number": table.round.number, "table": table.number})).content.decode()
    assert "Verspätete Speicherungen abgelehnt" in page
    assert "Spiel 1: Alleinspieler 1 · Reizwert 200" in page


def test_after_handing_in_the_heading_says_so_at_once(live_server, phone, sheet):
    save_sheet_rows(sheet=sheet, base_version=0, rows={n: ROW for n in range(1, 12)})
    phone.goto(link(live_server, sheet))
    meta = phone.locator(".meta")
    expect(meta).to_contain_text("in Arbeit · 11 von 12 Spielen eingetragen")
    fill(phone, 12, GAMES[3])
    save(phone, "Speichern und abgeben")
    expect(phone.locator(".messages")).to_contain_text("Der Spielzettel ist abgegeben.")
    expect(meta).to_contain_text("abgegeben · 12 von 12 Spielen eingetragen")
    expect(phone.locator("[data-status-note]")).to_contain_text("Abgegeben.")
    expect(phone.get_by_role("button", name="Speichern und abgeben")).to_be_hidden()


def test_a_typical_game_takes_few_taps_and_keystrokes(live_server, phone, sheet):
    """Declarer 1 plays 200; melds 80, 20, 40; trick points 130, 70 and the rest (50). The page
    moves on by itself after a complete bid or trick figure, after Enter ("next" on a phone's
    keyboard) and after the declarer; the last trick field is offered as the rest of 250."""
    phone.goto(link(live_server, sheet))
    actions = 0

    def tap(locator) -> None:
        nonlocal actions
        locator.tap()
        actions += 1

    def keys(*typed: str) -> None:
        nonlocal actions
        for text in typed:
            if text == "Enter":
                phone.keyboard.press("Enter")
                actions += 1
            else:
                phone.keyboard.type(text)
                actions += len(text)

    tap(phone.locator("#g1 .field-declarer .pick").first)
    keys("200")  # on to the first meld
    keys("80", "Enter")  # on to the first trick points
    keys("130")  # on to the second meld
    keys("20", "Enter", "70")  # on to the third meld
    keys("40", "Enter")  # on to the last trick field, which holds the rest
    expect(phone.locator("[name=g1-tricks2]")).to_have_value("50")
    expect(phone.locator("#g1 [data-trick-sum]")).to_contain_text("Stiche: 250 von 250")
    keys("Enter")  # the row's last field: saves
    expect(phone.locator(".messages")).to_contain_text("Spiel 1 gespeichert.")
    game = Game.objects.get(sheet=sheet, number=1)
    assert (game.declarer.start_number, game.bid, game.kind) == (1, 200, "played")
    scores = game.scores.order_by("entry__start_number")
    assert [(s.meld, s.tricks, s.points) for s in scores] == [
        (80, 130, 210), (20, 70, 90), (40, 50, 90)]
    assert actions <= 19, actions
    # every control of a row is at least 48 px tall (a fingertip)
    small = phone.evaluate("""() => Array.from(document.querySelectorAll(
        '#g1 .pick span, #g1 input[type=text], #g1 select, .sheet-actions button'))
        .map(e => e.getBoundingClientRect()).filter(r => r.height < 47.5).length""")
    assert small == 0
