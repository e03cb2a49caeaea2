"""What the page of a sheet kept in points per game shows (``Event.scoring_mode`` ``points``):
one row per game with its declarer (the party's column, 1 to the number of parties) and each
party's points, as stored or as typed, each field's problems and a list of them naming game and
party, the Summe row of each party's points, and after a refused stale save what the other
device stored.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext

from scoring.audit import describe_values
from scoring.forms import read_figure
from scoring.models import ScoreSheet
from scoring.ranking import signed
from scoring.selectors.sheet_frame import SheetFrame
from scoring.selectors.sheet_page import SheetHead
from scoring.services import sheet_games

TYPED_LENGTH = 20
"""The most of a typed figure the page shows again (a longer text is no figure anyway)."""


@dataclass
class PointsField:
    """One input of a game row: its name, its text and its messages, and the ids of the
    headings that label it (its game's and its column's)."""

    name: str
    value: str
    labelled_by: str
    errors: list[str] = field(default_factory=list)
    focus: bool = False


@dataclass
class PointsRow:
    """One game of the points form: its declarer and each party's points."""

    number: int
    declarer: PointsField
    points: list[PointsField]
    other_device: str = ""
    """After a refused stale save: the game as the other device stored it."""

    @property
    def fields(self) -> list[PointsField]:
        return [self.declarer, *self.points]

    @property
    def has_errors(self) -> bool:
        return any(one.errors for one in self.fields)


@dataclass
class PointsPage(SheetHead):
    """Everything the points page shows."""

    sheet: ScoreSheet
    frame: SheetFrame
    rows: list[PointsRow]
    games: dict[int, dict]
    version: int
    status: str
    via_link: bool
    save_id: str
    problems: list[tuple[str, str]] = field(default_factory=list)
    """Every problem shown, in the order of the form: (field name, "Game 2 · No. 17: …")."""
    stale: bool = False

    @property
    def missing(self) -> list[int]:
        """The games the sheet holds no points for yet."""
        return [row.number for row in self.rows if row.number not in self.games]

    @property
    def columns(self) -> list[tuple[int, str]]:
        """The parties' columns: the number the declarer is typed as, and the party's label."""
        return list(enumerate(self.frame.party_labels, start=1))

    @property
    def sums(self) -> list[str]:
        """Each party's Summe over the figures the rows show (a text that is no figure left
        out), as the page's script adds them up while typing."""
        sums = [0] * len(self.frame.parties)
        for row in self.rows:
            for index, one in enumerate(row.points):
                sums[index] += read_figure(one.value) or 0
        return [signed(value) for value in sums]


def _shown(values: Mapping[str, Any] | None, index: int) -> str:
    if values is None:
        return ""
    return str(values["points"][index])


def points_page(
    sheet: ScoreSheet,
    frame: SheetFrame,
    *,
    via_link: bool,
    games: Mapping[int, dict] | None = None,
    version: int | None = None,
    status: str | None = None,
    typed: Mapping[str, Any] | None = None,
    problems: Mapping[str, Sequence[Any]] | None = None,
    other_device: Mapping[int, dict | None] | None = None,
) -> PointsPage:
    """The points page of ``sheet``: ``games`` its stored games if read already (else read,
    two queries); ``typed`` the posted form of a refused save, shown as typed instead of what
    is stored; ``problems`` messages by field name (``g<N>-points<i>``, ``g<N>-declarer``);
    ``other_device`` after a refused stale save the games it would have changed as stored now
    (None: no game). The typing starts at the first field with a problem, else in the first
    game without points."""
    games = dict(sheet_games(sheet, frame.parties) if games is None else games)
    problems = problems or {}
    other_device = other_device or {}
    rows = []
    for number in range(1, frame.games + 1):
        values = games.get(number)
        declarer = "" if values is None or values["declarer"] is None else str(
            values["declarer"] + 1
        )
        row = PointsRow(
            number=number,
            declarer=PointsField(
                f"g{number}-declarer", declarer, f"game-{number} col-declarer"
            ),
            points=[
                PointsField(
                    f"g{number}-points{index}", _shown(values, index),
                    f"game-{number} col-party-{index}",
                )
                for index in range(len(frame.parties))
            ],
        )
        for one in row.fields:
            if typed is not None:
                one.value = str(typed.get(one.name, "")).strip()[:TYPED_LENGTH]
            one.errors = [str(problem) for problem in problems.get(one.name, ())]
        if number in other_device:
            row.other_device = describe_values(other_device[number], frame.numbers)
        rows.append(row)
    _place_focus(rows)
    return PointsPage(
        sheet=sheet,
        frame=frame,
        rows=rows,
        games=games,
        version=sheet.version if version is None else version,
        status=sheet.status if status is None else status,
        via_link=via_link,
        save_id=secrets.token_hex(16),
        problems=_problem_list(rows, frame),
        stale=bool(other_device),
    )


def _problem_list(rows: list[PointsRow], frame: SheetFrame) -> list[tuple[str, str]]:
    """Each message of the rows with its game and, for a party's field, the party."""
    listed = []
    for row in rows:
        for index, one in enumerate(row.fields):
            where = gettext("Game %(number)s") % {"number": row.number}
            if index:
                where = f"{where} · {frame.party_labels[index - 1]}"
            listed.extend((one.name, f"{where}: {error}") for error in one.errors)
    return listed


def _place_focus(rows: list[PointsRow]) -> None:
    """Mark where the typing starts: the first field with a problem, else the declarer of the
    first game with nothing in it; none when every game is filled in."""
    for row in rows:
        for one in row.fields:
            if one.errors:
                one.focus = True
                return
    for row in rows:
        if not any(one.value for one in row.fields):
            row.declarer.focus = True
            return
