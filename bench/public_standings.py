"""Many phones on the public standings at once, while scorekeepers keep saving: through gunicorn.

Run from the repository root (PostgreSQL must answer on the server given, by default
127.0.0.1:5432 with trust authentication):

    .venv/bin/python bench/public_standings.py [--phones 300] [--window 30]
                                               [--singles 600] [--pairs 100]
                                               [--scorekeepers 40] [--think 2] [--ramp 5]
                                               [--workers 4] [--threads 2] [--keep]
                                               [--database-url postgres://postgres@127.0.0.1:5432/postgres]

What it does, with the pieces of ``bench/load.py`` (its event, gunicorn, scorekeepers, checks):

1. creates its own throwaway database ``binokel_standings_<pid>``, migrates it and builds the
   event: 600 singles and 100 pairs by default (``register_entry``, ``generate_plan``), round 1
   played with random games and confirmed (``scoring.demo.fill_random_games``), round 2
   released, the standings public;
2. starts the app under gunicorn on 127.0.0.1 (every request goes to that loopback address)
   with the Server-Timing middleware of ``load.py`` and warms it up (not counted);
3. lets loose at once, each in threads of its own:

   - the scorekeepers of ``load.py --client script`` on the first ``--scorekeepers`` tables of
     round 2 (twelve games each, background JSON saves, the last save hands the sheet in);
   - the desk: every second it confirms the sheets handed in (``confirm_sheet``, in this
     process, on the same database) and notes, for each confirmation, when its commit was done
     and the results stamp (``Event.results_changed_at``) it wrote;
   - ``--phones`` phones, each starting at a random moment within ``--window`` seconds (after
     the scorekeepers' ramp): a phone opens the public standings (page, and its stylesheet as a
     browser does the first time), then, one to three seconds later, the page of a random entry
     (its games), as a player looking up themselves would. Bounded: one thread per phone, one
     request at a time;

4. stops gunicorn and checks: every standings page a phone asked for after a confirmation's
   commit shows a results stamp (its ``<time datetime>`` "Letzte Änderung") at least as new as
   that confirmation's (a page from the cache before the change would show an older one); the
   scorekeepers' sheets hold every game exactly as last saved (``load.check_database``; a sheet
   may be confirmed by the desk instead of only handed in);
5. prints requests, errors, stale pages, latency percentiles of the phones' requests per kind
   and overall, the app's own time (Server-Timing), and a line of targets: phones' p95 at most
   200 ms, 0 errors, 0 stale pages. Drops the database (unless ``--keep``); gunicorn is stopped
   in every case.

The client runs on the same machine as the server and takes some of its CPU. A script that
prints figures, not a timed test; exit status 1 when errors occurred, a page was stale or the
database check failed.
"""

from __future__ import annotations

import argparse
import datetime
import os
import random
import re
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

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
    free_port,
    latency_line,
    percentile,
    server_times,
    set_up_app,
    sheet_plans,
    start_gunicorn,
    stop,
    wait_until_up,
)

STAMP = re.compile(r'<p class="last-change">[^<]*<time datetime="([^"]+)"')
TARGET_P95_MS = 200.0
CONFIRMED_NOT_SUBMITTED = "status confirmed, not handed in"


def prepare_event(singles: int, pairs: int, seed: int) -> Any:
    """The event of ``load.build_event`` with round 1 played and confirmed, round 2 released
    and the standings public."""
    from scoring.demo import fill_random_games
    from scoring.services import update_standings_settings
    from tournament.models import Event
    from tournament.services import release_round

    event = build_event(singles, pairs, seed)
    fill_random_games(event=event, rounds=[1], seed=seed, confirm=True)
    release_round(round=event.rounds.get(number=2), released=True)
    event = Event.objects.get(pk=event.pk)
    update_standings_settings(
        event=event, tie_breaks=[], count_unconfirmed=False, public_standings=True
    )
    return Event.objects.get(pk=event.pk)


