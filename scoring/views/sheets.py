"""Score entry pages: a sheet through its link or by an organiser, the rounds' overviews.

The scorekeeper opens one sheet through its link (``/zettel/<token>/``) without an account,
until the sheet is confirmed or the round closed; organisers open any sheet from the round
overview. The save itself (row judgement, optimistic locking, audit) is in
``scoring.services.sheets``; these views read the form, call it and report what happened.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from dataclasses import dataclass

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import gettext, gettext_noop, ngettext
from django.views.decorators.http import require_POST

from scoring.forms import GameRowForm, SheetFrameForm, forged_row_numbers
from scoring.melds import MELDS
from scoring.models import ScoreSheet
from scoring.rules import PARTY_COUNTS, TRICK_TOTAL
from scoring.services import (
    SaveResult,
    SheetError,
    SheetLocked,
    StaleSheet,
    check_link_access,
    close_round,
    confirm_sheet,
    record_late_save,
    renew_sheet_link,
    reopen_sheet,
    save_sheet_rows,
    sheet_for_table,
    submit_sheet,
)
from scoring.sheet_pages import (
    SheetFrame,
    SheetPage,
    describe_change,
    describe_late,
    describe_values,
    late_rows,
    late_saves,
    load_sheet,
    round_overview,
    sheet_frame,
    sheet_page,
    stored_fields,
    who,
)
from scoring.sheet_query import sheet_with_seats
from scoring.sheet_rows import number_ranges
from tournament.limits import MAX_GAMES_PER_ROUND, UNUSUAL_BID
from tournament.models import Event, Round, Table
from tournament.seats import SEAT_COUNTS
from tournament.web import desk_view, organiser_view, show_error

TOKEN_SHAPE = re.compile(r"[A-Za-z0-9_-]{32,64}")


def _sheet_by_token(token: str) -> tuple[ScoreSheet, SheetFrame, set[int]] | None:
    """The sheet of a link token with its frame and the numbers of its games, or None; a
    malformed token does not reach the database. One query (``scoring.sheet_query``)."""
    if not TOKEN_SHAPE.fullmatch(token):
        return None
    found = sheet_with_seats(token=token)
    if found is None:
        return None
    if not secrets.compare_digest(found.sheet.token.encode(), token.encode()):
        return None
    return found.sheet, sheet_frame(found.sheet, found.seats), found.entered


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
        "status_url": reverse("sheet-status", kwargs=kwargs),
        "changes_url": reverse("sheet-changes", kwargs=kwargs),
        "new_link_url": reverse("sheet-new-link", kwargs=kwargs),
        "overview_url": reverse(
            "round-sheets", kwargs={"slug": kwargs["slug"], "number": kwargs["number"]}
        ),
    }


def _device(request: HttpRequest) -> dict[str, str]:
    """The device a save through the link came from, for the sheet's trail."""
    return {
        "agent": request.headers.get("User-Agent", ""),
        "address": request.META.get("REMOTE_ADDR", ""),
    }


def _wants_json(request: HttpRequest) -> bool:
    """The page's script saves in the background and asks for JSON; a plain form does not."""
    return "application/json" in request.headers.get("Accept", "")


def _render_sheet(
    request: HttpRequest,
    sheet: ScoreSheet,
    *,
    via_link: bool,
    page: SheetPage | None = None,
    version: int | None = None,
    status: int = 200,
) -> HttpResponse:
    page = page or sheet_page(sheet)
    context = {
        "page": page,
        "sheet": sheet,
        "event": sheet.table.round.event,
        "via_link": via_link,
        "version": sheet.version if version is None else version,
        "preview_url": reverse("sheet-preview"),
        "trick_total": TRICK_TOTAL,
        "unusual_bid": UNUSUAL_BID,
        "melds": MELDS,
        **({} if via_link else _sheet_urls(sheet)),
    }
    if not via_link:
        context["late_saves"] = late_saves(sheet, page.frame)
    return render(request, "scoring/sheet.html", context, status=status)


def _link_closed(
    request: HttpRequest, sheet: ScoreSheet, error: SheetLocked, *, late: list | None = None
) -> HttpResponse:
    """The link no longer changes the sheet; after a late save, what was typed and what to do."""
    return render(
        request,
        "scoring/link_closed.html",
        {
            "message": str(error),
            "event": sheet.table.round.event,
            "sheet": sheet,
            "late": late or [],
        },
        status=403,
    )


