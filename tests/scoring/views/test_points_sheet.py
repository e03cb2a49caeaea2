"""The page of a sheet kept in points per game (``scoring.views.sheets``, ``points_sheet.html``):
through the link and at the desk, a plain form with one row per game (declarer, each party's
points) and the Summe row; saves that refuse bad figures at their field with the game named and
store nothing, read a minus before or after the digits, show another device's games beside the
typed ones, and store a form sent twice once; the players confirm the handed-in sheet and the
desk records the signatures on paper."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from core.models import ChangeRecord
from scoring.audit import SheetAction
from scoring.models import Game, PartyScore, ScoreSheet, SheetConfirmation
from scoring.rules import AKS_HEROLDSTATT, RULES
from scoring.services import confirm_as_player, save_sheet_points
from tests.factories import (
    make_entry,
    make_event,
    make_role,
    make_round,
    make_sheet,
    make_table,
    make_user,
)
from tests.scoring.views.test_totals_sheet import desk_url, hidden, link, page_text
from tournament.models import Event

pytestmark = pytest.mark.django_db

GAMES = 4


@pytest.fixture
def points_sheet():
    """A three-table of an event kept in points per game (4 games a round, every player
    confirms by the AKS rules): parties 3, 1, 2 in seating order."""
    event = make_event(slug="heroldstatt", scoring_mode=Event.ScoringMode.POINTS,
                       games_per_round=GAMES, rules=RULES[AKS_HEROLDSTATT].as_dict())
    entries = [make_entry(event, n, name) for n, name in ((3, "Hans Maier"), (1, "Anna Rapp"),
                                                         (2, "Otto Walz"))]
    return make_sheet(make_table(make_round(event), entries, number=1))


def points_form(page: str, games: dict, *, action: str = "save") -> dict:
    """The form as the browser sends it (every row, the empty ones empty), from the page shown:
    ``games`` maps a game number to (declarer text, [points texts])."""
    data = {"sheet": hidden(page, "sheet"), "version": hidden(page, "version"),
            "save_id": hidden(page, "save_id"), "action": action}
    for number in range(1, GAMES + 1):
        declarer, points = games.get(number, ("", ["", "", ""]))
        data[f"g{number}-declarer"] = declarer
        for index, text in enumerate(points):
            data[f"g{number}-points{index}"] = text
    return data


def stored(sheet: ScoreSheet) -> dict[int, tuple[int | None, list[int]]]:
    """Each game's declarer (start number) and the points in seating order."""
    games = {}
    for game in Game.objects.filter(sheet=sheet).select_related("declarer").order_by("number"):
        lines = PartyScore.objects.filter(game=game).order_by("id")
        games[game.number] = (game.declarer.start_number if game.declarer else None,
                              [line.points for line in lines])
    return games


# game 1: the second party (No. 1) declared and lost, written "300-"; game 2: no declarer
TYPED = {1: ("2", ["120", "300-", "80"]), 2: ("", ["250", "40", "−60"])}
STORED = {1: (1, [120, -300, 80]), 2: (None, [250, 40, -60])}


def test_the_link_shows_one_row_per_game_with_a_field_per_party(client, points_sheet):
    page = page_text(client.get(link(points_sheet)))
    names = re.findall(r'name="(g\d-(?:declarer|points\d))"', page)
    assert names[:4] == ["g1-declarer", "g1-points0", "g1-points1", "g1-points2"]
    assert len(names) == GAMES * 4
    assert page.index("3 Hans Maier") < page.index("1 Anna Rapp") < page.index("2 Otto Walz")
    assert re.search(r'name="g1-declarer"[^>]*autofocus', page)
    assert page.count("autofocus") == 1
    assert len(hidden(page, "save_id")) == 32
    assert "g1-bid" not in page and "p0-total" not in page
    assert "scoring/points.js" in page and "scoring/sheet/main.js" not in page
    assert re.search(r'<th scope="row" colspan="2">Summe</th>', page)
    save_url = reverse("sheet-link-save", kwargs={"token": points_sheet.token})
    assert f'action="{save_url}"' in page


@pytest.mark.parametrize("via", ["link", "link-page", "desk", "desk-page"])
def test_a_save_stores_the_games_and_redirects(client, points_sheet, via):
    if via.startswith("desk"):
        orga = make_user("orga", "geheim-123")
        make_role(points_sheet.table.round.event, orga)
        client.login(username="orga", password="geheim-123")
        page_url = desk_url(points_sheet)
        post_url = page_url if via == "desk-page" else desk_url(points_sheet, "sheet-edit-save")
    else:
        page_url = link(points_sheet)
        post_url = page_url if via == "link-page" else reverse(
            "sheet-link-save", kwargs={"token": points_sheet.token})
    page = page_text(client.get(page_url))
    response = client.post(post_url, points_form(page, TYPED))
    assert response.status_code == 302 and response["Location"] == page_url
    assert stored(points_sheet) == STORED
    after = page_text(client.get(page_url))
    assert "Spiele 1–2 gespeichert." in after
    assert 'name="g1-points1" id="g1-points1" value="-300"' in after
    assert 'name="g1-declarer" id="g1-declarer" value="2"' in after
    assert re.search(r'name="g3-declarer"[^>]*autofocus', after)  # the first game to type
    sums = re.findall(r'data-points-sum="\d">([^<]*)<', after)
    assert sums == ["370", "−260", "20"]
    assert hidden(after, "version") == str(int(hidden(page, "version")) + 1)


