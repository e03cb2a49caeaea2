"""Registration: register, edit, withdraw and import entries while the event has no plan.

Every change is logged beside it (``core.audit``, described in ``tournament.audit``). Once the
event has a seating plan the field is fixed: only names, club and notes may still change here;
everything else goes through "Replace entry" or a stand-in on the plan pages
(``tournament.services.plan``).

Registering and importing are carried out once per form (``tournament.services.submissions``),
and warn before a player whose name is in the event already is registered again.
"""

from __future__ import annotations

import contextlib
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import ProtectedError
from django.utils.translation import gettext_noop

from core.audit import log, log_all, record
from core.errors import Message, UserError
from core.text import entry_name_keys
from tournament import audit, registry
from tournament.audit import TournamentAction
from tournament.imports import (
    ImportRow,
    assign_start_numbers,
    check_rows,
    chosen_rows,
    free_start_numbers,
    no_free_start_number,
    start_number_taken,
)
from tournament.members import (
    PARTNER,
    ROLES,
    WISHES,
    Member,
    Role,
    by_role,
    entry_members,
    held,
)
from tournament.models import Entry, Event, FormSubmission, Player
from tournament.results import results_changed
from tournament.selectors.phase import event_phase
from tournament.services.lifecycle import ensure_not_finished
from tournament.services.players import candidates as player_candidates
from tournament.services.players import (
    find_player,
    may_change_player,
    may_see_player,
    own_player_row,
    player_events,
    registry_for,
)
from tournament.services.submissions import use_form_token


class RegistrationError(UserError):
    """A refused registration change."""


class RegistrationClosed(RegistrationError):
    """The event has a seating plan: the field can no longer change here."""


class ImportRejected(RegistrationError):
    """An import found problems; ``rows`` are all rows, each with its problems."""

    def __init__(self, *, rows: list[ImportRow]) -> None:
        super().__init__(gettext_noop("The list has problems; nothing was imported."))
        self.rows = rows


class SameNameRegistered(RegistrationError):
    """A player of that name is in the event already; ``entries`` are the entries they are in.

    Registering anyway (another player of the same name) needs ``allow_same_name``.
    """

    def __init__(self, *, entries: list[Entry]) -> None:
        super().__init__(
            gettext_noop(
                "A player of this name is registered in this tournament already. Is this "
                "another player of the same name? Then tick “Register anyway”."
            ),
            field="allow_same_name",
        )
        self.entries = entries


class PossibleDuplicates(RegistrationError):
    """Players of earlier events are likely the player (or partner) typed: the organiser
    chooses one of them or a new player (the member's ``player_id`` or ``new_player``).

    ``alike`` holds for each member typed the likely players as ``(Player, tournament.registry
    .Match)``, most alike first; any may be empty. ``players`` and ``partners`` are the first
    and (an empty list for a single) the second.
    """

    def __init__(self, *, alike: list[list]) -> None:
        super().__init__(
            gettext_noop(
                "Players of earlier tournaments have a name like this. Please choose who plays, "
                "or “New player”."
            ),
            field="player_choice",
        )
        self.alike = alike

    @property
    def players(self) -> list:
        return self.alike[0]

    @property
    def partners(self) -> list:
        return self.alike[1] if len(self.alike) > 1 else []


@dataclass
class Imported:
    """What an import registered, and the rows it left out (names registered already)."""

    entries: list[Entry]
    skipped: list[ImportRow]


UNSEEN_PLAYER = Message(
    gettext_noop(
        "This player cannot be chosen here. Please type the name again and choose from the "
        "suggestions."
    )
)

REGISTRATION_CLOSED = Message(
    gettext_noop(
        "The seating plan exists already: entries can no longer be registered, withdrawn or "
        "renumbered here. Changes now go through “Replace entry” or a stand-in on the seating "
        "plan page."
    )
)


def registration_closed(field: str | None = None) -> RegistrationClosed:
    return RegistrationClosed.of(REGISTRATION_CLOSED, field=field)


def next_start_number(event: Event) -> int | None:
    """The next free start number of an event: one above the highest given so far, or the
    lowest free one once the highest allowed is given; None when every number is taken."""
    taken = set(event.entries.values_list("start_number", flat=True))
    return next(free_start_numbers(taken), None)


def registered_names(event: Event) -> dict[str, int]:
    """The event's player names (``core.text.name_key``) and the start number of the
    entry each plays in (the lowest, for a name in several entries)."""
    names: dict[str, int] = {}
    rows = event.entries.order_by("start_number").values_list(
        "start_number", "player__name", "partner__name"
    )
    for number, name, partner in rows:
        for key in entry_name_keys(name, partner or ""):
            names.setdefault(key, number)
    return names


