"""QR codes of links (segno), one way for every page and e-mail: inline SVG with a viewBox and
no fixed size, so the page's CSS sizes it (``.sheet-qr`` in app.css fills its container up to
12rem; no inline style, which the Content-Security-Policy would block), or a PNG for an
e-mail."""

from io import BytesIO

import segno
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe


def _code(url: str) -> segno.QRCode:
    return segno.make(url, error="m", micro=False)


def qr_svg(url: str, title: str) -> str:
    """The QR code of ``url`` as an inline <svg> with a viewBox and no fixed size."""
    return _code(url).svg_inline(border=2, svgclass="qr-code", title=title, omitsize=True)


def qr_figure(url: str, title: str) -> SafeString:
    """The QR code of ``url`` in its ``.sheet-qr`` frame, labelled ``title`` for readers."""
    return format_html(
        '<span class="sheet-qr" role="img" aria-label="{}">{}</span>',
        title,
        mark_safe(qr_svg(url, title)),
    )


def qr_png(url: str) -> bytes:
    """The QR code of ``url`` as a PNG (6 pixels a module), for an e-mail."""
    buffer = BytesIO()
    _code(url).save(buffer, kind="png", scale=6, border=2)
    return buffer.getvalue()
