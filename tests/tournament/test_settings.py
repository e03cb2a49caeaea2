"""Project settings (``config.settings``): the app serves its own static files (WhiteNoise
from the finders), so a laptop needs no collectstatic step; PUBLIC_URL is checked at the start;
the site's own error pages and icon; the security headers; a hosted server's switches (HTTPS
behind a proxy, ``check --deploy`` clean) and REDIS_URL, which shares the cache between servers."""

import json
import os
import re
import subprocess
import sys

import pytest
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.template import loader
from django.test import Client
from django.utils.translation import gettext

from config.settings import parse_public_url
from tests.shared_cache import redis_cache  # noqa: F401 (a fixture)

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
    env.update({"PUBLIC_URL": public_url, "DJANGO_SETTINGS_MODULE": "config.settings"})
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


# --- Error pages, favicon ----------------------------------------------------------------------


@pytest.fixture
def failing_client(settings):
    """DEBUG off, a page that fails (tests.core.test_logs is the URL configuration)."""
    settings.ROOT_URLCONF = "tests.core.test_logs"
    settings.DEBUG = False
    return Client(raise_request_exception=False)


@pytest.mark.parametrize(
    ("url", "status", "title"),
    [
        ("/gibt-es-nicht/", 404, "Page not found"),
        ("/kaputt/", 500, "Server error"),
        ("/admin/tournament/event/add/", 403, "Access denied"),  # the read-only admin
    ],
)
def test_error_pages_are_the_sites_own(failing_client, url, status, title):
    from tests.factories import make_user

    make_user("admin", "geheim-123", is_staff=True, is_superuser=True)
    failing_client.login(username="admin", password="geheim-123")
    response = failing_client.get(url)
    assert response.status_code == status
    page = response.content.decode()
    assert f"<h1>{gettext(title)}</h1>" in page
    assert gettext("Back to the start page") in page
    assert "Not Found" not in page and "Server Error (500)" not in page  # Django's bare text


def test_the_400_and_csrf_pages_are_the_sites_own(failing_client):
    page = failing_client.get("/", HTTP_HOST="unbekannt.example").content.decode()  # 400
    assert f"<h1>{gettext('Bad request')}</h1>" in page
    strict = Client(enforce_csrf_checks=True)
    response = strict.post("/anmelden/", {"username": "x", "password": "y"})
    assert response.status_code == 403
    assert f"<h1>{gettext('Form expired')}</h1>" in response.content.decode()


def test_the_500_page_needs_no_request():
    """Django renders 500.html with an empty context: no request, no user, no database."""
    page = loader.get_template("500.html").render({})
    assert f"<h1>{gettext('Server error')}</h1>" in page
    assert "{%" not in page and 'href="/"' in page


def test_the_favicon(client):
    page = client.get("/").content.decode()
    assert re.search(r'<link rel="icon" href="/static/tournament/favicon\.svg"', page)
    response = client.get("/favicon.ico")
    assert response.status_code == 302
    assert response["Location"] == "/static/tournament/favicon.ico"
    for path, kind in (("favicon.ico", "image/"), ("favicon.svg", "image/svg+xml")):
        icon = client.get(f"/static/tournament/{path}")
        assert icon.status_code == 200 and icon["Content-Type"].startswith(kind)


# --- Content security policy, cookies ----------------------------------------------------------


def test_every_page_carries_the_content_security_policy(client):
    policy = client.get("/")["Content-Security-Policy"]
    directives = dict(part.strip().split(" ", 1) for part in policy.split(";"))
    assert directives["default-src"] == "'self'"
    assert directives["frame-ancestors"] == "'none'"
    assert directives["form-action"] == "'self'"
    assert "unsafe-inline" not in policy and "unsafe-eval" not in policy
    assert "Content-Security-Policy" in client.get("/anmelden/")


def test_an_organiser_session_lasts_twelve_hours():
    assert settings.SESSION_COOKIE_AGE == 12 * 3600


# --- A hosted server: HTTPS behind a proxy, check --deploy, REDIS_URL ---------------------------

PRODUCTION = {
    "HTTPS": "1",
    "BEHIND_PROXY": "1",
    "SECRET_KEY": "a-real-key-" + "x7Qp2Lm9Vz4Rt8Yk3Wn6Bc1Hd5Gf0Js" * 2,
    "ALLOWED_HOSTS": "turnier.example.org",
    "PUBLIC_URL": "https://turnier.example.org",
    "REDIS_URL": "redis://127.0.0.1:6379/0",  # only named: the checks connect to nothing
}


def run_with(env_vars: dict[str, str], args: list[str]) -> subprocess.CompletedProcess:
    """``python args`` in the repository, with these variables and none of the developer's."""
    env = {k: v for k, v in os.environ.items() if k not in {
        "ALLOWED_HOSTS", "CSRF_TRUSTED_ORIGINS", "PUBLIC_URL", "DEBUG", "HTTPS", "BEHIND_PROXY",
        "REDIS_URL", "SECRET_KEY", "SESSION_HOURS", "LOG_LEVEL", "DJANGO_ALLOW_ASYNC_UNSAFE"}}
    env.update({"DJANGO_SETTINGS_MODULE": "config.settings", **env_vars})
    return subprocess.run(
        [sys.executable, *args], cwd=settings.BASE_DIR, env=env, capture_output=True, text=True,
        check=False,
    )


