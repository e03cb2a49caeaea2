"""The seating plan's writes: generate, discard, re-plan, swap, replace, release a round.

A plan is Round → Table → Seat rows; the apps above hear of new tables and changed seats
(``tournament.signals``: scoring gives each table an empty score sheet). A plan may be replaced
until the first game of the event is entered; after that only single entries move (swap,
replace), and only at tables without results yet, or the rounds not yet started are re-planned
as a whole (``replan_rounds``: latecomers in, who left out). Which tables hold results is asked
of the apps above (``tournament.signals.tables_in_play``). Every change is logged beside it.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_noop

from core.audit import log
from core.errors import Message, UserError
from core.limits import MAX_ROUND_MINUTES
from core.models import ChangeRecord
from tournament import audit, seats, signals
from tournament.audit import TournamentAction
from tournament.members import members_of
from tournament.models import (
    Entry,
    Event,
    Round,
    Seat,
    Table,
    parties_in_seating_order,
    seat_rows,
)
from tournament.results import results_changed
from tournament.seating import plan_seating
from tournament.selectors.phase import event_phase
from tournament.services.entries import insert_entry, known_players, lock_event
from tournament.services.lifecycle import ensure_not_finished
from tournament.signals import tables_in_play

# A table number out of the way while the tables of a round change numbers (above any real one).
_PARKED = 10_000


class PlanError(UserError):
    """A refused change of the seating plan."""


class PlanLocked(PlanError):
    """The plan cannot be replaced: scores have been entered already."""


class PlanChanged(PlanError):
    """The plan or the field changed since the page was shown: look again before re-planning."""


# The changes that alter the field, the plan or which rounds have started: a re-plan based on
# a page shown before one of them is refused (``plan_version``). An app above adds its own
# (``changes_the_plan``): closing and reopening a round are the scoring app's.
PLAN_ACTIONS = {
    TournamentAction.REGISTERED,
    TournamentAction.EDITED,
    TournamentAction.WITHDRAWN,
    TournamentAction.REINSTATED,
    TournamentAction.IMPORTED,
    TournamentAction.REPLACED,
    TournamentAction.STAND_IN,
    TournamentAction.PLAN,
    TournamentAction.PLAN_DISCARDED,
    TournamentAction.REPLANNED,
    TournamentAction.SWAPPED,
    TournamentAction.RELEASED,
    TournamentAction.HIDDEN,
    TournamentAction.FIXED_TABLE,
}


def changes_the_plan(*actions: str) -> None:
    """Count another app's ``actions`` among the changes that refuse a re-plan shown before
    them (called when the app is ready)."""
    PLAN_ACTIONS.update(actions)


def plan_version(event: Event) -> int:
    """A number that moves on with every change of the field or the plan (the newest such
    change-log record); the re-plan form carries it, so a change made meanwhile refuses it."""
    newest = (
        ChangeRecord.objects.filter(event_id=event.pk, action__in=sorted(PLAN_ACTIONS))
        .order_by("-pk")
        .values_list("pk", flat=True)
        .first()
    )
    return newest or 0


def fixed_table_numbers(
    fixed: Sequence[Entry], singles: int, pairs: int, preferred: Mapping[int, int]
) -> dict[int, int]:
    """Start number -> table number for the entries with a fixed table.

    Tables are numbered as stored: singles tables first (the ``singles % 3`` four-tables
    before the three-tables), then the pairs tables. An entry keeps its ``preferred`` table
    (by entry id: where it sat in the last started round) while that number exists for its kind
    and has room; otherwise it takes the lowest-numbered table of its kind with the fewest
    fixed entries.
    """
    singles_tables = singles // 3
    pairs_tables = pairs // 2

    def capacity(number: int) -> int:
        if number > singles_tables:
            return 2
        return 4 if number <= singles % 3 else 3

    taken: dict[int, int] = {}
    result: dict[int, int] = {}
    for entry in sorted(fixed, key=lambda entry: entry.start_number):
        if entry.is_pair:
            numbers = range(singles_tables + 1, singles_tables + pairs_tables + 1)
        else:
            numbers = range(1, singles_tables + 1)
        free = [number for number in numbers if taken.get(number, 0) < capacity(number)]
        if not free:
            continue  # more fixed entries than seats: the others move like everyone else
        number = preferred.get(entry.pk)
        if number not in free:
            number = min(free, key=lambda number: (taken.get(number, 0), number))
        taken[number] = taken.get(number, 0) + 1
        result[entry.start_number] = number
    return result


def _store_rounds(
    event: Event,
    plan: Sequence[Sequence[tuple[int, ...]]],
    first_number: int,
    by_number: Mapping[int, Entry],
) -> None:
    """Write ``plan``'s rounds (numbered from ``first_number``) with tables, seats and sheets."""
    new_seats: list[Seat] = []
    tables: list[Table] = []
    for round_number, round_plan in enumerate(plan, start=first_number):
        round_ = Round.objects.create(event=event, number=round_number)
        round_tables = [[by_number[number] for number in table] for table in round_plan]
        # singles tables first, then pairs tables (a stable sort keeps the generator's order)
        round_tables.sort(key=lambda table_entries: table_entries[0].is_pair)
        for table_number, table_entries in enumerate(round_tables, start=1):
            table = Table.objects.create(
                round=round_,
                number=table_number,
                kind=seats.table_kind(len(table_entries), pairs=table_entries[0].is_pair),
            )
            tables.append(table)
            new_seats.extend(seat_rows(table, table_entries))
    Seat.objects.bulk_create(new_seats)
    signals.tables_created.send(sender=Event, tables=tables)


