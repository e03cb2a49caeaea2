"""The checks of the figures an event keeps when it does not keep every game in full
(``Event.scoring_mode``; the modes' codes are ``tournament.house_rules``, what each stores and
cannot tell is in ``docs/rules.md``, "How an event keeps score").

- ``points``: each game's points per party as written on the paper, and the declarer where it
  is known; ``points_problems`` checks one game's row.
- ``totals``: each party's total of the round and its games lost as declarer;
  ``totals_problems`` checks one sheet.

What a mode cannot tell leaves out the tie-breaks that need it (``known_tie_breaks``), and the
figures of the results, the press report and the player's page that need it (``tells``).

A problem is an ``InvalidFigure`` naming the field at fault as the sheet names it without the
game's prefix (``points<i>``, ``declarer``, ``total<i>``, ``lost<i>``; ``i`` the party's index
as in ``meld<i>``) and the party's index; the sheet names the game. Every problem is reported,
not just the first. Pure Python: nothing here imports Django.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from core.errors import UserError, gettext_noop
from core.limits import UNUSUAL_BID
from scoring.melds import catalogue
from scoring.ranking import DECLARER_WINS, EXACT_POINTS, signed
from scoring.rules import DURCH_KINDS, TRICK_TOTAL, RulesProfile, is_int
from tournament.house_rules import GAMES, POINTS, TOTALS

__all__ = [
    "MODE_TELLS",
    "UNKNOWN_TIE_BREAKS",
    "WRITTEN",
    "InvalidFigure",
    "ModeTells",
    "game_reach",
    "known_tie_breaks",
    "points_problems",
    "tells",
    "totals_problems",
]

STEP = 10
"""Every score is a multiple of 10: melds, bids and rounded trick points are."""

WRITTEN: Final = "written"
"""The kind of a game of a ``points`` sheet (``scoring.models.Game``): its points as written on
the paper, with no bid, melds or trick points and the declarer only where it is known."""

UNKNOWN_TIE_BREAKS: dict[str, frozenset[str]] = {
    POINTS: frozenset({EXACT_POINTS, DECLARER_WINS}),
    TOTALS: frozenset({EXACT_POINTS, DECLARER_WINS}),
}
"""The tie-breaks (``scoring.ranking.TIE_BREAKS``) a scoring mode has no figures for, by mode:
points per game and round totals keep no trick points (no exact points); round totals know no
games won as declarer, and points per game only those whose declarer is written down, so a
count of them would favour the tables that write it. A mode not named here has the figures of
every tie-break."""


def known_tie_breaks(codes: Sequence[str], mode: str) -> list[str]:
    """The tie-breaks of ``codes`` that an event keeping score in ``mode`` has the figures for,
    in order: the others cannot separate equal totals and are left out."""
    unknown = UNKNOWN_TIE_BREAKS.get(mode, frozenset())
    return [code for code in codes if code not in unknown]


@dataclass(frozen=True, slots=True)
class ModeTells:
    """What the scores an event keeps in one scoring mode can tell, figure by figure. Every
    mode tells each party's total per round, its games lost as declarer and the games played;
    the results show a figure only where its mode tells it, never a zero standing in for it."""

    game_rows: bool
    """One row per game: each party's points in each game (the export's rows per game, the
    biggest loss in one game)."""
    game_detail: bool
    """Each game's bid, kind and misplay, each party's meld and trick points."""
    durch: bool
    """Which games were a Durch: the Durch won and lost, the Durch of the press report."""
    best_game: bool
    """The highest game: the most points of a declarer in one game, a Durch left out."""
    biggest_loss: bool
    """The biggest loss of a party in one game."""
    declarer_wins: bool
    """The games each party won as declarer."""
    exact_points: bool
    """Each party's exact (unrounded) trick points."""
    declarer_losses: bool = True
    """The games each party lost as declarer (the lost-game money): every mode tells them."""


