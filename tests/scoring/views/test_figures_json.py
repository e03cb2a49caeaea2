"""The save of a sheet kept in round totals or in points per game by its page's script
(``scoring.pages.figures.FiguresScript``): JSON in, the sheet's state out. Stored figures,
figures refused at their fields with nothing stored, a stale save answered with both, a save
sent again after a lost answer stored once, a closed link and a damaged form; through the link
and at the desk."""

import pytest
from django.test import Client
from django.urls import reverse

from core.models import ChangeRecord
from scoring.audit import SheetAction
from scoring.models import Game, RoundTotal, ScoreSheet
from scoring.services import save_sheet_points, save_sheet_totals
from tests.factories import make_role, make_user
from tests.scoring.views import test_points_sheet, test_totals_sheet
from tests.scoring.views.test_points_sheet import STORED as POINTS_STORED
from tests.scoring.views.test_points_sheet import TYPED, points_form
from tests.scoring.views.test_points_sheet import stored as points_stored
from tests.scoring.views.test_totals_sheet import (
    FIGURES,
    STORED,
    desk_url,
    link,
    page_text,
    stored,
    totals_form,
)
from tournament.models import Round

pytestmark = pytest.mark.django_db

totals_sheet = test_totals_sheet.totals_sheet  # the fixtures of the pages' tests
points_sheet = test_points_sheet.points_sheet


def save_url(sheet: ScoreSheet) -> str:
    return reverse("sheet-link-save", kwargs={"token": sheet.token})


def save_url_via(client: Client, sheet: ScoreSheet, via: str) -> str:
    """The save address of the link's page, or of the desk's page with an organiser logged in."""
    if via == "link":
        return save_url(sheet)
    make_role(sheet.table.round.event, make_user("orga", "geheim-123"))
    client.login(username="orga", password="geheim-123")
    return desk_url(sheet, "sheet-edit-save")


def post_json(client: Client, url: str, data: dict):
    return client.post(url, data, HTTP_ACCEPT="application/json")


def script_totals(client: Client, sheet: ScoreSheet, figures, **kwargs) -> dict:
    """What the page's script posts for a totals sheet: the form's fields, its own save id."""
    data = totals_form(page_text(client.get(link(sheet))), figures, **kwargs)
    return {**data, "save_id": "a1b2c3d4e5f6a1b2c3d4e5f6"}


def typed_games(games: dict) -> dict:
    """What the page's script posts of a points sheet: only the games typed on the device."""
    return {
        f"g{number}-{name}": text
        for number, (declarer, points) in games.items()
        for name, text in (("declarer", declarer),
                           *((f"points{index}", one) for index, one in enumerate(points)))
    }


def script_points(client: Client, sheet: ScoreSheet, games: dict, **kwargs) -> dict:
    frame = points_form(page_text(client.get(link(sheet))), {}, **kwargs)
    head = {name: frame[name] for name in ("sheet", "version", "action")}
    return {**head, "save_id": "f6e5d4c3b2a1f6e5d4c3b2a1", **typed_games(games)}


@pytest.mark.parametrize("via", ["link", "desk"])
def test_totals_are_stored_and_answered_with_the_sheet(client, totals_sheet, via):
    url = save_url_via(client, totals_sheet, via)
    data = script_totals(client, totals_sheet, FIGURES, action="submit")
    answer = post_json(client, url, data)
    state = answer.json()
    assert answer.status_code == 200
    assert state["ok"] and state["outcome"] == "saved"
    assert state["messages"] == ["Summen gespeichert.",
                                 "Der Spielzettel ist abgegeben. Vielen Dank!"]
    assert state["problems"] == [] and state["errors"] == {} and state["conflicts"] == {}
    assert state["figures"] == {"p0-total": "500", "p0-lost": "0", "p1-total": "300",
                                "p1-lost": "1", "p2-total": "-200", "p2-lost": "1"}
    assert state["status"] == "submitted" and state["status_label"] == "abgegeben"
    totals_sheet.refresh_from_db()
    assert state["version"] == totals_sheet.version and state["missing"] == []
    assert "data-player-confirmations" in state["confirmations"]
    assert stored(totals_sheet) == STORED


