"""The two passes of ``make test``: the whole suite on SQLite and, where a server answers, on
PostgreSQL, run side by side (each on every core, ``PYTEST_WORKERS``), each into a log of its
own that is printed whole once both have ended; the exit status is the first failed pass's.

Side by side because one pass alone leaves the cores idle part of the time (the PostgreSQL pass:
a fifth; browser tests wait for pages, servers for answers): side by side the machine is busy
throughout and the whole run ends about 90 s sooner on two cores
(bench/README.md, "The test suite's time"). Each pass has its own temporary folder and its own
databases (SQLite files, PostgreSQL's test_<name>_gw<N>), Redis keys under a prefix of each
test's own.
"""

from __future__ import annotations

import os
import shlex
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PG_TEST_URL = os.environ.get("PG_TEST_URL", "postgres://postgres@127.0.0.1:5432/binokel")


def postgres_url() -> tuple[str | None, str]:
    """The PostgreSQL of the second pass and where it comes from, or None."""
    if os.environ.get("DATABASE_URL"):
        return os.environ["DATABASE_URL"], "DATABASE_URL"
    try:
        socket.create_connection(("127.0.0.1", 5432), 2).close()
    except OSError:
        return None, ""
    return PG_TEST_URL, "127.0.0.1:5432"


def main() -> int:
    workers = shlex.split(os.environ.get("PYTEST_WORKERS", "-n auto"))
    database, where = postgres_url()
    passes = [("SQLite", None)] + ([(f"PostgreSQL ({where})", database)] if database else [])
    folder = Path(tempfile.mkdtemp(prefix="binokel-passes-"))
    running = []
    for number, (name, url) in enumerate(passes, start=1):
        env = {key: value for key, value in os.environ.items() if key != "DATABASE_URL"}
        if url:
            env["DATABASE_URL"] = url
        log = folder / f"pass-{number}.log"
        command = [sys.executable, "-m", "pytest", *workers,
                   f"--basetemp={folder / f'tmp-{number}'}"]
        print(f"== Test run {number}: {name} (log: {log})", flush=True)
        with log.open("wb") as out:
            process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=out,
                                       stderr=subprocess.STDOUT)
        running.append((number, name, log, process, time.monotonic()))
    failed = 0
    for number, name, log, process, started in running:
        status = process.wait()
        print(f"== Test run {number}: {name}, exit {status} after "
              f"{time.monotonic() - started:.0f} s", flush=True)
        sys.stdout.write(log.read_text(errors="replace"))
        failed = failed or status
    tested = " and ".join(name for _, name, *_ in running)
    print(f"== Databases tested: {tested}" + (
        "" if database else " only (no PostgreSQL: set DATABASE_URL or start a server on "
        "127.0.0.1:5432)"))
    return failed


if __name__ == "__main__":
    sys.exit(main())
