"""The switches of a club's house rules, as ``scoring.rules.RulesProfile`` declares them: a
``Switch`` (name, type, default, label and help msgids, the values it takes: ``Bounds``) for each
field declared with ``switch``. The rules page, its form, ``RulesProfile.problems``, the change
log and docs/rules.md read them (``scoring.rules.SWITCHES``). Pure Python: nothing here imports
Django.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Any, Final

from core.errors import Message, UserError, gettext_noop

__all__ = ["EUROS", "FLAG", "NUMBER", "Bounds", "Switch", "is_int", "switch"]


def is_int(value: object) -> bool:
    """A whole number (``True`` and ``False`` are not)."""
    return isinstance(value, int) and not isinstance(value, bool)


FLAG: Final = "flag"
NUMBER: Final = "number"
EUROS: Final = "euros"
"""The kinds of switch: on or off, a whole number, an amount in euros ("1.00", "" for none)."""

CHOOSE_NUMBER: Final = gettext_noop("Choose a multiple of %(step)s from %(low)s to %(high)s.")
CHOOSE_AMOUNT: Final = gettext_noop(
    "Enter an amount from %(low)s to %(high)s € with at most two decimals, or leave it empty."
)


@dataclass(frozen=True)
class Bounds:
    """The values a number switch takes: a multiple of ``step`` from ``low`` to ``high``; an
    amount: from ``low`` to ``high`` euros, in cents."""

    low: int | Decimal
    high: int | Decimal
    step: int | Decimal = 1

    @property
    def amounts(self) -> bool:
        """Amounts in euros (as text, "" for none) rather than whole numbers."""
        return isinstance(self.low, Decimal)

    def allow(self, value: object) -> bool:
        """Whether ``value`` is one of these values."""
        if not self.amounts:
            return is_int(value) and self.low <= value <= self.high and not value % self.step
        if value == "":
            return True
        try:
            amount = Decimal(str(value))
        except InvalidOperation:
            return False
        return amount.is_finite() and self.low <= amount <= self.high and not amount % self.step

    def refusal(self) -> Message:
        """What a value outside these bounds is told."""
        if self.amounts:
            return Message(CHOOSE_AMOUNT, low=self.low, high=self.high)
        return Message(CHOOSE_NUMBER, step=self.step, low=self.low, high=self.high)


@dataclass(frozen=True)
class Switch:
    """One switch of the house rules, declared once as a field of ``RulesProfile`` (``switch``):
    its name and type (the field's), its default (the ejl's), its label and help on the rules
    page (msgids), the values it takes (``bounds``, for a number or an amount) and whether the
    rules page offers it (the games per round are the event's own setting). The rules page, its
    form, ``RulesProfile.problems``, the change log and docs/rules.md's table read it here."""

    name: str
    type: str
    default: object
    label: str
    help: str
    bounds: Bounds | None = None
    on_rules_page: bool = True

    @property
    def kind(self) -> str:
        """``FLAG``, ``NUMBER`` or ``EUROS``, by the field's type."""
        return {"bool": FLAG, "str": EUROS}.get(self.type, NUMBER)

    @property
    def optional(self) -> bool:
        """A number that may be left empty (None)."""
        return self.default is None

    def problem(self, value: object) -> UserError | None:
        """Why ``value`` is no value of this switch (None: it is one)."""
        if self.bounds is None or (value is None and self.optional) or self.bounds.allow(value):
            return None
        return UserError.of(self.bounds.refusal(), field=self.name)


def switch(
    default: object,
    label: str,
    help: str,
    *,
    bounds: Bounds | None = None,
    on_rules_page: bool = True,
) -> Any:
    """Declare a field of ``RulesProfile`` as a switch (``SWITCHES`` reads it back)."""
    return field(default=default, metadata={
        "switch": {"label": label, "help": help, "bounds": bounds, "on_rules_page": on_rules_page}
    })
