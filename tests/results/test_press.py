"""The press report's text (``results.press``): pure, table-driven, no database. Every figure in
an expected sentence is typed here by hand from the facts of its case."""

import datetime

import pytest

from results.press import (
    GameFact,
    Placed,
    PressEntry,
    PressFacts,
    count_word,
    long_date,
    names_list,
    number,
    report,
    report_text,
)

HANS = PressEntry(1, "Hans Maier", club="CVJM")
JOERG = PressEntry(2, "Jörg Häfele")
ANNA = PressEntry(3, "Anna Rapp", club="TSV", unlisted=True)
PAIR = PressEntry(7, "Karl Weiß / Rosi Weiß", is_pair=True)
OTHER_PAIR = PressEntry(8, "Otto Klotz / Ute Klotz", is_pair=True)
SATURDAY = datetime.date(2026, 11, 21)


def facts(**changes) -> PressFacts:
    base = {
        "name": "Benefizbinokel Plochingen",
        "date": SATURDAY,
        "venue": "Stadthalle",
        "singles": [Placed(1, HANS, 3450), Placed(2, ANNA, 2980), Placed(3, JOERG, 2870)],
        "entries": 3,
        "people": 3,
        "rounds": 3,
        "games": 36,
        "total_points": 9300,
        "entry_rounds": 9,
    }
    return PressFacts(**{**base, **changes})


@pytest.mark.parametrize(
    ("value", "expected"),
    [(0, "0"), (999, "999"), (1000, "1.000"), (123456, "123.456"), (-600, "−600"),
     (-12345, "−12.345")],
)
def test_numbers_as_a_german_paper_prints_them(value, expected):
    assert number(value) == expected


@pytest.mark.parametrize(
    ("value", "expected"), [(0, "kein"), (2, "zwei"), (12, "zwölf"), (13, "13"), (1500, "1.500")]
)
def test_small_counts_are_words(value, expected):
    assert count_word(value) == expected


@pytest.mark.parametrize(
    ("date", "expected"),
    [
        (SATURDAY, "Samstag, 21. November 2026"),
        (datetime.date(2027, 3, 1), "Montag, 1. März 2027"),
        (datetime.date(2026, 12, 27), "Sonntag, 27. Dezember 2026"),
    ],
)
def test_long_date(date, expected):
    assert long_date(date) == expected


@pytest.mark.parametrize(
    ("names", "expected"),
    [([], ""), (["A"], "A"), (["A", "B"], "A und B"), (["A", "B", "C"], "A, B und C")],
)
def test_names_list(names, expected):
    assert names_list(names) == expected


