"""The players' confirmation (*Bestätigen*) of a sheet kept in round totals: the same section,
view and service as for a sheet of games, naming the totals; a change of the totals after the
players confirmed voids their confirmations and says what changed; the desk records the
signatures on paper; the round overview and the round's close show whether the totals are in."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from scoring.models import ScoreSheet, SheetConfirmation
from scoring.rules import AKS_HEROLDSTATT, RULES
from scoring.services import confirm_as_player, save_sheet_totals
from tests.factories import make_entry, make_event, make_role, make_round, make_sheet, make_table
from tournament.models import Event

pytestmark = pytest.mark.django_db

FIGURES = [(500, 0), (300, 1), (-200, 1)]
"""The totals of parties 12, 15 and 21 in seating order."""


def totals_event(*, rules=RULES[AKS_HEROLDSTATT]) -> Event:
    return make_event(slug="gerstetten", scoring_mode=Event.ScoringMode.TOTALS,
                      rules=rules.as_dict())


def totals_sheet(*, hand_in=True, rules=RULES[AKS_HEROLDSTATT], event=None, number=1):
    """A three-table of an event kept in round totals (by default with the AKS house rules:
    every player confirms), its totals saved and handed in where ``hand_in``."""
    event = event or totals_event(rules=rules)
    base = 10 * number
    entries = [make_entry(event, base + n, name) for n, name in
               ((2, "Anna Rapp"), (5, "Otto Walz"), (8, "Hans Maier"))]
    sheet = make_sheet(make_table(make_round(event), entries, number=number))
    if hand_in:
        result = save_sheet_totals(sheet=sheet, base_version=0, totals=FIGURES, hand_in=True)
        assert result.handed_in and not result.problems, result
    sheet.refresh_from_db()
    return sheet


def link(sheet) -> str:
    return reverse("sheet-link", kwargs={"token": sheet.token})


def confirm_url(sheet) -> str:
    return reverse("sheet-link-confirm", kwargs={"token": sheet.token})


def organiser_url(sheet, name: str) -> str:
    table = sheet.table
    return reverse(name, kwargs={"slug": table.round.event.slug, "number": table.round.number,
                                 "table": table.number})


def round_url(sheet, name: str) -> str:
    round_ = sheet.table.round
    return reverse(name, kwargs={"slug": round_.event.slug, "number": round_.number})


def text(response) -> str:
    """The page's text without tags and with single spaces."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode()))


def csrf_of(response) -> str:
    return re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', response.content.decode())[1]


def statement(number: int, name: str) -> str:
    return (f"Ich, Nr. {number} {name}, bestätige die Summen dieses Blatts "
            "(Summe und verlorene Spiele jeder Partei)")


def test_the_players_confirm_a_handed_in_totals_sheet_on_the_phone(db):
    sheet = totals_sheet()
    phone = Client(enforce_csrf_checks=True)
    page = phone.get(link(sheet))
    shown = text(page)
    assert "Bestätigen" in shown and "0 von 3 bestätigt" in shown
    assert "prüft oben Summe und verlorene Spiele jeder Partei" in shown
    for number, name in ((12, "Anna Rapp"), (15, "Otto Walz"), (18, "Hans Maier")):
        assert statement(number, name) in shown
    assert "bestätige die Spiele" not in shown
    assert f'action="{confirm_url(sheet)}"' in page.content.decode()
    answer = phone.post(confirm_url(sheet), {
        "csrfmiddlewaretoken": csrf_of(page), "position": "2", "version": str(sheet.version),
    }, follow=True)
    assert answer.redirect_chain[-1][0] == f"{link(sheet)}#confirm"
    shown = text(answer)
    assert "Danke, Nr. 15 Otto Walz: Ihre Bestätigung ist gespeichert." in shown
    assert "1 von 3 bestätigt" in shown and "Nr. 15 Otto Walz ✓ bestätigt" in shown
    assert statement(15, "Otto Walz") not in shown
    assert list(SheetConfirmation.objects.values_list("start_number", flat=True)) == [15]


def test_the_pages_script_gets_the_totals_section_as_json(db):
    sheet = totals_sheet()
    answer = Client().post(confirm_url(sheet), {"position": "1", "version": str(sheet.version)},
                           HTTP_ACCEPT="application/json")
    data = answer.json()
    assert data["ok"] and "1 von 3 bestätigt" in data["confirmations"]
    assert statement(15, "Otto Walz") in data["confirmations"]


def test_before_hand_in_and_on_a_stale_page_nothing_is_confirmed(db):
    sheet = totals_sheet(hand_in=False)
    save_sheet_totals(sheet=sheet, base_version=0, totals=FIGURES)
    sheet.refresh_from_db()
    page = text(Client().get(link(sheet)))
    assert "bestätigt hier jeder Spieler des Tisches die Summen" in page
    assert "bestätige die Summen" not in page
    early = Client().post(confirm_url(sheet), {"position": "1", "version": str(sheet.version)},
                          follow=True)
    assert "Bitte zuerst die Summen des Durchgangs eintragen" in text(early)
    save_sheet_totals(sheet=sheet, base_version=sheet.version, totals=FIGURES, hand_in=True)
    sheet.refresh_from_db()
    stale = Client().post(confirm_url(sheet), {"position": "1", "version": str(sheet.version - 1)},
                          follow=True)
    assert "prüfen Sie die Summen und bestätigen Sie erneut" in text(stale)
    assert not SheetConfirmation.objects.exists()