def check_import(*, event: Event, rows: list[ImportRow]) -> list[ImportRow]:
    """The rows of a list checked against the event as it is now (``check_rows``), for its
    preview: problems, and warnings for players registered already."""
    taken = set(event.entries.values_list("start_number", flat=True))
    return check_rows(rows, taken, registered_names(event))


def entries_named(event: Event, members: Sequence[Member]) -> list[Entry]:
    """The event's entries that a player of a member's name plays in (letter case and spaces
    aside), withdrawn ones too."""
    keys = entry_name_keys(*(member.name for member in members))
    rows = event.entries.values_list("pk", "player__name", "partner__name")
    found = [pk for pk, player, partner in rows if keys & entry_name_keys(player, partner or "")]
    return list(event.entries.with_players().filter(pk__in=found)) if found else []


def is_start_number_taken(event: Event, number: int, *, exclude: Entry | None = None) -> bool:
    entries = event.entries.filter(start_number=number)
    if exclude is not None:
        entries = entries.exclude(pk=exclude.pk)
    return entries.exists()


def _taken_error(number: int) -> RegistrationError:
    return RegistrationError.of(start_number_taken(number), field="start_number")


def lock_event(event: Event) -> Event:
    """The event's row, locked: registrations, imports and plan changes of an event queue."""
    return Event.objects.select_for_update().get(pk=event.pk)


def _lock_open_event(event: Event) -> Event:
    locked = lock_event(event)
    ensure_not_finished(locked, RegistrationClosed)
    if event_phase(locked).plan_exists:
        raise registration_closed()
    return locked


def insert_entry(
    *,
    event: Event,
    members: Sequence[Member],
    club: str = "",
    start_number: int | None = None,
    is_stand_in: bool = False,
    notes: str = "",
    players: Sequence[Player | None] = (),
) -> Entry:
    """Write an entry with its player(s), unchecked and unlogged: for the services only.

    ``members`` are the entry's one or two members (``tournament.members.entry_members``);
    ``players`` the registry players found already for them, in their order
    (``known_players``): a member without one (None, or none given) becomes a new player, with
    the member's category and wishes and the entry's club. Without ``start_number`` the next
    free one is given (the caller holds the event's lock); none free raises
    ``RegistrationError``. A taken start number raises ``IntegrityError`` from the database.
    """
    club = club.strip()
    found = [*players, *[None] * (len(members) - len(players))]
    written = [
        player
        if player is not None
        else Player.objects.create(
            registry_club_id=event.club_id,
            name=member.name.strip(),
            club=club,
            category=member.category.strip(),
            unlisted=bool(member.unlisted),
            public_profile=bool(member.public_profile),
        )
        for member, player in zip(members, found, strict=True)
    ]
    if start_number is None:
        start_number = next_start_number(event)
        if start_number is None:
            raise RegistrationError.of(no_free_start_number(), field="start_number")
    entry = Entry.objects.create(
        event=event,
        start_number=start_number,
        player=written[0],
        partner=written[1] if len(written) > 1 else None,
        is_stand_in=is_stand_in,
        notes=notes.strip(),
    )
    results_changed(event_id=event.pk)
    return entry


def _registry_players(
    *, event: Event, user: Any, members: Sequence[Member], club: str, ask: bool
) -> list[Player | None]:
    """The registry players of a registration's members by ``user``, in their order (None:
    create a new one); with ``ask``, likely players raise ``PossibleDuplicates``. No two
    members are the same player. A member's ``player_id`` of a player the user may not see
    (``tournament.services.players.visible_players``) raises ``RegistrationError``."""
    club = club.strip()
    players: list[Player | None] = []
    alike: list[list] = []
    for role, member in zip(ROLES, members, strict=False):
        chosen = None if member.new_player else member.player_id
        if chosen is not None and not may_see_player(user, chosen):
            raise RegistrationError.of(UNSEEN_PLAYER, field=role.field("name"))
        taken = [player.pk for player in players if player is not None]
        player, likely = (None, []) if member.new_player else find_player(
            event=event,
            user=user,
            name=member.name.strip(),
            club=club,
            player_id=member.player_id,
            exclude=taken,
        )
        if player is not None and player.pk in taken:
            player = None
        players.append(player)
        alike.append(likely)
    if ask and any(alike):
        found = Player.objects.in_bulk([match.candidate.id for likely in alike for match in likely])
        raise PossibleDuplicates(
            alike=[[(found[match.candidate.id], match) for match in likely] for likely in alike]
        )
    return players


