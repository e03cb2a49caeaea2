"""An open sheet page follows the sheet (``scoring.views.sheets``: the version check, the state,
the change notices in a save's answer; ``scoring/sheet/changes.js``): which game others changed,
from what to what and by whom, and the players' confirmations after a change."""

import pytest
from django.test import Client
from django.urls import reverse

from scoring.audit import SheetAction
from scoring.services import confirm_as_player, save_sheet_rows
from tests.factories import (
    make_entry,
    make_event,
    make_role,
    make_round,
    make_sheet,
    make_table,
    make_user,
    sheet_records,
)
from tests.scoring.views.test_sheets import game, script_save

pytestmark = pytest.mark.django_db

PHONE_A, PHONE_B = "a" * 32, "b" * 32
ROW = {"bid": 150, "declarer": 0, "melds": [0, 0, 0], "tricks": [250, 0, 0]}


@pytest.fixture
def sheet():
    event = make_event(slug="kirchheim", games_per_round=3)
    entries = [make_entry(event, n, name) for n, name in ((1, "Anna Rapp"), (2, "Otto Walz"),
                                                         (3, "Hans Maier"))]
    return make_sheet(make_table(make_round(event), entries))


def phone(device: str) -> Client:
    client = Client()
    client.cookies["binokel-device"] = device
    return client


def link_url(sheet, name: str) -> str:
    return reverse(name, kwargs={"token": sheet.token})


def desk_url(sheet, name: str) -> str:
    table = sheet.table
    return reverse(name, kwargs={"slug": table.round.event.slug, "number": table.round.number,
                                 "table": table.number})


def no_store(response) -> bool:
    return "no-store" in response.get("Cache-Control", "")


def test_the_version_check_is_one_query_and_not_kept(sheet, django_assert_num_queries):
    with django_assert_num_queries(1):
        response = Client().get(link_url(sheet, "sheet-link-check"))
    assert response.json() == {"version": 0, "confirmed": 0, "open": True}
    assert no_store(response)
    script_save(phone(PHONE_A), sheet, 0, {1: game(bid=150, melds=(0, 0, 0),
                                                   tricks=(250, 0, 0))})
    assert Client().get(link_url(sheet, "sheet-link-check")).json()["version"] == 1
    assert Client().get(reverse("sheet-link-check", args=["x" * 43])).status_code == 404
    assert Client().post(link_url(sheet, "sheet-link-check")).status_code == 405


def test_the_organisers_version_check(sheet, django_assert_num_queries):
    organiser = make_user()
    make_role(sheet.table.round.event, organiser)
    desk = Client()
    desk.force_login(organiser)
    desk.get(desk_url(sheet, "sheet-edit-check"))  # the session's first use
    with django_assert_num_queries(5):  # session, user, event, role, the sheet
        response = desk.get(desk_url(sheet, "sheet-edit-check"))
    assert response.json() == {"version": 0, "confirmed": 0, "open": True}
    assert no_store(response)


def test_a_phone_is_told_on_its_next_save_that_another_replaced_its_game(sheet):
    """Phone A saves game 3; phone B, on the sheet as it is, saves game 3 differently. A's next
    save (game 3 as A saw it, so nothing to change) is no silent "nothing changed": its answer
    names game 3, before and after, and who; B is not told of its own change."""
    a, b = phone(PHONE_A), phone(PHONE_B)
    first = script_save(a, sheet, 0, {3: game(bid=200)}).json()
    assert first["changes"] == []
    second = script_save(b, sheet, 1, {3: game(bid=250, melds=(80, 20, 40))}).json()
    assert second["outcome"] == "saved" and second["changes"] == []
    answer = script_save(a, sheet, 1, {3: game(bid=250, melds=(80, 20, 40))}).json()
    assert answer["messages"] == ["Spiel 3 gespeichert."]
    [change] = answer["changes"]
    assert change["game"] == 3 and change["by"] == "einem anderen Gerät"
    assert change["before"].startswith("Alleinspieler 1 · Reizwert 200 · gespielt")
    assert change["after"].startswith("Alleinspieler 1 · Reizwert 250 · gespielt")
    record = sheet_records().get(action=SheetAction.CHANGED)
    assert (record.params["game"], record.params["version"], record.params["device"]) == (
        3, 2, PHONE_B)
    # the state for A's old version says the same; for B's (or the current) version nothing
    state = a.get(link_url(sheet, "sheet-link-state") + "?version=1").json()
    assert [c["game"] for c in state["changes"]] == [3]
    assert state["version"] == 2 and state["rows"]["3"]["stored"]["bid"] == "250"
    assert b.get(link_url(sheet, "sheet-link-state") + "?version=1").json()["changes"] == []
    assert a.get(link_url(sheet, "sheet-link-state")).json()["changes"] == []
    # the organisers' page names the table's phone
    organiser = make_user()
    make_role(sheet.table.round.event, organiser)
    desk = Client()
    desk.force_login(organiser)
    notices = desk.get(desk_url(sheet, "sheet-edit-state") + "?version=0").json()["changes"]
    assert [c["by"] for c in notices] == ["dem Handy des Tisches"]


