"""The participant list's upload in Chromium: a file larger than the import takes is refused by
the page (upload.js) with the import's message before anything is sent, where the hall's server
would refuse the upload unread with a plain English line; a file that fits is sent."""

import pytest
from playwright.sync_api import expect

from core.limits import MAX_IMPORT_BYTES
from tests.factories import make_event, make_user

pytestmark = pytest.mark.django_db


def test_a_list_too_large_is_refused_before_it_is_sent(live_server, page):
    organiser = make_user("orga", password="geheim-123")
    event = make_event(organiser=organiser)
    page.goto(f"{live_server.url}/anmelden/?next=/turnier/{event.slug}/import/")
    page.locator("[name=username]").fill("orga")
    page.locator("[name=password]").fill("geheim-123")
    page.get_by_role("button", name="Anmelden").click()
    expect(page.locator("input[name=file][data-size-checked]")).to_have_count(1)
    posts = []
    page.on("request", lambda request: posts.append(request.url) if request.method == "POST"
            else None)

    field = page.locator("input[name=file]")
    field.set_input_files(
        {"name": "liste.csv", "mimeType": "text/csv", "buffer": b"Name\n" + b"x" * MAX_IMPORT_BYTES}
    )
    page.get_by_role("button", name="Liste prüfen").click()
    assert field.evaluate("input => input.validationMessage") == (
        "Die Datei ist zu groß: höchstens 2 MB."
    )
    assert posts == []  # the form is invalid: the click sends nothing (and at the end: 1 POST)

    field.set_input_files({"name": "liste.csv", "mimeType": "text/csv", "buffer": b"Name\nHans\n"})
    page.get_by_role("button", name="Liste prüfen").click()
    expect(page.locator("main")).to_contain_text("Hans")
    assert len(posts) == 1