def known_players(
    *, event: Event, members: Sequence[Member], club: str = "", user: Any
) -> list[Player | None]:
    """The registry players of a latecomer or stand-in seated by the plan's services for
    ``user``: for each member the one player of the same name and club among those the user may
    see, where there is one, as an import takes them (nobody is asked at a re-plan); None: a
    new player."""
    return _registry_players(event=event, user=user, members=members, club=club, ask=False)


def _known_player(
    player: Player, *, club: str, member: Member, user: Any, event: Event, registrant: bool
) -> Player:
    """A registry player registered again, as the new entry takes them: a club or category
    typed replaces theirs, and they become unlisted or public when the member asks to.

    Nothing changed: the player. A change ``user`` may make in place
    (``tournament.services.players.may_change_player``): the player, changed, and their other
    events' lists follow the flags. Else a player row of the entry's own with the change, and
    the player's other events keep theirs."""
    values = {
        "club": club.strip() or player.club,
        "category": member.category.strip() or player.category,
        "unlisted": player.unlisted or bool(member.unlisted),
        "public_profile": player.public_profile or bool(member.public_profile),
    }
    if all(getattr(player, name) == value for name, value in values.items()):
        return player
    if not may_change_player(user, player, event=event, registrant=registrant):
        player = own_player_row(player, event=event)
    before = (player.unlisted, player.public_profile)
    for name, value in values.items():
        setattr(player, name, value)
    player.save(update_fields=list(values))
    if (player.unlisted, player.public_profile) != before:
        for event_id in player_events([player.pk]).get(player.pk, ()):
            results_changed(event_id=event_id)
    return player


@transaction.atomic
def register_entry(
    *,
    event: Event,
    members: Sequence[Member],
    club: str = "",
    notes: str = "",
    start_number: int | None = None,
    is_stand_in: bool = False,
    user: Any = None,
    form_token: str | None = None,
    allow_same_name: bool = False,
    ask_when_alike: bool = False,
    registrant: bool = False,
) -> Entry:
    """Register a single (one member) or a pair (two) while the event has no plan.

    ``members`` (``tournament.members.Member``) carry each player's name, optional category
    (special prizes), wishes (``Player.unlisted``, ``Player.public_profile``) and registry
    choice; a second member without a name is no partner.

    The players come from the registry, among those ``user`` may see
    (``tournament.services.players.find_player``): the one a member chose by ``player_id``,
    else the one player of that name and club; a ``player_id`` of a player the user may not see
    raises ``RegistrationError``. A player seen before keeps their name, takes a club or
    category typed, and is unlisted or public when asked to be (turning either off is the
    entry page's); when the user does not organise every other event of the player, the entry
    gets a player row of its own with these changes instead; so too with ``registrant`` (the
    online registration: the members' own wishes, ``user`` only the view of the registry it
    takes) whenever the player plays another event. With ``ask_when_alike`` players
    who are only likely the same raise ``PossibleDuplicates`` (the form asks); else, and for a
    member with ``new_player``, a new player is created.

    Without ``start_number`` the next free one is given. Raises ``RegistrationClosed`` once a
    plan exists and ``RegistrationError`` (field ``start_number``) when the number is taken, also
    when a concurrent registration took it between the check and the insert, or when no number
    is free. A player of the same name in the event raises ``SameNameRegistered`` unless
    ``allow_same_name``. A ``form_token`` used before raises ``AlreadySubmitted``
    (``tournament.services.submissions``) and registers nothing.
    """
    event = _lock_open_event(event)
    submission = (
        use_form_token(token=form_token, kind=FormSubmission.Kind.ENTRY, event=event)
        if form_token
        else None
    )
    members = entry_members(members)
    if not members[0].name:
        raise RegistrationError(gettext_noop("Please enter a name."), field="name")
    if start_number is not None and is_start_number_taken(event, start_number):
        raise _taken_error(start_number)
    if not allow_same_name:
        same = entries_named(event, members)
        if same:
            raise SameNameRegistered(entries=same)
    players = [
        known if known is None
        else _known_player(
            known, club=club, member=member, user=user, event=event, registrant=registrant
        )
        for member, known in zip(
            members,
            _registry_players(
                event=event, user=user, members=members, club=club, ask=ask_when_alike
            ),
            strict=True,
        )
    ]
    try:
        with transaction.atomic():
            entry = insert_entry(
                event=event,
                members=members,
                club=club,
                start_number=start_number,
                is_stand_in=is_stand_in,
                notes=notes,
                players=players,
            )
    except IntegrityError:
        # a concurrent registration took the number between the check and the insert
        if start_number is not None and event.entries.filter(start_number=start_number).exists():
            raise _taken_error(start_number) from None
        raise
    log(
        event=event,
        action=TournamentAction.REGISTERED,
        user=user,
        subject=entry,
        entry_ref=audit.entry_ref(entry),
        club=entry.player.club,
        stand_in=entry.is_stand_in,
        notes=entry.notes,
        categories=[
            player.category for player in (entry.player, entry.partner)
            if player is not None and player.category
        ],
    )
    if submission is not None:
        submission.entry = entry
        submission.save(update_fields=["entry"])
    return entry


