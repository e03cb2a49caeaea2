"""Score entry services (``scoring.services.sheets``): rows judged one by one, partial sheets,
statuses, audit trail, locking."""

import threading

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from core.models import ChangeRecord
from scoring.audit import ScoringAction, SheetAction
from scoring.demo import record_game
from scoring.models import Game, PartyScore, ScoreSheet
from scoring.services import (
    SaveResult,
    SheetError,
    SheetLocked,
    StaleSheet,
    check_link_access,
    close_round,
    confirm_sheet,
    reopen_sheet,
    save_sheet_rows,
    sheet_games,
    submit_sheet,
)
from scoring.services import sheets as sheet_services
from tests.checks import another_waits_for_my_locks
from tests.factories import (
    make_entry,
    make_event,
    make_round,
    make_sheet,
    make_table,
    make_user,
    sheet_records,
)
from tournament.models import Event

pytestmark = pytest.mark.django_db


def row(bid=200, declarer=0, melds=(0, 0, 0), tricks=(200, 50, 0), kind="played", **extra):
    return {
        "bid": bid,
        "declarer": declarer,
        "melds": list(melds),
        "tricks": None if tricks is None else list(tricks),
        "kind": kind,
        **extra,
    }


# A full sheet of a three-table (parties in seating order P0, P1, P2), every figure worked out
# by hand from docs/rules.md; the comment gives each game's points.
FULL_SHEET = {
    # 80+130 = 210 >= 200 won: 210, 20+70 = 90, 40+50 = 90
    1: row(200, 0, (80, 20, 40), (130, 70, 50)),
    # 120+170 = 290 < 300 lost: -600, 0+50 = 50, 60+40 = 100
    2: row(300, 0, (120, 0, 60), (170, 45, 35)),
    # conceded 250: -250, half bid 130 + meld: 190, 150
    3: row(250, 0, (80, 60, 20), None, kind="conceded"),
    # 100+120 >= 180 won: 40+60 = 100, 220, 0+70 = 70
    4: row(180, 1, (40, 100, 0), (60, 120, 70)),
    # P0 took no trick, loses its meld: 0; P1 0+130 (125 rounds up); P2 60+125 >= 150: 60+130
    5: row(150, 2, (20, 0, 60), (0, 125, 125)),
    # Durch won by P1: 0, 1000, 0
    6: row(150, 1, (0, 0, 0), (0, 250, 0), kind="durch"),
    # Durch lost by P2: 40, 20 (23 rounds down), -1000
    7: row(150, 2, (0, 0, 0), (40, 23, 187), kind="durch"),
    # P1 misplayed: its tricks do not count, its meld does: 60+150 won 210, 40, 20+40 = 60
    8: row(200, 0, (60, 40, 20), (150, 64, 36), revoked=1),
    # the declarer P2 misplayed: lost -320; 50, 50
    9: row(160, 2, (0, 0, 100), (50, 50, 150), revoked=2),
    # conceded 170 by P1: half 85 -> 90; 90+0, -170, 90+20
    10: row(170, 1, (0, 40, 20), None, kind="conceded"),
    # 150+145 >= 230 won: 150+150 = 300; 0+40 = 40; 20+60 = 80
    11: row(230, 2, (0, 20, 150), (44, 61, 145)),
    # 100+149 = 249 < 250 lost: -500; 40+60 = 100; 0+50 = 50
    12: row(250, 0, (100, 40, 0), (149, 55, 46)),
}
FULL_SHEET_POINTS = {
    1: [210, 90, 90], 2: [-600, 50, 100], 3: [-250, 190, 150], 4: [100, 220, 70],
    5: [0, 130, 190], 6: [0, 1000, 0], 7: [40, 20, -1000], 8: [210, 40, 60],
    9: [50, 50, -320], 10: [90, -170, 110], 11: [40, 80, 300], 12: [-500, 100, 50],
}
FULL_SHEET_TOTALS = [-610, 1800, -200]  # summed by hand from the lines above


@pytest.fixture
def three():
    event = make_event()
    entries = [make_entry(event, n) for n in (3, 1, 2)]
    return make_sheet(make_table(make_round(event), entries)), entries


def fresh(sheet: ScoreSheet) -> ScoreSheet:
    return ScoreSheet.objects.get(pk=sheet.pk)


def test_full_sheet_points_and_totals_match_hand_calculation(three):
    sheet, entries = three
    result = save_sheet_rows(sheet=sheet, base_version=0, rows=FULL_SHEET)
    assert result.saved == list(range(1, 13)) and not result.errors
    stored = sheet_games(sheet)
    assert {number: values["points"] for number, values in stored.items()} == FULL_SHEET_POINTS
    totals = {
        entry.start_number: sum(
            PartyScore.objects.filter(game__sheet=sheet, entry=entry).values_list(
                "points", flat=True
            )
        )
        for entry in entries
    }
    assert totals == {3: -610, 1: 1800, 2: -200}
    assert [totals[3], totals[1], totals[2]] == FULL_SHEET_TOTALS
    # dealer by rotation: game 1 the first-named, game 4 again (three seats)
    assert [stored[n]["dealer"] for n in (1, 2, 3, 4)] == [1, 2, 3, 1]
    assert stored[3]["tricks"] is None
    assert fresh(sheet).version == 1 and fresh(sheet).status == ScoreSheet.Status.IN_PROGRESS


