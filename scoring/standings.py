"""Standings ("Rangliste"): who leads, overall and per Durchgang, singles and pairs separately.

Domain terms and the project's decisions (RULES.md "Ranking"):

- *Gesamt* (total): an entry's points summed over every game of every round it played; a
  round's figure (*D1*, *D2*, …) is the sum over that round's games.
- *Gezählte Spielzettel* (counted sheets): by default only confirmed sheets count. With
  ``Event.count_unconfirmed`` every sheet with games counts (in progress, submitted or
  confirmed).
- *Vorläufig* (provisional): the standings are provisional while a started round (one with a
  sheet that has games, or a closed one) has a table whose sheet is not confirmed yet — either
  because it is still missing and so not counted, or because it counts without being confirmed.
- *Platz* (place): equal totals share a place (1, 1, 3) unless the organiser chose tie-breaks
  (``Event.tie_breaks``, comma-separated codes in order, see ``TIE_BREAKS``). Tie-breaks only
  separate equal totals; entries equal on every criterion still share the place. A round's own
  ranking applies the same tie-breaks within that round (where the best single round is the
  round's total and so decides nothing).
- *Als Alleinspieler gewonnen / verloren* (won / lost as declarer): the declarer party's points
  of a game decide, which is exactly how ``scoring.rules.score_hand`` scores it: a won game
  (played: counted meld + exact tricks reach the bid; Durch: every trick) always scores more
  than 0 for the declarer, a lost game (including a misplay by the declarer) scores −2 × bid or
  −1000, and a conceded game scores −bid. So *won* means the declarer's points are positive and
  *lost* means they are negative; a conceded game counts as lost.

Who is listed:

- Stand-in entries (*Ersatz*) play but are never ranked; they are returned apart
  (``Standings.stand_ins``) so the organiser still sees their figures.
- A withdrawn entry that never played (no counted game) is not listed. A withdrawn entry that
  played keeps what it scored: it is listed and ranked with its total and marked withdrawn.
- An entry without any counted game yet (its sheet is still missing) is listed without a place,
  after the ranked entries, so that no place is given on missing data. The per-round rankings
  follow the same rule within their round.

The computation runs a constant number of SQL queries whatever the event's size: entries with
their players, the points summed per entry and round (with the declarer statistics) in the
database, and the tables of the event with their sheets' status.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from django.db.models import Count, F, Q, Sum
from django.utils.translation import gettext_lazy as _

from scoring.models import Game, PartyScore, ScoreSheet
from tournament.models import Entry, Event, Seat, Table

TIE_BREAKS: dict[str, str] = {
    "best_round": _("best single round"),
    "declarer_wins": _("more games won as declarer"),
    "fewer_losses": _("fewer games lost as declarer"),
}

SINGLES = "singles"
PAIRS = "pairs"

HANDED_IN = (ScoreSheet.Status.SUBMITTED, ScoreSheet.Status.CONFIRMED)


def parse_tie_breaks(value: str) -> list[str]:
    """The known tie-break codes of ``Event.tie_breaks`` in order, unknown or repeated dropped."""
    codes: list[str] = []
    for part in value.split(","):
        code = part.strip()
        if code in TIE_BREAKS and code not in codes:
            codes.append(code)
    return codes


def signed(value: int | None) -> str:
    """Points for display: a real minus sign for negatives, a dash where there is no figure."""
    if value is None:
        return "–"
    return f"−{-value}" if value < 0 else str(value)


def counted_statuses(event: Event) -> tuple[str, ...]:
    """The sheet statuses whose games count for the standings of ``event``."""
    if event.count_unconfirmed:
        return (
            ScoreSheet.Status.IN_PROGRESS,
            ScoreSheet.Status.SUBMITTED,
            ScoreSheet.Status.CONFIRMED,
        )
    return (ScoreSheet.Status.CONFIRMED,)


@dataclass(slots=True)
class Figures:
    """What an entry scored in some games: points, games, games won and lost as declarer."""

    points: int = 0
    games: int = 0
    wins: int = 0
    losses: int = 0

    def add(self, other: Figures) -> None:
        self.points += other.points
        self.games += other.games
        self.wins += other.wins
        self.losses += other.losses


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
    """The standings of an event as computed by ``compute_standings``."""

    event: Event
    round_numbers: list[int]
    tie_breaks: list[str]
    count_unconfirmed: bool
    rounds: list[RoundState]
    entries: list[EntryFigures]

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
    def tie_break_labels(self) -> list[str]:
        return [TIE_BREAKS[code] for code in self.tie_breaks]

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


def _tie_key(
    entry: EntryFigures, figures: Figures, rounds: Sequence[int], tie_breaks: Sequence[str]
) -> tuple[int, ...]:
    """Sort key (smaller ranks higher): total first, then the tie-breaks in order."""
    key = [-figures.points]
    for code in tie_breaks:
        if code == "best_round":
            key.append(-(entry.best_round(rounds) or 0))
        elif code == "declarer_wins":
            key.append(-figures.wins)
        elif code == "fewer_losses":
            key.append(figures.losses)
    return tuple(key)


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
            played.append((_tie_key(entry, figures, rounds, tie_breaks), entry, figures))
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


def compute_standings(event: Event) -> Standings:
    """The standings of ``event`` (three SQL queries, whatever the event's size)."""
    entries: dict[int, EntryFigures] = {}
    for entry_id, start_number, player, partner, stand_in, withdrawn in (
        Entry.objects.filter(event=event)
        .order_by("start_number")
        .values_list(
            "id", "start_number", "player__name", "partner__name", "is_stand_in",
            "is_withdrawn",
        )
    ):
        entries[entry_id] = EntryFigures(
            entry_id=entry_id,
            start_number=start_number,
            name=player if partner is None else f"{player} / {partner}",
            is_pair=partner is not None,
            is_stand_in=stand_in,
            is_withdrawn=withdrawn,
        )

    states: dict[int, RoundState] = {}
    round_of_sheet: dict[int, int] = {}
    for number, closed, table_number, sheet_id, status in (
        Table.objects.filter(round__event=event)
        .order_by("round__number", "number")
        .values_list("round__number", "round__closed", "number", "sheet__id", "sheet__status")
    ):
        state = states.get(number)
        if state is None:
            state = states[number] = RoundState(number=number, closed=closed, started=closed)
        state.tables += 1
        if sheet_id is not None:
            round_of_sheet[sheet_id] = number
        if status not in (None, ScoreSheet.Status.EMPTY):
            state.started = True
        if status not in HANDED_IN:
            state.missing.append(table_number)
        elif status != ScoreSheet.Status.CONFIRMED:
            state.unconfirmed.append(table_number)

    # Summed per entry and sheet (an entry has one sheet per round): fewer joins than grouping
    # by the round number, which the tables above give for every sheet.
    counted_sheets = ScoreSheet.objects.filter(
        table__round__event=event, status__in=counted_statuses(event)
    ).values("pk")
    as_declarer = Q(game__declarer_id=F("entry_id"))
    sums = (
        PartyScore.objects.filter(game__sheet__in=counted_sheets)
        .values("entry_id", "game__sheet_id")
        .annotate(
            total=Sum("points"),
            games=Count("id"),
            wins=Count("id", filter=as_declarer & Q(points__gt=0)),
            losses=Count("id", filter=as_declarer & Q(points__lt=0)),
        )
        .order_by()
        .values_list("entry_id", "game__sheet_id", "total", "games", "wins", "losses")
    )
    round_numbers = set(range(1, event.round_count + 1)) | set(states)
    for entry_id, sheet_id, total, games, wins, losses in sums:
        entry = entries.get(entry_id)
        number = round_of_sheet.get(sheet_id)
        if entry is None or number is None:  # cannot be (same event); be safe anyway
            continue
        figures = Figures(total, games, wins, losses)
        if number in entry.by_round:
            entry.by_round[number].add(figures)
        else:
            entry.by_round[number] = figures

    return Standings(
        event=event,
        round_numbers=sorted(round_numbers),
        tie_breaks=parse_tie_breaks(event.tie_breaks),
        count_unconfirmed=event.count_unconfirmed,
        rounds=[states[n] for n in sorted(states)],
        entries=list(entries.values()),
    )


@dataclass(slots=True)
class EntryGame:
    """One game an entry played, from its own line of the sheet."""

    number: int
    declarer_name: str
    own_declarer: bool
    bid: int
    kind: str
    kind_label: str
    misplayed: bool
    meld: int
    tricks: int | None
    points: int


@dataclass(slots=True)
class EntryRound:
    """The games of an entry in one round, its table, table-mates and the sheet's state."""

    number: int
    table: int
    status: str
    status_label: str
    counted: bool
    opponents: list[str] = field(default_factory=list)
    games: list[EntryGame] = field(default_factory=list)

    @property
    def total(self) -> int:
        return sum(game.points for game in self.games)


def entry_rounds(event: Event, entry: Entry, *, counted_only: bool = False) -> list[EntryRound]:
    """Every game ``entry`` played, round by round (three SQL queries).

    ``counted_only`` leaves out the games of sheets that do not count for the standings.
    """
    statuses = counted_statuses(event)
    seats = (
        Seat.objects.filter(table__round__event=event, table__seats__entry=entry)
        .exclude(entry=entry)
        .select_related("table__round", "table__sheet", "entry__player", "entry__partner")
        .order_by("table__round__number", "position")
    )
    rounds: dict[int, EntryRound] = {}
    own_tables = (
        Table.objects.filter(round__event=event, seats__entry=entry)
        .select_related("round", "sheet")
        .distinct()
    )
    for table in own_tables:
        sheet = getattr(table, "sheet", None)
        status = sheet.status if sheet else ScoreSheet.Status.EMPTY
        if counted_only and status not in statuses:
            continue
        rounds[table.round.number] = EntryRound(
            number=table.round.number,
            table=table.number,
            status=status,
            status_label=str(ScoreSheet.Status(status).label),
            counted=status in statuses,
        )
    for seat in seats:
        entry_round = rounds.get(seat.table.round.number)
        label = f"{seat.entry.start_number} {seat.entry.name}"
        if entry_round is not None and label not in entry_round.opponents:
            entry_round.opponents.append(label)

    scores = (
        PartyScore.objects.filter(entry=entry, game__sheet__table__round__event=event)
        .select_related(
            "game__sheet__table__round", "game__declarer__player", "game__declarer__partner"
        )
        .order_by("game__sheet__table__round__number", "game__number")
    )
    kinds = dict(Game.Kind.choices)
    for score in scores:
        game = score.game
        entry_round = rounds.get(game.sheet.table.round.number)
        if entry_round is None:
            continue
        entry_round.games.append(
            EntryGame(
                number=game.number,
                declarer_name=f"{game.declarer.start_number} {game.declarer.name}",
                own_declarer=game.declarer_id == entry.pk,
                bid=game.bid,
                kind=game.kind,
                kind_label=str(kinds.get(game.kind, game.kind)),
                misplayed=game.revoked_id == entry.pk,
                meld=score.meld,
                tricks=score.tricks,
                points=score.points,
            )
        )
    return [rounds[n] for n in sorted(rounds)]
