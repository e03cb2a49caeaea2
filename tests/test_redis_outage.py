"""A Redis outage (issue 27, finding 3): with ``REDIS_URL`` set and Redis down, stalled or
going down mid-run, a real app server (gunicorn, as the README runs it) answers every page and
lets the organiser log in; the cache computes instead, the sessions and the login throttle are
in the database (the throttle still locks out, also across two servers), a warning is logged
once in a while, and once Redis is back the cache is used again.

Each test runs gunicorn in a subprocess (settings ``tests.server_settings``: the app's, with the
tests' fast password hasher) on a copy of one SQLite database that a subprocess migrated and
filled (``build_site``): an event of six singles with its plan, round 1 released.
Redis is either a port where nothing listens or a redis-server of the test's own (started,
stopped, paused with SIGSTOP and started again), never the one of the environment.
"""

from __future__ import annotations

import http.cookiejar
import json
import os
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest
import redis
from django.db import connection

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"
PASSWORD = "geheim-123"
LOCKED = "kasse"  # the account the throttle's test locks out (the organiser "orga" logs in)
GUNICORN = Path(sys.executable).with_name("gunicorn")
REDIS_SERVER = shutil.which("redis-server")
# the warning of config.settings' "redis_outage" filter (core.logs.RedisOutageWarning)
WARNING = "WARNING django_redis.cache: Redis is unreachable ("

pytestmark = pytest.mark.skipif(
    not GUNICORN.exists(), reason="gunicorn is not installed (pip install -e '.[prod]')"
)


def build_site() -> None:
    """In a subprocess (DATABASE_URL: the SQLite file of ``site``): migrate what is not migrated
    yet (without waiting for the disk: the file is a throwaway), build the event and print what
    the test needs as JSON."""
    from django.core.management import call_command
    from django.db.backends.signals import connection_created

    def no_sync(sender, connection, **kwargs):
        with connection.cursor() as cursor:
            cursor.execute("PRAGMA synchronous = OFF")

    connection_created.connect(no_sync)
    call_command("migrate", verbosity=0)

    from tests.factories import make_entry, make_event, make_user
    from tests.scoring.views.test_sheets import form_data, game
    from tests.tournament.test_urls import routes, sample_url
    from tournament.services import generate_plan, release_round

    organiser = make_user("orga", PASSWORD)
    make_user(LOCKED, PASSWORD)
    event = make_event(organiser=organiser, slug="ausfall", public_standings=True)
    for number in range(1, 7):
        make_entry(event, number)
    generate_plan(event=event, seed=1)
    round_ = event.rounds.get(number=1)
    release_round(round=round_, released=True)
    sheet = round_.tables.get(number=1).sheet
    # the link's form as a browser sends it after each of three games typed (the version
    # before each save is the number of saves so far)
    saves = [form_data(sheet, games - 1, {n: game() for n in range(1, games + 1)})
             for games in (1, 2, 3)]
    every = sorted({sample_url(name, event) for name, _view in routes() if name != "logout"})
    print(json.dumps({
        "slug": event.slug,
        "token": sheet.token,
        "saves": saves,
        "every_route": every,
    }))


@dataclass
class Site:
    database: Path  # built once for the module; each test serves a copy
    slug: str
    token: str
    saves: list[dict[str, str]]
    every_route: list[str]

    def pages(self) -> list[str]:
        """The pages an evening needs: the organiser's and the public's."""
        slug = self.slug
        return [
            "/", f"/rangliste/{slug}/", f"/turnier/{slug}/beamer/", f"/zettel/{self.token}/",
            f"/turnier/{slug}/", f"/turnier/{slug}/rangliste/", f"/turnier/{slug}/sitzplan/",
            f"/turnier/{slug}/zettel/1/", f"/turnier/{slug}/zettel/1/tisch/1/",
        ]


@pytest.fixture(scope="module")
def site(tmp_path_factory, django_db_setup, django_db_blocker) -> Site:
    """The database the app servers serve (copied for each test), built by ``build_site``."""
    database = tmp_path_factory.mktemp("redis-outage") / "site.sqlite3"
    with django_db_blocker.unblock():
        if connection.vendor == "sqlite":  # a copy of the tests' migrated database: faster
            connection.ensure_connection()
            target = sqlite3.connect(database)
            connection.connection.backup(target)
            target.close()
    result = subprocess.run(
        [sys.executable, "-c",
         "import django; django.setup(); "
         "from tests.test_redis_outage import build_site; build_site()"],
        cwd=ROOT, env=app_environment(f"sqlite:///{database}"), capture_output=True, text=True,
        check=False, timeout=120,
    )
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout.strip().splitlines()[-1])
    return Site(database=database, slug=data["slug"], token=data["token"], saves=data["saves"],
                every_route=data["every_route"])


