"""The server's copies of the database (``core.backups``): made only when something
changed, the newest kept, every one complete, a failure recorded with its reason, one process
of several making them."""

import os
import sqlite3
import stat
import threading
from datetime import timedelta

from django.utils import timezone
from filelock import FileLock

from core import backups
from core.backups import (
    BACKUP_NAME,
    Backups,
    PostgresSource,
    SQLiteSource,
    Status,
    backup_files,
    backup_state,
)
from tests.core.hall import add_event, wait_for


def test_a_copy_is_made_only_when_something_changed(evening_copy, tmp_path, monkeypatch):
    usb = tmp_path / "usb"
    usb.mkdir()
    copies = Backups(usb, SQLiteSource(evening_copy), interval=1, keep=5)
    first = copies.check()
    assert first is not None
    assert copies.check() is None  # nothing changed
    a_second_later = timezone.now() + timedelta(seconds=1)  # a copy of another second
    monkeypatch.setattr(timezone, "now", lambda: a_second_later)
    add_event(evening_copy, "neu")
    second = copies.check()
    assert second is not None and second != first
    with sqlite3.connect(second) as connection:
        assert connection.execute("SELECT COUNT(*) FROM tournament_event").fetchone()[0] == 2
    status = Status.read(usb)
    assert status.last_file == second.name and status.failure is None


def test_the_newest_copies_are_kept_and_a_cut_short_one_is_removed(evening_copy, tmp_path):
    usb = tmp_path / "usb"
    usb.mkdir()
    for stamp in ("20261121-190000", "20261121-190500", "20261121-191000"):
        (usb / f"binokel-{stamp}.sqlite3").write_bytes(b"old")
    (usb / ".binokel-20261121-191500.sqlite3.partial").write_bytes(b"cut short")
    (usb / "notizen.txt").write_text("stays")
    copies = Backups(usb, SQLiteSource(evening_copy), interval=1, keep=2)
    copies.remove_partial_files()
    newest = copies.check()
    assert [path.name for path in backup_files(usb)] == ["binokel-20261121-191000.sqlite3",
                                                         newest.name]
    assert sorted(path.name for path in usb.iterdir() if not BACKUP_NAME.fullmatch(path.name)) \
        == ["backup-status.json", "notizen.txt"]


def test_a_failed_copy_is_in_the_status_with_its_reason(tmp_path, monkeypatch):
    usb = tmp_path / "usb"
    usb.mkdir()
    monkeypatch.setenv("PATH", str(tmp_path))  # no pg_dump anywhere
    copies = Backups(usb, PostgresSource(), interval=1, keep=5)
    monkeypatch.setattr(PostgresSource, "fingerprint", lambda self: None)
    assert copies.check() is None
    status = Status.read(usb)
    assert "pg_dump is not installed" in status.failure.translated(lambda msgid: msgid)
    assert list(usb.iterdir()) == [usb / "backup-status.json"]


def test_one_process_backs_up_a_folder_the_others_wait(evening_copy, tmp_path, monkeypatch):
    """Every worker of the server runs the thread; the lock lets one of them copy, and
    another takes over when it stops."""
    usb = tmp_path / "usb"
    usb.mkdir()
    monkeypatch.setattr(backups, "database_source", lambda: SQLiteSource(evening_copy))
    writers: list[str] = []
    monkeypatch.setattr(
        Backups, "check",
        lambda self, original=Backups.check: writers.append(threading.current_thread().name)
        or original(self),
    )
    tries: list[str] = []  # the threads' tries to take the lock
    monkeypatch.setattr(
        FileLock, "acquire",
        lambda self, *args, original=FileLock.acquire, **kwargs:
        tries.append(threading.current_thread().name) or original(self, *args, **kwargs),
    )
    stops = [threading.Event(), threading.Event()]
    threads = [
        threading.Thread(target=backups.run, args=(usb,), name=f"worker-{i}",
                         kwargs={"interval": 1, "keep": 5, "stop": stop})
        for i, stop in enumerate(stops)
    ]
    try:
        threads[0].start()
        wait_for(lambda: writers)
        threads[1].start()
        wait_for(lambda: tries.count("worker-1") >= 2)  # at its start and once more
        assert set(writers) == {"worker-0"}
        stops[0].set()  # its process ends
        threads[0].join(timeout=5)
        wait_for(lambda: "worker-1" in writers)  # takes over
    finally:
        for stop in stops:
            stop.set()
        for thread in threads:
            thread.join(timeout=5)


def test_a_backup_state_warns_until_the_first_status_is_written(tmp_path, settings):
    settings.BACKUP_DIR = str(tmp_path)
    assert backup_state().warning.msgid == backups.NOTHING_WRITTEN
    Status(checked_at=timezone.now(), last_success_at=timezone.now()).write(tmp_path)
    assert backup_state().warning is None


def test_an_old_copy_that_cannot_be_removed_does_not_fail_the_new_one(evening_copy, tmp_path):
    usb = tmp_path / "usb"
    (usb / "binokel-20261121-190000.sqlite3").mkdir(parents=True)  # unlink() refuses it
    copies = Backups(usb, SQLiteSource(evening_copy), interval=1, keep=1)
    assert copies.check() is not None
    assert Status.read(usb).failure is None


def test_copies_and_their_folder_are_readable_by_their_owner_only(evening_copy, tmp_path):
    """A copy holds sessions, password hashes, e-mail addresses and sheet links: whatever the
    umask, the folder becomes 0700 and every copy in it 0600, also the ones written before."""
    usb = tmp_path / "usb"
    usb.mkdir(mode=0o755)
    usb.chmod(0o755)
    older = usb / "binokel-20261121-190000.sqlite3"
    older.write_bytes(b"old")
    older.chmod(0o644)
    previous = os.umask(0)  # the most open umask there is
    try:
        newest = Backups(usb, SQLiteSource(evening_copy), interval=1, keep=5).check()
    finally:
        os.umask(previous)
    assert newest is not None
    assert stat.S_IMODE(usb.stat().st_mode) == 0o700
    assert {path.name: stat.S_IMODE(path.stat().st_mode) for path in backup_files(usb)} == {
        older.name: 0o600, newest.name: 0o600,
    }
    assert stat.S_IMODE((usb / "backup-status.json").stat().st_mode) == 0o600
