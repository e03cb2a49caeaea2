"""Bringing an evening back from a backup (``manage.py restore <file>``, README "After a crash").

The file is a copy the server wrote into BACKUP_DIR (``tournament.backups``): an SQLite file or
a PostgreSQL dump (``pg_dump -Fc``). It replaces the configured database, which must be of the
same kind; the command then migrates it, so a copy made by an older version of the project is
brought up to this one. The score sheets' link tokens are rows of the database: the printed QR
codes work again.
"""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
from pathlib import Path

from django.db import DatabaseError, connections
from django.db.migrations.loader import MigrationLoader

from tournament.backups import PGDUMP_HEADER, SQLITE_HEADER, postgres_command

KINDS = {"sqlite": "an SQLite file", "postgresql": "a PostgreSQL database"}
SETTINGS = {
    "sqlite": "DATABASE_URL=sqlite:////path/to/db.sqlite3",
    "postgresql": "DATABASE_URL=postgres://user@host:5432/name",
}


class RestoreError(Exception):
    """A restore refused or failed; the message says why."""


def backup_kind(path: Path) -> str:
    """"sqlite" or "postgresql": which kind of database ``path`` is a copy of."""
    try:
        with path.open("rb") as handle:
            head = handle.read(len(SQLITE_HEADER))
    except OSError as error:
        raise RestoreError(f"Cannot read {path}: {error.strerror or error}") from error
    if head.startswith(SQLITE_HEADER):
        return "sqlite"
    if head.startswith(PGDUMP_HEADER):
        return "postgresql"
    raise RestoreError(
        f"{path} is not a backup of Binokel-Turnier: neither an SQLite database nor a "
        "PostgreSQL dump (pg_dump -Fc)."
    )


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
        raise RestoreError(
            f"{path} comes from a newer version of Binokel-Turnier (it has the migrations "
            f"{', '.join(newer)}): bring this copy of the project up to date, then restore."
        )


def _open_sqlite(path: Path) -> sqlite3.Connection:
    try:
        return sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    except sqlite3.Error as error:
        raise RestoreError(f"Cannot open {path}: {error}") from error


def check_backup(path: Path) -> str:
    """The kind of the backup at ``path`` ("sqlite" or "postgresql"), after the checks that
    can be made on the file alone: an SQLite copy must be intact and come from this version of
    the project or an older one."""
    kind = backup_kind(path)
    if kind == "sqlite":
        source = _open_sqlite(path)
        try:
            check = source.execute("PRAGMA quick_check").fetchone()[0]
            applied = set(source.execute("SELECT app, name FROM django_migrations").fetchall())
        except sqlite3.Error as error:
            raise RestoreError(f"{path} is damaged or not a backup: {error}") from error
        finally:
            source.close()
        if check != "ok":
            raise RestoreError(f"{path} is damaged: {check}")
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


def _restore_sqlite(path: Path, alias: str) -> None:
    connection = connections[alias]
    target = Path(connection.settings_dict["NAME"])
    connection.close()
    source = _open_sqlite(path)
    try:
        destination = sqlite3.connect(target)
        try:
            source.backup(destination)  # replaces whatever the file held
        finally:
            destination.close()
    except sqlite3.Error as error:
        raise RestoreError(f"Cannot write {target}: {error}") from error
    finally:
        source.close()


def _restore_postgresql(path: Path, alias: str) -> None:
    program = shutil.which("pg_restore")
    if program is None:
        raise RestoreError(
            "pg_restore is not installed: install PostgreSQL's client programs "
            "(postgresql-client)."
        )
    connection = connections[alias]
    with connection.cursor() as cursor:  # the dump brings every table back
        tables = connection.introspection.table_names(cursor)
        if tables:
            names = ", ".join(connection.ops.quote_name(table) for table in tables)
            cursor.execute(f"DROP TABLE {names} CASCADE")
    connection.close()
    args, env = postgres_command(connection.settings_dict)
    result = subprocess.run(
        [program, "--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction",
         *args, str(path)],
        env=env, capture_output=True, text=True, check=False,
    )
    if result.returncode != 0:
        raise RestoreError(f"pg_restore failed: {result.stderr.strip()}")
    with connection.cursor() as cursor:
        cursor.execute("SELECT app, name FROM django_migrations")
        refuse_newer(set(cursor.fetchall()), path)


def restore(path: Path, *, force: bool = False, alias: str = "default") -> None:
    """Replace the database ``alias`` with the copy at ``path``; migrating it is the caller's.

    Refused when the copy is damaged, of another kind of database than the configured one or
    from a newer version of the project, and when the database holds events already (unless
    ``force``)."""
    kind = check_backup(path)
    connection = connections[alias]
    if connection.vendor != kind:
        raise RestoreError(
            f"{path} is a copy of {KINDS[kind]}, but the database configured is "
            f"{connection.vendor}: restore it into {KINDS[kind]} ({SETTINGS[kind]})."
        )
    if kind == "sqlite" and connection.is_in_memory_db():
        raise RestoreError("The database configured is in memory: set DATABASE_URL to a file.")
    try:
        events = count_events(alias)
    except DatabaseError as error:
        raise RestoreError(f"Cannot open the database configured: {error}") from error
    if events and not force:
        raise RestoreError(
            f"The database configured already holds {events} event(s). Restoring replaces "
            "everything in it: add --force to do so."
        )
    if kind == "sqlite":
        _restore_sqlite(path, alias)
    else:
        _restore_postgresql(path, alias)
