"""The organiser's forms of an event's house rules: a preset and every switch of
``scoring.rules.RulesProfile`` (the games per round are the event's own setting), and the
event's scoring mode."""

from __future__ import annotations

from dataclasses import fields
from decimal import Decimal
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from core.forms import AmountField, NumberField
from scoring.house_rules import SWITCH_LABELS
from scoring.rules import EJL, LABELS, RULES, RulesProfile
from tournament.forms import scoring_mode_field

FEES = ("lost_game_fee", "lost_game_fee_higher")
NOT_ON_THE_FORM = ("name", "games_per_round")


def _switch_field(name: str, default: Any) -> forms.Field:
    label = _(SWITCH_LABELS[name])
    if name in FEES:
        return AmountField(label=label, required=False, min_value=0, max_digits=6,
                           decimal_places=2)
    if isinstance(default, bool):
        return forms.BooleanField(label=label, required=False)
    # the profile's own check (``RulesProfile.problems``) states the bounds
    return NumberField(label=label, required=False)


class HouseRulesForm(forms.Form):
    """A preset and the switches; ``rules()`` gives the ``RulesProfile`` they make."""

    preset = forms.ChoiceField(label=_("Based on"), choices=())

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["preset"].choices = [(name, _(LABELS[name])) for name in RULES]
        for field in fields(RulesProfile):
            if field.name not in NOT_ON_THE_FORM:
                self.fields[field.name] = _switch_field(field.name, field.default)

    @staticmethod
    def initial_of(rules: RulesProfile) -> dict[str, Any]:
        """The form's values for ``rules``."""
        initial: dict[str, Any] = {"preset": rules.name}
        for name, value in rules.as_dict().items():
            if name in NOT_ON_THE_FORM:
                continue
            initial[name] = Decimal(value) if name in FEES and value else value
        return initial

    def rules(self) -> RulesProfile:
        """The rules the valid form describes (the games per round the preset's: an event's
        own are its setting); ``RulesProfile.problems`` is checked in ``clean``."""
        data = dict(self.cleaned_data)
        name = data.pop("preset") or EJL
        values = {key: value for key, value in data.items() if key in SWITCH_LABELS}
        for fee in FEES:
            values[fee] = "" if values.get(fee) in (None, "") else f"{values[fee]:.2f}"
        # a number left empty takes the preset's (only the higher fee's game may be empty)
        for switch in fields(RulesProfile):
            if switch.name in values and values[switch.name] is None and switch.default is not None:
                values[switch.name] = getattr(RULES[name], switch.name)
        return RulesProfile(name=name, games_per_round=RULES[name].games_per_round, **values)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if not self.errors:
            for problem in self.rules().problems():
                self.add_error(problem.field, str(problem))
        return data


class ScoringModeForm(forms.Form):
    """The event's scoring mode (``Event.scoring_mode``)."""

    scoring_mode = scoring_mode_field()
