"""Forms of the prize pages: the prize settings, a prize, ticking off a collected prize.

They validate input and nothing more; ``money.prizes.services`` decides and writes.
"""

from decimal import Decimal

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop

from core.forms import AmountField, CheckedTextField, NumberField
from core.limits import (
    MAX_CATEGORY_LENGTH,
    MAX_PERCENT,
    MAX_PRIZE_PLACE,
    MAX_PRIZE_TEXT,
    MAX_START_NUMBER,
    MIN_START_NUMBER,
)
from money.cash.forms import amount_field
from money.models import Prize, PrizeSettings


def percent_field(label, **options) -> AmountField:
    return AmountField(
        label=label,
        required=False,
        min_value=Decimal(0),
        max_value=MAX_PERCENT,
        max_digits=5,
        decimal_places=2,
        localize=True,
        widget=forms.TextInput(attrs={"inputmode": "decimal", "class": "amount"}),
        **options,
    )


class PrizeSettingsForm(forms.Form):
    pot_percent = percent_field(
        _("Pot: per cent of the entry fee collected"),
        help_text=_(
            "E.g. 50: half of the entry fee collected is paid out as prizes defined as a "
            "share (singles and pairs each from their own entry fees). Empty: no pot."
        ),
    )
    share_money = forms.BooleanField(
        label=_("Equal totals share the money of their places"),
        required=False,
        help_text=_(
            "The usual practice: tied entries share the money of the places they occupy "
            "equally (rounded down to 0,50 €, the remainder is stated); goods go by the "
            "tie-breaks of the standings, then by lot. Off: every prize goes by that order."
        ),
    )
    call_order = forms.ChoiceField(
        label=_("Call order at the prize table"), choices=PrizeSettings.CallOrder.choices
    )

    @classmethod
    def for_settings(cls, settings: PrizeSettings, data=None) -> "PrizeSettingsForm":
        initial = {name: getattr(settings, name) for name in cls.base_fields}
        return cls(data, initial=initial)


RANKING_CHOICES = [("0", _("Singles")), ("1", _("Pairs"))]


class PrizeForm(forms.Form):
    pairs = forms.TypedChoiceField(
        label=_("Ranking"), choices=RANKING_CHOICES, coerce=lambda value: value == "1",
        widget=forms.RadioSelect, initial="0",
    )
    award = forms.ChoiceField(label=_("For"), choices=Prize.Award.choices, initial="place")
    place = NumberField(
        label=_("Place"), min_value=1, max_value=MAX_PRIZE_PLACE, required=False
    )
    last_place = NumberField(
        label=_("to place"), min_value=1, max_value=MAX_PRIZE_PLACE, required=False,
        help_text=_("Optional: the same prize for every place of a range, e.g. 6 to 30."),
    )
    to_end = forms.BooleanField(
        label=_("and every further place (a prize for everyone)"), required=False
    )
    category = CheckedTextField(
        gettext_noop("Category"), max_length=MAX_CATEGORY_LENGTH, required=False,
        help_text=_("For “best of a category”: as written at the players, e.g. “Frau”."),
    )
    amount = amount_field(_("Amount (€)"), required=False)
    share = percent_field(
        _("or share of the pot (%)"),
        help_text=_("E.g. 40, 30, 20, 10 for the first four places."),
    )
    goods = CheckedTextField(
        gettext_noop("Goods"), max_length=MAX_PRIZE_TEXT, required=False,
        help_text=_("E.g. “Präsentkorb” or “Flasche Wein”."),
    )


class CollectedForm(forms.Form):
    nr = NumberField(min_value=MIN_START_NUMBER, max_value=MAX_START_NUMBER)
    line = forms.CharField(max_length=30)
    collected = forms.BooleanField(required=False)
