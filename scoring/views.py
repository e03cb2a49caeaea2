"""Pages of the scoring app: score entry, standings, projector and downloads."""

import re
import secrets
from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_POST
from django_tables2 import RequestConfig

from scoring.exports import (
    CSV_CONTENT_TYPE,
    XLSX_CONTENT_TYPE,
    event_workbook,
    file_stem,
    standings_csv,
)
from scoring.forms import GameRowForm, SheetFrameForm, forged_row_numbers
from scoring.models import ScoreSheet
from scoring.services import (
    SheetError,
    SheetLocked,
    StaleSheet,
    check_link_access,
    close_round,
    confirm_sheet,
    number_ranges,
    reopen_sheet,
    save_sheet_rows,
    sheet_for_table,
    submit_sheet,
    update_standings_settings,
)
from scoring.sheet_pages import (
    describe_values,
    load_sheet,
    round_overview,
    row_is_present,
    sheet_page,
    who,
)
from scoring.standings import PAIRS, SINGLES, compute_standings, entry_rounds
from scoring.standings_forms import StandingsSettingsForm
from scoring.tables import EntryGamesTable, StandingsTable, round_label, signed
from tournament.models import Entry, Event, Round, Table

# --- standings, projector and exports (engineer "standings") ---------------------------------

STANDINGS_ROUND_PARAM = "durchgang"
PROJECTOR_ROWS = (15, 5, 60)  # default, minimum, maximum rows per screen
PROJECTOR_SECONDS = (12, 5, 300)  # default, minimum, maximum seconds per screen


def _int_param(request: HttpRequest, name: str, bounds: tuple[int, int, int]) -> int:
    """A whole-number query parameter within bounds (default, minimum, maximum)."""
    default, low, high = bounds
    try:
        value = int(request.GET.get(name, default))
    except (TypeError, ValueError):
        return default
    return min(max(value, low), high)


def _standings_context(
    request: HttpRequest, event: Event, *, public: bool
) -> dict[str, object]:
    standings = compute_standings(event)
    try:
        round_number: int | None = int(request.GET.get(STANDINGS_ROUND_PARAM, ""))
    except ValueError:
        round_number = None
    if round_number not in standings.round_numbers:
        round_number = None
    entry_url = reverse(
        "public-standings-entry" if public else "standings-entry",
        kwargs={"slug": event.slug, "start_number": 0},
    )
    shown_rounds = standings.round_numbers if round_number is None else []
    total_label = None if round_number is None else gettext("Points")
    singles = standings.ranking(SINGLES, round_number)
    pairs = standings.ranking(PAIRS, round_number)
    singles_table = StandingsTable(
        singles, round_numbers=shown_rounds, entry_url=entry_url, prefix="einzel-",
        total_label=total_label,
    )
    pairs_table = StandingsTable(
        pairs, round_numbers=shown_rounds, entry_url=entry_url, prefix="paare-",
        total_label=total_label,
    )
    config = RequestConfig(request, paginate=False)
    config.configure(singles_table)
    config.configure(pairs_table)
    return {
        "event": event,
        "standings": standings,
        "round_number": round_number,
        "singles_table": singles_table,
        "pairs_table": pairs_table,
        "show_singles": bool(singles),
        "show_pairs": bool(pairs),
        "stand_ins": standings.stand_ins,
        "public": public,
    }


@login_required
def standings_page(request: HttpRequest, slug: str) -> HttpResponse:
    """The organiser's standings: overall or per round, settings, downloads."""
    event = get_object_or_404(Event, slug=slug)
    context = _standings_context(request, event, public=False)
    context["form"] = StandingsSettingsForm.for_event(event)
    return render(request, "scoring/standings.html", context)


