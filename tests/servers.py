"""Real servers for the tests: the app in a process of its own on a free loopback port, with the
project's settings and a throwaway SQLite database, and a client that saves games through a
sheet's JSON save as the page's script does."""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import random
import re
import socket
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlencode

from django.conf import settings

from scoring.simulate import random_game

ROOT = Path(settings.BASE_DIR)
HOST = "127.0.0.1"

# the event of a hall: three singles, round 1 released; prints its one sheet's token
BUILD_EVENT = """
import sys
import django
django.setup()
from django.core.management import call_command
if sys.argv[1:] == ["migrate"]:
    call_command("migrate", verbosity=0)
from tournament.members import members_of
from clubs.models import Club
from tournament.models import Event
from tournament.services import generate_plan, register_entry, release_round
club = Club.objects.create(name="Hallenverein", slug="hallenverein")
event = Event.objects.create(club=club, name="Hallentest", slug="halle", date="2026-11-21")
for number in range(3):
    register_entry(event=event, members=members_of(f"Spieler {number + 1}"))
generate_plan(event=event, seed=1)
release_round(round=event.rounds.get(number=1), released=True)
print(event.rounds.get(number=1).tables.get().sheet.token)
"""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return sock.getsockname()[1]


def app_environment(database: Path, **extra: str) -> dict[str, str]:
    """The environment of the app's processes: the project's settings, the database file, a
    key of their own, DEBUG off, whatever the developer's environment holds."""
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DATABASE_URL": f"sqlite:///{database}",
        "SECRET_KEY": "test-" + os.urandom(16).hex(),
        "ALLOWED_HOSTS": HOST,
        "PYTHONWARNINGS": "ignore",
        **extra,
    }
    for name in ("DEBUG", "PUBLIC_URL", "REDIS_URL", "LOG_LEVEL", "BEHIND_PROXY", "HTTPS"):
        if name not in extra:
            env.pop(name, None)
    return env


def copy_test_database(database: Path) -> bool:
    """Copy the test run's migrated, empty SQLite database into the file ``database`` (faster
    than migrating it); False when the tests run on another database. The caller unblocks
    database access (pytest-django's ``django_db_blocker``)."""
    from django.db import connection

    if connection.vendor != "sqlite":
        return False
    connection.ensure_connection()
    target = sqlite3.connect(database)
    try:
        connection.connection.backup(target)
    finally:
        target.close()
    return True


def build_event(database: Path, *, migrate: bool = True) -> str:
    """Build the hall's event in ``database`` (migrated first, unless it is a copy of the test
    database); the token of its sheet."""
    result = subprocess.run(
        [sys.executable, "-c", BUILD_EVENT, *(["migrate"] if migrate else [])], cwd=ROOT,
        env=app_environment(database), capture_output=True, text=True, check=False,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout.strip().splitlines()[-1]


@contextlib.contextmanager
def running(argv: list[str], env: dict[str, str], port: int, log: Path) -> Iterator[str]:
    """The server ``argv`` started in the repository's root, its output into ``log``, until it
    answers ``GET /``; its base address. Stopped at the end."""
    with log.open("w") as sink:
        server = subprocess.Popen(argv, cwd=ROOT, env=env, stdout=sink, stderr=subprocess.STDOUT)
    base = f"http://{HOST}:{port}"
    try:
        deadline = time.monotonic() + 60  # a busy machine starts servers slowly
        while True:
            try:
                with socket.create_connection((HOST, port), timeout=1):
                    break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"{argv} did not start:\n{log.read_text()}") from None
                time.sleep(0.1)
        yield base
    finally:
        server.terminate()
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait(timeout=10)


def request(
    port: int, method: str, path: str, body: bytes | None = None, *,
    headers: dict[str, str] | None = None, timeout: float = 10,
) -> tuple[int, dict[str, str], bytes]:
    """One request on a connection of its own: status, headers (lower-case names), body."""
    connection = http.client.HTTPConnection(HOST, port, timeout=timeout)
    try:
        connection.request(method, path, body=body, headers=headers or {})
        answer = connection.getresponse()
        return answer.status, {k.lower(): v for k, v in answer.getheaders()}, answer.read()
    finally:
        connection.close()


