"""Who gets which prize (``money.prizes.awards``), pure Python and table-driven: every expected
line is worked out by hand beside it."""

from decimal import Decimal as D

import pytest

from money.prizes.awards import (
    BEST_ROUND,
    CATEGORY,
    LAST,
    PLACE,
    Candidate,
    PrizeRule,
    award_prizes,
    category_key,
    entry_categories,
)


def field(*totals, tied=(), withdrawn=(), best=None, categories=None):
    """Candidates 1, 2, … (entry id = start number) with these totals in standings order.

    Equal totals share a place in the standings unless listed in neither ``tied``: when
    ``tied`` is given, only those entry ids share their place (the event's tie-breaks
    separated the others)."""
    candidates, place = [], 0
    for index, points in enumerate(totals, start=1):
        previous = totals[index - 2] if index > 1 else None
        same = points == previous and (not tied or (index in tied and index - 1 in tied))
        if not same:
            place = index
        candidates.append(Candidate(
            entry_id=index, start_number=index, name=f"E{index}", total=points,
            standing_place=place, best_round=(best or {}).get(index),
            categories=frozenset((categories or {}).get(index, ())),
            withdrawn=index in withdrawn,
        ))
    return candidates


def money(place, amount, last=None, key=None, goods=""):
    return PrizeRule(key=key or place, place=place, last_place=last, amount=D(amount),
                     goods=goods)


def goods(place, text, last=None, to_end=False, key=None):
    return PrizeRule(key=key or 100 + place, place=place, last_place=last, to_end=to_end,
                     goods=text)


CASH = [money(1, "200"), money(2, "100"), money(3, "50"), money(4, "30"), money(5, "20")]


def lines(result):
    """(entry, shown place, money, goods) of every place prize, in position order."""
    return [(a.candidate.entry_id, a.place, a.money, a.goods) for a in result.awards]


def test_cash_for_the_first_places_and_goods_for_the_rest():
    result = award_prizes(field(900, 800, 700, 600, 500, 400, 300),
                          [*CASH, goods(6, "Flasche Wein", to_end=True)])
    assert lines(result) == [
        (1, 1, D("200"), []), (2, 2, D("100"), []), (3, 3, D("50"), []),
        (4, 4, D("30"), []), (5, 5, D("20"), []),
        (6, 6, D("0"), ["Flasche Wein"]), (7, 7, D("0"), ["Flasche Wein"]),
    ]
    assert (result.money, result.remainder, result.undecided) == (D("400"), D("0"), [])


@pytest.mark.parametrize(
    ("totals", "expected", "remainder"),
    [
        # places 2 and 3 tied: (100 + 50) / 2 = 75 each
        ((900, 800, 800, 600), [(1, 1, "200"), (2, 2, "75"), (3, 2, "75"), (4, 4, "30")], "0"),
        # places 2–4 tied: (100 + 50 + 30) / 3 = 60 each
        ((900, 800, 800, 800), [(1, 1, "200"), (2, 2, "60"), (3, 2, "60"), (4, 2, "60")], "0"),
        # places 4–6 tied, place 6 has no money: (30 + 20) / 3 = 16.66 → 16.50, 0.50 left
        ((900, 800, 700, 600, 600, 600),
         [(1, 1, "200"), (2, 2, "100"), (3, 3, "50"), (4, 4, "16.50"), (5, 4, "16.50"),
          (6, 4, "16.50")], "0.50"),
        # the first place tied: (200 + 100) / 2 = 150 each
        ((900, 900, 700), [(1, 1, "150"), (2, 1, "150"), (3, 3, "50")], "0"),
    ],
)
def test_equal_totals_share_the_money_of_their_places(totals, expected, remainder):
    result = award_prizes(field(*totals), CASH)
    assert [(a.candidate.entry_id, a.place, a.money) for a in result.awards] == [
        (entry, place, D(amount)) for entry, place, amount in expected
    ]
    assert result.remainder == D(remainder)
    # what is paid plus what is left is what the places hold
    assert result.money + result.remainder == sum(
        rule.money(D(0)) for rule in CASH if rule.place <= len(totals)
    )


def test_a_share_states_the_places_it_came_from():
    result = award_prizes(field(900, 800, 700, 600, 600, 600), CASH)
    (share,) = result.shares
    assert (share.first, share.last, share.ways, share.amount, share.each, share.remainder) == (
        4, 6, 3, D("50"), D("16.50"), D("0.50")
    )
    assert result.awards[4].share == share


def test_withdrawn_entries_get_nothing_and_the_list_moves_up():
    # no. 1 withdrew after playing: no. 2 takes the first prize
    result = award_prizes(field(900, 800, 700, withdrawn={1}), CASH)
    assert [(a.candidate.entry_id, a.place, a.money) for a in result.awards] == [
        (2, 1, D("200")), (3, 2, D("100")),
    ]
    assert result.unawarded == D("100")  # places 3–5 (50 + 30 + 20): nobody left for them


