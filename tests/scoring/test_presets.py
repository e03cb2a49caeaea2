"""The published presets (``scoring.presets.PRESETS``): every entry is usable rules with a name
(its German is in the catalogue: ``tests/test_i18n.py``), a source and worked examples, and
every worked example scores as the entry says by ``scoring.rules.score_hand``; and a preset that
only combines switches, added in one place, is offered by the new-event form, named on the rules
page and described by the Merkblatt."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring.house_rules import rules_of
from scoring.merkblatt import merkblatt
from scoring.presets import PRESETS, Example, Preset, Source
from scoring.rules import KINDS, RULES, SWITCHES, RulesProfile, score_hand
from tournament import house_rules
from tournament.models import Event

EXAMPLES = [
    pytest.param(code, example, id=f"{code}-{number}")
    for code, preset in PRESETS.items()
    for number, example in enumerate(preset.examples, start=1)
]


def scored(code: str, example: Example) -> tuple[int, ...]:
    return score_hand(
        bid=example.bid, declarer=example.declarer, melds=example.melds, tricks=example.tricks,
        kind=example.kind, revoked=example.revoked, rules=RULES[code],
    )


@pytest.mark.parametrize(("code", "example"), EXAMPLES)
def test_every_worked_example_scores_as_its_preset_says(code, example):
    assert example.kind in KINDS
    assert scored(code, example) == example.points


@pytest.mark.parametrize("code", list(PRESETS))
def test_every_preset_is_usable_rules_with_a_name_a_source_and_examples(code):
    preset = PRESETS[code]
    assert preset.code == code
    assert set(preset.switches) <= set(SWITCHES), set(preset.switches) - set(SWITCHES)
    assert set(preset.cited) <= set(preset.switches)
    rules = RULES[code]
    assert rules.name == code and rules.problems() == []
    assert RulesProfile.from_dict(rules.as_dict()) == rules
    # every switch it names differs from the ejl: the entry says what is the club's own
    assert set(rules.differences(RULES["ejl"])) == set(preset.switches)
    assert preset.source.club and preset.source.text
    assert preset.examples


def test_the_default_comes_first_and_is_the_ejl():
    assert next(iter(PRESETS)) == "ejl" and RULES["ejl"] == RulesProfile()


# --- a preset that only combines switches, added in one place -----------------------------------

CLUB = Preset(
    code="tsv-musterdorf",
    label="TSV Musterdorf",
    source=Source(club="TSV Musterdorf", text="the club's rules sheet (a test)"),
    switches={"min_bid": 200, "durch_open": False, "lost_half_bid": True,
              "games_per_round": 16, "lost_game_fee": "0.50"},
    examples=(
        # lost 300 (120 + 170 < 300): −600; the others meld + r(tricks) + half the bid, 150
        Example(300, (120, 0, 60), (170, 45, 35), (-600, 200, 250), "lost, half the bid on top"),
        # won 200 (80 + 130): as the ejl
        Example(200, (80, 20, 40), (130, 70, 50), (210, 90, 90), "won"),
    ),
)


@pytest.fixture
def club(monkeypatch):
    """The club's preset, added where every preset is: ``scoring.presets.PRESETS``."""
    monkeypatch.setitem(PRESETS, CLUB.code, CLUB)
    return CLUB


@pytest.mark.django_db
def test_a_preset_added_in_one_place_is_offered_described_and_scored(
    club, organiser, organisers_club, client
):
    # its worked examples are scored like every preset's
    for example in club.examples:
        assert scored(club.code, example) == example.points
    # the new-event form offers it, with its games per round
    form = client.get(reverse("event-create"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert '<option value="tsv-musterdorf">TSV Musterdorf</option>' in form
    assert "&quot;tsv-musterdorf&quot;: 16" in form
    assert house_rules.preset(club.code).tie_breaks == ""
    response = client.post(reverse("event-create"), {
        "name": "Musterdorf", "slug": "", "date": "2026-12-05", "venue": "",
        "round_count": "3", "games_per_round": "12", "games_per_round_preset": "ejl",
        "rules": club.code,
    })
    assert response.status_code == 302
    event = Event.objects.get(name="Musterdorf")
    assert rules_of(event) == RULES[club.code] and event.games_per_round == 16
    # the rules page names it and offers it to load
    page = client.get(reverse("house-rules", args=[event.slug]), HTTP_ACCEPT_LANGUAGE="en")
    html = page.content.decode()
    assert "This tournament is scored by: <strong>TSV Musterdorf</strong>" in html
    assert '<option value="tsv-musterdorf" selected>TSV Musterdorf</option>' in html
    # the Merkblatt describes its switches, on paper and on the public rules page
    sheet = "\n".join(merkblatt(
        rules_of(event), games_per_round=event.games_per_round, rounds=event.round_count
    ).text(lambda msgid: msgid))
    public = client.get(reverse("event-rules", args=[event.slug]), HTTP_ACCEPT_LANGUAGE="en")
    for text in ("3 rounds of 16 games each.", "The lowest bid is 200",
                 "its meld, its tricks and half the bid", "A Durch may not be laid open.",
                 "Every game lost as declarer costs 0.50 €."):
        assert text in sheet, text
        assert text in public.content.decode(), text


def test_without_the_entry_the_preset_is_nowhere():
    assert "tsv-musterdorf" not in RULES
    assert house_rules.preset("tsv-musterdorf") is None