def test_a_stale_save_names_the_changed_games_too(sheet):
    a, b = phone(PHONE_A), phone(PHONE_B)
    script_save(a, sheet, 0, {3: game(bid=200)})
    script_save(b, sheet, 1, {3: game(bid=250)})
    answer = script_save(a, sheet, 1, {2: game(bid=180)}).json()
    assert answer["outcome"] == "stale"
    assert [c["game"] for c in answer["changes"]] == [3]


def test_the_desk_changes_a_confirmed_game_the_phone_learns_it(sheet):
    """A handed-in sheet confirmed by all three players; the desk changes game 2. The check
    moves, the state names game 2 changed by the organisers, and the players' section says the
    confirmations are void and which game changed since they confirmed."""
    save_sheet_rows(sheet=sheet, base_version=0, rows=dict.fromkeys((1, 2, 3), ROW),
                    hand_in=True)
    for position in (1, 2, 3):
        confirm_as_player(sheet=sheet, position=position, version=2)
    a = phone(PHONE_A)
    assert a.get(link_url(sheet, "sheet-link-check")).json() == {
        "version": 2, "confirmed": 3, "open": True}
    orga = make_user("eva", first_name="Eva", last_name="Berg")
    save_sheet_rows(sheet=sheet, base_version=2, user=orga,
                    rows={2: {**ROW, "bid": 200, "tricks": [200, 50, 0]}})
    assert a.get(link_url(sheet, "sheet-link-check")).json() == {
        "version": 3, "confirmed": 0, "open": True}
    state = a.get(link_url(sheet, "sheet-link-state") + "?version=2").json()
    [change] = state["changes"]
    assert change["game"] == 2 and change["by"] == "der Turnierleitung (Eva Berg)"
    assert "Reizwert 150" in change["before"] and "Reizwert 200" in change["after"]
    section = state["confirmations"]
    assert "0 von 3 bestätigt" in section and 'data-confirmed="0"' in section
    assert "Spiel 2 wurde geändert, nachdem ihr bestätigt habt: vorher Alleinspieler 1 · " \
           "Reizwert 150" in section
    # the page after a reload says it too
    page = a.get(link_url(sheet, "sheet-link")).content.decode()
    assert "Spiel 2 wurde geändert, nachdem ihr bestätigt habt" in page
    # once the players confirmed again, the section no longer names it
    for position in (1, 2, 3):
        confirm_as_player(sheet=sheet, position=position, version=3)
    page = a.get(link_url(sheet, "sheet-link")).content.decode()
    assert "nachdem ihr bestätigt habt" not in page and "3 von 3 bestätigt" in page


def test_the_state_of_a_closed_link_says_it_is_not_open(sheet):
    from scoring.services import close_round

    close_round(round=sheet.table.round, closed=True)
    assert Client().get(link_url(sheet, "sheet-link-check")).json()["open"] is False


def test_a_save_on_the_version_it_read_names_no_change_not_even_its_own(sheet):
    """A device without an id (the cookie blocked) replaces its own game: the answer names no
    change, and costs no read of the trail."""
    device = Client()
    script_save(device, sheet, 0, {3: game(bid=200)})
    answer = script_save(device, sheet, 1, {3: game(bid=250)}).json()
    assert answer["messages"] == ["Spiel 3 gespeichert."] and answer["changes"] == []
