"""``{% load house_rules %}{% house_rules_label event %}``: the name of the rules an event is
scored by (``scoring.house_rules.rules_label``), for pages the tournament app draws."""

from django import template

from scoring.house_rules import rules_label, rules_of
from tournament.models import Event

register = template.Library()


@register.simple_tag
def house_rules_label(event: Event) -> str:
    return str(rules_label(rules_of(event)))
