"""The clubs the server hosts and who belongs to them.

A club (``Club``) owns its events (``tournament.models.Event.club``); its members
(``ClubMember``) are accounts with a role in it: its admins manage the club and its members,
its organisers organise every event of the club, its helpers help at the desk of every one.
An account may also have a role on a single event (``tournament.models.EventRole``), for a
guest. A club keeps its own house rules under names (``ClubRules``), which its new events can
start from. The terms are in ``docs/glossary.md``.
"""

from __future__ import annotations

import hashlib
from typing import Any

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from core import limits


class ClubQuerySet(models.QuerySet):
    def of(self, user: Any, roles: tuple[str, ...] | None = None) -> ClubQuerySet:
        """The clubs ``user`` is a member of (in one of ``roles``, any role without); a
        superuser: every club."""
        if getattr(user, "is_superuser", False):
            return self.all()
        if not getattr(user, "is_authenticated", False):
            return self.none()
        members = ClubMember.objects.filter(user=user)
        if roles is not None:
            members = members.filter(role__in=roles)
        return self.filter(pk__in=members.values("club_id"))


class Club(models.Model):
    """A club (Verein) and what its public pages and printouts show of it."""

    name = models.CharField(_("name"), max_length=limits.MAX_NAME_LENGTH)
    slug = models.SlugField(
        _("short name"), max_length=limits.MAX_SLUG_LENGTH, unique=True,
        help_text=_("Part of the club page's address: letters, digits and hyphens."),
    )
    place = models.CharField(_("town"), max_length=limits.MAX_NAME_LENGTH, blank=True)
    contact = models.CharField(
        _("contact"), max_length=limits.MAX_NAME_LENGTH, blank=True,
        help_text=_("Shown on the public pages, e.g. an e-mail address or a phone number."),
    )
    # The logo as uploaded (PNG or JPEG, checked by ``clubs.logos``), kept in the database so
    # that a backup and an event's archive carry it; served by the club's logo address.
    logo = models.BinaryField(_("logo"), blank=True, default=b"", editable=False)
    logo_type = models.CharField(_("logo's type"), max_length=20, blank=True, editable=False)
    privacy_notice = models.TextField(
        _("privacy notice"), max_length=limits.MAX_PRIVACY_NOTICE_LENGTH, blank=True,
        help_text=_("Linked from the registration form and every public page of the club."),
    )
    retention_days = models.PositiveIntegerField(
        _("days personal data is kept"),
        default=limits.DEFAULT_RETENTION_DAYS,
        validators=[MinValueValidator(0), MaxValueValidator(limits.MAX_RETENTION_DAYS)],
        help_text=_(
            "After an evening its registrants' e-mail addresses, codes and links are deleted "
            "after this many days."
        ),
    )
    inactive_years = models.PositiveSmallIntegerField(
        _("years until a player is listed for deletion"),
        default=limits.DEFAULT_INACTIVE_YEARS,
        validators=[MinValueValidator(1), MaxValueValidator(limits.MAX_INACTIVE_YEARS)],
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    objects = ClubQuerySet.as_manager()

    class Meta:
        verbose_name = _("club")
        verbose_name_plural = _("clubs")
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class ClubMember(models.Model):
    """An account's role in a club."""

    class Role(models.TextChoices):
        ADMIN = "admin", _("club admin")
        ORGANISER = "organiser", _("organiser")
        HELPER = "helper", _("helper")

    club = models.ForeignKey(
        Club, on_delete=models.CASCADE, related_name="members", verbose_name=_("club")
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="club_roles",
        verbose_name=_("user"),
    )
    role = models.CharField(_("role"), max_length=20, choices=Role.choices)
    created_at = models.DateTimeField(_("since"), auto_now_add=True)

    class Meta:
        verbose_name = _("club member")
        verbose_name_plural = _("club members")
        ordering = ["club", "role", "user__username"]
        constraints = [
            models.UniqueConstraint(fields=["club", "user"], name="club_member_unique_user"),
            models.CheckConstraint(
                condition=Q(role__in=["admin", "organiser", "helper"]), name="club_member_known"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.club}: {self.user} ({self.get_role_display()})"

    @property
    def organises(self) -> bool:
        """Organises every event of the club (its admins and organisers)."""
        return self.role in ORGANISING


ORGANISING = (ClubMember.Role.ADMIN, ClubMember.Role.ORGANISER)
"""The club roles that organise every event of the club."""


class ClubRules(models.Model):
    """A club's own house rules, saved under a name from one of its events: the switches as
    the event stored them, its games per round, tie-breaks and scoring mode. Plain data, as
    ``tournament.models.Event.rules`` is: the clubs app never interprets them (the scoring app
    saves them, ``scoring.services.house_rules.save_as_club_rules``; the new-event form offers
    them beside the server's presets)."""

    club = models.ForeignKey(
        Club, on_delete=models.CASCADE, related_name="house_rules", verbose_name=_("club")
    )
    name = models.CharField(_("name"), max_length=limits.MAX_NAME_LENGTH)
    rules = models.JSONField(_("house rules"), default=dict, blank=True)
    games_per_round = models.PositiveSmallIntegerField(
        _("games per round"),
        default=limits.DEFAULT_GAMES_PER_ROUND,
        validators=[
            MinValueValidator(limits.MIN_GAMES_PER_ROUND),
            MaxValueValidator(limits.MAX_GAMES_PER_ROUND),
        ],
    )
    tie_breaks = models.CharField(
        _("tie-breaks"), max_length=limits.MAX_TIE_BREAKS_LENGTH, blank=True
    )
    # a code of ``tournament.house_rules.SCORING_MODES``, as ``Event.scoring_mode`` holds it
    scoring_mode = models.CharField(_("scoring mode"), max_length=10)
    saved_at = models.DateTimeField(_("saved"), auto_now=True)

    class Meta:
        verbose_name = _("club's house rules")
        verbose_name_plural = _("club's house rules")
        ordering = ["club", "name"]
        constraints = [
            models.UniqueConstraint(fields=["club", "name"], name="club_rules_unique_name"),
            models.CheckConstraint(
                condition=Q(
                    games_per_round__gte=limits.MIN_GAMES_PER_ROUND,
                    games_per_round__lte=limits.MAX_GAMES_PER_ROUND,
                ),
                name="club_rules_games_per_round_range",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.club}: {self.name}"


class SendingKeyQuerySet(models.QuerySet):
    def valid(self) -> SendingKeyQuerySet:
        """The keys not revoked."""
        return self.filter(revoked_at__isnull=True)


class SendingKey(models.Model):
    """A key a club's admin issues to one installation of the app (the laptop in the hall), with
    which it sends the club's events to this server (``manage.py push_event``). The server keeps
    only the key's SHA-256 (``digest``); the key itself is shown once, when it is issued. A
    revoked key is kept, so the club's page shows when it was used last."""

    club = models.ForeignKey(
        Club, on_delete=models.CASCADE, related_name="sending_keys", verbose_name=_("club")
    )
    label = models.CharField(_("for"), max_length=limits.MAX_NAME_LENGTH)
    digest = models.CharField(_("SHA-256 of the key"), max_length=64, unique=True)
    created_at = models.DateTimeField(_("issued"), auto_now_add=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
        related_name="+", verbose_name=_("issued by"),
    )
    last_used_at = models.DateTimeField(_("last used"), null=True, blank=True)
    revoked_at = models.DateTimeField(_("revoked"), null=True, blank=True)

    objects = SendingKeyQuerySet.as_manager()

    class Meta:
        verbose_name = _("sending key")
        verbose_name_plural = _("sending keys")
        ordering = ["club", "-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.club}: {self.label}"

    @staticmethod
    def digest_of(key: str) -> str:
        """What the server keeps of ``key``."""
        return hashlib.sha256(key.encode()).hexdigest()
