"""The house rules an event can be created with, as the app above that knows them offers them
(``scoring`` hands over its presets when it starts, ``offer_presets``), and as a club keeps its
own (``clubs.models.ClubRules``, offered to the club's organisers): the tournament app
stores an event's rules as plain data (``Event.rules``) and never interprets them. Also the
codes of the ways an event keeps score (``Event.scoring_mode``; what each stores and the checks
of its figures are the scoring app's, ``scoring.modes``).
Pure Python: nothing here imports Django.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from core.errors import gettext_noop

GAMES: Final = "games"
"""Every game in full (bid, melds, tricks): the points are computed by the rules."""
POINTS: Final = "points"
"""Each game's points per party as written on the paper, the declarer where it is known."""
TOTALS: Final = "totals"
"""Each party's total of the round and its games lost as declarer, nothing per game."""
SCORING_MODES: Final = {
    GAMES: gettext_noop("Every game"),
    POINTS: gettext_noop("Points per game"),
    TOTALS: gettext_noop("Round totals"),
}
"""The ways an event keeps score and their names (msgids), from the most detail to the least;
the first is the default."""
OFFERED_MODES: Final = (GAMES, POINTS, TOTALS)
"""The scoring modes the forms offer an organiser, in the order of ``SCORING_MODES``: those
whose score sheet, printouts, standings and results exist. An event stores any of
``SCORING_MODES`` and ``scoring.modes`` checks the figures of all three, but a mode the sheet
does not follow yet is not offered, so that the rules sheet never names a way of scoring the
sheets do not ask for."""


@dataclass(frozen=True)
class Preset:
    """A named set of house rules: its label, the games per round, the tie-breaks
    (``Event.tie_breaks``) and the scoring mode an event starts with, and its switches as saved
    on an event. A preset of the server (``club_id`` None) is labelled by a msgid; a club's own
    house rules (``club_id``: its club) by the name the club gave them."""

    name: str
    label: str
    games_per_round: int
    values: Mapping[str, Any] = field(default_factory=dict)
    tie_breaks: str = ""
    scoring_mode: str = GAMES
    club_id: int | None = None


_offered: Callable[[], Sequence[Preset]] = tuple


def offer_presets(source: Callable[[], Sequence[Preset]]) -> None:
    """Offer the presets ``source`` gives when an event is created, asked anew each time (the
    first is the default)."""
    global _offered
    _offered = source


def presets() -> list[Preset]:
    """The presets offered, the default first."""
    return list(_offered())


def preset(name: str) -> Preset | None:
    return next((offered for offered in presets() if offered.name == name), None)
