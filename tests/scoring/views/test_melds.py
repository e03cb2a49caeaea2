"""The meld picker's endpoint (``scoring.views.melds``) and its dialog
(``templates/scoring/_meld_picker.html``): sums, refusals with their reason in the reader's
language, bad input, CSRF, and the dialog's list held to the catalogue of ``scoring.melds``."""

import html
import re

import pytest
from django.template.loader import render_to_string
from django.test import Client
from django.urls import reverse
from django.utils import translation

from scoring.melds import MELDS, TEN, ImpossibleMelds, Meld, party_melds
from scoring.rules import AKS_HEROLDSTATT, RULES
from tests.factories import make_entry, make_event, make_round, make_sheet, make_table

THREE = {"seats": "3", "parties": "3"}
FOUR = {"seats": "4", "parties": "4"}
PAIRS = {"seats": "4", "parties": "2"}


def post(client, data, **extra):
    return client.post(reverse("meld-sum"), data, **extra)


def reason_in(language: str, players, size=12) -> str:
    """The refusal's text as the server renders it in ``language``."""
    with pytest.raises(ImpossibleMelds) as refused:
        party_melds(players, hand_size=size)
    with translation.override(language):
        return str(refused.value)


# --- sums --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "total", "players"),
    [
        ({**THREE}, 0, [0]),
        ({**THREE, "p1-familie_trump": "1", "p1-pair": "2"}, 190, [190]),
        # a blank count is 0
        ({**THREE, "p1-binokel": "1", "p1-pair": "1", "p1-four_aces": ""}, 60, [60]),
        ({**THREE, "p1-double_familie": "1", "p1-doppelbinokel": "1"}, 1800, [1800]),
        ({**FOUR, "p1-rundgang": "1"}, 240, [240]),
        ({**PAIRS, "p1-four_aces": "1", "p2-four_aces": "1"}, 200, [100, 100]),
        ({**PAIRS, "p1-rundgang": "1", "p2-familie": "1"}, 340, [240, 100]),
        ({**PAIRS, "p2-eight_ober": " 1 "}, 1000, [0, 1000]),
    ],
)
def test_sum(client, data, total, players):
    response = post(client, data)
    assert response.status_code == 200
    assert response.json() == {"ok": True, "total": total, "players": players, "notes": []}


def test_rundgang_beside_a_familie_comes_with_a_note(client):
    response = post(client, {**THREE, "p1-rundgang": "1", "p1-familie": "1"},
                    HTTP_ACCEPT_LANGUAGE="en")
    assert response.json() == {
        "ok": True, "total": 300, "players": [300],
        "notes": ["“Rundgang” counts 200 beside a Familie (§15)."],
    }


