"""Tests for ``scoring.rules``: scoring one Binokel hand per party.

Every expected value below was worked out by hand from docs/rules.md and the
project decisions (see the comment on each case); none was obtained by calling the code.

Shorthand in the comments: ``r(x)`` is round10(x) (nearest 10, halves up); ``d`` is the
declarer; "won"/"lost" is decided on the declarer's counted meld + exact tricks vs. the bid.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import rules
from scoring.rules import InvalidHand, round10, score_hand

PLAYED = "played"
CONCEDED = "conceded"
DURCH = "durch"


def case(case_id, expected, **kwargs):
    kwargs.setdefault("kind", PLAYED)
    return pytest.param(kwargs, expected, id=case_id)


# ---------------------------------------------------------------------------
# Scoring table
# ---------------------------------------------------------------------------

SCORING_CASES = [
    # --- the three worked examples of docs/rules.md, verbatim ------------------------------
    # 80+130=210 >= 200 won; d: 80+130=210; 20+r(70)=90; 40+r(50)=90
    case("rules-example-1-won", (210, 90, 90),
         bid=200, declarer=0, melds=(80, 20, 40), tricks=(130, 70, 50)),
    # 120+170=290 < 300 lost; d: -600; 0+r(45)=50; 60+r(35)=60+40=100
    case("rules-example-2-lost", (-600, 50, 100),
         bid=300, declarer=0, melds=(120, 0, 60), tricks=(170, 45, 35)),
    # conceded 250: half 125 -> 130; d: -250; 130+60=190; 130+20=150
    case("rules-example-3-conceded", (-250, 190, 150),
         bid=250, declarer=0, melds=(80, 60, 20), tricks=None, kind=CONCEDED),

    # --- played, three singles -------------------------------------------------------
    # 100+100=200 == 200 won (equal is enough); 100+100=200; 0+80; 0+70
    case("exactly-reaches-bid", (200, 80, 70),
         bid=200, declarer=0, melds=(100, 0, 0), tricks=(100, 80, 70)),
    # d1: 60+150=210 == 210 won; 20+r(83)=100; 60+150=210; 40+r(17)=60
    case("exactly-reaches-bid-declarer-1", (100, 210, 60),
         bid=210, declarer=1, melds=(20, 60, 40), tricks=(83, 150, 17)),
    # 0+195=195 < 200 lost although r(195)=200; d: -400; 40+30=70; 20+r(25)=50
    case("lost-by-1-rounding-would-reach", (-400, 70, 50),
         bid=200, declarer=0, melds=(0, 40, 20), tricks=(195, 30, 25)),
    # d2: 100+149=249 < 250 lost although 100+r(149)=250; 20+r(61)=80; 0+40; d: -500
    case("lost-by-1-with-meld-declarer-2", (80, 40, -500),
         bid=250, declarer=2, melds=(20, 0, 100), tricks=(61, 40, 149)),
    # 60+125=185 >= 180 won; 60+r(125)=190 (half up); 20+r(64)=80; 0+r(61)=60
    case("won-rounding-up-and-down", (190, 80, 60),
         bid=180, declarer=0, melds=(60, 20, 0), tricks=(125, 64, 61)),
    # 40+115=155 >= 150 won; 40+r(115)=160; 0+r(65)=70; 0+70=70
    case("won-fives-round-up", (160, 70, 70),
         bid=150, declarer=0, melds=(40, 0, 0), tricks=(115, 65, 70)),
    # d took no trick: meld 200 void, 0+0 < 150 lost; -300; 20+130=150; 40+120=160
    case("declarer-no-trick-meld-void-lost", (-300, 150, 160),
         bid=150, declarer=0, melds=(200, 20, 40), tricks=(0, 130, 120)),
    # d took a trick (6): meld counts, 200+6=206 >= 150 won; 200+r(6)=210; 120; 120
    case("declarer-one-small-trick-keeps-meld", (210, 120, 120),
         bid=150, declarer=0, melds=(200, 0, 0), tricks=(6, 124, 120)),
    # 60+150=210 >= 200 won; 210; opp 1 no trick: meld 80 void -> 0; 0+100=100
    case("opponent-no-trick-meld-void-won", (210, 0, 100),
         bid=200, declarer=0, melds=(60, 80, 0), tricks=(150, 0, 100)),
    # d1: 100+190=290 < 300 lost; opp 0 no trick: 40 void -> 0; -600; 60+60=120
    case("opponent-no-trick-meld-void-lost", (0, -600, 120),
         bid=300, declarer=1, melds=(40, 100, 60), tricks=(0, 190, 60)),
    # 150+250=400 >= 400 won; 150+250=400; opponents no trick, melds void -> 0, 0
    case("declarer-takes-all-played", (400, 0, 0),
         bid=400, declarer=0, melds=(150, 40, 20), tricks=(250, 0, 0)),
    # d2: 300+150=450 < 1000 lost; 0+50; 0+50; -2000
    case("bid-1000-lost", (50, 50, -2000),
         bid=1000, declarer=2, melds=(0, 0, 300), tricks=(50, 50, 150)),
    # 1000+100=1100 >= 1000 won; 1100; 0+r(75)=80; 80
    case("bid-1000-won", (1100, 80, 80),
         bid=1000, declarer=0, melds=(1000, 0, 0), tricks=(100, 75, 75)),
    # d2: 60+105=165 >= 160 won; 0+r(44)=40; 20+r(101)=120; 60+r(105)=170
    case("won-declarer-2", (40, 120, 170),
         bid=160, declarer=2, melds=(0, 20, 60), tricks=(44, 101, 105)),
    # d1: 40+124=164 < 170 lost; 0+r(95)=100; -340; 0+r(31)=30
    case("lost-declarer-1", (100, -340, 30),
         bid=170, declarer=1, melds=(0, 40, 0), tricks=(95, 124, 31)),
    # lists instead of tuples work the same: 80+130=210 >= 200 won -> 210, 90, 90
    case("lists-accepted", (210, 90, 90),
         bid=200, declarer=0, melds=[80, 20, 40], tricks=[130, 70, 50]),

    # --- played, two pairs -------------------------------------------------------------
    # 100+155=255 >= 200 won; 100+r(155)=260; 40+r(95)=140
    case("pairs-won", (260, 140),
         bid=200, declarer=0, melds=(100, 40), tricks=(155, 95)),
    # d1: 80+74=154 < 300 lost; 20+r(176)=200; -600
    case("pairs-lost-declarer-1", (200, -600),
         bid=300, declarer=1, melds=(20, 80), tricks=(176, 74)),
    # d1: 120+130=250 == 250 won; 0+120=120; 120+130=250
    case("pairs-exact", (120, 250),
         bid=250, declarer=1, melds=(0, 120), tricks=(120, 130)),
    # 0+250=250 >= 150 won; 250; opp no trick: 60 void -> 0
    case("pairs-opponent-no-trick", (250, 0),
         bid=150, declarer=0, melds=(0, 60), tricks=(250, 0)),
    # 60+159=219 < 220 lost (60+r(159)=220 would reach); -440; 40+r(91)=130
    case("pairs-lost-by-1", (-440, 130),
         bid=220, declarer=0, melds=(60, 40), tricks=(159, 91)),

    # --- played, four singles ----------------------------------------------------------
    # 100+105=205 >= 200 won; 100+r(105)=210; 20+r(45)=70; 0+r(55)=60; 40+r(45)=90
    case("four-singles-won", (210, 70, 60, 90),
         bid=200, declarer=0, melds=(100, 20, 0, 40), tricks=(105, 45, 55, 45)),
    # d3: 80+160=240 < 250 lost; 0+40; 20+30=50; 0+20; -500
    case("four-singles-lost-declarer-3", (40, 50, 20, -500),
         bid=250, declarer=3, melds=(0, 20, 0, 80), tricks=(40, 30, 20, 160)),
    # d1: 60+112=172 >= 150 won; opp 0 no trick -> 0; 60+r(112)=170; 20+70=90; 0+r(68)=70
    case("four-singles-opponent-no-trick", (0, 170, 90, 70),
         bid=150, declarer=1, melds=(40, 60, 20, 0), tricks=(0, 112, 70, 68)),
    # d2 no trick: 100 void, 0 < 160 lost; 80; 90; -320; 80
    case("four-singles-declarer-no-trick", (80, 90, -320, 80),
         bid=160, declarer=2, melds=(0, 0, 100, 0), tricks=(80, 90, 0, 80)),

    # --- conceded (abgeschrieben) ------------------------------------------------------
    # 170/2=85 -> 90; d: -170; 90+20=110; 90+0=90
    case("conceded-3-bid-170", (-170, 110, 90),
         bid=170, declarer=0, melds=(40, 20, 0), tricks=None, kind=CONCEDED),
    # 150/2=75 -> 80; d1: -150 (own meld ignored); 80+0=80; 80+40=120
    case("conceded-3-bid-150-zero-tricks", (80, -150, 120),
         bid=150, declarer=1, melds=(0, 100, 40), tricks=(0, 0, 0), kind=CONCEDED),
    # 200/2=100; -200; 100; 100
    case("conceded-3-bid-200-even", (-200, 100, 100),
         bid=200, declarer=0, melds=(0, 0, 0), tricks=None, kind=CONCEDED),
    # 1000/2=500; 500+300=800; 500; d2: -1000
    case("conceded-3-bid-1000", (800, 500, -1000),
         bid=1000, declarer=2, melds=(300, 0, 0), tricks=None, kind=CONCEDED),
    # pairs: 250/2=125 -> 130; 130+60=190; d1: -250
    case("conceded-pairs-bid-250", (190, -250),
         bid=250, declarer=1, melds=(60, 80), tricks=None, kind=CONCEDED),
    # pairs: 170/2=85 -> 90; d: -170; 90+0=90
    case("conceded-pairs-bid-170", (-170, 90),
         bid=170, declarer=0, melds=(0, 0), tricks=[0, 0], kind=CONCEDED),
    # four: 150/2=75 -> 80; 80+0=80; 80+20=100; d2: -150; 80+40=120
    case("conceded-4-bid-150", (80, 100, -150, 120),
         bid=150, declarer=2, melds=(0, 20, 100, 40), tricks=None, kind=CONCEDED),
    # four: 310/2=155 -> 160; -310; 160; 160; 160
    case("conceded-4-bid-310", (-310, 160, 160, 160),
         bid=310, declarer=0, melds=(0, 0, 0, 0), tricks=[0, 0, 0, 0], kind=CONCEDED),

    # --- Durch -------------------------------------------------------------------------
    # d took all 250: +1000; others 0
    case("durch-3-won", (1000, 0, 0),
         bid=200, declarer=0, melds=(0, 0, 0), tricks=(250, 0, 0), kind=DURCH),
    # d1 took all 250: 0, +1000, 0 (bid is irrelevant for the score)
    case("durch-3-won-declarer-1", (0, 1000, 0),
         bid=1000, declarer=1, melds=(0, 0, 0), tricks=(0, 250, 0), kind=DURCH),
    # 205 != 250 lost: -1000; r(45)=50; 0
    case("durch-3-lost", (-1000, 50, 0),
         bid=150, declarer=0, melds=(0, 0, 0), tricks=(205, 45, 0), kind=DURCH),
    # d took nothing: -1000; r(250)=250; 0
    case("durch-3-lost-declarer-took-nothing", (-1000, 250, 0),
         bid=150, declarer=0, melds=(0, 0, 0), tricks=(0, 250, 0), kind=DURCH),
    # pairs: 250 -> +1000; 0
    case("durch-pairs-won", (1000, 0),
         bid=300, declarer=0, melds=(0, 0), tricks=(250, 0), kind=DURCH),
    # pairs d1: 235 != 250 lost; r(15)=20; -1000
    case("durch-pairs-lost", (20, -1000),
         bid=150, declarer=1, melds=(0, 0), tricks=(15, 235), kind=DURCH),
    # four d3: 250 -> 0, 0, 0, +1000
    case("durch-4-won", (0, 0, 0, 1000),
         bid=150, declarer=3, melds=(0, 0, 0, 0), tricks=(0, 0, 0, 250), kind=DURCH),
    # four d2: 200 != 250 lost; r(14)=10; 0; -1000; r(36)=40
    case("durch-4-lost", (10, 0, -1000, 40),
         bid=150, declarer=2, melds=(0, 0, 0, 0), tricks=(14, 0, 200, 36), kind=DURCH),

    # --- misplay (verworfen) -----------------------------------------------------------
    # d misplays although 80+130=210 >= 200: lost -400; 20+70=90; 40+50=90
    case("misplay-declarer-reached-bid", (-400, 90, 90),
         bid=200, declarer=0, melds=(80, 20, 40), tricks=(130, 70, 50), revoked=0),
    # d misplays, lost anyway (290 < 300): -600; 0+r(45)=50; 60+r(35)=100
    case("misplay-declarer-lost-anyway", (-600, 50, 100),
         bid=300, declarer=0, melds=(120, 0, 60), tricks=(170, 45, 35), revoked=0),
    # d misplays with all tricks (0+250 >= 150): still lost -300; 0; 0
    case("misplay-declarer-all-tricks", (-300, 0, 0),
         bid=150, declarer=0, melds=(0, 0, 0), tricks=(250, 0, 0), revoked=0),
    # pairs d1 misplays (200+250 >= 150): lost -300; opp 0 tricks, 0 meld -> 0
    case("misplay-declarer-pairs", (0, -300),
         bid=150, declarer=1, melds=(0, 200), tricks=(0, 250), revoked=1),
    # opp 1 misplays: 210 >= 200 won -> 210; opp 1 took tricks (70): meld 20 only; 40+50=90
    case("misplay-opponent-won", (210, 20, 90),
         bid=200, declarer=0, melds=(80, 20, 40), tricks=(130, 70, 50), revoked=1),
    # opp 2 misplays: 120+170=290 < 300 lost -600; 0+r(45)=50; opp 2 meld only: 60
    case("misplay-opponent-lost", (-600, 50, 60),
         bid=300, declarer=0, melds=(120, 0, 60), tricks=(170, 45, 35), revoked=2),
    # opp 1 misplays and took no trick: meld 60 void -> 0; 80+150=230 won; 40+100=140
    case("misplay-opponent-no-trick", (230, 0, 140),
         bid=200, declarer=0, melds=(80, 60, 40), tricks=(150, 0, 100), revoked=1),
    # pairs, opp 1 misplays: 40+140=180 < 200 lost -400; opp meld only: 100
    case("misplay-opponent-pairs", (-400, 100),
         bid=200, declarer=0, melds=(40, 100), tricks=(140, 110), revoked=1),
    # four d2: 40+150=190 >= 150 won; 0+30; 20+40=60; 40+150=190; opp 3 misplays: meld 60
    case("misplay-opponent-four", (30, 60, 190, 60),
         bid=150, declarer=2, melds=(0, 20, 40, 60), tricks=(30, 40, 150, 30), revoked=3),
    # durch: d misplays although it took all 250: lost -1000; others r(0)=0
    case("misplay-durch-declarer", (-1000, 0, 0),
         bid=150, declarer=0, melds=(0, 0, 0), tricks=(250, 0, 0), kind=DURCH, revoked=0),
    # durch lost (200): -1000; opp 1 misplays -> 0 (35 not counted); r(15)=20
    case("misplay-durch-opponent-lost", (-1000, 0, 20),
         bid=150, declarer=0, melds=(0, 0, 0), tricks=(200, 35, 15), kind=DURCH, revoked=1),
    # durch won (250): +1000; opponents 0 anyway, misplaying opp 2 too
    case("misplay-durch-opponent-won", (1000, 0, 0),
         bid=150, declarer=0, melds=(0, 0, 0), tricks=(250, 0, 0), kind=DURCH, revoked=2),
    # durch four d1 lost (210): r(20)=20; -1000; opp 2 misplays -> 0 (20 not counted); 0
    case("misplay-durch-four-opponent", (20, -1000, 0, 0),
         bid=150, declarer=1, melds=(0, 0, 0, 0), tricks=(20, 210, 20, 0), kind=DURCH,
         revoked=2),
]


@pytest.mark.parametrize(("kwargs", "expected"), SCORING_CASES)
def test_score_hand(kwargs, expected):
    result = score_hand(**kwargs)
    assert isinstance(result, tuple)
    assert result == expected
    assert all(type(points) is int for points in result)


def test_revoked_none_is_no_misplay():
    # Same as worked example 1: 80+130=210 >= 200 won -> 210, 90, 90
    assert score_hand(
        bid=200, declarer=0, melds=(80, 20, 40), tricks=(130, 70, 50), revoked=None
    ) == (210, 90, 90)


def test_kind_defaults_to_played():
    # Worked example 2 without kind: 290 < 300 lost -> -600, 50, 100
    assert score_hand(bid=300, declarer=0, melds=(120, 0, 60), tricks=(170, 45, 35)) == (
        -600,
        50,
        100,
    )


def test_arguments_are_keyword_only():
    with pytest.raises(TypeError):
        score_hand(200, 0, (80, 20, 40), (130, 70, 50))  # type: ignore[misc]


# ---------------------------------------------------------------------------
# Errors
# ---------------------------------------------------------------------------

def err(case_id, field, **kwargs):
    """A valid three-singles game (worked example 1) with ``kwargs`` overridden."""
    base = {
        "bid": 200,
        "declarer": 0,
        "melds": (80, 20, 40),
        "tricks": (130, 70, 50),
        "kind": PLAYED,
    }
    base.update(kwargs)
    return pytest.param(base, field, id=case_id)


ERROR_CASES = [
    # bid
    err("bid-str", "bid", bid="200"),
    err("bid-float", "bid", bid=200.0),
    err("bid-bool", "bid", bid=True),
    err("bid-none", "bid", bid=None),
    err("bid-not-multiple-of-10", "bid", bid=205),
    err("bid-below-150", "bid", bid=140),
    err("bid-zero", "bid", bid=0),
    err("bid-negative", "bid", bid=-200),
    err("bid-conceded-below-150", "bid", bid=100, tricks=None, kind=CONCEDED),
    err("bid-durch-not-multiple-of-10", "bid", bid=155, melds=(0, 0, 0),
        tricks=(250, 0, 0), kind=DURCH),
    # melds
    err("melds-float", "melds", melds=(80, 20.0, 40)),
    err("melds-str", "melds", melds=(80, "20", 40)),
    err("melds-none-entry", "melds", melds=(80, None, 40)),
    err("melds-negative", "melds", melds=(80, -20, 40)),
    err("melds-not-multiple-of-10", "melds", melds=(80, 25, 40)),
    err("melds-one-party", "melds", melds=(80,), tricks=(250,)),
    err("melds-five-parties", "melds", melds=(0, 0, 0, 0, 0), tricks=(50, 50, 50, 50, 50)),
    err("melds-no-party", "melds", melds=(), tricks=()),
    err("melds-durch-nonzero", "melds", melds=(0, 20, 0), tricks=(250, 0, 0), kind=DURCH),
    err("melds-conceded-negative", "melds", melds=(0, -20, 0), tricks=None, kind=CONCEDED),
    # tricks
    err("tricks-shorter-than-melds", "tricks", tricks=(130, 120)),
    err("tricks-longer-than-melds", "tricks", tricks=(130, 70, 50, 0)),
    err("tricks-negative", "tricks", tricks=(270, -20, 0)),
    err("tricks-float", "tricks", tricks=(130.0, 70, 50)),
    err("tricks-str", "tricks", tricks=(130, "70", 50)),
    err("tricks-sum-240", "tricks", tricks=(130, 60, 50)),
    err("tricks-sum-260", "tricks", tricks=(130, 80, 50)),
    err("tricks-all-zero-played", "tricks", tricks=(0, 0, 0)),
    err("tricks-none-played", "tricks", tricks=None),
    err("tricks-none-durch", "tricks", melds=(0, 0, 0), tricks=None, kind=DURCH),
    err("tricks-durch-sum-wrong", "tricks", melds=(0, 0, 0), tricks=(240, 0, 0), kind=DURCH),
    err("tricks-conceded-nonzero", "tricks", tricks=(130, 70, 50), kind=CONCEDED),
    err("tricks-conceded-one-nonzero", "tricks", tricks=(0, 10, 0), kind=CONCEDED),
    err("tricks-pairs-sum-wrong", "tricks", melds=(0, 0), tricks=(100, 100)),
    err("tricks-four-sum-wrong", "tricks", melds=(0, 0, 0, 0), tricks=(100, 100, 40, 0)),
    # declarer
    err("declarer-too-large", "declarer", declarer=3),
    err("declarer-negative", "declarer", declarer=-1),
    err("declarer-str", "declarer", declarer="0"),
    err("declarer-float", "declarer", declarer=1.0),
    err("declarer-none", "declarer", declarer=None),
    err("declarer-pairs-too-large", "declarer", declarer=2, melds=(0, 0), tricks=(125, 125)),
    err("declarer-four-too-large", "declarer", declarer=4, melds=(0, 0, 0, 0),
        tricks=(100, 50, 50, 50)),
    err("declarer-conceded-out-of-range", "declarer", declarer=5, tricks=None, kind=CONCEDED),
    # revoked
    err("revoked-too-large", "revoked", revoked=3),
    err("revoked-negative", "revoked", revoked=-1),
    err("revoked-str", "revoked", revoked="1"),
    err("revoked-pairs-too-large", "revoked", melds=(0, 0), tricks=(125, 125), revoked=2),
    err("revoked-durch-out-of-range", "revoked", melds=(0, 0, 0), tricks=(250, 0, 0),
        kind=DURCH, revoked=3),
    err("revoked-with-conceded", "revoked", tricks=None, kind=CONCEDED, revoked=1),
    err("revoked-declarer-with-conceded", "revoked", tricks=None, kind=CONCEDED, revoked=0),
    # kind
    err("kind-german-word", "kind", kind="gespielt"),
    err("kind-empty", "kind", kind=""),
    err("kind-abgeschrieben", "kind", kind="abgeschrieben"),
    err("kind-none", "kind", kind=None),
]


@pytest.mark.parametrize(("kwargs", "field"), ERROR_CASES)
def test_invalid_hand(kwargs, field):
    with pytest.raises(InvalidHand) as excinfo:
        score_hand(**kwargs)
    assert excinfo.value.field == field
    assert str(excinfo.value).strip()


def test_invalid_hand_is_value_error():
    assert issubclass(InvalidHand, ValueError)
    with pytest.raises(ValueError):
        score_hand(bid=155, declarer=0, melds=(80, 20, 40), tricks=(130, 70, 50))


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        pytest.param(
            {"bid": 205, "declarer": 0, "melds": (80, 20, 40), "tricks": (130, 70, 50)},
            ("Reizwert",),
            id="bid",
        ),
        pytest.param(
            {"bid": "200", "declarer": 0, "melds": (80, 20, 40), "tricks": (130, 70, 50)},
            ("Reizwert",),
            id="bid-type",
        ),
        pytest.param(
            {"bid": 200, "declarer": 0, "melds": (80, 20, 40), "tricks": (130, 60, 50)},
            ("Stiche", "250"),
            id="tricks-sum",
        ),
        pytest.param(
            {"bid": 200, "declarer": 0, "melds": (80, 25, 40), "tricks": (130, 70, 50)},
            ("Gemeldet",),
            id="melds",
        ),
        pytest.param(
            {"bid": 200, "declarer": 7, "melds": (80, 20, 40), "tricks": (130, 70, 50)},
            ("spieler",),
            id="declarer",
        ),
        pytest.param(
            {"bid": 200, "declarer": 0, "melds": (80, 20, 40), "tricks": (130, 70, 50),
             "revoked": 9},
            ("verworfen",),
            id="revoked",
        ),
        pytest.param(
            {"bid": 200, "declarer": 0, "melds": (80, 20, 40), "tricks": (130, 70, 50),
             "kind": "gespielt"},
            ("art",),
            id="kind",
        ),
    ],
)
def test_invalid_hand_message_is_german(kwargs, words):
    with pytest.raises(InvalidHand) as excinfo:
        score_hand(**kwargs)
    message = str(excinfo.value)
    for word in words:
        # field names may start a sentence or sit inside a compound ("Alleinspieler")
        assert word.lower() in message.lower(), message


# ---------------------------------------------------------------------------
# round10
# ---------------------------------------------------------------------------

@pytest.mark.parametrize(
    ("points", "expected"),
    [
        (0, 0),
        (1, 0),
        (4, 0),
        (5, 10),
        (6, 10),
        (9, 10),
        (10, 10),
        (15, 20),
        (44, 40),
        (45, 50),
        (95, 100),
        (124, 120),
        (125, 130),
        (126, 130),
        (244, 240),
        (245, 250),
        (250, 250),
        (1000, 1000),
        (1005, 1010),
        (-4, 0),
        (-5, 0),
        (-6, -10),
        (-14, -10),
        (-15, -10),
        (-16, -20),
        (-124, -120),
        (-125, -120),
        (-126, -130),
        (-600, -600),
    ],
    ids=lambda value: str(value),
)
def test_round10(points, expected):
    result = round10(points)
    assert result == expected
    assert type(result) is int


# ---------------------------------------------------------------------------
# Properties
# ---------------------------------------------------------------------------

def ref_round10(points: int) -> int:
    """Nearest 10, halves towards +infinity (independent reference)."""
    return (points + 5) // 10 * 10


def counted_meld(meld: int, tricks: int) -> int:
    return meld if tricks > 0 else 0


@st.composite
def played_games(draw):
    parties = draw(st.integers(min_value=2, max_value=4))
    cuts = sorted(draw(st.lists(st.integers(0, 250), min_size=parties - 1,
                                max_size=parties - 1)))
    bounds = [0, *cuts, 250]
    tricks = tuple(bounds[i + 1] - bounds[i] for i in range(parties))
    melds = tuple(draw(st.lists(st.integers(0, 50).map(lambda m: m * 10),
                                min_size=parties, max_size=parties)))
    bid = draw(st.integers(15, 70).map(lambda b: b * 10))
    declarer = draw(st.integers(0, parties - 1))
    return bid, declarer, melds, tricks


@settings(max_examples=200, derandomize=True, deadline=None, database=None)
@given(played_games())
def test_property_played_game(game):
    bid, declarer, melds, tricks = game
    assert sum(tricks) == 250
    result = score_hand(bid=bid, declarer=declarer, melds=melds, tricks=tricks)
    assert len(result) == len(melds)

    own = counted_meld(melds[declarer], tricks[declarer]) + tricks[declarer]
    won = own >= bid
    for party, points in enumerate(result):
        if party == declarer and not won:
            assert points == -2 * bid
        else:
            assert points == counted_meld(melds[party], tricks[party]) + ref_round10(
                tricks[party]
            )
    # a won game never scores negative, a lost one always does for the declarer
    assert (result[declarer] >= 0) == won


@settings(max_examples=200, derandomize=True, deadline=None, database=None)
@given(played_games(), st.data())
def test_property_opponent_misplay(game, data):
    bid, declarer, melds, tricks = game
    revoked = data.draw(st.sampled_from([p for p in range(len(melds)) if p != declarer]))
    plain = score_hand(bid=bid, declarer=declarer, melds=melds, tricks=tricks)
    result = score_hand(bid=bid, declarer=declarer, melds=melds, tricks=tricks,
                        revoked=revoked)
    assert result[revoked] == counted_meld(melds[revoked], tricks[revoked])
    for party in range(len(melds)):
        if party != revoked:
            assert result[party] == plain[party]


@settings(max_examples=200, derandomize=True, deadline=None, database=None)
@given(played_games())
def test_property_declarer_misplay_always_loses(game):
    bid, declarer, melds, tricks = game
    result = score_hand(bid=bid, declarer=declarer, melds=melds, tricks=tricks,
                        revoked=declarer)
    assert result[declarer] == -2 * bid
    for party, points in enumerate(result):
        if party != declarer:
            assert points == counted_meld(melds[party], tricks[party]) + ref_round10(
                tricks[party]
            )


@settings(max_examples=200, derandomize=True, deadline=None, database=None)
@given(
    parties=st.integers(2, 4),
    bid=st.integers(15, 100).map(lambda b: b * 10),
    data=st.data(),
)
def test_property_conceded(parties, bid, data):
    melds = tuple(data.draw(st.lists(st.integers(0, 50).map(lambda m: m * 10),
                                     min_size=parties, max_size=parties)))
    declarer = data.draw(st.integers(0, parties - 1))
    tricks = data.draw(st.sampled_from([None, (0,) * parties]))
    result = score_hand(bid=bid, declarer=declarer, melds=melds, tricks=tricks,
                        kind=CONCEDED)
    half = -(-bid // 20) * 10  # bid / 2, rounded up to the next 10
    assert len(result) == parties
    assert result[declarer] == -bid
    others = [m for p, m in enumerate(melds) if p != declarer]
    assert sum(result) == -bid + (parties - 1) * half + sum(others)
    for party, points in enumerate(result):
        if party != declarer:
            assert points == half + melds[party]


@settings(max_examples=200, derandomize=True, deadline=None, database=None)
@given(st.integers(-5000, 5000))
def test_property_round10(points):
    result = round10(points)
    assert result % 10 == 0
    assert -5 <= points - result < 5  # halves go up: 275 -> 280, 274 -> 270
    assert result == ref_round10(points)


# --- every problem at once (hand_problems) ---------------------------------------------------

GOOD = {"bid": 200, "declarer": 0, "melds": [80, 20, 40], "tricks": [130, 70, 50],
        "kind": "played", "revoked": None}


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        ({}, []),
        ({"bid": 155, "declarer": 5}, [("bid", None), ("declarer", None)]),
        ({"melds": [25, 20, -10]}, [("melds", 0), ("melds", 2)]),
        ({"tricks": [130, -1, 50]}, [("tricks", 1)]),
        ({"tricks": [130, 70, 40]}, [("tricks", None)]),  # the sum: the column as a whole
        ({"kind": "durch", "melds": [0, 20, 40], "tricks": [250, 0, 0]},
         [("melds", 1), ("melds", 2)]),
        ({"kind": "conceded", "revoked": 1, "tricks": [0, 10, 0]},
         [("revoked", None), ("tricks", None)]),
        ({"kind": "ramsch", "bid": 10}, [("kind", None), ("bid", None)]),
        ({"melds": [0] * 5}, [("melds", None)]),
    ],
)
def test_hand_problems_names_every_field_and_party_at_fault(change, expected):
    problems = rules.hand_problems(**{**GOOD, **change})
    assert [(p.field, p.party) for p in problems] == expected


def test_score_hand_raises_the_first_problem():
    with pytest.raises(rules.InvalidHand) as raised:
        rules.score_hand(**{**GOOD, "bid": 155, "declarer": 5})
    assert raised.value.field == "bid"
