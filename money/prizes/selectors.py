"""The prize table, read side: the prize list of an event's singles and pairs from its
standings, the prizes defined, the lots drawn and the prizes collected.

The standings come from scoring through ``scoring.interface``; who receives what is decided by
``money.prizes.awards`` (pure). The pot of prizes that are a share of the takings is a per cent of
the Startgeld collected from the entries of that ranking (``money.arithmetic.pool``). The writes
are ``money.prizes.services``; the terms are in ``docs/glossary.md``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from django.db.models import Q, Sum
from django.utils.translation import gettext

from core.templatetags.euros import euro, percent
from money.arithmetic import ZERO, euros, pool, total
from money.models import Payment, Prize, PrizeHandout, PrizeLot, PrizeSettings
from money.prizes.awards import (
    BEST_ROUND,
    CATEGORY,
    LAST,
    Award,
    Candidate,
    PrizeList,
    award_prizes,
    entry_categories,
)
from scoring.interface import PAIRS, SINGLES, Standings, cached_standings
from tournament.models import Entry, Event


@dataclass(slots=True)
class RankingPrizes:
    """The prize list of the singles or of the pairs, with the pot it was computed from."""

    pairs: bool
    prizes: PrizeList
    collected: Decimal
    """The Startgeld collected from the entries of this ranking (the pot's base)."""
    pot: Decimal
    rules: list[Prize] = field(default_factory=list)

    @property
    def kind(self) -> str:
        return PAIRS if self.pairs else SINGLES

    @property
    def uses_pot(self) -> bool:
        """True when some of its prizes are a share of the pot."""
        return any(rule.share for rule in self.rules)


@dataclass(slots=True)
class PrizeTable:
    """The prize lists of an event, whether its standings are provisional, and the lines
    collected so far (``(entry id, line)``)."""

    settings: PrizeSettings
    rankings: list[RankingPrizes]
    provisional: bool
    collected: set[tuple[int, str]] = field(default_factory=set)

    @property
    def lines(self) -> list[Award]:
        return [award for ranking in self.rankings for award in ranking.prizes.lines]

    @property
    def money(self) -> Decimal:
        return total(award.money for award in self.lines)

    @property
    def remainder(self) -> Decimal:
        return total(ranking.prizes.remainder for ranking in self.rankings)

    @property
    def unawarded(self) -> Decimal:
        return total(ranking.prizes.unawarded for ranking in self.rankings)

    def is_collected(self, award: Award) -> bool:
        return (award.candidate.entry_id, award.line) in self.collected

    @property
    def collected_lines(self) -> list[Award]:
        return [award for award in self.lines if self.is_collected(award)]

    @property
    def money_collected(self) -> Decimal:
        """Prize money handed out: the money of the lines ticked off as collected."""
        return total(award.money for award in self.collected_lines)

    @property
    def undecided(self) -> list[tuple[bool, list[Candidate]]]:
        """The ties that need a lot, with whether they are pairs."""
        return [
            (ranking.pairs, group)
            for ranking in self.rankings
            for group in ranking.prizes.undecided
        ]

    def find(self, entry_id: int, line: str) -> Award | None:
        return next(
            (a for a in self.lines if a.candidate.entry_id == entry_id and a.line == line), None
        )


def collected_start_fees(event: Event) -> dict[bool, Decimal]:
    """The Startgeld collected from singles (False) and pairs (True): one SQL query."""
    sums = Payment.objects.valid().filter(
        entry__event=event, purpose=Payment.Purpose.START_FEE
    ).aggregate(
        singles=Sum("amount", filter=Q(entry__partner__isnull=True)),
        pairs=Sum("amount", filter=Q(entry__partner__isnull=False)),
    )
    return {False: euros(sums["singles"] or ZERO), True: euros(sums["pairs"] or ZERO)}


def candidates(
    standings: Standings, pairs: bool, categories: dict[int, frozenset[str]]
) -> list[Candidate]:
    """The ranked singles or pairs of the standings as prize candidates, in their order."""
    return [
        Candidate(
            entry_id=row.entry.entry_id,
            start_number=row.start_number,
            name=row.name,
            total=row.total,
            standing_place=row.place,
            best_round=row.entry.best_round(standings.round_numbers),
            categories=categories.get(row.entry.entry_id, frozenset()),
            withdrawn=row.is_withdrawn,
        )
        for row in standings.ranking(PAIRS if pairs else SINGLES)
        if row.place is not None
    ]


def prize_table(event: Event, standings: Standings | None = None) -> PrizeTable:
    """The prize lists of the event's singles and pairs (a fixed number of SQL queries)."""
    settings = PrizeSettings.for_event(event)
    standings = standings or cached_standings(event)
    rules = sorted(event.prizes.all(), key=lambda prize: prize.sort_key)
    categories = {
        entry_id: entry_categories(player, partner)
        for entry_id, player, partner in Entry.objects.filter(event=event).values_list(
            "id", "player__category", "partner__category"
        )
    }
    lots: dict[bool, list[list[int]]] = {False: [], True: []}
    drawn = PrizeLot.objects.filter(event=event).order_by("created_at", "id")
    for pairs, order in drawn.values_list("pairs", "order"):
        lots[pairs].append(order)
    fees = collected_start_fees(event)
    rankings = []
    for pairs in (False, True):
        own = [rule for rule in rules if rule.pairs == pairs]
        pot = pool(fees[pairs], settings.pot_percent)
        rankings.append(
            RankingPrizes(
                pairs=pairs,
                prizes=award_prizes(
                    candidates(standings, pairs, categories),
                    [rule.rule for rule in own],
                    pot=pot,
                    share_money=settings.share_money,
                    lots=lots[pairs],
                ),
                collected=fees[pairs],
                pot=pot,
                rules=own,
            )
        )
    return PrizeTable(
        settings=settings,
        rankings=rankings,
        provisional=standings.provisional,
        collected=set(
            PrizeHandout.objects.filter(event=event).values_list("entry_id", "line")
        ),
    )


def places_text(place: int | None, last_place: int | None, to_end: bool) -> str:
    """"place 3", "places 2–5", "place 6 and every further place"."""
    if to_end:
        return gettext("place %(place)s and every further place") % {"place": place}
    if last_place and last_place != place:
        return gettext("places %(first)s–%(last)s") % {"first": place, "last": last_place}
    return gettext("place %(place)s") % {"place": place}


def award_text(award: str, *, place=None, last_place=None, to_end=False, category="") -> str:
    """What a prize is for, in the reader's language."""
    if award == LAST:
        return gettext("red lantern (last place)")
    if award == BEST_ROUND:
        return gettext("best single round")
    if award == CATEGORY:
        return gettext("best of the category “%(category)s”") % {"category": category}
    return places_text(place, last_place, to_end)


def value_text(amount: Decimal | str | None, share: Decimal | str | None, goods: str) -> str:
    """What a prize gives: "50,00 €", "30 % of the pot", "“Pokal”", joined by " + "."""
    parts = []
    if amount not in (None, ""):
        parts.append(euro(amount))
    if share not in (None, ""):
        parts.append(gettext("%(share)s of the pot") % {"share": percent(share)})
    if goods:
        parts.append(gettext("“%(goods)s”") % {"goods": goods})
    return " + ".join(parts) or "–"
