"""The section "Bestätigen" of a sheet's page: the players confirm on the scorekeeper's phone
through the sheet's link (a plain form without JavaScript, JSON for the page's script), and the
organisers see "2 von 3 bestätigt" on the round overview and the sheet's page."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from scoring.models import ScoreSheet, SheetConfirmation
from scoring.rules import AKS_HEROLDSTATT, RULES
from scoring.services import confirm_as_player, save_sheet_rows
from tests.factories import make_entry, make_event, make_round, make_sheet, make_table

pytestmark = pytest.mark.django_db

GAMES = 3
ROW = {"bid": 150, "declarer": 0, "melds": [0, 0, 0], "tricks": [250, 0, 0]}


def aks_sheet(*, hand_in=True, rules=RULES[AKS_HEROLDSTATT], organiser=None):
    event = make_event(organiser=organiser, slug="heroldstatt", rules=rules.as_dict(),
                       games_per_round=GAMES)
    entries = [make_entry(event, n, name) for n, name in
               ((12, "Anna Rapp"), (15, "Otto Walz"), (21, "Hans Maier"))]
    sheet = make_sheet(make_table(make_round(event), entries))
    rows = dict.fromkeys(range(1, GAMES + 1), ROW) if hand_in else {1: ROW}
    save_sheet_rows(sheet=sheet, base_version=0, rows=rows, hand_in=hand_in)
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


def text(response) -> str:
    """The page's text without tags and with single spaces."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode()))


def phone() -> Client:
    """A phone without an account whose posts are checked for the CSRF token, as in the hall."""
    return Client(enforce_csrf_checks=True)


def csrf_of(response) -> str:
    return re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', response.content.decode())[1]


def test_the_phone_confirms_with_a_plain_form(db):
    sheet = aks_sheet()
    device = phone()
    page = device.get(link(sheet))
    shown = text(page)
    assert "Bestätigen" in shown and "0 von 3 bestätigt" in shown
    for statement in ("Ich, Nr. 12 Anna Rapp, bestätige die Spiele dieses Blatts",
                      "Ich, Nr. 15 Otto Walz, bestätige die Spiele dieses Blatts",
                      "Ich, Nr. 21 Hans Maier, bestätige die Spiele dieses Blatts"):
        assert statement in shown
    html = page.content.decode()
    assert f'action="{confirm_url(sheet)}"' in html
    # without the token the post is refused (the link page's CSRF protection stays)
    assert device.post(confirm_url(sheet), {"position": "2", "version": sheet.version}
                       ).status_code == 403
    answer = device.post(confirm_url(sheet), {
        "csrfmiddlewaretoken": csrf_of(page), "position": "2", "version": str(sheet.version),
    }, follow=True)
    assert answer.redirect_chain[-1][0] == f"{link(sheet)}#confirm"
    shown = text(answer)
    assert "Danke, Nr. 15 Otto Walz: Ihre Bestätigung ist gespeichert." in shown
    assert "1 von 3 bestätigt" in shown
    assert "Nr. 15 Otto Walz ✓ bestätigt" in shown
    assert "Ich, Nr. 15 Otto Walz" not in shown  # no second tap offered
    assert list(SheetConfirmation.objects.values_list("start_number", flat=True)) == [15]


def test_the_pages_script_gets_the_section_as_json(db):
    sheet = aks_sheet()
    answer = Client().post(confirm_url(sheet), {"position": "1", "version": str(sheet.version)},
                           HTTP_ACCEPT="application/json")
    data = answer.json()
    assert answer.status_code == 200 and data["ok"] and data["outcome"] == "confirmed"
    assert "1 von 3 bestätigt" in data["confirmations"]
    assert 'data-player-confirmations' in data["confirmations"]
    again = Client().post(confirm_url(sheet), {"position": "1", "version": str(sheet.version)},
                          HTTP_ACCEPT="application/json")
    assert again.json()["ok"] and SheetConfirmation.objects.count() == 1


def test_a_seat_not_at_the_table_and_a_stale_page_are_refused(db):
    sheet = aks_sheet()
    wrong = Client().post(confirm_url(sheet), {"position": "4", "version": str(sheet.version)},
                          HTTP_ACCEPT="application/json")
    assert wrong.status_code == 409
    assert "Nur wer an diesem Tisch sitzt" in wrong.json()["message"]
    stale = Client().post(confirm_url(sheet), {"position": "1", "version": "0"},
                          follow=True)
    assert "inzwischen geändert" in text(stale)
    assert not SheetConfirmation.objects.exists()


