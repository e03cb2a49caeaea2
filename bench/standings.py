"""Benchmark of the standings page and the .xlsx export on a large event.

Run from the repository root:  python bench/standings.py [--database-url URL] [--repeat R]

Builds an event of 600 singles and 100 pairs (by default) with all rounds of all games entered
and confirmed through the demo filler (``generate_plan`` + ``fill_random_games``), then prints:

- the SQL queries and the median time of the organiser's standings page (Django test client,
  logged-in organiser) as after a change of the results (the cache cleared before each run: the
  standings computed, their tables rendered), and its median time again with both cached;
- the median time of the floor: the same rows, precomputed once as a plain list, put into the
  same tables and rendered through the same templates (the tables' fragment, the page around
  it; no database, no computation, no cache);
- the ratio of the page after a change to the floor (targets: at most 10 queries, ratio at
  most 2),
- the time (median) and the peak memory (tracemalloc, a separate run) of the workbook export
  (target: at most 3 s).

By default it runs against a throwaway SQLite database in a temporary directory, created and
migrated here (never the developer's db.sqlite3). With ``--database-url`` (e.g. a PostgreSQL
server; the database must exist) it migrates that database, builds the event under a unique
slug, runs ANALYZE on PostgreSQL (as autovacuum would after the bulk writes) and deletes the
event again at the end.
A script that prints figures, not a timed test.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def median_time(action: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def remove_event(event: object) -> None:
    """Delete a benchmark event with everything in it (entries and games are protected)."""
    from tournament.models import Player

    players = set(event.entries.values_list("player_id", flat=True))
    players |= set(event.entries.exclude(partner=None).values_list("partner_id", flat=True))
    event.rounds.all().delete()
    event.delete()
    Player.objects.filter(pk__in=players).delete()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--database-url", help="database to use (default: a temporary SQLite)")
    parser.add_argument("--singles", type=int, default=600)
    parser.add_argument("--pairs", type=int, default=100)
    parser.add_argument("--repeat", type=int, default=7, help="timed runs per figure")
    args = parser.parse_args()

    workdir = tempfile.TemporaryDirectory(prefix="binokel-bench-")
    os.environ["DATABASE_URL"] = args.database_url or f"sqlite:///{workdir.name}/bench.sqlite3"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ["ALLOWED_HOSTS"] = "testserver"
    os.environ["SECRET_KEY"] = "bench-only-not-secret"
    os.environ.pop("DEBUG", None)

    import warnings

    import django

    # whitenoise warns once that STATIC_ROOT (made by collectstatic) does not exist: not news here
    warnings.filterwarnings("ignore", message="No directory at")
    django.setup()

    from django.contrib.auth import get_user_model
    from django.core.cache import cache
    from django.core.management import call_command
    from django.db import connection
    from django.template.loader import render_to_string
    from django.test import Client, RequestFactory
    from django.test.utils import CaptureQueriesContext, setup_test_environment
    from django.urls import reverse
    from django.utils import translation
    from django.utils.safestring import mark_safe

    from results.exports import event_workbook
    from scoring.demo import fill_random_games
    from scoring.ranking import PAIRS, SINGLES
    from scoring.standings import compute_standings
    from scoring.standings_forms import StandingsSettingsForm
    from scoring.views.standings import ranking_tables_html
    from tournament.members import members_of
    from tournament.models import Event, EventRole
    from tournament.services import generate_plan, register_entry

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from load import bench_club

    setup_test_environment()  # lets the test client capture templates; allows "testserver"
    call_command("migrate", verbosity=0)
    database = connection.vendor

    stamp = f"{os.getpid()}-{int(time.time())}"
    started = time.perf_counter()
    event = Event.objects.create(
        name="Benefizbinokel Benchmark", slug=f"bench-{stamp}", date="2026-11-21",
        **bench_club(Event),
        tie_breaks="best_round,declarer_wins,fewer_losses",
    )
    for number in range(args.singles):
        register_entry(event=event, members=members_of(f"Einzel {number + 1}"))
    for number in range(args.pairs):
        register_entry(
            event=event, members=members_of(f"Paar {number + 1} A", f"Paar {number + 1} B")
        )
    generate_plan(event=event, seed=2026)
    games = fill_random_games(event=event, seed=2026, confirm=True)
    built = time.perf_counter() - started
    if database == "postgresql":
        # what autovacuum does on a live server soon after bulk writes: fresh planner statistics
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")
    user = get_user_model().objects.create_user(username=f"bench-{stamp}", password="x")
    # the organisers' standings page needs a role on the event (tournament.access)
    EventRole.objects.create(event=event, user=user, role=EventRole.Role.ORGANISER)

    try:
        client = Client()
        client.force_login(user)
        url = reverse("standings", kwargs={"slug": event.slug})
        with translation.override("de"):
            client.get(url)  # warm up: templates, translations
            cache.clear()
            with CaptureQueriesContext(connection) as queries:
                response = client.get(url)
            assert response.status_code == 200, response.status_code
            query_count = len(queries)  # read now: the next request resets the query log
            page_bytes = len(response.content)
            cached = median_time(lambda: client.get(url), args.repeat)

            def fresh_page() -> object:
                cache.clear()  # the standings and their rendered tables, as after a change
                return client.get(url)

            page = median_time(fresh_page, args.repeat)

            # The floor: the same rows, computed once, through the same tables and templates
            # (the tables' fragment, then the page around it), nothing read or cached.
            standings = compute_standings(event)
            singles = list(standings.ranking(SINGLES))
            pairs = list(standings.ranking(PAIRS))
            entry_url = reverse("standings-entry", kwargs={"slug": event.slug, "start_number": 0})
            request = RequestFactory().get(url)
            request.user = user
            form = StandingsSettingsForm.for_event(event)

            def render_floor() -> str:
                tables_html = ranking_tables_html(
                    request, singles=singles, pairs=pairs,
                    shown_rounds=standings.round_numbers, round_number=None,
                    entry_url=entry_url, public=False,
                )
                context = {
                    "event": event,
                    "standings": standings,
                    "round_number": None,
                    "tables_html": mark_safe(tables_html),
                    "stand_ins": standings.stand_ins,
                    "public": False,
                    "form": form,
                }
                return render_to_string("scoring/standings.html", context, request)

            floor_bytes = len(render_floor().encode())
            floor = median_time(render_floor, args.repeat)
            compute = median_time(lambda: compute_standings(event).ranking(SINGLES), args.repeat)

        export = median_time(lambda: event_workbook(event), max(3, args.repeat // 2))
        tracemalloc.start()
        workbook = event_workbook(event)
        _current, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()

        print(f"Database: {database}; event: {args.singles} singles, {args.pairs} pairs, "
              f"{event.round_count} rounds of {event.games_per_round} games "
              f"({games} games entered, built in {built:.1f} s)")
        print(f"Standings page after a change (nothing cached): {query_count} SQL queries, "
              f"median {page * 1000:.0f} ms ({page_bytes / 1024:.0f} KiB of HTML, "
              f"{args.repeat} runs)")
        print(f"  again (the standings and their tables cached): median {cached * 1000:.0f} ms")
        print(f"  computation alone (compute_standings + ranking): median "
              f"{compute * 1000:.0f} ms")
        print(f"Floor (precomputed rows, same tables and templates): median "
              f"{floor * 1000:.0f} ms ({floor_bytes / 1024:.0f} KiB of HTML)")
        print(f"Ratio page / floor: {page / floor:.2f}")
        print(f"Export .xlsx: median {export:.2f} s, peak memory {peak / 2**20:.1f} MiB "
              f"(tracemalloc), {len(workbook) / 1024:.0f} KiB")
        verdicts = [
            ("queries <= 10", query_count <= 10),
            ("ratio <= 2", page / floor <= 2),
            ("export <= 3 s", export <= 3),
        ]
        print("Targets: " + ", ".join(f"{name} {'met' if ok else 'MISSED'}"
                                      for name, ok in verdicts))
    finally:
        if args.database_url:  # leave a shared database as it was
            remove_event(event)
            user.delete()
        workdir.cleanup()


if __name__ == "__main__":
    main()
