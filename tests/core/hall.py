"""A hall laptop for the tests of the backups (``core.backups``, ``core.restore``):
SQLite files of their own with an evening in them, the app served from them by a real server
process, phones that save games through the sheet links."""

import http.cookiejar
import json
import os
import re
import signal
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from django.conf import settings as django_settings
from django.db import connection

from core.backups import BACKUP_NAME, Backups, SQLiteSource

BASE = Path(django_settings.BASE_DIR)

# The tests that make SQLite files of their own and serve or restore them in other processes
# do the same on either pass of ``make test``: they run on the SQLite pass.
sqlite_pass = pytest.mark.skipif(
    connection.vendor != "sqlite", reason="runs on the SQLite pass (SQLite files of its own)"
)

# Run in a fresh interpreter against DATABASE_URL: migrate, one running event, two tables of
# three singles in round 1 with their sheets; prints the sheets' ids and link tokens.
SETUP = """
import json, django
django.setup()
from django.core.management import call_command
call_command("migrate", verbosity=0)
from tests.factories import make_entry, make_event, make_round, make_sheet, make_table
event = make_event(slug="nach-dem-absturz", status="running")
round_ = make_round(event)
sheets = []
for table in (1, 2):
    entries = [make_entry(event, 3 * table + seat) for seat in range(3)]
    sheets.append(make_sheet(make_table(round_, entries, number=table)))
print(json.dumps([[sheet.pk, sheet.token] for sheet in sheets]))
"""


def environment(database: Path, **extra: str) -> dict[str, str]:
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DATABASE_URL": f"sqlite:///{database}",
        "SECRET_KEY": "test-backups-" + "x" * 40,
        "ALLOWED_HOSTS": "127.0.0.1",
        "PYTHONWARNINGS": "ignore",
        "LOG_LEVEL": "WARNING",
        **extra,
    }
    for name in ("DEBUG", "PUBLIC_URL", "REDIS_URL", *(
        () if "BACKUP_DIR" in extra else ("BACKUP_DIR", "BACKUP_SECONDS")
    )):
        env.pop(name, None)
    return env


def manage(env: dict[str, str], *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=BASE, env=env, capture_output=True,
        text=True, check=False, timeout=120,
    )


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Server:
    """The app served by a real server process in a process group of its own (gunicorn as the
    README starts it, by default with two workers, which share the backups; Django's runserver
    where gunicorn is not installed)."""

    def __init__(self, env: dict[str, str], log: Path, *, workers: int = 2) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log = log
        gunicorn = Path(sys.executable).with_name("gunicorn")
        if gunicorn.exists():
            command = [str(gunicorn), "config.wsgi", "--bind", f"127.0.0.1:{self.port}",
                       "--workers", str(workers), "--threads", "2"]
        else:
            command = [sys.executable, "manage.py", "runserver", "--noreload",
                       f"127.0.0.1:{self.port}"]
        with log.open("w") as sink:
            self.process = subprocess.Popen(
                command, cwd=BASE, env=env, stdout=sink, stderr=subprocess.STDOUT,
                start_new_session=True,
            )

    def wait_until_up(self, path: str) -> None:
        deadline = time.monotonic() + 60  # a busy machine starts servers slowly
        while True:
            try:
                urllib.request.urlopen(self.base + path, timeout=2).close()
                return
            except urllib.error.HTTPError:
                return
            except OSError:
                if time.monotonic() > deadline or self.process.poll() is not None:
                    self.kill()
                    pytest.fail(f"the server did not start:\n{self.log.read_text()}")
                time.sleep(0.1)

    def kill(self) -> None:
        """kill -9 of the server and its workers: the laptop dies."""
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=20)


