"""Log records without the secrets of links: a sheet link opens its table's score sheet, a
registration's manage link the registration, a helper's one-time link sets the account's
password, to anyone who has it; so a log line that shows one (an access log's request line or
referrer, "Not Found: …", an error's path) must not.

``HideLinkTokens`` is a logging filter for handlers: it formats the record's message with its
arguments, replaces the secret of every such link in it by ``<token>``, and does the same to the
traceback and stack text, so every handler after it writes the hidden form. ``config.settings``
puts it on the app's log handler (runserver's requests, ``django.request``, waitress, everything
else), ``gunicorn.conf.py`` on gunicorn's error and access logs.

``OneLine`` drops a record's traceback (``django.security.DisallowedHost``: a request for an
unknown host is one line). ``RedisOutageWarning`` is a logging filter for django-redis' logger
(``config.settings``): a Redis that is down or stalled is reported once a minute as one warning
line, not with a traceback for every cache call.

A secret is found twice over: by the routes of the URL configuration whose path takes a
parameter named in ``SECRET_PARAMETERS`` (e.g. ``/zettel/<token>/``,
``/turnier/<slug>/anmeldung/<token>/``, ``/konto/passwort/<uidb64>/<token>/``), and by its shape
(``TOKEN_SHAPES``: the 43 characters of ``secrets.token_urlsafe(32)``, Django's password-link
token) after a slash, which also holds where Django is not set up (gunicorn's master process) or
a token stands in another path.
"""

from __future__ import annotations

import logging
import re
import threading
import time
from collections.abc import Iterator

MARKER = "<token>"  # ASCII: any log file or terminal can take it
SECRET_PARAMETERS = frozenset({"token", "key"})
"""Names of the route parameters that carry a secret (a link's token, a stored upload's key)."""
_AFTER_SLASH = r"(?:(?<=/)|(?<=%2F)|(?<=%2f))"  # also in an encoded ?next=
_END = r"(?![A-Za-z0-9_-])"
TOKEN_SHAPES = re.compile(
    # scoring.models.new_token, signup.models.new_token: token_urlsafe(32)
    rf"{_AFTER_SLASH}[A-Za-z0-9_-]{{43}}{_END}"
    # django.contrib.auth.tokens: a timestamp in base 36, "-", half a SHA-256 in hex
    rf"|{_AFTER_SLASH}[0-9a-z]{{1,13}}-[0-9a-f]{{32}}{_END}"
)
# where a path starts: the line's start, after a space, quote, "(" or "=", or after a host
_PATH_START = r"(?:^|(?<=[\s\"'(=])|(?<=//)[^/\s\"']+)"
_SEGMENT = r"[^/?#\s\"'<>]+"
_PARAMETER = re.compile(r"<(?:\w+:)?(\w+)>")


def _routes(patterns: list, prefix: str = "") -> Iterator[str]:
    """The path routes (``path()``, not ``re_path()``) of ``patterns``, included ones too."""
    from django.urls import URLResolver
    from django.urls.resolvers import RoutePattern

    for pattern in patterns:
        if not isinstance(pattern.pattern, RoutePattern):
            continue
        route = prefix + str(pattern.pattern)
        if isinstance(pattern, URLResolver):
            yield from _routes(pattern.url_patterns, route)
        else:
            yield route


def secret_route_pattern(route: str) -> re.Pattern[str] | None:
    """A pattern that finds ``route``'s path in a text, its secret parameters as groups named
    ``secret<i>``; None when the route takes no secret."""
    parts, last, secrets = [_PATH_START, "/"], 0, 0
    for parameter in _PARAMETER.finditer(route):
        parts.append(re.escape(route[last : parameter.start()]))
        if parameter.group(1) in SECRET_PARAMETERS:
            parts.append(f"(?P<secret{secrets}>{_SEGMENT})")
            secrets += 1
        else:
            parts.append(_SEGMENT)
        last = parameter.end()
    if not secrets:
        return None
    parts.append(re.escape(route[last:]))
    return re.compile("".join(parts))


def secret_route_patterns() -> list[re.Pattern[str]]:
    """The patterns of every route of the URL configuration that takes a secret."""
    from django.urls import get_resolver

    found = (secret_route_pattern(route) for route in _routes(get_resolver().url_patterns))
    return [pattern for pattern in found if pattern is not None]


def _hide_groups(match: re.Match[str]) -> str:
    text, start, pieces = match.group(0), match.start(), []
    last = 0
    for name, value in match.groupdict().items():
        if value is None or not name.startswith("secret"):
            continue
        begin, end = match.span(name)
        pieces += [text[last : begin - start], MARKER]
        last = end - start
    return "".join(pieces) + text[last:]


class HideLinkTokens(logging.Filter):
    """Replaces the secrets of links in a record's message, arguments and traceback by
    ``<token>``."""

    def __init__(self, name: str = "") -> None:
        super().__init__(name)
        self._routes: dict[object, list[re.Pattern[str]]] = {}

    def route_patterns(self) -> list[re.Pattern[str]]:
        """The secret routes' patterns of the URL configuration in use (none when Django is
        not set up)."""
        try:
            from django.apps import apps
            from django.conf import settings

            if not apps.ready:  # e.g. gunicorn's master process: by shape
                return []
            urlconf = settings.ROOT_URLCONF
            if urlconf not in self._routes:
                self._routes[urlconf] = secret_route_patterns()
            return self._routes[urlconf]
        except Exception:  # Django not set up (yet): by shape
            return []

    def hide(self, text: str) -> str:
        for pattern in self.route_patterns():
            text = pattern.sub(_hide_groups, text)
        return TOKEN_SHAPES.sub(MARKER, text)

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


class OneLine(logging.Filter):
    """Drops a record's traceback: for a refusal that is no bug of the app (a request for a
    host not in ALLOWED_HOSTS), which anyone can make the server write by the thousand."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.exc_info, record.exc_text, record.stack_info = None, None, None
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
