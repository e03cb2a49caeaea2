"""Score entry: save a sheet's rows, hand it in, confirm or reopen it (one, or every handed-in
sheet of a round without a concern), close a round.

A save is one transaction, the same on SQLite and PostgreSQL: the sheet is locked (SELECT … FOR
UPDATE on PostgreSQL; on SQLite every transaction takes the write lock when it begins, see the
settings), its games are read, the rows sent are judged one by one, and what changed is written
in bulk. Every save names the sheet version its page showed (optimistic locking across page
loads): a save based on an older version is refused when it would change anything, so a
concurrent edit never silently overwrites another.

A save may carry an id made by the device (``save_id``). When the sheet's last change was the
save with that id (the device sent it again because the answer was lost on the way back), the
save is based on the version that save made: the device is never its own rival. A save that
changes nothing (every row sent is stored as sent) is answered as stored, whatever its version.

Changes after a sheet was handed in, and every status change, are recorded in the sheet's trail
(``scoring.audit.SheetAction``); so is every stored game a save replaces or clears while the
sheet is open (``CHANGED``), with the version it made and the device it came from
(``device_id``, the id the sheet page keeps on the device), so the other pages open on the
sheet are told which game changed, from what to what and by whom. Closing and reopening a round
goes into the event's change log. ``user`` None means the scorekeeper coming through the sheet's
link.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction
from django.db.models import F, Sum
from django.db.models.functions import Coalesce
from django.utils import timezone
from django.utils.translation import gettext_noop

from core.audit import log, log_all, recorded_user
from core.errors import Message, UserError
from core.limits import MAX_DEVICE_ID, MAX_DEVICE_TEXT, UNUSUAL_BID
from core.models import ChangeRecord
from scoring.audit import ScoringAction, SheetAction, sheet_record
from scoring.confirmations import Roll, rolls, void_confirmations
from scoring.house_rules import rules_of
from scoring.models import Game, PartyScore, RoundTotal, ScoreSheet, new_token
from scoring.modes import WRITTEN, InvalidFigure
from scoring.rules import CONCEDED, TRICK_TOTAL, InvalidHand, RulesProfile, is_int
from scoring.sheet_rows import missing_numbers, normalise_row, number_ranges
from scoring.standings import counted_statuses
from tournament.house_rules import GAMES, POINTS, TOTALS
from tournament.models import Entry, Event, Round, Table, parties_in_seating_order
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

    ``version`` is the sheet's current version, ``games`` its stored games (as
    ``sheet_games`` reads them); ``current`` maps the numbers of the rows the refused save
    would have changed to their stored values (None: no game). For a sheet kept in round
    totals, ``totals`` holds its stored totals (as ``scoring.services.totals.sheet_totals``
    reads them; None: none) and ``current`` and ``games`` are empty.
    """

    def __init__(
        self,
        *,
        version: int,
        current: dict[int, dict | None],
        games: dict[int, dict],
        totals: dict | None = None,
    ) -> None:
        super().__init__(
            gettext_noop(
                "Someone else saved this score sheet in the meantime. Your entries have not "
                "been saved; they are still in the form. Compare them with what was saved and "
                "save again."
            )
        )
        self.version = version
        self.current = current
        self.games = games
        self.totals = totals


@dataclass
class SaveResult:
    """What a save did, and the sheet after it."""

    version: int
    status: str
    games: dict[int, dict]
    """The sheet's stored games after the save (as ``sheet_games`` reads them)."""
    count: int
    """The games of a round: the sheet's rows."""
    saved: list[int] = field(default_factory=list)
    """The rows stored by this save."""
    deleted: list[int] = field(default_factory=list)
    """The rows cleared by this save."""
    kept: list[int] = field(default_factory=list)
    """The rows sent that were stored as sent already (a resend, or a row not changed)."""
    errors: dict[int, InvalidHand] = field(default_factory=dict)
    problems: dict[int, list[InvalidFigure]] = field(default_factory=dict)
    """Of a sheet kept in points per game (``scoring.services.points``): each row's problems
    by game number; when there is one, nothing was stored."""
    handed_in: bool = False
    """Asked to hand the sheet in (``hand_in``): it is handed in now (or was already)."""
    hand_in_refused: SheetError | None = None
    """Asked to hand the sheet in: why it was not (the save itself stands)."""
    read_version: int = 0
    """The sheet's version the save was judged against (before its change)."""

    @property
    def changed(self) -> bool:
        return bool(self.saved or self.deleted)

    @property
    def missing(self) -> list[int]:
        """The game numbers the sheet has no game for."""
        return missing_numbers(self.games, self.count)


