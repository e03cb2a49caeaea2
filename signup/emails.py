"""The registration e-mails: a confirmation with the code, the event's facts and the link to
see or cancel the registration, and a message whenever its status changes (moved up from the
waiting list, accepted, moved to the waiting list, cancelled); the confirmation again, saying
someone tried to register again with the registration's address and name.

Sent through Django's e-mail framework (the SMTP server of ``EMAIL_HOST``, else the console,
``config.settings``) after the change's transaction commits (``schedule``): a change that is
rolled back sends nothing, and a mail server that fails cannot undo a registration. Text and
HTML (``templates/signup/email/``); the HTML part carries the QR code of the door's link as an
inline image. The text template keeps a block for the event's rules sheet.
"""

from __future__ import annotations

import logging
from email.mime.image import MIMEImage

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.db import transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext

from core.qr import qr_png
from scoring.interface import merkblatt, rules_label, rules_of
from signup.models import Registration, SignupSettings
from signup.selectors import waiting_place

logger = logging.getLogger(__name__)

# Why an e-mail is sent: its subject and first sentence follow it.
CONFIRMATION = "confirmation"  # a new registration, or its confirmation sent again
MOVED_UP = "moved_up"
ACCEPTED = "accepted"
MOVED_DOWN = "moved_down"
CANCELLED = "cancelled"
AGAIN = "again"  # someone registered again with the address and name: the confirmation again
REASONS = (CONFIRMATION, MOVED_UP, ACCEPTED, MOVED_DOWN, CANCELLED, AGAIN)
QR_CONTENT_ID = "code-qr"


def manage_path(registration: Registration) -> str:
    """The registration's own page (see it, cancel it, delete its data)."""
    return reverse(
        "signup-manage", kwargs={"slug": registration.event.slug, "token": registration.token}
    )


def desk_path(registration: Registration) -> str:
    """The door's page (the Kasse of the money app) with the code filled in: what the QR code
    in the e-mail opens on a helper's phone. Named by its route, not imported: the money app
    is above this one."""
    return reverse("cash-desk", kwargs={"slug": registration.event.slug}) + (
        f"?code={registration.code}"
    )


def subject(reason: str, registration: Registration) -> str:
    event = registration.event.name
    if reason == CANCELLED:
        return gettext("Registration cancelled: %(event)s") % {"event": event}
    if reason == MOVED_UP:
        return gettext("You have a place: %(event)s") % {"event": event}
    if reason == ACCEPTED:
        return gettext("Registration accepted: %(event)s") % {"event": event}
    if reason == MOVED_DOWN:
        return gettext("On the waiting list: %(event)s") % {"event": event}
    if registration.status == Registration.Status.WAITING:
        return gettext("On the waiting list: %(event)s") % {"event": event}
    return gettext("Registration %(code)s: %(event)s") % {
        "code": registration.code,
        "event": event,
    }


def message(registration: Registration, reason: str, site: str) -> EmailMultiAlternatives:
    """The e-mail about ``registration`` for ``reason``; links start with ``site``
    (``scheme://host[:port]``, see ``core.links.absolute_url``)."""
    manage_url = site + manage_path(registration)
    desk_url = site + desk_path(registration)
    event = registration.event
    rules = rules_of(event)
    context = {
        "registration": registration,
        "event": event,
        # the event's rules sheet (Merkblatt): its name, its text and its public page
        "rules_label": rules_label(rules),
        "rules_sheet": merkblatt(rules, games_per_round=event.games_per_round,
                                 rounds=event.round_count, scoring_mode=event.scoring_mode),
        "rules_url": site + reverse("event-rules", kwargs={"slug": event.slug}),
        "settings": SignupSettings.for_event(registration.event),
        "reason": reason,
        "manage_url": manage_url,
        "desk_url": desk_url,
        "qr_cid": QR_CONTENT_ID,
        "waiting_place": waiting_place(registration),
    }
    mail = EmailMultiAlternatives(
        subject=subject(reason, registration),
        body=render_to_string("signup/email/status.txt", context),
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=[registration.email],
    )
    mail.attach_alternative(render_to_string("signup/email/status.html", context), "text/html")
    if registration.status == Registration.Status.REGISTERED:
        image = MIMEImage(qr_png(desk_url), "png")
        image.add_header("Content-ID", f"<{QR_CONTENT_ID}>")
        image.add_header("Content-Disposition", "inline", filename="code.png")
        mail.attach(image)
        mail.mixed_subtype = "related"
    return mail


def send(registration_id: int, reason: str, site: str, language: str | None) -> None:
    """Send the e-mail now (a registration deleted meanwhile, or its address: nothing). A
    failing mail server is logged; the registration stands, and its page can send the
    confirmation again."""
    registration = (
        Registration.objects.select_related("event", "entry").filter(pk=registration_id).first()
    )
    if registration is None or not registration.email or registration.token is None:
        return
    with translation.override(language or settings.LANGUAGE_CODE):
        mail = message(registration, reason, site)
    try:
        mail.send()
    except OSError:
        logger.exception("registration e-mail %s for %s not sent", reason, registration.code)


def schedule(registration: Registration, reason: str, *, site: str) -> None:
    """Send the e-mail once the current transaction commits, in the active language."""
    if reason not in REASONS:
        raise ValueError(f"unknown e-mail reason {reason!r}")
    language = translation.get_language()
    registration_id = registration.pk
    transaction.on_commit(lambda: send(registration_id, reason, site, language))
