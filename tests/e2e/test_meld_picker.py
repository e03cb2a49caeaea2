"""The meld picker on a phone: the button beside a party's meld field, the dialog, the sum
from the server written into the field, impossible melds refused with their reason, no
connection, a pairs table's two players, and the page without JavaScript.

The expected sums were worked out by hand from the meld values (docs/rules.md): a Familie in
trump 150, a pair 20, a pair in trump 40, four Aces 100.
"""

import pytest
from django.utils import translation
from playwright.sync_api import Page, expect

from scoring.melds import ImpossibleMelds, party_melds
from tests.e2e.conftest import ARTIFACTS
from tests.factories import make_entry, make_event, make_round, make_sheet, make_table

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 390, "height": 844}


@pytest.fixture
def sheets():
    """Round 1 of a small event: a three-table of singles (1) and a pairs table (2)."""
    event = make_event(name="Benefizbinokel Nürtingen")
    round_ = make_round(event)
    singles = [
        make_entry(event, number, name)
        for number, name in ((1, "Anna Bauer"), (2, "Bernd Maier"), (3, "Clara Schmid"))
    ]
    pairs = [
        make_entry(event, 10, "Karl Ott", partner="Lena Ott"),
        make_entry(event, 11, "Max Hummel", partner="Nora Hummel"),
    ]
    three = make_sheet(make_table(round_, singles, number=1))
    pair_table = make_sheet(make_table(round_, pairs, number=2))
    return three, pair_table


def open_sheet(phone: Page, live_server, sheet) -> None:
    phone.set_viewport_size(PHONE)
    phone.goto(f"{live_server.url}/zettel/{sheet.token}/")
    expect(phone.locator("#sheet-form.has-meld-picker")).to_have_count(1)


def picker_button(phone: Page, game: int, party: int):
    return phone.locator(f"#g{game} tbody tr").nth(party).locator("button.meld-open")


def tap(phone: Page, code: str, times: int = 1, *, less: bool = False) -> None:
    button = phone.locator(f"#meld-picker li[data-meld={code}] .meld-{'less' if less else 'more'}")
    for _ in range(times):
        button.click()


def de(msgid: str) -> str:
    """A text of the page as a German browser gets it (German once the catalogue has it)."""
    with translation.override("de"):
        return translation.gettext(msgid)


def german_reason(players, size=12) -> str:
    """The refusal as the app says it to a German browser (the same message machinery)."""
    with pytest.raises(ImpossibleMelds) as refused:
        party_melds(players, hand_size=size)
    with translation.override("de"):
        return str(refused.value)


def snapshot(phone: Page, name: str) -> None:
    """What the phone's screen shows (the dialog), under tests/artifacts/ for a person."""
    ARTIFACTS.mkdir(exist_ok=True)
    phone.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def assert_fits_the_phone(phone: Page) -> None:
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"page is {width}px wide on a {PHONE['width']}px phone"


