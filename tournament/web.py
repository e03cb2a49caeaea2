"""What every page does the same way: the organiser check that loads the event, and showing a
user-fixable error.

Organiser pages are declared in the apps' ``urls_organiser`` modules and wrapped in
``organiser_view``; the public ones are in ``urls_public`` (a test walks every route and checks
that only those answer an anonymous visitor).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404

from tournament.errors import UserError
from tournament.models import Event

View = Callable[..., HttpResponse]


def organiser_view(view: View) -> View:
    """An organiser page: anonymous visitors are sent to the login page, and the URL's
    ``slug`` arrives as the ``event`` argument (404 for an unknown event)."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if "slug" in kwargs:
            kwargs["event"] = get_object_or_404(Event, slug=kwargs.pop("slug"))
        return view(request, *args, **kwargs)

    checked = login_required(wrapper)
    checked.organiser_only = True  # type: ignore[attr-defined]
    return checked


def show_error(request: HttpRequest, error: UserError) -> None:
    """A refused change as a message on the next page, in the reader's language."""
    messages.error(request, str(error))


def add_form_error(form: forms.Form, error: UserError) -> None:
    """A refused change next to the form field it concerns (or above the form)."""
    form.add_error(error.field if error.field in form.fields else None, str(error))
