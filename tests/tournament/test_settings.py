"""Project settings (``tournament.settings``): the app serves its own static files (WhiteNoise
from the finders), so a laptop needs no collectstatic step; PUBLIC_URL is checked at the start."""

import os
import subprocess
import sys

import pytest
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

from tournament.settings import parse_public_url

pytestmark = pytest.mark.django_db


def test_static_css_is_served_by_the_app(client):
    response = client.get("/static/tournament/app.css")
    assert response.status_code == 200
    body = b"".join(response.streaming_content) if response.streaming else response.content
    assert b"@media print" in body


# --- PUBLIC_URL ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("http://192.168.1.20:8000", "http://192.168.1.20:8000"),
        ("http://192.168.1.20:8000/", "http://192.168.1.20:8000"),
        ("  https://Binokel.Example.org/ ", "https://binokel.example.org"),
        ("http://binokel.local", "http://binokel.local"),
        ("http://[fd00::2]:8000", "http://[fd00::2]:8000"),
        ("", ""),
        (None, ""),
    ],
)
def test_public_url_is_parsed_to_scheme_host_and_port(value, expected):
    assert parse_public_url(value) == expected


@pytest.mark.parametrize(
    ("value", "problem"),
    [
        ("192.168.1.20:8000", "http:// or https://"),
        ("ftp://192.168.1.20", "http:// or https://"),
        ("http://", "no host"),
        ("http:///zettel/", "no host"),
        ("http://192.168.1.20:8000/turnier/", "nothing may follow"),
        ("http://192.168.1.20/?x=1", "nothing may follow"),
        ("http://192.168.1.20/#top", "nothing may follow"),
        ("http://orga:geheim@192.168.1.20", "user name"),
        ("http://192.168.1.20:0", "port"),
        ("http://192.168.1.20:", "port"),
        ("http://192.168.1.20:99999", "Port"),
        ("http://192.168.1.20:acht", "Port"),
        ("http://999.168.1.20", "IPv4"),
        ("http://binokel_turnier.local", "host name"),
        ("http://binokel turnier", "host name"),
        ("http://[fd00::zz]", "IPv6"),
    ],
)
def test_public_url_refuses_anything_else(value, problem):
    with pytest.raises(ImproperlyConfigured) as error:
        parse_public_url(value)
    message = str(error.value)
    assert message.startswith(f"PUBLIC_URL={value!r} is not a valid address")
    assert problem in message
    assert "http://192.168.1.20:8000" in message  # an example of a good value


def run_settings(public_url: str, code: str) -> subprocess.CompletedProcess:
    """``code`` in a fresh interpreter whose environment sets PUBLIC_URL (and no hosts)."""
    env = {k: v for k, v in os.environ.items()
           if k not in {"ALLOWED_HOSTS", "CSRF_TRUSTED_ORIGINS"}}
    env.update({"PUBLIC_URL": public_url, "DJANGO_SETTINGS_MODULE": "tournament.settings"})
    return subprocess.run(
        [sys.executable, "-c", f"import django; django.setup(); {code}"],
        cwd=settings.BASE_DIR, env=env, capture_output=True, text=True, check=False,
    )


def test_a_bad_public_url_stops_the_app_at_its_start():
    result = run_settings("192.168.1.20:8000", "print('started')")
    assert result.returncode != 0
    assert "started" not in result.stdout
    assert "ImproperlyConfigured: PUBLIC_URL='192.168.1.20:8000' is not a valid" in result.stderr


def test_the_app_answers_to_the_public_url():
    code = (
        "from django.conf import settings as s; "
        "print(s.PUBLIC_URL, s.ALLOWED_HOSTS, s.CSRF_TRUSTED_ORIGINS, sep='|')"
    )
    result = run_settings("http://192.168.1.20:8000/", code)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().split("|") == [
        "http://192.168.1.20:8000",
        "['localhost', '127.0.0.1', '[::1]', '192.168.1.20']",
        "['http://192.168.1.20:8000']",
    ]
    result = run_settings("http://[fd00::2]:8000", code)
    assert "'[fd00::2]'" in result.stdout.split("|")[1]
