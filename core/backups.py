"""Backups that need nobody to remember them, and bringing one back (README, "After a crash").

With ``BACKUP_DIR`` set, every server process starts one thread on its first request
(``tournament.apps``). Of all the processes that back up into the same folder, the one holding
a file lock makes the copies; the others try again every interval, so one of them takes over
when its process dies. Every ``BACKUP_SECONDS`` the thread checks whether the database changed
since its last copy (SQLite: ``PRAGMA data_version``; PostgreSQL: the database's counts of
written rows) and if so copies it: SQLite through its online backup, PostgreSQL through
``pg_dump -Fc``. The copy is made into a local temporary file first, so the database is read
only as long as that takes (not as long as a USB stick takes to write it); it is then written
into the folder under a temporary name, flushed to the stick and renamed, so a file named
``binokel-<date>-<time>.sqlite3`` (or ``.pgdump``) is always complete. The newest
``limits.BACKUPS_KEPT`` are kept.

A copy holds everything the database does, secrets included (logged-in sessions, password
hashes, e-mail addresses, the sheets' links): the folder and every copy in it are made readable
by their owner only (0700 and 0600) before each copy, and each file is created so.

What happened goes into ``backup-status.json`` in the folder, which every process reads for the
event page (:func:`backup_state`): the last copy and the last failure with its reason. A folder
that cannot be read (the stick pulled out) or a status that is no longer renewed (the stick full
or write-protected, the backups stopped) is a warning there as well.

``core.restore`` (``manage.py restore <file>``) brings a copy back.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import os
import re
import shutil
import sqlite3
import subprocess
import tempfile
import threading
import time
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any, Protocol

from django.conf import settings
from django.db import connections
from django.utils import timezone
from django.utils.formats import date_format
from filelock import FileLock, Timeout

from core import limits
from core.errors import Message, gettext_noop

logger = logging.getLogger(__name__)

STATUS_FILE = "backup-status.json"
BACKUP_NAME = re.compile(r"binokel-(\d{8}-\d{6})\.(sqlite3|pgdump)")
SQLITE_HEADER = b"SQLite format 3\x00"
PGDUMP_HEADER = b"PGDMP"

NOT_SET = gettext_noop(
    "No automatic backups: BACKUP_DIR is not set (README, “After a crash”)."
)
LAST_BACKUP = gettext_noop("Last backup: %(time)s in %(folder)s.")
LAST_BACKUP_UNCHANGED = gettext_noop(
    "Last backup: %(time)s in %(folder)s; nothing changed since (checked at %(checked)s)."
)
NO_BACKUP_YET = gettext_noop("No backup in %(folder)s yet.")
NOTHING_WRITTEN = gettext_noop(
    "No backup in %(folder)s yet. The server makes the first one at its first request: if "
    "this stays after a reload, it cannot write there."
)
FOLDER_UNREADABLE = gettext_noop(
    "The backup folder %(folder)s cannot be read (%(error)s): is the USB stick plugged in?"
)
LAST_FAILED = gettext_noop("The last backup failed (%(time)s): %(reason)s")
STOPPED = gettext_noop(
    "The backups have stopped, last checked: %(time)s. Is the USB stick full or "
    "write-protected, is the server running?"
)
WRITE_FAILED = gettext_noop("The copy could not be written into %(folder)s: %(error)s")
COPY_FAILED = gettext_noop("The database could not be copied: %(error)s")
PG_DUMP_MISSING = gettext_noop(
    "pg_dump is not installed: install PostgreSQL's client programs (postgresql-client)."
)
PG_DUMP_FAILED = gettext_noop("pg_dump failed: %(error)s")
UNSUPPORTED = gettext_noop("Only an SQLite file or a PostgreSQL database can be backed up.")


class BackupFailed(Exception):
    """A copy that could not be made; its ``message`` goes into the status."""

    def __init__(self, msgid: str, /, **params: Any) -> None:
        self.message = Message(msgid, **params)
        super().__init__(msgid)


# --- settings -------------------------------------------------------------------------------


def backup_folder() -> Path | None:
    """The folder of ``BACKUP_DIR``, or None when backups are off."""
    value = getattr(settings, "BACKUP_DIR", "")
    return Path(value).expanduser() if value else None


def backup_interval() -> int:
    """Seconds between two checks: ``BACKUP_SECONDS`` or ``limits.BACKUP_SECONDS``."""
    seconds = getattr(settings, "BACKUP_SECONDS", None) or limits.BACKUP_SECONDS
    return max(limits.MIN_BACKUP_SECONDS, seconds)


def backup_name(taken_at: datetime, suffix: str) -> str:
    return f"binokel-{timezone.localtime(taken_at):%Y%m%d-%H%M%S}{suffix}"


def backup_files(folder: Path) -> list[Path]:
    """The complete copies in ``folder``, oldest first."""
    return sorted(
        (path for path in folder.iterdir() if BACKUP_NAME.fullmatch(path.name)),
        key=lambda path: path.name,
    )


# --- the databases --------------------------------------------------------------------------


class Source(Protocol):
    suffix: str

    def fingerprint(self) -> object:
        """Changes whenever the database has changed (it may change without a change)."""

    def copy_to(self, target: Path) -> None:
        """Write a complete copy of the database into the new file ``target``."""

    def close(self) -> None: ...


class SQLiteSource:
    """An SQLite file, read through a connection of its own: its ``data_version`` moves on
    whenever another connection commits."""

    suffix = ".sqlite3"

    def __init__(self, path: Path) -> None:
        self.path = path
        self._connection: sqlite3.Connection | None = None

    def _connect(self) -> sqlite3.Connection:
        if self._connection is None:
            # mode=rw: a missing file is an error, not a new empty database
            self._connection = sqlite3.connect(
                f"{self.path.resolve().as_uri()}?mode=rw", uri=True, isolation_level=None,
                timeout=20, check_same_thread=False,
            )
        return self._connection

    def fingerprint(self) -> object:
        return self._connect().execute("PRAGMA data_version").fetchone()[0]

    def copy_to(self, target: Path) -> None:
        copy = sqlite3.connect(target)
        try:
            # the local copy is flushed once, when it is written into the folder
            copy.execute("PRAGMA synchronous = OFF")
            self._connect().backup(copy)
        except sqlite3.Error as error:
            raise BackupFailed(COPY_FAILED, error=str(error)) from error
        finally:
            copy.close()

    def close(self) -> None:
        if self._connection is not None:
            self._connection.close()
            self._connection = None


def postgres_command(settings_dict: dict[str, Any]) -> tuple[list[str], dict[str, str]]:
    """The connection options (``-U``, ``-h``, ``-p``, ``-d``) and the environment (password,
    SSL, service) of PostgreSQL's programs for a database of ``DATABASES``, as Django's own
    ``dbshell`` passes them."""
    from django.db.backends.postgresql.client import DatabaseClient

    _args, env = DatabaseClient.settings_to_cmd_args_env(settings_dict, [])
    args = []
    for option, key in (("-U", "USER"), ("-h", "HOST"), ("-p", "PORT")):
        if settings_dict.get(key):
            args += [option, str(settings_dict[key])]
    if settings_dict.get("NAME"):
        args += ["-d", str(settings_dict["NAME"])]
    return args, {**os.environ, **(env or {})}


class PostgresSource:
    """A PostgreSQL database, copied with ``pg_dump -Fc``."""

    suffix = ".pgdump"

    def __init__(self, alias: str = "default") -> None:
        self.alias = alias

    def fingerprint(self) -> object:
        connection = connections[self.alias]
        try:
            with connection.cursor() as cursor:
                cursor.execute(
                    "SELECT tup_inserted, tup_updated, tup_deleted, stats_reset "
                    "FROM pg_stat_database WHERE datname = current_database()"
                )
                return cursor.fetchone()
        finally:
            connection.close()  # not kept open between two checks

    def copy_to(self, target: Path) -> None:
        program = shutil.which("pg_dump")
        if program is None:
            raise BackupFailed(PG_DUMP_MISSING)
        args, env = postgres_command(connections[self.alias].settings_dict)
        try:
            result = subprocess.run(
                [program, "--format=custom", f"--file={target}", *args],
                env=env, capture_output=True, text=True, check=False,
                timeout=limits.BACKUP_TIMEOUT_SECONDS,
            )
        except subprocess.TimeoutExpired as error:
            raise BackupFailed(PG_DUMP_FAILED, error=str(error)) from error
        if result.returncode != 0:
            error = (result.stderr.strip().splitlines() or [f"exit {result.returncode}"])[-1]
            raise BackupFailed(PG_DUMP_FAILED, error=error)

    def close(self) -> None:
        pass


def database_source(alias: str = "default") -> Source:
    connection = connections[alias]
    if connection.vendor == "sqlite" and not connection.is_in_memory_db():
        return SQLiteSource(Path(connection.settings_dict["NAME"]))
    if connection.vendor == "postgresql":
        return PostgresSource(alias)
    raise BackupFailed(UNSUPPORTED)


# --- writing copies and the status ----------------------------------------------------------


def _flush_folder(folder: Path) -> None:
    """Make a rename in ``folder`` durable (POSIX; elsewhere the rename is all there is)."""
    if os.name != "posix":
        return
    descriptor = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


OWNER_ONLY_FILE = 0o600
OWNER_ONLY_FOLDER = 0o700


def keep_private(folder: Path) -> None:
    """Make ``folder`` and the copies in it readable by their owner only: a copy holds the
    logged-in sessions, password hashes, e-mail addresses and sheet links. A file system
    without modes (a FAT stick) refuses or ignores it; the copies are written all the same."""
    for path, mode in ((folder, OWNER_ONLY_FOLDER),
                       *((copy, OWNER_ONLY_FILE) for copy in backup_files(folder))):
        try:
            if path.stat().st_mode & 0o777 != mode:
                path.chmod(mode)
        except OSError as error:
            logger.debug("Backup: mode of %s not set: %s", path, error)


def write_file(folder: Path, name: str, write: Any) -> Path:
    """``write(handle)`` into ``folder/name`` as one step: written under a temporary name,
    flushed to the device, renamed. The file is created readable by its owner only (whatever
    the umask), so no moment exists in which another account could read it."""
    partial = folder / f".{name}.partial"
    try:
        partial.unlink(missing_ok=True)  # one left behind keeps its mode through O_TRUNC
        descriptor = os.open(
            partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_BINARY", 0),
            OWNER_ONLY_FILE,
        )
        with os.fdopen(descriptor, "wb") as handle:
            write(handle)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(partial, folder / name)
    except BaseException:
        with contextlib.suppress(OSError):
            partial.unlink()
        raise
    _flush_folder(folder)
    return folder / name


def _moment(value: str | None) -> datetime | None:
    return datetime.fromisoformat(value) if value else None


@dataclass
class Status:
    """What ``backup-status.json`` holds."""

    checked_at: datetime | None = None
    interval: int = limits.BACKUP_SECONDS
    last_file: str = ""
    last_success_at: datetime | None = None
    last_failure_at: datetime | None = None
    failure_msgid: str = ""
    failure_params: dict[str, Any] | None = None
    pid: int = 0

    @classmethod
    def read(cls, folder: Path) -> Status | None:
        """The folder's status; None if there is none yet. OSError when the folder cannot be
        read."""
        try:
            data = json.loads((folder / STATUS_FILE).read_text(encoding="utf-8"))
        except FileNotFoundError:
            if not folder.is_dir():
                raise
            return None
        except ValueError:  # a status cut short: as good as none
            return None
        return cls(
            checked_at=_moment(data.get("checked_at")),
            interval=int(data.get("interval") or limits.BACKUP_SECONDS),
            last_file=str(data.get("last_file") or ""),
            last_success_at=_moment(data.get("last_success_at")),
            last_failure_at=_moment(data.get("last_failure_at")),
            failure_msgid=str(data.get("failure_msgid") or ""),
            failure_params=data.get("failure_params") or {},
            pid=int(data.get("pid") or 0),
        )

    def write(self, folder: Path) -> None:
        def text(moment: datetime | None) -> str | None:
            return moment.isoformat() if moment else None

        data = {
            "checked_at": text(self.checked_at),
            "interval": self.interval,
            "last_file": self.last_file,
            "last_success_at": text(self.last_success_at),
            "last_failure_at": text(self.last_failure_at),
            "failure_msgid": self.failure_msgid,
            "failure_params": self.failure_params or {},
            "pid": self.pid,
        }
        payload = json.dumps(data, indent=1).encode()
        write_file(folder, STATUS_FILE, lambda handle: handle.write(payload))

    @property
    def failure(self) -> Message | None:
        """The last failure's reason, when it came after the last copy."""
        if self.last_failure_at is None or not self.failure_msgid:
            return None
        if self.last_success_at is not None and self.last_success_at >= self.last_failure_at:
            return None
        return Message(self.failure_msgid, **(self.failure_params or {}))


