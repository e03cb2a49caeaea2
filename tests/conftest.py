import pytest
from django.core.cache import cache
from django.http import HttpRequest
from django.test import Client
from django.utils import translation

from tests.factories import make_club, make_user
from tests.mailbox import mailbox  # noqa: F401 (a fixture: a local SMTP server, tests/mailbox.py)

# What `make test-fast` leaves out (-m "not slow"): tests of seconds each, measured with
# --durations. The browser tests are slow by their folder (tests/e2e/conftest.py); here the
# tests with a live server, a real SMTP server or a Redis, and the modules or tests that start
# app servers or other processes (Redis outages, backups, restores, the hall's server, gunicorn's
# log, the settings and the import rules read in a fresh process, the demo command), and those
# that migrate the database back and forth (the change logs of old).
SLOW_FIXTURES = {"live_server", "mailbox", "redis_cache"}
SLOW = {
    "tests/test_redis_outage.py",
    "tests/test_database_settings.py",
    "tests/test_architecture.py",
    "tests/test_change_log_migration.py",
    "tests/tournament/test_migrations.py",
    "tests/signup/test_migrations.py",
    "tests/demo/test_demo.py",
    "tests/demo/test_demo_account.py",
    "tests/core/test_backups.py",
    "tests/core/test_hall_server.py",
    "tests/core/test_restore.py",
    "tests/tournament/test_settings.py",
    "tests/core/test_logs.py::test_gunicorns_access_and_error_logs_hide_the_token",
    "tests/test_i18n.py::test_every_message_of_the_code_is_translated_and_every_entry_is_used",
}


def pytest_collection_modifyitems(config, items):
    for item in items:
        module = item.path.relative_to(config.rootpath).as_posix()
        test = f"{module}::{item.originalname}"
        if SLOW.intersection((module, test)) or SLOW_FIXTURES.intersection(item.fixturenames):
            item.add_marker(pytest.mark.slow)


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings_parallel_suffix, tmp_path_factory):
    """On SQLite the test database is a file of this test process's own (each xdist worker has
    its own temporary folder), as in the hall, not Django's shared in-memory database.

    In memory, pytest-django's live server hands the test thread's one connection to every
    request thread, and a read of the test while the server writes failed at once with
    "database table is locked". With a file every thread has its own connection, and a read or
    write that meets another's lock waits (the settings' SQLite "timeout", up to 20 s)."""
    from django.conf import settings

    database = settings.DATABASES["default"]
    if database["ENGINE"] == "django.db.backends.sqlite3":
        folder = tmp_path_factory.mktemp("database")
        database.setdefault("TEST", {})["NAME"] = str(folder / "test.sqlite3")
        # a throwaway file: no waiting for the disk at each commit (13 ms each on a busy disk)
        database.setdefault("OPTIONS", {})["init_command"] = "PRAGMA synchronous=OFF"
    elif database["ENGINE"] == "django.db.backends.postgresql":
        # a throwaway database: a commit does not wait for the disk (15 instead of 5 ms each)
        options = database.setdefault("OPTIONS", {})
        options["options"] = " ".join(
            filter(None, [options.get("options"), "-c synchronous_commit=off"])
        )


@pytest.fixture(autouse=True)
def _german_by_default():
    """Every test starts in the interface's default language, German."""
    with translation.override("de"):
        yield


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings):
    """Logging in is not what the tests measure; the real hasher takes ~0.3 s per login."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _fresh_login_throttle(monkeypatch, settings):
    """No failed logins carried over from another test (django-axes counts them in the database,
    rolled back after each test, or in the cache: a per-process cache is emptied here, never a
    Redis from the environment), and the test client's ``login()`` passes a request as the login
    page does, which axes needs to count it."""
    if settings.CACHES["default"]["BACKEND"].endswith(".LocMemCache"):
        cache.clear()
    login = Client.login

    def login_with_request(self, **credentials):
        credentials.setdefault("request", HttpRequest())
        return login(self, **credentials)

    monkeypatch.setattr(Client, "login", login_with_request)


@pytest.fixture(autouse=True)
def _static_files_looked_up_when_asked(settings):
    """WhiteNoise finds the static files when one is asked for, as under ``DEBUG``, instead of
    listing all of them (with their headers) each time a test's client loads the middleware:
    that listing took 45 ms a client, an eighth of the page tests' time."""
    settings.WHITENOISE_AUTOREFRESH = True


@pytest.fixture(autouse=True)
def _no_public_url(settings):
    """Links start with the test server's address unless a test sets PUBLIC_URL itself, also
    when the developer's environment sets it for a real event."""
    settings.PUBLIC_URL = ""


@pytest.fixture(autouse=True)
def _no_backups(settings, monkeypatch):
    """No request of a test starts the server's backup thread (core.backups), also when
    the developer's environment sets BACKUP_DIR for a real event; a test sets the folder
    itself."""
    settings.BACKUP_DIR = ""
    monkeypatch.setattr("core.backups._started", True)


@pytest.fixture
def organiser(client, db):
    """The account "orga" (password "geheim-123"), with the test's ``client`` logged in as them.

    A plain account without any role: it opens an event's organiser pages only where the test
    makes it the event's organiser (``make_event(organiser=organiser)``, or ``make_role(event,
    organiser)`` for an event made elsewhere); an event it creates on the page is its own.
    Tests of the desk's pages use a helper account with the desk role, not this one.

    A test that needs a real login with the password (the login page) logs in itself."""
    user = make_user("orga", "geheim-123")
    client.force_login(user)
    return user


@pytest.fixture
def organisers_club(organiser):
    """A club whose events the ``organiser`` account organises (as its organiser, not its
    admin): what a test of creating an event needs, since every event belongs to a club."""
    return make_club(organiser=organiser)