@transaction.atomic
def update_entry(
    *,
    entry: Entry,
    user: Any,
    members: Sequence[Member],
    club: str = "",
    notes: str = "",
    start_number: int,
    is_stand_in: bool = False,
) -> list[list[Any]]:
    """Change an entry's members (one for a single, two for a pair: their names, categories
    and whether they are unlisted or have a public page, a wish of None: unchanged), club,
    notes, start number or stand-in flag. A change of a name or of those wishes moves on the
    results stamp of every event the players play in (their lists show them).

    A member's player row changes in place when ``user`` organises every other event the
    player has an entry in (``tournament.services.players.may_change_player``); else the entry
    gets a player row of its own with the change (its seats in this event follow), and the
    other events keep the player as they were. Another person's name makes a row of its own
    too (``_player_to_rename``).

    Once the event has a plan only names, club and notes may change; a start number, stand-in
    or single/pair change raises ``RegistrationClosed`` (with the form field). A taken start
    number raises ``RegistrationError``. Returns the changes made as ``[field, old, new]``
    (``core.audit.changes_text`` words them), empty for none.
    """
    event = lock_event(entry.event)
    ensure_not_finished(event, RegistrationError)
    entry = Entry.objects.select_for_update(of=("self",)).with_players().get(pk=entry.pk)
    members = entry_members(members)
    club, notes = club.strip(), notes.strip()
    if not members[0].name:
        raise RegistrationError(gettext_noop("Please enter a name."), field="name")
    if event_phase(event).plan_exists:
        for field, changed in (
            ("start_number", start_number != entry.start_number),
            ("is_stand_in", is_stand_in != entry.is_stand_in),
            (PARTNER.field("name"), (len(members) == 2) != entry.is_pair),
        ):
            if changed:
                raise registration_closed(field)
    if start_number != entry.start_number and is_start_number_taken(
        event, start_number, exclude=entry
    ):
        raise _taken_error(start_number)

    before = audit.entry_ref(entry)
    edit = _MemberEdit(entry, members)
    changes = [
        [field, old, new]
        for field, old, new in (
            ("start_number", entry.start_number, start_number),
            *edit.changes("name"),
            ("club", entry.player.club, club),
            ("notes", entry.notes, notes),
            ("stand_in", entry.is_stand_in, is_stand_in),
            *edit.changes("category"),
            *edit.changes(*WISHES),
        )
        if old != new
    ]
    written = edit.write(club=club, event=event, user=user)
    entry.player, entry.partner = written
    entry.start_number = start_number
    entry.notes = notes
    entry.is_stand_in = is_stand_in
    try:
        with transaction.atomic():
            entry.save(
                update_fields=["player", "partner", "start_number", "notes", "is_stand_in"]
            )
    except IntegrityError:
        # a concurrent change took the number between the check and the save
        if event.entries.filter(start_number=start_number).exclude(pk=entry.pk).exists():
            raise _taken_error(start_number) from None
        raise
    old_partner = edit.olds[PARTNER]
    if old_partner is not None and entry.partner is None:
        with contextlib.suppress(ProtectedError):
            old_partner.delete()
    _results_changed_by(changes, event=event, players=[*edit.olds.values(), *written])
    if changes:
        log(
            event=event,
            action=TournamentAction.EDITED,
            user=user,
            subject=entry,
            entry_ref=before,
            changes=changes,
        )
    return changes


