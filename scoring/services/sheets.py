"""Score entry: save a sheet's rows, hand it in, confirm or reopen it, close a round.

Every save names the sheet version it was based on (optimistic locking): a save based on an
older version is refused when it would change anything, so a concurrent edit never silently
overwrites another. Changes after a sheet was handed in, and every status change, are recorded
as ``SheetChange`` rows; closing and reopening a round goes into the event's change log.
``user`` None means the scorekeeper coming through the sheet's link.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence, Set
from dataclasses import dataclass, field
from typing import Any

from django.db import connection, transaction
from django.db.models import F, Prefetch
from django.utils import timezone
from django.utils.translation import gettext_noop

from scoring.models import Game, PartyScore, ScoreSheet, SheetChange, new_token
from scoring.rules import CONCEDED, InvalidHand, is_int
from scoring.services.append_games import append_games
from scoring.sheet_rows import normalise_row, number_ranges
from scoring.standings import counted_statuses
from tournament import audit
from tournament.audit import recorded_user
from tournament.errors import UserError
from tournament.limits import MAX_DEVICE_TEXT
from tournament.models import ChangeLog, Entry, Round, Table, parties_in_seating_order
from tournament.results import results_changed
from tournament.services.lifecycle import ensure_not_finished

RowInput = Mapping[str, Any] | None
"""A row to save, as ``scoring.sheet_rows.normalise_row`` takes it; None clears the row
(deletes its game)."""


class SheetError(UserError):
    """A refused change of a score sheet."""


class SheetLocked(SheetError):
    """This person may not change the sheet now (confirmed sheet, closed round)."""


class StaleSheet(SheetError):
    """Another device saved the sheet since the form was loaded; nothing was saved.

    ``version`` is the sheet's current version; ``current`` maps the numbers of the rows the
    refused save would have changed to their stored values (``game_values``; None: no game).
    """

    def __init__(self, *, version: int, current: dict[int, dict | None]) -> None:
        super().__init__(
            gettext_noop(
                "Someone else saved this score sheet in the meantime. Your entries have not "
                "been saved; they are still in the form. Compare them with what was saved and "
                "save again."
            )
        )
        self.version = version
        self.current = current


@dataclass
class SaveResult:
    """What a save did: the rows stored and cleared, the rows refused with their error."""

    version: int
    saved: list[int] = field(default_factory=list)
    deleted: list[int] = field(default_factory=list)
    errors: dict[int, InvalidHand] = field(default_factory=dict)
    stored: dict[int, dict | None] = field(default_factory=dict)
    """The values now stored for the rows saved or deleted (``game_values``; None: cleared)."""
    status: str = ""
    missing: list[int] = field(default_factory=list)
    """The game numbers the sheet has no game for after the save."""
    handed_in: bool = False
    """Asked to hand the sheet in (``hand_in``): it is handed in now (or was already)."""
    hand_in_refused: SheetError | None = None
    """Asked to hand the sheet in: why it was not (the save itself stands)."""

    @property
    def changed(self) -> bool:
        return bool(self.saved or self.deleted)


def sheet_parties(sheet: ScoreSheet) -> list[Entry]:
    """The parties of a sheet's table in seating order."""
    return parties_in_seating_order(
        list(sheet.table.seats.select_related("entry").order_by("position"))
    )


def game_values(game: Game, parties: Sequence[Entry]) -> dict[str, Any]:
    """A stored game as a row's values (``scoring.sheet_rows``), parties by index."""
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


def sheet_games(
    sheet: ScoreSheet,
    parties: Sequence[Entry] | None = None,
    numbers: Sequence[int] | None = None,
) -> dict[int, dict]:
    """The stored games of a sheet by number, as ``game_values``; only ``numbers`` if given."""
    parties = sheet_parties(sheet) if parties is None else parties
    # No ordering: the models' default orders join the sheet, table, round and event tables
    # (ordering by a relation follows that model's ordering), and the rows are keyed anyway.
    games = (
        Game.objects.filter(sheet=sheet)
        .order_by()
        .prefetch_related(Prefetch("scores", queryset=PartyScore.objects.order_by()))
    )
    if numbers is not None:
        games = games.filter(number__in=list(numbers))
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


