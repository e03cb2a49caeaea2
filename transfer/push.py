"""Sending an event to the association's server (``manage.py push_event``): the event's archive
posted to the server's ``event-push`` address with a sending key of the event's club
(``clubs.models.SendingKey``); the server answers in JSON (``transfer.views.event_push``).

Through the standard library's ``urllib``: one POST with a header, nothing a client library
would add to."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from dataclasses import dataclass
from typing import Any
from urllib.parse import urljoin

from django.urls import reverse
from django.utils.translation import get_language

TIMEOUT_SECONDS = 120
"""How long the laptop waits for the server's answer (an evening's archive is a few hundred KB;
the server merges it in one transaction)."""


@dataclass(frozen=True)
class PushAnswer:
    status: int  # the HTTP status
    body: dict[str, Any]  # the server's JSON answer ({} when it sent none)


def push_url(server: str) -> str:
    """The ``event-push`` address of the server at ``server`` (its address as the club's page
    shows it: ``https://binokel.example.org/``)."""
    return urljoin(server.rstrip("/") + "/", reverse("event-push").lstrip("/"))


def _json(data: bytes) -> dict[str, Any]:
    try:
        body = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        return {}
    return body if isinstance(body, dict) else {}


def push_archive(*, server: str, key: str, data: bytes) -> PushAnswer:
    """Post the archive ``data`` to ``server`` with the sending key ``key``. Raises ``OSError``
    (``urllib.error.URLError`` among them) when the server cannot be reached."""
    request = urllib.request.Request(
        push_url(server), data=data, method="POST",
        headers={
            "Authorization": f"Bearer {key}",
            "Content-Type": "application/zip",
            "Accept": "application/json",
            "Accept-Language": get_language() or "de",
        },
    )
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT_SECONDS) as response:
            return PushAnswer(response.status, _json(response.read()))
    except urllib.error.HTTPError as error:
        return PushAnswer(error.code, _json(error.read()))