def _refused(
    request: HttpRequest,
    sheet: ScoreSheet,
    error: SheetLocked,
    *,
    via_link: bool,
    frame: SheetFrame | None = None,
    forms: dict[int, GameRowForm] | None = None,
) -> HttpResponse:
    """A sheet the person may not change now. Through the link the typed rows are kept in the
    sheet's trail for the desk and shown back to the scorekeeper; organisers go back."""
    if not via_link:
        if _wants_json(request):
            return _json_refusal(error, "locked", status=403)
        show_error(request, error)
        return redirect(request.path)
    typed: dict = {}
    if frame is not None and forms:
        typed = late_rows(sheet, frame, forms)
        record_late_save(sheet=sheet, rows=typed, reason=error)
    if _wants_json(request):
        return _json_refusal(error, "locked", status=403, late=bool(typed))
    return _link_closed(request, sheet, error, late=describe_late(typed, frame) if typed else [])


def _json_refusal(error: SheetError, reason: str, *, status: int, **extra: object) -> JsonResponse:
    return JsonResponse(
        {"ok": False, "reason": reason, "message": str(error), **extra}, status=status
    )


def _base_version(request: HttpRequest, sheet: ScoreSheet) -> int:
    """The version the submitted form was based on; SheetError when the form's frame (sheet,
    version, row names) is not one of this sheet's forms."""
    forged = forged_row_numbers(list(request.POST), sheet.table.round.event.games_per_round)
    if forged:
        raise SheetError(
            gettext_noop(
                "The form names game %(number)s, which this score sheet does not have; "
                "nothing was saved."
            ),
            number=forged[0][:6],
        )
    frame = SheetFrameForm(request.POST)
    if not frame.is_valid():
        raise SheetError(
            gettext_noop(
                "The form is incomplete or damaged; nothing was saved. Please reload the page."
            )
        )
    if frame.cleaned_data["sheet"] != sheet.pk:
        raise SheetError(
            gettext_noop("This form belongs to another score sheet; nothing was saved.")
        )
    return frame.cleaned_data["version"]


def _typed_rows(forms: dict[int, GameRowForm]) -> dict[int, dict | None]:
    """The rows the form sent: cleared ones as None, valid ones as values; invalid rows are left
    out (their errors are shown in the form, their stored game stays)."""
    rows: dict[int, dict | None] = {}
    for number, form in forms.items():
        if form.is_blank():
            rows[number] = None
        elif form.is_valid():
            rows[number] = form.row()
    return rows


def _report_save(forms: dict[int, GameRowForm], result: SaveResult) -> tuple[list[str], list[int]]:
    """What a save did, in words, and the rows not saved because of errors."""
    for number, error in result.errors.items():
        forms[number].add_invalid_hand(error)
    invalid = sorted(n for n, f in forms.items() if not f.is_blank() and f.errors)
    said = []
    if result.saved:
        said.append(
            ngettext("Game %(games)s saved.", "Games %(games)s saved.", len(result.saved))
            % {"games": number_ranges(result.saved)}
        )
    if result.deleted:
        said.append(
            ngettext("Game %(games)s deleted.", "Games %(games)s deleted.", len(result.deleted))
            % {"games": number_ranges(result.deleted)}
        )
    return said, invalid


def _invalid_message(invalid: list[int]) -> str:
    return ngettext(
        "Game %(games)s has errors and was not saved; see below.",
        "Games %(games)s have errors and were not saved; see below.",
        len(invalid),
    ) % {"games": number_ranges(invalid)}


def _hands_in(request: HttpRequest) -> bool:
    """The save was sent with "Save and hand in"."""
    return request.POST.get("action") == "submit"


def _bad_columns(form: GameRowForm) -> list[str]:
    """The meld or trick columns a row's messages are about as a whole (e.g. their sum)."""
    return [column for column, texts in form.column_errors.items() if texts]


@dataclass
class _Outcome:
    """What a save (and the hand-in it may ask for) did, for either kind of answer."""

    said: list[str]  # done: games saved or deleted, the sheet handed in
    notes: list[str]  # nothing to do
    problems: list[str]  # not done: rows with errors, a refused hand-in
    invalid: list[int]  # the rows not saved because of errors


