"""Tests for ``scoring.melds``: the meld picker's sum, without a database.

Every expected total and every card count in the comments was worked out by hand from the
rules (docs/rules.md, "Meld picker") and the cards: 4 suits × A, 10, K, O, U, each twice; a
hand of 12 cards at a three-table, 9 at a four-table; a pair's two players meld from their own
hands. None was obtained by calling the code.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.limits import MAX_POINTS
from scoring.melds import (
    BY_CODE,
    MAX_COUNT,
    MELDS,
    RUNDGANG_WITH_FAMILIE,
    TEN,
    BadMeldCount,
    ImpossibleMelds,
    Meld,
    cards_allow,
    cards_in_hand,
    catalogue,
    meld_total,
    party_melds,
    players_per_party,
)
from scoring.rules import AKS_HEROLDSTATT, RULES

BASE = Path(__file__).resolve().parents[2]
SHARED_RULES = Path("/work/shared/RULES.md")


def english(error_or_message) -> str:
    """The message as its msgid reads, in English."""
    return error_or_message.translated(lambda msgid: msgid)


# ---------------------------------------------------------------------------------------------
# The catalogue
# ---------------------------------------------------------------------------------------------

# Transcribed from RULES.md, "Meld values (§15, seeds/001_…, seeds/002_…)".
RULES_VALUES = {
    "binokel": 40, "doppelbinokel": 300, "pair": 20, "pair_trump": 40, "rundgang": 240,
    "familie": 100, "familie_trump": 150, "double_familie": 1500, "four_aces": 100,
    "four_kings": 80, "four_ober": 60, "four_unter": 40, "eight_aces": 1000,
    "eight_kings": 1000, "eight_ober": 1000, "eight_unter": 1000,
}


def test_catalogue_holds_every_meld_of_the_rules_once_with_its_value():
    assert {meld.code: meld.points for meld in catalogue()} == RULES_VALUES
    assert len(catalogue()) == 16
    # every rules' melds: the ejl's and eight Tens (AKS Heroldstatt)
    assert len(MELDS) == len(BY_CODE) == 17
    assert RUNDGANG_WITH_FAMILIE == 200  # §15
    for meld in MELDS:
        assert meld.label and meld.cards and meld.points % 10 == 0


def _values_in_rules_text(text: str) -> dict[str, int]:
    """The meld values of RULES.md's one-sentence list, read by name."""
    sentence = re.search(r"Meld values \(§15.*?\)\.", text, re.S)
    assert sentence, "RULES.md has no 'Meld values' sentence"
    words = " ".join(sentence.group(0).split())
    found = {}
    patterns = {
        "binokel": r"Binokel \([^)]*\) (\d+)",
        "doppelbinokel": r"Doppelbinokel (\d+)",
        "pair": r"pair \([^)]*\) (\d+)",
        "pair_trump": r"pair \([^)]*\) \d+, in trump (\d+)",
        "rundgang": r"Rundgang \([^)]*\) (\d+)",
        "familie": r"Familie \([^)]*\) (\d+)",
        "familie_trump": r"Familie \([^)]*\) \d+, in trump (\d+)",
        "double_familie": r"double Familie (\d+)",
        "four_aces": r"four Aces (\d+)",
        "four_kings": r"four Kings (\d+)",
        "four_ober": r"four Ober (\d+)",
        "four_unter": r"four Unter (\d+)",
    }
    for code, pattern in patterns.items():
        match = re.search(pattern, words)
        assert match, code
        found[code] = int(match.group(1))
    eight = re.search(r"eight of a kind \(A, K, O or U\) (\d+)", words)
    assert eight
    for code in ("eight_aces", "eight_kings", "eight_ober", "eight_unter"):
        found[code] = int(eight.group(1))
    rundgang_low = re.search(r"Rundgang \([^)]*\) \d+, but (\d+) when melded with a Familie", words)
    assert rundgang_low and int(rundgang_low.group(1)) == RUNDGANG_WITH_FAMILIE
    return found