class Backups:
    """The copies of one database into one folder (the process holding the folder's lock)."""

    def __init__(self, folder: Path, source: Source, *, interval: int, keep: int) -> None:
        self.folder = folder
        self.source = source
        self.interval = interval
        self.keep = keep
        self.last_fingerprint: object = None
        try:
            self.status = Status.read(folder) or Status()
        except OSError:
            self.status = Status()
        self.status.interval = interval
        self.status.pid = os.getpid()

    def check(self) -> Path | None:
        """Copy the database if it changed since the last copy (or none was made yet by this
        process); record the outcome in the status. The copy's path, or None. Never raises
        for a failed copy: the status tells it."""
        try:
            fingerprint = self.source.fingerprint()
        except Exception:  # unknown: copy (and find out why)
            logger.warning("Backup: cannot tell whether the database changed", exc_info=True)
            self.source.close()
            fingerprint = None
        now = timezone.now()
        self.status.checked_at = now
        path = None
        if fingerprint is None or fingerprint != self.last_fingerprint:
            try:
                path = self.copy(now)
            except BackupFailed as failed:
                self.failed(now, failed.message)
            except OSError as error:
                self.failed(now, Message(WRITE_FAILED, folder=str(self.folder), error=str(error)))
            except Exception as error:
                logger.exception("Backup failed")
                self.failed(now, Message(COPY_FAILED, error=str(error)))
            else:
                self.last_fingerprint = fingerprint
                self.status.last_success_at = now
                self.status.last_file = path.name
                logger.info("Backup written: %s", path)
        try:
            self.status.write(self.folder)
        except OSError as error:
            logger.warning("Backup status not written into %s: %s", self.folder, error)
        return path

    def failed(self, now: datetime, reason: Message) -> None:
        self.source.close()
        self.status.last_failure_at = now
        self.status.failure_msgid = reason.msgid
        self.status.failure_params = {k: str(v) for k, v in reason.params.items()}
        logger.warning("Backup failed: %s", reason.translated(lambda msgid: msgid))

    def copy(self, taken_at: datetime) -> Path:
        """A copy of the database as it is now, named after ``taken_at``; the oldest copies
        beyond ``keep`` go."""
        name = backup_name(taken_at, self.source.suffix)
        keep_private(self.folder)
        with tempfile.TemporaryDirectory(prefix="binokel-backup-") as local:
            snapshot = Path(local) / name
            self.source.copy_to(snapshot)
            with snapshot.open("rb") as copied:
                path = write_file(self.folder, name, lambda out: shutil.copyfileobj(copied, out))
        try:
            for old in backup_files(self.folder)[: -self.keep]:
                old.unlink(missing_ok=True)
        except OSError as error:  # the new copy is there all the same
            logger.warning("Old backups not removed from %s: %s", self.folder, error)
        return path

    def remove_partial_files(self) -> None:
        """Files of a copy that was cut short (its process killed while writing)."""
        for path in self.folder.glob(".*.partial"):
            path.unlink(missing_ok=True)


