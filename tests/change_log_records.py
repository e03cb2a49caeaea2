"""Records of the four change logs as they were kept before the one change log
(``core.models.ChangeRecord``): the event's (``tournament.ChangeLog``), a sheet's trail
(``scoring.SheetChange``), the online registration's (``signup.SignupLog``) and a series'
(``series.SeriesLog``), built with the models of a migration state; and the pages that show
them, read as their texts (``tests/test_change_log_migration.py``)."""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterator
from contextlib import contextmanager
from html import unescape
from typing import Any

from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test import Client
from django.urls import reverse

START = datetime.datetime(2026, 11, 21, 17, 0, tzinfo=datetime.UTC)
SLUG = "protokoll"
SERIES = "cup"

GAME = {"declarer": 1, "bid": 200, "kind": "played", "melds": [80, 20, 40],
        "tricks": [130, 70, 50], "revoked": None, "points": [330, 0, 0]}
CORRECTED = {**GAME, "bid": 210, "points": [340, 0, 0]}
TOTALS = {"parties": [1, 2, 3], "totals": [420, -30, 0], "lost": [0, 1, 0]}


# The migrations of the one change log: each app's moves its records into it.
ONE_CHANGE_LOG = {
    "core": "0001_initial",
    "tournament": "0018_change_log_to_core",
    "scoring": "0011_sheet_trail_to_core",
    "signup": "0002_signup_log_to_core",
    "series": "0002_series_log_to_core",
}


@contextmanager
def before_the_one_change_log() -> Iterator[Any]:
    """The database migrated back to just before the one change log, as the models of that
    state (``apps``); migrated forward to the end again afterwards. For a test with
    ``django_db(transaction=True)``."""
    executor = MigrationExecutor(connection)
    graph = executor.loader.graph
    targets = []
    for app, name in ONE_CHANGE_LOG.items():
        before = [parent.key for parent in graph.node_map[(app, name)].parents
                  if parent.key[0] == app]
        targets.append(before[0] if before else (app, None))
    state = executor.migrate(targets)
    try:
        yield state.apps
    finally:
        executor = MigrationExecutor(connection)
        executor.migrate(executor.loader.graph.leaf_nodes())


