"""Benchmark of an event as one file (``transfer``): its size and how long writing, importing and
receiving it again take, for a whole evening of a large village hall.

Run from the repository root:  python bench/archive.py [--singles N] [--pairs M]

Builds an event (180 singles by default) with every game of every round entered and confirmed
(``generate_plan`` + ``fill_random_games``), in a throwaway SQLite database, then prints:

- the archive's size (zip) and the size of its data before compression, against
  ``core.limits.MAX_ARCHIVE_BYTES`` (what the import takes);
- the time of writing it (``build_archive``), of importing it as the laptop does (the event's
  rows forgotten, another installation: ``receive_archive`` creates every row), and of receiving
  the same archive again (nothing changes: the three-way merge reads and compares only).

A script that prints figures, not a timed test.
"""

from __future__ import annotations

import argparse
import io
import os
import sys
import tempfile
import time
import uuid
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--singles", type=int, default=180)
    parser.add_argument("--pairs", type=int, default=0)
    args = parser.parse_args()

    workdir = tempfile.TemporaryDirectory(prefix="binokel-bench-")
    os.environ["DATABASE_URL"] = f"sqlite:///{workdir.name}/bench.sqlite3"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ["SECRET_KEY"] = "bench-only-not-secret"
    os.environ.pop("DEBUG", None)

    import warnings

    import django

    warnings.filterwarnings("ignore", message="No directory at")
    django.setup()

    from django.core.management import call_command

    from core import limits
    from core.models import Installation
    from scoring.demo import fill_random_games
    from tournament.members import members_of
    from tournament.models import Event
    from tournament.services import generate_plan, register_entry
    from transfer.archive import build_archive
    from transfer.rows import dependency_order, event_rows
    from transfer.services import owned_models, receive_archive

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from load import bench_club

    call_command("migrate", verbosity=0)
    started = time.perf_counter()
    event = Event.objects.create(name="Preisbinokel Benchmark", slug="bench", date="2026-11-21",
                                 **bench_club(Event))
    for number in range(args.singles):
        register_entry(event=event, members=members_of(f"Einzel {number + 1}"))
    for number in range(args.pairs):
        register_entry(event=event,
                       members=members_of(f"Paar {number + 1} A", f"Paar {number + 1} B"))
    generate_plan(event=event, seed=2026)
    games = fill_random_games(event=event, seed=2026, confirm=True)
    print(f"event: {args.singles} singles, {args.pairs} pairs, {games} games "
          f"(built in {time.perf_counter() - started:.1f} s)")

    started = time.perf_counter()
    data = build_archive(event=event)
    written = time.perf_counter() - started
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        unpacked = sum(info.file_size for info in archive.infolist())
    print(f"archive: {len(data) / 1024:.0f} KB zipped ({unpacked / 2**20:.1f} MB of JSON); "
          f"the import takes up to {limits.MAX_ARCHIVE_BYTES / 2**20:.1f} MB")
    print(f"write (build_archive): {written:.2f} s")

    held = event_rows(event)
    owned = owned_models(held.rows)
    for model in reversed(dependency_order(held.rows)):
        if model in owned:
            model._base_manager.filter(pk__in=held.pks(model)).delete()
    Installation.objects.all().delete()
    Installation.objects.create(uuid=uuid.uuid4())  # the laptop: another installation
    started = time.perf_counter()
    result = receive_archive(data=data)
    print(f"import on the laptop (receive_archive, {result.status}): "
          f"{time.perf_counter() - started:.2f} s")
    started = time.perf_counter()
    again = receive_archive(data=data)
    print(f"the same archive again ({again.status}): {time.perf_counter() - started:.2f} s")


if __name__ == "__main__":
    main()