class _MemberEdit:
    """An entry's members as edited: each role's player row before (``olds``, None: a single
    has no partner) and member now (``news``)."""

    def __init__(self, entry: Entry, members: Sequence[Member]) -> None:
        self.entry = entry
        self.olds = dict(zip(ROLES, (entry.player, entry.partner), strict=True))
        self.news = dict(zip(ROLES, members, strict=False))

    def value(self, role: Role, attribute: str) -> Any:
        """A member attribute after the edit (a wish of None keeps the player's)."""
        member = self.news.get(role)
        if member is None:
            return held(None, attribute)
        value = getattr(member, attribute)
        return held(self.olds[role], attribute) if value is None else value

    def changes(self, *attributes: str) -> list[tuple[str, Any, Any]]:
        """``(field, old, new)`` of these attributes, role by role, as the log names them."""
        return [
            (role.logged(attribute), held(self.olds[role], attribute), self.value(role, attribute))
            for role, attribute in by_role(*attributes)
        ]

    def write(self, *, club: str, event: Event, user: Any) -> list[Player | None]:
        """The player rows of the entry after the edit, written: a new player for a member new
        to the entry, the same row where nothing of the member changed, else the row
        ``_player_to_rename`` gives where ``user`` may change the player in place
        (``may_change_player``) or one of the entry's own; None for a role without member."""
        written: list[Player | None] = []
        for role, old in self.olds.items():
            if role not in self.news:
                written.append(None)
                continue
            values = {
                "name": self.value(role, "name"),
                "club": club,
                **{attribute: self.value(role, attribute) for attribute in ("category", *WISHES)},
            }
            if old is None:
                written.append(Player.objects.create(registry_club_id=event.club_id, **values))
                continue
            if all(getattr(old, name) == value for name, value in values.items()):
                written.append(old)
                continue
            player = (
                _player_to_rename(old, values["name"], entry=self.entry, event=event)
                if may_change_player(user, old, event=event)
                else own_player_row(old, entry=self.entry, event=event)
            )
            for attribute, value in values.items():
                setattr(player, attribute, value)
            player.save(update_fields=list(values))
            written.append(player)
        return written


def _results_changed_by(
    changes: list[list[Any]], *, event: Event, players: Sequence[Player | None]
) -> None:
    """Move the results stamp of the events whose standings show what changed: of this event
    only (start number, stand-in), and of every event the players played in (name, wishes);
    notes, club and category no."""
    shown_here = {"start_number", "stand_in"}
    shown = {role.logged(attribute) for role, attribute in by_role("name", *WISHES)}
    changed = {field for field, _old, _new in changes}
    events = {event.pk} if changed & (shown_here | shown) else set()
    if changed & shown:
        rows = {row.pk for row in players if row is not None and row.pk}
        for played in player_events(sorted(rows)).values():
            events |= played
    for event_id in sorted(events):
        results_changed(event_id=event_id)


def _player_to_rename(member: Player, name: str, *, entry: Entry, event: Event) -> Player:
    """The player row an entry's changed name is written to.

    A name only spelt anew (``tournament.registry.likeness``), or a player of no other event:
    the row itself. Another person's name on a player who played in other events too: a new
    row for this entry (its seats in this event follow), so that the other events keep theirs.
    """
    if registry.likeness(member.name, "", name, "") is not None:
        return member
    if not player_events([member.pk]).get(member.pk, set()) - {event.pk}:
        return member
    return own_player_row(member, entry=entry, event=event)


def _set_withdrawn(*, entry: Entry, withdrawn: bool, user: Any) -> Entry:
    event = _lock_open_event(entry.event)
    entry = Entry.objects.select_for_update(of=("self",)).with_players().get(pk=entry.pk)
    if entry.is_withdrawn == withdrawn:
        raise RegistrationError(
            gettext_noop("Start number %(number)s is withdrawn already.")
            if withdrawn
            else gettext_noop("Start number %(number)s is not withdrawn."),
            number=entry.start_number,
        )
    entry.is_withdrawn = withdrawn
    entry.save(update_fields=["is_withdrawn"])
    results_changed(event_id=event.pk)
    log(
        event=event,
        action=TournamentAction.WITHDRAWN if withdrawn else TournamentAction.REINSTATED,
        user=user,
        subject=entry,
        entry_ref=audit.entry_ref(entry),
    )
    return entry


@transaction.atomic
def withdraw_entry(*, entry: Entry, user: Any) -> Entry:
    """Mark an entry withdrawn ("abgemeldet"); the row and its start number stay."""
    return _set_withdrawn(entry=entry, withdrawn=True, user=user)


@transaction.atomic
def reinstate_entry(*, entry: Entry, user: Any) -> Entry:
    """Undo a withdrawal while the event has no plan."""
    return _set_withdrawn(entry=entry, withdrawn=False, user=user)


