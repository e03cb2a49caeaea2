"""Writes of the scoring app: a game and its party rows are stored together or not at all."""

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction
from django.db.models import F, Prefetch
from django.utils import timezone
from django.utils.translation import gettext

from scoring.models import Game, PartyScore, ScoreSheet, SheetChange
from scoring.rules import (
    CONCEDED,
    InvalidHand,
    dealer_position,
    gettext_noop,
    score_hand,
)
from scoring.simulate import random_game
from tournament.models import Entry, Event, Round, Seat, Table, parties_in_seating_order


def sheet_parties(sheet: ScoreSheet) -> list[Entry]:
    """The parties of a sheet's table in seating order."""
    return parties_in_seating_order(list(sheet.table.seats.select_related("entry")))


@transaction.atomic
def record_game(
    *,
    sheet: ScoreSheet,
    number: int,
    bid: int,
    declarer: int,
    melds: Sequence[int],
    tricks: Sequence[int] | None,
    kind: str = "played",
    revoked: int | None = None,
    dealer: int | None = None,
) -> Game:
    """Store game ``number`` of ``sheet`` (replacing an earlier version of it) with its points.

    ``declarer``/``revoked`` are party indices and ``melds``/``tricks`` hold one figure per
    party, in seating order, as for ``scoring.rules.score_hand``. The row is checked and scored
    like a row of the sheet page (``normalise_row``) and raises ``InvalidHand`` for a game that
    cannot be; then nothing is stored. Unlike ``save_sheet_rows`` it neither checks nor raises
    the sheet's version: it is for demos, benchmarks and tests.
    """
    parties = sheet_parties(sheet)
    games_per_round = sheet.table.round.event.games_per_round
    if not 1 <= number <= games_per_round:
        raise InvalidHand(
            "number", gettext_noop("A round has games 1 to %(count)s."), count=games_per_round
        )
    row = {
        "dealer": dealer,
        "declarer": declarer,
        "bid": bid,
        "kind": kind,
        "revoked": revoked,
        "melds": melds,
        "tricks": tricks,
    }
    values = normalise_row(
        row, number=number, parties=len(parties), seat_count=sheet.table.seat_count
    )
    Game.objects.filter(sheet=sheet, number=number).delete()
    _write_games(sheet, parties, {number: values})
    return Game.objects.get(sheet=sheet, number=number)


@transaction.atomic
def update_standings_settings(
    *,
    event: Event,
    tie_breaks: Sequence[str],
    count_unconfirmed: bool,
    public_standings: bool,
) -> Event:
    """Save the standings settings of ``event``: tie-break codes in order, counting, public.

    Raises ``ValueError`` for an unknown or repeated tie-break code; then nothing is saved.
    """
    from scoring.standings import TIE_BREAKS

    codes = list(tie_breaks)
    if any(code not in TIE_BREAKS for code in codes) or len(set(codes)) != len(codes):
        raise ValueError(f"Invalid tie-breaks: {codes!r}")
    event.tie_breaks = ",".join(codes)
    event.count_unconfirmed = count_unconfirmed
    event.public_standings = public_standings
    event.save(update_fields=["tie_breaks", "count_unconfirmed", "public_standings"])
    return event


# --------------------------------------------------------------------------------------------
# Score entry: the sheet of one table and round, row by row (a row is one game). Every save
# names the sheet version it was based on (optimistic locking): a save based on an older
# version is refused when it would change anything. Changes after submission and every status
# change are recorded as SheetChange rows. ``user`` None means the scorekeeper via the link.
# --------------------------------------------------------------------------------------------

MAX_POINTS = 10_000
"""The highest bid or meld accepted: far above any real game, and it keeps the columns sane."""

RowInput = Mapping[str, Any] | None
"""A row to save: ``dealer`` (seat position, None: by rotation), ``declarer`` and ``revoked``
(party indices), ``bid``, ``kind``, ``melds`` and ``tricks`` (one figure per party, as for
``score_hand``); None clears the row (deletes its game)."""


class SheetError(Exception):
    """A user-fixable refusal concerning a score sheet; the message is in the active language."""


class SheetLocked(SheetError):
    """This person may not change the sheet now (confirmed sheet, closed round)."""


class StaleSheet(SheetError):
    """Another device saved the sheet since the form was loaded; nothing was saved.

    ``version`` is the sheet's current version; ``current`` maps the numbers of the rows the
    refused save would have changed to their stored values (``game_values`` form; None: no game).
    """

    def __init__(self, message: str, *, version: int, current: dict[int, dict | None]) -> None:
        super().__init__(message)
        self.version = version
        self.current = current