@login_required
@require_POST
def standings_settings(request: HttpRequest, slug: str) -> HttpResponse:
    """Save the tie-breaks, the counting of unconfirmed sheets and the public switch."""
    event = get_object_or_404(Event, slug=slug)
    form = StandingsSettingsForm(request.POST)
    if not form.is_valid():
        context = _standings_context(request, event, public=False)
        context["form"] = form
        messages.error(request, gettext("The settings were not saved; see below."))
        return render(request, "scoring/standings.html", context)
    update_standings_settings(
        event=event,
        tie_breaks=form.cleaned_data["tie_breaks"],
        count_unconfirmed=form.cleaned_data["count_unconfirmed"],
        public_standings=form.cleaned_data["public_standings"],
    )
    messages.success(request, gettext("The settings of the standings were saved."))
    return redirect("standings", slug=event.slug)


def _not_public(request: HttpRequest, event: Event) -> HttpResponse:
    return render(request, "scoring/standings_private.html", {"event": event}, status=404)


def public_standings(request: HttpRequest, slug: str) -> HttpResponse:
    """The standings for everyone, if the organiser switched them on; else 404 with a hint."""
    event = get_object_or_404(Event, slug=slug)
    if not event.public_standings:
        return _not_public(request, event)
    return render(
        request, "scoring/standings.html", _standings_context(request, event, public=True)
    )


def _entry_page(
    request: HttpRequest, event: Event, start_number: int, *, public: bool
) -> HttpResponse:
    entry = get_object_or_404(
        Entry.objects.with_players(), event=event, start_number=start_number
    )
    standings = compute_standings(event)
    kind = PAIRS if entry.is_pair else SINGLES
    row = next((r for r in standings.ranking(kind) if r.entry.entry_id == entry.pk), None)
    rounds = entry_rounds(event, entry, counted_only=public)
    back_url = reverse("public-standings" if public else "standings", kwargs={"slug": event.slug})
    return render(
        request,
        "scoring/standings_entry.html",
        {
            "event": event,
            "entry": entry,
            "row": row,
            "total": signed(sum(r.total for r in rounds if r.counted)),
            "standings": standings,
            "rounds": [{"round": r, "table": EntryGamesTable(r)} for r in rounds],
            "back_url": back_url,
            "public": public,
        },
    )


@login_required
def standings_entry(request: HttpRequest, slug: str, start_number: int) -> HttpResponse:
    """Every game an entry played, round by round (organiser: sheets not counted yet too)."""
    event = get_object_or_404(Event, slug=slug)
    return _entry_page(request, event, start_number, public=False)


def public_standings_entry(request: HttpRequest, slug: str, start_number: int) -> HttpResponse:
    """Every counted game of an entry, if the standings are public."""
    event = get_object_or_404(Event, slug=slug)
    if not event.public_standings:
        return _not_public(request, event)
    return _entry_page(request, event, start_number, public=True)


def projector(request: HttpRequest, slug: str) -> HttpResponse:
    """The standings in large type for a projector, one screen after another.

    Open to organisers, and to everyone while the standings are public. ``?page=`` picks the
    screen (singles first, then pairs), ``?rows=`` the rows per screen and ``?seconds=`` the
    time per screen; the page refreshes itself to the next screen (JS swaps it in without
    flicker, a <noscript> meta refresh reloads).
    """
    event = get_object_or_404(Event, slug=slug)
    if not event.public_standings and not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    standings = compute_standings(event)
    rows_per_screen = _int_param(request, "rows", PROJECTOR_ROWS)
    seconds = _int_param(request, "seconds", PROJECTOR_SECONDS)
    screens: list[dict[str, object]] = []
    for kind, title in ((SINGLES, gettext("Singles")), (PAIRS, gettext("Pairs"))):
        rows = [
            {
                "place": row.place,
                "start_number": row.start_number,
                "name": row.name,
                "round_cells": [signed(points) for points in row.round_points],
                "total_cell": signed(row.total),
            }
            for row in standings.ranking(kind)
        ]
        for start in range(0, len(rows), rows_per_screen):
            screens.append({"title": title, "rows": rows[start : start + rows_per_screen]})
    page_count = max(len(screens), 1)
    page = (_int_param(request, "page", (1, 1, 10**6)) - 1) % page_count + 1
    query = {"page": page % page_count + 1, "rows": rows_per_screen, "seconds": seconds}
    return render(
        request,
        "scoring/projector.html",
        {
            "event": event,
            "standings": standings,
            "screen": screens[page - 1] if screens else None,
            "page": page,
            "page_count": page_count,
            "seconds": seconds,
            "next_url": f"{request.path}?{urlencode(query)}",
            "round_labels": [round_label(n) for n in standings.round_numbers],
            "current": standings.current_round,
            "now": timezone.localtime(),
        },
    )


