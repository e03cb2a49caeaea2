"""The login throttle (django-axes, hooked in by ``core.security``): after ten wrong
passwords for a user name from one address, even the right one is refused with the site's own
German page for fifteen minutes; other addresses and other user names log in as before. The
count is kept in the database, also with REDIS_URL: app servers share it through the database,
and a Redis outage does not touch it (tests/test_redis_outage.py, across two real servers)."""

import io
import threading
from datetime import timedelta

import pytest
from django.conf import settings as django_settings
from django.contrib.auth import SESSION_KEY
from django.core.management import call_command
from django.db import connection
from django.test import Client, RequestFactory
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext, ngettext

from core.security import client_address
from tests.factories import make_user

pytestmark = pytest.mark.django_db

ADDRESS = "192.0.2.10"
PASSWORD = "geheim-123"


def log_in(client: Client, password: str, username: str = "orga", **meta):
    meta.setdefault("REMOTE_ADDR", ADDRESS)
    return client.post(reverse("login"), {"username": username, "password": password}, **meta)


def logged_in(client: Client) -> bool:
    return SESSION_KEY in client.session


def fail(client: Client, times: int, username: str = "orga", **meta) -> None:
    """``times`` wrong passwords: the form again with its error, the tenth the lockout page."""
    for number in range(1, times + 1):
        response = log_in(client, "falsch", username, **meta)
        assert response.status_code == (429 if number >= 10 else 200), number
        assert not logged_in(client)


def locked_out_message(minutes: int) -> str:
    return ngettext(
        "Too many failed logins with this user name from this device. Logging in is blocked for "
        "%(minutes)s minute; please try again after that.",
        "Too many failed logins with this user name from this device. Logging in is blocked for "
        "%(minutes)s minutes; please try again after that.",
        minutes,
    ) % {"minutes": minutes}


def test_the_count_is_kept_in_the_database():
    from axes.handlers.database import AxesDatabaseHandler
    from django.utils.module_loading import import_string

    assert issubclass(import_string(django_settings.AXES_HANDLER), AxesDatabaseHandler)


def test_the_limit_is_ten_failures_and_fifteen_minutes():
    assert django_settings.AXES_FAILURE_LIMIT == 10
    assert django_settings.AXES_COOLOFF_TIME.total_seconds() == 15 * 60


def test_wrong_passwords_lock_out_even_the_right_one(client):
    make_user("orga", PASSWORD)
    fail(client, 10)
    response = log_in(client, PASSWORD)
    assert response.status_code == 429
    assert not logged_in(client)
    page = response.content.decode()
    assert locked_out_message(15) in page
    assert gettext("Organiser login") in page  # the site's page, not axes' bare sentence
    assert "<!DOCTYPE html>" in page and 'href="/"' in page


def test_nine_failures_do_not_lock_and_a_success_starts_the_count_again(client):
    make_user("orga", PASSWORD)
    fail(client, 9)
    assert log_in(client, PASSWORD).status_code == 302
    client.logout()
    fail(client, 9)
    assert log_in(client, PASSWORD).status_code == 302


def test_after_the_cool_off_the_right_password_works_again(client, monkeypatch):
    make_user("orga", PASSWORD)
    fail(client, 10)
    assert log_in(client, PASSWORD).status_code == 429
    later = timezone.now() + django_settings.AXES_COOLOFF_TIME + timedelta(seconds=1)
    monkeypatch.setattr("axes.handlers.proxy.now", lambda: later)  # axes' time of an attempt
    assert log_in(client, PASSWORD).status_code == 302
    assert logged_in(client)


def test_a_reset_unlocks_at_once(client):
    make_user("orga", PASSWORD)
    fail(client, 10)
    assert log_in(client, PASSWORD).status_code == 429
    call_command("axes_reset_ip_username", ADDRESS, "orga", stdout=io.StringIO())
    assert log_in(client, PASSWORD).status_code == 302


