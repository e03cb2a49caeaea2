"""The organiser's forms of an event's house rules: a preset and every switch of
``scoring.rules.RulesProfile`` the rules page offers (``Switch.on_rules_page``; the games per
round are the event's own setting), each with its label, help and bounds as the switch declares
them, the event's scoring mode, and the name the club keeps the event's rules under."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop

from core.forms import AmountField, CheckedTextField, NumberField
from scoring.rules import EJL, RULES, SWITCHES, RulesProfile, preset_label
from scoring.switches import EUROS, FLAG, Switch
from tournament.forms import scoring_mode_field

ON_THE_FORM = [declared for declared in SWITCHES.values() if declared.on_rules_page]


def _switch_field(declared: Switch) -> forms.Field:
    """The field of a switch: a tick box, a whole number or an amount within its bounds."""
    label, help_text = _(declared.label), _(declared.help)
    if declared.kind == FLAG:
        return forms.BooleanField(label=label, help_text=help_text, required=False)
    bounds = declared.bounds
    assert bounds is not None  # every number and amount switch declares its bounds
    # out of bounds: the message ``RulesProfile.problems`` gives
    refused = str(bounds.refusal())
    error_messages = {key: refused for key in ("min_value", "max_value", "step_size")}
    if declared.kind == EUROS:
        return AmountField(
            label=label, help_text=help_text, required=False, min_value=bounds.low,
            max_value=bounds.high, decimal_places=2, error_messages=error_messages,
        )
    return NumberField(
        label=label, help_text=help_text, required=False, min_value=bounds.low,
        max_value=bounds.high, step_size=bounds.step, error_messages=error_messages,
    )


class HouseRulesForm(forms.Form):
    """A preset and the switches; ``rules()`` gives the ``RulesProfile`` they make."""

    preset = forms.ChoiceField(label=_("Based on"), choices=())

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["preset"].choices = [(code, _(preset_label(code))) for code in RULES]
        for declared in ON_THE_FORM:
            self.fields[declared.name] = _switch_field(declared)

    @staticmethod
    def initial_of(rules: RulesProfile) -> dict[str, Any]:
        """The form's values for ``rules``."""
        initial: dict[str, Any] = {"preset": rules.name}
        for declared in ON_THE_FORM:
            value = getattr(rules, declared.name)
            initial[declared.name] = Decimal(value) if declared.kind == EUROS and value else value
        return initial

    def rules(self) -> RulesProfile:
        """The rules the valid form describes (the games per round the preset's: an event's
        own are its setting); ``RulesProfile.problems`` is checked in ``clean``."""
        name = self.cleaned_data.get("preset") or EJL
        preset = RULES[name]
        values: dict[str, Any] = {}
        for declared in ON_THE_FORM:
            value = self.cleaned_data.get(declared.name)
            if declared.kind == EUROS:
                value = "" if value in (None, "") else f"{value:.2f}"
            elif value is None and not declared.optional:
                value = getattr(preset, declared.name)  # a number left empty: the preset's
            values[declared.name] = value
        return RulesProfile(name=name, games_per_round=preset.games_per_round, **values)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if not self.errors:
            for problem in self.rules().problems():
                self.add_error(problem.field, str(problem))
        return data


class ScoringModeForm(forms.Form):
    """The event's scoring mode (``Event.scoring_mode``)."""

    scoring_mode = scoring_mode_field()


class ClubRulesForm(forms.Form):
    """The name the event's club keeps the event's house rules under (``ClubRules.name``)."""

    name = CheckedTextField(
        gettext_noop("Name of the club's house rules"),
        help_text=_(
            "E.g. “Hausregeln 2027”. Saved under a name the club has already, they replace "
            "those house rules."
        ),
    )
