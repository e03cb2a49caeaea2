"""The pages that show an event's house rules: the rules sheet for every table (Merkblatt,
``scoring.views.printouts.merkblatt_printout``), the public rules page
(``scoring.views.public_rules``), the printed score sheet naming the rules and their kinds of game,
the event page's links, and a series naming each evening's rules (``series.views``)."""

import re

import pytest
from django.urls import reverse

from scoring.rules import AKS_HEROLDSTATT, BSV_ENNAHOFEN, EJL, RULES
from series.services import add_event, create_series
from tests.factories import make_entry, make_event
from tournament.models import Seat, Table
from tournament.services import generate_plan

pytestmark = pytest.mark.django_db


def seated_event(name: str = EJL, **fields):
    rules = RULES[name]
    event = make_event(rules=rules.as_dict(), games_per_round=rules.games_per_round, **fields)
    for number in range(1, 10):
        make_entry(event, number)
    generate_plan(event=event, seed=2)
    return event


def html_of(response) -> str:
    assert response.status_code == 200
    return response.content.decode()


def merkblatt_pages(html: str) -> list[str]:
    return re.split(r'<section class="print-page merkblatt', html)[1:]


# (preset, German texts every sheet shows, texts no sheet of it shows)
SHEETS = [
    (
        EJL,
        ["Regeln: <strong>ejl Benefizbinokel</strong>", "12 Spiele",
         "Durch aufgelegt", "Doppelte Familie", "1500", "Schreiber"],
        ["Durch wird nicht gespielt", "Acht Zehner", "unterschreiben", "genauen"],
    ),
    (
        AKS_HEROLDSTATT,
        ["Regeln: <strong>AKS Heroldstatt Preisbinokel</strong>", "15 Spiele",
         "Durch wird nicht gespielt.", "Acht Zehner", "−600", "1,00 €", "unterschreiben"],
        ["Durch aufgelegt", "= 1500", ">1500<"],
    ),
    (
        BSV_ENNAHOFEN,
        ["Regeln: <strong>BSV Ennahofen</strong>", "Durch aufgelegt", "1500",
         "genauen", "0,50 €"],
        ["Durch wird nicht gespielt", "Acht Zehner", "unterschreiben"],
    ),
]


@pytest.mark.parametrize(("name", "present", "absent"), SHEETS)
def test_the_rules_sheet_has_one_page_per_table_by_the_events_rules(
    client, organiser, name, present, absent
):
    event = seated_event(name, organiser=organiser)
    html = html_of(client.get(reverse("print-merkblatt", args=[event.slug])))
    numbers = sorted(set(
        Table.objects.filter(round__event=event).values_list("number", flat=True)
    ))
    pages = merkblatt_pages(html)
    assert len(pages) == len(numbers) == 3
    for number, page in zip(numbers, pages, strict=True):
        assert f"Tisch {number}" in page
        for text in present:
            assert text in page, text
        for text in absent:
            assert text not in page, text
    # the QR code of the public rules page
    assert reverse("event-rules", args=[event.slug]) in html or "<svg" in html
    assert html.count("<svg") >= len(pages)


def test_the_rules_sheet_prints_the_tables_asked_for(client, organiser):
    event = seated_event(organiser=organiser)
    html = html_of(client.get(reverse("print-merkblatt", args=[event.slug]) + "?tische=2"))
    pages = merkblatt_pages(html)
    assert len(pages) == 1 and "Tisch 2" in pages[0]


def test_the_rules_sheet_without_a_plan_is_one_page_to_copy(client, organiser):
    event = make_event(organiser=organiser, rules=RULES[AKS_HEROLDSTATT].as_dict())
    html = html_of(client.get(reverse("print-merkblatt", args=[event.slug])))
    pages = merkblatt_pages(html)
    assert len(pages) == 1 and "Merkblatt</h1>" in pages[0] and "Tisch 1" not in pages[0]
    assert "Durch wird nicht gespielt." in pages[0]
    assert "Noch kein Sitzplan" not in html


def test_the_rules_sheet_is_for_the_desk_not_the_public(client):
    event = seated_event()
    response = client.get(reverse("print-merkblatt", args=[event.slug]))
    assert response.status_code == 302


@pytest.mark.parametrize(("name", "present", "absent"), SHEETS)
def test_the_public_rules_page_shows_the_same_rules(client, name, present, absent):
    event = seated_event(name)
    html = html_of(client.get(reverse("event-rules", args=[event.slug])))
    assert "<h1>Regeln</h1>" in html
    for text in present[1:]:
        assert text in html, text
    for text in absent:
        assert text not in html, text


# (preset, how a misplay scores by its rules: the others' points in the example, and whether
# they get half the bid on top)
MISPLAYED = [(EJL, "90 / 90", False), (AKS_HEROLDSTATT, "190 / 190", True),
             (BSV_ENNAHOFEN, "90 / 90", False)]


