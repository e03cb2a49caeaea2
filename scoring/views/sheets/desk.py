"""The desk's page of one sheet (organisers and desk helpers, from the round overview): enter,
correct, hand in, confirm or reopen it, record that its players signed it on paper, give it a
new link, and read its trail. What the page reads and answers: ``scoring.pages``."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_GET, require_POST

from core.web import show_error
from scoring.models import ScoreSheet
from scoring.pages import page_of
from scoring.pages.games import GamesScript
from scoring.pages.sheet import check_answer, desk_urls
from scoring.selectors.sheet_changes import sheet_check, sheet_trail
from scoring.selectors.sheet_frame import load_sheet
from scoring.services import (
    SheetError,
    confirm_sheet,
    record_paper_signatures,
    renew_sheet_link,
    reopen_sheet,
    sheet_for_table,
    submit_sheet,
)
from scoring.views.sheets.saves import save_posted
from tournament.access import desk_view
from tournament.models import Event, Table


def _desk_sheet(event: Event, number: int, table: int) -> ScoreSheet:
    table_row = get_object_or_404(
        Table.objects.select_related("round__event"),
        round__event=event,
        round__number=number,
        number=table,
    )
    return load_sheet(sheet_for_table(table_row).pk)


@desk_view
def sheet_edit(request: HttpRequest, event: Event, number: int, table: int) -> HttpResponse:
    """The desk's page of one sheet: enter, correct, confirm or reopen."""
    page = page_of(request, _desk_sheet(event, number, table), via_link=False)
    if request.method == "POST":
        return save_posted(page, user=request.user)
    return page.render()


@desk_view
@require_POST
def sheet_edit_save(request: HttpRequest, event: Event, number: int, table: int) -> HttpResponse:
    """The save of the desk's sheet page's script (JSON); of a sheet kept in round totals or in
    points per game, also its form's save."""
    sheet = _desk_sheet(event, number, table)
    return save_posted(page_of(request, sheet, via_link=False, save_address=True),
                       user=request.user)


@desk_view
@require_GET
def sheet_edit_check(request: HttpRequest, event: Event, number: int, table: int) -> JsonResponse:
    """The version check of an open desk's sheet page (``scoring.pages.games``)."""
    return check_answer(sheet_check(
        table__round__event=event, table__round__number=number, table__number=table
    ))


@desk_view
@require_GET
def sheet_edit_state(request: HttpRequest, event: Event, number: int, table: int) -> JsonResponse:
    """The sheet's state for the desk's sheet page's script (``scoring.pages.games``)."""
    sheet = _desk_sheet(event, number, table)
    return GamesScript(request, sheet, via_link=False).state_answer()


@desk_view
@require_POST
def sheet_status(request: HttpRequest, event: Event, number: int, table: int) -> HttpResponse:
    """Confirm, reopen or hand in a sheet, or record that its players signed it on paper
    (organisers and the desk)."""
    sheet = _desk_sheet(event, number, table)
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
    return redirect(desk_urls(sheet)["edit_url"])


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
    sheet = renew_sheet_link(sheet=_desk_sheet(event, number, table), user=request.user)
    messages.success(
        request,
        gettext(
            "The score sheet has a new link. The old link and every printed or photographed "
            "code of it no longer work: print the sheet again or show the scorekeeper the new "
            "code."
        ),
    )
    return redirect(f"{desk_urls(sheet)['edit_url']}#link")


@desk_view
def sheet_changes(request: HttpRequest, event: Event, number: int, table: int) -> HttpResponse:
    """The audit trail of one sheet: every change after submission and every status change."""
    sheet = _desk_sheet(event, number, table)
    return render(
        request,
        "scoring/sheet_changes.html",
        {"sheet": sheet, "event": event, "changes": sheet_trail(sheet), **desk_urls(sheet)},
    )
