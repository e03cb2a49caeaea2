"""Every free text an organiser or a desk helper types goes through the one text check
(``tournament.text``, ``tournament.forms.CheckedTextField``): a control character or an
overlong text is refused at its field with a message in the reader's language, not stored raw
(a NUL gives PostgreSQL an error) and not cut off."""

import pytest

from money.cash.forms import CancelPaymentForm, PaymentForm
from money.prizes.forms import PrizeForm
from tournament.forms import EntryForm, EventForm
from tournament.limits import MAX_NAME_LENGTH

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