class Phone:
    """A scorekeeper's phone: opens a sheet link and saves games as the page's script does
    (JSON to ``/zettel/<token>/speichern/``)."""

    def __init__(self, base: str, sheet_id: int, token: str) -> None:
        self.base, self.sheet_id, self.token = base, sheet_id, token
        self.cookies = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.cookies))
        self.version = 0

    def open(self) -> str:
        with self.opener.open(f"{self.base}/zettel/{self.token}/", timeout=10) as response:
            page = response.read().decode()
        self.version = int(re.search(r'name="version" value="(\d+)"', page).group(1))
        return page

    def save(self, number: int) -> None:
        csrf = next(cookie.value for cookie in self.cookies if cookie.name == "csrftoken")
        row = {"dealer": str((number - 1) % 3 + 1), "kind": "played", "declarer": "0",
               "bid": str(150 + 10 * number), "revoked": "", "meld0": "20", "meld1": "0",
               "meld2": "0", "tricks0": "250", "tricks1": "0", "tricks2": "0"}
        data = {"csrfmiddlewaretoken": csrf, "sheet": str(self.sheet_id),
                "version": str(self.version), "action": "save", "save_id": f"s{number}",
                **{f"g{number}-{name}": value for name, value in row.items()}}
        request = urllib.request.Request(
            f"{self.base}/zettel/{self.token}/speichern/",
            data=urllib.parse.urlencode(data).encode(),
            headers={"X-CSRFToken": csrf, "Accept": "application/json"},
        )
        with self.opener.open(request, timeout=10) as response:
            answer = json.loads(response.read())
        assert answer["ok"], answer
        self.version = int(answer["version"])


def wait_for(condition, seconds: float = 5) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "waited in vain"
        time.sleep(0.05)


def saved_games(database: Path) -> set[tuple[str, int, int]]:
    """(link token, game number, bid) of every game in an SQLite file."""
    with sqlite3.connect(database) as connection:
        return set(connection.execute(
            "SELECT s.token, g.number, g.bid FROM scoring_game g "
            "JOIN scoring_scoresheet s ON s.id = g.sheet_id"
        ))


def taken_at(path: Path) -> float:
    """When a copy was taken, from its name (to the second, rounded down): local time."""
    stamp = BACKUP_NAME.fullmatch(path.name).group(1)
    moment = datetime.strptime(stamp, "%Y%m%d-%H%M%S").replace(
        tzinfo=ZoneInfo(django_settings.TIME_ZONE)
    )
    return moment.timestamp()


def make_evening(folder: Path) -> Path:
    """An SQLite file in ``folder`` with the event and sheets of SETUP; the sheets' ids and
    tokens in ``sheets.json`` beside it."""
    database = folder / "hall.sqlite3"
    setup = subprocess.run([sys.executable, "-c", SETUP], cwd=BASE, env=environment(database),
                           capture_output=True, text=True, check=False, timeout=120)
    assert setup.returncode == 0, setup.stderr
    (folder / "sheets.json").write_text(setup.stdout.strip().splitlines()[-1])
    return database


def copy_of(database: Path, folder: Path) -> Path:
    """A backup of the SQLite file ``database`` as the server makes it."""
    folder.mkdir(exist_ok=True)
    path = Backups(folder, SQLiteSource(database), interval=60, keep=5).check()
    assert path is not None
    return path


def tokens(database: Path) -> set[str]:
    with sqlite3.connect(database) as connection:
        return {row[0] for row in connection.execute("SELECT token FROM scoring_scoresheet")}


def add_event(database: Path, slug: str) -> None:
    """An event written straight into the SQLite file (of the first club there)."""
    with sqlite3.connect(database) as connection:
        connection.execute(
            "INSERT INTO tournament_event (club_id, name, slug, date, venue, round_count, "
            "games_per_round, status, public_standings, count_unconfirmed, tie_breaks, "
            "results_version, rules, scoring_mode) VALUES ((SELECT MIN(id) FROM clubs_club), "
            "?, ?, '2026-11-21', '', 3, 12, 'running', 0, 0, '', 0, '{}', 'games')",
            (slug, slug),
        )
