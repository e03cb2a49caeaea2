"""Score entry of a sheet kept in points per game (``scoring.services.points``): each game
stored as a game of points as written, the whole save or nothing, every problem of every row
named at its field with its game, stale saves refused, resends recognised, rows cleared, the
sheet handed in and confirmed like a sheet of games, the players' confirmations voided by a
change; refused in another mode; the model's constraints; no rescoring by the rules."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction
from django.utils import translation

from core.audit import describe
from core.models import ChangeRecord
from scoring.audit import SheetAction, sheet_params
from scoring.models import Game, PartyScore, ScoreSheet, SheetConfirmation
from scoring.rules import EJL, RULES
from scoring.services import (
    SheetError,
    SheetLocked,
    StaleSheet,
    confirm_as_player,
    confirm_handed_in,
    confirm_sheet,
    points_field,
    problems_by_field,
    reopen_sheet,
    save_sheet_points,
    save_sheet_rows,
    save_sheet_totals,
    sheet_concerns,
    sheet_games,
    submit_sheet,
)
from scoring.services.house_rules import RulesError, change_rules, change_scoring_mode, rescoring
from tests.factories import make_entry, make_event, make_round, make_sheet, make_table, make_user
from tournament.models import Event

pytestmark = pytest.mark.django_db

POINTS = Event.ScoringMode.POINTS
EMPTY = ScoreSheet.Status.EMPTY
IN_PROGRESS = ScoreSheet.Status.IN_PROGRESS
SUBMITTED = ScoreSheet.Status.SUBMITTED
CONFIRMED = ScoreSheet.Status.CONFIRMED

# game 1: party 1 declared and lost (its −300 is the only figure below zero); game 2: the
# declarer not written down, party 0 won with 250
ROWS = {
    1: {"points": [120, -300, 80], "declarer": 1},
    2: {"points": [250, 40, 60], "declarer": None},
}


def _sheet(mode=POINTS, games_per_round=3, **fields):
    event = make_event(scoring_mode=mode, games_per_round=games_per_round, **fields)
    entries = [make_entry(event, n) for n in (1, 2, 3)]
    return make_sheet(make_table(make_round(event), entries))


def _save(sheet, rows=ROWS, base_version=0, **extra):
    return save_sheet_points(sheet=sheet, base_version=base_version, rows=rows, **extra)


def _stored(sheet):
    """Each game's declarer (start number) and points by start number, as stored."""
    games = {}
    for game in Game.objects.filter(sheet=sheet).select_related("declarer").order_by("number"):
        assert (game.kind, game.bid, game.revoked_id) == ("written", None, None)
        lines = PartyScore.objects.filter(game=game).order_by("entry__start_number")
        assert all(line.meld == 0 and line.tricks is None for line in lines)
        games[game.number] = (
            game.declarer.start_number if game.declarer else None,
            [line.points for line in lines],
        )
    return games


def _fresh(sheet):
    return ScoreSheet.objects.get(pk=sheet.pk)


def _records(sheet, *actions):
    records = ChangeRecord.objects.about(sheet).order_by("id")
    return list(records.filter(action__in=actions) if actions else records)


def test_each_game_is_stored_as_points_as_written_and_moves_the_sheet_like_a_game_save():
    sheet = _sheet()
    result = _save(sheet, device={"agent": "Handy", "address": "10.0.0.7"}, save_id="s-1")
    assert not result.problems and result.changed
    assert (result.saved, result.version, result.status) == ([1, 2], 1, IN_PROGRESS)
    assert _stored(sheet) == {1: (2, [120, -300, 80]), 2: (None, [250, 40, 60])}
    fresh = _fresh(sheet)
    assert (fresh.version, fresh.status, fresh.last_save) == (1, IN_PROGRESS, "s-1:1")
    # read back as any game: the dealer of the rotation, the declarer's index
    assert sheet_games(sheet)[1] == {
        "dealer": 1, "declarer": 1, "bid": None, "kind": "written", "revoked": None,
        "melds": [0, 0, 0], "tricks": None, "points": [120, -300, 80],
    }
    assert sheet_games(sheet)[2]["dealer"] == 2
    # a save through the link is recorded with its device, as a save of games is
    (record,) = _records(sheet, SheetAction.LINK_SAVED)
    assert record.params["after"]["saved"] == [1, 2] and record.params["after"]["agent"] == "Handy"


