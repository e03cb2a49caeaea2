"""The rules sheet (Merkblatt) of each preset: what must and must not be on it, in English and
German, and examples computed from the rules (a changed switch changes the example)."""

from dataclasses import replace

import pytest

from core.errors import GERMAN, Message
from scoring.merkblatt import EXAMPLES, euros, listing, merkblatt, signed
from scoring.rules import AKS_HEROLDSTATT, BSV_ENNAHOFEN, EJL, RULES, score_hand
from tournament.house_rules import GAMES, POINTS, TOTALS


def english(message) -> str:
    return message.translated(lambda msgid: msgid)


def text(rules, **kwargs) -> str:
    return "\n".join(merkblatt(rules, **kwargs).text(lambda msgid: msgid))


def german(rules) -> str:
    return "\n".join(merkblatt(rules).text(GERMAN.gettext))


# (preset, lines that must appear, lines that must not appear) by key
KEYS = [
    (
        EJL,
        {"games", "min-bid", "won", "won-example", "lost", "conceded", "durch", "durch-open",
         "meld:double_familie", "meld:rundgang", "rounding", "scorekeeper", "misplayed",
         "misplayed-example"},
        {"durch-not-played", "durch-not-open", "out-of-reach", "meld:eight_tens", "tie-break",
         "fee", "players-sign"},
    ),
    (
        AKS_HEROLDSTATT,
        {"out-of-reach", "out-of-reach-example", "durch-not-played", "meld:eight_tens", "fee",
         "players-sign", "misplayed", "misplayed-example"},
        {"durch", "durch-open", "durch-not-open", "tie-break", "scorekeeper"},
    ),
    (
        BSV_ENNAHOFEN,
        {"durch", "durch-open", "tie-break", "fee", "scorekeeper"},
        {"durch-not-played", "out-of-reach", "meld:eight_tens", "players-sign"},
    ),
]


@pytest.mark.parametrize(("name", "present", "absent"), KEYS)
def test_each_preset_has_its_lines_and_not_the_others(name, present, absent):
    keys = merkblatt(RULES[name]).codes()
    assert present <= keys, present - keys
    assert not absent & keys, absent & keys


# (preset, texts that must appear, texts that must not appear) in English
TEXTS = [
    (
        EJL,
        ["12 games per round.", "The lowest bid is 150", "Double Familie: both Familien of one "
         "suit = 1500", "A Durch may be laid open (aufgelegt): it counts 1000.",
         "won 1000, lost −1000", "125 → 130, 124 → 120",
         "Eight Aces: two of each suit = 1000",
         "with a Familie in trump together 350",
         # the ejl concede: half the bid on top, −bid
         "bid 310, the declarer melded 100 and concedes: −310; the others (meld 40 / 20) score "
         "200 / 180.",
         "bid 300, the declarer melds 120 and takes 170 trick points: −600; the others "
         "(meld 0 / 60, tricks 45 / 35) score 50 / 100.",
         # a misplaying declarer has lost: 210 would have won
         "bid 200, the declarer melds 80 and takes 130 trick points but misplayed: −400; the "
         "others (meld 20 / 40, tricks 70 / 50) score 90 / 90.",
         "every other party its meld and its tricks. An opponent who misplayed counts no "
         "tricks"],
        ["Durch is not played", "Eight Tens", "costs 2 × the bid", "exact (unrounded)", "€",
         "sign the score sheet"],
    ),
    (
        AKS_HEROLDSTATT,
        ["15 games per round.", "Durch is not played.", "Eight Tens: two of each suit = 1000",
         "Double Familie: both Familien of one suit = 1000",
         "with a Familie in trump together 350",
         "costs 2 × the bid",
         # 300 with 40 melded, conceded: −600
         "bid 300, the declarer melded 40 and concedes: −600",
         # 310 conceded: the others 160 + meld
         "bid 310, the declarer melded 100 and concedes: −310; the others (meld 40 / 20) score "
         "200 / 180.",
         # a lost 300: the others get half the bid (150) on top
         "its meld, its tricks and half the bid",
         "(meld 0 / 60, tricks 45 / 35) score 200 / 250.",
         # a misplaying declarer has lost: the others get half the bid (100) on top
         "every other party its meld, its tricks and half the bid (rounded up to 10). An "
         "opponent who misplayed",
         "but misplayed: −400; the others (meld 20 / 40, tricks 70 / 50) score 190 / 190.",
         "Every game lost as declarer costs 1.00 €.",
         "all players of the table sign the score sheet"],
        ["won 1000", "laid open", "= 1500", "exact (unrounded)", "adds up after every game"],
    ),
    (
        BSV_ENNAHOFEN,
        ["12 games per round.", "won 1000, lost −1000",
         "A Durch may be laid open (aufgelegt): it counts 1500.",
         "Double Familie: both Familien of one suit = 1500",
         "Equal totals: the exact (unrounded) points decide.",
         "costs 0.50 €; from lost game number 5 on, 1.00 € each."],
        ["Durch is not played", "Eight Tens", "costs 2 × the bid", "sign the score sheet"],
    ),
]


