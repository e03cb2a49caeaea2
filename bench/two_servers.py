"""Two app servers, one PostgreSQL, one Redis: score entry spread over both, as hosted.

Run from the repository root (PostgreSQL and Redis must answer on the servers given, by default
127.0.0.1:5432 with trust authentication and 127.0.0.1:6379):

    .venv/bin/python bench/two_servers.py [--scorekeepers 100] [--workers 2] [--threads 2]
                                          [--database-url postgres://postgres@127.0.0.1:5432/postgres]
                                          [--redis-url redis://127.0.0.1:6379/3]
                                          [--think 5] [--ramp 60] [--keep]

What it does, with the pieces of ``bench/load.py`` (its scorekeepers, event, gunicorn, checks):

1. creates the database ``binokel_bench2`` on that server (dropping one left over from an
   earlier run), migrates it and builds the event of ``load.py`` (270 singles and 30 pairs for
   100 scorekeepers, round 1 released) and an organiser account;
2. starts two gunicorns (``--workers`` x ``--threads`` each) on two free loopback ports, both
   with ``DATABASE_URL`` of that database and ``REDIS_URL``: the cache in Redis, sessions and
   the login throttle in the database, shared by both, as a hosted setup runs them (README,
   "Deployment");
3. lets the scorekeepers of ``load.py --client script`` loose, spread over the two servers:
   sheet i's device talks to server i mod 2; the second device of a shared sheet talks to the
   other server, so the stale save it must be refused (HTTP 409) crosses servers. Meanwhile an
   organiser logs in on server A through the login form and then opens the round's score
   sheet overview every few seconds, on B and A in turn: both must show it (HTTP 200), i.e.
   the session written by A is read by B;
4. stops both servers and checks the database as ``load.py`` does (every sheet games 1..12
   exactly once, points by the rules, each row as the last accepted save carrying it: no game
   lost, duplicated or overwritten), counts the sessions and the throttle's records in the
   database and the cache's keys in Redis, and
   prints errors, the database check and the client's latency p95 per server and overall (and
   the app's own time from Server-Timing); drops the database (unless ``--keep``) and deletes
   the app's keys (``binokel:*``) from that Redis database (by default number 3, so that a
   Redis in use elsewhere keeps its data). gunicorn is stopped in every case.

Exit status 1 when errors occurred or the database check failed.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import secrets
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import load  # bench/load.py, beside this file
from load import (
    HOST,
    ROOT,
    Browser,
    Recorder,
    Sample,
    ThrowawayDatabase,
    app_environment,
    build_event,
    check_database,
    conflict_texts,
    field_for,
    free_port,
    percentile,
    round_one_sheets,
    server_times,
    set_up_app,
    sheet_plans,
    start_gunicorn,
    stop,
    wait_until_up,
    warm_up,
)

DATABASE = "binokel_bench2"
SERVERS = ("A", "B")
ORGANISER = "bench-orga"
CSRF_FIELD = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
KEY_PREFIX = "binokel:"  # config.settings: the cache's KEY_PREFIX


def throttle_records() -> int:
    """The login throttle's counts in the database (django-axes' database handler)."""
    from axes.models import AccessAttempt

    return AccessAttempt.objects.count()


def log_in(browser: Browser, password: str, overview: str) -> load.Response:
    """The login form of ``browser``'s server, sent with this password."""
    form = browser.request("organiser", "/anmelden/")
    token = CSRF_FIELD.search(form.body)
    if form.status != 200 or token is None:
        raise RuntimeError(f"the login page answered HTTP {form.status}")
    return browser.request(
        "organiser", "/anmelden/",
        {"csrfmiddlewaretoken": token.group(1), "username": ORGANISER, "password": password,
         "next": overview},
        Referer=browser.base + "/anmelden/",
    )


def organiser(
    bases: list[str], recorders: list[Recorder], deadline: float, password: str,
    overview: str, done: threading.Event, interval: float, seen: Counter,
) -> None:
    """Mistype the password on server B, log in on server A (the throttle's count, kept in the
    database, is cleared by it), then open the sheet overview on B and A in turn until
    ``done``."""
    from django.db import connections

    a = Browser(bases[0], recorders[0], deadline)
    browsers = [a, Browser(bases[1], recorders[1], deadline, cookies=a.cookies)]
    try:
        typo = log_in(browsers[1], password + "x", overview)
        if typo.status != 200:
            recorders[1].error(f"organiser: a wrong password on B answered HTTP {typo.status}")
        seen["throttle records after the typo on B"] = throttle_records()
        answer = log_in(a, password, overview)
        if answer.status != 302 or "/anmelden/" in answer.location:
            recorders[0].error(f"organiser: login on server A answered HTTP {answer.status}")
            return
        seen["throttle records after the login on A"] = throttle_records()
        turn = 1  # B first: the session was written by A
        while not done.wait(interval):
            index = turn % 2
            page = browsers[index].request("organiser", overview)
            if page.status == 200:
                seen[SERVERS[index]] += 1
            else:
                where = f" to {page.location}" if page.location else ""
                recorders[index].error(
                    f"organiser: the overview on server {SERVERS[index]} answered HTTP "
                    f"{page.status}{where} (the session not shared?)"
                )
            turn += 1
    except Exception as error:  # reported; the scorekeepers carry on
        recorders[0].error(f"organiser: {error}")
    finally:
        connections.close_all()  # this thread's, before the database is dropped


