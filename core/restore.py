"""Bringing an evening back from a backup (``manage.py restore <file>``, README "After a crash").

The file is a copy the server wrote into BACKUP_DIR (``core.backups``): an SQLite file or
a PostgreSQL dump (``pg_dump -Fc``). It replaces the configured database, which must be of the
same kind; the command then migrates it, so a copy made by an older version of the project is
brought up to this one. The score sheets' link tokens are rows of the database: the printed QR
codes work again.

Nothing is replaced before the whole copy has been read: an SQLite copy passes
``PRAGMA integrity_check``, a dump is read to its end by ``pg_restore`` (every table's data,
not only its table of contents) and its migrations are compared with this version's. A damaged
or cut-short copy is refused and the database stays as it is. A database that holds anything
(events, or only tables) is replaced only with ``force``; a PostgreSQL database is dumped first
and brought back when the copy cannot be restored after all (e.g. by a role that may not
create what it holds).

A dump is SQL that ``pg_restore`` runs as the database's role: restore only copies of your own,
as a role that is no superuser (README, "After a crash").
"""

from __future__ import annotations

import os
import re
import shutil
import sqlite3
import subprocess
import tempfile
from pathlib import Path
from typing import Any

from django.db import DatabaseError, connections
from django.db.migrations.loader import MigrationLoader

from core.backups import (
    PGDUMP_HEADER,
    SQLITE_HEADER,
    BackupFailed,
    PostgresSource,
    postgres_command,
)
from core.errors import Message, gettext_noop

KINDS = {"sqlite": "SQLite", "postgresql": "PostgreSQL"}
SETTINGS = {
    "sqlite": "DATABASE_URL=sqlite:////path/to/db.sqlite3",
    "postgresql": "DATABASE_URL=postgres://user@host:5432/name",
}

CANNOT_READ = gettext_noop("Cannot read %(path)s: %(error)s")
NOT_A_BACKUP = gettext_noop(
    "%(path)s is not a backup of Binokel-Turnier: neither an SQLite database nor a PostgreSQL "
    "dump (pg_dump -Fc)."
)
NEWER = gettext_noop(
    "%(path)s comes from a newer version of Binokel-Turnier (it has the migrations "
    "%(migrations)s): bring this copy of the project up to date, then restore."
)
CANNOT_OPEN = gettext_noop("Cannot open %(path)s: %(error)s")
DAMAGED = gettext_noop(
    "%(path)s is damaged or incomplete; nothing was changed: %(error)s"
)
OTHER_KIND = gettext_noop(
    "%(path)s is a backup of a %(kind)s database, but the database configured is "
    "%(vendor)s: restore it into a %(kind)s database (%(setting)s)."
)
IN_MEMORY = gettext_noop("The database configured is in memory: set DATABASE_URL to a file.")
CANNOT_OPEN_DATABASE = gettext_noop("Cannot open the database configured: %(error)s")
HOLDS_EVENTS = gettext_noop(
    "The database configured already holds %(events)s event(s). Restoring replaces everything "
    "in it: add --force to do so."
)
HOLDS_TABLES = gettext_noop(
    "The database configured is not empty: it holds %(tables)s table(s), though no event. "
    "Restoring replaces everything in it: add --force to do so."
)
CANNOT_WRITE = gettext_noop("Cannot write %(path)s: %(error)s")
PG_RESTORE_MISSING = gettext_noop(
    "pg_restore is not installed: install PostgreSQL's client programs (postgresql-client)."
)
PG_RESTORE_FAILED = gettext_noop("pg_restore failed: %(error)s")
NOT_KEPT = gettext_noop(
    "The database could not be saved before being replaced, so nothing was changed: %(error)s"
)
BROUGHT_BACK = gettext_noop(
    "The copy could not be restored (%(error)s); the database holds what it held before."
)


class RestoreError(Exception):
    """A restore refused or failed; ``message`` says why (``str()``: in English)."""

    def __init__(self, msgid: str, /, **params: Any) -> None:
        self.message = Message(msgid, **params)
        super().__init__(self.message.translated(lambda text: text))


