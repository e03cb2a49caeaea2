"""The money arithmetic (``money.arithmetic``), pure Python and table-driven: every expected
figure is worked out by hand in the table, none comes from the code under test."""

from decimal import Decimal as D

import pytest

from money.arithmetic import (
    ZERO,
    LostGameRule,
    StartFees,
    down_to_half_euro,
    euros,
    lost_game_money,
    lost_games,
    pool,
    prize_share,
    split_equally,
    start_fee_due,
    total,
)


@pytest.mark.parametrize(
    ("value", "expected"),
    [(5, "5.00"), ("7.5", "7.50"), (D("0.125"), "0.12"), ("-3", "-3.00"), (D("10.005"), "10.00")],
)
def test_euros_are_decimals_with_two_places(value, expected):
    assert euros(value) == D(expected)
    assert str(euros(value)) == expected


@pytest.mark.parametrize("value", [0.1, 1.0, True])
def test_floats_are_refused(value):
    with pytest.raises(TypeError):
        euros(value)
    with pytest.raises(TypeError):
        down_to_half_euro(value)


def test_not_a_number_is_refused():
    with pytest.raises(ValueError):
        euros("NaN")


@pytest.mark.parametrize(
    ("amount", "expected"),
    [
        ("12.99", "12.50"),
        ("12.50", "12.50"),
        ("12.49", "12.00"),
        ("0.49", "0.00"),
        ("0", "0.00"),
        ("-0.10", "-0.50"),
        (D("2.99") / 6, "0.00"),  # 0.4983…: never rounded up to 0.50 on the way
        (D("100") / 3, "33.00"),
        (7, "7.00"),
    ],
)
def test_down_to_half_euro(amount, expected):
    assert down_to_half_euro(D(amount) if isinstance(amount, str) else amount) == D(expected)


def test_total():
    assert total([]) == ZERO
    assert total([D("0.50"), D("1.25"), 3]) == D("4.75")


FEES = StartFees(single=D("8.00"), pair=D("7.50"), pair_per_person=True)


@pytest.mark.parametrize(
    ("fees", "kwargs", "expected"),
    [
        (FEES, {"is_pair": False}, "8.00"),
        (FEES, {"is_pair": True}, "15.00"),  # 2 × 7.50 per person
        (StartFees(D("8"), D("12"), False), {"is_pair": True}, "12.00"),  # per pair
        (FEES, {"is_pair": False, "is_stand_in": True}, "0.00"),
        (FEES, {"is_pair": True, "is_stand_in": True, "checked_in": True}, "0.00"),
        (FEES, {"is_pair": False, "is_withdrawn": True}, "0.00"),
        (FEES, {"is_pair": False, "is_withdrawn": True, "checked_in": True}, "8.00"),
        (StartFees(), {"is_pair": True}, "0.00"),
    ],
)
def test_start_fee_due(fees, kwargs, expected):
    assert start_fee_due(fees, **kwargs) == D(expected)


LOSSES = {"played": 5, "durch": 1, "conceded": 2}


@pytest.mark.parametrize(
    ("rule", "expected"),
    [
        (LostGameRule(), 8),
        (LostGameRule(durch=False), 7),
        (LostGameRule(conceded=False), 6),
        (LostGameRule(durch=False, conceded=False), 5),
    ],
)
def test_which_lost_games_count(rule, expected):
    assert lost_games(rule, **LOSSES) == expected
    assert lost_games(rule, played=0) == 0


FLAT = LostGameRule(amount=D("0.50"))
FROM_FIFTH = LostGameRule(amount=D("0"), higher_amount=D("1.00"), higher_from=5)
STEPPED = LostGameRule(amount=D("0.50"), higher_amount=D("1.00"), higher_from=4)


@pytest.mark.parametrize(
    ("rule", "lost", "expected"),
    [
        (FLAT, 0, "0.00"),
        (FLAT, 1, "0.50"),
        (FLAT, 9, "4.50"),
        (FROM_FIFTH, 4, "0.00"),  # the first four are free
        (FROM_FIFTH, 5, "1.00"),
        (FROM_FIFTH, 11, "7.00"),  # games 5–11: 7 × 1.00
        (STEPPED, 3, "1.50"),  # 3 × 0.50
        (STEPPED, 4, "2.50"),  # 3 × 0.50 + 1 × 1.00
        (STEPPED, 10, "8.50"),  # 3 × 0.50 + 7 × 1.00
        (LostGameRule(amount=D("0.20"), higher_amount=D("1"), higher_from=1), 3, "3.00"),
        (LostGameRule(amount=D("0.30"), higher_from=3), 4, "1.20"),  # no higher amount: flat
        (LostGameRule(), 6, "0.00"),
    ],
)
def test_lost_game_money(rule, lost, expected):
    assert lost_game_money(lost, rule) == D(expected)


def test_a_negative_count_of_lost_games_is_a_bug():
    with pytest.raises(ValueError):
        lost_game_money(-1, FLAT)


@pytest.mark.parametrize(
    ("rule", "active"),
    [(LostGameRule(), False), (FLAT, True), (FROM_FIFTH, True),
     (LostGameRule(higher_amount=D("1")), False)],
)
def test_a_rule_is_active_when_some_lost_game_costs_money(rule, active):
    assert rule.active is active


@pytest.mark.parametrize(
    ("collected", "percent", "expected"),
    [
        ("365.00", D(50), "182.50"),
        ("100.10", D(33), "33.03"),  # 33.033 down to the cent
        ("400.00", None, "0.00"),
        ("400.00", D(0), "0.00"),
        ("80.00", D("12.5"), "10.00"),
    ],
)
def test_pool(collected, percent, expected):
    assert pool(D(collected), percent) == D(expected)


@pytest.mark.parametrize(
    ("pot", "percent", "expected"),
    [
        ("182.50", 40, "73.00"),
        ("182.50", 30, "54.50"),  # 54.75 down to 0.50
        ("182.50", 20, "36.50"),
        ("182.50", 10, "18.00"),  # 18.25 down to 0.50
        ("0.00", 50, "0.00"),
    ],
)
def test_prize_share(pot, percent, expected):
    assert prize_share(D(pot), percent) == D(expected)


def test_prize_shares_never_pay_more_than_the_pot():
    pot = D("182.50")
    shares = [prize_share(pot, percent) for percent in (40, 30, 20, 10)]
    assert total(shares) == D("182.00")  # 73 + 54.50 + 36.50 + 18; 0.50 stays in the box


@pytest.mark.parametrize(
    ("amount", "ways", "share", "remainder"),
    [
        ("150.00", 2, "75.00", "0.00"),  # places 1 + 2: 100 + 50 shared by two
        ("100.00", 3, "33.00", "1.00"),
        ("50.00", 3, "16.50", "0.50"),
        ("20.20", 1, "20.20", "0.00"),  # one entry takes the amount as it is
        ("2.99", 6, "0.00", "2.99"),
        ("0.00", 4, "0.00", "0.00"),
        ("35.00", 4, "8.50", "1.00"),  # 8.75 down to 8.50
    ],
)
def test_split_equally(amount, ways, share, remainder):
    each, rest = split_equally(D(amount), ways)
    assert (each, rest) == (D(share), D(remainder))
    assert each * ways + rest == D(amount)


def test_split_needs_one_way_at_least():
    with pytest.raises(ValueError):
        split_equally(D("10"), 0)
