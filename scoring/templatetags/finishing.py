"""``{% load finishing %}{% finish_blockers event as blockers %}``: what keeps the event from being
finished (``scoring.services.finish.finish_blockers``; none once it is finished), for the event
page, which the tournament app draws without knowing the score sheets."""

from django import template

from core.errors import Message
from scoring.services.finish import finish_blockers as blockers_of
from tournament.models import Event
from tournament.selectors.phase import event_phase

register = template.Library()


@register.simple_tag
def finish_blockers(event: Event) -> list[Message]:
    return [] if event_phase(event).finished else blockers_of(event)
