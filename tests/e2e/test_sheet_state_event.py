"""The sheet page follows a sheet state another module hands it (the form's "sheet:state"
event, with a save answer's shape as its detail): the games saved elsewhere appear with their
points, the heading follows, and a game typed on this phone stays as typed."""

import json

import pytest
from django.test import Client
from playwright.sync_api import expect

from tests.e2e.scoresheet import hall_sheet, link

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_state_handed_to_the_page_is_followed(live_server, phone):
    sheet = hall_sheet()
    phone.goto(link(live_server, sheet))
    phone.locator("[name=g2-bid]").fill("170")  # typed here, not saved
    form = phone.locator("#sheet-form")
    # another device saves game 1; its answer is the state the page is handed
    answer = Client().post(form.get_attribute("data-save-url"), {
        "sheet": sheet.pk, "version": 0, "save_id": "other-device-1", "action": "save",
        "g1-declarer": "0", "g1-bid": "200", "g1-kind": "played", "g1-meld0": "80",
        "g1-meld1": "20", "g1-meld2": "40", "g1-tricks0": "130", "g1-tricks1": "70",
        "g1-tricks2": "50", "g1-dealer": "1", "g1-revoked": "",
    }, HTTP_ACCEPT="application/json")
    state = json.loads(answer.content)
    assert state["outcome"] == "saved", state
    form.evaluate("(form, data) => form.dispatchEvent(new CustomEvent('sheet:state', "
                  "{detail: data}))", state)
    expect(phone.locator("[name=g1-bid]")).to_have_value("200")
    expect(phone.locator("#g1 [data-points='0']")).to_have_text("210")
    expect(phone.locator("[data-entered]")).to_contain_text("1 von 12")
    expect(phone.locator("[name=version]")).to_have_value(str(state["version"]))
    expect(phone.locator("[name=g2-bid]")).to_have_value("170")
    expect(phone.locator("#g2 .unsaved-badge")).to_have_count(1)
    # something that is no sheet state changes nothing
    form.evaluate("form => form.dispatchEvent(new CustomEvent('sheet:state', {detail: {}}))")
    expect(phone.locator("[name=g1-bid]")).to_have_value("200")