MODE_TELLS: dict[str, ModeTells] = {
    GAMES: ModeTells(
        game_rows=True, game_detail=True, durch=True, best_game=True, biggest_loss=True,
        declarer_wins=True, exact_points=True,
    ),
    # the declarer is written only where known, and a game won leaves no trace of who
    # declared it; a game lost does: the one party below zero
    POINTS: ModeTells(
        game_rows=True, game_detail=False, durch=False, best_game=False, biggest_loss=True,
        declarer_wins=False, exact_points=False,
    ),
    TOTALS: ModeTells(
        game_rows=False, game_detail=False, durch=False, best_game=False, biggest_loss=False,
        declarer_wins=False, exact_points=False,
    ),
}
"""What each scoring mode tells (``docs/rules.md``, "How an event keeps score")."""


def tells(mode: str) -> ModeTells:
    """What an event keeping score in ``mode`` can tell (``ValueError`` for an unknown mode)."""
    try:
        return MODE_TELLS[mode]
    except KeyError:
        raise ValueError(f"unknown scoring mode {mode!r}") from None


NOT_IN_TENS = gettext_noop("Points are written in tens: enter a multiple of 10.")


class InvalidFigure(UserError, ValueError):
    """A figure of a ``points`` or ``totals`` sheet that cannot be right (also a
    ``ValueError``): ``field`` is the field at fault, ``party`` the index of its party where it
    is one party's; ``str(error)`` is the message in the reader's language."""

    def __init__(
        self, field: str, message: str, *, party: int | None = None, **params: object
    ) -> None:
        super().__init__(message, field=field, **params)
        self.party = party


def game_reach(rules: RulesProfile) -> int:
    """The most points one party can score or lose in one game by ``rules``: a Durch's value,
    twice the highest plausible bid (a lost game; ``core.limits.UNUSUAL_BID``, above
    which the full sheet asks to confirm a bid), that bid times the factor of a conceded bid out
    of reach, or the highest meld with every trick point, whichever is most."""
    durch = [rules.kind_points(kind) for kind in DURCH_KINDS if kind in rules.kinds]
    highest_meld = max(meld.points for meld in catalogue(rules))
    return max(
        *durch,
        max(2, rules.out_of_reach_factor) * UNUSUAL_BID,
        highest_meld + TRICK_TOTAL,
    )


def _lowest_won(rules: RulesProfile) -> int:
    """The least a declarer scores in a game won: the bid it reached (at least the lowest bid),
    or a Durch's value."""
    return min([rules.min_bid, *(rules.kind_points(kind) for kind in DURCH_KINDS
                                 if kind in rules.kinds)])


def points_problems(
    *, points: Sequence[int | None], declarer: int | None, rules: RulesProfile
) -> list[InvalidFigure]:
    """Everything wrong with one game of a ``points`` sheet: ``points`` holds each party's
    points as written (None: left empty), ``declarer`` the declarer's index where it is known.
    Empty when the figures can be right; a row with nothing typed is no game and has no
    problems.

    The checks: every party's points are typed, a multiple of 10 and within ``game_reach``; only
    the declarer of a lost or conceded game scores below zero, so at most one party does, and
    where the declarer is known it is that party; a known declarer scores below zero (lost) or
    at least the lowest bid (won).
    """
    if declarer is None and all(value is None for value in points):
        return []
    problems: list[InvalidFigure] = []
    reach = game_reach(rules)
    for party, value in enumerate(points):
        field = f"points{party}"
        if value is None:
            problems.append(InvalidFigure(
                field, gettext_noop("Enter the points of every party."), party=party
            ))
        elif not is_int(value) or value % STEP:
            problems.append(InvalidFigure(field, NOT_IN_TENS, party=party))
        elif abs(value) > reach:
            problems.append(InvalidFigure(
                field,
                gettext_noop(
                    "%(points)s is out of reach in one game: a party scores from −%(reach)s "
                    "to %(reach)s."
                ),
                party=party, points=signed(value), reach=reach,
            ))
    if declarer is not None and (not is_int(declarer) or not 0 <= declarer < len(points)):
        problems.append(
            InvalidFigure("declarer", gettext_noop("Choose the declarer among the players."))
        )
        declarer = None
    below = [p for p, value in enumerate(points) if is_int(value) and value < 0]
    if declarer is not None:
        problems.extend(
            InvalidFigure(
                f"points{party}",
                gettext_noop(
                    "Only the declarer scores below zero (in a game lost or conceded)."
                ),
                party=party,
            )
            for party in below
            if party != declarer
        )
        value = points[declarer]
        lowest = _lowest_won(rules)
        if is_int(value) and 0 <= value < lowest:
            problems.append(InvalidFigure(
                f"points{declarer}",
                gettext_noop(
                    "The declarer scores at least %(lowest)s in a game won and below zero in "
                    "a game lost."
                ),
                party=declarer, lowest=lowest,
            ))
    elif len(below) > 1:
        problems.extend(
            InvalidFigure(
                f"points{party}",
                gettext_noop(
                    "Only one party scores below zero in a game: the declarer of a game lost "
                    "or conceded."
                ),
                party=party,
            )
            for party in below
        )
    return problems


