"""Writes of the clubs app, each keyword-only and atomic: a club created with its first admin
(by a superuser), its settings and logo changed, its members added, given another role or
removed (by its admins), its own house rules saved under a name (by its organisers) and deleted
(by its admins), the keys with which an installation sends the club's events issued and
revoked (by its admins). Every change is logged in the change log as a record of the club.
A club always keeps at least one admin."""

from __future__ import annotations

import secrets
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext_noop

from clubs.access import is_club_admin, organises_club
from clubs.accounts import create_account, find_account
from clubs.audit import ClubAction
from clubs.logos import checked_logo
from clubs.models import Club, ClubMember, ClubRules, SendingKey
from core import limits
from core.audit import log, recorded_user
from core.changes import save_and_log_changes
from core.errors import UserError

CLUB_FIELDS = ("name", "slug", "place", "contact", "privacy_notice", "retention_days",
               "inactive_years")
"""What a club's admins may set on the club's page."""


class ClubError(UserError):
    """A refused change of a club or of its members."""


def _slug_taken(slug: str) -> ClubError:
    return ClubError(
        gettext_noop("The short name “%(slug)s” is already used by another club."),
        field="slug", slug=slug,
    )


def lock_club(club: Club) -> Club:
    """``club`` read again under a row lock, for a change that must see its current members."""
    return Club.objects.select_for_update().get(pk=club.pk)


@transaction.atomic
def create_club(
    *, admin: str, create_admin: bool = False, user: Any = None, **fields: Any
) -> tuple[Club, ClubMember]:
    """A new club with ``fields`` (see ``CLUB_FIELDS``; name and short name needed) and its first
    admin, the account ``admin`` (made first with ``create_admin``). A short name taken raises
    ``ClubError`` (field ``slug``), an unknown or taken account name ``AccountError``."""
    club = Club(**{name: fields[name] for name in CLUB_FIELDS if name in fields})
    try:
        with transaction.atomic():
            club.save()
    except IntegrityError:
        if Club.objects.filter(slug=club.slug).exists():
            raise _slug_taken(club.slug) from None
        raise
    log(action=ClubAction.CREATED, user=user, subject=club, name=club.name)
    member = _add(club, admin, ClubMember.Role.ADMIN, create=create_admin, user=user)
    return club, member


def free_slug(name: str) -> str:
    """A short name for a club made from ``name``, with a number added until it is free."""
    base = (slugify(name) or "verein")[: limits.MAX_SLUG_LENGTH - 10].strip("-") or "verein"
    slug, number = base, 2
    while Club.objects.filter(slug=slug).exists():
        slug, number = f"{base}-{number}", number + 1
    return slug


@transaction.atomic
def create_own_club(*, name: str, user: Any) -> Club:
    """A new club named ``name`` whose first admin is ``user`` (a superuser creating an event
    for a club the server does not have yet)."""
    club = Club.objects.create(name=name, slug=free_slug(name))
    log(action=ClubAction.CREATED, user=user, subject=club, name=club.name)
    ClubMember.objects.create(club=club, user=user, role=ClubMember.Role.ADMIN)
    log(action=ClubAction.MEMBER_ADDED, user=user, subject=club,
        username=user.get_username(), role=ClubMember.Role.ADMIN)
    return club


@transaction.atomic
def update_club(*, club: Club, user: Any = None, **fields: Any) -> list[list[Any]]:
    """Change the club's settings (``CLUB_FIELDS``); returns the changes as ``[field, old,
    new]``. A short name taken raises ``ClubError``."""
    club = lock_club(club)

    def save(names: list[str]) -> None:
        try:
            with transaction.atomic():
                club.save(update_fields=names or None)
        except IntegrityError:
            raise _slug_taken(club.slug) from None

    return save_and_log_changes(
        instance=club,
        values={name: fields[name] for name in CLUB_FIELDS if name in fields},
        save=save,
        log=lambda changes: log(
            action=ClubAction.CHANGED, user=user, subject=club, changes=changes
        ),
    )


