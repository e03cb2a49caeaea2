"""The save of a sheet kept in round totals or in points per game by its page's script
(``scoring/sheet/figures_page.js``), answered with JSON.

The script posts what the plain form posts (``sheet``, ``version``, ``save_id``, ``action`` and
the figures: every ``p<i>-total`` and ``p<i>-lost`` of a totals sheet; the fields ``g<N>-…`` of
the games typed on the device of a points sheet) to the sheet's save address with
``Accept: application/json``; the save goes through the same service as the plain form's
(``scoring.services.save_sheet_totals``, ``save_sheet_points``), so a save sent again with its
save id after a lost answer is recognised, and a save based on an older version that would
change something is refused.

The answer, in the shape of a save of games where the two meet:

- ``outcome``: ``saved`` (the save was judged: ``ok`` when it stored its figures or there was
  nothing to store; otherwise nothing was stored and ``errors`` says why), ``stale`` (409:
  another device saved first; ``conflicts``), ``locked`` (403: the link or the event no longer
  takes a save; ``message``) or ``refused`` (400: a damaged form; ``message`` only);
- ``messages`` (what was done; a save sent again after a lost answer is told as the first
  answer told it) and ``problems`` (what was not, not tied to a field);
- ``errors``: the messages by field name (``p0-total``, ``g3-points1``, ``g3-declarer``), for
  the page to show at their fields; ``listed``: every one as ``[field name, text]`` in the
  order of the form, the text naming its game and party (points per game; empty otherwise);
- ``conflicts``: after a stale save, what the other device stored, by the field name of the
  first figure of each line it differs in (a party's total, a game's declarer);
- the sheet as it is now: ``version``, ``status``, ``status_label``, ``note``, ``missing``
  (what the sheet lacks before it can be confirmed), ``figures`` (every field's stored figure
  as the page shows it, by field name) and ``confirmations`` (the section "Bestätigen").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from django.http import HttpRequest, JsonResponse
from django.utils.translation import gettext

from scoring.models import ScoreSheet
from scoring.selectors.points_page import PointsPage
from scoring.selectors.sheet_page import ConfirmSection, SheetFrame, confirm_section
from scoring.selectors.totals_page import TotalsPage
from scoring.services import SheetError, SheetLocked, StaleSheet, TotalsResult
from scoring.services.sheets import save_mark

FigurePage = TotalsPage | PointsPage


def figures_json_save(
    request: HttpRequest,
    sheet: ScoreSheet,
    frame: SheetFrame,
    *,
    user: object,
    mode: Any,
    page: Callable[..., FigurePage],
    posted_frame: Callable[[HttpRequest, ScoreSheet], Mapping[str, Any]],
    device: Mapping[str, str] | None,
    device_id: str,
    confirmations: Callable[[HttpRequest, ConfirmSection], str],
) -> JsonResponse:
    """Save the figures the page's script posted and answer as the module says. ``user`` is
    None through the link; ``mode`` the sheet's scoring mode; ``page`` makes its page object
    (``totals_page``, ``points_page``); ``posted_frame`` reads the posted sheet, version and
    save id (``SheetError`` when damaged); ``device`` and ``device_id`` name the phone of a
    save through the link; ``confirmations`` renders the section "Bestätigen".

    ``mode`` is what the save needs of the sheet's scoring mode (the view's ``_FiguresForm``):
    ``read(request, frame)``, the posted figures and the problems of the fields that hold no
    figure, by field; ``save``, its service, taking the figures as the keyword
    ``figures_name``; ``not_saved``, the msgid of a refusal; ``stale_page(stale)`` and
    ``refused_page(result)``, the page object's arguments after a stale save and after a save;
    ``said(result)``, what a save did."""
    via_link = user is None

    def answer(shown: FigurePage, code: int = 200, **said: Any) -> JsonResponse:
        section = confirm_section(
            sheet, via_link=via_link, version=shown.version, status=shown.status
        )
        return JsonResponse(
            {**said, **figures_state(shown), "confirmations": confirmations(request, section)},
            status=code,
        )

    def shown(**kwargs: Any) -> FigurePage:
        return page(sheet, frame, via_link=via_link, **kwargs)

    try:
        head = posted_frame(request, sheet)
        resent = _resent(sheet, head["save_id"])
        figures, unread = mode.read(request, frame)
        if unread:
            return answer(shown(problems=unread), **_judged([], [gettext(mode.not_saved)]))
        result = mode.save(
            sheet=sheet,
            base_version=head["version"],
            user=user,
            device=device,
            save_id=head["save_id"],
            device_id=device_id,
            hand_in=request.POST.get("action") == "submit",
            **{mode.figures_name: figures},
        )
    except StaleSheet as stale:
        return answer(
            shown(version=stale.version, **mode.stale_page(stale)), 409,
            ok=False, outcome="stale", message=str(stale),
        )
    except SheetLocked as locked:
        return answer(shown(), 403, ok=False, outcome="locked", message=str(locked))
    except SheetError as error:
        return JsonResponse(
            {"ok": False, "outcome": "refused", "message": str(error)}, status=400
        )
    after = shown(version=result.version, status=result.status, **mode.refused_page(result))
    if result.problems:
        return answer(after, **_judged([], [gettext(mode.not_saved)]))
    said = mode.said(_first_answer(result) if resent and not result.changed else result)
    problems = []
    if result.handed_in:
        said.append(gettext("The score sheet has been handed in. Thank you!"))
    elif result.hand_in_refused is not None:
        problems.append(str(result.hand_in_refused))
    elif not said:
        said.append(gettext("Nothing was changed."))
    return answer(after, **_judged(said, problems))


def _resent(sheet: ScoreSheet, save_id: str) -> bool:
    """Whether a save is one sent again after its answer was lost: its save id made the
    sheet's version as read before the save."""
    return bool(save_id) and sheet.last_save == save_mark(save_id, sheet.version)


def _first_answer(result: Any) -> Any:
    """The result of a save sent again as its first answer said it: what it sent, stored by
    it."""
    if isinstance(result, TotalsResult):
        return replace(result, changed=True)
    return replace(
        result,
        saved=[number for number in result.kept if number in result.games],
        deleted=[number for number in result.kept if number not in result.games],
    )


def _judged(said: list[str], problems: list[str]) -> dict[str, Any]:
    return {"ok": not problems, "outcome": "saved", "messages": said, "problems": problems}


def _lines(page: FigurePage) -> list[tuple[list[tuple[str, str, list[str]]], str]]:
    """The page's lines (a party's, a game's): each field's name, figure and messages, and
    what the other device stored there after a stale save."""
    if isinstance(page, TotalsPage):
        return [
            ([(line.total_name, line.total, line.total_errors),
              (line.lost_name, line.lost, line.lost_errors)], line.other_device)
            for line in page.lines
        ]
    return [
        ([(one.name, one.value, one.errors) for one in row.fields], row.other_device)
        for row in page.rows
    ]


def figures_state(page: FigurePage) -> dict[str, Any]:
    """The sheet of ``page`` as the page's script takes it over (see the module): its head,
    every field's figure and messages, the problems listed, the other device's figures."""
    lines = _lines(page)
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