def build(apps: Any) -> dict[str, int]:
    """An event with an entry, a pair, a seated sheet and a registration, a series, and records
    of every kind with their times a minute apart, the kinds interleaved; written through the
    models of ``apps`` (a migration state's). Returns the ids the pages need."""
    user_model = apps.get_model("auth", "User")
    Event = apps.get_model("tournament", "Event")
    EventRole = apps.get_model("tournament", "EventRole")
    Player = apps.get_model("tournament", "Player")
    Entry = apps.get_model("tournament", "Entry")
    Round = apps.get_model("tournament", "Round")
    Table = apps.get_model("tournament", "Table")
    Seat = apps.get_model("tournament", "Seat")
    ChangeLog = apps.get_model("tournament", "ChangeLog")
    ScoreSheet = apps.get_model("scoring", "ScoreSheet")
    SheetChange = apps.get_model("scoring", "SheetChange")
    Registration = apps.get_model("signup", "Registration")
    SignupLog = apps.get_model("signup", "SignupLog")
    Series = apps.get_model("series", "Series")
    SeriesLog = apps.get_model("series", "SeriesLog")

    anna = user_model.objects.create(username="anna", is_staff=True, is_superuser=True)
    event = Event.objects.create(
        name="Protokollabend", slug=SLUG, date=datetime.date(2026, 11, 21), venue="Halle"
    )
    EventRole.objects.create(event=event, user=anna, role="organiser")
    entries = [
        Entry.objects.create(
            event=event, start_number=number, player=Player.objects.create(name=f"Spieler {number}")
        )
        for number in (1, 2, 3)
    ]
    table = Table.objects.create(
        round=Round.objects.create(event=event, number=1), number=3, kind="three"
    )
    for position, entry in enumerate(entries, start=1):
        Seat.objects.create(table=table, position=position, entry=entry, player_id=entry.player_id)
    sheet = ScoreSheet.objects.create(table=table, token="t" * 43)
    registration = Registration.objects.create(
        event=event, kind="single", name="Rosa Reger", email="rosa@example.org",
        status="registered", code="K7Q2", token="r" * 43,
    )
    series = Series.objects.create(name="Alb-Cup", slug=SERIES, owner=anna)
    ref = {"number": 1, "name": "Spieler 1"}
    signup_ref = {"code": "K7Q2", "name": "Rosa Reger"}
    device = {"agent": "Pixel 8", "address": "192.168.1.57"}

    records: list[tuple[Any, dict[str, Any]]] = [
        (ChangeLog, {"action": "event_created", "user": anna,
                     "params": {"name": "Protokollabend"}}),
        (SeriesLog, {"action": "series_created", "series": series, "user": anna,
                     "params": {"name": "Alb-Cup"}}),
        (SignupLog, {"action": "signup_settings", "user": anna,
                     "params": {"changes": [["is_open", False, True], ["capacity", None, 40]]}}),
        (ChangeLog, {"action": "registered", "entry": entries[0], "user": anna,
                     "params": {"entry_ref": ref, "club": "CVJM"}}),
        (SignupLog, {"action": "signup_registered", "registration": registration,
                     "params": {"ref": signup_ref, "number": 4}}),
        (ChangeLog, {"action": "plan", "params": {"text": "Sitzplan erstellt (alt)."}}),
        (ChangeLog, {"action": "released", "user": anna, "params": {"round": 1}}),
        (SheetChange, {"action": "link_saved", "version": 1, "device": "dev-a",
                       "after": {"saved": [1, 2], "deleted": [], "version": 1, "save": "s1",
                                 **device}}),
        (SheetChange, {"action": "changed", "game_number": 2, "version": 2, "device": "dev-b",
                       "before": GAME, "after": CORRECTED}),
        (ChangeLog, {"action": "paid", "entry": entries[0], "user": anna,
                     "params": {"entry_ref": ref, "payment": 1, "purpose": "start_fee",
                                "amount": "8.00", "method": "cash", "note": "Quittung"}}),
        (SheetChange, {"action": "submitted"}),
        (SheetChange, {"action": "player_confirmed",
                       "after": {"position": 1, "start_number": 1, "name": "Spieler 1",
                                 "version": 3, **device}}),
        (SheetChange, {"action": "saved", "game_number": 4, "user": anna, "version": 4,
                       "device": "", "before": GAME, "after": CORRECTED}),
        (SheetChange, {"action": "deleted", "game_number": 5, "user": anna, "version": 5,
                       "device": "dev-c", "before": GAME}),
        (SignupLog, {"action": "signup_waiting", "registration": registration,
                     "params": {"ref": signup_ref, "position": 2}}),
        (SheetChange, {"action": "late_refused",
                       "after": {"rows": {"6": {"bid": "180"}},
                                 "reason": "The round is closed; this sheet can no longer "
                                           "be changed.", "params": {}}}),
        (ChangeLog, {"action": "round_closed", "user": anna, "params": {"number": 1}}),
        (SheetChange, {"action": "totals_saved", "version": 6, "device": "dev-a",
                       "before": None, "after": {**TOTALS, "save": "s2", **device}}),
        (SheetChange, {"action": "confirmed", "user": anna}),
        (ChangeLog, {"action": "published", "user": anna, "params": {}}),
        (ChangeLog, {"action": "checked_in", "entry": entries[0], "user": anna,
                     "params": {"entry_ref": ref}}),
        (SignupLog, {"action": "signup_cancelled", "registration": registration,
                     "params": {"ref": signup_ref, "by_registrant": True}}),
        (SeriesLog, {"action": "series_event_added", "series": series, "user": anna,
                     "params": {"name": "Protokollabend", "date": "21.11.2026"}}),
        (ChangeLog, {"action": "event_finished", "user": anna, "params": {"closed": [1]}}),
        (ChangeLog, {"action": "scoring_mode", "user": anna,
                     "params": {"before": "games", "after": "totals"}}),
        (ChangeLog, {"action": "role_granted", "user": anna,
                     "params": {"username": "bernd", "role": "desk"}}),
    ]
    for minute, (model, fields) in enumerate(records):
        if model is SheetChange:
            fields = {"sheet": sheet, **fields}
        elif model in (ChangeLog, SignupLog):
            fields = {"event": event, **fields}
        record = model.objects.create(**fields)
        model.objects.filter(pk=record.pk).update(
            created_at=START + datetime.timedelta(minutes=minute)
        )
    return {"user": anna.pk, "sheet": sheet.pk, "entry": entries[0].pk}


def cells(html: str) -> list[list[str]]:
    """A page's table body, each row as its cells' texts."""
    body = unescape(html).split("<tbody>", 1)[1].split("</tbody>", 1)[0]
    return [
        [re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", cell)).strip()
         for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
        for row in re.findall(r"<tr>(.*?)</tr>", body, re.S)
    ]


def history(html: str) -> list[str]:
    """The texts of a page's list of changes (``<ul class="history">`` or the series')."""
    found = re.search(r'<ul class="history">(.*?)</ul>', html, re.S) or re.search(
        r"<h2>(?:Änderungsprotokoll|Change log)</h2>\s*<ul>(.*?)</ul>", html, re.S
    )
    assert found, "no list of changes"
    return [
        re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", unescape(item))).strip()
        for item in re.findall(r"<li>(.*?)</li>", found.group(1), re.S)
    ]


def pages(client: Client, ids: dict[str, int]) -> dict[str, Any]:
    """What every page that shows the records shows of them."""

    def get(url: str) -> str:
        response = client.get(url)
        assert response.status_code == 200, url
        return response.content.decode()

    log = reverse("change-log", args=[SLUG])
    shown: dict[str, Any] = {
        kind or "alle": cells(get(f"{log}?art={kind}" if kind else log))
        for kind in (None, "turnier", "zettel", "anmeldung", "kasse")
    }
    shown["trail"] = cells(get(reverse("sheet-changes", args=[SLUG, 1, 3])))
    shown["series"] = history(get(reverse("series-detail", args=[SERIES])))
    shown["entry"] = history(get(reverse("entry-edit", args=[SLUG, ids["entry"]])))
    shown["cash"] = history(get(reverse("cash-entry", args=[SLUG, 1])))
    state = client.get(reverse("sheet-edit-state", args=[SLUG, 1, 3]) + "?version=0")
    shown["notices"] = state.json()["changes"]
    return shown
