"""Load test of score entry: 100 scorekeepers save their sheets at once, through the hall's
server (``manage.py serve``, waitress) or gunicorn.

Run from the repository root (PostgreSQL must answer on the server given, by default
127.0.0.1:5432 with trust authentication; ``--database-url sqlite`` uses a throwaway SQLite
file instead):

    .venv/bin/python bench/load.py [--scorekeepers 100] [--server hall|gunicorn]
                                   [--workers 4] [--threads 2] [--hall-threads 8]
                                   [--database-url postgres://postgres@127.0.0.1:5432/postgres]
                                   [--keep] [--think 5] [--ramp 60] [--slow-clients K]
                                   [--client script|form] [--app-dir PATH] [--poll 30]

What it does:

1. creates its own throwaway database ``binokel_load_<pid>`` on that server (psycopg), migrates
   it with ``manage.py migrate`` and builds an event with enough tables: by default 270 singles
   and 30 pairs, i.e. 90 three-tables and 15 pairs tables in round 1 (``register_entry``,
   ``generate_plan``, round 1 released);
2. starts the app bound to 127.0.0.1 on a free port (every request of this script goes to
   that loopback address, nowhere else), under the hall's server (``--server hall``, the
   default: ``manage.py serve`` with ``--hall-threads`` threads) or gunicorn (``--server
   gunicorn``, ``--workers`` x ``--threads``), and warms it up with a few page views; the
   server's error log and the app's own (``LOG_LEVEL=ERROR``: errors only, not the expected
   conflict refusals) go into a file whose last lines are printed at the end if it has any;
3. lets the scorekeepers loose, one thread each: a scorekeeper opens the table's link
   (``/zettel/<token>/``) like a phone's browser (page, its CSS and JS, CSRF cookie), then enters
   the twelve games of round 1 (random valid games from ``scoring.simulate``): per game a
   pause to "type" and the points preview request the page's JavaScript sends, and every one to
   four games a save; the last save is "Save and hand in". While the scorekeeper types, the
   open page of the script client asks the sheet's version check every ``--poll`` seconds
   (``…/version/``, issue 34; an app without one is not asked) and, when the version moved,
   fetches the sheet's state (``…/stand/``) and follows it, as ``scoring/sheet/changes.js``
   does (the second device of a shared sheet leaves its page as it is: its save must be
   refused as stale). How a save goes is the client's
   (``--client``):

   - ``script`` (the default) is the page with its JavaScript (``scoring/static/scoring/
     sheet.js``): it saves in the background, a POST to the page's save address
     (``data-save-url``, ``/zettel/<token>/speichern/``) that carries only the rows typed on
     the device and not stored (all of a row's inputs), the CSRF token, ``sheet``, ``version``
     (the version the page shows), ``save_id`` and ``action``. The JSON answer (200) is the
     whole sheet as it is now; the device takes it and never reloads the page. Every answer
     is checked: the rows sent are stored as typed with the points of ``score_hand``, the
     version went up by one (two with the hand-in), status and ``missing`` (of a sheet kept
     on one device) are right;
   - ``form`` is the page without JavaScript: every save posts the whole form as the browser
     submits it (every row's fields, the hidden ``version``, the CSRF token, the button's
     ``action``), the answer is a redirect and the device loads the page again.

   A *shared sheet* has two devices: the second one loads the sheet, waits until the first one
   has saved, then saves based on its stale page (its own three games plus a "correction" of
   game 1). The app must refuse that save (HTTP 409). ``form``: the conflict page with the
   app's message and the other device's games; the device reloads and saves its games again on
   the fresh version. ``script``: JSON with outcome ``stale``, the current version and the
   whole sheet, with game 1 as the first device saved it under ``conflicts`` and ``rows``
   (checked); the device takes the sheet, the scorekeeper keeps the other device's game 1 and
   saves again. The first device's next save is then stale as well and goes through the same
   refusal and retry;
4. stops the server and checks the database: every sheet in use holds games 1..12 exactly once,
   each with one party row per party and points equal to ``score_hand`` of the stored inputs;
   each row holds the values of the last accepted save that carried the row (the form
   client's saves carry every row, the script's only the rows typed), so no refused save
   overwrote or deleted anything and no game was lost; the sheets are handed in, the spare
   sheets untouched. For ``script`` it also reports whether the version the page holds after
   its last save (from the JSON answer) is the sheet's version;
5. prints requests, errors, conflict refusals, latency percentiles and throughput, the app's
   own time per kind of request, and a line of targets (the budget: 0 errors, 0 lost games,
   client p95 of all requests at most 50 ms at the default pace, each met or MISSED); drops
   the database (unless ``--keep``).
   The server is stopped in every case.

Server time: the client's latency includes the network stack, waiting for a free thread of
the server and this client's own share of the CPU. So the app also says how long it took: the
bench's server runs with ``bench/load_settings.py`` (the app's ``config.settings`` with
``bench/server_timing.py`` prepended as the outermost middleware, bench/ on PYTHONPATH), which
adds ``Server-Timing: app;dur=<ms>``, the wall time from the request entering the middleware
chain to the response leaving it. Each request's figure is kept with its latency and printed
per kind (page, save, preview, static, all) as p50/p95 beside the client's. The app's own code
is not touched, so any version of it is measured the same way.

``--app-dir`` runs another checkout of the app (migrate, the event, the server), with this
checkout's venv and bench/ (a checkout before issue 27 has no ``manage.py serve``: run it
with ``--server gunicorn``), e.g. the code before the background save::

    git -C /work/main archive c159176 | tar -x -C /tmp/old
    .venv/bin/python bench/load.py --app-dir /tmp/old --client form

An app whose sheet page has no save address (``data-save-url``: before issue 24) does not fit
the script client; the run then stops and says so (exit status 2): test such an app with
``--client form``, or with its own checkout's bench/load.py.

Errors are responses other than 2xx/3xx, failed connections, saves the app did not accept
for another reason than the expected conflict (those 409 refusals on shared sheets are counted
separately) and answers that say something else than was saved. The scorekeepers' pace
(``--think``: 5 s per game on average, ``--ramp``: the starts spread over 60 s) puts a whole
round of 100 tables, which takes about two hours in the hall, into about two minutes: a burst
some 50 times the real rate. gunicorn's setting here, 4 workers of 2 threads, measured best on
2 cores (bench/README.md, "gunicorn settings"). The client runs on the same machine as the
server and takes some of its CPU. Not modelled: the service worker the page registers on a
secure origin (it keeps the page and its assets for offline use), and the script's sending of
a waiting save when the connection comes back (the connection here never drops).
Slow clients (``--slow-clients K``): K more connections, opened after the warm-up, send the
headers of a request a byte at a time (a byte on each every ``--slow-interval`` seconds) and
never finish them, all through the run: phones on a very bad Wi-Fi, or someone on the hall's
Wi-Fi who wants the server to wait. A server whose threads read the requests (gunicorn) gives
each of them a thread; the hall's server reads them in its I/O thread. The report says how the
saves flowed from the first answered save to the last: the saves answered in each 10 s (the
fewest, and the median), and the longest time between two answered saves.

A script that prints figures, not a timed test; exit status 1 when errors occurred or the
database check failed, 2 when the client does not fit the app.
"""

from __future__ import annotations

import argparse
import html
import http.cookiejar
import itertools
import json
import math
import os
import random
import re
import resource
import secrets
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent  # this checkout: its venv runs everything, its app is the default --app-dir

HOST = "127.0.0.1"  # the only address this script ever sends a request to
USER_AGENT = "Mozilla/5.0 (Linux; Android 14; binokel-load) Mobile"
REQUEST_TIMEOUT = 30.0
MAX_ATTEMPTS = 6  # saves of one chunk (refused, reloaded, retried) before a device gives up
SECOND_DEVICE_GAMES = 3  # the last games of a shared sheet, entered on the second device
# the budget: the client's 95th percentile of all requests at the default pace
BUDGET_P95_MS = 50

FORM_START = re.compile(r'<form[^>]*\bid="sheet-form"[^>]*>')
INPUT = re.compile(r"<input\b([^>]*)>")
SELECT = re.compile(r"<select\b([^>]*)>(.*?)</select>", re.S)
OPTION = re.compile(r"<option\b([^>]*)>")
ATTRIBUTE = re.compile(r'([\w:-]+)(?:="([^"]*)")?')
ASSET = re.compile(r'<link rel="stylesheet" href="([^"]+)"|<script src="([^"]+)"')
FIELDSET = re.compile(r"<fieldset\b([^>]*)>")
SERVER_TIMING = re.compile(r"\bapp;dur=([0-9.]+)")
ENTRY = re.compile(r"(declarer|bid|revoked|meld\d+|tricks\d+)")  # sheet.js: what makes a game
KINDS = ("page", "save", "preview", "static", "check", "state")


# --------------------------------------------------------------------------------------------
# The browser side: pages, forms, requests
# --------------------------------------------------------------------------------------------


def attributes(text: str) -> dict[str, str]:
    return {name: html.unescape(value or "") for name, value in ATTRIBUTE.findall(text)}


