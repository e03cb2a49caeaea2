"""Writes that span several rows of the tournament app (each in one transaction)."""

import contextlib
import secrets

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Max, ProtectedError
from django.utils import translation
from django.utils.translation import gettext, gettext_noop

from scoring.models import Game, ScoreSheet
from tournament.imports import ImportRow, assign_start_numbers, check_rows
from tournament.models import ChangeLog, Entry, Event, Player, Round, Seat, Table
from tournament.seating import plan_seating


def next_start_number(event: Event) -> int:
    """The next free start number of an event: one above the highest given so far."""
    highest = event.entries.aggregate(highest=Max("start_number"))["highest"]
    return (highest or 0) + 1


@transaction.atomic
def register_entry(
    *,
    event: Event,
    name: str,
    partner_name: str = "",
    club: str = "",
    start_number: int | None = None,
    is_stand_in: bool = False,
    notes: str = "",
) -> Entry:
    """Register a single (no ``partner_name``) or a pair under a start number.

    Without ``start_number`` the next free one is given. A clash with an existing start number
    raises ``IntegrityError`` from the database's unique constraint.
    """
    player = Player.objects.create(name=name.strip(), club=club.strip())
    partner = (
        Player.objects.create(name=partner_name.strip(), club=club.strip())
        if partner_name.strip()
        else None
    )
    if start_number is None:
        # Lock the event row so two concurrent registrations cannot pick the same number.
        Event.objects.select_for_update().filter(pk=event.pk).first()
        start_number = next_start_number(event)
    return Entry.objects.create(
        event=event,
        start_number=start_number,
        player=player,
        partner=partner,
        is_stand_in=is_stand_in,
        notes=notes.strip(),
    )


# --------------------------------------------------------------------------------------------
# Seating plan: load the field, call the pure generator (tournament.seating), save the result.
# A plan is Round → Table → Seat rows plus one empty ScoreSheet per table. It may be replaced
# until the first game of the event is entered; after that only single entries move (swap,
# replace), and only at tables whose sheet has no game yet.
# --------------------------------------------------------------------------------------------

class PlanError(Exception):
    """A user-fixable problem with the seating plan; the message is in the active language."""


class PlanLocked(PlanError):
    """The plan cannot be replaced: scores have been entered already."""


def _log_text(message: str, params: dict) -> str:
    """A ChangeLog description in the site's language (German), whoever makes the change."""
    return _in_record_language(lambda: gettext(message) % params)


def plan_exists(event: Event) -> bool:
    """True once the event has rounds (only ``generate_plan`` creates them)."""
    return event.rounds.exists()


def plan_is_locked(event: Event) -> bool:
    """True once a game has been entered on any sheet of the event."""
    return Game.objects.filter(sheet__table__round__event=event).exists()


def _lock_unscored_plan(event: Event, locked_message: str) -> None:
    """Lock the event and its sheets; raise ``PlanLocked(locked_message)`` once a game exists.

    Locking the sheets keeps a game being entered right now from slipping in after the check.
    """
    Event.objects.select_for_update().filter(pk=event.pk).first()
    list(ScoreSheet.objects.select_for_update().filter(table__round__event=event).only("pk"))
    if plan_is_locked(event):
        raise PlanLocked(gettext(locked_message))


def _seating_for(table_entries: list[Entry]) -> tuple[str, list[tuple[Entry, Player]]]:
    """Table kind and (entry, player) per seat in order; pairs sit A1, B1, A2, B2."""
    if table_entries[0].is_pair:
        a, b = table_entries
        return Table.Kind.TWO_PAIRS, [(a, a.player), (b, b.player), (a, a.partner), (b, b.partner)]
    kind = Table.Kind.THREE_SINGLES if len(table_entries) == 3 else Table.Kind.FOUR_SINGLES
    return kind, [(entry, entry.player) for entry in table_entries]