def test_before_hand_in_the_page_only_says_what_comes(db):
    sheet = aks_sheet(hand_in=False)
    page = text(Client().get(link(sheet)))
    assert "Sobald der Spielzettel abgegeben ist" in page
    assert "bestätige die Spiele dieses Blatts" not in page
    answer = Client().post(confirm_url(sheet), {"position": "1", "version": str(sheet.version)},
                           follow=True)
    assert "sobald er abgegeben ist" in text(answer)
    assert not SheetConfirmation.objects.exists()


def test_the_organisers_see_two_of_three_and_wait_for_the_third(client, organiser):
    sheet = aks_sheet(organiser=organiser)
    for position in (1, 3):
        confirm_as_player(sheet=sheet, position=position, version=sheet.version)
    round_ = sheet.table.round
    overview = text(client.get(reverse("round-sheets", kwargs={
        "slug": round_.event.slug, "number": round_.number})))
    assert "2 von 3 bestätigt" in overview
    assert "noch nicht: 15 Otto Walz" in overview  # left for a look, not confirmed with all
    page = text(client.get(organiser_url(sheet, "sheet-edit")))
    assert "2 von 3 bestätigt" in page and "Nr. 15 Otto Walz noch nicht bestätigt" in page
    assert "bestätige die Spiele dieses Blatts" not in page  # the desk does not tap for them
    refused = client.post(organiser_url(sheet, "sheet-status"),
                          {"action": "confirm", "version": str(sheet.version)}, follow=True)
    assert "2 von 3 Spielern bestätigt; noch nicht: 15 Otto Walz" in text(refused)
    sheet.refresh_from_db()
    assert sheet.status == ScoreSheet.Status.SUBMITTED
    all_at_once = client.post(reverse("round-confirm-all", kwargs={
        "slug": round_.event.slug, "number": round_.number}),
        {"sheet": f"{sheet.pk}:{sheet.version}"}, follow=True)
    assert "Kein Spielzettel wurde bestätigt." in text(all_at_once)
    confirm_as_player(sheet=sheet, position=2, version=sheet.version)
    client.post(organiser_url(sheet, "sheet-status"),
                {"action": "confirm", "version": str(sheet.version)})
    sheet.refresh_from_db()
    assert sheet.status == ScoreSheet.Status.CONFIRMED


def test_a_change_after_the_confirmations_asks_to_confirm_again(db):
    sheet = aks_sheet()
    confirm_as_player(sheet=sheet, position=1, version=sheet.version)
    data = {"sheet": str(sheet.pk), "version": str(sheet.version), "action": "save",
            "save_id": "phone-1"}
    fields = {"dealer": "2", "kind": "played", "declarer": "0", "bid": "160", "revoked": "",
              "meld0": "0", "meld1": "0", "meld2": "0", "tricks0": "250", "tricks1": "0",
              "tricks2": "0"}
    data.update({f"g2-{name}": value for name, value in fields.items()})
    saved = Client().post(reverse("sheet-link-save", kwargs={"token": sheet.token}), data)
    answer = saved.json()
    assert answer["ok"], answer
    section = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", answer["confirmations"]))
    assert "0 von 3 bestätigt" in section
    assert "Nach der Änderung erneut bestätigen" in section
    assert "Nr. 12 Anna Rapp Nach der Änderung erneut bestätigen" in section
    assert "Ich, Nr. 12 Anna Rapp, bestätige" in section
    # the page reloaded says the same
    assert "Nach der Änderung erneut bestätigen" in text(Client().get(link(sheet)))


def test_without_the_house_rule_the_confirmations_are_offered_as_optional(client, organiser):
    sheet = aks_sheet(organiser=organiser, rules=RULES["ejl"])
    page = text(Client().get(link(sheet)))
    assert "0 von 3 bestätigt" in page and "Freiwillig" in page
    client.post(organiser_url(sheet, "sheet-status"),
                {"action": "confirm", "version": str(sheet.version)})
    sheet.refresh_from_db()
    assert sheet.status == ScoreSheet.Status.CONFIRMED


# --- signed on paper ---------------------------------------------------------------------------


def desk_action(client, sheet, action: str, version: int | None = None):
    """The desk presses a button of the sheet's page (``sheet-status``) as of ``version`` (the
    sheet's current one unless given); the page the answer leads to."""
    version = sheet.version if version is None else version
    return client.post(organiser_url(sheet, "sheet-status"),
                       {"action": action, "version": str(version)}, follow=True)


def confirmed_at_the_desk(client, sheet) -> bool:
    desk_action(client, sheet, "confirm")
    sheet.refresh_from_db()
    return sheet.status == ScoreSheet.Status.CONFIRMED


