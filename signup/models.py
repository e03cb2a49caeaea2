"""Online registration of an event (*Online-Anmeldung*): its settings and the registrations.

A registration is a single or a pair as typed on the public form, with the e-mail address its
confirmation went to. Its status is registered (within the capacity), waiting (on the waiting
list, ordered by ``position``) or cancelled. A registered registration becomes an entry of the
event (``entry``) at once or when an organiser accepts it (``SignupSettings.accept``); the
door checks it in by its ``code``. The terms are in ``docs/glossary.md``.

Everything here is personal data of the event: it goes with the event (CASCADE), and a
registrant deletes their own from the link in their e-mail (``signup.services``). What serves
only the registration and the door (the e-mail address, the code, the own link) is deleted the
club's retention days after the evening (``signup.retention``, ``manage.py
forget_personal_data``): the address and the code become empty, the link's token None, and
``SignupSettings.forgotten_at`` says when.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from core import limits
from tournament.models import Entry, Event, EventSettings


def new_token() -> str:
    """The unguessable token of a registration's own link (256 random bits)."""
    return secrets.token_urlsafe(32)


def new_code() -> str:
    """A short code read out or typed at the door (``limits.SIGNUP_CODE_ALPHABET``)."""
    return "".join(
        secrets.choice(limits.SIGNUP_CODE_ALPHABET) for _ in range(limits.SIGNUP_CODE_LENGTH)
    )


class SignupSettings(EventSettings):
    """An event's online registration: whether it is open, until when, for how many entries,
    whether a full registration takes a waiting list, and whether a registration becomes an
    entry at once or when an organiser accepts it. One row per event, written when the
    organiser first saves them; until then registration is closed."""

    class Accept(models.TextChoices):
        AUTOMATIC = "automatic", _("at once (an entry with a start number)")
        ORGANISER = "organiser", _("when an organiser accepts it")

    event = models.OneToOneField(
        Event,
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="signup_settings",
        verbose_name=_("event"),
    )
    is_open = models.BooleanField(
        _("registration open"),
        default=False,
        help_text=_("The public registration page takes registrations."),
    )
    closes_at = models.DateTimeField(
        _("registration closes"),
        null=True,
        blank=True,
        help_text=_("Empty: open until it is closed here or the seating plan is made."),
    )
    capacity = models.PositiveIntegerField(
        _("places"),
        default=100,
        validators=[MinValueValidator(1), MaxValueValidator(limits.MAX_SIGNUP_CAPACITY)],
        help_text=_(
            "Entries (singles and pairs) registered online; past them a registration "
            "goes on the waiting list."
        ),
    )
    waiting_list = models.BooleanField(
        _("waiting list"),
        default=True,
        help_text=_("Without it a full registration takes nobody more."),
    )
    accept = models.CharField(
        _("a registration becomes an entry"),
        max_length=10,
        choices=Accept.choices,
        default=Accept.AUTOMATIC,
    )
    start_time = models.TimeField(
        _("start"),
        null=True,
        blank=True,
        help_text=_("When the first round starts; the confirmation e-mail names it."),
    )
    opened_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("opened by"),
        editable=False,
    )
    # When the registrations' e-mail addresses, codes and links were deleted after the club's
    # retention (``signup.services.forget_personal_data``); None: not yet.
    forgotten_at = models.DateTimeField(
        _("personal data deleted at"), null=True, blank=True, editable=False
    )

    class Meta:
        verbose_name = _("registration settings")
        verbose_name_plural = _("registration settings")

    def __str__(self) -> str:
        return str(self.event)

    def open_now(self) -> bool:
        """Open, and its closing time not passed."""
        return self.is_open and (self.closes_at is None or timezone.now() < self.closes_at)


class Registration(models.Model):
    """A single or pair registered online for one event."""

    class Kind(models.TextChoices):
        SINGLE = "single", _("single")
        PAIR = "pair", _("pair")

    class Status(models.TextChoices):
        REGISTERED = "registered", _("registered")
        WAITING = "waiting", _("waiting list")
        CANCELLED = "cancelled", _("cancelled")

    event = models.ForeignKey(
        Event, on_delete=models.CASCADE, related_name="registrations", verbose_name=_("event")
    )
    kind = models.CharField(_("kind"), max_length=10, choices=Kind.choices)
    name = models.CharField(_("name"), max_length=limits.MAX_NAME_LENGTH)
    partner_name = models.CharField(_("partner"), max_length=limits.MAX_NAME_LENGTH, blank=True)
    club = models.CharField(_("club"), max_length=limits.MAX_NAME_LENGTH, blank=True)
    category = models.CharField(_("category"), max_length=limits.MAX_CATEGORY_LENGTH, blank=True)
    partner_category = models.CharField(
        _("partner's category"), max_length=limits.MAX_CATEGORY_LENGTH, blank=True
    )
    unlisted = models.BooleanField(_("not in public lists"), default=False)
    public_profile = models.BooleanField(_("public player page"), default=False)
    partner_unlisted = models.BooleanField(_("partner not in public lists"), default=False)
    partner_public_profile = models.BooleanField(_("partner's public player page"), default=False)
    # empty once deleted (the retention, a person's data deleted on request)
    email = models.EmailField(
        _("e-mail address"), max_length=limits.MAX_EMAIL_LENGTH, blank=True
    )
    status = models.CharField(_("status"), max_length=12, choices=Status.choices)
    # the code and the own link: empty and None once deleted (no door and no link finds it);
    # the token is unique, so a deleted one is None (many may be), never ""
    code = models.CharField(
        _("registration code"), max_length=limits.SIGNUP_CODE_LENGTH, blank=True
    )
    token = models.CharField(  # noqa: DJ001
        _("link token"), max_length=64, unique=True, null=True, default=new_token,
        editable=False,
    )
    position = models.PositiveIntegerField(
        _("place on the waiting list"),
        null=True,
        blank=True,
        help_text=_("Orders the waiting list: the lowest moves up first."),
    )
    entry = models.ForeignKey(
        Entry,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="registrations",
        verbose_name=_("entry"),
    )
    created_at = models.DateTimeField(_("registered at"), auto_now_add=True)

    class Meta:
        verbose_name = _("registration")
        verbose_name_plural = _("registrations")
        ordering = ["event", "created_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["event", "code"], condition=~Q(code=""), name="registration_unique_code"
            ),
            models.CheckConstraint(
                condition=Q(kind="single", partner_name="") | Q(kind="pair") & ~Q(partner_name=""),
                name="registration_pair_has_partner",
            ),
            models.CheckConstraint(
                condition=Q(status="waiting", position__isnull=False) | ~Q(status="waiting"),
                name="registration_waiting_has_position",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.code}: {self.display_name}"

    @property
    def is_pair(self) -> bool:
        return self.kind == self.Kind.PAIR

    @property
    def display_name(self) -> str:
        return f"{self.name} / {self.partner_name}" if self.is_pair else self.name

    @property
    def forgotten(self) -> bool:
        """Its e-mail address, code and link are deleted (or were never there)."""
        return not self.email and not self.code and self.token is None

    @property
    def awaits_acceptance(self) -> bool:
        """Registered, but not yet an entry (an organiser accepts it)."""
        return self.status == self.Status.REGISTERED and self.entry_id is None
