"""Series standings (Cup, Masters): the evenings of a series ranked together; pure Python, no
database.

``series.standings`` reads each event's standings and hands the ranked rows of every
evening, in the series' order, to ``rank_series`` together with the series' rule
(``SeriesRule``). The rules are in ``docs/rules.md`` ("Series"), the terms in
``docs/glossary.md``:

- a participant is the same player (singles) or the same two players in either order (pairs)
  across the evenings, by ``Participant.key``; singles and pairs are ranked apart, as at an
  event;
- an evening's value is the participant's total of that evening (``TOTALS``) or the place points
  the series gives for the place (``PLACE_POINTS``: the series' table for places 1, 2, …, and 0
  after it; a shared place gives each the points of that place);
- which evenings count: all (``ALL``), the best N (``BEST``: the N highest values; equal values
  take the earlier evening first), or all, but only participants present at every evening held
  so far (``EVERY``); an evening is held for a ranking once anyone of that ranking played in it;
- places are competition ranking (1, 2, 2, 4) by the sum of the counted values; equal sums are
  separated by more evenings counted, then by the better best single evening value; equal on
  all three share the place.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field

from core.errors import Message, UserError, gettext_noop
from core.limits import MAX_PLACE_POINTS, MAX_PLACE_POINTS_VALUE

# How the evenings count (``SeriesRule.counting``)
ALL = "all"
BEST = "best"
EVERY = "every"
COUNTINGS = (ALL, BEST, EVERY)

# What an evening is worth (``SeriesRule.scoring``)
TOTALS = "totals"
PLACE_POINTS = "place_points"
SCORINGS = (TOTALS, PLACE_POINTS)


class SeriesRuleError(UserError):
    """A rule of a series that cannot be applied (place points, best N)."""


@dataclass(frozen=True, slots=True)
class SeriesRule:
    counting: str = ALL
    best_of: int | None = None
    scoring: str = TOTALS
    place_points: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if self.counting not in COUNTINGS:
            raise ValueError(f"unknown counting {self.counting!r}")
        if self.scoring not in SCORINGS:
            raise ValueError(f"unknown scoring {self.scoring!r}")
        if self.counting == BEST and (self.best_of is None or self.best_of < 1):
            raise SeriesRuleError(
                gettext_noop("Best of how many evenings? Give a number of 1 or more."),
                field="best_of",
            )
        check_place_points(self.place_points)

    def points_for(self, place: int) -> int:
        """The place points of ``place`` (0 after the series' table)."""
        return self.place_points[place - 1] if 1 <= place <= len(self.place_points) else 0


def check_place_points(values: Sequence[int]) -> tuple[int, ...]:
    """``values`` as place points: whole numbers from 0 up, never more for a worse place."""
    if len(values) > MAX_PLACE_POINTS:
        raise SeriesRuleError(
            gettext_noop("At most %(count)s places can get place points."),
            field="place_points",
            count=MAX_PLACE_POINTS,
        )
    for index, value in enumerate(values):
        if isinstance(value, bool) or not isinstance(value, int):
            raise SeriesRuleError(
                gettext_noop("Place points are whole numbers."), field="place_points"
            )
        if not 0 <= value <= MAX_PLACE_POINTS_VALUE:
            raise SeriesRuleError(
                gettext_noop("Place points are from 0 to %(max)s."),
                field="place_points",
                max=MAX_PLACE_POINTS_VALUE,
            )
        if index and value > values[index - 1]:
            raise SeriesRuleError(
                gettext_noop(
                    "Place %(place)s cannot get more points than place %(better)s."
                ),
                field="place_points",
                place=index + 1,
                better=index,
            )
    return tuple(values)


def parse_place_points(text: str) -> tuple[int, ...]:
    """Place points as typed: numbers separated by commas, semicolons or spaces."""
    parts = [part for part in text.replace(";", ",").replace(",", " ").split() if part]
    values: list[int] = []
    for part in parts:
        try:
            values.append(int(part))
        except ValueError:
            raise SeriesRuleError(
                gettext_noop("“%(value)s” is not a whole number."),
                field="place_points",
                value=part,
            ) from None
    return check_place_points(values)


def format_place_points(values: Iterable[int]) -> str:
    return ", ".join(str(value) for value in values)


@dataclass(frozen=True, slots=True)
class EveningRow:
    """One participant's line in one evening's ranking (singles or pairs).

    ``key`` identifies the participant across evenings; ``place`` is its place that evening,
    ``total`` its points, ``rounds`` the rounds it has counted games in (0: not present).
    """

    key: Hashable
    name: str
    place: int | None
    total: int
    rounds: int


@dataclass(slots=True)
class SeriesRow:
    """One participant of the series ranking: its value per evening (None: not present), which
    of them count, and the sum of those."""

    place: int
    shared: bool
    key: Hashable
    name: str
    values: list[int | None]
    counted: list[bool]
    total: int
    evenings: int

    @property
    def counted_evenings(self) -> int:
        return sum(self.counted)

    @property
    def best(self) -> int | None:
        counted = [v for v, c in zip(self.values, self.counted, strict=True) if c and v is not None]
        return max(counted) if counted else None

    @property
    def cells(self) -> list[tuple[int | None, bool]]:
        """(value, counted) per evening, for the pages."""
        return list(zip(self.values, self.counted, strict=True))


@dataclass(slots=True)
class SeriesRanking:
    rows: list[SeriesRow] = field(default_factory=list)
    held: list[bool] = field(default_factory=list)


def _counted(values: Sequence[int | None], rule: SeriesRule) -> list[bool]:
    """Which evenings count: every one present, or the best N (equal: the earlier first)."""
    present = [index for index, value in enumerate(values) if value is not None]
    if rule.counting != BEST:
        chosen = set(present)
    else:
        ordered = sorted(present, key=lambda index: (-(values[index] or 0), index))
        chosen = set(ordered[: rule.best_of])
    return [index in chosen for index in range(len(values))]


def rank_series(evenings: Sequence[Sequence[EveningRow]], rule: SeriesRule) -> SeriesRanking:
    """The series ranking of one kind (singles or pairs) from each evening's rows, in order."""
    held = [any(row.rounds > 0 for row in rows) for rows in evenings]
    names: dict[Hashable, str] = {}
    values: dict[Hashable, list[int | None]] = {}
    for index, rows in enumerate(evenings):
        for row in rows:
            if row.rounds <= 0 or row.place is None:
                continue
            names[row.key] = row.name  # the latest evening's name
            per_evening = values.setdefault(row.key, [None] * len(evenings))
            per_evening[index] = (
                row.total if rule.scoring == TOTALS else rule.points_for(row.place)
            )

    candidates: list[SeriesRow] = []
    for key, per_evening in values.items():
        if rule.counting == EVERY and any(
            was_held and value is None
            for was_held, value in zip(held, per_evening, strict=True)
        ):
            continue
        counted = _counted(per_evening, rule)
        total = sum(v for v, c in zip(per_evening, counted, strict=True) if c and v is not None)
        candidates.append(
            SeriesRow(
                place=0,
                shared=False,
                key=key,
                name=names[key],
                values=per_evening,
                counted=counted,
                total=total,
                evenings=sum(value is not None for value in per_evening),
            )
        )

    def sort_key(row: SeriesRow) -> tuple[int, int, int]:
        return (-row.total, -row.counted_evenings, -(row.best or 0))

    candidates.sort(key=lambda row: (sort_key(row), row.name.casefold(), str(row.key)))
    previous: tuple[int, int, int] | None = None
    for index, row in enumerate(candidates, start=1):
        key = sort_key(row)
        if key != previous:
            place = index
            previous = key
        row.place = place
    for index, row in enumerate(candidates):
        row.shared = (index > 0 and candidates[index - 1].place == row.place) or (
            index + 1 < len(candidates) and candidates[index + 1].place == row.place
        )
    return SeriesRanking(rows=candidates, held=held)


def rule_summary(rule: SeriesRule) -> Message:
    """The rule in one sentence, for the pages."""
    what = (
        Message(gettext_noop("totals"))
        if rule.scoring == TOTALS
        else Message(gettext_noop("place points"))
    )
    if rule.counting == BEST:
        return Message(
            gettext_noop("Best %(count)s evenings count, by %(what)s."),
            count=rule.best_of,
            what=what,
        )
    if rule.counting == EVERY:
        return Message(
            gettext_noop("Every evening counts, by %(what)s; only who played at every evening."),
            what=what,
        )
    return Message(gettext_noop("Every evening counts, by %(what)s."), what=what)