def test_a_totals_hand_in_without_news_keeps_the_totals(client, totals_sheet):
    save_sheet_totals(sheet=totals_sheet, base_version=0,
                      totals=[(500, 0), (300, 1), (-200, 1)])
    # the stored totals as the page shows them, "0" for none lost as stored
    answer = post_json(client, save_url(totals_sheet),
                       script_totals(client, totals_sheet, FIGURES, action="submit")).json()
    assert answer["messages"] == ["Der Spielzettel ist abgegeben. Vielen Dank!"]
    assert stored(totals_sheet) == STORED


def test_bad_totals_are_refused_by_field_and_nothing_is_stored(client, totals_sheet):
    figures = [("5OO", "0"), ("300", "1"), ("-205", "1")]
    answer = post_json(client, save_url(totals_sheet), script_totals(client, totals_sheet,
                                                                     figures))
    state = answer.json()
    assert answer.status_code == 200
    assert not state["ok"] and state["outcome"] == "saved" and state["messages"] == []
    assert state["problems"] == ["Die Summen wurden nicht gespeichert; siehe unten."]
    assert list(state["errors"]) == ["p0-total"]
    assert "ganze Zahl" in state["errors"]["p0-total"][0]
    assert state["figures"]["p0-total"] == ""  # the stored figures: none yet
    assert state["missing"] == ["totals"]
    # read, the figures the rules refuse are named at their fields too
    figures = [("500", "0"), ("300", "1"), ("-205", "1")]
    state = post_json(client, save_url(totals_sheet),
                      script_totals(client, totals_sheet, figures)).json()
    assert list(state["errors"]) == ["p2-total"] and "Vielfaches von 10" in \
        state["errors"]["p2-total"][0]
    assert not RoundTotal.objects.exists()


def test_a_stale_totals_save_answers_both_and_is_stored_when_sent_on_the_new_version(
    client, totals_sheet
):
    data = script_totals(client, totals_sheet, FIGURES)
    save_sheet_totals(sheet=totals_sheet, base_version=0,
                      totals=[(400, 0), (400, 0), (-200, 1)], save_id="other")
    answer = post_json(client, save_url(totals_sheet), data)
    state = answer.json()
    assert answer.status_code == 409 and state["outcome"] == "stale" and not state["ok"]
    assert "Jemand anderes hat diesen Spielzettel inzwischen gespeichert" in state["message"]
    assert state["conflicts"] == {"p0-total": "400, 0 verloren", "p1-total": "400, 0 verloren",
                                  "p2-total": "−200, 1 verloren"}
    assert state["figures"]["p0-total"] == "400" and state["version"] == 1
    assert stored(totals_sheet) == [(1, 400, 0), (2, -200, 1), (3, 400, 0)]
    # the scorekeeper saw both and saves again, on the version the answer named
    again = post_json(client, save_url(totals_sheet),
                      {**data, "version": str(state["version"]), "save_id": "b" * 24})
    assert again.json()["ok"] and stored(totals_sheet) == STORED


def test_a_totals_save_sent_again_after_a_lost_answer_is_stored_once(client, totals_sheet):
    data = script_totals(client, totals_sheet, FIGURES)
    first = post_json(client, save_url(totals_sheet), data).json()
    second = post_json(client, save_url(totals_sheet), data).json()  # the answer was lost
    assert first["ok"] and second["ok"] and second["outcome"] == "saved"
    assert second["version"] == first["version"] == 1
    assert second["messages"] == ["Summen gespeichert."]  # as the lost answer said
    assert stored(totals_sheet) == STORED
    assert totals_sheet.changes.filter(action=SheetAction.TOTALS_SAVED).count() == 1