def totals_problems(
    *,
    totals: Sequence[int | None],
    lost: Sequence[int | None],
    games: int,
    rules: RulesProfile,
) -> list[InvalidFigure]:
    """Everything wrong with a ``totals`` sheet of a round of ``games`` games: ``totals`` holds
    each party's total of the round (None: left empty), ``lost`` its games lost as declarer
    (None: left empty, none lost). Empty when the figures can be right.

    The checks: every total is typed and a multiple of 10; a party's games lost run from 0 to
    ``games``, and the parties' together never more than ``games`` (a game has one declarer);
    a total lies within what its games can reach: each game lost at least −``game_reach``, each
    other game at most ``game_reach`` and never below zero, so a total below zero needs a game
    lost. ``totals`` and ``lost`` hold one figure per party each (else ``ValueError``).
    """
    if len(totals) != len(lost):
        raise ValueError("totals_problems needs one lost count per total")
    problems: list[InvalidFigure] = []
    reach = game_reach(rules)
    counts: list[int | None] = []  # each party's games lost; None where the figure is wrong
    for party, count in enumerate(lost):
        count = 0 if count is None else count
        if not is_int(count) or not 0 <= count <= games:
            problems.append(InvalidFigure(
                f"lost{party}",
                gettext_noop("Enter the games lost as declarer, from 0 to %(games)s."),
                party=party, games=games,
            ))
            counts.append(None)
        else:
            counts.append(count)
    known = [(party, count) for party, count in enumerate(counts) if count]
    if sum(count for _party, count in known) > games:
        problems.append(InvalidFigure(
            f"lost{known[-1][0]}",
            gettext_noop(
                "The parties lost %(lost)s games as declarer together, but the round has "
                "%(games)s games."
            ),
            party=known[-1][0], lost=sum(count for _party, count in known), games=games,
        ))
    for party, total in enumerate(totals):
        field = f"total{party}"
        if total is None:
            problems.append(InvalidFigure(
                field, gettext_noop("Enter the total of every party."), party=party
            ))
            continue
        if not is_int(total) or total % STEP:
            problems.append(InvalidFigure(field, NOT_IN_TENS, party=party))
            continue
        count = counts[party]
        if count == 0 and total < 0:
            problems.append(InvalidFigure(
                f"lost{party}",
                gettext_noop(
                    "A total below zero needs a game lost as declarer: enter the games lost."
                ),
                party=party,
            ))
            continue
        if count:
            low, high = -count * reach, (games - count) * reach
            message = gettext_noop(
                "%(total)s is out of reach: in %(games)s games, %(lost)s of them lost as "
                "declarer, a total lies from %(low)s to %(high)s."
            )
        else:
            # none lost, or a lost count that is wrong itself (reported above): the games bound
            low, high = (0 if count == 0 else -games * reach), games * reach
            message = gettext_noop(
                "%(total)s is out of reach in %(games)s games: a total lies from %(low)s to "
                "%(high)s."
            )
        if not low <= total <= high:
            problems.append(InvalidFigure(
                field, message, party=party, total=signed(total), games=games, lost=count,
                low=signed(low), high=high,
            ))
    return problems