def latency(samples: list[Sample]) -> str:
    times = sorted(sample.seconds * 1000 for sample in samples)
    server = server_times(samples)
    if not times:
        return "0 requests"
    return (
        f"{len(times):>5} requests  p50 {percentile(times, 0.5):6.1f} ms  "
        f"p95 {percentile(times, 0.95):6.1f} ms  max {times[-1]:6.1f} ms  | server p50 "
        f"{percentile(server, 0.5):6.1f} ms  p95 {percentile(server, 0.95):6.1f} ms"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--scorekeepers", type=int, default=100, help="simulated devices")
    parser.add_argument("--database-url", default="postgres://postgres@127.0.0.1:5432/postgres",
                        help=f"PostgreSQL server; the script creates {DATABASE} on it")
    parser.add_argument("--redis-url", default="redis://127.0.0.1:6379/3",
                        help="Redis database shared by both servers (its binokel:* keys are "
                        "deleted at the end)")
    parser.add_argument("--keep", action="store_true", help="keep the database at the end")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers per server")
    parser.add_argument("--threads", type=int, default=2, help="threads per gunicorn worker")
    parser.add_argument("--think", type=float, default=5.0, help="seconds per game typed (mean)")
    parser.add_argument("--ramp", type=float, default=60.0, help="seconds over which they start")
    parser.add_argument("--time-limit", type=float, default=300.0, help="seconds for the run")
    parser.add_argument("--organiser-interval", type=float, default=3.0,
                        help="seconds between the organiser's page views")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    if not 2 <= args.scorekeepers <= 500:
        parser.error("--scorekeepers must be between 2 and 500")
    shared = max(1, args.scorekeepers // 20)

    import redis

    try:
        redis.Redis.from_url(args.redis_url, socket_connect_timeout=2).ping()
    except redis.RedisError as error:
        raise SystemExit(f"no Redis answers at {args.redis_url}: {error}") from error
    sys.path.insert(0, str(ROOT))
    database = ThrowawayDatabase(args.database_url, DATABASE, replace=True)
    servers: list[Any] = [None, None]
    workdir = tempfile.TemporaryDirectory(prefix="binokel-two-")
    logs = [Path(workdir.name) / f"gunicorn-{name}.log" for name in SERVERS]
    status = 1
    try:
        env = app_environment(database.url, REDIS_URL=args.redis_url)
        set_up_app(ROOT, env)
        from django.contrib.auth import get_user_model
        from django.db import connections

        texts = conflict_texts()
        singles, pairs = field_for(args.scorekeepers, shared)
        event = build_event(singles, pairs, args.seed)
        password = secrets.token_urlsafe(16)
        get_user_model().objects.create_superuser(ORGANISER, password=password)
        sheets = round_one_sheets(event)
        needed = args.scorekeepers - shared
        rng = random.Random(args.seed)
        rng.shuffle(sheets)
        count = event.games_per_round
        plans = sheet_plans(sheets, needed, shared, count, rng)
        spare = sheets[needed:]
        overview = f"/turnier/{event.slug}/zettel/1/"
        connections.close_all()

        ports = [free_port(), free_port()]
        while ports[1] == ports[0]:
            ports[1] = free_port()
        bases = [f"http://{HOST}:{port}" for port in ports]
        for index in range(2):
            servers[index] = start_gunicorn(
                ROOT, env, ports[index], args.workers, args.threads, logs[index]
            )
        for index in range(2):
            wait_until_up(bases[index], servers[index])
            warm_up(bases[index], spare, 2 * args.workers * args.threads)

        recorders = [Recorder(), Recorder()]
        deadline = time.monotonic() + args.time_limit

        def browser(index: int, role: str) -> Browser:
            server = (index + (role == "second")) % 2
            return Browser(bases[server], recorders[server], deadline)

        devices = load.scorekeepers(
            plans, "script", args.seed, args.think, args.ramp, count, texts, browser
        )
        done = threading.Event()
        seen: Counter = Counter()
        desk = threading.Thread(
            target=organiser, daemon=True,
            args=(bases, recorders, deadline, password, overview, done,
                  args.organiser_interval, seen),
        )
        desk.start()
        load.run_all(devices, deadline, recorders[0])
        done.set()
        desk.join(timeout=load.REQUEST_TIMEOUT)
        for server in servers:
            stop(server)
        problems, stats = check_database(plans, [pk for pk, _t, _p in spare], count)
        from django.contrib.sessions.models import Session

        from scoring.models import Game

        games = Game.objects.filter(sheet__table__round__event=event).count()
        sessions = Session.objects.count()
        keys = redis.Redis.from_url(args.redis_url)
        cache_keys = sum(1 for _key in keys.scan_iter(f"{KEY_PREFIX}*"))

        conflicts = sum(device.conflicts for device in devices)
        deliberate = sum(device.deliberate_refused for device in devices)
        per_server = [list(recorder.samples) for recorder in recorders]
        every = [sample for samples in per_server for sample in samples]
        http_errors = sum(s.status == 0 or s.status >= 400 for s in every) - conflicts
        other = [message for recorder in recorders for message in recorder.errors]
        errors = http_errors + len(other)
        statuses = Counter(s.status for s in every)

        print(f"Two app servers: {args.scorekeepers} scorekeepers on {len(plans)} sheets "
              f"({len(plans) - shared} own, {shared} shared by two devices on different "
              f"servers), one organiser on both")
        print(f"Servers: A {bases[0]}, B {bases[1]}: gunicorn {args.workers} workers x "
              f"{args.threads} threads each; PostgreSQL "
              f"{database.server_version // 10000}.{database.server_version % 10000} "
              f"database {DATABASE}; Redis "
              f"{args.redis_url}; {os.cpu_count()} CPU cores shared with this client")
        print(f"Pace: {args.think:.1f} s per game typed (mean), starts spread over "
              f"{args.ramp:.0f} s; client script (background JSON saves)")
        print(f"Requests: {len(every)} (statuses: "
              f"{', '.join(f'{k}: {v}' for k, v in sorted(statuses.items()))})")
        print(f"Errors: {errors} ({http_errors} HTTP errors or failed connections, "
              f"{len(other)} other problems)")
        for message in other[:20]:
            print(f"  - {message}")
        print(f"Conflict refusals (409, expected): {conflicts} ({deliberate} of {shared} "
              "deliberate stale saves across servers refused)")
        print(f"Organiser: logged in on A, the sheet overview shown {seen['B']} times on B and "
              f"{seen['A']} times on A (session in the database, shared)")
        print(f"Database: {sessions} session(s) at the end; login throttle records: "
              f"{seen['throttle records after the typo on B']} after a wrong password on B, "
              f"{seen['throttle records after the login on A']} after the right one on A; "
              f"Redis: {cache_keys} cache key(s)")
        print("Latency (client) | server time (Server-Timing), per server and overall:")
        for name, samples in zip(SERVERS, per_server, strict=True):
            print(f"  server {name}  {latency(samples)}")
        print(f"  overall   {latency(every)}")
        times = sorted(s.seconds * 1000 for s in every)
        print(f"Database check: {games} games in the event, {stats['games']} on the "
              f"{len(plans)} sheets in use (expected {len(plans) * count}); "
              f"{stats['handed in']} of {len(plans)} sheets handed in")
        if problems:
            print(f"  PROBLEMS ({len(problems)}):")
            for problem in problems[:30]:
                print(f"  - {problem}")
        else:
            print("  result: ok, no game lost, duplicated or overwritten")
        for name, log in zip(SERVERS, logs, strict=True):
            text = log.read_text(errors="replace").strip() if log.exists() else ""
            if text:
                print(f"gunicorn {name} error log:")
                print("\n".join("  " + line for line in text.splitlines()[-15:]))
        ok = errors == 0 and not problems and games == len(plans) * count
        print(f"Result: {'ok' if ok else 'FAILED'}: {errors} errors, "
              f"{len(problems)} database problems, p95 A "
              f"{percentile(sorted(s.seconds * 1000 for s in per_server[0]), 0.95):.1f} ms, "
              f"B {percentile(sorted(s.seconds * 1000 for s in per_server[1]), 0.95):.1f} ms, "
              f"overall {percentile(times, 0.95):.1f} ms")
        status = 0 if ok else 1
    finally:
        for server in servers:
            stop(server)
        database.drop(keep=args.keep)
        try:
            keys = redis.Redis.from_url(args.redis_url)
            for key in keys.scan_iter(f"{KEY_PREFIX}*"):
                keys.delete(key)
        except redis.RedisError:
            pass
        workdir.cleanup()
    return status


if __name__ == "__main__":
    sys.exit(main())
