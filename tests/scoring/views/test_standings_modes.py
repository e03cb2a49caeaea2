"""The standings settings follow the scoring mode (``scoring.standings_forms``): only the
tie-breaks whose figures the mode keeps are offered, the page names the others and why, and a
tie-break the mode cannot apply is refused with nothing saved."""

import re

import pytest
from django.urls import reverse

from tests.factories import make_event
from tournament.models import Event

pytestmark = pytest.mark.django_db

NOTE = "Nicht angeboten:"


def offered(html: str) -> list[str]:
    """The tie-break codes the first tie-break field offers."""
    field = html[html.index('name="tie_break_1"'):]
    field = field[:field.index("</select>")]
    return [code for code in re.findall(r'<option value="([^"]*)"', field) if code]


def settings_url(event) -> str:
    return reverse("standings-settings", kwargs={"slug": event.slug})


def page(client, event) -> str:
    response = client.get(reverse("standings", kwargs={"slug": event.slug}))
    assert response.status_code == 200
    return response.content.decode()


def test_every_game_offers_every_tie_break(client, organiser):
    html = page(client, make_event(organiser=organiser))
    assert offered(html) == ["best_round", "declarer_wins", "fewer_losses", "exact_points"]
    assert NOTE not in html


def test_round_totals_offer_the_tie_breaks_they_keep_and_say_why_not_the_others(
    client, organiser
):
    event = make_event(organiser=organiser, scoring_mode=Event.ScoringMode.TOTALS,
                       tie_breaks="exact_points,fewer_losses")
    html = page(client, event)
    assert offered(html) == ["best_round", "fewer_losses"]
    assert (
        "Nicht angeboten: mehr gewonnene Spiele als Alleinspieler, mehr genaue Punkte "
        "(Stichpunkte ungerundet). Dieses Turnier erfasst „Summen je Durchgang“"
    ) in html
    # the stored tie-break the mode cannot apply is not shown as chosen: the first is the one
    # the standings apply
    first = html[html.index('name="tie_break_1"'):]
    assert '<option value="fewer_losses" selected>' in first[:first.index("</select>")]


def test_a_tie_break_the_mode_does_not_keep_is_refused(client, organiser):
    event = make_event(organiser=organiser, scoring_mode=Event.ScoringMode.TOTALS)
    response = client.post(settings_url(event), {"tie_break_1": "exact_points",
                                                 "public_standings": "on"})
    assert response.status_code == 200
    html = response.content.decode()
    assert "Die Einstellungen wurden nicht gespeichert" in html
    assert "exact_points ist keine gültige Auswahl" in html
    event.refresh_from_db()
    assert event.tie_breaks == "" and not event.public_standings
    saved = client.post(settings_url(event), {"tie_break_1": "fewer_losses",
                                              "tie_break_2": "best_round"})
    assert saved.status_code == 302
    event.refresh_from_db()
    assert event.tie_breaks == "fewer_losses,best_round"