def _lock_unscored_plan(event: Event, locked_message: str) -> Event:
    """Lock the event and its sheets; raise ``PlanLocked`` once a game exists.

    Locking the sheets keeps a game being entered right now from slipping in after the check.
    """
    locked = lock_event(event)
    ensure_not_finished(locked, PlanLocked)
    if event_phase(locked, lock=True).locked:
        raise PlanLocked(locked_message)
    return locked


@transaction.atomic
def generate_plan(*, event: Event, seed: int | None = None, user: Any = None) -> None:
    """Seat the event's active entries for every round and store the plan with empty sheets.

    Replaces an existing plan (its rounds lose their release, the event is in preparation
    again); raises ``PlanLocked`` once a game has been entered and ``SeatingError`` when the
    field cannot be seated; in both cases nothing changes.
    """
    event = _lock_unscored_plan(
        event,
        gettext_noop(
            "The seating plan is locked because scores have been entered already; "
            "it can no longer be generated anew."
        ),
    )
    entries = list(event.entries.active().with_players())
    by_number = {entry.start_number: entry for entry in entries}
    singles = [entry.start_number for entry in entries if not entry.is_pair]
    pairs = [entry.start_number for entry in entries if entry.is_pair]
    if seed is None:
        seed = secrets.randbelow(2**31)
    fixed = fixed_table_numbers(
        [entry for entry in entries if entry.fixed_table], len(singles), len(pairs), {}
    )
    plan = plan_seating(singles, pairs, rounds=event.round_count, seed=seed, fixed=fixed)

    lengths = dict(event.rounds.values_list("number", "planned_minutes"))
    event.rounds.all().delete()
    _store_rounds(event, plan, 1, by_number)
    for number, minutes in lengths.items():  # the planned lengths stay with the new plan
        if minutes is not None:
            event.rounds.filter(number=number).update(planned_minutes=minutes)
    event.plan_seed = seed
    event.status = Event.Status.PREPARATION
    event.save(update_fields=["plan_seed", "status"])
    results_changed(event_id=event.pk)
    log(
        event=event,
        action=TournamentAction.PLAN,
        user=user,
        rounds=len(plan),
        singles=len(singles),
        pairs=len(pairs),
        seed=seed,
    )