def test_goods_of_tied_places_need_a_lot_the_shared_money_does_not():
    rules = [money(1, "100", goods="Pokal"), money(2, "50", goods="Präsentkorb")]
    result = award_prizes(field(900, 900, 100), rules)
    # money shared: 75 each; the goods differ, so the order matters: a lot is needed
    assert [[c.entry_id for c in group] for group in result.undecided] == [[1, 2]]
    assert lines(result)[:2] == [(1, 1, D("75"), ["Pokal"]), (2, 1, D("75"), ["Präsentkorb"])]
    drawn = award_prizes(field(900, 900, 100), rules, lots=[[2, 1]])
    assert drawn.undecided == []
    assert lines(drawn)[:2] == [(2, 1, D("75"), ["Pokal"]), (1, 1, D("75"), ["Präsentkorb"])]


def test_a_lot_for_other_entries_does_not_decide():
    rules = [goods(1, "Pokal"), goods(2, "Korb")]
    result = award_prizes(field(900, 900, 900), rules, lots=[[2, 1]])  # drawn for 1 and 2 only
    assert [[c.entry_id for c in group] for group in result.undecided] == [[1, 2, 3]]


def test_ties_on_places_with_the_same_prize_need_no_lot():
    result = award_prizes(field(900, 500, 500, 100), [goods(1, "Wein", to_end=True)])
    assert result.undecided == []


def test_the_events_tie_breaks_order_the_goods_and_the_money_is_still_shared():
    # 2 and 3 have equal totals, but a tie-break put 3 ahead (not the same standing place):
    # entry 3 is listed first in the standings
    candidates = field(900, 800, 800, tied={99})
    candidates[1], candidates[2] = (
        Candidate(3, 3, "E3", 800, 2), Candidate(2, 2, "E2", 800, 3),
    )
    rules = [money(1, "200"), money(2, "100", goods="Pokal"), money(3, "50", goods="Korb")]
    result = award_prizes(candidates, rules)
    assert result.undecided == []
    assert lines(result) == [
        (1, 1, D("200"), []), (3, 2, D("75"), ["Pokal"]), (2, 2, D("75"), ["Korb"]),
    ]
    separate = award_prizes(candidates, rules, share_money=False)
    assert lines(separate) == [
        (1, 1, D("200"), []), (3, 2, D("100"), ["Pokal"]), (2, 3, D("50"), ["Korb"]),
    ]


def test_without_sharing_a_tie_needs_a_lot_for_the_money():
    result = award_prizes(field(900, 900), CASH, share_money=False)
    assert [[c.entry_id for c in group] for group in result.undecided] == [[1, 2]]
    assert lines(result) == [(1, 1, D("200"), []), (2, 1, D("100"), [])]  # shown as shared
    drawn = award_prizes(field(900, 900), CASH, share_money=False, lots=[[2, 1]])
    assert lines(drawn) == [(2, 1, D("200"), []), (1, 2, D("100"), [])]
    assert drawn.remainder == D("0") and drawn.shares == []


def test_share_of_the_takings_in_fixed_proportions():
    rules = [PrizeRule(key=place, place=place, share=D(percent))
             for place, percent in ((1, 40), (2, 30), (3, 20), (4, 10))]
    result = award_prizes(field(900, 800, 700, 600, 500), rules, pot=D("182.50"))
    # 40 % of 182.50 = 73.00; 30 % = 54.75 → 54.50; 20 % = 36.50; 10 % = 18.25 → 18.00
    assert [a.money for a in result.awards] == [D("73"), D("54.50"), D("36.50"), D("18")]
    assert result.money == D("182.00")


def test_a_range_of_places_and_a_place_beyond_the_field():
    rules = [PrizeRule(key=1, place=2, last_place=3, amount=D("10"), goods="Gutschein"),
             money(9, "5")]
    result = award_prizes(field(9, 8, 7, 6), rules)
    assert lines(result) == [(2, 2, D("10"), ["Gutschein"]), (3, 3, D("10"), ["Gutschein"])]
    assert result.unawarded == D("5")


def test_call_order_from_the_top_or_from_the_bottom():
    result = award_prizes(field(900, 800, 700), CASH)
    assert [a.candidate.entry_id for a in result.in_call_order(top_first=True)] == [1, 2, 3]
    assert [a.candidate.entry_id for a in result.in_call_order(top_first=False)] == [3, 2, 1]


def special(key, award, amount="0", text="", category=""):
    return PrizeRule(key=key, award=award, amount=D(amount), goods=text, category=category)


def specials(result):
    return [(a.rule.key, a.candidate.entry_id, a.money, a.goods) for a in result.specials]


