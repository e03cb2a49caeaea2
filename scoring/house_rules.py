"""An event's house rules: the ``RulesProfile`` its sheets are scored by (``rules_of``), and
how it is named on pages (``rules_label``). The tournament app stores the switches as plain
data (``Event.rules``); the presets it offers when an event is created are registered here
(``register_presets``, called when the app starts)."""

from __future__ import annotations

from scoring.rules import EJL, LABELS, RULES, RulesProfile
from tournament import house_rules
from tournament.errors import Message, gettext_noop
from tournament.models import Event


def rules_of(event: Event) -> RulesProfile:
    """The rules ``event`` is scored by (the ejl rules for an event that saved none)."""
    return RulesProfile.from_dict(event.rules)


def rules_label(rules: RulesProfile) -> Message:
    """The rules' name for pages: the preset's, marked when switches differ from it."""
    preset = LABELS.get(rules.name, LABELS[EJL])
    if rules.differences(RULES.get(rules.name, RULES[EJL])):
        return Message(gettext_noop("%(preset)s, with own changes"), preset=Message(preset))
    return Message(preset)


def register_presets() -> None:
    """Offer every published preset when an event is created, the ejl rules first."""
    for name, rules in RULES.items():
        house_rules.register_preset(
            house_rules.Preset(
                name=name,
                label=LABELS[name],
                games_per_round=rules.games_per_round,
                values=rules.as_dict(),
            )
        )
