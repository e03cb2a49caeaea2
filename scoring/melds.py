"""Melds (*Meldungen*) and their sum, for the score sheet's meld picker: ``party_melds``.

The sheet stores only each party's meld total (``scoring.rules`` takes it as a number). The
picker lets the scorekeeper tap what was laid out; this module adds it up and refuses a
selection that the cards cannot give or that the rules count differently. The values and every
decision below are in ``docs/rules.md`` ("Meld picker"), the words in ``docs/glossary.md``.
Pure Python: nothing here imports Django (messages are ``core.errors`` msgids).

The model of the cards
----------------------

The deck has 40 cards: four suits (Eichel, Schippen, Herz, Schellen) × Ace, Ten, King, Ober,
Unter, every card twice (no sevens in the tournament, §4). Of the 40, 4 lie in the Dabb, so a
player holds 12 cards at a three-table and 9 at a four-table (also after taking up and pressing
the Dabb: melded cards may not be pressed, §12 and ``seeds/001``). A party is one player, or at
a pairs table two players whose melds are added up; each player melds from their own hand. One
suit is trump for everybody.

A selection is possible when every player's melds can be placed on concrete cards of one hand
such that (``seeds/001`` and ``seeds/002``):

* a card may serve in melds of different kinds (a Schippen-Ober in a Binokel and a Schippen
  pair; an Ace in four Aces and in a Familie), but never twice within one kind. The kinds are
  the Binokel kind (Binokel, Doppelbinokel), the suit kind (pairs, Familien, double Familie,
  Rundgang) and the "of a kind" kind (four and eight Aces, Kings, Ober, Unter, and the
  Rundgang's four Kings and four Ober). So a Familie's King and Ober make no further pair, and
  one King with two Ober makes one pair, not two (``seeds/001``);
* the one exception (§15): a Rundgang may use a Familie's King and Ober as its pair of that
  suit, and it then counts 200 instead of 240;
* no player holds more cards than the hand has, and no card is needed more often than the deck
  has it (twice in all, for the whole party).

On top of what the cards allow, the rules count some holdings as one bigger meld, so tapping
the pieces is refused with the meld to tap instead: two Binokel in one hand are a Doppelbinokel,
four of a kind twice in one hand is eight of a kind (where the rules count eight of that rank;
else they are two melds), both trump Familien in one hand are a double Familie, and a Rundgang
already counts its four Kings and four Ober (``seeds/002``: 240 = 80 + 60 + the pairs).

The melds are a table (``MELDS``: code, points, label, cards, for n of a kind its rank and
count, the switch that turns it on and the one that sets its points); the rules' melds
(``catalogue``), the deck's and the hand's limits of n of a kind and what counts as its double
are read from it.

The rules never say which suit a non-trump pair or Familie is in, so the selection does not
either: it is possible when *some* placement works. Checks run in a fixed order so that the
reason given is the most specific one: the deck for the whole party, then each player's
holdings, then each player's hand size, then both hands of a pair together. Whether another
party's melds use the same cards is not checked (the sheet has one field per party).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Final

from core.errors import Message, UserError, gettext_noop
from scoring.rules import EJL, RULES, RulesProfile

__all__ = [
    "BY_CODE",
    "COPIES",
    "MAX_COUNT",
    "MELDS",
    "RUNDGANG_WITH_FAMILIE",
    "BadMeldCount",
    "ImpossibleMelds",
    "Meld",
    "MeldError",
    "MeldSum",
    "cards_allow",
    "cards_in_hand",
    "catalogue",
    "meld_total",
    "party_melds",
    "players_per_party",
]


# --- the cards -------------------------------------------------------------------------------

SUITS: Final = ("eichel", "schippen", "herz", "schellen")
EICHEL, SCHIPPEN, HERZ, SCHELLEN = range(4)
RANKS: Final = ("ace", "ten", "king", "ober", "unter")
ACE, TEN, KING, OBER, UNTER = range(5)
COPIES: Final = 2
"""Every card is in the deck twice."""
DECK: Final = 40
DABB: Final = 4

# (seats, parties) of each kind of table → players per party (``tournament.seats``).
PLAYERS_PER_PARTY: Final = {(3, 3): 1, (4, 4): 1, (4, 2): 2}

# --- the table of melds ----------------------------------------------------------------------


@dataclass(frozen=True)
class Meld:
    """One meld of the table: its code, its points (the ejl's), its label and what it is made
    of (both msgids). ``rank`` and ``count``: n of a kind, ``count`` cards of ``rank``, the same
    number of each suit. ``switch``: the flag of ``RulesProfile`` that turns it on (None: every
    rules count it); ``points_switch``: the number switch that sets its points (None:
    ``points``)."""

    code: str
    points: int
    label: str
    cards: str
    rank: int | None = None
    count: int | None = None
    switch: str | None = None
    points_switch: str | None = None


MELDS: Final = (
    Meld("binokel", 40, gettext_noop("Binokel"),
         gettext_noop("Schippen-Ober + Schellen-Unter")),
    Meld("doppelbinokel", 300, gettext_noop("Doppelbinokel"),
         gettext_noop("both Schippen-Ober + both Schellen-Unter")),
    Meld("pair", 20, gettext_noop("Pair"), gettext_noop("King + Ober of a suit")),
    Meld("pair_trump", 40, gettext_noop("Pair in trump"),
         gettext_noop("King + Ober of the trump suit")),
    Meld("familie", 100, gettext_noop("Familie"),
         gettext_noop("Ace, Ten, King, Ober, Unter of a suit")),
    Meld("familie_trump", 150, gettext_noop("Familie in trump"),
         gettext_noop("Ace, Ten, King, Ober, Unter of the trump suit")),
    Meld("double_familie", 1500, gettext_noop("Double Familie"),
         gettext_noop("both Familien of one suit"), points_switch="double_familie"),
    Meld("rundgang", 240, gettext_noop("Rundgang"),
         gettext_noop("a pair in every suit; 200 beside a Familie")),
    Meld("four_aces", 100, gettext_noop("Four Aces"), gettext_noop("one of each suit"),
         rank=ACE, count=4),
    Meld("four_kings", 80, gettext_noop("Four Kings"), gettext_noop("one of each suit"),
         rank=KING, count=4),
    Meld("four_ober", 60, gettext_noop("Four Ober"), gettext_noop("one of each suit"),
         rank=OBER, count=4),
    Meld("four_unter", 40, gettext_noop("Four Unter"), gettext_noop("one of each suit"),
         rank=UNTER, count=4),
    Meld("eight_aces", 1000, gettext_noop("Eight Aces"), gettext_noop("two of each suit"),
         rank=ACE, count=8),
    Meld("eight_kings", 1000, gettext_noop("Eight Kings"), gettext_noop("two of each suit"),
         rank=KING, count=8),
    Meld("eight_ober", 1000, gettext_noop("Eight Ober"), gettext_noop("two of each suit"),
         rank=OBER, count=8),
    Meld("eight_unter", 1000, gettext_noop("Eight Unter"), gettext_noop("two of each suit"),
         rank=UNTER, count=8),
    Meld("eight_tens", 1000, gettext_noop("Eight Tens"), gettext_noop("two of each suit"),
         rank=TEN, count=8, switch="eight_tens"),
)
"""Every meld any rules know, in the picker's order, with the ejl's points; ``catalogue`` gives
one rules' melds. A new meld of n of a kind is one row: the deck, the hand and "twice is the
double" (four twice is eight) follow from its rank and count."""


class MeldsByCode(Mapping[str, Meld]):
    """The melds of ``MELDS`` by code, in its order (a view of the table)."""

    def __getitem__(self, code: str) -> Meld:
        found = next((meld for meld in MELDS if meld.code == code), None)
        if found is None:
            raise KeyError(code)
        return found

    def __iter__(self) -> Iterator[str]:
        return (meld.code for meld in MELDS)

    def __len__(self) -> int:
        return len(MELDS)


BY_CODE: Final = MeldsByCode()

RUNDGANG_WITH_FAMILIE: Final = 200
"""What a Rundgang counts when the same player also melds a Familie (§15)."""

MAX_COUNT: Final = 8
"""The highest count of one meld the picker takes (an input limit, not a rule): no party can
lay out any meld more than six times (six pairs outside trump), so more is a typing error."""


def of_a_kind(rank: int, count: int, melds: Sequence[Meld] | None = None) -> Meld | None:
    """The meld of ``count`` cards of ``rank`` among ``melds`` (default: the whole table)."""
    return next(
        (meld for meld in (MELDS if melds is None else melds)
         if (meld.rank, meld.count) == (rank, count)),
        None,
    )


# --- messages --------------------------------------------------------------------------------

UNKNOWN_MELD: Final = gettext_noop("Unknown meld “%(code)s”.")
NOT_IN_RULES: Final = gettext_noop("“%(meld)s” is no meld in this tournament's rules.")
BAD_COUNT: Final = gettext_noop("The count of “%(meld)s” must be a whole number from 0 to %(max)s.")
PLAYER_REASON: Final = gettext_noop("Player %(number)s: %(reason)s")
RUNDGANG_NOTE: Final = gettext_noop("“%(rundgang)s” counts %(points)s beside a Familie (§15).")
_DECK: Final = gettext_noop(
    "These melds need some card more than twice, but the deck has every card only twice."
)


def catalogue(rules: RulesProfile | None = None) -> tuple[Meld, ...]:
    """The melds of ``rules`` (default: ejl) with their points, in the picker's order: those
    their switch turns on (eight Tens only where the rules count them), at the points their
    switch sets (the double Familie)."""
    rules = rules or RULES[EJL]
    return tuple(
        replace(meld, points=getattr(rules, meld.points_switch)) if meld.points_switch else meld
        for meld in MELDS
        if meld.switch is None or getattr(rules, meld.switch)
    )


def cards_in_hand(seats: int) -> int:
    """Cards in one player's hand at a table of ``seats``: 12 at a three-table, 9 at a
    four-table (40 cards, 4 in the Dabb)."""
    return (DECK - DABB) // seats


def players_per_party(seats: int, parties: int) -> int | None:
    """1 for singles, 2 for the pairs of a pairs table; None for a table that does not exist."""
    return PLAYERS_PER_PARTY.get((seats, parties))


class MeldError(UserError, ValueError):
    """A selection the picker cannot add up (also a ``ValueError``); ``str()`` is the message
    in the reader's language."""


class BadMeldCount(MeldError):
    """Input that is not a selection: an unknown meld, or a count that is not a whole number
    from 0 to ``MAX_COUNT``."""


class ImpossibleMelds(MeldError):
    """A selection the cards cannot give or the rules count differently.

    ``reason`` names the check that refused it (a code for tests and the page), ``player`` the
    player of a pair it is about (0 or 1; None for a single or the party as a whole). ``cards``
    says whether the cards themselves cannot give it (True) or the rules count the same cards as
    another meld (False).
    """

    def __init__(
        self, reason: str, message: Message, *, player: int | None = None, cards: bool = True
    ) -> None:
        if player is not None:
            message = Message(PLAYER_REASON, number=player + 1, reason=message)
        super().__init__(message.msgid, **message.params)
        self.reason = reason
        self.player = player
        self.cards = cards


@dataclass(frozen=True)
class MeldSum:
    """A party's meld total, each player's part of it and notes worth showing (a Rundgang
    counted 200)."""

    total: int
    players: tuple[int, ...]
    notes: tuple[Message, ...] = ()


def label(code: str) -> Message:
    """The meld's label, to name it in a message."""
    return Message(BY_CODE[code].label)


# --- the sum ---------------------------------------------------------------------------------


def meld_total(
    counts: Mapping[str, int], *, hand_size: int = 12, rules: RulesProfile | None = None
) -> int:
    """The meld of one player (counts per meld code) by ``rules`` (default: ejl), or
    ``MeldError`` saying why not."""
    return party_melds([counts], hand_size=hand_size, rules=rules).total


def party_melds(
    players: Sequence[Mapping[str, int]],
    *,
    hand_size: int = 12,
    rules: RulesProfile | None = None,
) -> MeldSum:
    """The meld of a party by ``rules`` (default: ejl): one mapping of counts per meld code
    for each of its players (one, or two at a pairs table), each holding ``hand_size`` cards.

    Raises ``BadMeldCount`` for input that is not a selection (an unknown meld, or one these
    rules do not count) and ``ImpossibleMelds`` for a selection that cannot have been laid out.
    """
    if not 1 <= len(players) <= 2 or not isinstance(hand_size, int) or hand_size < 1:
        raise ValueError("a party has one or two players, each with a hand of cards")
    rules = rules or RULES[EJL]
    melds = catalogue(rules)
    points = {meld.code: meld.points for meld in melds}
    hands = [_read(counts, points) for counts in players]
    players_of = [index if len(hands) > 1 else None for index in range(len(hands))]
    _check_party(hands)
    for hand, player in zip(hands, players_of, strict=True):
        _check_contained(hand, player)
        _check_hand_size(hand, hand_size, player)
    if len(hands) > 1:
        _check_together(hands, hand_size)
    for hand, player in zip(hands, players_of, strict=True):
        _check_counting(hand, player, melds)
    totals = []
    notes = []
    for hand in hands:
        total = sum(points.get(code, 0) * count for code, count in hand.items())
        if hand["rundgang"] and _familien(hand):
            # §15; only at a three-table: Rundgang and Familie take 11 cards of one hand
            beside = rules.rundgang_with_familie
            total -= (points["rundgang"] - beside) * hand["rundgang"]
            notes.append(Message(RUNDGANG_NOTE, rundgang=label("rundgang"), points=beside))
        totals.append(total)
    return MeldSum(total=sum(totals), players=tuple(totals), notes=tuple(notes))


def cards_allow(players: Sequence[Mapping[str, int]], *, hand_size: int = 12) -> bool:
    """Whether the cards alone can give the selection: each player's hand and both hands of a
    pair together, without the rules' counting (two Binokel rather than a Doppelbinokel pass).
    ``party_melds`` refuses everything this refuses; the tests hold its specific reasons to
    that."""
    hands = [_read(counts, {code: 0 for code in BY_CODE}) for counts in players]
    try:
        for hand in hands:
            _check_hand_size(hand, hand_size, None, rundgang_room=False)
        if len(hands) > 1:
            _check_together(hands, hand_size)
    except ImpossibleMelds:
        return False
    return True


def _read(counts: Mapping[str, int], known: Mapping[str, int]) -> dict[str, int]:
    """Every meld code with its count; codes not in ``known`` (the rules' melds) and bad
    counts are refused."""
    for code, count in counts.items():
        if code not in BY_CODE:
            raise BadMeldCount(UNKNOWN_MELD, code=str(code))
        if code not in known and count:
            raise BadMeldCount(NOT_IN_RULES, meld=label(code))
    hand = {}
    for code in BY_CODE:
        count = counts.get(code, 0)
        if not isinstance(count, int) or isinstance(count, bool) or not 0 <= count <= MAX_COUNT:
            raise BadMeldCount(BAD_COUNT, meld=label(code), max=MAX_COUNT)
        hand[code] = count
    return hand


def _familien(hand: Mapping[str, int]) -> int:
    """Familien in the hand, a double Familie counting as two."""
    return hand["familie"] + hand["familie_trump"] + 2 * hand["double_familie"]


# --- 1. the deck, for the whole party --------------------------------------------------------


def _of_a_kind(hand: Mapping[str, int], rank: int) -> int:
    """The cards of ``rank`` the hand's n of a kind of that rank take, all different."""
    return sum(meld.count * hand[meld.code] for meld in MELDS if meld.rank == rank)


def _of_a_kind_ranks() -> list[int]:
    """The ranks the table has n of a kind of."""
    return sorted({meld.rank for meld in MELDS if meld.rank is not None})


def _check_party(hands: Sequence[Mapping[str, int]]) -> None:
    """What the deck holds, counted over every player of the party (each card twice)."""
    binokel_cards = sum(hand["binokel"] + 2 * hand["doppelbinokel"] for hand in hands)
    if binokel_cards > COPIES:
        # Binokel + Doppelbinokel, two Doppelbinokel, three Binokel: one Doppelbinokel takes
        # both Schippen-Ober and both Schellen-Unter of the deck.
        raise ImpossibleMelds("binokel_cards", Message(gettext_noop(
            "The deck has only two Schippen-Ober and two Schellen-Unter: enough for one "
            "Doppelbinokel or two Binokel, not for these."
        )))
    for rank in _of_a_kind_ranks():
        asked = sum(_of_a_kind(hand, rank) for hand in hands)
        if asked > COPIES * len(SUITS):
            # four Aces three times, four Aces beside eight Aces, eight Aces twice.
            every = of_a_kind(rank, COPIES * len(SUITS))
            raise ImpossibleMelds("eight_of_a_kind", Message(
                gettext_noop(
                    "“%(eight)s” are all such cards of the deck (each card is in it twice): "
                    "these melds ask for %(count)s of them."
                ),
                eight=label(every.code), count=asked,
            ) if every else Message(_DECK))
    # The trump suit has two Kings and two Ober. Every trump pair takes one of each; a Familie
    # in trump contains one trump pair, and a Rundgang contains one, which may be the trump
    # Familie's (§15). A double Familie could be in another suit, so it does not count here.
    trump = sum(
        hand["pair_trump"] + max(hand["familie_trump"], hand["rundgang"]) for hand in hands
    )
    if trump > COPIES:
        raise ImpossibleMelds("trump", Message(
            gettext_noop(
                "There is one trump suit, with two Kings and two Ober: these melds need "
                "%(count)s trump pairs (a Familie in trump and a Rundgang each contain one)."
            ),
            count=trump,
        ))
    # The three other suits have six Kings and six Ober: a pair takes one of each, a Familie
    # contains one pair, a Rundgang one pair in each of the three suits (which may be the
    # Familien's).
    others = sum(hand["pair"] + max(hand["familie"], 3 * hand["rundgang"]) for hand in hands)
    if others > COPIES * (len(SUITS) - 1):
        raise ImpossibleMelds("outside_trump", Message(
            gettext_noop(
                "Outside trump there are three suits with two Kings and two Ober each: these "
                "melds need %(count)s pairs of them (a Familie contains one, a Rundgang three)."
            ),
            count=others,
        ))


# --- 2. what one player's melds already contain ----------------------------------------------


def _check_contained(hand: Mapping[str, int], player: int | None) -> None:
    """Melds beside a bigger meld that already contains their cards, where the hand has no
    other cards for them either."""
    # A double Familie (10 cards) contains both Familien of its suit; a Familie of another suit
    # would need 5 more cards, 15 in all: no hand holds them.
    if hand["double_familie"] and hand["familie"] + hand["familie_trump"]:
        raise ImpossibleMelds(
            "double_familie_with_familie",
            Message(
                gettext_noop(
                    "“%(double)s” already contains both Familien of its suit, and no other "
                    "Familie fits in the hand beside its ten cards."
                ),
                double=label("double_familie"),
            ),
            player=player,
        )
    # Eight Kings (or Ober) leave no King for a Rundgang of its own; the same cards are
    # counted as eight Kings, four Ober and the pairs, tapped one by one.
    for eight, other in (("eight_kings", "four_ober"), ("eight_ober", "four_kings")):
        if hand["rundgang"] and hand[eight]:
            raise ImpossibleMelds(
                "rundgang_with_eight",
                Message(
                    gettext_noop(
                        "Beside “%(eight)s”, tap “%(four)s” and the pairs instead of "
                        "“%(rundgang)s”: a Rundgang counts its four Kings and four Ober itself."
                    ),
                    eight=label(eight), four=label(other), rundgang=label("rundgang"),
                ),
                player=player,
            )


def _check_counting(hand: Mapping[str, int], player: int | None, melds: Sequence[Meld]) -> None:
    """Cards the hand may well hold, but that the rules (their ``melds``) count as one bigger
    meld or that a meld already counts (checked after the cards, so it is only said of a
    possible hand)."""
    points = {meld.code: meld.points for meld in melds}

    def twice(small: str, whole: str) -> ImpossibleMelds:
        return ImpossibleMelds(
            f"{small}_twice",
            Message(
                gettext_noop(
                    "“%(meld)s” twice in one hand is “%(whole)s” (%(points)s): tap that instead."
                ),
                meld=label(small), whole=label(whole), points=points[whole],
            ),
            player=player, cards=False,
        )

    # Both Schippen-Ober and both Schellen-Unter in one hand are a Doppelbinokel, 300, not
    # two Binokel at 40 (``seeds/002``: "two single binoculars give 80 < 300").
    if hand["binokel"] >= 2:
        raise twice("binokel", "doppelbinokel")
    # Four of a kind twice in one hand is all eight: eight of a kind, 1000, where the rules
    # count it (n of a kind twice is the rules' 2n of that kind; without it, two of them).
    for meld in melds:
        double = meld.rank is not None and of_a_kind(meld.rank, 2 * meld.count, melds)
        if double and hand[meld.code] >= 2:
            raise twice(meld.code, double.code)
    # Both Familien of the trump suit in one hand are the double Familie in trump, 1500.
    if hand["familie_trump"] >= 2:
        raise twice("familie_trump", "double_familie")
    # A Rundgang is four Kings, four Ober and the four pairs (``seeds/002``: 240 = 80 + 60 +
    # 100): it already counts the four Kings and four Ober. (With all eight Kings in the hand
    # they would be eight Kings; see ``_check_contained``.)
    for four in ("four_kings", "four_ober"):
        if hand["rundgang"] and hand[four]:
            raise ImpossibleMelds(
                "rundgang_with_four",
                Message(
                    gettext_noop(
                        "“%(rundgang)s” already counts four Kings and four Ober (240 = 80 + 60 "
                        "+ the pairs): “%(four)s” is not counted again beside it."
                    ),
                    rundgang=label("rundgang"), four=label(four),
                ),
                player=player, cards=False,
            )


# --- 3. one player's hand --------------------------------------------------------------------


def _check_hand_size(
    hand: Mapping[str, int], size: int, player: int | None, *, rundgang_room: bool = True
) -> None:
    """The player's melds fit in one hand of ``size`` cards, each card at most twice
    (``rundgang_room``: first the plainer reason for pairs beside a Rundgang)."""
    pairs = hand["pair"] + hand["pair_trump"]
    rundgang = hand["rundgang"]
    # A Rundgang takes a King and an Ober of every suit (8 cards); a further pair needs the
    # other King and Ober of its suit (it may not reuse the Rundgang's, ``seeds/001``).
    if rundgang_room and rundgang == 1 and pairs and 8 + 2 * pairs > size:
        raise ImpossibleMelds(
            "rundgang_with_pairs",
            Message(
                gettext_noop(
                    "“%(rundgang)s” is already a pair in every suit: beside it, a hand of "
                    "%(cards)s cards has room for at most %(most)s further pairs (with the "
                    "other King and Ober of their suit)."
                ),
                rundgang=label("rundgang"), cards=size, most=max(0, (size - 8) // 2),
            ),
            player=player,
        )
    needs = [need for trump in range(len(SUITS)) for need in _placements(hand, trump)]
    if needs:
        fewest = min(sum(need) for need in needs)
    else:
        fewest = _fewest_cards(hand)
        if fewest <= size:
            raise ImpossibleMelds("deck", Message(_DECK), player=player)
    if fewest > size:
        raise ImpossibleMelds(
            "hand_size",
            Message(
                gettext_noop(
                    "These melds need at least %(needed)s cards, but a player holds "
                    "%(cards)s at this table."
                ),
                needed=fewest, cards=size,
            ),
            player=player,
        )


def _check_together(hands: Sequence[Mapping[str, int]], size: int) -> None:
    """Both players of a pair together: one trump suit, and each card at most twice in all."""
    for trump in range(len(SUITS)):
        options = [
            {need for need in _placements(hand, trump) if sum(need) <= size} for hand in hands
        ]
        for first, second in itertools.product(*options):
            if all(a + b <= COPIES for a, b in zip(first, second, strict=True)):
                return
    raise ImpossibleMelds("deck", Message(_DECK))


def _placements(hand: Mapping[str, int], trump: int) -> Iterator[tuple[int, ...]]:
    """For every placement of the hand's pairs and Familien on suits (with ``trump`` as the
    trump suit), the copies of each card (suit × rank) the hand must hold; only placements
    that need no card more than twice."""
    others = [suit for suit in range(len(SUITS)) if suit != trump]
    for pair_spread in _spread(hand["pair"], len(others), COPIES):
        for familie_spread in _spread(hand["familie"], len(others), COPIES):
            for double_spread in _spread(hand["double_familie"], len(SUITS), 1):
                pairs = [0] * len(SUITS)
                familien = [0] * len(SUITS)
                pairs[trump] = hand["pair_trump"]
                familien[trump] = hand["familie_trump"]
                for suit, count in zip(others, pair_spread, strict=True):
                    pairs[suit] += count
                for suit, count in zip(others, familie_spread, strict=True):
                    familien[suit] += count
                for suit, count in enumerate(double_spread):
                    familien[suit] += 2 * count
                need = _need(hand, pairs, familien)
                if max(need) <= COPIES:
                    yield need


def _need(
    hand: Mapping[str, int], pairs: Sequence[int], familien: Sequence[int]
) -> tuple[int, ...]:
    """Copies of each card (suit × rank) needed: within a kind of meld every card serves once;
    across kinds the same card may serve again, so the hand needs the largest of the three."""
    rundgang = hand["rundgang"]
    binokel = hand["binokel"] + 2 * hand["doppelbinokel"]
    # n of a kind takes n / 4 of each suit; the Rundgang a King and an Ober of each
    same = {rank: _of_a_kind(hand, rank) // len(SUITS) for rank in range(len(RANKS))}
    same[KING] += rundgang
    same[OBER] += rundgang
    need = []
    for suit in range(len(SUITS)):
        # pairs and Familien; the Rundgang's pair of this suit may be a Familie's (§15)
        king_ober = pairs[suit] + max(familien[suit], rundgang)
        in_suit = {ACE: familien[suit], TEN: familien[suit], KING: king_ober, OBER: king_ober,
                   UNTER: familien[suit]}
        in_binokel = {
            OBER: binokel if suit == SCHIPPEN else 0,
            UNTER: binokel if suit == SCHELLEN else 0,
        }
        for rank in range(len(RANKS)):
            need.append(max(in_suit[rank], same[rank], in_binokel.get(rank, 0)))
    return tuple(need)


def _spread(count: int, slots: int, most: int) -> Iterator[tuple[int, ...]]:
    """Every way to put ``count`` things into ``slots`` places, at most ``most`` each."""
    for spread in itertools.product(range(most + 1), repeat=slots):
        if sum(spread) == count:
            yield spread


def _fewest_cards(hand: Mapping[str, int]) -> int:
    """A lower bound of the cards the hand needs, for a hand no placement fits: within each
    kind of meld the cards are all different, except a Rundgang's King and Ober that are a
    Familie's (at most one Familie per suit and Rundgang)."""
    familien = _familien(hand)
    rundgang = hand["rundgang"]
    binokel = 2 * hand["binokel"] + 4 * hand["doppelbinokel"]
    in_suit = (
        2 * (hand["pair"] + hand["pair_trump"]) + 5 * familien + 8 * rundgang
        - 2 * min(familien, len(SUITS) * rundgang)
    )
    same = 8 * rundgang + sum(_of_a_kind(hand, rank) for rank in _of_a_kind_ranks())
    return max(binokel, in_suit, same)
