"""How the change log describes the money and prize actions (``core.audit``), shown in the
event's change log under a filter of their own (``?art=kasse``); an entry's records (a payment,
a check-in, a prize collected) concern the entry."""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from django.utils.translation import gettext, gettext_noop
from django.utils.translation import gettext_lazy as _

from core.audit import Actions, Filter, changes_text, describes, register_namespace
from core.templatetags.euros import euro, percent
from money.models import MoneySettings, Payment, PrizeSettings
from money.prizes.selectors import award_text, value_text
from tournament.audit import entry_label


class MoneyAction(Actions):
    CASH_SETTINGS = "money.cash_settings", _("money settings")
    CHECKED_IN = "money.checked_in", _("checked in")
    CHECK_IN_UNDONE = "money.check_in_undone", _("check-in undone")
    PAID = "money.paid", _("payment taken")
    PAYMENT_CANCELLED = "money.payment_cancelled", _("payment cancelled")
    PRIZE_SETTINGS = "money.prize_settings", _("prize settings")
    PRIZE_ADDED = "money.prize_added", _("prize added")
    PRIZE_REMOVED = "money.prize_removed", _("prize removed")
    LOT_DRAWN = "money.lot_drawn", _("lot drawn")
    HANDED_OUT = "money.handed_out", _("prize collected")
    HANDOUT_UNDONE = "money.handout_undone", _("prize collection undone")
    EXPENSE_ADDED = "money.expense_added", _("expense recorded")
    EXPENSE_CANCELLED = "money.expense_cancelled", _("expense cancelled")


register_namespace(
    "money", MoneyAction, shown_under=Filter("kasse", gettext_noop("Money and prizes"))
)

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

A = MoneyAction


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


@describes(A.EXPENSE_ADDED)
def _expense_added(params: Mapping[str, Any]) -> str:
    text = gettext("Expense of %(amount)s for “%(purpose)s” recorded.") % {
        "amount": euro(params["amount"]), "purpose": params["purpose"],
    }
    if params.get("paid_by"):
        text += " " + gettext("Paid by %(name)s.") % {"name": params["paid_by"]}
    if params.get("from_cash_box"):
        text += " " + gettext("Paid from the cash box.")
    return text


@describes(A.EXPENSE_CANCELLED)
def _expense_cancelled(params: Mapping[str, Any]) -> str:
    return gettext("Expense of %(amount)s for “%(purpose)s” cancelled.") % {
        "amount": euro(params["amount"]), "purpose": params["purpose"],
    }
