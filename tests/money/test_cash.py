"""The cash book (``money.cash.selectors``): what every entry owes and paid, its lost games counted
from the stored games, never typed. Every figure is worked out by hand in the comments."""

from decimal import Decimal as D

import pytest
from django.utils import timezone

from money.cash.selectors import cash_book
from money.cash.services import cancel_payment, take_payment, update_money_settings
from scoring.demo import record_game
from scoring.models import ScoreSheet
from scoring.services import confirm_sheet, save_sheet_totals
from tests.factories import make_entry, make_event
from tests.scoring.games import CONCEDED, LOST, WON, sheet_for
from tournament.models import Event

pytestmark = pytest.mark.django_db

# Lost as declarer, second seat: 120 + 170 = 290 < 300, −600.
LOST_BY_SECOND = {"bid": 300, "declarer": 1, "melds": [60, 120, 0], "tricks": [35, 170, 45]}
# A Durch of the third seat that missed 45 trick points: −1000.
DURCH_LOST_BY_THIRD = {"bid": 150, "declarer": 2, "melds": [0, 0, 0], "tricks": [45, 0, 205],
                       "kind": "durch"}


@pytest.fixture
def event():
    """Singles 1, 2, 3, pairs 4 and 5, stand-in 6 (plays nowhere).

    Startgeld 8 € per single, 7,50 € per person of a pair; 0,50 € per lost game, 1,00 € from the
    third lost game on.

    Round 1, table 1 (1, 2, 3), confirmed: 1 loses a played game and concedes one, 2 loses a
    played game, 3 loses a Durch, 1 wins one (not lost).
    Round 1, table 2 (pairs 4 v 5), confirmed: pair 5 declares 200 with 20 + 150 and loses;
    pair 4 wins a game.
    Round 2, table 1 (1, 2, 3), handed in but not confirmed: 1 loses a played game, which
    counts only when unconfirmed sheets count.
    """
    event = make_event(round_count=2)
    update_money_settings(
        event=event, start_fee_single=D("8"), start_fee_pair=D("7.50"), pair_fee_per_person=True,
        lost_game_fee=D("0.50"), lost_game_fee_higher=D("1.00"), lost_game_fee_higher_from=3,
    )
    one, two, three = (make_entry(event, n, f"Spieler {n}") for n in (1, 2, 3))
    four = make_entry(event, 4, "Karl Weiß", partner="Rosi Weiß")
    five = make_entry(event, 5, "Otto Klotz", partner="Ute Klotz")
    make_entry(event, 6, "Ersatz", is_stand_in=True)
    first = sheet_for(event, 1, [one, two, three], 1)
    record_game(sheet=first, number=1, **LOST)
    record_game(sheet=first, number=2, **CONCEDED)
    record_game(sheet=first, number=3, **LOST_BY_SECOND)
    record_game(sheet=first, number=4, **DURCH_LOST_BY_THIRD)
    record_game(sheet=first, number=5, **WON)
    pairs = sheet_for(event, 1, [four, five], 2)
    record_game(sheet=pairs, number=1, bid=200, declarer=1, melds=[0, 20], tricks=[100, 150])
    record_game(sheet=pairs, number=2, bid=200, declarer=0, melds=[100, 40], tricks=[155, 95])
    second = sheet_for(event, 2, [one, two, three], 1, status=ScoreSheet.Status.SUBMITTED)
    record_game(sheet=second, number=1, **LOST)
    return event


def figures(book):
    return {
        row.entry.start_number: (row.start_fee, row.lost, row.lost_money, row.paid, row.open)
        for row in book.rows
    }


def test_lost_games_and_their_money_come_from_the_stored_games(event):
    book = cash_book(event)
    assert figures(book) == {
        # Startgeld, lost games, lost-game money, paid, open
        1: (D("8.00"), 2, D("1.00"), D("0"), D("9.00")),  # played + conceded: 2 × 0,50
        2: (D("8.00"), 1, D("0.50"), D("0"), D("8.50")),
        3: (D("8.00"), 1, D("0.50"), D("0"), D("8.50")),  # the lost Durch
        4: (D("15.00"), 0, D("0.00"), D("0"), D("15.00")),  # 2 × 7,50, won its game
        5: (D("15.00"), 1, D("0.50"), D("0"), D("15.50")),  # the pair owes its lost game
        6: (D("0.00"), 0, D("0.00"), D("0"), D("0.00")),  # a stand-in owes no Startgeld
    }
    row = book.rows[0]
    assert (row.losses.played, row.losses.conceded, row.losses.durch) == (1, 1, 0)
    assert book.provisional  # round 2 has a sheet handed in but not confirmed
    assert (book.lost, book.lost_money) == (5, D("2.50"))


