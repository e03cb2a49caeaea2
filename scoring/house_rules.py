"""An event's house rules: the ``RulesProfile`` its sheets are scored by (``rules_of``), and
how it is named on pages (``rules_label``). The tournament app stores the switches as plain
data (``Event.rules``); the presets it offers when an event is created are those of
``scoring.presets``, handed to it when the app starts (``register_presets``)."""

from __future__ import annotations

from core.errors import Message, gettext_noop
from core.limits import MAX_SLUG_LENGTH
from scoring.melds import catalogue
from scoring.ranking import EXACT_POINTS, parse_tie_breaks
from scoring.rules import EJL, RULES, RulesProfile, preset_label
from tournament import house_rules
from tournament.models import Event


def rules_of(event: Event) -> RulesProfile:
    """The rules ``event`` is scored by (the ejl rules for an event that saved none)."""
    return RulesProfile.from_dict(event.rules)


def posted_rules(slug: str) -> RulesProfile | None:
    """The rules of the event with short name ``slug``, as the sheet page's script names it
    (the ejl rules when it names none, as a page from before house rules does); None: no such
    event."""
    if not slug:
        return RULES[EJL]
    event = Event.objects.filter(slug=slug[:MAX_SLUG_LENGTH]).only("rules").first()
    return None if event is None else rules_of(event)


def melds_key(rules: RulesProfile) -> str:
    """What tells one rules' meld picker from another's (its cache key)."""
    return "-".join(f"{meld.code}{meld.points}" for meld in catalogue(rules))


def rules_label(rules: RulesProfile) -> Message:
    """The rules' name for pages: the preset's, marked when switches differ from it."""
    preset = Message(preset_label(rules.name))
    if rules.differences(RULES.get(rules.name, RULES[EJL])):
        return Message(gettext_noop("%(preset)s, with own changes"), preset=preset)
    return preset


def tie_breaks_for(rules: RulesProfile, tie_breaks: str) -> str:
    """``Event.tie_breaks`` as ``rules`` want them: the exact points first where they decide
    equal totals, and not at all where they do not."""
    codes = [code for code in parse_tie_breaks(tie_breaks) if code != EXACT_POINTS]
    return ",".join([EXACT_POINTS, *codes] if rules.exact_tie_break else codes)


def offered_presets() -> list[house_rules.Preset]:
    """Every preset of ``scoring.presets`` as the new-event form offers it, the default first:
    its switches, the games per round and the tie-breaks an event starts with."""
    offered = []
    for code, rules in RULES.items():
        offered.append(house_rules.Preset(
            name=code,
            label=preset_label(code),
            games_per_round=rules.games_per_round,
            values=rules.as_dict(),
            tie_breaks=tie_breaks_for(rules, ""),
        ))
    return offered


def register_presets() -> None:
    """Let the tournament app offer the presets when an event is created (asked anew each
    time, so a preset added to ``scoring.presets.PRESETS`` is offered at once)."""
    house_rules.offer_presets(offered_presets)
