"""The login throttle's handler (``AXES_HANDLER``): django-axes' database handler, with every
login attempt counted before its password is checked.

Axes itself counts a failure after the password check, so attempts that arrive together all
find the count below the limit and are all checked: the probe got 16 parallel guesses and then
the right password through. Here the attempt is counted first (``is_allowed``), in a short
transaction that holds the user name and address alone (PostgreSQL: an advisory lock; SQLite:
the write lock every transaction takes when it begins, see ``config.settings``), so of any
number of attempts at once at most the limit reach the password check; the rest get the
lockout page. A failure is then the attempt already counted (axes' own count of it is taken
back in the same transaction), a success clears the count as before
(``AXES_RESET_ON_SUCCESS``), and ``axes_reset*`` commands clear it too.
"""

from __future__ import annotations

import hashlib
from typing import Any

from axes.handlers.database import AxesDatabaseHandler
from axes.helpers import get_client_username
from axes.models import AccessAttempt
from django.db import connection, transaction
from django.db.models import F
from django.http import HttpRequest


def _attempts(request: HttpRequest, username: str | None):
    """The axes row this request's failure is recorded in (user name, address, browser)."""
    return AccessAttempt.objects.filter(
        username=username, ip_address=request.axes_ip_address, user_agent=request.axes_user_agent
    )


def _hold(username: str | None, address: str | None) -> None:
    """Hold the user name and address until the end of the transaction (PostgreSQL; SQLite
    holds the whole database for a writing transaction anyway)."""
    if connection.vendor != "postgresql":
        return
    digest = hashlib.blake2b(f"login\0{username}\0{address}".encode(), digest_size=8).digest()
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_advisory_xact_lock(%s)", [int.from_bytes(digest, "big", signed=True)]
        )


class CountedFirstHandler(AxesDatabaseHandler):
    """Axes' database handler that counts an attempt before its password is checked."""

    def is_allowed(self, request: HttpRequest, credentials: dict | None = None) -> bool:
        if not super().is_allowed(request, credentials):
            return False  # locked out already: refused without a write
        if self.is_whitelisted(request, credentials):
            return True
        username = get_client_username(request, credentials)
        with transaction.atomic():
            _hold(username, request.axes_ip_address)
            if self.is_locked(request, credentials):
                return False
            _attempt, created = AccessAttempt.objects.get_or_create(
                username=username,
                ip_address=request.axes_ip_address,
                user_agent=request.axes_user_agent,
                defaults={
                    "get_data": "",
                    "post_data": "",
                    "http_accept": request.axes_http_accept,
                    "path_info": request.axes_path_info,
                    "failures_since_start": 1,
                    "attempt_time": request.axes_attempt_time,
                },
            )
            if not created:
                _attempts(request, username).update(
                    failures_since_start=F("failures_since_start") + 1,
                    attempt_time=request.axes_attempt_time,
                )
        request.axes_counted_first = True
        return True

    def user_login_failed(
        self, sender: Any, credentials: dict, request: HttpRequest | None = None, **kwargs: Any
    ) -> None:
        if request is None or not getattr(request, "axes_counted_first", False):
            super().user_login_failed(sender, credentials, request, **kwargs)
            return
        # the failure was counted when the attempt began: axes counts it once more below, in
        # the same transaction, so no other attempt ever sees the count one lower
        with transaction.atomic():
            _attempts(request, get_client_username(request, credentials)).update(
                failures_since_start=F("failures_since_start") - 1
            )
            super().user_login_failed(sender, credentials, request, **kwargs)
