"""How the change log describes the online registration's records (``signup.models.SignupLog``),
shown in the event's change log under a filter of their own (``signup_lines``, registered as a
source when the app is ready, ``tournament.audit.register_source``).

A record names a registration by its code and name (``registration_ref``), never by its e-mail
address; a registration deleted on request leaves its records with the code only.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext, gettext_noop

from signup.models import Registration, SignupLog
from tournament.audit import Line, changes_text, describes, known, recorded_user, user_name
from tournament.models import Event

S = SignupLog.Action

KIND_SIGNUP = "anmeldung"  # the change log's filter of these records (``?art=anmeldung``)
SIGNUP_LABEL = gettext_noop("Online registration")

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


def signup_line(change: SignupLog) -> Line:
    return Line(
        at=change.created_at,
        id=change.pk,
        action=change.action,
        label=str(change.get_action_display()),
        params=change.params,
        who=user_name(change.user),
    )


def signup_lines(event: Event, limit: int) -> tuple[int, list[Line]]:
    """The event's registration records for its change log (``tournament.audit.LineSource``)."""
    records = SignupLog.objects.filter(event=event)
    newest = records.select_related("user").order_by("-created_at", "-id")[:limit]
    return records.count(), [signup_line(change) for change in newest]


def log(
    *,
    event: Event,
    action: str,
    user: Any = None,
    registration: Registration | None = None,
    **params: Any,
) -> SignupLog:
    """Record a change of the event's registration (inside the change's transaction)."""
    if not known(action):
        raise ValueError(f"no describer for registration action {action!r}")
    if registration is not None:
        params.setdefault("ref", registration_ref(registration))
    return SignupLog.objects.create(
        event=event,
        registration=registration,
        action=action,
        params=params,
        user=recorded_user(user),
    )
