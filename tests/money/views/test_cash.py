"""The Kasse pages (``money.cash.views``): the desk's list and its unpaid filter, paying and
checking in at the door in one step, an entry's account, cancelling, and the money settings."""

import re
from decimal import Decimal as D

import pytest
from django.urls import reverse

from core.models import ChangeRecord
from money.audit import MoneyAction
from money.cash.services import take_payment, update_money_settings
from money.models import MoneySettings, Payment
from tests.factories import make_entry, make_event

pytestmark = pytest.mark.django_db

NBSP = "\u00a0"


def html_of(response) -> str:
    return response.content.decode()


@pytest.fixture
def event(organiser):
    """An event of the ``organiser``; Startgeld 8 € per single, 7,50 € per person of a pair:
    1 and 2 singles, 3 a pair, 4 a stand-in, 5 withdrawn."""
    event = make_event(organiser=organiser)
    update_money_settings(
        event=event, start_fee_single=D("8"), start_fee_pair=D("7.50"), pair_fee_per_person=True
    )
    make_entry(event, 1, "Hans Maier")
    make_entry(event, 2, "Anna Rapp")
    make_entry(event, 3, "Karl Weiß", partner="Rosi Weiß")
    make_entry(event, 4, "Ersatz Eins", is_stand_in=True)
    make_entry(event, 5, "Otto Klotz", is_withdrawn=True)
    return event


def desk(client, event, query: str = ""):
    return client.get(reverse("cash-desk", args=[event.slug]) + query)


def test_the_desk_lists_what_everyone_owes(client, organiser, event):
    html = html_of(desk(client, event))
    assert f"8,00{NBSP}€" in html and f"15,00{NBSP}€" in html  # a pair: 2 × 7,50
    assert "0 von 5 Teilnehmern eingecheckt" in html
    assert "3 Teilnehmer schulden noch das Startgeld" in html
    assert f"(31,00{NBSP}€)" in html  # 8 + 8 + 15; the stand-in and the withdrawn owe nothing
    assert f"Einchecken + 15,00{NBSP}€ bar" in html


def test_the_unpaid_list_shows_only_who_still_owes(client, organiser, event):
    take_payment(entry=event.entries.get(start_number=1), purpose="start_fee", amount=D("8"))
    take_payment(entry=event.entries.get(start_number=3), purpose="start_fee", amount=D("7.50"))
    html = html_of(desk(client, event, "?zeige=offen"))
    assert "Anna Rapp" in html and "Karl Weiß" in html  # the pair paid half
    assert "Hans Maier" not in html and "Ersatz Eins" not in html and "Otto Klotz" not in html
    assert f"7,50{NBSP}€ bar" in html
    assert "2 Teilnehmer schulden noch das Startgeld" in html


def test_paying_at_the_door_checks_in_and_returns_to_the_list(client, organiser, event):
    response = client.post(
        reverse("cash-pay", args=[event.slug, 2]),
        {"purpose": "start_fee", "amount": "8.00", "method": "cash", "check_in": "1",
         "next": "liste", "zeige": "offen"},
    )
    assert response.status_code == 302
    assert response["Location"] == reverse("cash-desk", args=[event.slug]) + "?zeige=offen"
    entry = event.entries.get(start_number=2)
    assert entry.is_checked_in
    payment = Payment.objects.get()
    assert (payment.entry, payment.amount, payment.method, payment.taken_by) == (
        entry, D("8.00"), "cash", organiser
    )
    html = html_of(client.get(response["Location"]))
    assert f"Startnummer 2: 8,00{NBSP}€ kassiert (Startgeld, bar)." in html
    assert "Anna Rapp" not in html.split("<tbody>")[1]


