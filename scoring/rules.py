"""Scoring of one Binokel game (a hand): ``score_hand``, by a club's house rules.

The rules are a ``RulesProfile`` of named switches, each declared once with its label, help and
bounds (``SWITCHES``, see ``scoring.switches``); ``RULES`` holds the published presets' rules
(the ejl Benefizbinokel format, the default, and clubs' house rules; the presets themselves are
``scoring.presets``). The rules, with the project's decisions where the sources leave gaps, are
in ``docs/rules.md``; the terms in ``docs/glossary.md``. ``score_hand`` returns the points of
every party for one game; a game that cannot have happened raises ``InvalidHand`` (a
``core.errors.UserError`` naming the argument at fault). Pure Python: nothing here imports
Django.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass, fields, replace
from decimal import Decimal
from typing import Final

from core.errors import UserError, gettext_noop
from core.limits import MAX_GAMES_PER_ROUND, MIN_GAMES_PER_ROUND
from scoring.presets import AKS_HEROLDSTATT, BSV_ENNAHOFEN, EJL, PRESETS
from scoring.switches import Bounds, Switch, is_int, switch

__all__ = [
    "AKS_HEROLDSTATT",
    "BSV_ENNAHOFEN",
    "CONCEDED",
    "DURCH",
    "DURCH_KINDS",
    "DURCH_OPEN",
    "DURCH_POINTS",
    "EJL",
    "KINDS",
    "LOWEST_MIN_BID",
    "MIN_BID",
    "PLAYED",
    "RULES",
    "SWITCHES",
    "TRICK_TOTAL",
    "InvalidHand",
    "RulesProfile",
    "hand_problems",
    "preset_label",
    "round10",
    "score_hand",
]

PLAYED: Final = "played"
CONCEDED: Final = "conceded"
DURCH: Final = "durch"
DURCH_OPEN: Final = "durch-open"
"""A Durch laid open (*aufgelegt*): the declarer shows the hand and the game ends at once."""
KINDS: Final = (PLAYED, CONCEDED, DURCH, DURCH_OPEN)
DURCH_KINDS: Final = (DURCH, DURCH_OPEN)

TRICK_TOTAL: Final = 250
MIN_BID: Final = 150
"""The ejl's lowest bid (§5)."""
LOWEST_MIN_BID: Final = 100
"""The lowest minimum bid a club's rules may set (the database holds no bid below it)."""
HIGHEST_MIN_BID: Final = 300
DURCH_POINTS: Final = 1000
PARTY_COUNTS: Final = (2, 3, 4)


NOT_IN_RULES: Final = {
    DURCH: gettext_noop("This tournament's rules have no Durch."),
    DURCH_OPEN: gettext_noop("This tournament's rules do not let a Durch be laid open."),
}
"""Why a kind of game that exists is refused by the event's rules."""


class InvalidHand(UserError, ValueError):
    """A game that cannot have happened as entered (also a ``ValueError``).

    ``field`` is the argument at fault (``"bid"``, ``"declarer"``, ``"melds"``, ``"tricks"``,
    ``"kind"`` or ``"revoked"``); ``party`` the index of the party whose meld or trick figure
    is at fault, where it is one party's; ``str(error)`` is the message in the reader's language.
    """

    def __init__(
        self, field: str, message: str, *, party: int | None = None, **params: object
    ) -> None:
        super().__init__(message, field=field, **params)
        self.party = party


def round10(points: int) -> int:
    """Round to the nearest multiple of 10, halves up (125 → 130, 124 → 120, −125 → −120)."""
    return (points + 5) // 10 * 10


