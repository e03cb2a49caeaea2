"""What the hot path of the hall costs the server: the sheet page and a background save read only
what they need (bench/load.py measures the time; these tests keep the work from creeping back),
the meld picker is rendered once per language, and a seating change tells the sheets, so a save
may take the parties its page was built for."""

import re

import pytest
from django.core.cache import cache
from django.core.cache.utils import make_template_fragment_key
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scoring.models import Game
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
    """A save as sheet.js sends it: only the typed rows, asking for JSON."""
    data = {"sheet": str(sheet.pk), "version": str(version), "action": action}
    for number in numbers:
        data.update(row(number))
    return client.post(link(sheet), data, HTTP_ACCEPT="application/json")


def tables_read(queries) -> list[str]:
    return [match.group(1) for query in queries for match in [FROM_TABLE.search(query["sql"])]
            if match]


def link_read(sql: str) -> bool:
    """The sheet link's one read (scoring.sheet_query): the sheet with its seats and people
    and the numbers of its games."""
    return sql.startswith("SELECT") and all(
        f'"{table}"' in sql
        for table in ("scoring_scoresheet", "tournament_seat", "tournament_player",
                      "scoring_game")
    )


def reads(queries) -> list[str]:
    return [q["sql"] for q in queries if q["sql"].startswith("SELECT")]


def test_the_sheet_page_reads_the_sheet_with_its_seats_then_the_games(event):
    sheet = sheet_of(event)
    Client().get(link(sheet))  # the meld picker is rendered and kept once
    with CaptureQueriesContext(connection) as queries:
        response = Client().get(link(sheet))
    assert response.status_code == 200
    assert len(queries) == 1 and link_read(queries[0]["sql"])  # it says there are no games
    assert background_save(Client(), sheet, 0, [1, 2]).json()["ok"]
    with CaptureQueriesContext(connection) as queries:
        Client().get(link(sheet))
    assert link_read(queries[0]["sql"])
    assert tables_read(queries[1:]) == ["scoring_game", "scoring_partyscore"]


def test_reading_a_sheets_games_joins_nothing(event):
    """Game and PartyScore order by their sheet and game by default, which would join the
    sheet, table, round and event tables into every read of a sheet's games."""
    sheet = sheet_of(event)
    assert background_save(Client(), sheet, 0, [1, 2]).json()["ok"]
    with CaptureQueriesContext(connection) as queries:
        Client().get(link(sheet))
    games = [sql for sql in reads(queries)[1:]]
    assert tables_read([{"sql": sql} for sql in games]) == ["scoring_game", "scoring_partyscore"]
    assert not [sql for sql in games if " JOIN " in sql]


def test_a_background_save_reads_once_and_locks_nothing_of_its_own(event):
    """The link's one read has what the save decides on; the conditional UPDATE of the
    version claims the sheet (scoring.services.sheets.save_sheet_rows)."""
    sheet = sheet_of(event)
    client = Client()
    with CaptureQueriesContext(connection) as queries:
        answer = background_save(client, sheet, 0, [1, 2]).json()
    assert answer["ok"] and answer["version"] == 1
    assert len(reads(queries)) == 1 and link_read(reads(queries)[0])
    assert not [q for q in queries if "FOR UPDATE" in q["sql"]]
    writes = [q["sql"] for q in queries if q["sql"].startswith(("INSERT", "UPDATE", "DELETE",
                                                                 "WITH"))]
    # the version, the event's results stamp (the sheet is now in progress), the games, their
    # parties' rows, the trail: one statement on PostgreSQL (scoring.services.append_games)
    wanted = ["scoring_scoresheet", "tournament_event", "scoring_game", "scoring_partyscore",
              "scoring_sheetchange"]
    if connection.vendor == "postgresql":
        assert len(writes) == 1
        assert re.findall(r'(?:UPDATE|INSERT INTO) "(\w+)"', writes[0]) == wanted
    else:
        assert [sql.split('"')[1] for sql in writes] == wanted
    assert Game.objects.filter(sheet=sheet).count() == 2


def test_save_and_hand_in_is_one_change(event):
    """The last save of a table ("Save and hand in") hands the sheet in with the save's own
    claim: the link's one read and, on PostgreSQL, the one statement; no second transaction
    that locks and reads the sheet again."""
    sheet = sheet_of(event)
    client = Client()
    assert background_save(client, sheet, 0, list(range(1, 11))).json()["ok"]
    with CaptureQueriesContext(connection) as queries:
        answer = background_save(client, sheet, 1, [11, 12], action="submit").json()
    assert answer["ok"] and answer["status"] == "submitted" and answer["version"] == 3
    assert answer["missing"] == [] and answer["problems"] == []
    assert len(reads(queries)) == 1 and link_read(reads(queries)[0])
    assert not [q for q in queries if "FOR UPDATE" in q["sql"]]
    if connection.vendor == "postgresql":
        assert len([q for q in queries if not q["sql"].startswith("SELECT")]) == 1
    sheet.refresh_from_db()
    assert (sheet.status, sheet.version, Game.objects.filter(sheet=sheet).count()) == (
        "submitted", 3, 12)


def test_a_save_of_new_games_reads_no_stored_values(event):
    """The save knows which games the sheet holds from the link's read; it reads no stored
    values when the rows sent are new, and says what is still missing without another read."""
    sheet = sheet_of(event)
    client = Client()
    answer = background_save(client, sheet, 0, [1, 2]).json()
    assert answer["missing"] == list(range(3, 13)) and answer["first_open"] == 3
    with CaptureQueriesContext(connection) as queries:  # game 2 is stored: read to compare
        answer = background_save(client, sheet, 1, [2, 3]).json()
    assert answer["ok"] and answer["missing"] == list(range(4, 13))
    assert tables_read([{"sql": sql} for sql in reads(queries)[1:]]) == [
        "scoring_game", "scoring_partyscore"]
    with CaptureQueriesContext(connection) as queries:
        answer = background_save(client, sheet, 2, [4]).json()
    assert answer["ok"] and len(reads(queries)) == 1


def test_the_meld_picker_is_rendered_once_per_language(event):
    sheet = sheet_of(event)
    cache.clear()
    german = Client().get(link(sheet)).content.decode()
    assert cache.get(make_template_fragment_key("meld-picker", ["de"])) is not None
    assert cache.get(make_template_fragment_key("meld-picker", ["en"])) is None
    english = Client(headers={"accept-language": "en"}).get(link(sheet)).content.decode()
    assert cache.get(make_template_fragment_key("meld-picker", ["en"])) is not None
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
    assert response.json()["reason"] == "stale" and response.json()["version"] == 1
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