def test_a_closed_link_and_a_damaged_form_are_refused(client, totals_sheet):
    data = script_totals(client, totals_sheet, FIGURES)
    damaged = post_json(client, save_url(totals_sheet), {**data, "version": "x"})
    assert damaged.status_code == 400 and damaged.json()["outcome"] == "refused"
    Round.objects.filter(pk=totals_sheet.table.round_id).update(closed=True)
    locked = post_json(client, save_url(totals_sheet), data)
    assert locked.status_code == 403 and locked.json()["outcome"] == "locked"
    assert "abgeschlossen" in locked.json()["message"]
    assert not RoundTotal.objects.exists()


@pytest.mark.parametrize("via", ["link", "desk"])
def test_points_are_stored_and_answered_with_the_sheet(client, points_sheet, via):
    url = save_url_via(client, points_sheet, via)
    answer = post_json(client, url, script_points(client, points_sheet, TYPED))
    state = answer.json()
    assert answer.status_code == 200 and state["ok"] and state["outcome"] == "saved"
    assert state["messages"] == ["Spiele 1–2 gespeichert."]
    assert state["figures"]["g1-points1"] == "-300" and state["figures"]["g1-declarer"] == "2"
    assert state["figures"]["g3-points0"] == "" and state["missing"] == [3, 4]
    assert state["status"] == "in_progress" and state["errors"] == {}
    assert points_stored(points_sheet) == POINTS_STORED
    if via == "link":
        saved = ChangeRecord.objects.about(points_sheet).get(action=SheetAction.LINK_SAVED)
        assert saved.params["after"]["save"] == "f6e5d4c3b2a1f6e5d4c3b2a1"


def test_refused_points_are_named_by_field_and_listed_by_game_and_party(client, points_sheet):
    games = {1: ("2", ["120", "300-", "85"]), 2: ("", ["250", "4O", "-60"])}
    state = post_json(client, save_url(points_sheet),
                      script_points(client, points_sheet, games)).json()
    assert not state["ok"] and state["problems"] == [
        "Die Spiele wurden nicht gespeichert; siehe unten."]
    assert sorted(state["errors"]) == ["g1-points2", "g2-points1"]
    assert [name for name, _text in state["listed"]] == ["g1-points2", "g2-points1"]
    assert state["listed"][1][1].startswith("Spiel 2 · 1 Anna Rapp: ")
    assert not Game.objects.exists()


def test_a_stale_points_save_names_the_other_devices_games(client, points_sheet):
    data = script_points(client, points_sheet, TYPED)
    save_sheet_points(sheet=points_sheet, base_version=0,
                      rows={1: {"points": [100, 100, -200], "declarer": 2}})
    answer = post_json(client, save_url(points_sheet), data)
    state = answer.json()
    assert answer.status_code == 409 and state["outcome"] == "stale"
    assert list(state["conflicts"]) == ["g1-declarer", "g2-declarer"]
    assert "−200" in state["conflicts"]["g1-declarer"]
    assert state["conflicts"]["g2-declarer"] == "kein Spiel (Zeile leer)"
    assert state["figures"]["g1-points2"] == "-200"
    assert points_stored(points_sheet) == {1: (2, [100, 100, -200])}


def test_a_points_save_sent_again_after_a_lost_answer_is_stored_once(client, points_sheet):
    data = script_points(client, points_sheet, TYPED)
    first = post_json(client, save_url(points_sheet), data).json()
    second = post_json(client, save_url(points_sheet), data).json()
    assert first["ok"] and second["ok"] and second["version"] == first["version"]
    assert second["messages"] == first["messages"] == ["Spiele 1–2 gespeichert."]
    assert points_stored(points_sheet) == POINTS_STORED
    assert ChangeRecord.objects.about(points_sheet).filter(
        action=SheetAction.LINK_SAVED).count() == 1


def test_a_forged_game_is_refused(client, points_sheet):
    data = {**script_points(client, points_sheet, TYPED), "g9-points0": "100"}
    answer = post_json(client, save_url(points_sheet), data)
    assert answer.status_code == 400 and "Spiel 9" in answer.json()["message"]
    assert not Game.objects.exists()
