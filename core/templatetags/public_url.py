"""Template tags for pages that print links: ``{% load public_url %}{% loopback_hint as hint %}``
gives ``core.links.loopback_hint`` of the current request (used by
``templates/_public_url_warning.html``)."""

from django import template

from core import links

register = template.Library()


@register.simple_tag(takes_context=True)
def loopback_hint(context: template.Context) -> links.LoopbackHint | None:
    return links.loopback_hint(context.get("request"))