def _conclude(forms: dict[int, GameRowForm], result: SaveResult) -> _Outcome:
    """Report the save and the hand-in it may have asked for."""
    said, invalid = _report_save(forms, result)
    outcome = _Outcome(
        said=said,
        notes=[],
        problems=[_invalid_message(invalid)] if invalid else [],
        invalid=invalid,
    )
    if invalid:
        return outcome
    if result.handed_in:
        outcome.said.append(gettext("The score sheet has been handed in. Thank you!"))
    elif result.hand_in_refused is not None:
        outcome.problems.append(str(result.hand_in_refused))
    elif not result.changed:
        outcome.notes.append(gettext("Nothing was changed."))
    return outcome


def _saved_json(
    forms: dict[int, GameRowForm], result: SaveResult, outcome: _Outcome, missing: list[int]
) -> JsonResponse:
    """The answer to the page's background save: what is stored now, per row, and what to say."""
    invalid = outcome.invalid
    return JsonResponse(
        {
            "ok": not outcome.problems,
            "version": result.version,
            "status": result.status,
            "status_label": str(ScoreSheet.Status(result.status).label) if result.status else "",
            "rows": {
                number: {
                    "stored": stored_fields(values),
                    "points": values["points"] if values is not None else None,
                }
                for number, values in result.stored.items()
            },
            "errors": {
                n: {name: [str(m) for m in texts] for name, texts in forms[n].errors.items()}
                for n in invalid
            },
            "columns": {n: _bad_columns(forms[n]) for n in invalid},
            "messages": outcome.said + outcome.notes,
            "problems": outcome.problems,
            "first_open": invalid[0] if invalid else (missing[0] if missing else None),
            "missing": missing,
        }
    )


def _save_sheet(
    request: HttpRequest,
    sheet: ScoreSheet,
    *,
    user: object,
    frame: SheetFrame | None = None,
    entered: set[int] | None = None,
) -> HttpResponse:
    """Save a submitted sheet: every valid row, every invalid row reported in place; then hand
    the sheet in when asked. The page's script gets JSON, a plain form a page. ``frame`` and
    ``entered`` (its game numbers): as the caller read them with the sheet, if it has."""
    via_link = user is None
    as_json = _wants_json(request)
    forms: dict[int, GameRowForm] = {}
    try:
        base_version = _base_version(request, sheet)  # before building the page's forms
        frame = frame or sheet_frame(sheet)
        forms = frame.posted_forms(request.POST)
        result = save_sheet_rows(
            sheet=sheet,
            base_version=base_version,
            rows=_typed_rows(forms),
            user=user,
            parties=frame.parties,
            entered=entered,
            device=_device(request) if via_link else None,
            hand_in=_hands_in(request),
        )
    except StaleSheet as stale:
        if as_json:
            numbers = [p.start_number for p in frame.parties]
            return _json_refusal(
                stale,
                "stale",
                status=409,
                version=stale.version,
                current={n: describe_values(v, numbers) for n, v in stale.current.items()},
                stored={n: stored_fields(v) for n, v in stale.current.items()},
            )
        show_error(request, stale)
        fresh = load_sheet(sheet.pk)
        page = sheet_page(fresh, frame=frame, forms=forms, other_device=stale.current)
        return _render_sheet(
            request, fresh, via_link=via_link, page=page, version=stale.version, status=409
        )
    except SheetLocked as locked:
        return _refused(request, sheet, locked, via_link=via_link, frame=frame, forms=forms)
    except SheetError as error:
        if as_json:
            return _json_refusal(error, "refused", status=400)
        show_error(request, error)
        return _render_sheet(request, sheet, via_link=via_link, status=400)

    outcome = _conclude(forms, result)
    if as_json:
        return _saved_json(forms, result, outcome, result.missing)
    for message in outcome.said:
        messages.success(request, message)
    for message in outcome.problems:
        messages.error(request, message)
    for message in outcome.notes:
        messages.info(request, message)
    if outcome.invalid:
        fresh = load_sheet(sheet.pk)
        page = sheet_page(fresh, frame=frame, forms=forms)
        return _render_sheet(request, fresh, via_link=via_link, page=page, version=result.version)
    missing = result.missing
    return redirect(f"{request.path}#g{missing[0]}" if missing else request.path)


