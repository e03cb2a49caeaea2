"""The clock of the round being played: its planned length (``Round.planned_minutes``) counted
from its first release (``Round.started_at``).

The event page and the projector show the time left; the page's script
(``tournament/static/tournament/clock.js``) counts it down from the times the server gives,
correcting the device's own clock by the server's. Nothing here writes (the length is set by
``tournament.services.set_round_length``, the start by ``release_round``).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.utils import timezone
from django.utils.translation import gettext

from tournament.models import Event, Round


def duration(seconds: int) -> str:
    """Seconds as minutes and seconds, ``m:ss`` (``83:05``), as the page's script writes them."""
    minutes, rest = divmod(max(0, seconds), 60)
    return f"{minutes}:{rest:02d}"


@dataclass(frozen=True)
class RoundClock:
    """A round's clock at the time ``now`` (the server's)."""

    round: Round
    now: datetime

    @property
    def ends_at(self) -> datetime:
        assert self.round.started_at is not None and self.round.planned_minutes is not None
        return self.round.started_at + timedelta(minutes=self.round.planned_minutes)

    @property
    def seconds_left(self) -> int:
        return int((self.ends_at - self.now).total_seconds())

    @property
    def over(self) -> bool:
        """The planned time has passed."""
        return self.seconds_left <= 0

    @property
    def text(self) -> str:
        """What the clock says at ``now`` (the page's script says the same, every second)."""
        left = self.seconds_left
        if left > 0:
            return gettext("{time} left").replace("{time}", duration(left))
        return gettext("time is up (+{time})").replace("{time}", duration(-left))


def round_clock(event: Event, now: datetime | None = None) -> RoundClock | None:
    """The clock of the round being played: the last round started (released) and not closed,
    when it has a planned length; else None."""
    round_ = (
        event.rounds.filter(started_at__isnull=False, closed=False)
        .order_by("-number")
        .first()
    )
    if round_ is None or round_.planned_minutes is None:
        return None
    return RoundClock(round=round_, now=now or timezone.now())
