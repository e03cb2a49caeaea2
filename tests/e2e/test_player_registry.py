"""The entry form's player suggestions in Chromium: two letters typed in the name field offer
the player of an earlier event of the club (its registry), a tap fills name, club and the hidden
id, and the entry is registered with that player (no new player row)."""

import pytest
from playwright.sync_api import expect

from tests.factories import make_event, make_user
from tournament.members import Member
from tournament.models import Player
from tournament.services import register_entry

pytestmark = pytest.mark.django_db


def test_a_regular_is_one_tap(live_server, page, screenshot):
    url = live_server.url
    organiser = make_user("orga", password="geheim-123")
    earlier = make_event(organiser=organiser, name="Herbstbinokel 2025", date="2025-10-18")
    regular = register_entry(event=earlier, members=[Member("Hans Müller")], club="SV Ulm").player
    register_entry(event=earlier, members=[Member("Grete Huber")])
    event = make_event(organiser=organiser, name="Benefizbinokel 2026", club=earlier.club)

    page.goto(f"{url}/anmelden/?next=/turnier/{event.slug}/teilnehmer/neu/")
    page.locator("[name=username]").fill("orga")
    page.locator("[name=password]").fill("geheim-123")
    page.get_by_role("button", name="Anmelden").click()
    expect(page.locator("input[name=name]")).to_be_visible()

    # registry.js adds the (hidden) suggestion list when it has started: typing before that
    # would go unheard (the test raced the deferred script on a busy machine)
    expect(page.locator("[data-suggestions-for=name]")).to_have_count(1)
    page.locator("input[name=name]").press_sequentially("mü")
    suggestion = page.locator(f"[data-suggestions-for=name] button[data-player-id='{regular.pk}']")
    expect(suggestion).to_contain_text("Hans Müller, SV Ulm (Herbstbinokel 2025, 18.10.2025)")
    expect(page.locator("[data-suggestions-for=name] button")).to_have_count(1)
    screenshot(page, "registry-suggestion")
    suggestion.click()
    expect(page.locator("input[name=name]")).to_have_value("Hans Müller")
    expect(page.locator("input[name=club]")).to_have_value("SV Ulm")
    expect(page.locator("input[name=player_id]")).to_have_value(str(regular.pk))
    expect(page.locator("[data-suggestions-for=name] button")).to_have_count(0)

    page.locator("form.stacked button.primary").click()
    expect(page.locator(".messages")).to_contain_text("Hans Müller")
    entry = event.entries.get()
    assert entry.player_id == regular.pk
    assert Player.objects.count() == 2
