"""The hall's server, ``manage.py serve`` (waitress), started as the README starts it: connections
that send their request slowly hold none of the app's threads, so pages and saves go on; a body
larger than the app takes is refused before it is stored; its log hides the sheet tokens."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest

from core.limits import MAX_CONNECTIONS, MAX_IMPORT_REQUEST_BYTES, MAX_REQUEST_BYTES
from core.logs import MARKER
from core.management.commands.serve import open_files_for
from tests.core.hall import wait_for
from tests.servers import (
    HOST,
    Scorekeeper,
    SlowClients,
    app_environment,
    build_event,
    copy_test_database,
    free_port,
    request,
    running,
)

# the tests use no database themselves; the mark has the test run's database set up, which
# the hall's server starts from (a copy)
pytestmark = pytest.mark.django_db

SLOW = 32  # four times the hall server's threads
PATIENCE = 3.0  # seconds a page or a save may take here (about 0.05 s without slow clients)
MANY = MAX_CONNECTIONS  # slow connections: as many as the server keeps
FAST = 2.0  # seconds a page and a save may take together beside MANY slow connections


@pytest.fixture(scope="module")
def hall(tmp_path_factory, django_db_setup, django_db_blocker):
    """The hall server on a free port with the hall's event: (port, sheet token, log file, the
    server's temporary directory)."""
    work = tmp_path_factory.mktemp("hall")
    database = work / "hall.sqlite3"
    with django_db_blocker.unblock():
        copied = copy_test_database(database)
    token = build_event(database, migrate=not copied)
    temporary = work / "tmp"
    temporary.mkdir()
    port = free_port()
    env = app_environment(database, TMPDIR=str(temporary))
    log = work / "serve.log"
    with running(
        [sys.executable, "manage.py", "serve", f"{HOST}:{port}"], env, port, log
    ):
        yield port, token, log, temporary


def saves_keep_flowing(
    port: int, token: str, slow: int = SLOW, **slow_clients: object
) -> list[float]:
    """With ``slow`` slow connections open, the start page and five saves each answer within
    ``PATIENCE``; the seconds each took."""
    phone = Scorekeeper(port, token, timeout=PATIENCE)
    took = []
    with SlowClients(port, slow, **slow_clients):
        # every slow connection has been taken by the server: it answers one made after them
        assert request(port, "GET", "/", timeout=PATIENCE)[0] == 200
        for _ in range(5):
            started = time.perf_counter()
            status, _headers, _body = request(port, "GET", "/", timeout=PATIENCE)
            assert status == 200
            phone.save()
            took.append(time.perf_counter() - started)
    return took


def test_slow_connections_do_not_stop_pages_and_saves(hall):
    port, token, _log, _tmp = hall
    took = saves_keep_flowing(port, token)
    assert max(took) < PATIENCE


@pytest.mark.parametrize(
    ("slow", "sources"),
    [(MANY, ("127.0.0.1",)),  # the phone's own address: over MAX_CONNECTIONS_PER_ADDRESS
     (MANY + 100, tuple(f"127.0.0.{n}" for n in range(2, 22)))],  # over MAX_CONNECTIONS
    ids=["one-address", "twenty-addresses"],
)
def test_a_thousand_slow_connections_do_not_stop_pages_and_saves(hall, slow, sources):
    """waitress alone stops accepting at its connection limit: the hall's server sheds the
    waiting connections of the address that holds the most instead (core.hall_server)."""
    port, token, _log, _tmp = hall
    if open_files_for(slow) < slow:  # this process holds them: raised to the hard limit
        pytest.skip(f"{slow} connections need a higher limit of open files (ulimit -n)")
    took = saves_keep_flowing(port, token, slow, interval=0.5, sources=sources)
    print(f"\n{slow} slow connections from {len(sources)} address(es): page and save took "
          f"{', '.join(f'{seconds:.3f}' for seconds in took)} s")  # with -s: the figures
    assert max(took) < FAST, took


def test_no_server_header_tells_what_runs_here(hall):
    port, _token, _log, _tmp = hall
    status, headers, _body = request(port, "GET", "/")
    assert status == 200 and "server" not in headers
    status, headers, body = request(port, "GET", "/", headers={"Content-Length": "x"})
    assert status == 400 and "server" not in headers and b"waitress" not in body


def test_a_huge_body_is_refused_before_it_is_sent(hall):
    """200 MiB announced: 413 after the headers, nothing of the body read."""
    port, _token, _log, temporary = hall
    status, _headers, body = request(
        port, "POST", "/zettel/x/", b"",
        headers={"Content-Length": str(200 * 2**20), "Content-Type": "multipart/form-data"},
    )
    assert status == 413 and b"Request Entity Too Large" in body  # waitress's own answer
    assert list(temporary.iterdir()) == []


@pytest.mark.parametrize("chunked", [False, True], ids=["length", "chunked"])
def test_a_body_over_the_routes_limit_gets_the_apps_page(hall, chunked):
    """Over the sheet link's limit, under the import's: the app's German page, nothing stored
    in the server's temporary directory."""
    port, token, _log, temporary = hall
    size = MAX_REQUEST_BYTES + 1
    assert size < MAX_IMPORT_REQUEST_BYTES
    upload = (
        b"--x\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.bin\"\r\n\r\n"
        + b"0" * size + b"\r\n--x--\r\n"
    )
    headers = {"Content-Type": "multipart/form-data; boundary=x"}
    # without a length (an iterable) http.client sends it chunked
    chunks = iter([upload[i : i + 65536] for i in range(0, len(upload), 65536)])
    body = chunks if chunked else upload
    status, _headers, page = request(port, "POST", f"/zettel/{token}/", body, headers=headers)
    assert status == 413
    assert "Zu viele Daten" in page.decode()
    assert list(temporary.iterdir()) == []


def test_the_log_hides_the_sheet_tokens(hall):
    port, token, log, _tmp = hall
    status, _headers, _body = request(port, "POST", f"/zettel/{token}/", b"g1-bid=200",
                                      headers={"Content-Type": "application/x-www-form-urlencoded"})
    assert status == 403  # no CSRF cookie
    wait_for(lambda: "Forbidden (CSRF cookie not set.)" in Path(log).read_text())
    text = Path(log).read_text()
    assert f"Forbidden (CSRF cookie not set.): /zettel/{MARKER}/" in text
    assert "INFO waitress: Binokel-Turnier serves on http://127.0.0.1:" in text
    assert token not in text
