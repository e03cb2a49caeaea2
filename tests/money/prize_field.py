"""A small event with prizes, shared by the tests of the prize table and the treasurer's
summary. Every total and prize is worked out by hand in ``prize_event``'s description."""

from decimal import Decimal as D

from money.prizes.services import add_prize
from scoring.demo import record_game
from tests.factories import make_entry, make_event
from tests.scoring.games import WON, sheet_for
from tournament.models import Player

# 7 declares 200 with a meld of 200 and 200 trick points: 400, 30, 20.
BIG_WIN = {"bid": 200, "declarer": 0, "melds": [200, 0, 0], "tricks": [200, 30, 20]}
# pair A declares 200 with 100 + 155: 260, 140.
PAIRS_WIN = {"bid": 200, "declarer": 0, "melds": [100, 40], "tricks": [155, 95]}


def prize_event():
    """Singles 1–5, 7–9, stand-in 6; pairs 10 and 11; one round, every sheet confirmed.

    Table 1 (1, 2, 3): WON by 1: 210, 90, 90.   Table 2 (4, 5, 6): WON by 4: 210, 90, 90.
    Table 3 (7, 8, 9): 7 wins big: 400, 30, 20; then 7 withdraws.   Table 4 (10 v 11): 260, 140.
    Players 3 and 8 are in the category "Frau".

    Singles standings: 7 (400, withdrawn), 1 and 4 (210), 2, 3 and 5 (90), 8 (30), 9 (20); the
    stand-in 6 is not ranked. Prize order without 7: 1, 4 | 2, 3, 5 | 8 | 9.

    Singles prizes: place 1 50 €, 2 30 €, 3 20 € + "Präsentkorb", 4 11 €, 5 "Wein"; red
    lantern "Laterne"; best "Frau" 15 €. Pairs: place 1 30 €.

    - 1 and 4 share places 1–2: (50 + 30) / 2 = 40 € each.
    - 2, 3 and 5 share places 3–5: (20 + 11) / 3 = 10.33 → 10 € each, 1 € left over; the
      Präsentkorb (place 3) and the Wein (place 5) go by lot: the three are equal on every
      tie-break.
    - The red lantern goes to 9 (last); the best woman is 3 (before 8): 15 €.
    - Pair 10 wins 30 €.
    Prize money: 40 + 40 + 10 + 10 + 10 + 15 + 30 = 155 €, 1 € left over.
    """
    event = make_event()
    entries = {n: make_entry(event, n, f"Spieler {n}") for n in (1, 2, 3, 4, 5, 7, 8, 9)}
    entries[6] = make_entry(event, 6, "Ersatz", is_stand_in=True)
    entries[10] = make_entry(event, 10, "Karl Weiß", partner="Rosi Weiß")
    entries[11] = make_entry(event, 11, "Otto Klotz", partner="Ute Klotz")
    Player.objects.filter(pk__in=[entries[3].player_id, entries[8].player_id]).update(
        category="Frau"
    )
    for table, (numbers, game) in enumerate(
        [((1, 2, 3), WON), ((4, 5, 6), WON), ((7, 8, 9), BIG_WIN), ((10, 11), PAIRS_WIN)],
        start=1,
    ):
        sheet = sheet_for(event, 1, [entries[n] for n in numbers], table)
        record_game(sheet=sheet, number=1, **game)
    entries[7].is_withdrawn = True
    entries[7].save()
    for place, amount, goods in ((1, "50", ""), (2, "30", ""), (3, "20", "Präsentkorb"),
                                 (4, "11", "")):
        add_prize(event=event, place=place, amount=D(amount), goods=goods)
    add_prize(event=event, place=5, goods="Wein")
    add_prize(event=event, award="last", goods="Laterne")
    add_prize(event=event, award="category", category="Frau", amount=D("15"))
    add_prize(event=event, pairs=True, place=1, amount=D("30"))
    return event
