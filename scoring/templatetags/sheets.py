"""Template tags of score entry: a sheet's link and its QR code.

``{% load sheets %}{% sheet_qr sheet %}`` renders the QR code of the sheet's link as inline SVG
(made with segno); ``{% sheet_link sheet %}`` gives the absolute link itself. Both start the
link with PUBLIC_URL when it is set, else with the address the page was opened under
(``tournament.links.absolute_url``); pages that show them include
``templates/_public_url_warning.html`` for a page opened at 127.0.0.1 without PUBLIC_URL.

The SVG has a viewBox and no width or height of its own, so it scales to whatever size the
page's CSS gives it (32 mm on a table card, 24 mm on a printed sheet) without being cropped;
without such CSS it fills its container up to 12rem (``.sheet-qr`` in app.css: no inline style,
which the Content-Security-Policy would block).
"""

import segno
from django import template
from django.http import HttpRequest
from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from scoring.models import ScoreSheet
from tournament.links import absolute_url

register = template.Library()


def sheet_link_url(sheet: ScoreSheet, request: HttpRequest | None) -> str:
    """The sheet's link: absolute under PUBLIC_URL or the request's address when known."""
    return absolute_url(reverse("sheet-link", kwargs={"token": sheet.token}), request)


def qr_svg(url: str, title: str) -> str:
    """The QR code of ``url`` as an inline <svg> with a viewBox and no fixed size."""
    qr = segno.make(url, error="m", micro=False)
    return qr.svg_inline(border=2, svgclass="qr-code", title=title, omitsize=True)


@register.simple_tag(takes_context=True)
def sheet_link(context: template.Context, sheet: ScoreSheet | None) -> str:
    if sheet is None:
        return ""
    return sheet_link_url(sheet, context.get("request"))


@register.simple_tag(takes_context=True)
def sheet_qr(context: template.Context, sheet: ScoreSheet | None) -> SafeString:
    """Inline SVG of the QR code of the sheet's link (empty without a sheet); it fills its
    container up to 12rem unless the page's CSS sizes ``svg`` itself."""
    if sheet is None:
        return mark_safe("")
    title = gettext("Score sheet link")
    svg = qr_svg(sheet_link_url(sheet, context.get("request")), title)
    return format_html(
        '<span class="sheet-qr" role="img" aria-label="{}">{}</span>', title, mark_safe(svg)
    )
