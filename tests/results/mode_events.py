"""Shared test data of the results and the series for the scoring modes that keep less than
every game: a sheet's round totals, and a game of points as written on the paper.

A points game is stored as the points sheet stores it (``scoring.services.points``): a
``Game`` of the kind ``written`` without a bid, its declarer where the paper names one, and one
``PartyScore`` per party holding the typed points (meld 0, no trick points).
"""

from __future__ import annotations

from collections.abc import Sequence

from scoring.models import Game, PartyScore, RoundTotal, ScoreSheet
from tests.scoring.games import sheet_for
from tournament.models import Entry, Event


def written_game(
    sheet: ScoreSheet,
    number: int,
    parties: Sequence[Entry],
    points: Sequence[int],
    declarer: int | None = None,
) -> Game:
    """Game ``number`` of ``sheet``: each of ``parties`` (in seating order) scored ``points``;
    ``declarer`` the index of the declarer where the paper names one."""
    game = Game.objects.create(
        sheet=sheet,
        number=number,
        dealer=(number - 1) % len(parties) + 1,
        declarer=parties[declarer] if declarer is not None else None,
        bid=None,
        kind=Game.Kind.WRITTEN,
    )
    PartyScore.objects.bulk_create(
        PartyScore(game=game, entry=entry, meld=0, tricks=None, points=value)
        for entry, value in zip(parties, points, strict=True)
    )
    return game


def totals_sheet(
    event: Event,
    round_number: int,
    table_number: int,
    parties: Sequence[tuple[Entry, int, int]],
    status: str = ScoreSheet.Status.CONFIRMED,
) -> ScoreSheet:
    """The sheet of a new table of ``round_number`` holding the round totals of ``parties``
    (each entry in seating order with its total and games lost as declarer), set to
    ``status``."""
    sheet = sheet_for(event, round_number, [entry for entry, _t, _l in parties], table_number,
                      status=status)
    RoundTotal.objects.bulk_create(
        RoundTotal(sheet=sheet, entry=entry, total=total, lost=lost)
        for entry, total, lost in parties
    )
    return sheet