@transaction.atomic
def discard_plan(*, event: Event, user: Any = None) -> None:
    """Delete the plan (rounds, tables, seats, empty sheets) so the field can change again.

    For a late registration before play starts: discard, register, generate anew. Raises
    ``PlanLocked`` once a game has been entered; then nothing changes.
    """
    event = _lock_unscored_plan(
        event,
        gettext_noop(
            "The seating plan is locked because scores have been entered already; "
            "it can no longer be discarded."
        ),
    )
    if not event_phase(event).plan_exists:
        raise PlanError(gettext_noop("There is no seating plan to discard."))
    event.rounds.all().delete()
    event.status = Event.Status.PREPARATION
    event.save(update_fields=["status"])
    results_changed(event_id=event.pk)
    log(event=event, action=TournamentAction.PLAN_DISCARDED, user=user)


@dataclass(frozen=True)
class LateEntry:
    """A latecomer or a stand-in to seat in the re-planned rounds."""

    name: str
    partner_name: str = ""
    club: str = ""
    stand_in: bool = False


def _played_tables(event: Event, up_to: int) -> tuple[list[list[tuple[int, ...]]], dict[int, int]]:
    """The rounds ``1 .. up_to`` as ``plan_seating`` takes them (start numbers per table in
    seating order, a pairs table as pair A, pair B), and every entry's table number in the
    last of them (by entry id)."""
    return _round_plans(event.rounds.filter(number__lte=up_to))


def _round_plans(rounds: Any) -> tuple[list[list[tuple[int, ...]]], dict[int, int]]:
    """``rounds`` as ``plan_seating`` takes them (start numbers per table in seating order, a
    pairs table as pair A, pair B), and every entry's table number in the last of them (by
    entry id)."""
    played: list[list[tuple[int, ...]]] = []
    last_table: dict[int, int] = {}
    rounds = rounds.order_by("number").prefetch_related("tables__seats__entry")
    for round_ in rounds:
        tables: list[tuple[int, ...]] = []
        for table in sorted(round_.tables.all(), key=lambda table: table.number):
            table_seats = sorted(table.seats.all(), key=lambda seat: seat.position)
            parties = parties_in_seating_order(table_seats)
            tables.append(tuple(entry.start_number for entry in parties))
            for entry in parties:
                last_table[entry.pk] = table.number
        played.append(tables)
    return played, last_table