def sheet_parties(sheet: ScoreSheet) -> list[Entry]:
    """The parties of a sheet's table in seating order."""
    return parties_in_seating_order(
        list(sheet.table.seats.select_related("entry").order_by("position"))
    )


def sheet_games(sheet: ScoreSheet, parties: Sequence[Entry] | None = None) -> dict[int, dict]:
    """The stored games of a sheet by number as a row's values (``scoring.sheet_rows``),
    parties by their index in seating order.

    Two queries of one table each (no ordering: the models' default orders would join the
    sheet's tables). A join of games and party rows is planned once per connection
    (``config.settings``); planned on the empty tables of a new database it is a nested loop
    of two full scans, kept until the tables are analysed again, and slower with every game
    a round adds.
    """
    parties = sheet_parties(sheet) if parties is None else parties
    index = {party.pk: i for i, party in enumerate(parties)}
    games: dict[int, dict] = {}
    by_id: dict[int, dict] = {}
    for pk, number, dealer, declarer, bid, kind, revoked in (
        Game.objects.filter(sheet=sheet).order_by()
        .values_list("pk", "number", "dealer", "declarer_id", "bid", "kind", "revoked_id")
    ):
        games[number] = by_id[pk] = {
            "dealer": dealer,
            "declarer": index.get(declarer),
            "bid": bid,
            "kind": kind,
            "revoked": None if revoked is None else index.get(revoked),
            "melds": [0] * len(parties),
            "tricks": None if kind in (CONCEDED, WRITTEN) else [0] * len(parties),
            "points": [0] * len(parties),
        }
    if not by_id:
        return games
    for game, entry, meld, tricks, points in (
        PartyScore.objects.filter(game_id__in=list(by_id)).order_by()
        .values_list("game_id", "entry_id", "meld", "tricks", "points")
    ):
        values, at = by_id[game], index.get(entry)
        if at is None:
            continue
        values["melds"][at], values["points"][at] = meld, points
        if values["tricks"] is not None:
            values["tricks"][at] = tricks
    return games


def audit_values(values: Mapping[str, Any] | None, parties: Sequence[Entry]) -> dict | None:
    """Game values for the audit trail: parties named by start number, so they read alone."""
    if values is None:
        return None
    numbers = [party.start_number for party in parties]
    declarer, revoked = values["declarer"], values["revoked"]
    return {
        **values,
        "declarer": numbers[declarer] if declarer is not None else None,
        "revoked": numbers[revoked] if revoked is not None else None,
        "parties": numbers,
    }


def sheet_for_table(table: Table) -> ScoreSheet:
    """The table's sheet, created empty if the plan did not create one."""
    return ScoreSheet.objects.get_or_create(table=table)[0]


def lock_sheet(sheet: ScoreSheet) -> ScoreSheet:
    """The sheet's row, locked until the end of the transaction, with its table, round and
    event read after the lock: a save scores by the house rules (and sees the round and event)
    of the moment it holds the sheet, never by those its page loaded before.

    Two statements: on PostgreSQL a statement that waited for a row lock sees the rows it
    joined as they were when it began, only the locked row as it is now.
    """
    locked = ScoreSheet.objects.select_for_update().get(pk=sheet.pk)
    locked.table = Table.objects.select_related("round__event").get(pk=locked.table_id)
    return locked


def lock_event_and_sheets(event: Event) -> Event:
    """Lock every score sheet of ``event`` (in id order), then the event's row; the event as
    read inside the locks.

    For a change of the whole event (house rules, finishing): it waits for the saves under way
    and holds off new ones. The order is a save's order (its sheet, then the event's results
    stamp, ``tournament.results.results_changed``), so the two never deadlock on PostgreSQL;
    SQLite runs one writing transaction at a time anyway.
    """
    list(
        ScoreSheet.objects.select_for_update(of=("self",))
        .filter(table__round__event_id=event.pk)
        .order_by("pk")
        .values_list("pk", flat=True)
    )
    return Event.objects.select_for_update().get(pk=event.pk)


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


