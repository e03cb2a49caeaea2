"""The rules sheet for every table (*Merkblatt*): an event's house rules as sections of lines.

``merkblatt(rules)`` turns a ``RulesProfile`` into structured content that the printed sheet
(one per table) and the public rules page show alike: the games and the lowest bid, how a won,
a lost and a conceded game score and what a misplay (*verworfen*) costs (each with a worked
example computed by ``score_hand`` by the same rules, so a changed switch changes the
example), the concede of a bid out of reach where
it costs more, the Durch, the meld table (``scoring.melds.catalogue``), the rounding, the
tie-break on exact points (where the scoring mode keeps them), the money per lost game, what
the score sheet holds (the event's scoring mode) and who signs it. A sentence that depends on
switches is built from parts, one per switch, joined (``OTHERS_LOST``, ``OTHERS_CONCEDED``,
``listing``), never a sentence per combination. Every text is a
``core.errors.Message`` (an English msgid with parameters), rendered in the reader's
language when shown. The presets and their switches are in ``docs/rules.md`` ("House rules").
Pure Python: nothing here imports Django.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Final

from core.errors import Message, gettext_noop
from scoring.melds import catalogue
from scoring.modes import known_tie_breaks
from scoring.ranking import EXACT_POINTS, signed
from scoring.rules import CONCEDED, PLAYED, TRICK_TOTAL, RulesProfile, round10, score_hand
from tournament.house_rules import GAMES, POINTS, TOTALS

__all__ = [
    "EXAMPLES",
    "OTHERS_CONCEDED",
    "OTHERS_LOST",
    "Line",
    "MeldRow",
    "Merkblatt",
    "Section",
    "euros",
    "listing",
    "merkblatt",
    "signed",
]


@dataclass(frozen=True)
class Line:
    """One line of the sheet: ``key`` names what it says (for tests and the page's styling),
    ``text`` says it; ``example`` marks a worked example."""

    key: str
    text: Message
    example: bool = False


@dataclass(frozen=True)
class MeldRow:
    """One meld of the meld table: its label and cards (msgids), its points by the rules and
    what it counts beside a Familie where that differs."""

    code: str
    label: Message
    cards: Message
    points: int
    note: Message | None = None


@dataclass(frozen=True)
class Section:
    key: str
    title: Message
    lines: tuple[Line, ...]
    melds: tuple[MeldRow, ...] = ()


@dataclass(frozen=True)
class Merkblatt:
    """The sheet of one set of rules: its sections in reading order."""

    rules: RulesProfile
    sections: tuple[Section, ...]

    def lines(self) -> Iterator[Line]:
        for section in self.sections:
            yield from section.lines

    def codes(self) -> set[str]:
        """The keys of every line and every meld (``meld:<code>``)."""
        found = {line.key for line in self.lines()}
        found.update(f"meld:{row.code}" for section in self.sections for row in section.melds)
        return found

    def line(self, key: str) -> Line:
        return next(line for line in self.lines() if line.key == key)

    def text(self, translate: Callable[[str], str] | None = None) -> list[str]:
        """Every title, line and meld row as text (``translate``: default the installed
        translator), in reading order."""
        texts: list[str] = []
        for section in self.sections:
            texts.append(section.title.translated(translate))
            texts.extend(line.text.translated(translate) for line in section.lines)
            for row in section.melds:
                note = f" ({row.note.translated(translate)})" if row.note else ""
                texts.append(
                    f"{row.label.translated(translate)}: {row.cards.translated(translate)}"
                    f" = {row.points}{note}"
                )
        return texts


@dataclass(frozen=True)
class Example:
    """A game to show how a kind of game scores: three singles, the first is the declarer."""

    bid: int
    melds: tuple[int, ...]
    tricks: tuple[int, ...] | None
    kind: str = PLAYED
    revoked: int | None = None


EXAMPLES: Final = {
    # 80 + 125 = 205 reaches 200; the tricks 125 and 75 round up
    "won": Example(200, (80, 20, 40), (125, 75, 50)),
    # 120 + 170 = 290 misses 300
    "lost": Example(300, (120, 0, 60), (170, 45, 35)),
    # 310 is within 100 + 250: half the bid is 155, rounded up to 160
    "conceded": Example(310, (100, 40, 20), None, CONCEDED),
    # 300 is more than 40 + 250: out of reach
    "out-of-reach": Example(300, (40, 20, 0), None, CONCEDED),
    # 80 + 130 = 210 would reach 200, but the declarer misplayed
    "misplayed": Example(200, (80, 20, 40), (130, 70, 50), revoked=0),
}
"""The worked examples of the sheet; their points are computed by the event's rules."""

ROUNDING_UP: Final = 125
ROUNDING_DOWN: Final = 124


def _joined(values: Sequence[int]) -> str:
    return " / ".join(signed(value) for value in values)


def _example(key: str, rules: RulesProfile) -> Line:
    game = EXAMPLES[key]
    points = score_hand(
        bid=game.bid, declarer=0, melds=game.melds, tricks=game.tricks, kind=game.kind,
        revoked=game.revoked, rules=rules,
    )
    if game.tricks is None:
        text = Message(
            gettext_noop(
                "Example: bid %(bid)s, the declarer melded %(meld)s and concedes: %(points)s; "
                "the others (meld %(other_melds)s) score %(other_points)s."
            ),
            bid=game.bid, meld=game.melds[0], points=signed(points[0]),
            other_melds=_joined(game.melds[1:]), other_points=_joined(points[1:]),
        )
    else:
        text = Message(
            gettext_noop(
                "Example: bid %(bid)s, the declarer melds %(meld)s and takes %(tricks)s trick "
                "points but misplayed: %(points)s; the others (meld %(other_melds)s, tricks "
                "%(other_tricks)s) score %(other_points)s."
            )
            if game.revoked == 0
            else gettext_noop(
                "Example: bid %(bid)s, the declarer melds %(meld)s and takes %(tricks)s trick "
                "points: %(points)s; the others (meld %(other_melds)s, tricks "
                "%(other_tricks)s) score %(other_points)s."
            ),
            bid=game.bid, meld=game.melds[0], tricks=game.tricks[0], points=signed(points[0]),
            other_melds=_joined(game.melds[1:]), other_tricks=_joined(game.tricks[1:]),
            other_points=_joined(points[1:]),
        )
    return Line(f"{key}-example", text, example=True)


def euros(amount: str) -> Message:
    """An amount of money ("1.00") in the reader's number format ("1,00 €" in German)."""
    try:
        value = Decimal(amount).quantize(Decimal("0.01"))
    except (InvalidOperation, ValueError):
        return Message(gettext_noop("%(amount)s €"), amount=amount)
    whole, cents = f"{value:.2f}".split(".")
    return Message(gettext_noop("%(euros)s.%(cents)s €"), euros=whole, cents=cents)


def _game(rules: RulesProfile, games: int, rounds: int | None) -> Section:
    lines = []
    if rounds:
        lines.append(Line("rounds", Message(
            gettext_noop("%(rounds)s rounds of %(games)s games each."), rounds=rounds, games=games,
        )))
    else:
        lines.append(Line("games", Message(
            gettext_noop("%(games)s games per round."), games=games,
        )))
    lines.append(Line("min-bid", Message(
        gettext_noop("The lowest bid is %(bid)s; every bid is a multiple of 10."),
        bid=rules.min_bid,
    )))
    lines.append(Line("tricks", Message(
        gettext_noop(
            "Card points: Ace 11, Ten 10, King 4, Ober 3, Unter 2, the last trick 10; the trick "
            "points of a game add up to %(total)s."
        ),
        total=TRICK_TOTAL,
    )))
    return Section("game", Message(gettext_noop("The game")), tuple(lines))


@dataclass(frozen=True)
class Part:
    """A part of a sentence (a msgid), said where the switch ``when`` is on (None: always)."""

    text: str
    when: str | None = None


ITS_MELD: Final = gettext_noop("its meld")
ITS_TRICKS: Final = gettext_noop("its tricks")
HALF_THE_BID: Final = gettext_noop("half the bid (rounded up to 10)")

OTHERS_LOST: Final = (Part(ITS_MELD), Part(ITS_TRICKS), Part(HALF_THE_BID, "lost_half_bid"))
"""What every other party scores when the declarer lost a played game, one part per switch."""
OTHERS_CONCEDED: Final = (Part(HALF_THE_BID, "conceded_half_bid"), Part(ITS_MELD))
"""What every other party scores when the declarer concedes, one part per switch."""


def listing(parts: Sequence[Message]) -> Message:
    """``parts`` joined as a sentence lists them: "a", "a and b", "a, b and c"."""
    *head, last = parts
    if not head:
        return last
    items = head[0]
    for part in head[1:]:
        items = Message(gettext_noop("%(items)s, %(item)s"), items=items, item=part)
    return Message(gettext_noop("%(items)s and %(last)s"), items=items, last=last)


def _said(rules: RulesProfile, parts: Sequence[Part]) -> Message:
    """The parts the rules' switches turn on, joined."""
    return listing([Message(part.text) for part in parts if part.when is None
                    or getattr(rules, part.when)])


def _scoring(rules: RulesProfile) -> Section:
    others_lost = _said(rules, OTHERS_LOST)
    lines = [
        Line("won", Message(gettext_noop(
            "Won (the declarer's meld and tricks reach the bid): every party scores its meld "
            "and its tricks."
        ))),
        _example("won", rules),
        Line("lost", Message(
            gettext_noop(
                "Played and lost: the declarer scores −2 × the bid; every other party scores "
                "%(others)s."
            ),
            others=others_lost,
        )),
        _example("lost", rules),
        Line("conceded", Message(
            gettext_noop(
                "Conceded (abgeschrieben, no trick is played): the declarer scores minus the "
                "bid; every other party scores %(others)s."
            ),
            others=_said(rules, OTHERS_CONCEDED),
        )),
        _example("conceded", rules),
    ]
    if rules.out_of_reach_factor > 1:
        lines += [
            Line("out-of-reach", Message(
                gettext_noop(
                    "A bid out of reach (more than the declarer's meld + %(total)s) that is "
                    "conceded costs %(factor)s × the bid."
                ),
                total=TRICK_TOTAL, factor=rules.out_of_reach_factor,
            )),
            _example("out-of-reach", rules),
        ]
    lines += [
        Line("no-trick", Message(gettext_noop(
            "A party that takes no trick in a played game loses its meld."
        ))),
        Line("misplayed", Message(
            gettext_noop(
                "Misplayed (verworfen: a card played against the rules is taken back and the "
                "game played to the end): a declarer who misplayed has lost, whatever its "
                "points; in a played game it scores −2 × the bid and every other party "
                "%(others)s. An opponent who misplayed counts no tricks, and its meld only if it "
                "took a trick."
            ),
            others=others_lost,
        )),
        _example("misplayed", rules),
    ]
    return Section("scoring", Message(gettext_noop("How a game scores")), tuple(lines))


def _durch(rules: RulesProfile) -> Section:
    if not rules.durch:
        lines = [Line("durch-not-played", Message(gettext_noop("Durch is not played.")))]
    else:
        lines = [Line("durch", Message(
            gettext_noop(
                "Durch (every trick, no trump, no meld): won %(points)s, lost −%(points)s; the "
                "others score their tricks."
            ),
            points=rules.durch_points,
        ))]
        if rules.durch_open:
            lines.append(Line("durch-open", Message(
                gettext_noop("A Durch may be laid open (aufgelegt): it counts %(points)s."),
                points=rules.durch_open_points,
            )))
        else:
            lines.append(Line("durch-not-open", Message(
                gettext_noop("A Durch may not be laid open.")
            )))
    return Section("durch", Message(gettext_noop("Durch")), tuple(lines))


def _melds(rules: RulesProfile) -> Section:
    melds = catalogue(rules)
    points = {meld.code: meld.points for meld in melds}
    rows = []
    for meld in melds:
        cards = Message(meld.cards)
        note = None
        if meld.code == "rundgang":
            cards = Message(gettext_noop("a pair in every suit"))
            note = Message(
                gettext_noop(
                    "beside a Familie %(points)s, so with a Familie in trump together %(total)s"
                ),
                points=rules.rundgang_with_familie,
                total=rules.rundgang_with_familie + points["familie_trump"],
            )
        rows.append(MeldRow(meld.code, Message(meld.label), cards, meld.points, note))
    lines = (Line("melds-count", Message(gettext_noop(
        "Melds count only for a party that takes at least one trick (a conceded game aside)."
    ))),)
    return Section("melds", Message(gettext_noop("Melds")), lines, tuple(rows))


def _counting(rules: RulesProfile, scoring_mode: str) -> Section:
    lines = [Line("rounding", Message(
        gettext_noop(
            "Trick points are written in tens: up to 4 rounded down, from 5 up (%(up)s → "
            "%(up_rounded)s, %(down)s → %(down_rounded)s); two parties with a 5 both round up."
        ),
        up=ROUNDING_UP, up_rounded=round10(ROUNDING_UP),
        down=ROUNDING_DOWN, down_rounded=round10(ROUNDING_DOWN),
    ))]
    if rules.exact_tie_break and known_tie_breaks([EXACT_POINTS], scoring_mode):
        lines.append(Line("tie-break", Message(gettext_noop(
            "Equal totals: the exact (unrounded) points decide."
        ))))
    return Section("counting", Message(gettext_noop("Counting")), tuple(lines))


def _money(rules: RulesProfile) -> Section | None:
    if not rules.lost_game_fee:
        return None
    fee = euros(rules.lost_game_fee)
    if rules.lost_game_fee_higher and rules.lost_game_fee_higher_from:
        fee = Message(
            gettext_noop("%(fee)s; from lost game number %(from)s on, %(higher)s each"),
            fee=fee, higher=euros(rules.lost_game_fee_higher),
            **{"from": rules.lost_game_fee_higher_from},
        )
    text = Message(gettext_noop("Every game lost as declarer costs %(fee)s."), fee=fee)
    return Section("money", Message(gettext_noop("Lost-game money")), (Line("fee", text),))


SCORING_MODE_LINES: Final = {
    GAMES: gettext_noop(
        "The score sheet holds every game in full (bid, melds, tricks); the points are computed "
        "by these rules."
    ),
    POINTS: gettext_noop(
        "The score sheet holds every game's points per party as written on the paper, not the "
        "bid, melds or tricks."
    ),
    TOTALS: gettext_noop(
        "The score sheet holds each party's total of the round and its games lost as declarer, "
        "not the single games."
    ),
}
"""What the score sheet holds in each scoring mode, in one sentence (key ``mode-<mode>``)."""


def _sheet(rules: RulesProfile, scoring_mode: str) -> Section:
    mode = Line(f"mode-{scoring_mode}", Message(SCORING_MODE_LINES[scoring_mode]))
    if rules.players_sign:
        line = Line("players-sign", Message(gettext_noop(
            "After every round all players of the table sign the score sheet; the organisers "
            "do not recompute it."
        )))
    else:
        line = Line("scorekeeper", Message(gettext_noop(
            "The scorekeeper writes down every game and adds up after every game."
        )))
    return Section("sheet", Message(gettext_noop("The score sheet")), (mode, line))


def merkblatt(
    rules: RulesProfile,
    *,
    games_per_round: int | None = None,
    rounds: int | None = None,
    scoring_mode: str = GAMES,
) -> Merkblatt:
    """The sheet of ``rules``; ``games_per_round``, ``rounds`` and ``scoring_mode`` are the
    event's (default: the games a new event starts with, rounds not named, every game kept)."""
    sections = [
        _game(rules, games_per_round or rules.games_per_round, rounds),
        _scoring(rules),
        _durch(rules),
        _melds(rules),
        _counting(rules, scoring_mode),
        _money(rules),
        _sheet(rules, scoring_mode),
    ]
    return Merkblatt(rules, tuple(section for section in sections if section is not None))
