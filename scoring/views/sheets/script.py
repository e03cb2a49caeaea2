"""What the sheet pages' script asks that belongs to no sheet: the points of a row while typing
(both the link's and the desk's page) and the service worker that keeps the link's pages usable
offline."""

from __future__ import annotations

import hashlib
from pathlib import Path

from django.contrib.staticfiles import finders
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from core.limits import MAX_GAMES_PER_ROUND
from scoring.forms import GameRowForm
from scoring.house_rules import posted_rules
from scoring.rules import PARTY_COUNTS
from tournament.seats import SEAT_COUNTS

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
