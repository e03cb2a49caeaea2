"""Ranking: who leads, from the figures of every entry; pure Python, no database.

``scoring.standings`` loads the figures of an event (entries, counted points per round, the
state of every round's sheets) and hands them to ``Standings``; the ranking itself happens
here. The rules of the ranking are in ``docs/rules.md`` ("Ranking"), the terms in
``docs/glossary.md``:

- places are competition ranking (1, 1, 3): equal totals share a place unless the organiser
  chose tie-breaks (``TIE_BREAKS``, each declared once with its label and its key), which only
  separate equal totals; a round's own ranking applies the same tie-breaks within the round;
- stand-ins are never ranked (they are kept apart, ``Standings.stand_ins``); a withdrawn entry
  that played keeps its points and is ranked; one without any counted game is left out;
- an entry without a counted game yet is listed without a place, after the ranked entries;
- won / lost as declarer: the declarer party's points decide (positive: won, negative: lost),
  which is how ``scoring.rules.score_hand`` scores them; a conceded game counts as lost.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime

from core.errors import Message, gettext_noop
from core.text import unlisted_name

EXACT_POINTS = "exact_points"
"""The tie-break of the exact points (``RulesProfile.exact_tie_break``)."""
DECLARER_WINS = "declarer_wins"
"""The tie-break of the games won as declarer."""
SINGLES = "singles"
PAIRS = "pairs"

# what public pages and lists show instead of the name of an entry that is not to be named


def signed(value: int | None) -> str:
    """Points for display: a real minus sign for negatives, a dash where there is no figure."""
    if value is None:
        return "–"
    return f"−{-value}" if value < 0 else str(value)


@dataclass(slots=True)
class Figures:
    """What an entry scored in some games: points, games, games won and lost as declarer, and
    ``rounding``: what its points would be more without rounding the trick points (the exact
    points are ``points + rounding``)."""

    points: int = 0
    games: int = 0
    wins: int = 0
    losses: int = 0
    rounding: int = 0

    def add(self, other: Figures) -> None:
        self.points += other.points
        self.games += other.games
        self.wins += other.wins
        self.losses += other.losses
        self.rounding += other.rounding


@dataclass(slots=True)
class EntryFigures:
    """An entry with its counted figures per round number."""

    entry_id: int
    start_number: int
    name: str
    is_pair: bool
    is_stand_in: bool
    is_withdrawn: bool
    by_round: dict[int, Figures] = field(default_factory=dict)
    # a player of the entry asked not to be named in public lists (``Player.unlisted``)
    unlisted: bool = False

    @property
    def public_name(self) -> str | Message:
        """The name for public pages and lists: the start number for an unlisted entry."""
        if self.unlisted:
            return unlisted_name(self.start_number)
        return self.name

    def summed(self, rounds: Iterable[int]) -> Figures:
        total = Figures()
        for number in rounds:
            figures = self.by_round.get(number)
            if figures is not None:
                total.add(figures)
        return total

    def best_round(self, rounds: Iterable[int]) -> int | None:
        played = [self.by_round[n].points for n in rounds if n in self.by_round]
        return max(played) if played else None


@dataclass(frozen=True, slots=True)
class TieBreak:
    """A way to separate equal totals: its code (stored on the event), its label (a msgid) and
    its key (smaller ranks higher) from an entry, its figures and the rounds ranked."""

    code: str
    label: str
    key: Callable[[EntryFigures, Figures, Sequence[int]], int]

    @property
    def title(self) -> Message:
        return Message(self.label)


TIE_BREAKS: dict[str, TieBreak] = {
    tie_break.code: tie_break
    for tie_break in (
        TieBreak(
            "best_round",
            gettext_noop("best single round"),
            lambda entry, figures, rounds: -(entry.best_round(rounds) or 0),
        ),
        TieBreak(
            DECLARER_WINS,
            gettext_noop("more games won as declarer"),
            lambda entry, figures, rounds: -figures.wins,
        ),
        TieBreak(
            "fewer_losses",
            gettext_noop("fewer games lost as declarer"),
            lambda entry, figures, rounds: figures.losses,
        ),
        TieBreak(
            EXACT_POINTS,
            gettext_noop("more exact points (trick points not rounded)"),
            lambda entry, figures, rounds: -figures.rounding,
        ),
    )
}


def parse_tie_breaks(value: str) -> list[str]:
    """The known tie-break codes of ``Event.tie_breaks`` in order, unknown or repeated dropped."""
    codes: list[str] = []
    for part in value.split(","):
        code = part.strip()
        if code in TIE_BREAKS and code not in codes:
            codes.append(code)
    return codes


@dataclass(slots=True)
class StandingRow:
    """One line of a ranking: place (None: not ranked yet), the entry and its figures."""

    place: int | None
    shared: bool
    entry: EntryFigures
    total: int
    figures: Figures
    round_points: list[int | None]

    @property
    def start_number(self) -> int:
        return self.entry.start_number

    @property
    def name(self) -> str:
        return self.entry.name

    @property
    def public_name(self) -> str | Message:
        return self.entry.public_name

    @property
    def is_withdrawn(self) -> bool:
        return self.entry.is_withdrawn

    @property
    def round_cells(self) -> list[str]:
        return [signed(points) for points in self.round_points]

    @property
    def total_cell(self) -> str:
        return signed(self.total)


@dataclass(slots=True)
class RoundState:
    """The sheets of one round: which tables are still missing or not confirmed."""

    number: int
    closed: bool
    tables: int = 0
    started: bool = False
    missing: list[int] = field(default_factory=list)
    unconfirmed: list[int] = field(default_factory=list)

    @property
    def complete(self) -> bool:
        return not self.missing and not self.unconfirmed


@dataclass
class Standings:
    """The figures of an event's entries and the state of its rounds, ready to rank."""

    round_numbers: list[int]
    tie_breaks: list[str]
    count_unconfirmed: bool
    rounds: list[RoundState]
    entries: list[EntryFigures]
    changed_at: datetime | None = None
    """When the results last changed (``Event.results_changed_at``); None: never."""

    @property
    def started_rounds(self) -> list[RoundState]:
        return [state for state in self.rounds if state.started]

    @property
    def provisional(self) -> bool:
        """True while a started round has a sheet that is missing or not confirmed."""
        return any(not state.complete for state in self.started_rounds)

    @property
    def has_results(self) -> bool:
        return any(entry.by_round for entry in self.entries)

    @property
    def current_round(self) -> RoundState | None:
        """The last started round, else the first round with tables, else None."""
        started = self.started_rounds
        if started:
            return started[-1]
        return next((state for state in self.rounds if state.tables), None)

    @property
    def tie_break_labels(self) -> list[Message]:
        return [TIE_BREAKS[code].title for code in self.tie_breaks]

    @property
    def stand_ins(self) -> list[EntryFigures]:
        return [entry for entry in self.entries if entry.is_stand_in]

    def ranking(self, kind: str, round_number: int | None = None) -> list[StandingRow]:
        """Singles or pairs ranked overall (``round_number`` None) or by one round's points."""
        pairs = kind == PAIRS
        rounds = self.round_numbers if round_number is None else [round_number]
        candidates = [
            entry
            for entry in self.entries
            if entry.is_pair == pairs
            and not entry.is_stand_in
            and (not entry.is_withdrawn or any(n in entry.by_round for n in rounds))
        ]
        return rank(
            candidates, rounds=rounds, all_rounds=self.round_numbers, tie_breaks=self.tie_breaks
        )