@pytest.mark.parametrize(
    ("rows", "fields"),
    [
        # not in tens; left empty; two parties below zero without a declarer named
        (
            {1: {"points": [125, -300, 80], "declarer": 1},
             2: {"points": [250, None, 60], "declarer": None},
             3: {"points": [-100, -200, 60], "declarer": None}},
            {"g1-points0", "g2-points1", "g3-points0", "g3-points1"},
        ),
        # out of reach (ejl: 2000); a party below zero that is not the declarer; a declarer
        # outside the table; a declarer who won with less than the lowest bid
        (
            {1: {"points": [2010, 0, 0], "declarer": None},
             2: {"points": [120, -300, 80], "declarer": 0},
             3: {"points": [120, 300, 80], "declarer": 5}},
            {"g1-points0", "g2-points1", "g2-points0", "g3-declarer"},
        ),
    ],
)
def test_any_problem_stores_nothing_and_each_is_named_at_its_field_of_its_game(rows, fields):
    sheet = _sheet()
    _save(sheet, rows={3: {"points": [200, 0, 0], "declarer": 0}})  # a stored game stays
    result = _save(sheet, rows=rows, base_version=1)
    assert set(problems_by_field(result.problems)) == fields
    assert set(result.problems) == {int(field[1]) for field in fields}
    assert not result.changed and result.version == 1
    assert _stored(sheet) == {3: (1, [200, 0, 0])}
    assert _fresh(sheet).version == 1
    assert len(_records(sheet)) == 1  # the first save's record only


def test_a_problem_names_its_game_and_party_field():
    sheet = _sheet()
    result = _save(sheet, rows={2: {"points": [250, 45, 60], "declarer": None}})
    ((number, (problem,)),) = result.problems.items()
    assert number == 2 and points_field(number, problem) == "g2-points1"
    with translation.override("de"):
        assert str(problem) == (
            "Punkte werden in Zehnern geschrieben: bitte ein Vielfaches von 10 eintragen."
        )


def test_a_stale_save_that_would_change_a_game_is_refused_with_what_is_stored():
    sheet = _sheet()
    _save(sheet)
    changed = {1: {"points": [120, -300, 90], "declarer": 1}}
    with pytest.raises(StaleSheet) as refused:
        _save(sheet, rows=changed, base_version=0)
    assert refused.value.version == 1
    assert refused.value.current[1]["points"] == [120, -300, 80]
    assert _stored(sheet)[1] == (2, [120, -300, 80])
    # the same games from an old page change nothing: answered as stored
    same = _save(sheet, base_version=0)
    assert not same.changed and same.version == 1 and same.kept == [1, 2]


def test_a_save_sent_again_is_recognised_by_its_id():
    sheet = _sheet()
    first = _save(sheet, save_id="s-1")
    again = _save(sheet, save_id="s-1")
    assert first.version == again.version == 1 and not again.changed
    grown = _save(sheet, rows={3: {"points": [0, 0, 200], "declarer": 2}}, save_id="s-1")
    assert grown.changed and grown.version == 2
    with pytest.raises(StaleSheet):
        _save(sheet, rows={3: {"points": [0, 0, 210], "declarer": 2}}, save_id="s-2")


def test_a_row_with_nothing_typed_clears_its_game():
    sheet = _sheet()
    _save(sheet)
    result = _save(sheet, rows={2: {"points": [None] * 3, "declarer": None}, 3: None},
                   base_version=1, user=make_user("desk"))
    assert result.deleted == [2] and result.kept == [3] and result.version == 2
    assert _stored(sheet) == {1: (2, [120, -300, 80])}
    # the cleared game is recorded with what it was, in words
    (record,) = _records(sheet, SheetAction.CHANGED)
    assert record.params["game"] == 2 and record.params["after"] is None
    with translation.override("en"):
        assert describe(record.action, sheet_params(record.params)) == (
            "Game 2 deleted; before: points 250/40/60"
        )


