"""The phone page fits the hand (issue 34) at 360 and 390 px: whole names, the dealer list not
cut off, no bar over the field being typed or its row's message, messages beside their game,
points for every typed game (also offline: "–" until they can be computed), and after handing
in the players' confirmation in view."""

import pytest
from playwright.sync_api import Page, expect

from scoring.services import save_sheet_rows
from tests.e2e.conftest import ARTIFACTS
from tests.e2e.scoresheet import ROW, fill, link
from tests.factories import make_entry, make_event, make_round, make_sheet, make_table

pytestmark = pytest.mark.django_db(transaction=True)

NAMES = ((1, "Rosemarie Hintermayer-Schönfeld"), (2, "Otto Walz"), (3, "Hans-Joachim Maier"))
# every word of the names and the seat list drawn on one line (a word broken inside gives a
# second box)
BROKEN_WORDS = """() => {
  const broken = [];
  for (const element of document.querySelectorAll('.party .name, .sheet-seats li')) {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const re = /[^\\s-]+/g;
      let match;
      while ((match = re.exec(node.data))) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top)));
        if (lines.size > 1) broken.push(match[0]);
      }
    }
  }
  return broken;
}"""

# the focused field and its row's messages against the bar at the bottom
COVERED = """() => {
  const field = document.activeElement;
  const bar = document.querySelector('.sheet-actions').getBoundingClientRect();
  const card = field.closest('fieldset.game');
  const boxes = [field];
  for (const list of card.querySelectorAll('.live-errors:not([hidden])')) boxes.push(list);
  return boxes.map((e) => e.getBoundingClientRect())
    .filter((r) => r.bottom > bar.top + 1 || r.top < 0).length;
}"""


def phone_at(browser, width: int) -> Page:
    context = browser.new_context(locale="de-DE", viewport={"width": width, "height": 700},
                                  device_scale_factor=2, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(10_000)
    return page


@pytest.fixture
def sheet():
    event = make_event(slug="hall")
    entries = [make_entry(event, number, name) for number, name in NAMES]
    return make_sheet(make_table(make_round(event), entries))


@pytest.mark.parametrize("width", [360, 390])
def test_whole_names_and_a_dealer_list_that_is_not_cut_off(browser, live_server, sheet, width):
    phone = phone_at(browser, width)
    phone.goto(link(live_server, sheet))
    assert phone.evaluate(BROKEN_WORDS) == []
    # the dealer list shows its whole choice: "1 · Rosemarie Hintermayer-Schönfeld"
    dealer = phone.locator("[name=g1-dealer]")
    dealer.select_option("1")
    fits = dealer.evaluate("""(select) => {
      const probe = document.createElement('span');
      probe.style.font = getComputedStyle(select).font;
      probe.style.whiteSpace = 'nowrap';
      probe.textContent = select.options[select.selectedIndex].text;
      document.body.appendChild(probe);
      const wide = probe.getBoundingClientRect().width;
      probe.remove();
      return [wide, select.getBoundingClientRect().width, probe.textContent];
    }""")
    assert fits[0] + 24 <= fits[1], fits
    ARTIFACTS.mkdir(exist_ok=True)  # the screen as a person sees it, for a look
    phone.screenshot(path=str(ARTIFACTS / f"sheet-phone-{width}.png"))
    phone.context.close()


@pytest.mark.parametrize("width", [360, 390])
def test_no_bar_covers_the_field_being_typed_offline(browser, live_server, sheet, width):
    phone = phone_at(browser, width)
    phone.goto(link(live_server, sheet))
    phone.context.set_offline(True)
    # the last games of the sheet, typed one field after the other with the offline line shown
    for number in (11, 12):
        phone.locator(f"#g{number} .field-declarer .pick").first.tap()
        for text in ("200", "80", "Enter", "130", "20", "Enter", "70", "40", "Enter"):
            if text == "Enter":
                phone.keyboard.press("Enter")
            else:
                phone.keyboard.type(text)
            assert phone.evaluate(COVERED) == 0, (number, text)
        # typed offline: no points yet, but a "–"
        expect(phone.locator(f"#g{number} [data-points='0']")).to_have_text("–")
    expect(phone.locator("[data-connection]")).to_contain_text("Keine Verbindung")
    phone.context.set_offline(False)
    # back online: the points come
    expect(phone.locator("#g11 [data-points='0']")).not_to_have_text("–")
    phone.context.close()


def test_messages_beside_their_game_and_the_confirmation_in_view(browser, live_server, sheet):
    save_sheet_rows(sheet=sheet, base_version=0, rows={n: ROW for n in range(1, 11)})
    phone = phone_at(browser, 360)
    phone.goto(link(live_server, sheet))
    fill(phone, 11, (1, 200, (80, 20, 40), (130, 70, 50)))
    message = phone.locator(".messages")
    expect(message).to_contain_text("Spiel 11 gespeichert.")
    expect(message).to_be_in_viewport()
    # the message stands right after game 11
    assert phone.evaluate(
        "document.querySelector('#g11').nextElementSibling.classList.contains('messages')")
    fill(phone, 12, (2, 150, (0, 20, 40), (63, 77, 110)))
    phone.get_by_role("button", name="Speichern und abgeben").click()
    expect(phone.locator(".messages")).to_contain_text("Der Spielzettel ist abgegeben.")
    expect(phone.locator("#confirm")).to_be_in_viewport()
    phone.context.close()
