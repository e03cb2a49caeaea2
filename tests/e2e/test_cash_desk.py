"""The Kasse's list in Chromium: after a row's "Check in + 8,00 € cash" the list opens again at
that row, not at the top (issue 28: 60 entries, the desk works down the queue)."""

from decimal import Decimal

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from money.cash.services import update_money_settings
from money.models import Payment
from tests.e2e.test_after_the_evening import logged_in
from tests.factories import make_entry, make_event


@pytest.fixture
def event(db):
    event = make_event(name="Preisbinokel")
    update_money_settings(event=event, start_fee_single=Decimal("8"), start_fee_pair=Decimal("8"))
    for number in range(1, 61):
        make_entry(event, number, f"Spieler {number:02d}")
    return event


def in_view(page, selector: str) -> bool:
    return page.evaluate(
        """(selector) => { const box = document.querySelector(selector).getBoundingClientRect();
        return box.top >= 0 && box.bottom <= window.innerHeight; }""",
        selector,
    )


@pytest.mark.parametrize(("query", "expected_row"), [("", 40), ("?zeige=offen", 39)])
def test_the_list_stays_at_the_row_after_its_button(browser, live_server, event, query,
                                                    expected_row):
    """The whole list returns to the row just paid; the list of who still owes (which the row
    leaves) to the row before it."""
    page = logged_in(browser, live_server, viewport={"width": 1280, "height": 720})
    page.goto(live_server.url + reverse("cash-desk", args=[event.slug]) + query)
    row = page.locator("#nr-40")
    row.scroll_into_view_if_needed()
    row.get_by_role("button", name="Einchecken + 8,00 € bar").click()
    page.wait_for_load_state()
    page.wait_for_selector(".messages, [role=status], .success", state="attached")
    assert Payment.objects.filter(entry__start_number=40).count() == 1
    assert page.evaluate("window.scrollY") > 500  # not back at the top
    assert in_view(page, f"#nr-{expected_row}")
    page.context.close()


def test_the_cursor_is_in_the_start_number_on_load_and_after_a_rows_button(
    browser, live_server, event
):
    page = logged_in(browser, live_server, viewport={"width": 1280, "height": 720})
    page.goto(live_server.url + reverse("cash-desk", args=[event.slug]))
    expect(page.get_by_label("Startnummer")).to_be_focused()
    row = page.locator("#nr-40")
    row.scroll_into_view_if_needed()
    with page.expect_navigation(url="**#nr-40"):
        row.get_by_role("button", name="Einchecken + 8,00 € bar").click()
    # back at the row, and the next start number is typed without a click
    expect(page.get_by_label("Startnummer")).to_be_focused()
    assert page.evaluate("window.scrollY") > 500 and in_view(page, "#nr-40")
    page.keyboard.type("12")
    page.keyboard.press("Enter")
    page.wait_for_url("**" + reverse("cash-entry", args=[event.slug, 12]))
    # the field selects its content when it gets the focus: a number typed replaces the last
    page.go_back()
    number = page.get_by_label("Startnummer")
    number.fill("12")
    page.get_by_label("Anmeldecode").click()
    number.click()
    page.keyboard.type("7")
    assert number.input_value() == "7"
    page.context.close()
