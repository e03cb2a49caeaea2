"""The facts of the press report (``results.press``), read from an event's results, and the clubs
the results list names.

The games that count are those of the standings (``scoring.standings.counted_statuses``); the
rankings and totals come from the standings the caller computed, so the report and the results
list say what the standings say. Five SQL queries besides the standings.

What the event's scoring mode does not keep (``scoring.interface.tells``) is left out, not
counted as none: the highest game and the Durch need every game in full, the biggest loss in
one game a row per game. Round totals count a round's games per sheet.
"""

from __future__ import annotations

from django.db.models import F

from results.press import GameFact, Placed, PressEntry, PressFacts
from scoring.interface import tells
from scoring.models import Game, PartyScore, ScoreSheet
from scoring.ranking import PAIRS, SINGLES, EntryFigures, Standings
from scoring.rules import DURCH_KINDS
from scoring.standings import counted_statuses
from tournament.models import Entry, Event


def entry_clubs(event: Event) -> dict[int, str]:
    """The club of every entry of ``event`` by entry id (a pair: its first player's club, else
    its partner's); entries without a club are left out (one SQL query)."""
    clubs: dict[int, str] = {}
    for entry_id, club, partner_club in Entry.objects.filter(event=event).values_list(
        "id", "player__club", "partner__club"
    ):
        if club or partner_club:
            clubs[entry_id] = club or partner_club
    return clubs


def _press_entry(entry: EntryFigures, clubs: dict[int, str]) -> PressEntry:
    return PressEntry(
        start_number=entry.start_number,
        name=entry.name,
        club=clubs.get(entry.entry_id, ""),
        unlisted=entry.unlisted,
        is_pair=entry.is_pair,
    )


def press_facts(event: Event, standings: Standings) -> PressFacts:
    """What the press report of ``event`` tells, from its ``standings`` and its counted games."""
    clubs = entry_clubs(event)
    entries = {entry.entry_id: _press_entry(entry, clubs) for entry in standings.entries}

    def placed(kind: str) -> list[Placed]:
        return [
            Placed(place=row.place, entry=entries[row.entry.entry_id], points=row.total)
            for row in standings.ranking(kind)
            if row.place is not None
        ]

    played = [entry for entry in standings.entries if entry.by_round]
    rounds = sorted({number for entry in played for number in entry.by_round})
    scores = PartyScore.objects.filter(
        game__sheet__table__round__event=event,
        game__sheet__status__in=counted_statuses(event),
    )
    declared = scores.filter(entry_id=F("game__declarer_id"))
    fields = ("entry_id", "game__sheet__table__round__number", "points", "game__kind")

    def fact(row: tuple | None) -> GameFact | None:
        if row is None or row[0] not in entries:
            return None
        entry_id, round_number, points, kind = row
        return GameFact(entry=entries[entry_id], round=round_number, points=points, kind=kind)

    order = ("game__sheet__table__round__number", "game__sheet__table__number", "game__number")
    told = tells(event.scoring_mode)
    highest = loss = None
    durch: list[GameFact | None] = []
    if told.best_game:
        highest = (
            declared.exclude(game__kind__in=DURCH_KINDS).filter(points__gt=0)
            .order_by("-points", *order).values_list(*fields).first()
        )
    if told.biggest_loss:
        loss = scores.filter(points__lt=0).order_by("points", *order).values_list(*fields).first()
    if told.durch:
        durch = [
            fact(row)
            for row in declared.filter(game__kind__in=DURCH_KINDS, points__gt=0)
            .order_by(*order).values_list(*fields)
        ]
    if told.game_rows:
        games = Game.objects.filter(
            sheet__table__round__event=event, sheet__status__in=counted_statuses(event)
        ).count()
    else:  # round totals: the round's games on every sheet with totals
        games = event.games_per_round * ScoreSheet.objects.filter(
            table__round__event=event, status__in=counted_statuses(event),
            round_totals__isnull=False,
        ).distinct().count()
    return PressFacts(
        name=event.name,
        date=event.date,
        venue=event.venue,
        singles=placed(SINGLES),
        pairs=placed(PAIRS),
        entries=len(played),
        people=sum(2 if entry.is_pair else 1 for entry in played),
        rounds=len(rounds),
        games=games,
        total_points=sum(entry.summed(rounds).points for entry in played),
        entry_rounds=sum(len(entry.by_round) for entry in played),
        highest_game=fact(highest),
        durch_won=[game for game in durch if game is not None],
        biggest_loss=fact(loss),
        provisional=standings.provisional,
    )
