"""A round's sheets at the desk: the overview of every table's sheet, confirming every
handed-in sheet at once, recording the signatures on paper, closing the round (its sheet links
stop working) and the printable page of the sheets' links."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_POST

from core.text import is_number
from core.web import show_error
from scoring.selectors.round_overview import round_overview
from scoring.services import (
    SheetError,
    close_round,
    confirm_handed_in,
    record_round_paper_signatures,
)
from tournament.access import desk_view, organiser_view
from tournament.models import Event, Round


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