# --- the thread -------------------------------------------------------------------------------


def lock_path(folder: Path) -> Path:
    """The lock of ``folder``'s backups, on the local disk: it works whatever the stick's file
    system is, and also while the stick is out."""
    digest = hashlib.sha256(str(folder.resolve()).encode()).hexdigest()[:16]
    return Path(tempfile.gettempdir()) / f"binokel-backup-{digest}.lock"


def run(folder: Path, *, interval: int, keep: int, stop: threading.Event) -> None:
    """Back up every ``interval`` seconds while this process holds the folder's lock, trying
    to get it every ``interval`` while another holds it; until ``stop`` is set."""
    # no soft lock (a marker file): one left behind by a killed process would stop the backups
    lock = FileLock(lock_path(folder), fallback_to_soft=False)
    backups: Backups | None = None
    while not stop.is_set():
        started = time.monotonic()
        try:
            if backups is None:
                try:
                    lock.acquire(blocking=False)
                except Timeout:
                    pass
                else:
                    backups = Backups(folder, database_source(), interval=interval, keep=keep)
                    with contextlib.suppress(OSError):
                        backups.remove_partial_files()
                    logger.info("Backups into %s every %s s", folder, interval)
            if backups is not None:
                backups.check()
        except Exception:  # the thread must go on whatever happens
            logger.exception("Backup thread")
        stop.wait(max(0.0, interval - (time.monotonic() - started)))
    if backups is not None:
        backups.source.close()
        lock.release()


