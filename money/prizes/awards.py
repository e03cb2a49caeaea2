"""The prize table (Preistisch): who receives which prize in one ranking (singles or pairs);
pure Python.

``award_prizes`` takes the ranked entries of one ranking in the order of the standings
(``Candidate``), the prizes the organiser defined (``PrizeRule``), the pot for prizes that are a
share of the takings, and the lots drawn so far, and returns the prize list (``PrizeList``). The
money arithmetic is ``money.arithmetic``; the rules are in ``docs/rules.md`` ("Money and
prizes"):

- Withdrawn entries get no prize (stand-ins are not ranked at all): the list moves up, so the
  prize *positions* count only the entries that can receive a prize.
- Place prizes are defined for a place or a range of places (optionally "and every further
  place"); a position may get several (money and goods add up).
- Equal totals, by default (``share_money``): tied entries share the money of the positions
  they occupy equally, each share rounded down to 0.50 €, the remainder stated (``Share``);
  their goods go by the prize order. Without ``share_money`` every prize goes by the order.
- The prize order is the standings' order, which applies the event's tie-breaks; entries still
  equal on every tie-break (the same place in the standings) are ordered by a lot drawn for
  exactly them. Until it is drawn they stand by start number, and the group is listed in
  ``PrizeList.undecided`` when the order changes what someone receives.
- Special prizes go to one entry each, in addition to its place prize: the last place ("rote
  Laterne"), the best single round (equal rounds: the better in the prize order), the best of a
  category (a single whose player has it; a pair whose two players both have it).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Final

from money.arithmetic import ZERO, euros, prize_share, split_equally, total

PLACE: Final = "place"
LAST: Final = "last"
BEST_ROUND: Final = "best_round"
CATEGORY: Final = "category"
AWARDS: Final = (PLACE, LAST, BEST_ROUND, CATEGORY)
PLACE_LINE: Final = "place"
"""The key of an entry's place prize line (a special prize's line is ``special-<key>``)."""


@dataclass(frozen=True, slots=True)
class Candidate:
    """A ranked entry: its total, its place in the standings (entries with the same place are
    not separated by the event's tie-breaks), its best round and its categories."""

    entry_id: int
    start_number: int
    name: str
    total: int
    standing_place: int
    best_round: int | None = None
    categories: frozenset[str] = frozenset()
    withdrawn: bool = False


@dataclass(frozen=True, slots=True)
class PrizeRule:
    """A prize the organiser defined: for a place or places (``PLACE``) or a special prize;
    money (``amount``, and/or ``share`` per cent of the pot) and/or goods."""

    key: int
    award: str = PLACE
    place: int | None = None
    last_place: int | None = None
    to_end: bool = False
    category: str = ""
    amount: Decimal | None = None
    share: Decimal | None = None
    goods: str = ""

    def money(self, pot: Decimal) -> Decimal:
        """Its money: the amount plus its share of the pot (rounded down to 0.50 €)."""
        value = euros(self.amount) if self.amount is not None else ZERO
        if self.share:
            value += prize_share(pot, self.share)
        return value

    def positions(self, count: int) -> range:
        """The prize positions it is for (a range that may reach beyond ``count`` entries)."""
        if self.award != PLACE or self.place is None:
            return range(0)
        if self.to_end:
            return range(self.place, max(count, self.place - 1) + 1)
        return range(self.place, (self.last_place or self.place) + 1)


def shopping_list(fields: Iterable[tuple[Iterable[PrizeRule], int]]) -> list[tuple[str, int]]:
    """The goods to buy before the evening: how many of each goods prize the rules give for
    the expected field of each ranking (``(rules, entries)``; a place prize as many as it has
    places within the field, a special prize one). By goods, most first, then by name."""
    wanted: dict[str, int] = {}
    for rules, count in fields:
        for rule in rules:
            if not rule.goods:
                continue
            if rule.award == PLACE:
                number = sum(1 for position in rule.positions(count) if position <= count)
            else:
                number = 1 if count else 0
            if number:
                wanted[rule.goods] = wanted.get(rule.goods, 0) + number
    return sorted(wanted.items(), key=lambda item: (-item[1], item[0]))


@dataclass(frozen=True, slots=True)
class Share:
    """Money of positions ``first``–``last`` shared by the ``ways`` entries tied on them."""

    first: int
    last: int
    ways: int
    amount: Decimal
    each: Decimal
    remainder: Decimal


@dataclass(slots=True)
class Award:
    """One line of the prize list: what one entry receives for its place, or one special
    prize (``rule``)."""

    candidate: Candidate
    place: int
    position: int
    money: Decimal = ZERO
    goods: list[str] = field(default_factory=list)
    share: Share | None = None
    rule: PrizeRule | None = None

    @property
    def line(self) -> str:
        """The line's key, the same whenever the list is computed: ``place`` or
        ``special-<rule key>``."""
        return PLACE_LINE if self.rule is None else f"special-{self.rule.key}"


@dataclass(slots=True)
class PrizeList:
    """The prizes of one ranking: place prizes by position, special prizes, shared money."""

    awards: list[Award] = field(default_factory=list)
    specials: list[Award] = field(default_factory=list)
    shares: list[Share] = field(default_factory=list)
    undecided: list[list[Candidate]] = field(default_factory=list)
    unawarded: Decimal = ZERO
    """Money of prizes nobody reached (places beyond the field, a category nobody has)."""

    @property
    def lines(self) -> list[Award]:
        return [*self.awards, *self.specials]

    @property
    def money(self) -> Decimal:
        return total(award.money for award in self.lines)

    @property
    def remainder(self) -> Decimal:
        """What shared money left over (stays in the box)."""
        return total(share.remainder for share in self.shares)

    def in_call_order(self, *, top_first: bool) -> list[Award]:
        """The place prizes in the order they are called out."""
        return list(self.awards) if top_first else list(reversed(self.awards))


def _ordered(
    candidates: Iterable[Candidate], lots: Sequence[Sequence[int]]
) -> tuple[list[Candidate], list[list[Candidate]]]:
    """The entries that can receive a prize in prize order, and the groups equal on every
    tie-break for which no lot was drawn."""
    eligible = sorted(
        (c for c in candidates if not c.withdrawn),
        key=lambda c: (c.standing_place, c.start_number),
    )
    groups: list[list[Candidate]] = []
    for candidate in eligible:
        if groups and groups[-1][0].standing_place == candidate.standing_place:
            groups[-1].append(candidate)
        else:
            groups.append([candidate])
    ordered: list[Candidate] = []
    undecided: list[list[Candidate]] = []
    for group in groups:
        ids = {c.entry_id for c in group}
        lot = next((list(lot) for lot in reversed(lots) if set(lot) == ids), None)
        if len(group) > 1 and lot is None:
            undecided.append(group)
        elif lot is not None:
            group = sorted(group, key=lambda c: lot.index(c.entry_id))
        ordered.extend(group)
    return ordered, undecided


def award_prizes(
    candidates: Iterable[Candidate],
    rules: Iterable[PrizeRule],
    *,
    pot: Decimal = ZERO,
    share_money: bool = True,
    lots: Sequence[Sequence[int]] = (),
) -> PrizeList:
    """The prize list of one ranking (see the module's description).

    ``candidates`` are its ranked entries (stand-ins left out), ``lots`` the orders of entry
    ids drawn so far, each for the entries of one tie.
    """
    ranking = _Ranking(*_ordered(candidates, lots))
    rules = list(rules)
    result = PrizeList()
    money_at, goods_at, result.unawarded = _place_values(rules, pot, len(ranking.ordered))
    groups = ranking.equal_totals() if share_money else ranking.each_alone()
    shown = ranking.shown_places(groups, share_money)
    money_of, share_of, result.shares = _money_shared(groups, money_at)
    for position, candidate in enumerate(ranking.ordered, start=1):
        if money_of[position] > 0 or goods_at[position]:
            result.awards.append(
                Award(
                    candidate=candidate,
                    place=shown[position],
                    position=position,
                    money=money_of[position],
                    goods=list(goods_at[position]),
                    share=share_of.get(position),
                )
            )
    # a tie still to be drawn matters where its positions would get different prizes
    contested = {
        index
        for index, group in enumerate(ranking.undecided)
        if len({
            (tuple(goods_at[p]), None if share_money else money_at[p])
            for p in ranking.positions(group)
        }) > 1
    }
    for rule in rules:
        if rule.award == PLACE:
            continue
        qualifiers = _qualifiers(rule, ranking.ordered)
        if not qualifiers:
            result.unawarded += rule.money(pot)
            continue
        winner = qualifiers[0]
        group = ranking.undecided_group(winner)
        if group is not None and any(
            ranking.undecided_group(other) == group for other in qualifiers[1:]
        ):
            contested.add(group)
        position = ranking.position_of[winner.entry_id]
        result.specials.append(
            Award(
                candidate=winner,
                place=shown[position],
                position=position,
                money=rule.money(pot),
                goods=[rule.goods] if rule.goods else [],
                rule=rule,
            )
        )
    result.undecided = [ranking.undecided[index] for index in sorted(contested)]
    return result


class _Ranking:
    """A ranking in prize order (ties broken by lots drawn), its positions counted from 1, and
    its ties still to be drawn (``undecided``)."""

    def __init__(self, ordered: list[Candidate], undecided: list[list[Candidate]]) -> None:
        self.ordered = ordered
        self.undecided = undecided
        self.position_of = {c.entry_id: index for index, c in enumerate(ordered, start=1)}
        self._undecided_ids = [{c.entry_id for c in group} for group in undecided]

    def positions(self, group: Sequence[Candidate]) -> list[int]:
        return [self.position_of[c.entry_id] for c in group]

    def undecided_group(self, candidate: Candidate) -> int | None:
        """The index of the undecided tie the candidate is in, if any."""
        return next(
            (i for i, ids in enumerate(self._undecided_ids) if candidate.entry_id in ids), None
        )

    def equal_totals(self) -> list[list[int]]:
        """Runs of positions with equal totals: they share their money."""
        found: list[list[int]] = []
        for position, candidate in enumerate(self.ordered, start=1):
            if found and self.ordered[found[-1][0] - 1].total == candidate.total:
                found[-1].append(position)
            else:
                found.append([position])
        return found

    def each_alone(self) -> list[list[int]]:
        return [[position] for position in self.position_of.values()]

    def shown_places(self, groups: list[list[int]], share_money: bool) -> dict[int, int]:
        """The place each position is shown with: a run sharing money shows its first place;
        without sharing, an undecided tie shows the first place of the tie."""
        shown: dict[int, int] = {}
        if share_money:
            for run in groups:
                shown.update(dict.fromkeys(run, run[0]))
            return shown
        for position, candidate in enumerate(self.ordered, start=1):
            group = self.undecided_group(candidate)
            shown[position] = (
                position if group is None else min(self.positions(self.undecided[group]))
            )
        return shown


def _place_values(
    rules: list[PrizeRule], pot: Decimal, count: int
) -> tuple[list[Decimal], list[list[str]], Decimal]:
    """The money and goods the place prizes give each position (index 1 to ``count``), and
    the money of places beyond the field."""
    money_at = [ZERO] * (count + 1)
    goods_at: list[list[str]] = [[] for _ in range(count + 1)]
    unawarded = ZERO
    for rule in rules:
        if rule.award != PLACE:
            continue
        value = rule.money(pot)
        for position in rule.positions(count):
            if position > count:
                unawarded += value
                continue
            money_at[position] += value
            if rule.goods:
                goods_at[position].append(rule.goods)
    return money_at, goods_at, unawarded


def _money_shared(
    groups: list[list[int]], money_at: list[Decimal]
) -> tuple[dict[int, Decimal], dict[int, Share], list[Share]]:
    """Each position's money once a group of several shares its money equally, the share each
    position takes part in, and the shares."""
    money_of: dict[int, Decimal] = {}
    share_of: dict[int, Share] = {}
    shares: list[Share] = []
    for run in groups:
        amount = total(money_at[p] for p in run)
        if len(run) > 1 and amount > 0:
            each, remainder = split_equally(amount, len(run))
            share = Share(run[0], run[-1], len(run), amount, each, remainder)
            shares.append(share)
            for position in run:
                money_of[position], share_of[position] = each, share
        else:
            for position in run:
                money_of[position] = money_at[position]
    return money_of, share_of, shares


def _qualifiers(rule: PrizeRule, ordered: list[Candidate]) -> list[Candidate]:
    """The entries that could win a special prize, the winner first."""
    if rule.award == LAST:
        if not ordered:
            return []
        last = ordered[-1]
        # entries equal with the last on every tie-break contend for it too
        return [last, *(c for c in reversed(ordered[:-1])
                         if c.standing_place == last.standing_place)]
    if rule.award == BEST_ROUND:
        rounds = [c.best_round for c in ordered if c.best_round is not None]
        if not rounds:
            return []
        best = max(rounds)
        return [c for c in ordered if c.best_round == best]
    if rule.award == CATEGORY:
        wanted = category_key(rule.category)
        return [c for c in ordered if wanted and wanted in c.categories]
    raise ValueError(f"unknown kind of prize: {rule.award!r}")


def category_key(category: str) -> str:
    """How categories compare: without surrounding spaces, case-insensitive ("Frau" = "frau")."""
    return category.strip().casefold()


def entry_categories(player: str, partner: str | None) -> frozenset[str]:
    """An entry's categories: a single's player's; a pair's only where both players have it."""
    first = category_key(player)
    if partner is None:
        return frozenset({first}) if first else frozenset()
    return frozenset({first}) if first and first == category_key(partner) else frozenset()
