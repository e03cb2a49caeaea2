"""``{% load signup_qr %}{% qr url title %}``: the QR code of ``url`` as inline SVG (segno),
with a viewBox and no fixed size: it fills its container up to 12rem (``.sheet-qr`` in
app.css), as the printed codes of the score sheets do."""

import segno
from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe

register = template.Library()


@register.simple_tag
def qr(url: str, title: str) -> SafeString:
    svg = segno.make(url, error="m", micro=False).svg_inline(
        border=2, svgclass="qr-code", title=title, omitsize=True
    )
    return format_html(
        '<span class="sheet-qr" role="img" aria-label="{}">{}</span>', title, mark_safe(svg)
    )