def _import_players(event: Event, rows: list[ImportRow], user: Any) -> list[list[Player]]:
    """The players of imported rows, for each row one per member (``ImportRow.members``): the
    one registry player of the same name and club among those ``user`` may see, where there is
    one (``tournament.registry.exact_match``; each at most once), else new players with the
    row's club and their category, created together. An import asks nothing: a player only
    likely known is new, and a known one is taken as they are (nothing of theirs changes, not
    even the category the list names)."""
    pool = player_candidates(registry_for(event, user=user))
    by_key: dict[tuple[str, str], list[int]] = {}
    for candidate in pool:
        by_key.setdefault((candidate.key, candidate.club_key), []).append(candidate.id)
    taken: set[int] = set()

    def known(name: str, club: str) -> int | None:
        ids = by_key.get((registry.name_key(name), registry.club_key(club)), [])
        if len(ids) == 1 and ids[0] not in taken:
            taken.add(ids[0])
            return ids[0]
        return None

    members = [row.members() for row in rows]
    wanted = [
        [known(member.name, row.club) for member in row_members]
        for row, row_members in zip(rows, members, strict=True)
    ]
    existing = Player.objects.in_bulk([pk for ids in wanted for pk in ids if pk])
    new = iter(
        Player.objects.bulk_create(
            Player(
                registry_club_id=event.club_id, name=member.name, club=row.club,
                category=member.category,
            )
            for row, row_members, ids in zip(rows, members, wanted, strict=True)
            for member, found in zip(row_members, ids, strict=True)
            if found is None
        )
    )
    return [[existing[pk] if pk else next(new) for pk in ids] for ids in wanted]


@transaction.atomic
def import_entries(
    *,
    event: Event,
    user: Any,
    rows: list[ImportRow],
    filename: str = "",
    include_rows: Collection[int] = (),
    form_token: str | None = None,
) -> Imported:
    """Register the rows of a checked participant list: all of them, or none.

    The rows are checked again against the event (someone may have registered meanwhile); any
    problem raises ``ImportRejected`` with the rows and their problems, and nothing is saved.
    A row that warns (a player registered already, or named in an earlier row) is left out
    unless its row number is in ``include_rows``. Rows without a start number get the next
    free numbers in file order. A player known to the registry is reused only among those
    ``user`` may see (``_import_players``). A ``form_token`` used before (the preview's key)
    raises ``AlreadySubmitted`` and imports nothing, also when two confirmations run at once.
    """
    event = _lock_open_event(event)
    if form_token:
        use_form_token(token=form_token, kind=FormSubmission.Kind.IMPORT, event=event)
    taken = set(event.entries.values_list("start_number", flat=True))
    registered = registered_names(event)
    check_rows(rows, taken, registered)
    if any(row.problems for row in rows):
        raise ImportRejected(rows=rows)
    if not rows:
        raise RegistrationError(gettext_noop("The list has no participants; nothing was imported."))
    chosen = chosen_rows(rows, include_rows)
    if not chosen:
        raise RegistrationError(
            gettext_noop(
                "Nothing was imported: every row names a player who is registered already or "
                "appears in an earlier row. Tick the rows to import anyway."
            )
        )
    numbers = assign_start_numbers(chosen, taken)
    if None in numbers:  # check_rows names the rows; this only guards the invariant
        raise RegistrationError.of(no_free_start_number())
    try:
        with transaction.atomic():
            players = _import_players(event, chosen, user)
            entries = Entry.objects.bulk_create(
                Entry(
                    event=event,
                    start_number=number,
                    player=found[0],
                    partner=found[1] if len(found) > 1 else None,
                    is_stand_in=row.is_stand_in,
                    notes=row.notes,
                )
                for row, number, found in zip(chosen, numbers, players, strict=True)
            )
    except IntegrityError:
        taken = set(event.entries.values_list("start_number", flat=True))
        check_rows(rows, taken, registered)
        if any(row.problems for row in rows):
            raise ImportRejected(rows=rows) from None
        raise
    log_all(
        record(
            event=event,
            action=TournamentAction.IMPORTED,
            user=user,
            subject=entry,
            entry_ref=audit.entry_ref(entry),
            file=filename,
            row=row.row,
        )
        for entry, row in zip(entries, chosen, strict=True)
    )
    chosen_ids = {id(row) for row in chosen}
    return Imported(entries=entries, skipped=[row for row in rows if id(row) not in chosen_ids])
