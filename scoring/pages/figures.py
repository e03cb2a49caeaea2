"""The page of a sheet kept in figures: in round totals (``Event.scoring_mode`` ``totals``,
``totals_sheet.html``: each party's total and games lost, saved by
``scoring.services.save_sheet_totals``) or in points per game (``points``,
``points_sheet.html``: each game's declarer and points per party, saved by
``scoring.services.save_sheet_points``); both extend ``figures_sheet.html``.

Its form is posted to the page itself or to the sheet's save address, with a page back
(``FiguresPage``): a redirect to the page with what was done, or the page again with the
figures as typed and what went wrong (a figure that is no whole number or that the checks refuse
at its field, nothing stored; after another device's save, its figures beside them and its
version in the form, so that the next save decides). The page's script
(``scoring/sheet/figures_page.js``) posts the same form to the save address with
``Accept: application/json`` and gets the sheet's state back (``FiguresScript``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from django.contrib import messages
from django.http import HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext, gettext_noop

from core.web import show_error
from scoring.forms import posted_points, posted_totals
from scoring.models import ScoreSheet
from scoring.pages.sheet import (
    Page,
    Post,
    confirmations_html,
    games_said,
    refuse_forged_rows,
    refused_json,
)
from scoring.selectors.confirm_section import confirm_section
from scoring.selectors.points_page import PointsPage, points_page
from scoring.selectors.sheet_frame import SheetFrame
from scoring.selectors.totals_page import TotalsPage, totals_page
from scoring.services import (
    SaveResult,
    SheetError,
    SheetLocked,
    StaleSheet,
    TotalsResult,
    points_sheet_problems,
    problems_by_field,
    save_sheet_points,
    save_sheet_totals,
    totals_field,
)
from scoring.services.sheets import save_mark
from tournament.house_rules import POINTS, SCORING_MODES, TOTALS


class UnreadFigures(SheetError):
    """A posted form of figures with fields that hold no whole number: nothing is saved;
    ``problems`` names each by field."""

    def __init__(self, msgid: str, *, problems: Mapping[str, list]) -> None:
        super().__init__(msgid)
        self.problems = problems


Line = tuple[list[tuple[str, str, list[str]]], str]
"""A line of a page of figures (a party's, a game's): each field's name, figure and messages,
and what the other device stored there after a stale save ("" if nothing)."""


class RoundTotals:
    """What the page needs of a sheet kept in round totals."""

    kind = "totals"
    """Its template (``scoring/totals_sheet.html``), and the page's ``kind``."""
    service: Callable[..., TotalsResult] = staticmethod(save_sheet_totals)
    not_saved = gettext_noop("The totals were not saved; see below.")

    def shown(self, sheet: ScoreSheet, frame: SheetFrame, **shown: Any) -> TotalsPage:
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

    def after_save(self, result: TotalsResult) -> dict[str, Any]:
        """What the page shows after a save: the totals stored, the problems by field."""
        return {"stored": result.totals, "problems": result.problems_by_field}

    def said(self, result: TotalsResult) -> list[str]:
        return [gettext("Totals saved.")] if result.changed else []

    def first_answer(self, result: TotalsResult) -> TotalsResult:
        """The result of a save sent again as its first answer said it: its totals stored."""
        return replace(result, changed=True)

    def lines(self, page: TotalsPage) -> list[Line]:
        """Each party's line: its total's and its games lost's field."""
        return [
            ([(line.total_name, line.total, line.total_errors),
              (line.lost_name, line.lost, line.lost_errors)], line.other_device)
            for line in page.lines
        ]


class PointsPerGame:
    """What the page needs of a sheet kept in points per game."""

    kind = "points"
    service: Callable[..., SaveResult] = staticmethod(save_sheet_points)
    not_saved = gettext_noop("The games were not saved; see below.")

    def shown(self, sheet: ScoreSheet, frame: SheetFrame, **shown: Any) -> PointsPage:
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

    def after_save(self, result: SaveResult) -> dict[str, Any]:
        """What the page shows after a save: the games stored, the problems by field."""
        return {"games": result.games, "problems": problems_by_field(result.problems)}

    def said(self, result: SaveResult) -> list[str]:
        return games_said(result.saved, result.deleted)

    def first_answer(self, result: SaveResult) -> SaveResult:
        """The result of a save sent again as its first answer said it: the games it sent,
        stored by it."""
        return replace(
            result,
            saved=[number for number in result.kept if number in result.games],
            deleted=[number for number in result.kept if number not in result.games],
        )

    def lines(self, page: PointsPage) -> list[Line]:
        """Each game's line: its declarer's and its points' fields."""
        return [
            ([(one.name, one.value, one.errors) for one in row.fields], row.other_device)
            for row in page.rows
        ]


FIGURES_MODES: dict[str, RoundTotals | PointsPerGame] = {
    TOTALS: RoundTotals(),
    POINTS: PointsPerGame(),
}
"""The scoring modes whose sheet is a form of figures, and what its page needs of each."""