@transaction.atomic
def replan_rounds(
    *,
    event: Event,
    left: Iterable[Entry] = (),
    late: Iterable[LateEntry] = (),
    version: int | None = None,
    seed: int | None = None,
    user: Any = None,
) -> list[int]:
    """Seat the rounds not yet started anew; played and started rounds never change.

    Every table of those rounds whose entries can stay together keeps its seats, its number
    where the table sizes allow, and its score sheet with the sheet's link, as long as the
    plan is no worse for it (``plan_seating(keep=...)``): the tables whose card and sheet must
    be printed again are marked (``Table.replanned_at``) and logged.

    ``left`` are entries that leave (marked withdrawn: their points stay and the standings
    show them as having left), ``late`` latecomers and stand-ins registered now. The new rounds
    keep every earlier meeting in mind (``plan_seating(played=...)``) and seat entries with a
    fixed table at one table number. A round has started once it is released or closed or a
    game is entered on any of its sheets (and so has every round before it). ``version`` is
    the ``plan_version`` the organiser's page showed: a change made since refuses the re-plan
    (``PlanChanged``). Returns the numbers of the re-planned rounds; raises ``PlanError`` (or
    ``SeatingError``) and changes nothing when it cannot be done.
    """
    event = lock_event(event)
    ensure_not_finished(event, PlanError)
    if version is not None and plan_version(event) != version:
        raise PlanChanged(
            gettext_noop(
                "The seating plan or the entries changed while the page was open. Please look "
                "at the plan again and re-plan once more."
            )
        )
    phase = event_phase(event, lock=True)
    if not phase.plan_exists:
        raise PlanError(gettext_noop("There is no seating plan yet to re-plan."))
    started = phase.started_rounds
    if started >= event.round_count:
        raise PlanError(
            gettext_noop("Every round has started already; played and started rounds never change.")
        )
    left_entries = []
    for entry in left:
        entry = Entry.objects.select_for_update(of=("self",)).with_players().get(pk=entry.pk)
        if entry.event_id != event.pk:
            raise PlanError(gettext_noop("Both entries must belong to this tournament."))
        if entry.is_withdrawn:
            raise PlanError(
                gettext_noop("Start number %(number)s is withdrawn already."),
                number=entry.start_number,
            )
        entry.is_withdrawn = True
        entry.save(update_fields=["is_withdrawn"])
        left_entries.append(entry)
    added = []
    for newcomer in late:
        if not newcomer.name.strip():
            raise PlanError(gettext_noop("Please enter the name of the new entry."))
        members = members_of(newcomer.name, newcomer.partner_name)
        added.append(
            insert_entry(
                event=event,
                members=members,
                club=newcomer.club,
                is_stand_in=newcomer.stand_in,
                players=known_players(
                    event=event, members=members, club=newcomer.club, user=user
                ),
            )
        )
    entries = list(event.entries.active().with_players())
    by_number = {entry.start_number: entry for entry in event.entries.with_players()}
    singles = [entry.start_number for entry in entries if not entry.is_pair]
    pairs = [entry.start_number for entry in entries if entry.is_pair]
    played, last_table = _played_tables(event, started)
    fixed = fixed_table_numbers(
        [entry for entry in entries if entry.fixed_table], len(singles), len(pairs), last_table
    )
    printed, _ = _round_plans(event.rounds.filter(number__gt=started))
    if seed is None:
        seed = secrets.randbelow(2**31)
    plan = plan_seating(
        singles,
        pairs,
        rounds=event.round_count,
        seed=seed,
        played=played,
        fixed=fixed,
        keep=printed,
    )
    reprint = _reseat_rounds(event, plan[started:], started + 1, by_number, timezone.now())
    rounds = list(range(started + 1, event.round_count + 1))
    results_changed(event_id=event.pk)
    log(
        event=event,
        action=TournamentAction.REPLANNED,
        user=user,
        rounds=rounds,
        singles=len(singles),
        pairs=len(pairs),
        seed=seed,
        left=[audit.entry_ref(entry) for entry in left_entries],
        added=[audit.entry_ref(entry) for entry in added],
        reprint={str(number): tables for number, tables in reprint.items()},
    )
    return rounds


