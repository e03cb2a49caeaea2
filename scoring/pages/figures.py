"""The page of a sheet kept in figures: in round totals (``Event.scoring_mode`` ``totals``,
``totals_sheet.html``: each party's total and games lost, saved by
``scoring.services.save_sheet_totals``) or in points per game (``points``,
``points_sheet.html``: each game's declarer and points per party, saved by
``scoring.services.save_sheet_points``); both extend ``figures_sheet.html``.

It is a plain form, posted to the page itself or to the sheet's save address, with a page back:
a redirect to the page with what was done, or the page again with the figures as typed and what
went wrong (a figure that is no whole number or that the checks refuse at its field, nothing
stored; after another device's save, its figures beside them and its version in the form, so
that the next save decides). Such a sheet has no script that saves: its save address refuses a
request for JSON (``FiguresScript``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from django.contrib import messages
from django.http import HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext, gettext_noop

from core.web import show_error
from scoring.forms import posted_points, posted_totals
from scoring.models import ScoreSheet
from scoring.pages.sheet import Page, Post, games_said, refuse_forged_rows, refused_json
from scoring.selectors.points_page import points_page
from scoring.selectors.sheet_frame import SheetFrame
from scoring.selectors.sheet_page import SheetHead
from scoring.selectors.totals_page import totals_page
from scoring.services import (
    SaveResult,
    SheetError,
    StaleSheet,
    TotalsResult,
    points_sheet_problems,
    problems_by_field,
    save_sheet_points,
    save_sheet_totals,
    totals_field,
)
from tournament.house_rules import POINTS, SCORING_MODES, TOTALS


class UnreadFigures(SheetError):
    """A posted form of figures with fields that hold no whole number: nothing is saved;
    ``problems`` names each by field."""

    def __init__(self, msgid: str, *, problems: Mapping[str, list]) -> None:
        super().__init__(msgid)
        self.problems = problems


class RoundTotals:
    """What the page needs of a sheet kept in round totals."""

    kind = "totals"
    """Its template (``scoring/totals_sheet.html``), and the page's ``kind``."""
    service: Callable[..., TotalsResult] = staticmethod(save_sheet_totals)
    not_saved = gettext_noop("The totals were not saved; see below.")
    no_script = gettext_noop("This score sheet is kept in round totals: save it with its form.")

    def shown(self, sheet: ScoreSheet, frame: SheetFrame, **shown: Any) -> SheetHead:
        return totals_page(sheet, frame, **shown)

    def read(self, data: Mapping[str, Any], frame: SheetFrame) -> tuple[dict, dict[str, list]]:
        """The figures as the service takes them (``totals``), and the problems of the fields
        that hold no figure, by field."""
        figures, unread = posted_totals(data, len(frame.parties))
        problems: dict[str, list] = {}
        for problem in unread:
            problems.setdefault(totals_field(problem), []).append(problem)
        return {"totals": figures}, problems

    def after_stale(self, stale: StaleSheet) -> dict[str, Any]:
        return {"stored": stale.totals, "other_device": stale.totals}

    def after_problems(self, result: TotalsResult) -> dict[str, Any]:
        return {"stored": result.totals, "problems": result.problems_by_field}

    def said(self, result: TotalsResult) -> list[str]:
        return [gettext("Totals saved.")] if result.changed else []


class PointsPerGame:
    """What the page needs of a sheet kept in points per game."""

    kind = "points"
    service: Callable[..., SaveResult] = staticmethod(save_sheet_points)
    not_saved = gettext_noop("The games were not saved; see below.")
    no_script = gettext_noop(
        "This score sheet is kept in points per game: save it with its form."
    )

    def shown(self, sheet: ScoreSheet, frame: SheetFrame, **shown: Any) -> SheetHead:
        return points_page(sheet, frame, **shown)

    def read(self, data: Mapping[str, Any], frame: SheetFrame) -> tuple[dict, dict[str, list]]:
        """The games as the service takes them (``rows``), and the problems of the fields that
        hold no figure, by field, with the other rows' problems by the rules the page was drawn
        with (nothing is stored); SheetError for a game the sheet does not have."""
        refuse_forged_rows(data, frame)
        rows, unread = posted_points(data, frame.games, len(frame.parties))
        if not unread:
            return {"rows": rows}, {}
        problems = problems_by_field(unread)
        checked = problems_by_field(
            points_sheet_problems(rows, parties=len(frame.parties), rules=frame.rules)
        )
        for name, found in checked.items():
            problems.setdefault(name, found)  # a field that is no figure is not "left empty"
        return {"rows": rows}, problems

    def after_stale(self, stale: StaleSheet) -> dict[str, Any]:
        return {"games": stale.games, "other_device": stale.current}

    def after_problems(self, result: SaveResult) -> dict[str, Any]:
        return {"games": result.games, "problems": problems_by_field(result.problems)}

    def said(self, result: SaveResult) -> list[str]:
        return games_said(result.saved, result.deleted)


