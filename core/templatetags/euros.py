"""Amounts of money on pages and in the change log: ``{% load euros %}{{ amount|euro }}`` gives
"7,50 €" (German) or "7.50 €" (English); ``{{ share|percent }}`` gives "50,5 %"."""

from decimal import Decimal

from django import template
from django.utils.formats import number_format

register = template.Library()


@register.filter
def euro(amount: Decimal | str | None) -> str:
    """An amount with two decimals in the reader's number format and the euro sign; a dash for
    none."""
    if amount is None or amount == "":
        return "–"
    value = Decimal(amount)
    text = number_format(abs(value), 2, use_l10n=True, force_grouping=False)
    return f"{'−' if value < 0 else ''}{text}\u00a0€"


@register.filter
def percent(value: Decimal | str | None) -> str:
    """A percentage without trailing zeros, in the reader's number format: "50 %", "12,5 %"."""
    if value is None or value == "":
        return "–"
    text = format(Decimal(value), "f")
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return f"{number_format(Decimal(text), use_l10n=True, force_grouping=False)}\u00a0%"
