"""The Kasse, read side: what every entry owes and paid (the cash book), in a fixed number of
SQL queries whatever the event's size.

What an entry owes is never stored: it is computed here from the event's money settings and the
entry (``tournament.money``). What it paid is the sum of its payments that are not cancelled.
The writes are ``tournament.services.cash``; the terms are in ``docs/glossary.md``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from django.db.models import Sum

from tournament.models import Entry, Event, MoneySettings, Payment
from tournament.money import ZERO, euros, start_fee_due, total


@dataclass(slots=True)
class CashRow:
    """One entry's account: its Startgeld due and what it paid."""

    entry: Entry
    start_fee: Decimal = ZERO
    start_paid: Decimal = ZERO

    @property
    def paid(self) -> Decimal:
        return self.start_paid

    @property
    def start_open(self) -> Decimal:
        """Startgeld still owed (negative: paid too much)."""
        return self.start_fee - self.start_paid

    @property
    def open(self) -> Decimal:
        """Everything still owed (negative: paid too much)."""
        return self.start_fee - self.paid

    @property
    def owes_start_fee(self) -> bool:
        return self.start_open > 0


@dataclass(slots=True)
class CashBook:
    """Every entry's account, by start number, with the settings they were computed from."""

    settings: MoneySettings
    rows: list[CashRow] = field(default_factory=list)

    @property
    def unpaid(self) -> list[CashRow]:
        """The entries that still owe Startgeld."""
        return [row for row in self.rows if row.owes_start_fee]

    @property
    def start_fee_due(self) -> Decimal:
        return total(row.start_fee for row in self.rows)

    @property
    def start_paid(self) -> Decimal:
        return total(row.start_paid for row in self.rows)

    @property
    def start_open(self) -> Decimal:
        return total(row.start_open for row in self.rows if row.start_open > 0)

    def row_of(self, entry: Entry) -> CashRow:
        return next(row for row in self.rows if row.entry.pk == entry.pk)


def paid_by_entry(event: Event) -> dict[tuple[int, str], Decimal]:
    """The sum of the valid payments per entry and purpose (one SQL query)."""
    return {
        (entry_id, purpose): euros(amount)
        for entry_id, purpose, amount in Payment.objects.valid()
        .filter(entry__event=event)
        .values("entry_id", "purpose")
        .annotate(amount=Sum("amount"))
        .order_by()
        .values_list("entry_id", "purpose", "amount")
    }


def cash_book(event: Event, entries: list[Entry] | None = None) -> CashBook:
    """The accounts of the event's entries (or of ``entries`` of it), by start number."""
    settings = MoneySettings.for_event(event)
    if entries is None:
        entries = list(event.entries.with_players().order_by("start_number"))
    paid = paid_by_entry(event)
    fees = settings.start_fees
    book = CashBook(settings=settings)
    for entry in entries:
        book.rows.append(
            CashRow(
                entry=entry,
                start_fee=start_fee_due(
                    fees,
                    is_pair=entry.is_pair,
                    is_stand_in=entry.is_stand_in,
                    is_withdrawn=entry.is_withdrawn,
                    checked_in=entry.is_checked_in,
                ),
                start_paid=paid.get((entry.pk, Payment.Purpose.START_FEE), ZERO),
            )
        )
    return book
