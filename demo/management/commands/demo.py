"""``manage.py demo``: a demo event in full swing and a demo organiser account.

The demo account's password is public, so the account is created only with ``DEBUG`` on (as
``make run`` runs), with ``--with-demo-account`` or with ``DEMO_ACCOUNT=1`` in the environment;
otherwise the event is built without it and the command says so. The account is a plain one
(no superuser): the admin of the demo club (``clubs``), whose event the demo event is.

A plain ``manage.py demo`` (what ``make run`` calls) builds the event a new user should see:
singles and pairs registered, the seating plan generated, round 1 released with every score
sheet entered, handed in and confirmed, round 2 released with about half of its sheets handed
in and one or two in progress (a few games), the last rounds untouched. The games are random
but valid (``scoring.simulate``) and go through the same services as the score sheet pages.

The plain command also sets up the money of a Preisbinokel: Startgeld and lost-game money (for a
good cause), a few prizes (money for the first places, goods for the rest, a red lantern, best
round, best woman: the players with a woman's first name have the category "Frau"), and about
four in five entries checked in with their Startgeld paid at the door, a few by transfer.

``--empty`` stops after the registration, ``--plan`` after the seating plan; ``--plan --fill``
fills every sheet of every round instead (handed in, not confirmed).

``--scoring-mode totals`` builds the demo event kept in round totals (``Event.scoring_mode``):
its sheets get each party's total of the round and games lost as declarer
(``scoring.simulate.random_round_totals``), saved through ``save_sheet_totals`` as the totals
page saves them, in place of games; ``--scoring-mode points`` builds it kept in points per
game: its sheets get each game's points per party and, in most games, the declarer
(``scoring.simulate.random_points_rows``), saved through ``save_sheet_points`` a few games at a
time as the points page saves them. The rounds are played as above. Without the option the
event keeps score in every game; an existing demo event keeps its mode (asked for another,
the command stops and says so).

Idempotent: every step is taken only if it has not been taken yet (entries, plan, games), so
running it again changes nothing, and a demo event whose sheets hold games is left as it is.
This is the only place where a default password exists, and only for the demo account.
"""

import datetime
import os
import random
from decimal import Decimal

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from clubs.models import Club, ClubMember
from clubs.services import add_member
from money.cash.selectors import cash_book
from money.cash.services import take_payment, update_money_settings
from money.models import MoneySettings, Payment
from money.prizes.services import add_prize, update_prize_settings
from scoring.demo import fill_random_games
from scoring.models import ScoreSheet
from scoring.ranking import parse_tie_breaks
from scoring.services import (
    confirm_sheet,
    save_sheet_points,
    save_sheet_rows,
    save_sheet_totals,
    sheet_parties,
    submit_sheet,
    update_standings_settings,
)
from scoring.simulate import random_game, random_points_rows, random_round_totals
from tournament.house_rules import GAMES, POINTS, SCORING_MODES, TOTALS
from tournament.members import Member
from tournament.models import Event, EventRole, Round, Table
from tournament.seating import SeatingError
from tournament.selectors.phase import event_phase
from tournament.services import (
    create_event,
    generate_plan,
    grant_role,
    register_entry,
    release_round,
)

DEMO_SLUG = "demo"
DEMO_CLUB_SLUG = "binokelfreunde-demo"
DEMO_PRIVACY_NOTICE = (
    "Die Binokelfreunde (Demo) speichern Name, Verein und Ergebnisse der Spielerinnen und "
    "Spieler für die Rangliste des Abends; E-Mail-Adressen der Online-Anmeldung werden 30 Tage "
    "nach dem Abend gelöscht."
)
DEMO_USERNAME = "turnierleitung"
DEMO_PASSWORD = "binokel-demo"