def test_a_change_of_the_totals_voids_the_confirmations_and_says_what_changed(db):
    sheet = totals_sheet()
    for position in (1, 2):
        confirm_as_player(sheet=sheet, position=position, version=sheet.version)
    phone = Client()
    page = phone.get(link(sheet)).content.decode()
    form = {"sheet": str(sheet.pk), "action": "save",
            "version": re.search(r'name="version" value="(\d+)"', page)[1],
            "save_id": re.search(r'name="save_id" value="(\w+)"', page)[1]}
    for index, (total, lost) in enumerate([(400, 0), (400, 1), (-200, 1)]):
        form[f"p{index}-total"], form[f"p{index}-lost"] = str(total), str(lost)
    saved = phone.post(link(sheet), form, follow=True)
    assert saved.redirect_chain[-1][0] == link(sheet)
    assert not SheetConfirmation.objects.filter(voided_at__isnull=True).exists()
    sheet.refresh_from_db()
    assert sheet.status == ScoreSheet.Status.SUBMITTED
    shown = text(saved)
    assert "Die Summen wurden geändert, nachdem Spieler sie bestätigt hatten" in shown
    assert re.search(r"Vorher: Nr\. 12: 500, 0 verloren · Nr\. 15: 300, 1 verloren · "
                     r"Nr\. 18: \S200, 1 verloren\. Jetzt: Nr\. 12: 400, 0 verloren · "
                     r"Nr\. 15: 400, 1 verloren", shown)
    assert "0 von 3 bestätigt" in shown
    assert "Nr. 12 Anna Rapp Nach der Änderung erneut bestätigen" in shown
    # the voided confirmation's version is refused; the current one counts
    confirm_as_player(sheet=sheet, position=1, version=sheet.version)
    assert "1 von 3 bestätigt" in text(phone.get(link(sheet)))


def test_the_desk_records_the_paper_signatures_of_a_totals_sheet(client, organiser):
    sheet = totals_sheet()
    make_role(sheet.table.round.event, organiser)
    confirm_as_player(sheet=sheet, position=2, version=sheet.version)
    page = client.get(organiser_url(sheet, "sheet-edit"))
    html = page.content.decode()
    assert 'value="signed_on_paper"' in html and "1 von 3 bestätigt" in text(page)
    assert "bestätige die Summen" not in html  # the desk does not tap for the players
    assert 'value="signed_on_paper"' not in Client().get(link(sheet)).content.decode()
    refused = client.post(organiser_url(sheet, "sheet-status"),
                          {"action": "confirm", "version": str(sheet.version)}, follow=True)
    assert "1 von 3 Spielern bestätigt" in text(refused)
    signed = client.post(organiser_url(sheet, "sheet-status"),
                         {"action": "signed_on_paper", "version": str(sheet.version)},
                         follow=True)
    shown = text(signed)
    assert "Eingetragen: 2 Spieler von Tisch 1 haben den Spielzettel auf Papier unterschrieben." \
        in shown
    assert "3 von 3 bestätigt" in shown
    client.post(organiser_url(sheet, "sheet-status"),
                {"action": "confirm", "version": str(sheet.version)})
    sheet.refresh_from_db()
    assert sheet.status == ScoreSheet.Status.CONFIRMED


def overview_cells(response) -> list[str]:
    """The round overview's column of games (or totals), one cell per table."""
    return [re.sub(r"\s+", " ", cell).strip() for cell in re.findall(
        r'<td class="num">(.*?)</td>', response.content.decode(), re.S)]


def test_the_round_overview_says_whether_the_totals_are_entered(client, organiser):
    handed_in = totals_sheet()
    make_role(handed_in.table.round.event, organiser)
    totals_sheet(hand_in=False, event=handed_in.table.round.event, number=2)
    overview = client.get(round_url(handed_in, "round-sheets"))
    assert overview_cells(overview) == ["eingetragen", "noch keine"]
    shown = text(overview)
    assert "Summen je Durchgang" in shown and "0 von 3 bestätigt" in shown
    # the round's close names the handed-in sheet not confirmed and the table without totals
    asked = client.post(round_url(handed_in, "round-close"), {"closed": "1"})
    shown = text(asked)
    assert "1 abgegebener Spielzettel ist noch nicht bestätigt" in shown
    assert "Tisch 1 · 0 von 3 bestätigt" in shown
    assert overview_cells(asked) == ["noch keine"]
    assert f'value="{handed_in.pk}:{handed_in.version}"' in asked.content.decode()


def test_a_games_round_overview_still_counts_games(client, organiser):
    event = make_event(organiser=organiser, slug="heroldstatt", games_per_round=3)
    entries = [make_entry(event, n) for n in (1, 2, 3)]
    sheet = make_sheet(make_table(make_round(event), entries))
    assert overview_cells(client.get(round_url(sheet, "round-sheets"))) == ["0 / 3"]