class Scorekeeper:
    """A phone with the sheet's page: its CSRF cookie and token, and the sheet's version; each
    ``save`` sends one new game as the page's script does and takes the version answered."""

    def __init__(self, port: int, token: str, timeout: float = 10) -> None:
        self.port, self.timeout = port, timeout
        self.link = f"/zettel/{token}/"
        status, headers, body = request(port, "GET", self.link, timeout=timeout)
        assert status == 200, status
        page = body.decode()
        self.cookie = headers["set-cookie"].split(";", 1)[0]  # csrftoken=…
        self.csrf = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
        self.save_url = re.search(r'data-save-url="([^"]+)"', page).group(1)
        self.sheet = re.search(r'data-sheet="(\d+)"', page).group(1)
        self.version = int(re.search(r'name="version" value="(\d+)"', page).group(1))
        self.rng = random.Random(1)
        self.saved = 0

    def save(self) -> None:
        number = self.saved + 1
        game = random_game(3, self.rng)
        fields = {
            "csrfmiddlewaretoken": self.csrf, "sheet": self.sheet,
            "version": str(self.version), "save_id": os.urandom(8).hex(), "action": "save",
            f"g{number}-dealer": str((number - 1) % 3 + 1),
            f"g{number}-declarer": str(game["declarer"]), f"g{number}-bid": str(game["bid"]),
            f"g{number}-kind": game["kind"],
            f"g{number}-revoked": "" if game["revoked"] is None else str(game["revoked"]),
        }
        for seat in range(3):
            fields[f"g{number}-meld{seat}"] = str(game["melds"][seat])
            tricks = game["tricks"]
            fields[f"g{number}-tricks{seat}"] = "" if tricks is None else str(tricks[seat])
        status, _headers, body = request(
            self.port, "POST", self.save_url, urlencode(fields).encode(), timeout=self.timeout,
            headers={
                "Content-Type": "application/x-www-form-urlencoded", "Cookie": self.cookie,
                "X-CSRFToken": self.csrf, "Accept": "application/json",
                "Origin": f"http://{HOST}:{self.port}",
                "Referer": f"http://{HOST}:{self.port}{self.link}",
            },
        )
        answer = json.loads(body)
        assert status == 200 and answer["outcome"] == "saved" and answer["ok"], answer
        self.version = int(answer["version"])
        self.saved = number


class SlowClients:
    """``count`` connections that send a request's headers a byte at a time (one byte on each
    every ``interval`` seconds, from one thread) and never finish them: a phone on a very bad
    Wi-Fi, or someone who wants the server to wait."""

    def __init__(
        self, port: int, count: int, interval: float = 0.2, sources: tuple[str, ...] = (HOST,)
    ) -> None:
        """``sources``: the loopback addresses they come from, in turn."""
        import threading

        assert all(source.startswith("127.") for source in sources)
        self.sockets = []
        for number in range(count):
            source = (sources[number % len(sources)], 0)
            sock = socket.create_connection((HOST, port), timeout=5, source_address=source)
            with contextlib.suppress(OSError):  # a server may close it at once
                sock.sendall(f"POST /zettel/x/ HTTP/1.1\r\nHost: {HOST}\r\n".encode())
            self.sockets.append(sock)
        self.interval = interval
        self.stopped = threading.Event()
        self.thread = threading.Thread(target=self._dribble, daemon=True)

    def _dribble(self) -> None:
        while not self.stopped.wait(self.interval):
            for sock in self.sockets:
                with contextlib.suppress(OSError):  # a server may give up on one
                    sock.send(b"X")

    def __enter__(self) -> SlowClients:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stopped.set()
        self.thread.join(timeout=5)
        for sock in self.sockets:
            sock.close()