@transaction.atomic
def generate_plan(*, event: Event, seed: int | None = None, user=None) -> None:
    """Seat the event's active entries for every round and store the plan with empty sheets.

    Replaces an existing plan (its rounds lose their release); raises ``PlanLocked`` once a
    game has been entered and ``SeatingError`` (German) when the field cannot be seated; in
    both cases nothing changes.
    """
    _lock_unscored_plan(
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
    plan = plan_seating(singles, pairs, rounds=event.round_count, seed=seed)

    event.rounds.all().delete()
    seats: list[Seat] = []
    sheets: list[ScoreSheet] = []
    for round_number, round_plan in enumerate(plan, start=1):
        round_ = Round.objects.create(event=event, number=round_number)
        tables = [[by_number[number] for number in table] for table in round_plan]
        # singles tables first, then pairs tables (a stable sort keeps the generator's order)
        tables.sort(key=lambda table_entries: table_entries[0].is_pair)
        for table_number, table_entries in enumerate(tables, start=1):
            kind, seating = _seating_for(table_entries)
            table = Table.objects.create(round=round_, number=table_number, kind=kind)
            seats.extend(
                Seat(table=table, position=position, entry=entry, player=player)
                for position, (entry, player) in enumerate(seating, start=1)
            )
            sheets.append(ScoreSheet(table=table))
    Seat.objects.bulk_create(seats)
    ScoreSheet.objects.bulk_create(sheets)
    event.plan_seed = seed
    event.save(update_fields=["plan_seed"])
    ChangeLog.objects.create(
        event=event,
        action=ChangeLog.Action.PLAN,
        description=_log_text(
            gettext_noop(
                "Seating plan generated for %(rounds)s rounds (%(singles)s singles, %(pairs)s "
                "pairs), seed %(seed)s."
            ),
            {"rounds": len(plan), "singles": len(singles), "pairs": len(pairs), "seed": seed},
        ),
        user=user,
    )


@transaction.atomic
def discard_plan(*, event: Event, user=None) -> None:
    """Delete the plan (rounds, tables, seats, empty sheets) so the field can change again.

    For a late registration before play starts: discard, register, generate anew. Raises
    ``PlanLocked`` once a game has been entered; then nothing changes.
    """
    _lock_unscored_plan(
        event,
        gettext_noop(
            "The seating plan is locked because scores have been entered already; "
            "it can no longer be discarded."
        ),
    )
    if not plan_exists(event):
        raise PlanError(gettext("There is no seating plan to discard."))
    event.rounds.all().delete()
    ChangeLog.objects.create(
        event=event,
        action=ChangeLog.Action.PLAN,
        description=_log_text(
            gettext_noop("Seating plan discarded; entries can be registered and withdrawn again."),
            {},
        ),
        user=user,
    )


def _tables_with_games(table_ids: list[int]) -> set[int]:
    return set(
        Game.objects.filter(sheet__table_id__in=table_ids).values_list("sheet__table_id", flat=True)
    )


def repeat_meetings(*, round: Round, entry: Entry) -> list[tuple[Entry, list[int]]]:
    """Table mates of ``entry`` in ``round`` it also meets in other rounds, with those rounds."""
    seats = Seat.objects.filter(table__round__event_id=round.event_id)
    own_tables = dict(
        seats.filter(entry=entry).values_list("table_id", "table__round__number")
    )
    mates_here = (
        seats.filter(table__round=round, table_id__in=own_tables)
        .exclude(entry=entry)
        .select_related("entry__player", "entry__partner")
    )
    result: list[tuple[Entry, list[int]]] = []
    for mate in {seat.entry_id: seat.entry for seat in mates_here}.values():
        rounds = sorted(
            {
                own_tables[table_id]
                for table_id in seats.filter(entry=mate, table_id__in=own_tables)
                .exclude(table__round=round)
                .values_list("table_id", flat=True)
            }
        )
        if rounds:
            result.append((mate, rounds))
    return sorted(result, key=lambda item: item[0].start_number)


@transaction.atomic
def swap_entries(*, round: Round, first: Entry, second: Entry, user=None) -> list[str]:
    """Exchange the tables of two entries of the same kind in one round.

    Two singles exchange their seats; two pairs exchange their two seats each (keeping the
    positions). Refused (``PlanError``) for entries of different kinds, at the same table, not
    seated in the round, or when a game has been entered on either table's sheet. Returns
    warnings about meetings the swap repeats from other rounds.
    """
    if first.event_id != round.event_id or second.event_id != round.event_id:
        raise PlanError(gettext("Both entries must belong to this tournament."))
    if first.is_pair != second.is_pair:
        raise PlanError(
            gettext("A single can only swap with a single, and a pair only with a pair.")
        )
    seats = list(
        Seat.objects.select_for_update()
        .filter(table__round=round, entry__in=[first, second])
        .select_related("table")
        .order_by("table__number", "position")
    )
    for entry in (first, second):
        if not any(seat.entry_id == entry.pk for seat in seats):
            raise PlanError(
                gettext("Start number %(number)s has no seat in round %(round)s.")
                % {"number": entry.start_number, "round": round.number}
            )
    first_table = next(seat.table for seat in seats if seat.entry_id == first.pk)
    second_table = next(seat.table for seat in seats if seat.entry_id == second.pk)
    if first_table.pk == second_table.pk:
        raise PlanError(
            gettext(
                "Start numbers %(first)s and %(second)s sit at the same table; there is "
                "nothing to swap."
            )
            % {"first": first.start_number, "second": second.start_number}
        )
    list(
        ScoreSheet.objects.select_for_update()
        .filter(table__in=[first_table, second_table])
        .only("pk")
    )
    if _tables_with_games([first_table.pk, second_table.pk]):
        raise PlanError(
            gettext(
                "Scores have been entered at table %(first)s or %(second)s already; its seats "
                "can no longer change."
            )
            % {"first": first_table.number, "second": second_table.number}
        )
    counterpart = {
        (first.pk, first.player_id): (second, second.player_id),
        (first.pk, first.partner_id): (second, second.partner_id),
        (second.pk, second.player_id): (first, first.player_id),
        (second.pk, second.partner_id): (first, first.partner_id),
    }
    for seat in seats:
        seat.entry, seat.player_id = counterpart[(seat.entry_id, seat.player_id)]
    for seat in seats:
        seat.save(update_fields=["entry", "player"])
    warnings = [
        gettext(
            "Start numbers %(first)s and %(second)s now meet again (also in round %(rounds)s)."
        )
        % {
            "first": entry.start_number,
            "second": mate.start_number,
            "rounds": ", ".join(str(number) for number in rounds),
        }
        for entry in (first, second)
        for mate, rounds in repeat_meetings(round=round, entry=entry)
    ]
    ChangeLog.objects.create(
        event_id=round.event_id,
        entry=first,
        action=ChangeLog.Action.SWAPPED,
        description=_log_text(
            gettext_noop(
                "Round %(round)s: start number %(first)s (now table %(first_table)s) and start "
                "number %(second)s (now table %(second_table)s) swapped."
            ),
            {
                "round": round.number,
                "first": first.start_number,
                "first_table": second_table.number,
                "second": second.start_number,
                "second_table": first_table.number,
            },
        ),
        user=user,
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
    user=None,
) -> Entry:
    """A late arrival (or a stand-in) takes every seat of a no-show not yet played.

    Creates the new entry (the next free start number unless one is given; a pair for a pair, a
    single for a single), moves the absent entry's seats at tables without any game to it and
    marks the absent entry withdrawn. Raises ``PlanError`` and changes nothing when that is not
    possible.
    """
    event = Event.objects.select_for_update().get(pk=absent.event_id)
    if not plan_exists(event):
        raise PlanError(
            gettext("There is no seating plan yet; register the entry in the list of entries.")
        )
    name, partner_name = name.strip(), partner_name.strip()
    if not name:
        raise PlanError(gettext("Please enter the name of the new entry."))
    if absent.is_pair and not partner_name:
        raise PlanError(
            gettext("Start number %(number)s is a pair; a pair can only be replaced by a pair.")
            % {"number": absent.start_number}
        )
    if not absent.is_pair and partner_name:
        raise PlanError(
            gettext(
                "Start number %(number)s is a single; a single can only be replaced by a single."
            )
            % {"number": absent.start_number}
        )
    if start_number is not None and event.entries.filter(start_number=start_number).exists():
        raise PlanError(
            gettext("Start number %(number)s is taken already.") % {"number": start_number}
        )
    seats = list(
        Seat.objects.select_for_update()
        .filter(entry=absent, table__round__event=event)
        .select_related("table__round")
    )
    list(
        ScoreSheet.objects.select_for_update()
        .filter(table_id__in=[seat.table_id for seat in seats])
        .only("pk")
    )
    played = _tables_with_games([seat.table_id for seat in seats])
    open_seats = [seat for seat in seats if seat.table_id not in played]
    if not open_seats:
        raise PlanError(
            gettext(
                "Start number %(number)s has no seat left at a table without scores; there is "
                "nothing to take over."
            )
            % {"number": absent.start_number}
        )
    new = register_entry(
        event=event,
        name=name,
        partner_name=partner_name,
        club=club,
        start_number=start_number,
        is_stand_in=stand_in,
    )
    for seat in open_seats:
        seat.player = new.player if seat.player_id == absent.player_id else new.partner
        seat.entry = new
        seat.save(update_fields=["entry", "player"])
    absent.is_withdrawn = True
    absent.save(update_fields=["is_withdrawn"])
    rounds = ", ".join(str(number) for number in sorted({s.table.round.number for s in open_seats}))
    params = {
        "new": new.start_number,
        "name": new.name,
        "absent": absent.start_number,
        "absent_name": absent.name,
        "rounds": rounds,
    }
    if stand_in:
        action = ChangeLog.Action.STAND_IN
        description = gettext_noop(
            "Stand-in %(new)s (%(name)s) takes the seats of start number %(absent)s "
            "(%(absent_name)s) in round %(rounds)s; %(absent)s is withdrawn."
        )
    else:
        action = ChangeLog.Action.REPLACED
        description = gettext_noop(
            "%(new)s (%(name)s) takes the seats of start number %(absent)s (%(absent_name)s) "
            "in round %(rounds)s; %(absent)s is withdrawn."
        )
    ChangeLog.objects.create(
        event=event,
        entry=new,
        action=action,
        description=_log_text(description, params),
        user=user,
    )
    return new


@transaction.atomic
def release_round(*, round: Round, released: bool, user=None) -> None:
    """Show (or hide) a round's tables in the public seat lookup."""
    Round.objects.filter(pk=round.pk).update(released=released)
    round.released = released
    message = (
        gettext_noop("Round %(round)s released for the seat lookup.")
        if released
        else gettext_noop("Round %(round)s hidden from the seat lookup again.")
    )
    ChangeLog.objects.create(
        event_id=round.event_id,
        action=ChangeLog.Action.RELEASED,
        description=_log_text(message, {"round": round.number}),
        user=user,
    )


# --------------------------------------------------------------------------------------------
# Registration: add, edit, withdraw and import entries while the event has no plan yet.
# Every change is recorded in the ChangeLog (in German, the record's language). Once the event
# has rounds, the field is fixed: only names, clubs and notes may still change; everything
# else goes through "Replace entry" or a stand-in on the plan pages.
# --------------------------------------------------------------------------------------------


class RegistrationError(Exception):
    """A user-fixable refusal: ``message`` in the active language, ``field`` a form field."""

    def __init__(self, message: str, *, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field


class RegistrationClosed(RegistrationError):
    """The event has a seating plan: the field can no longer change here."""


class ImportRejected(RegistrationError):
    """An import found problems (all rows are returned, each with its problems)."""

    def __init__(self, message: str, *, rows: list[ImportRow]) -> None:
        super().__init__(message)
        self.rows = rows


def registration_closed_message() -> str:
    return gettext(
        "The seating plan exists already: entries can no longer be registered, withdrawn or "
        "renumbered here. Changes now go through “Replace entry” or a stand-in on the seating "
        "plan page."
    )


def start_number_taken(event: Event, number: int, *, exclude: Entry | None = None) -> bool:
    entries = event.entries.filter(start_number=number)
    if exclude is not None:
        entries = entries.exclude(pk=exclude.pk)
    return entries.exists()


def _start_number_taken_error(number: int) -> RegistrationError:
    return RegistrationError(
        gettext("Start number %(number)s is already taken in this tournament.")
        % {"number": number},
        field="start_number",
    )


def _lock_open_event(event: Event) -> Event:
    """Lock the event row (serialising registrations, imports and plan generation)."""
    locked = Event.objects.select_for_update().get(pk=event.pk)
    if plan_exists(locked):
        raise RegistrationClosed(registration_closed_message())
    return locked


def _in_record_language(build, *args) -> str:
    """A ChangeLog description in the site's language (German), whoever makes the change."""
    with translation.override(settings.LANGUAGE_CODE):
        return str(build(*args))


def _entry_label(entry: Entry) -> str:
    return gettext("no. %(number)s %(name)s") % {"number": entry.start_number, "name": entry.name}


def _registered_description(entry: Entry) -> str:
    text = gettext("%(entry)s registered.") % {"entry": _entry_label(entry)}
    details = []
    if entry.player.club:
        details.append(gettext("Club: %(club)s") % {"club": entry.player.club})
    if entry.is_stand_in:
        details.append(gettext("stand-in (plays, not ranked)"))
    if entry.notes:
        details.append(gettext("Notes: %(notes)s") % {"notes": entry.notes})
    return " ".join([text, "; ".join(details)]).strip()


@transaction.atomic
def add_entry(
    *,
    event: Event,
    user,
    name: str,
    partner_name: str = "",
    club: str = "",
    notes: str = "",
    start_number: int | None = None,
    is_stand_in: bool = False,
) -> Entry:
    """Register a single or (with ``partner_name``) a pair while the event has no plan.

    Without ``start_number`` the next free one is given. Raises ``RegistrationClosed`` once a
    plan exists and ``RegistrationError`` (field ``start_number``) when the number is taken, also
    when a concurrent registration took it between the check and the insert.
    """
    event = _lock_open_event(event)
    if not name.strip():
        raise RegistrationError(gettext("Please enter a name."), field="name")
    if start_number is not None and start_number_taken(event, start_number):
        raise _start_number_taken_error(start_number)
    try:
        with transaction.atomic():
            entry = register_entry(
                event=event,
                name=name,
                partner_name=partner_name,
                club=club,
                start_number=start_number,
                is_stand_in=is_stand_in,
                notes=notes,
            )
    except IntegrityError:
        if start_number is not None and event.entries.filter(start_number=start_number).exists():
            raise _start_number_taken_error(start_number) from None
        raise
    ChangeLog.objects.create(
        event=event,
        entry=entry,
        action=ChangeLog.Action.REGISTERED,
        description=_in_record_language(_registered_description, entry),
        user=user,
    )
    return entry


def _yes_no(value: bool) -> str:
    return gettext("yes") if value else gettext("no")


def _change(label: str, old: str, new: str) -> str:
    return gettext("%(field)s “%(old)s” → “%(new)s”") % {
        "field": label,
        "old": old or "–",
        "new": new or "–",
    }


@transaction.atomic
def update_entry(
    *,
    entry: Entry,
    user,
    name: str,
    partner_name: str = "",
    club: str = "",
    notes: str = "",
    start_number: int,
    is_stand_in: bool = False,
) -> list[str]:
    """Change an entry's names, club, notes, start number, pair partner or stand-in flag.

    Once the event has a plan only names, club and notes may change; a start number, stand-in
    or single/pair change raises ``RegistrationClosed`` (with the form field). A taken start
    number raises ``RegistrationError``. Returns the changes made (German), empty for none.
    """
    event = Event.objects.select_for_update().get(pk=entry.event_id)
    entry = Entry.objects.select_for_update(of=("self",)).with_players().get(pk=entry.pk)
    name, partner_name = name.strip(), partner_name.strip()
    club, notes = club.strip(), notes.strip()
    if not name:
        raise RegistrationError(gettext("Please enter a name."), field="name")
    closed = plan_exists(event)
    if closed:
        for field, changed in (
            ("start_number", start_number != entry.start_number),
            ("is_stand_in", is_stand_in != entry.is_stand_in),
            ("partner_name", bool(partner_name) != entry.is_pair),
        ):
            if changed:
                raise RegistrationClosed(registration_closed_message(), field=field)
    if start_number != entry.start_number and start_number_taken(
        event, start_number, exclude=entry
    ):
        raise _start_number_taken_error(start_number)

    old = {
        "start_number": str(entry.start_number),
        "name": entry.player.name,
        "partner": entry.partner.name if entry.partner else "",
        "club": entry.player.club,
        "notes": entry.notes,
        "stand_in": entry.is_stand_in,
    }
    player = entry.player
    player.name, player.club = name, club
    player.save(update_fields=["name", "club"])
    old_partner = entry.partner
    if partner_name:
        if old_partner is None:
            entry.partner = Player.objects.create(name=partner_name, club=club)
        else:
            old_partner.name, old_partner.club = partner_name, club
            old_partner.save(update_fields=["name", "club"])
    else:
        entry.partner = None
    entry.start_number = start_number
    entry.notes = notes
    entry.is_stand_in = is_stand_in
    try:
        with transaction.atomic():
            entry.save(update_fields=["partner", "start_number", "notes", "is_stand_in"])
    except IntegrityError:
        if event.entries.filter(start_number=start_number).exclude(pk=entry.pk).exists():
            raise _start_number_taken_error(start_number) from None
        raise
    if old_partner is not None and entry.partner is None:
        with contextlib.suppress(ProtectedError):
            old_partner.delete()

    def describe() -> list[str]:
        changes = []
        if old["start_number"] != str(start_number):
            changes.append(_change(gettext("Start number"), old["start_number"], str(start_number)))
        if old["name"] != name:
            changes.append(_change(gettext("Name"), old["name"], name))
        if old["partner"] != partner_name:
            changes.append(_change(gettext("Partner"), old["partner"], partner_name))
        if old["club"] != club:
            changes.append(_change(gettext("Club"), old["club"], club))
        if old["notes"] != notes:
            changes.append(_change(gettext("Notes"), old["notes"], notes))
        if old["stand_in"] != is_stand_in:
            changes.append(
                _change(gettext("Stand-in"), _yes_no(old["stand_in"]), _yes_no(is_stand_in))
            )
        return changes

    with translation.override(settings.LANGUAGE_CODE):
        changes = describe()
        if changes:
            label = gettext("no. %(number)s %(name)s") % {
                "number": old["start_number"],
                "name": old["name"] + (f" / {old['partner']}" if old["partner"] else ""),
            }
            description = gettext("%(entry)s changed: %(changes)s.") % {
                "entry": label,
                "changes": "; ".join(changes),
            }
    if changes:
        ChangeLog.objects.create(
            event=event,
            entry=entry,
            action=ChangeLog.Action.EDITED,
            description=description,
            user=user,
        )
    return describe()


def _set_withdrawn(*, entry: Entry, withdrawn: bool, user) -> Entry:
    event = _lock_open_event(entry.event)
    entry = Entry.objects.select_for_update(of=("self",)).with_players().get(pk=entry.pk)
    if entry.is_withdrawn == withdrawn:
        message = (
            gettext("Start number %(number)s is withdrawn already.")
            if withdrawn
            else gettext("Start number %(number)s is not withdrawn.")
        )
        raise RegistrationError(message % {"number": entry.start_number})
    entry.is_withdrawn = withdrawn
    entry.save(update_fields=["is_withdrawn"])
    ChangeLog.objects.create(
        event=event,
        entry=entry,
        action=ChangeLog.Action.WITHDRAWN if withdrawn else ChangeLog.Action.REGISTERED,
        description=_in_record_language(
            lambda: (
                gettext("%(entry)s withdrawn.")
                if withdrawn
                else gettext("%(entry)s registered again.")
            )
            % {"entry": _entry_label(entry)}
        ),
        user=user,
    )
    return entry


@transaction.atomic
def withdraw_entry(*, entry: Entry, user) -> Entry:
    """Mark an entry withdrawn ("abgemeldet"); the row and its start number stay."""
    return _set_withdrawn(entry=entry, withdrawn=True, user=user)


@transaction.atomic
def reinstate_entry(*, entry: Entry, user) -> Entry:
    """Undo a withdrawal while the event has no plan."""
    return _set_withdrawn(entry=entry, withdrawn=False, user=user)


@transaction.atomic
def import_entries(
    *, event: Event, user, rows: list[ImportRow], filename: str = ""
) -> list[Entry]:
    """Register every row of a checked participant list, or none.

    The rows are checked again against the event (someone may have registered meanwhile); any
    problem raises ``ImportRejected`` with the rows and their problems, and nothing is saved.
    Rows without a start number get the next free numbers in file order.
    """
    event = _lock_open_event(event)
    taken = set(event.entries.values_list("start_number", flat=True))
    check_rows(rows, taken)
    if any(row.problems for row in rows):
        raise ImportRejected(
            gettext("The list has problems; nothing was imported."), rows=rows
        )
    if not rows:
        raise RegistrationError(gettext("The list has no participants; nothing was imported."))
    numbers = assign_start_numbers(rows, max(taken, default=0))
    try:
        with transaction.atomic():
            players = Player.objects.bulk_create(
                Player(name=row.name, club=row.club) for row in rows
            )
            partners = Player.objects.bulk_create(
                Player(name=row.partner, club=row.club) for row in rows if row.partner
            )
            partner_of = iter(partners)
            entries = Entry.objects.bulk_create(
                Entry(
                    event=event,
                    start_number=number,
                    player=player,
                    partner=next(partner_of) if row.partner else None,
                    is_stand_in=row.is_stand_in,
                    notes=row.notes,
                )
                for row, number, player in zip(rows, numbers, players, strict=True)
            )
    except IntegrityError:
        check_rows(rows, set(event.entries.values_list("start_number", flat=True)))
        if any(row.problems for row in rows):
            raise ImportRejected(
                gettext("The list has problems; nothing was imported."), rows=rows
            ) from None
        raise
    with translation.override(settings.LANGUAGE_CODE):
        changes = [
            ChangeLog(
                event=event,
                entry=entry,
                action=ChangeLog.Action.IMPORTED,
                description=gettext("%(entry)s imported from “%(file)s”, row %(row)s.")
                % {"entry": _entry_label(entry), "file": filename, "row": row.row},
                user=user,
            )
            for entry, row in zip(entries, rows, strict=True)
        ]
    ChangeLog.objects.bulk_create(changes)
    return entries