def _reseat_rounds(
    event: Event,
    plan: Sequence[Sequence[tuple[int, ...]]],
    first_number: int,
    by_number: Mapping[int, Entry],
    replanned_at: datetime,
) -> dict[int, list[int]]:
    """Write the re-planned rounds (numbered from ``first_number``) over the rounds they
    replace. A table whose entries stay together keeps its row, and so its score sheet and the
    sheet's link, and takes its new number and seats; the others are deleted and created anew
    (with empty sheets, ``tables_created``). The tables with other entries, seats or number
    are marked (``Table.replanned_at``): their card and sheet are out of date. Returns those
    table numbers per round."""
    new_seats: list[Seat] = []
    created: list[Table] = []
    changed: set[int] = set()
    reprint: dict[int, list[int]] = {}
    for round_number, round_plan in enumerate(plan, start=first_number):
        round_, _ = Round.objects.get_or_create(event=event, number=round_number)
        round_.replanned_at = replanned_at
        round_.save(update_fields=["replanned_at"])
        old = {
            frozenset(seat.entry_id for seat in table.seats.all()): table
            for table in round_.tables.prefetch_related("seats")
        }
        round_tables = [[by_number[number] for number in table] for table in round_plan]
        # singles tables first, then pairs tables (a stable sort keeps the generator's order)
        round_tables.sort(key=lambda table_entries: table_entries[0].is_pair)
        staying: list[tuple[Table, int, list[Entry]]] = []
        fresh: list[tuple[int, list[Entry]]] = []
        for number, table_entries in enumerate(round_tables, start=1):
            table = old.pop(frozenset(entry.pk for entry in table_entries), None)
            if table is None:
                fresh.append((number, table_entries))
            else:
                staying.append((table, number, table_entries))
        Table.objects.filter(pk__in=[table.pk for table in old.values()]).delete()
        # numbers move in two steps: out of the way first (the round's numbers are unique)
        for table, number, _entries in staying:
            if table.number != number:
                Table.objects.filter(pk=table.pk).update(number=_PARKED + number)
        reprint[round_number] = []
        for table, number, table_entries in staying:
            seats_now = sorted(
                (seat.position, seat.entry_id, seat.player_id) for seat in table.seats.all()
            )
            wanted = seat_rows(table, table_entries)
            reseated = seats_now != sorted(
                (seat.position, seat.entry.pk, seat.player.pk) for seat in wanted
            )
            if reseated:
                Seat.objects.filter(table=table).delete()
                new_seats.extend(wanted)
            if reseated or table.number != number:
                Table.objects.filter(pk=table.pk).update(number=number, replanned_at=replanned_at)
                changed.add(table.pk)
                reprint[round_number].append(number)
        for number, table_entries in fresh:
            table = Table.objects.create(
                round=round_,
                number=number,
                kind=seats.table_kind(len(table_entries), pairs=table_entries[0].is_pair),
                replanned_at=replanned_at,
            )
            created.append(table)
            new_seats.extend(seat_rows(table, table_entries))
            reprint[round_number].append(number)
        reprint[round_number].sort()
    Seat.objects.bulk_create(new_seats)
    signals.tables_created.send(sender=Event, tables=created)
    if changed:
        signals.seats_changed.send(sender=Event, table_ids=changed)
    return reprint


@transaction.atomic
def set_fixed_table(*, entry: Entry, fixed: bool, user: Any = None) -> Entry:
    """Mark (or unmark) an entry that cannot move between tables; the next plan or re-plan
    seats it at one table number in every round it plans."""
    entry = Entry.objects.select_for_update(of=("self",)).with_players().get(pk=entry.pk)
    if entry.fixed_table == fixed:
        return entry
    entry.fixed_table = fixed
    entry.save(update_fields=["fixed_table"])
    results_changed(event_id=entry.event_id)
    log(
        event=entry.event_id,
        action=TournamentAction.FIXED_TABLE,
        user=user,
        subject=entry,
        entry_ref=audit.entry_ref(entry),
        fixed=fixed,
    )
    return entry


def repeat_meetings(*, round: Round, entry: Entry) -> list[tuple[Entry, list[int]]]:
    """Table mates of ``entry`` in ``round`` it also meets in other rounds, with those rounds."""
    event_seats = Seat.objects.filter(table__round__event_id=round.event_id)
    own_tables = dict(
        event_seats.filter(entry=entry).values_list("table_id", "table__round__number")
    )
    mates_here = (
        event_seats.filter(table__round=round, table_id__in=own_tables)
        .exclude(entry=entry)
        .select_related("entry__player", "entry__partner")
    )
    result: list[tuple[Entry, list[int]]] = []
    for mate in {seat.entry_id: seat.entry for seat in mates_here}.values():
        rounds = sorted(
            {
                own_tables[table_id]
                for table_id in event_seats.filter(entry=mate, table_id__in=own_tables)
                .exclude(table__round=round)
                .values_list("table_id", flat=True)
            }
        )
        if rounds:
            result.append((mate, rounds))
    return sorted(result, key=lambda item: item[0].start_number)


