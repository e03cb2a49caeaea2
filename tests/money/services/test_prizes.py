"""The prize table's writes (``money.prizes.services``) and the prize list they shape
(``money.prizes.selectors``): prizes defined and checked, ties shared, a stand-in and a withdrawn
entry passed over, lots drawn and recorded, prizes ticked off as collected."""

import random
from decimal import Decimal as D

import pytest

from core.models import ChangeRecord
from money.audit import MoneyAction
from money.models import PrizeHandout, PrizeLot, PrizeSettings
from money.prizes.selectors import prize_table
from money.prizes.services import (
    PrizeError,
    add_prize,
    draw_lots,
    remove_prize,
    set_collected,
    update_prize_settings,
)
from tests.factories import make_entry, make_event
from tests.money.prize_field import prize_event

pytestmark = pytest.mark.django_db


def place_lines(table, pairs=False):
    ranking = table.rankings[1 if pairs else 0]
    return [
        (a.candidate.start_number, a.place, a.money, a.goods) for a in ranking.prizes.awards
    ]


def test_the_prize_list_of_the_event():
    table = prize_table(prize_event())
    # no. 7 withdrew and the stand-in 6 is not ranked: the list moves up; before a lot the
    # tied 2, 3, 5 stand by start number
    assert place_lines(table) == [
        (1, 1, D("40"), []), (4, 1, D("40"), []),
        (2, 3, D("10"), ["Präsentkorb"]), (3, 3, D("10"), []), (5, 3, D("10"), ["Wein"]),
    ]
    specials = [(a.rule.award, a.candidate.start_number, a.money, a.goods)
                for a in table.rankings[0].prizes.specials]
    assert specials == [("last", 9, D("0"), ["Laterne"]), ("category", 3, D("15"), [])]
    assert place_lines(table, pairs=True) == [(10, 1, D("30"), [])]
    assert [[c.start_number for c in group] for _pairs, group in table.undecided] == [[2, 3, 5]]
    assert (table.money, table.remainder, table.unawarded) == (D("155"), D("1"), D("0"))
    assert not table.provisional


def test_a_drawn_lot_decides_the_goods_and_is_recorded():
    event = prize_event()
    (lot,) = draw_lots(event=event, rng=random.Random(7))
    order = [event.entries.get(pk=pk).start_number for pk in lot.order]
    assert sorted(order) == [2, 3, 5]
    table = prize_table(event)
    assert table.undecided == []
    assert place_lines(table)[2:] == [
        (order[0], 3, D("10"), ["Präsentkorb"]), (order[1], 3, D("10"), []),
        (order[2], 3, D("10"), ["Wein"]),
    ]
    log = ChangeRecord.objects.get(action=MoneyAction.LOT_DRAWN)
    assert log.params["place"] == 4  # no. 7 still holds place 1 in the standings
    assert [ref["number"] for ref in log.params["order"]] == order
    with pytest.raises(PrizeError):
        draw_lots(event=event)  # nothing left to draw
    assert PrizeLot.objects.count() == 1


def test_without_sharing_the_order_decides_the_money_too():
    event = prize_event()
    update_prize_settings(event=event, share_money=False)
    table = prize_table(event)
    # 1 and 4 are equal on every tie-break: a lot decides who gets 50 and who 30
    assert [[c.start_number for c in g] for _p, g in table.undecided] == [[1, 4], [2, 3, 5]]
    PrizeLot.objects.create(event=event, order=[
        event.entries.get(start_number=n).pk for n in (4, 1)
    ])
    assert place_lines(prize_table(event))[:2] == [(4, 1, D("50"), []), (1, 2, D("30"), [])]


def test_the_events_tie_breaks_order_the_goods():
    event = prize_event()
    event.tie_breaks = "best_round"  # one round: equal totals stay equal, still a lot
    event.save()
    assert prize_table(event).undecided


def test_collecting_a_prize_is_ticked_off_and_logged():
    event = prize_event()
    one = event.entries.get(start_number=1)
    set_collected(event=event, entry=one, line="place")
    table = prize_table(event)
    assert table.money_collected == D("40")
    assert PrizeHandout.objects.get().entry == one
    with pytest.raises(PrizeError):
        set_collected(event=event, entry=one, line="place")
    with pytest.raises(PrizeError):  # no. 8 receives nothing
        set_collected(event=event, entry=event.entries.get(start_number=8), line="place")
    set_collected(event=event, entry=one, line="place", collected=False)
    assert prize_table(event).money_collected == D("0")
    logs = list(ChangeRecord.objects.filter(
        action__in=[MoneyAction.HANDED_OUT, MoneyAction.HANDOUT_UNDONE]
    ))
    assert len(logs) == 2
    assert logs[-1].params["money"] == "40.00" and logs[-1].params["place"] == 1