FIGURES_MODES: dict[str, RoundTotals | PointsPerGame] = {
    TOTALS: RoundTotals(),
    POINTS: PointsPerGame(),
}
"""The scoring modes whose sheet is a form of figures, and what its page needs of each."""


@dataclass(kw_only=True)
class FiguresPost(Post):
    """A posted form of figures: ``figures`` as the mode's service takes them (its keyword and
    the figures)."""

    figures: dict[str, Any]

    def __post_init__(self) -> None:
        super().__post_init__()
        self.arguments.update(self.figures)


class FiguresPage(Page):
    """The page of a sheet kept in round totals or in points per game (see the module)."""

    def __init__(self, request: Any, sheet: ScoreSheet, *, via_link: bool) -> None:
        super().__init__(request, sheet, via_link=via_link)
        self.mode = FIGURES_MODES[sheet.table.round.event.scoring_mode]
        self.service = self.mode.service

    def read(self) -> FiguresPost:
        head = self.read_head()
        figures, unread = self.mode.read(self.request.POST, self.frame)
        if unread:
            raise UnreadFigures(self.mode.not_saved, problems=unread)
        return FiguresPost(**head, figures=figures)

    def render(self, code: int = 200, **shown: Any) -> HttpResponse:
        """The page with HTTP status ``code``; ``shown`` as ``totals_page`` or ``points_page``
        takes it (typed figures, problems, the other device's figures); with the section
        "Bestätigen" (``confirm_section``), whose plain forms post to ``sheet_link_confirm``
        and, on the desk's page, record the signatures on paper (``sheet_status``)."""
        event = self.sheet.table.round.event
        kind = self.mode.kind
        page = self.mode.shown(self.sheet, self.frame, via_link=self.via_link, **shown)
        context = {
            "page": page,
            "sheet": self.sheet,
            "event": event,
            "via_link": self.via_link,
            "kind": kind,
            "mode_name": gettext(SCORING_MODES[event.scoring_mode]),
            **self.links(page),
        }
        if not self.via_link:
            context["late_saves"] = []
        return render(self.request, f"scoring/{kind}_sheet.html", context, status=code)

    def stale(self, stale: StaleSheet, posted: FiguresPost) -> HttpResponse:
        show_error(self.request, stale)
        return self.render(
            code=409, typed=self.request.POST, version=stale.version,
            **self.mode.after_stale(stale),
        )

    def refused(self, error: SheetError) -> HttpResponse:
        """The page again with the figures as typed and why: a form whose figures could not
        all be read with each field's problem, any other refusal with status 400."""
        show_error(self.request, error)
        if isinstance(error, UnreadFigures):
            return self.render(typed=self.request.POST, problems=error.problems)
        return self.render(code=400, typed=self.request.POST)

    def saved(self, result: SaveResult | TotalsResult, posted: FiguresPost) -> HttpResponse:
        request = self.request
        if result.problems:
            messages.error(request, gettext(self.mode.not_saved))
            return self.render(
                typed=request.POST, version=result.version, status=result.status,
                **self.mode.after_problems(result),
            )
        said = self.mode.said(result)
        for message in said:
            messages.success(request, message)
        if result.handed_in:
            messages.success(request, gettext("The score sheet has been handed in. Thank you!"))
        elif result.hand_in_refused is not None:
            messages.error(request, str(result.hand_in_refused))
        elif not said:
            messages.success(request, gettext("Nothing was changed."))
        return redirect(self.url)


class FiguresScript(FiguresPage):
    """A request for JSON at the save address of a sheet kept in figures: refused (400)
    before anything is read, such a sheet has no script that saves."""

    def read(self) -> FiguresPost:
        raise SheetError(self.mode.no_script)

    def refused(self, error: SheetError) -> JsonResponse:
        return refused_json(error)
