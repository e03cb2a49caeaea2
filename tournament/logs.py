"""Log records without sheet tokens: a sheet link opens its table's score sheet to anyone who has
it, so a log line that shows one (an access log's request line or referrer, "Not Found: …",
an error's path) must not.

``HideSheetTokens`` is a logging filter for handlers: it formats the record's message with its
arguments, replaces the token of every sheet link in it by ``<token>``, and does the same to the
traceback and stack text, so every handler after it writes the hidden form. ``config.settings``
puts it on the app's log handler (runserver's requests, ``django.request``, everything else),
``gunicorn.conf.py`` on gunicorn's error and access logs.

A token is found twice over: by the sheet link's path from the URL configuration (route
``sheet-link``, e.g. ``/zettel/<token>/``), and by its shape, the 43 characters of
``secrets.token_urlsafe(32)`` after a slash, which also holds where Django is not set up
(gunicorn's master process) or a token stands in another path.
"""

from __future__ import annotations

import logging
import re

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
