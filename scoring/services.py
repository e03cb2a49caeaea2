"""Writes of the scoring app: a game and its party rows are stored together or not at all."""

from collections.abc import Sequence

from django.db import transaction

from scoring.models import Game, PartyScore, ScoreSheet
from scoring.rules import CONCEDED, InvalidHand, dealer_position, gettext_noop, score_hand
from tournament.models import Entry, parties_in_seating_order


def sheet_parties(sheet: ScoreSheet) -> list[Entry]:
    """The parties of a sheet's table in seating order."""
    return parties_in_seating_order(list(sheet.table.seats.select_related("entry")))


@transaction.atomic
def record_game(
    *,
    sheet: ScoreSheet,
    number: int,
    bid: int,
    declarer: int,
    melds: Sequence[int],
    tricks: Sequence[int] | None,
    kind: str = "played",
    revoked: int | None = None,
    dealer: int | None = None,
) -> Game:
    """Store game ``number`` of ``sheet`` (replacing an earlier version of it) with its points.

    ``declarer``/``revoked`` are party indices and ``melds``/``tricks`` hold one figure per
    party, in seating order, as for ``scoring.rules.score_hand``, which computes the points and
    raises ``InvalidHand`` for a game that cannot be; then nothing is stored.
    """
    parties = sheet_parties(sheet)
    if len(melds) != len(parties):
        raise InvalidHand(
            "melds", gettext_noop("This table has %(count)s parties."), count=len(parties)
        )
    if not 1 <= number <= sheet.table.round.event.games_per_round:
        raise InvalidHand(
            "number",
            gettext_noop("A round has games 1 to %(count)s."),
            count=sheet.table.round.event.games_per_round,
        )
    points = score_hand(
        bid=bid, declarer=declarer, melds=melds, tricks=tricks, kind=kind, revoked=revoked
    )
    seat_count = sheet.table.seat_count
    game, _created = Game.objects.update_or_create(
        sheet=sheet,
        number=number,
        defaults={
            "dealer": dealer if dealer is not None else dealer_position(number, seat_count),
            "declarer": parties[declarer],
            "bid": bid,
            "kind": kind,
            "revoked": parties[revoked] if revoked is not None else None,
        },
    )
    game.scores.all().delete()
    PartyScore.objects.bulk_create(
        PartyScore(
            game=game,
            entry=party,
            meld=melds[index],
            tricks=None if kind == CONCEDED else tricks[index],
            points=points[index],
        )
        for index, party in enumerate(parties)
    )
    return game
