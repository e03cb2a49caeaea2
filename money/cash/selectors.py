"""The Kasse, read side: what every entry owes and paid (the cash book), in a fixed number of
SQL queries whatever the event's size.

What an entry owes is never stored: it is computed here from the event's money settings, the
entry and its games (``money.arithmetic``). Its lost games are the games it lost as declarer on
the sheets that count for the standings, asked of scoring through ``scoring.interface``; at a
pairs table the declarer is the pair, so the pair owes the money. While a started round has
sheets that are missing or not confirmed the lost games are provisional (``CashBook.provisional``).
What an entry paid is the sum of its payments that are not cancelled. The writes are
``money.cash.services``; the terms are in ``docs/glossary.md``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from django.db.models import Sum

from money.arithmetic import ZERO, euros, lost_game_money, lost_games, start_fee_due, total
from money.models import MoneySettings, Payment
from scoring.interface import DeclarerLosses, declarer_losses, standings_provisional
from tournament.models import Entry, Event

NO_LOSSES = DeclarerLosses()


@dataclass(slots=True)
class CashRow:
    """One entry's account: its Startgeld and lost-game money due, and what it paid of each.

    ``losses`` are its games lost as declarer by kind of game; ``lost`` those of them that
    count by the event's settings.
    """

    entry: Entry
    start_fee: Decimal = ZERO
    start_paid: Decimal = ZERO
    losses: DeclarerLosses = NO_LOSSES
    lost: int = 0
    lost_money: Decimal = ZERO
    lost_paid: Decimal = ZERO

    @property
    def due(self) -> Decimal:
        return self.start_fee + self.lost_money

    @property
    def paid(self) -> Decimal:
        return self.start_paid + self.lost_paid

    @property
    def start_open(self) -> Decimal:
        """Startgeld still owed (negative: paid too much)."""
        return self.start_fee - self.start_paid

    @property
    def lost_open(self) -> Decimal:
        """Lost-game money still owed (negative: paid too much)."""
        return self.lost_money - self.lost_paid

    @property
    def open(self) -> Decimal:
        """Everything still owed (negative: paid too much)."""
        return self.due - self.paid

    @property
    def owes_start_fee(self) -> bool:
        return self.start_open > 0

    @property
    def owes_lost_money(self) -> bool:
        return self.lost_open > 0


@dataclass(slots=True)
class CashBook:
    """Every entry's account, by start number, with the settings they were computed from."""

    settings: MoneySettings
    rows: list[CashRow] = field(default_factory=list)
    provisional: bool = False

    @property
    def unpaid(self) -> list[CashRow]:
        """The entries that still owe Startgeld."""
        return [row for row in self.rows if row.owes_start_fee]

    @property
    def lost_unpaid(self) -> list[CashRow]:
        """The entries that still owe lost-game money."""
        return [row for row in self.rows if row.owes_lost_money]

    @property
    def lost(self) -> int:
        return sum(row.lost for row in self.rows)

    @property
    def lost_money(self) -> Decimal:
        return total(row.lost_money for row in self.rows)

    @property
    def lost_paid(self) -> Decimal:
        return total(row.lost_paid for row in self.rows)

    @property
    def lost_open(self) -> Decimal:
        return total(row.lost_open for row in self.rows if row.lost_open > 0)

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
    losses = declarer_losses(event)
    fees, rule = settings.start_fees, settings.lost_game_rule
    book = CashBook(settings=settings, provisional=standings_provisional(event))
    for entry in entries:
        entry_losses = losses.get(entry.pk, NO_LOSSES)
        lost = lost_games(
            rule,
            played=entry_losses.played,
            durch=entry_losses.durch,
            conceded=entry_losses.conceded,
        )
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
                losses=entry_losses,
                lost=lost,
                lost_money=lost_game_money(lost, rule),
                lost_paid=paid.get((entry.pk, Payment.Purpose.LOST_GAMES), ZERO),
            )
        )
    return book
