"""The money of a Preisbinokel, as arithmetic: what an entry owes, what a prize pays; pure Python.

Every amount is a ``Decimal`` of euros with two places (cents), never a float: ``euros`` makes
one and refuses floats. What an entry owes (``start_fee_due``, ``lost_game_money``) and how
prize money is divided (``prize_share``, ``split_equally``) are decided here and nowhere else;
the Kasse pages, the prize list and the treasurer's summary only add these figures up. The terms
are in ``docs/glossary.md``, the decisions in ``docs/rules.md`` ("Money and prizes").

- Prize money is paid in steps of 0.50 €: a share of the takings and an equal split of shared
  places are rounded *down* to 0.50 €, so the box never pays out more than it holds; what is
  left over is the remainder and stays in the box (``split_equally`` returns it).
- The lost-game money is counted over the whole event: ``amount`` for each lost game, and
  from the ``higher_from``-th lost game on ``higher_amount`` instead, if set.
- What counts as a lost game is chosen per event (``LostGameRule``): a game lost as declarer,
  always a played game that was lost, and by default also a lost Durch and a conceded game.

Pure Python: nothing here imports Django.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import ROUND_DOWN, ROUND_FLOOR, Decimal
from typing import Final

CENT: Final = Decimal("0.01")
HALF_EURO: Final = Decimal("0.50")
ZERO: Final = Decimal("0.00")
HUNDRED: Final = Decimal(100)


def euros(value: Decimal | int | str) -> Decimal:
    """An amount as a Decimal with two places; a float is refused (it cannot hold 0.10 €)."""
    if isinstance(value, float | bool):
        raise TypeError(f"an amount of money is a Decimal, an int or a text, not {value!r}")
    amount = Decimal(value)
    if not amount.is_finite():
        raise ValueError(f"not an amount of money: {value!r}")
    return amount.quantize(CENT)


def down_to_half_euro(amount: Decimal | int) -> Decimal:
    """``amount`` rounded down to a multiple of 0.50 € (12.99 → 12.50, −0.10 → −0.50).

    Exact: a quotient like 2.99 / 6 = 0.4983… goes down to 0.00, never up to 0.50 first.
    """
    if isinstance(amount, float | bool):
        raise TypeError(f"an amount of money is a Decimal or an int, not {amount!r}")
    halves = (Decimal(amount) / HALF_EURO).to_integral_value(ROUND_FLOOR)
    return (halves * HALF_EURO).quantize(CENT)


def total(amounts: Iterable[Decimal]) -> Decimal:
    """The sum of amounts (0.00 for none)."""
    return sum((euros(amount) for amount in amounts), ZERO)


@dataclass(frozen=True, slots=True)
class StartFees:
    """The Startgeld of an event: per single, per pair (or per person of a pair)."""

    single: Decimal = ZERO
    pair: Decimal = ZERO
    pair_per_person: bool = False


def start_fee_due(
    fees: StartFees,
    *,
    is_pair: bool,
    is_stand_in: bool = False,
    is_withdrawn: bool = False,
    checked_in: bool = False,
) -> Decimal:
    """The Startgeld an entry owes.

    A stand-in owes none (it fills a table for the organisers). A withdrawn entry owes none
    unless it was checked in (present at the door) before it withdrew.
    """
    if is_stand_in or (is_withdrawn and not checked_in):
        return ZERO
    if not is_pair:
        return euros(fees.single)
    return euros(fees.pair) * (2 if fees.pair_per_person else 1)


@dataclass(frozen=True, slots=True)
class LostGameRule:
    """What an entry pays for its lost games, and which games lost as declarer count.

    A played game lost as declarer always counts; ``durch`` and ``conceded`` say whether a lost
    Durch and a conceded game count too. From the ``higher_from``-th lost game on (if set) each
    costs ``higher_amount`` instead of ``amount``.
    """

    amount: Decimal = ZERO
    higher_amount: Decimal | None = None
    higher_from: int | None = None
    durch: bool = True
    conceded: bool = True

    @property
    def active(self) -> bool:
        """True when any lost game costs money."""
        return euros(self.amount) > 0 or (
            self.higher_from is not None and euros(self.higher_amount or ZERO) > 0
        )


def lost_games(rule: LostGameRule, *, played: int, durch: int = 0, conceded: int = 0) -> int:
    """How many of an entry's games lost as declarer count: every played game it lost, and its
    lost Durch and conceded games if the rule counts them."""
    return played + (durch if rule.durch else 0) + (conceded if rule.conceded else 0)


def lost_game_money(lost: int, rule: LostGameRule) -> Decimal:
    """The lost-game money of ``lost`` counted lost games.

    Games 1 to ``higher_from`` − 1 cost ``amount`` each, every further one ``higher_amount``
    (when both are set); without them every lost game costs ``amount``.
    """
    if lost < 0:
        raise ValueError("a count of lost games is never negative")
    amount = euros(rule.amount)
    if rule.higher_from is None or rule.higher_amount is None:
        return amount * lost
    cheap = min(lost, max(rule.higher_from - 1, 0))
    return amount * cheap + euros(rule.higher_amount) * (lost - cheap)


def _fraction(percent: Decimal | int) -> Decimal:
    if isinstance(percent, float | bool):
        raise TypeError(f"a percentage is a Decimal or an int, not {percent!r}")
    return Decimal(percent) / HUNDRED


def pool(collected: Decimal, percent: Decimal | int | None) -> Decimal:
    """The prize pot: ``percent`` % of the Startgeld ``collected``, down to the cent."""
    if not percent:
        return ZERO
    return (euros(collected) * _fraction(percent)).quantize(CENT, ROUND_DOWN)


def prize_share(pot: Decimal, percent: Decimal | int) -> Decimal:
    """A prize of ``percent`` % of the pot, rounded down to 0.50 €."""
    return down_to_half_euro(euros(pot) * _fraction(percent))


def split_equally(amount: Decimal, ways: int) -> tuple[Decimal, Decimal]:
    """``amount`` shared by ``ways`` tied entries: each one's share, rounded down to 0.50 €,
    and the remainder that stays in the box. One way takes the amount as it is."""
    if ways < 1:
        raise ValueError("money is shared by one entry or more")
    amount = euros(amount)
    if ways == 1:
        return amount, ZERO
    share = down_to_half_euro(amount / ways)
    return share, amount - share * ways