# --- refusals ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "players", "size", "reason"),
    [
        ({**THREE, "p1-pair_trump": "3"}, [{"pair_trump": 3}], 12, "trump"),
        ({**THREE, "p1-four_aces": "2"}, [{"four_aces": 2}], 12, "four_aces_twice"),
        ({**THREE, "p1-binokel": "1", "p1-doppelbinokel": "1"},
         [{"binokel": 1, "doppelbinokel": 1}], 12, "binokel_cards"),
        ({**FOUR, "p1-double_familie": "1"}, [{"double_familie": 1}], 9, "hand_size"),
        ({**PAIRS, "p1-eight_aces": "1", "p2-four_aces": "1"},
         [{"eight_aces": 1}, {"four_aces": 1}], 9, "eight_of_a_kind"),
        ({**PAIRS, "p2-binokel": "2"}, [{}, {"binokel": 2}], 9, "binokel_twice"),
    ],
)
@pytest.mark.parametrize("language", ["de", "en"])
def test_refused_with_the_reason_in_the_readers_language(
    client, data, players, size, reason, language
):
    response = post(client, data, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    assert response.json() == {
        "ok": False, "errors": [reason_in(language, players, size)], "reason": reason
    }


def test_refusal_in_english(client):
    response = post(client, {**THREE, "p1-pair_trump": "3"}, HTTP_ACCEPT_LANGUAGE="en")
    assert response.json()["errors"] == [
        "There is one trump suit, with two Kings and two Ober: these melds need 3 trump pairs "
        "(a Familie in trump and a Rundgang each contain one)."
    ]
    response = post(client, {**PAIRS, "p2-binokel": "2"}, HTTP_ACCEPT_LANGUAGE="en")
    assert response.json()["errors"][0].startswith("Player 2: “Binokel” twice in one hand")


# --- bad input ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"p1-pair": "1"}, "Incomplete request."),
        ({"seats": "3", "parties": "2", "p1-pair": "1"}, "Incomplete request."),
        ({"seats": "x", "parties": "3"}, "Incomplete request."),
        ({**THREE, "p1-pair": "zwei"},
         "The count of “Pair” must be a whole number from 0 to 8."),
        ({**THREE, "p1-pair": "-1"}, "The count of “Pair” must be a whole number from 0 to 8."),
        ({**THREE, "p1-pair": "1.5"},
         "The count of “Pair” must be a whole number from 0 to 8."),
        ({**THREE, "p1-rundgang": "9"},
         "The count of “Rundgang” must be a whole number from 0 to 8."),
        ({**THREE, "p1-rundgang": "100000"},
         "The count of “Rundgang” must be a whole number from 0 to 8."),
        ({**THREE, "p1-joker": "1"}, "Unknown meld “p1-joker”."),
        ({**THREE, "pair": "1"}, "Unknown meld “pair”."),
        # a single has no second player
        ({**THREE, "p2-pair": "1"}, "Unknown meld “p2-pair”."),
        ({**PAIRS, "p3-pair": "1"}, "Unknown meld “p3-pair”."),
    ],
)
def test_bad_input_is_refused_with_400(client, data, message):
    response = post(client, data, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 400
    body = response.json()
    assert body["ok"] is False and body["errors"] == [message]


def test_bad_input_speaks_the_readers_language(client):
    with translation.override("de"):
        expected = str(translation.gettext("Incomplete request."))
    assert expected == "Unvollständige Anfrage."
    response = post(client, {"seats": "9"})
    assert response.json()["errors"] == [expected]


def test_only_post(client):
    assert client.get(reverse("meld-sum"), THREE).status_code == 405


def test_csrf_protected():
    response = Client(enforce_csrf_checks=True).post(reverse("meld-sum"), THREE)
    assert response.status_code == 403


# --- the dialog ---------------------------------------------------------------------------------

ROW = re.compile(
    r'<li class="meld" data-meld="(?P<code>[a-z_]+)" data-points="(?P<points>\d+)">.*?'
    r'<span class="meld-name"[^>]*>(?P<label>[^<]*)</span>\s*'
    r'<small class="meld-cards">(?P<cards>[^<]*)</small>.*?'
    r'<span class="meld-points">(?P<shown>\d+)</span>',
    re.S,
)


@pytest.mark.parametrize("language", ["de", "en"])
def test_dialog_lists_the_catalogue(language):
    """The dialog's rows are the catalogue's, in its order, with its points and its
    (translated) labels."""
    with translation.override(language):
        page = render_to_string("scoring/_meld_picker.html", {"melds": MELDS})
        rows = [match.groupdict() for match in ROW.finditer(page)]
        assert [row["code"] for row in rows] == [meld.code for meld in MELDS]
        for row, meld in zip(rows, MELDS, strict=True):
            assert int(row["points"]) == int(row["shown"]) == meld.points
            assert html.unescape(row["label"]) == translation.gettext(meld.label)
            assert html.unescape(row["cards"]) == translation.gettext(meld.cards)
    assert f'data-url="{reverse("meld-sum")}"' in page
    assert page.count('class="meld-more"') == page.count('class="meld-less"') == len(MELDS)
    assert "<dialog" in page and "data-meld-apply" in page and "scoring/melds.css" in page


@pytest.mark.django_db
def test_sheet_page_has_the_dialog_and_its_script(client):
    event = make_event()
    entries = [make_entry(event, number) for number in (1, 2, 3)]
    sheet = make_sheet(make_table(make_round(event), entries))
    page = client.get(reverse("sheet-link", kwargs={"token": sheet.token})).content.decode()
    assert page.count('id="meld-picker"') == 1
    assert "scoring/melds.js" in page and "scoring/melds.css" in page
    # outside the sheet form: the dialog's buttons are never sent with it
    assert page.index('id="meld-picker"') > page.index("</form>", page.index('id="sheet-form"'))


# --- a meld the event's rules lack ---------------------------------------------------------------

FOUR_TENS = Meld("four_tens", 100, "Four Tens", "one of each suit", rank=TEN, count=4)


@pytest.mark.django_db
def test_a_meld_the_events_rules_lack_is_refused_with_a_message(client):
    ejl = make_event()
    response = post(client, {**THREE, "event": ejl.slug, "p1-eight_tens": "1"},
                    HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 400
    assert response.json() == {
        "ok": False, "errors": ["“Eight Tens” is no meld in this tournament's rules."]
    }


@pytest.mark.django_db
def test_four_of_a_kind_twice_without_its_eight_in_the_rules_is_two_melds(client, monkeypatch):
    """A club counting four Tens but no eight Tens: the table has four Tens for every rules and
    eight Tens only for the AKS; twice four Tens is 200 where eight Tens are no meld."""
    monkeypatch.setattr("scoring.melds.MELDS", (*MELDS, FOUR_TENS))
    ejl, aks = make_event(), make_event(rules=RULES[AKS_HEROLDSTATT].as_dict())
    tens = {**THREE, "p1-four_tens": "2"}
    response = post(client, {**tens, "event": ejl.slug})
    assert response.status_code == 200
    assert response.json() == {"ok": True, "total": 200, "players": [200], "notes": []}
    refused = post(client, {**tens, "event": aks.slug}, HTTP_ACCEPT_LANGUAGE="en")
    assert refused.status_code == 200
    assert refused.json()["reason"] == "four_tens_twice"
    assert "is “Eight Tens” (1000): tap that instead" in refused.json()["errors"][0]
    # eight Tens for the ejl event: a message, not an error of the server
    lacking = post(client, {**THREE, "event": ejl.slug, "p1-eight_tens": "1",
                            "p1-four_tens": "1"}, HTTP_ACCEPT_LANGUAGE="en")
    assert lacking.status_code == 400
    assert "no meld in this tournament" in lacking.json()["errors"][0]