def _half_bid(bid: int) -> int:
    """Half the bid, rounded up to the next 10 (what the others get for a conceded game)."""
    return -(-bid // 20) * 10


# --- rules profiles ----------------------------------------------------------------------------

BID_BOUNDS: Final = Bounds(LOWEST_MIN_BID, HIGHEST_MIN_BID, 10)
POINTS_BOUNDS: Final = Bounds(100, 5000, 10)
AMOUNT_BOUNDS: Final = Bounds(Decimal("0"), Decimal("9999.99"), Decimal("0.01"))


@dataclass(frozen=True)
class RulesProfile:
    """A club's house rules as named switches: what ``score_hand``, the meld picker, the sheet,
    the ranking and the money follow. Plain data; ``RULES`` holds the published presets
    (``scoring.presets``), an event stores its own (``as_dict``, ``from_dict``). Each switch is
    declared once below with its label, help and bounds (``switch``; ``SWITCHES`` lists them);
    ``name`` is the preset the switches start from."""

    name: str = EJL
    min_bid: int = switch(
        MIN_BID, gettext_noop("Minimum bid"),
        gettext_noop("The lowest bid of a game."),
        bounds=BID_BOUNDS,
    )
    games_per_round: int = switch(
        12, gettext_noop("Games per round (for new tournaments)"),
        gettext_noop("The games per round a new tournament starts with; each tournament sets "
                     "its own."),
        bounds=Bounds(MIN_GAMES_PER_ROUND, MAX_GAMES_PER_ROUND), on_rules_page=False,
    )
    conceded_half_bid: bool = switch(
        True, gettext_noop("Conceded: the others get half the bid"),
        gettext_noop("A conceded game gives every other party half the bid (rounded up to 10) "
                     "on top of its meld; off: only its meld."),
    )
    out_of_reach_factor: int = switch(
        1, gettext_noop(
            "Conceded with the bid out of reach (more than own meld + 250): times the bid lost"
        ),
        gettext_noop("A conceded bid the declarer could not reach even with every trick point "
                     "(more than its meld + 250) costs this many times the bid; 1: like any "
                     "conceded game."),
        bounds=Bounds(1, 3),
    )
    lost_half_bid: bool = switch(
        False, gettext_noop("Lost: the others get half the bid on top"),
        gettext_noop("A played and lost game gives every other party half the bid (rounded up "
                     "to 10) on top of its meld and tricks."),
    )
    durch: bool = switch(
        True, gettext_noop("Durch is played"),
        gettext_noop("A Durch may be played; off: the score sheet refuses it."),
    )
    durch_points: int = switch(
        DURCH_POINTS, gettext_noop("Durch counts"),
        gettext_noop("What a Durch counts, won (plus) or lost (minus)."),
        bounds=POINTS_BOUNDS,
    )
    durch_open: bool = switch(
        True, gettext_noop("A Durch may be laid open"),
        gettext_noop("A Durch may be laid open (aufgelegt) to end the game at once."),
    )
    durch_open_points: int = switch(
        DURCH_POINTS, gettext_noop("Durch laid open counts"),
        gettext_noop("What a Durch laid open counts, won (plus) or lost (minus)."),
        bounds=POINTS_BOUNDS,
    )
    double_familie: int = switch(
        1500, gettext_noop("Double Familie counts"),
        gettext_noop("What both Familien of one suit count as one meld."),
        bounds=POINTS_BOUNDS,
    )
    eight_tens: bool = switch(
        False, gettext_noop("Eight Tens are a meld (1000)"),
        gettext_noop("Two Tens of every suit are a meld of 1000, like eight Aces."),
    )
    rundgang_with_familie: int = switch(
        200, gettext_noop("Rundgang beside a Familie counts"),
        gettext_noop("What a Rundgang counts when the same player also melds a Familie (§15)."),
        bounds=Bounds(100, 240, 10),
    )
    exact_tie_break: bool = switch(
        False, gettext_noop("Exact points decide equal totals"),
        gettext_noop("Equal totals are separated by the exact points, before the trick points "
                     "are rounded."),
    )
    lost_game_fee: str = switch(
        "", gettext_noop("Money per lost game (€)"),
        gettext_noop("The money per game lost as declarer a new tournament's cash desk starts "
                     "with; empty: none."),
        bounds=AMOUNT_BOUNDS,
    )
    lost_game_fee_higher: str = switch(
        "", gettext_noop("Higher money per lost game (€)"),
        gettext_noop("A higher amount per lost game, from the lost game below on; empty: none."),
        bounds=AMOUNT_BOUNDS,
    )
    lost_game_fee_higher_from: int | None = switch(
        None, gettext_noop("Higher money from lost game no."),
        gettext_noop("From which game lost as declarer on the higher amount is due."),
        bounds=Bounds(2, MAX_GAMES_PER_ROUND),
    )
    players_sign: bool = switch(
        False, gettext_noop("Every player of a table confirms the sheet"),
        gettext_noop("Every player of a table signs the score sheet; the printed sheet has a "
                     "line for each."),
    )

    @property
    def kinds(self) -> tuple[str, ...]:
        """The kinds of game these rules know, in the sheet's order."""
        if not self.durch:
            return (PLAYED, CONCEDED)
        return KINDS if self.durch_open else (PLAYED, CONCEDED, DURCH)

    def kind_points(self, kind: str) -> int:
        """What a Durch of ``kind`` counts (won, or lost with the sign turned)."""
        return self.durch_open_points if kind == DURCH_OPEN else self.durch_points

    def as_dict(self) -> dict[str, object]:
        """The switches as JSON-ready data (``from_dict`` reads it back)."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, object] | None) -> RulesProfile:
        """The profile saved as ``data``; switches it lacks take the preset's it names (ejl
        when it names none); unknown keys are ignored, so older saved profiles still read."""
        data = dict(data or {})
        base = RULES.get(str(data.get("name", EJL)), RULES[EJL])
        known = {f.name for f in fields(cls)}
        return replace(base, **{key: value for key, value in data.items() if key in known})

    def differences(self, other: RulesProfile) -> list[str]:
        """The switches (field names) whose values differ from ``other``'s."""
        return [name for name in SWITCHES if getattr(self, name) != getattr(other, name)]

    def problems(self) -> list[UserError]:
        """What makes these switches unusable: each value outside its switch's bounds, as a
        message naming its field."""
        return [
            problem
            for name, declared in SWITCHES.items()
            if (problem := declared.problem(getattr(self, name))) is not None
        ]