def check_may_edit(sheet: ScoreSheet, user: Any) -> None:
    if recorded_user(user) is None:
        check_link_access(sheet)


MODE_REFUSALS = {
    GAMES: gettext_noop(
        "This tournament keeps every game in full: enter each game's bid, melds and tricks."
    ),
    POINTS: gettext_noop(
        "This tournament keeps score in points per game: enter each game's points per party "
        "as written on the paper."
    ),
    TOTALS: gettext_noop(
        "This tournament keeps score in round totals: enter each party's total of the round, "
        "not the games."
    ),
}
"""Why a save of figures an event does not keep is refused, by the event's scoring mode: what
its sheet asks for instead."""


def lock_for_save(sheet: ScoreSheet, *, base_version: Any, user: Any, mode: str) -> ScoreSheet:
    """The sheet locked (``lock_sheet``) for a save of the figures of scoring ``mode``
    (``Event.scoring_mode``) based on ``base_version``, by ``user`` (None: through the link).
    Refused with nothing stored: ``SheetError`` for a ``base_version`` that is no whole number
    and for an event kept in another mode (``MODE_REFUSALS``); ``SheetLocked`` when the link
    may no longer change the sheet (``check_may_edit``) or the event is finished."""
    if not is_int(base_version):
        raise SheetError(gettext_noop("The form is incomplete; please reload the page."))
    locked = lock_sheet(sheet)
    check_may_edit(locked, user)
    event = locked.table.round.event
    if event.scoring_mode != mode:
        raise SheetError(MODE_REFUSALS[event.scoring_mode])
    ensure_not_finished(event, SheetLocked)
    return locked


def write_games(
    sheet: ScoreSheet, parties: Sequence[Entry], values_by_number: Mapping[int, Mapping]
) -> None:
    """Create the games (bulk) with their party rows; the numbers must be free."""
    numbered = sorted(values_by_number.items())
    games = [
        Game(
            sheet=sheet,
            number=number,
            dealer=values["dealer"],
            declarer=parties[values["declarer"]] if values["declarer"] is not None else None,
            bid=values["bid"],
            kind=values["kind"],
            revoked=parties[values["revoked"]] if values["revoked"] is not None else None,
        )
        for number, values in numbered
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
        for game, (_number, values) in zip(games, numbered, strict=True)
        for index, party in enumerate(parties)
    )


def check_row_numbers(rows: Mapping[int, Any], count: int) -> None:
    """Refuse (``SheetError``) a row number outside games 1 to ``count``."""
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
    rows: Mapping[int, RowInput], *, parties: int, seat_count: int, rules: RulesProfile
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
                row, number=number, parties=parties, seat_count=seat_count, rules=rules
            )
        except InvalidHand as error:
            errors[number] = error
    return wanted, errors


def hand_in_refusal(status: str, incomplete: SheetError | None) -> SheetError | None:
    """Why a sheet of ``status`` cannot be handed in (None: it can, or it is handed in already,
    which a repeat leaves as it is); ``incomplete``: why its figures are not complete (None:
    they are)."""
    if status == ScoreSheet.Status.CONFIRMED:
        return SheetError(gettext_noop("This score sheet has been confirmed already."))
    if incomplete is not None and status != ScoreSheet.Status.SUBMITTED:
        return incomplete
    return None


def no_totals_yet() -> SheetError:
    """Why a sheet kept in round totals without its totals cannot be handed in or confirmed."""
    return SheetError(gettext_noop("The round totals have not been entered yet."))


def _incomplete(missing: list[int]) -> SheetError:
    return SheetError(
        gettext_noop("Not every game has been entered yet; missing: %(games)s."),
        games=number_ranges(missing),
    )


def save_mark(save_id: str, version: int) -> str:
    """What the sheet keeps of the save that made ``version`` (``ScoreSheet.last_save``)."""
    return f"{save_id}:{version}" if save_id else ""


