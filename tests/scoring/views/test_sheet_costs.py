"""What the hot path of the hall costs the server: the sheet page and a background save read only
what they need, through the ORM, the same on SQLite and PostgreSQL (bench/load.py measures the
time; these tests keep the work from creeping back), the meld picker is rendered once per
language, and a seating change tells the sheets, so a save may take the parties its page was
built for."""

import re

import pytest
from django.contrib.contenttypes.models import ContentType
from django.core.cache import cache
from django.core.cache.utils import make_template_fragment_key
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scoring.house_rules import melds_key, rules_of
from scoring.models import Game, ScoreSheet
from tests.factories import make_event
from tests.tournament.plans import make_field
from tournament.models import Table
from tournament.services import generate_plan, release_round, replace_entry, swap_entries

pytestmark = pytest.mark.django_db

FROM_TABLE = re.compile(r'\bFROM "(\w+)"')


@pytest.fixture
def event():
    event = make_event(round_count=2)
    make_field(event, 9, 0)
    generate_plan(event=event, seed=3)
    release_round(round=event.rounds.get(number=1), released=True)
    # the kind of a change-log record's subject, read once per process (and kept)
    ContentType.objects.get_for_model(ScoreSheet)
    return event


def sheet_of(event, round_number=1, table=1):
    return Table.objects.get(round__event=event, round__number=round_number, number=table).sheet


def link(sheet) -> str:
    return reverse("sheet-link", kwargs={"token": sheet.token})


def row(number: int, seat_count: int = 3) -> dict[str, str]:
    """Game ``number``: the first party plays 150 and takes every trick."""
    fields = {"dealer": str((number - 1) % seat_count + 1), "kind": "played", "declarer": "0",
              "bid": "150", "revoked": ""}
    for index in range(seat_count):
        fields[f"meld{index}"] = "0"
        fields[f"tricks{index}"] = "250" if index == 0 else "0"
    return {f"g{number}-{name}": value for name, value in fields.items()}


def background_save(client: Client, sheet, version: int, numbers: list[int], action="save"):
    """A save as sheet.js sends it: only the typed rows, to the sheet's save address."""
    data = {"sheet": str(sheet.pk), "version": str(version), "action": action}
    for number in numbers:
        data.update(row(number))
    return client.post(reverse("sheet-link-save", kwargs={"token": sheet.token}), data)


def tables_read(queries) -> list[str]:
    return [match.group(1) for query in queries for match in [FROM_TABLE.search(query["sql"])]
            if match]


def reads(queries) -> list[str]:
    return [q["sql"] for q in queries if q["sql"].startswith("SELECT")]


def test_the_sheet_page_reads_the_sheet_its_seats_and_its_games(event):
    sheet = sheet_of(event)
    Client().get(link(sheet))  # the meld picker is rendered and kept once
    assert background_save(Client(), sheet, 0, [1, 2]).json()["ok"]
    with CaptureQueriesContext(connection) as queries:
        response = Client().get(link(sheet))
    assert response.status_code == 200
    assert tables_read(queries) == ["scoring_scoresheet", "tournament_seat", "scoring_game",
                                    "scoring_partyscore"]


def test_reading_a_sheets_games_joins_nothing(event):
    """Game and PartyScore order by their sheet and game by default, which would join the
    sheet, table, round and event tables into every read of a sheet's games; and a join
    planned on empty tables stays a nested loop of full scans (scoring.services.sheet_games)."""
    sheet = sheet_of(event)
    assert background_save(Client(), sheet, 0, [1, 2]).json()["ok"]
    with CaptureQueriesContext(connection) as queries:
        Client().get(link(sheet))
    games = [sql for sql in reads(queries) if re.search(r'FROM "scoring_(game|partyscore)"', sql)]
    assert len(games) == 2
    assert not [sql for sql in games if " JOIN " in sql or "ORDER BY" in sql]


def test_a_background_save_is_one_transaction_of_few_statements(event):
    """The link's read, then one transaction: the sheet locked, its table, round and event read
    after the lock (the house rules of the moment), its games read once, the games
    and their parties' rows written in bulk, the version, the event's results stamp (the sheet
    is in progress now), the trail (scoring.services.sheets.save_sheet_rows)."""
    sheet = sheet_of(event)
    client = Client()
    with CaptureQueriesContext(connection) as queries:
        answer = background_save(client, sheet, 0, [1, 2]).json()
    assert answer["ok"] and answer["version"] == 1
    assert tables_read(queries) == ["scoring_scoresheet", "tournament_seat",
                                    "scoring_scoresheet", "tournament_table",
                                    "scoring_game"]  # no games yet
    locked = [q["sql"] for q in queries if "FOR UPDATE" in q["sql"]]
    assert len(locked) == (1 if connection.features.has_select_for_update else 0)
    writes = [q["sql"] for q in queries if q["sql"].startswith(("INSERT", "UPDATE", "DELETE"))]
    assert [re.findall(r'(?:UPDATE|INTO) "(\w+)"', sql)[0] for sql in writes] == [
        "scoring_game", "scoring_partyscore", "scoring_scoresheet", "core_changerecord",
        "tournament_event"]
    assert Game.objects.filter(sheet=sheet).count() == 2


