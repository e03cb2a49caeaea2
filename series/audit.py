"""How the change log describes a series' actions (``core.audit``): records of no event, whose
subject is the series, shown on the series' page."""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from django.utils.translation import gettext, gettext_noop
from django.utils.translation import gettext_lazy as _

from core.audit import Actions, changes_text, describes, register_namespace
from core.templatetags.euros import percent
from series.models import Series

SERIES_FIELDS = {
    "name": gettext_noop("Name"),
    "slug": gettext_noop("Short name"),
    "season": gettext_noop("Season"),
    "public": gettext_noop("Public standings"),
    "counting": gettext_noop("Evenings that count"),
    "best_of": gettext_noop("Best how many evenings"),
    "scoring": gettext_noop("An evening is worth"),
    "place_points": gettext_noop("Place points"),
    "pot_percent": gettext_noop("Season pot (per cent of each evening's entry fee)"),
}


def _series_value(field: str, value: Any) -> Any:
    if value in (None, ""):
        return value
    if field == "counting":
        return str(Series.Counting(value).label)
    if field == "scoring":
        return str(Series.Scoring(value).label)
    if field == "place_points":
        return ", ".join(str(points) for points in value) or None
    if field == "pot_percent":
        return percent(Decimal(value))
    return value


class SeriesAction(Actions):
    CREATED = "series.created", _("series created")
    EDITED = "series.edited", _("series edited")
    EVENT_ADDED = "series.event_added", _("event added to the series")
    EVENT_REMOVED = "series.event_removed", _("event removed from the series")
    PLAYERS_LINKED = "series.players_linked", _("players linked")
    PLAYERS_UNLINKED = "series.players_unlinked", _("players unlinked")


register_namespace("series", SeriesAction)  # no event's: not in an event's change log
S = SeriesAction


@describes(S.CREATED)
def _series_created(params: Mapping[str, Any]) -> str:
    return gettext("Series “%(name)s” created.") % {"name": params["name"]}


@describes(S.EDITED)
def _series_edited(params: Mapping[str, Any]) -> str:
    changes = [
        [field, _series_value(field, old), _series_value(field, new)]
        for field, old, new in params["changes"]
    ]
    return gettext("Series changed: %(changes)s.") % {
        "changes": changes_text(changes, SERIES_FIELDS)
    }


@describes(S.EVENT_ADDED)
def _series_event_added(params: Mapping[str, Any]) -> str:
    return gettext("Tournament “%(name)s” of %(date)s added to the series.") % params


@describes(S.EVENT_REMOVED)
def _series_event_removed(params: Mapping[str, Any]) -> str:
    return gettext("Tournament “%(name)s” of %(date)s removed from the series.") % params


def _player(ref: Mapping[str, Any]) -> str:
    """A player as a series' record names them: "Hans Maier (SV Ulm)", the club whose
    registry the row is in."""
    return gettext("%(name)s (%(club)s)") % {"name": ref["name"], "club": ref["registry"]}


@describes(S.PLAYERS_LINKED)
def _players_linked(params: Mapping[str, Any]) -> str:
    return gettext("%(first)s and %(second)s linked: the same person.") % {
        "first": _player(params["first"]), "second": _player(params["second"]),
    }


@describes(S.PLAYERS_UNLINKED)
def _players_unlinked(params: Mapping[str, Any]) -> str:
    return gettext("The link of %(first)s and %(second)s removed: two people.") % {
        "first": _player(params["first"]), "second": _player(params["second"]),
    }
