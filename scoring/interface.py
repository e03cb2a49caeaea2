"""What the apps above scoring (money, results, series) ask of it: plain functions and data.

The money of the evening needs the results: the games each entry lost as declarer
(``declarer_losses``, for the lost-game money), whether the results are still provisional
(``standings_provisional``), and the standings themselves for the prizes (``cached_standings``,
computed once per change, ranked ``SINGLES`` and ``PAIRS``). A series names each evening's
house rules (``rules_of``, ``rules_label``: a series across clubs may mix them). The results
show only the figures an event's scoring mode tells (``tells``, ``ModeTells``). The tournament
app below scoring asks nothing of it directly: it sends signals (``tournament.signals``) that
scoring answers (``scoring.receivers``).
"""

from __future__ import annotations

from scoring.house_rules import rules_label, rules_of
from scoring.merkblatt import Merkblatt, merkblatt
from scoring.modes import ModeTells, tells
from scoring.ranking import PAIRS, SINGLES, StandingRow, Standings
from scoring.rules import TRICK_TOTAL
from scoring.standings import (
    DeclarerLosses,
    cached_standings,
    declarer_losses,
    standings_provisional,
)

__all__ = [
    "PAIRS",
    "SINGLES",
    "TRICK_TOTAL",
    "DeclarerLosses",
    "Merkblatt",
    "ModeTells",
    "StandingRow",
    "Standings",
    "cached_standings",
    "declarer_losses",
    "merkblatt",
    "rules_label",
    "rules_of",
    "standings_provisional",
    "tells",
]
