"""A series (Cup), read side: who may organise it, which events a user may add to it, and the
season pot.

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

from money.arithmetic import pool, total
from money.cash.selectors import cash_book
from series.models import Series
from tournament.models import Event


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
