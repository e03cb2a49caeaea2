"""Demo and benchmark helpers: store games without the sheet pages' version check.

``record_game`` stores one game judged like a row of the sheet page; ``fill_random_games`` fills
whole rounds with random valid games (``scoring.simulate``) in bulk. They are for the demo
command, the benchmarks and tests; the pages save through ``scoring.services.sheets``.
"""

import random
from collections.abc import Sequence

from django.db import transaction
from django.db.models import F, Prefetch
from django.utils import timezone

from core.audit import log_all
from core.errors import gettext_noop
from scoring.audit import SheetAction, sheet_record
from scoring.house_rules import rules_of
from scoring.models import Game, PartyScore, ScoreSheet
from scoring.rules import InvalidHand, score_hand
from scoring.services.sheets import sheet_parties, write_games
from scoring.sheet_rows import normalise_row
from scoring.simulate import random_game
from tournament.models import Entry, Event, Round, Seat, Table, parties_in_seating_order
from tournament.results import results_changed
from tournament.seats import dealer_position


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
    party, in seating order, as for ``scoring.rules.score_hand``. The row is checked and scored
    like a row of the sheet page (``normalise_row``) and raises ``InvalidHand`` for a game that
    cannot be; then nothing is stored. Unlike ``save_sheet_rows`` it does not check the sheet's
    version and keeps its status; it moves the version on, as every change of a sheet's games
    does (an open page's save is then refused as stale, see ``save_sheet_rows``).
    """
    parties = sheet_parties(sheet)
    games_per_round = sheet.table.round.event.games_per_round
    if not 1 <= number <= games_per_round:
        raise InvalidHand(
            "number", gettext_noop("A round has games 1 to %(count)s."), count=games_per_round
        )
    row = {
        "dealer": dealer,
        "declarer": declarer,
        "bid": bid,
        "kind": kind,
        "revoked": revoked,
        "melds": melds,
        "tricks": tricks,
    }
    values = normalise_row(
        row,
        number=number,
        parties=len(parties),
        seat_count=sheet.table.seat_count,
        rules=rules_of(sheet.table.round.event),
    )
    Game.objects.filter(sheet=sheet, number=number).delete()
    write_games(sheet, parties, {number: values})
    ScoreSheet.objects.filter(pk=sheet.pk).update(version=F("version") + 1)
    results_changed(event_id=sheet.table.round.event_id)
    return Game.objects.get(sheet=sheet, number=number)



@transaction.atomic
def fill_random_games(
    *,
    event: Event,
    seed: int = 0,
    rounds: Sequence[int] | None = None,
    games: int | None = None,
    confirm: bool = False,
) -> int:
    """Fill the sheets of the event's rounds (all by default) with random valid games.

    For demos and benchmarks: replaces every game on those sheets, creates missing sheets, and
    sets each sheet submitted (confirmed with ``confirm``) when it holds all games. Bulk writes;
    returns the number of games stored.
    """
    count = event.games_per_round if games is None else games
    if not 0 <= count <= event.games_per_round:
        raise ValueError(f"games must be between 0 and {event.games_per_round}")
    rng = random.Random(seed)
    round_rows = Round.objects.filter(event=event)
    if rounds is not None:
        round_rows = round_rows.filter(number__in=list(rounds))
    tables = list(
        Table.objects.filter(round__in=round_rows)
        .order_by("round__number", "number")
        .prefetch_related(Prefetch("seats", queryset=Seat.objects.select_related("entry")))
    )
    sheets = {sheet.table_id: sheet for sheet in ScoreSheet.objects.filter(table__in=tables)}
    new_sheets = [ScoreSheet(table=table) for table in tables if table.pk not in sheets]
    ScoreSheet.objects.bulk_create(new_sheets)
    if any(sheet.pk is None for sheet in new_sheets):  # a database without RETURNING
        sheets = {sheet.table_id: sheet for sheet in ScoreSheet.objects.filter(table__in=tables)}
    else:
        sheets.update({sheet.table_id: sheet for sheet in new_sheets})
    Game.objects.filter(sheet__in=sheets.values()).delete()

    new_games: list[Game] = []
    lines: list[tuple[Game, list[Entry], dict, tuple[int, ...]]] = []
    for table in tables:
        parties = parties_in_seating_order(list(table.seats.all()))
        if not parties:
            continue
        for number in range(1, count + 1):
            game = random_game(len(parties), rng)
            points = score_hand(**game)
            # Plain ids rather than related objects: a big event means tens of thousands.
            row = Game(
                sheet_id=sheets[table.pk].pk,
                number=number,
                dealer=dealer_position(number, table.seat_count),
                declarer_id=parties[game["declarer"]].pk,
                bid=game["bid"],
                kind=game["kind"],
                revoked_id=parties[game["revoked"]].pk if game["revoked"] is not None else None,
            )
            new_games.append(row)
            lines.append((row, parties, game, points))
    Game.objects.bulk_create(new_games, batch_size=2000)
    PartyScore.objects.bulk_create(
        (
            PartyScore(
                game_id=row.pk,
                entry_id=party.pk,
                meld=game["melds"][index],
                tricks=None if game["tricks"] is None else game["tricks"][index],
                points=points[index],
            )
            for row, parties, game, points in lines
            for index, party in enumerate(parties)
        ),
        batch_size=5000,
    )

    now = timezone.now()
    sheet_ids = [sheet.pk for sheet in sheets.values()]
    complete = count == event.games_per_round
    if complete and confirm:
        status = ScoreSheet.Status.CONFIRMED
        actions = [SheetAction.SUBMITTED, SheetAction.CONFIRMED]
    elif complete:
        status, actions = ScoreSheet.Status.SUBMITTED, [SheetAction.SUBMITTED]
    else:
        status, actions = (
            ScoreSheet.Status.IN_PROGRESS if count else ScoreSheet.Status.EMPTY,
            [],
        )
    ScoreSheet.objects.filter(pk__in=sheet_ids).update(
        status=status,
        version=F("version") + 1,
        updated_at=now,
        submitted_at=now if complete else None,
        confirmed_at=now if status == ScoreSheet.Status.CONFIRMED else None,
        confirmed_by=None,
    )
    log_all(
        sheet_record(sheet, action, event=event.pk)
        for sheet in sheets.values()
        for action in actions
    )
    results_changed(event_id=event.pk)
    return len(new_games)