def test_check_deploy_is_clean_with_the_production_switches():
    result = run_with(PRODUCTION, ["manage.py", "check", "--deploy", "--fail-level", "WARNING"])
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout
    assert "WARNING" not in result.stderr and "?:" not in result.stdout + result.stderr


def test_without_the_switches_check_deploy_warns():
    env = {k: v for k, v in PRODUCTION.items() if k not in {"HTTPS", "BEHIND_PROXY"}}
    result = run_with(env, ["manage.py", "check", "--deploy"])
    for warning in ("security.W004", "security.W008", "security.W012", "security.W016"):
        assert warning in result.stderr


def test_the_https_switches():
    code = (
        "import django; django.setup(); from django.conf import settings as s; "
        "print(s.SECURE_SSL_REDIRECT, s.SESSION_COOKIE_SECURE, s.CSRF_COOKIE_SECURE, "
        "s.SECURE_HSTS_SECONDS, s.SECURE_PROXY_SSL_HEADER, sep='|')"
    )
    hosted = run_with(PRODUCTION, ["-c", code])
    assert hosted.stdout.strip().split("|") == [
        "True", "True", "True", "31536000", "('HTTP_X_FORWARDED_PROTO', 'https')"
    ], hosted.stderr
    # HTTPS without a proxy (gunicorn with its own certificate): no forwarded header believed
    direct = run_with({**PRODUCTION, "BEHIND_PROXY": ""}, ["-c", code])
    assert direct.stdout.strip().split("|")[-1] == "None"
    laptop = run_with({}, ["-c", code])
    assert laptop.stdout.strip().split("|") == ["False", "False", "False", "0", "None"]


def test_session_hours_come_from_the_environment():
    code = "import django; django.setup(); from django.conf import settings as s; " \
           "print(s.SESSION_COOKIE_AGE)"
    assert run_with({"SESSION_HOURS": "4"}, ["-c", code]).stdout.strip() == str(4 * 3600)


def test_redis_url_puts_the_cache_in_redis_and_nothing_else():
    """REDIS_URL: the cache in Redis through django-redis, which takes Redis' failures for
    misses (and skipped writes) after a short wait; sessions and the login throttle's counts in
    the database whether REDIS_URL is set or not (tests/test_redis_outage.py: Redis down)."""
    code = (
        "import django, json; django.setup(); from django.conf import settings as s; "
        "print(json.dumps([s.CACHES['default'], s.SESSION_ENGINE, s.AXES_HANDLER, "
        "getattr(s, 'DJANGO_REDIS_LOG_IGNORED_EXCEPTIONS', False)]))"
    )
    hosted = run_with({"REDIS_URL": "redis://10.0.0.5:6379/1"}, ["-c", code])
    assert json.loads(hosted.stdout) == [
        {
            "BACKEND": "django_redis.cache.RedisCache",
            "LOCATION": "redis://10.0.0.5:6379/1",
            "KEY_PREFIX": "binokel",
            "OPTIONS": {"IGNORE_EXCEPTIONS": True, "SOCKET_CONNECT_TIMEOUT": 0.25,
                        "SOCKET_TIMEOUT": 0.25},
        },
        "django.contrib.sessions.backends.db",
        "core.login_throttle.CountedFirstHandler",
        True,
    ], hosted.stderr
    laptop = run_with({}, ["-c", code])
    assert json.loads(laptop.stdout) == [
        {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
        "django.contrib.sessions.backends.db",
        "core.login_throttle.CountedFirstHandler",
        False,
    ], laptop.stderr


def test_the_cache_in_redis_is_shared(redis_cache):  # noqa: F811
    """What one app server puts into the cache, another process reads (the cache as
    ``config.settings`` configures it with REDIS_URL, under this test's prefix)."""
    from django.core.cache import cache

    cache.set("shared", {"rounds": 3}, 60)
    code = (
        "import django; django.setup(); from django.conf import settings as s; "
        f"s.CACHES['default']['KEY_PREFIX'] = {redis_cache.prefix!r}; "
        "from django.core.cache import cache; print(cache.get('shared'))"
    )
    result = run_with({"REDIS_URL": redis_cache.url}, ["-c", code])
    assert result.stdout.strip() == "{'rounds': 3}", result.stderr


def test_every_page_switches_off_the_devices_no_page_uses(client):
    """No page uses a camera, microphone or location (nothing calls getUserMedia,
    BarcodeDetector or geolocation): the Permissions-Policy switches them off."""
    policy = client.get("/")["Permissions-Policy"]
    features = dict(part.strip().split("=", 1) for part in policy.split(","))
    for feature in ("camera", "microphone", "geolocation", "payment", "usb"):
        assert features[feature] == "()"
    assert features["clipboard-write"] == "(self)"  # the press report's "Copy"
    assert "Permissions-Policy" in client.get("/anmelden/")
