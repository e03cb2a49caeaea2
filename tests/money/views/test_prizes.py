"""The prize pages (``money.prizes.views``): defining prizes, the prize table in call order
with its lot and "abgeholt" ticks, and its printout."""

from decimal import Decimal as D

import pytest
from django.urls import reverse

from core.models import ChangeRecord
from money.audit import MoneyAction
from money.models import PrizeHandout, PrizeLot
from money.prizes.services import update_prize_settings
from tests.factories import make_entry, make_event, make_role
from tests.money.prize_field import prize_event

pytestmark = pytest.mark.django_db

NBSP = "\u00a0"


def html_of(response) -> str:
    return response.content.decode()


def test_prizes_are_defined_through_the_page(client, organiser):
    event = make_event(organiser=organiser)
    url = reverse("prize-add", args=[event.slug])
    response = client.post(url, {"pairs": "0", "award": "place", "place": "1", "amount": "200"})
    assert response["Location"] == reverse("prizes", args=[event.slug])
    client.post(url, {"pairs": "0", "award": "place", "place": "6", "to_end": "on",
                      "goods": "Flasche Wein"})
    client.post(url, {"pairs": "1", "award": "last", "goods": "Rote Laterne"})
    html = html_of(client.get(reverse("prizes", args=[event.slug])))
    assert f"200,00{NBSP}€" in html and "„Flasche Wein“" in html
    assert "Platz 6 und alle weiteren Plätze" in html and "Rote Laterne (letzter Platz)" in html
    prize = event.prizes.get(place=1)
    client.post(reverse("prize-remove", args=[event.slug, prize.pk]))
    assert not event.prizes.filter(place=1).exists()
    assert ChangeRecord.objects.filter(action=MoneyAction.PRIZE_REMOVED).count() == 1


def test_a_refused_prize_is_shown_at_its_field(client, organiser):
    event = make_event(organiser=organiser)
    response = client.post(reverse("prize-add", args=[event.slug]),
                           {"pairs": "0", "award": "place", "place": "1"})
    assert response.status_code == 400
    assert "Ein Preis ist ein Betrag, ein Anteil am Topf oder ein Sachpreis" in html_of(response)
    assert not event.prizes.exists()


def test_prize_settings_through_the_page(client, organiser):
    event = make_event(organiser=organiser)
    client.post(reverse("prize-settings", args=[event.slug]),
                {"pot_percent": "50,5", "call_order": "top_last"})
    settings = event.prize_settings
    assert (settings.pot_percent, settings.share_money, settings.call_order) == (
        D("50.50"), False, "top_last"
    )


def rows(html: str, start_number: int) -> str:
    """The prize list's row of a start number."""
    return html.split(f'id="nr-{start_number}"')[1].split("</tr>")[0]


def test_the_prize_table_in_call_order_with_the_lot_to_draw(client, organiser):
    event = prize_event()
    make_role(event, organiser)
    html = html_of(client.get(reverse("prize-table", args=[event.slug])))
    assert "Los ziehen" in html and "2 Spieler 2, 3 Spieler 3, 5 Spieler 5" in html
    assert f"40,00{NBSP}€" in rows(html, 1) and "(geteilt: Plätze 1–2" in rows(html, 1)
    assert "Präsentkorb" in rows(html, 2)
    assert html.index('id="nr-1"') < html.index('id="nr-5"')  # highest place first
    # the special prizes in a table of their own, with the column naming them
    assert html.count("<th>Sonderpreis</th>") == 1
    assert html.index("<th>Sonderpreis</th>") < html.index("Laterne")
    assert "Laterne" in html and f"Preisgeld: 155,00{NBSP}€, davon abgeholt: 0,00{NBSP}€" in html
    assert f"Rest aus geteilten Plätzen (bleibt in der Kasse): 1,00{NBSP}€" in html
    update_prize_settings(event=event, call_order="top_last")
    html = html_of(client.get(reverse("prize-table", args=[event.slug])))
    assert html.index('id="nr-5"') < html.index('id="nr-1"')  # the winner last
    response = client.post(reverse("prize-draw", args=[event.slug]), follow=True)
    assert "Los gezogen für die Einzel, gleichauf auf Platz 4" in html_of(response)
    assert PrizeLot.objects.count() == 1 and "Los ziehen" not in html_of(response)


def test_ticking_off_a_collected_prize(client, organiser):
    event = prize_event()
    make_role(event, organiser)
    response = client.post(reverse("prize-collected", args=[event.slug]),
                           {"nr": "4", "line": "place", "collected": "1"})
    assert response["Location"] == reverse("prize-table", args=[event.slug]) + "#nr-4"
    assert PrizeHandout.objects.get().entry.start_number == 4
    html = html_of(client.get(response["Location"]))
    assert f"davon abgeholt: 40,00{NBSP}€" in html
    client.post(reverse("prize-collected", args=[event.slug]), {"nr": "4", "line": "place"})
    assert not PrizeHandout.objects.exists()


def test_the_printout_has_a_box_to_tick_per_line(client, organiser):
    event = prize_event()
    make_role(event, organiser)
    html = html_of(client.get(reverse("prize-table-print", args=[event.slug])))
    assert html.count('<span class="box">') == 5 + 2 + 1  # singles, specials, pairs
    assert reverse("prize-collected", args=[event.slug]) not in html  # ticked by hand
    assert "ist noch ein Los zu ziehen" in html


def test_the_prizes_page_lists_what_to_buy_for_the_expected_field(client, organiser):
    from money.prizes.services import add_prize

    event = make_event(organiser=organiser)
    for number in range(1, 6):
        make_entry(event, number)
    add_prize(event=event, pairs=False, award="place", place=1, goods="Pokal")
    add_prize(event=event, pairs=False, award="place", place=2, to_end=True, goods="Wein")
    url = reverse("prizes", args=[event.slug])
    html = client.get(url).content.decode()
    assert "4 × Wein" in html and "1 × Pokal" in html  # the 5 registered
    html = client.get(url + "?einzel=60&paare=0").content.decode()
    assert "59 × Wein" in html
