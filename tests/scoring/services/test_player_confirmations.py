"""The players confirm a handed-in sheet on the phone (``scoring.services.confirm_as_player``):
every seated person once per version of the games, a later change voids it, and under the AKS
house rule (``players_sign``) the organisers confirm only after every player has."""

import pytest

from core.audit import event_log
from scoring.audit import SheetAction
from scoring.confirmations import roll_of
from scoring.models import ScoreSheet, SheetConfirmation
from scoring.rules import AKS_HEROLDSTATT, RULES
from scoring.services import (
    PlayersNotConfirmed,
    SheetError,
    SheetLocked,
    StaleConfirmation,
    close_round,
    confirm_as_player,
    confirm_handed_in,
    confirm_sheet,
    record_paper_signatures,
    record_round_paper_signatures,
    reopen_sheet,
    save_sheet_rows,
)
from tests.factories import (
    make_entry,
    make_event,
    make_round,
    make_sheet,
    make_table,
    make_user,
    sheet_records,
)
from tournament.models import Seat

pytestmark = pytest.mark.django_db

GAMES = 3
ROW = {"bid": 150, "declarer": 0, "melds": [0, 0, 0], "tricks": [250, 0, 0]}
PEOPLE = ((12, "Anna Rapp"), (15, "Otto Walz"), (21, "Hans Maier"))


def handed_in_sheet(*, rules=RULES[AKS_HEROLDSTATT], number=1, event=None):
    """A three-singles sheet (start numbers 12, 15, 21 on seats 1–3) with every game,
    handed in."""
    event = event or make_event(rules=rules.as_dict(), games_per_round=GAMES)
    entries = [make_entry(event, n + 100 * (number - 1), name) for n, name in PEOPLE]
    sheet = make_sheet(make_table(make_round(event), entries, number=number))
    result = save_sheet_rows(
        sheet=sheet, base_version=0, rows=dict.fromkeys(range(1, GAMES + 1), ROW), hand_in=True
    )
    assert result.handed_in
    sheet.refresh_from_db()
    return sheet


def confirm_all(sheet, positions=(1, 2, 3)):
    for position in positions:
        confirm_as_player(sheet=sheet, position=position, version=sheet.version)


@pytest.fixture
def sheet():
    return handed_in_sheet()


def test_a_seated_player_confirms_and_it_is_recorded(sheet):
    confirmation = confirm_as_player(sheet=sheet, position=1, version=sheet.version)
    assert (confirmation.start_number, confirmation.player.name) == (12, "Anna Rapp")
    assert confirmation.version == sheet.version and confirmation.voided_at is None
    record = sheet.changes.get(action=SheetAction.PLAYER_CONFIRMED)
    assert record.user is None
    after = record.params["after"]
    assert after["start_number"] == 12 and after["name"] == "Anna Rapp"
    assert after["version"] == sheet.version
    roll = roll_of(sheet.pk)
    assert (roll.confirmed, roll.seats) == (1, 3)
    assert roll.count_text == "1 von 3 bestätigt"
    assert [s.start_number for s in roll.missing] == [15, 21]
    # the confirmation changes nothing of the sheet: the next player confirms the same version
    sheet.refresh_from_db()
    assert sheet.version == confirmation.version


def test_confirming_twice_is_harmless(sheet):
    first = confirm_as_player(sheet=sheet, position=2, version=sheet.version)
    again = confirm_as_player(sheet=sheet, position=2, version=sheet.version)
    assert again.pk == first.pk
    assert SheetConfirmation.objects.filter(sheet=sheet).count() == 1
    assert sheet.changes.filter(action=SheetAction.PLAYER_CONFIRMED).count() == 1


@pytest.mark.parametrize("position", [4, 0, 7])
def test_only_a_seat_of_the_table_may_confirm(sheet, position):
    with pytest.raises(SheetError, match="Nur wer an diesem Tisch sitzt"):
        confirm_as_player(sheet=sheet, position=position, version=sheet.version)
    assert not SheetConfirmation.objects.exists()


def test_a_player_of_another_table_cannot_confirm(sheet):
    other = handed_in_sheet(event=sheet.table.round.event, number=2)
    seat = Seat.objects.get(table=other.table, position=1)
    # the other table's player confirms their own sheet, never this one
    confirm_as_player(sheet=other, position=seat.position, version=other.version)
    assert roll_of(sheet.pk).confirmed == 0
    assert roll_of(other.pk).confirmed == 1


