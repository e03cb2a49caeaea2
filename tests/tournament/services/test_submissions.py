"""One-time form tokens (``tournament.services.submissions``): a form that creates something is
carried out once, sent twice in a row or twice at the same moment; the token's unique
constraint is what guards."""

import threading

import pytest
from django.db import IntegrityError, connection, transaction

from core.models import ChangeRecord
from tests.checks import another_waits_for_my_locks
from tests.factories import make_entry, make_event
from tests.tournament.lists import parse
from tournament.members import Member
from tournament.models import Entry, Event, FormSubmission
from tournament.services import (
    AlreadySubmitted,
    create_event,
    import_entries,
    new_form_token,
    register_entry,
    submissions,
)

pytestmark = pytest.mark.django_db

Kind = FormSubmission.Kind


def test_tokens_are_random_and_fit_the_column():
    tokens = {new_form_token() for _ in range(100)}
    assert len(tokens) == 100
    assert all(len(token) <= FormSubmission._meta.get_field("token").max_length for token in tokens)


def test_register_twice_with_one_token_registers_once():
    event = make_event()
    token = new_form_token()
    entry = register_entry(event=event, members=[Member("Hans Maier")], form_token=token)
    with pytest.raises(AlreadySubmitted) as error:
        register_entry(event=event, members=[Member("Hans Maier")], form_token=token)
    assert str(error.value) == (
        "Startnummer 1: Hans Maier ist bereits angemeldet; das Formular wurde zweimal "
        "abgeschickt, es wurde nichts erneut angemeldet."
    )
    assert error.value.submission.entry == entry
    assert list(event.entries.all()) == [entry]
    assert ChangeRecord.objects.filter(event=event).count() == 1
    # the repeat wins over the warning for the same name, and over a changed form
    with pytest.raises(AlreadySubmitted):
        register_entry(event=event, members=[Member("Otto")], allow_same_name=True,
                       form_token=token)
    # a new token registers again (here: another player of the same name)
    register_entry(event=event, members=[Member("Hans Maier")], allow_same_name=True,
                   form_token="other")
    assert event.entries.count() == 2


def test_the_unique_token_is_what_refuses():
    """No check before the insert: a token recorded by anyone refuses the registration, and the
    database refuses a second row with the same token."""
    event = make_event()
    FormSubmission.objects.create(token="t-1", kind=Kind.ENTRY, event=event)
    with pytest.raises(AlreadySubmitted, match="bereits abgeschickt"):
        register_entry(event=event, members=[Member("Hans")], form_token="t-1")
    assert not event.entries.exists()
    with pytest.raises(IntegrityError), transaction.atomic():
        FormSubmission.objects.create(token="t-1", kind=Kind.IMPORT)


def test_a_refused_registration_leaves_its_token_unused():
    """The token is recorded in the registration's transaction: a warning rolls it back, so
    the same form can be sent again with the box ticked."""
    event = make_event()
    make_entry(event, 1, "Hans Maier")
    with pytest.raises(Exception, match="bereits angemeldet"):
        register_entry(event=event, members=[Member("Hans Maier")], form_token="t-2")
    assert not FormSubmission.objects.filter(token="t-2").exists()
    entry = register_entry(event=event, members=[Member("Hans Maier")], form_token="t-2",
                           allow_same_name=True)
    assert FormSubmission.objects.get(token="t-2").entry == entry


def test_import_twice_with_one_token_imports_once(organiser):
    event = make_event()
    data = b"Name\nHans\nOtto\n"
    imported = import_entries(
        event=event, user=organiser, rows=parse("l.csv", data), form_token="key-1"
    )
    assert len(imported.entries) == 2
    # even with every row ticked to be imported anyway (the players are registered now)
    with pytest.raises(AlreadySubmitted, match="bereits importiert"):
        import_entries(
            event=event,
            user=organiser,
            rows=parse("l.csv", data),
            include_rows={2, 3},
            form_token="key-1",
        )
    assert event.entries.count() == 2


def test_create_event_twice_with_one_token_creates_once(organiser, organisers_club):
    fields = {"name": "Benefizbinokel", "slug": "benefizbinokel", "date": "2026-11-21",
              "club": organisers_club}
    event = create_event(user=organiser, form_token="e-1", **fields)
    with pytest.raises(AlreadySubmitted) as error:
        create_event(user=organiser, form_token="e-1", **{**fields, "slug": "benefizbinokel-2"})
    assert error.value.submission.event == event
    assert "Das Turnier „Benefizbinokel“ wurde bereits angelegt" in str(error.value)
    assert list(Event.objects.all()) == [event]


