"""The meld picker's sum: ``meld_sum`` adds up the melds a scorekeeper tapped.

Public and CSRF-protected like the sheet's points preview (``scoring.views.sheets.script``); it
stores nothing. The rules are in ``scoring.melds`` (the page's script only asks, see
``scoring/static/scoring/melds.js``). The request names the table (``seats``, ``parties``,
as on the sheet form), the event whose rules count (``event``: its short name) and the counts
as ``p1-<meld code>`` (and ``p2-…`` for the second
player of a pair); a count left out is 0.
"""

from __future__ import annotations

import re

from django.http import HttpRequest, JsonResponse
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from core.errors import UserError
from scoring import melds
from scoring.house_rules import posted_rules

FIELD = re.compile(r"p(?P<player>[0-9]+)-(?P<code>[a-z_]+)")
COUNT = re.compile(r"[0-9]{1,3}")
FRAME_FIELDS = {"csrfmiddlewaretoken", "seats", "parties", "event"}


def _refused(error: UserError, status: int) -> JsonResponse:
    body = {"ok": False, "errors": [str(error)]}
    reason = getattr(error, "reason", None)
    if reason:
        body["reason"] = reason
    return JsonResponse(body, status=status)


def _counts(request: HttpRequest, players: int) -> list[dict[str, int]]:
    """Each player's counts from the request; anything else in it is refused."""
    selection: list[dict[str, int]] = [{} for _ in range(players)]
    for name in request.POST:
        if name in FRAME_FIELDS:
            continue
        match = FIELD.fullmatch(name)
        code = match["code"] if match else ""
        player = int(match["player"]) if match else 0
        if code not in melds.BY_CODE or not 1 <= player <= players:
            raise melds.BadMeldCount(melds.UNKNOWN_MELD, code=name[:40])
        text = request.POST.get(name, "").strip()
        if not text:
            continue
        if not COUNT.fullmatch(text):
            raise melds.BadMeldCount(
                melds.BAD_COUNT, meld=melds.label(code), max=melds.MAX_COUNT
            )
        selection[player - 1][code] = int(text)
    return selection


@require_POST
def meld_sum(request: HttpRequest) -> JsonResponse:
    """The party's meld total for the tapped melds, or why they cannot have been laid out.

    ``{"ok": true, "total": …, "players": [each player's part], "notes": […]}``; a selection
    the cards or the rules refuse gives ``{"ok": false, "errors": [reason], "reason": code}``,
    input that is not a selection the same with status 400.
    """
    try:
        seats = int(request.POST.get("seats", ""))
        parties = int(request.POST.get("parties", ""))
    except ValueError:
        seats = parties = 0
    players = melds.players_per_party(seats, parties)
    rules = posted_rules(request.POST.get("event", ""))
    if players is None or rules is None:
        return JsonResponse({"ok": False, "errors": [gettext("Incomplete request.")]}, status=400)
    try:
        result = melds.party_melds(
            _counts(request, players), hand_size=melds.cards_in_hand(seats), rules=rules
        )
    except melds.BadMeldCount as error:
        return _refused(error, 400)
    except melds.ImpossibleMelds as error:
        return _refused(error, 200)
    return JsonResponse({
        "ok": True,
        "total": result.total,
        "players": list(result.players),
        "notes": [str(note) for note in result.notes],
    })