@pytest.mark.skipif(not SHARED_RULES.exists(), reason="the shared RULES.md is not on this machine")
def test_catalogue_matches_the_shared_rules_text():
    values = _values_in_rules_text(SHARED_RULES.read_text(encoding="utf-8"))
    assert values == {meld.code: meld.points for meld in catalogue()}


def test_catalogue_matches_the_meld_table_of_docs_rules():
    text = (BASE / "docs" / "rules.md").read_text(encoding="utf-8")
    rows = {
        line.split("|")[1].strip(): line.split("|")[3].strip()
        for line in text.splitlines()
        if line.startswith("| ") and line.count("|") == 4
    }
    assert rows["Binokel"] == "40" and rows["Doppelbinokel"] == "300"
    assert rows["Paar"] == "20, in trump 40"
    assert rows["Familie"].startswith("100, in trump 150")
    assert rows["Rundgang"].startswith("240; 200 when melded with a Familie")
    assert rows["Doppelte Familie"].startswith("1500")
    assert rows["Vier Gleiche"] == "100 / 80 / 60 / 40"
    assert rows["Acht Gleiche"] == "1000"
    assert [BY_CODE[c].points for c in ("four_aces", "four_kings", "four_ober", "four_unter")] == [
        100, 80, 60, 40
    ]


def test_tables_hands():
    # 40 cards, 4 in the Dabb: 3 × 12 at a three-table, 4 × 9 at a four-table.
    assert cards_in_hand(3) == 12 and cards_in_hand(4) == 9
    assert players_per_party(3, 3) == 1  # three singles
    assert players_per_party(4, 4) == 1  # four singles
    assert players_per_party(4, 2) == 2  # two pairs: each party is two players
    assert players_per_party(3, 2) is None and players_per_party(5, 5) is None


# ---------------------------------------------------------------------------------------------
# Sums: (one dict per player, cards per hand, total)
# ---------------------------------------------------------------------------------------------


def ok(case_id, players, total, size=12):
    return pytest.param(players, size, total, id=case_id)


SINGLE_MELDS = [ok(f"alone-{meld.code}", [{meld.code: 1}], meld.points) for meld in catalogue()]

