"""The log (``LOGGING`` in ``config.settings``, ``core.logs``, ``gunicorn.conf.py``):
every server error with its path and traceback on stderr, in lines a person can read, also with
DEBUG off; no sheet token in any line, whether runserver, Django or gunicorn writes it."""

import io
import logging
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from django.conf import settings as django_settings
from django.test import Client
from django.urls import path
from django.utils.translation import gettext

from config import urls as site_urls
from core.logs import MARKER, HideLinkTokens
from scoring.models import new_token
from tests.factories import make_entry, make_event, make_round, make_sheet, make_table

pytestmark = pytest.mark.django_db


def broken(request, token=None):
    raise RuntimeError(f"kaputt at {request.path}")


# this module is the URL configuration of the tests that need a page that fails
urlpatterns = [
    path("kaputt/", broken),
    path("zettel/<str:token>/kaputt/", broken),
    *site_urls.urlpatterns,
]

LINE = re.compile(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d (DEBUG|INFO|WARNING|ERROR|CRITICAL) [\w.]+: ")


@pytest.fixture
def log_output():
    """What the app's log handler (the root's, on stderr) writes during the test."""
    handler = next(
        h for h in logging.getLogger().handlers
        if any(isinstance(f, HideLinkTokens) for f in h.filters)
    )
    buffer = io.StringIO()
    previous = handler.setStream(buffer)
    yield buffer
    handler.setStream(previous)


@pytest.fixture
def failing_pages(settings):
    settings.ROOT_URLCONF = __name__
    settings.DEBUG = False
    return Client(raise_request_exception=False)


def test_a_server_error_is_logged_with_its_path_and_traceback(failing_pages, log_output):
    response = failing_pages.get("/kaputt/?runde=2")
    assert response.status_code == 500
    assert gettext("Server error") in response.content.decode()  # the site's page (500.html)
    text = log_output.getvalue()
    first = text.splitlines()[0]
    assert LINE.match(first) and "ERROR django.request: Internal Server Error: /kaputt/" in first
    assert "Traceback (most recent call last):" in text
    assert 'in broken\n    raise RuntimeError(f"kaputt at {request.path}")' in text
    assert text.rstrip().endswith("RuntimeError: kaputt at /kaputt/")


def test_a_server_error_on_a_sheet_link_hides_the_token(failing_pages, log_output):
    token = new_token()
    assert failing_pages.get(f"/zettel/{token}/kaputt/").status_code == 500
    text = log_output.getvalue()
    assert f"Internal Server Error: /zettel/{MARKER}/kaputt/" in text
    assert f"RuntimeError: kaputt at /zettel/{MARKER}/kaputt/" in text  # the traceback too
    assert token not in text


def test_no_sheet_token_in_the_log_of_requests(client, log_output):
    event = make_event()
    sheet = make_sheet(make_table(make_round(event), [make_entry(event, n) for n in (1, 2, 3)]))
    link = f"/zettel/{sheet.token}/"
    assert client.get(link).status_code == 200
    # runserver's line of the request (django.core.servers.basehttp), with the referrer
    logging.getLogger("django.server").info(
        '"%s" %s %s', f"GET {link} HTTP/1.1", "200", "5120",
        extra={"request": None, "status_code": 200},
    )
    logging.getLogger("django.server").info(
        '"%s" %s %s "%s"', "POST /spielzettel/vorschau/ HTTP/1.1", "200", "40",
        f"http://192.168.1.20:8000{link}",
    )
    # Django's warning about a link that leads nowhere (a token once valid, now gone)
    gone = new_token()
    assert client.get(f"/zettel/{gone}/").status_code == 404
    text = log_output.getvalue()
    assert f'"GET /zettel/{MARKER}/ HTTP/1.1" 200 5120' in text
    assert f'"http://192.168.1.20:8000/zettel/{MARKER}/"' in text
    assert f"Not Found: /zettel/{MARKER}/" in text
    assert sheet.token not in text and gone not in text
    assert all(LINE.match(line) for line in text.splitlines())


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("GET /zettel/abc/ HTTP/1.1", f"GET /zettel/{MARKER}/ HTTP/1.1"),  # by the route
        ("GET /zettel/offline.js HTTP/1.1", "GET /zettel/offline.js HTTP/1.1"),  # the worker
        ("GET /turnier/binokel-1/zettel/1/ HTTP/1.1", "GET /turnier/binokel-1/zettel/1/ HTTP/1.1"),
        ('"http://h:8000/zettel/abc/"', f'"http://h:8000/zettel/{MARKER}/"'),  # a referrer
        ("Not Found: /zettel/abc/x", f"Not Found: /zettel/{MARKER}/x"),
        # an open page's version check and state (the page's version in the query)
        ("GET /zettel/abc/version/ HTTP/1.1", f"GET /zettel/{MARKER}/version/ HTTP/1.1"),
        ("GET /zettel/abc/stand/?version=4 HTTP/1.1",
         f"GET /zettel/{MARKER}/stand/?version=4 HTTP/1.1"),
        (f"see /x/{'A' * 43}?a=1", f"see /x/{MARKER}?a=1"),  # by its shape, in any path
        (f"/x/{'A' * 44}", f"/x/{'A' * 44}"),  # not a token's length
        # a helper's one-time password link, a registration's manage link: by the route
        ("GET /konto/passwort/MQ/abc/ HTTP/1.1", f"GET /konto/passwort/MQ/{MARKER}/ HTTP/1.1"),
        ('"http://h/turnier/abend/anmeldung/abc/"', f'"http://h/turnier/abend/anmeldung/{MARKER}/"'),
        ("/turnier/abend/import/abc/", f"/turnier/abend/import/{MARKER}/"),
        ("/turnier/abend/import/beispiel.csv", "/turnier/abend/import/beispiel.csv"),
        # Django's password-link token by its shape, also in an encoded next=
        (f"?next=%2Fx%2F{'c' * 6}-{'0a' * 16}%2F", f"?next=%2Fx%2F{MARKER}%2F"),
    ],
)
def test_the_filter_hides_tokens_only(line, expected):
    record = logging.LogRecord("x", logging.INFO, __file__, 1, "%s", (line,), None)
    assert HideLinkTokens().filter(record)
    assert record.getMessage() == expected


