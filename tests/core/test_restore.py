"""Bringing an evening back (``core.restore``, ``manage.py restore``): a real server copies
its SQLite file into BACKUP_DIR while games are saved; after a kill -9 mid-round the newest copy,
restored into a fresh file, holds every game saved before it, under the same sheet links. A copy
of an older version is migrated; a newer one, a damaged file or another kind of database is
refused, and so is a database with events unless forced."""

import json
import shutil
import sqlite3
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import pytest
from django.db import connection

from core import restore as restore_module
from core.backups import Backups, PostgresSource, Status, backup_files
from core.restore import (
    BROUGHT_BACK,
    DAMAGED,
    HOLDS_TABLES,
    RestoreError,
    check_backup,
    count_events,
    restore,
)
from tests.core.hall import (
    BASE,
    Phone,
    Server,
    copy_of,
    environment,
    manage,
    saved_games,
    sqlite_pass,
    taken_at,
    tokens,
    wait_for,
)
from tests.factories import make_entry, make_event, make_round, make_sheet, make_table
from tournament.models import Event

# the German words of a refusal for a damaged copy (core.restore.DAMAGED)
DAMAGED_GERMAN = "ist beschädigt oder unvollständig; an der Datenbank wurde nichts verändert"


def cut_short(path: Path, keep: float = 0.7) -> Path:
    """A copy of the backup ``path`` with only the first ``keep`` of its bytes, as a copy
    whose writing broke off (a stick pulled out) leaves it."""
    data = path.read_bytes()
    short = path.with_name(f"short-{path.name}")
    short.write_bytes(data[: int(len(data) * keep)])
    return short


@sqlite_pass
def test_after_a_crash_mid_round_the_last_backup_brings_every_game_before_it_back(
    evening, evening_copy, tmp_path
):
    usb, fresh = tmp_path / "usb", tmp_path / "fresh.sqlite3"
    usb.mkdir()
    sheets = json.loads((evening.parent / "sheets.json").read_text())
    server = Server(environment(evening_copy, BACKUP_DIR=str(usb), BACKUP_SECONDS="1"),
                    tmp_path / "server.log")
    saves: list[tuple[float, tuple[str, int, int]]] = []  # (answered at, game)
    try:
        server.wait_until_up(f"/zettel/{sheets[0][1]}/")
        phones = [Phone(server.base, pk, token) for pk, token in sheets]
        for phone in phones:
            phone.open()
        for number in range(1, 9):  # round 1 under way, a copy made after every second game
            for phone in phones:
                phone.save(number)
                saves.append((time.time(), (phone.token, number, 150 + 10 * number)))
            if number % 2 == 0:
                last = backup_files(usb)[-1:]
                wait_for(lambda last=last: backup_files(usb)[-1:] != last, seconds=30)
    finally:
        server.kill()  # in the middle of the round: no sheet handed in
    log = (tmp_path / "server.log").read_text()

    copies = backup_files(usb)
    assert copies, f"no backup was written:\n{log}"
    newest = copies[-1]
    before = {game for answered, game in saves if answered < taken_at(newest)}
    assert len(before) >= 4, (newest.name, saves)  # the test shows something

    result = manage(environment(fresh), "restore", str(newest))
    assert result.returncode == 0, result.stderr
    restored = saved_games(fresh)
    assert before <= restored  # every game saved before the copy
    assert restored <= {game for _answered, game in saves}  # and nothing else

    # the links of the printed codes open their sheets on the restored database
    server = Server(environment(fresh), tmp_path / "restored.log", workers=1)
    try:
        server.wait_until_up("/")
        for pk, token in sheets:
            assert 'name="version"' in Phone(server.base, pk, token).open()
        with pytest.raises(urllib.error.HTTPError) as unknown:
            urllib.request.urlopen(f"{server.base}/zettel/{'x' * 43}/", timeout=10)
        assert unknown.value.code == 404
    finally:
        server.kill()


@sqlite_pass
def test_restore_migrates_an_older_backup_and_replaces_events_only_when_forced(evening_copy,
                                                                               tmp_path):
    """A copy made by an older version of the project (one migration less) is brought up to
    this version; a database with events is replaced only with --force."""
    result = manage(environment(evening_copy), "migrate", "scoring", "0003", "--noinput")
    assert result.returncode == 0, result.stderr
    old = copy_of(evening_copy, tmp_path / "usb")
    target = tmp_path / "target.sqlite3"
    env = environment(target)
    result = manage(env, "restore", str(old))
    assert result.returncode == 0, result.stderr
    assert "Benefizbinokel" in result.stdout and "1 Turnier(e) wiederhergestellt" in result.stdout
    with sqlite3.connect(target) as connection:
        assert connection.execute(
            "SELECT COUNT(*) FROM django_migrations WHERE app = 'scoring' "
            "AND name = '0004_sheet_last_save'"
        ).fetchone() == (1,)
        connection.execute("UPDATE scoring_scoresheet SET last_save = 'migrated'")
    assert tokens(target) == tokens(evening_copy)

    refused = manage(env, "restore", str(old))
    assert refused.returncode != 0
    assert "enthält schon 1 Turnier(e)" in refused.stderr and "--force" in refused.stderr
    forced = manage(env, "restore", "--force", str(old))
    assert forced.returncode == 0, forced.stderr
    with sqlite3.connect(target) as connection:  # the copy's rows again, not the changed ones
        assert {row[0] for row in connection.execute(
            "SELECT last_save FROM scoring_scoresheet"
        )} == {""}