SUMS = [
    ok("nothing", [{}], 0),
    ok("zero-counts", [{"pair": 0, "binokel": 0}], 0),
    # seeds/001: Schippen-Ober, Schippen-King, Schellen-Unter make a Schippen pair and a Binokel
    ok("binokel-and-its-ober-in-a-pair", [{"binokel": 1, "pair": 1}], 60),
    # seeds/001: an Ace may be melded in four Aces and in a Familie (5 + 3 = 8 cards)
    ok("familie-and-four-aces-share-an-ace", [{"familie": 1, "four_aces": 1}], 200),
    # 150 + 2 × 20; 5 + 4 = 9 cards
    ok("familie-in-trump-and-two-pairs", [{"familie_trump": 1, "pair": 2}], 190),
    # the second trump King and Ober make a pair beside the trump Familie: 150 + 40, 7 cards
    ok("familie-in-trump-and-the-other-trump-pair", [{"familie_trump": 1, "pair_trump": 1}], 190),
    # both trump Kings and both trump Ober: two pairs (one King and two Ober would make one)
    ok("both-trump-pairs", [{"pair_trump": 2}], 80),
    ok("two-pairs", [{"pair": 2}], 40),
    # every King and Ober outside trump: 12 cards, 6 × 20
    ok("six-pairs-outside-trump", [{"pair": 6}], 120),
    ok("three-pairs-and-trump-pair", [{"pair": 3, "pair_trump": 1}], 100),
    ok("rundgang", [{"rundgang": 1}], 240),
    # §15: beside a Familie the Rundgang counts 200 (it uses the Familie's King and Ober)
    ok("rundgang-and-familie", [{"rundgang": 1, "familie": 1}], 300),
    ok("rundgang-and-familie-in-trump", [{"rundgang": 1, "familie_trump": 1}], 350),
    # 8 + 2 cards: the other trump King and Ober
    ok("rundgang-and-a-second-trump-pair", [{"rundgang": 1, "pair_trump": 1}], 280),
    # 8 + 4 = 12 cards
    ok("rundgang-and-two-second-pairs", [{"rundgang": 1, "pair": 2}], 280),
    ok("rundgang-and-binokel-share-the-schippen-ober", [{"rundgang": 1, "binokel": 1}], 280),
    ok("rundgang-and-four-aces", [{"rundgang": 1, "four_aces": 1}], 340),
    ok("rundgang-and-four-unter", [{"rundgang": 1, "four_unter": 1}], 280),
    # the Rundgang in its pieces (seeds/002: 80 + 60 + 40 + 3 × 20 = 240): accepted, same sum
    ok("rundgang-in-pieces", [{"four_kings": 1, "four_ober": 1, "pair": 3, "pair_trump": 1}], 240),
    ok("two-familien-of-two-suits", [{"familie": 2}], 200),
    ok("familie-and-familie-in-trump", [{"familie": 1, "familie_trump": 1}], 250),
    # 2 Schippen-Ober + 2 Schellen-Unter, 3 more Ober, 3 more Unter: 10 cards
    ok("doppelbinokel-four-ober-four-unter",
       [{"doppelbinokel": 1, "four_ober": 1, "four_unter": 1}], 400),
    ok("doppelbinokel-and-schippen-pairs", [{"doppelbinokel": 1, "pair": 2}], 340),
    # a double Familie of Schippen holds both Schippen-Ober: + 2 Schellen-Unter = 12 cards
    ok("double-familie-and-doppelbinokel", [{"double_familie": 1, "doppelbinokel": 1}], 1800),
    ok("double-familie-and-a-pair", [{"double_familie": 1, "pair": 1}], 1520),
    # eight Aces take the trump Familie's Ace: 8 + 4 = 12 cards
    ok("eight-aces-and-familie-in-trump", [{"eight_aces": 1, "familie_trump": 1}], 1150),
    ok("eight-unter-and-doppelbinokel", [{"eight_unter": 1, "doppelbinokel": 1}], 1300),
    # eight Kings and one Ober of every suit: 1000 + 60 + 40 + 3 × 20 (no Rundgang beside it)
    ok("eight-kings-four-ober-and-the-pairs",
       [{"eight_kings": 1, "four_ober": 1, "pair": 3, "pair_trump": 1}], 1160),
    ok("three-fours", [{"four_aces": 1, "four_kings": 1, "four_ober": 1}], 240),
    ok("binokel-four-ober-four-unter", [{"binokel": 1, "four_ober": 1, "four_unter": 1}], 140),
    # --- a four-table: 9 cards per player --------------------------------------------------
    ok("four-table-rundgang", [{"rundgang": 1}], 240, size=9),
    ok("four-table-familie-and-four-aces", [{"familie": 1, "four_aces": 1}], 200, size=9),
    ok("four-table-eight-aces", [{"eight_aces": 1}], 1000, size=9),
    ok("four-table-familie-and-two-pairs", [{"familie_trump": 1, "pair": 2}], 190, size=9),
    # --- a pairs table: two players of 9 cards each, their melds added up -----------------
    ok("pair-four-aces-each", [{"four_aces": 1}, {"four_aces": 1}], 200, size=9),
    ok("pair-familie-in-trump-each", [{"familie_trump": 1}, {"familie_trump": 1}], 300, size=9),
    # §15 speaks of one player melding both: partners' Rundgang and Familie count 240 + 100
    ok("pair-rundgang-and-partners-familie", [{"rundgang": 1}, {"familie": 1}], 340, size=9),
    ok("pair-a-binokel-each", [{"binokel": 1}, {"binokel": 1}], 80, size=9),
    ok("pair-rundgang-each", [{"rundgang": 1}, {"rundgang": 1}], 480, size=9),
    ok("pair-six-pairs-outside-trump", [{"pair": 3}, {"pair": 3}], 120, size=9),
    ok("pair-both-trump-pairs", [{"pair_trump": 1}, {"pair_trump": 1}], 80, size=9),
    ok("pair-second-player-only", [{}, {"eight_ober": 1}], 1000, size=9),
]