@dataclass
class SaveResult:
    """What a save did: the rows stored and cleared, the rows refused with their error."""

    version: int
    saved: list[int] = field(default_factory=list)
    deleted: list[int] = field(default_factory=list)
    errors: dict[int, InvalidHand] = field(default_factory=dict)

    @property
    def changed(self) -> bool:
        return bool(self.saved or self.deleted)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _user_or_none(user: Any) -> Any:
    """The user to record: None for the scorekeeper coming through the sheet's link."""
    return user if user is not None and getattr(user, "is_authenticated", False) else None


def game_values(game: Game, parties: Sequence[Entry]) -> dict[str, Any]:
    """A stored game as plain values, parties by index in seating order (as ``score_hand``)."""
    index = {party.pk: i for i, party in enumerate(parties)}
    scores = sorted(game.scores.all(), key=lambda score: index.get(score.entry_id, len(index)))
    return {
        "dealer": game.dealer,
        "declarer": index.get(game.declarer_id),
        "bid": game.bid,
        "kind": game.kind,
        "revoked": index.get(game.revoked_id) if game.revoked_id is not None else None,
        "melds": [score.meld for score in scores],
        "tricks": None if game.kind == CONCEDED else [score.tricks for score in scores],
        "points": [score.points for score in scores],
    }


def sheet_games(sheet: ScoreSheet, parties: Sequence[Entry] | None = None) -> dict[int, dict]:
    """The stored games of a sheet by number, as ``game_values``."""
    parties = sheet_parties(sheet) if parties is None else parties
    games = Game.objects.filter(sheet=sheet).prefetch_related("scores")
    return {game.number: game_values(game, parties) for game in games}


def audit_values(values: Mapping[str, Any] | None, parties: Sequence[Entry]) -> dict | None:
    """Game values for the audit trail: parties named by start number, so they read alone."""
    if values is None:
        return None
    numbers = [party.start_number for party in parties]
    revoked = values["revoked"]
    return {
        **values,
        "declarer": numbers[values["declarer"]],
        "revoked": numbers[revoked] if revoked is not None else None,
        "parties": numbers,
    }


def normalise_row(
    row: Mapping[str, Any], *, number: int, parties: int, seat_count: int
) -> dict[str, Any]:
    """Check one row and compute its points; returns ``game_values`` form or raises InvalidHand.

    The row stands on its own: nothing else of the sheet is needed to judge it.
    """
    dealer = row.get("dealer")
    if dealer is None:
        dealer = dealer_position(number, seat_count)
    if not _is_int(dealer) or not 1 <= dealer <= seat_count:
        raise InvalidHand("dealer", gettext_noop("Choose the dealer among the players."))
    bid = row.get("bid")
    if _is_int(bid) and bid > MAX_POINTS:
        raise InvalidHand("bid", gettext_noop("The bid can be at most %(max)s."), max=MAX_POINTS)
    melds = list(row.get("melds") or [0] * parties)
    if len(melds) != parties:
        raise InvalidHand(
            "melds", gettext_noop("This table has %(count)s parties."), count=parties
        )
    if any(_is_int(meld) and meld > MAX_POINTS for meld in melds):
        raise InvalidHand("melds", gettext_noop("Meld can be at most %(max)s."), max=MAX_POINTS)
    kind = row.get("kind") or "played"
    tricks = row.get("tricks")
    tricks = list(tricks) if tricks is not None else None
    points = score_hand(
        bid=bid,
        declarer=row.get("declarer"),
        melds=melds,
        tricks=tricks,
        kind=kind,
        revoked=row.get("revoked"),
    )
    return {
        "dealer": dealer,
        "declarer": row["declarer"],
        "bid": bid,
        "kind": kind,
        "revoked": row.get("revoked"),
        "melds": melds,
        "tricks": None if kind == CONCEDED else tricks,
        "points": list(points),
    }


def sheet_for_table(table: Table) -> ScoreSheet:
    """The table's sheet, created empty if the plan did not create one."""
    return ScoreSheet.objects.get_or_create(table=table)[0]


def _lock_sheet(sheet: ScoreSheet) -> ScoreSheet:
    """The sheet's row, locked until the end of the transaction (PostgreSQL)."""
    return (
        ScoreSheet.objects.select_for_update(of=("self",))
        .select_related("table__round__event")
        .get(pk=sheet.pk)
    )