def sheet_for_table(table: Table) -> ScoreSheet:
    """The table's sheet, created empty if the plan did not create one."""
    return ScoreSheet.objects.get_or_create(table=table)[0]


def _lock_sheet(sheet: ScoreSheet) -> ScoreSheet:
    """The sheet's row, locked until the end of the transaction (PostgreSQL), with the table,
    round and event the caller loaded (read with it only when the caller has not)."""
    query = ScoreSheet.objects.select_for_update(of=("self",))
    loaded = ScoreSheet.table.is_cached(sheet)
    if not loaded:
        query = query.select_related("table__round__event")
    locked = query.get(pk=sheet.pk)
    if loaded:
        locked.table = sheet.table
    return locked


def check_link_access(sheet: ScoreSheet) -> None:
    """Raise SheetLocked when the sheet's link no longer works (confirmed, or round closed)."""
    round_ = sheet.table.round
    if round_.closed:
        raise SheetLocked(
            gettext_noop(
                "Round %(number)s is closed: the score sheet links no longer work. "
                "Please ask the organisers."
            ),
            number=round_.number,
        )
    if sheet.status == ScoreSheet.Status.CONFIRMED:
        raise SheetLocked(
            gettext_noop(
                "This score sheet has been confirmed by the organisers; it can no longer be "
                "changed through the link."
            )
        )


def _check_may_edit(sheet: ScoreSheet, user: Any) -> None:
    if recorded_user(user) is None:
        check_link_access(sheet)


