"""Series standings from the database: each event's standings read once, the evenings ranked
together by ``series.ranking``, and the series' exports.

The evenings are the series' events in their order (``SeriesEvent.order``, by date). Each
event's standings are the ones computed once per change (``cached_standings``). A
participant is the same person (singles) or the same two people in either order (pairs): a
person is a ``Player`` row of a club's registry, shared by the club's events, together with the
rows of other clubs linked to it (``tournament.models.PlayerLink``, transitively: ``persons``),
never by a name alone. Names, clubs and whether a player is unlisted are the players' current
ones (of a linked person the row of the latest evening; unlisted when any of the rows is); an
unlisted participant is never named on public pages (``SeriesLine.public_name``).

Exports follow ``results.exports``: rows first (a header, then data rows), the writer second.
The workbook has the sheets ``Einzel`` and ``Paare`` with the fixed German columns Platz, Name,
Verein, one column per evening ("name (dd.mm.yyyy)"), Abende, Summe; the CSV holds both below
one header with a first column ``Wertung``, UTF-8 with BOM and ``;`` (``write_csv``). An
evening's value is written whether or not it counts; Summe is the sum of the counted ones.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from core.errors import Message, gettext_noop
from results.exports import SHEET_PAIRS, SHEET_SINGLES, write_csv
from results.xlsx import Rows, SheetData, write_workbook
from scoring.ranking import PAIRS, SINGLES
from scoring.standings import cached_standings
from series.models import Series
from series.ranking import EveningRow, SeriesRow, SeriesRule, rank_series
from tournament.models import Entry, Event, Player, PlayerLink

# what public pages show instead of an unlisted participant's name (the field's own label)
UNLISTED_PARTICIPANT = gettext_noop("not in public lists")


def series_rule(series: Series) -> SeriesRule:
    """The series' rule as ``series.ranking`` applies it."""
    return SeriesRule(
        counting=series.counting,
        best_of=series.best_of if series.counting == Series.Counting.BEST else None,
        scoring=series.scoring,
        place_points=tuple(series.place_points or ()),
    )


@dataclass(slots=True)
class SeriesLine:
    """A line of the series ranking with the participant's club and whether it is unlisted."""

    row: SeriesRow
    club: str
    unlisted: bool

    @property
    def place(self) -> int:
        return self.row.place

    @property
    def shared(self) -> bool:
        return self.row.shared

    @property
    def name(self) -> str:
        return self.row.name

    @property
    def public_name(self) -> str | Message:
        return Message(UNLISTED_PARTICIPANT) if self.unlisted else self.row.name

    @property
    def public_club(self) -> str:
        return "" if self.unlisted else self.club

    @property
    def cells(self) -> list[tuple[int | None, bool]]:
        return self.row.cells

    @property
    def total(self) -> int:
        return self.row.total

    @property
    def evenings(self) -> int:
        return self.row.evenings

    @property
    def counted_evenings(self) -> int:
        return self.row.counted_evenings


@dataclass(slots=True)
class SeriesStandings:
    series: Series
    rule: SeriesRule
    events: list[Event]
    singles: list[SeriesLine] = field(default_factory=list)
    pairs: list[SeriesLine] = field(default_factory=list)
    provisional_events: list[Event] = field(default_factory=list)

    @property
    def provisional(self) -> bool:
        """True while an evening's standings are provisional."""
        return bool(self.provisional_events)

    def lines(self, kind: str) -> list[SeriesLine]:
        return self.pairs if kind == PAIRS else self.singles


def _participants(events: list[Event]) -> tuple[dict[int, tuple[int, ...]], dict[int, dict]]:
    """Per entry id its players' ids (the pair's in entry order), and per player id its name,
    club and unlisted flag (two SQL queries)."""
    entries = {
        entry_id: (player_id,) if partner_id is None else (player_id, partner_id)
        for entry_id, player_id, partner_id in Entry.objects.filter(event__in=events)
        .values_list("id", "player_id", "partner_id")
    }
    ids = {player for players in entries.values() for player in players}
    players = {
        pk: {"name": name, "club": club, "unlisted": unlisted}
        for pk, name, club, unlisted in Player.objects.filter(pk__in=ids).values_list(
            "pk", "name", "club", "unlisted"
        )
    }
    return entries, players


