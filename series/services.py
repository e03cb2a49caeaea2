"""A series (Cup): create it, change its settings, add and remove its events, link the rows
of the same person in two clubs' registries (and remove a link).

The series belongs to the account that creates it; its owner and superusers change it
(``series.selectors.may_organise_series``). An event is added only by one of its organisers
(each organiser keeps their own event); the series' organisers may remove any of its events.
Every change writes a record of the series (``core.audit``, of no event, described by
``series.audit``): a series is no event, and an event's log stays about the event. Adding or
removing an event changes no event's standings, so no results stamp moves.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.db import IntegrityError, transaction
from django.utils.translation import gettext_noop

from core import limits
from core.audit import log, recorded_user
from core.changes import save_and_log_changes
from core.errors import UserError
from series.audit import SeriesAction
from series.models import Series, SeriesEvent
from series.ranking import SeriesRuleError
from series.selectors import linked, may_organise_series, organises_event, plays_in_series
from series.standings import persons, series_rule
from tournament.models import Event, Player, PlayerLink
from tournament.services.players import player_events

SERIES_FIELDS = (
    "name", "slug", "season", "public", "counting", "best_of", "scoring", "place_points",
    "pot_percent",
)


class SeriesError(UserError):
    """A refused change of a series."""


def _slug_taken(slug: str) -> SeriesError:
    return SeriesError(
        gettext_noop("The short name “%(slug)s” is already used by another series."),
        field="slug",
        slug=slug,
    )


def _not_allowed() -> SeriesError:
    return SeriesError(gettext_noop("Only the series' owner can change it."))


def _logged(value: Any) -> Any:
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, tuple):
        return list(value)
    return value


def _clean(fields: dict[str, Any]) -> dict[str, Any]:
    values = {name: fields[name] for name in SERIES_FIELDS if name in fields}
    if "place_points" in values:
        values["place_points"] = list(values["place_points"] or [])
    if values.get("counting") not in (None, Series.Counting.BEST):
        values["best_of"] = None
    return values


def _check_rule(series: Series) -> None:
    try:
        series_rule(series)
    except SeriesRuleError as error:
        raise SeriesError.of(error.message, field=error.field) from None


def _save(series: Series, **options: Any) -> None:
    try:
        with transaction.atomic():
            series.save(**options)
    except IntegrityError:
        if Series.objects.filter(slug=series.slug).exclude(pk=series.pk).exists():
            raise _slug_taken(series.slug) from None
        raise


@transaction.atomic
def create_series(*, user: Any = None, **fields: Any) -> Series:
    """A new series with ``fields`` (see ``SERIES_FIELDS``), owned by ``user``."""
    series = Series(**_clean(fields), owner=recorded_user(user))
    _check_rule(series)
    _save(series)
    log(subject=series, action=SeriesAction.CREATED, user=user, name=series.name)
    return series


@transaction.atomic
def update_series(*, series: Series, user: Any = None, **fields: Any) -> list[list[Any]]:
    """Change a series' settings; returns the changes as ``[field, old, new]``."""
    series = Series.objects.select_for_update().get(pk=series.pk)
    if not may_organise_series(user, series):
        raise _not_allowed()
    return save_and_log_changes(
        instance=series,
        values=_clean(fields),
        shown=_logged,
        check=lambda changes: _check_rule(series) if changes else None,
        save=lambda names: _save(series, update_fields=names),
        log=lambda changes: log(
            subject=series, action=SeriesAction.EDITED, user=user, changes=changes
        ),
    )


def _renumber(series: Series) -> None:
    """The events of the series in date order (then as added)."""
    memberships = list(
        SeriesEvent.objects.filter(series=series).order_by("event__date", "id")
    )
    for order, membership in enumerate(memberships, start=1):
        membership.order = order
    SeriesEvent.objects.bulk_update(memberships, ["order"])


def _event_params(event: Event) -> dict[str, Any]:
    """How a series' record names an event (the record itself belongs to no event)."""
    return {"name": event.name, "date": f"{event.date:%d.%m.%Y}", "event_id": event.pk}


