"""The treasurer's summary (``money.summary``), its page, and the workbook's sheets Kasse
and Preise: an evening with ties on prize places, a stand-in and a withdrawn entry; every figure
is worked out by hand in ``money_event``'s description, none is taken from the code."""

from decimal import Decimal as D

import pytest
from django.urls import reverse
from django.utils import timezone

from money.cash.services import cancel_payment, check_in, take_payment, update_money_settings
from money.models import MoneySettings
from money.prizes.services import set_collected
from money.summary import Figure, treasurer_summary
from results.exports import event_workbook
from scoring.demo import record_game
from tests.factories import make_role
from tests.money.prize_field import prize_event
from tests.results.workbooks import open_workbook, values
from tests.scoring.games import sheet_for
from tournament.models import Entry

pytestmark = pytest.mark.django_db

NBSP = "\u00a0"


def conceded_by(seat: int) -> dict:
    """A conceded game of bid 150 without melds: the declarer −150, the others 80 each."""
    return {"bid": 150, "declarer": seat, "melds": [0, 0, 0], "tricks": None, "kind": "conceded"}


def money_event():
    """``prize_event`` (see there: ties on places 1–2 and 3–5, stand-in 6, withdrawn 7) with
    money.

    Round 2 (confirmed): at (1, 4, 8) and at (2, 3, 5) each player concedes once as declarer
    (bid 150): −150 + 80 + 80 = +10 for everyone, so the standings' order and ties stay as in
    ``prize_event`` (1 and 4: 220; 2, 3, 5: 100; 8: 40; 9: 20) and so do the prizes (155 € on
    the list, 1 € left over). Pair 11 concedes once to pair 10 (10: +80, 11: −150).
    Lost games (conceded counts): 1, 2, 3, 4, 5, 8 and pair 11 one each: 7 lost games.

    Settings: Startgeld 20 € per single, 15 € per person of a pair (30 €); 0,50 € per lost
    game; the lost-game money goes to "Kinderhospiz". No. 7 was checked in at the door before
    it withdrew, so it owes its Startgeld; the stand-in 6 owes none.

    Startgeld due: 8 singles (1, 2, 3, 4, 5, 7, 8, 9) × 20 + 2 pairs × 30 = 220 €, 10 entries.
    Paid: 1, 2, 4, 7 20 € cash; 3 20 € other (and a cancelled 20 € cash); 5 15 € cash; 8 25 €
    cash; 10 30 € cash; 9 and 11 nothing.
      collected 20 + 20 + 20 + 20 + 15 + 20 + 25 + 30 = 170 € (8 entries);
      open 5 (no. 5) + 20 (no. 9) + 30 (no. 11) = 55 € (3); paid too much 5 € (no. 8).
      Check: 220 − 170 = 50 = 55 − 5.
    Lost-game money due: 7 × 0,50 = 3,50 € (7 entries). Paid: 1, 2, 3 0,50 € cash, 4 0,50 €
    other, 11 1,00 € cash: collected 3,00 € (5); open 0,50 (no. 5) + 0,50 (no. 8) = 1,00 €
    (2); paid too much 0,50 € (no. 11). Check: 3,50 − 3,00 = 0,50 = 1,00 − 0,50.
    Takings 170 + 3 = 173 €: cash 150 (7 payments of Startgeld) + 2,50 (4 of lost-game money)
    = 152,50 € (11 payments); other 20 + 0,50 = 20,50 € (2). 152,50 + 20,50 = 173.
    Prize money on the list: 155 € in 7 lines with money (1 and 4 40 €, 2, 3, 5 10 €, best
    woman 3 15 €, pair 10 30 €); collected: no. 1's place (40 €) and no. 3's special (15 €):
    55 € (2 lines; no. 9 collected the red lantern, which has no money); not collected 100 €
    (5 lines); 1 € left over from places 3–5.
    What remains: 173 − 155 = 18 €; donation (the lost-game money collected) 3 €; the club
    keeps 15 €. Cash the box should hold: 152,50 − 55 = 97,50 €.
    Checked in: 1, 2, 3 (at the door) and 7: 4 of 11 entries.
    """
    event = prize_event()
    entries = {entry.start_number: entry for entry in Entry.objects.filter(event=event)}
    second = sheet_for(event, 2, [entries[1], entries[4], entries[8]], 1)
    third = sheet_for(event, 2, [entries[2], entries[3], entries[5]], 2)
    for sheet in (second, third):
        for seat in range(3):
            record_game(sheet=sheet, number=seat + 1, **conceded_by(seat))
    pairs = sheet_for(event, 2, [entries[10], entries[11]], 3)
    record_game(sheet=pairs, number=1, bid=150, declarer=1, melds=[0, 0], tricks=None,
                kind="conceded")
    Entry.objects.filter(pk=entries[7].pk).update(checked_in_at=timezone.now())

    update_money_settings(
        event=event, start_fee_single=D("20"), start_fee_pair=D("15"), pair_fee_per_person=True,
        lost_game_fee=D("0.50"), good_cause="Kinderhospiz",
        donation=MoneySettings.Donation.LOST_GAMES,
    )

    def pay(number, purpose, amount, method="cash", **kwargs):
        return take_payment(entry=entries[number], purpose=purpose, amount=D(amount),
                            method=method, **kwargs)

    for number in (1, 2):
        pay(number, "start_fee", "20", check_in=True)
    pay(4, "start_fee", "20")
    pay(7, "start_fee", "20")
    pay(3, "start_fee", "20", "other")
    cancel_payment(payment=pay(3, "start_fee", "20"))
    check_in(entry=entries[3])
    pay(5, "start_fee", "15")
    pay(8, "start_fee", "25")
    pay(10, "start_fee", "30")
    for number in (1, 2, 3):
        pay(number, "lost_games", "0.50")
    pay(4, "lost_games", "0.50", "other")
    pay(11, "lost_games", "1.00")
    set_collected(event=event, entry=entries[1], line="place")
    special_lines = {a.rule.award: a.line for a in _specials(event)}
    set_collected(event=event, entry=entries[3], line=special_lines["category"])
    set_collected(event=event, entry=entries[9], line=special_lines["last"])
    return event


