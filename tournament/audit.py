"""The change log: writing a record beside the change, and describing it when it is read.

A record (``tournament.models.ChangeLog``) holds an action code and JSON parameters, never a
sentence. ``describe`` turns it into one sentence in the reader's language, so a German and an
English reader both read the log right. Every action has one describer here; the scoring app
adds the describers of its actions with ``describes`` (``scoring.audit``).

Parameters are plain JSON values. An entry is named as ``{"number": 12, "name": "…"}`` (under
``entry_ref`` for the record's own entry), as it was at the time of the change. Records written
before actions had parameters hold their old sentence as ``{"text": "…"}`` and are shown as
written.

An event's change log page shows the records of several models as lines of one kind (``Line``),
merged by time: each app registers the source of its records with ``register_source`` (this
app cannot import the apps above it); see "the sources of an event's change log" below.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from functools import cached_property
from typing import Any

from django.utils.translation import gettext, gettext_noop

from tournament.members import ROLES
from tournament.models import ChangeLog, Entry, Event, EventRole

Describer = Callable[[Mapping[str, Any]], str]
_DESCRIBERS: dict[str, Describer] = {}


def describes(*actions: str) -> Callable[[Describer], Describer]:
    """Register the decorated function as the describer of ``actions``."""

    def register(function: Describer) -> Describer:
        for action in actions:
            _DESCRIBERS[action] = function
        return function

    return register


def describe(action: str, params: Mapping[str, Any]) -> str:
    """One sentence for a record, in the active language."""
    if "text" in params:  # written before records had parameters
        return str(params["text"])
    describer = _DESCRIBERS.get(action)
    if describer is None:
        return f"{action} {dict(params)}"
    return describer(params)


def log(
    *, event: Event | int, action: str, user: Any = None, entry: Entry | None = None,
    **params: Any,
) -> ChangeLog:
    """Record a change of ``event`` (call it inside the change's transaction)."""
    change = record(event, action, user, entry, **params)
    change.save()
    return change


def known(action: str) -> bool:
    """Whether ``action`` has a describer (every recorded action must have one)."""
    return action in _DESCRIBERS


def record(
    event: Event | int, action: str, user: Any = None, entry: Entry | None = None, **params: Any
) -> ChangeLog:
    """An unsaved record, for ``ChangeLog.objects.bulk_create``."""
    event_id = event if isinstance(event, int) else event.pk
    if action not in _DESCRIBERS:
        raise ValueError(f"no describer for change-log action {action!r}")
    return ChangeLog(
        event_id=event_id,
        entry=entry,
        action=action,
        params=params,
        user=recorded_user(user),
    )


def recorded_user(user: Any) -> Any:
    """The user a record names: None for an anonymous visitor (the scorekeeper's link) or a
    script."""
    return user if getattr(user, "is_authenticated", False) else None


def entry_ref(entry: Entry) -> dict[str, Any]:
    """How a record names an entry: its start number and name at the time of the change."""
    return {"number": entry.start_number, "name": entry.name}


def entry_label(ref: Mapping[str, Any]) -> str:
    return gettext("no. %(number)s %(name)s") % {"number": ref["number"], "name": ref["name"]}


def yes_no(value: bool) -> str:
    return gettext("yes") if value else gettext("no")


def changes_text(changes: Sequence[Sequence[Any]], labels: Mapping[str, str]) -> str:
    """``[[field, old, new], …]`` as “Name “Hans” → “Hans Maier”; …”; booleans as yes/no."""

    def shown(value: Any) -> str:
        if isinstance(value, bool):
            return yes_no(value)
        return str(value) if value not in (None, "") else "–"

    return "; ".join(
        gettext("%(field)s “%(old)s” → “%(new)s”")
        % {"field": gettext(labels.get(field, field)), "old": shown(old), "new": shown(new)}
        for field, old, new in changes
    )


# An entry's fields as ``update_entry`` logs a change: the entry's own, and those of each member
# (the player's and the partner's, ``tournament.members.Role.logged``).
ENTRY_FIELDS = {
    "start_number": gettext_noop("Start number"),
    "club": gettext_noop("Club"),
    "notes": gettext_noop("Notes"),
    "stand_in": gettext_noop("Stand-in"),
    **{
        role.logged(attribute): label
        for role in ROLES
        for attribute, label in role.labels.items()
    },
}
EVENT_FIELDS = {
    "name": gettext_noop("Name"),
    "slug": gettext_noop("Short name"),
    "date": gettext_noop("Date"),
    "venue": gettext_noop("Venue"),
    "round_count": gettext_noop("Rounds"),
    "games_per_round": gettext_noop("Games per round"),
}

A = ChangeLog.Action


@describes(A.EVENT_CREATED)
def _event_created(params: Mapping[str, Any]) -> str:
    return gettext("Tournament “%(name)s” created.") % {"name": params["name"]}


@describes(A.EVENT_EDITED)
def _event_edited(params: Mapping[str, Any]) -> str:
    return gettext("Tournament changed: %(changes)s.") % {
        "changes": changes_text(params["changes"], EVENT_FIELDS)
    }


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


@describes(A.REGISTERED)
def _registered(params: Mapping[str, Any]) -> str:
    text = gettext("%(entry)s registered.") % {"entry": entry_label(params["entry_ref"])}
    details = []
    if params.get("club"):
        details.append(gettext("Club: %(club)s") % {"club": params["club"]})
    if params.get("stand_in"):
        details.append(gettext("stand-in (plays, not ranked)"))
    if params.get("notes"):
        details.append(gettext("Notes: %(notes)s") % {"notes": params["notes"]})
    if params.get("categories"):
        details.append(
            gettext("Category: %(category)s") % {"category": ", ".join(params["categories"])}
        )
    return " ".join([text, "; ".join(details)]).strip()


@describes(A.EDITED)
def _edited(params: Mapping[str, Any]) -> str:
    return gettext("%(entry)s changed: %(changes)s.") % {
        "entry": entry_label(params["entry_ref"]),
        "changes": changes_text(params["changes"], ENTRY_FIELDS),
    }


@describes(A.WITHDRAWN)
def _withdrawn(params: Mapping[str, Any]) -> str:
    return gettext("%(entry)s withdrawn.") % {"entry": entry_label(params["entry_ref"])}


@describes(A.REINSTATED)
def _reinstated(params: Mapping[str, Any]) -> str:
    return gettext("%(entry)s registered again.") % {"entry": entry_label(params["entry_ref"])}


@describes(A.IMPORTED)
def _imported(params: Mapping[str, Any]) -> str:
    return gettext("%(entry)s imported from “%(file)s”, row %(row)s.") % {
        "entry": entry_label(params["entry_ref"]),
        "file": params["file"],
        "row": params["row"],
    }


@describes(A.REPLACED, A.STAND_IN)
def _replaced(params: Mapping[str, Any]) -> str:
    if params.get("stand_in"):
        message = gettext(
            "Stand-in %(new)s (%(name)s) takes the seats of start number %(absent)s "
            "(%(absent_name)s) in round %(rounds)s; %(absent)s is withdrawn."
        )
    else:
        message = gettext(
            "%(new)s (%(name)s) takes the seats of start number %(absent)s (%(absent_name)s) "
            "in round %(rounds)s; %(absent)s is withdrawn."
        )
    return message % {
        "new": params["new"]["number"],
        "name": params["new"]["name"],
        "absent": params["absent"]["number"],
        "absent_name": params["absent"]["name"],
        "rounds": ", ".join(str(number) for number in params["rounds"]),
    }


@describes(A.PLAN)
def _plan(params: Mapping[str, Any]) -> str:
    return gettext(
        "Seating plan generated for %(rounds)s rounds (%(singles)s singles, %(pairs)s "
        "pairs), seed %(seed)s."
    ) % params


@describes(A.PLAN_DISCARDED)
def _plan_discarded(params: Mapping[str, Any]) -> str:
    return gettext("Seating plan discarded; entries can be registered and withdrawn again.")


@describes(A.REPLANNED)
def _replanned(params: Mapping[str, Any]) -> str:
    text = gettext(
        "Rounds %(rounds)s re-planned (%(singles)s singles, %(pairs)s pairs), seed %(seed)s; "
        "played and started rounds unchanged."
    ) % {
        "rounds": ", ".join(str(number) for number in params["rounds"]),
        "singles": params["singles"],
        "pairs": params["pairs"],
        "seed": params["seed"],
    }
    details = []
    if params.get("left"):
        details.append(
            gettext("Left: %(entries)s.")
            % {"entries": ", ".join(entry_label(ref) for ref in params["left"])}
        )
    if params.get("added"):
        details.append(
            gettext("New: %(entries)s.")
            % {"entries": ", ".join(entry_label(ref) for ref in params["added"])}
        )
    if "reprint" in params:
        rounds = [
            gettext("round %(round)s: %(tables)s")
            % {"round": number, "tables": ", ".join(str(table) for table in tables)}
            for number, tables in sorted(params["reprint"].items(), key=lambda item: int(item[0]))
            if tables
        ]
        details.append(
            gettext("Tables to print again: %(tables)s.") % {"tables": "; ".join(rounds)}
            if rounds
            else gettext("Every table stays as printed.")
        )
    return " ".join([text, *details])


@describes(A.FIXED_TABLE)
def _fixed_table(params: Mapping[str, Any]) -> str:
    if params["fixed"]:
        message = gettext("%(entry)s keeps one table in every round (fixed table).")
    else:
        message = gettext("%(entry)s no longer has a fixed table.")
    return message % {"entry": entry_label(params["entry_ref"])}


@describes(A.SWAPPED)
def _swapped(params: Mapping[str, Any]) -> str:
    return gettext(
        "Round %(round)s: start number %(first)s (now table %(first_table)s) and start "
        "number %(second)s (now table %(second_table)s) swapped."
    ) % params


@describes(A.RELEASED)
def _released(params: Mapping[str, Any]) -> str:
    return gettext("Round %(round)s released for the seat lookup.") % params


@describes(A.HIDDEN)
def _hidden(params: Mapping[str, Any]) -> str:
    return gettext("Round %(round)s hidden from the seat lookup again.") % params


@describes(A.ROUND_LENGTH)
def _round_length(params: Mapping[str, Any]) -> str:
    rounds = ", ".join(str(number) for number in params["rounds"])
    if params["minutes"] is None:
        return gettext("Round %(rounds)s: no planned length.") % {"rounds": rounds}
    return gettext("Round %(rounds)s: planned length %(minutes)s minutes.") % {
        "rounds": rounds,
        "minutes": params["minutes"],
    }


def role_label(role: str) -> str:
    """A role (``EventRole.Role``) as the reader calls it."""
    return str(EventRole.Role(role).label)


@describes(A.ROLE_GRANTED)
def _role_granted(params: Mapping[str, Any]) -> str:
    return gettext("Role “%(role)s” given to %(username)s.") % {
        "role": role_label(params["role"]),
        "username": params["username"],
    }


@describes(A.ROLE_CHANGED)
def _role_changed(params: Mapping[str, Any]) -> str:
    return gettext("Role of %(username)s changed from “%(old)s” to “%(role)s”.") % {
        "username": params["username"],
        "old": role_label(params["old_role"]),
        "role": role_label(params["role"]),
    }


@describes(A.ROLE_REMOVED)
def _role_removed(params: Mapping[str, Any]) -> str:
    return gettext("Role “%(role)s” of %(username)s removed.") % {
        "role": role_label(params["role"]),
        "username": params["username"],
    }


def player_label(ref: Mapping[str, Any]) -> str:
    """A player as a record names them: "Hans Maier (SV Ulm)", or the name without a club."""
    if ref.get("club"):
        return gettext("%(name)s (%(club)s)") % {"name": ref["name"], "club": ref["club"]}
    return str(ref["name"])


@describes(A.PLAYERS_MERGED)
def _players_merged(params: Mapping[str, Any]) -> str:
    text = gettext("Player %(removed)s merged into %(kept)s (the same person).") % {
        "removed": player_label(params["removed"]),
        "kept": player_label(params["kept"]),
    }
    if params.get("entries"):
        text += " " + gettext("Entries: %(entries)s.") % {
            "entries": ", ".join(entry_label(ref) for ref in params["entries"])
        }
    return text


# The series (Cup): its own log (``tournament.models.SeriesLog``), described the same way.


# --- the sources of an event's change log -----------------------------------------------------


@dataclass(eq=False)
class Line:
    """One record as a change log shows it: when, what (the action's label), where (“Round 1,
    table 3”, or empty for the whole event), the sentence and who.

    The sentence (``text``) is described from ``action`` and ``params`` only when it is read, so
    a page describes only the lines it shows.
    """

    at: datetime
    id: int  # the record's id: orders records of one source with the same time
    action: str
    label: str
    params: Mapping[str, Any] = field(repr=False)
    where: str = ""
    who: str = ""

    @cached_property
    def text(self) -> str:
        return describe(self.action, self.params)

    @property
    def sentence(self) -> str:
        """The text after where it happened: “Round 1, table 3: Game 4 saved: …”."""
        if not self.where:
            return self.text
        return gettext("%(where)s: %(text)s") % {"where": self.where, "text": self.text}


LineSource = Callable[[Event, int], tuple[int, list[Line]]]
"""``(event, limit)`` → how many records of the event the source has, and its ``limit`` newest
as lines, newest first (by time, then by id)."""


@dataclass(frozen=True)
class Source:
    kind: str  # the filter's value on the change log page (``?art=…``)
    label: str  # msgid: how the filter names it
    lines: LineSource


_SOURCES: dict[str, Source] = {}


def register_source(kind: str, label: str, lines: LineSource) -> None:
    """Show the records of ``lines`` in an event's change log, under the filter ``kind``."""
    registered = _SOURCES.get(kind)
    if registered is not None and registered.lines is not lines:
        raise ValueError(f"change-log source {kind!r} registered twice")
    _SOURCES[kind] = Source(kind=kind, label=label, lines=lines)


def sources() -> list[Source]:
    """The registered sources, in the order they were registered (the apps' order)."""
    return list(_SOURCES.values())


@dataclass
class LogPage:
    """One page of an event's change log: its lines, newest first, and where it stands."""

    lines: list[Line]
    number: int
    per_page: int
    count: int  # the chosen sources' records in all

    @property
    def pages(self) -> int:
        return max(1, -(-self.count // self.per_page))

    @property
    def has_previous(self) -> bool:
        return self.number > 1

    @property
    def has_next(self) -> bool:
        return self.number < self.pages

    @property
    def first(self) -> int:
        """The position of the page's first line in the whole log (1: the newest)."""
        return (self.number - 1) * self.per_page + 1 if self.lines else 0

    @property
    def last(self) -> int:
        return self.first + len(self.lines) - 1 if self.lines else 0


def event_log(
    event: Event, *, kinds: Collection[str] | None = None, page: int = 1, per_page: int = 100
) -> LogPage:
    """Page ``page`` of the event's change log from the sources of ``kinds`` (None: every
    source), newest first; a page after the last is the last.

    The page's lines are among the ``page × per_page`` newest of each source: each source gives
    that many and its count, the lines are merged by time and the page is sliced off. Only the
    page's lines are described; the queries are each source's, however many records there are.
    """
    chosen = [
        (rank, source)
        for rank, source in enumerate(_SOURCES.values())
        if kinds is None or source.kind in kinds
    ]
    page = max(1, page)
    while True:
        limit = page * per_page
        count, merged = 0, []
        for rank, source in chosen:
            total, lines = source.lines(event, limit)
            count += total
            merged.extend(((line.at, rank, line.id), line) for line in lines[:limit])
        last_page = max(1, -(-count // per_page))
        if page <= last_page:
            break
        page = last_page  # asked for a page after the last: once more for the last
    merged.sort(key=lambda item: item[0], reverse=True)
    return LogPage(
        lines=[line for _key, line in merged[limit - per_page:limit]],
        number=page,
        per_page=per_page,
        count=count,
    )


def user_name(user: Any) -> str:
    """How a line names the account that made a change (empty: none)."""
    return user.get_username() if user is not None else ""


def change_line(change: ChangeLog) -> Line:
    """A record of an event's change log as a line (read with its user)."""
    return Line(
        at=change.created_at,
        id=change.pk,
        action=change.action,
        label=str(change.get_action_display()),
        params=change.params,
        who=user_name(change.user),
    )


_CLAIMED: set[str] = set()  # ChangeLog actions that a source of their own shows


def change_log_source(actions: Collection[str] | None = None) -> LineSource:
    """The source of an event's ``ChangeLog`` records of ``actions``; without ``actions``, of
    every action that no other such source claims."""
    claimed = frozenset(actions) if actions is not None else None
    if claimed is not None:
        _CLAIMED.update(claimed)

    def lines(event: Event, limit: int) -> tuple[int, list[Line]]:
        records = ChangeLog.objects.filter(event=event)
        if claimed is None:
            records = records.exclude(action__in=sorted(_CLAIMED))
        else:
            records = records.filter(action__in=sorted(claimed))
        newest = records.select_related("user").order_by("-created_at", "-id")[:limit]
        return records.count(), [change_line(change) for change in newest]

    return lines


KIND_EVENT = "turnier"  # the event itself, its entries, plan, rounds, standings and roles

register_source(KIND_EVENT, gettext_noop("Tournament and entries"), change_log_source())
