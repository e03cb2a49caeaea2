"""What every page does the same way with a user-fixable error and the focus, and what a route
declares about itself (``no_store``, ``takes_body``), which ``core.middleware`` reads."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse

from core.errors import UserError


def show_error(request: HttpRequest, error: UserError) -> None:
    """A refused change as a message on the next page, in the reader's language."""
    messages.error(request, str(error))


def add_form_error(form: forms.Form, error: UserError) -> None:
    """A refused change next to the form field it concerns (or above the form)."""
    form.add_error(error.field if error.field in form.fields else None, str(error))


def put_focus(form: forms.Form, *, default: str) -> None:
    """Mark where the next typing goes with ``autofocus``: the first field of ``form`` with a
    message, else the field ``default`` (``tournament/focus.js`` gives it the focus also on a
    page opened at an anchor)."""
    with_errors = [
        field.name for field in form if field.errors and not field.is_hidden
    ]
    name = with_errors[0] if with_errors else default
    if name in form.fields:
        form.fields[name].widget.attrs["autofocus"] = True


# --- what a route declares about itself (read by ``core.middleware``) ------------------------

View = Callable[..., HttpResponse]


def account_view(view: View) -> View:
    """A page of the organisers' side that belongs to no event or club (creating an event, the
    list of one's clubs): any logged-in account, anonymous visitors are sent to the login page.
    The pages of one event or club check their roles themselves (``tournament.access``,
    ``clubs.access``)."""
    checked = login_required(view)
    checked.organiser_only = True  # type: ignore[attr-defined]
    checked.needs_role = None  # type: ignore[attr-defined]
    return checked
"""A Django view function."""


def declared(view: View, **declarations: Any) -> View:
    """``view`` under a new name that carries ``declarations`` as attributes (the view itself is
    left as it is, so it may serve other routes without them)."""

    @wraps(view)
    def route(*args: Any, **kwargs: Any) -> HttpResponse:
        return view(*args, **kwargs)

    for name, value in declarations.items():
        setattr(route, name, value)
    return route


def no_store(view: View) -> View:
    """A route whose answers no browser or proxy may keep (``Cache-Control: no-store`` on every
    answer, errors included): a page or a save behind a secret link, a page that shows such a
    link, an export of results and names."""
    return declared(view, no_store=True)


def takes_body(max_bytes: int, *, too_large: Callable[[], str]) -> Callable[[View], View]:
    """A route that takes a request body of up to ``max_bytes`` (more than
    ``core.limits.MAX_REQUEST_BYTES``, every other route's limit); ``too_large`` gives the
    message of the 413 page for a larger one."""

    def declare(view: View) -> View:
        return declared(view, body_limit=max_bytes, too_large=too_large)

    return declare