_started = False
_start_lock = threading.Lock()


def start_backups(**_kwargs: Any) -> None:
    """Start this process's backup thread, once (a receiver of ``request_started``)."""
    global _started
    if _started:
        return
    with _start_lock:
        if _started:
            return
        _started = True
    folder = backup_folder()
    if folder is None:
        return
    thread = threading.Thread(
        target=run,
        args=(folder,),
        kwargs={"interval": backup_interval(), "keep": limits.BACKUPS_KEPT,
                "stop": threading.Event()},
        name="binokel-backups",
        daemon=True,
    )
    thread.start()


# --- the event page -------------------------------------------------------------------------


def _when(moment: datetime) -> str:
    local = timezone.localtime(moment)
    if local.date() == timezone.localdate():
        return date_format(local, "H:i")
    return date_format(local, "SHORT_DATETIME_FORMAT")


@dataclass(frozen=True)
class BackupState:
    """The event page's line about the backups, and its warning if something is wrong."""

    summary: Message | None
    warning: Message | None = None


def backup_state(now: datetime | None = None) -> BackupState:
    folder = backup_folder()
    if folder is None:
        return BackupState(Message(NOT_SET))
    shown = str(folder)
    try:
        status = Status.read(folder)
    except OSError as error:
        return BackupState(
            None, Message(FOLDER_UNREADABLE, folder=shown, error=error.strerror or str(error))
        )
    if status is None:
        return BackupState(None, Message(NOTHING_WRITTEN, folder=shown))
    if status.last_success_at is None:
        summary = Message(NO_BACKUP_YET, folder=shown)
    elif status.checked_at and status.checked_at - status.last_success_at > timedelta(
        seconds=status.interval
    ):
        summary = Message(
            LAST_BACKUP_UNCHANGED, time=_when(status.last_success_at), folder=shown,
            checked=_when(status.checked_at),
        )
    else:
        summary = Message(LAST_BACKUP, time=_when(status.last_success_at), folder=shown)
    now = now or timezone.now()
    overdue = timedelta(seconds=2 * status.interval + limits.BACKUP_GRACE_SECONDS)
    warning = None
    if status.failure is not None:
        warning = Message(
            LAST_FAILED, time=_when(status.last_failure_at), reason=status.failure
        )
    elif status.checked_at is None or now - status.checked_at > overdue:
        warning = Message(STOPPED, time=_when(status.checked_at or now))
    return BackupState(summary, warning)