def test_without_django_a_token_is_found_by_its_shape(monkeypatch):
    token = new_token()
    hide = HideLinkTokens()
    monkeypatch.setattr(hide, "route_patterns", lambda: [])  # as in gunicorn's master process
    assert hide.hide(f"GET /zettel/{token}/ HTTP/1.1") == f"GET /zettel/{MARKER}/ HTTP/1.1"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_gunicorns_access_and_error_logs_hide_the_token(tmp_path):
    """A real gunicorn started as the README starts it (it reads gunicorn.conf.py), its access
    log on: a request to a sheet link, with a sheet link as referrer, leaves no token."""
    gunicorn = Path(sys.executable).with_name("gunicorn")
    if not gunicorn.exists() and not shutil.which("gunicorn"):
        pytest.skip("gunicorn is not installed (pip install -e '.[prod]')")
    port = free_port()
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "SECRET_KEY": "test-" + new_token(),
        "ALLOWED_HOSTS": "127.0.0.1",
        # a request refused before any view (CSRF) needs no database
        "DATABASE_URL": f"sqlite:///{tmp_path / 'unused.sqlite3'}",
        "PYTHONWARNINGS": "ignore",
    }
    for name in ("DEBUG", "PUBLIC_URL", "REDIS_URL", "LOG_LEVEL"):
        env.pop(name, None)
    output = tmp_path / "gunicorn.log"
    with output.open("w") as sink:
        server = subprocess.Popen(
            [str(gunicorn if gunicorn.exists() else shutil.which("gunicorn")), "config.wsgi",
             "--bind", f"127.0.0.1:{port}", "--workers", "1", "--access-logfile", "-"],
            cwd=django_settings.BASE_DIR, env=env, stdout=sink, stderr=subprocess.STDOUT,
        )
    token, referrer = new_token(), new_token()
    try:
        deadline = time.monotonic() + 60  # a busy machine: gunicorn and Django start slowly
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/abmelden/", timeout=2)
            except urllib.error.HTTPError:
                break  # it answers (405: logging out is a POST)
            except OSError:
                if time.monotonic() > deadline or server.poll() is not None:
                    pytest.fail(f"gunicorn did not start:\n{output.read_text()}")
                time.sleep(0.2)
        request = urllib.request.Request(
            f"http://127.0.0.1:{port}/zettel/{token}/", data=b"g1-bid=200", method="POST",
            headers={"Referer": f"http://127.0.0.1:{port}/zettel/{referrer}/"},
        )
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(request, timeout=5)
        assert refused.value.code == 403
    finally:
        server.terminate()
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait(timeout=10)
    text = output.read_text()
    assert f'"POST /zettel/{MARKER}/ HTTP/1.1" 403' in text  # gunicorn's access log
    assert f'"http://127.0.0.1:{port}/zettel/{MARKER}/"' in text  # its referrer
    csrf = f"WARNING django.security.csrf: Forbidden (CSRF cookie not set.): /zettel/{MARKER}/"
    assert csrf in text
    assert token not in text and referrer not in text