def test_partial_sheet_now_and_the_rest_later(three):
    sheet, _ = three
    first = save_sheet_rows(
        sheet=sheet, base_version=0, rows={n: FULL_SHEET[n] for n in range(1, 6)}
    )
    assert first.saved == [1, 2, 3, 4, 5] and first.version == 1
    with pytest.raises(SheetError, match="es fehlen: 6–12"):
        submit_sheet(sheet=sheet)
    second = save_sheet_rows(
        sheet=sheet, base_version=1, rows={n: FULL_SHEET[n] for n in range(6, 13)}
    )
    assert second.saved == list(range(6, 13)) and second.version == 2
    assert Game.objects.filter(sheet=sheet).count() == 12


def test_each_row_is_judged_alone_invalid_rows_are_not_stored(three):
    sheet, _ = three
    rows = {
        1: FULL_SHEET[1],
        2: row(tricks=(100, 100, 40)),  # 240, not 250
        3: row(bid=155),
        4: row(declarer=5),
        5: row(melds=(15, 0, 0)),
        6: FULL_SHEET[6],
    }
    result = save_sheet_rows(sheet=sheet, base_version=0, rows=rows)
    assert result.saved == [1, 6]
    assert {n: e.field for n, e in result.errors.items()} == {
        2: "tricks",
        3: "bid",
        4: "declarer",
        5: "melds",
    }
    assert "240" in str(result.errors[2]) and str(result.errors[2]).startswith("Die Stiche ergeben")
    assert set(Game.objects.filter(sheet=sheet).values_list("number", flat=True)) == {1, 6}
    assert PartyScore.objects.filter(game__sheet=sheet).count() == 6


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"bid": 10**12}, "bid"),
        ({"bid": 2**31}, "bid"),
        ({"melds": [10**12, 0, 0]}, "melds"),
        ({"melds": [-10, 0, 0]}, "melds"),
        ({"tricks": [300, -50, 0]}, "tricks"),
        ({"bid": None}, "bid"),
        ({"bid": "200"}, "bid"),
        ({"declarer": None}, "declarer"),
        ({"declarer": -1}, "declarer"),
        ({"revoked": 3}, "revoked"),
        ({"dealer": 4}, "dealer"),
        ({"dealer": 0}, "dealer"),
        ({"kind": "ramsch"}, "kind"),
        ({"melds": [0, 0]}, "melds"),
        ({"tricks": None}, "tricks"),
    ],
)
def test_bad_values_are_refused_with_a_german_message(three, changes, field):
    sheet, _ = three
    result = save_sheet_rows(sheet=sheet, base_version=0, rows={1: {**row(), **changes}})
    assert result.errors[1].field == field
    assert not result.saved and result.version == 0
    assert not Game.objects.exists() and fresh(sheet).version == 0


@pytest.mark.parametrize("number", [0, 13, -1, 10**6, "1"])
def test_game_numbers_outside_the_sheet_change_nothing(three, number):
    sheet, _ = three
    with pytest.raises(SheetError, match="Spiele 1 bis 12"):
        save_sheet_rows(sheet=sheet, base_version=0, rows={1: row(), number: row()})
    assert not Game.objects.exists() and fresh(sheet).version == 0


def test_empty_row_is_no_game_and_clearing_deletes(three):
    sheet, _ = three
    save_sheet_rows(sheet=sheet, base_version=0, rows={1: row(), 2: None})
    assert list(Game.objects.values_list("number", flat=True)) == [1]
    assert fresh(sheet).status == ScoreSheet.Status.IN_PROGRESS
    result = save_sheet_rows(sheet=sheet, base_version=1, rows={1: None, 2: None})
    assert result.deleted == [1] and result.version == 2
    assert not Game.objects.exists() and not PartyScore.objects.exists()
    assert fresh(sheet).status == ScoreSheet.Status.EMPTY
    # clearing a row that holds no game changes nothing and keeps the version
    assert save_sheet_rows(sheet=sheet, base_version=2, rows={5: None}).version == 2


def test_saving_the_same_row_again_changes_nothing(three):
    sheet, _ = three
    save_sheet_rows(sheet=sheet, base_version=0, rows={1: FULL_SHEET[1], 3: FULL_SHEET[3]})
    again = save_sheet_rows(
        sheet=sheet, base_version=1, rows={1: FULL_SHEET[1], 3: FULL_SHEET[3]}
    )
    assert (again.version, again.status, again.changed) == (1, "in_progress", False)
    assert again.kept == [1, 3] and again.missing == [2, *range(4, 13)]
    assert set(again.games) == {1, 3}
    # a repeated submit of the same form (double tap) on an old version is harmless too
    assert save_sheet_rows(sheet=sheet, base_version=0, rows={1: FULL_SHEET[1]}).version == 1


def test_stale_save_is_refused_and_names_what_the_other_device_saved(three):
    sheet, _ = three
    save_sheet_rows(sheet=sheet, base_version=0, rows={1: FULL_SHEET[1]})  # other device
    with pytest.raises(StaleSheet) as refused:
        save_sheet_rows(
            sheet=sheet, base_version=0, rows={1: FULL_SHEET[2], 2: FULL_SHEET[2], 3: None}
        )
    assert refused.value.version == 1
    assert set(refused.value.current) == {1, 2}  # row 3 was empty and stays empty
    assert refused.value.current[1]["points"] == [210, 90, 90]
    assert refused.value.current[2] is None
    assert set(refused.value.games) == {1}  # the whole sheet, for the page to follow
    assert "inzwischen" in str(refused.value)
    assert list(Game.objects.values_list("number", "bid")) == [(1, 200)]
    assert fresh(sheet).version == 1