SWITCHES: Final[dict[str, Switch]] = {
    f.name: Switch(name=f.name, type=str(f.type), default=f.default, **f.metadata["switch"])
    for f in fields(RulesProfile)
    if "switch" in f.metadata
}
"""Every switch of ``RulesProfile`` by name, in the declaration's order."""


class PresetRules(Mapping[str, RulesProfile]):
    """The rules of every preset by its code: a view of ``scoring.presets.PRESETS`` (its
    switches on the ejl's), so a preset added there is here too."""

    def __getitem__(self, code: str) -> RulesProfile:
        return RulesProfile(name=code, **PRESETS[code].switches)

    def __iter__(self) -> Iterator[str]:
        return iter(PRESETS)

    def __len__(self) -> int:
        return len(PRESETS)


RULES: Final = PresetRules()
"""The published presets' rules by code; ``RulesProfile.from_dict`` starts from one of them."""


def preset_label(code: str) -> str:
    """What the preset ``code`` is called (a msgid); an unknown code is named as the ejl."""
    return (PRESETS.get(code) or PRESETS[EJL]).label


def hand_problems(
    *,
    bid: int,
    declarer: int,
    melds: Sequence[int],
    tricks: Sequence[int] | None,
    kind: str,
    revoked: int | None,
    rules: RulesProfile | None = None,
) -> list[InvalidHand]:
    """Everything wrong with a game as entered, in the order a reader checks it; empty when
    ``score_hand`` can score it by ``rules`` (default: ejl). Every problem is reported, not
    just the first."""
    rules = rules or RULES[EJL]
    problems: list[InvalidHand] = []
    if kind not in KINDS:
        problems.append(
            InvalidHand("kind", gettext_noop("Unknown kind of game “%(kind)s”."), kind=kind)
        )
    elif kind not in rules.kinds:
        problems.append(InvalidHand("kind", NOT_IN_RULES[kind]))
    if not is_int(bid) or bid < rules.min_bid or bid % 10:
        problems.append(
            InvalidHand(
                "bid",
                gettext_noop("The bid must be a multiple of 10 and at least %(min)s."),
                min=rules.min_bid,
            )
        )
    parties = len(melds)
    if parties not in PARTY_COUNTS:
        problems.append(
            InvalidHand(
                "melds",
                gettext_noop("A game has 2, 3 or 4 parties, not %(count)s."),
                count=parties,
            )
        )
        return problems
    for party, meld in enumerate(melds):
        if not is_int(meld) or meld < 0 or meld % 10:
            problems.append(
                InvalidHand(
                    "melds",
                    gettext_noop("Meld must be a non-negative multiple of 10."),
                    party=party,
                )
            )
    if not is_int(declarer) or not 0 <= declarer < parties:
        problems.append(
            InvalidHand("declarer", gettext_noop("Choose the declarer among the players."))
        )
    if revoked is not None and (not is_int(revoked) or not 0 <= revoked < parties):
        problems.append(
            InvalidHand("revoked", gettext_noop("Choose who misplayed among the players."))
        )
    if kind == CONCEDED:
        problems.extend(_conceded_problems(tricks, revoked, parties))
    elif kind in KINDS:
        problems.extend(_played_problems(tricks, parties))
        if kind in DURCH_KINDS:
            problems.extend(
                InvalidHand("melds", gettext_noop("A Durch has no meld."), party=party)
                for party, meld in enumerate(melds)
                if is_int(meld) and meld
            )
    return problems


