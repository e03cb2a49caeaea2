"""Reads of a person's data in the events of one club (for its admins, on the person's request):
the players of the club's registry found by name, those not seen for the club's years, and
everything of the club's events that names one of them (``trace``), as one file
(``person_data``).

A person is a player of the club's registry (``tournament.models.Player.registry_club``): the
club's events' players (as player or partner), and those without an entry yet. What names them
there: the player row, their entries (with the start numbers, seats, scores and results, sheets
confirmed, payments and prizes collected), the online registrations that name them
(``signup.selectors.registrations_naming``: of their entries, of their name, of their e-mail
address), and the change log's records of those events whose parameters carry a name of theirs
(their name now, the names their entries and registrations had; another player of the same name
in the same event is taken for them) or that concern their entries and registrations. Another
club's player is no person here (``club_person``: None), even one linked to a player of the
club for a series.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.db.models import Q, QuerySet
from django.utils import timezone, translation
from django.utils.translation import pgettext

from clubs.models import Club
from core.audit import label
from core.models import ChangeRecord
from money.models import Payment, PrizeHandout
from privacy import rules
from results.players import player_record
from scoring.models import SheetConfirmation
from scoring.standings import entry_rounds
from signup.models import Registration
from signup.selectors import ADDRESS, PARTNER, REGISTRANT, Naming, registrations_naming
from tournament import registry
from tournament.members import PARTNER as PARTNER_ROLE
from tournament.members import PLAYER as PLAYER_ROLE
from tournament.members import Role
from tournament.models import Entry, Event, Player, Seat

EXPORT_FORMAT = "binokel-turnier/personal-data/1"
"""What the exported file is, and its shape's version."""


def deleted_name() -> str:
    """The name of a person whose data is deleted, in the site's language (“gelöscht”)."""
    with translation.override(settings.LANGUAGE_CODE):
        return pgettext("the name of a person whose data is deleted", "deleted")


def club_entries(club: Club) -> QuerySet[Entry]:
    return Entry.objects.filter(event__club=club)


def club_players(club: Club) -> QuerySet[Player]:
    """The players of ``club``'s registry, their data not deleted."""
    return Player.objects.filter(registry_club=club).exclude(name=deleted_name())


def club_person(club: Club, pk: int) -> Player | None:
    """The player ``pk`` if they are in ``club``'s registry (also once deleted); else None
    (another club's player, or none)."""
    return Player.objects.filter(registry_club=club, pk=pk).first()


@dataclass(frozen=True)
class Person:
    """A player of the club's registry, how many of its events they played and the last one's
    date (None: none yet)."""

    player: Player
    events: int
    last_seen: datetime.date | None


def _seen(
    club: Club, player_ids: Iterable[int] | None = None
) -> dict[int, tuple[int, datetime.date]]:
    """Per player of the club's events (only ``player_ids`` when given): how many of them
    they have an entry in, and the date of the last."""
    entries = club_entries(club)
    if player_ids is not None:
        ids = list(player_ids)
        entries = entries.filter(Q(player_id__in=ids) | Q(partner_id__in=ids))
    events: dict[int, dict[int, datetime.date]] = {}
    for player_id, partner_id, event_id, date in entries.values_list(
        "player_id", "partner_id", "event_id", "event__date"
    ):
        for pk in (player_id, partner_id):
            if pk is not None:
                events.setdefault(pk, {})[event_id] = date
    return {pk: (len(dates), max(dates.values())) for pk, dates in events.items()}


def _people(club: Club, players: Iterable[Player]) -> list[Person]:
    players = list(players)
    seen = _seen(club, [player.pk for player in players])
    return [
        Person(player=player, events=seen.get(player.pk, (0, None))[0],
               last_seen=seen.get(player.pk, (0, None))[1])
        for player in players
    ]