def test_familie_in_trump_and_two_pairs_go_into_the_field(live_server, phone, sheets, screenshot):
    three, _ = sheets
    open_sheet(phone, live_server, three)
    assert_fits_the_phone(phone)
    phone.set_viewport_size({"width": 375, "height": 740})  # the narrowest phone of the tests
    assert phone.evaluate("document.documentElement.scrollWidth") <= 375
    phone.set_viewport_size(PHONE)
    # one button per party and game, beside the meld field, big enough to tap
    expect(phone.locator("#g1 button.meld-open")).to_have_count(3)
    opener = picker_button(phone, 1, 1)
    expect(opener).to_have_attribute("aria-label", de("Add up the melds") + ": 2 Bernd Maier")
    box = opener.bounding_box()
    assert box["height"] >= 44 and box["width"] >= 36
    field_box = phone.locator("[name=g1-meld1]").bounding_box()
    assert abs(box["y"] - field_box["y"]) < 4 and box["x"] > field_box["x"]  # beside it

    # the rest of the game, so that the page's points preview has something to show
    phone.locator("[name=g1-declarer][value='0']").check()
    phone.locator("[name=g1-bid]").fill("200")
    phone.locator("[name=g1-meld0]").fill("80")
    for index, tricks in enumerate((130, 70, 50)):
        phone.locator(f"[name=g1-tricks{index}]").fill(str(tricks))
    phone.evaluate(
        """() => { window.seen = [];
        const form = document.getElementById('sheet-form');
        ['input', 'change'].forEach(type => form.addEventListener(type, event => {
            if (event.target.name === 'g1-meld1') window.seen.push(type);
        })); }"""
    )

    opener.click()
    dialog = phone.locator("#meld-picker")
    expect(dialog).to_be_visible()
    expect(dialog.locator("[data-meld-for]")).to_have_text(
        "Spiel 1 · " + de("meld") + ": 2 Bernd Maier"
    )
    expect(dialog.locator("li[data-meld]")).to_have_count(16)
    expect(dialog.locator("[data-meld-players]")).to_be_hidden()  # a single: one hand
    expect(dialog.locator("li[data-meld=familie_trump] .meld-points")).to_have_text("150")
    box = dialog.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    more = dialog.locator("li[data-meld=pair] .meld-more").bounding_box()
    assert more["width"] >= 44 and more["height"] >= 44

    tap(phone, "familie_trump")
    tap(phone, "pair", 2)
    expect(dialog.locator("li[data-meld=pair] .meld-count")).to_have_text("2")
    expect(dialog.locator("[data-meld-total]")).to_have_text("190")  # 150 + 2 × 20
    apply = dialog.locator("[data-meld-apply]")
    expect(apply).to_be_enabled()
    expect(apply).to_be_in_viewport()
    snapshot(phone, "melds-01-dialog")
    apply.click()

    expect(dialog).to_be_hidden()
    expect(phone.locator("[name=g1-meld1]")).to_have_value("190")
    assert phone.evaluate("window.seen") == ["input", "change"]
    # the page's other script noticed: 80 + 130 ≥ 200 won, so party 2 scores 190 + 70
    expect(phone.locator("#g1 [data-points='1']")).to_have_text("260")
    expect(phone.locator("#g1 [data-points='0']")).to_have_text("210")

    # opened again: the taps are still there, asked again, and one trump pair more is 230
    opener.click()
    expect(dialog.locator("li[data-meld=pair] .meld-count")).to_have_text("2")
    expect(dialog.locator("li[data-meld=familie_trump] .meld-count")).to_have_text("1")
    expect(dialog.locator("[data-meld-total]")).to_have_text("190")
    tap(phone, "pair_trump")
    expect(dialog.locator("[data-meld-total]")).to_have_text("230")
    apply.click()
    expect(phone.locator("[name=g1-meld1]")).to_have_value("230")
    expect(phone.locator("#g1 [data-points='1']")).to_have_text("300")

    # cancel leaves the field alone; the keyboard opens the picker from the field itself
    # (the button is left out of the typing order: meld, trick points, next meld, …)
    phone.locator("[name=g1-meld1]").focus()
    phone.keyboard.press("Tab")
    assert phone.evaluate("document.activeElement.name") == "g1-tricks1"
    phone.locator("[name=g1-meld1]").focus()
    phone.keyboard.press("Alt+ArrowDown")
    expect(dialog).to_be_visible()
    dialog.locator("[data-meld-cancel]").click()
    expect(dialog).to_be_hidden()
    phone.wait_for_function("document.activeElement.name === 'g1-meld1'")  # focus is back
    opener.click()
    tap(phone, "binokel")  # its Ober and Unter may be the Schippen pair's and the Familie's
    expect(dialog.locator("[data-meld-total]")).to_have_text("270")
    dialog.locator("[data-meld-cancel]").click()
    expect(dialog).to_be_hidden()
    expect(phone.locator("[name=g1-meld1]")).to_have_value("230")
    assert_fits_the_phone(phone)
    screenshot(phone, "melds-02-sheet")


