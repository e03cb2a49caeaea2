"""The treasurer's summary (Kassenbericht): every figure of the evening's money on one page, each
a sum over the entries' accounts (``money.cash.selectors``) or the prize list
(``money.prizes.selectors``), with how many entries or lines it counts.

The figures add up by construction and a test checks each against a hand calculation:

- Startgeld due − collected = still open − paid too much (the same for the lost-game money);
- takings = Startgeld collected + lost-game money collected = cash + other;
- what remains = takings − prize money (the prize money of the list, collected or not) −
  expenses (the hall, goods prizes, food: ``Expense``, cancelled ones left out);
- the donation is the lost-game money collected or what remains, as the settings say; the club
  keeps what remains after it;
- cash in the box = cash taken − prize money collected (prizes are paid in cash) − expenses
  paid from the box.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from django.db.models import Count, Sum

from money.arithmetic import ZERO, euros, total
from money.cash.selectors import CashBook, CashRow, cash_book
from money.models import Expense, MoneySettings, Payment
from money.prizes.selectors import PrizeTable, prize_table
from tournament.models import Event


@dataclass(frozen=True, slots=True)
class Figure:
    """An amount and how many entries (or lines) it sums."""

    amount: Decimal
    count: int


def _figure(amounts: list[Decimal]) -> Figure:
    return Figure(total(amounts), len(amounts))


@dataclass(frozen=True, slots=True)
class Account:
    """Startgeld or lost-game money over all entries: due, collected, open, paid too much."""

    due: Figure
    collected: Figure
    open: Figure
    overpaid: Figure


def _account(rows: list[CashRow], due, paid) -> Account:
    balances = [due(row) - paid(row) for row in rows]
    return Account(
        due=_figure([due(row) for row in rows if due(row)]),
        collected=_figure([paid(row) for row in rows if paid(row)]),
        open=_figure([balance for balance in balances if balance > 0]),
        overpaid=_figure([-balance for balance in balances if balance < 0]),
    )


@dataclass(frozen=True, slots=True)
class Summary:
    """The treasurer's summary of an event."""

    settings: MoneySettings
    entries: int
    checked_in: int
    start: Account
    lost_games: int
    lost: Account
    cash: Figure
    other: Figure
    prize_money: Figure
    prizes_collected: Figure
    remainder: Decimal
    unawarded: Decimal
    provisional: bool
    expenses: Figure
    expenses_from_box: Figure

    @property
    def takings(self) -> Decimal:
        return self.start.collected.amount + self.lost.collected.amount

    @property
    def prizes_open(self) -> Figure:
        return Figure(
            self.prize_money.amount - self.prizes_collected.amount,
            self.prize_money.count - self.prizes_collected.count,
        )

    @property
    def remains(self) -> Decimal:
        """Takings less the prize money of the prize list and the expenses."""
        return self.takings - self.prize_money.amount - self.expenses.amount

    @property
    def donation(self) -> Decimal | None:
        """What goes to the good cause (None: no donation)."""
        if self.settings.donation == MoneySettings.Donation.LOST_GAMES:
            return self.lost.collected.amount
        if self.settings.donation == MoneySettings.Donation.REMAINDER:
            return max(self.remains, ZERO)
        return None

    @property
    def club_keeps(self) -> Decimal:
        return self.remains - (self.donation or ZERO)

    @property
    def cash_in_box(self) -> Decimal:
        """The cash the box should hold: cash taken less the prize money collected and the
        expenses paid from the box."""
        return self.cash.amount - self.prizes_collected.amount - self.expenses_from_box.amount


def takings_by_method(event: Event) -> dict[str, Figure]:
    """The valid payments of the event per way of paying (cash, other): one SQL query."""
    found = {
        method: Figure(euros(amount), count)
        for method, amount, count in Payment.objects.valid()
        .filter(entry__event=event)
        .values("method")
        .annotate(amount=Sum("amount"), count=Count("id"))
        .order_by()
        .values_list("method", "amount", "count")
    }
    return {method: found.get(method, Figure(ZERO, 0)) for method in Payment.Method.values}


def treasurer_summary(
    event: Event, book: CashBook | None = None, table: PrizeTable | None = None
) -> Summary:
    """The treasurer's summary of ``event`` (from its cash book and prize list)."""
    book = book or cash_book(event)
    table = table or prize_table(event)
    methods = takings_by_method(event)
    money_lines = [award.money for award in table.lines if award.money]
    collected_lines = [award.money for award in table.collected_lines if award.money]
    expenses = list(Expense.objects.valid().filter(event=event).values_list(
        "amount", "from_cash_box"
    ))
    return Summary(
        settings=book.settings,
        entries=len(book.rows),
        checked_in=sum(1 for row in book.rows if row.entry.is_checked_in),
        start=_account(book.rows, lambda r: r.start_fee, lambda r: r.start_paid),
        lost_games=book.lost,
        lost=_account(book.rows, lambda r: r.lost_money, lambda r: r.lost_paid),
        cash=methods[Payment.Method.CASH],
        other=methods[Payment.Method.OTHER],
        prize_money=_figure(money_lines),
        prizes_collected=_figure(collected_lines),
        remainder=table.remainder,
        unawarded=table.unawarded,
        provisional=book.provisional or table.provisional,
        expenses=_figure([amount for amount, _box in expenses]),
        expenses_from_box=_figure([amount for amount, box in expenses if box]),
    )