def test_red_lantern_best_round_and_best_of_a_category():
    candidates = field(
        900, 800, 700, 600, withdrawn={4},
        best={1: 400, 2: 450, 3: 300, 4: 500},
        categories={2: {"frau"}, 3: {"frau"}},
    )
    rules = [
        special(1, LAST, text="Rote Laterne"),
        special(2, BEST_ROUND, amount="10"),
        special(3, CATEGORY, amount="15", text="Blumen", category=" Frau "),
        special(4, CATEGORY, amount="7", category="Jugend"),
    ]
    result = award_prizes(candidates, [*CASH, *rules])
    assert specials(result) == [
        (1, 3, D("0"), ["Rote Laterne"]),  # no. 4 withdrew: no. 3 is last
        (2, 2, D("10"), []),  # no. 4's 500 does not count; no. 2's 450 is best
        (3, 2, D("15"), ["Blumen"]),  # the best woman, on top of her place prize
    ]
    # nobody reached places 4 and 5 (30 + 20), and nobody is "Jugend" (7)
    assert result.unawarded == D("57")


def test_equal_best_rounds_go_to_the_better_in_the_prize_order():
    candidates = field(900, 800, 700, best={1: 400, 2: 450, 3: 450})
    assert specials(award_prizes(candidates, [special(1, BEST_ROUND, "10")])) == [
        (1, 2, D("10"), [])
    ]
    # equal on every tie-break as well: a lot decides
    tied = field(900, 800, 800, best={1: 400, 2: 450, 3: 450})
    result = award_prizes(tied, [special(1, BEST_ROUND, "10")])
    assert [[c.entry_id for c in group] for group in result.undecided] == [[2, 3]]
    drawn = award_prizes(tied, [special(1, BEST_ROUND, "10")], lots=[[3, 2]])
    assert (drawn.undecided, specials(drawn)) == ([], [(1, 3, D("10"), [])])


def test_a_tie_for_the_last_place_needs_a_lot_for_the_red_lantern():
    result = award_prizes(field(900, 100, 100), [special(1, LAST, text="Laterne")])
    assert [[c.entry_id for c in group] for group in result.undecided] == [[2, 3]]
    drawn = award_prizes(field(900, 100, 100), [special(1, LAST, text="Laterne")],
                         lots=[[3, 2]])
    assert specials(drawn) == [(1, 2, D("0"), ["Laterne"])]  # drawn order 3, 2: 2 is last


@pytest.mark.parametrize(
    ("player", "partner", "expected"),
    [
        ("Frau", None, {"frau"}),
        ("", None, set()),
        (" frau ", "FRAU", {"frau"}),
        ("Frau", "", set()),  # a pair is in a category only when both players are
        ("Frau", "Jugend", set()),
    ],
)
def test_an_entrys_categories(player, partner, expected):
    assert entry_categories(player, partner) == frozenset(expected)
    assert category_key(" Frau ") == "frau"


def test_nothing_to_award_in_an_empty_ranking():
    result = award_prizes([], [*CASH, special(1, LAST, "5")])
    assert (result.lines, result.money, result.unawarded) == ([], D("0"), D("405"))


def test_a_rule_that_is_not_for_a_place_has_no_positions():
    assert list(PrizeRule(key=1, award=LAST).positions(10)) == []
    assert list(goods(3, "x", to_end=True).positions(5)) == [3, 4, 5]
    assert list(goods(3, "x", to_end=True).positions(2)) == []
    assert PLACE == "place"


@pytest.mark.parametrize(
    ("field", "expected"),
    [
        # 10 singles: the cup for 1st, wine for 4th to the end (7), the lantern once
        (10, [("Flasche Wein", 7), ("Laterne", 1), ("Pokal", 1)]),
        # 3 singles: no 4th place, so no wine
        (3, [("Laterne", 1), ("Pokal", 1)]),
        (0, []),
    ],
)
def test_the_shopping_list_counts_the_goods_for_the_expected_field(field, expected):
    from money.prizes.awards import shopping_list

    rules = [
        PrizeRule(1, place=1, goods="Pokal", amount=D("50")),
        PrizeRule(2, place=2, last_place=3, amount=D("20")),
        PrizeRule(3, place=4, to_end=True, goods="Flasche Wein"),
        PrizeRule(4, award=LAST, goods="Laterne"),
    ]
    assert shopping_list([(rules, field)]) == expected


def test_the_shopping_list_adds_up_both_rankings():
    from money.prizes.awards import shopping_list

    singles = [PrizeRule(1, place=1, last_place=3, goods="Präsentkorb")]
    pairs = [PrizeRule(2, place=1, last_place=2, goods="Präsentkorb")]
    assert shopping_list([(singles, 20), (pairs, 1)]) == [("Präsentkorb", 4)]