def test_a_save_sent_again_with_its_id_is_no_conflict_with_itself(three):
    """The phone's save was stored but its answer lost: sent again with the same id (and the
    version the phone still shows), it is based on the version it made, with games typed
    since or without."""
    sheet, _ = three
    first = save_sheet_rows(sheet=sheet, base_version=0, rows={1: FULL_SHEET[1]},
                            save_id="phone-7")
    assert first.version == 1 and fresh(sheet).last_save == "phone-7:1"
    again = save_sheet_rows(sheet=sheet, base_version=0, rows={1: FULL_SHEET[1]},
                            save_id="phone-7")
    assert not again.changed and again.kept == [1] and again.version == 1
    more = save_sheet_rows(sheet=sheet, base_version=0,
                           rows={1: FULL_SHEET[1], 2: FULL_SHEET[2]}, save_id="phone-7")
    assert more.saved == [2] and more.version == 2 and fresh(sheet).last_save == "phone-7:2"
    # another id on the old version is another device: refused as before
    with pytest.raises(StaleSheet):
        save_sheet_rows(sheet=sheet, base_version=0, rows={3: FULL_SHEET[3]}, save_id="tablet")
    # once someone else changed the sheet, the phone's old save is no longer its last change
    save_sheet_rows(sheet=sheet, base_version=2, rows={4: FULL_SHEET[4]}, user=make_user())
    assert fresh(sheet).last_save == ""
    with pytest.raises(StaleSheet):
        save_sheet_rows(sheet=sheet, base_version=0, rows={5: FULL_SHEET[5]},
                        save_id="phone-7")
    submit = save_sheet_rows(sheet=sheet, base_version=3, rows={}, hand_in=True,
                             save_id="phone-8")
    assert submit.hand_in_refused is not None and fresh(sheet).last_save == ""


def test_a_save_with_a_status_change_only_carries_its_id_too(three):
    sheet, _ = three
    save_sheet_rows(sheet=sheet, base_version=0, rows=FULL_SHEET, save_id="p1")
    handed = save_sheet_rows(sheet=sheet, base_version=1, rows={}, hand_in=True, save_id="p2")
    assert handed.handed_in and handed.version == 2 and fresh(sheet).last_save == "p2:2"
    # the answer was lost: the phone corrects game 12 on the version it still shows
    corrected = row(250, 0, (100, 40, 0), (150, 54, 46))
    result = save_sheet_rows(sheet=sheet, base_version=1, rows={12: corrected}, save_id="p2")
    assert result.saved == [12] and result.version == 3


def test_status_workflow_and_audit_trail(three):
    sheet, _ = three
    orga = make_user()
    save_sheet_rows(sheet=sheet, base_version=0, rows=FULL_SHEET)
    # before submission only each save through the link is recorded, not the games' values
    assert set(sheet_records().values_list("action", "params__game")) == {
        (SheetAction.LINK_SAVED, None)
    }

    submitted = submit_sheet(sheet=sheet)
    assert submitted.status == ScoreSheet.Status.SUBMITTED and submitted.submitted_at
    assert submitted.version == 2
    assert submit_sheet(sheet=sheet).version == 2  # a repeat is harmless

    # the scorekeeper corrects game 12 through the link after submitting: recorded
    corrected = row(250, 0, (100, 40, 0), (150, 54, 46))
    save_sheet_rows(sheet=sheet, base_version=2, rows={12: corrected, 11: None})
    assert fresh(sheet).status == ScoreSheet.Status.SUBMITTED
    deleted, saved = sheet_records().filter(params__game__isnull=False).order_by(
        "params__game"
    )
    deleted_params, saved_params = deleted.params, saved.params
    assert (deleted.action, deleted_params["game"], deleted.user) == (SheetAction.DELETED, 11,
                                                                     None)
    assert deleted_params["before"]["points"] == [40, 80, 300] and deleted_params["after"] is None
    assert (saved.action, saved_params["game"]) == (SheetAction.SAVED, 12)
    assert saved_params["before"]["points"] == [-500, 100, 50]
    assert saved_params["after"]["points"] == [250, 90, 50]  # 100+150 = 250 reaches the bid
    assert saved_params["after"]["declarer"] == 3 and saved_params["after"]["parties"] == [3, 1,
                                                                                         2]

    with pytest.raises(SheetError, match="11"):
        confirm_sheet(sheet=sheet, user=orga)
    save_sheet_rows(sheet=sheet, base_version=3, rows={11: FULL_SHEET[11]}, user=orga)
    assert sheet_records().filter(params__game=11, user=orga).count() == 1
    with pytest.raises(SheetError, match="geändert"):
        confirm_sheet(sheet=sheet, user=orga, base_version=3)
    confirmed = confirm_sheet(sheet=sheet, user=orga, base_version=4)
    assert confirmed.status == ScoreSheet.Status.CONFIRMED and confirmed.confirmed_by == orga

    with pytest.raises(SheetLocked, match="bestätigt"):
        save_sheet_rows(sheet=sheet, base_version=5, rows={1: None})
    with pytest.raises(SheetLocked):
        submit_sheet(sheet=sheet)
    # organisers may still correct a confirmed sheet; it stays confirmed, and it is recorded
    save_sheet_rows(sheet=sheet, base_version=5, rows={1: FULL_SHEET[2]}, user=orga)
    assert fresh(sheet).status == ScoreSheet.Status.CONFIRMED

    reopened = reopen_sheet(sheet=sheet, user=orga)
    assert reopened.status == ScoreSheet.Status.IN_PROGRESS
    assert reopened.confirmed_at is None and reopened.confirmed_by is None
    check_link_access(reopened)  # the link works again
    with pytest.raises(SheetError):
        reopen_sheet(sheet=sheet, user=orga)
    actions = list(
        sheet_records().filter(params__game__isnull=True)
        .exclude(action=SheetAction.LINK_SAVED)
        .order_by("created_at", "id")
        .values_list("action", "user")
    )
    assert actions == [
        (SheetAction.SUBMITTED, None),
        (SheetAction.CONFIRMED, orga.pk),
        (SheetAction.REOPENED, orga.pk),
    ]


