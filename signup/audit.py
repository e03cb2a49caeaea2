"""How the change log describes the online registration's records (``core.audit``), shown in the
event's change log under a filter of their own (``?art=anmeldung``).

A record's subject is the registration; it names the registration by its code and name
(``registration_ref``), never by its e-mail address; a registration deleted on request leaves
its records with the code only. The deletion of the registrations' e-mail addresses, codes and
links after the club's retention is a record of the event that counts them (``FORGOTTEN``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext, gettext_noop
from django.utils.translation import gettext_lazy as _

from core.audit import Actions, Filter, changes_text, describes, register_namespace
from signup.models import Registration


class SignupAction(Actions):
    SETTINGS = "signup.settings", _("registration settings")
    CLOSED = "signup.closed", _("registration closed")
    REGISTERED = "signup.registered", _("registered online")
    WAITING = "signup.waiting", _("on the waiting list")
    MOVED_UP = "signup.moved_up", _("moved up from the waiting list")
    MOVED_DOWN = "signup.moved_down", _("moved to the waiting list")
    ACCEPTED = "signup.accepted", _("accepted")
    CANCELLED = "signup.cancelled", _("cancelled")
    DELETED = "signup.deleted", _("data deleted")
    FORGOTTEN = "signup.forgotten", _("personal data deleted")


register_namespace(
    "signup",
    SignupAction,
    shown_under=Filter("anmeldung", gettext_noop("Online registration")),
)
S = SignupAction

SETTINGS_FIELDS = {
    "is_open": gettext_noop("Registration open"),
    "closes_at": gettext_noop("Registration closes"),
    "capacity": gettext_noop("Places"),
    "waiting_list": gettext_noop("Waiting list"),
    "accept": gettext_noop("A registration becomes an entry"),
    "start_time": gettext_noop("Start"),
}


def registration_ref(registration: Registration) -> dict[str, Any]:
    """How a record names a registration: its code and name at the time of the change."""
    return {"code": registration.code, "name": registration.display_name}


def registration_label(ref: Mapping[str, Any]) -> str:
    if not ref.get("name"):
        return gettext("registration %(code)s") % {"code": ref["code"]}
    return gettext("registration %(code)s (%(name)s)") % {"code": ref["code"], "name": ref["name"]}


@describes(S.SETTINGS)
def _settings(params: Mapping[str, Any]) -> str:
    return gettext("Registration settings changed: %(changes)s.") % {
        "changes": changes_text(params["changes"], SETTINGS_FIELDS)
    }


@describes(S.CLOSED)
def _closed(params: Mapping[str, Any]) -> str:
    return gettext("Online registration closed.")


@describes(S.REGISTERED)
def _registered(params: Mapping[str, Any]) -> str:
    text = gettext("%(registration)s registered online.") % {
        "registration": registration_label(params["ref"])
    }
    if params.get("number"):
        text += " " + gettext("Entry: start number %(number)s.") % params
    return text


@describes(S.WAITING)
def _waiting(params: Mapping[str, Any]) -> str:
    return gettext("%(registration)s put on the waiting list (place %(position)s).") % {
        "registration": registration_label(params["ref"]),
        "position": params["position"],
    }


@describes(S.MOVED_UP)
def _moved_up(params: Mapping[str, Any]) -> str:
    text = gettext("%(registration)s moved up from the waiting list.") % {
        "registration": registration_label(params["ref"])
    }
    if params.get("number"):
        text += " " + gettext("Entry: start number %(number)s.") % params
    return text


@describes(S.MOVED_DOWN)
def _moved_down(params: Mapping[str, Any]) -> str:
    return gettext("%(registration)s moved to the waiting list.") % {
        "registration": registration_label(params["ref"])
    }


@describes(S.ACCEPTED)
def _accepted(params: Mapping[str, Any]) -> str:
    return gettext("%(registration)s accepted: start number %(number)s.") % {
        "registration": registration_label(params["ref"]),
        "number": params["number"],
    }


@describes(S.CANCELLED)
def _cancelled(params: Mapping[str, Any]) -> str:
    if params.get("by_registrant"):
        message = gettext("%(registration)s cancelled through its link.")
    else:
        message = gettext("%(registration)s cancelled.")
    return message % {"registration": registration_label(params["ref"])}


@describes(S.DELETED)
def _deleted(params: Mapping[str, Any]) -> str:
    return gettext("%(registration)s: its data deleted on request.") % {
        "registration": registration_label(params["ref"])
    }


@describes(S.FORGOTTEN)
def _forgotten(params: Mapping[str, Any]) -> str:
    return gettext(
        "Personal data of the online registrations deleted after the club's retention "
        "period: %(addresses)s e-mail addresses, %(codes)s codes, %(links)s links."
    ) % params