def copy_database(site: Site, directory: Path) -> str:
    """A copy of the site's database for one test's servers: its DATABASE_URL."""
    copy = directory / "db.sqlite3"
    shutil.copyfile(site.database, copy)
    return f"sqlite:///{copy}"


def app_environment(database_url: str, **extra: str) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if key not in {
        "DEBUG", "PUBLIC_URL", "REDIS_URL", "LOG_LEVEL", "HTTPS", "BEHIND_PROXY",
        "CSRF_TRUSTED_ORIGINS", "SESSION_HOURS", "DJANGO_ALLOW_ASYNC_UNSAFE"}}
    env.update({
        "DJANGO_SETTINGS_MODULE": "tests.server_settings",  # config.settings, a fast hasher
        "DATABASE_URL": database_url,
        "SECRET_KEY": "redis-outage-test-key-" + "k7Qp2Lm9Vz4Rt8Yk3Wn6Bc1Hd5Gf0Js",
        "ALLOWED_HOSTS": HOST,
        "PYTHONWARNINGS": "ignore",
        **extra,
    })
    return env


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return sock.getsockname()[1]


class AppServer:
    """gunicorn as the README starts it (one worker of two threads, so that the warnings in its
    log are one process's), with this database and REDIS_URL, on a free port."""

    def __init__(self, database_url: str, redis_url: str, log: Path) -> None:
        self.log = log
        port = free_port()
        self.base = f"http://{HOST}:{port}"
        runtime = log.with_suffix(".run")  # gunicorn's control socket: its own, not the user's
        runtime.mkdir(exist_ok=True)
        env = app_environment(database_url, REDIS_URL=redis_url, XDG_RUNTIME_DIR=str(runtime))
        with log.open("a") as sink:
            self.process = subprocess.Popen(
                [str(GUNICORN), "config.wsgi", "--bind", f"{HOST}:{port}", "--workers", "1",
                 "--threads", "2"],
                cwd=ROOT, env=env, stdout=sink, stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
            )

    def wait_until_up(self) -> None:
        deadline = time.monotonic() + 60  # a busy machine starts servers slowly
        while True:
            try:
                urllib.request.urlopen(self.base + "/", timeout=10).close()
                return
            except OSError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    pytest.fail(f"gunicorn did not start:\n{self.text()}")
                time.sleep(0.1)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)  # gunicorn's quick shutdown
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)

    def text(self) -> str:
        return self.log.read_text()

    def warnings(self) -> int:
        return self.text().count(WARNING)

    def failures(self) -> list[str]:
        """The log's lines of errors and tracebacks (a 500, or a warning not turned into one)."""
        return [line for line in self.text().splitlines()
                if " ERROR " in line or "Traceback" in line]


@contextmanager
def app_servers(database_url: str, redis_url: str, *logs: Path) -> Iterator[list[AppServer]]:
    """One app server per log, started together, on the same database and Redis."""
    servers: list[AppServer] = []
    try:
        for log in logs:
            servers.append(AppServer(database_url, redis_url, log))
        for server in servers:
            server.wait_until_up()
        yield servers
    finally:
        for server in servers:
            server.stop()


class RedisServer:
    """A redis-server of the test's own on a free port: no persistence, stopped at the end."""

    def __init__(self, directory: Path) -> None:
        self.port = free_port()
        self.directory = directory
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://{HOST}:{self.port}/0"

    def start(self) -> None:
        self.process = subprocess.Popen(
            [REDIS_SERVER, "--port", str(self.port), "--bind", HOST, "--save", "",
             "--appendonly", "no", "--dir", str(self.directory)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 10
        while True:
            try:
                with self.client() as client:
                    client.ping()
                    return
            except redis.RedisError as error:
                if time.monotonic() > deadline:
                    raise RuntimeError("redis-server did not start") from error
                time.sleep(0.05)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGCONT)  # in case it was paused
            self.process.terminate()
            self.process.wait(timeout=10)
        self.process = None

    def pause(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGSTOP)

    def resume(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGCONT)

    def client(self) -> redis.Redis:
        return redis.Redis(host=HOST, port=self.port, socket_timeout=2)

    def keys(self) -> list[bytes]:
        with self.client() as client:
            return list(client.scan_iter("binokel:*"))

    def hits(self) -> int:
        with self.client() as client:
            return int(client.info("stats")["keyspace_hits"])


@pytest.fixture
def redis_server(tmp_path) -> Iterator[RedisServer]:
    if REDIS_SERVER is None:
        pytest.skip("redis-server is not installed (apt-get install redis-server)")
    server = RedisServer(tmp_path)
    server.start()
    yield server
    server.stop()


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


@dataclass
class Answer:
    status: int
    location: str
    body: str
    seconds: float


class Browser:
    """One device: its cookies, no redirects followed, the CSRF token sent with every POST."""

    def __init__(self, base: str, timeout: float = 20,
                 jar: http.cookiejar.CookieJar | None = None) -> None:
        self.base = base
        self.timeout = timeout
        self.jar = jar if jar is not None else http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(self.jar), NoRedirect()
        )

    def cookie(self, name: str) -> str | None:
        return next((c.value for c in self.jar if c.name == name), None)

    def request(self, path: str, data: dict[str, str] | None = None) -> Answer:
        body = None
        if data is not None:
            if self.cookie("csrftoken") is None:
                self.request("/anmelden/")
            data = {**data, "csrfmiddlewaretoken": self.cookie("csrftoken") or ""}
            body = urllib.parse.urlencode(data).encode()
        started = time.monotonic()
        request = urllib.request.Request(self.base + path, data=body)
        try:
            with self.opener.open(request, timeout=self.timeout) as answer:
                status, headers, text = answer.status, answer.headers, answer.read()
        except urllib.error.HTTPError as error:
            status, headers, text = error.code, error.headers, error.read()
        return Answer(status, headers.get("Location", ""), text.decode(errors="replace"),
                      time.monotonic() - started)

    def log_in(self, password: str = PASSWORD, username: str = "orga") -> Answer:
        return self.request("/anmelden/", {"username": username, "password": password})