def backup_kind(path: Path) -> str:
    """"sqlite" or "postgresql": which kind of database ``path`` is a copy of."""
    try:
        with path.open("rb") as handle:
            head = handle.read(len(SQLITE_HEADER))
    except OSError as error:
        raise RestoreError(CANNOT_READ, path=str(path), error=error.strerror or str(error)) \
            from error
    if head.startswith(SQLITE_HEADER):
        return "sqlite"
    if head.startswith(PGDUMP_HEADER):
        return "postgresql"
    raise RestoreError(NOT_A_BACKUP, path=str(path))


def newer_migrations(applied: set[tuple[str, str]]) -> list[str]:
    """Migrations of this project's apps in ``applied`` that this version does not have."""
    loader = MigrationLoader(None, ignore_no_migrations=True)
    return sorted(
        f"{app}.{name}" for app, name in applied
        if app in loader.migrated_apps and (app, name) not in loader.disk_migrations
    )


def refuse_newer(applied: set[tuple[str, str]], path: Path) -> None:
    newer = newer_migrations(applied)
    if newer:
        raise RestoreError(NEWER, path=str(path), migrations=", ".join(newer))


def _open_sqlite(path: Path) -> sqlite3.Connection:
    try:
        return sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    except sqlite3.Error as error:
        raise RestoreError(CANNOT_OPEN, path=str(path), error=str(error)) from error


def _pg_restore() -> str:
    program = shutil.which("pg_restore")
    if program is None:
        raise RestoreError(PG_RESTORE_MISSING)
    return program


def _last_line(stderr: str, returncode: int) -> str:
    return (stderr.strip().splitlines() or [f"exit {returncode}"])[-1]


def _check_sqlite(path: Path) -> set[tuple[str, str]]:
    """Every page of the copy read (``integrity_check``); its applied migrations."""
    source = _open_sqlite(path)
    try:
        check = [row[0] for row in source.execute("PRAGMA integrity_check(10)")]
        if check != ["ok"]:
            raise RestoreError(DAMAGED, path=str(path), error="; ".join(check))
        return set(source.execute("SELECT app, name FROM django_migrations").fetchall())
    except sqlite3.Error as error:
        raise RestoreError(DAMAGED, path=str(path), error=str(error)) from error
    finally:
        source.close()


def _check_dump(path: Path) -> set[tuple[str, str]]:
    """The dump read to its end by ``pg_restore`` (its table of contents and every table's
    data, into nothing); its applied migrations."""
    program = _pg_restore()
    whole = subprocess.run(
        [program, "--file", os.devnull, str(path)],
        capture_output=True, text=True, check=False,
    )
    if whole.returncode != 0:
        raise RestoreError(
            DAMAGED, path=str(path), error=_last_line(whole.stderr, whole.returncode)
        )
    migrations = subprocess.run(
        [program, "--data-only", "--table=django_migrations", "--file=-", str(path)],
        capture_output=True, text=True, check=False,
    )
    if migrations.returncode != 0:
        raise RestoreError(
            DAMAGED, path=str(path), error=_last_line(migrations.stderr, migrations.returncode)
        )
    return _copied_rows(migrations.stdout, ("app", "name"))


COPY_START = re.compile(r"^COPY \S+ \((?P<columns>[^)]*)\) FROM stdin;$")


def _copied_rows(script: str, wanted: tuple[str, ...]) -> set[tuple[str, ...]]:
    """The ``wanted`` columns of the rows of the (one) ``COPY … FROM stdin`` in ``script``."""
    rows: set[tuple[str, ...]] = set()
    columns: list[str] | None = None
    for line in script.splitlines():
        if columns is None:
            start = COPY_START.match(line)
            if start:
                columns = [name.strip().strip('"') for name in start["columns"].split(",")]
        elif line == "\\.":
            break
        else:
            values = dict(zip(columns, line.split("\t"), strict=False))
            rows.add(tuple(values.get(name, "") for name in wanted))
    return rows


def check_backup(path: Path) -> str:
    """The kind of the backup at ``path`` ("sqlite" or "postgresql"), after reading all of it:
    it must be intact and come from this version of the project or an older one."""
    kind = backup_kind(path)
    applied = _check_sqlite(path) if kind == "sqlite" else _check_dump(path)
    refuse_newer(applied, path)
    return kind