def find_people(club: Club, query: str, *, limit: int) -> list[Person]:
    """The players of the club's registry whose name fits ``query`` (every typed word begins a
    word of the name, ``tournament.registry.search``), best first, at most ``limit``."""
    pool = [
        registry.Candidate(pk, name, player_club)
        for pk, name, player_club in club_players(club).values_list("pk", "name", "club")
    ]
    found = [candidate.id for candidate in registry.search(query, pool, limit=limit)]
    players = Player.objects.in_bulk(found)
    return _people(club, [players[pk] for pk in found])


def inactive_people(club: Club, *, today: datetime.date | None = None) -> list[Person]:
    """The players of the club's events not seen at an evening of the club for its
    ``inactive_years`` years (``privacy.rules.is_inactive``), the longest unseen first."""
    today = today or timezone.localdate()
    seen = _seen(club)
    due = [
        pk for pk, (_count, last) in seen.items()
        if rules.is_inactive(last, today=today, years=club.inactive_years)
    ]
    players = club_players(club).filter(pk__in=due)
    return sorted(
        (Person(player=player, events=seen[player.pk][0], last_seen=seen[player.pk][1])
         for player in players),
        key=lambda person: (person.last_seen, person.player.name, person.player.pk),
    )


# --- everything that names one person --------------------------------------------------------


@dataclass
class Trace:
    """What the club's events hold of one person."""

    club: Club
    player: Player
    entries: list[Entry]
    naming: list[Naming]
    names: set[str]
    pattern: re.Pattern[str] | None
    records: list[ChangeRecord] = field(default_factory=list)
    about_entries: dict[int, Entry] = field(default_factory=dict)
    """The records (by id) about an entry of the person's, with the entry."""

    @property
    def event_ids(self) -> set[int]:
        """The events the person played or registered in."""
        return {entry.event_id for entry in self.entries} | {
            item.registration.event_id for item in self.naming
        }

    def member(self, entry: Entry) -> Role:
        """How the person plays in ``entry``: as its player (a single, or a pair's first) or
        as its partner (``tournament.members``)."""
        return PARTNER_ROLE if entry.partner_id == self.player.pk else PLAYER_ROLE


def _entry_names(entries: list[Entry], player: Player) -> set[str]:
    """The names the person's entries gave them in the change log's records about the entries
    (a name changed: both): the player's name of an entry they play first in, the partner's of
    one they are the partner of (``tournament.members.Role.logged``)."""
    fields = {
        entry.pk: (PARTNER_ROLE if entry.partner_id == player.pk else PLAYER_ROLE).logged("name")
        for entry in entries
    }
    names: set[str] = set()
    for change in ChangeRecord.objects.about_all(Entry, list(fields)):
        for row in change.params.get("changes") or ():
            if isinstance(row, list | tuple) and len(row) == 3 and row[0] == fields.get(
                change.subject_id
            ):
                names.update(value for value in row[1:] if isinstance(value, str))
    return names


def trace(club: Club, player: Player) -> Trace:
    """Everything of the club's events that names ``player`` (a player of them,
    ``club_person``)."""
    entries = list(
        club_entries(club).filter(Q(player=player) | Q(partner=player))
        .select_related("event", "player", "partner")
        .order_by("event__date", "event_id", "start_number")
    )
    names = {player.name} | _entry_names(entries, player)
    naming = registrations_naming(
        event_ids=club.events.values_list("pk", flat=True),
        as_player=[entry.pk for entry in entries if entry.player_id == player.pk],
        as_partner=[entry.pk for entry in entries if entry.partner_id == player.pk],
        names=names - {deleted_name()},
    )
    for item in naming:
        registration = item.registration
        if item.role == REGISTRANT:
            names.add(registration.name)
        elif item.role == PARTNER:
            names.add(registration.partner_name)
    names = {name for name in names if name.strip()} - {deleted_name()}
    found = Trace(club=club, player=player, entries=entries, naming=naming, names=names,
                  pattern=rules.name_pattern(names))
    found.records, found.about_entries = _records(found)
    return found