@transaction.atomic
def add_event(*, series: Series, event: Event, user: Any = None) -> SeriesEvent:
    """Add ``event`` to ``series``: only an organiser of the event who organises the series."""
    series = Series.objects.select_for_update().get(pk=series.pk)
    if not may_organise_series(user, series):
        raise _not_allowed()
    if not organises_event(user, event):
        raise SeriesError(
            gettext_noop(
                "Only an organiser of the tournament “%(name)s” can add it to a series."
            ),
            field="event",
            name=event.name,
        )
    if SeriesEvent.objects.filter(series=series, event=event).exists():
        raise SeriesError(
            gettext_noop("The tournament “%(name)s” is already in this series."),
            field="event",
            name=event.name,
        )
    if SeriesEvent.objects.filter(series=series).count() >= limits.MAX_SERIES_EVENTS:
        raise SeriesError(
            gettext_noop("A series has at most %(count)s tournaments."),
            field="event",
            count=limits.MAX_SERIES_EVENTS,
        )
    membership = SeriesEvent.objects.create(series=series, event=event)
    _renumber(series)
    log(
        subject=series, action=SeriesAction.EVENT_ADDED, user=user, **_event_params(event)
    )
    membership.refresh_from_db()
    return membership


@transaction.atomic
def remove_event(*, series: Series, event: Event, user: Any = None) -> None:
    """Take ``event`` out of ``series`` (the series' organisers); the event stays as it is."""
    series = Series.objects.select_for_update().get(pk=series.pk)
    if not may_organise_series(user, series):
        raise _not_allowed()
    deleted, _by_model = SeriesEvent.objects.filter(series=series, event=event).delete()
    if not deleted:
        raise SeriesError(
            gettext_noop("The tournament “%(name)s” is not in this series."),
            field="event",
            name=event.name,
        )
    _renumber(series)
    log(
        subject=series, action=SeriesAction.EVENT_REMOVED, user=user, **_event_params(event)
    )


def _player_ref(player: Player) -> dict[str, Any]:
    return {"id": player.pk, "name": player.name, "registry": player.registry_club.name}


def _pair(series: Series, first: Player, second: Player, user: Any) -> tuple[Player, Player]:
    """The two players, locked, checked: the series' organiser, both play in the series."""
    if not may_organise_series(user, series):
        raise _not_allowed()
    if first.pk == second.pk:
        raise SeriesError(gettext_noop("A player cannot be linked with themselves."))
    if not plays_in_series(series, first.pk, second.pk):
        raise SeriesError(gettext_noop("Only players of the series' tournaments can be linked."))
    low, high = (
        Player.objects.select_for_update().select_related("registry_club").get(pk=pk)
        for pk in sorted((first.pk, second.pk))
    )
    return low, high


@transaction.atomic
def link_players(*, series: Series, first: Player, second: Player, user: Any = None) -> PlayerLink:
    """Link ``first`` and ``second``, rows of the same person in the registries of two clubs:
    every series counts them (and the rows linked to either) as one participant. Only an
    organiser of ``series`` both play in; refused for two rows of one club (they are merged
    there), for two people of one event, and for a pair linked already (directly or through
    others). Logged as the series'."""
    low, high = _pair(series, first, second, user)
    if low.registry_club_id == high.registry_club_id:
        raise SeriesError(
            gettext_noop(
                "%(first)s and %(second)s are in the registry of one club: merge them there "
                "instead."
            ),
            first=low.name, second=high.name,
        )
    events = player_events([low.pk, high.pk])
    if events.get(low.pk, set()) & events.get(high.pk, set()):
        raise SeriesError(
            gettext_noop("%(first)s and %(second)s play in one tournament: they are two people."),
            first=low.name, second=high.name,
        )
    person = persons({low.pk, high.pk})
    if person[low.pk] == person[high.pk]:
        raise SeriesError(
            gettext_noop("%(first)s and %(second)s are linked already."),
            first=low.name, second=high.name,
        )
    link = PlayerLink.objects.create(first=low, second=high)
    log(subject=series, action=SeriesAction.PLAYERS_LINKED, user=user,
        first=_player_ref(low), second=_player_ref(high))
    return link


@transaction.atomic
def unlink_players(*, series: Series, first: Player, second: Player, user: Any = None) -> None:
    """Remove the link of ``first`` and ``second`` (two people after all): the series'
    organiser, both play in the series. Logged as the series'."""
    low, high = _pair(series, first, second, user)
    if not linked(low.pk, high.pk):
        raise SeriesError(
            gettext_noop("%(first)s and %(second)s are not linked."),
            first=low.name, second=high.name,
        )
    PlayerLink.objects.filter(first=low, second=high).delete()
    log(subject=series, action=SeriesAction.PLAYERS_UNLINKED, user=user,
        first=_player_ref(low), second=_player_ref(high))
