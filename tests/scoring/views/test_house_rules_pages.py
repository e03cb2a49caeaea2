"""Everything follows an event's house rules: the event created with a preset, the sheet page's
kinds, its points preview, the meld picker, the standings' tie-break and the money defaults."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils import translation
from django.utils.html import escape

from money.models import MoneySettings
from scoring.demo import record_game
from scoring.house_rules import rules_of
from scoring.models import ScoreSheet
from scoring.rules import AKS_HEROLDSTATT, BSV_ENNAHOFEN, RULES, SWITCHES
from scoring.standings import compute_standings
from scoring.switches import NUMBER
from tests.factories import make_entry, make_event, make_round, make_sheet, make_table
from tournament.models import Event

pytestmark = pytest.mark.django_db

AKS = RULES[AKS_HEROLDSTATT].as_dict()
BSV = RULES[BSV_ENNAHOFEN].as_dict()


def _sheet(event):
    entries = [make_entry(event, n) for n in (1, 2, 3)]
    return make_sheet(make_table(make_round(event), entries))


def test_an_event_created_with_a_preset_takes_its_rules_games_and_tie_breaks(
    organiser, organisers_club, client
):
    response = client.post(reverse("event-create"), {
        "name": "Preisbinokel Heroldstatt", "slug": "", "date": "2026-12-05", "venue": "",
        "round_count": "3", "games_per_round": "12", "rules": AKS_HEROLDSTATT,
    })
    assert response.status_code == 302
    event = Event.objects.get(name="Preisbinokel Heroldstatt")
    assert rules_of(event) == RULES[AKS_HEROLDSTATT]
    assert event.games_per_round == 15  # the rules' number, 12 was the form's default
    client.post(reverse("event-create"), {
        "name": "Ennahofen", "slug": "", "date": "2026-12-05", "venue": "",
        "round_count": "3", "games_per_round": "10", "rules": BSV_ENNAHOFEN,
    })
    bsv = Event.objects.get(name="Ennahofen")
    assert bsv.games_per_round == 10  # typed by the organiser
    assert bsv.tie_breaks == "exact_points"
    page = client.get(bsv.get_absolute_url()).content.decode()
    assert "BSV Ennahofen" in page and reverse("house-rules", args=[bsv.slug]) in page


def test_a_number_typed_by_hand_is_kept_whatever_the_preset(organiser, organisers_club, client):
    page = client.get(reverse("event-create")).content.decode()
    assert 'name="games_per_round_preset" value="ejl"' in page
    assert "&quot;aks-heroldstatt&quot;: 15" in page  # the chooser tells the script the numbers
    data = {"slug": "", "date": "2026-12-05", "venue": "", "round_count": "3",
            "rules": AKS_HEROLDSTATT}
    for name, games, filled_from, saved in (
        ("Getippt", "12", "", 12),  # typed by hand, though it is the ejl rules' number
        ("Von ejl", "12", "ejl", 15),  # the default's number, left as it was
        ("Vom Skript", "15", AKS_HEROLDSTATT, 15),  # filled in by the page's script
        ("Anders", "10", "ejl", 10),  # changed without the script
    ):
        response = client.post(reverse("event-create"), {
            **data, "name": name, "games_per_round": games, "games_per_round_preset": filled_from,
        })
        assert response.status_code == 302
        assert Event.objects.get(name=name).games_per_round == saved, name


def preview(client, event, **fields):
    data = {"number": "1", "parties": "3", "seats": "3", "g1-dealer": "1", "event": event.slug}
    data.update({f"g1-{key}": str(value) for key, value in fields.items()})
    return client.post(reverse("sheet-preview"), data).json()


def test_the_points_preview_scores_by_the_events_rules(client):
    aks, ejl = make_event(rules=AKS), make_event()
    lost = {"declarer": 0, "bid": 300, "kind": "played", "meld0": 120, "meld1": 0, "meld2": 60,
            "tricks0": 170, "tricks1": 45, "tricks2": 35}
    assert preview(client, aks, **lost)["points"] == [-600, 200, 250]
    assert preview(client, ejl, **lost)["points"] == [-600, 50, 100]
    durch = {"declarer": 0, "bid": 150, "kind": "durch", "tricks0": 250, "tricks1": 0,
             "tricks2": 0}
    refused = preview(client, aks, **durch)
    assert refused["ok"] is False and "keinen Durch" in refused["errors"]["kind"][0]
    assert preview(client, ejl, **durch)["points"] == [1000, 0, 0]
    unknown = client.post(reverse("sheet-preview"), {"number": "1", "parties": "3",
                                                     "seats": "3", "event": "no-such-event"})
    assert unknown.status_code == 400


def test_the_meld_picker_counts_by_the_events_rules(client):
    aks, ejl = make_event(rules=AKS), make_event()
    url = reverse("meld-sum")
    tens = {"seats": "3", "parties": "3", "p1-eight_tens": "1", "p1-double_familie": "0"}
    assert client.post(url, {**tens, "event": aks.slug}).json()["total"] == 1000
    refused = client.post(url, {**tens, "event": ejl.slug})
    assert refused.status_code == 400 and "Acht Zehner" in refused.json()["errors"][0]
    double = {"seats": "3", "parties": "3", "p1-double_familie": "1"}
    assert client.post(url, {**double, "event": aks.slug}).json()["total"] == 1000
    assert client.post(url, {**double, "event": ejl.slug}).json()["total"] == 1500


def test_the_sheet_page_offers_the_rules_kinds_and_melds(client):
    aks, bsv = make_event(rules=AKS), make_event(rules=BSV)
    aks_page = client.get(reverse("sheet-link", args=[_sheet(aks).token])).content.decode()
    bsv_page = client.get(reverse("sheet-link", args=[_sheet(bsv).token])).content.decode()
    assert 'value="durch"' not in aks_page and 'value="durch-open"' not in aks_page
    assert 'value="durch"' in bsv_page and 'value="durch-open"' in bsv_page
    assert 'data-meld="eight_tens"' in aks_page and 'data-meld="eight_tens"' not in bsv_page
    assert f'data-event="{aks.slug}"' in aks_page


@pytest.mark.parametrize(("tie_breaks", "places"), [
    ("exact_points", {3: (1, False), 1: (2, False)}),
    ("", {3: (1, True), 1: (1, True)}),
])
def test_equal_totals_are_ranked_by_the_exact_points(tie_breaks, places):
    event = make_event(rules=BSV, tie_breaks=tie_breaks)
    sheet = _sheet(event)
    # the second player wins both (100 + 61 ≥ 150); the others score r(tricks):
    # game 1: 1 gets r(125) = 130 (exact 125), 3 gets r(64) = 60 (exact 64)
    # game 2: 1 gets r(56) = 60 (exact 56), 3 gets r(133) = 130 (exact 133)
    # totals 190 and 190; exact 181 and 197
    record_game(sheet=sheet, number=1, bid=150, declarer=1, melds=[0, 100, 0],
                tricks=[125, 61, 64])
    record_game(sheet=sheet, number=2, bid=150, declarer=1, melds=[0, 100, 0],
                tricks=[56, 61, 133])
    ScoreSheet.objects.filter(pk=sheet.pk).update(status=ScoreSheet.Status.CONFIRMED)
    rows = {row.entry.start_number: row for row in compute_standings(event).ranking("singles")}
    assert rows[1].total == rows[3].total == 190
    assert (rows[1].figures.rounding, rows[3].figures.rounding) == (-9, 7)
    # the declarer: 100 + r(61) twice, exact 161 twice
    assert rows[2].place == 1 and rows[2].figures.rounding == 2
    assert {n: (rows[n].place - 1, rows[n].shared) for n in (1, 3)} == places


def test_money_defaults_follow_the_rules():
    aks, bsv, ejl = make_event(rules=AKS), make_event(rules=BSV), make_event()
    assert str(MoneySettings.for_event(aks).lost_game_fee) == "1.00"
    bsv_money = MoneySettings.for_event(bsv)
    assert (str(bsv_money.lost_game_fee), str(bsv_money.lost_game_fee_higher),
            bsv_money.lost_game_fee_higher_from) == ("0.50", "1.00", 5)
    assert MoneySettings.for_event(ejl).lost_game_fee == 0
    saved = MoneySettings.objects.create(event=aks, lost_game_fee=2)
    assert MoneySettings.for_event(aks).lost_game_fee == saved.lost_game_fee == 2


def test_the_rules_page_shows_every_switch_as_it_is_declared(organiser, client):
    """Label, help and bounds come from the switch's one declaration (``SWITCHES``)."""
    event = make_event(organiser=organiser)
    response = client.get(reverse("house-rules", args=[event.slug]), HTTP_ACCEPT_LANGUAGE="de")
    assert response.status_code == 200
    page = response.content.decode()
    for declared in SWITCHES.values():
        if not declared.on_rules_page:
            assert f'name="{declared.name}"' not in page
            continue
        with translation.override("de"):
            assert escape(translation.gettext(declared.label)) in page, declared.name
            assert escape(translation.gettext(declared.help)) in page, declared.name
        assert f'aria-describedby="id_{declared.name}_helptext"' in page
        if declared.kind == NUMBER:
            bounds = declared.bounds
            assert re.search(
                rf'name="{declared.name}"[^>]*min="{bounds.low}"', page
            ) and re.search(rf'name="{declared.name}"[^>]*max="{bounds.high}"', page)


def test_a_number_outside_its_bounds_is_refused_with_the_bounds(organiser, client):
    event = make_event(organiser=organiser)
    url = reverse("house-rules", args=[event.slug])
    data = {key: str(value) for key, value in client.get(url).context["form"].initial.items()
            if value not in (None, False, "")}
    for field, value in (("rundgang_with_familie", "250"), ("durch_points", "90"),
                         ("lost_game_fee", "10000")):
        response = client.post(url, {**data, field: value}, HTTP_ACCEPT_LANGUAGE="en")
        assert response.status_code == 200
        assert str(SWITCHES[field].bounds.refusal().translated(lambda msgid: msgid)) in (
            response.context["form"].errors[field]
        ), field
    assert Event.objects.get(pk=event.pk).rules == {}