def count_events(alias: str = "default") -> int:
    """Events in the database; 0 when it has no tables yet."""
    connection = connections[alias]
    with connection.cursor() as cursor:
        if "tournament_event" not in connection.introspection.table_names(cursor):
            return 0
        cursor.execute("SELECT COUNT(*) FROM tournament_event")
        return cursor.fetchone()[0]


def count_tables(alias: str = "default") -> int:
    connection = connections[alias]
    with connection.cursor() as cursor:
        return len(connection.introspection.table_names(cursor))


def _restore_sqlite(path: Path, alias: str) -> None:
    connection = connections[alias]
    target = Path(connection.settings_dict["NAME"])
    connection.close()
    source = _open_sqlite(path)
    try:
        destination = sqlite3.connect(target)
        try:
            source.backup(destination)  # replaces whatever the file held, in one transaction
        finally:
            destination.close()
    except sqlite3.Error as error:
        raise RestoreError(CANNOT_WRITE, path=str(target), error=str(error)) from error
    finally:
        source.close()


def _drop_tables(alias: str) -> None:
    """Drop every table of the database ``alias`` (a dump brings every table back)."""
    connection = connections[alias]
    with connection.cursor() as cursor:
        tables = connection.introspection.table_names(cursor)
        if tables:
            names = ", ".join(connection.ops.quote_name(table) for table in tables)
            cursor.execute(f"DROP TABLE {names} CASCADE")
    connection.close()


def _pg_restore_into(path: Path, alias: str) -> None:
    """Run ``pg_restore`` of ``path`` into the (emptied) database ``alias``, in one
    transaction."""
    args, env = postgres_command(connections[alias].settings_dict)
    result = subprocess.run(
        [_pg_restore(), "--no-owner", "--no-privileges", "--exit-on-error",
         "--single-transaction", *args, str(path)],
        env=env, capture_output=True, text=True, check=False,
    )
    if result.returncode != 0:
        raise RestoreError(PG_RESTORE_FAILED, error=_last_line(result.stderr, result.returncode))


def _restore_postgresql(path: Path, alias: str) -> None:
    """Replace the database's tables by the dump's. What the database held is dumped first
    (into a private temporary folder) and brought back if the dump cannot be restored."""
    if not count_tables(alias):
        _pg_restore_into(path, alias)
        return
    with tempfile.TemporaryDirectory(prefix="binokel-restore-") as folder:
        before = Path(folder) / "before.pgdump"
        try:
            PostgresSource(alias).copy_to(before)
        except BackupFailed as failed:
            raise RestoreError(NOT_KEPT, error=failed.message) from failed
        _drop_tables(alias)
        try:
            _pg_restore_into(path, alias)
        except RestoreError as failed:
            _drop_tables(alias)
            _pg_restore_into(before, alias)
            raise RestoreError(BROUGHT_BACK, error=failed.message) from failed


def restore(path: Path, *, force: bool = False, alias: str = "default") -> None:
    """Replace the database ``alias`` with the copy at ``path``; migrating it is the caller's.

    Refused, before anything is changed, when the copy is damaged or incomplete, of another
    kind of database than the configured one or from a newer version of the project, and when
    the database holds anything, events or only tables (unless ``force``)."""
    kind = backup_kind(path)
    connection = connections[alias]
    if connection.vendor != kind:
        raise RestoreError(
            OTHER_KIND, path=str(path), kind=KINDS[kind], vendor=connection.vendor,
            setting=SETTINGS[kind],
        )
    if kind == "sqlite" and connection.is_in_memory_db():
        raise RestoreError(IN_MEMORY)
    check_backup(path)
    try:
        events, tables = count_events(alias), count_tables(alias)
    except DatabaseError as error:
        raise RestoreError(CANNOT_OPEN_DATABASE, error=str(error)) from error
    if events and not force:
        raise RestoreError(HOLDS_EVENTS, events=events)
    if tables and not force:
        raise RestoreError(HOLDS_TABLES, tables=tables)
    if kind == "sqlite":
        _restore_sqlite(path, alias)
    else:
        _restore_postgresql(path, alias)
