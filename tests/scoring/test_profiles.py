"""Tests for the house rules (``scoring.rules.RulesProfile``, ``RULES``): scoring and melds by
each published preset.

The expected values are worked out by hand from the sources (the ejl rules in the seeds, the
AKS Heroldstatt rules sheet, the BSV Ennahofen tournament page; see docs/rules.md, "House
rules"), never by calling the code. ``r(x)`` is round10(x).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.melds import BadMeldCount, ImpossibleMelds, catalogue, meld_total, party_melds
from scoring.rules import (
    AKS_HEROLDSTATT,
    BSV_ENNAHOFEN,
    EJL,
    RULES,
    TRICK_TOTAL,
    InvalidHand,
    RulesProfile,
    round10,
    score_hand,
)
from scoring.simulate import random_game

AKS = RULES[AKS_HEROLDSTATT]
BSV = RULES[BSV_ENNAHOFEN]
ejl = RULES[EJL]


def case(case_id, rules, expected, **kwargs):
    kwargs.setdefault("kind", "played")
    return pytest.param(rules, kwargs, expected, id=case_id)


CASES = [
    # --- AKS Heroldstatt: the rules sheet's own examples --------------------------------------
    # conceded 300: others half the bid, 150, plus their meld
    case("aks-conceded-300", AKS, (-300, 150, 170),
         bid=300, declarer=0, melds=(100, 0, 20), tricks=None, kind="conceded"),
    # conceded 310: half is 155, up to 160
    case("aks-conceded-310", AKS, (-310, 160, 160),
         bid=310, declarer=0, melds=(100, 0, 0), tricks=None, kind="conceded"),
    # 300 with 40 melded: 300 > 40 + 250, out of reach: −2 × 300
    case("aks-conceded-out-of-reach", AKS, (-600, 150, 190),
         bid=300, declarer=0, melds=(40, 0, 40), tricks=None, kind="conceded"),
    # 300 with 50 melded: 300 = 50 + 250 is within reach: −300
    case("aks-conceded-just-in-reach", AKS, (-300, 150, 150),
         bid=300, declarer=0, melds=(50, 0, 0), tricks=None, kind="conceded"),
    # lost 300 (120 + 170 = 290 < 300): −600; others meld + r(tricks) + half the bid (150)
    case("aks-lost-half-bid-on-top", AKS, (-600, 0 + 50 + 150, 60 + 40 + 150),
         bid=300, declarer=0, melds=(120, 0, 60), tricks=(170, 45, 35)),
    # lost 250 by the second player: half 125 → 130 on top for the others
    case("aks-lost-half-rounds-up", AKS, (20 + 70 + 130, -500, 0 + 100 + 130),
         bid=250, declarer=1, melds=(20, 80, 0), tricks=(65, 90, 95)),
    # a won game is scored as in the ejl rules
    case("aks-won-as-ejl", AKS, (210, 90, 90),
         bid=200, declarer=0, melds=(80, 20, 40), tricks=(130, 70, 50)),
    # --- the ejl: conceded out of reach costs only the bid ------------------------------------
    case("ejl-conceded-out-of-reach", ejl, (-300, 150, 190),
         bid=300, declarer=0, melds=(40, 0, 40), tricks=None, kind="conceded"),
    case("ejl-lost-no-half-bid", ejl, (-600, 50, 100),
         bid=300, declarer=0, melds=(120, 0, 60), tricks=(170, 45, 35)),
    # laid open, a Durch counts what a played one counts: 1000
    case("ejl-durch-open-won", ejl, (0, 1000, 0),
         bid=150, declarer=1, melds=(0, 0, 0), tricks=(0, 250, 0), kind="durch-open"),
    # --- BSV Ennahofen: a Durch 1000, laid open 1500 ------------------------------------------
    case("bsv-durch-played", BSV, (1000, 0, 0),
         bid=150, declarer=0, melds=(0, 0, 0), tricks=(250, 0, 0), kind="durch"),
    case("bsv-durch-open-won", BSV, (1500, 0, 0),
         bid=150, declarer=0, melds=(0, 0, 0), tricks=(250, 0, 0), kind="durch-open"),
    # lost laid open: −1500; the others r(tricks)
    case("bsv-durch-open-lost", BSV, (-1500, 20, 10),
         bid=150, declarer=0, melds=(0, 0, 0), tricks=(225, 15, 10), kind="durch-open"),
    case("bsv-conceded-as-ejl", BSV, (-250, 190, 150),
         bid=250, declarer=0, melds=(80, 60, 20), tricks=None, kind="conceded"),
]


@pytest.mark.parametrize(("rules", "game", "expected"), CASES)
def test_score_hand_by_profile(rules, game, expected):
    assert score_hand(**game, rules=rules) == expected


def test_a_composed_profile():
    """A club's own: conceded gives the others only their meld, lost no half bid."""
    rules = RulesProfile(name="custom", conceded_half_bid=False, min_bid=100)
    assert score_hand(
        bid=100, declarer=0, melds=(0, 40, 20), tricks=None, kind="conceded", rules=rules
    ) == (-100, 40, 20)
    with pytest.raises(InvalidHand) as refused:
        score_hand(bid=100, declarer=0, melds=(0, 0, 0), tricks=None, kind="conceded")
    assert refused.value.field == "bid"  # the ejl start at 150


@pytest.mark.parametrize("kind", ["durch", "durch-open"])
def test_no_durch_in_aks_rules(kind):
    with pytest.raises(InvalidHand) as refused:
        score_hand(bid=150, declarer=0, melds=(0, 0, 0), tricks=(250, 0, 0), kind=kind,
                   rules=AKS)
    assert refused.value.field == "kind"
    assert "Durch" in refused.value.translated(lambda msgid: msgid)
    assert AKS.kinds == ("played", "conceded")


