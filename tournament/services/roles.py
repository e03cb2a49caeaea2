"""Roles on an event: who organises it and who helps at its desk (``EventRole``).

An account is named by its user name. An organiser may create one for a helper on the roles page
(``grant_role(create=True)``): it has no password until the helper sets one through a one-time
link (``clubs.accounts.set_password_link``). Every change is logged in the event's change log,
and an event always keeps at least one organiser of its own or of its club.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext_noop

from clubs.accounts import AccountError, create_account, find_account
from clubs.models import ORGANISING, ClubMember
from core.audit import log
from core.errors import UserError
from tournament.audit import TournamentAction
from tournament.models import Event, EventRole
from tournament.services.entries import lock_event


class RoleError(UserError):
    """A refused change of an event's roles."""


def _last_organiser(username: str) -> RoleError:
    return RoleError(
        gettext_noop(
            "%(username)s is the tournament's last organiser: make another account an organiser "
            "first."
        ),
        username=username,
    )


def _other_organisers(event: Event, role: EventRole) -> bool:
    """Whether the event keeps an organiser without ``role``: another organiser of its own, or
    an admin or organiser of its club."""
    return (
        EventRole.objects.filter(event=event, role=EventRole.Role.ORGANISER)
        .exclude(pk=role.pk)
        .exists()
        or ClubMember.objects.filter(club_id=event.club_id, role__in=ORGANISING).exists()
    )


@transaction.atomic
def grant_role(
    *, event: Event, username: str, role: str, user: Any = None, create: bool = False
) -> EventRole:
    """Give the account ``username`` the ``role`` on ``event``, or change the role it has; with
    ``create`` the account is made first (``create_account``).

    Refused (``RoleError``): an unknown account or role, the role it has already, making the
    last organiser a desk helper, and a new account whose name is taken.
    """
    event = lock_event(event)
    if role not in EventRole.Role.values:
        raise RoleError(gettext_noop("Please choose a role."), field="role")
    try:
        account = create_account(username) if create else find_account(username)
    except AccountError as error:
        raise RoleError.of(error.message, field=error.field) from None
    name = account.get_username()
    current = EventRole.objects.filter(event=event, user=account).first()
    if current is None:
        current = EventRole.objects.create(event=event, user=account, role=role)
        log(
            event=event, action=TournamentAction.ROLE_GRANTED, user=user,
            username=name, role=role,
        )
        return current
    if current.role == role:
        raise RoleError(
            gettext_noop("%(username)s has this role already."), field="username", username=name
        )
    if current.role == EventRole.Role.ORGANISER and not _other_organisers(event, current):
        raise _last_organiser(name)
    old = current.role
    current.role = role
    current.save(update_fields=["role"])
    log(
        event=event, action=TournamentAction.ROLE_CHANGED, user=user,
        username=name, role=role, old_role=old,
    )
    return current


@transaction.atomic
def remove_role(*, event: Event, role_id: int, user: Any = None) -> EventRole:
    """Take the role ``role_id`` away on ``event``; returns the removed role (unsaved).

    Refused (``RoleError``): a role that no longer exists, and the last organiser.
    """
    event = lock_event(event)
    current = EventRole.objects.filter(event=event, pk=role_id).select_related("user").first()
    if current is None:
        raise RoleError(gettext_noop("This role no longer exists; nothing was changed."))
    name = current.user.get_username()
    if current.role == EventRole.Role.ORGANISER and not _other_organisers(event, current):
        raise _last_organiser(name)
    current.delete()
    log(
        event=event, action=TournamentAction.ROLE_REMOVED, user=user,
        username=name, role=current.role,
    )
    return current