@pytest.mark.parametrize(("players", "size", "total"), SINGLE_MELDS + SUMS)
def test_sum(players, size, total):
    result = party_melds(players, hand_size=size)
    assert result.total == total
    assert sum(result.players) == total and len(result.players) == len(players)
    assert cards_allow(players, hand_size=size)


def test_meld_total_is_one_players_sum():
    assert meld_total({"pair": 2, "pair_trump": 1, "familie": 1}) == 180
    assert meld_total({"rundgang": 1}, hand_size=9) == 240


def test_rundgang_beside_a_familie_is_noted():
    result = party_melds([{"rundgang": 1, "familie": 1}])
    assert result.players == (300,)
    assert [english(note) for note in result.notes] == [
        "“Rundgang” counts 200 beside a Familie (§15)."
    ]
    assert party_melds([{"rundgang": 1}]).notes == ()


# ---------------------------------------------------------------------------------------------
# Refusals: (players, cards per hand, reason, whether the cards themselves cannot give it)
# ---------------------------------------------------------------------------------------------


def no(case_id, players, reason, size=12):
    return pytest.param(players, size, reason, id=case_id)


REFUSED = [
    # --- Binokel: the deck has two Schippen-Ober and two Schellen-Unter -------------------
    # seeds/002: two single Binokel give 80 < 300; both pairs of cards in one hand are a
    # Doppelbinokel
    no("two-binokel-in-one-hand", [{"binokel": 2}], "binokel_twice"),
    # a Binokel beside a Doppelbinokel would be the same two cards again
    no("binokel-and-doppelbinokel", [{"binokel": 1, "doppelbinokel": 1}], "binokel_cards"),
    no("two-doppelbinokel", [{"doppelbinokel": 2}], "binokel_cards"),
    no("three-binokel", [{"binokel": 3}], "binokel_cards"),
    no("pair-binokel-beside-partners-doppelbinokel", [{"binokel": 1}, {"doppelbinokel": 1}],
       "binokel_cards", size=9),
    # --- four and eight of a kind: eight of each rank in the deck --------------------------
    no("four-aces-twice-is-eight-aces", [{"four_aces": 2}], "four_aces_twice"),
    no("four-kings-twice", [{"four_kings": 2}], "four_kings_twice"),
    no("four-ober-twice", [{"four_ober": 2}], "four_ober_twice"),
    no("four-unter-twice", [{"four_unter": 2}], "four_unter_twice"),
    no("four-aces-three-times", [{"four_aces": 3}], "eight_of_a_kind"),
    no("four-aces-beside-eight-aces", [{"four_aces": 1, "eight_aces": 1}], "eight_of_a_kind"),
    no("eight-ober-twice", [{"eight_ober": 2}], "eight_of_a_kind"),
    no("pair-eight-aces-and-partners-four-aces", [{"eight_aces": 1}, {"four_aces": 1}],
       "eight_of_a_kind", size=9),
    no("pair-four-aces-three-times", [{"four_aces": 1}, {"four_aces": 2}], "eight_of_a_kind",
       size=9),
    # --- one trump suit, with two Kings and two Ober ---------------------------------------
    # three pairs of one suit: only the trump suit is named, and it has two Kings and Ober
    no("three-trump-pairs", [{"pair_trump": 3}], "trump"),
    # the trump Familie contains one trump pair: two more need a third trump King
    no("familie-in-trump-and-two-trump-pairs", [{"familie_trump": 1, "pair_trump": 2}], "trump"),
    no("two-trump-familien-and-a-trump-pair", [{"familie_trump": 2, "pair_trump": 1}], "trump"),
    # the Rundgang's own trump pair plus two more: a second trump suit would be needed
    no("rundgang-and-both-trump-pairs", [{"rundgang": 1, "pair_trump": 2}], "trump"),
    no("pair-three-trump-pairs", [{"pair_trump": 2}, {"pair_trump": 1}], "trump", size=9),
    no("pair-familie-in-trump-and-partners-two-trump-pairs",
       [{"familie_trump": 1}, {"pair_trump": 2}], "trump", size=9),
    # --- three other suits: six Kings and six Ober -----------------------------------------
    no("seven-pairs-outside-trump", [{"pair": 7}], "outside_trump"),
    no("pair-seven-pairs-outside-trump", [{"pair": 4}, {"pair": 3}], "outside_trump", size=9),
    no("pair-rundgang-each-and-a-pair", [{"rundgang": 1, "pair": 1}, {"rundgang": 1}],
       "outside_trump", size=9),
    # --- Familien ----------------------------------------------------------------------------
    # both trump Familien in one hand are the double Familie in trump, 1500
    no("two-familien-in-trump-in-one-hand", [{"familie_trump": 2}], "familie_trump_twice"),
    # two Familien in trump besides a double Familie: the double Familie contains them
    no("two-familien-in-trump-besides-double-familie",
       [{"familie_trump": 2, "double_familie": 1}], "double_familie_with_familie"),
    no("double-familie-and-a-familie", [{"double_familie": 1, "familie": 1}],
       "double_familie_with_familie"),
    no("two-double-familien", [{"double_familie": 2}], "hand_size"),  # 20 cards
    no("three-familien", [{"familie": 3}], "hand_size"),  # 15 cards
    # a double Familie is ten cards: no player at a four-table holds it
    no("four-table-double-familie", [{"double_familie": 1}], "hand_size", size=9),
    no("pair-double-familie", [{"double_familie": 1}, {}], "hand_size", size=9),
    no("four-table-two-familien", [{"familie": 2}], "hand_size", size=9),  # 10 cards
    # not the double Familie either: 10 cards
    no("four-table-two-familien-in-trump", [{"familie_trump": 2}], "hand_size", size=9),
    # --- Rundgang ----------------------------------------------------------------------------
    # a Rundgang and a pair in each suit counted separately: the Rundgang is those pairs
    no("rundgang-and-a-pair-in-each-suit", [{"rundgang": 1, "pair": 3, "pair_trump": 1}],
       "rundgang_with_pairs"),
    no("rundgang-and-three-second-pairs", [{"rundgang": 1, "pair": 3}], "rundgang_with_pairs"),
    no("four-table-rundgang-and-a-pair", [{"rundgang": 1, "pair": 1}], "rundgang_with_pairs",
       size=9),
    # seeds/002: 240 = four Kings 80 + four Ober 60 + the pairs 100
    no("rundgang-and-four-kings", [{"rundgang": 1, "four_kings": 1}], "rundgang_with_four"),
    no("rundgang-and-four-ober", [{"rundgang": 1, "four_ober": 1}], "rundgang_with_four"),
    no("rundgang-and-eight-kings", [{"rundgang": 1, "eight_kings": 1}], "rundgang_with_eight"),
    no("rundgang-and-eight-ober", [{"rundgang": 1, "eight_ober": 1}], "rundgang_with_eight"),
    no("two-rundgaenge-in-one-hand", [{"rundgang": 2}], "hand_size"),  # 16 cards
    # 8 + A, 10, U of the Familie + the other trump King and Ober = 13 cards
    no("rundgang-familie-in-trump-and-trump-pair",
       [{"rundgang": 1, "familie_trump": 1, "pair_trump": 1}], "hand_size"),
    # 8 + 3 (the Familie's A, 10, U) + 3 other Aces = 14 cards
    no("rundgang-familie-and-four-aces", [{"rundgang": 1, "familie": 1, "four_aces": 1}],
       "hand_size"),
    no("rundgang-and-double-familie", [{"rundgang": 1, "double_familie": 1}], "hand_size"),
    # 8 + the Familie's A, 10, U = 11 cards: §15's 200 happens only at a three-table
    no("pair-rundgang-and-familie-same-player", [{"rundgang": 1, "familie": 1}, {}], "hand_size",
       size=9),
    no("four-table-rundgang-and-familie", [{"rundgang": 1, "familie_trump": 1}], "hand_size",
       size=9),
    # judged by the cards first: 8 + 4 more Kings = 12 cards, whatever the Rundgang counts
    no("four-table-rundgang-and-four-kings", [{"rundgang": 1, "four_kings": 1}], "hand_size",
       size=9),
    # --- hand size and the deck ----------------------------------------------------------------
    no("four-fours", [{"four_aces": 1, "four_kings": 1, "four_ober": 1, "four_unter": 1}],
       "hand_size"),  # 16 cards
    no("double-familie-and-four-aces", [{"double_familie": 1, "four_aces": 1}], "hand_size"),
    # each hand alone is fine, together they need three Kings of every suit
    no("pair-rundgang-and-partners-eight-kings", [{"rundgang": 1}, {"eight_kings": 1}], "deck",
       size=9),
    # three trump Kings: the trump Familie's, the trump pair's, and one in the four Kings
    no("pair-trump-familie-and-pair-beside-partners-four-kings",
       [{"familie_trump": 1, "pair_trump": 1}, {"four_kings": 1}], "deck", size=9),
]

