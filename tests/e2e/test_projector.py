"""The projector in Chromium at the hall's screen sizes: every place of a 100-entry field is fully
readable on some screen (its row inside the window, above the yellow bar at the bottom), and the
projector speaks the app's language whatever the laptop's browser says, with a switch on the
page that its auto-advance keeps. Checked from the laid-out page (row boxes), not the HTML."""

import re

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from scoring.demo import fill_random_games
from tests.factories import make_entry, make_event
from tests.scoring.games import round_tied_at_fifth
from tournament.services import generate_plan

FIELD = 100
SIZES = [(1920, 1080), (1366, 768), (1280, 720)]


@pytest.fixture
def event(db):
    """100 singles, round 1 confirmed, round 2 under way with every sheet still missing (the
    longest bar at the bottom: it lists all tables)."""
    event = make_event(public_standings=True, name="Benefizbinokel Unterensingen")
    for number in range(1, FIELD + 1):
        long = number % 7 == 0
        name = f"Maximiliane Hohenstaufen-Württemberg {number}" if long else f"Inge Klotz {number}"
        make_entry(event, number, name)
    generate_plan(event=event, seed=4)
    fill_random_games(event=event, seed=5, rounds=[1], confirm=True)
    fill_random_games(event=event, seed=6, rounds=[2], games=2)
    return event


VISIBLE_ROWS = """() => {
    const foot = document.querySelector('.projector-foot');
    const bottom = Math.min(innerHeight, foot ? foot.getBoundingClientRect().top : innerHeight);
    return Array.from(document.querySelectorAll('.projector-table tbody tr'))
      .filter(tr => {
        const box = tr.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= bottom && box.left >= 0 && box.right <= innerWidth;
      })
      .map(tr => tr.cells[1].innerText.trim());
}"""


def visible_start_numbers(page) -> list[int]:
    return [int(number) for number in page.evaluate(VISIBLE_ROWS)]


@pytest.mark.parametrize(
    ("width", "height", "javascript"),
    # projector.js only shrinks what does not fit; the style sheet alone fits the default screen
    [(width, height, True) for width, height in SIZES] + [(1280, 720, False)],
)
def test_every_place_is_readable_on_some_screen(
    live_server, browser, event, screenshot, width, height, javascript
):
    context = browser.new_context(
        locale="de-DE", viewport={"width": width, "height": height},
        java_script_enabled=javascript,
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    url = live_server.url + reverse("projector", args=[event.slug])
    seen: set[int] = set()
    # long screens: the page must not move on by itself while it is measured
    page.goto(url + "?seconds=300")
    count = int(re.search(r"von (\d+)", page.locator(".projector-head").inner_text()).group(1))
    assert count == 8  # 7 screens of 15 singles, then round 2
    for number in range(1, count + 1):
        page.goto(f"{url}?seconds=300&page={number}")
        expect(page.locator(".projector-foot")).to_contain_text("Durchgang 2")
        if page.locator(".round-state").count():
            continue  # the round's own screen: the best of the round, not the standings
        visible = visible_start_numbers(page)
        assert visible, f"screen {number}: no row fully visible"
        seen.update(visible)
        if number == 1 and javascript:
            screenshot(page, f"projector-{width}x{height}")
    missing = sorted(set(range(1, FIELD + 1)) - seen)
    assert not missing, f"{width}×{height}: never fully visible: start numbers {missing}"
    context.close()


def test_more_rows_than_fit_shrink_until_they_do(live_server, browser, event, screenshot):
    context = browser.new_context(locale="de-DE", viewport={"width": 1024, "height": 768})
    page = context.new_page()
    url = live_server.url + reverse("projector", args=[event.slug])
    page.goto(url + "?seconds=300&rows=30")
    assert page.locator(".projector-table tbody tr").count() == 30
    assert len(visible_start_numbers(page)) == 30
    screenshot(page, "projector-30-rows-4-to-3")
    context.close()


def test_projector_speaks_german_on_an_english_laptop_and_switches(live_server, browser, event):
    context = browser.new_context(locale="en-US", viewport={"width": 1366, "height": 768})
    page = context.new_page()
    page.set_default_timeout(15_000)
    url = live_server.url + reverse("projector", args=[event.slug])
    page.goto(url + "?seconds=300")
    head = page.locator(".projector-head")
    expect(head).to_contain_text("Einzelspieler")
    expect(head).to_contain_text("Seite 1 von 8")
    assert page.locator("html").get_attribute("lang") == "de"
    # the switch on the page: English, and it stays English when the screen moves on
    page.get_by_role("link", name="English").click()
    expect(head).to_contain_text("Singles")
    expect(head).to_contain_text("Page 1 of 8")
    assert page.locator("html").get_attribute("lang") == "en"
    page.goto(url + "?sprache=en&seconds=5")
    expect(head).to_contain_text("Page 2 of 8", timeout=12_000)
    expect(head).to_contain_text("Singles")
    # and back to German
    page.get_by_role("link", name="Deutsch").click()
    expect(head).to_contain_text("Einzelspieler")
    context.close()


def test_the_round_screen_shows_every_entry_sharing_the_place_at_its_cut(
    live_server, browser, db
):
    event = make_event(public_standings=True, slug="gleichstand")
    round_tied_at_fifth(event)  # four share 5th place
    context = browser.new_context(locale="de-DE", viewport={"width": 1280, "height": 720})
    page = context.new_page()
    page.set_default_timeout(10_000)
    # 10 rows a screen: the round's screen shows its best five, and those sharing the fifth's place
    url = live_server.url + reverse("projector", args=[event.slug])
    page.goto(url + "?seconds=300&rows=10&page=2")
    expect(page.locator(".round-state")).to_be_visible()
    assert sorted(visible_start_numbers(page)) == [1, 2, 3, 5, 6, 7, 8, 9]
    context.close()