@transaction.atomic
def swap_entries(*, round: Round, first: Entry, second: Entry, user: Any = None) -> list[Message]:
    """Exchange the tables of two entries of the same kind in one round.

    Two singles exchange their seats; two pairs exchange their two seats each (keeping the
    positions). Refused (``PlanError``) for entries of different kinds, at the same table, not
    seated in the round, or when a game has been entered on either table's sheet. Returns
    warnings about meetings the swap repeats from other rounds.
    """
    if first.event_id != round.event_id or second.event_id != round.event_id:
        raise PlanError(gettext_noop("Both entries must belong to this tournament."))
    if first.is_pair != second.is_pair:
        raise PlanError(
            gettext_noop("A single can only swap with a single, and a pair only with a pair.")
        )
    moving = list(
        Seat.objects.select_for_update()
        .filter(table__round=round, entry__in=[first, second])
        .select_related("table")
        .order_by("table__number", "position")
    )
    for entry in (first, second):
        if not any(seat.entry_id == entry.pk for seat in moving):
            raise PlanError(
                gettext_noop("Start number %(number)s has no seat in round %(round)s."),
                number=entry.start_number,
                round=round.number,
            )
    first_table = next(seat.table for seat in moving if seat.entry_id == first.pk)
    second_table = next(seat.table for seat in moving if seat.entry_id == second.pk)
    if first_table.pk == second_table.pk:
        raise PlanError(
            gettext_noop(
                "Start numbers %(first)s and %(second)s sit at the same table; there is "
                "nothing to swap."
            ),
            first=first.start_number,
            second=second.start_number,
        )
    if tables_in_play(table_ids=[first_table.pk, second_table.pk], lock=True):
        raise PlanError(
            gettext_noop(
                "Scores have been entered at table %(first)s or %(second)s already; its seats "
                "can no longer change."
            ),
            first=first_table.number,
            second=second_table.number,
        )
    counterpart = {
        (first.pk, first.player_id): (second, second.player_id),
        (first.pk, first.partner_id): (second, second.partner_id),
        (second.pk, second.player_id): (first, first.player_id),
        (second.pk, second.partner_id): (first, first.partner_id),
    }
    for seat in moving:
        seat.entry, seat.player_id = counterpart[(seat.entry_id, seat.player_id)]
    for seat in moving:
        seat.save(update_fields=["entry", "player"])
    signals.seats_changed.send(
        sender=Event, table_ids={seat.table_id for seat in moving}
    )
    warnings = [
        Message(
            gettext_noop(
                "Start numbers %(first)s and %(second)s now meet again (also in round "
                "%(rounds)s)."
            ),
            first=entry.start_number,
            second=mate.start_number,
            rounds=", ".join(str(number) for number in rounds),
        )
        for entry in (first, second)
        for mate, rounds in repeat_meetings(round=round, entry=entry)
    ]
    results_changed(event_id=round.event_id)
    log(
        event=round.event_id,
        action=TournamentAction.SWAPPED,
        user=user,
        subject=first,
        round=round.number,
        first=first.start_number,
        first_table=second_table.number,
        second=second.start_number,
        second_table=first_table.number,
    )
    return warnings