# Refused although the cards exist: the rules count the same cards as another meld.
COUNTED_DIFFERENTLY = {
    "binokel_twice", "four_aces_twice", "four_kings_twice", "four_ober_twice",
    "four_unter_twice", "familie_trump_twice", "rundgang_with_four",
}


@pytest.mark.parametrize(("players", "size", "reason"), REFUSED)
def test_refused(players, size, reason):
    with pytest.raises(ImpossibleMelds) as refused:
        party_melds(players, hand_size=size)
    assert refused.value.reason == reason
    assert refused.value.cards is (reason not in COUNTED_DIFFERENTLY)
    # what the cards cannot give, the card model alone refuses too
    assert cards_allow(players, hand_size=size) is (reason in COUNTED_DIFFERENTLY)
    assert str(refused.value)  # a readable message


@pytest.mark.parametrize(
    ("players", "size", "text"),
    [
        ([{"binokel": 2}], 12,
         "“Binokel” twice in one hand is “Doppelbinokel” (300): tap that instead."),
        ([{"four_aces": 2}], 12,
         "“Four Aces” twice in one hand is “Eight Aces” (1000): tap that instead."),
        ([{"familie_trump": 2}], 12,
         "“Familie in trump” twice in one hand is “Double Familie” (1500): tap that instead."),
        ([{"binokel": 1, "doppelbinokel": 1}], 12,
         "The deck has only two Schippen-Ober and two Schellen-Unter: enough for one "
         "Doppelbinokel or two Binokel, not for these."),
        ([{"eight_aces": 1, "four_aces": 1}], 12,
         "“Eight Aces” are all such cards of the deck (each card is in it twice): these melds "
         "ask for 12 of them."),
        ([{"pair_trump": 3}], 12,
         "There is one trump suit, with two Kings and two Ober: these melds need 3 trump pairs "
         "(a Familie in trump and a Rundgang each contain one)."),
        ([{"rundgang": 1, "pair": 3, "pair_trump": 1}], 12,
         "“Rundgang” is already a pair in every suit: beside it, a hand of 12 cards has room "
         "for at most 2 further pairs (with the other King and Ober of their suit)."),
        ([{"rundgang": 1, "four_kings": 1}], 12,
         "“Rundgang” already counts four Kings and four Ober (240 = 80 + 60 + the pairs): "
         "“Four Kings” is not counted again beside it."),
        ([{"rundgang": 1, "eight_ober": 1}], 12,
         "Beside “Eight Ober”, tap “Four Kings” and the pairs instead of “Rundgang”: a "
         "Rundgang counts its four Kings and four Ober itself."),
        ([{"double_familie": 1}], 9,
         "These melds need at least 10 cards, but a player holds 9 at this table."),
        ([{}, {"double_familie": 1}], 9,
         "Player 2: These melds need at least 10 cards, but a player holds 9 at this table."),
        ([{"rundgang": 1}, {"eight_kings": 1}], 9,
         "These melds need some card more than twice, but the deck has every card only twice."),
    ],
)
def test_reasons_name_the_melds_and_numbers(players, size, text):
    with pytest.raises(ImpossibleMelds) as refused:
        party_melds(players, hand_size=size)
    assert english(refused.value) == text