def _specials(event):
    from money.prizes.selectors import prize_table

    return prize_table(event).rankings[0].prizes.specials


def test_every_figure_of_the_summary_against_the_hand_calculation():
    summary = treasurer_summary(money_event())
    assert (summary.entries, summary.checked_in) == (11, 4)
    assert summary.start.due == Figure(D("220"), 10)
    assert summary.start.collected == Figure(D("170"), 8)
    assert summary.start.open == Figure(D("55"), 3)
    assert summary.start.overpaid == Figure(D("5"), 1)
    assert summary.lost_games == 7
    assert summary.lost.due == Figure(D("3.50"), 7)
    assert summary.lost.collected == Figure(D("3.00"), 5)
    assert summary.lost.open == Figure(D("1.00"), 2)
    assert summary.lost.overpaid == Figure(D("0.50"), 1)
    assert summary.takings == D("173")
    assert (summary.cash, summary.other) == (Figure(D("152.50"), 11), Figure(D("20.50"), 2))
    assert summary.prize_money == Figure(D("155"), 7)
    assert summary.prizes_collected == Figure(D("55"), 2)
    assert summary.prizes_open == Figure(D("100"), 5)
    assert (summary.remainder, summary.unawarded) == (D("1"), D("0"))
    assert (summary.remains, summary.donation, summary.club_keeps) == (D("18"), D("3"), D("15"))
    assert summary.cash_in_box == D("97.50")
    assert not summary.provisional


def test_the_donation_can_be_what_remains_or_nothing():
    event = money_event()
    update_money_settings(event=event, donation=MoneySettings.Donation.REMAINDER)
    summary = treasurer_summary(event)
    assert (summary.donation, summary.club_keeps) == (D("18"), D("0"))
    update_money_settings(event=event, donation=MoneySettings.Donation.NONE)
    summary = treasurer_summary(event)
    assert (summary.donation, summary.club_keeps) == (None, D("18"))


def test_the_summary_page_shows_the_figures(client, organiser):
    event = money_event()
    make_role(event, organiser)
    html = client.get(reverse("cash-summary", args=[event.slug])).content.decode()
    for amount in ("220,00", "170,00", "55,00", "3,50", "173,00", "152,50", "20,50", "155,00",
                   "100,00", "18,00", "97,50"):
        assert f"{amount}{NBSP}€" in html, amount
    assert "Spende an Kinderhospiz" in html and "4 von 11 Teilnehmern eingecheckt" in html
    assert "11 Zahlungen" in html
    assert f'href="{reverse("cash-desk", args=[event.slug])}?zeige=offen"' in html
    # money received is "eingenommen"; "abgeholt" is what the prize table says of a prize
    assert html.count("<th>eingenommen</th>") == 2 and "<th>abgeholt</th>" not in html