@dataclass
class SheetForm:
    """The score sheet form of a page as a browser would submit it (fields in page order)."""

    fields: dict[str, str]
    parties: int
    seats: int
    sheet: str = ""  # the form's data-sheet (the script sends it), else its hidden field
    stored: dict[int, dict[str, str]] = field(default_factory=dict)  # rows' data-stored
    save_url: str = ""  # data-save-url: where the page's script saves
    check_url: str = ""  # data-check-url: the version check an open page asks (issue 34)
    state_url: str = ""  # data-state-url: the sheet's state, fetched when the version moved

    @property
    def version(self) -> int:
        return int(self.fields["version"])

    @property
    def csrf(self) -> str:
        return self.fields["csrfmiddlewaretoken"]

    @classmethod
    def parse(cls, page: str) -> SheetForm:
        start = FORM_START.search(page)
        if start is None:
            raise ValueError("no score sheet form on the page")
        body = page[start.end() : page.index("</form>", start.end())]
        head = attributes(start.group(0))
        found: list[tuple[int, str, str]] = []
        for match in INPUT.finditer(body):
            attrs = attributes(match.group(1))
            kind = attrs.get("type", "text")
            sent = kind in ("text", "hidden", "number") or (kind == "radio" and "checked" in attrs)
            if sent and "name" in attrs:  # of a group of buttons, the one chosen
                found.append((match.start(), attrs["name"], attrs.get("value", "")))
        for match in SELECT.finditer(body):
            name = attributes(match.group(1))["name"]
            options = [attributes(option) for option in OPTION.findall(match.group(2))]
            chosen = next((o for o in options if "selected" in o), options[0] if options else {})
            found.append((match.start(), name, chosen.get("value", "")))
        stored: dict[int, dict[str, str]] = {}
        for match in FIELDSET.finditer(body):
            attrs = attributes(match.group(1))
            if "data-number" in attrs and "data-stored" in attrs:
                stored[int(attrs["data-number"])] = json.loads(attrs["data-stored"] or "{}")
        fields = {name: value for _position, name, value in sorted(found)}
        return cls(
            fields=fields,
            parties=int(head["data-parties"]),
            seats=int(head["data-seats"]),
            sheet=head.get("data-sheet") or fields.get("sheet", ""),
            stored=stored,
            save_url=head.get("data-save-url", ""),
            check_url=head.get("data-check-url", ""),
            state_url=head.get("data-state-url", ""),
        )

    def row(self, number: int) -> dict[str, str]:
        """A row's inputs as sheet.js reads them (``readRow``): short names in page order."""
        prefix = f"g{number}-"
        return {k[len(prefix):]: v for k, v in self.fields.items() if k.startswith(prefix)}

    def with_games(self, games: dict[int, dict[str, Any]]) -> dict[str, str]:
        """The fields with these games typed into their rows (the dealer keeps its default)."""
        fields = dict(self.fields)
        for number, game in games.items():
            fields.update(game_fields(number, game, self.parties))
        return fields


def game_fields(number: int, game: dict[str, Any], parties: int) -> dict[str, str]:
    """What a scorekeeper types into a row for a game of ``scoring.simulate.random_game``."""
    prefix = f"g{number}-"
    fields = {
        f"{prefix}declarer": str(game["declarer"]),
        f"{prefix}bid": str(game["bid"]),
        f"{prefix}kind": game["kind"],
        f"{prefix}revoked": "" if game["revoked"] is None else str(game["revoked"]),
    }
    for index in range(parties):
        fields[f"{prefix}meld{index}"] = str(game["melds"][index])
        tricks = game["tricks"]
        fields[f"{prefix}tricks{index}"] = "" if tricks is None else str(tricks[index])
    return fields


def row_values(fields: dict[str, str], number: int, parties: int) -> dict[str, Any] | None:
    """A submitted row as the app stores it (``sheet_games`` of scoring.services.sheets, no
    points).

    None for a row left empty. Mirrors the form: empty meld and trick fields count as 0, a
    conceded game without trick points has none.
    """
    prefix = f"g{number}-"

    def number_or_none(name: str) -> int | None:
        text = fields.get(prefix + name, "").strip()
        return int(text) if text else None

    entry = ["declarer", "bid", "revoked"]
    entry += [f"meld{i}" for i in range(parties)] + [f"tricks{i}" for i in range(parties)]
    if all(not fields.get(prefix + name, "").strip() for name in entry):
        return None
    kind = fields.get(prefix + "kind") or "played"
    raw_tricks = [number_or_none(f"tricks{i}") for i in range(parties)]
    tricks = [t or 0 for t in raw_tricks]
    return {
        "dealer": number_or_none("dealer"),
        "declarer": number_or_none("declarer"),
        "bid": number_or_none("bid"),
        "kind": kind,
        "revoked": number_or_none("revoked"),
        "melds": [number_or_none(f"meld{i}") or 0 for i in range(parties)],
        "tricks": None if kind == "conceded" and all(t is None for t in raw_tricks) else tricks,
    }


class NoRedirect(urllib.request.HTTPRedirectHandler):
    """Redirects are followed by hand, so every request is timed on its own."""

    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


@dataclass
class Sample:
    kind: str  # page, save, preview, static
    status: int  # HTTP status; 0 for a failed connection
    seconds: float
    started: float
    server_ms: float | None = None  # the app's own time (Server-Timing app;dur), if answered


@dataclass
class Response:
    status: int
    body: str
    location: str = ""
    content_type: str = ""

    def json(self) -> Any:
        """The body as JSON, or None when the answer is not JSON (an HTML page, a redirect)."""
        if not self.content_type.startswith("application/json"):
            return None
        try:
            return json.loads(self.body)
        except ValueError:
            return None


class Aborted(Exception):
    """The run was stopped (the app does not fit the client); not a scorekeeper's problem."""


class Recorder:
    """Every request's figures, and the problems seen, from all threads."""

    def __init__(self) -> None:
        self.samples: list[Sample] = []
        self.errors: list[str] = []
        self.lock = threading.Lock()
        self.abort = threading.Event()
        self.unfit = ""  # why the client does not fit the app, when it does not

    def give_up(self, message: str) -> None:
        """Stop every scorekeeper: the app cannot be tested with this client."""
        with self.lock:
            if not self.unfit:
                self.unfit = message
        self.abort.set()

    def sleep(self, seconds: float) -> None:
        if self.abort.wait(seconds):
            raise Aborted()

    def add(self, sample: Sample) -> None:
        with self.lock:
            self.samples.append(sample)

    def error(self, message: str) -> None:
        with self.lock:
            self.errors.append(message)


class Browser:
    """One device: its own cookies (CSRF, messages), requests to the loopback server only."""

    def __init__(
        self, base: str, recorder: Recorder, deadline: float,
        cookies: http.cookiejar.CookieJar | None = None,
    ) -> None:
        self.base = base
        self.recorder = recorder
        self.deadline = deadline
        # a jar of another Browser: the same device talking to another server (two_servers.py)
        self.cookies = cookies if cookies is not None else http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(self.cookies), NoRedirect()
        )
        self.assets_loaded = False

    def request(
        self,
        kind: str,
        path: str,
        data: dict[str, str] | list[tuple[str, str]] | None = None,
        **headers: str,
    ) -> Response:
        if self.recorder.abort.is_set():
            raise Aborted()
        if time.monotonic() > self.deadline:
            raise TimeoutError("time limit of the run reached")
        url = self.base + path
        assert urllib.parse.urlsplit(url).hostname == HOST
        pairs = list(data.items()) if isinstance(data, dict) else data
        body = None if pairs is None else urllib.parse.urlencode(pairs).encode()
        request = urllib.request.Request(url, data=body, method="GET" if body is None else "POST")
        request.add_header("User-Agent", USER_AGENT)
        request.add_header("Accept-Language", "de-DE,de;q=0.9,en;q=0.5")
        if body is not None:
            request.add_header("Content-Type", "application/x-www-form-urlencoded")
            request.add_header("Origin", self.base)
        for name, value in headers.items():
            request.add_header(name.replace("_", "-"), value)
        started = time.perf_counter()
        try:
            with self.opener.open(request, timeout=REQUEST_TIMEOUT) as answer:
                status, content, location = answer.status, answer.read(), ""
                answer_headers = answer.headers
        except urllib.error.HTTPError as answer:  # 3xx (not followed) and 4xx/5xx
            status, content = answer.code, answer.read()
            location = answer.headers.get("Location", "")
            answer_headers = answer.headers
        except OSError as error:
            self.recorder.add(Sample(kind, 0, time.perf_counter() - started, started))
            raise ConnectionError(f"{kind} {path}: {error}") from error
        seconds = time.perf_counter() - started
        timing = SERVER_TIMING.search(answer_headers.get("Server-Timing", "") or "")
        server_ms = float(timing.group(1)) if timing else None
        self.recorder.add(Sample(kind, status, seconds, started, server_ms))
        return Response(
            status, content.decode("utf-8", "replace"), location,
            answer_headers.get("Content-Type", "") or "",
        )

    def page(self, path: str) -> SheetForm:
        """Open the sheet page (and, the first time, its CSS and JS) and read its form."""
        response = self.request("page", path)
        if response.status != 200:
            raise RuntimeError(f"GET {path} answered {response.status}")
        if not self.assets_loaded:  # a browser caches them after the first page
            for css, js in ASSET.findall(response.body):
                asset = self.request("static", css or js)
                if asset.status != 200:
                    self.recorder.error(f"static {css or js}: HTTP {asset.status}")
            self.assets_loaded = True
        return SheetForm.parse(response.body)

    def preview(self, form: SheetForm, number: int, game: dict[str, Any], referer: str) -> None:
        """The request sheet.js sends after the scorekeeper typed a row: the row's points."""
        prefix = f"g{number}-"
        data = {k: v for k, v in form.with_games({number: game}).items() if k.startswith(prefix)}
        data.update(
            number=str(number),
            parties=str(form.parties),
            seats=str(form.seats),
            csrfmiddlewaretoken=form.csrf,
        )
        response = self.request(
            "preview", "/spielzettel/vorschau/", data,
            X_CSRFToken=form.csrf, Accept="application/json", Referer=self.base + referer,
        )
        if response.status != 200:
            self.recorder.error(f"preview of game {number}: HTTP {response.status}")
            return
        from scoring.rules import score_hand

        answer = json.loads(response.body)
        if not answer.get("ok") or answer.get("points") != list(score_hand(**game)):
            self.recorder.error(f"preview of game {number} answered {answer}")