def test_the_lock_is_per_user_name_and_address(client):
    make_user("orga", PASSWORD)
    make_user("kasse", PASSWORD)
    fail(client, 10)
    assert log_in(client, PASSWORD).status_code == 429
    # the same account from another device, another account from this one: not locked
    assert log_in(Client(), PASSWORD, REMOTE_ADDR="192.0.2.99").status_code == 302
    assert log_in(Client(), PASSWORD, username="kasse").status_code == 302


def test_behind_the_proxy_the_client_is_the_last_forwarded_address(settings):
    factory = RequestFactory()
    request = factory.get("/", REMOTE_ADDR="10.0.0.2",
                          HTTP_X_FORWARDED_FOR="203.0.113.9, 198.51.100.7")
    assert client_address(request) == "10.0.0.2"  # no proxy: forwarded headers are not believed
    settings.BEHIND_PROXY = True
    assert client_address(request) == "198.51.100.7"  # what our proxy appended, not the forged
    assert client_address(factory.get("/", REMOTE_ADDR="10.0.0.2")) == "10.0.0.2"


def test_behind_the_proxy_a_forged_forwarded_address_does_not_escape_the_lock(client, settings):
    settings.BEHIND_PROXY = True
    make_user("orga", PASSWORD)
    for number in range(1, 11):  # a new forged first entry every time
        response = log_in(client, "falsch", HTTP_X_FORWARDED_FOR=f"203.0.113.{number}, {ADDRESS}",
                          REMOTE_ADDR="10.0.0.2")
        assert response.status_code == (429 if number == 10 else 200)
    forged = f"203.0.113.99, {ADDRESS}"
    assert log_in(client, PASSWORD, HTTP_X_FORWARDED_FOR=forged, REMOTE_ADDR="10.0.0.2"
                  ).status_code == 429
    # another client behind the same proxy is not locked
    other = log_in(Client(), PASSWORD, HTTP_X_FORWARDED_FOR="198.51.100.20", REMOTE_ADDR="10.0.0.2")
    assert other.status_code == 302


@pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="needs PostgreSQL: the tests' in-memory SQLite answers a second writer 'locked' at once",
)
@pytest.mark.django_db(transaction=True)
def test_guesses_sent_at_once_are_counted_before_their_passwords_are_checked(monkeypatch):
    """16 wrong passwords at once, each held in its password check until the right one has been
    answered: at most ten reach the check, the others are refused at once, and the right one,
    sent while the guesses are still being checked, is refused too (the probe's 16 parallel
    guesses let the right one in: axes counted each failure only after its check)."""
    from django.contrib.auth.backends import ModelBackend

    make_user("orga", PASSWORD)
    guesses = 16
    checked, answered = [], []
    changed = threading.Condition()
    release = threading.Event()
    check = ModelBackend.authenticate

    def held_check(self, request, username=None, password=None, **kwargs):
        if password == "falsch":
            with changed:
                checked.append(username)
                changed.notify_all()
            assert release.wait(30)
        return check(self, request, username=username, password=password, **kwargs)

    monkeypatch.setattr(ModelBackend, "authenticate", held_check)
    start = threading.Barrier(guesses)

    def guess() -> None:
        try:
            start.wait()
            status = log_in(Client(), "falsch").status_code
        except Exception as error:  # the test inspects it
            status = error
        finally:
            connection.close()
        with changed:
            answered.append(status)
            changed.notify_all()

    threads = [threading.Thread(target=guess) for _ in range(guesses)]
    for thread in threads:
        thread.start()
    try:
        with changed:  # every guess is in its password check or answered
            assert changed.wait_for(lambda: len(checked) + len(answered) == guesses, timeout=30)
        right = log_in(Client(), PASSWORD)
    finally:
        release.set()
        for thread in threads:
            thread.join(30)
    assert len(checked) <= django_settings.AXES_FAILURE_LIMIT, checked
    assert right.status_code == 429
    # the guesses checked find the count at the limit when they fail: all get the lockout page
    assert answered == [429] * guesses, answered