def test_the_kasse_sheet_lists_every_account_and_adds_up_to_the_summary():
    event = money_event()
    rows = values(open_workbook(event_workbook(event))["Kasse"])
    header, *body = rows
    assert header == ["Startnummer", "Name", "Startgeld", "Bezahlt", "Verlorene Spiele",
                      "Verlustgeld", "Offen"]
    by_number = {row[0]: row for row in body}
    assert sorted(by_number) == list(range(1, 12))
    # Startgeld, paid (both kinds), lost games, lost-game money, open
    assert by_number[1][2:] == [20, 20.5, 1, 0.5, 0]
    assert by_number[5][2:] == [20, 15, 1, 0.5, 5.5]
    assert by_number[6][2:] == [0, 0, 0, 0, 0]  # the stand-in
    assert by_number[8][2:] == [20, 25, 1, 0.5, -4.5]  # paid 5 € too much, owes 0,50 €
    assert by_number[11][1:] == ["Otto Klotz / Ute Klotz", 30, 1, 1, 0.5, 29.5]
    column = {name: [row[index] for row in body] for index, name in enumerate(header)}
    assert sum(column["Startgeld"]) == 220 and sum(column["Verlustgeld"]) == 3.5
    assert sum(column["Bezahlt"]) == 173 and sum(column["Verlorene Spiele"]) == 7
    assert sum(column["Offen"]) == 220 + 3.5 - 173


def test_the_preise_sheet_lists_every_prize_line():
    event = money_event()
    book = open_workbook(event_workbook(event))
    rows = values(book["Preise"])
    assert rows[0] == ["Platz", "Startnummer", "Name", "Preis", "Betrag"]
    assert rows[1:] == [
        [1, 1, "Spieler 1", "Einzel: Geldpreis (geteilt, Plätze 1–2)", 40],
        [1, 4, "Spieler 4", "Einzel: Geldpreis (geteilt, Plätze 1–2)", 40],
        [3, 2, "Spieler 2", "Einzel: Präsentkorb (geteilt, Plätze 3–5)", 10],
        [3, 3, "Spieler 3", "Einzel: Geldpreis (geteilt, Plätze 3–5)", 10],
        [3, 5, "Spieler 5", "Einzel: Wein (geteilt, Plätze 3–5)", 10],
        [7, 9, "Spieler 9", "Einzel: Rote Laterne: Laterne", None],
        [3, 3, "Spieler 3", "Einzel: Beste Kategorie „Frau“: Geldpreis", 15],
        [1, 10, "Karl Weiß / Rosi Weiß", "Paare: Geldpreis", 30],
    ]
    assert sum(row[4] or 0 for row in rows[1:]) == 155
    assert book["Preise"]["E2"].number_format == "0.00"
    assert book["Kasse"]["C2"].number_format == "0.00"
    assert book["Kasse"]["E2"].number_format == "General"  # a count of games


def test_expenses_come_off_what_remains_and_those_from_the_box_off_its_cash(client, organiser):
    """The hand calculation above (remains 18, club keeps 15, box 97,50) with the hall paid by
    the club (10 €) and the bread rolls from the box (4,50 €); a cancelled expense counts not."""
    from money.cash.services import add_expense, cancel_expense

    event = money_event()
    make_role(event, organiser)
    add_expense(event=event, purpose="Hallenmiete", amount=D("10"), paid_by="Verein")
    add_expense(event=event, purpose="Brezeln", amount=D("4.50"), from_cash_box=True)
    cancel_expense(expense=add_expense(event=event, purpose="doppelt", amount=D("10")))
    summary = treasurer_summary(event)
    assert summary.expenses == Figure(D("14.50"), 2)
    assert summary.expenses_from_box == Figure(D("4.50"), 1)
    assert (summary.remains, summary.donation, summary.club_keeps) == (
        D("3.50"), D("3"), D("0.50")
    )
    assert summary.cash_in_box == D("93.00")
    html = client.get(reverse("cash-summary", args=[event.slug])).content.decode()
    assert f"14,50{NBSP}€" in html and f"93,00{NBSP}€" in html
    assert reverse("expenses", args=[event.slug]) in html


def test_the_expenses_page_records_cancels_and_takes_a_double_submit_once(client, organiser):
    from money.models import Expense

    event = money_event()
    make_role(event, organiser)
    url = reverse("expenses", args=[event.slug])
    page = client.get(url).content.decode()
    token = page.split('name="form_token" value="')[1].split('"')[0]
    data = {"date": "21.11.2026", "purpose": "Sachpreise", "amount": "85,50",
            "paid_by": "Anna", "from_cash_box": "on", "receipt": "Beleg 3", "form_token": token}
    assert client.post(url, data).status_code == 302
    assert client.post(url, data).status_code == 302  # sent twice: recorded once
    expense = Expense.objects.get()
    assert (expense.amount, expense.from_cash_box, expense.paid_by) == (D("85.50"), True, "Anna")
    html = client.get(url).content.decode()
    assert "Sachpreise" in html and f"85,50{NBSP}€" in html
    assert client.post(reverse("expense-cancel", args=[event.slug, expense.pk])).status_code == 302
    assert Expense.objects.get().is_cancelled
    bad = client.post(url, {**data, "form_token": "", "purpose": "", "amount": "1e3"})
    assert bad.status_code == 400 and Expense.objects.count() == 1