# --------------------------------------------------------------------------------------------
# Scorekeepers
# --------------------------------------------------------------------------------------------


@dataclass
class SaveRecord:
    """A save as submitted: the version it was based on and the rows it carried, as the app
    stores them (None: an empty row, no game). The form client sends every row of the form,
    the script only the rows typed on the device."""

    base_version: int
    rows: dict[int, dict[str, Any] | None]
    deliberate: bool = False
    changed: bool = True  # the app stored something (the script's answer says; a form's not)
    result_version: int | None = None  # the version the script's answer names
    sequence: int = 0  # the order of the answers on this sheet


@dataclass
class SheetPlan:
    """A sheet in use: its link, its twelve games, and who enters which."""

    pk: int
    token: str
    parties: int
    games: dict[int, dict[str, Any]]
    shared: bool
    accepted: list[SaveRecord] = field(default_factory=list)
    refused: list[SaveRecord] = field(default_factory=list)
    answers: int = 0
    first_loaded: threading.Event = field(default_factory=threading.Event)
    first_saved: threading.Event = field(default_factory=threading.Event)
    second_done: threading.Event = field(default_factory=threading.Event)
    lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def link(self) -> str:
        return f"/zettel/{self.token}/"

    def record(self, save: SaveRecord, *, accepted: bool) -> None:
        with self.lock:
            self.answers += 1
            save.sequence = self.answers
            (self.accepted if accepted else self.refused).append(save)


@dataclass
class Texts:
    conflict: str  # the app's refusal of a stale save, in German (as its JSON answer has it)
    other_device: str  # the label of what the other device saved

    @property
    def conflict_html(self) -> str:
        return html.escape(self.conflict)

    @property
    def other_device_html(self) -> str:
        return html.escape(self.other_device)


@dataclass
class Device:
    """One scorekeeper's phone: ``solo`` (own sheet), ``first``/``second`` (a shared sheet).

    The course of the games is the same for both clients; what opening the page, typing a game
    and saving do is the client's: ``FormDevice`` (no JavaScript) or ``ScriptDevice`` (sheet.js).
    """

    sheet: SheetPlan
    role: str
    numbers: list[int]
    rng: random.Random
    think: float
    start_delay: float
    browser: Browser
    texts: Texts
    conflicts: int = 0
    deliberate_refused: int = 0
    poll: float = 0.0  # seconds between the open page's version checks (0: none)
    next_check: float = 0.0

    def pause(self) -> None:
        """The scorekeeper types; meanwhile the open page asks its version check on time."""
        end = time.monotonic() + self.think * self.rng.uniform(0.5, 1.5)
        while self.poll and self.next_check and self.next_check <= end:
            self.browser.recorder.sleep(max(0.0, self.next_check - time.monotonic()))
            self.next_check += self.poll
            self.check()
        self.browser.recorder.sleep(max(0.0, end - time.monotonic()))

    def check(self) -> None:
        """The page's version check (the script client's, see ``ScriptDevice``)."""

    def chunks(self) -> Iterator[list[int]]:
        """The device's games in a few saves: one to four games each."""
        numbers = list(self.numbers)
        while numbers:
            size = self.rng.choice((1, 2, 3, 4))
            yield numbers[:size]
            numbers = numbers[size:]

    def open(self) -> None:
        """Open the sheet's link."""
        raise NotImplementedError

    def type_games(self, numbers: list[int]) -> None:
        """Type these games, each after a pause, with the points preview of each."""
        raise NotImplementedError

    def save(self, numbers: list[int], action: str) -> None:
        """Save the games typed (``action`` save or submit); on a conflict save them again."""
        raise NotImplementedError

    def stale_save(self, correction: dict[str, Any]) -> None:
        """The second device's save on its stale page, with a changed game 1: must be refused;
        afterwards the device holds the current version and its own games only."""
        raise NotImplementedError

    def run(self) -> None:
        self.browser.recorder.sleep(self.start_delay)
        if self.role == "second":
            self.run_second()
            return
        self.open()
        chunks = list(self.chunks())
        for index, numbers in enumerate(chunks):
            self.type_games(numbers)
            last = index == len(chunks) - 1
            if self.role == "first" and index == 0:
                # the second device must hold the page from before this save
                self.wait(self.sheet.first_loaded, "the second device's first page")
            if self.role == "first" and last:
                self.wait(self.sheet.second_done, "the second device's games")
            self.save(numbers, "submit" if last else "save")
            if self.role == "first":
                self.sheet.first_saved.set()

    def run_second(self) -> None:
        """Load the sheet, let the first device save, then save on the stale page."""
        self.open()
        self.sheet.first_loaded.set()
        self.wait(self.sheet.first_saved, "the first device's first save")
        self.type_games(self.numbers)
        correction = dict(self.sheet.games[1])
        correction["bid"] += 10  # "game 1 was different": must not overwrite the stored one
        self.stale_save(correction)
        self.save(self.numbers, "save")
        self.sheet.second_done.set()

    def wait(self, event: threading.Event, what: str) -> None:
        if not event.wait(timeout=max(0.0, self.browser.deadline - time.monotonic())):
            raise TimeoutError(f"sheet {self.sheet.pk}: waited in vain for {what}")

    def __call__(self) -> None:
        try:
            self.run()
        except Aborted:
            pass
        except Exception as error:  # reported, and the other devices carry on
            if not self.browser.recorder.abort.is_set():
                self.browser.recorder.error(
                    f"{self.role} device of sheet {self.sheet.pk}: {error}"
                )
        finally:  # never leave the partner device waiting
            self.sheet.first_loaded.set()
            if self.role == "first":
                self.sheet.first_saved.set()
            if self.role == "second":
                self.sheet.second_done.set()


@dataclass
class FormDevice(Device):
    """The page as a plain form (no JavaScript): every save posts the whole form, the answer is
    a redirect and the page is loaded again; a conflict answers a page (409), the device loads
    the sheet again and saves its games once more."""

    form: SheetForm | None = None

    def open(self) -> None:
        self.form = self.browser.page(self.sheet.link)

    def type_games(self, numbers: list[int]) -> None:
        assert self.form is not None
        for number in numbers:
            self.pause()
            self.browser.preview(self.form, number, self.sheet.games[number], self.sheet.link)

    def post(self, fields: dict[str, str], action: str) -> Response:
        data = {**fields, "action": action}
        return self.browser.request("save", self.sheet.link, data, Referer=self.browser.base
                                    + self.sheet.link)

    def record(self, form: SheetForm, fields: dict[str, str], *, accepted: bool,
               deliberate: bool = False) -> None:
        rows = {
            number: row_values(fields, number, form.parties)
            for number in range(1, len(self.sheet.games) + 1)
        }
        self.sheet.record(SaveRecord(form.version, rows, deliberate), accepted=accepted)

    def is_conflict(self, response: Response) -> bool:
        return response.status == 409 and self.texts.conflict_html in response.body

    def save(self, numbers: list[int], action: str) -> None:
        """Save these games; on a conflict reload the page and save them again."""
        assert self.form is not None
        form = self.form
        games = {number: self.sheet.games[number] for number in numbers}
        for _attempt in range(MAX_ATTEMPTS):
            fields = form.with_games(games)
            response = self.post(fields, action)
            if response.status == 302:
                self.record(form, fields, accepted=True)
                self.form = self.browser.page(urllib.parse.urlsplit(response.location).path)
                return
            if self.is_conflict(response):
                self.record(form, fields, accepted=False)
                self.conflicts += 1
                if not self.sheet.shared:
                    self.browser.recorder.error(f"conflict on unshared sheet {self.sheet.pk}")
                form = self.form = self.browser.page(self.sheet.link)  # reload, type again
                continue
            raise RuntimeError(
                f"save of games {numbers} on sheet {self.sheet.pk} answered {response.status}"
            )
        raise RuntimeError(f"sheet {self.sheet.pk}: games {numbers} refused {MAX_ATTEMPTS} times")

    def stale_save(self, correction: dict[str, Any]) -> None:
        assert self.form is not None
        stale = self.form
        games = {1: correction, **{n: self.sheet.games[n] for n in self.numbers}}
        fields = stale.with_games(games)
        response = self.post(fields, "save")
        if self.is_conflict(response):
            self.record(stale, fields, accepted=False, deliberate=True)
            self.conflicts += 1
            self.deliberate_refused += 1
            if self.texts.other_device_html not in response.body:
                self.browser.recorder.error("conflict page without the other device's games")
        else:
            self.browser.recorder.error(
                f"stale save on sheet {self.sheet.pk} was not refused: HTTP {response.status}"
            )
            if response.status == 302:
                self.record(stale, fields, accepted=True, deliberate=True)
        self.form = self.browser.page(self.sheet.link)  # reload: the fresh version


