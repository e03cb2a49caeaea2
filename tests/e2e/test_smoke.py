"""The browser reaches the live app and sees the German interface."""

import pytest

from tests.factories import make_event

pytestmark = pytest.mark.django_db(transaction=True)


def test_home_page_in_chromium(live_server, page, screenshot):
    make_event(name="Benefizbinokel Wendlingen")
    page.goto(live_server.url)
    assert page.locator("h1").inner_text() == "Turniere"
    assert page.get_by_text("Benefizbinokel Wendlingen").is_visible()
    # the stylesheet is served by the app itself: the header has its colour
    colour = page.locator(".site-header").evaluate("e => getComputedStyle(e).backgroundColor")
    assert colour == "rgb(31, 95, 63)"
    assert screenshot(page, "home").stat().st_size > 1000
