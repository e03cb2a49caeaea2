"""How the change log describes the scoring app's actions (see ``tournament.audit``): the event's
actions of rounds and standings (``ChangeLog``), and every record of a sheet's trail
(``SheetChange``), which the event's change log shows too (``sheet_lines``, registered as a
source when the app is ready)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext, gettext_noop, ngettext

from core.errors import Message
from scoring.models import Game, SheetChange
from scoring.modes import WRITTEN
from scoring.ranking import TIE_BREAKS, signed
from scoring.rules import SWITCHES, preset_label
from scoring.sheet_rows import number_ranges
from tournament.audit import Line, describes, yes_no
from tournament.house_rules import SCORING_MODES
from tournament.models import ChangeLog, Event

A = ChangeLog.Action


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
# A sheet's record (``SheetChange``) is described from ``sheet_params``: the game's number and
# the game as it is after the change (``after``, or what a link save or a late save kept), and
# where the reader has no column of its own for it, the game before (``before``).

S = SheetChange.Action


def sheet_params(change: SheetChange, *, before: bool = True) -> dict[str, Any]:
    """What describes a sheet's record; ``before=False`` leaves out the game before the change
    (the sheet's trail shows it in a column of its own)."""
    params: dict[str, Any] = {"game": change.game_number, "after": change.after}
    if before and (change.game_number or change.action == S.TOTALS_SAVED):
        params["before"] = change.before
    return params


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


def sheet_line(change: SheetChange, *, before: bool = True) -> Line:
    """A sheet's record as a line of a change log: where is its round and table (read with the
    record)."""
    table = change.sheet.table
    return Line(
        at=change.created_at,
        id=change.pk,
        action=change.action,
        label=str(change.get_action_display()),
        params=sheet_params(change, before=before),
        where=gettext("Round %(number)s, table %(table)s")
        % {"number": table.round.number, "table": table.number},
        who=who(change.user),
    )


KIND_SHEETS = "zettel"
SHEETS_LABEL = gettext_noop("Score sheets")


def sheet_lines(event: Event, limit: int) -> tuple[int, list[Line]]:
    """The event's sheet records for its change log (``tournament.audit.LineSource``): how
    many, and the ``limit`` newest as lines, in two queries."""
    records = SheetChange.objects.filter(sheet__table__round__event=event)
    newest = records.select_related("user", "sheet__table__round").order_by(
        "-created_at", "-id"
    )[:limit]
    return records.count(), [sheet_line(change) for change in newest]