@pytest.mark.parametrize(("name", "present", "absent"), TEXTS)
def test_each_preset_reads_as_its_rules_say(name, present, absent):
    sheet = text(RULES[name])
    for wanted in present:
        assert wanted in sheet, wanted
    for unwanted in absent:
        assert unwanted not in sheet, unwanted


@pytest.mark.parametrize("name", list(RULES))
def test_every_example_is_the_score_of_its_game_by_the_rules(name):
    rules = RULES[name]
    sheet = merkblatt(rules)
    for key, game in EXAMPLES.items():
        if f"{key}-example" not in sheet.codes():
            continue
        points = score_hand(
            bid=game.bid, declarer=0, melds=game.melds, tricks=game.tricks, kind=game.kind,
            revoked=game.revoked, rules=rules,
        )
        line = english(sheet.line(f"{key}-example").text)
        assert f": {signed(points[0])};" in line, line
        assert line.endswith(f"score {' / '.join(signed(p) for p in points[1:])}."), line


# (switch changed on the ejl rules, the example line, text before, text after)
CHANGED = [
    ("lost_half_bid", True, "lost-example", "score 50 / 100.", "score 200 / 250."),
    ("conceded_half_bid", False, "conceded-example", "score 200 / 180.", "score 40 / 20."),
    ("min_bid", 200, "min-bid", "The lowest bid is 150", "The lowest bid is 200"),
    ("durch_open_points", 2000, "durch-open", "it counts 1000.", "it counts 2000."),
]


@pytest.mark.parametrize(("switch", "value", "key", "before", "after"), CHANGED)
def test_a_changed_switch_changes_its_line(switch, value, key, before, after):
    ejl = RULES[EJL]
    changed = replace(ejl, **{switch: value})
    assert before in english(merkblatt(ejl).line(key).text)
    line = english(merkblatt(changed).line(key).text)
    assert after in line and before not in line


def test_an_out_of_reach_factor_adds_the_line_with_its_example():
    rules = replace(RULES[EJL], out_of_reach_factor=3)
    sheet = merkblatt(rules)
    assert "costs 3 × the bid" in english(sheet.line("out-of-reach").text)
    assert "concedes: −900;" in english(sheet.line("out-of-reach-example").text)


def test_a_rundgang_beside_a_familie_follows_the_rules():
    rules = replace(RULES[EJL], rundgang_with_familie=220)
    assert "beside a Familie 220, so with a Familie in trump together 370" in text(rules)


def test_durch_without_laying_it_open():
    keys = merkblatt(replace(RULES[EJL], durch_open=False)).codes()
    assert "durch-not-open" in keys and "durch-open" not in keys


def test_the_events_rounds_and_games_replace_the_presets():
    sheet = text(RULES[AKS_HEROLDSTATT], games_per_round=14, rounds=3)
    assert "3 rounds of 14 games each." in sheet
    assert "15 games" not in sheet


def test_a_fee_without_a_higher_fee_and_amounts_in_german():
    rules = replace(RULES[BSV_ENNAHOFEN], lost_game_fee_higher="", lost_game_fee_higher_from=None)
    assert "Every game lost as declarer costs 0.50 €." in text(rules)
    assert euros("1").translated(GERMAN.gettext) == "1,00 €"
    assert euros("0.5").translated(lambda msgid: msgid) == "0.50 €"


@pytest.mark.parametrize(
    ("name", "wanted"),
    [
        (EJL, ["Spiele pro Durchgang", "Mindestreizwert", "aufgelegt", "Doppelte Familie"]),
        (AKS_HEROLDSTATT, ["Durch wird nicht gespielt.", "Acht Zehner", "1,00 €",
                           "unterschreiben"]),
        (BSV_ENNAHOFEN, ["1500", "0,50 €", "genauen"]),
    ],
)
def test_the_sheet_reads_in_german(name, wanted):
    sheet = german(RULES[name])
    for word in wanted:
        assert word in sheet, word
    assert "Example" not in sheet and "Beispiel" in sheet