def test_a_form_without_numbers_is_refused(sheet):
    with pytest.raises(SheetError):
        confirm_as_player(sheet=sheet, position="1", version=sheet.version)
    with pytest.raises(SheetError):
        confirm_as_player(sheet=sheet, position=True, version=sheet.version)


def test_before_hand_in_a_confirmation_is_refused():
    event = make_event(rules=RULES[AKS_HEROLDSTATT].as_dict(), games_per_round=GAMES)
    entries = [make_entry(event, n, name) for n, name in PEOPLE]
    sheet = make_sheet(make_table(make_round(event), entries))
    save_sheet_rows(sheet=sheet, base_version=0, rows={1: ROW})
    sheet.refresh_from_db()
    assert sheet.status == ScoreSheet.Status.IN_PROGRESS
    with pytest.raises(SheetError, match="sobald er abgegeben ist"):
        confirm_as_player(sheet=sheet, position=1, version=sheet.version)
    assert not SheetConfirmation.objects.exists()


def test_a_stale_version_is_refused(sheet):
    with pytest.raises(StaleConfirmation, match="inzwischen geändert"):
        confirm_as_player(sheet=sheet, position=1, version=sheet.version - 1)
    assert not SheetConfirmation.objects.exists()
    assert not sheet_records().filter(action=SheetAction.PLAYER_CONFIRMED).exists()


def test_a_change_of_the_games_voids_the_confirmations(sheet):
    confirm_all(sheet, (1, 2))
    changed = {**ROW, "bid": 160, "tricks": [200, 50, 0]}
    result = save_sheet_rows(sheet=sheet, base_version=sheet.version, rows={2: changed})
    assert result.saved == [2]
    roll = roll_of(sheet.pk)
    assert roll.confirmed == 0 and roll.voided
    assert [s.voided for s in roll.signers] == [True, True, False]
    assert SheetConfirmation.objects.filter(sheet=sheet, voided_at__isnull=False).count() == 2
    # the page's version is old now: confirming on it is refused, on the new one it counts
    with pytest.raises(StaleConfirmation):
        confirm_as_player(sheet=sheet, position=1, version=sheet.version)
    confirm_as_player(sheet=sheet, position=1, version=result.version)
    roll = roll_of(sheet.pk)
    assert roll.confirmed == 1
    assert [(s.confirmed, s.voided) for s in roll.signers] == [
        (True, False), (False, True), (False, False)
    ]


def test_an_organisers_change_voids_the_confirmations_too(sheet):
    confirm_all(sheet)
    changed = {**ROW, "bid": 170}
    save_sheet_rows(
        sheet=sheet, base_version=sheet.version, rows={3: changed}, user=make_user("desk")
    )
    assert roll_of(sheet.pk).confirmed == 0


def test_a_save_that_changes_nothing_keeps_the_confirmations(sheet):
    confirm_all(sheet)
    result = save_sheet_rows(sheet=sheet, base_version=sheet.version, rows={1: ROW})
    assert not result.changed
    assert roll_of(sheet.pk).complete


def test_reopening_voids_the_confirmations(sheet):
    confirm_all(sheet)
    reopen_sheet(sheet=sheet, user=make_user("desk"))
    assert roll_of(sheet.pk).confirmed == 0
    assert roll_of(sheet.pk).voided


def test_a_closed_round_or_a_confirmed_sheet_takes_no_confirmation(sheet):
    event = sheet.table.round.event
    event.rules = RULES["ejl"].as_dict()
    event.save()
    confirm_sheet(sheet=sheet, user=make_user("desk"))
    with pytest.raises(SheetLocked):
        confirm_as_player(sheet=sheet, position=1, version=sheet.version + 1)
    other = handed_in_sheet(event=event, number=2)
    close_round(round=other.table.round)
    other.refresh_from_db()
    with pytest.raises(SheetLocked):
        confirm_as_player(sheet=other, position=1, version=other.version)


