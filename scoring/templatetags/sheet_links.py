"""Template tags of score entry: a sheet's link and its QR code.

``{% load sheet_links %}{% sheet_qr sheet %}`` renders the QR code of the sheet's link as inline SVG
(made with segno); ``{% sheet_link sheet %}`` gives the absolute link itself. Both start the
link with PUBLIC_URL when it is set, else with the address the page was opened under
(``core.links.absolute_url``); pages that show them include
``templates/_public_url_warning.html`` for a page opened at 127.0.0.1 without PUBLIC_URL.

The SVG has a viewBox and no width or height of its own, so it scales to whatever size the
page's CSS gives it (32 mm on a table card, 24 mm on a printed sheet) without being cropped;
without such CSS it fills its container up to 12rem (``.sheet-qr`` in app.css: no inline style,
which the Content-Security-Policy would block).
"""

from django import template
from django.http import HttpRequest
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from core.links import absolute_url
from core.qr import qr_figure
from scoring.models import ScoreSheet

register = template.Library()


def sheet_link_url(sheet: ScoreSheet, request: HttpRequest | None) -> str:
    """The sheet's link: absolute under PUBLIC_URL or the request's address when known."""
    return absolute_url(reverse("sheet-link", kwargs={"token": sheet.token}), request)


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
    return qr_figure(sheet_link_url(sheet, context.get("request")), gettext("Score sheet link"))
