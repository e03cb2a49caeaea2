"""The switches of the house rules (``scoring.rules.SWITCHES``): each declared once on
``RulesProfile`` with its label, help and bounds, and ``RulesProfile.problems`` checking every
value against its switch's bounds. The bounds below are transcribed from docs/rules.md ("The
switches"), not read from the code."""

from __future__ import annotations

from dataclasses import fields, replace
from decimal import Decimal

import pytest

from core.errors import GERMAN
from scoring.rules import RULES, SWITCHES, RulesProfile
from scoring.switches import EUROS, FLAG, NUMBER

# name → (kind, lowest, highest, step); flags have no bounds
EXPECTED = {
    "min_bid": (NUMBER, 100, 300, 10),
    "games_per_round": (NUMBER, 1, 48, 1),
    "conceded_half_bid": (FLAG, None, None, None),
    "out_of_reach_factor": (NUMBER, 1, 3, 1),
    "lost_half_bid": (FLAG, None, None, None),
    "durch": (FLAG, None, None, None),
    "durch_points": (NUMBER, 100, 5000, 10),
    "durch_open": (FLAG, None, None, None),
    "durch_open_points": (NUMBER, 100, 5000, 10),
    "double_familie": (NUMBER, 100, 5000, 10),
    "eight_tens": (FLAG, None, None, None),
    "rundgang_with_familie": (NUMBER, 100, 240, 10),
    "exact_tie_break": (FLAG, None, None, None),
    "lost_game_fee": (EUROS, Decimal(0), Decimal("9999.99"), Decimal("0.01")),
    "lost_game_fee_higher": (EUROS, Decimal(0), Decimal("9999.99"), Decimal("0.01")),
    "lost_game_fee_higher_from": (NUMBER, 2, 48, 1),
    "players_sign": (FLAG, None, None, None),
}


def test_every_field_but_the_presets_name_is_a_switch_in_the_declared_order():
    assert list(SWITCHES) == [f.name for f in fields(RulesProfile) if f.name != "name"]
    assert list(SWITCHES) == list(EXPECTED)


@pytest.mark.parametrize("name", list(EXPECTED))
def test_each_switch_carries_its_kind_bounds_label_and_help(name):
    declared = SWITCHES[name]
    kind, low, high, step = EXPECTED[name]
    assert declared.kind == kind
    if kind == FLAG:
        assert declared.bounds is None
    else:
        assert (declared.bounds.low, declared.bounds.high, declared.bounds.step) == (
            low, high, step
        )
    assert declared.default == getattr(RulesProfile(), name)
    # label and help are msgids with their German in the catalogue
    for msgid in (declared.label, declared.help):
        assert msgid and GERMAN.gettext(msgid) != msgid, msgid


@pytest.mark.parametrize(
    "name", [name for name, (kind, *_bounds) in EXPECTED.items() if kind == NUMBER]
)
def test_a_number_switch_takes_exactly_its_bounds(name):
    _kind, low, high, step = EXPECTED[name]
    ejl = RULES["ejl"]
    for good in (low, high):
        assert replace(ejl, **{name: good}).problems() == []
    for bad in (low - step, high + step, *([low + step // 2] if step > 1 else []), "150"):
        problems = replace(ejl, **{name: bad}).problems()
        assert [problem.field for problem in problems] == [name], bad
        assert problems[0].translated(lambda msgid: msgid) == (
            f"Choose a multiple of {step} from {low} to {high}."
        )


@pytest.mark.parametrize("name", ["lost_game_fee", "lost_game_fee_higher"])
def test_an_amount_switch_takes_cents_from_0_to_9999_99_or_nothing(name):
    ejl = RULES["ejl"]
    for good in ("", "0", "0.50", "9999.99"):
        assert replace(ejl, **{name: good}).problems() == [], good
    for bad in ("-1", "0.505", "10000", "abc", "NaN"):
        problems = replace(ejl, **{name: bad}).problems()
        assert [problem.field for problem in problems] == [name], bad


def test_the_higher_fees_game_may_be_left_empty():
    assert replace(RULES["ejl"], lost_game_fee_higher_from=None).problems() == []


def test_differences_name_switches_only():
    aks = RULES["aks-heroldstatt"]
    assert RULES["ejl"].differences(aks) == [
        "games_per_round", "out_of_reach_factor", "lost_half_bid", "durch", "durch_open",
        "double_familie", "eight_tens", "lost_game_fee", "players_sign",
    ]
    assert replace(aks, name="other").differences(aks) == []