def round_sheets(event: Any, number: int) -> list[tuple[int, str, int]]:
    """(pk, token, parties) of every sheet of a round, in table order."""
    from scoring.models import ScoreSheet
    from tournament.models import Table

    return [
        (sheet.pk, sheet.token, 2 if sheet.table.kind == Table.Kind.TWO_PAIRS
         else sheet.table.seat_count)
        for sheet in ScoreSheet.objects.filter(
            table__round__event=event, table__round__number=number
        ).select_related("table").order_by("table__number")
    ]


class Desk:
    """Confirms the sheets handed in, every second, and keeps (commit done, stamp) of each."""

    def __init__(self, event_id: int, stop_at: float, recorder: Recorder) -> None:
        self.event_id = event_id
        self.stop_at = stop_at
        self.recorder = recorder
        self.confirmed: list[tuple[float, datetime.datetime]] = []
        self.done = threading.Event()

    def __call__(self) -> None:
        from django.db import connection, transaction

        from scoring.models import ScoreSheet
        from scoring.services import confirm_sheet
        from tournament.models import Event

        try:
            while time.monotonic() < self.stop_at and not self.done.is_set():
                handed_in = ScoreSheet.objects.filter(
                    table__round__event_id=self.event_id, status=ScoreSheet.Status.SUBMITTED
                ).select_related("table__round__event")
                for sheet in handed_in:
                    with transaction.atomic():
                        confirm_sheet(sheet=sheet, user=None)
                        stamp = Event.objects.values_list(
                            "results_changed_at", flat=True
                        ).get(pk=self.event_id)
                    # committed: from now on every page must show this stamp or a newer one
                    self.confirmed.append((time.perf_counter(), stamp))
                self.done.wait(1.0)
        except Exception as error:  # reported; the run goes on
            self.recorder.error(f"desk: {error!r}")
        finally:
            connection.close()


class Phone:
    """One player's phone: the public standings, then the page of an entry."""

    def __init__(
        self, browser: Browser, slug: str, numbers: list[int], start_delay: float,
        rng: random.Random, pages: list[tuple[float, str]],
    ) -> None:
        self.browser = browser
        self.slug = slug
        self.numbers = numbers
        self.start_delay = start_delay
        self.rng = rng
        self.pages = pages  # (request started, page stamp) of every standings page

    def __call__(self) -> None:
        recorder = self.browser.recorder
        try:
            recorder.sleep(self.start_delay)
            started = time.perf_counter()
            response = self.browser.request("standings", f"/rangliste/{self.slug}/")
            if response.status != 200:
                recorder.error(f"standings: HTTP {response.status}")
                return
            match = STAMP.search(response.body)
            if match is None:
                recorder.error("standings page without its 'last change' stamp")
            else:
                with recorder.lock:
                    self.pages.append((started, match.group(1)))
            for css in re.findall(r'<link rel="stylesheet" href="([^"]+)"', response.body):
                if self.browser.request("static", css).status != 200:
                    recorder.error(f"static {css} failed")
            recorder.sleep(self.rng.uniform(1.0, 3.0))
            number = self.rng.choice(self.numbers)
            entry = self.browser.request("entry", f"/rangliste/{self.slug}/{number}/")
            if entry.status != 200:
                recorder.error(f"entry page {number}: HTTP {entry.status}")
        except load.Aborted:
            return
        except Exception as error:  # every failure is counted
            recorder.error(f"phone: {error!r}")


