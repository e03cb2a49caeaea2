"""Every free text an organiser or a desk helper types goes through the one text check
(``core.text``, ``core.forms.CheckedTextField``): a control character or an
overlong text is refused at its field with a message in the reader's language, not stored raw
(a NUL gives PostgreSQL an error) and not cut off."""

import pytest

from core.limits import MAX_NAME_LENGTH
from money.cash.forms import CancelPaymentForm, PaymentForm
from money.prizes.forms import PrizeForm
from tournament.forms import EntryForm, EventForm

pytestmark = pytest.mark.django_db  # the event form checks that its short name is free

BELL, NUL = "\x07", "\x00"


def refused(form, field: str) -> str:
    assert not form.is_valid()
    assert field in form.errors, form.errors
    return " ".join(form.errors[field])


@pytest.mark.parametrize("bad", [f"Benefiz{BELL}binokel", f"Benefiz{NUL}binokel"])
@pytest.mark.parametrize("field", ["name", "venue"])
def test_the_event_form_refuses_control_characters(bad, field):
    data = {"name": "Benefizbinokel", "venue": "Gemeindehaus", "date": "2026-11-28",
            "round_count": "3", "games_per_round": "12", field: bad}
    message = refused(EventForm(data), field)
    assert "Steuerzeichen" in message or "Zeichen" in message


def test_the_event_form_still_takes_a_plain_name():
    data = {"name": "Benefizbinokel Plochingen", "venue": "", "date": "2026-11-28",
            "round_count": "3", "games_per_round": "12"}
    form = EventForm(data)
    assert form.is_valid(), form.errors


def test_an_overlong_event_name_is_refused_not_cut():
    data = {"name": "x" * (MAX_NAME_LENGTH + 1), "date": "2026-11-28", "round_count": "3",
            "games_per_round": "12"}
    assert str(MAX_NAME_LENGTH) in refused(EventForm(data), "name")


@pytest.mark.parametrize(
    ("form", "data", "field"),
    [
        (PaymentForm, {"purpose": "start_fee", "amount": "8", "method": "cash",
                       "note": f"Quittung{BELL}"}, "note"),
        (CancelPaymentForm, {"reason": f"doppelt{NUL}"}, "reason"),
        (PrizeForm, {"goods": f"Präsentkorb{BELL}"}, "goods"),
        (PrizeForm, {"category": f"Frau{BELL}"}, "category"),
        (EntryForm, {"name": "Hans Maier", "category": f"Frau{BELL}"}, "category"),
    ],
)
def test_the_money_and_prize_forms_refuse_control_characters(form, data, field):
    assert refused(form(data), field)


@pytest.mark.parametrize("typed", ["1e3", "8e0", "\u0668", "\uff18,00", "٨٫٠٠", "Infinity", "NaN"])
def test_the_kasse_refuses_an_amount_that_is_no_plain_number(client, organiser, typed):
    """"1e3" was taken as 1000,00 €, Arabic-Indic and full-width digits as numbers."""
    from decimal import Decimal

    from django.urls import reverse

    from money.cash.services import update_money_settings
    from money.models import Payment
    from tests.factories import make_entry, make_event

    event = make_event(organiser=organiser)
    update_money_settings(event=event, start_fee_single=Decimal("8"), start_fee_pair=Decimal("8"))
    make_entry(event, 1, "Hans")
    response = client.post(
        reverse("cash-pay", args=[event.slug, 1]),
        {"purpose": "start_fee", "amount": typed, "method": "cash"},
    )
    assert response.status_code == 400
    assert "Zahl" in response.content.decode()
    assert not Payment.objects.exists()


@pytest.mark.parametrize("typed", ["\u0663", "\uff13", "3\u0663"])
def test_a_start_number_in_other_digits_is_refused(client, organiser, typed):
    from django.urls import reverse

    from tests.factories import make_event
    from tournament.models import Entry

    event = make_event(organiser=organiser)
    response = client.post(
        reverse("entry-create", args=[event.slug]), {"name": "Hans", "start_number": typed}
    )
    assert response.status_code == 200
    assert "ganze Zahl" in response.content.decode()
    assert not Entry.objects.exists()


# Every name field refuses invisible and format characters (core.text.forbidden_character):
# a zero-width space, joiner, byte order mark, soft hyphen, tag character or bidi override makes
# a name look like another.
INVISIBLE = ["\u200b", "\u200d", "\ufeff", "\u00ad", "\U000e0041", "\u202e", "\u2066"]


def _name_forms():
    from series.forms import SeriesForm
    from signup.forms import SignupForm
    from tests.factories import make_event
    from tournament.forms import ReplaceForm
    from tournament.role_forms import RoleForm

    event = make_event()
    signup = {"kind": "pair", "name": "Hans Maier", "partner_name": "Erna Maier",
              "email": "hans@example.org", "consent": "on"}
    return [
        (EntryForm, {"name": "Hans Maier"}, ["name", "partner_name", "club", "category",
                                              "partner_category"]),
        (EventForm, {"name": "Benefizbinokel", "date": "2026-11-28", "round_count": "3",
                     "games_per_round": "12"}, ["name", "venue"]),
        (SignupForm, signup, ["name", "partner_name", "club", "category", "partner_category"]),
        (lambda data: ReplaceForm(data, event=event), {"absent": "1", "name": "Otto"},
         ["name", "partner_name", "club"]),
        (RoleForm, {"username": "hilde", "role": "desk"}, ["username"]),
        (SeriesForm, {"name": "Cup"}, ["name"]),
        (PrizeForm, {}, ["category"]),
    ]


@pytest.mark.parametrize("invisible", INVISIBLE, ids=[f"U+{ord(c):04X}" for c in INVISIBLE])
def test_every_name_field_refuses_invisible_characters(invisible):
    code = f"U+{ord(invisible):04X}"
    for form, data, fields in _name_forms():
        for field in fields:
            message = refused(form({**data, field: f"Ha{invisible}ns"}), field)
            assert code in message and "unsichtbar" in message, (form, field, message)
