"""What the page of a sheet kept in round totals shows (``Event.scoring_mode`` ``totals``):
one line per party in seating order with its total of the round and its games lost as
declarer, as stored or as typed, each field's problems, and after a refused stale save what
the other device stored.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext

from scoring.models import ScoreSheet
from scoring.ranking import signed
from scoring.selectors.sheet_frame import SheetFrame
from scoring.selectors.sheet_page import SheetHead
from scoring.services import sheet_totals

NOT_GIVEN: Any = object()
"""Marks an argument of ``totals_page`` left out (None is a value: no totals stored)."""


@dataclass
class TotalsLine:
    """One party's line of the totals form: its fields' names, values and messages."""

    index: int
    label: str
    total: str
    lost: str
    total_errors: list[str] = field(default_factory=list)
    lost_errors: list[str] = field(default_factory=list)
    other_device: str = ""
    """After a refused stale save: the party's figures as the other device stored them."""
    focus: str = ""
    """``total`` or ``lost``: the field of this line where the typing starts (autofocus)."""

    @property
    def total_name(self) -> str:
        return f"p{self.index}-total"

    @property
    def lost_name(self) -> str:
        return f"p{self.index}-lost"


@dataclass
class TotalsPage(SheetHead):
    """Everything the totals page shows."""

    sheet: ScoreSheet
    frame: SheetFrame
    lines: list[TotalsLine]
    stored: dict | None
    version: int
    status: str
    via_link: bool
    save_id: str
    stale: bool = False

    @property
    def missing(self) -> list[str]:
        """What the sheet still lacks before it can be confirmed: its totals, or nothing."""
        return [] if self.stored is not None else ["totals"]


def _figure(value: int | None) -> str:
    return "" if value is None else str(value)


def _other_device(stored: dict | None, index: int) -> str:
    if stored is None:
        return gettext("no round totals")
    return gettext("%(total)s, %(lost)s lost") % {
        "total": signed(stored["totals"][index]), "lost": stored["lost"][index]
    }


def totals_page(
    sheet: ScoreSheet,
    frame: SheetFrame,
    *,
    via_link: bool,
    stored: dict | None = NOT_GIVEN,
    version: int | None = None,
    status: str | None = None,
    typed: Mapping[str, Any] | None = None,
    problems: Mapping[str, Sequence[Any]] | None = None,
    other_device: dict | None = NOT_GIVEN,
) -> TotalsPage:
    """The totals page of ``sheet``: ``stored`` its totals if read already (else read, one
    query); ``typed`` the posted form of a refused save, shown as typed instead of what is
    stored; ``problems`` messages by field name (``p<i>-total``, ``p<i>-lost``);
    ``other_device`` after a refused stale save the totals stored now (None: none). The
    typing starts at the first field with a problem, else at the first empty total."""
    stored = sheet_totals(sheet, frame.parties) if stored is NOT_GIVEN else stored
    problems = problems or {}
    lines = []
    for index, label in enumerate(frame.party_labels):
        line = TotalsLine(index=index, label=label, total="", lost="")
        if typed is not None:
            line.total = str(typed.get(line.total_name, "")).strip()[:20]
            line.lost = str(typed.get(line.lost_name, "")).strip()[:20]
        elif stored is not None:
            line.total = _figure(stored["totals"][index])
            line.lost = _figure(stored["lost"][index])
        line.total_errors = [str(problem) for problem in problems.get(line.total_name, ())]
        line.lost_errors = [str(problem) for problem in problems.get(line.lost_name, ())]
        if other_device is not NOT_GIVEN:
            line.other_device = _other_device(other_device, index)
        lines.append(line)
    _place_focus(lines)
    return TotalsPage(
        sheet=sheet,
        frame=frame,
        lines=lines,
        stored=stored if other_device is NOT_GIVEN else other_device,
        version=sheet.version if version is None else version,
        status=sheet.status if status is None else status,
        via_link=via_link,
        save_id=secrets.token_hex(16),
        stale=other_device is not NOT_GIVEN,
    )


def _place_focus(lines: list[TotalsLine]) -> None:
    """Mark where the typing starts: the first field with a problem, else the first empty
    total; none when every total is filled in and none has a problem."""
    for line in lines:
        for kind, errors in (("total", line.total_errors), ("lost", line.lost_errors)):
            if errors:
                line.focus = kind
                return
    for line in lines:
        if not line.total:
            line.focus = "total"
            return
