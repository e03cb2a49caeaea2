"""Score entry pages: a sheet through its link or by an organiser, the rounds' overviews.

The scorekeeper opens one sheet through its link (``/zettel/<token>/``) without an account,
until the sheet is confirmed or the round closed; organisers open any sheet from the round
overview. The save itself (row judgement, optimistic locking, audit) is in
``scoring.services.sheets``; these views read the form, call it and report what happened.
"""

from __future__ import annotations

import re
import secrets

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext, gettext_noop, ngettext
from django.views.decorators.http import require_POST

from scoring.forms import GameRowForm, SheetFrameForm, forged_row_numbers
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
    reopen_sheet,
    save_sheet_rows,
    sheet_for_table,
    submit_sheet,
)
from scoring.sheet_pages import (
    describe_values,
    load_sheet,
    round_overview,
    row_is_present,
    sheet_page,
    who,
)
from scoring.sheet_rows import number_ranges
from tournament.limits import MAX_GAMES_PER_ROUND
from tournament.models import Event, Round, Table
from tournament.seats import SEAT_COUNTS
from tournament.web import organiser_view, show_error

TOKEN_SHAPE = re.compile(r"[A-Za-z0-9_-]{32,64}")


def _sheet_by_token(token: str) -> ScoreSheet | None:
    """The sheet of a link token, or None; a malformed token does not reach the database."""
    if not TOKEN_SHAPE.fullmatch(token):
        return None
    sheet = ScoreSheet.objects.select_related("table__round__event").filter(token=token).first()
    if sheet is None or not secrets.compare_digest(sheet.token.encode(), token.encode()):
        return None
    return sheet


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
        "overview_url": reverse(
            "round-sheets", kwargs={"slug": kwargs["slug"], "number": kwargs["number"]}
        ),
    }


def _render_sheet(
    request: HttpRequest,
    sheet: ScoreSheet,
    *,
    via_link: bool,
    page: object | None = None,
    version: int | None = None,
    status: int = 200,
) -> HttpResponse:
    context = {
        "page": page or sheet_page(sheet),
        "sheet": sheet,
        "event": sheet.table.round.event,
        "via_link": via_link,
        "version": sheet.version if version is None else version,
        "preview_url": reverse("sheet-preview"),
        "trick_total": TRICK_TOTAL,
        **({} if via_link else _sheet_urls(sheet)),
    }
    return render(request, "scoring/sheet.html", context, status=status)


def _link_closed(request: HttpRequest, sheet: ScoreSheet, error: SheetLocked) -> HttpResponse:
    return render(
        request,
        "scoring/link_closed.html",
        {"message": str(error), "event": sheet.table.round.event},
        status=403,
    )


def _refused(
    request: HttpRequest, sheet: ScoreSheet, error: SheetLocked, *, via_link: bool
) -> HttpResponse:
    """A sheet the person may not change now: the link's closed page, or back for organisers."""
    if via_link:
        return _link_closed(request, sheet, error)
    show_error(request, error)
    return redirect(request.path)


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


def _typed_rows(forms: list[GameRowForm]) -> dict[int, dict | None]:
    """The rows the form sent: cleared ones as None, valid ones as values; invalid rows are left
    out (their errors are shown in the form, their stored game stays)."""
    rows: dict[int, dict | None] = {}
    for form in forms:
        if not row_is_present(form):
            continue
        if form.is_blank():
            rows[form.number] = None
        elif form.is_valid():
            rows[form.number] = form.row()
    return rows