@pytest.mark.django_db(transaction=True)
def test_the_token_belongs_inside_the_writes_transaction():
    with pytest.raises(RuntimeError):
        submissions.use_form_token(token="x", kind=Kind.ENTRY)


# --- at the same moment: two connections (PostgreSQL) ----------------------------------------


def run_together(*calls, timeout: float = 20) -> list:
    """Run each call in its own thread and connection, started together; their outcomes."""
    barrier = threading.Barrier(len(calls))
    outcomes: list = [None] * len(calls)

    def run(index: int, call) -> None:
        try:
            barrier.wait()
            outcomes[index] = call()
        except Exception as error:  # the test inspects it
            outcomes[index] = error
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=item) for item in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=timeout)
    return outcomes


needs_postgresql = pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="needs PostgreSQL: SQLite lets one writing transaction in at a time",
)


@needs_postgresql
@pytest.mark.django_db(transaction=True)
def test_two_transactions_with_one_token_the_second_waits_and_is_refused():
    """Nothing else serialises them (no event lock): the unique index holds the second insert
    until the first transaction commits, then refuses it."""
    event = make_event()
    inserted = threading.Event()
    waited: list[bool] = []

    def use_first():
        with transaction.atomic():
            submission = submissions.use_form_token(token="same", kind=Kind.IMPORT, event=event)
            inserted.set()
            waited.append(another_waits_for_my_locks())  # held until the second waits
            return submission

    def use_second():
        assert inserted.wait(20)
        with transaction.atomic():
            return submissions.use_form_token(token="same", kind=Kind.IMPORT, event=event)

    first, second = run_together(use_first, use_second)
    assert isinstance(first, FormSubmission), first
    assert isinstance(second, AlreadySubmitted), second
    assert waited == [True]  # the second waited for the first transaction
    assert FormSubmission.objects.filter(token="same").count() == 1


@needs_postgresql
@pytest.mark.django_db(transaction=True)
def test_two_confirmations_of_one_import_at_once_import_it_once(organiser, monkeypatch):
    event = make_event()
    make_entry(event, 1, "Hans")  # the rows warn; both confirmations tick them
    data = b"Name\nHans\nOtto\n"

    def confirm():
        return import_entries(
            event=event,
            user=organiser,
            rows=parse("l.csv", data),
            include_rows={2, 3},
            form_token="preview-key",
        )

    outcomes = run_together(confirm, confirm)
    imported = [out for out in outcomes if not isinstance(out, Exception)]
    refused = [out for out in outcomes if isinstance(out, AlreadySubmitted)]
    assert len(imported) == 1 and len(refused) == 1, outcomes
    assert Entry.objects.filter(event=event).count() == 3


@needs_postgresql
@pytest.mark.django_db(transaction=True)
def test_two_registrations_of_one_form_at_once_register_once():
    event = make_event()

    def register():
        return register_entry(event=event, members=[Member("Hans Maier")], form_token="form-1")

    outcomes = run_together(register, register)
    assert sorted(type(out).__name__ for out in outcomes) == ["AlreadySubmitted", "Entry"], outcomes
    assert event.entries.count() == 1


@needs_postgresql
@pytest.mark.django_db(transaction=True)
def test_two_helpers_checking_one_entry_in_with_its_fee_at_once_take_it_once():
    """Each helper's page has its own token: the entry's lock serialises them and the second
    is refused (the probe recorded 2 × 8 €)."""
    from decimal import Decimal

    from money.cash.services import CashError, take_payment
    from money.models import Payment

    event = make_event()
    entry = make_entry(event, 1, "Hans")

    def door(token: str):
        return take_payment(
            entry=entry, purpose="start_fee", amount=Decimal("8"), check_in=True,
            form_token=token,
        )

    outcomes = run_together(lambda: door("a"), lambda: door("b"))
    assert sum(isinstance(out, Payment) for out in outcomes) == 1, outcomes
    assert sum(isinstance(out, CashError) for out in outcomes) == 1, outcomes
    assert Payment.objects.filter(entry=entry).count() == 1
