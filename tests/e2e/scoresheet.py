"""Helpers of the browser tests of a score sheet on a phone: a three-table of the hall, its link,
filling a row, and what the server holds."""

import time

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page

from scoring.models import Game, ScoreSheet
from tests.factories import make_entry, make_event, make_round, make_sheet, make_table

# A stored game as the services take it: declarer 1 plays 150 and takes every trick.
ROW = {"declarer": 0, "bid": 150, "kind": "played", "revoked": None, "melds": [0, 0, 0],
       "tricks": [250, 0, 0]}


def hall_sheet() -> ScoreSheet:
    """The sheet of a three-table (start numbers 1, 2, 3 in seating order) of event "hall"."""
    event = make_event(slug="hall")
    round_ = make_round(event)
    entries = [make_entry(event, n, name) for n, name in
               ((1, "Anna Rapp"), (2, "Otto Walz"), (3, "Hans Maier"))]
    return make_sheet(make_table(round_, entries))


def link(live_server, sheet: ScoreSheet) -> str:
    return f"{live_server.url}/zettel/{sheet.token}/"


def choose(page: Page, name: str, value: str) -> None:
    """Pick a value of a row's choice: a button of a group, or an option of a list (so that a
    test runs against an older checkout too)."""
    field = page.locator(f"[name={name}]").first
    if field.evaluate("element => element.tagName") == "SELECT":
        field.select_option(value)
    else:
        check(page.locator(f"[name={name}][value='{value}']"))


def check(radio) -> None:
    """Tap a choice. The page keeps the field its focus moved to clear of the bottom bar, and
    a save's answer may move the page meanwhile, so a tap computed before that scroll can land
    beside the button (Playwright: "Clicking the checkbox did not change its state"): then it is
    tapped once more, as a person would, where it now is."""
    try:
        radio.check()
    except PlaywrightError:
        radio.check()


def fill(page: Page, number: int, game: tuple, *, finish: bool = True) -> None:
    """Type a game into row ``number``: (declarer, bid, melds, tricks), None leaves a field
    empty. The last trick figure ends the row, and the page saves it; ``finish=False`` leaves
    that figure to the page (it offers the rest of 250) and picks the declarer by key, not by
    a tap (a tap into the next game saves the game before): the row stays typed, not saved."""
    declarer, bid, melds, tricks = game
    prefix = f"[name=g{number}-"
    if finish:
        choose(page, f"g{number}-declarer", str(declarer))
    else:
        page.locator(f"{prefix}declarer][value='{declarer}']").focus()
        page.keyboard.press("Space")
    page.locator(prefix + "bid]").fill(str(bid))
    for index, meld in enumerate(melds):
        page.locator(f"{prefix}meld{index}]").fill("" if meld is None else str(meld))
    for index, trick in enumerate(tricks if finish else tricks[:-1]):
        page.locator(f"{prefix}tricks{index}]").fill(str(trick))


def stored(sheet: ScoreSheet) -> dict[int, int]:
    """The games the server holds: their bids by number."""
    return dict(Game.objects.filter(sheet=sheet).values_list("number", "bid"))


def wait_until(page: Page, condition, what: str, seconds: float = 20) -> None:
    """Wait until ``condition()`` (e.g. a read of the database, which waits for the live
    server's writes) holds, asking every 0.1 s for at most ``seconds``. Between the questions
    Playwright goes on with the page's events (routes, dialogs) in this thread."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"waited in vain for {what}")
        page.wait_for_timeout(100)  # the interval between the questions, not a wait for time


def dialogs(page: Page) -> list[str]:
    """Accept every dialog (the 'leave the page?' question); returns their kinds."""
    seen: list[str] = []

    def accept(dialog):
        seen.append(dialog.type)
        dialog.accept()

    page.on("dialog", accept)
    return seen
