"""Shared test data of the series (Cup): events whose players come back evening after evening
(the same ``Player`` rows), with confirmed sheets."""

import datetime

from scoring.demo import record_game
from tests.factories import make_club, make_event, make_player
from tests.scoring.games import WON, sheet_for
from tournament.models import Entry, Player

# Four singles, each for themselves (docs/rules.md, worked example style): the first seated
# declares 150 and takes 160 trick points: 160, 40, 30, 20.
WON_FOUR = {"bid": 150, "declarer": 0, "melds": [0, 0, 0, 0], "tricks": [160, 40, 30, 20]}
# A pairs table: pair A declares 200 with meld 100 and 155 trick points: 260, 140.
WON_PAIRS = {"bid": 200, "declarer": 0, "melds": [100, 40], "tricks": [155, 95]}


def players(*names: str, club=None) -> dict[str, Player]:
    """Players of ``club``'s registry (a new club's without)."""
    club = club or make_club()
    return {name: make_player(club, name, club=f"SV {name}") for name in names}


def entries(event, *members) -> list[Entry]:
    """One entry per member: a Player (single) or a tuple of two (pair), numbered from 1."""
    made = []
    for number, member in enumerate(members, start=1):
        player, partner = member if isinstance(member, tuple) else (member, None)
        made.append(Entry.objects.create(
            event=event, start_number=number, player=player, partner=partner
        ))
    return made


def four_evenings(organiser=None):
    """Four evenings of A, B, C, D, one confirmed game each; D misses the fourth; ``organiser``
    organises each of them.

    1: A B C D at a four-table: A 160, B 40, C 30, D 20.
    2: B C D A: B 160, C 40, D 30, A 20.
    3: C D A B: C 160, D 40, A 30, B 20.
    4: A B C at a three-table, WON: A 210, B 90, C 90.
    """
    people = players("A", "B", "C", "D")
    events = []
    seatings = ["ABCD", "BCDA", "CDAB", "ABC"]
    for day, order in enumerate(seatings, start=1):
        event = make_event(organiser=organiser, name=f"Abend {day}",
                           date=datetime.date(2026, day, 10))
        seated = entries(event, *(people[name] for name in order))
        sheet = sheet_for(event, 1, seated, 1)
        record_game(sheet=sheet, number=1, **(WON_FOUR if len(order) == 4 else WON))
        events.append(event)
    return events, people
