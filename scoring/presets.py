"""The published house rules (*Hausregeln*) an event can be created with: ``PRESETS``, one entry
per preset.

An entry holds everything about its preset: its code, its name (a msgid: English here, German in
the catalogue), its source (which club, which published text), the switches in which it differs
from the ejl (``scoring.rules.RulesProfile`` fields), the rule of the source each of them follows,
notes, and worked examples: games with the points the source gives them, worked out by hand.
Everything else follows from the entry: ``scoring.rules.RULES`` (the rules by code), the presets
the new-event form and the rules page offer, their names on pages, the docs' tables
(``scoring.rules_docs``) and a test that scores every worked example by ``score_hand``.
A preset that only combines switches is one more entry here (then ``make messages`` for its name
and ``make rules-docs``). Pure Python: nothing here imports Django.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Final

from core.errors import gettext_noop

__all__ = ["AKS_HEROLDSTATT", "BSV_ENNAHOFEN", "EJL", "PRESETS", "Example", "Preset", "Source"]

EJL: Final = "ejl"
AKS_HEROLDSTATT: Final = "aks-heroldstatt"
BSV_ENNAHOFEN: Final = "bsv-ennahofen"


@dataclass(frozen=True)
class Source:
    """Where a preset's rules are published: the club, the text and where to find it (English,
    for docs/rules.md)."""

    club: str
    text: str
    where: str = ""


@dataclass(frozen=True)
class Example:
    """A worked example: one game and the points the preset's rules give each party, worked out
    by hand from the source. ``kind`` is a kind of game of ``scoring.rules`` (``"played"``,
    ``"conceded"``, ``"durch"``, ``"durch-open"``); ``declarer`` and ``revoked`` index the
    parties; ``why`` says how the points come about (English, for docs/rules.md)."""

    bid: int
    melds: tuple[int, ...]
    tricks: tuple[int, ...] | None
    points: tuple[int, ...]
    why: str
    kind: str = "played"
    declarer: int = 0
    revoked: int | None = None


@dataclass(frozen=True)
class Preset:
    """One club's published house rules. ``switches``: the ``RulesProfile`` fields that differ
    from the ejl (the defaults) with their values; ``cited``: for a switch, the rule of the
    source it follows; ``notes``: what docs/rules.md says besides (English)."""

    code: str
    label: str
    source: Source
    switches: Mapping[str, object] = field(default_factory=dict)
    cited: Mapping[str, str] = field(default_factory=dict)
    notes: str = ""
    examples: tuple[Example, ...] = ()


PUBLISHED: Final = (
    Preset(
        code=EJL,
        label=gettext_noop("ejl Benefizbinokel"),
        source=Source(
            club="ejl",
            text="the tournament rules of the ejl Benefizbinokel, “Spielregeln Binokelturnier”, "
            "§1–§16",
            where="cited throughout this page",
        ),
        notes=(
            "Every switch as in the table of switches: 12 games per round, lowest bid 150; "
            "conceded −bid and the others half the bid plus their meld (the same for a bid out "
            "of reach); lost −2 × bid and the others meld + tricks; Durch 1000, laid open also "
            "1000; double Familie 1500; no eight Tens; the Rundgang beside a Familie 200 (so 350 "
            "with a Familie in trump, §15); no lost-game money on the sheet; the scorekeeper "
            "writes and signs the sheet. Its worked examples are those of “Worked examples” "
            "above."
        ),
        examples=(
            Example(200, (80, 20, 40), (130, 70, 50), (210, 90, 90), "80 + 130 = 210 ≥ 200: won"),
            Example(300, (120, 0, 60), (170, 45, 35), (-600, 50, 100), "290 < 300: lost, −2 × 300"),
            Example(250, (80, 60, 20), None, (-250, 190, 150),
                    "half of 250 = 125 → 130, plus meld", kind="conceded"),
            Example(200, (0, 0, 0), (250, 0, 0), (1000, 0, 0), "every trick: won", kind="durch"),
            Example(200, (0, 0, 0), (205, 45, 0), (-1000, 50, 0),
                    "not every trick: lost, others rounded tricks", kind="durch"),
            Example(200, (0, 0, 0), (205, 45, 0), (-1000, 0, 0),
                    "misplaying opponent's 45 not counted", kind="durch", revoked=1),
            Example(200, (80, 20, 40), (130, 70, 50), (-400, 90, 90),
                    "declarer misplayed: lost despite 210", revoked=0),
            Example(200, (80, 20, 40), (130, 70, 50), (210, 20, 90),
                    "2nd keeps only its meld (it took tricks)", revoked=1),
            Example(200, (60, 80, 0), (150, 0, 100), (210, 0, 100),
                    "2nd took no trick: meld 80 void"),
            Example(150, (200, 20, 40), (0, 130, 120), (-300, 150, 160),
                    "declarer took no trick: meld void, 0 < 150"),
            Example(200, (0, 40, 20), (195, 30, 25), (-400, 70, 50),
                    "195 < 200, though 195 rounds to 200"),
            Example(200, (100, 40), (155, 95), (260, 140), "255 ≥ 200; 155 → 160, 95 → 100"),
            Example(250, (0, 20, 0, 80), (40, 30, 20, 160), (40, 50, 20, -500), "240 < 250: lost",
                    declarer=3),
        ),
    ),
    Preset(
        code=AKS_HEROLDSTATT,
        label=gettext_noop("AKS Heroldstatt Preisbinokel"),
        source=Source(
            club="AKS Heroldstatt",
            text="“Spielregeln Preisbinokel – AKS Heroldstatt” (rules 1–13)",
            where="a PDF in the registration pages of `udobes/binokelturnier`, folder `anmeldung/`",
        ),
        switches={
            "games_per_round": 15,
            "out_of_reach_factor": 2,
            "lost_half_bid": True,
            "durch": False,
            "durch_open": False,
            "double_familie": 1000,
            "eight_tens": True,
            "lost_game_fee": "1.00",
            "players_sign": True,
        },
        cited={
            "games_per_round": "3: 15 games, 3 rounds",
            "out_of_reach_factor": "6: “Reizwert 300 und nur 40 können gemeldet werden: der "
            "Reizwert wird in doppelter Höhe abgeschrieben”",
            "lost_half_bid": "7: the others get meld + tricks + half the bid",
            "durch": "8: “Gespielt wird ohne Durch”",
            "durch_open": "8",
            "double_familie": "10",
            "eight_tens": "10: “alle Asse, Könige, Damen, Buben und 10er je 1000”",
            "lost_game_fee": "9",
            "players_sign": "11: all three players sign; the organisers do not recompute",
        },
        notes=(
            "The same as the ejl: lowest bid 150 (3); conceded: the others half the bid and their "
            "meld (5); meld only with a trick (7, 10); Familie with Rundgang 350 (10: a Rundgang "
            "beside a trump Familie, 200 + 150); rounding to 10, 5 up, two fives both up (4). The "
            "ejl scores the third and fourth example −300, 170, 150 and −600, 50, 100."
        ),
        examples=(
            Example(300, (100, 40, 20), None, (-300, 190, 170),
                    "half of 300 = 150 for the others (rule 5)", kind="conceded"),
            Example(310, (100, 40, 20), None, (-310, 200, 180),
                    "half of 310 = 155 → 160 (rule 5)", kind="conceded"),
            Example(300, (40, 20, 0), None, (-600, 170, 150),
                    "300 > 40 + 250: out of reach, −2 × bid (rule 6)", kind="conceded"),
            Example(300, (120, 0, 60), (170, 45, 35), (-600, 200, 250),
                    "lost; the others 50 and 100 plus half the bid, 150 (rule 7)"),
        ),
    ),
    Preset(
        code=BSV_ENNAHOFEN,
        label=gettext_noop("BSV Ennahofen"),
        source=Source(
            club="BSV Ennahofen",
            text="the BSV Ennahofen tournament page (its rules and meld table)",
        ),
        switches={
            "durch_open_points": 1500,
            "exact_tie_break": True,
            "lost_game_fee": "0.50",
            "lost_game_fee_higher": "1.00",
            "lost_game_fee_higher_from": 5,
        },
        cited={
            "durch_open_points": "a Durch counts 1000 played, 1500 laid open",
            "exact_tie_break": "rounded to 10, 5 up; equal totals: the exact points decide",
            "lost_game_fee": "0.50 € a lost game",
            "lost_game_fee_higher": "1.00 € from the 5th lost game",
            "lost_game_fee_higher_from": "1.00 € from the 5th lost game",
        },
        notes=(
            "The same as the ejl: 12 games, lowest bid 150, conceded and lost games, double "
            "Familie 1500, eight of a kind (Aces, Kings, Ober, Unter) 1000, no eight Tens; the "
            "page does not say whether a meld without a trick counts, nor the Rundgang beside a "
            "Familie: the ejl's rules apply *(decision)*. The scorekeeper adds up after every "
            "game. Two players with 1840 each: by the rule, the one with more exact (unrounded) "
            "points is placed ahead (the rules sheet says so; the ranking follows "
            "`exact_tie_break` through the tie-break `exact_points`: the entry whose points "
            "would be higher without rounding the trick points ranks first, "
            "`scoring.ranking.Figures.rounding`)."
        ),
        examples=(
            Example(200, (0, 0, 0), (250, 0, 0), (1500, 0, 0), "laid open and won: 1500",
                    kind="durch-open"),
            Example(200, (0, 0, 0), (205, 45, 0), (-1500, 50, 0),
                    "laid open and lost: −1500, the others their rounded tricks",
                    kind="durch-open"),
            Example(200, (0, 0, 0), (250, 0, 0), (1000, 0, 0), "a played Durch still 1000",
                    kind="durch"),
        ),
    ),
)
"""The published presets, the default (the ejl) first: a preset is added here."""

PRESETS: Final[dict[str, Preset]] = {preset.code: preset for preset in PUBLISHED}
"""Every preset by its code, the default first: what ``scoring.rules.RULES``, the forms, the
pages and the docs read when they ask (a preset added here is offered everywhere)."""
