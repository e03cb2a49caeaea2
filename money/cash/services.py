"""The Kasse: the event's money settings, checking in at the door, payments and their
cancellation. Every change is logged beside it (``core.audit``).

A payment is never edited or deleted: a wrong one is cancelled (who and when is kept) and the
right amount taken anew. What an entry owes is not stored anywhere; it is computed from the
settings, the entry and its games (``money.cash.selectors``).
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_noop

from core.audit import log, recorded_user
from core.changes import save_and_log_changes
from core.errors import UserError
from core.limits import MAX_AMOUNT, OVERPAYMENT_ASK
from core.templatetags.euros import euro
from money.arithmetic import ZERO, euros
from money.audit import MoneyAction
from money.cash.selectors import cash_book
from money.models import Expense, MoneySettings, Payment
from tournament import audit
from tournament.models import Entry, Event
from tournament.services.entries import lock_event
from tournament.services.submissions import Kind, use_form_token

# What an organiser sets on the money settings page, in the order the log names them.
MONEY_SETTINGS_FIELDS = (
    "start_fee_single",
    "start_fee_pair",
    "pair_fee_per_person",
    "lost_game_fee",
    "lost_game_fee_higher",
    "lost_game_fee_higher_from",
    "lost_durch_counts",
    "lost_conceded_counts",
    "good_cause",
    "donation",
)


class CashError(UserError):
    """A refused change at the Kasse."""


class FarMoreThanOpen(CashError):
    """A payment far above what is open: taken only when the desk confirms it."""


def _check_settings(settings: MoneySettings) -> None:
    higher_amount = settings.lost_game_fee_higher
    higher_from = settings.lost_game_fee_higher_from
    if (higher_amount is None) != (higher_from is None):
        raise CashError(
            gettext_noop(
                "A higher amount per lost game needs both: the amount and the lost game from "
                "which on it is due."
            ),
            field="lost_game_fee_higher" if higher_amount is None else "lost_game_fee_higher_from",
        )
    if settings.donation and not settings.good_cause.strip():
        raise CashError(
            gettext_noop("Please name the good cause the donation goes to."), field="good_cause"
        )


@transaction.atomic
def update_money_settings(*, event: Event, user: Any = None, **fields: Any) -> list[list[Any]]:
    """Save the money settings of ``event`` (``MONEY_SETTINGS_FIELDS``); returns the changes as
    ``[field, old, new]`` and logs them.

    Raises ``CashError`` (with the field) for a higher lost-game amount without the game it
    starts from (or the other way round) and for a donation without a good cause.
    """
    unknown = set(fields) - set(MONEY_SETTINGS_FIELDS)
    if unknown:
        raise TypeError(f"not a money setting: {sorted(unknown)}")
    event = lock_event(event)
    settings = MoneySettings.for_event(event)
    if "good_cause" in fields:
        fields["good_cause"] = fields["good_cause"].strip()
    for name in ("start_fee_single", "start_fee_pair", "lost_game_fee", "lost_game_fee_higher"):
        if fields.get(name) is not None:
            fields[name] = euros(fields[name])
    return save_and_log_changes(
        instance=settings,
        values={name: fields[name] for name in MONEY_SETTINGS_FIELDS if name in fields},
        check=lambda _changes: _check_settings(settings),
        log=lambda changes: log(
            event=event, action=MoneyAction.CASH_SETTINGS, user=user, changes=changes
        ),
    )


def _lock_entry(entry: Entry) -> Entry:
    return Entry.objects.select_for_update(of=("self",)).with_players().get(pk=entry.pk)


def _check_in(entry: Entry, user: Any) -> None:
    """Mark the locked ``entry`` present and log it."""
    if entry.is_withdrawn:
        raise CashError(
            gettext_noop(
                "Start number %(number)s is withdrawn: register it again before checking it in."
            ),
            number=entry.start_number,
        )
    entry.checked_in_at = timezone.now()
    entry.save(update_fields=["checked_in_at"])
    log(
        event=entry.event_id,
        action=MoneyAction.CHECKED_IN,
        user=user,
        subject=entry,
        entry_ref=audit.entry_ref(entry),
    )


@transaction.atomic
def check_in(*, entry: Entry, user: Any = None, present: bool = True) -> Entry:
    """Check ``entry`` in at the door (``present``) or undo its check-in; logged.

    Raises ``CashError`` when it is checked in (or not) already, and when a withdrawn entry is
    to be checked in.
    """
    entry = _lock_entry(entry)
    if entry.is_checked_in == present:
        raise CashError(
            gettext_noop("Start number %(number)s is checked in already.")
            if present
            else gettext_noop("Start number %(number)s is not checked in."),
            number=entry.start_number,
        )
    if present:
        _check_in(entry, user)
        return entry
    entry.checked_in_at = None
    entry.save(update_fields=["checked_in_at"])
    log(
        event=entry.event_id,
        action=MoneyAction.CHECK_IN_UNDONE,
        user=user,
        subject=entry,
        entry_ref=audit.entry_ref(entry),
    )
    return entry


def _checked_amount(amount: Decimal) -> Decimal:
    """``amount`` in euros with cents; ``CashError`` (field ``amount``) unless above 0 and at
    most ``limits.MAX_AMOUNT``."""
    amount = euros(amount)
    if not Decimal(0) < amount <= MAX_AMOUNT:
        raise CashError(
            gettext_noop("An amount is above 0 and at most %(maximum)s €."),
            field="amount",
            maximum=int(MAX_AMOUNT),
        )
    return amount


def _refuse_a_second_door_check_in(entry: Entry) -> None:
    """The door's "check in + Startgeld" for the locked ``entry`` that is checked in and paid
    its Startgeld already (a second helper, a second screen): refused."""
    if entry.is_checked_in and entry.payments.filter(
        purpose=Payment.Purpose.START_FEE, cancelled_at__isnull=True
    ).exists():
        raise CashError(
            gettext_noop(
                "Start number %(number)s is checked in already and has paid the entry fee; "
                "nothing was taken. Look at its account if more is due."
            ),
            number=entry.start_number,
        )


def _ask_when_far_more(entry: Entry, purpose: str, amount: Decimal) -> None:
    """``FarMoreThanOpen`` for an amount more than ``limits.OVERPAYMENT_ASK`` above what the
    entry still owes for ``purpose``."""
    row = cash_book(entry.event, [entry]).row_of(entry)
    owed = row.start_open if purpose == Payment.Purpose.START_FEE else row.lost_open
    still_open = max(owed, ZERO)
    if amount > still_open + OVERPAYMENT_ASK:
        raise FarMoreThanOpen(
            gettext_noop(
                "%(amount)s is far more than the %(open)s still open; tick the box below to take "
                "it anyway."
            ),
            field="amount",
            amount=euro(amount),
            open=euro(still_open),
        )


@transaction.atomic
def take_payment(
    *,
    entry: Entry,
    user: Any = None,
    purpose: str,
    amount: Decimal,
    method: str = Payment.Method.CASH,
    note: str = "",
    check_in: bool = False,
    form_token: str = "",
    ask_when_far_more: bool = False,
) -> Payment:
    """Record that ``entry`` paid ``amount`` (Startgeld or lost-game money, cash or other),
    taken by ``user`` now; with ``check_in`` the entry is checked in too, in the same step (the
    door), unless it is already. Both are logged.

    A form sent twice (its one-time ``form_token``, ``tournament.services.submissions``) takes
    the money once: the second raises ``AlreadySubmitted``. Two desk helpers checking the same
    entry in with its Startgeld at once: the entry is locked, and the second finds it checked
    in with its Startgeld paid and is refused.

    With ``ask_when_far_more`` (the desk's form until its box is ticked) an amount more than
    ``limits.OVERPAYMENT_ASK`` above what is still open for its purpose raises
    ``FarMoreThanOpen`` (field ``amount``) instead.

    Raises ``CashError`` (field ``amount``) for an amount that is not above 0 or above
    ``limits.MAX_AMOUNT``, when a withdrawn entry is to be checked in, and when an entry is to
    be checked in with its Startgeld that is checked in and has paid it already.
    """
    amount = _checked_amount(amount)
    if purpose not in Payment.Purpose.values or method not in Payment.Method.values:
        raise ValueError(f"unknown purpose or method: {purpose!r}, {method!r}")
    entry = _lock_entry(entry)
    if form_token:
        submission = use_form_token(token=form_token, kind=Kind.PAYMENT, event=entry.event)
        submission.entry = entry
        submission.save(update_fields=["entry"])
    if check_in and purpose == Payment.Purpose.START_FEE:
        _refuse_a_second_door_check_in(entry)
    if ask_when_far_more:
        _ask_when_far_more(entry, purpose, amount)
    if check_in and not entry.is_checked_in:
        _check_in(entry, user)
    payment = Payment.objects.create(
        entry=entry,
        purpose=purpose,
        amount=amount,
        method=method,
        note=note.strip(),
        taken_by=recorded_user(user),
    )
    log(
        event=entry.event_id,
        action=MoneyAction.PAID,
        user=user,
        subject=entry,
        entry_ref=audit.entry_ref(entry),
        payment=payment.pk,
        purpose=purpose,
        amount=str(amount),
        method=method,
        note=payment.note,
    )
    return payment


@transaction.atomic
def cancel_payment(*, payment: Payment, user: Any = None, reason: str = "") -> Payment:
    """Cancel a payment taken by mistake (it stays on record, marked cancelled); logged.

    Raises ``CashError`` when it is cancelled already.
    """
    payment = Payment.objects.select_for_update(of=("self",)).select_related(
        "entry__player", "entry__partner"
    ).get(pk=payment.pk)
    if payment.is_cancelled:
        raise CashError(gettext_noop("This payment is cancelled already."))
    payment.cancelled_at = timezone.now()
    payment.cancelled_by = recorded_user(user)
    payment.save(update_fields=["cancelled_at", "cancelled_by"])
    log(
        event=payment.entry.event_id,
        action=MoneyAction.PAYMENT_CANCELLED,
        user=user,
        subject=payment.entry,
        entry_ref=audit.entry_ref(payment.entry),
        payment=payment.pk,
        purpose=payment.purpose,
        amount=str(payment.amount),
        method=payment.method,
        reason=reason.strip(),
    )
    return payment


@transaction.atomic
def add_expense(
    *,
    event: Event,
    user: Any = None,
    purpose: str,
    amount: Decimal,
    date: Any = None,
    paid_by: str = "",
    from_cash_box: bool = False,
    receipt: str = "",
    form_token: str = "",
) -> Expense:
    """Record money the evening cost (the hall, goods prizes, food); logged. A form sent twice
    (its one-time ``form_token``) records it once (``AlreadySubmitted``).

    Raises ``CashError`` (field ``amount``) for an amount not above 0 or above
    ``limits.MAX_AMOUNT``, and (field ``purpose``) for an expense that does not say what for.
    """
    amount = _checked_amount(amount)
    if not purpose.strip():
        raise CashError(gettext_noop("Please say what the money was spent on."), field="purpose")
    event = lock_event(event)
    if form_token:
        use_form_token(token=form_token, kind=Kind.EXPENSE, event=event)
    expense = Expense.objects.create(
        event=event,
        purpose=purpose.strip(),
        amount=amount,
        date=date or timezone.localdate(),
        paid_by=paid_by.strip(),
        from_cash_box=from_cash_box,
        receipt=receipt.strip(),
        recorded_by=recorded_user(user),
    )
    log(
        event=event,
        action=MoneyAction.EXPENSE_ADDED,
        user=user,
        expense=expense.pk,
        purpose=expense.purpose,
        amount=str(amount),
        paid_by=expense.paid_by,
        from_cash_box=from_cash_box,
    )
    return expense


@transaction.atomic
def cancel_expense(*, expense: Expense, user: Any = None) -> Expense:
    """Cancel an expense recorded by mistake (it stays on record, marked cancelled); logged.

    Raises ``CashError`` when it is cancelled already.
    """
    expense = Expense.objects.select_for_update().get(pk=expense.pk)
    if expense.is_cancelled:
        raise CashError(gettext_noop("This expense is cancelled already."))
    expense.cancelled_at = timezone.now()
    expense.save(update_fields=["cancelled_at"])
    log(
        event=expense.event_id,
        action=MoneyAction.EXPENSE_CANCELLED,
        user=user,
        expense=expense.pk,
        purpose=expense.purpose,
        amount=str(expense.amount),
    )
    return expense