def nobody_listens() -> str:
    """A Redis address where nothing listens (a free port, not bound again)."""
    return f"redis://{HOST}:{free_port()}/0"


def check_the_evening(base: str, site: Site, game: int) -> list[str]:
    """Log in, open the evening's pages, save game ``game`` on the sheet's link (the games before
    it saved already): the problems found."""
    problems = []
    organiser = Browser(base)
    answer = organiser.log_in()
    if answer.status != 302 or "/anmelden/" in answer.location:
        problems.append(f"login: HTTP {answer.status}")
    for path in site.pages():
        answer = organiser.request(path)
        if answer.status != 200:
            problems.append(f"{path}: HTTP {answer.status}")
    scorekeeper = Browser(base)
    link = f"/zettel/{site.token}/"
    if (answer := scorekeeper.request(link)).status != 200:
        problems.append(f"the sheet link: HTTP {answer.status}")
    answer = scorekeeper.request(link, site.saves[game - 1])
    if answer.status != 302:  # saved, back to the sheet (an error or a conflict: 200, 409)
        problems.append(f"the save of game {game} through the link: HTTP {answer.status}")
    for path in site.pages()[:3]:  # the public ones again, anonymously
        if (answer := Browser(base).request(path)).status >= 500:
            problems.append(f"{path} (anonymous): HTTP {answer.status}")
    return problems


def games_saved(database_url: str) -> int:
    with sqlite3.connect(database_url.removeprefix("sqlite:///")) as db:
        return db.execute("SELECT COUNT(*) FROM scoring_game").fetchone()[0]


def fail(browser: Browser, times: int) -> list[int]:
    return [browser.log_in("falsch", LOCKED).status for _ in range(times)]


# --- Redis not there at all: two app servers, one database ------------------------------------


@dataclass
class Servers:
    a: AppServer
    b: AppServer
    database_url: str


@pytest.fixture(scope="module")
def without_redis(site, tmp_path_factory) -> Iterator[Servers]:
    """Two app servers on one database, REDIS_URL pointing where nothing listens."""
    directory = tmp_path_factory.mktemp("without-redis")
    database_url = copy_database(site, directory)
    with app_servers(database_url, nobody_listens(), directory / "a.log",
                     directory / "b.log") as (a, b):
        yield Servers(a, b, database_url)


def test_without_redis_login_every_page_and_a_save_work(site, without_redis):
    a, b = without_redis.a, without_redis.b
    assert check_the_evening(a.base, site, game=1) == [], a.text()
    organiser = Browser(b.base)
    assert organiser.log_in().status == 302
    errors = {}
    for path in site.every_route:  # every route of the site, with real parameters
        answer = organiser.request(path)
        if answer.status >= 500:
            errors[path] = answer.status
    assert errors == {}, b.text()
    assert len(site.every_route) > 60
    assert games_saved(without_redis.database_url) == 1
    for server in (a, b):
        assert server.failures() == [], server.text()
        # once, not per request (a second one a minute later at the earliest)
        assert 1 <= server.warnings() <= 2, server.text()


def test_without_redis_the_login_throttle_locks_out_across_two_servers(without_redis):
    """The failures count in the shared database: on either server they add up."""
    a, b = without_redis.a, without_redis.b
    assert fail(Browser(a.base), 5) == [200] * 5
    assert fail(Browser(b.base), 4) == [200] * 4
    assert fail(Browser(a.base), 1) == [429]  # the tenth
    assert Browser(b.base).log_in(username=LOCKED).status == 429  # even the right password
    assert Browser(a.base).log_in(username=LOCKED).status == 429
    assert Browser(a.base).log_in().status == 302  # another user name logs in