@transaction.atomic
def set_logo(*, club: Club, data: bytes | None, user: Any = None) -> Club:
    """Give the club the logo ``data`` (PNG or JPEG, ``clubs.logos``), or none (``None``)."""
    club = lock_club(club)
    logo, kind = checked_logo(data) if data is not None else (b"", "")
    had = bool(club.logo)
    club.logo, club.logo_type = logo, kind
    club.save(update_fields=["logo", "logo_type"])
    change = ["logo", had, bool(logo)]
    log(action=ClubAction.CHANGED, user=user, subject=club, changes=[change])
    return club


def _add(club: Club, username: str, role: str, *, create: bool, user: Any) -> ClubMember:
    if role not in ClubMember.Role.values:
        raise ClubError(gettext_noop("Please choose a role."), field="role")
    account = create_account(username) if create else find_account(username)
    name = account.get_username()
    current = ClubMember.objects.filter(club=club, user=account).first()
    if current is None:
        current = ClubMember.objects.create(club=club, user=account, role=role)
        log(action=ClubAction.MEMBER_ADDED, user=user, subject=club, username=name, role=role)
        return current
    if current.role == role:
        raise ClubError(
            gettext_noop("%(username)s has this role already."), field="username", username=name
        )
    if current.role == ClubMember.Role.ADMIN and not _other_admins(club, current):
        raise _last_admin(name)
    old = current.role
    current.role = role
    current.save(update_fields=["role"])
    log(
        action=ClubAction.MEMBER_CHANGED, user=user, subject=club,
        username=name, role=role, old_role=old,
    )
    return current


@transaction.atomic
def add_member(
    *, club: Club, username: str, role: str, create: bool = False, user: Any = None
) -> ClubMember:
    """Give the account ``username`` the ``role`` in ``club``, or change the role it has; with
    ``create`` the account is made first (``clubs.accounts.create_account``).

    Refused (``ClubError``, ``AccountError``): an unknown account or role, the role it has
    already, making the last admin anything else, and a new account whose name is taken."""
    return _add(lock_club(club), username, role, create=create, user=user)


def _other_admins(club: Club, member: ClubMember) -> bool:
    return (
        ClubMember.objects.filter(club=club, role=ClubMember.Role.ADMIN)
        .exclude(pk=member.pk).exists()
    )


def _last_admin(username: str) -> ClubError:
    return ClubError(
        gettext_noop(
            "%(username)s is the club's last admin: make another member an admin first."
        ),
        username=username,
    )


@transaction.atomic
def remove_member(*, club: Club, member_id: int, user: Any = None) -> ClubMember:
    """Take the membership ``member_id`` away from ``club``; returns it (unsaved). Refused
    (``ClubError``): a membership that no longer exists, and the last admin."""
    club = lock_club(club)
    current = ClubMember.objects.filter(club=club, pk=member_id).select_related("user").first()
    if current is None:
        raise ClubError(gettext_noop("This member no longer exists; nothing was changed."))
    name = current.user.get_username()
    if current.role == ClubMember.Role.ADMIN and not _other_admins(club, current):
        raise _last_admin(name)
    current.delete()
    log(
        action=ClubAction.MEMBER_REMOVED, user=user, subject=club,
        username=name, role=current.role,
    )
    return current


# --- the club's own house rules --------------------------------------------------------------


