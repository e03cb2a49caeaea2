"""The scorekeeper's link of a sheet (``/zettel/<token>/``), without an account, until the sheet
is confirmed or the round closed: the page (a plain form posts to it), the save address of its
script, the version check and state an open page asks for, and the players' confirmations once
the sheet is handed in. What each page reads and answers: ``scoring.pages``."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET, require_POST

from core.text import is_number
from scoring.pages import page_of
from scoring.pages.confirmation import ConfirmationAnswer
from scoring.pages.games import GamesScript
from scoring.pages.sheet import check_answer, invalid_link_json, link_device
from scoring.selectors.sheet_changes import link_check
from scoring.selectors.sheet_frame import sheet_by_token
from scoring.services import SheetError, SheetLocked, check_link_access, confirm_as_player
from scoring.views.sheets.saves import save_posted


def sheet_link(request: HttpRequest, token: str) -> HttpResponse:
    """The scorekeeper's page of one sheet, reached through its unguessable link; a plain
    form posts here."""
    sheet = sheet_by_token(token)
    if sheet is None:
        return render(request, "scoring/link_invalid.html", status=404)
    page = page_of(request, sheet, via_link=True)
    if request.method == "POST":  # a late save is kept for the desk, see save_posted
        return save_posted(page, user=None)
    try:
        check_link_access(sheet)
    except SheetLocked as locked:
        return page.closed(locked)
    return page.render()


@require_POST
def sheet_link_save(request: HttpRequest, token: str) -> HttpResponse:
    """The save of the link page's script (JSON); of a sheet kept in round totals or in
    points per game, also its form's save."""
    sheet = sheet_by_token(token)
    if sheet is None:
        return invalid_link_json()
    return save_posted(page_of(request, sheet, via_link=True, save_address=True), user=None)


@require_GET
def sheet_link_check(request: HttpRequest, token: str) -> JsonResponse:
    """The version check of an open link page (``scoring.pages.games``): one query."""
    return check_answer(link_check(token))


@require_GET
def sheet_link_state(request: HttpRequest, token: str) -> JsonResponse:
    """The sheet's state for the link page's script, in the shape of a save's answer."""
    sheet = sheet_by_token(token)
    if sheet is None:
        return invalid_link_json()
    return GamesScript(request, sheet, via_link=True).state_answer()


def _posted_number(request: HttpRequest, name: str) -> int | None:
    value = request.POST.get(name, "")
    return int(value) if is_number(value) and len(value) < 12 else None


@require_POST
def sheet_link_confirm(request: HttpRequest, token: str) -> HttpResponse:
    """A player of the table confirms the handed-in sheet on the scorekeeper's phone (the link
    identifies the table; no account)."""
    answer = ConfirmationAnswer(request, token)
    sheet = sheet_by_token(token)
    if sheet is None:
        return answer.invalid_link()
    try:
        confirmation = confirm_as_player(
            sheet=sheet,
            position=_posted_number(request, "position"),
            version=_posted_number(request, "version"),
            device=link_device(request),
        )
    except SheetLocked as locked:
        return answer.locked(locked)
    except SheetError as error:
        return answer.refused(sheet, error)
    return answer.confirmed(sheet, confirmation)
