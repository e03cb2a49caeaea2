"""Scoring of one Binokel game (a hand): ``score_hand``, by a club's house rules.

The rules are a ``RulesProfile`` of named switches; ``RULES`` holds the published presets (the
ejl Benefizbinokel format, the default, and two clubs' house rules). The rules, with the
project's decisions where the sources leave gaps, are in ``docs/rules.md``; the terms in
``docs/glossary.md``. ``score_hand`` returns the points of every party for one game; a game
that cannot have happened raises ``InvalidHand`` (a ``core.errors.UserError`` naming the
argument at fault). Pure Python: nothing here imports Django.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, fields, replace
from typing import Final

from core.errors import UserError, gettext_noop
from core.limits import MAX_GAMES_PER_ROUND, MIN_GAMES_PER_ROUND

__all__ = [
    "AKS_HEROLDSTATT",
    "BSV_ENNAHOFEN",
    "CONCEDED",
    "CUSTOM",
    "DURCH",
    "DURCH_KINDS",
    "DURCH_OPEN",
    "DURCH_POINTS",
    "EJL",
    "KINDS",
    "LABELS",
    "LOWEST_MIN_BID",
    "MIN_BID",
    "PLAYED",
    "RULES",
    "TRICK_TOTAL",
    "InvalidHand",
    "RulesProfile",
    "hand_problems",
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

EJL: Final = "ejl"
AKS_HEROLDSTATT: Final = "aks-heroldstatt"
BSV_ENNAHOFEN: Final = "bsv-ennahofen"
CUSTOM: Final = "custom"


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


def is_int(value: object) -> bool:
    """A whole number (``True`` and ``False`` are not)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _half_bid(bid: int) -> int:
    """Half the bid, rounded up to the next 10 (what the others get for a conceded game)."""
    return -(-bid // 20) * 10


# --- rules profiles ----------------------------------------------------------------------------


@dataclass(frozen=True)
class RulesProfile:
    """A club's house rules as named switches: what ``score_hand``, the meld picker, the sheet,
    the ranking and the money follow. Plain data; ``RULES`` holds the published presets, an
    event stores its own (``as_dict``, ``from_dict``). The presets, their sources and worked
    examples are in ``docs/rules.md`` ("House rules").

    - ``min_bid``: the lowest bid (a multiple of 10);
    - ``games_per_round``: what a new event starts with;
    - ``conceded_half_bid``: a conceded game gives every other party half the bid (rounded up
      to 10) on top of its meld; otherwise only its meld;
    - ``out_of_reach_factor``: a conceded game whose bid is more than the declarer's meld plus
      every trick point (250) costs this many times the bid (1: like any conceded game);
    - ``lost_half_bid``: a lost game gives every other party half the bid on top;
    - ``durch``: a Durch may be played; ``durch_points`` it counts, ``durch_open`` whether it
      may be laid open and ``durch_open_points`` what it counts laid open;
    - ``double_familie``, ``rundgang_with_familie``: those melds' values; ``eight_tens``: eight
      Tens are a meld (1000) like eight Aces;
    - ``exact_tie_break``: equal totals are separated by the exact (unrounded) points;
    - ``lost_game_fee``, ``lost_game_fee_higher``, ``lost_game_fee_higher_from``: the money per
      lost game a new event's cash desk starts with (euros as text, "" for none);
    - ``players_sign``: every player of a table confirms the sheet.
    """

    name: str = EJL
    min_bid: int = MIN_BID
    games_per_round: int = 12
    conceded_half_bid: bool = True
    out_of_reach_factor: int = 1
    lost_half_bid: bool = False
    durch: bool = True
    durch_points: int = DURCH_POINTS
    durch_open: bool = True
    durch_open_points: int = DURCH_POINTS
    double_familie: int = 1500
    eight_tens: bool = False
    rundgang_with_familie: int = 200
    exact_tie_break: bool = False
    lost_game_fee: str = ""
    lost_game_fee_higher: str = ""
    lost_game_fee_higher_from: int | None = None
    players_sign: bool = False

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
        """The switches (field names) whose values differ from ``other``'s, name aside."""
        return [
            f.name
            for f in fields(self)
            if f.name != "name" and getattr(self, f.name) != getattr(other, f.name)
        ]

    def problems(self) -> list[UserError]:
        """What makes these switches unusable (each a message naming its field)."""
        found: list[UserError] = []

        def bad(field: str, low: int, high: int, step: int = 10) -> None:
            value = getattr(self, field)
            if not is_int(value) or not low <= value <= high or value % step:
                found.append(UserError(
                    gettext_noop("Choose a multiple of %(step)s from %(low)s to %(high)s."),
                    field=field, step=step, low=low, high=high,
                ))

        bad("min_bid", LOWEST_MIN_BID, HIGHEST_MIN_BID)
        bad("games_per_round", MIN_GAMES_PER_ROUND, MAX_GAMES_PER_ROUND, 1)
        bad("out_of_reach_factor", 1, 3, 1)
        for field in ("durch_points", "durch_open_points", "double_familie"):
            bad(field, 100, 5000)
        bad("rundgang_with_familie", 100, 240)
        if self.lost_game_fee_higher_from is not None:
            bad("lost_game_fee_higher_from", 2, 48, 1)
        return found



RULES: Final[dict[str, RulesProfile]] = {
    EJL: RulesProfile(),
    # "Spielregeln Preisbinokel – AKS Heroldstatt", rules 3–11
    AKS_HEROLDSTATT: RulesProfile(
        name=AKS_HEROLDSTATT,
        games_per_round=15,
        out_of_reach_factor=2,
        lost_half_bid=True,
        durch=False,
        durch_open=False,
        double_familie=1000,
        eight_tens=True,
        lost_game_fee="1.00",
        players_sign=True,
    ),
    # the BSV Ennahofen tournament page (rules and meld table)
    BSV_ENNAHOFEN: RulesProfile(
        name=BSV_ENNAHOFEN,
        durch_open_points=1500,
        exact_tie_break=True,
        lost_game_fee="0.50",
        lost_game_fee_higher="1.00",
        lost_game_fee_higher_from=5,
    ),
}
"""The published presets by name; ``RulesProfile.from_dict`` starts from one of them."""

LABELS: Final = {
    EJL: gettext_noop("ejl Benefizbinokel"),
    AKS_HEROLDSTATT: gettext_noop("AKS Heroldstatt Preisbinokel"),
    BSV_ENNAHOFEN: gettext_noop("BSV Ennahofen"),
    CUSTOM: gettext_noop("own house rules"),
}
"""What each preset is called (msgids); ``CUSTOM`` names a preset with changed switches."""


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