def norm(name: str, value: str | None) -> str:
    """A field as the server reads it (sheet.js ``norm``): an empty meld or trick field is 0."""
    value = (value or "").strip()
    if value == "" and re.fullmatch(r"(meld|tricks)\d+", name):
        return "0"
    return str(int(value)) if value.isdigit() else value


def same(values: dict[str, str], stored: dict[str, str]) -> bool:
    """sheet.js ``same``: does a row as typed hold what the server stores (``{}``: no game)?
    An empty row holds no game; dealer and kind alone do not make one."""
    blank = not any(ENTRY.fullmatch(name) and (value or "").strip()
                    for name, value in values.items())
    if not stored:
        return blank
    return not blank and all(
        name == "bid_ok" or norm(name, values.get(name)) == norm(name, stored.get(name))
        for name in {*values, *stored}
    )


@dataclass
class ScriptDevice(Device):
    """The page with its script (sheet.js): saves in the background with only the rows typed
    here and the version the page shows, never a reload; every answer is the whole sheet,
    which the page follows. A refusal as stale names the other device's games; the
    scorekeeper saves again."""

    form: SheetForm | None = None  # the page's inputs as they stand (typing changes them)
    held: int = 0  # the form's version input, kept up to date from the answers
    stored: dict[int, dict[str, str]] = field(default_factory=dict)  # each row's data-stored
    drafts: dict[int, dict[str, str]] = field(default_factory=dict)  # rows typed, not stored
    typed: dict[int, dict[str, Any]] = field(default_factory=dict)  # the games typed per row

    def open(self) -> None:
        self.form = self.browser.page(self.sheet.link)
        self.held = self.form.version
        self.stored = dict(self.form.stored)
        if self.poll and self.form.check_url:  # the first check a random part of a period on
            self.next_check = time.monotonic() + self.poll * self.rng.uniform(0.0, 1.0)

    def check(self) -> None:
        """changes.js: the version check; when the version moved, the sheet's state, which the
        page follows. The second device of a shared sheet keeps its page as it is (its save
        must be refused as stale)."""
        assert self.form is not None
        answer = self.browser.request("check", self.form.check_url,
                                      Accept="application/json").json()
        if not isinstance(answer, dict):
            self.browser.recorder.error(f"version check of sheet {self.sheet.pk}: not JSON")
            return
        if int(answer.get("version", -1)) <= self.held:
            return
        state = self.browser.request(
            "state", f"{self.form.state_url}?version={self.held}", Accept="application/json"
        ).json()
        if not isinstance(state, dict) or "rows" not in state:
            self.browser.recorder.error(f"state of sheet {self.sheet.pk}: not the sheet's state")
        elif self.role != "second":
            self.follow(state)

    def type_row(self, number: int, game: dict[str, Any]) -> None:
        assert self.form is not None
        self.form.fields.update(game_fields(number, game, self.form.parties))
        self.typed[number] = game
        self.remember(number)

    def type_games(self, numbers: list[int]) -> None:
        assert self.form is not None
        for number in numbers:
            self.pause()
            self.type_row(number, self.sheet.games[number])
            self.browser.preview(self.form, number, self.sheet.games[number], self.sheet.link)

    def remember(self, number: int) -> None:
        """sheet.js ``remember``: a row that does not hold what the server stores is a
        draft."""
        assert self.form is not None
        values = self.form.row(number)
        if same(values, self.stored.get(number, {})):
            self.drafts.pop(number, None)
        else:
            self.drafts[number] = values

    def follow(self, answer: dict[str, Any]) -> dict[int, dict[str, Any]]:
        """sheet.js ``follow``: the version and every row's stored inputs from the answer;
        drafts the server now holds are none any more. Returns the answer's rows."""
        assert self.form is not None
        rows = {int(number): row for number, row in answer["rows"].items()}
        self.held = int(answer["version"])
        self.stored = {number: (row.get("stored") or {}) for number, row in rows.items()}
        for number, stored in self.stored.items():
            if number in self.drafts and same(self.drafts[number], stored):
                del self.drafts[number]
            if number not in self.drafts:  # the inputs show what the server holds
                for name in self.form.row(number):
                    blank = "played" if name == "kind" else ""
                    if stored or ENTRY.fullmatch(name) or name in ("kind", "bid_ok"):
                        self.form.fields[f"g{number}-{name}"] = stored.get(name, blank)
        return rows

    def send(self, action: str, *, deliberate: bool = False) -> tuple[str, dict[str, Any]]:
        """One press of a save button: sheet.js ``submitted`` and ``send``. Returns
        ("accepted" or "stale", the answer); anything else raises."""
        assert self.form is not None
        form = self.form
        for number in range(1, len(self.sheet.games) + 1):
            self.remember(number)  # cards.forEach(remember)
        if not form.save_url:
            self.browser.recorder.give_up(
                "the app's sheet page has no save address (data-save-url): it has no "
                "background save of this kind. Test it with --client form, or with the "
                "bench/load.py of its own checkout."
            )
            raise Aborted()
        sent_version = self.held
        data = [
            ("csrfmiddlewaretoken", form.csrf),
            ("sheet", form.sheet),
            ("version", str(sent_version)),
            ("save_id", secrets.token_hex(12)),
            ("action", action),
        ]
        sent: dict[int, dict[str, str]] = {}
        for number in sorted(self.drafts):
            values = dict(self.drafts[number])
            sent[number] = values
            data += [
                (f"g{number}-{name}", value)
                for name, value in values.items()
                if name != "bid_ok" or value == "1"
            ]
        response = self.browser.request(
            "save", form.save_url, data,
            X_CSRFToken=form.csrf, Accept="application/json",
            Referer=self.browser.base + self.sheet.link,
        )
        answer = response.json()
        where = f"save of games {sorted(sent)} on sheet {self.sheet.pk}"
        if not isinstance(answer, dict):
            raise RuntimeError(
                f"{where} answered HTTP {response.status} "
                f"{response.content_type or 'without a content type'}, not JSON"
            )
        rows = {
            number: row_values(
                {f"g{number}-{name}": value for name, value in values.items()},
                number, form.parties,
            )
            for number, values in sent.items()
        }
        if answer.get("outcome") == "saved":
            if response.status != 200:
                self.browser.recorder.error(f"{where}: save answered with HTTP {response.status}")
            self.accepted(answer, action, sent, sent_version, rows, deliberate)
            return "accepted", answer
        if answer.get("outcome") == "stale":
            if response.status != 409:
                self.browser.recorder.error(f"{where}: conflict with HTTP {response.status}")
            self.refused_stale(answer, sent_version, rows, deliberate)
            return "stale", answer
        raise RuntimeError(
            f"{where} answered HTTP {response.status}, {answer.get('outcome')}: "
            f"{answer.get('message')}"
        )

    def accepted(
        self,
        answer: dict[str, Any],
        action: str,
        sent: dict[int, dict[str, str]],
        sent_version: int,
        rows: dict[int, dict[str, Any] | None],
        deliberate: bool,
    ) -> None:
        """Record the save, check the answer, and follow the sheet as sheet.js does."""
        from scoring.rules import score_hand

        error = self.browser.recorder.error
        where = f"save of games {sorted(sent)} on sheet {self.sheet.pk}"
        try:
            version = int(answer["version"])
            answer_rows = {int(number): row for number, row in answer["rows"].items()}
            invalid = {int(number) for number in answer["errors"]}
        except (KeyError, TypeError, ValueError, AttributeError) as problem:
            raise RuntimeError(f"{where}: answer not understood ({problem!r}): {answer}") from None
        saved = {number: values for number, values in rows.items() if number not in invalid}
        changed = bool(saved)  # the device sends only rows the sheet does not hold
        self.sheet.record(
            SaveRecord(sent_version, saved, deliberate, changed=changed,
                       result_version=version),
            accepted=True,
        )
        if answer.get("ok") is not True or answer.get("problems") or invalid:
            error(f"{where}: problems {answer.get('problems')}, errors {answer.get('errors')}")
        # a save moves the version on by one, handing in by one more
        expected = sent_version + (1 if changed else 0) + (1 if action == "submit" else 0)
        if version != expected:
            error(f"{where} on version {sent_version} answered version {version}, "
                  f"not {expected}")
        if set(answer_rows) != set(range(1, len(self.sheet.games) + 1)):
            error(f"{where}: the answer names rows {sorted(answer_rows)}, not the whole sheet")
        for number, values in sent.items():
            row = answer_rows.get(number)
            if number in invalid:
                continue
            if not isinstance(row, dict):
                error(f"{where}: the answer has no row {number}")
                continue
            if not same(values, row.get("stored") or {}):
                error(f"{where}: game {number} stored as {row.get('stored')}, typed {values}")
            game = self.typed.get(number)
            if game is not None and row.get("points") != list(score_hand(**game)):
                error(f"{where}: game {number} points {row.get('points')}")
        self.follow(answer)
        status = "submitted" if action == "submit" else "in_progress"
        if not invalid and answer.get("status") != status:
            error(f"{where} ({action}): status {answer.get('status')!r}, not {status!r}")
        if self.role == "solo" and not invalid:  # this device knows the whole sheet
            missing = [n for n in range(1, len(self.sheet.games) + 1) if not self.stored.get(n)]
            if answer.get("missing") != missing:
                error(f"{where}: missing {answer.get('missing')}; expected {missing}")

    def refused_stale(
        self,
        answer: dict[str, Any],
        sent_version: int,
        rows: dict[int, dict[str, Any] | None],
        deliberate: bool,
    ) -> tuple[dict[int, str], dict[int, dict[str, str]]]:
        """Record the refusal, check it, and follow the sheet as sheet.js does: the other
        device's games are shown beside the typed ones, which stay drafts."""
        self.sheet.record(SaveRecord(sent_version, rows, deliberate), accepted=False)
        self.conflicts += 1
        where = f"conflict on sheet {self.sheet.pk}"
        try:
            version = int(answer["version"])
            current = {int(number): text for number, text in answer["conflicts"].items()}
            stored = {number: row.get("stored") or {}
                      for number, row in self.follow(answer).items()}
        except (KeyError, TypeError, ValueError, AttributeError) as problem:
            raise RuntimeError(f"{where}: answer not understood ({problem!r}): {answer}") from None
        if answer.get("message") != self.texts.conflict:
            self.browser.recorder.error(f"{where}: message {answer.get('message')!r}")
        if version == sent_version or not set(current) <= set(stored):
            self.browser.recorder.error(f"{where} of version {sent_version}: {answer}")
        return current, stored

    def save(self, numbers: list[int], action: str) -> None:
        """Save the rows typed; refused as stale, the scorekeeper saves again."""
        for _attempt in range(MAX_ATTEMPTS):
            outcome, _answer = self.send(action)
            if outcome == "accepted":
                return
            if not self.sheet.shared:
                self.browser.recorder.error(f"conflict on unshared sheet {self.sheet.pk}")
        raise RuntimeError(f"sheet {self.sheet.pk}: games {numbers} refused {MAX_ATTEMPTS} times")

    def stale_save(self, correction: dict[str, Any]) -> None:
        assert self.form is not None
        self.type_row(1, correction)  # typed over game 1 (no preview, as the form client)
        outcome, answer = self.send("save", deliberate=True)
        if outcome != "stale":
            self.browser.recorder.error(
                f"stale save on sheet {self.sheet.pk} was not refused: HTTP 200"
            )
            return
        self.deliberate_refused += 1
        first = self.sheet.games[1]
        text = answer["conflicts"].get("1")
        stored = (answer["rows"].get("1") or {}).get("stored")
        want = {k[3:]: v for k, v in game_fields(1, first, self.form.parties).items()}
        if (
            not isinstance(text, str)
            or str(first["bid"]) not in text
            or not isinstance(stored, dict)
            or any((stored.get(name) or "") != value for name, value in want.items())
        ):
            self.browser.recorder.error(
                f"sheet {self.sheet.pk}: the conflict answer does not show the other device's "
                f"game 1: current {text!r}, stored {stored}, the first device saved {want}"
            )
        # the scorekeeper compares and keeps the other device's game 1: row 1 as stored again
        names = list(self.form.row(1))
        self.form.fields.update({f"g1-{name}": (stored or {}).get(name) or "" for name in names})
        self.typed.pop(1, None)
        self.remember(1)