def check_link_access(sheet: ScoreSheet) -> None:
    """Raise SheetLocked when the sheet's link no longer works (confirmed, or round closed)."""
    round_ = sheet.table.round
    if round_.closed:
        raise SheetLocked(
            gettext(
                "Round %(number)s is closed: the score sheet links no longer work. "
                "Please ask the organisers."
            )
            % {"number": round_.number}
        )
    if sheet.status == ScoreSheet.Status.CONFIRMED:
        raise SheetLocked(
            gettext(
                "This score sheet has been confirmed by the organisers; it can no longer be "
                "changed through the link."
            )
        )


def _check_may_edit(sheet: ScoreSheet, user: Any) -> None:
    if _user_or_none(user) is None:
        check_link_access(sheet)


def _write_games(
    sheet: ScoreSheet, parties: Sequence[Entry], values_by_number: Mapping[int, Mapping]
) -> None:
    """Create the games (bulk) with their party rows; the numbers must be free."""
    games = [
        Game(
            sheet=sheet,
            number=number,
            dealer=values["dealer"],
            declarer=parties[values["declarer"]],
            bid=values["bid"],
            kind=values["kind"],
            revoked=parties[values["revoked"]] if values["revoked"] is not None else None,
        )
        for number, values in sorted(values_by_number.items())
    ]
    Game.objects.bulk_create(games)
    PartyScore.objects.bulk_create(
        PartyScore(
            game=game,
            entry=party,
            meld=values["melds"][index],
            tricks=None if values["tricks"] is None else values["tricks"][index],
            points=values["points"][index],
        )
        for game, (_number, values) in zip(games, sorted(values_by_number.items()), strict=True)
        for index, party in enumerate(parties)
    )


@transaction.atomic
def save_sheet_rows(
    *, sheet: ScoreSheet, base_version: int, rows: Mapping[int, RowInput], user: Any = None
) -> SaveResult:
    """Save the given rows of a sheet; each row is judged on its own.

    Valid rows that differ from what is stored are saved (None clears a row), invalid ones are
    reported in ``SaveResult.errors`` and leave their stored game alone; all in one transaction.
    Raises ``StaleSheet`` when ``base_version`` is not the current version and the save would
    change something, ``SheetLocked`` when the link may no longer change the sheet and
    ``SheetError`` for a game number outside the sheet. Then nothing is stored.
    """
    locked = _lock_sheet(sheet)
    _check_may_edit(locked, user)
    if not _is_int(base_version):
        raise SheetError(gettext("The form is incomplete; please reload the page."))
    count = locked.table.round.event.games_per_round
    for number in rows:
        if not _is_int(number) or not 1 <= number <= count:
            raise SheetError(
                gettext("This score sheet has games 1 to %(count)s; there is no game %(number)s.")
                % {"count": count, "number": number}
            )
    parties = sheet_parties(locked)
    current = sheet_games(locked, parties)
    errors: dict[int, InvalidHand] = {}
    wanted: dict[int, dict | None] = {}
    for number, row in sorted(rows.items()):
        if row is None:
            wanted[number] = None
            continue
        try:
            wanted[number] = normalise_row(
                row, number=number, parties=len(parties), seat_count=locked.table.seat_count
            )
        except InvalidHand as error:
            errors[number] = error
    changes = {number: v for number, v in wanted.items() if current.get(number) != v}
    if not changes:
        return SaveResult(version=locked.version, errors=errors)

    def stale() -> StaleSheet:
        affected = sorted(set(changes) | {number for number in errors if number in current})
        return StaleSheet(
            gettext(
                "Someone else saved this score sheet in the meantime. Your entries have not "
                "been saved; they are still in the form. Compare them with what was saved and "
                "save again."
            ),
            version=locked.version,
            current={number: current.get(number) for number in affected},
        )

    if locked.version != base_version:
        raise stale()
    remaining = {n for n in current if changes.get(n, current[n]) is not None} | {
        n for n, v in changes.items() if v is not None
    }
    status = locked.status
    if status in (ScoreSheet.Status.EMPTY, ScoreSheet.Status.IN_PROGRESS):
        status = ScoreSheet.Status.IN_PROGRESS if remaining else ScoreSheet.Status.EMPTY
    # The conditional UPDATE is the guard where the database cannot lock rows (SQLite).
    updated = ScoreSheet.objects.filter(pk=locked.pk, version=base_version).update(
        version=F("version") + 1, status=status, updated_at=timezone.now()
    )
    if updated != 1:
        raise stale()
    Game.objects.filter(sheet=locked, number__in=list(changes)).delete()
    to_save = {number: v for number, v in changes.items() if v is not None}
    _write_games(locked, parties, to_save)
    if locked.status in (ScoreSheet.Status.SUBMITTED, ScoreSheet.Status.CONFIRMED):
        SheetChange.objects.bulk_create(
            SheetChange(
                sheet=locked,
                action=SheetChange.Action.DELETED if v is None else SheetChange.Action.SAVED,
                game_number=number,
                before=audit_values(current.get(number), parties),
                after=audit_values(v, parties),
                user=_user_or_none(user),
            )
            for number, v in sorted(changes.items())
        )
    return SaveResult(
        version=base_version + 1,
        saved=sorted(to_save),
        deleted=sorted(number for number, v in changes.items() if v is None),
        errors=errors,
    )


