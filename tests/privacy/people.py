"""Shared data of the privacy tests: a club whose evenings name the person Hans Maier in every
way the app names a person (a single with a played game, the partner of a pair, registered
online, named in the change log, a payment), beside Eva Schmid, another person of the same
evenings, and an evening of another club that shares Hans Maier's player row."""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from decimal import Decimal

from django.utils import timezone

from clubs.models import Club
from core.audit import log
from money.models import Payment
from scoring.demo import record_game
from scoring.models import SheetConfirmation
from scoring.standings import compute_standings
from signup import audit as signup_audit
from signup.models import Registration
from tests.factories import make_club, make_entry, make_event, make_player, make_user
from tests.scoring.games import WON, sheet_for
from tournament import audit as tournament_audit
from tournament.models import Entry, Event, Player

HANS, EVA = "Hans Maier", "Eva Schmid"
HANS_MAIL, EVA_MAIL, ANNA_MAIL = "hans.maier@example.org", "eva@example.org", "anna@example.org"


def days_ago(days: int) -> datetime.date:
    return timezone.localdate() - datetime.timedelta(days=days)


def register(event: Event, name: str, email: str, *, entry=None, partner="", status="registered",
             code: str) -> Registration:
    registration = Registration.objects.create(
        event=event, kind="pair" if partner else "single", name=name, partner_name=partner,
        email=email, status=status, code=code, entry=entry, club="SV Ulm",
    )
    log(event=event, action=signup_audit.SignupAction.REGISTERED, subject=registration,
        ref=signup_audit.registration_ref(registration),
        number=entry.start_number if entry else None)
    return registration


@dataclass
class People:
    club: Club
    admin: object
    spring: Event  # Hans a single (start number 1), Eva a single: one table, one game
    summer: Event  # Hans the partner of Anna Huber's pair (3), Eva in the other pair (4)
    autumn: Event  # Hans registered and cancelled, no entry; his address registered Fritz
    elsewhere: Event  # another club's evening: Hans plays there with the same player row
    hans: Player
    eva: Player
    single: Entry
    pair: Entry


def people() -> People:
    admin = make_user("vorstand")
    club = make_club(admin=admin, name="Binokelfreunde Ulm", slug="bf-ulm")
    spring = make_event(club=club, date=days_ago(400), name="Frühjahrsbinokel",
                        slug="fruehjahr")
    single = make_entry(spring, 1, HANS, notes="sitzt gern am Fenster")
    Player.objects.filter(pk=single.player_id).update(club="SV Ulm", category="Senior",
                                                      public_profile=True)
    eva_single = make_entry(spring, 2, EVA)
    karl = make_entry(spring, 3, "Karl Berg")
    sheet = sheet_for(spring, 1, [single, eva_single, karl], 1)
    record_game(sheet=sheet, number=1, **WON)
    for seat in sheet.table.seats.all():
        SheetConfirmation.objects.create(sheet=sheet, position=seat.position, player=seat.player,
                                         start_number=seat.entry.start_number,
                                         version=sheet.version)
    register(spring, HANS, HANS_MAIL, entry=single, code="HANS11")
    register(spring, EVA, EVA_MAIL, entry=eva_single, code="EVAA22")
    log(event=spring, action=tournament_audit.TournamentAction.EDITED, subject=single,
        entry_ref=tournament_audit.entry_ref(single),
        changes=[["name", "Hans Mayer", HANS], ["category", "", "Senior"]])
    log(event=spring, action=tournament_audit.TournamentAction.EDITED, subject=eva_single,
        entry_ref=tournament_audit.entry_ref(eva_single), changes=[["category", "", "Frau"]])
    Payment.objects.create(entry=single, purpose=Payment.Purpose.START_FEE,
                           amount=Decimal("8.00"), note="bar an der Tür")

    summer = make_event(club=club, date=days_ago(200), name="Sommerbinokel", slug="sommer")
    pair = Entry.objects.create(event=summer, start_number=3,
                                player=make_player(club, "Anna Huber"),
                                partner=Player.objects.get(pk=single.player_id))
    other_pair = Entry.objects.create(event=summer, start_number=4,
                                      player=Player.objects.get(pk=eva_single.player_id),
                                      partner=make_player(club, "Otto Klein"))
    record_game(sheet=sheet_for(summer, 1, [pair, other_pair], 1), number=1,
                bid=150, declarer=0, melds=[0, 0], tricks=[250, 0])
    register(summer, "Anna Huber", ANNA_MAIL, entry=pair, partner=HANS, code="ANNA33")
    log(event=summer, action=tournament_audit.TournamentAction.WITHDRAWN, subject=other_pair,
        entry_ref=tournament_audit.entry_ref(other_pair))

    autumn = make_event(club=club, date=days_ago(100), name="Herbstbinokel", slug="herbst")
    make_entry(autumn, 1, "Fritz Maier")
    register(autumn, HANS, HANS_MAIL, status="cancelled", code="HANS44")
    register(autumn, "Fritz Maier", HANS_MAIL, entry=autumn.entries.get(), code="FRIT55")
    register(autumn, EVA, EVA_MAIL, code="EVAA66")

    elsewhere = make_event(club=make_club(name="Nachbarverein"), date=days_ago(50),
                           name="Nachbarbinokel", slug="nachbar")
    Entry.objects.create(event=elsewhere, start_number=7,
                         player=Player.objects.get(pk=single.player_id))
    log(event=elsewhere, action=tournament_audit.TournamentAction.REGISTERED,
        subject=elsewhere.entries.get(), entry_ref={"number": 7, "name": HANS})
    return People(club=club, admin=admin, spring=spring, summer=summer, autumn=autumn,
                  elsewhere=elsewhere, hans=Player.objects.get(pk=single.player_id),
                  eva=Player.objects.get(pk=eva_single.player_id), single=single, pair=pair)


def standings_rows(event: Event) -> list[tuple]:
    """The event's standings, computed (not cached), as a comparable list."""
    standings = compute_standings(Event.objects.get(pk=event.pk))
    return [
        (kind, row.place, row.start_number, row.name, row.total, tuple(row.round_points))
        for kind in ("singles", "pairs")
        for row in standings.ranking(kind)
    ]