def test_the_higher_amount_applies_from_its_lost_game_on(event):
    event.count_unconfirmed = True  # round 2's lost game of 1 counts too
    event.save()
    row = cash_book(event).rows[0]
    assert (row.lost, row.lost_money) == (3, D("2.00"))  # 0,50 + 0,50 + 1,00


@pytest.mark.parametrize(
    ("setting", "lost"),
    [
        ({"lost_conceded_counts": False}, {1: 1, 2: 1, 3: 1, 5: 1}),
        ({"lost_durch_counts": False}, {1: 2, 2: 1, 5: 1}),  # no. 3 lost only a Durch
    ],
)
def test_what_counts_as_lost_is_the_organisers_choice(event, setting, lost):
    update_money_settings(event=event, **setting)
    book = cash_book(event)
    assert {row.entry.start_number: row.lost for row in book.rows if row.lost} == lost


def test_payments_and_what_is_still_open(event):
    entries = {entry.start_number: entry for entry in event.entries.all()}
    take_payment(entry=entries[1], purpose="start_fee", amount=D("8"))
    take_payment(entry=entries[1], purpose="lost_games", amount=D("1"))
    take_payment(entry=entries[4], purpose="start_fee", amount=D("15"), method="other")
    take_payment(entry=entries[2], purpose="start_fee", amount=D("5"))
    wrong = take_payment(entry=entries[3], purpose="start_fee", amount=D("8"))
    cancel_payment(payment=wrong)
    book = cash_book(event)
    # Startgeld: due 8 + 8 + 8 + 15 + 15 = 54, paid 8 + 5 + 15 = 28 (the cancelled 8 not)
    assert (book.start_fee_due, book.start_paid, book.start_open) == (
        D("54.00"), D("28.00"), D("26.00")  # open: 3 (no. 2) + 8 (no. 3) + 15 (no. 5)
    )
    # lost-game money: due 1 + 0,50 + 0,50 + 0,50 = 2,50, paid 1 by no. 1
    assert (book.lost_money, book.lost_paid, book.lost_open) == (
        D("2.50"), D("1.00"), D("1.50")
    )
    assert [row.entry.start_number for row in book.unpaid] == [2, 3, 5]
    assert [row.entry.start_number for row in book.lost_unpaid] == [2, 3, 5]
    assert figures(book)[1] == (D("8.00"), 2, D("1.00"), D("9.00"), D("0.00"))


def test_a_withdrawn_entry_owes_startgeld_only_when_it_was_at_the_door():
    event = make_event()
    update_money_settings(event=event, start_fee_single=D("6"))
    make_entry(event, 1, is_withdrawn=True)
    present = make_entry(event, 2)
    present.checked_in_at, present.is_withdrawn = timezone.now(), True
    present.save()
    assert [row.start_fee for row in cash_book(event).rows] == [D("0.00"), D("6.00")]


def test_the_cash_book_reads_a_fixed_number_of_queries(event, django_assert_max_num_queries):
    for number in range(10, 40):
        make_entry(event, number)
    with django_assert_max_num_queries(5):
        book = cash_book(event)
    assert len(book.rows) == 36


@pytest.mark.parametrize("durch_and_conceded_count", [True, False])
def test_an_event_kept_in_round_totals_owes_for_the_typed_lost_games(durch_and_conceded_count):
    """A sheet of round totals knows no kind of game: every typed lost game counts, whatever
    the settings say of a Durch or a conceded game. 0,50 € each, 1,00 € from the third on:
    no. 1 lost 4 (0,50 + 0,50 + 1,00 + 1,00 = 3,00), no. 3 lost 1 (0,50)."""
    event = make_event(scoring_mode=Event.ScoringMode.TOTALS)
    update_money_settings(
        event=event, lost_game_fee=D("0.50"), lost_game_fee_higher=D("1.00"),
        lost_game_fee_higher_from=3, lost_durch_counts=durch_and_conceded_count,
        lost_conceded_counts=durch_and_conceded_count,
    )
    entries = [make_entry(event, n) for n in (1, 2, 3)]
    sheet = sheet_for(event, 1, entries, 1, status=ScoreSheet.Status.EMPTY)
    save_sheet_totals(sheet=sheet, base_version=0, totals=[(-400, 4), (900, 0), (-20, 1)])
    confirm_sheet(sheet=sheet, user=None)
    book = cash_book(event)
    assert {row.entry.start_number: (row.lost, row.lost_money) for row in book.rows} == {
        1: (4, D("3.00")), 2: (0, D("0.00")), 3: (1, D("0.50")),
    }