def _conceded_problems(
    tricks: Sequence[int] | None, revoked: int | None, parties: int
) -> list[InvalidHand]:
    problems = []
    if revoked is not None:
        problems.append(
            InvalidHand(
                "revoked",
                gettext_noop("A conceded game is not played, so nobody can misplay."),
            )
        )
    if tricks is not None and any(t != 0 for t in tricks):
        problems.append(
            InvalidHand(
                "tricks",
                gettext_noop("A conceded game is not played: leave the trick points empty."),
            )
        )
    elif tricks is not None and len(tricks) != parties:
        problems.append(InvalidHand("tricks", gettext_noop("Enter trick points for every party.")))
    return problems


def _played_problems(tricks: Sequence[int] | None, parties: int) -> list[InvalidHand]:
    if tricks is None or len(tricks) != parties:
        return [InvalidHand("tricks", gettext_noop("Enter trick points for every party."))]
    problems = [
        InvalidHand(
            "tricks",
            gettext_noop("Trick points must be a non-negative whole number."),
            party=party,
        )
        for party, trick in enumerate(tricks)
        if not is_int(trick) or trick < 0
    ]
    if not problems and sum(tricks) != TRICK_TOTAL:
        problems.append(
            InvalidHand(
                "tricks",
                gettext_noop("The trick points add up to %(sum)s instead of %(total)s."),
                sum=sum(tricks),
                total=TRICK_TOTAL,
            )
        )
    return problems


def score_hand(
    *,
    bid: int,
    declarer: int,
    melds: Sequence[int],
    tricks: Sequence[int] | None,
    kind: str = PLAYED,
    revoked: int | None = None,
    rules: RulesProfile | None = None,
) -> tuple[int, ...]:
    """Points of every party for one game, in the order of ``melds``, by ``rules`` (a
    ``RulesProfile``; default: ejl).

    ``melds`` and ``tricks`` hold one figure per party (3 or 4 singles, or 2 pairs);
    ``declarer`` and ``revoked`` are indices into them. ``kind`` is ``"played"``,
    ``"conceded"`` (``tricks`` None or all zero), ``"durch"`` or ``"durch-open"`` (laid open).
    Raises ``InvalidHand``.
    """
    rules = rules or RULES[EJL]
    problems = hand_problems(
        bid=bid, declarer=declarer, melds=melds, tricks=tricks, kind=kind, revoked=revoked,
        rules=rules,
    )
    if problems:
        raise problems[0]
    parties = range(len(melds))

    if kind == CONCEDED:
        # a bid the declarer could not reach even with every trick point costs more
        out_of_reach = bid > melds[declarer] + TRICK_TOTAL
        lost = bid * (rules.out_of_reach_factor if out_of_reach else 1)
        half = _half_bid(bid) if rules.conceded_half_bid else 0
        return tuple(-lost if p == declarer else half + melds[p] for p in parties)

    assert tricks is not None  # checked by hand_problems
    # Tricks count for a party unless it misplayed; a declarer who misplays loses outright.
    counted_tricks = [0 if p == revoked else tricks[p] for p in parties]

    if kind in DURCH_KINDS:
        value = rules.kind_points(kind)
        won = revoked != declarer and tricks[declarer] == TRICK_TOTAL
        if won:
            return tuple(value if p == declarer else 0 for p in parties)
        return tuple(-value if p == declarer else round10(counted_tricks[p]) for p in parties)

    # A party that took no trick (0 trick points: every trick holds card points) loses its meld.
    counted_melds = [melds[p] if tricks[p] > 0 else 0 for p in parties]
    won = revoked != declarer and counted_melds[declarer] + tricks[declarer] >= bid
    if won:
        return tuple(counted_melds[p] + round10(counted_tricks[p]) for p in parties)
    bonus = _half_bid(bid) if rules.lost_half_bid else 0
    return tuple(
        -2 * bid if p == declarer else counted_melds[p] + round10(counted_tricks[p]) + bonus
        for p in parties
    )