def gunicorn_access_log(tmp_path):
    """gunicorn's logger as gunicorn.conf.py makes it, its access log on, writing into a
    buffer: (logger, buffer)."""
    import runpy

    from gunicorn.config import Config

    conf = runpy.run_path(str(Path(django_settings.BASE_DIR) / "gunicorn.conf.py"))
    cfg = Config()
    cfg.set("accesslog", "-")
    cfg.set("errorlog", str(tmp_path / "gunicorn-error.log"))
    logger = conf["logger_class"](cfg)
    buffer = io.StringIO()
    for handler in logger.access_log.handlers:
        handler.setStream(buffer)
    return logger, buffer


def secret_links() -> dict[str, str]:
    """A link of every route that carries a secret, with a secret of its real shape: {link:
    its secret}."""
    from django.contrib.auth import get_user_model
    from django.contrib.auth.tokens import default_token_generator
    from django.urls import reverse

    helper = get_user_model().objects.create_user("helferin")
    return {
        reverse(name, kwargs=kwargs): kwargs.get("token") or kwargs["key"]
        for name, kwargs in [
            ("sheet-link", {"token": new_token()}),
            ("sheet-link-save", {"token": new_token()}),
            ("sheet-link-confirm", {"token": new_token()}),
            ("signup-manage", {"slug": "abend", "token": new_token()}),
            ("account-set-password",
             {"uidb64": "MQ", "token": default_token_generator.make_token(helper)}),
            ("import-preview", {"slug": "abend", "key": "kurz1"}),
        ]
    }


def test_no_secret_link_in_any_log(client, log_output, tmp_path):
    """Each route whose path carries a secret, requested through Django, written as runserver
    writes a request and as gunicorn's access log does (request line and referrer): no secret
    in any line."""
    from datetime import timedelta
    from types import SimpleNamespace

    gunicorn, access = gunicorn_access_log(tmp_path)
    links = secret_links()
    for link in links:
        client.get(link)
        client.post(link, {"x": "1"})
        logging.getLogger("django.server").info(
            '"%s" %s %s "%s"', f"GET {link} HTTP/1.1", "200", "10", f"http://h:8000{link}"
        )
        environ = {
            "REQUEST_METHOD": "GET", "RAW_URI": link, "PATH_INFO": link, "QUERY_STRING": "",
            "SERVER_PROTOCOL": "HTTP/1.1", "REMOTE_ADDR": "10.0.0.7",
            "HTTP_REFERER": f"http://h:8000{link}",
        }
        gunicorn.access(SimpleNamespace(status="200 OK", sent=10, headers=[]), SimpleNamespace(
            headers=[("REFERER", environ["HTTP_REFERER"])]), environ, timedelta(seconds=0))
    text = log_output.getvalue() + access.getvalue()
    secrets = list(links.values())
    assert access.getvalue().count("GET /") == len(links)
    assert f'"GET /konto/passwort/MQ/{MARKER}/ HTTP/1.1"' in access.getvalue()
    assert f'"http://h:8000/turnier/abend/anmeldung/{MARKER}/"' in text
    assert [secret for secret in secrets if secret in text] == []


def test_a_request_for_an_unknown_host_is_one_line(client, log_output):
    """Anyone can send Host headers the app does not answer to, by the thousand: each is one
    line of the log, not a traceback."""
    for host in ("evil.example", "x" * 300):
        assert client.get("/", HTTP_HOST=host).status_code == 400
    lines = log_output.getvalue().splitlines()
    assert len(lines) == 2, lines
    assert all(LINE.match(line) for line in lines)
    assert "django.security.DisallowedHost: Invalid HTTP_HOST header: 'evil.example'" in lines[0]
