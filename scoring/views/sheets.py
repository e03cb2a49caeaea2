"""Score entry pages: a sheet through its link or by an organiser, the rounds' overviews.

The scorekeeper opens one sheet through its link (``/zettel/<token>/``) without an account,
until the sheet is confirmed or the round closed; organisers open any sheet from the round
overview. A sheet is saved in one of two ways, both through ``scoring.services.sheets``:

- the page's script (``sheet/main.js``) posts the rows typed on the device to the sheet's save
  address (``…/speichern/``) and gets JSON back: what happened, and the whole sheet as it is
  now, which the page follows;
- a browser without JavaScript posts the whole form to the page itself and gets a page back.

A sheet of an event kept in round totals has its own page (``totals_sheet.html``, extending
``figures_sheet.html``): a form of each party's total and games lost, saved by
``scoring.services.save_sheet_totals``; its script (``sheet/figures_page.js``) posts it to the
save address and gets JSON back (``scoring.views.figures_json``), a browser without JavaScript
posts the form (to the save address or the page itself) and gets a page back. So has a sheet of
an event kept in points per game (``points_sheet.html``: each game's declarer and points per
party, saved by ``scoring.services.save_sheet_points``).

Once the sheet is handed in, the players of the table confirm it on the same page (section
"Bestätigen", ``…/bestaetigen/``): a plain form gets the page back, the script JSON with the
section as it is now.

An open page follows the sheet (``scoring/sheet/changes.js``): every half minute it asks the
sheet's version check (``…/version/``: the version and how many players' confirmations count,
one query), and when either moved it fetches the sheet's state (``…/stand/?version=<the page's>``)
in the shape of a save's answer. Both answers, and a save's, tell the page which games others
changed since its version (``changes``); the page names its device by the cookie
``binokel-device`` (never in an address, so never in a log).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.staticfiles import finders
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext, gettext_noop, ngettext
from django.views.decorators.http import require_GET, require_POST

from core import limits
from core.limits import MAX_GAMES_PER_ROUND, UNUSUAL_BID
from core.models import ChangeRecord
from core.text import is_number
from core.web import show_error
from scoring.audit import SheetAction, describe_totals, sheet_line
from scoring.forms import (
    GameRowForm,
    SheetFrameForm,
    forged_row_numbers,
    posted_points,
    posted_totals,
)
from scoring.house_rules import melds_key, posted_rules
from scoring.melds import catalogue
from scoring.models import ScoreSheet
from scoring.rules import PARTY_COUNTS, TRICK_TOTAL
from scoring.selectors.points_page import points_page
from scoring.selectors.sheet_page import (
    DEVICE_SHAPE,
    ConfirmSection,
    SheetCheck,
    SheetFrame,
    SheetHead,
    change_notices,
    confirm_section,
    describe_late,
    describe_values,
    late_rows,
    late_saves,
    link_check,
    load_sheet,
    round_overview,
    row_headings,
    sheet_by_token,
    sheet_check,
    sheet_frame,
    sheet_page,
    sheet_state,
)
from scoring.selectors.totals_page import totals_page
from scoring.services import (
    SaveResult,
    SheetError,
    SheetLocked,
    StaleSheet,
    TotalsResult,
    check_link_access,
    close_round,
    confirm_as_player,
    confirm_handed_in,
    confirm_sheet,
    points_sheet_problems,
    problems_by_field,
    record_late_save,
    record_paper_signatures,
    record_round_paper_signatures,
    renew_sheet_link,
    reopen_sheet,
    save_sheet_points,
    save_sheet_rows,
    save_sheet_totals,
    sheet_for_table,
    sheet_games,
    submit_sheet,
    totals_field,
)
from scoring.sheet_rows import number_ranges
from scoring.views.figures_json import figures_json_save
from tournament.access import desk_view, organiser_view
from tournament.house_rules import POINTS, SCORING_MODES, TOTALS
from tournament.models import Event, Round, Table
from tournament.seats import SEAT_COUNTS


def _organiser_sheet(event: Event, number: int, table: int) -> ScoreSheet:
    table_row = get_object_or_404(
        Table.objects.select_related("round__event"),
        round__event=event,
        round__number=number,
        number=table,
    )
    return load_sheet(sheet_for_table(table_row).pk)


def _sheet_urls(sheet: ScoreSheet) -> dict[str, str]:
    table = sheet.table
    kwargs = {"slug": table.round.event.slug, "number": table.round.number, "table": table.number}
    return {
        "edit_url": reverse("sheet-edit", kwargs=kwargs),
        "save_url": reverse("sheet-edit-save", kwargs=kwargs),
        "check_url": reverse("sheet-edit-check", kwargs=kwargs),
        "state_url": reverse("sheet-edit-state", kwargs=kwargs),
        "status_url": reverse("sheet-status", kwargs=kwargs),
        "changes_url": reverse("sheet-changes", kwargs=kwargs),
        "new_link_url": reverse("sheet-new-link", kwargs=kwargs),
        "overview_url": reverse(
            "round-sheets", kwargs={"slug": kwargs["slug"], "number": kwargs["number"]}
        ),
    }


def _render_sheet(
    request: HttpRequest,
    sheet: ScoreSheet,
    frame: SheetFrame,
    *,
    via_link: bool,
    code: int = 200,
    **page: object,
) -> HttpResponse:
    """The sheet page with HTTP status ``code``; ``page`` as ``sheet_page`` takes it (a
    save's games, typed forms)."""
    context = {
        "page": sheet_page(sheet, frame, via_link=via_link, **page),
        "sheet": sheet,
        "event": sheet.table.round.event,
        "via_link": via_link,
        "preview_url": reverse("sheet-preview"),
        "trick_total": TRICK_TOTAL,
        "unusual_bid": UNUSUAL_BID,
        "melds": catalogue(frame.rules),
        "melds_key": melds_key(frame.rules),
        "check_seconds": check_seconds(),
    }
    page_shown = context["page"]
    context.update(_page_links(sheet, page_shown, via_link=via_link))
    if not via_link:
        context["late_saves"] = late_saves(sheet, frame)
    # Jinja2 escapes what it draws (autoescape), so its text goes into the page as it is
    context["rows_html"] = mark_safe(render_to_string(
        "scoring/sheet_rows.html",
        {"rows": page_shown.rows, "t": row_headings(frame)},
        using="jinja2",
    ))
    return render(request, "scoring/sheet.html", context, status=code)


def _page_links(sheet: ScoreSheet, page: SheetHead, *, via_link: bool) -> dict[str, object]:
    """What a sheet's page (games or totals) shows around its figures: the players'
    confirmation section for the ``page`` shown, and the addresses of the link's or the
    organisers' page."""
    links: dict[str, object] = {"confirm": confirm_section(
        sheet, via_link=via_link, version=page.version, status=page.status
    )}
    if via_link:
        links.update(_link_urls(sheet))
        links["confirm_url"] = _confirm_url(sheet)
    else:
        links.update(_sheet_urls(sheet))
    return links


def _link_urls(sheet: ScoreSheet) -> dict[str, str]:
    kwargs = {"token": sheet.token}
    return {
        "save_url": reverse("sheet-link-save", kwargs=kwargs),
        "check_url": reverse("sheet-link-check", kwargs=kwargs),
        "state_url": reverse("sheet-link-state", kwargs=kwargs),
    }


def check_seconds() -> float:
    """Seconds between two version checks of an open sheet page: the setting
    ``SHEET_CHECK_SECONDS`` or ``limits.SHEET_CHECK_SECONDS``."""
    return getattr(settings, "SHEET_CHECK_SECONDS", None) or limits.SHEET_CHECK_SECONDS


DEVICE_COOKIE = "binokel-device"


def device_of(request: HttpRequest) -> str:
    """The id the sheet page keeps on its device (cookie ``binokel-device``), or ""."""
    device = request.COOKIES.get(DEVICE_COOKIE, "")
    return device if DEVICE_SHAPE.fullmatch(device) else ""


def _confirm_url(sheet: ScoreSheet) -> str:
    return reverse("sheet-link-confirm", kwargs={"token": sheet.token})


def _confirmations_html(request: HttpRequest, section: ConfirmSection) -> str:
    """The section "Bestätigen" as the page shows it, for the page's script to put in; on the
    organisers' page with the form that records the signatures on paper (``status_url``)."""
    context = {"confirm": section, "confirm_url": _confirm_url(section.sheet)}
    if not section.via_link:
        context["status_url"] = _sheet_urls(section.sheet)["status_url"]
    return render_to_string("scoring/_player_confirmations.html", context, request=request)


def _link_closed(
    request: HttpRequest, sheet: ScoreSheet, error: SheetLocked, *, late: list | None = None
) -> HttpResponse:
    """The link no longer changes the sheet; what was typed and not saved, and what to do.
    The page's script lists the games still kept on the phone and sends them to the desk."""
    return render(
        request,
        "scoring/link_closed.html",
        {
            "message": str(error),
            "event": sheet.table.round.event,
            "sheet": sheet,
            "late": late or [],
            "save_url": reverse("sheet-link-save", kwargs={"token": sheet.token}),
        },
        status=403,
    )


# --- saving ------------------------------------------------------------------------------------


@dataclass
class _Posted:
    """A posted sheet form: its frame and its rows' forms."""

    base_version: int
    save_id: str
    forms: dict[int, GameRowForm]
    hand_in: bool


def _posted_frame(request: HttpRequest, sheet: ScoreSheet) -> dict:
    """The posted form's frame (``SheetFrameForm``: sheet, version, save id) as read;
    SheetError when it is damaged or belongs to another sheet."""
    head = SheetFrameForm(request.POST)
    if not head.is_valid():
        raise SheetError(
            gettext_noop(
                "The form is incomplete or damaged; nothing was saved. Please reload the page."
            )
        )
    if head.cleaned_data["sheet"] != sheet.pk:
        raise SheetError(
            gettext_noop("This form belongs to another score sheet; nothing was saved.")
        )
    return head.cleaned_data


def _refuse_forged_rows(request: HttpRequest, frame: SheetFrame) -> None:
    """SheetError when the posted form names a game the sheet does not have."""
    forged = forged_row_numbers(list(request.POST), frame.games)
    if forged:
        raise SheetError(
            gettext_noop(
                "The form names game %(number)s, which this score sheet does not have; "
                "nothing was saved."
            ),
            number=forged[0][:6],
        )


def _read_post(request: HttpRequest, sheet: ScoreSheet, frame: SheetFrame) -> _Posted:
    """The posted form; SheetError when its frame (sheet, version, row names) is not one of
    this sheet's forms."""
    _refuse_forged_rows(request, frame)
    head = _posted_frame(request, sheet)
    return _Posted(
        base_version=head["version"],
        save_id=head["save_id"],
        forms=frame.posted_forms(request.POST),
        hand_in=request.POST.get("action") == "submit",
    )


def _save(
    request: HttpRequest, sheet: ScoreSheet, frame: SheetFrame, posted: _Posted, user: object
) -> SaveResult:
    """Save a posted form: the one call of both ways of saving. Rows the form could not read
    are left out (their messages stay in their forms); the rules' refusals join them."""
    rows: dict[int, dict | None] = {}
    for number, form in posted.forms.items():
        if form.is_blank():
            rows[number] = None
        elif form.is_valid():
            rows[number] = form.row()
    result = save_sheet_rows(
        sheet=sheet,
        base_version=posted.base_version,
        rows=rows,
        user=user,
        parties=frame.parties,
        device=_device(request, user),
        hand_in=posted.hand_in,
        save_id=posted.save_id,
        device_id=device_of(request),
    )
    for number, error in result.errors.items():
        posted.forms[number].add_invalid_hand(error)
    return result


def _keep_late(
    sheet: ScoreSheet,
    frame: SheetFrame,
    posted: _Posted | None,
    error: SheetLocked,
    games: dict[int, dict] | None = None,
) -> list[tuple[int, str]]:
    """A save the link could no longer make: the rows it would have changed (``games``: the
    sheet's stored games, if read), kept in the sheet's trail for the desk, in words."""
    if posted is None or not posted.forms:
        return []
    games = sheet_games(sheet, frame.parties) if games is None else games
    typed = late_rows(games, frame, posted.forms)
    record_late_save(sheet=sheet, rows=typed, reason=error)
    return describe_late(typed, frame)


@dataclass
class _Outcome:
    """What a save (and the hand-in it may ask for) did, in words."""

    said: list[str]  # done: games saved or deleted, the sheet handed in
    problems: list[str]  # not done: rows with errors, a refused hand-in
    invalid: list[int]  # the rows not saved because of errors


def _said(saved: list[int], deleted: list[int]) -> list[str]:
    """What a save did to the games, in words: the games saved, the games deleted."""
    said = []
    if saved:
        said.append(
            ngettext("Game %(games)s saved.", "Games %(games)s saved.", len(saved))
            % {"games": number_ranges(sorted(saved))}
        )
    if deleted:
        said.append(
            ngettext("Game %(games)s deleted.", "Games %(games)s deleted.", len(deleted))
            % {"games": number_ranges(sorted(deleted))}
        )
    return said


def _conclude(posted: _Posted, result: SaveResult, *, drafts: bool) -> _Outcome:
    """Say what a save did. ``drafts``: the page's script sent only the rows typed on the
    device, so a row stored as sent is saved as far as the device is concerned (a resend);
    a plain form sends every row, and only the rows it changed are news."""
    forms = posted.forms
    invalid = sorted(n for n, form in forms.items() if not form.is_blank() and form.errors)
    saved, deleted = list(result.saved), list(result.deleted)
    if drafts:
        saved += [n for n in result.kept if n in result.games]
        deleted += [n for n in result.kept if n not in result.games]
    said = _said(saved, deleted)
    problems = []
    if invalid:
        problems.append(
            ngettext(
                "Game %(games)s has errors and was not saved; see below.",
                "Games %(games)s have errors and were not saved; see below.",
                len(invalid),
            ) % {"games": number_ranges(invalid)}
        )
    elif result.handed_in:
        said.append(gettext("The score sheet has been handed in. Thank you!"))
    elif result.hand_in_refused is not None:
        problems.append(str(result.hand_in_refused))
    if not said and not problems:
        said.append(gettext("Nothing was changed."))
    return _Outcome(said=said, problems=problems, invalid=invalid)


def _form_save(
    request: HttpRequest, sheet: ScoreSheet, frame: SheetFrame, *, user: object
) -> HttpResponse:
    """A plain form's save: a page back (the sheet again with what went wrong, or a redirect
    to the first game still empty)."""
    via_link = user is None
    posted = None
    try:
        posted = _read_post(request, sheet, frame)
        result = _save(request, sheet, frame, posted, user)
    except StaleSheet as stale:
        show_error(request, stale)
        return _render_sheet(
            request, sheet, frame, via_link=via_link, code=409, games=stale.games,
            version=stale.version, forms=posted.forms if posted else None,
            other_device=stale.current,
        )
    except SheetLocked as locked:
        if not via_link:
            show_error(request, locked)
            return redirect(request.path)
        return _link_closed(request, sheet, locked, late=_keep_late(sheet, frame, posted, locked))
    except SheetError as error:
        show_error(request, error)
        return _render_sheet(request, sheet, frame, via_link=via_link, code=400)
    outcome = _conclude(posted, result, drafts=False)
    for message in outcome.said:
        messages.success(request, message)
    for message in outcome.problems:
        messages.error(request, message)
    if outcome.invalid:
        return _render_sheet(
            request, sheet, frame, via_link=via_link, games=result.games,
            version=result.version, status=result.status, forms=posted.forms,
        )
    missing = result.missing
    return redirect(f"{request.path}#g{missing[0]}" if missing else request.path)


def _json_save(
    request: HttpRequest, sheet: ScoreSheet, frame: SheetFrame, *, user: object
) -> JsonResponse:
    """The page's script's save: JSON back, with the whole sheet as it is now (``state``)
    whenever the sheet could be read. ``outcome``: saved, stale (409: another device saved
    first, ``conflicts`` names its games), locked (403: the link no longer works; ``late``
    lists what was kept for the desk) or refused (400)."""
    via_link = user is None
    posted = None

    def state(games: dict, version: int, status: str, until: int) -> dict:
        """The state, with the games others changed between the page's version and the
        version the save was judged against (``until``)."""
        since = posted.base_version if posted is not None else until
        return _state(request, sheet, frame, games, version=version, status=status,
                      via_link=via_link, since=since, until=until)

    try:
        posted = _read_post(request, sheet, frame)
        result = _save(request, sheet, frame, posted, user)
    except StaleSheet as stale:
        numbers = frame.numbers
        return JsonResponse({
            "ok": False, "outcome": "stale", "message": str(stale),
            "conflicts": {n: describe_values(v, numbers) for n, v in stale.current.items()},
            **state(stale.games, stale.version, sheet.status, stale.version),
        }, status=409)
    except SheetLocked as locked:
        games = sheet_games(sheet, frame.parties)
        late = _keep_late(sheet, frame, posted, locked, games) if via_link else []
        return JsonResponse({
            "ok": False, "outcome": "locked", "message": str(locked), "late": late,
            **state(games, sheet.version, sheet.status, sheet.version),
        }, status=403)
    except SheetError as error:
        return JsonResponse({"ok": False, "outcome": "refused", "message": str(error)},
                            status=400)
    outcome = _conclude(posted, result, drafts=True)
    forms = posted.forms
    return JsonResponse({
        "ok": not outcome.problems,
        "outcome": "saved",
        "messages": outcome.said,
        "problems": outcome.problems,
        "errors": {n: forms[n].error_texts for n in outcome.invalid},
        "columns": {n: forms[n].error_columns for n in outcome.invalid},
        **state(result.games, result.version, result.status, result.read_version),
    })


def _state(
    request: HttpRequest,
    sheet: ScoreSheet,
    frame: SheetFrame,
    games: dict,
    *,
    version: int,
    status: str,
    via_link: bool,
    since: int,
    until: int | None = None,
) -> dict:
    """The sheet as its page follows it (``sheet_state``) with the section "Bestätigen" and
    the games others changed after the page's version ``since`` (up to ``until``, where
    given; ``change_notices``)."""
    section = confirm_section(sheet, via_link=via_link, version=version, status=status)
    return {
        **sheet_state(sheet, frame, games, version=version, status=status, via_link=via_link),
        "confirmations": _confirmations_html(request, section),
        "changes": change_notices(
            sheet.pk, since=since, device=device_of(request), via_link=via_link, until=until
        ),
    }


def _state_answer(request: HttpRequest, sheet: ScoreSheet, *, via_link: bool) -> JsonResponse:
    """The sheet's state for a page that saw version ``?version=`` (none: the current one)."""
    frame = sheet_frame(sheet)
    since = request.GET.get("version", "")
    state = _state(
        request, sheet, frame, sheet_games(sheet, frame.parties), version=sheet.version,
        status=sheet.status, via_link=via_link,
        since=int(since) if is_number(since) and len(since) < 12 else sheet.version,
    )
    return JsonResponse({"ok": True, "outcome": "state", **state})


def _check_answer(check: SheetCheck | None) -> JsonResponse:
    if check is None:
        return JsonResponse(
            {"ok": False, "outcome": "refused", "message": gettext("This link is not valid.")},
            status=404,
        )
    return JsonResponse(check.answer())


# --- sheets kept in round totals ---------------------------------------------------------------


def keeps_totals(sheet: ScoreSheet) -> bool:
    """Whether the sheet's event keeps score in round totals (its page is the totals form)."""
    return sheet.table.round.event.scoring_mode == TOTALS


def keeps_points(sheet: ScoreSheet) -> bool:
    """Whether the sheet's event keeps score in points per game (its page is the points
    form)."""
    return sheet.table.round.event.scoring_mode == POINTS


def keeps_figures(sheet: ScoreSheet) -> bool:
    """Whether the sheet's page is a plain form of figures (round totals, points per game)
    rather than the game rows with their script."""
    return keeps_totals(sheet) or keeps_points(sheet)


def _device(request: HttpRequest, user: object) -> dict[str, str] | None:
    """The device of a save through the link (``{"agent": User-Agent, "address": IP}``, see
    ``scoring.services.sheets.save_sheet_rows``); None for a save by an account."""
    if user is not None:
        return None
    return {"agent": request.headers.get("User-Agent", ""),
            "address": request.META.get("REMOTE_ADDR", "")}


def _page_url(sheet: ScoreSheet, *, via_link: bool) -> str:
    if via_link:
        return reverse("sheet-link", kwargs={"token": sheet.token})
    return _sheet_urls(sheet)["edit_url"]


def _render_figures(
    request: HttpRequest,
    sheet: ScoreSheet,
    frame: SheetFrame,
    *,
    via_link: bool,
    code: int = 200,
    **page: object,
) -> HttpResponse:
    """The page of a sheet kept in round totals or in points per game
    (``figures_sheet.html``) with HTTP status ``code``; ``page`` as ``totals_page`` or
    ``points_page`` takes it (typed figures, problems, the other device's figures); with the
    section "Bestätigen" (``confirm_section``), whose plain forms post to
    ``sheet_link_confirm`` and, on the organisers' page, record the signatures on paper
    (``sheet_status``)."""
    event = sheet.table.round.event
    kind, make = ("totals", totals_page) if keeps_totals(sheet) else ("points", points_page)
    context = {
        "page": make(sheet, frame, via_link=via_link, **page),
        "sheet": sheet,
        "event": event,
        "via_link": via_link,
        "kind": kind,
        "mode_name": gettext(SCORING_MODES[event.scoring_mode]),
    }
    context.update(_page_links(sheet, context["page"], via_link=via_link))
    if not via_link:
        context["late_saves"] = []
    return render(request, f"scoring/{kind}_sheet.html", context, status=code)


def _figures_save(request: HttpRequest, sheet: ScoreSheet, *, user: object) -> HttpResponse:
    """A post to the save address of a sheet kept in round totals or in points per game: its
    page's script's save, answered with JSON (``scoring.views.figures_json``), or its form's
    save (``_figures_form_save``)."""
    if "application/json" in request.headers.get("Accept", ""):
        return figures_json_save(
            request, sheet, sheet_frame(sheet), user=user, mode=_figures_form(sheet),
            page=totals_page if keeps_totals(sheet) else points_page,
            posted_frame=_posted_frame, device=_device(request, user),
            device_id=device_of(request), confirmations=_confirmations_html,
        )
    return _figures_form_save(request, sheet, sheet_frame(sheet), user=user)


def _totals_read(request: HttpRequest, frame: SheetFrame) -> tuple[Any, dict[str, list]]:
    figures, unread = posted_totals(request.POST, len(frame.parties))
    problems: dict[str, list] = {}
    for problem in unread:
        problems.setdefault(totals_field(problem), []).append(problem)
    return figures, problems


def _points_read(request: HttpRequest, frame: SheetFrame) -> tuple[Any, dict[str, list]]:
    _refuse_forged_rows(request, frame)
    rows, unread = posted_points(request.POST, frame.games, len(frame.parties))
    if not unread:
        return rows, {}
    # the other rows' problems too, by the rules the page was drawn with (nothing is stored)
    problems = problems_by_field(unread)
    checked = problems_by_field(
        points_sheet_problems(rows, parties=len(frame.parties), rules=frame.rules)
    )
    for name, found in checked.items():
        problems.setdefault(name, found)  # a field that is no figure is not "left empty"
    return rows, problems


def _totals_said(result: TotalsResult) -> list[str]:
    return [gettext("Totals saved.")] if result.changed else []


def _points_said(result: SaveResult) -> list[str]:
    return _said(result.saved, result.deleted)


@dataclass(frozen=True)
class _FiguresForm:
    """What the plain form of a sheet kept in round totals or in points per game needs of its
    mode: how it reads the posted figures (``read``: the figures and the problems of fields
    that hold no figure, by field), its save service (``save``, the figures as the keyword
    ``figures_name``), what a refusal says (``not_saved``, a msgid), the page after a stale
    save (``stale_page``) and after a refused save (``refused_page``), and what a save did
    (``said``)."""

    read: Callable[[HttpRequest, SheetFrame], tuple[Any, dict[str, list]]]
    save: Callable[..., Any]
    figures_name: str
    not_saved: str
    stale_page: Callable[[StaleSheet], dict[str, Any]]
    refused_page: Callable[[Any], dict[str, Any]]
    said: Callable[[Any], list[str]]


def _figures_form(sheet: ScoreSheet) -> _FiguresForm:
    if keeps_totals(sheet):
        return _FiguresForm(
            read=_totals_read, save=save_sheet_totals,
            figures_name="totals", not_saved=gettext_noop("The totals were not saved; see below."),
            stale_page=lambda stale: {"stored": stale.totals, "other_device": stale.totals},
            refused_page=lambda result: {"stored": result.totals,
                                         "problems": result.problems_by_field},
            said=_totals_said,
        )
    return _FiguresForm(
        read=_points_read, save=save_sheet_points,
        figures_name="rows", not_saved=gettext_noop("The games were not saved; see below."),
        stale_page=lambda stale: {"games": stale.games, "other_device": stale.current},
        refused_page=lambda result: {"games": result.games,
                                     "problems": problems_by_field(result.problems)},
        said=_points_said,
    )


def _figures_form_save(
    request: HttpRequest, sheet: ScoreSheet, frame: SheetFrame, *, user: object
) -> HttpResponse:
    """A posted form of round totals or of points per game (``_figures_form``): a redirect to
    the page with what was done, or the page again with the figures as typed and what went
    wrong (a figure that is no whole number or that the checks refuse at its field, nothing
    stored; after another device's save, its figures beside them and its version in the form,
    so that the next save decides)."""
    form = _figures_form(sheet)
    via_link = user is None
    typed: Mapping[str, str] = request.POST

    def page(**shown: Any) -> HttpResponse:
        return _render_figures(request, sheet, frame, via_link=via_link, **shown)

    try:
        head = _posted_frame(request, sheet)
        figures, unread = form.read(request, frame)
        if unread:
            messages.error(request, gettext(form.not_saved))
            return page(typed=typed, problems=unread)
        result = form.save(
            sheet=sheet,
            base_version=head["version"],
            user=user,
            device=_device(request, user),
            save_id=head["save_id"],
            device_id=device_of(request),
            hand_in=request.POST.get("action") == "submit",
            **{form.figures_name: figures},
        )
    except StaleSheet as stale:
        show_error(request, stale)
        return page(code=409, typed=typed, version=stale.version, **form.stale_page(stale))
    except SheetLocked as locked:
        if not via_link:
            show_error(request, locked)
            return redirect(_page_url(sheet, via_link=False))
        return _link_closed(request, sheet, locked)
    except SheetError as error:
        show_error(request, error)
        return page(code=400, typed=typed)
    if result.problems:
        messages.error(request, gettext(form.not_saved))
        return page(typed=typed, version=result.version, status=result.status,
                    **form.refused_page(result))
    said = form.said(result)
    for message in said:
        messages.success(request, message)
    if result.handed_in:
        messages.success(request, gettext("The score sheet has been handed in. Thank you!"))
    elif result.hand_in_refused is not None:
        messages.error(request, str(result.hand_in_refused))
    elif not said:
        messages.success(request, gettext("Nothing was changed."))
    return redirect(_page_url(sheet, via_link=via_link))


# --- the scorekeeper's link ------------------------------------------------------------------


def sheet_link(request: HttpRequest, token: str) -> HttpResponse:
    """The scorekeeper's page of one sheet, reached through its unguessable link; a plain
    form posts here."""
    sheet = sheet_by_token(token)
    if sheet is None:
        return render(request, "scoring/link_invalid.html", status=404)
    if request.method == "POST" and keeps_figures(sheet):
        return _figures_form_save(request, sheet, sheet_frame(sheet), user=None)
    if request.method == "POST":  # a late save is kept for the desk, see _keep_late
        return _form_save(request, sheet, sheet_frame(sheet), user=None)
    try:
        check_link_access(sheet)
    except SheetLocked as locked:
        return _link_closed(request, sheet, locked)
    if keeps_figures(sheet):
        return _render_figures(request, sheet, sheet_frame(sheet), via_link=True)
    return _render_sheet(request, sheet, sheet_frame(sheet), via_link=True)


@require_POST
def sheet_link_save(request: HttpRequest, token: str) -> HttpResponse:
    """The save of the link page's script (JSON); of a sheet kept in round totals or in
    points per game, its form's save."""
    sheet = sheet_by_token(token)
    if sheet is None:
        return JsonResponse(
            {"ok": False, "outcome": "refused", "message": gettext("This link is not valid.")},
            status=404,
        )
    if keeps_figures(sheet):
        return _figures_save(request, sheet, user=None)
    return _json_save(request, sheet, sheet_frame(sheet), user=None)


@require_GET
def sheet_link_check(request: HttpRequest, token: str) -> JsonResponse:
    """The version check of an open link page (see the module): one query."""
    return _check_answer(link_check(token))


@require_GET
def sheet_link_state(request: HttpRequest, token: str) -> JsonResponse:
    """The sheet's state for the link page's script, in the shape of a save's answer."""
    sheet = sheet_by_token(token)
    if sheet is None:
        return _check_answer(None)
    return _state_answer(request, sheet, via_link=True)


def _posted_number(request: HttpRequest, name: str) -> int | None:
    value = request.POST.get(name, "")
    return int(value) if is_number(value) and len(value) < 12 else None


@require_POST
def sheet_link_confirm(request: HttpRequest, token: str) -> HttpResponse:
    """A player of the table confirms the handed-in sheet on the scorekeeper's phone (the link
    identifies the table; no account). The page's script (``Accept: application/json``) gets
    JSON with the section "Bestätigen" as it is now; a plain form gets the page back, with
    what happened as a message."""
    wants_json = "application/json" in request.headers.get("Accept", "")
    sheet = sheet_by_token(token)
    if sheet is None:
        if wants_json:
            return JsonResponse(
                {"ok": False, "outcome": "refused", "message": gettext("This link is not valid.")},
                status=404,
            )
        return render(request, "scoring/link_invalid.html", status=404)
    page = f"{reverse('sheet-link', kwargs={'token': token})}#confirm"
    try:
        confirmation = confirm_as_player(
            sheet=sheet,
            position=_posted_number(request, "position"),
            version=_posted_number(request, "version"),
            device={"agent": request.headers.get("User-Agent", ""),
                    "address": request.META.get("REMOTE_ADDR", "")},
        )
    except SheetLocked as locked:
        if wants_json:
            return JsonResponse(
                {"ok": False, "outcome": "locked", "message": str(locked)}, status=403
            )
        return redirect(page)  # the page says the link no longer works
    except SheetError as error:
        if wants_json:
            return JsonResponse({
                "ok": False, "outcome": "refused", "message": str(error),
                "confirmations": _confirmations_html(
                    request, confirm_section(sheet, via_link=True)
                ),
            }, status=409 if sheet.status == ScoreSheet.Status.SUBMITTED else 400)
        show_error(request, error)
        return redirect(page)
    said = gettext("Thank you, No. %(number)s %(name)s: your confirmation is recorded.") % {
        "number": confirmation.start_number,
        "name": confirmation.player.name if confirmation.player else "",
    }
    if wants_json:
        return JsonResponse({
            "ok": True, "outcome": "confirmed", "message": said,
            "confirmations": _confirmations_html(request, confirm_section(sheet, via_link=True)),
        })
    messages.success(request, said)
    return redirect(page)


SHEET_ASSETS = (
    "tournament/app.css",
    "tournament/focus.js",
    "scoring/sheet.css",
    "scoring/melds.css",
    "scoring/melds.js",
    "scoring/totals.js",
    "scoring/points.js",
)
# The score sheet's script: the ES modules of this folder, loaded by its main.js (no build step).
SHEET_MODULES = "scoring/sheet"


def sheet_assets() -> list[str]:
    """The static paths the sheet links' pages need offline: SHEET_ASSETS and every module."""
    folder = Path(finders.find(SHEET_MODULES))
    modules = sorted(f"{SHEET_MODULES}/{path.name}" for path in folder.glob("*.js"))
    return [*SHEET_ASSETS, *modules]


def sheet_worker(request: HttpRequest) -> HttpResponse:
    """The service worker that keeps the sheet links' pages usable offline (see the script)."""
    assets = [static(path) for path in sheet_assets()]
    token = "x" * 32
    link_root = reverse("sheet-link", kwargs={"token": token})[: -len(token) - 1]
    response = render(
        request,
        "scoring/sheet_worker.js",
        {
            "assets": assets,
            "link_root": link_root,
            "version": hashlib.sha256("|".join(assets).encode()).hexdigest()[:12],
        },
        content_type="text/javascript; charset=utf-8",
    )
    response["Cache-Control"] = "no-cache"
    return response


@require_POST
def sheet_preview(request: HttpRequest) -> JsonResponse:
    """Points of one row while typing: runs the rules (score_hand) and stores nothing.

    The row's fields come as on the sheet form (``g5-bid`` …) with ``number``, ``parties``,
    ``seats`` and ``event`` (the short name of the event whose rules score it);
    CSRF-protected like every POST.
    """
    try:
        number = int(request.POST.get("number", ""))
        parties = int(request.POST.get("parties", ""))
        seats = int(request.POST.get("seats", ""))
    except ValueError:
        number = parties = seats = 0
    known = parties in PARTY_COUNTS and seats in SEAT_COUNTS
    rules = posted_rules(request.POST.get("event", ""))
    if not (known and rules is not None and 1 <= number <= MAX_GAMES_PER_ROUND):
        return JsonResponse(
            {"ok": False, "errors": {"__all__": [gettext("Incomplete request.")]}}, status=400
        )
    form = GameRowForm(
        request.POST,
        number=number,
        party_labels=[str(i) for i in range(parties)],
        seat_labels=[str(i) for i in range(seats)],
        rules=rules,
    )
    if form.is_blank():
        return JsonResponse({"ok": True, "blank": True, "points": None})
    if form.is_valid():
        return JsonResponse({"ok": True, "blank": False, "points": form.points})
    return JsonResponse(
        {
            "ok": False,
            "blank": False,
            "points": None,
            "errors": form.error_texts,
            "columns": form.error_columns,
            "unusual_bid": form.unusual_bid,
        }
    )


# --- the organisers' pages -------------------------------------------------------------------


@desk_view
def sheet_edit(request: HttpRequest, event: Event, number: int, table: int) -> HttpResponse:
    """The organiser's page of one sheet: enter, correct, confirm or reopen."""
    sheet = _organiser_sheet(event, number, table)
    if keeps_figures(sheet):
        if request.method == "POST":
            return _figures_form_save(request, sheet, sheet_frame(sheet), user=request.user)
        return _render_figures(request, sheet, sheet_frame(sheet), via_link=False)
    if request.method == "POST":
        return _form_save(request, sheet, sheet_frame(sheet), user=request.user)
    return _render_sheet(request, sheet, sheet_frame(sheet), via_link=False)


@desk_view
@require_POST
def sheet_edit_save(request: HttpRequest, event: Event, number: int, table: int) -> HttpResponse:
    """The save of the organiser's sheet page's script (JSON); of a sheet kept in round totals
    or in points per game, its form's save."""
    sheet = _organiser_sheet(event, number, table)
    if keeps_figures(sheet):
        return _figures_save(request, sheet, user=request.user)
    return _json_save(request, sheet, sheet_frame(sheet), user=request.user)


@desk_view
@require_GET
def sheet_edit_check(request: HttpRequest, event: Event, number: int, table: int) -> JsonResponse:
    """The version check of an open organiser's sheet page (see the module)."""
    return _check_answer(sheet_check(
        table__round__event=event, table__round__number=number, table__number=table
    ))


@desk_view
@require_GET
def sheet_edit_state(request: HttpRequest, event: Event, number: int, table: int) -> JsonResponse:
    """The sheet's state for the organiser's sheet page's script (see the module)."""
    return _state_answer(request, _organiser_sheet(event, number, table), via_link=False)


@desk_view
@require_POST
def sheet_status(request: HttpRequest, event: Event, number: int, table: int) -> HttpResponse:
    """Confirm, reopen or hand in a sheet, or record that its players signed it on paper
    (organisers and the desk)."""
    sheet = _organiser_sheet(event, number, table)
    action = request.POST.get("action", "")
    try:
        version: int | None = int(request.POST.get("version", ""))
    except ValueError:
        version = None
    try:
        if action == "confirm":
            confirm_sheet(sheet=sheet, user=request.user, base_version=version)
            messages.success(request, gettext("The score sheet is confirmed."))
        elif action == "reopen":
            reopen_sheet(sheet=sheet, user=request.user)
            messages.success(
                request, gettext("The score sheet is open again; its link works again.")
            )
        elif action == "submit":
            submit_sheet(sheet=sheet, user=request.user)
            messages.success(request, gettext("The score sheet has been handed in."))
        elif action == "signed_on_paper":
            signed = record_paper_signatures(sheet=sheet, version=version, user=request.user)
            messages.success(request, _signed_message(signed, sheet.table.number))
        else:
            messages.error(request, gettext("Unknown action; nothing was changed."))
    except SheetError as error:
        show_error(request, error)
    return redirect(_sheet_urls(sheet)["edit_url"])


def _signed_message(signed: list, table: int) -> str:
    if not signed:
        return gettext("Every player of table %(table)s had confirmed already.") % {
            "table": table
        }
    return ngettext(
        "Recorded: %(count)s player of table %(table)s signed the paper score sheet.",
        "Recorded: %(count)s players of table %(table)s signed the paper score sheet.",
        len(signed),
    ) % {"count": len(signed), "table": table}


@desk_view
@require_POST
def sheet_new_link(request: HttpRequest, event: Event, number: int, table: int) -> HttpResponse:
    """Issue a new link for one sheet: the old link and its printed code stop at once."""
    sheet = renew_sheet_link(sheet=_organiser_sheet(event, number, table), user=request.user)
    messages.success(
        request,
        gettext(
            "The score sheet has a new link. The old link and every printed or photographed "
            "code of it no longer work: print the sheet again or show the scorekeeper the new "
            "code."
        ),
    )
    return redirect(f"{_sheet_urls(sheet)['edit_url']}#link")


def _before(change: ChangeRecord) -> str:
    """A record's game or round totals before its change, for the trail's column of them."""
    if change.action == SheetAction.TOTALS_SAVED:
        return describe_totals(change.params.get("before"))
    return describe_values(change.params.get("before")) if change.params.get("game") else ""


@desk_view
def sheet_changes(request: HttpRequest, event: Event, number: int, table: int) -> HttpResponse:
    """The audit trail of one sheet: every change after submission and every status change."""
    sheet = _organiser_sheet(event, number, table)
    changes = [
        {
            "change": change,
            # the game before has its own column
            "line": sheet_line(change, sheet.table, before=False),
            "before": _before(change),
        }
        for change in sheet.changes.select_related("user").order_by("-created_at", "-id")
    ]
    return render(
        request,
        "scoring/sheet_changes.html",
        {"sheet": sheet, "event": event, "changes": changes, **_sheet_urls(sheet)},
    )


def _round_of(event: Event, number: int) -> Round:
    return get_object_or_404(Round.objects.select_related("event"), event=event, number=number)


@desk_view
def round_sheets(request: HttpRequest, event: Event, number: int) -> HttpResponse:
    """Every table of a round with its sheet's state, the counts, and the tables missing."""
    round_ = _round_of(event, number)
    return render(
        request,
        "scoring/round_sheets.html",
        {
            "event": event,
            "round": round_,
            "overview": round_overview(round_),
            "rounds": event.rounds.order_by("number"),
        },
    )


def _offered_versions(request: HttpRequest) -> dict[int, int]:
    """The sheets the overview offered to confirm, as ``sheet id: version`` (``sheet`` fields
    of the form ``"12:3"``); anything else in them is left out."""
    versions = {}
    for value in request.POST.getlist("sheet"):
        pk, _, version = value.partition(":")
        if is_number(pk) and is_number(version) and len(pk) < 12 and len(version) < 12:
            versions[int(pk)] = int(version)
    return versions


@desk_view
@require_POST
def round_confirm_all(request: HttpRequest, event: Event, number: int) -> HttpResponse:
    """Confirm every handed-in sheet of a round the overview offered and that has no concern;
    the page then lists the sheets left for a look."""
    round_ = _round_of(event, number)
    try:
        result = confirm_handed_in(
            round=round_, user=request.user, versions=_offered_versions(request)
        )
    except SheetError as error:
        show_error(request, error)
        return redirect("round-sheets", slug=event.slug, number=number)
    if result.confirmed:
        messages.success(
            request,
            ngettext(
                "Confirmed the score sheet of table %(tables)s.",
                "Confirmed the score sheets of tables %(tables)s.",
                len(result.confirmed),
            ) % {"tables": ", ".join(str(table) for table in result.confirmed)},
        )
    else:
        messages.info(request, gettext("No score sheet was confirmed."))
    if result.left:
        messages.warning(
            request,
            ngettext(
                "Table %(tables)s is left for a look; see below.",
                "Tables %(tables)s are left for a look; see below.",
                len(result.left),
            ) % {"tables": ", ".join(str(table) for table, _concerns in result.left)},
        )
    return redirect("round-sheets", slug=event.slug, number=number)


@desk_view
@require_POST
def round_paper_signed(request: HttpRequest, event: Event, number: int) -> HttpResponse:
    """Record for every sheet the page listed (``sheet`` fields, as the overview's confirm-all
    sends them) that its players signed the paper sheet; then the overview, where the sheets
    can be confirmed."""
    round_ = _round_of(event, number)
    try:
        tables = record_round_paper_signatures(
            round=round_, versions=_offered_versions(request), user=request.user
        )
    except SheetError as error:
        show_error(request, error)
    else:
        if tables:
            messages.success(
                request,
                ngettext(
                    "Recorded: the players of table %(tables)s signed the paper score sheet.",
                    "Recorded: the players of tables %(tables)s signed the paper score sheets.",
                    len(tables),
                ) % {"tables": ", ".join(str(table) for table in tables)},
            )
        else:
            messages.info(request, gettext("Every player had confirmed already."))
    return redirect("round-sheets", slug=event.slug, number=number)


@organiser_view
@require_POST
def round_close(request: HttpRequest, event: Event, number: int) -> HttpResponse:
    """Close a round (its sheet links stop working) or open it again. Closing while tables have
    not handed in their sheets, or handed-in sheets are not confirmed yet, asks first and names
    them, and offers to record the signatures on paper of the handed-in sheets that lack
    players' confirmations."""
    round_ = _round_of(event, number)
    closed = request.POST.get("closed") == "1"
    if closed and not round_.closed and request.POST.get("confirm") != "1":
        overview = round_overview(round_)
        if overview.missing or overview.handed_in:
            return render(
                request,
                "scoring/round_close_confirm.html",
                {"event": event, "round": round_, "overview": overview},
            )
    close_round(round=round_, closed=closed, user=request.user)
    if closed:
        messages.success(
            request,
            gettext("Round %(number)s is closed; its score sheet links no longer work.")
            % {"number": number},
        )
    else:
        messages.success(
            request,
            gettext("Round %(number)s is open again; its score sheet links work again.")
            % {"number": number},
        )
    return redirect("round-sheets", slug=event.slug, number=number)


@desk_view
def round_qr(request: HttpRequest, event: Event, number: int) -> HttpResponse:
    """A printable page of every table's sheet link with its QR code."""
    round_ = _round_of(event, number)
    overview = round_overview(round_)
    tables = [state for state in overview.tables if state.sheet is not None]
    return render(
        request,
        "scoring/round_qr.html",
        {"event": event, "round": round_, "tables": tables},
    )