# (case, facts, sentences expected in the text, texts that must not appear)
CASES = [
    (
        "singles only",
        facts(),
        [
            "Benefizbinokel Plochingen: Hans Maier gewinnt",
            "Beim Benefizbinokel Plochingen am Samstag, 21. November 2026 (Austragungsort: "
            "Stadthalle) spielten drei Spielerinnen und Spieler in drei Durchgängen 36 Spiele.",
            "In der Einzelwertung gewann Hans Maier (CVJM) mit 3.450 Punkten vor Startnummer 3 "
            "(2.980) und Jörg Häfele (2.870).",
            "Die besten Zehn der Einzelwertung:\n1. Hans Maier (CVJM) – 3.450 Punkte\n"
            "2. Startnummer 3 – 2.980 Punkte\n3. Jörg Häfele – 2.870 Punkte",
            # 9300 points over 9 rounds played by an entry: 1033.3 → 1.033
            "Insgesamt wurden 9.300 Punkte erzielt, im Schnitt 1.033 Punkte je Durchgang und "
            "Teilnehmer.",
        ],
        ["Anna Rapp", "TSV", "Paar", "Vorläufig", "Durch "],
    ),
    (
        "unlisted winner, no venue",
        facts(venue="", singles=[Placed(1, ANNA, 3000), Placed(2, HANS, 2000)]),
        [
            "Benefizbinokel Plochingen: Startnummer 3 gewinnt",
            "Beim Benefizbinokel Plochingen am Samstag, 21. November 2026 spielten",
            "In der Einzelwertung gewann Startnummer 3 mit 3.000 Punkten vor Hans Maier (2.000).",
        ],
        ["Anna Rapp", "TSV", "Austragungsort"],
    ),
    (
        "shared first place",
        facts(singles=[Placed(1, HANS, 3000), Placed(1, JOERG, 3000), Placed(3, ANNA, 10)]),
        ["In der Einzelwertung lagen Hans Maier (CVJM) und Jörg Häfele punktgleich mit je 3.000 "
         "Punkten an der Spitze."],
        ["gewinnt", "Anna Rapp"],
    ),
    (
        "pairs too, top three of the pairs",
        facts(
            pairs=[Placed(1, PAIR, 4200), Placed(2, OTHER_PAIR, -100)],
            people=7, entries=5, entry_rounds=15,
        ),
        [
            "spielten sieben Spielerinnen und Spieler in drei Durchgängen 36 Spiele. Gewertet "
            "wurden drei Einzelspieler und zwei Paare.",
            "Bei den Paaren gewannen Karl Weiß / Rosi Weiß mit 4.200 Punkten vor Otto Klotz / "
            "Ute Klotz (−100).",
            "Die besten Drei der Paarwertung:\n1. Karl Weiß / Rosi Weiß – 4.200 Punkte\n"
            "2. Otto Klotz / Ute Klotz – −100 Punkte",
            # 9300 / 15 = 620
            "im Schnitt 620 Punkte je Durchgang und Einzelspieler oder Paar.",
        ],
        [],
    ),
    (
        "notable games",
        facts(
            highest_game=GameFact(JOERG, 2, 480),
            durch_won=[GameFact(HANS, 1, 1000, "durch")],
            biggest_loss=GameFact(ANNA, 3, -1000, "durch"),
        ),
        [
            "Das höchste Spiel machte Jörg Häfele im 2. Durchgang mit 480 Punkten.",
            "Einen Durch – alle Stiche – gewann Hans Maier im 1. Durchgang.",
            "Den größten Verlust in einem Spiel musste Startnummer 3 im 3. Durchgang mit einem "
            "verlorenen Durch hinnehmen: −1.000 Punkte.",
        ],
        ["Anna Rapp"],
    ),
    (
        "several Durch won, a plain loss",
        facts(
            durch_won=[GameFact(HANS, 1, 1000, "durch"), GameFact(ANNA, 3, 1000, "durch")],
            biggest_loss=GameFact(JOERG, 1, -600),
        ),
        [
            "Zweimal wurde ein Durch gewonnen: von Hans Maier (1. Durchgang) und Startnummer 3 "
            "(3. Durchgang).",
            "Den größten Verlust in einem Spiel musste Jörg Häfele im 1. Durchgang hinnehmen: "
            "−600 Punkte.",
        ],
        ["Anna Rapp", "höchste Spiel", "verlorenen Durch"],
    ),
    (
        "provisional",
        facts(provisional=True),
        ["[Vorläufig: Noch sind nicht alle Spielzettel bestätigt; die Zahlen können sich "
         "ändern.]"],
        [],
    ),
    (
        "nothing played yet",
        facts(singles=[], games=0, rounds=0, people=0, entries=0, total_points=0,
              entry_rounds=0),
        ["Beim Benefizbinokel Plochingen am Samstag, 21. November 2026 (Austragungsort: "
         "Stadthalle) wurde noch kein Spiel gewertet."],
        ["Insgesamt", "gewann", "besten"],
    ),
]


@pytest.mark.parametrize(
    ("facts_", "expected", "absent"),
    [case[1:] for case in CASES],
    ids=[case[0] for case in CASES],
)
def test_report_sentences(facts_, expected, absent):
    text = report_text(facts_)
    for sentence in expected:
        assert sentence in text
    for part in absent:
        assert part not in text


def test_top_ten_takes_everyone_placed_tenth_and_nobody_below():
    singles = [Placed(place, PressEntry(place, f"Spieler {place}"), 100 - place)
               for place in range(1, 10)]
    singles += [Placed(10, PressEntry(10, "Spieler 10"), 50), Placed(10, PressEntry(11, "Elf"), 50),
                Placed(12, PressEntry(12, "Zwölf"), 10)]
    paragraphs = report(facts(singles=singles))
    top = next(p for p in paragraphs if p.startswith("Die besten Zehn"))
    assert top.splitlines()[1:] == [
        *(f"{n}. Spieler {n} – {100 - n} Punkte" for n in range(1, 10)),
        "10. Spieler 10 – 50 Punkte",
        "10. Elf – 50 Punkte",
    ]


def test_paragraphs_are_separated_by_a_blank_line_and_none_is_empty():
    paragraphs = report(facts())
    assert all(paragraph.strip() for paragraph in paragraphs)
    assert report_text(facts()) == "\n\n".join(paragraphs)
    assert paragraphs[0] == "Benefizbinokel Plochingen: Hans Maier gewinnt"