def _download(content: bytes, filename: str, content_type: str) -> HttpResponse:
    response = HttpResponse(content, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@login_required
def standings_xlsx(request: HttpRequest, slug: str) -> HttpResponse:
    """The event's workbook: Einzel, Paare, Sitzplan, Spiele."""
    event = get_object_or_404(Event, slug=slug)
    return _download(event_workbook(event), f"{file_stem(event)}.xlsx", XLSX_CONTENT_TYPE)


@login_required
def standings_csv_download(request: HttpRequest, slug: str) -> HttpResponse:
    """The standings of singles and pairs as CSV (UTF-8 with BOM, ';')."""
    event = get_object_or_404(Event, slug=slug)
    return _download(standings_csv(event), f"{file_stem(event)}.csv", CSV_CONTENT_TYPE)


def public_standings_csv(request: HttpRequest, slug: str) -> HttpResponse:
    """The public standings as CSV, while the standings are public (else 404 with a hint)."""
    event = get_object_or_404(Event, slug=slug)
    if not event.public_standings:
        return _not_public(request, event)
    return _download(standings_csv(event), f"{file_stem(event)}.csv", CSV_CONTENT_TYPE)


# --- score entry (engineer "sheets") ---------------------------------------------------------
# Organisers open any sheet from the round overview; the scorekeeper opens one sheet through
# its link (/zettel/<token>/) without an account, until the sheet is confirmed or the round
# closed. The save itself (row validation, optimistic locking, audit) is in scoring.services.

TOKEN_SHAPE = re.compile(r"[A-Za-z0-9_-]{32,64}")


def _sheet_by_token(token: str) -> ScoreSheet | None:
    """The sheet of a link token, or None; a malformed token does not reach the database."""
    if not TOKEN_SHAPE.fullmatch(token):
        return None
    sheet = ScoreSheet.objects.select_related("table__round__event").filter(token=token).first()
    if sheet is None or not secrets.compare_digest(sheet.token.encode(), token.encode()):
        return None
    return sheet


def _organiser_sheet(slug: str, number: int, table: int) -> ScoreSheet:
    table_row = get_object_or_404(
        Table.objects.select_related("round__event"),
        round__event__slug=slug,
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
        **({} if via_link else _sheet_urls(sheet)),
    }
    return render(request, "scoring/sheet.html", context, status=status)


def _link_closed(request: HttpRequest, sheet: ScoreSheet, message: str) -> HttpResponse:
    return render(
        request,
        "scoring/link_closed.html",
        {"message": message, "event": sheet.table.round.event},
        status=403,
    )


def _save_sheet(request: HttpRequest, sheet: ScoreSheet, *, user: object) -> HttpResponse:
    """Save a submitted sheet form: every valid row, every invalid row reported in place."""
    via_link = user is None
    count = sheet.table.round.event.games_per_round
    forged = forged_row_numbers(list(request.POST), count)
    frame = SheetFrameForm(request.POST)
    problem = ""
    if forged:
        problem = gettext(
            "The form names game %(number)s, which this score sheet does not have; "
            "nothing was saved."
        ) % {"number": forged[0][:6]}
    elif not frame.is_valid():
        problem = gettext(
            "The form is incomplete or damaged; nothing was saved. Please reload the page."
        )
    elif frame.cleaned_data["sheet"] != sheet.pk:
        problem = gettext("This form belongs to another score sheet; nothing was saved.")
    if problem:
        messages.error(request, problem)
        return _render_sheet(request, sheet, via_link=via_link, status=400)

    page = sheet_page(sheet, data=request.POST)
    forms: list[GameRowForm] = [row.form for row in page.rows]
    rows: dict[int, dict | None] = {}
    for form in forms:
        if not row_is_present(form):
            continue
        if form.is_blank():
            rows[form.number] = None
        elif form.is_valid():
            rows[form.number] = form.row()
    try:
        result = save_sheet_rows(
            sheet=sheet, base_version=frame.cleaned_data["version"], rows=rows, user=user
        )
    except StaleSheet as stale:
        messages.error(request, str(stale))
        fresh = load_sheet(sheet.pk)
        page = sheet_page(fresh, forms=forms, other_device=stale.current)
        return _render_sheet(
            request, fresh, via_link=via_link, page=page, version=stale.version, status=409
        )
    except SheetLocked as locked:
        if via_link:
            return _link_closed(request, sheet, str(locked))
        messages.error(request, str(locked))
        return redirect(request.path)
    except SheetError as error:
        messages.error(request, str(error))
        return _render_sheet(request, sheet, via_link=via_link, status=400)

    for number, error in result.errors.items():
        forms[number - 1].add_invalid_hand(error, gettext)
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
        fresh = load_sheet(sheet.pk)
        page = sheet_page(fresh, forms=forms)
        return _render_sheet(
            request, fresh, via_link=via_link, page=page, version=result.version
        )
    if request.POST.get("action") == "submit":
        try:
            submit_sheet(sheet=sheet, user=user)
        except SheetLocked as locked:
            if via_link:
                return _link_closed(request, sheet, str(locked))
            messages.error(request, str(locked))
        except SheetError as error:
            messages.error(request, str(error))
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
        return _link_closed(request, sheet, str(locked))
    if request.method == "POST":
        return _save_sheet(request, sheet, user=None)
    return _render_sheet(request, sheet, via_link=True)


@login_required
def sheet_edit(request: HttpRequest, slug: str, number: int, table: int) -> HttpResponse:
    """The organiser's page of one sheet: enter, correct, confirm or reopen."""
    sheet = _organiser_sheet(slug, number, table)
    if request.method == "POST":
        return _save_sheet(request, sheet, user=request.user)
    return _render_sheet(request, sheet, via_link=False)


@login_required
@require_POST
def sheet_status(request: HttpRequest, slug: str, number: int, table: int) -> HttpResponse:
    """Confirm, reopen or hand in a sheet (organisers)."""
    sheet = _organiser_sheet(slug, number, table)
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
        messages.error(request, str(error))
    return redirect(_sheet_urls(sheet)["edit_url"])


@login_required
def sheet_changes(request: HttpRequest, slug: str, number: int, table: int) -> HttpResponse:
    """The audit trail of one sheet: every change after submission and every status change."""
    sheet = _organiser_sheet(slug, number, table)
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
        {"sheet": sheet, "event": sheet.table.round.event, "changes": changes,
         **_sheet_urls(sheet)},
    )


def _round_of(slug: str, number: int) -> Round:
    return get_object_or_404(Round.objects.select_related("event"), event__slug=slug, number=number)


@login_required
def round_sheets(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Every table of a round with its sheet's state, the counts, and the tables missing."""
    round_ = _round_of(slug, number)
    return render(
        request,
        "scoring/round_sheets.html",
        {
            "event": round_.event,
            "round": round_,
            "overview": round_overview(round_),
            "rounds": round_.event.rounds.order_by("number"),
        },
    )


@login_required
@require_POST
def round_close(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Close a round (its sheet links stop working) or open it again."""
    round_ = _round_of(slug, number)
    closed = request.POST.get("closed") == "1"
    close_round(round=round_, closed=closed)
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
    return redirect("round-sheets", slug=slug, number=number)


@login_required
def round_qr(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """A printable page of every table's sheet link with its QR code."""
    round_ = _round_of(slug, number)
    overview = round_overview(round_)
    tables = [state for state in overview.tables if state.sheet is not None]
    return render(
        request,
        "scoring/round_qr.html",
        {"event": round_.event, "round": round_, "tables": tables},
    )


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
    if not (1 <= number <= 48 and parties in (2, 3, 4) and seats in (3, 4)):
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