def test_closed_round_stops_the_link_but_not_the_organisers(three):
    sheet, _ = three
    orga = make_user()
    close_round(round=sheet.table.round)
    with pytest.raises(SheetLocked, match="Durchgang 1 ist abgeschlossen"):
        save_sheet_rows(sheet=sheet, base_version=0, rows={1: row()})
    assert not Game.objects.exists()
    assert save_sheet_rows(sheet=sheet, base_version=0, rows={1: row()}, user=orga).saved == [1]
    close_round(round=sheet.table.round, closed=False)
    assert save_sheet_rows(sheet=sheet, base_version=1, rows={2: row()}).saved == [2]


def test_pairs_table_has_two_parties_and_four_dealers():
    event = make_event()
    a = make_entry(event, 7, "Anna", partner="Karl")
    b = make_entry(event, 8, "Berta", partner="Otto")
    sheet = make_sheet(make_table(make_round(event), [a, b]))
    result = save_sheet_rows(
        sheet=sheet,
        base_version=0,
        rows={
            1: row(200, 1, (40, 100), (90, 160)),  # B: 100+160 >= 200 won: 260; A 40+90 = 130
            4: row(200, 1, (40, 100), (90, 160), dealer=4),
            2: row(200, 1, (40, 100, 0), (90, 160, 0)),
        },
    )
    assert result.saved == [1, 4] and result.errors[2].field == "melds"
    stored = sheet_games(sheet)
    assert stored[1]["points"] == [130, 260]
    assert stored[1]["dealer"] == 1 and stored[4]["dealer"] == 4


def test_four_singles_table():
    event = make_event()
    entries = [make_entry(event, n) for n in (1, 2, 3, 4)]
    sheet = make_sheet(make_table(make_round(event), entries))
    result = save_sheet_rows(
        sheet=sheet,
        base_version=0,
        rows={5: row(150, 3, (0, 20, 0, 80), (40, 40, 40, 130))},
    )
    assert result.saved == [5]
    values = sheet_games(sheet)[5]
    # 80+130 = 210 >= 150 won: 80+130 = 210; the others 40 each, P1 20+40 = 60
    assert values["points"] == [40, 60, 40, 210]
    assert values["dealer"] == 1  # game 5 at four seats: the first-named again


def read_as_a_page(sheet: ScoreSheet) -> ScoreSheet:
    """The sheet as a page read it (before what happens next)."""
    return ScoreSheet.objects.select_related("table__round__event").get(pk=sheet.pk)


def test_a_save_decided_on_an_old_read_is_refused_when_another_got_in_first(three):
    """The page read the sheet at version 0; another device saved after that read: the save
    is refused as stale, with the other device's game, and nothing of it is stored."""
    sheet, _ = three
    page = read_as_a_page(sheet)  # version 0, no games
    save_sheet_rows(sheet=fresh(sheet), base_version=0, rows={1: row(bid=210)})  # the other
    with pytest.raises(StaleSheet) as refused:
        save_sheet_rows(sheet=page, base_version=0, rows={1: row(bid=250), 2: row()})
    assert refused.value.version == 1
    assert refused.value.current[1]["bid"] == 210 and refused.value.current[2] is None
    assert fresh(sheet).version == 1
    assert list(Game.objects.filter(sheet=sheet).values_list("number", "bid")) == [(1, 210)]


def test_a_save_on_an_old_read_that_changes_nothing_says_so(three):
    sheet, _ = three
    page = read_as_a_page(sheet)
    save_sheet_rows(sheet=fresh(sheet), base_version=0, rows={1: row(bid=210)})
    result = save_sheet_rows(sheet=page, base_version=0, rows={1: row(bid=210)})
    assert not result.changed and result.version == 1 and result.missing == list(range(2, 13))


def test_a_link_save_after_the_desk_confirmed_since_the_read_is_refused(three):
    sheet, _ = three
    save_sheet_rows(sheet=sheet, base_version=0, rows=FULL_SHEET)
    page = read_as_a_page(sheet)  # version 1, in progress: the link may save
    confirm_sheet(sheet=fresh(sheet), user=make_user())
    with pytest.raises(SheetLocked):
        save_sheet_rows(sheet=page, base_version=1, rows={1: row(bid=250)})
    assert Game.objects.get(sheet=sheet, number=1).bid == 200