@transaction.atomic
def replace_entry(
    *,
    absent: Entry,
    name: str,
    partner_name: str = "",
    club: str = "",
    stand_in: bool = False,
    start_number: int | None = None,
    user: Any = None,
) -> Entry:
    """A late arrival (or a stand-in) takes every seat of a no-show not yet played.

    Creates the new entry (the next free start number unless one is given; a pair for a pair, a
    single for a single), moves the absent entry's seats at tables without any game to it and
    marks the absent entry withdrawn. Raises ``PlanError`` and changes nothing when that is not
    possible.
    """
    event = lock_event(absent.event)
    ensure_not_finished(event, PlanError)
    if not event_phase(event).plan_exists:
        raise PlanError(
            gettext_noop(
                "There is no seating plan yet; register the entry in the list of entries."
            )
        )
    name, partner_name = name.strip(), partner_name.strip()
    if not name:
        raise PlanError(gettext_noop("Please enter the name of the new entry."))
    if absent.is_pair and not partner_name:
        raise PlanError(
            gettext_noop(
                "Start number %(number)s is a pair; a pair can only be replaced by a pair."
            ),
            number=absent.start_number,
        )
    if not absent.is_pair and partner_name:
        raise PlanError(
            gettext_noop(
                "Start number %(number)s is a single; a single can only be replaced by a single."
            ),
            number=absent.start_number,
        )
    if start_number is not None and event.entries.filter(start_number=start_number).exists():
        raise PlanError(
            gettext_noop("Start number %(number)s is taken already."), number=start_number
        )
    absent_seats = list(
        Seat.objects.select_for_update()
        .filter(entry=absent, table__round__event=event)
        .select_related("table__round")
    )
    played = tables_in_play(table_ids=[seat.table_id for seat in absent_seats], lock=True)
    open_seats = [seat for seat in absent_seats if seat.table_id not in played]
    if not open_seats:
        raise PlanError(
            gettext_noop(
                "Start number %(number)s has no seat left at a table without scores; there is "
                "nothing to take over."
            ),
            number=absent.start_number,
        )
    members = members_of(name, partner_name)
    new = insert_entry(
        event=event,
        members=members,
        club=club,
        start_number=start_number,
        is_stand_in=stand_in,
        players=known_players(event=event, members=members, club=club, user=user),
    )
    for seat in open_seats:
        seat.player = new.player if seat.player_id == absent.player_id else new.partner
        seat.entry = new
        seat.save(update_fields=["entry", "player"])
    signals.seats_changed.send(sender=Event, table_ids={seat.table_id for seat in open_seats})
    absent.is_withdrawn = True
    absent.save(update_fields=["is_withdrawn"])
    results_changed(event_id=event.pk)
    log(
        event=event,
        action=TournamentAction.STAND_IN if stand_in else TournamentAction.REPLACED,
        user=user,
        subject=new,
        new=audit.entry_ref(new),
        absent=audit.entry_ref(absent),
        rounds=sorted({seat.table.round.number for seat in open_seats}),
        stand_in=stand_in,
    )
    return new


@transaction.atomic
def release_round(*, round: Round, released: bool, user: Any = None) -> None:
    """Show (or hide) a round's tables in the public seat lookup.

    Releasing a round puts an event in preparation into the running state; the first release
    starts the round's clock (``Round.started_at``), which hiding it again does not stop.
    """
    Round.objects.filter(pk=round.pk).update(released=released)
    round.released = released
    if released:
        started = Round.objects.filter(pk=round.pk, started_at__isnull=True).update(
            started_at=timezone.now()
        )
        if started:
            round.started_at = Round.objects.values_list("started_at", flat=True).get(pk=round.pk)
    if released:
        Event.objects.filter(pk=round.event_id, status=Event.Status.PREPARATION).update(
            status=Event.Status.RUNNING
        )
    results_changed(event_id=round.event_id)
    log(
        event=round.event_id,
        action=TournamentAction.RELEASED if released else TournamentAction.HIDDEN,
        user=user,
        round=round.number,
    )


@transaction.atomic
def set_round_length(*, round: Round, minutes: int | None, user: Any = None) -> list[int]:
    """Plan how long ``round`` takes (None: no clock); the later rounds without a length of
    their own get the same. The event page and the projector count the time left down from the
    round's release (``tournament.clock``). Returns the numbers of the rounds set."""
    if minutes is not None and not 1 <= minutes <= MAX_ROUND_MINUTES:
        raise PlanError(
            gettext_noop("A round lasts from 1 to %(max)s minutes."), max=MAX_ROUND_MINUTES
        )
    rounds = [round.number]
    if minutes is not None:
        rounds += list(
            Round.objects.filter(
                event_id=round.event_id, number__gt=round.number, planned_minutes__isnull=True
            ).values_list("number", flat=True)
        )
    Round.objects.filter(event_id=round.event_id, number__in=rounds).update(
        planned_minutes=minutes
    )
    round.planned_minutes = minutes
    log(
        event=round.event_id,
        action=TournamentAction.ROUND_LENGTH,
        user=user,
        rounds=sorted(rounds),
        minutes=minutes,
    )
    return sorted(rounds)