@pytest.mark.parametrize(
    ("games", "fields", "said"),
    [
        # a figure that is no whole number; a declarer column the table does not have
        ({1: ("2", ["12O", "-300", "80"]), 2: ("4", ["250", "40", "60"])},
         {"g1-points0": "Bitte eine ganze Zahl eintragen", "g2-declarer": "1 bis 3"},
         ["Spiel 1 · 3 Hans Maier: Bitte eine ganze Zahl", "Spiel 2: "]),
        # not in tens; a party left empty; two below zero without a declarer
        ({1: ("", ["125", "-300", "80"]), 2: ("", ["250", "", "60"]),
          3: ("", ["-100", "-200", "60"])},
         {"g1-points0": "Vielfaches von 10", "g2-points1": "jede Partei",
          "g3-points0": "unter null", "g3-points1": "unter null"},
         ["Spiel 1 · 3 Hans Maier", "Spiel 2 · 1 Anna Rapp", "Spiel 3 · 3 Hans Maier",
          "Spiel 3 · 1 Anna Rapp"]),
    ],
)
def test_bad_figures_are_refused_at_their_field_with_the_game_named(
    client, points_sheet, games, fields, said
):
    save_sheet_points(sheet=points_sheet, base_version=0,
                      rows={4: {"points": [200, 0, 0], "declarer": 0}})
    page = page_text(client.get(link(points_sheet)))
    response = client.post(link(points_sheet), points_form(page, {**games, 4: ("1", [
        "200", "0", "0"])}))
    refused = page_text(response)
    assert response.status_code == 200
    assert stored(points_sheet) == {4: (3, [200, 0, 0])}  # nothing stored
    assert refused.count('aria-invalid="true"') == len(fields)
    for field, message in fields.items():
        tag = re.search(rf'<input[^>]*name="{field}"[^>]*>', refused).group(0)
        assert 'aria-invalid="true"' in tag and f'aria-describedby="{field}-error"' in tag
        error = re.search(rf'id="{field}-error">([^<]*)<', refused).group(1)
        assert message in error, error
    first = next(iter(fields))
    assert re.search(rf'<input[^>]*name="{first}"[^>]*autofocus', refused)
    assert "Die Spiele wurden nicht gespeichert" in refused
    listed = re.findall(r'<li><a href="#(g\d-\w+)">([^<]*)</a></li>', refused)
    assert [name for name, _text in listed] == list(fields)
    for fragment in said:
        assert any(text.startswith(fragment) for _name, text in listed), listed
    _number, (_declarer, points) = next(iter(games.items()))
    assert f'value="{points[0]}"' in refused  # as typed, also a wrong figure


def test_a_stale_save_shows_both_and_the_next_save_decides(client, points_sheet):
    page = page_text(client.get(link(points_sheet)))
    save_sheet_points(sheet=points_sheet, base_version=0, save_id="other",
                      rows={1: {"points": [100, -300, 80], "declarer": 1}})
    response = client.post(link(points_sheet), points_form(page, TYPED))
    shown = page_text(response)
    assert response.status_code == 409
    assert stored(points_sheet) == {1: (1, [100, -300, 80])}
    assert 'name="g1-points0" id="g1-points0" value="120"' in shown  # typed
    assert re.search(r'data-other-device="1">Auf dem anderen Gerät gespeichert: '
                     r'Alleinspieler 1 · Punkte 100/−300/80<', shown)
    assert 'data-other-device="2">Auf dem anderen Gerät gespeichert: kein Spiel' in shown
    points_sheet.refresh_from_db()
    assert hidden(shown, "version") == str(points_sheet.version)
    client.post(link(points_sheet), points_form(shown, TYPED))
    assert stored(points_sheet) == STORED


def test_a_form_sent_twice_is_stored_once(client, points_sheet):
    page = page_text(client.get(link(points_sheet)))
    data = points_form(page, TYPED)
    first = client.post(link(points_sheet), data)
    second = client.post(link(points_sheet), data)
    assert first.status_code == second.status_code == 302
    assert stored(points_sheet) == STORED
    assert ChangeRecord.objects.about(points_sheet).filter(
        action=SheetAction.LINK_SAVED).count() == 1


def test_a_closed_link_refuses_the_save(client, points_sheet):
    page = page_text(client.get(link(points_sheet)))
    points_sheet.table.round.__class__.objects.filter(pk=points_sheet.table.round_id).update(
        closed=True)
    response = client.post(link(points_sheet), points_form(page, TYPED))
    assert response.status_code == 403 and not Game.objects.exists()