@transaction.atomic
def save_sheet_rows(
    *,
    sheet: ScoreSheet,
    base_version: int,
    rows: Mapping[int, RowInput],
    user: Any = None,
    parties: Sequence[Entry] | None = None,
    device: Mapping[str, str] | None = None,
    hand_in: bool = False,
    save_id: str = "",
    device_id: str = "",
) -> SaveResult:
    """Save the given rows of a sheet; each row is judged on its own.

    Valid rows that differ from what is stored are saved (None clears a row), invalid ones are
    reported in ``SaveResult.errors`` and leave their stored game alone. Raises ``StaleSheet``
    when ``base_version`` is not the current version and the save would change something,
    ``SheetLocked`` when the link may no longer change the sheet and ``SheetError`` for a game
    number outside the sheet or an event that keeps score in round totals
    (``scoring.services.totals``) or in points per game (``scoring.services.points``); then
    nothing is stored.

    ``parties`` are the table's parties as the caller read them for its forms (read here when
    not given). They may be read before the lock: a change of seating moves the sheet's version
    (``scoring.receivers.seating_changed``), so parties older than ``base_version`` mean a stale
    save. ``save_id``: the device's id of this save (see the module). A save through the link
    (no ``user``) is recorded in the sheet's trail with ``device`` (``{"agent": User-Agent,
    "address": IP}``, see ``scoring.audit.SheetAction``). ``device_id``: the id the page keeps
    on the device, recorded with the games this save replaces or clears (see the module).

    ``hand_in`` ("Save and hand in"): when no row was refused, the sheet is handed in with the
    save (``SaveResult.handed_in``); a refusal, such as games still missing, is
    ``SaveResult.hand_in_refused`` and the save stands.
    """
    locked = lock_for_save(sheet, base_version=base_version, user=user, mode=GAMES)
    event = locked.table.round.event
    check_row_numbers(rows, event.games_per_round)
    parties = sheet_parties(locked) if parties is None else list(parties)
    games = sheet_games(locked, parties)
    wanted, errors = _judge_rows(
        rows, parties=len(parties), seat_count=locked.table.seat_count, rules=rules_of(event)
    )
    return store_rows(
        locked, SaveResult(version=locked.version, status=locked.status, games=games,
                           count=event.games_per_round, errors=errors),
        wanted, parties, base_version=base_version, user=user, device=device,
        hand_in=hand_in, save_id=save_id, device_id=device_id,
    )


def store_rows(
    locked: ScoreSheet,
    result: SaveResult,
    wanted: Mapping[int, dict | None],
    parties: Sequence[Entry],
    *,
    base_version: int,
    user: Any,
    device: Mapping[str, str] | None,
    hand_in: bool,
    save_id: str,
    device_id: str,
) -> SaveResult:
    """Store the judged rows of a save on the ``locked`` sheet: ``wanted`` the rows as they
    would be stored (None: cleared), ``result`` the save's result so far (its ``games`` the
    sheet's stored games, its ``errors`` the rows refused, which leave their games alone).
    Refuses a stale save (``StaleSheet``, see ``save_sheet_rows``), hands the sheet in where
    asked and no row was refused, writes what changed; returns ``result`` completed."""
    games, errors = result.games, result.errors
    changes = {number: v for number, v in wanted.items() if games.get(number) != v}
    if save_id and locked.last_save == save_mark(save_id, locked.version):
        base_version = locked.version  # sent again: the sheet's last change was this save
    if changes and base_version != locked.version:
        affected = sorted(set(changes) | {number for number in errors if number in games})
        raise StaleSheet(
            version=locked.version,
            current={number: games.get(number) for number in affected},
            games=games,
        )
    result.games = {n: v for n, v in {**games, **changes}.items() if v is not None}
    result.saved = sorted(n for n, v in changes.items() if v is not None)
    result.deleted = sorted(n for n, v in changes.items() if v is None)
    result.kept = sorted(n for n in wanted if n not in changes)
    result.read_version = locked.version
    if locked.status in ScoreSheet.OPEN:
        result.status = (
            ScoreSheet.Status.IN_PROGRESS if result.games else ScoreSheet.Status.EMPTY
        )
    hands_in = False
    if hand_in and not errors:
        missing = result.missing
        result.hand_in_refused = hand_in_refusal(
            result.status, _incomplete(missing) if missing else None
        )
        result.handed_in = result.hand_in_refused is None
        hands_in = result.handed_in and result.status != ScoreSheet.Status.SUBMITTED
    if changes or hands_in:
        _write(locked, result, games, parties, hands_in=hands_in, user=user, device=device,
               save_id=save_id, device_id=device_id)
    return result