def test_a_pairs_reason_names_the_player():
    with pytest.raises(ImpossibleMelds) as refused:
        party_melds([{"four_aces": 1}, {"binokel": 2}], hand_size=9)
    assert refused.value.player == 1
    assert english(refused.value).startswith("Player 2: “Binokel” twice in one hand")
    with pytest.raises(ImpossibleMelds) as single:
        party_melds([{"binokel": 2}])
    assert single.value.player is None and not english(single.value).startswith("Player")


# ---------------------------------------------------------------------------------------------
# Input that is not a selection
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("counts", "text"),
    [
        ({"joker": 1}, "Unknown meld “joker”."),
        ({"pair": -1}, "The count of “Pair” must be a whole number from 0 to 8."),
        ({"pair": MAX_COUNT + 1}, "The count of “Pair” must be a whole number from 0 to 8."),
        ({"rundgang": "1"}, "The count of “Rundgang” must be a whole number from 0 to 8."),
        ({"rundgang": 1.0}, "The count of “Rundgang” must be a whole number from 0 to 8."),
        ({"binokel": True}, "The count of “Binokel” must be a whole number from 0 to 8."),
        ({"binokel": None}, "The count of “Binokel” must be a whole number from 0 to 8."),
    ],
)
def test_bad_input(counts, text):
    with pytest.raises(BadMeldCount) as bad:
        party_melds([counts])
    assert english(bad.value) == text
    assert isinstance(bad.value, ValueError)