def test_a_forged_game_is_refused(client, points_sheet):
    page = page_text(client.get(link(points_sheet)))
    save_url = reverse("sheet-link-save", kwargs={"token": points_sheet.token})
    forged = client.post(save_url, {**points_form(page, TYPED), "g9-points0": "100"})
    assert forged.status_code == 400 and "Spiel 9" in page_text(forged)
    assert not Game.objects.exists()


FULL = {**TYPED, 3: ("3", ["0", "50", "200"]), 4: ("", ["400", "0", "0"])}


def test_hand_in_then_the_players_confirm_on_the_phone(client, points_sheet):
    page = page_text(client.get(link(points_sheet)))
    client.post(link(points_sheet), points_form(page, FULL, action="submit"))
    points_sheet.refresh_from_db()
    assert points_sheet.status == ScoreSheet.Status.SUBMITTED
    shown = page_text(client.get(link(points_sheet)))
    assert "Der Spielzettel ist abgegeben. Vielen Dank!" in shown
    assert "bestätige die Spiele dieses Blatts" in shown  # each player's statement
    confirm = reverse("sheet-link-confirm", kwargs={"token": points_sheet.token})
    answer = client.post(confirm, {"position": "1", "version": hidden(shown, "version")})
    assert answer.status_code == 302
    assert SheetConfirmation.objects.filter(sheet=points_sheet, voided_at=None).count() == 1


def test_a_change_after_players_confirmed_says_which_game_changed(client, points_sheet):
    rows = {number: {"points": points, "declarer": declarer} for number, (declarer, points)
            in {1: (1, [120, -300, 80]), 2: (None, [250, 40, -60]), 3: (2, [0, 50, 200]),
                4: (None, [400, 0, 0])}.items()}
    save_sheet_points(sheet=points_sheet, base_version=0, rows=rows, hand_in=True)
    confirm_as_player(sheet=points_sheet, position=1, version=2)
    page = page_text(client.get(link(points_sheet)))
    client.post(link(points_sheet), points_form(page, {**FULL, 4: ("", ["410", "0", "0"])}))
    shown = page_text(client.get(link(points_sheet)))
    assert re.search(r'data-changed-game="4">[^<]*Punkte 400/0/0[^<]*Punkte 410/0/0', shown)


def test_the_desk_records_the_signatures_on_paper(client, organiser, points_sheet):
    make_role(points_sheet.table.round.event, organiser)
    rows = {number: {"points": [0, 0, 200], "declarer": 2} for number in range(1, GAMES + 1)}
    save_sheet_points(sheet=points_sheet, base_version=0, rows=rows, hand_in=True)
    page = page_text(client.get(desk_url(points_sheet)))
    assert "Alle Spieler haben auf Papier unterschrieben: eintragen" in page
    client.post(desk_url(points_sheet, "sheet-status"),
                {"action": "signed_on_paper", "version": "2"})
    assert SheetConfirmation.objects.filter(sheet=points_sheet, voided_at=None).count() == 3
    client.post(desk_url(points_sheet, "sheet-status"), {"action": "confirm", "version": "2"})
    points_sheet.refresh_from_db()
    assert points_sheet.status == ScoreSheet.Status.CONFIRMED


def test_the_desk_page_needs_a_role_of_the_event(points_sheet):
    client = Client()
    assert client.get(desk_url(points_sheet)).status_code == 302
    make_user("fremd", "geheim-123")
    client.login(username="fremd", password="geheim-123")
    assert client.get(desk_url(points_sheet)).status_code in (403, 404)
    page = page_text(Client().get(link(points_sheet)))
    refused = client.post(desk_url(points_sheet), points_form(page, TYPED))
    assert refused.status_code in (403, 404) and not Game.objects.exists()


def test_the_version_check_and_the_state_answer_for_a_points_sheet(client, points_sheet):
    save_sheet_points(sheet=points_sheet, base_version=0,
                      rows={1: {"points": [120, -300, 80], "declarer": 1}})
    check = client.get(reverse("sheet-link-check", kwargs={"token": points_sheet.token}))
    assert check.status_code == 200 and check.json()["version"] == 1
    state = client.get(reverse("sheet-link-state", kwargs={"token": points_sheet.token}))
    assert state.status_code == 200 and state.json()["rows"]["1"]["points"] == [120, -300, 80]


def test_the_trail_page_says_a_points_game_in_words(client, organiser, points_sheet):
    make_role(points_sheet.table.round.event, organiser)
    save_sheet_points(sheet=points_sheet, base_version=0,
                      rows={1: {"points": [120, -300, 80], "declarer": 1}})
    save_sheet_points(sheet=points_sheet, base_version=1, user=organiser,
                      rows={1: {"points": [130, -300, 80], "declarer": None}})
    page = page_text(client.get(desk_url(points_sheet, "sheet-changes")))
    assert "Alleinspieler 1 · Punkte 120/−300/80" in page  # before, by start number
    assert "Punkte 130/−300/80" in page
