"""One-time form tokens: a form that creates something is carried out once.

The page puts a random token into the form (``new_form_token``). The service that writes
records it with ``use_form_token`` inside its own transaction, before it writes anything. The
token's unique constraint (``tournament.models.FormSubmission``) is what guards: a repeated
submit (a double click, a reload, Back and send again) finds the token used; a concurrent one
waits for the first transaction on the unique index and then finds it. Either way the service
raises ``AlreadySubmitted``, its transaction creates nothing, and the page answers with what the
first submit created. A form sent without a token (a page from before tokens, a script) is
carried out without this guard.
"""

from __future__ import annotations

import secrets
from typing import Any

from django.db import IntegrityError, connection, transaction
from django.utils.translation import gettext_noop

from core.errors import UserError
from tournament.models import Event, FormSubmission

Kind = FormSubmission.Kind


class AlreadySubmitted(UserError):
    """The form was carried out before; ``submission`` says what it created."""

    def __init__(self, msgid: str, /, *, submission: FormSubmission, **params: Any) -> None:
        super().__init__(msgid, **params)
        self.submission = submission


def new_form_token() -> str:
    """A fresh token for a form (43 URL-safe characters)."""
    return secrets.token_urlsafe(32)


def used_form_token(token: str, *, kind: str | None = None) -> FormSubmission | None:
    """The submission that used ``token`` (of that ``kind``), if any."""
    if not token:
        return None
    submissions = FormSubmission.objects.select_related(
        "event", "entry__player", "entry__partner"
    ).filter(token=token)
    if kind is not None:
        submissions = submissions.filter(kind=kind)
    return submissions.first()


def already_submitted(submission: FormSubmission) -> AlreadySubmitted:
    """The refusal of a repeated submit, naming what the first one created."""
    entry, event = submission.entry, submission.event
    if submission.kind == Kind.ENTRY and entry is not None:
        return AlreadySubmitted(
            gettext_noop(
                "Start number %(number)s: %(name)s is registered already; the form was sent "
                "twice, nothing was registered again."
            ),
            submission=submission,
            number=entry.start_number,
            name=entry.name,
        )
    if submission.kind == Kind.IMPORT:
        return AlreadySubmitted(
            gettext_noop("This list has been imported already; nothing was imported again."),
            submission=submission,
        )
    if submission.kind == Kind.EVENT and event is not None:
        return AlreadySubmitted(
            gettext_noop(
                "Tournament “%(name)s” has been created already; the form was sent twice, "
                "nothing was created again."
            ),
            submission=submission,
            name=event.name,
        )
    if submission.kind == Kind.PAYMENT and entry is not None:
        return AlreadySubmitted(
            gettext_noop(
                "Start number %(number)s: this payment has been taken already; the form was "
                "sent twice, nothing was taken again."
            ),
            submission=submission,
            number=entry.start_number,
        )
    return AlreadySubmitted(
        gettext_noop("This form has been sent already; nothing was saved again."),
        submission=submission,
    )


def use_form_token(*, token: str, kind: str, event: Event | None = None) -> FormSubmission:
    """Record ``token`` as used, inside the caller's transaction (which must be open).

    Raises ``AlreadySubmitted`` when the token has been used; a transaction using the same
    token at the same time is waited for (PostgreSQL holds the second insert on the unique
    index until the first commits; SQLite lets one writer in at a time).
    """
    if not connection.in_atomic_block:
        raise RuntimeError("use_form_token belongs inside the transaction of the write")
    try:
        with transaction.atomic():
            return FormSubmission.objects.create(token=token, kind=kind, event=event)
    except IntegrityError:
        earlier = used_form_token(token)
        if earlier is None:
            raise
        raise already_submitted(earlier) from None
