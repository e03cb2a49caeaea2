"""A sheet's link can be replaced when its code got into the wrong hands, and every save through
a link is recorded with the device it came from, so a dispute at the desk can be traced."""

import pytest
from django.test import Client
from django.urls import reverse

from core.limits import MAX_DEVICE_TEXT
from scoring.audit import SheetAction
from scoring.models import Game
from tests.factories import (
    make_entry,
    make_event,
    make_role,
    make_round,
    make_sheet,
    make_table,
    sheet_records,
)

pytestmark = pytest.mark.django_db

PHONE = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/131 Mobile"


@pytest.fixture
def sheet():
    event = make_event(slug="laichingen")
    entries = [make_entry(event, n, f"Spieler {n}") for n in (1, 2, 3)]
    return make_sheet(make_table(make_round(event), entries))


def link(token: str) -> str:
    return reverse("sheet-link", kwargs={"token": token})


def organiser_url(sheet, name: str) -> str:
    table = sheet.table
    return reverse(name, kwargs={"slug": table.round.event.slug, "number": table.round.number,
                                 "table": table.number})


def row(number: int) -> dict[str, str]:
    fields = {"dealer": str((number - 1) % 3 + 1), "kind": "played", "declarer": "0",
              "bid": "150", "revoked": "", "meld0": "20", "meld1": "0", "meld2": "0",
              "tricks0": "250", "tricks1": "0", "tricks2": "0"}
    return {f"g{number}-{name}": value for name, value in fields.items()}


def save(client: Client, sheet, version: int, numbers: list[int], *, as_json: bool = True,
         **headers):
    """A save of these rows: as the page's script sends it (to the save address, JSON back)
    or as a plain form (to the page)."""
    data = {"sheet": str(sheet.pk), "version": str(version), "action": "save"}
    for number in numbers:
        data.update(row(number))
    if as_json:
        data["save_id"] = "phone-1"
        url = reverse("sheet-link-save", kwargs={"token": sheet.token})
    else:
        url = link(sheet.token)
    return client.post(url, data, **headers)


def test_a_new_link_stops_the_old_one_at_once_and_keeps_the_games(client, organiser, sheet):
    make_role(sheet.table.round.event, organiser)
    old = sheet.token
    assert save(Client(), sheet, 0, [1]).json()["ok"]
    response = client.post(organiser_url(sheet, "sheet-new-link"), follow=True)
    assert response.redirect_chain[-1][0].endswith("#link")
    assert "Der alte Link und jeder gedruckte oder fotografierte Code" in (
        response.content.decode()
    )
    sheet.refresh_from_db()
    assert sheet.token != old and len(sheet.token) >= 32
    assert Client().get(link(old)).status_code == 404
    assert save(Client(), sheet, 1, [2]).status_code == 200  # the new link works
    assert sorted(Game.objects.filter(sheet=sheet).values_list("number", flat=True)) == [1, 2]
    renewed = sheet.changes.get(action=SheetAction.LINK_RENEWED)
    assert renewed.user == organiser
    assert sheet.token in response.content.decode() and old not in response.content.decode()


def test_a_new_link_needs_a_post_and_an_organiser(client, sheet):
    old = sheet.token
    assert client.post(organiser_url(sheet, "sheet-new-link")).status_code == 302  # to login
    sheet.refresh_from_db()
    assert sheet.token == old


def test_a_new_link_is_not_issued_by_a_get(client, organiser, sheet):
    make_role(sheet.table.round.event, organiser)
    old = sheet.token
    assert client.get(organiser_url(sheet, "sheet-new-link")).status_code == 405
    sheet.refresh_from_db()
    assert sheet.token == old


@pytest.mark.parametrize("as_json", [True, False])
def test_a_save_through_the_link_is_recorded_with_its_device(sheet, as_json):
    response = save(Client(), sheet, 0, [1, 2], as_json=as_json, HTTP_USER_AGENT=PHONE,
                    REMOTE_ADDR="192.168.1.57")
    assert response.status_code == (200 if as_json else 302)
    record = sheet.changes.get(action=SheetAction.LINK_SAVED)
    assert record.user is None
    assert record.params["after"] == {"saved": [1, 2], "deleted": [], "version": 1, "agent": PHONE,
                            "address": "192.168.1.57", "save": "phone-1" if as_json else ""}


def test_clearing_a_game_is_recorded_and_nothing_is_recorded_when_nothing_changed(sheet):
    phone = Client(HTTP_USER_AGENT=PHONE)
    save(phone, sheet, 0, [1, 2])
    data = {"sheet": str(sheet.pk), "version": "1", "action": "save", **row(1)}
    data.update({key: "" for key in row(2) if not key.endswith(("dealer", "kind"))})
    data.update({"g2-dealer": "2", "g2-kind": "played"})
    saved = phone.post(reverse("sheet-link-save", kwargs={"token": sheet.token}), data)
    assert saved.json()["ok"]
    records = sheet.changes.filter(action=SheetAction.LINK_SAVED)
    assert [r.params["after"]["saved"] for r in records.order_by("id")] == [[1, 2], []]
    assert [r.params["after"]["deleted"] for r in records.order_by("id")] == [[], [2]]
    save(phone, sheet, 2, [1])  # game 1 as stored: no change, no record
    assert records.count() == 2


def test_a_long_browser_name_is_shortened(sheet):
    save(Client(), sheet, 0, [1], HTTP_USER_AGENT="x" * 5000)
    record = sheet.changes.get(action=SheetAction.LINK_SAVED)
    assert record.params["after"]["agent"] == "x" * MAX_DEVICE_TEXT


def test_the_organisers_saves_are_not_link_saves(client, organiser, sheet):
    make_role(sheet.table.round.event, organiser)
    data = {"sheet": str(sheet.pk), "version": "0", "action": "save", **row(1)}
    assert client.post(organiser_url(sheet, "sheet-edit"), data).status_code == 302
    assert Game.objects.filter(sheet=sheet).count() == 1
    assert not sheet_records().filter(action=SheetAction.LINK_SAVED).exists()


def test_the_trail_names_the_games_and_the_device(client, organiser, sheet):
    make_role(sheet.table.round.event, organiser)
    save(Client(), sheet, 0, [1, 2, 3], HTTP_USER_AGENT=PHONE, REMOTE_ADDR="192.168.1.57")
    page = client.get(organiser_url(sheet, "sheet-changes")).content.decode()
    assert "über den Link gespeichert" in page
    assert "Spiele 1–3 gespeichert" in page
    assert "Pixel 8" in page and "192.168.1.57" in page