def test_save_and_hand_in_is_one_change(event):
    """The last save of a table ("Save and hand in") hands the sheet in within the same
    transaction: no second lock and read of the sheet."""
    sheet = sheet_of(event)
    client = Client()
    assert background_save(client, sheet, 0, list(range(1, 11))).json()["ok"]
    with CaptureQueriesContext(connection) as queries:
        answer = background_save(client, sheet, 1, [11, 12], action="submit").json()
    assert answer["ok"] and answer["status"] == "submitted" and answer["version"] == 3
    assert answer["missing"] == [] and answer["problems"] == []
    assert tables_read(queries).count("scoring_scoresheet") == 2  # the link's read, the lock
    updates = [q["sql"] for q in queries if q["sql"].startswith("UPDATE")]
    assert len(updates) == 2  # the sheet (version, status, hand-in time), the results stamp
    sheet.refresh_from_db()
    assert (sheet.status, sheet.version, Game.objects.filter(sheet=sheet).count()) == (
        "submitted", 3, 12)


@pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's plan cache")
def test_the_hot_reads_are_prepared_and_planned_once_per_connection(event):
    """Each statement is prepared the first time a connection runs it, and PostgreSQL keeps one
    plan for every sheet (config.settings), instead of a plan per run for the first runs
    of each connection."""
    sheets = [sheet_of(event, 1, number) for number in (1, 2, 3)]
    for sheet in sheets:
        assert Client().get(link(sheet)).status_code == 200
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT generic_plans, custom_plans FROM pg_prepared_statements"
            " WHERE statement LIKE %s",
            ['SELECT %FROM "scoring_game" WHERE "scoring_game"."sheet_id" = $1'],
        )
        plans = cursor.fetchall()
    assert len(plans) == 1
    generic, custom = plans[0]
    assert generic >= len(sheets) and custom == 0


def test_the_meld_picker_is_rendered_once_per_language(event):
    """Once per language and per rules' melds (``scoring.house_rules.melds_key``)."""
    sheet = sheet_of(event)
    key = melds_key(rules_of(event))
    cache.clear()
    german = Client().get(link(sheet)).content.decode()
    assert cache.get(make_template_fragment_key("meld-picker", ["de", key])) is not None
    assert cache.get(make_template_fragment_key("meld-picker", ["en", key])) is None
    english = Client(headers={"accept-language": "en"}).get(link(sheet)).content.decode()
    assert cache.get(make_template_fragment_key("meld-picker", ["en", key])) is not None
    assert german.count('id="meld-picker"') == english.count('id="meld-picker"') == 1
    assert "Add up the melds" in english and "Add up the melds" not in german


def test_swapping_entries_moves_the_version_of_both_tables_sheets(event):
    round_1 = event.rounds.get(number=1)
    first, second = sheet_of(event, 1, 1), sheet_of(event, 1, 2)
    third = sheet_of(event, 1, 3)
    one = first.table.seats.order_by("position").first().entry
    two = second.table.seats.order_by("position").first().entry
    swap_entries(round=round_1, first=one, second=two)
    for sheet in (first, second, third):
        sheet.refresh_from_db()
    assert (first.version, second.version, third.version) == (1, 1, 0)


def test_a_save_from_a_page_of_the_old_seating_is_refused_as_stale(event):
    """The phone shows the seating of version 0; after the desk swaps entries its save names the
    wrong people, so it is refused and the phone gets the new version (and reloads)."""
    round_1 = event.rounds.get(number=1)
    first, second = sheet_of(event, 1, 1), sheet_of(event, 1, 2)
    phone = Client()
    phone.get(link(first))
    swap_entries(
        round=round_1,
        first=first.table.seats.order_by("position").first().entry,
        second=second.table.seats.order_by("position").first().entry,
    )
    response = background_save(phone, first, 0, [1])
    assert response.status_code == 409
    assert response.json()["outcome"] == "stale" and response.json()["version"] == 1
    assert not Game.objects.filter(sheet=first).exists()
    assert background_save(phone, first, 1, [1]).json()["ok"]


def test_a_stand_in_moves_the_version_of_the_sheets_whose_seats_it_takes(event):
    absent = event.entries.get(start_number=4)
    sheets = {
        table.pk: table.sheet
        for table in Table.objects.filter(round__event=event).select_related("sheet")
    }
    taken = {table.pk for table in Table.objects.filter(round__event=event, seats__entry=absent)}
    replace_entry(absent=absent, name="Otto Nachzügler", stand_in=True)
    for table_id, sheet in sheets.items():
        sheet.refresh_from_db()
        assert sheet.version == (1 if table_id in taken else 0), table_id