def _write(
    sheet: ScoreSheet,
    result: SaveResult,
    before: Mapping[int, dict],
    parties: Sequence[Entry],
    *,
    hands_in: bool,
    user: Any,
    device: Mapping[str, str] | None,
    save_id: str,
    device_id: str,
) -> None:
    """Store a save on the locked ``sheet``: the games, the sheet's version and status, its
    trail and the event's results stamp; ``result`` gets the new version and status."""
    replaced = [number for number in [*result.saved, *result.deleted] if number in before]
    if replaced:  # PartyScore rows go with their games (on_delete=CASCADE)
        Game.objects.filter(sheet=sheet, number__in=replaced).delete()
    write_games(sheet, parties, {number: result.games[number] for number in result.saved})
    games_version = move_saved_sheet(
        sheet, result, changed=result.changed, hands_in=hands_in, save_id=save_id
    )
    who = recorded_user(user)
    records = []
    if result.changed and who is None:
        records.append(sheet_record(
            sheet,
            SheetAction.LINK_SAVED,
            after={"saved": result.saved, "deleted": result.deleted, "version": games_version,
                   "save": save_id, **device_fields(device)},
            version=games_version,
            device=device_id[:MAX_DEVICE_ID],
        ))
    if sheet.status in ScoreSheet.OPEN:  # games replaced or cleared; a new game is no one's news
        changed = {number: SheetAction.CHANGED for number in replaced}
    else:
        changed = {number: SheetAction.SAVED for number in result.saved}
        changed.update(dict.fromkeys(result.deleted, SheetAction.DELETED))
    records.extend(
        sheet_record(
            sheet,
            action,
            game=number,
            before=audit_values(before.get(number), parties),
            after=audit_values(result.games.get(number), parties),
            user=who,
            version=games_version,
            device=device_id[:MAX_DEVICE_ID],
        )
        for number, action in sorted(changed.items())
    )
    close_save(sheet, result, records, hands_in=hands_in, who=who)


def move_saved_sheet(
    sheet: ScoreSheet, result: Any, *, changed: bool, hands_in: bool, save_id: str
) -> int:
    """Move the locked ``sheet`` past a save whose scores are written: a changed sheet that is
    no longer open loses its players' confirmations (they confirmed other scores; an open
    sheet has none that count, a reopen voided them); the version moves one step for the
    change and one for a hand-in; status, save mark and hand-in time are stored. ``result``
    (a game or totals save's) gets the new version and status. Returns the version the change
    itself made (the trail's)."""
    if changed and sheet.status not in ScoreSheet.OPEN:
        void_confirmations([sheet.pk])
    now = timezone.now()
    changed_version = sheet.version + (1 if changed else 0)
    result.version = changed_version + (1 if hands_in else 0)
    handed_in = {"submitted_at": now} if hands_in else {}
    if hands_in:
        result.status = ScoreSheet.Status.SUBMITTED
    ScoreSheet.objects.filter(pk=sheet.pk).update(
        version=result.version,
        status=result.status,
        updated_at=now,
        last_save=save_mark(save_id, result.version),
        **handed_in,
    )
    return changed_version


def close_save(
    sheet: ScoreSheet, result: Any, records: list[ChangeRecord], *, hands_in: bool, who: Any
) -> None:
    """Store a save's trail ``records`` (and the hand-in's), then stamp the event's results
    when the standings may show the save (``sheet`` as it was before the save, ``result``
    with its new status)."""
    if hands_in:
        records.append(sheet_record(sheet, SheetAction.SUBMITTED, user=who))
    log_all(records)
    # last: every save that changes what the standings show locks the event's row for this
    if result.status != sheet.status or result.status in counted_statuses(sheet.table.round.event):
        results_changed(event_id=sheet.table.round.event_id)