def test_adding_games_to_a_sheet_in_progress_through_the_link(three):
    """The common save: one transaction that locks the sheet, reads its games once and writes
    the new games, their party rows, the version and the trail in bulk."""
    sheet, entries = three
    save_sheet_rows(sheet=sheet, base_version=0, rows={1: FULL_SHEET[1]})  # in progress now
    page = read_as_a_page(sheet)
    before = page.updated_at
    device = {"agent": "Phone", "address": "192.168.1.23"}
    with CaptureQueriesContext(connection) as queries:
        result = save_sheet_rows(
            sheet=page, base_version=1, rows={2: FULL_SHEET[2], 3: FULL_SHEET[3]},
            device=device, save_id="s1",
        )
    assert (result.version, result.saved, result.deleted) == (2, [2, 3], [])
    assert result.status == ScoreSheet.Status.IN_PROGRESS and result.missing == list(range(4, 13))
    assert result.games[3]["points"] == FULL_SHEET_POINTS[3] and set(result.games) == {1, 2, 3}
    statements = [q["sql"].split()[0] for q in queries]
    locks = [q["sql"] for q in queries if "FOR UPDATE" in q["sql"]]
    assert len(locks) == (1 if connection.features.has_select_for_update else 0)
    # the lock, the table, round and event read after it (the house rules of the moment), the
    # sheet's parties, its games and their party rows, two inserts in bulk, the version, the
    # trail
    assert statements.count("SELECT") == 5 and statements.count("INSERT") == 3
    assert statements.count("UPDATE") == 1 and "DELETE" not in statements
    stored = sheet_games(sheet)
    assert stored == result.games
    assert {n: v["points"] for n, v in stored.items()} == {
        n: FULL_SHEET_POINTS[n] for n in (1, 2, 3)
    }
    assert stored[3]["tricks"] is None and stored[2]["melds"] == [120, 0, 60]
    assert PartyScore.objects.filter(game__sheet=sheet).count() == 9
    assert set(PartyScore.objects.filter(game__number=2, game__sheet=sheet).values_list(
        "entry_id", flat=True)) == {e.pk for e in entries}
    now = fresh(sheet)
    assert now.version == 2 and now.status == ScoreSheet.Status.IN_PROGRESS
    assert now.updated_at > before
    trail = sheet.changes.order_by("-id").first()
    assert trail.action == SheetAction.LINK_SAVED and trail.user is None
    assert trail.params["after"] == {"saved": [2, 3], "deleted": [], "version": 2, "save": "s1",
                                     **device}
    assert trail.created_at is not None and "game" not in trail.params


def test_the_first_games_through_the_link_move_the_results_stamp_once(three):
    """The sheet is now in progress (the standings and the projector show it): the results
    stamp moves with the save; a later save of a sheet in progress that does not count leaves
    it."""
    sheet, _ = three
    event = sheet.table.round.event
    stamp = Event.objects.get(pk=event.pk).results_version
    result = save_sheet_rows(sheet=read_as_a_page(sheet), base_version=0,
                             rows={1: FULL_SHEET[1]})
    assert result.status == ScoreSheet.Status.IN_PROGRESS
    assert fresh(sheet).status == ScoreSheet.Status.IN_PROGRESS
    assert Event.objects.get(pk=event.pk).results_version == stamp + 1
    save_sheet_rows(sheet=read_as_a_page(sheet), base_version=1, rows={2: FULL_SHEET[2]})
    assert Event.objects.get(pk=event.pk).results_version == stamp + 1


def _trail(sheet: ScoreSheet) -> list[tuple[str, dict | None]]:
    return [(change.action, change.params.get("after")) for change in
            sheet.changes.order_by("created_at", "id")]


@pytest.mark.parametrize("user", [None, "organiser"])
def test_the_save_that_completes_a_sheet_hands_it_in_with_it(three, user):
    """"Save and hand in" as one change: the games, the hand-in (version two steps on, as a
    save and submit_sheet after it), the trail's records and the results stamp."""
    sheet, _ = three
    user = make_user() if user else None
    save_sheet_rows(sheet=sheet, base_version=0, rows={n: FULL_SHEET[n] for n in range(1, 11)})
    stamp = Event.objects.get(pk=sheet.table.round.event_id).results_version
    result = save_sheet_rows(sheet=read_as_a_page(sheet), base_version=1,
                             rows={11: FULL_SHEET[11], 12: FULL_SHEET[12]}, user=user,
                             hand_in=True)
    assert result.handed_in and result.hand_in_refused is None
    assert (result.version, result.status, result.saved, result.missing) == (
        3, ScoreSheet.Status.SUBMITTED, [11, 12], [])
    now = fresh(sheet)
    assert (now.version, now.status) == (3, ScoreSheet.Status.SUBMITTED)
    assert now.submitted_at is not None and now.submitted_at == now.updated_at
    assert Event.objects.get(pk=now.table.round.event_id).results_version == stamp + 1
    assert {n: v["points"] for n, v in sheet_games(sheet).items()} == FULL_SHEET_POINTS
    trail = _trail(sheet)
    assert trail[-1] == (SheetAction.SUBMITTED, None)
    assert sheet.changes.order_by("-id")[0].user == user
    saved = {"saved": [11, 12], "deleted": [], "version": 2, "save": "", "agent": "",
             "address": ""}
    # through the link the save's record comes first; an organiser's save of an open sheet
    # is recorded by its hand-in alone (as a save and submit_sheet after it)
    assert trail[-2] == ((SheetAction.LINK_SAVED, saved) if user is None else
                         (SheetAction.LINK_SAVED, {**saved, "saved": list(range(1, 11)),
                                                          "version": 1}))
    # handed in is handed in: a repeat changes nothing and is no refusal
    again = save_sheet_rows(sheet=fresh(sheet), base_version=3, rows={}, user=user,
                            hand_in=True)
    assert again.handed_in and again.version == 3 and fresh(sheet).version == 3