def test_an_amount_typed_the_german_way_is_taken(client, organiser, event):
    client.post(
        reverse("cash-pay", args=[event.slug, 3]),
        {"purpose": "start_fee", "amount": "7,50", "method": "other", "note": "Überweisung"},
    )
    payment = Payment.objects.get()
    assert (payment.amount, payment.method, payment.note) == (D("7.50"), "other", "Überweisung")
    assert not payment.entry.is_checked_in


def test_a_wrong_amount_is_shown_on_the_account_and_nothing_taken(client, organiser, event):
    response = client.post(
        reverse("cash-pay", args=[event.slug, 1]),
        {"purpose": "start_fee", "amount": "0", "method": "cash"},
    )
    assert response.status_code == 400
    assert "Hans Maier" in html_of(response)
    assert not Payment.objects.exists()
    assert not ChangeRecord.objects.filter(action=MoneyAction.PAID).exists()


def test_opening_an_account_by_start_number(client, organiser, event):
    response = desk(client, event, "?nr=3")
    assert response["Location"] == reverse("cash-entry", args=[event.slug, 3])
    html = html_of(desk(client, event, "?nr=99"))
    assert "Die Startnummer 99 gibt es in diesem Turnier nicht." in html


def test_the_account_shows_payments_and_cancelling_one(client, organiser, event):
    entry = event.entries.get(start_number=1)
    wrong = take_payment(entry=entry, purpose="start_fee", amount=D("80"), user=organiser)
    html = html_of(client.get(reverse("cash-entry", args=[event.slug, 1])))
    assert f"Zu viel bezahlt: −72,00{NBSP}€." in html
    response = client.post(
        reverse("cash-cancel", args=[event.slug, wrong.pk]), {"reason": "vertippt"}
    )
    assert response["Location"] == reverse("cash-entry", args=[event.slug, 1])
    html = html_of(client.get(response["Location"]))
    assert "storniert" in html and "Grund: vertippt" in html
    assert 'value="8,00"' in html  # the form offers what is open, the German way
    assert not Payment.objects.valid().exists()


def test_a_payment_of_another_event_cannot_be_cancelled(client, organiser, event):
    other = make_event()
    payment = take_payment(entry=make_entry(other, 1), purpose="start_fee", amount=D("5"))
    response = client.post(reverse("cash-cancel", args=[event.slug, payment.pk]))
    assert response.status_code == 404
    assert not Payment.objects.get().is_cancelled


def test_check_in_and_undo_from_the_account(client, organiser, event):
    url = reverse("cash-check-in", args=[event.slug, 2])
    client.post(url, {"present": "1"})
    assert event.entries.get(start_number=2).is_checked_in
    response = client.post(url)
    assert not event.entries.get(start_number=2).is_checked_in
    assert "Startnummer 2: Einchecken zurückgenommen." in html_of(client.get(response["Location"]))


def test_a_withdrawn_entry_is_refused_at_the_door(client, organiser, event):
    response = client.post(reverse("cash-check-in", args=[event.slug, 5]), {"present": "1"},
                           follow=True)
    assert "Startnummer 5 ist abgemeldet" in html_of(response)
    assert not event.entries.get(start_number=5).is_checked_in


def test_money_settings_are_saved_through_the_page(client, organiser):
    event = make_event(organiser=organiser)
    url = reverse("money-settings", args=[event.slug])
    assert client.get(url).status_code == 200
    response = client.post(url, {
        "start_fee_single": "6,00", "start_fee_pair": "10", "lost_game_fee": "0,50",
        "lost_game_fee_higher": "1,00", "lost_game_fee_higher_from": "5",
        "lost_durch_counts": "on", "good_cause": "Kinderhospiz", "donation": "lost_games",
    })
    assert response["Location"] == reverse("cash-desk", args=[event.slug])
    settings = MoneySettings.objects.get(event=event)
    assert (settings.start_fee_single, settings.lost_game_fee_higher,
            settings.lost_game_fee_higher_from, settings.lost_durch_counts,
            settings.lost_conceded_counts, settings.donation) == (
        D("6.00"), D("1.00"), 5, True, False, "lost_games"
    )


