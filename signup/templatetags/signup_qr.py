"""``{% load signup_qr %}{% qr url title %}``: the QR code of ``url`` in its frame
(``core.qr.qr_figure``), as the printed codes of the score sheets are."""

from django import template
from django.utils.safestring import SafeString

from core.qr import qr_figure

register = template.Library()


@register.simple_tag
def qr(url: str, title: str) -> SafeString:
    return qr_figure(url, title)
