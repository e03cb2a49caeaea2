"""Template tags of score entry (``scoring.templatetags.sheet_links``): the sheet's link under
PUBLIC_URL or the request's address, and its QR code as an SVG that scales to its box."""

import re
from pathlib import Path

import pytest
import segno
from django.contrib.staticfiles import finders
from django.template import Context, Template
from django.test import RequestFactory
from django.utils.translation import gettext

from core.qr import qr_svg
from tests.factories import make_entry, make_event, make_round, make_sheet, make_table

pytestmark = pytest.mark.django_db


@pytest.fixture
def sheet():
    event = make_event()
    return make_sheet(make_table(make_round(event), [make_entry(event, n) for n in (1, 2, 3)]))


def render(source: str, sheet, host: str | None = "127.0.0.1:8000") -> str:
    context = {"sheet": sheet}
    if host is not None:
        context["request"] = RequestFactory().get("/", HTTP_HOST=host)
    return Template("{% load sheet_links %}" + source).render(Context(context))


def test_link_uses_public_url_when_set(settings, sheet):
    settings.PUBLIC_URL = "http://192.168.1.20:8000"
    expected = f"http://192.168.1.20:8000/zettel/{sheet.token}/"
    assert render("{% sheet_link sheet %}", sheet) == expected
    assert render("{% sheet_link sheet %}", sheet, host=None) == expected


def test_link_uses_the_requests_address_without_public_url(settings, sheet):
    settings.PUBLIC_URL = ""
    assert render("{% sheet_link sheet %}", sheet) == f"http://127.0.0.1:8000/zettel/{sheet.token}/"
    assert render("{% sheet_link sheet %}", sheet, host=None) == f"/zettel/{sheet.token}/"
    assert render("{% sheet_link sheet %}", None) == ""


def svg_tag(html: str) -> str:
    return re.search(r"<svg\b[^>]*>", html).group(0)


def test_qr_code_scales_to_its_box(settings, sheet):
    """A viewBox covering the whole symbol and its border, no width or height of its own: the
    page's CSS (24 mm on a printed sheet) scales the code instead of cropping it."""
    settings.PUBLIC_URL = "http://192.168.1.20:8000"
    html = render("{% sheet_qr sheet %}", sheet)
    tag = svg_tag(html)
    symbol = segno.make(f"http://192.168.1.20:8000/zettel/{sheet.token}/", error="m", micro=False)
    side = symbol.symbol_size(scale=1, border=2)[0]
    assert f'viewBox="0 0 {side} {side}"' in tag
    assert not re.search(r"\s(width|height)=", tag)
    assert 'class="qr-code"' in tag
    # without a page's own CSS the code fills its container up to a size a laptop screen can
    # show: app.css, as the Content-Security-Policy blocks inline styles
    assert re.search(r'<span class="sheet-qr" role="img" aria-label="[^"]*">', html)
    assert "style=" not in html
    app_css = finders.find("tournament/app.css")
    assert ".sheet-qr { display: block; max-width: 12rem; }" in Path(app_css).read_text()


def test_qr_code_encodes_the_link(settings, sheet):
    settings.PUBLIC_URL = "http://192.168.1.20:8000"
    html = render("{% sheet_qr sheet %}", sheet)
    link = f"http://192.168.1.20:8000/zettel/{sheet.token}/"
    title = gettext("Score sheet link")
    assert qr_svg(link, title) in html
    assert f'aria-label="{title}"' in html
    settings.PUBLIC_URL = ""
    assert qr_svg(link, title) not in render("{% sheet_qr sheet %}", sheet)


def test_qr_code_of_no_sheet_is_empty(sheet):
    assert render("{% sheet_qr sheet %}", None) == ""
