"""``{% load form_tokens %}{% form_token %}``: a hidden input with a fresh one-time token, for a
form a page draws by hand (``tournament.services.submissions``: sent twice, carried out once)."""

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString

from tournament.services.submissions import new_form_token

register = template.Library()


@register.simple_tag
def form_token() -> SafeString:
    return format_html('<input type="hidden" name="form_token" value="{}">', new_form_token())