def test_a_party_has_one_or_two_players():
    with pytest.raises(ValueError):
        party_melds([])
    with pytest.raises(ValueError):
        party_melds([{}, {}, {}], hand_size=9)
    with pytest.raises(ValueError):
        party_melds([{}], hand_size=0)


def test_max_count_is_above_every_possible_count():
    # the most of any meld a party can lay out: six pairs outside trump (two 9-card hands);
    # a seventh is refused by the rules with a reason, not by the input limit
    assert party_melds([{"pair": 3}, {"pair": 3}], hand_size=9).total == 120
    assert MAX_COUNT > 6


# ---------------------------------------------------------------------------------------------
# Properties over many selections
# ---------------------------------------------------------------------------------------------

counts = st.dictionaries(
    st.sampled_from(sorted(BY_CODE)), st.integers(min_value=0, max_value=3), max_size=6
)
selections = st.one_of(
    st.tuples(st.lists(counts, min_size=1, max_size=1), st.just(12)),
    st.tuples(st.lists(counts, min_size=1, max_size=1), st.just(9)),
    st.tuples(st.lists(counts, min_size=2, max_size=2), st.just(9)),
)


def _outcome(players, size):
    # the AKS Heroldstatt rules know every meld code (eight Tens too)
    try:
        return party_melds(players, hand_size=size, rules=RULES[AKS_HEROLDSTATT])
    except ImpossibleMelds as refused:
        return refused


@settings(max_examples=400, deadline=None)
@given(selections)
def test_refusals_agree_with_the_cards(selection):
    """A reason about the cards is given only when the cards indeed cannot give it; an
    accepted selection is one the cards can give; totals are multiples of 10 within the sheet's
    limit."""
    players, size = selection
    outcome = _outcome(players, size)
    allowed = cards_allow(players, hand_size=size)
    if isinstance(outcome, ImpossibleMelds):
        assert allowed is (not outcome.cards)
    else:
        assert allowed
        assert outcome.total % 10 == 0 and 0 <= outcome.total <= MAX_POINTS


