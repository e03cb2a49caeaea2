"""Forms of the Kasse pages: the money settings, a payment, a cancellation, a check-in.

They validate input and nothing more; ``money.cash.services`` decides and writes. Amounts
are typed the reader's way (7,50 in German) and bounded by ``core.limits``.
"""

from decimal import Decimal

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop

from core.forms import AmountField, CheckedTextField, NumberField, form_token_field
from core.limits import (
    MAX_AMOUNT,
    MAX_GAMES_PER_ENTRY,
    MAX_PRIZE_TEXT,
    MAX_START_NUMBER,
    MIN_START_NUMBER,
    MONEY_DIGITS,
)
from money.models import MoneySettings, Payment


def amount_field(label, *, required: bool = True, minimum: Decimal = Decimal(0), **options):
    """An amount of euros with cents, typed in the reader's number format."""
    return AmountField(
        label=label,
        required=required,
        min_value=minimum,
        max_value=MAX_AMOUNT,
        max_digits=MONEY_DIGITS,
        decimal_places=2,
        localize=True,
        widget=forms.TextInput(attrs={"inputmode": "decimal", "class": "amount"}),
        **options,
    )


class MoneySettingsForm(forms.Form):
    start_fee_single = amount_field(_("Entry fee per single (€)"))
    start_fee_pair = amount_field(_("Entry fee per pair (€)"))
    pair_fee_per_person = forms.BooleanField(
        label=_("The pair's fee is per person (a pair pays it twice)"), required=False
    )
    lost_game_fee = amount_field(
        _("Lost-game money per lost game (€)"),
        help_text=_("For every game an entry loses as declarer; 0: no lost-game money."),
    )
    lost_game_fee_higher = amount_field(
        _("Higher amount per lost game (€)"), required=False,
        help_text=_("Optional, e.g. 1,00 from the fifth lost game on."),
    )
    lost_game_fee_higher_from = NumberField(
        label=_("… from lost game no."),
        required=False,
        min_value=1,
        max_value=MAX_GAMES_PER_ENTRY,
    )
    lost_durch_counts = forms.BooleanField(
        label=_("A lost Durch counts as a lost game"), required=False
    )
    lost_conceded_counts = forms.BooleanField(
        label=_("A conceded game counts as a lost game"), required=False
    )
    good_cause = CheckedTextField(
        gettext_noop("Good cause"),
        max_length=MAX_PRIZE_TEXT,
        required=False,
        help_text=_("E.g. “Kinderhospiz Stuttgart”; the treasurer's summary names it."),
    )
    donation = forms.ChoiceField(
        label=_("Donated to the good cause"), choices=MoneySettings.Donation.choices,
        required=False,
    )

    @classmethod
    def for_settings(cls, settings: MoneySettings, data=None) -> "MoneySettingsForm":
        initial = {name: getattr(settings, name) for name in cls.base_fields}
        return cls(data, initial=initial)


class PaymentForm(forms.Form):
    purpose = forms.ChoiceField(
        label=_("For"), choices=Payment.Purpose.choices, widget=forms.RadioSelect
    )
    amount = amount_field(_("Amount (€)"), minimum=Decimal("0.01"))
    method = forms.ChoiceField(
        label=_("Paid"), choices=Payment.Method.choices, widget=forms.RadioSelect,
        initial=Payment.Method.CASH,
    )
    note = CheckedTextField(gettext_noop("Note"), max_length=MAX_PRIZE_TEXT, required=False)
    check_in = forms.BooleanField(label=_("Check in at the same time"), required=False)
    form_token = form_token_field()
    more_ok = forms.BooleanField(
        label=_("Yes, take this amount, although far less is open"), required=False,
        widget=forms.HiddenInput,
    )

    def ask_more(self) -> None:
        """Show the box that confirms an amount far above what is open."""
        self.fields["more_ok"].widget = forms.CheckboxInput()


class CancelPaymentForm(forms.Form):
    reason = CheckedTextField(gettext_noop("Reason"), max_length=MAX_PRIZE_TEXT, required=False)


class CheckInForm(forms.Form):
    present = forms.BooleanField(required=False)


class FindEntryForm(forms.Form):
    nr = NumberField(
        label=_("Start number"),
        min_value=MIN_START_NUMBER,
        max_value=MAX_START_NUMBER,
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "class": "number"}),
    )


class RegistrationCodeForm(forms.Form):
    """The door: the code of an online registration, typed or opened from its QR code
    (``?code=…``)."""

    code = forms.CharField(
        label=_("Registration code"),
        max_length=40,
        widget=forms.TextInput(attrs={"autocapitalize": "characters", "autocomplete": "off",
                                      "spellcheck": "false"}),
    )


class ExpenseForm(forms.Form):
    date = forms.DateField(label=_("Date"), localize=True, required=False)
    purpose = CheckedTextField(
        gettext_noop("What for"), max_length=MAX_PRIZE_TEXT,
        help_text=_("E.g. “Hall rent”, “Goods prizes”, “Bread rolls”."),
    )
    amount = amount_field(_("Amount (€)"), minimum=Decimal("0.01"))
    paid_by = CheckedTextField(gettext_noop("Paid by"), max_length=MAX_PRIZE_TEXT, required=False)
    from_cash_box = forms.BooleanField(label=_("Paid from the cash box"), required=False)
    receipt = CheckedTextField(
        gettext_noop("Receipt"), max_length=MAX_PRIZE_TEXT, required=False,
        help_text=_("E.g. the receipt's number in the folder."),
    )
    form_token = form_token_field()