def test_inconsistent_money_settings_are_shown_at_their_field(client, organiser):
    event = make_event(organiser=organiser)
    response = client.post(reverse("money-settings", args=[event.slug]), {
        "start_fee_single": "6", "start_fee_pair": "10", "lost_game_fee": "0",
        "donation": "remainder",
    })
    assert response.status_code == 200
    assert "Bitte nennen Sie den guten Zweck" in html_of(response)
    assert not MoneySettings.objects.exists()


def test_the_event_page_links_the_cash_desk(client, organiser, event):
    html = html_of(client.get(event.get_absolute_url()))
    assert reverse("cash-desk", args=[event.slug]) in html


def test_lost_game_money_is_collected_at_the_end_from_its_own_list(client, organiser, event):
    from scoring.demo import record_game
    from tests.scoring.games import CONCEDED, LOST, sheet_for

    update_money_settings(event=event, lost_game_fee=D("0.50"))
    one, two = event.entries.get(start_number=1), event.entries.get(start_number=2)
    sheet = sheet_for(event, 1, [one, two, make_entry(event, 6, "Eva Zeller")], 1)
    record_game(sheet=sheet, number=1, **LOST)  # no. 1 loses as declarer
    record_game(sheet=sheet, number=2, **CONCEDED)  # and concedes
    html = html_of(desk(client, event, "?zeige=verlustgeld"))
    table = html.split("<tbody>")[1]
    assert "Hans Maier" in table and "Anna Rapp" not in table
    assert f"Verlustgeld 1,00{NBSP}€ bar" not in table  # the Startgeld comes first
    take_payment(entry=one, purpose="start_fee", amount=D("8"))
    html = html_of(desk(client, event, "?zeige=verlustgeld"))
    assert f"Verlustgeld 1,00{NBSP}€ bar" in html
    client.post(reverse("cash-pay", args=[event.slug, 1]), {
        "purpose": "lost_games", "amount": "1.00", "method": "cash", "next": "liste",
        "zeige": "verlustgeld",
    })
    assert Payment.objects.filter(purpose="lost_games", amount=D("1.00"), entry=one).exists()
    html = html_of(client.get(reverse("cash-entry", args=[event.slug, 1])))
    assert "2 verlorene Spiele zählen" in html
    assert "als Alleinspieler verloren: 1 gespielt, 0 Durch, 1 abgeschrieben" in html


def test_the_door_button_sent_twice_takes_the_money_once(client, organiser, event):
    """The list's button carries a one-time token: a double click or a resend takes 8 € once
    and says so."""
    html = html_of(desk(client, event))
    row = html.split("Anna Rapp")[1].split("</tr>")[0]
    token = row.split('name="form_token" value="')[1].split('"')[0]
    data = {"purpose": "start_fee", "amount": "8.00", "method": "cash", "check_in": "1",
            "form_token": token, "next": "liste"}
    url = reverse("cash-pay", args=[event.slug, 2])
    first, second = client.post(url, data), client.post(url, data)
    assert first.status_code == second.status_code == 302
    assert Payment.objects.filter(entry__start_number=2).count() == 1
    assert ChangeRecord.objects.filter(action=MoneyAction.PAID).count() == 1
    html = html_of(client.get(second["Location"]))
    assert "diese Zahlung wurde bereits kassiert" in html


def test_a_second_door_check_in_of_a_paid_entry_is_refused(client, organiser, event):
    """Two helpers at two screens, each with its own token: the second finds the entry checked
    in with its Startgeld paid, takes nothing and says why."""
    url = reverse("cash-pay", args=[event.slug, 1])
    pages = [desk(client, event) for _ in range(2)]
    tokens = [
        html_of(page).split("Hans Maier")[1].split('name="form_token" value="')[1].split('"')[0]
        for page in pages
    ]
    assert tokens[0] != tokens[1]
    first, second = (
        client.post(url, {"purpose": "start_fee", "amount": "8.00", "method": "cash",
                          "check_in": "1", "form_token": token, "next": "liste"})
        for token in tokens
    )
    assert first.status_code == 302 and second.status_code == 400
    assert Payment.objects.filter(entry__start_number=1).count() == 1
    assert "ist schon eingecheckt und hat das Startgeld bezahlt" in html_of(second)