def persons(player_ids: set[int]) -> dict[int, int]:
    """Per player id the id that stands for their person: the smallest id of the group of rows
    linked to it (``PlayerLink``, transitively; the links of rows outside ``player_ids``
    count too), the player's own id without a link."""
    parent: dict[int, int] = {}

    def root(pk: int) -> int:
        parent.setdefault(pk, pk)
        while parent[pk] != pk:
            parent[pk] = parent[parent[pk]]
            pk = parent[pk]
        return pk

    links = list(PlayerLink.objects.values_list("first_id", "second_id"))
    for first, second in links:
        low, high = sorted((root(first), root(second)))
        parent[high] = low
    return {pk: root(pk) for pk in player_ids}


def series_standings(series: Series) -> SeriesStandings:
    """The series ranking of singles and pairs over its events, in the series' order."""
    events = [
        membership.event
        for membership in series.memberships.select_related("event").order_by("order", "id")
    ]
    rule = series_rule(series)
    result = SeriesStandings(series=series, rule=rule, events=events)
    entries, players = _participants(events)
    person = persons({pk for ids in entries.values() for pk in ids})
    shown: dict[tuple[int, ...], tuple[int, ...]] = {}  # per key the rows of its latest evening
    rows_of: dict[tuple[int, ...], set[int]] = {}  # per key every row it played under
    evenings: dict[str, list[list[EveningRow]]] = {SINGLES: [], PAIRS: []}
    for event in events:
        standings = cached_standings(event)
        if standings.provisional:
            result.provisional_events.append(event)
        for kind in (SINGLES, PAIRS):
            rows = []
            for row in standings.ranking(kind):
                ids = entries.get(row.entry.entry_id)
                if row.place is None or ids is None:
                    continue
                key = tuple(sorted(person[pk] for pk in ids))
                shown[key] = ids
                rows_of.setdefault(key, set()).update(ids)
                rows.append(
                    EveningRow(
                        key=key,
                        name=" / ".join(players[pk]["name"] for pk in ids),
                        place=row.place,
                        total=row.total,
                        rounds=len(row.entry.by_round),
                    )
                )
            evenings[kind].append(rows)

    for kind, target in ((SINGLES, result.singles), (PAIRS, result.pairs)):
        for row in rank_series(evenings[kind], rule).rows:
            ids = shown[row.key]
            clubs = list(dict.fromkeys(players[pk]["club"] for pk in ids if players[pk]["club"]))
            target.append(
                SeriesLine(
                    row=row,
                    club=" / ".join(clubs),
                    unlisted=any(players[pk]["unlisted"] for pk in rows_of[row.key]),
                )
            )
    return result


# Exports: the sheets and the CSV as the event's (``results.exports``)

SERIES_HEADER_START = ["Platz", "Name", "Verein"]
SERIES_HEADER_END = ["Abende", "Summe"]


def evening_column(event: Event) -> str:
    return f"{event.name} ({event.date:%d.%m.%Y})"


def series_header(standings: SeriesStandings) -> list:
    return [
        *SERIES_HEADER_START,
        *(evening_column(event) for event in standings.events),
        *SERIES_HEADER_END,
    ]


def series_rows(standings: SeriesStandings, kind: str) -> Rows:
    """Header and one row per participant of the series ranking of singles or pairs."""
    rows: Rows = [series_header(standings)]
    for line in standings.lines(kind):
        rows.append([
            line.place, line.name, line.club or None,
            *(value for value, _counted in line.cells),
            line.evenings, line.total,
        ])
    return rows


def series_workbook(standings: SeriesStandings) -> bytes:
    """The series ranking as .xlsx bytes: sheets Einzel and Paare."""
    wide = len(standings.events) > 4
    return write_workbook(
        [
            SheetData(SHEET_SINGLES, series_rows(standings, SINGLES), landscape=wide),
            SheetData(SHEET_PAIRS, series_rows(standings, PAIRS), landscape=wide),
        ],
        title=standings.series.name,
    )


def series_csv(standings: SeriesStandings) -> bytes:
    """Singles and pairs below one header with a first column "Wertung" (CSV, as the event's)."""
    rows: Rows = [["Wertung", *series_header(standings)]]
    for kind, label in ((SINGLES, SHEET_SINGLES), (PAIRS, SHEET_PAIRS)):
        rows.extend([label, *row] for row in series_rows(standings, kind)[1:])
    return write_csv(rows)
