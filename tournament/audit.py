"""The change log: writing a record beside the change, and describing it when it is read.

A record (``tournament.models.ChangeLog``) holds an action code and JSON parameters, never a
sentence. ``describe`` turns it into one sentence in the reader's language, so a German and an
English reader both read the log right. Every action has one describer here; the scoring app
adds the describers of its actions with ``describes`` (``scoring.audit``).

Parameters are plain JSON values. An entry is named as ``{"number": 12, "name": "…"}`` (under
``entry_ref`` for the record's own entry), as it was at the time of the change. Records written
before actions had parameters hold their old sentence as ``{"text": "…"}`` and are shown as
written.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from decimal import Decimal
from typing import Any

from django.utils.translation import gettext, gettext_noop

from tournament.members import ROLES
from tournament.models import (
    ChangeLog,
    Entry,
    Event,
    EventRole,
    MoneySettings,
    Payment,
    PrizeSettings,
    Series,
    SeriesLog,
)
from tournament.prize_list import award_text, value_text
from tournament.templatetags.euros import euro, percent

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

MONEY_FIELDS = {
    "start_fee_single": gettext_noop("Entry fee per single"),
    "start_fee_pair": gettext_noop("Entry fee per pair"),
    "pair_fee_per_person": gettext_noop("Pair's fee per person"),
    "lost_game_fee": gettext_noop("Per lost game"),
    "lost_game_fee_higher": gettext_noop("Higher amount per lost game"),
    "lost_game_fee_higher_from": gettext_noop("Higher amount from lost game no."),
    "lost_durch_counts": gettext_noop("A lost Durch counts"),
    "lost_conceded_counts": gettext_noop("A conceded game counts"),
    "good_cause": gettext_noop("Good cause"),
    "donation": gettext_noop("Donated"),
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


MONEY_AMOUNT_FIELDS = {
    "start_fee_single", "start_fee_pair", "lost_game_fee", "lost_game_fee_higher",
}


def _money_value(field: str, value: Any) -> Any:
    """A money setting's value as the log shows it: amounts in euros, the donation's label."""
    if value in (None, ""):
        return value
    if field in MONEY_AMOUNT_FIELDS:
        return euro(value)
    if field == "donation":
        return str(MoneySettings.Donation(value).label)
    return value


@describes(A.CASH_SETTINGS)
def _cash_settings(params: Mapping[str, Any]) -> str:
    changes = [
        [field, _money_value(field, old), _money_value(field, new)]
        for field, old, new in params["changes"]
    ]
    return gettext("Money settings changed: %(changes)s.") % {
        "changes": changes_text(changes, MONEY_FIELDS)
    }


@describes(A.CHECKED_IN)
def _checked_in(params: Mapping[str, Any]) -> str:
    return gettext("%(entry)s checked in at the door.") % {
        "entry": entry_label(params["entry_ref"])
    }


@describes(A.CHECK_IN_UNDONE)
def _check_in_undone(params: Mapping[str, Any]) -> str:
    return gettext("%(entry)s: check-in undone.") % {"entry": entry_label(params["entry_ref"])}


def payment_text(params: Mapping[str, Any]) -> dict[str, str]:
    """The parts of a payment a record names: amount, what for, how paid."""
    return {
        "amount": euro(params["amount"]),
        "purpose": str(Payment.Purpose(params["purpose"]).label),
        "method": str(Payment.Method(params["method"]).label),
    }


@describes(A.PAID)
def _paid(params: Mapping[str, Any]) -> str:
    text = gettext("%(entry)s paid %(amount)s (%(purpose)s, %(method)s).") % {
        "entry": entry_label(params["entry_ref"]),
        **payment_text(params),
    }
    if params.get("note"):
        text += " " + gettext("Note: %(note)s") % {"note": params["note"]}
    return text


@describes(A.PAYMENT_CANCELLED)
def _payment_cancelled(params: Mapping[str, Any]) -> str:
    text = gettext(
        "%(entry)s: payment of %(amount)s (%(purpose)s, %(method)s) cancelled."
    ) % {"entry": entry_label(params["entry_ref"]), **payment_text(params)}
    if params.get("reason"):
        text += " " + gettext("Reason: %(reason)s") % {"reason": params["reason"]}
    return text


PRIZE_FIELDS = {
    "pot_percent": gettext_noop("Pot (per cent of the entry fee collected)"),
    "share_money": gettext_noop("Equal totals share the money"),
    "call_order": gettext_noop("Call order"),
}


def _prize_setting(field: str, value: Any) -> Any:
    if field == "call_order" and value:
        return str(PrizeSettings.CallOrder(value).label)
    if field == "pot_percent" and value not in (None, ""):
        return percent(value)
    return value


@describes(A.PRIZE_SETTINGS)
def _prize_settings(params: Mapping[str, Any]) -> str:
    changes = [
        [field, _prize_setting(field, old), _prize_setting(field, new)]
        for field, old, new in params["changes"]
    ]
    return gettext("Prize settings changed: %(changes)s.") % {
        "changes": changes_text(changes, PRIZE_FIELDS)
    }


def prize_description(prize: Mapping[str, Any]) -> str:
    """A prize as a record names it: "Singles, place 1: 200,00 € + “Pokal”"."""
    return gettext("%(ranking)s, %(award)s: %(value)s") % {
        "ranking": gettext("Pairs") if prize["pairs"] else gettext("Singles"),
        "award": award_text(
            prize["award"], place=prize.get("place"), last_place=prize.get("last_place"),
            to_end=prize.get("to_end", False), category=prize.get("category", ""),
        ),
        "value": value_text(prize.get("amount"), prize.get("share"), prize.get("goods", "")),
    }


@describes(A.PRIZE_ADDED)
def _prize_added(params: Mapping[str, Any]) -> str:
    return gettext("Prize added: %(prize)s.") % {"prize": prize_description(params["prize"])}


@describes(A.PRIZE_REMOVED)
def _prize_removed(params: Mapping[str, Any]) -> str:
    return gettext("Prize removed: %(prize)s.") % {"prize": prize_description(params["prize"])}


@describes(A.LOT_DRAWN)
def _lot_drawn(params: Mapping[str, Any]) -> str:
    return gettext(
        "Lot drawn for %(ranking)s equal on place %(place)s: %(order)s."
    ) % {
        "ranking": gettext("the pairs") if params["pairs"] else gettext("the singles"),
        "place": params["place"],
        "order": ", ".join(entry_label(ref) for ref in params["order"]),
    }


def _handout_prize(params: Mapping[str, Any]) -> str:
    """The collected line: its money and goods."""
    money = params.get("money")
    return value_text(money if money and Decimal(money) else None, None,
                      " + ".join(params.get("goods") or []))


@describes(A.HANDED_OUT)
def _handed_out(params: Mapping[str, Any]) -> str:
    return gettext("%(entry)s collected the prize for place %(place)s: %(prize)s.") % {
        "entry": entry_label(params["entry_ref"]),
        "place": params["place"],
        "prize": _handout_prize(params),
    }


@describes(A.HANDOUT_UNDONE)
def _handout_undone(params: Mapping[str, Any]) -> str:
    return gettext("%(entry)s: prize for place %(place)s no longer ticked off as collected.") % {
        "entry": entry_label(params["entry_ref"]),
        "place": params["place"],
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

SERIES_FIELDS = {
    "name": gettext_noop("Name"),
    "slug": gettext_noop("Short name"),
    "season": gettext_noop("Season"),
    "public": gettext_noop("Public standings"),
    "counting": gettext_noop("Evenings that count"),
    "best_of": gettext_noop("Best how many evenings"),
    "scoring": gettext_noop("An evening is worth"),
    "place_points": gettext_noop("Place points"),
    "pot_percent": gettext_noop("Season pot (per cent of each evening's entry fee)"),
}


def _series_value(field: str, value: Any) -> Any:
    if value in (None, ""):
        return value
    if field == "counting":
        return str(Series.Counting(value).label)
    if field == "scoring":
        return str(Series.Scoring(value).label)
    if field == "place_points":
        return ", ".join(str(points) for points in value) or None
    if field == "pot_percent":
        return percent(Decimal(value))
    return value


S = SeriesLog.Action


@describes(S.CREATED)
def _series_created(params: Mapping[str, Any]) -> str:
    return gettext("Series “%(name)s” created.") % {"name": params["name"]}


@describes(S.EDITED)
def _series_edited(params: Mapping[str, Any]) -> str:
    changes = [
        [field, _series_value(field, old), _series_value(field, new)]
        for field, old, new in params["changes"]
    ]
    return gettext("Series changed: %(changes)s.") % {
        "changes": changes_text(changes, SERIES_FIELDS)
    }


@describes(S.EVENT_ADDED)
def _series_event_added(params: Mapping[str, Any]) -> str:
    return gettext("Tournament “%(name)s” of %(date)s added to the series.") % params


@describes(S.EVENT_REMOVED)
def _series_event_removed(params: Mapping[str, Any]) -> str:
    return gettext("Tournament “%(name)s” of %(date)s removed from the series.") % params


def log_series(*, series: Series, action: str, user: Any = None, **params: Any) -> SeriesLog:
    """Record a change of ``series`` (call it inside the change's transaction)."""
    if action not in _DESCRIBERS:
        raise ValueError(f"no describer for series action {action!r}")
    return SeriesLog.objects.create(
        series=series, action=action, params=params, user=recorded_user(user)
    )
