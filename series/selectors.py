"""A series (Cup), read side: who may organise it, which events a user may add to it, the
players of its events of different clubs (who is linked, who likely should be) and the season
pot.

The series belongs to the account that created it: its owner and superusers organise it
(``may_organise_series``). An event joins a series only through one of the event's organisers
(``organises_event``), so each organiser keeps their own event. The season pot is the series'
per cent of the Startgeld collected at each evening, each evening's share rounded down to the
cent as a prize pot is (``money.arithmetic.pool``); the Startgeld collected is the cash book's
(``money.cash.selectors``), the figure the treasurer's summary shows.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.db.models import Q, QuerySet

from money.arithmetic import pool, total
from money.cash.selectors import cash_book
from series.models import Series
from series.standings import persons
from tournament import registry
from tournament.models import Entry, Event, Player, PlayerLink
from tournament.services.players import candidates


def may_organise_series(user: Any, series: Series) -> bool:
    """True for the series' owner and superusers."""
    if not getattr(user, "is_authenticated", False):
        return False
    return bool(user.is_superuser or (series.owner_id is not None and series.owner_id == user.pk))


def series_of(user: Any):
    """The series ``user`` organises (a superuser: every series)."""
    if user.is_superuser:
        return Series.objects.all()
    return Series.objects.filter(owner=user)


def organises_event(user: Any, event: Event) -> bool:
    if not getattr(user, "is_authenticated", False):
        return False
    return Event.objects.organised_by(user).filter(pk=event.pk).exists()


@dataclass(frozen=True, slots=True)
class PotLine:
    event: Event
    collected: Decimal
    share: Decimal


@dataclass(frozen=True, slots=True)
class SeasonPot:
    percent: Decimal
    lines: list[PotLine]

    @property
    def collected(self) -> Decimal:
        return total(line.collected for line in self.lines)

    @property
    def amount(self) -> Decimal:
        return total(line.share for line in self.lines)


def season_pot(series: Series) -> SeasonPot:
    """The series' share of the Startgeld collected at each of its evenings."""
    lines = []
    for membership in series.memberships.select_related("event").order_by("order", "id"):
        collected = cash_book(membership.event).start_paid
        lines.append(PotLine(membership.event, collected, pool(collected, series.pot_percent)))
    return SeasonPot(percent=series.pot_percent, lines=lines)


def series_players(series: Series) -> QuerySet[Player]:
    """The players of the series' events (as player or partner)."""
    entries = Entry.objects.filter(event__in=series.events.all())
    return Player.objects.filter(
        Q(pk__in=entries.values("player_id"))
        | Q(pk__in=entries.filter(partner__isnull=False).values("partner_id"))
    )


def plays_in_series(series: Series, *player_ids: int) -> bool:
    """Whether each of ``player_ids`` plays in an event of the series."""
    ids = set(player_ids)
    return ids <= set(series_players(series).filter(pk__in=ids).values_list("pk", flat=True))


@dataclass(frozen=True)
class SeriesPlayers:
    """The series' players of different clubs: the links between them (``PlayerLink``), and
    pairs of players of two clubs likely the same person (``tournament.registry``'s likeness,
    suggested, never linked by themselves), most alike first."""

    players: dict[int, Player]
    links: list[tuple[Player, Player]]
    suggestions: list[tuple[Player, Player, str]]


def linked(first_id: int, second_id: int) -> bool:
    """Whether the two players are linked directly."""
    low, high = sorted((first_id, second_id))
    return PlayerLink.objects.filter(first_id=low, second_id=high).exists()


def series_links(series: Series, *, limit: int) -> SeriesPlayers:
    """The links among the series' players and at most ``limit`` suggestions: pairs of two
    clubs' registries, not linked yet (directly or through others), who never played in one
    event."""
    players = series_players(series).select_related("registry_club").in_bulk()
    ids = set(players)
    links = [
        (players[first], players[second])
        for first, second in PlayerLink.objects.filter(first_id__in=ids, second_id__in=ids)
        .order_by("pk").values_list("first_id", "second_id")
    ]
    person = persons(ids)
    found = candidates(Player.objects.filter(pk__in=ids))
    suggestions = [
        (players[pair.first.id], players[pair.second.id], pair.likeness.kind)
        for pair in registry.duplicate_pairs(found)
        if players[pair.first.id].registry_club_id != players[pair.second.id].registry_club_id
        and person[pair.first.id] != person[pair.second.id]
    ]
    return SeriesPlayers(players=players, links=links, suggestions=suggestions[:limit])
