"""Small factories for tests: plain functions with sensible defaults, no library."""

import datetime
import io
import itertools

from django.contrib.auth import get_user_model

from clubs.models import Club, ClubMember
from core.models import ChangeRecord
from scoring.models import ScoreSheet
from tournament import seats
from tournament.models import Entry, Event, EventRole, Player, Round, Seat, Table, seat_rows

_counter = itertools.count(1)

# The user name of the tests' organiser (the ``organiser`` fixture in tests/conftest.py). The
# name grants nothing: a test gives an account the role it is about, on the events it is about
# (``make_event(organiser=…)``, ``make_event(desk=…)``, ``make_role``).
TEST_ORGANISER = "orga"


def make_user(username: str = TEST_ORGANISER, password: str = "geheim-123", **fields):
    """An account without any role (no superuser unless ``fields`` say so)."""
    return get_user_model().objects.create_user(username=username, password=password, **fields)


def make_role(event: Event, user, role: str = EventRole.Role.ORGANISER) -> EventRole:
    """Give ``user`` the ``role`` on ``event`` (organiser unless said otherwise)."""
    return EventRole.objects.create(event=event, user=user, role=role)


def make_club(*, admin=None, organiser=None, helper=None, **fields) -> Club:
    """A club (``fields`` override the defaults) whose only members are the accounts named
    here, each in the role it is named by."""
    number = next(_counter)
    club = Club.objects.create(**{"name": f"Binokelfreunde {number}", "slug": f"bf-{number}",
                                  **fields})
    for user, role in ((admin, ClubMember.Role.ADMIN), (organiser, ClubMember.Role.ORGANISER),
                       (helper, ClubMember.Role.HELPER)):
        if user is not None:
            make_member(club, user, role)
    return club


def logo_bytes(kind: str = "PNG", size: tuple[int, int] = (60, 30), colour: str = "green") -> bytes:
    """A small image of one colour, as a club's logo is uploaded (``kind``: PNG or JPEG)."""
    from PIL import Image

    buffer = io.BytesIO()
    Image.new("RGB", size, colour).save(buffer, format=kind)
    return buffer.getvalue()


def make_member(club: Club, user, role: str = ClubMember.Role.ORGANISER) -> ClubMember:
    """Give ``user`` the ``role`` in ``club`` (organiser unless said otherwise)."""
    return ClubMember.objects.create(club=club, user=user, role=role)


def make_event(*, organiser=None, desk=None, club=None, **fields) -> Event:
    """An event (``fields`` override the defaults) on which only the accounts named here have a
    role: ``organiser`` organises it, ``desk`` helps at its desk. It belongs to ``club``, or to
    a club of its own without members."""
    number = next(_counter)
    defaults = {
        "name": f"Benefizbinokel {number}",
        "slug": f"binokel-{number}",
        "date": datetime.date(2026, 11, 21),
        "venue": "Gemeindehaus",
    }
    event = Event.objects.create(club=club or make_club(), **{**defaults, **fields})
    if organiser is not None:
        make_role(event, organiser)
    if desk is not None:
        make_role(event, desk, EventRole.Role.DESK)
    return event


def make_player(registry_club: Club, name: str = "Hans Maier", **fields) -> Player:
    """A player of ``registry_club``'s registry (``fields`` override the defaults: a guest,
    listed; ``club`` is the club membership as typed)."""
    return Player.objects.create(registry_club=registry_club, name=name, **fields)


def make_entry(
    event: Event, start_number: int, name: str = "", partner: str = "", **fields
) -> Entry:
    """An entry of ``event`` with new players of the event's club's registry."""
    player = make_player(event.club, name or f"Spieler {start_number}")
    partner_player = make_player(event.club, partner) if partner else None
    return Entry.objects.create(
        event=event, start_number=start_number, player=player, partner=partner_player, **fields
    )


def make_round(event: Event, number: int = 1) -> Round:
    return Round.objects.get_or_create(event=event, number=number)[0]


def make_table(round_: Round, entries: list[Entry], number: int = 1) -> Table:
    """A table with its seats, seated as the plan seats them (``tournament.models.seat_rows``):
    3 or 4 singles in the order given, or 2 pairs crosswise."""
    pairs = all(entry.is_pair for entry in entries)
    table = Table.objects.create(
        round=round_, number=number, kind=seats.table_kind(len(entries), pairs=pairs)
    )
    Seat.objects.bulk_create(seat_rows(table, entries))
    return table


def make_sheet(table: Table) -> ScoreSheet:
    return ScoreSheet.objects.create(table=table)


def sheet_records():
    """The change log's records of the sheets' trails (``scoring.audit.SheetAction``)."""
    return ChangeRecord.objects.filter(action__startswith="scoring.sheet.")
