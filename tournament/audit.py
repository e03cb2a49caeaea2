"""How the change log describes the tournament app's actions: the event, its entries, the
seating plan, the rounds' release and length, the roles, merged players (``core.audit``).

Parameters are plain JSON values. An entry is named as ``{"number": 12, "name": "…"}`` (under
``entry_ref`` for the record's own entry), as it was at the time of the change; the record's
subject is the entry itself.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any

from django.utils.formats import date_format
from django.utils.translation import gettext, gettext_noop
from django.utils.translation import gettext_lazy as _

from core.audit import Actions, Filter, changes_text, describes, register_namespace
from tournament.members import ROLES, Role
from tournament.models import Entry, EventRole


class TournamentAction(Actions):
    EVENT_CREATED = "tournament.event_created", _("tournament created")
    EVENT_EDITED = "tournament.event_edited", _("tournament edited")
    EVENT_COPIED = "tournament.event_copied", _("tournament created like an earlier one")
    REGISTERED = "tournament.registered", _("registered")
    EDITED = "tournament.edited", _("edited")
    WITHDRAWN = "tournament.withdrawn", _("withdrawn")
    REINSTATED = "tournament.reinstated", _("registered again")
    IMPORTED = "tournament.imported", _("imported")
    REPLACED = "tournament.replaced", _("replaced")
    STAND_IN = "tournament.stand_in", _("stand-in added")
    PLAN = "tournament.plan", _("plan generated")
    PLAN_DISCARDED = "tournament.plan_discarded", _("plan discarded")
    REPLANNED = "tournament.replanned", _("rounds re-planned")
    FIXED_TABLE = "tournament.fixed_table", _("fixed table")
    SWAPPED = "tournament.swapped", _("seats swapped")
    RELEASED = "tournament.released", _("round released")
    HIDDEN = "tournament.hidden", _("round hidden")
    ROUND_LENGTH = "tournament.round_length", _("round length")
    ROLE_GRANTED = "tournament.role_granted", _("role given")
    ROLE_CHANGED = "tournament.role_changed", _("role changed")
    ROLE_REMOVED = "tournament.role_removed", _("role removed")
    PLAYERS_MERGED = "tournament.players_merged", _("players merged")
    PLAYER_EDITED = "tournament.player_edited", _("player changed")


# the event itself, its entries, plan, rounds, standings and roles (``?art=turnier``)
EVENT_RECORDS = Filter("turnier", gettext_noop("Tournament and entries"))
register_namespace("tournament", TournamentAction, shown_under=EVENT_RECORDS)


def entry_ref(entry: Entry) -> dict[str, Any]:
    """How a record names an entry: its start number and name at the time of the change."""
    return {"number": entry.start_number, "name": entry.name}


def forget_member(
    params: Mapping[str, Any], *, role: Role, single: bool, name: str
) -> dict[str, Any]:
    """The parameters of a record about an entry with what they hold of one member deleted (a
    person's data deleted on request): in its changes the member's name becomes ``name`` and
    their category empty, the entry's notes (which may be about them) empty; of a single the
    club and categories the record names too. Everything else stays; a new value."""
    forgotten = dict(params)
    cleared = {role.logged("name"): name, role.logged("category"): "", "notes": ""}
    if single:
        cleared["club"] = ""
    if isinstance(forgotten.get("changes"), list):
        forgotten["changes"] = [
            [row[0], cleared[row[0]], cleared[row[0]]]
            if isinstance(row, list) and len(row) == 3 and row[0] in cleared else row
            for row in forgotten["changes"]
        ]
    for key in ("notes", *(("club",) if single else ())):
        if forgotten.get(key):
            forgotten[key] = ""
    if single and forgotten.get("categories"):
        forgotten["categories"] = []
    return forgotten


def entry_label(ref: Mapping[str, Any]) -> str:
    return gettext("no. %(number)s %(name)s") % {"number": ref["number"], "name": ref["name"]}


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

A = TournamentAction


@describes(A.EVENT_CREATED)
def _event_created(params: Mapping[str, Any]) -> str:
    return gettext("Tournament “%(name)s” created.") % {"name": params["name"]}


@describes(A.EVENT_COPIED)
def _event_copied(params: Mapping[str, Any]) -> str:
    source_date = datetime.date.fromisoformat(params["source_date"])
    return gettext("Tournament “%(name)s” created like “%(source)s” of %(date)s.") % {
        "name": params["name"],
        "source": params["source"],
        "date": date_format(source_date, "SHORT_DATE_FORMAT"),
    }


@describes(A.EVENT_EDITED)
def _event_edited(params: Mapping[str, Any]) -> str:
    return gettext("Tournament changed: %(changes)s.") % {
        "changes": changes_text(params["changes"], EVENT_FIELDS)
    }


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


# A player's fields as the club's registry page changes them (``update_player``).
PLAYER_FIELDS = {
    "name": gettext_noop("Name"),
    "club": gettext_noop("Club"),
    "category": gettext_noop("Category"),
    "is_member": gettext_noop("Member"),
    "unlisted": gettext_noop("Not in public lists"),
    "public_profile": gettext_noop("Public player page"),
}


@describes(A.PLAYER_EDITED)
def _player_edited(params: Mapping[str, Any]) -> str:
    return gettext("Player %(player)s changed: %(changes)s.") % {
        "player": player_label(params["player"]),
        "changes": changes_text(params["changes"], PLAYER_FIELDS),
    }