# --------------------------------------------------------------------------------------------
# Server, database, event
# --------------------------------------------------------------------------------------------


def process_tree_cpu(pid: int) -> float | None:
    """CPU seconds (user + system) used so far by a process and its children (Linux /proc)."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0.0
    pending = [pid]
    try:
        while pending:
            current = pending.pop()
            stat = Path(f"/proc/{current}/stat").read_text()
            fields = stat[stat.rindex(")") + 2 :].split()
            total += (int(fields[11]) + int(fields[12])) / ticks  # utime, stime
            children = Path(f"/proc/{current}/task/{current}/children").read_text().split()
            pending.extend(int(child) for child in children)
    except (OSError, ValueError, IndexError):
        return None
    return total


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return sock.getsockname()[1]


def database_url(server_url: str, name: str) -> str:
    parts = urllib.parse.urlsplit(server_url)
    return urllib.parse.urlunsplit(parts._replace(path=f"/{name}"))


def wait_until_up(base: str, process: subprocess.Popen, seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the server exited with status {process.returncode}")
        try:
            with urllib.request.urlopen(base + "/", timeout=2) as answer:
                if answer.status == 200:
                    return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError("the server did not answer within 30 s")


def stop(process: subprocess.Popen | None) -> None:
    """Stop the server (gunicorn: its master, which stops its workers), forcefully if it takes
    too long."""
    if process is None or process.poll() is not None:
        return
    process.terminate()
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=10)


def field_for(scorekeepers: int, shared: int) -> tuple[int, int]:
    """Singles and pairs for enough round-1 tables, about a tenth to spare (100 → 270, 30)."""
    tables = math.ceil((scorekeepers - shared) * 1.1)
    pairs_tables = max(1, round(tables / 7))
    return 3 * (tables - pairs_tables), 2 * pairs_tables


def bench_club(event_model: Any) -> dict[str, Any]:
    """The club of a bench's event, as ``Event.objects.create`` takes it: a club of its own
    where the app's events belong to clubs; nothing for a checkout from before clubs."""
    if not any(field.name == "club" for field in event_model._meta.fields):
        return {}
    from clubs.models import Club

    return {"club": Club.objects.get_or_create(slug="bench", defaults={"name": "Bench"})[0]}


def build_event(singles: int, pairs: int, seed: int) -> Any:
    from django.db import connection

    from tournament.members import members_of
    from tournament.models import Event
    from tournament.services import generate_plan, register_entry, release_round

    event = Event.objects.create(
        name="Benefizbinokel Lasttest", slug=f"last-{os.getpid()}", date="2026-11-21",
        **bench_club(Event),
    )
    for number in range(singles):
        register_entry(event=event, members=members_of(f"Einzel {number + 1}"))
    for number in range(pairs):
        register_entry(
            event=event, members=members_of(f"Paar {number + 1} A", f"Paar {number + 1} B")
        )
    generate_plan(event=event, seed=seed)
    release_round(round=event.rounds.get(number=1), released=True)
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")  # as autovacuum would after the bulk writes
    return event


def round_one_sheets(event: Any) -> list[tuple[int, str, int]]:
    """(pk, token, parties) of every sheet of round 1, in table order."""
    from scoring.models import ScoreSheet
    from tournament.models import Table

    return [
        (sheet.pk, sheet.token, 2 if sheet.table.kind == Table.Kind.TWO_PAIRS
         else sheet.table.seat_count)
        for sheet in ScoreSheet.objects.filter(table__round__event=event, table__round__number=1)
        .select_related("table")
        .order_by("table__number")
    ]