def stale_pages(
    pages: list[tuple[float, str]], confirmed: list[tuple[float, datetime.datetime]]
) -> int:
    """Pages asked for after a confirmation's commit that show an older results stamp."""
    stale = 0
    ordered = sorted(confirmed)
    for started, shown in pages:
        before = [stamp for done, stamp in ordered if done < started]
        if before and datetime.datetime.fromisoformat(shown) < before[-1].replace(
            microsecond=0
        ):
            stale += 1
    return stale


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--phones", type=int, default=300)
    parser.add_argument("--window", type=float, default=30.0, help="seconds the phones start in")
    parser.add_argument("--singles", type=int, default=600)
    parser.add_argument("--pairs", type=int, default=100)
    parser.add_argument("--scorekeepers", type=int, default=40, help="tables of round 2 played")
    parser.add_argument("--think", type=float, default=2.0, help="seconds per game typed (mean)")
    parser.add_argument("--ramp", type=float, default=5.0, help="seconds the scorekeepers start in")
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--time-limit", type=float, default=240.0)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--keep", action="store_true", help="keep the database at the end")
    parser.add_argument(
        "--database-url", default="postgres://postgres@127.0.0.1:5432/postgres",
        help="PostgreSQL server; the script creates binokel_standings_<pid> on it",
    )
    args = parser.parse_args()
    if not 1 <= args.phones <= 1000:
        parser.error("--phones must be between 1 and 1000")

    sys.path.insert(0, str(ROOT))
    database = ThrowawayDatabase(args.database_url, f"binokel_standings_{os.getpid()}")
    gunicorn: subprocess.Popen | None = None
    workdir = tempfile.TemporaryDirectory(prefix="binokel-standings-")
    error_log = Path(workdir.name) / "gunicorn.log"
    status = 1
    try:
        env = app_environment(database.url)
        set_up_app(ROOT, env)
        from django.db import connections

        texts = conflict_texts()
        started = time.perf_counter()
        event = prepare_event(args.singles, args.pairs, args.seed)
        built = time.perf_counter() - started
        numbers = list(event.entries.values_list("start_number", flat=True))
        sheets = round_sheets(event, 2)
        if len(sheets) < args.scorekeepers:
            raise SystemExit(f"only {len(sheets)} tables in round 2")
        rng = random.Random(args.seed)
        count = event.games_per_round
        plans = sheet_plans(sheets, args.scorekeepers, 0, count, rng)
        spare = sheets[args.scorekeepers:]
        connections.close_all()

        port = free_port()
        base = f"http://{HOST}:{port}"
        gunicorn = start_gunicorn(ROOT, env, port, args.workers, args.threads, error_log)
        wait_until_up(base, gunicorn)
        warm = Recorder()
        for index in range(2 * args.workers * args.threads):
            Browser(base, warm, time.monotonic() + 60).request(
                "warm", f"/rangliste/{event.slug}/" if index % 2 else f"/zettel/{spare[0][1]}/"
            )

        recorder = Recorder()  # the scorekeepers' requests
        phones_recorder = Recorder()  # the phones' requests
        deadline = time.monotonic() + args.time_limit
        load_average = os.getloadavg()
        devices = load.scorekeepers(
            plans, "script", args.seed, args.think, args.ramp, count, texts,
            lambda _index, _role: Browser(base, recorder, deadline),
        )
        desk = Desk(event.pk, deadline, recorder)
        pages: list[tuple[float, str]] = []
        phones = [
            Phone(
                Browser(base, phones_recorder, deadline), event.slug, numbers,
                args.ramp + rng.uniform(0, args.window), random.Random(f"{args.seed}-{i}"),
                pages,
            )
            for i in range(args.phones)
        ]
        desk_thread = threading.Thread(target=desk, daemon=True)
        scorekeeping = threading.Thread(
            target=load.run_all, args=(devices, deadline, recorder), daemon=True
        )
        phone_threads = [threading.Thread(target=phone, daemon=True) for phone in phones]
        desk_thread.start()
        scorekeeping.start()
        for thread in phone_threads:
            thread.start()
        for thread in phone_threads:
            thread.join(timeout=max(0.0, deadline - time.monotonic()) + load.REQUEST_TIMEOUT)
        scorekeeping.join(timeout=max(0.0, deadline - time.monotonic()) + load.REQUEST_TIMEOUT)
        time.sleep(2.0)  # the desk confirms the last sheets handed in
        desk.done.set()
        desk_thread.join(timeout=30)
        stop(gunicorn)
        log = error_log.read_text(errors="replace") if error_log.exists() else ""

        problems, stats = check_database(plans, [pk for pk, _t, _p in spare], count)
        problems = [p for p in problems if not p.endswith(CONFIRMED_NOT_SUBMITTED)]
        stale = stale_pages(pages, desk.confirmed)

        samples: list[Sample] = list(phones_recorder.samples)
        keeper_samples: list[Sample] = list(recorder.samples)
        http_errors = sum(s.status == 0 or s.status >= 400 for s in samples)
        keeper_conflicts = sum(device.conflicts for device in devices)
        keeper_errors = (
            sum(s.status == 0 or s.status >= 400 for s in keeper_samples) - keeper_conflicts
        )
        errors = (
            http_errors + keeper_errors + len(phones_recorder.errors) + len(recorder.errors)
        )
        times = sorted(s.seconds * 1000 for s in samples)
        p95 = percentile(times, 0.95)
        if samples:
            span = max(s.started + s.seconds for s in samples) - min(s.started for s in samples)
        else:
            span = 0.0
        kinds = Counter(s.kind for s in samples)

        print(f"Public standings under load: {args.phones} phones within {args.window:.0f} s, "
              f"{args.scorekeepers} scorekeepers saving round 2, the desk confirming")
        print(f"Event: {args.singles} singles, {args.pairs} pairs; round 1 confirmed (random "
              f"games), round 2 released; built in {built:.1f} s")
        print(f"Server: gunicorn {args.workers} workers x {args.threads} threads on "
              f"{HOST}:{port}, PostgreSQL database {database.name}; {os.cpu_count()} CPU cores "
              f"shared with this client; load average before the run {load_average[0]:.2f}")
        print(f"Phones' requests: {len(samples)} in {span:.1f} s ({dict(kinds)}), "
              f"{len(samples) / max(span, 1e-9):.1f} per second")
        for kind in ("standings", "entry", "static"):
            print(latency_line(kind, [s for s in samples if s.kind == kind]))
        print(latency_line("all", samples))
        server = server_times([s for s in samples if s.kind == "standings"])
        print(f"Scorekeepers: {len(keeper_samples)} requests, {stats['games']} games stored, "
              f"{len(desk.confirmed)} sheets confirmed by the desk during the run, "
              f"{keeper_conflicts} conflict refusals (expected on shared sheets only)")
        print(latency_line("keepers", keeper_samples))
        print(f"Standings pages checked against the confirmations: {len(pages)}, stale: {stale}")
        print(f"Errors: {errors} (phones {http_errors} HTTP + {len(phones_recorder.errors)} "
              f"other, scorekeepers {keeper_errors} HTTP + {len(recorder.errors)} other)")
        for message in (phones_recorder.errors + recorder.errors)[:10]:
            print(f"  {message}")
        print(f"Database check: {'ok' if not problems else f'{len(problems)} problems'}")
        for problem in problems[:10]:
            print(f"  {problem}")
        met = p95 <= TARGET_P95_MS and errors == 0 and stale == 0 and not problems
        print(f"Targets: phones' p95 {p95:.0f} ms <= {TARGET_P95_MS:.0f} ms "
              f"{'met' if p95 <= TARGET_P95_MS else 'MISSED'}; errors {errors} "
              f"{'met' if errors == 0 else 'MISSED'}; stale pages {stale} "
              f"{'met' if stale == 0 else 'MISSED'}; standings page server p50 "
              f"{percentile(server, 0.5):.1f} ms")
        if log.strip():
            print("gunicorn/app log (last lines):")
            for line in log.strip().splitlines()[-10:]:
                print(f"  {line}")
        status = 0 if met else 1
        return status
    finally:
        stop(gunicorn)
        database.drop(keep=args.keep)
        workdir.cleanup()

if __name__ == "__main__":
    sys.exit(main())