def test_without_redis_a_session_holds_on_both_servers(site, without_redis):
    on_a = Browser(without_redis.a.base)
    assert on_a.log_in().status == 302
    on_b = Browser(without_redis.b.base, jar=on_a.jar)  # the cookies: one host, other port
    assert on_b.request(f"/turnier/{site.slug}/").status == 200
    assert on_b.request("/abmelden/", {}).status == 302  # logged out on B …
    answer = on_a.request(f"/turnier/{site.slug}/")
    assert answer.status == 302 and "/anmelden/" in answer.location  # … is logged out on A


# --- Redis going away mid-run, stalling, and coming back ---------------------------------------


def test_redis_going_down_mid_run_and_coming_back(site, redis_server, tmp_path):
    database_url = copy_database(site, tmp_path)
    with app_servers(database_url, redis_server.url, tmp_path / "server.log") as (server,):
        base = server.base
        assert check_the_evening(base, site, game=1) == [], server.text()
        assert redis_server.keys(), "the cache is in Redis"
        organiser = Browser(base)
        assert organiser.log_in().status == 302

        redis_server.stop()
        assert check_the_evening(base, site, game=2) == [], server.text()
        # the organiser's session, made while Redis was up, holds
        assert organiser.request(f"/turnier/{site.slug}/").status == 200
        assert 1 <= server.warnings() <= 2, server.text()

        redis_server.start()  # empty: it kept nothing
        assert redis_server.keys() == []
        standings = f"/turnier/{site.slug}/rangliste/"
        assert organiser.request(standings).status == 200
        assert redis_server.keys(), "the cache is written again"
        hits = redis_server.hits()
        assert organiser.request(standings).status == 200
        assert redis_server.hits() > hits, "and read again"
        assert check_the_evening(base, site, game=3) == [], server.text()
        assert server.failures() == [], server.text()
    assert games_saved(database_url) == 3


def test_a_stalled_redis_does_not_hang_a_page(site, redis_server, tmp_path):
    """A Redis that takes connections but never answers (stopped with SIGSTOP): each page waits
    for the cache's short timeouts only, then computes."""
    database_url = copy_database(site, tmp_path)
    with app_servers(database_url, redis_server.url, tmp_path / "server.log") as (server,):
        organiser = Browser(server.base, timeout=15)
        assert organiser.log_in().status == 302
        redis_server.pause()
        try:
            times = {}
            slug = site.slug  # the pages with the most cache calls, and the event page
            for path in (f"/rangliste/{slug}/", f"/turnier/{slug}/rangliste/",
                         f"/zettel/{site.token}/", f"/turnier/{slug}/"):
                answer = organiser.request(path)
                assert answer.status == 200, (path, answer.status, server.text())
                times[path] = round(answer.seconds, 2)
            assert Browser(server.base, timeout=15).log_in().status == 302
        finally:
            redis_server.resume()
        # about a second: four cache calls of a quarter of a second each, then the computing
        # (without the timeouts the page would wait for Redis as long as Redis stalls)
        assert max(times.values()) < 5, times
        assert server.failures() == [], server.text()
        assert 1 <= server.warnings() <= 2, server.text()


# --- The warning: once in a while ---------------------------------------------------------------


def test_the_warning_comes_once_a_minute_with_its_cause(monkeypatch):
    """django-redis' record of an ignored failure (an error with a traceback) becomes one
    warning line with the cause; the next ones of that minute are dropped."""
    import logging

    from django_redis.exceptions import ConnectionInterrupted
    from redis.exceptions import ConnectionError as RedisConnectionError

    from core import logs

    now = [1000.0]
    monkeypatch.setattr(logs.time, "monotonic", lambda: now[0])
    warning = logs.RedisOutageWarning()
    logger = logging.getLogger("django_redis.cache")

    def ignored() -> logging.LogRecord:
        try:
            try:
                raise RedisConnectionError("Error 111 connecting to 127.0.0.1:6399.")
            except RedisConnectionError as error:
                raise ConnectionInterrupted(connection=None) from error
        except ConnectionInterrupted:
            return logger.makeRecord(logger.name, logging.ERROR, __file__, 1,
                                     "Exception ignored", (), sys.exc_info())

    first = ignored()
    assert warning.filter(first)
    assert (first.levelname, first.exc_info, first.exc_text) == ("WARNING", None, None)
    assert first.getMessage().startswith(
        "Redis is unreachable (Error 111 connecting to 127.0.0.1:6399.): pages are computed "
        "without the cache"
    )
    now[0] += 59
    assert not warning.filter(ignored())
    now[0] += 2
    assert warning.filter(ignored())