def device_fields(device: Mapping[str, str] | None) -> dict[str, str]:
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
    locked = lock_sheet(sheet)
    locked.token = new_token()
    locked.save(update_fields=["token"])
    log_all([sheet_record(locked, SheetAction.LINK_RENEWED, user=user)])
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
        sheet.changes.filter(action=SheetAction.LATE).order_by("-created_at", "-id").first()
    )
    if last is not None and (last.params.get("after") or {}).get("rows") == typed:
        return False
    log_all([sheet_record(
        sheet,
        SheetAction.LATE,
        after={"rows": typed, "reason": reason.message.msgid, "params": reason.message.params},
    )])
    return True


def missing_games(sheet: ScoreSheet) -> list[int]:
    """The game numbers of a sheet that have no game yet."""
    entered = Game.objects.filter(sheet=sheet).order_by().values_list("number", flat=True)
    return missing_numbers(entered, sheet.table.round.event.games_per_round)


def _incompleteness(sheet: ScoreSheet) -> SheetError | None:
    """Why the figures of a sheet are not complete (None: they are): games missing, or for a
    sheet kept in round totals, its totals."""
    if sheet.table.round.event.scoring_mode == TOTALS:
        if RoundTotal.objects.filter(sheet=sheet).exists():
            return None
        return no_totals_yet()
    missing = missing_games(sheet)
    return _incomplete(missing) if missing else None


def _check_complete(sheet: ScoreSheet) -> None:
    incomplete = _incompleteness(sheet)
    if incomplete is not None:
        raise incomplete


def _change_status(
    sheet: ScoreSheet, status: str, action: str, user: Any, **fields: Any
) -> ScoreSheet:
    ScoreSheet.objects.filter(pk=sheet.pk).update(
        status=status, version=F("version") + 1, updated_at=timezone.now(), **fields
    )
    results_changed(event_id=sheet.table.round.event_id)
    log_all([sheet_record(sheet, action, user=user)])
    sheet.refresh_from_db()
    return sheet


@transaction.atomic
def submit_sheet(*, sheet: ScoreSheet, user: Any = None) -> ScoreSheet:
    """The scorekeeper hands the finished sheet in (all games entered); a repeat is harmless."""
    locked = lock_sheet(sheet)
    check_may_edit(locked, user)
    ensure_not_finished(locked.table.round.event, SheetLocked)
    if locked.status == ScoreSheet.Status.SUBMITTED:
        return locked
    refusal = hand_in_refusal(locked.status, _incompleteness(locked))
    if refusal is not None:
        raise refusal
    return _change_status(
        locked,
        ScoreSheet.Status.SUBMITTED,
        SheetAction.SUBMITTED,
        user,
        submitted_at=timezone.now(),
    )


class PlayersNotConfirmed(SheetError):
    """The house rules want every seated player's confirmation before the organisers confirm
    the sheet (``RulesProfile.players_sign``); not every player has confirmed yet."""

    @classmethod
    def of_roll(cls, roll: Roll) -> PlayersNotConfirmed:
        missing = roll.missing_message()
        return cls(
            gettext_noop(
                "By this tournament's house rules every player of the table confirms the "
                "score sheet before the organisers do: %(missing)s."
            ),
            missing=missing,
        )


def _check_players_confirmed(sheet: ScoreSheet) -> None:
    """Raise ``PlayersNotConfirmed`` when the event's house rules want every seated player's
    confirmation and the sheet lacks one."""
    if not rules_of(sheet.table.round.event).players_sign:
        return
    roll = rolls([sheet.pk])[sheet.pk]
    if not roll.complete:
        raise PlayersNotConfirmed.of_roll(roll)