def round_url(sheet, name: str) -> str:
    round_ = sheet.table.round
    return reverse(name, kwargs={"slug": round_.event.slug, "number": round_.number})


def test_the_desk_records_the_paper_signatures_on_the_sheets_page(client, organiser):
    sheet = aks_sheet(organiser=organiser)
    confirm_as_player(sheet=sheet, position=2, version=sheet.version)
    page = client.get(organiser_url(sheet, "sheet-edit")).content.decode()
    assert 'value="signed_on_paper"' in page
    assert "Alle Spieler haben auf Papier unterschrieben: eintragen" in page
    assert 'value="signed_on_paper"' not in Client().get(link(sheet)).content.decode()
    answer = desk_action(client, sheet, "signed_on_paper")
    shown = text(answer)
    assert "Eingetragen: 2 Spieler von Tisch 1 haben den Spielzettel auf Papier unterschrieben." \
        in shown
    assert "3 von 3 bestätigt" in shown and 'value="signed_on_paper"' not in shown
    changes = text(client.get(organiser_url(sheet, "sheet-changes")))
    assert changes.count("hat den Spielzettel auf Papier unterschrieben") == 2
    assert confirmed_at_the_desk(client, sheet)


def test_a_stale_page_records_no_paper_signature(client, organiser):
    sheet = aks_sheet(organiser=organiser)
    answer = desk_action(client, sheet, "signed_on_paper", sheet.version - 1)
    assert "Der Spielzettel wurde inzwischen geändert; es wurde nichts bestätigt." in text(answer)
    assert not SheetConfirmation.objects.exists()


def test_closing_the_round_names_the_unconfirmed_sheet_and_offers_the_paper_step(
    client, organiser
):
    sheet = aks_sheet(organiser=organiser)
    close = round_url(sheet, "round-close")
    asked = client.post(close, {"closed": "1"})
    assert asked.status_code == 200
    shown = text(asked)
    assert "1 abgegebener Spielzettel ist noch nicht bestätigt" in shown
    assert "Tisch 1" in shown and "0 von 3 bestätigt" in shown
    assert "Die Spieler haben auf Papier unterschrieben: eintragen" in shown
    assert f'value="{sheet.pk}:{sheet.version}"' in asked.content.decode()
    assert not sheet.table.round.__class__.objects.get(pk=sheet.table.round_id).closed
    # the step from that page, then the overview confirms it with the others
    signed = client.post(round_url(sheet, "round-paper-signed"),
                         {"sheet": f"{sheet.pk}:{sheet.version}"}, follow=True)
    shown = text(signed)
    assert "Eingetragen: Die Spieler von Tisch 1 haben den Spielzettel auf Papier" in shown
    assert "3 von 3 bestätigt" in shown
    assert SheetConfirmation.objects.filter(sheet=sheet).count() == 3
    # closed anyway: the desk still confirms the sheet
    client.post(close, {"closed": "1", "confirm": "1"})
    assert sheet.table.round.__class__.objects.get(pk=sheet.table.round_id).closed
    assert confirmed_at_the_desk(client, sheet)


def test_a_closed_rounds_sheet_is_signed_on_paper_and_confirmed_at_the_desk(client, organiser):
    sheet = aks_sheet(organiser=organiser)
    client.post(round_url(sheet, "round-close"), {"closed": "1", "confirm": "1"})
    Client().post(confirm_url(sheet), {"version": sheet.version, "position": 1})
    assert not SheetConfirmation.objects.exists()  # the link is closed
    page = client.get(organiser_url(sheet, "sheet-edit")).content.decode()
    assert 'value="signed_on_paper"' in page
    desk_action(client, sheet, "signed_on_paper")
    assert confirmed_at_the_desk(client, sheet)


def test_the_round_overview_offers_the_paper_step_for_the_unsigned_sheets(client, organiser):
    sheet = aks_sheet(organiser=organiser)
    overview = client.get(round_url(sheet, "round-sheets")).content.decode()
    assert reverse("round-paper-signed", kwargs={
        "slug": sheet.table.round.event.slug, "number": 1}) in overview
    assert f'value="{sheet.pk}:{sheet.version}"' in overview
    # a forged sheet id of no sheet of the round records nothing
    answer = client.post(round_url(sheet, "round-paper-signed"),
                         {"sheet": f"{sheet.pk + 1000}:1"}, follow=True)
    assert "nicht alle zu diesem Durchgang" in text(answer)
    assert not SheetConfirmation.objects.exists()