def test_laying_open_can_be_switched_off():
    rules = RulesProfile(durch_open=False)
    assert rules.kinds == ("played", "conceded", "durch")
    with pytest.raises(InvalidHand) as refused:
        score_hand(bid=150, declarer=0, melds=(0, 0, 0), tricks=(250, 0, 0),
                   kind="durch-open", rules=rules)
    # the msgid: str() is the German text once the catalogue has it
    assert "laid open" in refused.value.message.msgid


# --- melds by the profile -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "counts", "total"),
    [
        (ejl, {"double_familie": 1}, 1500),
        (AKS, {"double_familie": 1}, 1000),
        (BSV, {"double_familie": 1}, 1500),
        (AKS, {"eight_tens": 1}, 1000),
        (AKS, {"eight_tens": 1, "binokel": 1}, 1040),
        # Familie in trump with a Rundgang: 150 + 200 = 350 in every preset
        (ejl, {"familie_trump": 1, "rundgang": 1}, 350),
        (AKS, {"familie_trump": 1, "rundgang": 1}, 350),
        (RulesProfile(rundgang_with_familie=240), {"familie_trump": 1, "rundgang": 1}, 390),
    ],
)
def test_meld_total_by_profile(rules, counts, total):
    assert meld_total(counts, rules=rules) == total


@pytest.mark.parametrize("rules", [ejl, BSV])
def test_eight_tens_refused_where_the_rules_have_none(rules):
    with pytest.raises(BadMeldCount) as refused:
        meld_total({"eight_tens": 1}, rules=rules)
    assert "Eight Tens" in refused.value.translated(lambda msgid: msgid)
    assert "eight_tens" not in {meld.code for meld in catalogue(rules)}
    # a zero count of it is no selection of it
    assert meld_total({"eight_tens": 0, "pair": 1}, rules=rules) == 20


def test_eight_tens_twice_in_a_pair_is_more_than_the_deck():
    with pytest.raises(ImpossibleMelds) as refused:
        party_melds([{"eight_tens": 1}, {"eight_tens": 1}], hand_size=9, rules=AKS)
    assert refused.value.reason == "eight_of_a_kind"
    # eight Tens take 8 of a four-table's 9 cards: nothing of 2 more cards fits beside them
    with pytest.raises(ImpossibleMelds) as refused:
        meld_total({"eight_tens": 1, "pair": 1}, hand_size=9, rules=AKS)
    assert refused.value.reason == "hand_size"


def test_catalogue_follows_the_profile():
    assert {m.code: m.points for m in catalogue(AKS)}["double_familie"] == 1000
    assert "eight_tens" in {m.code for m in catalogue(AKS)}
    assert len(catalogue(AKS)) == len(catalogue(ejl)) + 1


# --- saved profiles ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(RULES))
def test_presets_read_back_from_their_saved_form(name):
    assert RulesProfile.from_dict(RULES[name].as_dict()) == RULES[name]
    assert RULES[name].name == name
    assert RULES[name].problems() == []


def test_a_saved_profile_takes_missing_switches_from_its_preset():
    assert RulesProfile.from_dict({}) == ejl
    assert RulesProfile.from_dict(None) == ejl
    changed = RulesProfile.from_dict({"name": AKS_HEROLDSTATT, "games_per_round": 12,
                                      "unknown": 1})
    assert changed.games_per_round == 12 and changed.durch is False
    assert changed.differences(AKS) == ["games_per_round"]


def test_unusable_switches_are_named():
    rules = RulesProfile(min_bid=155, games_per_round=0, durch_open_points=-10)
    assert [problem.field for problem in rules.problems()] == [
        "min_bid", "games_per_round", "durch_open_points",
    ]


# --- the ejl results are unchanged ------------------------------------------------------------


def ejl_before_profiles(*, bid, declarer, melds, tricks, kind="played", revoked=None):
    """``score_hand`` as it was before house rules (commit 21a1ccf), for valid games: the
    oracle that the ejl profile scores every game as before."""
    parties = range(len(melds))
    if kind == "conceded":
        half = -(-bid // 20) * 10
        return tuple(-bid if p == declarer else half + melds[p] for p in parties)
    counted_tricks = [0 if p == revoked else tricks[p] for p in parties]
    if kind == "durch":
        won = revoked != declarer and tricks[declarer] == TRICK_TOTAL
        if won:
            return tuple(1000 if p == declarer else 0 for p in parties)
        return tuple(-1000 if p == declarer else round10(counted_tricks[p]) for p in parties)
    counted_melds = [melds[p] if tricks[p] > 0 else 0 for p in parties]
    won = revoked != declarer and counted_melds[declarer] + tricks[declarer] >= bid
    return tuple(
        -2 * bid if p == declarer and not won else counted_melds[p] + round10(counted_tricks[p])
        for p in parties
    )


@settings(max_examples=500, deadline=None)
@given(st.integers(min_value=0, max_value=2**32), st.sampled_from([2, 3, 4]))
def test_ejl_scores_every_game_as_before(seed, parties):
    game = random_game(parties, random.Random(seed))
    expected = ejl_before_profiles(**game)
    assert score_hand(**game) == expected
    assert score_hand(**game, rules=ejl) == expected
    assert score_hand(**game, rules=RulesProfile.from_dict({})) == expected


@settings(max_examples=300, deadline=None)
@given(st.integers(min_value=0, max_value=2**32), st.sampled_from([2, 3, 4]))
def test_bsv_scores_every_game_but_an_open_durch_as_the_ejl(seed, parties):
    game = random_game(parties, random.Random(seed))
    assert score_hand(**game, rules=BSV) == ejl_before_profiles(**game)