@transaction.atomic
def confirm_sheet(
    *, sheet: ScoreSheet, user: Any, base_version: int | None = None
) -> ScoreSheet:
    """An organiser confirms a complete sheet: locked for the link, counted as final.

    With ``base_version`` the confirmation is refused when the sheet changed since the
    organiser looked at it. When the event's house rules want every player's confirmation
    (``RulesProfile.players_sign``), it is refused (``PlayersNotConfirmed``) until every
    seated player has confirmed the sheet as it is.
    """
    locked = lock_sheet(sheet)
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
    _check_players_confirmed(locked)
    now = timezone.now()
    return _change_status(
        locked,
        ScoreSheet.Status.CONFIRMED,
        SheetAction.CONFIRMED,
        user,
        confirmed_at=now,
        confirmed_by=recorded_user(user),
        submitted_at=locked.submitted_at or now,
    )


def sheet_concerns(
    sheets: Sequence[ScoreSheet],
    games: int,
    *,
    signed: Mapping[int, Roll] | None = None,
    totals: bool = False,
) -> dict[int, list[Message]]:
    """What to look at on each sheet (by id) before confirming it; an empty list: nothing.

    ``games`` is the round's number of games; ``totals``: the sheets are kept in round totals
    (``scoring.services.totals``), so a sheet with its totals has no game missing and one
    without them has the concern that they are missing. A concern is: games missing; a game
    whose trick points do not add up to ``TRICK_TOTAL`` (the rules refuse such a game, so only
    a game stored another way has one); a bid above ``UNUSUAL_BID``; games changed after the
    sheet was handed in; saves through the link refused after it had stopped
    (``SheetAction.LATE``).
    ``signed``: the sheets' rolls (``scoring.confirmations.rolls``) where the house rules want
    every player's confirmation; a sheet whose roll is not complete has that concern too.
    Four queries (five with ``totals``), whatever the number of sheets.
    """
    ids = [sheet.pk for sheet in sheets]
    entered: dict[int, set[int]] = {pk: set() for pk in ids}
    high_bids: dict[int, list[int]] = {pk: [] for pk in ids}
    for sheet_id, number, bid in (
        Game.objects.filter(sheet_id__in=ids).order_by().values_list("sheet_id", "number", "bid")
    ):
        entered[sheet_id].add(number)
        if bid is not None and bid > UNUSUAL_BID:
            high_bids[sheet_id].append(number)
    bad_sums: dict[int, list[int]] = {pk: [] for pk in ids}
    for sheet_id, number, total in (
        PartyScore.objects.filter(game__sheet_id__in=ids)
        .exclude(game__kind__in=(CONCEDED, WRITTEN))
        .order_by()
        .values_list("game__sheet_id", "game__number")
        .annotate(total=Coalesce(Sum("tricks"), 0))
    ):
        if total != TRICK_TOTAL:
            bad_sums[sheet_id].append(number)
    corrected: dict[int, set[int]] = {pk: set() for pk in ids}
    late: set[int] = set()
    for sheet_id, action, params in (
        ChangeRecord.objects.about_all(ScoreSheet, ids)
        .filter(action__in=[SheetAction.SAVED, SheetAction.DELETED, SheetAction.LATE])
        .order_by()
        .values_list("subject_id", "action", "params")
    ):
        if action == SheetAction.LATE:
            late.add(sheet_id)
        else:
            corrected[sheet_id].add(params["game"])
    concerns: dict[int, list[Message]] = {}
    with_totals: set[int] = set()
    if totals:
        with_totals.update(
            RoundTotal.objects.filter(sheet_id__in=ids).order_by()
            .values_list("sheet_id", flat=True).distinct()
        )
    for pk in ids:
        found = []
        missing = missing_numbers(entered[pk], games)
        if totals:
            if pk not in with_totals:
                found.append(no_totals_yet().message)
        elif missing:
            found.append(Message(gettext_noop("games missing: %(games)s"),
                                 games=number_ranges(missing)))
        if bad_sums[pk]:
            found.append(Message(
                gettext_noop("game %(games)s: the trick points do not add up to %(total)s"),
                games=number_ranges(bad_sums[pk]), total=TRICK_TOTAL,
            ))
        if high_bids[pk]:
            found.append(Message(gettext_noop("game %(games)s: a bid above %(bid)s"),
                                 games=number_ranges(high_bids[pk]), bid=UNUSUAL_BID))
        if corrected[pk]:
            found.append(Message(gettext_noop("changed after it was handed in: game %(games)s"),
                                 games=number_ranges(sorted(corrected[pk]))))
        if pk in late:
            found.append(Message(gettext_noop("saves through the link after it had stopped")))
        if signed is not None and not signed[pk].complete:
            found.append(signed[pk].missing_message())
        concerns[pk] = found
    return concerns


