"""A sheet kept in round totals typed at the desk with the keyboard alone (issue 37): the page
opens with the cursor in the first total, Enter moves total → games lost → the next party's
total, and Enter in the last figure saves; a focused figure has its text selected. The keys
are counted and printed.

The paper of a three-table: party 1 scored 500 and lost no game as declarer, party 2 300 with
one game lost, party 3 −200 with one game lost.
"""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from scoring.models import RoundTotal
from tests.e2e.conftest import logged_in_page
from tests.e2e.scoresheet import wait_until
from tests.factories import make_entry, make_event, make_round, make_sheet, make_table, make_user
from tournament.models import Event

pytestmark = pytest.mark.django_db(transaction=True)

PAPER = (("500", "0"), ("300", "1"), ("-200", "1"))


def test_the_desk_types_a_totals_sheet_with_digits_and_enter(browser, live_server):
    event = make_event(slug="totals-hall", scoring_mode=Event.ScoringMode.TOTALS)
    entries = [make_entry(event, n, name) for n, name in
               ((1, "Anna Rapp"), (2, "Otto Walz"), (3, "Hans Maier"))]
    sheet = make_sheet(make_table(make_round(event), entries))
    page = logged_in_page(browser, live_server, make_user())
    page.goto(live_server.url + reverse("sheet-edit", kwargs={
        "slug": event.slug, "number": 1, "table": sheet.table.number}))
    expect(page.locator("[name=p0-total]")).to_be_focused()
    keys = 0
    for index, (total, lost) in enumerate(PAPER):
        if index:
            expect(page.locator(f"[name=p{index}-total]")).to_be_focused()
        page.keyboard.type(total)
        keys += len(total)
        page.keyboard.press("Enter")
        keys += 1
        expect(page.locator(f"[name=p{index}-lost]")).to_be_focused()
        page.keyboard.type(lost)
        keys += len(lost)
        if index < len(PAPER) - 1:
            page.keyboard.press("Enter")
            keys += 1
    page.keyboard.press("Enter")  # in the last figure: saves
    keys += 1
    expect(page.locator(".messages")).to_contain_text("Summen gespeichert.")
    wait_until(page, lambda: RoundTotal.objects.filter(sheet=sheet).count() == 3,
               "the round totals on the server")
    assert sorted(RoundTotal.objects.filter(sheet=sheet).values_list(
        "entry__start_number", "total", "lost")) == [(1, 500, 0), (2, 300, 1), (3, -200, 1)]
    # the saved page opens with no empty total: a focused figure selects its text
    page.locator("[name=p1-total]").focus()
    assert page.evaluate(
        "document.activeElement.selectionStart === 0"
        " && document.activeElement.selectionEnd === document.activeElement.value.length"
    )
    page.keyboard.type("310")
    assert page.locator("[name=p1-total]").input_value() == "310"
    assert keys == 19
    print(f"desk, three-party totals sheet: {keys} keys")
    page.context.close()
