"""Log records without sheet tokens: a sheet link opens its table's score sheet to anyone who has
it, so a log line that shows one (an access log's request line or referrer, "Not Found: …",
an error's path) must not.

``HideSheetTokens`` is a logging filter for handlers: it formats the record's message with its
arguments, replaces the token of every sheet link in it by ``<token>``, and does the same to the
traceback and stack text, so every handler after it writes the hidden form. ``config.settings``
puts it on the app's log handler (runserver's requests, ``django.request``, everything else),
``gunicorn.conf.py`` on gunicorn's error and access logs.

``RedisOutageWarning`` is a logging filter for django-redis' logger (``config.settings``): a Redis
that is down or stalled is reported once a minute as one warning line, not with a traceback for
every cache call.

A token is found twice over: by the sheet link's path from the URL configuration (route
``sheet-link``, e.g. ``/zettel/<token>/``), and by its shape, the 43 characters of
``secrets.token_urlsafe(32)`` after a slash, which also holds where Django is not set up
(gunicorn's master process) or a token stands in another path.
"""

from __future__ import annotations

import logging
import re
import threading
import time

MARKER = "<token>"  # ASCII: any log file or terminal can take it
# scoring.models.new_token: token_urlsafe(32), 43 characters of the URL-safe alphabet
TOKEN_SHAPE = re.compile(r"(?<=/)[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])")


class HideSheetTokens(logging.Filter):
    """Replaces sheet tokens in a record's message, arguments and traceback by ``<token>``."""

    def __init__(self, name: str = "") -> None:
        super().__init__(name)
        self._link: re.Pattern[str] | None = None

    def link_pattern(self) -> re.Pattern[str] | None:
        """The sheet link's path with its token as a group, from the URL configuration."""
        if self._link is None:
            try:
                from django.urls import reverse

                token = "TOKEN"
                path = reverse("sheet-link", kwargs={"token": token})
            except Exception:  # Django not set up (yet), or no such route: by shape
                return None
            prefix, _token, suffix = path.partition(token)  # "/zettel/", "/"
            # the path's start: the line's, after a space, quote or "=", or after a host
            start = r"(?:^|(?<=[\s\"'(=])|(?<=//)[^/\s\"']+)"
            end = rf"(?={re.escape(suffix)})" if suffix else r"(?![^/?#\s\"'<>])"
            self._link = re.compile(rf"({start}{re.escape(prefix)})[^/?#\s\"'<>]+{end}")
        return self._link

    def hide(self, text: str) -> str:
        link = self.link_pattern()
        if link is not None:
            text = link.sub(rf"\g<1>{MARKER}", text)
        return TOKEN_SHAPE.sub(MARKER, text)

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            message = record.getMessage()
        except Exception:  # a broken format string: let the handler report it as usual
            return True
        record.msg, record.args = self.hide(message), ()
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = self.hide(record.exc_text)
        if record.stack_info:
            record.stack_info = self.hide(record.stack_info)
        return True


class RedisOutageWarning(logging.Filter):
    """django-redis logs every cache call it could not make, and ignored, as an error with a
    traceback (``DJANGO_REDIS_LOG_IGNORED_EXCEPTIONS``): while Redis is down that is a few per
    request. This filter turns the first into one warning line with the cause and drops the
    rest of the next ``interval`` seconds (each process counts for itself)."""

    interval = 60.0

    def __init__(self, name: str = "") -> None:
        super().__init__(name)
        self._lock = threading.Lock()
        self._quiet_until = float("-inf")

    def filter(self, record: logging.LogRecord) -> bool:
        now = time.monotonic()
        with self._lock:
            if now < self._quiet_until:
                return False
            self._quiet_until = now + self.interval
        if not logging.getLogger(record.name).isEnabledFor(logging.WARNING):
            return False
        error = record.exc_info[1] if record.exc_info else None
        cause = (error.__cause__ or error) if error is not None else record.getMessage()
        record.levelno, record.levelname = logging.WARNING, logging.getLevelName(logging.WARNING)
        record.msg = (
            "Redis is unreachable (%s): pages are computed without the cache until it answers "
            "again (this warning at most once a minute)"
        )
        record.args = (cause,)
        record.exc_info, record.exc_text = None, None
        return True