def _report_save(request: HttpRequest, forms: list[GameRowForm], result: SaveResult) -> list[int]:
    """Say what the save did; returns the rows that were not saved because of errors."""
    for number, error in result.errors.items():
        forms[number - 1].add_invalid_hand(error)
    invalid = [f.number for f in forms if row_is_present(f) and not f.is_blank() and f.errors]
    if result.saved:
        messages.success(
            request,
            ngettext("Game %(games)s saved.", "Games %(games)s saved.", len(result.saved))
            % {"games": number_ranges(result.saved)},
        )
    if result.deleted:
        messages.success(
            request,
            ngettext("Game %(games)s deleted.", "Games %(games)s deleted.", len(result.deleted))
            % {"games": number_ranges(result.deleted)},
        )
    if invalid:
        messages.error(
            request,
            ngettext(
                "Game %(games)s has errors and was not saved; see below.",
                "Games %(games)s have errors and were not saved; see below.",
                len(invalid),
            )
            % {"games": number_ranges(invalid)},
        )
    return invalid


def _save_sheet(request: HttpRequest, sheet: ScoreSheet, *, user: object) -> HttpResponse:
    """Save a submitted sheet form: every valid row, every invalid row reported in place; then
    hand the sheet in when asked."""
    via_link = user is None
    try:
        base_version = _base_version(request, sheet)  # before building the page's forms
        forms = [row.form for row in sheet_page(sheet, data=request.POST).rows]
        result = save_sheet_rows(
            sheet=sheet, base_version=base_version, rows=_typed_rows(forms), user=user
        )
    except StaleSheet as stale:
        show_error(request, stale)
        fresh = load_sheet(sheet.pk)
        page = sheet_page(fresh, forms=forms, other_device=stale.current)
        return _render_sheet(
            request, fresh, via_link=via_link, page=page, version=stale.version, status=409
        )
    except SheetLocked as locked:
        return _refused(request, sheet, locked, via_link=via_link)
    except SheetError as error:
        show_error(request, error)
        return _render_sheet(request, sheet, via_link=via_link, status=400)

    if _report_save(request, forms, result):
        fresh = load_sheet(sheet.pk)
        page = sheet_page(fresh, forms=forms)
        return _render_sheet(request, fresh, via_link=via_link, page=page, version=result.version)
    if request.POST.get("action") == "submit":
        try:
            submit_sheet(sheet=sheet, user=user)
        except SheetLocked as locked:
            return _refused(request, sheet, locked, via_link=via_link)
        except SheetError as error:
            show_error(request, error)
        else:
            messages.success(request, gettext("The score sheet has been handed in. Thank you!"))
    elif not result.changed:
        messages.info(request, gettext("Nothing was changed."))
    return redirect(request.path)


def sheet_link(request: HttpRequest, token: str) -> HttpResponse:
    """The scorekeeper's page of one sheet, reached through its unguessable link."""
    sheet = _sheet_by_token(token)
    if sheet is None:
        return render(request, "scoring/link_invalid.html", status=404)
    try:
        check_link_access(sheet)
    except SheetLocked as locked:
        return _link_closed(request, sheet, locked)
    if request.method == "POST":
        return _save_sheet(request, sheet, user=None)
    return _render_sheet(request, sheet, via_link=True)


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
    errors = {name: [str(message) for message in messages_] for name, messages_ in
              form.errors.items()}
    return JsonResponse({"ok": False, "blank": False, "points": None, "errors": errors})


@organiser_view
def sheet_edit(request: HttpRequest, event: Event, number: int, table: int) -> HttpResponse:
    """The organiser's page of one sheet: enter, correct, confirm or reopen."""
    sheet = _organiser_sheet(event, number, table)
    if request.method == "POST":
        return _save_sheet(request, sheet, user=request.user)
    return _render_sheet(request, sheet, via_link=False)


@organiser_view
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


@organiser_view
def sheet_changes(request: HttpRequest, event: Event, number: int, table: int) -> HttpResponse:
    """The audit trail of one sheet: every change after submission and every status change."""
    sheet = _organiser_sheet(event, number, table)
    changes = [
        {
            "change": change,
            "who": who(change.user),
            "before": describe_values(change.before) if change.game_number else "",
            "after": describe_values(change.after) if change.game_number else "",
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


@organiser_view
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
    """Close a round (its sheet links stop working) or open it again."""
    round_ = _round_of(event, number)
    closed = request.POST.get("closed") == "1"
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


@organiser_view
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