@pytest.mark.parametrize(("name", "others", "half_bid"), MISPLAYED)
def test_the_public_rules_page_explains_verworfen_by_the_events_rules(
    client, name, others, half_bid
):
    event = seated_event(name)
    html = html_of(client.get(reverse("event-rules", args=[event.slug])))
    text = " ".join(re.sub(r"<[^>]+>", " ", html).split())
    assert "Verworfen (eine regelwidrig gespielte Karte wird zurückgenommen" in text
    assert "Hat der Alleinspieler verworfen, hat er verloren" in text
    assert f"hat aber verworfen: −400; die anderen (gemeldet 20 / 40, Stiche 70 / 50) " \
        f"bekommen {others}." in text
    misplayed = text.split("Verworfen (")[1].split("Beispiel")[0]
    assert ("den halben Reizwert" in misplayed) is half_bid
    # the concede beside it, by the same rules (AKS: half the bid to the others)
    assert "Abgeschrieben (es wird kein Stich gespielt)" in text


def test_the_public_rules_page_of_an_unknown_event_is_404(client, db):
    assert client.get(reverse("event-rules", args=["gibt-es-nicht"])).status_code == 404


def test_a_changed_switch_changes_the_public_example(client, db):
    rules = {**RULES[EJL].as_dict(), "lost_half_bid": True}
    event = make_event(rules=rules)
    html = html_of(client.get(reverse("event-rules", args=[event.slug])))
    assert "ejl Benefizbinokel, mit eigenen Änderungen" in html
    assert "200 / 250" in html and "50 / 100" not in html


def kinds_cells(html: str) -> list[str]:
    return [
        " ".join(re.sub(r"<[^>]+>", " ", cell).split())
        for cell in re.findall(r'<td class="kinds">(.*?)</td>', html, re.S)
    ]


# (preset, the kinds the printed sheet offers)
KINDS = [
    (EJL, "gespielt · abgeschrieben Durch · Durch aufgelegt"),
    (AKS_HEROLDSTATT, "gespielt · abgeschrieben"),
    (BSV_ENNAHOFEN, "gespielt · abgeschrieben Durch · Durch aufgelegt"),
    ("ejl-without-open", "gespielt · abgeschrieben Durch"),
]


@pytest.mark.parametrize(("name", "kinds"), KINDS)
def test_the_printed_score_sheet_names_the_rules_and_their_kinds(client, organiser, name, kinds):
    if name == "ejl-without-open":
        event = seated_event(EJL, organiser=organiser)
        event.rules = {**event.rules, "durch_open": False}
        event.save()
    else:
        event = seated_event(name, organiser=organiser)
    html = html_of(client.get(reverse("print-sheets", args=[event.slug]) + "?durchgang=1"))
    cells = kinds_cells(html)
    assert cells and set(cells) == {kinds}
    label = {AKS_HEROLDSTATT: "AKS Heroldstatt Preisbinokel", BSV_ENNAHOFEN: "BSV Ennahofen"}
    assert f"Regeln: {label.get(name, 'ejl Benefizbinokel')}" in html
    players_sign = name == AKS_HEROLDSTATT
    # a signature line for each seated player, whatever the rules
    seated = Seat.objects.filter(table__round__event=event, table__round__number=1).count()
    assert html.count("player-signature") == seated
    assert ("Alle Spieler des Tisches bestätigen" in html) == players_sign
    assert ("Der Schreiber unterschreibt" in html) != players_sign


def test_the_event_page_links_the_rules_sheet_and_the_public_rules(client, organiser):
    event = seated_event(BSV_ENNAHOFEN, organiser=organiser)
    html = html_of(client.get(event.get_absolute_url()))
    assert "BSV Ennahofen" in html
    assert reverse("print-merkblatt", args=[event.slug]) in html
    assert reverse("event-rules", args=[event.slug]) in html


def test_a_series_names_each_evenings_rules(client, organiser):
    evenings = [
        make_event(organiser=organiser, name="Cupabend Heroldstatt",
                   rules=RULES[AKS_HEROLDSTATT].as_dict()),
        make_event(organiser=organiser, name="Cupabend Ennahofen",
                   rules=RULES[BSV_ENNAHOFEN].as_dict()),
        make_event(organiser=organiser, name="Cupabend Wendlingen"),
    ]
    series = create_series(user=organiser, name="Alb-Cup", slug="alb-cup", counting="all")
    for event in evenings:
        add_event(series=series, event=event, user=organiser)
    labels = ["AKS Heroldstatt Preisbinokel", "BSV Ennahofen", "ejl Benefizbinokel"]

    def rules_by_evening(html: str) -> dict[str, str]:
        rows = re.findall(
            r"(Cupabend \w+).*?class=\"evening-rules\">(.*?)</(?:td|span)>", html, re.S
        )
        return {name: " ".join(re.sub(r"<[^>]+>", " ", rules).split()) for name, rules in rows}

    organiser_page = rules_by_evening(html_of(client.get(series.get_absolute_url())))
    assert organiser_page == {
        "Cupabend Heroldstatt": labels[0], "Cupabend Ennahofen": labels[1],
        "Cupabend Wendlingen": labels[2],
    }
    series.public = True
    series.save()
    client.logout()
    public_html = html_of(client.get(reverse("public-series", args=[series.slug])))
    public_page = rules_by_evening(public_html)
    assert public_page == {
        "Cupabend Heroldstatt": f"Regeln: {labels[0]}",
        "Cupabend Ennahofen": f"Regeln: {labels[1]}",
        "Cupabend Wendlingen": f"Regeln: {labels[2]}",
    }
    for event in evenings:
        assert reverse("event-rules", args=[event.slug]) in public_html