def test_a_hand_in_with_games_missing_is_refused_and_the_save_stands(three):
    sheet, _ = three
    result = save_sheet_rows(sheet=read_as_a_page(sheet), base_version=0,
                             rows={1: FULL_SHEET[1]}, hand_in=True)
    assert not result.handed_in and result.version == 1 and result.saved == [1]
    assert result.hand_in_refused.message.params == {"games": "2–12"}
    now = fresh(sheet)
    assert (now.version, now.status, now.submitted_at) == (1, ScoreSheet.Status.IN_PROGRESS,
                                                           None)
    assert SheetAction.SUBMITTED not in [action for action, _ in _trail(sheet)]


def test_a_hand_in_with_a_refused_row_saves_the_rest_and_hands_nothing_in(three):
    sheet, _ = three
    save_sheet_rows(sheet=sheet, base_version=0, rows={n: FULL_SHEET[n] for n in range(1, 12)})
    result = save_sheet_rows(sheet=fresh(sheet), base_version=1, rows={
        11: row(bid=210), 12: row(bid=5)}, hand_in=True)
    assert list(result.errors) == [12] and result.saved == [11]
    assert not result.handed_in and result.hand_in_refused is None  # the row is the problem
    assert fresh(sheet).status == ScoreSheet.Status.IN_PROGRESS and fresh(sheet).version == 2


def test_a_hand_in_that_saves_nothing_new_only_hands_in(three):
    sheet, _ = three
    save_sheet_rows(sheet=sheet, base_version=0, rows=FULL_SHEET)
    result = save_sheet_rows(sheet=fresh(sheet), base_version=1, rows={1: FULL_SHEET[1]},
                             hand_in=True)
    assert not result.changed and result.handed_in
    assert (result.version, result.status) == (2, ScoreSheet.Status.SUBMITTED)
    assert _trail(sheet)[-1] == (SheetAction.SUBMITTED, None)


def test_a_link_save_adding_games_on_an_old_read_is_refused(three):
    sheet, _ = three
    save_sheet_rows(sheet=sheet, base_version=0, rows={1: FULL_SHEET[1]})
    page = read_as_a_page(sheet)  # version 1
    save_sheet_rows(sheet=fresh(sheet), base_version=1, rows={2: row(bid=210)})  # the other
    changes = sheet_records().count()
    with pytest.raises(StaleSheet) as refused:
        save_sheet_rows(sheet=page, base_version=1, rows={2: row(bid=250), 3: row()})
    assert refused.value.version == 2 and refused.value.current[2]["bid"] == 210
    assert refused.value.current[3] is None
    assert sorted(Game.objects.filter(sheet=sheet).values_list("number", "bid")) == [
        (1, 200), (2, 210)]
    assert sheet_records().count() == changes and fresh(sheet).version == 2


def test_every_change_of_a_sheets_games_moves_its_version(three):
    """What the refusal of a stale save relies on (save_sheet_rows)."""
    sheet, _ = three
    versions = [fresh(sheet).version]
    save_sheet_rows(sheet=fresh(sheet), base_version=0, rows={1: row(), 2: row()})
    versions.append(fresh(sheet).version)
    save_sheet_rows(sheet=fresh(sheet), base_version=1, rows={2: None})
    versions.append(fresh(sheet).version)
    record_game(sheet=fresh(sheet), number=3, bid=150, declarer=0, melds=[0, 0, 0],
                tricks=[250, 0, 0])
    versions.append(fresh(sheet).version)
    assert versions == [0, 1, 2, 3]