def _records(found: Trace) -> tuple[list[ChangeRecord], dict[int, Entry]]:
    """The records of the person's events that name them, oldest first: those whose
    parameters carry a name of theirs, and those about their entries and the registrations of
    theirs (not those only made with their address: they name others); and of those the ones
    about an entry, with the entry."""
    entries = {entry.pk: entry for entry in found.entries}
    about_entries = {
        pk: entries[subject_id]
        for pk, subject_id in ChangeRecord.objects.about_all(Entry, list(entries))
        .values_list("pk", "subject_id")
    }
    # a registration made with the person's address for others: its records name the others
    registrations = [item.registration.pk for item in found.naming if item.role != ADDRESS]
    own = set(about_entries) | set(
        ChangeRecord.objects.about_all(Registration, registrations).values_list("pk", flat=True)
    )
    records = ChangeRecord.objects.filter(event_id__in=found.event_ids).select_related(
        "event").order_by("created_at", "pk")
    return [
        change for change in records
        if change.pk in own or rules.mentions(change.params, found.pattern)
    ], about_entries


# --- the file ------------------------------------------------------------------------------


def _event(event: Event) -> dict[str, Any]:
    return {"name": event.name, "short_name": event.slug, "date": event.date,
            "venue": event.venue}


def _seats(found: Trace) -> dict[int, list[dict[str, Any]]]:
    """The person's seats by entry: round, table, place at the table and the start numbers
    of the others at it."""
    seats = list(
        Seat.objects.filter(entry__in=found.entries, player=found.player)
        .select_related("table__round").order_by("table__round__number", "table__number")
    )
    others: dict[int, list[int]] = {}
    for table_id, number in (
        Seat.objects.filter(table__in=[seat.table_id for seat in seats])
        .exclude(player=found.player).order_by("position")
        .values_list("table_id", "entry__start_number")
    ):
        if number not in others.setdefault(table_id, []):
            others[table_id].append(number)
    by_entry: dict[int, list[dict[str, Any]]] = {}
    for seat in seats:
        entry = next(entry for entry in found.entries if entry.pk == seat.entry_id)
        by_entry.setdefault(seat.entry_id, []).append({
            "round": seat.table.round.number,
            "table": seat.table.number,
            "place_at_table": seat.position,
            "others_at_the_table": [
                number for number in others.get(seat.table_id, [])
                if number != entry.start_number
            ],
        })
    return by_entry


def _rounds(entry: Entry) -> list[dict[str, Any]]:
    """The entry's rounds with its own games (no other entry named)."""
    return [
        {
            "round": played.number,
            "table": played.table,
            "sheet": played.status_label,
            "counted": played.counted,
            "points": played.total,
            "games_lost": played.lost,
            "games": [
                {"number": game.number, "declarer": game.own_declarer, "bid": game.bid,
                 "kind": game.kind_label, "meld": game.meld, "tricks": game.tricks,
                 "points": game.points, "misplayed": game.misplayed}
                for game in played.games
            ],
        }
        for played in entry_rounds(entry.event, entry)
    ]


def _money(entry: Entry) -> dict[str, Any]:
    return {
        "payments": [
            {"for": payment.get_purpose_display(), "amount": payment.amount,
             "paid": payment.get_method_display(), "note": payment.note,
             "taken_at": payment.taken_at, "cancelled_at": payment.cancelled_at}
            for payment in Payment.objects.filter(entry=entry).order_by("taken_at", "pk")
        ],
        "prizes_collected": [
            {"line": handout.line, "at": handout.created_at}
            for handout in PrizeHandout.objects.filter(entry=entry).order_by("created_at", "pk")
        ],
    }