def warm_up(base: str, sheets: list[tuple[int, str, int]], count: int) -> int:
    """Let every worker load its templates and translations once (not counted)."""
    recorder = Recorder()
    paths = [f"/zettel/{token}/" for _pk, token, _parties in sheets] or ["/"]

    def visit(index: int) -> None:
        browser = Browser(base, recorder, time.monotonic() + 60)
        browser.request("page", paths[index % len(paths)])
        browser.request("page", "/")

    threads = [threading.Thread(target=visit, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return len(recorder.samples)


# --------------------------------------------------------------------------------------------
# Check and report
# --------------------------------------------------------------------------------------------


def check_database(
    plans: list[SheetPlan], spare: list[int], games_per_round: int
) -> tuple[list[str], Counter]:
    """What the database holds against what was accepted: the problems found, and counts."""
    from scoring.models import Game, ScoreSheet
    from scoring.rules import score_hand
    from scoring.services import sheet_games, sheet_parties

    problems: list[str] = []
    expected_numbers = list(range(1, games_per_round + 1))
    stats: Counter = Counter()
    for plan in plans:
        sheet = ScoreSheet.objects.select_related("table__round__event").get(pk=plan.pk)
        parties = sheet_parties(sheet)
        numbers = list(Game.objects.filter(sheet=sheet).values_list("number", flat=True))
        if sorted(numbers) != expected_numbers:
            problems.append(f"sheet {plan.pk}: games {sorted(numbers)} instead of 1..12 once")
        party_rows = Counter(
            Game.objects.filter(sheet=sheet).values_list("scores__entry_id", flat=True)
        )
        if set(party_rows) != {p.pk for p in parties} or set(party_rows.values()) != {
            len(numbers)
        }:
            problems.append(f"sheet {plan.pk}: party rows incomplete: {dict(party_rows)}")
        stored = sheet_games(sheet, parties)
        for number, values in stored.items():
            inputs = {k: values[k] for k in ("bid", "declarer", "melds", "tricks", "kind",
                                             "revoked")}
            if tuple(values["points"]) != score_hand(**inputs):
                problems.append(f"sheet {plan.pk} game {number}: points {values['points']}")
        stats["games"] += len(numbers)
        # the accepted saves in version order: per row, the last one that carried the row is
        # what must be stored (the form client's saves carry every row, the script's only the
        # rows typed); saves that changed nothing may share a version with one that did
        versions = [save.base_version for save in plan.accepted if save.changed]
        if len(set(versions)) != len(versions):
            problems.append(f"sheet {plan.pk}: two accepted saves on one version {versions}")
        if not plan.accepted:
            problems.append(f"sheet {plan.pk}: no save accepted")
            continue
        ordered = sorted(plan.accepted, key=lambda save: (save.base_version, save.sequence))
        wanted: dict[int, dict[str, Any] | None] = {}
        for save in ordered:
            wanted.update(save.rows)
            stats["saved rows"] += len(save.rows)
        for number in expected_numbers:
            want = wanted.get(number)
            have = stored.get(number)
            if have is not None:
                have = {k: v for k, v in have.items() if k != "points"}
            if want != have:
                problems.append(f"sheet {plan.pk} game {number}: stored {have}, saved {want}")
        for refused in plan.refused:
            for number, values in refused.rows.items():
                if values == wanted.get(number):
                    continue
                stats["refused rows"] += 1
                stats["refused deletions" if values is None else "refused overwrites"] += 1
                have = stored.get(number)
                if have is not None:
                    have = {k: v for k, v in have.items() if k != "points"}
                if have == values:
                    problems.append(f"sheet {plan.pk} game {number}: a refused save got through")
        held = ordered[-1].result_version  # the script's page after its last save
        if held is not None:
            stats["pages after the last save"] += 1
            if held != sheet.version:
                stats["pages behind"] += 1
                stats[f"behind by {sheet.version - held}"] += 1
        if sheet.status != ScoreSheet.Status.SUBMITTED:
            problems.append(f"sheet {plan.pk}: status {sheet.status}, not handed in")
        else:
            stats["handed in"] += 1
    if Game.objects.filter(sheet_id__in=spare).exists():
        problems.append("a spare sheet holds games")
    return problems, stats


def percentile(sorted_values: list[float], share: float) -> float:
    if not sorted_values:
        return float("nan")
    index = min(len(sorted_values) - 1, max(0, math.ceil(share * len(sorted_values)) - 1))
    return sorted_values[index]


def server_times(samples: list[Sample]) -> list[float]:
    """The app's own times (Server-Timing) of these requests in ms, sorted."""
    return sorted(sample.server_ms for sample in samples if sample.server_ms is not None)


def latency_line(label: str, samples: list[Sample]) -> str:
    """Client latency and, beside it, the app's own time of one kind of request."""
    times = sorted(sample.seconds * 1000 for sample in samples)
    if not times:
        return f"  {label:<8} 0 requests"
    line = (
        f"  {label:<8} {len(times):>5} requests  p50 {percentile(times, 0.5):6.1f} ms  "
        f"p95 {percentile(times, 0.95):6.1f} ms  max {times[-1]:6.1f} ms"
    )
    server = server_times(samples)
    if not server:
        return line + "  | server: no Server-Timing"
    line += (
        f"  | server p50 {percentile(server, 0.5):6.1f} ms  "
        f"p95 {percentile(server, 0.95):6.1f} ms"
    )
    return line + (f" ({len(server)} timed)" if len(server) < len(times) else "")


# --------------------------------------------------------------------------------------------
# The run's pieces, shared with bench/two_servers.py
# --------------------------------------------------------------------------------------------


def app_environment(database: str, **extra: str) -> dict[str, str]:
    """The environment of the app's processes (migrate, gunicorn, this script's Django): the
    database, a throwaway key, the loopback host; no DEBUG; only errors in the app's log (the
    expected conflict refusals would be warnings on every shared sheet)."""
    env = {
        **os.environ,
        "DATABASE_URL": database,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": HOST,
        "LOG_LEVEL": "ERROR",
        # whitenoise warns that STATIC_ROOT (made by collectstatic) is missing: not news here
        "PYTHONWARNINGS": "ignore:No directory at",
        **extra,
    }
    env.pop("DEBUG", None)
    return env


class ThrowawayDatabase:
    """A PostgreSQL database of the run's own on ``server_url``, dropped by ``drop`` (unless
    kept), with the connection to the server that made it."""

    def __init__(self, server_url: str, name: str, *, replace: bool = False) -> None:
        import psycopg

        self.server_url = server_url
        self.name = name
        self.admin = psycopg.connect(server_url, autocommit=True)
        self.server_version = self.admin.info.server_version
        if replace:  # a fixed name: one left over from an earlier run goes first
            self.admin.execute(f'DROP DATABASE IF EXISTS "{name}"{self._force}')
        self.admin.execute(f'CREATE DATABASE "{name}"')

    @property
    def _force(self) -> str:
        return " WITH (FORCE)" if self.server_version >= 130000 else ""

    @property
    def url(self) -> str:
        return database_url(self.server_url, self.name)

    def drop(self, *, keep: bool) -> None:
        """Close this process's connections to it (Django's, if set up), then drop it."""
        try:
            from django.db import connections

            connections.close_all()
        except Exception:  # Django may not be set up yet
            pass
        import psycopg

        if keep:
            print(f"Database kept: {self.url}")
        else:
            if self.admin.closed or self.admin.broken:  # e.g. PostgreSQL restarted meanwhile
                self.admin = psycopg.connect(self.server_url, autocommit=True)
            try:
                self.admin.execute(f'DROP DATABASE IF EXISTS "{self.name}"{self._force}')
            except psycopg.OperationalError:  # ended by a restart: once more, anew
                self.admin = psycopg.connect(self.server_url, autocommit=True)
                self.admin.execute(f'DROP DATABASE IF EXISTS "{self.name}"{self._force}')
        self.admin.close()


class ThrowawaySQLite:
    """An SQLite file of the run's own (``--database-url sqlite``), in the run's work folder."""

    def __init__(self, folder: Path, name: str) -> None:
        self.name = name
        self.path = folder / f"{name}.sqlite3"
        self.server_version = None

    @property
    def url(self) -> str:
        return f"sqlite:///{self.path}"

    def drop(self, *, keep: bool) -> None:
        try:
            from django.db import connections

            connections.close_all()
        except Exception:  # Django may not be set up yet
            pass
        if keep:
            kept = Path(tempfile.gettempdir()) / self.path.name
            shutil.copy(self.path, kept)
            print(f"Database kept: sqlite:///{kept}")


def describe_database(database: ThrowawayDatabase | ThrowawaySQLite) -> str:
    version = database.server_version
    if version is None:
        return f"SQLite database {database.name}"
    return f"PostgreSQL {version // 10000}.{version % 10000} database {database.name}"


def set_up_app(app_dir: Path, env: dict[str, str]) -> float:
    """Take the app's environment into this process, migrate the app's database and set Django
    up here (for building the event and checking it); returns the seconds the migration took."""
    os.environ.update(env)
    os.environ.pop("DEBUG", None)
    started = time.perf_counter()
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"],
        cwd=app_dir, env=env, check=True,
    )
    migrated = time.perf_counter() - started
    import warnings

    import django

    # whitenoise warns that STATIC_ROOT (made by collectstatic) is missing: not news here
    warnings.filterwarnings("ignore", message="No directory at")
    django.setup()
    return migrated


def conflict_texts() -> Texts:
    """The app's German wording of a refused stale save (Django must be set up)."""
    from django.utils import translation
    from django.utils.translation import gettext

    with translation.override("de"):
        return Texts(
            conflict=gettext(
                "Someone else saved this score sheet in the meantime. Your entries have not "
                "been saved; they are still in the form. Compare them with what was saved "
                "and save again."
            ),
            other_device=gettext("Saved on the other device:"),
        )


def sheet_plans(
    sheets: list[tuple[int, str, int]], needed: int, shared: int, count: int, rng: random.Random
) -> list[SheetPlan]:
    """The first ``needed`` sheets with random games; the first ``shared`` on two devices."""
    from scoring.simulate import random_game

    return [
        SheetPlan(
            pk=pk, token=token, parties=parties, shared=index < shared,
            games={n: random_game(parties, rng) for n in range(1, count + 1)},
        )
        for index, (pk, token, parties) in enumerate(sheets[:needed])
    ]


def start_gunicorn(
    app_dir: Path, env: dict[str, str], port: int, workers: int, threads: int, error_log: Path
) -> subprocess.Popen:
    """gunicorn on 127.0.0.1:``port`` with the app's settings and the Server-Timing middleware
    (bench/load_settings.py); its error log (and the app's, on stderr) into ``error_log``."""
    server_env = {
        **env,
        "DJANGO_SETTINGS_MODULE": "load_settings",
        "PYTHONPATH": os.pathsep.join(
            [str(BENCH), str(app_dir), *filter(None, [os.environ.get("PYTHONPATH")])]
        ),
    }
    with error_log.open("ab") as log:
        return subprocess.Popen(
            [
                str(ROOT / ".venv" / "bin" / "gunicorn")
                if (ROOT / ".venv" / "bin" / "gunicorn").exists()
                else shutil.which("gunicorn") or "gunicorn",
                "config.wsgi",
                "--bind", f"{HOST}:{port}",
                "--workers", str(workers),
                "--threads", str(threads),
                "--timeout", "60",
                "--graceful-timeout", "10",
                "--error-logfile", str(error_log),
                "--log-level", "warning",
            ],
            cwd=app_dir, env=server_env, stdin=subprocess.DEVNULL, stderr=log,
        )


def start_hall_server(
    app_dir: Path, env: dict[str, str], port: int, threads: int, error_log: Path
) -> subprocess.Popen:
    """The hall's server (``manage.py serve``, waitress) on 127.0.0.1:``port`` with the app's
    settings and the Server-Timing middleware; its log into ``error_log``."""
    server_env = {
        **env,
        "DJANGO_SETTINGS_MODULE": "load_settings",
        "PYTHONPATH": os.pathsep.join(
            [str(BENCH), str(app_dir), *filter(None, [os.environ.get("PYTHONPATH")])]
        ),
    }
    with error_log.open("ab") as log:
        return subprocess.Popen(
            [sys.executable, "manage.py", "serve", f"{HOST}:{port}", "--threads", str(threads)],
            cwd=app_dir, env=server_env, stdin=subprocess.DEVNULL, stdout=log, stderr=log,
        )


MAX_SLOW_CLIENTS = 2000
CLIENT_FILES = 600
"""Open files the client needs besides its slow connections: the scorekeepers' connections,
the log, the database check."""


def open_files_for_slow_clients(count: int) -> None:
    """Raise this process's limit of open files, up to the hard limit, so that ``count`` slow
    connections and the scorekeepers' fit; exits when they cannot."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = count + CLIENT_FILES
    if soft != resource.RLIM_INFINITY and soft < wanted:
        if hard != resource.RLIM_INFINITY and hard < wanted:
            sys.exit(f"--slow-clients {count} needs {wanted} open files; ulimit -Hn is {hard}")
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))


class SlowClients:
    """``count`` connections that send a request's headers a byte at a time and never finish
    them (one byte on each every ``interval`` seconds, from one thread)."""

    def __init__(self, port: int, count: int, interval: float) -> None:
        self.port, self.count, self.interval = port, count, interval
        self.sockets: list[socket.socket] = []
        self.dropped = 0  # connections the server closed
        self.stopped = threading.Event()
        self.thread = threading.Thread(target=self.dribble, daemon=True)

    def start(self) -> None:
        open_files_for_slow_clients(self.count)
        for _ in range(self.count):
            sock = socket.create_connection((HOST, self.port), timeout=5)
            try:
                sock.sendall(
                    f"POST /zettel/slow/ HTTP/1.1\r\nHost: {HOST}\r\nX-Slow: ".encode()
                )
            except OSError:  # the server closed it at once (it sheds slow connections)
                sock.close()
                self.dropped += 1
                continue
            self.sockets.append(sock)
        self.thread.start()

    def dribble(self) -> None:
        while not self.stopped.wait(self.interval):
            for sock in list(self.sockets):
                try:
                    sock.send(b"x")
                except OSError:
                    self.sockets.remove(sock)
                    self.dropped += 1

    def stop(self) -> None:
        self.stopped.set()
        if self.thread.is_alive():
            self.thread.join(timeout=10)
        for sock in self.sockets:
            sock.close()


def save_flow(samples: list[Sample]) -> str:
    """How the saves flowed, from the first answered (2xx) save to the last: the fewest and the
    median answered in each 10 s, and the longest time between two."""
    done = sorted(s.started + s.seconds for s in samples if s.kind == "save" and s.status < 300)
    if len(done) < 2:
        return f"{len(done)} saves answered"
    windows = max(1, math.floor((done[-1] - done[0]) / 10))
    counts = [0] * windows
    for moment in done:
        counts[min(windows - 1, int((moment - done[0]) // 10))] += 1
    gap = max(b - a for a, b in itertools.pairwise(done))
    return (f"{len(done)} saves answered; from the first to the last, per 10 s: fewest "
            f"{min(counts)}, median {statistics.median(counts):g}; longest time between two "
            f"answered saves {gap:.1f} s")


def scorekeepers(
    plans: list[SheetPlan], client: str, seed: int, think: float, ramp: float, count: int,
    texts: Texts, browser: Any, poll: float = 0.0,
) -> list[Device]:
    """One device per sheet, two per shared sheet; ``browser(index, role)`` gives each its own
    Browser (and so its server)."""
    device_class = ScriptDevice if client == "script" else FormDevice
    devices: list[Device] = []
    for index, plan in enumerate(plans):
        numbers = list(range(1, count + 1))
        roles = [("solo", numbers)]
        if plan.shared:
            split = count - SECOND_DEVICE_GAMES
            roles = [("first", numbers[:split]), ("second", numbers[split:])]
        for role, own in roles:
            device_rng = random.Random(f"{seed}-{index}-{role}")
            devices.append(device_class(
                sheet=plan, role=role, numbers=own, rng=device_rng, think=think,
                start_delay=device_rng.uniform(0, ramp),
                browser=browser(index, role), texts=texts, poll=poll,
            ))
    return devices


def run_all(devices: list[Device], deadline: float, recorder: Recorder) -> float:
    """Every device in a thread of its own until done or the deadline; returns the start."""
    threads = [threading.Thread(target=device, daemon=True) for device in devices]
    load_started = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=max(0.0, deadline - time.monotonic()) + REQUEST_TIMEOUT)
    hanging = sum(thread.is_alive() for thread in threads)
    if hanging:
        recorder.error(f"{hanging} scorekeepers still busy at the time limit")
    return load_started


# --------------------------------------------------------------------------------------------


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--scorekeepers", type=int, default=100, help="simulated devices")
    parser.add_argument(
        "--database-url",
        default="postgres://postgres@127.0.0.1:5432/postgres",
        help="PostgreSQL server (and a database to connect to there); the script creates "
        "binokel_load_<pid> on it; 'sqlite': a throwaway SQLite file instead",
    )
    parser.add_argument(
        "--server", choices=("hall", "gunicorn"), default="hall",
        help="hall: manage.py serve (waitress), as the README runs the hall; gunicorn: "
        "--workers x --threads",
    )
    parser.add_argument(
        "--hall-threads", type=int, default=8, help="the hall's server's threads (default 8)"
    )
    parser.add_argument(
        "--slow-clients", type=int, default=0, metavar="K",
        help="connections that send their headers a byte at a time all through the run",
    )
    parser.add_argument(
        "--slow-interval", type=float, default=1.0,
        help="seconds between two bytes of a slow connection (default 1)",
    )
    parser.add_argument("--keep", action="store_true", help="keep the database at the end")
    parser.add_argument("--workers", type=int, default=4, help="gunicorn worker processes")
    parser.add_argument("--threads", type=int, default=2, help="threads per gunicorn worker")
    parser.add_argument(
        "--shared", type=int, default=None,
        help="sheets kept on two devices (default: one per 20 scorekeepers)",
    )
    parser.add_argument("--think", type=float, default=5.0, help="seconds per game typed (mean)")
    parser.add_argument("--ramp", type=float, default=60.0, help="seconds over which they start")
    parser.add_argument(
        "--poll", type=float, default=30.0,
        help="seconds between an open page's version checks (script client; 0: none)",
    )
    parser.add_argument("--time-limit", type=float, default=300.0, help="seconds for the run")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument(
        "--client", choices=("script", "form"), default="script",
        help="script: the page's JavaScript (background JSON saves of the typed rows, no "
        "reload); form: the page without it (whole form posted, redirect, page reload)",
    )
    parser.add_argument(
        "--app-dir", type=Path, default=ROOT, metavar="PATH",
        help="the checkout of the app to run (gunicorn, migrate, event), e.g. an older commit "
        "extracted with git archive; this checkout's venv runs it (default: this checkout)",
    )
    args = parser.parse_args()
    app_dir = args.app_dir.resolve()
    if not (app_dir / "manage.py").is_file() or not (app_dir / "tournament").is_dir():
        parser.error(f"--app-dir {app_dir} holds no checkout of the app (manage.py, tournament/)")
    if not 1 <= args.scorekeepers <= 500:
        parser.error("--scorekeepers must be between 1 and 500")
    sqlite = args.database_url == "sqlite"
    if not sqlite and not urllib.parse.urlsplit(args.database_url).scheme.startswith("postgres"):
        parser.error("--database-url must name a PostgreSQL server, or be 'sqlite'")
    if not 0 <= args.slow_clients <= MAX_SLOW_CLIENTS:
        parser.error(f"--slow-clients must be between 0 and {MAX_SLOW_CLIENTS}")
    shared = args.shared if args.shared is not None else (
        max(1, args.scorekeepers // 20) if args.scorekeepers >= 2 else 0
    )
    if not 0 <= 2 * shared <= args.scorekeepers:
        parser.error("--shared needs two scorekeepers per shared sheet")

    sys.path.insert(0, str(app_dir))  # the app's code for Django setup and the checks
    workdir = tempfile.TemporaryDirectory(prefix="binokel-load-")
    database: ThrowawayDatabase | ThrowawaySQLite = (
        ThrowawaySQLite(Path(workdir.name), f"binokel_load_{os.getpid()}") if sqlite
        else ThrowawayDatabase(args.database_url, f"binokel_load_{os.getpid()}")
    )
    server: subprocess.Popen | None = None
    slow: SlowClients | None = None
    error_log = Path(workdir.name) / "server.log"
    status = 1
    try:
        env = app_environment(database.url)
        migrated = set_up_app(app_dir, env)
        from django.db import connections

        texts = conflict_texts()

        singles, pairs = field_for(args.scorekeepers, shared)
        started = time.perf_counter()
        event = build_event(singles, pairs, args.seed)
        built = time.perf_counter() - started
        sheets = round_one_sheets(event)
        needed = args.scorekeepers - shared
        if len(sheets) < needed:
            raise SystemExit(f"only {len(sheets)} tables for {needed} sheets")
        rng = random.Random(args.seed)
        rng.shuffle(sheets)
        count = event.games_per_round
        plans = sheet_plans(sheets, needed, shared, count, rng)
        spare = sheets[needed:]
        connections.close_all()

        port = free_port()
        base = f"http://{HOST}:{port}"
        load_average = os.getloadavg()
        if args.server == "hall":
            server = start_hall_server(app_dir, env, port, args.hall_threads, error_log)
            server_label = f"the hall's (manage.py serve, waitress) {args.hall_threads} threads"
            threads = args.hall_threads
        else:
            server = start_gunicorn(app_dir, env, port, args.workers, args.threads, error_log)
            server_label = f"gunicorn {args.workers} workers x {args.threads} threads"
            threads = args.workers * args.threads
        wait_until_up(base, server)
        warmed = warm_up(base, spare, 2 * threads)
        if args.slow_clients:
            slow = SlowClients(port, args.slow_clients, args.slow_interval)
            slow.start()

        recorder = Recorder()
        deadline = time.monotonic() + args.time_limit
        self_before = resource.getrusage(resource.RUSAGE_SELF)
        server_before = process_tree_cpu(server.pid)
        devices = scorekeepers(
            plans, args.client, args.seed, args.think, args.ramp, count, texts,
            lambda _index, _role: Browser(base, recorder, deadline),
            poll=args.poll if args.client == "script" else 0.0,
        )
        load_started = run_all(devices, deadline, recorder)
        self_after = resource.getrusage(resource.RUSAGE_SELF)
        server_after = process_tree_cpu(server.pid)
        slow_open = len(slow.sockets) if slow is not None else 0
        if slow is not None:
            slow.stop()
        stop(server)
        log = error_log.read_text(errors="replace") if error_log.exists() else ""

        def cpu(before: Any, after: Any) -> float:
            return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)

        server_cpu = (
            server_after - server_before
            if server_before is not None and server_after is not None
            else float("nan")
        )
        client_cpu = cpu(self_before, self_after)

        if recorder.unfit:
            print(f"Load test of score entry, client {args.client}, app in {app_dir}: STOPPED")
            print(f"  {recorder.unfit}")
            print(f"  ({len(recorder.samples)} requests before it stopped; no figures and no "
                  "database check)")
            status = 2
            return status
        problems, stats = check_database(plans, [pk for pk, _t, _p in spare], count)

        samples = list(recorder.samples)
        if samples:
            first = min(s.started for s in samples)
            last = max(s.started + s.seconds for s in samples)
        else:
            first = last = load_started
        span = max(last - first, 1e-9)
        conflicts = sum(device.conflicts for device in devices)
        deliberate = sum(device.deliberate_refused for device in devices)
        # HTTP errors: failed connections, and every status outside 2xx/3xx except the
        # conflict refusals the devices recognised (by status 409 and the app's message)
        http_errors = sum(s.status == 0 or s.status >= 400 for s in samples) - conflicts
        errors = http_errors + len(recorder.errors)
        statuses = Counter(s.status for s in samples)
        times = sorted(s.seconds * 1000 for s in samples)
        p95 = percentile(times, 0.95)
        server_rows = server_times(samples)
        accepted_saves = sum(len(p.accepted) for p in plans)
        refused_saves = sum(len(p.refused) for p in plans)

        print(f"Load test of score entry: {args.scorekeepers} scorekeepers on {len(plans)} "
              f"sheets ({len(plans) - shared} own, {shared} shared by two devices), "
              f"{len(spare)} sheets spare")
        print(f"Event: {singles} singles, {pairs} pairs -> round 1 with {len(sheets)} tables; "
              f"{count} games per sheet; random games from scoring.simulate (seed {args.seed})")
        print(f"Server: {server_label} on {HOST}:{port}; {describe_database(database)}; "
              f"{os.cpu_count()} CPU cores shared with this client")
        print(f"App: {app_dir}, run by {sys.executable}; server time from the Server-Timing "
              "header of bench/server_timing.py (outermost middleware, bench/load_settings.py)")
        print(f"Setup: migrate {migrated:.1f} s, event and plan {built:.1f} s, warm-up "
              f"{warmed} requests (not counted); load average before the run "
              f"{load_average[0]:.2f} (other work on this machine competes for the cores)")
        print(f"Pace: {args.think:.1f} s per game typed (mean), starts spread over "
              f"{args.ramp:.0f} s, a save every 1-4 games, last save hands the sheet in")
        if args.client == "script":
            print("Client: script (the page's JavaScript): a points preview per game, saves in "
                  "the background as JSON with only the rows typed, the answer's version taken, "
                  "no page reload; where the app has one, the open page's version check every "
                  f"{args.poll:g} s, the state when the version moved")
        else:
            print("Client: form (the page without JavaScript): a points preview per game, "
                  "saves post the whole form, then the redirect's page load")
        print(f"Requests: {len(samples)} in {span:.1f} s = {len(samples) / span:.1f} requests/s "
              f"(statuses: {', '.join(f'{k}: {v}' for k, v in sorted(statuses.items()))})")
        print(f"CPU during the run: server {server_cpu:.1f} s "
              f"({server_cpu / max(len(samples), 1) * 1000:.1f} ms per request), this client "
              f"{client_cpu:.1f} s" + ("" if sqlite else ", PostgreSQL not measured"))
        flow = save_flow(samples)
        if slow is not None:
            print(f"Slow clients: {args.slow_clients} connections sending their headers a byte "
                  f"every {args.slow_interval:g} s all through the run ({slow_open} still open "
                  f"at its end, {args.slow_clients - slow_open} closed by the server); {flow}")
        else:
            print(f"Save flow: {flow}")
        print(f"Errors: {errors} ({http_errors} HTTP errors or failed connections, "
              f"{len(recorder.errors)} other problems of the scorekeepers)")
        for message in recorder.errors[:20]:
            print(f"  - {message}")
        print(f"Saves: {accepted_saves} accepted carrying {stats['saved rows']} rows "
              f"({stats['saved rows'] / max(accepted_saves, 1):.1f} per save), "
              f"{refused_saves} refused")
        retry = (
            "each followed by taking the answer's version (the other device's games shown) "
            "and a successful save again" if args.client == "script"
            else "each followed by a reload and a successful retry"
        )
        print(f"Conflict refusals (HTTP 409 with the app's conflict message, expected): "
              f"{conflicts} ({deliberate} of {shared} deliberate stale saves refused, "
              f"{conflicts - deliberate} follow-on refusals of the other device), {retry}")
        print(f"Latency: p50 {percentile(times, 0.5):.1f} ms, p95 {p95:.1f} ms, "
              f"p99 {percentile(times, 0.99):.1f} ms, max {times[-1] if times else 0:.1f} ms; "
              f"mean {statistics.fmean(times) if times else 0:.1f} ms")
        if server_rows:
            rows = server_rows
            print(f"Server time (the app's own, Server-Timing app;dur): p50 "
                  f"{percentile(rows, 0.5):.1f} ms, p95 {percentile(rows, 0.95):.1f} ms, "
                  f"p99 {percentile(rows, 0.99):.1f} ms, max {rows[-1]:.1f} ms; mean "
                  f"{statistics.fmean(rows):.1f} ms; {len(rows)} of {len(samples)} timed")
        else:
            print("Server time: no answer carried a Server-Timing header")
        print("Per kind: client latency | server time")
        for kind in KINDS:
            print(latency_line(kind, [s for s in samples if s.kind == kind]))
        print(latency_line("all", samples))
        print(f"Database check: {stats['games']} games on {len(plans)} sheets "
              f"(expected {len(plans) * count}); every sheet games 1..{count} exactly once, "
              "one party row per party, points = score_hand(stored inputs), values = those of "
              f"the last accepted save carrying the row; {stats['handed in']} of {len(plans)} "
              "sheets handed in; "
              f"{len(spare)} spare sheets empty")
        print(f"  refused saves: {sum(len(p.refused) for p in plans)}; rows they would have "
              f"changed: {stats['refused rows']} ({stats['refused deletions']} deletions, "
              f"{stats['refused overwrites']} overwrites), none of them in the database")
        if problems:
            print(f"  PROBLEMS ({len(problems)}):")
            for problem in problems[:30]:
                print(f"  - {problem}")
        else:
            print("  result: ok, no game lost, duplicated or overwritten")
        if stats["pages after the last save"]:
            behind = ", ".join(
                f"{key.removeprefix('behind by ')}: {value}" for key, value in sorted(stats.items())
                if key.startswith("behind by ")
            )
            print(f"  version the page holds after its last save (from the JSON answer) against "
                  f"the sheet's: {stats['pages behind']} of {stats['pages after the last save']} "
                  f"pages behind{f' (by {behind})' if behind else ''}; a page behind has its "
                  "next save refused as stale (not counted as a problem here)")
        if log.strip():
            print("Server's error log:")
            print("\n".join("  " + line for line in log.strip().splitlines()[-15:]))
        verdicts = [
            ("0 errors", errors == 0),
            ("0 lost games", not problems),
            (f"p95 of all requests {p95:.0f} ms <= {BUDGET_P95_MS} ms", p95 <= BUDGET_P95_MS),
        ]
        print("Targets: " + ", ".join(f"{label} {'met' if ok else 'MISSED'}"
                                      for label, ok in verdicts))
        status = 0 if errors == 0 and not problems else 1
    finally:
        if slow is not None:
            slow.stop()
        stop(server)
        database.drop(keep=args.keep)
        workdir.cleanup()
    return status


if __name__ == "__main__":
    sys.exit(main())
