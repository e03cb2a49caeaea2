"""Score entry of a sheet kept in points per game (``Event.scoring_mode`` ``points``): each
game's points per party as written on the paper, and the declarer where the paper names it.

A game is stored as a ``scoring.models.Game`` of the kind ``written`` (``Game.Kind.WRITTEN``):
its declarer where known (else none), no bid, the dealer of the rotation, and one line per
party holding the points as written (meld 0, no trick points); ``sheet_games`` reads it back as
any game, so the standings, the hand-in (every game entered) and the trail follow without a
mode of their own.

A save follows the contract of a save of games (``scoring.services.sheets``, whose module
docstring says it in full, and whose ``store_rows`` stores it): one transaction on the locked
sheet, judged by the event's rules as read inside the lock; a save based on an older version
of the sheet is refused (``StaleSheet``) when it would change anything; a save sent again with
the id of the sheet's last change (``save_id``) is based on the version it made; a save that
changes nothing is answered as stored; a change after players confirmed voids their
confirmations. Unlike a save of games it is checked whole, as a save of round totals is: with a
problem in any row (``scoring.modes.points_problems``) nothing is stored.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.db import transaction
from django.utils.translation import gettext_noop

from scoring.house_rules import rules_of
from scoring.models import ScoreSheet
from scoring.modes import WRITTEN, InvalidFigure, points_problems
from scoring.rules import RulesProfile
from scoring.services.sheets import (
    SaveResult,
    SheetError,
    check_row_numbers,
    lock_for_save,
    sheet_games,
    sheet_parties,
    store_rows,
)
from tournament.house_rules import POINTS
from tournament.seats import dealer_position

PointsRow = Mapping[str, Any] | None
"""A game of a points sheet as sent: ``{"points": [...], "declarer": index}``, each party's
points as written (None: left empty) and the declarer's index in seating order (None: not
named); None, or nothing typed, clears the row (deletes its game)."""


def points_field(number: int, problem: InvalidFigure) -> str:
    """The form field of game ``number`` a problem of ``scoring.modes.points_problems`` belongs
    to: ``g<N>-points<i>`` or ``g<N>-declarer``."""
    return f"g{number}-{problem.field}"


def problems_by_field(
    problems: Mapping[int, Sequence[InvalidFigure]],
) -> dict[str, list[InvalidFigure]]:
    """Problems by game number (``SaveResult.problems``) by the form field they belong to."""
    found: dict[str, list[InvalidFigure]] = {}
    for number, row_problems in problems.items():
        for problem in row_problems:
            found.setdefault(points_field(number, problem), []).append(problem)
    return found


def written_game(
    *, number: int, points: Sequence[int], declarer: int | None, seat_count: int
) -> dict[str, Any]:
    """Game ``number`` of points as written, as ``sheet_games`` reads a stored game: the dealer
    of the rotation, the declarer's index or None, each party's points."""
    return {
        "dealer": dealer_position(number, seat_count),
        "declarer": declarer,
        "bid": None,
        "kind": WRITTEN,
        "revoked": None,
        "melds": [0] * len(points),
        "tricks": None,
        "points": list(points),
    }


def is_blank(row: PointsRow) -> bool:
    """Whether a row sent holds nothing: no points, no declarer."""
    return row is None or (
        row.get("declarer") is None and all(value is None for value in row.get("points") or ())
    )


def points_sheet_problems(
    rows: Mapping[int, PointsRow], *, parties: int, rules: RulesProfile
) -> dict[int, list[InvalidFigure]]:
    """Every problem of every row sent (``scoring.modes.points_problems``), by game number;
    a row that holds nothing has none. ``SheetError`` when a row does not hold one figure per
    party (a damaged form)."""
    found: dict[int, list[InvalidFigure]] = {}
    for number, row in sorted(rows.items()):
        if is_blank(row):
            continue
        points = list(row.get("points") or ())
        if len(points) != parties:
            raise SheetError(gettext_noop("The form is incomplete; please reload the page."))
        problems = points_problems(points=points, declarer=row.get("declarer"), rules=rules)
        if problems:
            found[number] = problems
    return found


@transaction.atomic
def save_sheet_points(
    *,
    sheet: ScoreSheet,
    base_version: int,
    rows: Mapping[int, PointsRow],
    user: Any = None,
    device: Mapping[str, str] | None = None,
    save_id: str = "",
    device_id: str = "",
    hand_in: bool = False,
) -> SaveResult:
    """Save the given rows of a sheet kept in points per game (game number → ``PointsRow``).

    Checked as a whole by ``points_sheet_problems`` with the event's rules: with any problem
    nothing is stored and ``SaveResult.problems`` holds each row's (``points_field`` gives the
    form field of each). Refused with nothing stored: ``SheetError`` when the event does not
    keep score in points per game, for a game number outside the sheet or a row without one
    figure per party; ``SheetLocked`` when the link may no longer change the sheet or the
    event is finished; ``StaleSheet`` when ``base_version`` is not the sheet's version and the
    save would change something.

    ``user``, ``device``, ``save_id``, ``device_id`` and ``hand_in`` as for
    ``scoring.services.sheets.save_sheet_rows``: the sheet is handed in with its save once every
    game is entered, and the trail records the save as it records a save of games.
    """
    locked = lock_for_save(sheet, base_version=base_version, user=user, mode=POINTS)
    event = locked.table.round.event
    check_row_numbers(rows, event.games_per_round)
    parties = sheet_parties(locked)
    result = SaveResult(
        version=locked.version,
        status=locked.status,
        games=sheet_games(locked, parties),
        count=event.games_per_round,
    )
    result.problems = points_sheet_problems(rows, parties=len(parties), rules=rules_of(event))
    if result.problems:
        return result
    seat_count = locked.table.seat_count
    wanted = {
        number: None if is_blank(row) else written_game(
            number=number, points=row["points"], declarer=row.get("declarer"),
            seat_count=seat_count,
        )
        for number, row in rows.items()
    }
    return store_rows(
        locked, result, wanted, parties, base_version=base_version, user=user, device=device,
        hand_in=hand_in, save_id=save_id, device_id=device_id,
    )