def test_under_the_house_rule_the_organiser_waits_for_every_player(sheet):
    organiser = make_user("desk")
    confirm_all(sheet, (1, 3))
    with pytest.raises(PlayersNotConfirmed) as refused:
        confirm_sheet(sheet=sheet, user=organiser)
    text = str(refused.value)
    assert "2 von 3 Spielern bestätigt" in text and "15 Otto Walz" in text
    assert "12 Anna Rapp" not in text
    sheet.refresh_from_db()
    assert sheet.status == ScoreSheet.Status.SUBMITTED
    confirm_as_player(sheet=sheet, position=2, version=sheet.version)
    confirm_sheet(sheet=sheet, user=organiser, base_version=sheet.version)
    sheet.refresh_from_db()
    assert sheet.status == ScoreSheet.Status.CONFIRMED


def test_without_the_house_rule_the_organiser_confirms_at_once():
    sheet = handed_in_sheet(rules=RULES["ejl"])
    confirm_as_player(sheet=sheet, position=1, version=sheet.version)  # offered, optional
    confirm_sheet(sheet=sheet, user=make_user("desk"))
    sheet.refresh_from_db()
    assert sheet.status == ScoreSheet.Status.CONFIRMED


def test_confirm_all_leaves_the_sheets_not_every_player_confirmed(sheet):
    event = sheet.table.round.event
    signed = handed_in_sheet(event=event, number=2)
    confirm_all(signed)
    confirm_all(sheet, (2,))
    result = confirm_handed_in(round=sheet.table.round, user=make_user("desk"))
    assert result.confirmed == [2]
    [(table, concerns)] = result.left
    assert table == 1
    assert [str(c) for c in concerns] == [
        "1 von 3 Spielern bestätigt; noch nicht: 12 Anna Rapp, 21 Hans Maier"
    ]
    sheet.refresh_from_db()
    signed.refresh_from_db()
    assert sheet.status == ScoreSheet.Status.SUBMITTED
    assert signed.status == ScoreSheet.Status.CONFIRMED


def test_confirm_all_without_the_house_rule_needs_no_player():
    sheet = handed_in_sheet(rules=RULES["ejl"])
    result = confirm_handed_in(round=sheet.table.round, user=make_user("desk"))
    assert result.confirmed == [1] and result.left == []


def test_a_change_of_seats_voids_the_confirmations(sheet):
    from scoring.receivers import seating_changed

    confirm_all(sheet)
    seating_changed(table_ids=[sheet.table_id])
    assert roll_of(sheet.pk).confirmed == 0


def test_at_a_pairs_table_every_seated_person_confirms():
    event = make_event(rules=RULES[AKS_HEROLDSTATT].as_dict(), games_per_round=GAMES)
    pairs = [make_entry(event, 1, "Anna Rapp", "Eva Rapp"),
             make_entry(event, 2, "Otto Walz", "Karl Walz")]
    sheet = make_sheet(make_table(make_round(event), pairs))
    row = {"bid": 150, "declarer": 0, "melds": [0, 0], "tricks": [250, 0]}
    save_sheet_rows(sheet=sheet, base_version=0, rows=dict.fromkeys(range(1, GAMES + 1), row),
                    hand_in=True)
    sheet.refresh_from_db()
    roll = roll_of(sheet.pk)
    assert roll.seats == 4
    assert sorted(s.name for s in roll.signers) == ["Anna Rapp", "Eva Rapp", "Karl Walz",
                                                    "Otto Walz"]
    confirm_all(sheet, (1, 2, 3))
    with pytest.raises(PlayersNotConfirmed):
        confirm_sheet(sheet=sheet, user=make_user("desk"))
    confirm_all(sheet, (4,))
    confirm_sheet(sheet=sheet, user=make_user("desk2"))


# --- signed on paper: the desk records the table's signatures in one step ----------------------


