"""Standings (Rangliste): the figures of an event loaded from the database, ranked by
``scoring.ranking``, and the games of one entry.

The games each entry lost as declarer (for the lost-game money,
``money.cash.selectors``) are counted
here too, on the same sheets.

A sheet kept in round totals (``Event.scoring_mode`` ``totals``, ``scoring.models.RoundTotal``)
counts each party's total as its points of the round, the round's games as its games, and its
typed count as its games lost as declarer; it knows no games won as declarer and no exact
points, so the tie-breaks that need them are left out (``scoring.modes.known_tie_breaks``). A
sheet kept in points per game holds games of the kind ``written`` and counts as a sheet of games
does: each party's points as written; a game lost as declarer is the one party below zero,
whether the paper names the declarer or not; no exact points (no trick points), and games won
as declarer only where the declarer is written down, so both tie-breaks are left out for it
too. An event's sheets are kept in one mode (``scoring.services.house_rules.change_scoring_mode``).

Which sheets count: by default only confirmed ones; with ``Event.count_unconfirmed`` every sheet
with games (in progress, submitted or confirmed), and the standings say they are provisional
(see ``docs/rules.md``, "Ranking"). The computation runs a constant number of SQL queries
whatever the event's size: entries with their players, the points summed per entry and sheet
(with the declarer statistics) in the database, and the tables of the event with their sheets'
status.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.core.cache import cache
from django.db.models import Count, F, Q, Sum

from core.limits import STANDINGS_CACHE_SECONDS
from scoring.models import Game, PartyScore, RoundTotal, ScoreSheet
from scoring.modes import WRITTEN, known_tie_breaks
from scoring.ranking import EntryFigures, Figures, RoundState, Standings, parse_tie_breaks
from scoring.rules import CONCEDED, DURCH, DURCH_OPEN, PLAYED
from tournament.house_rules import TOTALS
from tournament.models import Entry, Event, Seat, Table


def counted_statuses(event: Event) -> tuple[str, ...]:
    """The sheet statuses whose games count for the standings of ``event``."""
    if event.count_unconfirmed:
        return (ScoreSheet.Status.IN_PROGRESS, *ScoreSheet.HANDED_IN)
    return (ScoreSheet.Status.CONFIRMED,)


def round_states(event: Event) -> tuple[dict[int, RoundState], dict[int, int]]:
    """The state of every round's sheets by round number, and the round number of every sheet
    by its id (one SQL query)."""
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
        if status not in ScoreSheet.HANDED_IN:
            state.missing.append(table_number)
        elif status != ScoreSheet.Status.CONFIRMED:
            state.unconfirmed.append(table_number)
    return states, round_of_sheet


def standings_provisional(event: Event) -> bool:
    """True while a started round of ``event`` has a sheet that is missing or not confirmed, as
    ``Standings.provisional`` says (one SQL query)."""
    states, _sheets = round_states(event)
    return any(not state.complete for state in states.values() if state.started)


@dataclass(frozen=True, slots=True)
class DeclarerLosses:
    """The games an entry lost as declarer, by kind of game. A sheet kept in round totals
    knows no kinds: its typed counts are ``played``, which every lost-game rule counts."""

    played: int = 0
    conceded: int = 0
    durch: int = 0


def lost_as_declarer() -> Q:
    """The party lines (``PartyScore``) of games lost as declarer: the declarer's line below
    zero; of a game of points as written (``WRITTEN``) any line below zero, since only the
    declarer of a game lost scores below zero (``scoring.modes.points_problems``), written down
    or not."""
    return Q(points__lt=0) & (Q(entry_id=F("game__declarer_id")) | Q(game__kind=WRITTEN))


def declarer_losses(event: Event) -> dict[int, DeclarerLosses]:
    """The games every entry lost as declarer on the sheets that count for the standings, by
    entry id (one SQL query); entries without a lost game are left out.

    Lost is what the ranking calls lost (``lost_as_declarer``): the declarer's points are
    negative (a played game lost, a lost Durch, a conceded game; a game of points as written
    counts as a played game); on sheets kept in round totals, the typed counts.
    """
    counted_sheets = ScoreSheet.objects.filter(
        table__round__event=event, status__in=counted_statuses(event)
    ).values("pk")
    if event.scoring_mode == TOTALS:
        return {
            entry_id: DeclarerLosses(played=lost)
            for entry_id, lost in RoundTotal.objects.filter(sheet__in=counted_sheets, lost__gt=0)
            .values("entry_id")
            .annotate(lost=Sum("lost"))
            .order_by()
            .values_list("entry_id", "lost")
        }
    counts: dict[int, dict[str, int]] = {}
    for entry_id, kind, count in (
        PartyScore.objects.filter(lost_as_declarer(), game__sheet__in=counted_sheets)
        .values("entry_id", "game__kind")
        .annotate(count=Count("id"))
        .order_by()
        .values_list("entry_id", "game__kind", "count")
    ):
        counts.setdefault(entry_id, {})[kind] = count
    return {
        entry_id: DeclarerLosses(
            played=by_kind.get(PLAYED, 0) + by_kind.get(WRITTEN, 0),
            conceded=by_kind.get(CONCEDED, 0),
            durch=by_kind.get(DURCH, 0) + by_kind.get(DURCH_OPEN, 0),
        )
        for entry_id, by_kind in counts.items()
    }


def compute_standings(event: Event) -> Standings:
    """The standings of ``event`` (three SQL queries, whatever the event's size)."""
    entries: dict[int, EntryFigures] = {}
    for entry_id, start_number, player, partner, stand_in, withdrawn, unlisted, unlisted2 in (
        Entry.objects.filter(event=event)
        .order_by("start_number")
        .values_list(
            "id", "start_number", "player__name", "partner__name", "is_stand_in",
            "is_withdrawn", "player__unlisted", "partner__unlisted",
        )
    ):
        entries[entry_id] = EntryFigures(
            entry_id=entry_id,
            start_number=start_number,
            name=player if partner is None else f"{player} / {partner}",
            is_pair=partner is not None,
            is_stand_in=stand_in,
            is_withdrawn=withdrawn,
            unlisted=bool(unlisted or unlisted2),
        )

    states, round_of_sheet = round_states(event)

    # Summed per entry and sheet (an entry has one sheet per round): fewer joins than grouping
    # by the round number, which the tables above give for every sheet.
    counted_sheets = ScoreSheet.objects.filter(
        table__round__event=event, status__in=counted_statuses(event)
    ).values("pk")
    as_declarer = Q(game__declarer_id=F("entry_id"))
    # a line holds rounded trick points unless the game was conceded, it is a declarer's loss
    # (−2 × bid or a lost Durch) or its party misplayed (``scoring.rules.score_hand``)
    rounded = Q(tricks__isnull=False) & ~(as_declarer & Q(points__lt=0)) & ~Q(
        game__revoked_id=F("entry_id")
    )
    if event.scoring_mode == TOTALS:
        # a line per party and sheet: the round's games, none known won, the typed count lost
        sums = [
            (entry_id, sheet_id, total, event.games_per_round, 0, lost, 0)
            for entry_id, sheet_id, total, lost in RoundTotal.objects.filter(
                sheet__in=counted_sheets
            )
            .order_by()
            .values_list("entry_id", "sheet_id", "total", "lost")
        ]
    else:
        sums = (
            PartyScore.objects.filter(game__sheet__in=counted_sheets)
            .values("entry_id", "game__sheet_id")
            .annotate(
                total=Sum("points"),
                games=Count("id"),
                wins=Count("id", filter=as_declarer & Q(points__gt=0)),
                losses=Count("id", filter=lost_as_declarer()),
                rounding=Sum(F("tricks") - (F("tricks") + 5) / 10 * 10, filter=rounded),
            )
            .order_by()
            .values_list(
                "entry_id", "game__sheet_id", "total", "games", "wins", "losses", "rounding"
            )
        )
    round_numbers = set(range(1, event.round_count + 1)) | set(states)
    for entry_id, sheet_id, total, games, wins, losses, rounding in sums:
        entry = entries.get(entry_id)
        number = round_of_sheet.get(sheet_id)
        if entry is None or number is None:  # cannot be (same event); be safe anyway
            continue
        figures = Figures(total, games, wins, losses, rounding or 0)
        if number in entry.by_round:
            entry.by_round[number].add(figures)
        else:
            entry.by_round[number] = figures

    return Standings(
        round_numbers=sorted(round_numbers),
        tie_breaks=known_tie_breaks(parse_tie_breaks(event.tie_breaks), event.scoring_mode),
        count_unconfirmed=event.count_unconfirmed,
        rounds=[states[n] for n in sorted(states)],
        entries=list(entries.values()),
        changed_at=event.results_changed_at,
    )


def standings_cache_key(event: Event) -> str:
    """The cache key of the standings of ``event`` as loaded: its results version moves with
    every change that can alter them (``tournament.results.results_changed``); the "2" names
    the shape of the cached figures (with ``Figures.rounding``), so a shared cache holds no
    standings of an older release under it."""
    return f"standings2:{event.pk}:{event.results_version}"


def cached_standings(event: Event) -> Standings:
    """The standings of ``event``, computed once per change (Django's cache: local memory, or
    Redis with ``REDIS_URL``).

    Keyed on the event's results version as ``event`` was loaded. A reader that loaded the
    event after a change committed asks for the new version, so it never gets a result from
    before the change; a reader still holding an older event may get newer standings, never
    older ones than its event.
    """
    key = standings_cache_key(event)
    standings = cache.get(key)
    if standings is None:
        standings = compute_standings(event)
        cache.set(key, standings, STANDINGS_CACHE_SECONDS)
    return standings


@dataclass(slots=True)
class EntryGame:
    """One game an entry played, from its own line of the sheet (a game of points as written
    has no bid and may have no declarer: its ``declarer_name`` is a dash)."""

    number: int
    declarer_name: str
    own_declarer: bool
    bid: int | None
    kind: str
    kind_label: str
    misplayed: bool
    meld: int
    tricks: int | None
    points: int


@dataclass(slots=True)
class EntryRound:
    """The games of an entry in one round, its table, table-mates and the sheet's state; on a
    sheet kept in round totals no games, but the entry's ``round_total`` and its games ``lost``
    as declarer (None: not entered, or a sheet of games)."""

    number: int
    table: int
    status: str
    status_label: str
    counted: bool
    opponents: list[str] = field(default_factory=list)
    games: list[EntryGame] = field(default_factory=list)
    round_total: int | None = None
    lost: int | None = None

    @property
    def total(self) -> int:
        if self.round_total is not None:
            return self.round_total
        return sum(game.points for game in self.games)


def entry_rounds(
    event: Event, entry: Entry, *, counted_only: bool = False, public: bool = False
) -> list[EntryRound]:
    """Every game ``entry`` played, round by round (three SQL queries); on sheets kept in round
    totals, its total and games lost of each round instead.

    ``counted_only`` leaves out the games of sheets that do not count for the standings;
    ``public`` names table-mates and declarers as public pages do (the start number for an
    entry whose players are not in public lists).
    """

    def name(other: Entry) -> str:
        return str(other.public_name) if public else other.name

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
        label = f"{seat.entry.start_number} {name(seat.entry)}"
        if entry_round is not None and label not in entry_round.opponents:
            entry_round.opponents.append(label)

    if event.scoring_mode == TOTALS:
        for number, total, lost in RoundTotal.objects.filter(
            entry=entry, sheet__table__round__event=event
        ).values_list("sheet__table__round__number", "total", "lost"):
            entry_round = rounds.get(number)
            if entry_round is not None:
                entry_round.round_total, entry_round.lost = total, lost
        return [rounds[n] for n in sorted(rounds)]
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
                declarer_name=(
                    "–" if game.declarer is None
                    else f"{game.declarer.start_number} {name(game.declarer)}"
                ),
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