def _confirmations(found: Trace) -> dict[int, list[dict[str, Any]]]:
    """The person's confirmations of score sheets, by event: round, table, when, and when a
    change of the sheet voided it."""
    by_event: dict[int, list[dict[str, Any]]] = {}
    for confirmation in (
        SheetConfirmation.objects.filter(
            player=found.player, sheet__table__round__event_id__in=found.event_ids
        ).select_related("sheet__table__round").order_by("created_at", "pk")
    ):
        table = confirmation.sheet.table
        by_event.setdefault(table.round.event_id, []).append({
            "round": table.round.number, "table": table.number,
            "start_number": confirmation.start_number, "at": confirmation.created_at,
            "voided_at": confirmation.voided_at,
        })
    return by_event


def _entries(found: Trace) -> list[dict[str, Any]]:
    confirmations = _confirmations(found)
    results = {
        row.entry.pk: row
        for row in player_record(found.player.pk, event_ids=found.event_ids).events
    }
    seats = _seats(found)
    rows = []
    for entry in found.entries:
        other = entry.player if entry.partner_id == found.player.pk else entry.partner
        result = results.get(entry.pk)
        rows.append({
            "event": _event(entry.event),
            "start_number": entry.start_number,
            "as": found.member(entry).key,
            "pair_with": other.name if other is not None else None,
            "stand_in": entry.is_stand_in,
            "withdrawn": entry.is_withdrawn,
            "checked_in_at": entry.checked_in_at,
            "fixed_table": entry.fixed_table,
            "notes": entry.notes,
            "seats": seats.get(entry.pk, []),
            "result": None if result is None else {
                "place": result.place, "place_shared": result.shared, "points": result.total,
                "rounds": result.rounds, "games": result.games, "games_won": result.won,
                "games_lost": result.lost, "durch_won": result.durch_won,
                "durch_lost": result.durch_lost,
            },
            "rounds": _rounds(entry),
            "sheets_confirmed": [
                row for row in confirmations.get(entry.event_id, [])
                if row["start_number"] == entry.start_number
            ],
            **_money(entry),
        })
    return rows


def _registrations(found: Trace) -> list[dict[str, Any]]:
    rows = []
    for item in found.naming:
        registration = item.registration
        row: dict[str, Any] = {
            "event": _event(registration.event),
            "names_the_person_as": item.role,
            "kind": registration.get_kind_display(),
            "status": registration.get_status_display(),
            "registered_at": registration.created_at,
            "start_number": registration.entry.start_number if registration.entry else None,
        }
        if item.role == PARTNER:
            row.update(name=registration.partner_name, category=registration.partner_category,
                       unlisted=registration.partner_unlisted,
                       public_profile=registration.partner_public_profile)
        else:
            row.update(email=registration.email, code=registration.code,
                       own_link=registration.token is not None)
            if item.role == REGISTRANT:
                row.update(
                    name=registration.name, club=registration.club,
                    category=registration.category, unlisted=registration.unlisted,
                    public_profile=registration.public_profile,
                    partner=registration.partner_name or None,
                )
        rows.append(row)
    return rows


def person_data(club: Club, player: Player) -> dict[str, Any]:
    """Everything of the club's events that names ``player`` (``trace``), as plain values for
    one JSON file: the player row, their entries (event, start number, seats, result, rounds
    and games, sheets confirmed, payments, prizes collected), the registrations that name them
    and the change log's records that do (described in the active language, with their
    parameters). Other people appear only where the person's own data names them: the partner
    of their pair, the names in a record's parameters; table-mates by start number."""
    found = trace(club, player)
    return {
        "format": EXPORT_FORMAT,
        "exported_at": timezone.now(),
        "club": {"name": club.name, "short_name": club.slug},
        "player": {
            "id": player.pk, "name": player.name, "club": player.club,
            "category": player.category, "unlisted": player.unlisted,
            "public_profile": player.public_profile,
        },
        "entries": _entries(found),
        "registrations": _registrations(found),
        "change_log": [
            {"time": change.created_at, "event": change.event.slug if change.event else None,
             "action": change.action, "what": label(change.action),
             "text": change.description, "parameters": change.params}
            for change in found.records
        ],
    }