@pytest.mark.django_db(transaction=True)
def test_two_saves_from_the_same_version_exactly_one_wins(monkeypatch):
    """Two devices of the desk save at the same moment (PostgreSQL: real row locks, two
    connections)."""
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL: SQLite serialises whole transactions instead")
    event = make_event()
    entries = [make_entry(event, n) for n in (1, 2, 3)]
    sheet = make_sheet(make_table(make_round(event), entries))
    desk = make_user()
    barrier = threading.Barrier(2)
    outcomes: dict[int, object] = {}
    waited: list[bool] = []
    write_games = sheet_services.write_games

    def write_games_once_the_other_waits(*args, **kwargs):
        waited.append(another_waits_for_my_locks())  # the winner holds the sheet's row lock
        return write_games(*args, **kwargs)

    monkeypatch.setattr(sheet_services, "write_games", write_games_once_the_other_waits)

    def save(bid: int) -> None:
        try:
            barrier.wait()
            outcomes[bid] = save_sheet_rows(
                sheet=sheet, base_version=0, rows={1: row(bid=bid), 2: row(bid=bid)}, user=desk
            )
        except Exception as error:  # the test inspects it
            outcomes[bid] = error
        finally:
            connection.close()

    threads = [threading.Thread(target=save, args=(bid,)) for bid in (200, 210)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=20)
    wins = [bid for bid, out in outcomes.items() if isinstance(out, SaveResult)]
    refused = [bid for bid, out in outcomes.items() if isinstance(out, StaleSheet)]
    assert len(wins) == 1 and len(refused) == 1, outcomes
    assert waited == [True]  # the other waited for the winner's lock, then saw version 1
    assert fresh(sheet).version == 1
    # the refusal shows the winner's games, stored while the loser waited for the lock
    stale = outcomes[refused[0]]
    assert stale.version == 1
    assert {n: v and v["bid"] for n, v in stale.current.items()} == {1: wins[0], 2: wins[0]}
    # both rows hold the winner's values: nothing half-written by the loser
    assert set(Game.objects.filter(sheet=sheet).values_list("bid", flat=True)) == {wins[0]}
    assert PartyScore.objects.filter(game__sheet=sheet).count() == 6


@pytest.mark.django_db(transaction=True)
def test_a_link_save_waits_for_a_save_in_progress_and_is_then_refused():
    """A save through the link locks the sheet like any save: it waits for the row lock of a
    save in progress and, once that is committed, finds the version moved on (PostgreSQL: real
    row locks, two connections)."""
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL: SQLite serialises whole transactions instead")
    event = make_event()
    entries = [make_entry(event, n) for n in (1, 2, 3)]
    sheet = make_sheet(make_table(make_round(event), entries))
    page = read_as_a_page(sheet)  # the phone's page: version 0, no games
    holding = threading.Event()
    outcome: dict[str, object] = {}
    waited: list[bool] = []

    def desk() -> None:
        try:
            with transaction.atomic():
                save_sheet_rows(sheet=fresh(sheet), base_version=0, rows={1: row(bid=210)},
                                user=make_user())
                holding.set()
                waited.append(another_waits_for_my_locks())  # the sheet's row stays locked
        finally:
            holding.set()
            connection.close()

    def phone() -> None:
        try:
            holding.wait(10)
            try:
                outcome["result"] = save_sheet_rows(
                    sheet=page, base_version=0, rows={1: row(bid=250), 2: row()},
                )
            except StaleSheet as error:
                outcome["result"] = error
        finally:
            connection.close()

    threads = [threading.Thread(target=desk), threading.Thread(target=phone)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=20)
    refused = outcome["result"]
    assert isinstance(refused, StaleSheet), refused
    assert waited == [True]  # it waited for the desk's lock
    assert refused.version == 1 and refused.current[1]["bid"] == 210
    assert refused.current[2] is None
    assert list(Game.objects.filter(sheet=sheet).values_list("number", "bid")) == [(1, 210)]
    assert not sheet.changes.filter(action=SheetAction.LINK_SAVED)


def test_closing_and_reopening_a_round_is_logged(three):
    sheet, _ = three
    round_ = sheet.table.round
    orga = make_user()
    close_round(round=round_, closed=True, user=orga)
    close_round(round=round_, closed=False, user=orga)
    changes = ChangeRecord.objects.filter(event=round_.event).order_by("id")
    assert [(c.action, c.user, c.params) for c in changes] == [
        (ScoringAction.ROUND_CLOSED, orga, {"number": 1}),
        (ScoringAction.ROUND_REOPENED, orga, {"number": 1}),
    ]
    assert changes[0].description == (
        "Durchgang 1 ist abgeschlossen; die Links zu seinen Spielzetteln funktionieren nicht "
        "mehr."
    )


# --- confirming every handed-in sheet of a round at once (issue 28, finding 2) ----------------


def handed_in_round(tables: int = 6):
    """A round of ``tables`` three-tables, every sheet complete and handed in through the link."""
    event = make_event()
    round_ = make_round(event)
    sheets = []
    for number in range(1, tables + 1):
        entries = [make_entry(event, 3 * number + i) for i in range(3)]
        sheet = make_sheet(make_table(round_, entries, number=number))
        save_sheet_rows(sheet=sheet, base_version=0, rows={n: row() for n in range(1, 13)})
        submit_sheet(sheet=sheet)
        sheets.append(fresh(sheet))
    return round_, sheets