def number_ranges(numbers: Sequence[int]) -> str:
    """Game numbers compactly: [1, 2, 3, 5, 7, 8] → "1–3, 5, 7–8"."""
    parts: list[list[int]] = []
    for number in sorted(numbers):
        if parts and parts[-1][1] == number - 1:
            parts[-1][1] = number
        else:
            parts.append([number, number])
    return ", ".join(str(a) if a == b else f"{a}–{b}" for a, b in parts)


def missing_games(sheet: ScoreSheet) -> list[int]:
    """The game numbers of a sheet that have no game yet."""
    count = sheet.table.round.event.games_per_round
    entered = set(Game.objects.filter(sheet=sheet).values_list("number", flat=True))
    return [number for number in range(1, count + 1) if number not in entered]


def _check_complete(sheet: ScoreSheet) -> None:
    missing = missing_games(sheet)
    if missing:
        raise SheetError(
            gettext("Not every game has been entered yet; missing: %(games)s.")
            % {"games": number_ranges(missing)}
        )


def _change_status(
    sheet: ScoreSheet, status: str, action: str, user: Any, **fields: Any
) -> ScoreSheet:
    ScoreSheet.objects.filter(pk=sheet.pk).update(
        status=status, version=F("version") + 1, updated_at=timezone.now(), **fields
    )
    SheetChange.objects.create(sheet=sheet, action=action, user=_user_or_none(user))
    sheet.refresh_from_db()
    return sheet


@transaction.atomic
def submit_sheet(*, sheet: ScoreSheet, user: Any = None) -> ScoreSheet:
    """The scorekeeper hands the finished sheet in (all games entered); a repeat is harmless."""
    locked = _lock_sheet(sheet)
    _check_may_edit(locked, user)
    if locked.status == ScoreSheet.Status.SUBMITTED:
        return locked
    if locked.status == ScoreSheet.Status.CONFIRMED:
        raise SheetError(gettext("This score sheet has been confirmed already."))
    _check_complete(locked)
    return _change_status(
        locked,
        ScoreSheet.Status.SUBMITTED,
        SheetChange.Action.SUBMITTED,
        user,
        submitted_at=timezone.now(),
    )


@transaction.atomic
def confirm_sheet(
    *, sheet: ScoreSheet, user: Any, base_version: int | None = None
) -> ScoreSheet:
    """An organiser confirms a complete sheet: locked for the link, counted as final.

    With ``base_version`` the confirmation is refused when the sheet changed since the
    organiser looked at it.
    """
    locked = _lock_sheet(sheet)
    if base_version is not None and locked.version != base_version:
        raise SheetError(
            gettext(
                "The score sheet was changed in the meantime; please check it again "
                "before confirming."
            )
        )
    if locked.status == ScoreSheet.Status.CONFIRMED:
        return locked
    _check_complete(locked)
    now = timezone.now()
    return _change_status(
        locked,
        ScoreSheet.Status.CONFIRMED,
        SheetChange.Action.CONFIRMED,
        user,
        confirmed_at=now,
        confirmed_by=_user_or_none(user),
        submitted_at=locked.submitted_at or now,
    )


@transaction.atomic
def reopen_sheet(*, sheet: ScoreSheet, user: Any) -> ScoreSheet:
    """An organiser reopens a submitted or confirmed sheet: the link works again."""
    locked = _lock_sheet(sheet)
    if locked.status not in (ScoreSheet.Status.SUBMITTED, ScoreSheet.Status.CONFIRMED):
        raise SheetError(gettext("This score sheet has not been submitted; it is open already."))
    has_games = Game.objects.filter(sheet=locked).exists()
    return _change_status(
        locked,
        ScoreSheet.Status.IN_PROGRESS if has_games else ScoreSheet.Status.EMPTY,
        SheetChange.Action.REOPENED,
        user,
        submitted_at=None,
        confirmed_at=None,
        confirmed_by=None,
    )


