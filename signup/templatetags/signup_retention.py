"""``{% load signup_retention %}{% data_retention event as retention %}``: when the event's
registrations lose their e-mail addresses, codes and links, or when they did
(``signup.selectors.data_retention``; None: the event has no registrations). The event's page
tells its organisers (``templates/signup/_retention.html``)."""

from django import template

from signup.selectors import DataRetention
from signup.selectors import data_retention as retention_of
from tournament.models import Event

register = template.Library()


@register.simple_tag
def data_retention(event: Event) -> DataRetention | None:
    return retention_of(event)
