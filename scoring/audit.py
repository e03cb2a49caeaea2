"""How the change log describes the scoring app's actions (see ``tournament.audit``)."""

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext

from scoring.ranking import TIE_BREAKS
from tournament.audit import describes, yes_no
from tournament.models import ChangeLog

A = ChangeLog.Action


@describes(A.ROUND_CLOSED)
def _round_closed(params: Mapping[str, Any]) -> str:
    return gettext("Round %(number)s is closed; its score sheet links no longer work.") % params


@describes(A.ROUND_REOPENED)
def _round_reopened(params: Mapping[str, Any]) -> str:
    return gettext("Round %(number)s is open again; its score sheet links work again.") % params


@describes(A.STANDINGS)
def _standings(params: Mapping[str, Any]) -> str:
    labels = [
        gettext(TIE_BREAKS[code].label) for code in params["tie_breaks"] if code in TIE_BREAKS
    ]
    return gettext(
        "Settings of the standings saved: tie-breaks %(tie_breaks)s; sheets not confirmed "
        "yet count: %(counted)s."
    ) % {
        "tie_breaks": ", ".join(labels) or "–",
        "counted": yes_no(params["count_unconfirmed"]),
    }


@describes(A.PUBLISHED)
def _published(params: Mapping[str, Any]) -> str:
    return gettext("The standings are public now.")


@describes(A.UNPUBLISHED)
def _unpublished(params: Mapping[str, Any]) -> str:
    return gettext("The standings are no longer public.")
