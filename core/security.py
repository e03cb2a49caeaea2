"""The login throttle's two hooks into django-axes (configured in ``config.settings``).

- ``client_address``: the address a login attempt counts against. Behind the reverse proxy of a
  hosted setup (``BEHIND_PROXY``) every request comes from the proxy, so the client is the last
  entry of ``X-Forwarded-For``, the one the proxy appended (entries before it are whatever the
  client sent, and could be forged); otherwise ``REMOTE_ADDR``.
- ``locked_out``: the page a locked-out login gets, in the site's layout and language (axes'
  own answer is a bare English sentence).
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

# "Too Many Requests": the attempt was refused for its number, not for its password
LOCKED_OUT_STATUS = 429


def client_address(request: HttpRequest) -> str | None:
    """The client's address: behind our proxy the last X-Forwarded-For entry, else the peer."""
    if settings.BEHIND_PROXY:
        forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
        last = forwarded.split(",")[-1].strip()
        if last:
            return last
    return request.META.get("REMOTE_ADDR")


def locked_out(
    request: HttpRequest, original_response: HttpResponse | None = None, credentials: Any = None
) -> HttpResponse:
    """The login page's answer while a user name is locked out from this address."""
    minutes = int(settings.AXES_COOLOFF_TIME.total_seconds() // 60)
    return render(
        request,
        "registration/locked_out.html",
        {"minutes": minutes, "failure_limit": settings.AXES_FAILURE_LIMIT},
        status=LOCKED_OUT_STATUS,
    )