def write_games(
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


def _check_row_numbers(rows: Mapping[int, RowInput], count: int) -> None:
    for number in rows:
        if not is_int(number) or not 1 <= number <= count:
            raise SheetError(
                gettext_noop(
                    "This score sheet has games 1 to %(count)s; there is no game %(number)s."
                ),
                count=count,
                number=number,
            )


def _judge_rows(
    rows: Mapping[int, RowInput], *, parties: int, seat_count: int
) -> tuple[dict[int, dict | None], dict[int, InvalidHand]]:
    """The rows as they would be stored (None: cleared), and the rows refused by the rules."""
    wanted: dict[int, dict | None] = {}
    errors: dict[int, InvalidHand] = {}
    for number, row in sorted(rows.items()):
        if row is None:
            wanted[number] = None
            continue
        try:
            wanted[number] = normalise_row(
                row, number=number, parties=parties, seat_count=seat_count
            )
        except InvalidHand as error:
            errors[number] = error
    return wanted, errors


def _status_after(sheet: ScoreSheet, entered_after: set[int]) -> str:
    """An open sheet is in progress while it holds a game, else empty; others keep theirs."""
    if sheet.status not in (ScoreSheet.Status.EMPTY, ScoreSheet.Status.IN_PROGRESS):
        return sheet.status
    return ScoreSheet.Status.IN_PROGRESS if entered_after else ScoreSheet.Status.EMPTY


def _entered_numbers(sheet: ScoreSheet) -> set[int]:
    """The game numbers a sheet holds (one small query: a sheet has at most a round's games)."""
    return set(Game.objects.filter(sheet=sheet).order_by().values_list("number", flat=True))


def _missing(entered: set[int], count: int) -> list[int]:
    return [number for number in range(1, count + 1) if number not in entered]


@dataclass
class _Plan:
    """What a save would do to a sheet as read: the stored values of the rows sent, the rows as
    they would be stored, the ones refused by the rules, the rows that would change, the
    sheet's status after the save and whether the save hands the sheet in with its claim."""

    entered: set[int]
    current: dict[int, dict]
    errors: dict[int, InvalidHand]
    changes: dict[int, dict | None]
    status: str
    hands_in: bool = False

    @property
    def steps(self) -> int:
        """How far the save moves the sheet's version: one for the games, one more for handing
        the sheet in (as ``submit_sheet`` after a save would)."""
        return 2 if self.hands_in else 1

    @property
    def saved(self) -> list[int]:
        return sorted(number for number, v in self.changes.items() if v is not None)

    @property
    def deleted(self) -> list[int]:
        return sorted(number for number, v in self.changes.items() if v is None)

    @property
    def entered_after(self) -> set[int]:
        return (self.entered | set(self.saved)) - set(self.deleted)


@dataclass(frozen=True)
class _Asked:
    """A save as the caller asked for it: the rows sent and what it read and knows."""

    rows: Mapping[int, RowInput]
    parties: Sequence[Entry]
    base_version: int
    count: int  # the games of a round
    user: Any
    device: Mapping[str, str] | None
    hand_in: bool = False


def _plan(sheet: ScoreSheet, entered: set[int], asked: _Asked) -> _Plan:
    rows, parties = asked.rows, asked.parties
    # the stored values of the rows sent, read only where the sheet holds those games
    sent_entered = [number for number in rows if number in entered]
    current = sheet_games(sheet, parties, numbers=sent_entered) if sent_entered else {}
    wanted, errors = _judge_rows(rows, parties=len(parties), seat_count=sheet.table.seat_count)
    changes = {number: v for number, v in wanted.items() if current.get(number) != v}
    plan = _Plan(entered=entered, current=current, errors=errors, changes=changes, status="")
    plan.status = _status_after(sheet, plan.entered_after)
    # handing in goes with the save's claim when the save changes an open sheet, refuses no
    # row and leaves no game missing; every other hand-in is submit_sheet's (see _hand_in)
    if (
        asked.hand_in
        and changes
        and not errors
        and plan.status == ScoreSheet.Status.IN_PROGRESS
        and not _missing(plan.entered_after, asked.count)
    ):
        plan.status, plan.hands_in = ScoreSheet.Status.SUBMITTED, True
    return plan


def _claim(sheet: ScoreSheet, base_version: int, plan: _Plan) -> bool:
    """Move the sheet on from ``base_version`` as ``plan`` says (its version, status and, when
    the save hands it in, the time), if it is still there (the conditional UPDATE; it also
    locks the row until the end of the transaction)."""
    now = timezone.now()
    handed_in = {"submitted_at": now} if plan.hands_in else {}
    return (
        ScoreSheet.objects.filter(pk=sheet.pk, version=base_version).update(
            version=F("version") + plan.steps, status=plan.status, updated_at=now, **handed_in
        )
        == 1
    )


def save_sheet_rows(
    *,
    sheet: ScoreSheet,
    base_version: int,
    rows: Mapping[int, RowInput],
    user: Any = None,
    parties: Sequence[Entry] | None = None,
    entered: Set[int] | None = None,
    device: Mapping[str, str] | None = None,
    hand_in: bool = False,
) -> SaveResult:
    """Save the given rows of a sheet; each row is judged on its own.

    Valid rows that differ from what is stored are saved (None clears a row), invalid ones are
    reported in ``SaveResult.errors`` and leave their stored game alone; all in one transaction.
    Raises ``StaleSheet`` when ``base_version`` is not the current version and the save would
    change something, ``SheetLocked`` when the link may no longer change the sheet and
    ``SheetError`` for a game number outside the sheet. Then nothing is stored.

    ``parties`` are the table's parties as the caller read them for its forms (read here when
    not given). They may be read before the lock: a change of seating moves the sheet's version
    (``scoring.interface.seating_changed``), so parties older than ``base_version`` mean a
    stale save, refused before anything is written. ``entered``: the game numbers the sheet
    held when the caller read it (read here when not given).

    The common save goes without a lock of its own: when the sheet as read is at
    ``base_version``, the save is decided on what was read and the conditional UPDATE that
    moves the version claims the sheet. Every change of a sheet's games or status moves its
    version, so the claim succeeds only if nothing changed since the read. A save through the
    link that only adds games to a sheet in progress is one statement on PostgreSQL
    (``scoring.services.append_games``); other saves claim and write in a transaction.
    Otherwise (another device got in first, a stale page, nothing to change) the save is
    decided again on the sheet locked and read afresh, which gives the refusal's current
    values.

    A save through the link (no ``user``) is recorded in the sheet's trail with ``device``
    (``{"agent": User-Agent, "address": IP}``, see ``SheetChange``).

    ``hand_in`` ("Save and hand in"): when no row was refused, the sheet is handed in after the
    save as ``submit_sheet`` does (``SaveResult.handed_in``; a refusal, such as games still
    missing, is ``SaveResult.hand_in_refused`` and the save stands). The common case, a save
    that completes an open sheet, hands it in with the save's own claim: one change of two
    steps of the version and two records in the trail, in the one statement on PostgreSQL.
    """
    if not is_int(base_version):
        raise SheetError(gettext_noop("The form is incomplete; please reload the page."))
    if not ScoreSheet.table.is_cached(sheet):
        sheet = ScoreSheet.objects.select_related("table__round__event").get(pk=sheet.pk)
    event = sheet.table.round.event
    _check_may_edit(sheet, user)
    ensure_not_finished(event, SheetLocked)
    count = event.games_per_round
    _check_row_numbers(rows, count)
    parties = sheet_parties(sheet) if parties is None else list(parties)
    asked = _Asked(rows, parties, base_version, count, user, device, hand_in)
    plan = None
    if sheet.version == base_version:
        seen = set(entered) if entered is not None else _entered_numbers(sheet)
        plan = _plan(sheet, seen, asked)
    if plan is not None and _only_appends(sheet, plan, user) and append_games(
        sheet=sheet,
        base_version=base_version,
        status=plan.status,
        games=plan.changes,
        parties=parties,
        trail=_link_trail(plan, asked),
        results_changed=_moves_results(sheet, plan.status),
        hands_in=plan.hands_in,
        now=timezone.now(),
    ):
        result = _saved(plan, asked)
    else:
        result = _save_in_transaction(sheet, plan, asked)
    return _hand_in(sheet, result, asked)


def _hand_in(sheet: ScoreSheet, result: SaveResult, asked: _Asked) -> SaveResult:
    """A save asked to hand the sheet in that did not with its claim: ``submit_sheet`` now
    (nothing saved, a sheet handed in already, games missing, a confirmed sheet), unless a
    row was refused."""
    if not asked.hand_in or result.handed_in or result.errors:
        return result
    if result.status == ScoreSheet.Status.SUBMITTED:  # as submit_sheet: a repeat is harmless
        result.handed_in = True
        return result
    try:
        handed_in = submit_sheet(sheet=sheet, user=asked.user)
    except SheetError as refused:
        result.hand_in_refused = refused
        return result
    result.handed_in, result.version, result.status = True, handed_in.version, handed_in.status
    return result


def _only_appends(sheet: ScoreSheet, plan: _Plan, user: Any) -> bool:
    """Whether a save is the common one ``append_games`` stores: through the link, on
    PostgreSQL, new games only, on a sheet still open (so no audit of a handed-in sheet)."""
    return (
        connection.vendor == "postgresql"
        and recorded_user(user) is None
        and bool(plan.changes)
        and all(v is not None and n not in plan.entered for n, v in plan.changes.items())
        and sheet.status in (ScoreSheet.Status.EMPTY, ScoreSheet.Status.IN_PROGRESS)
    )


def _moves_results(sheet: ScoreSheet, status: str) -> bool:
    """Whether a save moves the results stamp: the standings count these games or show the
    sheet's new state. A save of a sheet in progress that does not count moves nothing (the
    common save stays one UPDATE less)."""
    return status != sheet.status or status in counted_statuses(sheet.table.round.event)


@transaction.atomic
def _save_in_transaction(sheet: ScoreSheet, plan: _Plan | None, asked: _Asked) -> SaveResult:
    """``save_sheet_rows`` in a transaction: claim the sheet as read (``plan``, None when the
    read is not at the base version), else decide on the locked sheet."""
    if plan is not None and plan.changes and _claim(sheet, asked.base_version, plan):
        return _write(sheet, plan, asked)
    locked = _lock_sheet(sheet)
    _check_may_edit(locked, asked.user)
    plan = _plan(locked, _entered_numbers(locked), asked)
    if not plan.changes:
        return SaveResult(
            version=locked.version,
            errors=plan.errors,
            status=locked.status,
            missing=_missing(plan.entered, asked.count),
        )
    # The conditional UPDATE is the guard where the database cannot lock rows (SQLite).
    if locked.version != asked.base_version or not _claim(locked, asked.base_version, plan):
        affected = sorted(
            set(plan.changes) | {number for number in plan.errors if number in plan.current}
        )
        raise StaleSheet(
            version=locked.version,
            current={number: plan.current.get(number) for number in affected},
        )
    return _write(locked, plan, asked)


def _write(sheet: ScoreSheet, plan: _Plan, asked: _Asked) -> SaveResult:
    """Store a save's changes on a sheet claimed at the base version (``_claim``)."""
    changes, current = plan.changes, plan.current
    parties, user = asked.parties, asked.user
    if _moves_results(sheet, plan.status):
        results_changed(event_id=sheet.table.round.event_id)
    replaced = [number for number in changes if number in current]
    if replaced:  # PartyScore rows go with their games (on_delete=CASCADE)
        Game.objects.filter(sheet=sheet, number__in=replaced).delete()
    write_games(sheet, parties, {number: changes[number] for number in plan.saved})
    records = []
    if recorded_user(user) is None:
        records.append(
            SheetChange(
                sheet=sheet,
                action=SheetChange.Action.LINK_SAVED,
                after=_link_trail(plan, asked),
            )
        )
    if sheet.status in (ScoreSheet.Status.SUBMITTED, ScoreSheet.Status.CONFIRMED):
        records.extend(
            SheetChange(
                sheet=sheet,
                action=SheetChange.Action.DELETED if v is None else SheetChange.Action.SAVED,
                game_number=number,
                before=audit_values(current.get(number), parties),
                after=audit_values(v, parties),
                user=recorded_user(user),
            )
            for number, v in sorted(changes.items())
        )
    if plan.hands_in:
        records.append(
            SheetChange(sheet=sheet, action=SheetChange.Action.SUBMITTED, user=recorded_user(user))
        )
    SheetChange.objects.bulk_create(records)
    return _saved(plan, asked)


def _saved(plan: _Plan, asked: _Asked) -> SaveResult:
    """What a save that claimed the sheet did."""
    return SaveResult(
        version=asked.base_version + plan.steps,
        saved=plan.saved,
        deleted=plan.deleted,
        errors=plan.errors,
        stored=dict(plan.changes),
        status=plan.status,
        missing=_missing(plan.entered_after, asked.count),
        handed_in=plan.hands_in,
    )


def _link_trail(plan: _Plan, asked: _Asked) -> dict[str, Any]:
    """What the trail keeps of a save through the link (``SheetChange.LINK_SAVED``)."""
    return {"saved": plan.saved, "deleted": plan.deleted, "version": asked.base_version + 1,
            **_device_fields(asked.device)}


def _device_fields(device: Mapping[str, str] | None) -> dict[str, str]:
    """The device of a link save as the trail keeps it: its browser name (shortened) and its
    network address."""
    device = device or {}
    return {
        "agent": str(device.get("agent", ""))[:MAX_DEVICE_TEXT],
        "address": str(device.get("address", ""))[:MAX_DEVICE_TEXT],
    }


@transaction.atomic
def renew_sheet_link(*, sheet: ScoreSheet, user: Any) -> ScoreSheet:
    """Give the sheet a new link: the old link (and every printed or photographed code of it)
    stops at once; recorded in the sheet's trail."""
    locked = _lock_sheet(sheet)
    locked.token = new_token()
    locked.save(update_fields=["token"])
    SheetChange.objects.create(
        sheet=locked, action=SheetChange.Action.LINK_RENEWED, user=recorded_user(user)
    )
    return locked


@transaction.atomic
def record_late_save(
    *, sheet: ScoreSheet, rows: Mapping[int, Mapping[str, str]], reason: SheetLocked
) -> bool:
    """Keep a save the link could no longer make (round closed, sheet confirmed) in the sheet's
    trail, as typed, so the desk sees it; nothing of the sheet changes. ``rows`` are the typed
    rows by game number (field name → text). A repeat of the last late save of the same rows is
    recorded once. Returns True when it was recorded."""
    typed = {str(number): dict(values) for number, values in sorted(rows.items())}
    if not typed:
        return False
    last = (
        SheetChange.objects.filter(sheet=sheet, action=SheetChange.Action.LATE)
        .order_by("-created_at", "-id")
        .first()
    )
    if last is not None and (last.after or {}).get("rows") == typed:
        return False
    SheetChange.objects.create(
        sheet=sheet,
        action=SheetChange.Action.LATE,
        after={"rows": typed, "reason": reason.message.msgid, "params": reason.message.params},
    )
    return True


def missing_games(sheet: ScoreSheet) -> list[int]:
    """The game numbers of a sheet that have no game yet."""
    return _missing(_entered_numbers(sheet), sheet.table.round.event.games_per_round)


def _check_complete(sheet: ScoreSheet) -> None:
    missing = missing_games(sheet)
    if missing:
        raise SheetError(
            gettext_noop("Not every game has been entered yet; missing: %(games)s."),
            games=number_ranges(missing),
        )


def _change_status(
    sheet: ScoreSheet, status: str, action: str, user: Any, **fields: Any
) -> ScoreSheet:
    ScoreSheet.objects.filter(pk=sheet.pk).update(
        status=status, version=F("version") + 1, updated_at=timezone.now(), **fields
    )
    results_changed(event_id=sheet.table.round.event_id)
    SheetChange.objects.create(sheet=sheet, action=action, user=recorded_user(user))
    sheet.refresh_from_db()
    return sheet


@transaction.atomic
def submit_sheet(*, sheet: ScoreSheet, user: Any = None) -> ScoreSheet:
    """The scorekeeper hands the finished sheet in (all games entered); a repeat is harmless."""
    locked = _lock_sheet(sheet)
    _check_may_edit(locked, user)
    ensure_not_finished(locked.table.round.event, SheetLocked)
    if locked.status == ScoreSheet.Status.SUBMITTED:
        return locked
    if locked.status == ScoreSheet.Status.CONFIRMED:
        raise SheetError(gettext_noop("This score sheet has been confirmed already."))
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
    ensure_not_finished(locked.table.round.event, SheetLocked)
    if base_version is not None and locked.version != base_version:
        raise SheetError(
            gettext_noop(
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
        confirmed_by=recorded_user(user),
        submitted_at=locked.submitted_at or now,
    )


@transaction.atomic
def reopen_sheet(*, sheet: ScoreSheet, user: Any) -> ScoreSheet:
    """An organiser reopens a submitted or confirmed sheet: the link works again."""
    locked = _lock_sheet(sheet)
    ensure_not_finished(locked.table.round.event, SheetLocked)
    if locked.status not in (ScoreSheet.Status.SUBMITTED, ScoreSheet.Status.CONFIRMED):
        raise SheetError(
            gettext_noop("This score sheet has not been submitted; it is open already.")
        )
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
def close_round(*, round: Round, closed: bool = True, user: Any = None) -> Round:
    """Close a round (every sheet link of it stops working) or open it again."""
    Round.objects.filter(pk=round.pk).update(closed=closed)
    round.closed = closed
    results_changed(event_id=round.event_id)
    audit.log(
        event=round.event_id,
        action=ChangeLog.Action.ROUND_CLOSED if closed else ChangeLog.Action.ROUND_REOPENED,
        user=user,
        number=round.number,
    )
    return round