FIRST_NAMES = [
    "Anna", "Berta", "Christa", "Doris", "Elke", "Frieda", "Gerda", "Hilde", "Inge", "Jutta",
    "Karin", "Lore", "Marga", "Nele", "Olga", "Paula", "Rosi", "Sabine", "Trude", "Ute",
    "Albert", "Bernd", "Claus", "Dieter", "Egon", "Fritz", "Gottlob", "Hans", "Jakob", "Karl",
    "Lothar", "Manfred", "Norbert", "Otto", "Paul", "Reinhold", "Siegfried", "Theo", "Willi",
]
LAST_NAMES = [
    "Bauer", "Eberle", "Fischer", "Gaiser", "Häfele", "Hägele", "Kächele", "Klotz", "Maier",
    "Mayer", "Müller", "Nägele", "Pfleiderer", "Rapp", "Schäfer", "Schwab", "Schmid", "Seeger",
    "Stäbler", "Walz", "Weiß", "Wörner", "Ziegler", "Zeller",
]
WOMEN = set(FIRST_NAMES[:20])
"""The first names above that are women's: their players get the category "Frau"."""
WOMAN = "Frau"
CLUBS = ["", "", "CVJM Esslingen", "Kirchengemeinde Plochingen", "Binokelfreunde Wendlingen"]
SAVE_CHUNK = 4  # games per save, as a scorekeeper saves every few games
DEMO_MODES = (GAMES, POINTS, TOTALS)
"""The scoring modes the demo can build its event in (``tournament.house_rules``): all three."""


def enter_games(sheet: ScoreSheet, count: int, rng: random.Random) -> None:
    """Enter games 1..count of a sheet through its link, a few games per save."""
    parties = len(sheet_parties(sheet))
    version = sheet.version
    for first in range(1, count + 1, SAVE_CHUNK):
        rows = {
            number: random_game(parties, rng)
            for number in range(first, min(first + SAVE_CHUNK, count + 1))
        }
        result = save_sheet_rows(sheet=sheet, base_version=version, rows=rows)
        if result.errors:  # random_game only makes valid games
            raise CommandError(f"Demo game refused: {result.errors}")
        version = result.version


def enter_points(
    sheet: ScoreSheet, count: int, rng: random.Random, *, hand_in: bool = False
) -> None:
    """Enter games 1..count of a sheet kept in points per game through its link, a few games
    per save, the last save handing it in with ``hand_in``."""
    parties = len(sheet_parties(sheet))
    games = random_points_rows(parties, count, rng)
    version = sheet.version
    for first in range(1, count + 1, SAVE_CHUNK):
        last = min(first + SAVE_CHUNK, count + 1)
        result = save_sheet_points(
            sheet=sheet, base_version=version,
            rows={number: games[number] for number in range(first, last)},
            hand_in=hand_in and last > count,
        )
        if result.problems or result.hand_in_refused:  # random games are valid
            raise CommandError(f"Demo points refused: {result.problems or result.hand_in_refused}")
        version = result.version


def enter_totals(sheet: ScoreSheet, rng: random.Random, *, hand_in: bool = False) -> None:
    """Save a sheet's round totals through its link (random figures of a full round), handed in
    with ``hand_in``."""
    figures = random_round_totals(
        len(sheet_parties(sheet)), sheet.table.round.event.games_per_round, rng
    )
    result = save_sheet_totals(
        sheet=sheet, base_version=sheet.version, totals=figures, hand_in=hand_in
    )
    if result.problems or result.hand_in_refused:  # real games always add up
        raise CommandError(f"Demo totals refused: {result.problems or result.hand_in_refused}")


def enter_round(
    sheet: ScoreSheet, count: int, rng: random.Random, *, hand_in: bool = False
) -> None:
    """Enter a sheet as its event keeps score: games 1..count in full or in points per game,
    or its round totals; handed in with ``hand_in``."""
    mode = sheet.table.round.event.scoring_mode
    if mode == TOTALS:
        enter_totals(sheet, rng, hand_in=hand_in)
    elif mode == POINTS:
        enter_points(sheet, count, rng, hand_in=hand_in)
    else:
        enter_games(sheet, count, rng)
        if hand_in:
            submit_sheet(sheet=sheet)


