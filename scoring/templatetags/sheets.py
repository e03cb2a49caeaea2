"""Template tags of score entry: a sheet's link and its QR code.

``{% load sheets %}{% sheet_qr sheet %}`` renders the QR code of the sheet's link as inline SVG
(made with segno); ``{% sheet_link sheet %}`` gives the absolute link itself. Both build the
address from the current request, so the laptop must be opened under the address the phones use
(e.g. http://192.168.1.20:8000/, not 127.0.0.1).
"""

import segno
from django import template
from django.http import HttpRequest
from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from scoring.models import ScoreSheet

register = template.Library()


def sheet_link_url(sheet: ScoreSheet, request: HttpRequest | None) -> str:
    """The sheet's link, absolute when a request is known."""
    path = reverse("sheet-link", kwargs={"token": sheet.token})
    return request.build_absolute_uri(path) if request is not None else path


@register.simple_tag(takes_context=True)
def sheet_link(context: template.Context, sheet: ScoreSheet | None) -> str:
    if sheet is None:
        return ""
    return sheet_link_url(sheet, context.get("request"))


@register.simple_tag(takes_context=True)
def sheet_qr(context: template.Context, sheet: ScoreSheet | None, scale: int = 3) -> SafeString:
    """Inline SVG of the QR code of the sheet's link (empty without a sheet)."""
    if sheet is None:
        return mark_safe("")
    url = sheet_link_url(sheet, context.get("request"))
    qr = segno.make(url, error="m", micro=False)
    title = gettext("Score sheet link")
    svg = qr.svg_inline(scale=scale, border=2, svgclass="qr-code", title=title)
    return format_html(
        '<span class="sheet-qr" role="img" aria-label="{}">{}</span>', title, mark_safe(svg)
    )
