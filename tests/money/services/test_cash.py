"""The Kasse's writes (``money.cash.services``): money settings, check-in, payments and
their cancellation; each checked, saved and logged."""

from decimal import Decimal as D

import pytest

from core.models import ChangeRecord
from money.audit import MoneyAction
from money.cash.services import (
    CashError,
    cancel_payment,
    check_in,
    take_payment,
    update_money_settings,
)
from money.models import MoneySettings, Payment
from tests.factories import make_entry, make_event, make_user

pytestmark = pytest.mark.django_db


def test_settings_are_created_on_first_save_and_changes_logged():
    event, user = make_event(), make_user()
    assert MoneySettings.for_event(event).pk and not MoneySettings.objects.exists()
    changes = update_money_settings(
        event=event, user=user, start_fee_single=D("8"), start_fee_pair=D("7.5"),
        pair_fee_per_person=True, lost_game_fee=D("0.50"), good_cause=" Kinderhospiz ",
        donation=MoneySettings.Donation.LOST_GAMES,
    )
    settings = MoneySettings.objects.get(event=event)
    assert (settings.start_fee_single, settings.start_fee_pair, settings.lost_game_fee) == (
        D("8.00"), D("7.50"), D("0.50")
    )
    assert settings.good_cause == "Kinderhospiz"
    assert changes == [
        ["start_fee_single", "0", "8.00"],
        ["start_fee_pair", "0", "7.50"],
        ["pair_fee_per_person", False, True],
        ["lost_game_fee", "0", "0.50"],
        ["good_cause", "", "Kinderhospiz"],
        ["donation", "", "lost_games"],
    ]
    log = ChangeRecord.objects.get()
    assert (log.action, log.user, log.params["changes"]) == (MoneyAction.CASH_SETTINGS, user,
                                                             changes)
    assert log.description == (
        "Geldeinstellungen geändert: Startgeld pro Einzel „0,00\u00a0€“ → „8,00\u00a0€“; "
        "Startgeld pro Paar „0,00\u00a0€“ → „7,50\u00a0€“; Startgeld des Paars pro Person "
        "„nein“ → „ja“; Pro verlorenem Spiel „0,00\u00a0€“ → „0,50\u00a0€“; "
        "Guter Zweck „–“ → „Kinderhospiz“; Gespendet „–“ → „das Verlustgeld“."
    )


def test_saving_the_same_settings_again_changes_and_logs_nothing():
    event = make_event()
    update_money_settings(event=event, start_fee_single=D("5"))
    assert update_money_settings(event=event, start_fee_single=D("5.00")) == []
    assert ChangeRecord.objects.count() == 1


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"lost_game_fee_higher": D("1")}, "lost_game_fee_higher_from"),
        ({"lost_game_fee_higher_from": 5}, "lost_game_fee_higher"),
        ({"donation": MoneySettings.Donation.REMAINDER, "good_cause": "  "}, "good_cause"),
    ],
)
def test_inconsistent_settings_are_refused_and_nothing_saved(fields, field):
    event = make_event()
    with pytest.raises(CashError) as error:
        update_money_settings(event=event, **fields)
    assert error.value.field == field
    assert not MoneySettings.objects.exists() and not ChangeRecord.objects.exists()


def test_unknown_setting_is_a_bug():
    with pytest.raises(TypeError):
        update_money_settings(event=make_event(), start_fee=D("5"))


def test_check_in_and_undo_are_logged():
    event, user = make_event(), make_user()
    entry = make_entry(event, 7, "Hans Maier")
    check_in(entry=entry, user=user)
    entry.refresh_from_db()
    assert entry.is_checked_in
    with pytest.raises(CashError):
        check_in(entry=entry, user=user)
    check_in(entry=entry, user=user, present=False)
    entry.refresh_from_db()
    assert not entry.is_checked_in
    with pytest.raises(CashError):
        check_in(entry=entry, present=False)
    assert [c.action for c in ChangeRecord.objects.order_by("id")] == [
        MoneyAction.CHECKED_IN, MoneyAction.CHECK_IN_UNDONE
    ]
    assert ChangeRecord.objects.order_by("id").first().description == (
        "Nr. 7 Hans Maier an der Kasse eingecheckt."
    )