@pytest.mark.parametrize(
    ("mode", "wanted"),
    [
        (GAMES, "Auf dem Spielzettel steht jedes Spiel vollständig (Reizwert, Meldungen, "
                "Stiche); die Punkte werden nach diesen Regeln berechnet."),
        (POINTS, "Auf dem Spielzettel stehen die Punkte jeder Partei in jedem Spiel, wie sie "
                 "auf dem Papier stehen, nicht Reizwert, Meldungen und Stiche."),
        (TOTALS, "Auf dem Spielzettel stehen die Summe jeder Partei im Durchgang und ihre als "
                 "Alleinspieler verlorenen Spiele, nicht die einzelnen Spiele."),
    ],
)
def test_the_sheet_says_in_one_sentence_what_the_score_sheet_holds(mode, wanted):
    sheet = merkblatt(RULES[EJL], scoring_mode=mode)
    modes = {code for code in sheet.codes() if code.startswith("mode-")}
    assert modes == {f"mode-{mode}"}
    assert sheet.line(f"mode-{mode}").text.translated(GERMAN.gettext) == wanted


def test_the_sheet_holds_every_game_unless_told_otherwise():
    assert "mode-games" in merkblatt(RULES[AKS_HEROLDSTATT]).codes()


@pytest.mark.parametrize(("mode", "named"), [(GAMES, True), (POINTS, False), (TOTALS, False)])
def test_the_exact_points_tie_break_is_named_only_where_the_mode_keeps_them(mode, named):
    rules = replace(RULES[EJL], exact_tie_break=True)
    assert ("tie-break" in merkblatt(rules, scoring_mode=mode).codes()) is named


# The whole sentences a switch's parts make, in German, as the sheet said them when each
# combination had a sentence of its own.
JOINED = [
    ("lost", {}, "Gespielt und verloren: der Alleinspieler schreibt −2 × den Reizwert ab; die "
     "Gegenspieler bekommen ihr Gemeldetes und ihre Stiche."),
    ("lost", {"lost_half_bid": True}, "Gespielt und verloren: der Alleinspieler schreibt −2 × "
     "den Reizwert ab; die Gegenspieler bekommen ihr Gemeldetes, ihre Stiche und den halben "
     "Reizwert (auf 10 aufgerundet)."),
    ("conceded", {}, "Abgeschrieben (es wird kein Stich gespielt): der Alleinspieler schreibt "
     "den Reizwert ab; die Gegenspieler bekommen den halben Reizwert (auf 10 aufgerundet) und "
     "ihr Gemeldetes."),
    ("conceded", {"conceded_half_bid": False}, "Abgeschrieben (es wird kein Stich gespielt): "
     "der Alleinspieler schreibt den Reizwert ab; die Gegenspieler bekommen ihr Gemeldetes."),
    ("misplayed", {"lost_half_bid": True}, "Verworfen (eine regelwidrig gespielte Karte wird "
     "zurückgenommen und das Spiel zu Ende gespielt): Hat der Alleinspieler verworfen, hat er "
     "verloren, egal wie viele Punkte er hat; im gespielten Spiel schreibt er −2 × den Reizwert "
     "ab, und die Gegenspieler bekommen ihr Gemeldetes, ihre Stiche und den halben Reizwert "
     "(auf 10 aufgerundet). Hat ein Gegenspieler verworfen, zählen seine Stiche nicht und sein "
     "Gemeldetes nur, wenn er einen Stich gemacht hat."),
    ("fee", {"lost_game_fee": "0.50"},
     "Jedes als Alleinspieler verlorene Spiel kostet 0,50 €."),
    ("fee", {"lost_game_fee": "0.50", "lost_game_fee_higher": "1.00",
             "lost_game_fee_higher_from": 5},
     "Jedes als Alleinspieler verlorene Spiel kostet 0,50 €, ab dem 5. verlorenen Spiel je "
     "1,00 €."),
]


@pytest.mark.parametrize(("key", "switches", "wanted"), JOINED)
def test_a_sentence_is_its_switches_parts_joined(key, switches, wanted):
    rules = replace(RULES[EJL], **switches)
    assert merkblatt(rules).line(key).text.translated(GERMAN.gettext) == wanted


@pytest.mark.parametrize(
    ("parts", "joined"),
    [(["a"], "a"), (["a", "b"], "a and b"), (["a", "b", "c"], "a, b and c")],
)
def test_parts_are_listed_as_a_sentence_lists_them(parts, joined):
    assert english(listing([Message(part) for part in parts])) == joined