def _sort_key(
    entry: EntryFigures, figures: Figures, rounds: Sequence[int], tie_breaks: Sequence[str]
) -> tuple[int, ...]:
    """Smaller ranks higher: the total first, then the tie-breaks in order."""
    return (
        -figures.points,
        *(TIE_BREAKS[code].key(entry, figures, rounds) for code in tie_breaks),
    )


def rank(
    entries: Iterable[EntryFigures],
    *,
    rounds: Sequence[int],
    all_rounds: Sequence[int],
    tie_breaks: Sequence[str] = (),
) -> list[StandingRow]:
    """Rank ``entries`` by their points over ``rounds``: competition ranking (1, 1, 3).

    Entries without a counted game in ``rounds`` follow unranked (place None), by start number.
    ``round_points`` of every row lists the entry's points per round of ``all_rounds``.
    """
    played: list[tuple[tuple[int, ...], EntryFigures, Figures]] = []
    unplayed: list[tuple[EntryFigures, Figures]] = []
    for entry in entries:
        figures = entry.summed(rounds)
        if figures.games:
            played.append((_sort_key(entry, figures, rounds, tie_breaks), entry, figures))
        else:
            unplayed.append((entry, figures))
    played.sort(key=lambda item: (item[0], item[1].start_number))
    unplayed.sort(key=lambda item: item[0].start_number)

    def points_per_round(entry: EntryFigures) -> list[int | None]:
        return [
            entry.by_round[n].points if n in entry.by_round else None for n in all_rounds
        ]

    rows: list[StandingRow] = []
    previous_key: tuple[int, ...] | None = None
    place = 0
    for index, (key, entry, figures) in enumerate(played, start=1):
        if key != previous_key:
            place = index
            previous_key = key
        rows.append(
            StandingRow(place, False, entry, figures.points, figures, points_per_round(entry))
        )
    for i, row in enumerate(rows):
        row.shared = (i > 0 and rows[i - 1].place == row.place) or (
            i + 1 < len(rows) and rows[i + 1].place == row.place
        )
    for entry, figures in unplayed:
        rows.append(StandingRow(None, False, entry, 0, figures, points_per_round(entry)))
    return rows


def best_places(rows: Sequence[StandingRow], count: int) -> list[StandingRow]:
    """The ranked ``rows`` (place not None) of the first ``count`` ranked, and every further one
    sharing the last one's place: a cut never leaves out part of a tie."""
    places = [row.place for row in rows if row.place is not None]
    if count <= 0 or not places:
        return []
    cut = places[min(count, len(places)) - 1]
    return [row for row in rows if row.place is not None and row.place <= cut]