def test_a_withdrawn_entry_cannot_check_in():
    entry = make_entry(make_event(), 1, is_withdrawn=True)
    with pytest.raises(CashError):
        check_in(entry=entry)
    with pytest.raises(CashError):
        take_payment(entry=entry, purpose="start_fee", amount=D("5"), check_in=True)
    assert not Payment.objects.exists()


def test_paying_at_the_door_checks_in_and_pays_in_one_step():
    event, user = make_event(), make_user()
    entry = make_entry(event, 3, "Anna Rapp")
    payment = take_payment(
        entry=entry, user=user, purpose=Payment.Purpose.START_FEE, amount=D("8"),
        method=Payment.Method.CASH, check_in=True, note=" Quittung ",
    )
    entry.refresh_from_db()
    assert entry.is_checked_in
    assert (payment.amount, payment.taken_by, payment.note, payment.is_cancelled) == (
        D("8.00"), user, "Quittung", False
    )
    logs = list(ChangeRecord.objects.order_by("id"))
    assert [c.action for c in logs] == [MoneyAction.CHECKED_IN, MoneyAction.PAID]
    assert logs[1].params == {
        "entry_ref": {"number": 3, "name": "Anna Rapp"}, "payment": payment.pk,
        "purpose": "start_fee", "amount": "8.00", "method": "cash", "note": "Quittung",
    }
    # paying again while checked in does not check in twice
    take_payment(entry=entry, purpose=Payment.Purpose.LOST_GAMES, amount=D("2.5"),
                 method=Payment.Method.OTHER, check_in=True)
    assert ChangeRecord.objects.filter(action=MoneyAction.CHECKED_IN).count() == 1


@pytest.mark.parametrize("amount", [D("0"), D("-5"), D("10000.01")])
def test_amounts_out_of_bounds_are_refused(amount):
    entry = make_entry(make_event(), 1)
    with pytest.raises(CashError) as error:
        take_payment(entry=entry, purpose="start_fee", amount=amount)
    assert error.value.field == "amount"
    assert not Payment.objects.exists() and not ChangeRecord.objects.exists()


def test_cancelling_keeps_the_payment_on_record_and_logs_it():
    event, user = make_event(), make_user()
    entry = make_entry(event, 1, "Hans Maier")
    payment = take_payment(entry=entry, purpose="start_fee", amount=D("80"))
    cancel_payment(payment=payment, user=user, reason="80 statt 8 getippt")
    payment.refresh_from_db()
    assert payment.is_cancelled and payment.cancelled_by == user
    assert list(Payment.objects.valid()) == []
    with pytest.raises(CashError):
        cancel_payment(payment=payment, user=user)
    log = ChangeRecord.objects.filter(action=MoneyAction.PAYMENT_CANCELLED).get()
    assert log.params["amount"] == "80.00" and log.params["reason"] == "80 statt 8 getippt"
    assert log.description == (
        "Nr. 1 Hans Maier: Zahlung von 80,00\u00a0€ (Startgeld, bar) storniert. "
        "Grund: 80 statt 8 getippt"
    )


def test_a_payment_form_sent_twice_is_taken_once():
    from tournament.services.submissions import AlreadySubmitted

    event = make_event()
    entry = make_entry(event, 1, "Hans")
    first = take_payment(entry=entry, purpose="start_fee", amount=D("8"), form_token="t-1")
    with pytest.raises(AlreadySubmitted):
        take_payment(entry=entry, purpose="start_fee", amount=D("8"), form_token="t-1")
    assert list(Payment.objects.all()) == [first]


def test_checking_in_with_the_fee_again_is_refused_but_a_plain_payment_is_not():
    event = make_event()
    entry = make_entry(event, 1, "Hans")
    take_payment(entry=entry, purpose="start_fee", amount=D("8"), check_in=True)
    with pytest.raises(CashError, match="schon eingecheckt"):
        take_payment(entry=entry, purpose="start_fee", amount=D("8"), check_in=True)
    # checked in but not paid (or paid and cancelled): the door button still takes the fee
    other = make_entry(event, 2, "Otto")
    check_in(entry=other)
    take_payment(entry=other, purpose="start_fee", amount=D("8"), check_in=True)
    # a further payment on the account (no check-in) is the organiser's call
    take_payment(entry=entry, purpose="start_fee", amount=D("2"))
    assert Payment.objects.filter(entry=entry).count() == 2
