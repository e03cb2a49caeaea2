"""``{% load house_rules %}{% event_rules_label event %}``: the name of the event's house rules
(``scoring.house_rules.rules_label``), for the event page, which the tournament app draws
without knowing the rules."""

from django import template

from core.errors import Message
from scoring.house_rules import rules_label, rules_of
from tournament.models import Event

register = template.Library()


@register.simple_tag
def event_rules_label(event: Event) -> Message:
    return rules_label(rules_of(event))