def test_impossible_melds_show_their_reason_and_cannot_be_applied(live_server, phone, sheets):
    three, _ = sheets
    open_sheet(phone, live_server, three)
    picker_button(phone, 2, 0).click()
    dialog = phone.locator("#meld-picker")
    errors = dialog.locator("[data-meld-errors]")
    apply = dialog.locator("[data-meld-apply]")

    # three pairs of one suit: only the trump suit is named, and it has two Kings and two Ober
    tap(phone, "pair_trump", 3)
    expect(errors).to_have_text(german_reason([{"pair_trump": 3}]))
    expect(errors).to_be_visible()
    expect(dialog.locator("[data-meld-total]")).to_have_text("–")
    expect(apply).to_be_disabled()
    snapshot(phone, "melds-03-refused")
    apply.click(force=True)  # even a tap on the disabled button writes nothing
    expect(dialog).to_be_visible()
    expect(phone.locator("[name=g2-meld0]")).to_have_value("")

    # one fewer: two trump pairs are fine
    tap(phone, "pair_trump", less=True)
    expect(dialog.locator("[data-meld-total]")).to_have_text("80")
    expect(errors).to_be_hidden()
    expect(apply).to_be_enabled()

    # a Binokel beside a Doppelbinokel would be the same two cards
    tap(phone, "binokel")
    tap(phone, "doppelbinokel")
    expect(errors).to_have_text(
        german_reason([{"pair_trump": 2, "binokel": 1, "doppelbinokel": 1}])
    )
    expect(apply).to_be_disabled()
    dialog.locator("[data-meld-cancel]").click()
    expect(phone.locator("[name=g2-meld0]")).to_have_value("")


def test_without_a_connection_the_melds_are_added_up_by_hand(live_server, phone, sheets):
    three, _ = sheets
    open_sheet(phone, live_server, three)
    phone.context.set_offline(True)
    try:
        picker_button(phone, 3, 2).click()
        dialog = phone.locator("#meld-picker")
        tap(phone, "four_aces")
        expect(dialog.locator("[data-meld-errors]")).to_have_text(de(
            "The server cannot be reached: add up the melds by hand and type the sum into the "
            "field."
        ))
        expect(dialog.locator("[data-meld-apply]")).to_be_disabled()
    finally:
        phone.context.set_offline(False)
    tap(phone, "four_kings")  # back online: the next tap is answered
    expect(dialog.locator("[data-meld-total]")).to_have_text("180")
    expect(dialog.locator("[data-meld-errors]")).to_be_hidden()
    dialog.locator("[data-meld-apply]").click()
    expect(phone.locator("[name=g3-meld2]")).to_have_value("180")


def test_a_pairs_melds_are_each_players(live_server, phone, sheets):
    _, pair_table = sheets
    open_sheet(phone, live_server, pair_table)
    assert_fits_the_phone(phone)
    picker_button(phone, 1, 0).click()
    dialog = phone.locator("#meld-picker")
    players = dialog.locator("[data-meld-players] button")
    expect(players).to_have_count(2)
    expect(players.nth(0)).to_be_visible()  # the server said: two players per party
    expect(players.nth(0)).to_contain_text("Karl Ott")
    expect(players.nth(1)).to_contain_text("Lena Ott")

    tap(phone, "four_aces")
    expect(dialog.locator("[data-meld-total]")).to_have_text("100")
    players.nth(1).click()
    expect(players.nth(1)).to_have_attribute("aria-pressed", "true")
    expect(dialog.locator("li[data-meld=four_aces] .meld-count")).to_have_text("0")
    tap(phone, "four_aces")  # four Aces each: from two hands, not eight Aces of one
    expect(dialog.locator("[data-meld-total]")).to_have_text("200")
    expect(players.nth(0)).to_contain_text("(100)")
    snapshot(phone, "melds-04-pairs")

    tap(phone, "four_aces")  # four Aces twice in Lena Ott's hand: that is eight Aces
    expect(dialog.locator("[data-meld-errors]")).to_have_text(
        german_reason([{"four_aces": 1}, {"four_aces": 2}], size=9)
    )
    expect(dialog.locator("[data-meld-apply]")).to_be_disabled()
    tap(phone, "four_aces", less=True)
    expect(dialog.locator("[data-meld-total]")).to_have_text("200")
    dialog.locator("[data-meld-apply]").click()
    expect(phone.locator("[name=g1-meld0]")).to_have_value("200")


def test_without_javascript_there_is_no_button(live_server, browser, sheets):
    three, _ = sheets
    context = browser.new_context(locale="de-DE", java_script_enabled=False, viewport=PHONE)
    try:
        page = context.new_page()
        page.goto(f"{live_server.url}/zettel/{three.token}/")
        expect(page.locator("[name=g1-meld0]")).to_be_visible()
        expect(page.locator("button.meld-open")).to_have_count(0)
        expect(page.locator("#meld-picker")).to_be_hidden()
        page.locator("[name=g1-meld0]").fill("190")  # typed as before
        expect(page.locator("[name=g1-meld0]")).to_have_value("190")
    finally:
        context.close()