@dataclass(kw_only=True)
class FiguresPost(Post):
    """A posted form of figures: ``figures`` as the mode's service takes them (its keyword and
    the figures); ``resent``: the page's script sent it again after its answer was lost (its
    save id made the sheet's version as read before the save)."""

    figures: dict[str, Any]
    resent: bool = False

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

    def shown(self, **shown: Any) -> TotalsPage | PointsPage:
        """The sheet's figures as its page shows them; ``shown`` as ``totals_page`` or
        ``points_page`` takes it."""
        return self.mode.shown(self.sheet, self.frame, via_link=self.via_link, **shown)

    def render(self, code: int = 200, **shown: Any) -> HttpResponse:
        """The page with HTTP status ``code``; ``shown`` as ``totals_page`` or ``points_page``
        takes it (typed figures, problems, the other device's figures); with the section
        "Bestätigen" (``confirm_section``), whose plain forms post to ``sheet_link_confirm``
        and, on the desk's page, record the signatures on paper (``sheet_status``)."""
        event = self.sheet.table.round.event
        kind = self.mode.kind
        page = self.shown(**shown)
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
                **self.mode.after_save(result),
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
    """The save of a sheet kept in figures by its page's script, answered with JSON.

    The script posts what the plain form posts (``sheet``, ``version``, ``save_id``, ``action``
    and the figures: every ``p<i>-total`` and ``p<i>-lost`` of a totals sheet; the fields
    ``g<N>-…`` of the games typed on the device of a points sheet) to the sheet's save address
    with ``Accept: application/json``; the save goes through the same service as the plain
    form's, so a save sent again with its save id after a lost answer is recognised, and a save
    based on an older version that would change something is refused.

    The answer, in the shape of a save of games where the two meet:

    - ``outcome``: ``saved`` (the save was judged: ``ok`` when it stored its figures or there
      was nothing to store; otherwise nothing was stored and ``errors`` says why), ``stale``
      (409: another device saved first; ``conflicts``), ``locked`` (403: the link or the event
      no longer takes a save; ``message``) or ``refused`` (400: a damaged form; ``message``
      only);
    - ``messages`` (what was done; a save sent again after a lost answer is told as the first
      answer told it) and ``problems`` (what was not, not tied to a field);
    - ``errors``: the messages by field name (``p0-total``, ``g3-points1``, ``g3-declarer``),
      for the page to show at their fields; ``listed``: every one as ``[field name, text]`` in
      the order of the form, the text naming its game and party (points per game; empty
      otherwise);
    - ``conflicts``: after a stale save, what the other device stored, by the field name of the
      first figure of each line it differs in (a party's total, a game's declarer);
    - the sheet as it is now: ``version``, ``status``, ``status_label``, ``note``, ``missing``
      (what the sheet lacks before it can be confirmed), ``figures`` (every field's stored
      figure as the page shows it, by field name) and ``confirmations`` (the section
      "Bestätigen").
    """

    def read(self) -> FiguresPost:
        posted = super().read()
        posted.resent = bool(posted.save_id) and (
            self.sheet.last_save == save_mark(posted.save_id, self.sheet.version)
        )
        return posted

    def figures_state(self, page: TotalsPage | PointsPage) -> dict[str, Any]:
        """The sheet of ``page`` as the page's script takes it over (see the class): its head,
        every field's figure and messages, the problems listed, the other device's figures."""
        lines = self.mode.lines(page)
        fields = [one for line, _other in lines for one in line]
        return {
            "version": page.version,
            "status": page.status,
            "status_label": page.status_label,
            "note": page.note,
            "missing": page.missing,
            "figures": {name: value for name, value, _errors in fields},
            "errors": {name: errors for name, _value, errors in fields if errors},
            "listed": list(getattr(page, "problems", [])),
            "conflicts": {line[0][0]: other for line, other in lines if other},
        }

    def answer(self, page: TotalsPage | PointsPage, code: int = 200, **said: Any) -> JsonResponse:
        """``said`` with the sheet's state as ``page`` shows it and its section
        "Bestätigen"."""
        section = confirm_section(
            self.sheet, via_link=self.via_link, version=page.version, status=page.status
        )
        return JsonResponse(
            {**said, **self.figures_state(page),
             "confirmations": confirmations_html(self.request, section)},
            status=code,
        )

    def judged(
        self, page: TotalsPage | PointsPage, said: list[str], problems: list[str]
    ) -> JsonResponse:
        """A save judged (``outcome`` ``saved``): ``ok`` when nothing went wrong."""
        return self.answer(
            page, ok=not problems, outcome="saved", messages=said, problems=problems
        )

    def refused(self, error: SheetError) -> JsonResponse:
        """Figures that are no whole numbers: the sheet with each field's problem, nothing
        saved; any other refusal (a damaged form) with status 400."""
        if isinstance(error, UnreadFigures):
            return self.judged(self.shown(problems=error.problems), [], [str(error)])
        return refused_json(error)

    def stale(self, stale: StaleSheet, posted: FiguresPost) -> JsonResponse:
        return self.answer(
            self.shown(version=stale.version, **self.mode.after_stale(stale)), 409,
            ok=False, outcome="stale", message=str(stale),
        )

    def locked(
        self, locked: SheetLocked, posted: FiguresPost, late: Mapping[int, Mapping[str, str]]
    ) -> JsonResponse:
        return self.answer(self.shown(), 403, ok=False, outcome="locked", message=str(locked))

    def saved(self, result: SaveResult | TotalsResult, posted: FiguresPost) -> JsonResponse:
        after = self.shown(
            version=result.version, status=result.status, **self.mode.after_save(result)
        )
        if result.problems:
            return self.judged(after, [], [gettext(self.mode.not_saved)])
        resent = posted.resent and not result.changed
        said = self.mode.said(self.mode.first_answer(result) if resent else result)
        problems = []
        if result.handed_in:
            said.append(gettext("The score sheet has been handed in. Thank you!"))
        elif result.hand_in_refused is not None:
            problems.append(str(result.hand_in_refused))
        elif not said:
            said.append(gettext("Nothing was changed."))
        return self.judged(after, said, problems)