@dataclass
class ConfirmedSheets:
    """What ``confirm_handed_in`` did: the tables whose sheets it confirmed, and the handed-in
    sheets it left for a look, each with its table number and why."""

    confirmed: list[int] = field(default_factory=list)
    left: list[tuple[int, list[Message]]] = field(default_factory=list)


@transaction.atomic
def confirm_handed_in(
    *, round: Round, user: Any, versions: Mapping[int, int] | None = None
) -> ConfirmedSheets:
    """Confirm every handed-in sheet of ``round`` without a concern (``sheet_concerns``) in one
    go, each recorded in its trail as a confirmation one by one is. Where the event's house
    rules want every player's confirmation first (``RulesProfile.players_sign``), a sheet not
    confirmed by every seated player is a concern: it is left, saying who is missing.

    ``versions`` (sheet id -> version) are the sheets the organiser's page offered: only they
    are confirmed, and only while unchanged since; a sheet changed meanwhile is left for a look
    too. Sheets not handed in (or confirmed already) stay as they are.
    """
    event = round.event
    ensure_not_finished(event, SheetLocked)
    sheets = list(
        ScoreSheet.objects.select_for_update(of=("self",))
        .filter(table__round=round)
        .select_related("table")
        .order_by("pk")
    )
    handed_in = [sheet for sheet in sheets if sheet.status == ScoreSheet.Status.SUBMITTED]
    if versions is not None:
        handed_in = [sheet for sheet in handed_in if sheet.pk in versions]
    signed = rolls(sheet.pk for sheet in handed_in) if rules_of(event).players_sign else None
    concerns = sheet_concerns(
        handed_in, event.games_per_round, signed=signed, totals=event.scoring_mode == TOTALS
    )
    result = ConfirmedSheets()
    ready = []
    for sheet in sorted(handed_in, key=lambda sheet: sheet.table.number):
        found = list(concerns[sheet.pk])
        if versions is not None and versions[sheet.pk] != sheet.version:
            found.insert(0, Message(gettext_noop("changed since the page was shown")))
        if found:
            result.left.append((sheet.table.number, found))
        else:
            ready.append(sheet)
            result.confirmed.append(sheet.table.number)
    if not ready:
        return result
    now = timezone.now()
    who = recorded_user(user)
    ScoreSheet.objects.filter(pk__in=[sheet.pk for sheet in ready]).update(
        status=ScoreSheet.Status.CONFIRMED,
        version=F("version") + 1,
        updated_at=now,
        confirmed_at=now,
        confirmed_by=who,
        submitted_at=Coalesce(F("submitted_at"), now),
    )
    log_all(
        sheet_record(sheet, SheetAction.CONFIRMED, user=who, event=round.event_id)
        for sheet in ready
    )
    results_changed(event_id=round.event_id)
    return result


@transaction.atomic
def reopen_sheet(*, sheet: ScoreSheet, user: Any) -> ScoreSheet:
    """An organiser reopens a submitted or confirmed sheet: the link works again; the players'
    confirmations are void (they confirm again after the next hand-in)."""
    locked = lock_sheet(sheet)
    ensure_not_finished(locked.table.round.event, SheetLocked)
    if locked.status not in ScoreSheet.HANDED_IN:
        raise SheetError(
            gettext_noop("This score sheet has not been submitted; it is open already.")
        )
    has_games = (
        Game.objects.filter(sheet=locked).exists()
        or RoundTotal.objects.filter(sheet=locked).exists()
    )
    void_confirmations([locked.pk])
    return _change_status(
        locked,
        ScoreSheet.Status.IN_PROGRESS if has_games else ScoreSheet.Status.EMPTY,
        SheetAction.REOPENED,
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
    log(
        event=round.event_id,
        action=ScoringAction.ROUND_CLOSED if closed else ScoringAction.ROUND_REOPENED,
        user=user,
        number=round.number,
    )
    return round
