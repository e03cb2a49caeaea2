"""How the change log describes the clubs app's actions: a club created or changed, its members
added, given another role or removed, its own house rules saved or deleted (``core.audit``). A
club's records concern the club (their subject) and no event; the club's page lists them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext, gettext_noop
from django.utils.translation import gettext_lazy as _

from clubs.models import ClubMember
from core.audit import Actions, changes_text, describes, register_namespace


class ClubAction(Actions):
    CREATED = "clubs.created", _("club created")
    CHANGED = "clubs.changed", _("club changed")
    MEMBER_ADDED = "clubs.member_added", _("member added")
    MEMBER_CHANGED = "clubs.member_changed", _("member's role changed")
    MEMBER_REMOVED = "clubs.member_removed", _("member removed")
    RULES_SAVED = "clubs.rules_saved", _("club's house rules saved")
    RULES_DELETED = "clubs.rules_deleted", _("club's house rules deleted")
    KEY_ISSUED = "clubs.key_issued", _("sending key issued")
    KEY_REVOKED = "clubs.key_revoked", _("sending key revoked")


register_namespace("clubs", ClubAction)

A = ClubAction

CLUB_FIELDS = {
    "name": gettext_noop("Name"),
    "slug": gettext_noop("Short name"),
    "place": gettext_noop("Town"),
    "contact": gettext_noop("Contact"),
    "privacy_notice": gettext_noop("Privacy notice"),
    "retention_days": gettext_noop("Days personal data is kept"),
    "inactive_years": gettext_noop("Years until a player is listed for deletion"),
    "logo": gettext_noop("Logo"),
}


def member_role_label(role: str) -> str:
    """A club role (``ClubMember.Role``) as the reader calls it."""
    return str(ClubMember.Role(role).label)


@describes(A.CREATED)
def _created(params: Mapping[str, Any]) -> str:
    return gettext("Club “%(name)s” created.") % {"name": params["name"]}


@describes(A.CHANGED)
def _changed(params: Mapping[str, Any]) -> str:
    return gettext("Club changed: %(changes)s.") % {
        "changes": changes_text(params["changes"], CLUB_FIELDS)
    }


@describes(A.MEMBER_ADDED)
def _member_added(params: Mapping[str, Any]) -> str:
    return gettext("%(username)s added as “%(role)s”.") % {
        "username": params["username"], "role": member_role_label(params["role"]),
    }


@describes(A.MEMBER_CHANGED)
def _member_changed(params: Mapping[str, Any]) -> str:
    return gettext("%(username)s is now “%(role)s” (was “%(old)s”).") % {
        "username": params["username"],
        "role": member_role_label(params["role"]),
        "old": member_role_label(params["old_role"]),
    }


@describes(A.MEMBER_REMOVED)
def _member_removed(params: Mapping[str, Any]) -> str:
    return gettext("%(username)s (“%(role)s”) removed from the club.") % {
        "username": params["username"], "role": member_role_label(params["role"]),
    }


@describes(A.RULES_SAVED)
def _rules_saved(params: Mapping[str, Any]) -> str:
    if params["replaced"]:
        text = gettext("The club's house rules “%(name)s” replaced by those of “%(event)s”.")
    else:
        text = gettext("The club's house rules “%(name)s” saved from “%(event)s”.")
    return text % {"name": params["name"], "event": params["from_event"]}


@describes(A.RULES_DELETED)
def _rules_deleted(params: Mapping[str, Any]) -> str:
    return gettext("The club's house rules “%(name)s” deleted.") % {"name": params["name"]}


@describes(A.KEY_ISSUED)
def _key_issued(params: Mapping[str, Any]) -> str:
    return gettext("Sending key for “%(label)s” issued.") % {"label": params["label"]}


@describes(A.KEY_REVOKED)
def _key_revoked(params: Mapping[str, Any]) -> str:
    return gettext("Sending key for “%(label)s” revoked.") % {"label": params["label"]}