@pytest.mark.parametrize(
    ("reason", "said"),
    [("x" * 201, "höchstens 200 Zeichen"), ("ver\u0007tippt", "Steuerzeichen")],
)
def test_a_cancellation_with_a_bad_reason_is_refused_and_says_why(
    client, organiser, event, reason, said
):
    """A reason too long or with control characters: the payment stays and the page says why
    (it used to cancel and drop the reason)."""
    payment = take_payment(
        entry=event.entries.get(start_number=1), purpose="start_fee", amount=D("80")
    )
    response = client.post(reverse("cash-cancel", args=[event.slug, payment.pk]),
                           {"reason": reason})
    assert not Payment.objects.get(pk=payment.pk).is_cancelled
    html = html_of(client.get(response["Location"]))
    assert "Grund" in html and said in html
    assert not ChangeRecord.objects.filter(action=MoneyAction.PAYMENT_CANCELLED).exists()


def test_far_more_than_is_open_is_taken_only_when_confirmed(client, organiser, event):
    """80 € typed for the 8 € open: the account asks (with a box to tick) and takes nothing;
    ticked, it takes it. A little more (a tip) is taken without asking."""
    url = reverse("cash-pay", args=[event.slug, 1])
    data = {"purpose": "start_fee", "amount": "80,00", "method": "cash"}
    response = client.post(url, data)
    assert response.status_code == 400
    html = html_of(response)
    assert f"80,00{NBSP}€ ist weit mehr als die noch offenen 8,00{NBSP}€" in html
    assert 'type="checkbox" name="more_ok"' in html
    assert not Payment.objects.exists()
    assert client.post(url, {**data, "more_ok": "on"}).status_code == 302
    assert Payment.objects.get().amount == D("80.00")
    # 2 € over what is open: no question
    assert client.post(reverse("cash-pay", args=[event.slug, 2]),
                       {**data, "amount": "10,00"}).status_code == 302


def test_the_list_button_returns_to_its_row(client, organiser, event):
    html = html_of(desk(client, event))
    assert 'id="nr-2"' in html and 'name="bei" value="2"' in html
    response = client.post(
        reverse("cash-pay", args=[event.slug, 2]),
        {"purpose": "start_fee", "amount": "8.00", "method": "cash", "next": "liste",
         "bei": "2"},
    )
    assert response["Location"] == reverse("cash-desk", args=[event.slug]) + "#nr-2"


def test_the_typing_goes_to_the_start_number_or_after_the_doors_work_to_the_code(
    client, organiser, event
):
    def autofocused(html: str) -> list[str]:
        return re.findall(r'<input[^>]*\bname="([^"]+)"[^>]*\bautofocus\b', html)

    html = html_of(desk(client, event))
    assert autofocused(html) == ["nr"] and "tournament/focus.js" in html
    assert autofocused(html_of(desk(client, event, "?code=GIBTSNICHT"))) == ["code"]
    assert autofocused(html_of(desk(client, event, "?feld=code"))) == ["code"]
    assert autofocused(html_of(desk(client, event, "?nr=99"))) == ["nr"]  # its message
    # the door's button returns to the list at the row, the typing to the code
    response = client.post(
        reverse("cash-pay", args=[event.slug, 2]),
        {"purpose": "start_fee", "amount": "8.00", "method": "cash", "next": "liste",
         "bei": "2", "feld": "code"},
    )
    assert response["Location"] == reverse("cash-desk", args=[event.slug]) + "?feld=code#nr-2"
