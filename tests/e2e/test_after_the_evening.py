"""After the evening in Chromium under the Content-Security-Policy: the results list prints
without the site's navigation, the press report's "Copy" button puts the edited text on the
clipboard, and the edited text comes back ready to print (also without JavaScript)."""

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from scoring.demo import record_game
from tests.factories import make_entry, make_event, make_user
from tests.scoring.games import WON, sheet_for
from tournament.models import Player


@pytest.fixture
def event(db):
    event = make_event(name="Benefizbinokel Plochingen", round_count=1)
    entries = [make_entry(event, 1, "Hans Maier"), make_entry(event, 2, "Jörg Häfele"),
               make_entry(event, 3, "Anna Rapp")]
    Player.objects.filter(pk=entries[2].player_id).update(unlisted=True)
    record_game(sheet=sheet_for(event, 1, entries, 1), number=1, **WON)
    return event


def logged_in(browser, live_server, **options):
    client = Client()
    user = User.objects.filter(username="chef").first() or make_user("chef", is_superuser=True)
    client.force_login(user)
    context = browser.new_context(locale="de-DE", **options)
    context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value,
                          "url": live_server.url}])
    page = context.new_page()
    page.set_default_timeout(10_000)
    return page


def test_results_list_prints_without_navigation(browser, live_server, event):
    page = logged_in(browser, live_server)
    response = page.goto(live_server.url + reverse("results-list", args=[event.slug]))
    assert response.status == 200
    assert page.locator("[data-print]").is_visible()
    page.emulate_media(media="print")
    assert not page.locator("header.site-header").is_visible()
    assert not page.locator(".print-toolbar").is_visible()
    assert page.locator("table.results-table").is_visible()
    assert "Anna Rapp" not in page.content()
    page.context.close()


def test_press_report_copies_and_prints_the_edited_text(browser, live_server, event):
    page = logged_in(browser, live_server)
    page.context.grant_permissions(["clipboard-write"])
    # the pages' Permissions-Policy allows writing the clipboard only, so the test reads what
    # was written as it reaches the clipboard
    page.add_init_script("""(() => {
        const clipboard = navigator.clipboard;
        const write = clipboard.writeText.bind(clipboard);
        clipboard.writeText = (text) => write(text).then(() => { window.copiedText = text; });
    })()""")
    page.goto(live_server.url + reverse("press-report", args=[event.slug]))
    text = page.locator("textarea#press-text")
    assert "Hans Maier" in text.input_value() and "Anna Rapp" not in text.input_value()
    text.fill("Überschrift\n\nEin eigener Absatz.")
    page.locator("[data-copy]").click()
    page.wait_for_function("document.querySelector('[data-copy-status]').textContent !== ''")
    assert page.evaluate("window.copiedText") == "Überschrift\n\nEin eigener Absatz."
    page.locator(".press-actions button[type=submit]").click()
    page.wait_for_load_state()
    assert page.locator("article.press-print p").all_inner_texts() == [
        "Überschrift", "Ein eigener Absatz."
    ]
    page.context.close()


def test_press_report_prints_without_javascript(browser, live_server, event):
    page = logged_in(browser, live_server, java_script_enabled=False)
    page.goto(live_server.url + reverse("press-report", args=[event.slug]))
    assert not page.locator("[data-copy]").is_visible()  # the copy button needs JavaScript
    page.locator("textarea#press-text").fill("Nur ein Satz.")
    page.locator(".press-actions button[type=submit]").click()
    page.wait_for_load_state()
    assert page.locator("article.press-print p").all_inner_texts() == ["Nur ein Satz."]
    page.context.close()


def test_print_buttons_only_show_where_javascript_can_work_them(browser, live_server, event):
    """The printouts' "Drucken" button is hidden until print.js shows it: without JavaScript
    it would do nothing (the site's button style must not override the hidden attribute)."""
    paths = [
        reverse("print-cards", args=[event.slug]) + "?durchgang=1",
        reverse("results-list", args=[event.slug]),
    ]
    for javascript in (False, True):
        page = logged_in(browser, live_server, java_script_enabled=javascript)
        for path in paths:
            assert page.goto(live_server.url + path).status == 200
            page.wait_for_load_state()
            assert page.locator("[data-print]").first.is_visible() is javascript, path
        page.context.close()