@transaction.atomic
def save_club_rules(
    *,
    club: Club,
    name: str,
    rules: dict[str, Any],
    games_per_round: int,
    tie_breaks: str,
    scoring_mode: str,
    event_name: str = "",
    user: Any = None,
) -> tuple[ClubRules, bool]:
    """Keep ``rules`` (the switches as an event stores them), ``games_per_round``,
    ``tie_breaks`` and ``scoring_mode`` as the club's house rules named ``name``, taken from
    the event ``event_name``; house rules of that name are replaced. Returns them and whether
    they replaced earlier ones. The values are stored as given: the caller (the scoring app)
    knows what they mean.

    Refused (``ClubError``): an account that does not organise the club's events, no name, and
    a new name once the club keeps ``limits.MAX_CLUB_RULES``."""
    club = lock_club(club)
    account = recorded_user(user)
    if account is not None and not organises_club(account, club):
        raise ClubError(gettext_noop(
            "Only the club's admins and organisers may save the club's house rules."
        ))
    name = name.strip()
    if not name:
        raise ClubError(gettext_noop("Please name the house rules."), field="name")
    saved = ClubRules.objects.filter(club=club, name=name).first()
    replaced = saved is not None
    if saved is None:
        if ClubRules.objects.filter(club=club).count() >= limits.MAX_CLUB_RULES:
            raise ClubError(
                gettext_noop(
                    "The club keeps %(count)s house rules already, the most it can: delete one "
                    "or save these under the name of one to replace."
                ),
                field="name", count=limits.MAX_CLUB_RULES,
            )
        saved = ClubRules(club=club, name=name)
    saved.rules = dict(rules)
    saved.games_per_round = games_per_round
    saved.tie_breaks = tie_breaks
    saved.scoring_mode = scoring_mode
    saved.save()
    log(action=ClubAction.RULES_SAVED, user=user, subject=club, name=name,
        from_event=event_name, replaced=replaced)
    return saved, replaced


@transaction.atomic
def delete_club_rules(*, club: Club, rules_id: int, user: Any = None) -> ClubRules:
    """Delete the club's house rules ``rules_id``; returns them (unsaved). Events created from
    them keep their rules. Refused (``ClubError``): an account that is not the club's admin,
    and house rules that no longer exist."""
    club = lock_club(club)
    account = recorded_user(user)
    if account is not None and not is_club_admin(account, club):
        raise ClubError(gettext_noop("Only the club's admins may delete the club's house rules."))
    saved = ClubRules.objects.filter(club=club, pk=rules_id).first()
    if saved is None:
        raise ClubError(gettext_noop("These house rules no longer exist; nothing was changed."))
    saved.delete()
    log(action=ClubAction.RULES_DELETED, user=user, subject=club, name=saved.name)
    return saved


# --- the keys with which an installation sends the club's events -----------------------------


@transaction.atomic
def issue_sending_key(*, club: Club, label: str, user: Any = None) -> tuple[SendingKey, str]:
    """A new sending key of ``club`` for the installation ``label`` names ("Laptop
    Gemeindehalle"); returns it and the key itself, which is kept nowhere (only its digest)."""
    label = label.strip()
    if not label:
        raise ClubError(gettext_noop("Please say for which computer the key is."), field="label")
    secret = secrets.token_urlsafe(32)
    key = SendingKey.objects.create(
        club=club, label=label, digest=SendingKey.digest_of(secret),
        created_by=recorded_user(user),
    )
    log(action=ClubAction.KEY_ISSUED, user=user, subject=club, label=label)
    return key, secret


@transaction.atomic
def revoke_sending_key(*, club: Club, key_id: int, user: Any = None) -> SendingKey:
    """Revoke the sending key ``key_id`` of ``club``: it sends nothing any more. Refused
    (``ClubError``): a key of no such club, and one revoked already."""
    key = SendingKey.objects.select_for_update().filter(club=club, pk=key_id).first()
    if key is None:
        raise ClubError(gettext_noop("This key no longer exists; nothing was changed."))
    if key.revoked_at is not None:
        raise ClubError(gettext_noop("This key has been revoked already."))
    key.revoked_at = timezone.now()
    key.save(update_fields=["revoked_at"])
    log(action=ClubAction.KEY_REVOKED, user=user, subject=club, label=key.label)
    return key


def use_sending_key(key: str) -> SendingKey | None:
    """The valid sending key ``key`` with its club (its use noted), or None."""
    found = (
        SendingKey.objects.valid().select_related("club")
        .filter(digest=SendingKey.digest_of(key)).first()
    )
    if found is None:
        return None
    found.last_used_at = timezone.now()
    SendingKey.objects.filter(pk=found.pk).update(last_used_at=found.last_used_at)
    return found
