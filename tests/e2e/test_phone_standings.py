"""The public standings on a small phone (360 px wide, Chromium): place, name and total of every
row are on screen without sideways scrolling; the round points are on the second line; an
entry's page fits too. Checked from the laid-out page (element boxes), not from the HTML."""

import pytest
from django.urls import reverse

from scoring.demo import fill_random_games
from tests.factories import make_entry, make_event
from tournament.services import generate_plan

WIDTH = 360


@pytest.fixture
def event(db):
    event = make_event(public_standings=True, name="Benefizbinokel Unterensingen")
    for number in range(1, 13):
        make_entry(event, number, f"Maximiliane Hohenstaufen-Württemberg {number}")
    make_entry(event, 13, "Inge Klotz", partner="Karl-Heinz Klotzbücher")
    make_entry(event, 14, "Rosi Nägele", partner="Paul Nägele")
    generate_plan(event=event, seed=4)
    fill_random_games(event=event, seed=5, confirm=True)
    return event


@pytest.fixture
def small_phone(browser):
    context = browser.new_context(
        locale="de-DE", viewport={"width": WIDTH, "height": 740}, device_scale_factor=2,
        is_mobile=True, has_touch=True,
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()


def row_boxes(page, table_id: str) -> list[dict]:
    """Per body row of the table: the right edges of the place, name and total cells and whether
    the second line (start number and round points) is shown."""
    return page.evaluate(
        """(id) => Array.from(document.querySelectorAll(`#${id} tbody tr`)).map(tr => {
            const cells = Array.from(tr.children)
              .filter(td => getComputedStyle(td).display !== 'none');
            const edge = el => el.getBoundingClientRect().right;
            const line = tr.querySelector('.phone-line');
            return {
              shown: cells.length,
              place: edge(cells[0]), name: edge(cells[1]), total: edge(cells[cells.length - 1]),
              totalText: cells[cells.length - 1].innerText.trim(),
              line: line && getComputedStyle(line).display !== 'none' ? line.innerText : '',
            };
        })""",
        table_id,
    )


def test_public_standings_fit_a_360_px_phone(live_server, small_phone, event, screenshot):
    page = small_phone
    page.goto(live_server.url + reverse("public-standings", args=[event.slug]))
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH
    assert page.locator("table.standings").count() == 2  # singles and pairs
    for index in range(2):
        table = page.locator("table.standings").nth(index)
        table.evaluate("(t, i) => t.id = 'standings-' + i", index)
        rows = row_boxes(page, f"standings-{index}")
        assert rows
        for row in rows:
            assert row["shown"] == 3  # place, name (with its second line), total
            assert row["total"] <= WIDTH and row["name"] <= WIDTH
            assert row["totalText"]
            assert row["line"].startswith("Nr. ") and "D1–D3:" in row["line"]
        # the table itself scrolls no more than the page
        assert table.evaluate("t => t.closest('.table-container').scrollWidth") <= WIDTH
    screenshot(page, "phone-standings-360")

    page.locator("table.standings tbody tr").first.locator("a").click()
    page.wait_for_load_state()
    assert "/rangliste/" in page.url
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH
    assert page.locator("h1").inner_text().strip()
    screenshot(page, "phone-standings-entry-360")
