"""An event's house rules: the ``RulesProfile`` its sheets are scored by (``rules_of``), and
how it is named on pages (``rules_label``). The tournament app stores the switches as plain
data (``Event.rules``); the presets it offers when an event is created are registered here
(``register_presets``, called when the app starts)."""

from __future__ import annotations

from core.errors import Message, gettext_noop
from core.limits import MAX_SLUG_LENGTH
from scoring.melds import catalogue
from scoring.ranking import EXACT_POINTS, parse_tie_breaks
from scoring.rules import EJL, LABELS, RULES, RulesProfile
from tournament import house_rules
from tournament.models import Event

SWITCH_LABELS = {
    "min_bid": gettext_noop("Minimum bid"),
    "games_per_round": gettext_noop("Games per round (for new tournaments)"),
    "conceded_half_bid": gettext_noop("Conceded: the others get half the bid"),
    "out_of_reach_factor": gettext_noop(
        "Conceded with the bid out of reach (more than own meld + 250): times the bid lost"
    ),
    "lost_half_bid": gettext_noop("Lost: the others get half the bid on top"),
    "durch": gettext_noop("Durch is played"),
    "durch_points": gettext_noop("Durch counts"),
    "durch_open": gettext_noop("A Durch may be laid open"),
    "durch_open_points": gettext_noop("Durch laid open counts"),
    "double_familie": gettext_noop("Double Familie counts"),
    "eight_tens": gettext_noop("Eight Tens are a meld (1000)"),
    "rundgang_with_familie": gettext_noop("Rundgang beside a Familie counts"),
    "exact_tie_break": gettext_noop("Exact points decide equal totals"),
    "lost_game_fee": gettext_noop("Money per lost game (€)"),
    "lost_game_fee_higher": gettext_noop("Higher money per lost game (€)"),
    "lost_game_fee_higher_from": gettext_noop("Higher money from lost game no."),
    "players_sign": gettext_noop("Every player of a table confirms the sheet"),
}
"""Each switch of ``RulesProfile`` as the rules page and the change log name it (msgids)."""


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
    preset = LABELS.get(rules.name, LABELS[EJL])
    if rules.differences(RULES.get(rules.name, RULES[EJL])):
        return Message(gettext_noop("%(preset)s, with own changes"), preset=Message(preset))
    return Message(preset)


def tie_breaks_for(rules: RulesProfile, tie_breaks: str) -> str:
    """``Event.tie_breaks`` as ``rules`` want them: the exact points first where they decide
    equal totals, and not at all where they do not."""
    codes = [code for code in parse_tie_breaks(tie_breaks) if code != EXACT_POINTS]
    return ",".join([EXACT_POINTS, *codes] if rules.exact_tie_break else codes)


def register_presets() -> None:
    """Offer every published preset when an event is created, the ejl rules first."""
    for name, rules in RULES.items():
        house_rules.register_preset(
            house_rules.Preset(
                name=name,
                label=LABELS[name],
                games_per_round=rules.games_per_round,
                values=rules.as_dict(),
                tie_breaks=tie_breaks_for(rules, ""),
            )
        )