@transaction.atomic
def close_round(*, round: Round, closed: bool = True) -> Round:
    """Close a round (every sheet link of it stops working) or open it again."""
    Round.objects.filter(pk=round.pk).update(closed=closed)
    round.closed = closed
    return round


@transaction.atomic
def fill_random_games(
    *,
    event: Event,
    seed: int = 0,
    rounds: Sequence[int] | None = None,
    games: int | None = None,
    confirm: bool = False,
) -> int:
    """Fill the sheets of the event's rounds (all by default) with random valid games.

    For demos and benchmarks: replaces every game on those sheets, creates missing sheets, and
    sets each sheet submitted (confirmed with ``confirm``) when it holds all games. Bulk writes;
    returns the number of games stored.
    """
    count = event.games_per_round if games is None else games
    if not 0 <= count <= event.games_per_round:
        raise ValueError(f"games must be between 0 and {event.games_per_round}")
    rng = random.Random(seed)
    round_rows = Round.objects.filter(event=event)
    if rounds is not None:
        round_rows = round_rows.filter(number__in=list(rounds))
    tables = list(
        Table.objects.filter(round__in=round_rows)
        .order_by("round__number", "number")
        .prefetch_related(Prefetch("seats", queryset=Seat.objects.select_related("entry")))
    )
    sheets = {sheet.table_id: sheet for sheet in ScoreSheet.objects.filter(table__in=tables)}
    new_sheets = [ScoreSheet(table=table) for table in tables if table.pk not in sheets]
    ScoreSheet.objects.bulk_create(new_sheets)
    if any(sheet.pk is None for sheet in new_sheets):  # a database without RETURNING
        sheets = {sheet.table_id: sheet for sheet in ScoreSheet.objects.filter(table__in=tables)}
    else:
        sheets.update({sheet.table_id: sheet for sheet in new_sheets})
    Game.objects.filter(sheet__in=sheets.values()).delete()

    new_games: list[Game] = []
    lines: list[tuple[Game, list[Entry], dict, tuple[int, ...]]] = []
    for table in tables:
        parties = parties_in_seating_order(list(table.seats.all()))
        if not parties:
            continue
        for number in range(1, count + 1):
            game = random_game(len(parties), rng)
            points = score_hand(**game)
            # Plain ids rather than related objects: a big event means tens of thousands.
            row = Game(
                sheet_id=sheets[table.pk].pk,
                number=number,
                dealer=dealer_position(number, table.seat_count),
                declarer_id=parties[game["declarer"]].pk,
                bid=game["bid"],
                kind=game["kind"],
                revoked_id=parties[game["revoked"]].pk if game["revoked"] is not None else None,
            )
            new_games.append(row)
            lines.append((row, parties, game, points))
    Game.objects.bulk_create(new_games, batch_size=2000)
    PartyScore.objects.bulk_create(
        (
            PartyScore(
                game_id=row.pk,
                entry_id=party.pk,
                meld=game["melds"][index],
                tricks=None if game["tricks"] is None else game["tricks"][index],
                points=points[index],
            )
            for row, parties, game, points in lines
            for index, party in enumerate(parties)
        ),
        batch_size=5000,
    )

    now = timezone.now()
    sheet_ids = [sheet.pk for sheet in sheets.values()]
    complete = count == event.games_per_round
    if complete and confirm:
        status, actions = ScoreSheet.Status.CONFIRMED, ["submitted", "confirmed"]
    elif complete:
        status, actions = ScoreSheet.Status.SUBMITTED, ["submitted"]
    else:
        status, actions = (
            ScoreSheet.Status.IN_PROGRESS if count else ScoreSheet.Status.EMPTY,
            [],
        )
    ScoreSheet.objects.filter(pk__in=sheet_ids).update(
        status=status,
        version=F("version") + 1,
        updated_at=now,
        submitted_at=now if complete else None,
        confirmed_at=now if status == ScoreSheet.Status.CONFIRMED else None,
        confirmed_by=None,
    )
    SheetChange.objects.bulk_create(
        (SheetChange(sheet_id=pk, action=action) for pk in sheet_ids for action in actions),
        batch_size=5000,
    )
    return len(new_games)