def test_restore_refuses_what_is_no_backup(tmp_path):
    text = tmp_path / "notizen.txt"
    text.write_text("Runde 1: alles gut")
    with pytest.raises(RestoreError, match="is not a backup of Binokel-Turnier"):
        check_backup(text)
    damaged = tmp_path / "binokel-20261121-230500.sqlite3"
    damaged.write_bytes(b"SQLite format 3\x00" + b"\x00" * 200)
    with pytest.raises(RestoreError, match="damaged"):
        check_backup(damaged)


def test_restore_refuses_a_backup_of_a_newer_version(evening_copy, tmp_path):
    copy = copy_of(evening_copy, tmp_path / "usb")
    assert check_backup(copy) == "sqlite"
    with sqlite3.connect(copy) as connection:
        connection.execute(
            "INSERT INTO django_migrations (app, name, applied) "
            "VALUES ('tournament', '9999_from_the_future', '2030-01-01')"
        )
    with pytest.raises(RestoreError, match=r"newer version .*tournament\.9999_from_the_future"):
        check_backup(copy)


@pytest.mark.django_db
def test_restore_refuses_a_backup_of_another_kind_of_database(evening_copy, tmp_path):
    """An SQLite copy is not restored into PostgreSQL, nor a dump into SQLite."""
    if connection.vendor == "sqlite":
        other = tmp_path / "binokel-20261121-230500.pgdump"
        other.write_bytes(b"PGDMP" + b"\x00" * 100)
        expected = "is a backup of a PostgreSQL database, but the database configured is sqlite"
    else:
        other = copy_of(evening_copy, tmp_path / "usb")
        expected = "is a backup of a SQLite database, but the database configured is postgresql"
    with pytest.raises(RestoreError, match=expected):
        restore(other)
    assert count_events() == 0


@pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's pg_dump")
@pytest.mark.django_db(transaction=True)
def test_a_postgresql_dump_is_restored_into_a_fresh_database(tmp_path):
    """The server's pg_dump of the evening_copy, restored with ``manage.py restore`` into another
    database of the same server (made and dropped here): the same events and sheet links."""
    event = make_event(slug="pg-abend", status="running")
    sheet = make_sheet(make_table(make_round(event), [make_entry(event, n) for n in (1, 2, 3)]))
    copy = Backups(tmp_path, PostgresSource(), interval=60, keep=5).check()
    assert copy is not None and copy.suffix == ".pgdump", Status.read(tmp_path).failure

    settings_dict = connection.settings_dict
    name = f"{settings_dict['NAME']}_restored"
    quoted = connection.ops.quote_name(name)
    credentials = urllib.parse.quote(settings_dict["USER"] or "", safe="")
    if settings_dict["PASSWORD"]:
        credentials += ":" + urllib.parse.quote(settings_dict["PASSWORD"], safe="")
    url = (f"postgres://{credentials}@{settings_dict['HOST'] or '127.0.0.1'}:"
           f"{settings_dict['PORT'] or 5432}/{name}")
    env = {**environment(tmp_path / "unused.sqlite3"), "DATABASE_URL": url}
    with connection.cursor() as cursor:
        cursor.execute(f"DROP DATABASE IF EXISTS {quoted}")
        cursor.execute(f"CREATE DATABASE {quoted}")
    try:
        result = manage(env, "restore", str(copy))
        assert result.returncode == 0, result.stderr
        assert str(event) in result.stdout
        again = manage(env, "restore", str(copy))
        assert again.returncode != 0 and "--force" in again.stderr
        forced = manage(env, "restore", "--force", str(copy))
        assert forced.returncode == 0, forced.stderr
        check = subprocess.run(
            [sys.executable, "manage.py", "shell", "-c",
             "from scoring.models import ScoreSheet; "
             "print(list(ScoreSheet.objects.values_list('token', flat=True)))"],
            cwd=BASE, env=env, capture_output=True, text=True, check=False, timeout=60,
        )
        assert check.stdout.strip().splitlines()[-1] == repr([sheet.token]), check.stderr
    finally:
        with connection.cursor() as cursor:
            cursor.execute(f"DROP DATABASE IF EXISTS {quoted} WITH (FORCE)")