def test_a_change_after_the_hand_in_is_recorded_and_voids_the_players_confirmations():
    sheet = _sheet()
    full = {**ROWS, 3: {"points": [0, 0, 200], "declarer": 2}}
    result = _save(sheet, rows=full, hand_in=True)
    assert result.handed_in and (result.version, result.status) == (2, SUBMITTED)
    confirm_as_player(sheet=sheet, position=1, version=2)
    desk = make_user("desk")
    changed = _save(sheet, rows={1: {"points": [120, -300, 90], "declarer": 1}},
                    base_version=2, user=desk)
    assert changed.version == 3 and changed.status == SUBMITTED
    assert SheetConfirmation.objects.get(sheet=sheet).voided_at is not None
    (record,) = _records(sheet, SheetAction.SAVED)
    assert record.params["game"] == 1 and record.user == desk
    with translation.override("de"):
        assert describe(record.action, sheet_params(record.params)) == (
            "Spiel 1 gespeichert: Alleinspieler 2 · Punkte 120/−300/90; vorher: Alleinspieler 2 "
            "· Punkte 120/−300/80"
        )
    games = sheet.table.round.event.games_per_round
    (concern,) = sheet_concerns([_fresh(sheet)], games)[sheet.pk]
    assert concern.msgid == "changed after it was handed in: game %(games)s"


def test_handed_in_only_with_every_game_and_confirmed_like_a_sheet_of_games():
    sheet = _sheet()
    partial = _save(sheet, hand_in=True)
    assert not partial.handed_in and partial.hand_in_refused is not None
    assert _fresh(sheet).status == IN_PROGRESS
    with pytest.raises(SheetError):
        submit_sheet(sheet=sheet)
    _save(sheet, rows={3: {"points": [0, 0, 200], "declarer": 2}}, base_version=1)
    assert submit_sheet(sheet=sheet).status == SUBMITTED
    games = sheet.table.round.event.games_per_round
    assert sheet_concerns([_fresh(sheet)], games) == {sheet.pk: []}  # no trick sums to check
    result = confirm_handed_in(round=sheet.table.round, user=make_user("desk"))
    assert result.confirmed == [1] and _fresh(sheet).status == CONFIRMED
    with pytest.raises(SheetLocked):  # the link no longer changes a confirmed sheet
        _save(sheet, rows={1: None}, base_version=_fresh(sheet).version)
    assert reopen_sheet(sheet=sheet, user=make_user("helper")).status == IN_PROGRESS
    assert confirm_sheet(sheet=sheet, user=make_user("desk2")).status == CONFIRMED


def test_an_event_in_another_mode_refuses_points_and_a_points_event_refuses_the_rest():
    for mode in (Event.ScoringMode.GAMES, Event.ScoringMode.TOTALS):
        other = _sheet(mode=mode)
        with pytest.raises(SheetError):
            _save(other)
        assert not other.games.exists()
    sheet = _sheet()
    row = {"bid": 200, "declarer": 0, "melds": [0, 0, 0], "tricks": [200, 50, 0],
           "kind": "played"}
    with pytest.raises(SheetError):
        save_sheet_rows(sheet=sheet, base_version=0, rows={1: row})
    with pytest.raises(SheetError):
        save_sheet_totals(sheet=sheet, base_version=0, totals=[(100, 0)] * 3)
    assert not sheet.games.exists() and _fresh(sheet).version == 0


@pytest.mark.parametrize(
    "rows",
    [{4: ROWS[1]}, {1: {"points": [120, -300], "declarer": 1}}],
    ids=["game outside the sheet", "a figure short"],
)
def test_a_damaged_form_is_refused(rows):
    sheet = _sheet()
    with pytest.raises(SheetError):
        _save(sheet, rows=rows)
    assert not sheet.games.exists()


def test_the_mode_is_fixed_and_the_rules_rescore_nothing_once_points_are_stored():
    sheet = _sheet()
    event = sheet.table.round.event
    _save(sheet)
    with pytest.raises(RulesError):
        change_scoring_mode(event=event, mode=Event.ScoringMode.GAMES)
    aks = RULES["aks-heroldstatt"]
    assert rescoring(event, aks).games == 0
    change_rules(event=event, rules=aks)  # no game to rescore: no version to have seen
    assert _stored(sheet)[1] == (2, [120, -300, 80]) and RULES[EJL] != aks


@pytest.mark.parametrize(
    ("kind", "declarer", "bid"),
    [("played", False, 200), ("played", True, None), ("written", True, 200)],
    ids=["a full game without declarer", "a full game without bid", "written with a bid"],
)
def test_the_database_keeps_a_game_in_full_as_strict_as_before(kind, declarer, bid):
    sheet = _sheet()
    entry = sheet.table.seats.order_by("position").first().entry
    with pytest.raises(IntegrityError), transaction.atomic():
        Game.objects.create(
            sheet=sheet, number=1, dealer=1, kind=kind, bid=bid,
            declarer=entry if declarer else None,
        )
    Game.objects.create(sheet=sheet, number=1, dealer=1, kind="written")  # this one is right