class Command(BaseCommand):
    help = "Create a demo event with registered singles and pairs and a demo organiser account."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--singles", type=int, default=31, help="number of singles")
        parser.add_argument("--pairs", type=int, default=8, help="number of pairs")
        parser.add_argument(
            "--seed", type=int, default=2026, help="random seed for the names, plan and games"
        )
        parser.add_argument(
            "--empty",
            action="store_true",
            help="register the entries only: no seating plan, no games",
        )
        parser.add_argument(
            "--plan",
            action="store_true",
            help="generate the seating plan (unless it has one) but enter no games",
        )
        parser.add_argument(
            "--fill",
            action="store_true",
            help="fill every score sheet of the demo event with random games (needs a plan)",
        )
        parser.add_argument(
            "--scoring-mode",
            choices=DEMO_MODES,
            help=(
                "how the new demo event keeps score: every game (games, the default), each "
                "game's points per party (points) or each party's round total and games lost "
                "(totals)"
            ),
        )
        parser.add_argument(
            "--with-demo-account",
            action="store_true",
            help=(
                f"create the demo organiser account “{DEMO_USERNAME}” with its public password "
                "also without DEBUG (or set DEMO_ACCOUNT=1)"
            ),
        )

    def demo_club(self, organiser) -> Club:
        """The demo club, made the first time; the demo account is its admin."""
        club, made = Club.objects.get_or_create(
            slug=DEMO_CLUB_SLUG,
            defaults={"name": "Binokelfreunde (Demo)", "place": "Musterhausen",
                      "privacy_notice": DEMO_PRIVACY_NOTICE},
        )
        if made:
            self.stdout.write(f"Demo club “{club.name}” created.")
        if organiser is not None and not club.members.filter(user=organiser).exists():
            add_member(club=club, username=DEMO_USERNAME, role=ClubMember.Role.ADMIN)
        return club

    @transaction.atomic
    def handle(self, *args, singles: int, pairs: int, seed: int, **options) -> None:
        empty, plan_only, fill = options.get("empty"), options.get("plan"), options.get("fill")
        if empty and (plan_only or fill):
            raise CommandError("--empty registers the entries only: leave out --plan and --fill.")
        mode = options.get("scoring_mode")
        existing = Event.objects.filter(slug=DEMO_SLUG).first()
        if existing is not None and mode is not None and existing.scoring_mode != mode:
            raise CommandError(
                f"The demo event exists already and keeps score in “{existing.scoring_mode}”; "
                f"delete it (admin) to build it in “{mode}”, or leave out --scoring-mode."
            )
        organiser = self.demo_account(
            settings.DEBUG
            or options.get("with_demo_account")
            or os.environ.get("DEMO_ACCOUNT") == "1"
        )

        event = existing
        club = self.demo_club(organiser)
        if event is None:
            event = create_event(
                club=club,
                user=organiser,
                slug=DEMO_SLUG,
                name="Benefizbinokel (Demo)",
                date=datetime.date.today(),
                venue="Gemeindehaus",
                scoring_mode=mode or GAMES,
            )
            rng = random.Random(seed)

            def name() -> str:
                return f"{rng.choice(FIRST_NAMES)} {rng.choice(LAST_NAMES)}"

            def category(full_name: str) -> str:
                return WOMAN if full_name.split()[0] in WOMEN else ""

            # random names repeat now and then, as real namesakes do
            for _ in range(singles):
                player = name()
                register_entry(
                    event=event,
                    user=organiser,
                    members=[Member(player, category=category(player))],
                    club=rng.choice(CLUBS),
                    allow_same_name=True,
                )
            for _ in range(pairs):
                names = name(), name()
                register_entry(
                    event=event,
                    user=organiser,
                    members=[Member(player, category=category(player)) for player in names],
                    club=rng.choice(CLUBS),
                    allow_same_name=True,
                )
            self.stdout.write(
                f"Demo event “{event.name}” created ({singles} singles, {pairs} pairs); keeps "
                f"score in: {SCORING_MODES[event.scoring_mode]} ({event.scoring_mode})."
            )
        else:
            self.stdout.write(
                f"Demo event “{event.name}” exists already; its entries are left as they are."
            )
        if organiser is not None and not event.roles.filter(user=organiser).exists():
            grant_role(event=event, username=DEMO_USERNAME, role=EventRole.Role.ORGANISER)

        play = not (empty or plan_only or fill)  # the plain command: the event in full swing
        if plan_only or play:
            if event_phase(event).plan_exists:
                self.stdout.write("The demo seating plan exists already; left as it is.")
            else:
                try:
                    generate_plan(event=event, seed=seed, user=organiser)
                except SeatingError as error:
                    raise CommandError(str(error)) from error
                self.stdout.write(f"Seating plan generated ({event.round_count} rounds).")

        if fill:
            if not event_phase(event).plan_exists:
                raise CommandError("The demo event has no seating plan yet: add --plan.")
            if event_phase(event).locked:
                self.stdout.write("The demo score sheets hold scores already; left as they are.")
            elif event.scoring_mode in (TOTALS, POINTS):
                rng = random.Random(seed)
                sheets = [sheet for round_ in event.rounds.order_by("number")
                          for sheet in sheets_of(round_)]
                for sheet in sheets:
                    if event.scoring_mode == TOTALS:
                        enter_totals(sheet, rng, hand_in=True)
                    else:
                        enter_points(sheet, event.games_per_round, rng, hand_in=True)
                figures = "round totals" if event.scoring_mode == TOTALS else "points per game"
                self.stdout.write(
                    f"Score sheets filled with random {figures} ({len(sheets)} sheets)."
                )
            else:
                games = fill_random_games(event=event, seed=seed)
                self.stdout.write(f"Score sheets filled with {games} random games.")

        if play:
            if event_phase(event).locked:
                self.stdout.write("The demo score sheets hold scores already; left as they are.")
            else:
                self.play_rounds(event, organiser, random.Random(seed))
            if MoneySettings.objects.filter(event=event).exists():
                self.stdout.write("The demo money is set up already; left as it is.")
            else:
                self.set_up_money(event, organiser, random.Random(seed + 1))

        if organiser is not None:
            self.stdout.write(
                f"Organiser login (demo only): user “{DEMO_USERNAME}”, password "
                f"“{DEMO_PASSWORD}”."
            )

    def demo_account(self, allowed: bool):
        """The demo organiser account, created if ``allowed`` (else None, saying why)."""
        user_model = get_user_model()
        account = user_model.objects.filter(username=DEMO_USERNAME).first()
        if allowed:
            if account is None:
                account = user_model.objects.create_user(
                    username=DEMO_USERNAME, email="", password=DEMO_PASSWORD
                )
            return account
        self.stderr.write(
            f"Demo account “{DEMO_USERNAME}” refused: its password is public, so it is created "
            "only with DEBUG=1 (as `make run` runs) or with --with-demo-account. The demo event "
            "is built without it; log in with an account of your own "
            "(manage.py createsuperuser)."
        )
        if account is not None and account.check_password(DEMO_PASSWORD):
            self.stderr.write(
                f"Warning: the account “{DEMO_USERNAME}” exists already with the public demo "
                "password; delete it or change its password before a real event."
            )
        return None

    def play_rounds(self, event: Event, organiser, rng: random.Random) -> None:
        """Round 1 entered and confirmed, round 2 about half handed in, the rest untouched (a
        sheet entered: all its games, or for an event kept in round totals its totals; a sheet
        in progress: a few games, or its totals not handed in)."""
        count = event.games_per_round
        totals = event.scoring_mode == TOTALS
        rounds = list(event.rounds.order_by("number"))
        first, second = rounds[0], rounds[1] if len(rounds) > 1 else None

        release_round(round=first, released=True, user=organiser)
        sheets = list(sheets_of(first))
        for sheet in sheets:
            enter_round(sheet, count, rng, hand_in=True)
            confirm_sheet(sheet=sheet, user=organiser)
        entered = (
            f"the round totals of all {len(sheets)} score sheets" if totals
            else f"all {len(sheets)} score sheets"
        )
        self.stdout.write(f"Round 1 released; {entered} entered, handed in and confirmed.")

        if second is not None:
            release_round(round=second, released=True, user=organiser)
            sheets = list(sheets_of(second))
            handed_in: list[ScoreSheet] = []
            in_progress: list[ScoreSheet] = []
            # about half of the singles tables and half of the pairs tables are done; of the
            # rest, one table of each kind is halfway through
            for pairs in (False, True):
                group = [s for s in sheets if (s.table.kind == Table.Kind.TWO_PAIRS) == pairs]
                rng.shuffle(group)
                done = (len(group) + 1) // 2
                handed_in += group[:done]
                in_progress += group[done : done + 1]
            for sheet in handed_in:
                enter_round(sheet, count, rng, hand_in=True)
            in_progress = in_progress if count > 1 or totals else []
            for sheet in in_progress:
                if totals:
                    enter_totals(sheet, rng)
                else:  # a few games
                    enter_round(sheet, min(count - 1, rng.randint(2, 5)), rng)
            self.stdout.write(
                f"Round 2 released; {len(handed_in)} of {len(sheets)} score sheets handed in, "
                f"{len(in_progress)} in progress."
            )
        if len(rounds) == 3:
            self.stdout.write("Round 3 not started yet.")
        elif len(rounds) > 3:
            self.stdout.write(f"Rounds 3 to {len(rounds)} not started yet.")

        update_standings_settings(
            event=event,
            tie_breaks=parse_tie_breaks(event.tie_breaks),
            count_unconfirmed=event.count_unconfirmed,
            public_standings=True,
            user=organiser,
        )
        self.stdout.write("Standings public (also on the projector page).")


    def set_up_money(self, event: Event, organiser, rng: random.Random) -> None:
        """Money settings, prizes, and the Startgeld of most entries paid at the door."""
        update_money_settings(
            event=event, user=organiser, start_fee_single=Decimal("8"),
            start_fee_pair=Decimal("6"), pair_fee_per_person=True,
            lost_game_fee=Decimal("0.50"), lost_game_fee_higher=Decimal("1.00"),
            lost_game_fee_higher_from=5, good_cause="Jugendarbeit des CVJM",
            donation=MoneySettings.Donation.LOST_GAMES,
        )
        update_prize_settings(event=event, user=organiser, pot_percent=Decimal("50"))
        for place, share in ((1, 40), (2, 30), (3, 20), (4, 10)):
            add_prize(event=event, user=organiser, place=place, share=Decimal(share))
        add_prize(event=event, user=organiser, place=5, last_place=10, goods="Präsentkorb")
        add_prize(event=event, user=organiser, place=11, to_end=True, goods="Flasche Wein")
        add_prize(event=event, user=organiser, award="last", goods="Rote Laterne")
        add_prize(event=event, user=organiser, award="best_round", amount=Decimal("10"))
        add_prize(event=event, user=organiser, award="category", category=WOMAN,
                  goods="Blumenstrauß")
        add_prize(event=event, user=organiser, pairs=True, place=1, amount=Decimal("30"))
        add_prize(event=event, user=organiser, pairs=True, place=2, amount=Decimal("15"))
        add_prize(event=event, user=organiser, pairs=True, place=3, to_end=True,
                  goods="Flasche Sekt")
        paid = 0
        for row in cash_book(event).rows:
            if not row.owes_start_fee:
                continue
            draw = rng.random()
            if draw < 0.1:  # paid ahead by transfer, not here yet
                method, present = Payment.Method.OTHER, False
            elif draw < 0.85:
                method, present = Payment.Method.CASH, True
            else:  # still to pay at the door
                continue
            take_payment(
                entry=row.entry, user=organiser, purpose=Payment.Purpose.START_FEE,
                amount=row.start_fee, method=method, check_in=present,
            )
            paid += 1
        self.stdout.write(
            f"Money set up: Startgeld and lost-game money, {event.prizes.count()} prizes, "
            f"{paid} entries paid."
        )


def sheets_of(round_: Round):
    """The sheets of a round in table order."""
    return (
        ScoreSheet.objects.filter(table__round=round_)
        .select_related("table__round__event")
        .order_by("table__number")
    )