def test_prizes_are_checked_before_they_are_saved():
    event = make_event()
    for fields, field in [
        ({"place": None}, "place"),
        ({"place": 5, "last_place": 3}, "last_place"),
        ({"place": 5, "last_place": 8, "to_end": True}, "last_place"),
        ({"award": "category", "category": " "}, "category"),
        ({"place": 1, "amount": None, "goods": ""}, "amount"),
        ({"place": 1, "share": D("40")}, "share"),  # both, and no pot
        ({"place": 1, "amount": None, "share": D("40")}, "share"),  # no pot
    ]:
        with pytest.raises(PrizeError) as error:
            add_prize(event=event, **{"amount": D("10"), **fields})
        assert error.value.field == field, fields
    assert not event.prizes.exists() and not ChangeRecord.objects.exists()


def test_a_share_needs_the_pot_and_pays_from_the_entry_fees():
    from money.cash.services import take_payment, update_money_settings

    event = prize_event()
    update_money_settings(event=event, start_fee_single=D("8"))
    update_prize_settings(event=event, pot_percent=D("50"))
    add_prize(event=event, award="best_round", share=D("25"), goods="Urkunde")
    for number in (1, 2, 3, 4, 5, 8, 9):
        take_payment(entry=event.entries.get(start_number=number), purpose="start_fee",
                     amount=D("8"))
    take_payment(entry=event.entries.get(start_number=10), purpose="start_fee", amount=D("12"))
    table = prize_table(event)
    singles = table.rankings[0]
    # 7 singles × 8 = 56 collected (the pair's 12 is the pairs' pot), 50 % = 28;
    # 25 % of 28 = 7 € for the best single round: no. 1 (210, before no. 4 by start number)
    assert (singles.collected, singles.pot) == (D("56"), D("28"))
    (best,) = [a for a in singles.prizes.specials if a.rule.award == "best_round"]
    assert (best.candidate.start_number, best.money, best.goods) == (1, D("7"), ["Urkunde"])
    assert (table.rankings[1].collected, table.rankings[1].pot) == (D("12"), D("6"))


def test_adding_and_removing_prizes_is_logged():
    event = make_event()
    prize = add_prize(event=event, place=6, to_end=True, goods=" Flasche Wein ")
    assert (prize.goods, prize.last_place, prize.amount) == ("Flasche Wein", None, None)
    special = add_prize(event=event, pairs=True, award="last", place=3, goods="Laterne")
    assert special.place is None  # a special prize has no place
    remove_prize(prize=prize)
    logs = list(ChangeRecord.objects.order_by("id"))
    assert [c.action for c in logs] == [
        MoneyAction.PRIZE_ADDED, MoneyAction.PRIZE_ADDED, MoneyAction.PRIZE_REMOVED
    ]
    assert logs[0].description == (
        "Preis hinzugefügt: Einzelspieler, Platz 6 und alle weiteren Plätze: „Flasche Wein“."
    )
    assert logs[1].description == (
        "Preis hinzugefügt: Paare, Rote Laterne (letzter Platz): „Laterne“."
    )
    assert logs[2].params["prize"]["goods"] == "Flasche Wein"


def test_prize_settings_are_saved_and_logged():
    event = make_event()
    update_prize_settings(event=event, pot_percent=D("50"), call_order="top_last")
    settings = PrizeSettings.objects.get(event=event)
    assert (settings.pot_percent, settings.share_money, settings.top_first) == (
        D("50"), True, False
    )
    assert update_prize_settings(event=event, pot_percent=D("50.00")) == []
    assert ChangeRecord.objects.get().params["changes"] == [
        ["pot_percent", None, "50"], ["call_order", "top_first", "top_last"],
    ]


def test_an_event_without_games_has_an_empty_prize_list():
    event = make_event()
    make_entry(event, 1)
    add_prize(event=event, place=1, amount=D("50"))
    table = prize_table(event)
    assert (table.lines, table.money, table.unawarded) == ([], D("0"), D("50"))