def test_confirming_every_handed_in_sheet_leaves_those_with_a_warning(
    django_assert_max_num_queries,
):
    from scoring.services import confirm_handed_in, sheet_concerns

    round_, sheets = handed_in_round()
    user = make_user("desk")
    # table 2: corrected through the link after it was handed in
    save_sheet_rows(sheet=sheets[1], base_version=sheets[1].version, rows={4: row(bid=210)})
    # table 3: a game deleted after hand-in, so a game is missing
    save_sheet_rows(sheet=sheets[2], base_version=sheets[2].version, rows={12: None})
    # table 4: a game whose trick points do not add up (stored another way than the rules)
    PartyScore.objects.filter(game__sheet=sheets[3], game__number=5).update(tricks=100)
    # table 5: a bid far above the usual, confirmed by the scorekeeper
    Game.objects.filter(sheet=sheets[4], number=7).update(bid=1200)
    # table 6 is still being written
    reopen_sheet(sheet=sheets[5], user=user)
    before = {sheet.pk: fresh(sheet).version for sheet in sheets}

    with django_assert_max_num_queries(12):
        result = confirm_handed_in(round=round_, user=user)

    assert result.confirmed == [1]
    left = {table: [str(concern) for concern in concerns] for table, concerns in result.left}
    assert left == {
        2: ["nach der Abgabe geändert: Spiel 4"],
        3: ["es fehlen Spiele: 12", "nach der Abgabe geändert: Spiel 12"],
        4: ["Spiel 5: die Stichpunkte ergeben nicht 250"],
        5: ["Spiel 7: ein Reizwert über 1000"],
    }
    statuses = [fresh(sheet).status for sheet in sheets]
    assert statuses == ["confirmed", "submitted", "submitted", "submitted", "submitted",
                        "in_progress"]
    first = fresh(sheets[0])
    assert first.confirmed_by == user and first.confirmed_at is not None
    assert first.version == before[sheets[0].pk] + 1  # a page showing the old sheet is stale
    # logged as a confirmation one by one is
    assert list(sheet_records().filter(action=SheetAction.CONFIRMED)
                .values_list("subject_id", "user")) == [(sheets[0].pk, user.pk)]
    # the link stops for the confirmed sheet, as after a confirmation one by one
    with pytest.raises(SheetLocked):
        check_link_access(fresh(sheets[0]))
    assert sheet_concerns([fresh(sheets[0])], 12) == {sheets[0].pk: []}


def test_confirming_every_sheet_takes_only_what_the_page_showed():
    from scoring.services import confirm_handed_in

    round_, sheets = handed_in_round(3)
    shown = {sheet.pk: sheet.version for sheet in sheets[:2]}  # table 3 handed in after
    # table 2 corrected and handed in again after the page was shown: its version moved on
    reopen_sheet(sheet=sheets[1], user=None)
    submit_sheet(sheet=sheets[1])

    result = confirm_handed_in(round=round_, user=None, versions=shown)

    assert result.confirmed == [1]
    assert [(table, [str(c) for c in concerns]) for table, concerns in result.left] == [
        (2, ["seit dem Laden der Seite geändert"])
    ]
    assert [fresh(sheet).status for sheet in sheets] == ["confirmed", "submitted", "submitted"]


def test_confirming_every_sheet_of_a_finished_event_is_refused():
    from scoring.services import confirm_handed_in

    round_, sheets = handed_in_round(1)
    Event.objects.filter(pk=round_.event_id).update(status=Event.Status.FINISHED)
    round_.event.refresh_from_db()
    with pytest.raises(SheetLocked):
        confirm_handed_in(round=round_, user=None)
    assert fresh(sheets[0]).status == "submitted"


def test_a_stored_game_replaced_or_cleared_while_open_is_recorded_with_its_device(three):
    """Every stored game a save replaces or clears on an open sheet is recorded (``CHANGED``)
    with the game before and after, the version the change made and the device; a new game,
    and a row sent as it is stored, are not."""
    sheet, _ = three
    orga = make_user()
    save_sheet_rows(sheet=sheet, base_version=0, rows={1: FULL_SHEET[1], 2: FULL_SHEET[2]},
                    device_id="phone-a-0123456789")
    assert not sheet_records().filter(action=SheetAction.CHANGED).exists()
    save_sheet_rows(sheet=fresh(sheet), base_version=1, device_id="phone-b-0123456789",
                    rows={1: FULL_SHEET[3], 2: FULL_SHEET[2], 3: FULL_SHEET[3]})
    save_sheet_rows(sheet=fresh(sheet), base_version=2, user=orga, device_id="desk-0123456789a",
                    rows={2: None})
    changed = sheet_records().filter(action=SheetAction.CHANGED).order_by("id")
    assert [(c.params["game"], c.params["version"], c.params["device"], c.user)
            for c in changed] == [
        (1, 2, "phone-b-0123456789", None), (2, 3, "desk-0123456789a", orga)]
    first, second = changed
    assert first.params["before"]["bid"] == 200 and first.params["after"]["kind"] == "conceded"
    assert second.params["before"]["bid"] == 300 and second.params["after"] is None
    # the link's record of the save keeps the device too; it is no concern of the desk's
    link = sheet_records().filter(action=SheetAction.LINK_SAVED).order_by("id")
    assert [(c.params["version"], c.params["device"]) for c in link] == [
        (1, "phone-a-0123456789"), (2, "phone-b-0123456789")]
    concerns = sheet_services.sheet_concerns([fresh(sheet)], 12)[sheet.pk]
    assert [c.msgid for c in concerns] == ["games missing: %(games)s"]


def test_a_change_after_the_hand_in_keeps_its_version_and_device(three):
    sheet, _ = three
    save_sheet_rows(sheet=sheet, base_version=0, rows=FULL_SHEET, hand_in=True)
    save_sheet_rows(sheet=fresh(sheet), base_version=2, rows={5: FULL_SHEET[4]},
                    device_id="phone-a-0123456789")
    record = sheet_records().get(params__game=5)
    assert (record.action, record.params["version"], record.params["device"]) == (
        SheetAction.SAVED, 3, "phone-a-0123456789")
    assert not sheet_records().filter(action=SheetAction.CHANGED).exists()