@settings(max_examples=300, deadline=None)
@given(selections, st.data())
def test_less_of_an_accepted_selection_is_accepted(selection, data):
    """Taking melds away never makes a possible selection impossible."""
    players, size = selection
    if isinstance(_outcome(players, size), ImpossibleMelds):
        return
    fewer = [
        {code: data.draw(st.integers(min_value=0, max_value=count)) for code, count in hand.items()}
        for hand in players
    ]
    assert not isinstance(_outcome(fewer, size), ImpossibleMelds)


# ---------------------------------------------------------------------------------------------
# The table: a meld is a row, and what follows from it
# ---------------------------------------------------------------------------------------------


def test_every_row_names_real_switches_and_a_whole_kind():
    from scoring.rules import SWITCHES
    from scoring.switches import FLAG, NUMBER

    for meld in MELDS:
        if meld.switch:
            assert SWITCHES[meld.switch].kind == FLAG, meld.code
        if meld.points_switch:
            assert SWITCHES[meld.points_switch].kind == NUMBER, meld.code
        if meld.rank is not None:
            assert meld.count in (4, 8), meld.code  # one or two of each suit
    kinds = [(meld.rank, meld.count) for meld in MELDS if meld.rank is not None]
    assert len(kinds) == len(set(kinds)) == 9  # four and eight of A, K, O, U; eight Tens


FOUR_TENS = Meld("four_tens", 100, "Four Tens", "one of each suit", rank=TEN, count=4)
"""A meld some club counts: one Ten of each suit, 100; eight Tens stay the AKS's only."""


@pytest.fixture
def four_tens(monkeypatch):
    """The table with a row for four Tens (turned on for every rules)."""
    monkeypatch.setattr("scoring.melds.MELDS", (*MELDS, FOUR_TENS))


def test_a_new_row_is_a_meld_of_every_rules_that_turn_it_on(four_tens):
    assert "four_tens" in BY_CODE
    assert [meld.code for meld in catalogue()][-1] == "four_tens"
    assert meld_total({"four_tens": 1, "four_aces": 1}) == 200


def test_four_twice_is_eight_only_where_the_rules_count_eight(four_tens):
    # the ejl count no eight Tens: all eight Tens in one hand are four Tens twice, 200
    assert meld_total({"four_tens": 2}) == 200
    # the AKS count eight Tens (1000): tap that instead
    with pytest.raises(ImpossibleMelds) as refused:
        meld_total({"four_tens": 2}, rules=RULES[AKS_HEROLDSTATT])
    assert refused.value.reason == "four_tens_twice" and not refused.value.cards
    assert "“Eight Tens” (1000)" in english(refused.value)


def test_the_deck_and_the_hand_follow_a_new_rows_rank_and_count(four_tens):
    aks = RULES[AKS_HEROLDSTATT]
    # the deck has eight Tens: four Tens three times (12) or beside eight Tens (12) is too many
    for players in ([{"four_tens": 2}, {"four_tens": 1}], [{"four_tens": 1}, {"eight_tens": 1}]):
        with pytest.raises(ImpossibleMelds) as refused:
            party_melds(players, hand_size=9, rules=aks)
        assert refused.value.reason == "eight_of_a_kind", players
    # four Tens and a Familie share a Ten (different kinds); beside four Aces 4 + 4 cards
    assert meld_total({"four_tens": 1, "familie": 1}) == 200
    assert party_melds([{"four_tens": 2, "four_aces": 1}], hand_size=12).total == 300
    # 8 Tens + 4 Aces + 2 for a pair = 14 cards: more than a hand of 12
    with pytest.raises(ImpossibleMelds) as refused:
        meld_total({"four_tens": 2, "four_aces": 1, "pair": 1})
    assert refused.value.reason == "hand_size"