@sqlite_pass
def test_a_cut_short_sqlite_copy_is_refused_and_the_database_kept_even_forced(evening_copy,
                                                                             tmp_path):
    short = cut_short(copy_of(evening_copy, tmp_path / "usb"))
    events_before = sqlite3.connect(evening_copy).execute(
        "SELECT COUNT(*) FROM tournament_event").fetchone()[0]
    result = manage(environment(evening_copy), "restore", "--force", str(short))
    assert result.returncode != 0
    assert DAMAGED_GERMAN in result.stderr, result.stderr
    with sqlite3.connect(evening_copy) as connection:
        assert connection.execute("SELECT COUNT(*) FROM tournament_event").fetchone()[0] \
            == events_before == 1
    assert tokens(evening_copy)  # the sheets are still there


@sqlite_pass
def test_a_database_with_tables_but_no_event_is_replaced_only_when_forced(evening_copy,
                                                                        tmp_path):
    copy = copy_of(evening_copy, tmp_path / "usb")
    target = tmp_path / "migrated.sqlite3"
    shutil.copyfile(evening_copy, target)
    with sqlite3.connect(target) as connection:
        connection.execute("PRAGMA foreign_keys = OFF")
        connection.execute("DELETE FROM tournament_event")  # its sheets stay
    refused = manage(environment(target), "restore", str(copy))
    assert refused.returncode != 0
    assert "ist nicht leer" in refused.stderr and "--force" in refused.stderr, refused.stderr
    assert tokens(target) == tokens(evening_copy)  # untouched
    forced = manage(environment(target), "restore", "--force", str(copy))
    assert forced.returncode == 0, forced.stderr


@pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's pg_dump")
@pytest.mark.django_db(transaction=True)
def test_a_cut_short_dump_is_refused_before_anything_is_dropped(tmp_path):
    """The whole dump is read before a table is dropped: a dump whose data section broke off
    leaves the database as it was, even with force."""
    event = make_event(slug="pg-bleibt", status="running")
    make_sheet(make_table(make_round(event), [make_entry(event, n) for n in (1, 2, 3)]))
    copy = Backups(tmp_path, PostgresSource(), interval=60, keep=5).check()
    assert copy is not None, Status.read(tmp_path).failure
    with connection.cursor() as cursor:
        tables = len(connection.introspection.table_names(cursor))
    for keep in (0.95, 0.7, 0.3):  # in the data, and before it
        with pytest.raises(RestoreError) as refused:
            restore(cut_short(copy, keep), force=True)
        assert refused.value.message.msgid == DAMAGED
        assert DAMAGED_GERMAN in str(refused.value.message)
    assert list(Event.objects.values_list("slug", flat=True)) == ["pg-bleibt"]
    with connection.cursor() as cursor:
        assert len(connection.introspection.table_names(cursor)) == tables


@pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's pg_dump")
@pytest.mark.django_db(transaction=True)
def test_a_postgresql_database_with_tables_but_no_event_is_not_replaced_unforced(tmp_path):
    make_event(slug="pg-kopie")
    copy = Backups(tmp_path, PostgresSource(), interval=60, keep=5).check()
    assert copy is not None, Status.read(tmp_path).failure
    Event.objects.all().delete()
    with pytest.raises(RestoreError) as refused:
        restore(copy)
    assert refused.value.message.msgid == HOLDS_TABLES
    assert "ist nicht leer" in str(refused.value.message)
    assert count_events() == 0


@pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's pg_dump")
@pytest.mark.django_db(transaction=True)
def test_a_dump_that_fails_to_restore_after_the_check_brings_the_database_back(
    tmp_path, monkeypatch
):
    """Whatever makes pg_restore fail once the tables are dropped (here: the file cut short
    after its check), the database is refilled from the dump made of it before."""
    make_event(slug="pg-zurueck", status="running")
    copy = Backups(tmp_path, PostgresSource(), interval=60, keep=5).check()
    assert copy is not None, Status.read(tmp_path).failure
    make_event(name="Nach der Sicherung", slug="pg-danach", date="2026-11-28")
    original = restore_module._pg_restore_into

    def broken_on_the_way(path, alias):
        if path == copy:
            path = cut_short(copy)
        original(path, alias)

    monkeypatch.setattr(restore_module, "_pg_restore_into", broken_on_the_way)
    with pytest.raises(RestoreError) as failed:
        restore(copy, force=True)
    assert failed.value.message.msgid == BROUGHT_BACK
    assert "die Datenbank enthält, was sie vorher enthielt" in str(failed.value.message)
    assert sorted(Event.objects.values_list("slug", flat=True)) == ["pg-danach", "pg-zurueck"]
