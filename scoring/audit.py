"""How the change log describes the scoring app's actions (``core.audit``): those of the event
(rounds closed, standings, house rules, the event finished), shown in the event's change log
with the tournament's, and every record of a sheet's trail (``scoring.sheet.…``: its subject is
the sheet), shown under a filter of its own with the sheet's round and table.

A sheet's record keeps in its parameters the game's number (``game``), the game or the round
totals before and after the change (``before``, ``after``; None: no game), the sheet version
the change made (``version``) and the device it came from (``device``), as ``sheet_record``
writes them; the change notices (``scoring.selectors.sheet_changes``) ask for them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext, gettext_noop, ngettext
from django.utils.translation import gettext_lazy as _

from core.audit import (
    Actions,
    Filter,
    Line,
    describes,
    line,
    record,
    register_namespace,
    yes_no,
)
from core.errors import Message
from core.models import ChangeRecord
from scoring.models import Game, ScoreSheet
from scoring.modes import WRITTEN
from scoring.ranking import TIE_BREAKS, signed
from scoring.rules import SWITCHES, preset_label
from scoring.sheet_rows import number_ranges
from tournament.audit import EVENT_RECORDS
from tournament.house_rules import SCORING_MODES
from tournament.models import Table


class ScoringAction(Actions):
    ROUND_CLOSED = "scoring.round_closed", _("round closed")
    ROUND_REOPENED = "scoring.round_reopened", _("round reopened")
    STANDINGS = "scoring.standings", _("standings settings")
    PUBLISHED = "scoring.published", _("standings public")
    UNPUBLISHED = "scoring.unpublished", _("standings private")
    RULES_CHANGED = "scoring.rules_changed", _("house rules changed")
    SCORING_MODE_CHANGED = "scoring.mode_changed", _("scoring mode changed")
    EVENT_FINISHED = "scoring.event_finished", _("tournament finished")
    EVENT_REOPENED = "scoring.event_reopened", _("tournament reopened")


class SheetAction(Actions):
    """A sheet's trail: every save through its link, every change after it was handed in,
    every change of its status.

    ``after`` and ``before`` hold a game's values as plain JSON (None where there was or is no
    game), parties named by start number; the record names no user for a change made through
    the sheet's link by the scorekeeper. ``LATE``: a late save the link could no longer make
    keeps the typed rows (``{"rows": {game: {field: text}}, "reason": msgid, "params"}``) and
    changes nothing else. ``LINK_SAVED``: every save through the link records the games it
    saved and deleted, the version it made and the device it came from (``{"saved": [...],
    "deleted": [...], "version": n, "save": id, "agent": User-Agent, "address": IP}``), so a
    dispute can be traced. ``LINK_RENEWED``: the organisers issued a new link, the old one
    stopped. ``PLAYER_CONFIRMED``: a seated player confirmed the sheet on the phone (``after``:
    ``{"position", "start_number", "name", "version"}``, see ``SheetConfirmation``);
    ``SIGNED_ON_PAPER``: the desk recorded that a seated player signed the paper sheet, which
    counts as the player's confirmation (``after`` as for ``PLAYER_CONFIRMED``, the user the
    desk's). ``TOTALS_SAVED``: a save of a sheet kept in round totals stored, changed or cleared
    its totals (``before`` and ``after``: ``{"parties": [start numbers], "totals": [...],
    "lost": [...]}`` or None; ``after`` of a save through the link adds its ``save`` id and
    device, ``agent`` and ``address``, and holds only those when it cleared the totals).

    A game's record (``SAVED``, ``DELETED`` after the hand-in, ``CHANGED``: a stored game
    replaced or cleared while the sheet is open; of a game of points as written its values hold
    kind ``written``, no bid and the declarer or None) and a totals' record keep the ``version`` the
    change made and the ``device`` it came from (the id the sheet page keeps on the device;
    empty for a plain form): the other pages open on the sheet are told of it
    (``scoring.selectors.sheet_changes.change_notices``).
    """

    SAVED = "scoring.sheet.saved", _("game saved")
    DELETED = "scoring.sheet.deleted", _("game deleted")
    SUBMITTED = "scoring.sheet.submitted", _("submitted")
    CONFIRMED = "scoring.sheet.confirmed", _("confirmed")
    REOPENED = "scoring.sheet.reopened", _("reopened")
    LATE = "scoring.sheet.late_refused", _("late save refused")
    LINK_SAVED = "scoring.sheet.link_saved", _("saved through the link")
    LINK_RENEWED = "scoring.sheet.link_renewed", _("new link issued")
    PLAYER_CONFIRMED = "scoring.sheet.player_confirmed", _("confirmed by a player")
    CHANGED = "scoring.sheet.changed", _("game changed")
    SIGNED_ON_PAPER = "scoring.sheet.signed_on_paper", _("signed on paper")
    TOTALS_SAVED = "scoring.sheet.totals_saved", _("round totals saved")


GAME_CHANGES = (SheetAction.SAVED, SheetAction.DELETED, SheetAction.CHANGED)
"""The records of a game's change (``before`` and ``after`` the game's values)."""

A = ScoringAction


@describes(A.ROUND_CLOSED)
def _round_closed(params: Mapping[str, Any]) -> str:
    return gettext("Round %(number)s is closed; its score sheet links no longer work.") % params


@describes(A.ROUND_REOPENED)
def _round_reopened(params: Mapping[str, Any]) -> str:
    return gettext("Round %(number)s is open again; its score sheet links work again.") % params


@describes(A.STANDINGS)
def _standings(params: Mapping[str, Any]) -> str:
    labels = [
        gettext(TIE_BREAKS[code].label) for code in params["tie_breaks"] if code in TIE_BREAKS
    ]
    return gettext(
        "Settings of the standings saved: tie-breaks %(tie_breaks)s; sheets not confirmed "
        "yet count: %(counted)s."
    ) % {
        "tie_breaks": ", ".join(labels) or "–",
        "counted": yes_no(params["count_unconfirmed"]),
    }


@describes(A.RULES_CHANGED)
def _rules_changed(params: Mapping[str, Any]) -> str:
    switches = [gettext(SWITCHES[name].label) for name in params.get("switches") or []
                if name in SWITCHES]
    preset = preset_label(params.get("preset", ""))
    return gettext(
        "House rules changed: %(preset)s (switches: %(switches)s); %(games)s games rescored, "
        "%(totals)s totals changed."
    ) % {
        "preset": gettext(preset),
        "switches": ", ".join(switches) or "–",
        "games": params.get("games", 0),
        "totals": params.get("totals", 0),
    }


@describes(A.SCORING_MODE_CHANGED)
def _scoring_mode_changed(params: Mapping[str, Any]) -> str:
    def label(code: str) -> str:
        return gettext(SCORING_MODES[code]) if code in SCORING_MODES else code

    return gettext("Scoring mode changed: “%(before)s” → “%(after)s”.") % {
        "before": label(params.get("before", "")),
        "after": label(params.get("after", "")),
    }


@describes(A.PUBLISHED)
def _published(params: Mapping[str, Any]) -> str:
    return gettext("The standings are public now.")


@describes(A.UNPUBLISHED)
def _unpublished(params: Mapping[str, Any]) -> str:
    return gettext("The standings are no longer public.")


@describes(A.EVENT_FINISHED)
def _event_finished(params: Mapping[str, Any]) -> str:
    text = gettext("Tournament finished: every score sheet is confirmed.")
    if params.get("closed"):
        text += " " + gettext("Rounds closed with it: %(rounds)s.") % {
            "rounds": ", ".join(str(number) for number in params["closed"])
        }
    return text


@describes(A.EVENT_REOPENED)
def _event_reopened(params: Mapping[str, Any]) -> str:
    return gettext("Tournament reopened: results can be corrected again.")


# --- games in words --------------------------------------------------------------------------


def game_line(
    *,
    declarer: object,
    bid: object,
    kind: str,
    melds: Sequence[object],
    tricks: Sequence[object] | None = None,
    revoked: object | None = None,
    points: Sequence[int] | None = None,
) -> str:
    """A game in one line: “declarer 3 · bid 200 · played · meld 80/20/40 · …”."""
    kinds = dict(Game.Kind.choices)
    parts = [
        f"{gettext('declarer')} {declarer}",
        f"{gettext('bid')} {bid}",
        str(kinds.get(kind, kind)),
        f"{gettext('meld')} {'/'.join(str(m) for m in melds)}",
    ]
    if tricks is not None:
        parts.append(f"{gettext('trick points')} {'/'.join(str(t) for t in tricks)}")
    if revoked is not None:
        parts.append(f"{gettext('misplayed')} {revoked}")
    if points:
        parts.append(f"{gettext('points')} {'/'.join(str(p) for p in points)}")
    return " · ".join(parts)


def written_line(*, declarer: object | None, points: Sequence[int]) -> str:
    """A game of points as written in one line: “declarer 3 · points 120/−300/80” (no
    declarer where the paper names none)."""
    parts = [] if declarer is None else [f"{gettext('declarer')} {declarer}"]
    parts.append(f"{gettext('points')} {'/'.join(signed(p) for p in points)}")
    return " · ".join(parts)


def describe_values(
    values: Mapping[str, Any] | None, numbers: Sequence[int] | None = None
) -> str:
    """A game in one line, parties by start number: for the stale-save warning and the trail;
    a game of points as written by ``written_line``.

    ``values`` is in ``sheet_games`` form with ``numbers`` the parties' start numbers, or in
    ``audit_values`` form (declarer and misplay already start numbers) without.
    """
    if values is None:
        return gettext("no game (row empty)")

    def party(value: int) -> int:
        return value if numbers is None else numbers[value]

    if values.get("kind") == WRITTEN:
        declarer = values.get("declarer")
        return written_line(
            declarer=party(declarer) if declarer is not None else None, points=values["points"]
        )
    revoked = values.get("revoked")
    return game_line(
        declarer=party(values["declarer"]),
        bid=values["bid"],
        kind=values["kind"],
        melds=values["melds"],
        tricks=values.get("tricks"),
        revoked=party(revoked) if revoked is not None else None,
        points=values.get("points"),
    )


# --- a sheet's trail -------------------------------------------------------------------------
#
# A sheet's record is described from its parameters: the game's number and the game as it is
# after the change (``after``, or what a link save or a late save kept), and for a game's or
# the round totals' change the game or totals before it (``before``), which the sheet's trail
# shows in a column of its own.

S = SheetAction


def sheet_record(
    sheet: ScoreSheet,
    action: str,
    *,
    user: Any = None,
    game: int | None = None,
    before: Any = None,
    after: Any = None,
    version: int | None = None,
    device: str | None = None,
    event: Any = None,
) -> ChangeRecord:
    """An unsaved record of ``sheet``'s trail, for ``core.audit.log_all``; the sheet's
    ``event`` (or its id) where its table was not read with its round. A game's or the totals'
    record keeps ``before`` (None: there was none) and ``after``; ``version`` and ``device``:
    the version the change made and the device it came from
    (``scoring.selectors.sheet_changes.change_notices``)."""
    params: dict[str, Any] = {}
    if game is not None:
        params["game"] = game
    if game is not None or action == S.TOTALS_SAVED:
        params.update(before=before, after=after)
    elif after is not None:
        params["after"] = after
    if version is not None:
        params["version"] = version
    if device is not None:
        params["device"] = device
    return record(
        event=sheet.table.round.event_id if event is None else event,
        action=action,
        user=user,
        subject=sheet,
        **params,
    )


def sheet_params(params: Mapping[str, Any], *, before: bool = True) -> Mapping[str, Any]:
    """What describes a sheet's record; ``before=False`` leaves out the game before the change
    (the sheet's trail shows it in a column of its own)."""
    if before or "before" not in params:
        return params
    return {key: value for key, value in params.items() if key != "before"}


@describes(S.SAVED)
def _game_saved(params: Mapping[str, Any]) -> str:
    values = {"game": params["game"], "after": describe_values(params["after"])}
    if "before" in params:
        return gettext("Game %(game)s saved: %(after)s; before: %(before)s") % {
            **values, "before": describe_values(params["before"])
        }
    return gettext("Game %(game)s saved: %(after)s") % values


@describes(S.DELETED)
def _game_deleted(params: Mapping[str, Any]) -> str:
    if "before" in params:
        return gettext("Game %(game)s deleted; before: %(before)s") % {
            "game": params["game"], "before": describe_values(params["before"])
        }
    return gettext("Game %(game)s deleted") % {"game": params["game"]}


@describes(S.CHANGED)
def _game_changed(params: Mapping[str, Any]) -> str:
    """A stored game replaced or cleared while the sheet was open."""
    return _game_saved(params) if params["after"] is not None else _game_deleted(params)


@describes(S.SUBMITTED)
def _submitted(params: Mapping[str, Any]) -> str:
    return gettext("Score sheet handed in.")


@describes(S.CONFIRMED)
def _confirmed(params: Mapping[str, Any]) -> str:
    return gettext("Score sheet confirmed: it counts as final; its link can no longer change it.")


@describes(S.REOPENED)
def _reopened(params: Mapping[str, Any]) -> str:
    return gettext("Score sheet reopened: its link can change it again.")


@describes(S.LATE)
def _late_refused(params: Mapping[str, Any]) -> str:
    after = params.get("after") or {}
    games = sorted(int(number) for number in after.get("rows", {}))
    text = ngettext(
        "A save of game %(games)s through the link came too late and was not stored.",
        "A save of games %(games)s through the link came too late and was not stored.",
        len(games),
    ) % {"games": number_ranges(games)}
    if after.get("reason"):
        text += " " + str(Message(after["reason"], **after.get("params", {})))
    return text


@describes(S.LINK_SAVED)
def _link_saved(params: Mapping[str, Any]) -> str:
    after = params.get("after") or {}
    said = []
    saved, deleted = after.get("saved") or [], after.get("deleted") or []
    if saved:
        said.append(
            ngettext("game %(games)s saved", "games %(games)s saved", len(saved))
            % {"games": number_ranges(saved)}
        )
    if deleted:
        said.append(
            ngettext("game %(games)s deleted", "games %(games)s deleted", len(deleted))
            % {"games": number_ranges(deleted)}
        )
    device = gettext("device: %(agent)s, address %(address)s") % {
        "agent": after.get("agent") or "–",
        "address": after.get("address") or "–",
    }
    return "; ".join([*said, device])


def describe_totals(values: Mapping[str, Any] | None) -> str:
    """A sheet's round totals in one line, parties by start number: “No. 3: 420, 1 lost · …”
    (``scoring.services.totals``, as the trail keeps them)."""
    if not values or values.get("totals") is None:
        return gettext("no round totals")
    return " · ".join(
        gettext("No. %(number)s: %(total)s, %(lost)s lost")
        % {"number": number, "total": signed(total), "lost": lost}
        for number, total, lost in zip(
            values.get("parties") or [], values["totals"], values["lost"], strict=False
        )
    )


@describes(S.TOTALS_SAVED)
def _totals_saved(params: Mapping[str, Any]) -> str:
    after = params.get("after") or {}
    if after.get("totals") is None:
        text = gettext("Round totals cleared")
    else:
        text = gettext("Round totals saved: %(after)s") % {"after": describe_totals(after)}
    if "before" in params:
        text += "; " + gettext("before: %(before)s") % {
            "before": describe_totals(params["before"])
        }
    if "agent" in after:
        text += "; " + gettext("device: %(agent)s, address %(address)s") % {
            "agent": after.get("agent") or "–",
            "address": after.get("address") or "–",
        }
    return text


@describes(S.LINK_RENEWED)
def _link_renewed(params: Mapping[str, Any]) -> str:
    return gettext("New link issued: the old link and its printed code no longer work.")


def _signer(params: Mapping[str, Any]) -> dict[str, Any]:
    after = params.get("after") or {}
    return {
        "number": after.get("start_number", "–"),
        "name": after.get("name", ""),
        "position": after.get("position", "–"),
        "version": after.get("version", "–"),
    }


@describes(S.PLAYER_CONFIRMED)
def _player_confirmed(params: Mapping[str, Any]) -> str:
    return gettext(
        "No. %(number)s %(name)s (seat %(position)s) confirmed the games of this score sheet "
        "(version %(version)s)."
    ) % _signer(params)


@describes(S.SIGNED_ON_PAPER)
def _signed_on_paper(params: Mapping[str, Any]) -> str:
    return gettext(
        "No. %(number)s %(name)s (seat %(position)s) signed the paper score sheet; recorded by "
        "the desk as the player's confirmation (version %(version)s)."
    ) % _signer(params)


def who(change_user: Any) -> str:
    """Who made a recorded change of a sheet: the organiser's name, or the scorekeeper via the
    link."""
    if change_user is None:
        return gettext("Scorekeeper via link")
    return change_user.get_username()


def where(table: Table | None) -> str:
    """Where a sheet's record happened, as the event's change log says it."""
    if table is None:
        return ""
    return gettext("Round %(number)s, table %(table)s") % {
        "number": table.round.number, "table": table.number
    }


def sheet_line(change: ChangeRecord, table: Table | None, *, before: bool = True) -> Line:
    """A sheet's record (read with its user) as a line of a change log, at ``table`` (read
    with its round)."""
    return line(
        change,
        params=sheet_params(change.params, before=before),
        where=where(table),
        who=who(change.user),
    )


def sheet_lines(records: Sequence[ChangeRecord]) -> list[Line]:
    """Sheets' records as lines of the event's change log, with their round and table: one
    query for their sheets."""
    tables = {
        sheet.pk: sheet.table
        for sheet in ScoreSheet.objects.filter(
            pk__in={change.subject_id for change in records}
        ).select_related("table__round")
    }
    return [sheet_line(change, tables.get(change.subject_id)) for change in records]


# shown in the event's change log with the tournament's records (``?art=turnier``), a sheet's
# under a filter of their own (``?art=zettel``)
register_namespace("scoring", ScoringAction, shown_under=EVENT_RECORDS)
register_namespace(
    "scoring.sheet",
    SheetAction,
    shown_under=Filter("zettel", gettext_noop("Score sheets")),
    lines=sheet_lines,
)