def sheet_link(request: HttpRequest, token: str) -> HttpResponse:
    """The scorekeeper's page of one sheet, reached through its unguessable link."""
    found = _sheet_by_token(token)
    if found is None:
        return render(request, "scoring/link_invalid.html", status=404)
    sheet, frame, entered = found
    if request.method == "POST":  # a late save is kept for the desk, see _refused
        return _save_sheet(request, sheet, user=None, frame=frame, entered=entered)
    try:
        check_link_access(sheet)
    except SheetLocked as locked:
        return _link_closed(request, sheet, locked)
    page = sheet_page(sheet, frame=frame, entered=entered)
    return _render_sheet(request, sheet, via_link=True, page=page)


SHEET_ASSETS = (
    "tournament/app.css",
    "scoring/sheet.css",
    "scoring/sheet.js",
    "scoring/melds.css",
    "scoring/melds.js",
)


def sheet_worker(request: HttpRequest) -> HttpResponse:
    """The service worker that keeps the sheet links' pages usable offline (see the script)."""
    assets = [static(path) for path in SHEET_ASSETS]
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

    The row's fields come as on the sheet form (``g5-bid`` …) with ``number``, ``parties``
    and ``seats``; CSRF-protected like every POST.
    """
    try:
        number = int(request.POST.get("number", ""))
        parties = int(request.POST.get("parties", ""))
        seats = int(request.POST.get("seats", ""))
    except ValueError:
        number = parties = seats = 0
    known = parties in PARTY_COUNTS and seats in SEAT_COUNTS
    if not (known and 1 <= number <= MAX_GAMES_PER_ROUND):
        return JsonResponse(
            {"ok": False, "errors": {"__all__": [gettext("Incomplete request.")]}}, status=400
        )
    form = GameRowForm(
        request.POST,
        number=number,
        party_labels=[str(i) for i in range(parties)],
        seat_labels=[str(i) for i in range(seats)],
    )
    if form.is_blank():
        return JsonResponse({"ok": True, "blank": True, "points": None})
    if form.is_valid():
        return JsonResponse({"ok": True, "blank": False, "points": form.points})
    errors = {name: [str(text) for text in texts] for name, texts in form.errors.items()}
    return JsonResponse(
        {
            "ok": False,
            "blank": False,
            "points": None,
            "errors": errors,
            "columns": _bad_columns(form),
            "unusual_bid": form.unusual_bid,
        }
    )


@desk_view
def sheet_edit(request: HttpRequest, event: Event, number: int, table: int) -> HttpResponse:
    """The organiser's page of one sheet: enter, correct, confirm or reopen."""
    sheet = _organiser_sheet(event, number, table)
    if request.method == "POST":
        return _save_sheet(request, sheet, user=request.user)
    return _render_sheet(request, sheet, via_link=False)


@desk_view
@require_POST
def sheet_status(request: HttpRequest, event: Event, number: int, table: int) -> HttpResponse:
    """Confirm, reopen or hand in a sheet (organisers)."""
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
        else:
            messages.error(request, gettext("Unknown action; nothing was changed."))
    except SheetError as error:
        show_error(request, error)
    return redirect(_sheet_urls(sheet)["edit_url"])


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


@desk_view
def sheet_changes(request: HttpRequest, event: Event, number: int, table: int) -> HttpResponse:
    """The audit trail of one sheet: every change after submission and every status change."""
    sheet = _organiser_sheet(event, number, table)
    changes = [
        {
            "change": change,
            "who": who(change.user),
            "before": describe_values(change.before) if change.game_number else "",
            "after": describe_change(change),
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


@organiser_view
@require_POST
def round_close(request: HttpRequest, event: Event, number: int) -> HttpResponse:
    """Close a round (its sheet links stop working) or open it again. Closing while tables have
    not handed in their sheets asks first and names them."""
    round_ = _round_of(event, number)
    closed = request.POST.get("closed") == "1"
    if closed and not round_.closed and request.POST.get("confirm") != "1":
        overview = round_overview(round_)
        if overview.missing:
            return render(
                request,
                "scoring/round_close_confirm.html",
                {"event": event, "round": round_, "missing": overview.missing},
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
