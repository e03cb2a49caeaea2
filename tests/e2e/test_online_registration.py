"""The online registration on a phone (Chromium, 375 px), with its e-mails through a real local
SMTP server (``tests.mailbox``): a single and a pair register, the pair on the waiting list
(one place), each opening its own page by the link of its e-mail; the single cancels by that
link, the pair moves up and is told by e-mail; at the Kasse the pair is checked in and pays its
Startgeld by the code of its e-mail."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from money.cash.services import update_money_settings
from money.models import Payment
from signup.models import Registration, SignupSettings
from tests import mailbox as mail
from tests.e2e.test_after_the_evening import logged_in
from tests.factories import make_event


@pytest.fixture
def event(db):
    event = make_event(name="Herbstbinokel", venue="Gemeindehaus")
    SignupSettings.objects.create(event=event, is_open=True, capacity=1, waiting_list=True)
    update_money_settings(event=event, start_fee_single=Decimal("8"), start_fee_pair=Decimal("16"))
    return event


def manage_link(message) -> str:
    return next(url for url in mail.links(message) if "/anmeldung/" in url)


def test_register_cancel_move_up_and_check_in_by_code(
    live_server, phone, browser, event, mailbox, screenshot
):
    signup = live_server.url + reverse("signup", args=[event.slug])

    # a single registers on the phone and gets the one place
    phone.goto(signup)
    phone.get_by_label("Name", exact=True).fill("Hans Maier")
    phone.get_by_label("Verein").fill("SV Ulm")
    phone.get_by_label("E-Mail-Adresse").fill("hans@example.org")
    phone.get_by_label("Ich akzeptiere die Hausordnung", exact=False).check()
    screenshot(phone, "signup-form-phone")
    phone.get_by_role("button", name="Anmelden", exact=True).click()
    # the answer only says the confirmation is on its way; the own page is behind its link
    phone.get_by_text("hans@example.org", exact=False).wait_for()
    [single_mail] = mailbox.to("hans@example.org")
    phone.goto(manage_link(single_mail))
    assert "Startnummer 1" in phone.locator(".signup-status").inner_text()

    # a pair registers and goes on the waiting list
    phone.goto(signup)
    phone.get_by_label("Paar").check()
    phone.get_by_label("Name", exact=True).fill("Erna Rapp")
    phone.get_by_label("Partner", exact=True).fill("Karl Rapp")
    phone.get_by_label("E-Mail-Adresse").fill("rapp@example.org")
    phone.get_by_label("Ich akzeptiere die Hausordnung", exact=False).check()
    phone.get_by_role("button", name="Auf die Warteliste setzen").click()
    phone.get_by_text("rapp@example.org", exact=False).wait_for()
    [pair_mail] = mailbox.to("rapp@example.org")
    phone.goto(manage_link(pair_mail))
    assert "Warteliste, Platz 1" in phone.locator(".signup-status").inner_text()

    assert "Warteliste" in mail.text(pair_mail)
    pair_code = mail.code(pair_mail)

    # the single cancels by the link of its e-mail
    phone.goto(manage_link(single_mail))
    phone.get_by_role("button", name="Meine Anmeldung stornieren").click()
    phone.wait_for_load_state()
    assert "Storniert" in phone.locator(".signup-status").inner_text()

    # the pair moves up, and is told so by e-mail
    moved = mailbox.to("rapp@example.org")[-1]
    assert len(mailbox.to("rapp@example.org")) == 2
    assert "frei geworden" in mail.text(moved) and mail.code(moved) == pair_code
    phone.goto(manage_link(moved))
    assert "Startnummer 2" in phone.locator(".signup-status").inner_text()
    screenshot(phone, "signup-own-page-phone")

    # at the Kasse: the code typed, check-in and Startgeld in one step
    desk = logged_in(browser, live_server, viewport={"width": 375, "height": 740}, is_mobile=True)
    desk.goto(live_server.url + reverse("cash-desk", args=[event.slug]))
    desk.get_by_label("Anmeldecode").fill(pair_code.lower())
    desk.get_by_role("button", name="Anmeldung suchen").click()
    panel = desk.locator(".door-registration")
    assert "Erna Rapp / Karl Rapp" in panel.inner_text()
    panel.get_by_role("button", name="Einchecken + 16,00 € bar").click()
    desk.wait_for_selector(".messages")
    expect(desk.get_by_label("Anmeldecode")).to_be_focused()  # ready for the next code
    entry = Registration.objects.get(code=pair_code).entry
    entry.refresh_from_db()
    assert entry.is_checked_in
    assert Payment.objects.get(entry=entry).amount == Decimal("16.00")
    desk.context.close()