def test_the_desk_records_the_paper_signatures_of_every_player_not_confirmed_yet(sheet):
    desk = make_user("desk")
    confirm_as_player(sheet=sheet, position=2, version=sheet.version)  # Otto on the phone
    with pytest.raises(PlayersNotConfirmed):
        confirm_sheet(sheet=sheet, user=desk)
    signed = record_paper_signatures(sheet=sheet, version=sheet.version, user=desk)
    assert [(c.position, c.start_number) for c in signed] == [(1, 12), (3, 21)]
    assert roll_of(sheet.pk).complete
    records = sheet.changes.filter(action=SheetAction.SIGNED_ON_PAPER)
    assert [(r.user, r.params["after"]) for r in records.order_by("id")] == [
        (desk, {"position": 1, "start_number": 12, "name": "Anna Rapp",
                "version": sheet.version}),
        (desk, {"position": 3, "start_number": 21, "name": "Hans Maier",
                "version": sheet.version}),
    ]
    # the event's change log shows each player's record as the desk's
    event = sheet.table.round.event
    lines = [line for line in event_log(event, per_page=50).lines
             if line.action == SheetAction.SIGNED_ON_PAPER]
    assert {(line.who, line.text) for line in lines} == {
        ("desk", f"Nr. {number} {name} (Sitzplatz {position}) hat den Spielzettel auf Papier "
                 f"unterschrieben; von der Turnierleitung als Bestätigung des Spielers "
                 f"eingetragen (Fassung {sheet.version}).")
        for position, number, name in ((1, 12, "Anna Rapp"), (3, 21, "Hans Maier"))
    }
    # again: nothing more to record
    assert record_paper_signatures(sheet=sheet, version=sheet.version, user=desk) == []
    confirm_sheet(sheet=sheet, user=desk, base_version=sheet.version)
    sheet.refresh_from_db()
    assert sheet.status == ScoreSheet.Status.CONFIRMED


def test_paper_signatures_are_refused_before_hand_in_when_stale_and_when_confirmed(sheet):
    desk = make_user("desk")
    event = make_event(rules=RULES[AKS_HEROLDSTATT].as_dict(), games_per_round=GAMES)
    entries = [make_entry(event, n, name) for n, name in PEOPLE]
    open_sheet = make_sheet(make_table(make_round(event), entries))
    with pytest.raises(SheetError, match="abgegeben"):
        record_paper_signatures(sheet=open_sheet, version=open_sheet.version, user=desk)
    with pytest.raises(StaleConfirmation):
        record_paper_signatures(sheet=sheet, version=sheet.version - 1, user=desk)
    with pytest.raises(SheetError):
        record_paper_signatures(sheet=sheet, version=None, user=desk)
    assert not SheetConfirmation.objects.exists()
    assert not sheet_records().filter(action=SheetAction.SIGNED_ON_PAPER).exists()
    record_paper_signatures(sheet=sheet, version=sheet.version, user=desk)
    confirm_sheet(sheet=sheet, user=desk)
    sheet.refresh_from_db()
    with pytest.raises(SheetLocked):
        record_paper_signatures(sheet=sheet, version=sheet.version, user=desk)


def test_a_closed_rounds_sheet_is_signed_on_paper_and_confirmed_by_the_desk(sheet):
    desk = make_user("desk")
    close_round(round=sheet.table.round, user=desk)
    with pytest.raises(SheetLocked):
        confirm_as_player(sheet=sheet, position=1, version=sheet.version)  # the link is closed
    record_paper_signatures(sheet=sheet, version=sheet.version, user=desk)
    confirm_sheet(sheet=sheet, user=desk, base_version=sheet.version)
    sheet.refresh_from_db()
    assert sheet.status == ScoreSheet.Status.CONFIRMED


def test_the_rounds_paper_signatures_are_all_or_nothing_and_only_of_that_round(sheet):
    desk = make_user("desk")
    event = sheet.table.round.event
    second = handed_in_sheet(event=event, number=2)
    round_ = sheet.table.round
    foreign = handed_in_sheet()  # another event's
    for versions in (
        {sheet.pk: sheet.version, foreign.pk: foreign.version},  # a sheet of another event
        {sheet.pk: sheet.version, second.pk: second.version - 1},  # one stale
        {sheet.pk: sheet.version, 10**9: 1},  # no such sheet
        {},
    ):
        with pytest.raises(SheetError):
            record_round_paper_signatures(round=round_, versions=versions, user=desk)
        assert not SheetConfirmation.objects.exists()
    tables = record_round_paper_signatures(
        round=round_, versions={sheet.pk: sheet.version, second.pk: second.version}, user=desk
    )
    assert tables == [1, 2]
    assert roll_of(sheet.pk).complete and roll_of(second.pk).complete
    assert not roll_of(foreign.pk).confirmed
    assert sheet_records().filter(action=SheetAction.SIGNED_ON_PAPER).count() == 6
    result = confirm_handed_in(round=round_, user=desk)
    assert result.confirmed == [1, 2]
