"""The page of a sheet kept in round totals (``scoring.views.sheets``, ``totals_sheet.html``):
through the link and at the desk, a plain form with each party's total and games lost; saves
that refuse bad figures at their field, show another device's totals beside the typed ones, and
store a form sent twice once."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from scoring.audit import SheetAction
from scoring.models import RoundTotal, ScoreSheet
from scoring.services import save_sheet_totals
from tests.factories import (
    make_entry,
    make_event,
    make_role,
    make_round,
    make_sheet,
    make_table,
    make_user,
)
from tournament.models import Event, EventRole

pytestmark = pytest.mark.django_db


@pytest.fixture
def totals_sheet():
    """A three-table of an event kept in round totals: parties 3, 1, 2 in seating order."""
    event = make_event(slug="gerstetten", scoring_mode=Event.ScoringMode.TOTALS)
    entries = [make_entry(event, n, name) for n, name in ((3, "Hans Maier"), (1, "Anna Rapp"),
                                                         (2, "Otto Walz"))]
    return make_sheet(make_table(make_round(event), entries, number=1))


def link(sheet: ScoreSheet) -> str:
    return reverse("sheet-link", kwargs={"token": sheet.token})


def desk_url(sheet: ScoreSheet, name: str = "sheet-edit") -> str:
    table = sheet.table
    return reverse(name, kwargs={"slug": table.round.event.slug,
                                 "number": table.round.number, "table": table.number})


def page_text(response) -> str:
    return response.content.decode()


def hidden(page: str, name: str) -> str:
    return re.search(rf'name="{name}" value="([^"]*)"', page).group(1)


def totals_form(page: str, figures, *, action: str = "save") -> dict:
    """The form as the browser sends it, from the page shown (its version and save id)."""
    data = {"sheet": hidden(page, "sheet"), "version": hidden(page, "version"),
            "save_id": hidden(page, "save_id"), "action": action}
    for index, (total, lost) in enumerate(figures):
        data[f"p{index}-total"] = total
        data[f"p{index}-lost"] = lost
    return data


def stored(sheet: ScoreSheet) -> list[tuple[int, int, int]]:
    return sorted(RoundTotal.objects.filter(sheet=sheet).values_list(
        "entry__start_number", "total", "lost"))


FIGURES = [("500", "0"), ("300", "1"), ("-200", "1")]
STORED = [(1, 300, 1), (2, -200, 1), (3, 500, 0)]


def test_the_link_shows_a_totals_form_in_seating_order(client, totals_sheet):
    page = page_text(client.get(link(totals_sheet)))
    names = re.findall(r'name="(p\d-(?:total|lost))"', page)
    assert names == ["p0-total", "p0-lost", "p1-total", "p1-lost", "p2-total", "p2-lost"]
    assert page.index("3 Hans Maier") < page.index("1 Anna Rapp") < page.index("2 Otto Walz")
    assert page.count('inputmode="numeric"') == 6
    assert 'name="p0-total" id="p0-total" value="" data-totals-field' in page
    assert re.search(r'name="p0-total"[^>]*autofocus', page)
    assert len(hidden(page, "save_id")) == 32
    assert "g1-bid" not in page and "Speichern und abgeben" in page
    assert "scoring/totals.js" in page and "scoring/sheet/main.js" not in page
    save_url = reverse("sheet-link-save", kwargs={"token": totals_sheet.token})
    assert f'action="{save_url}"' in page


@pytest.mark.parametrize("via", ["link", "link-page", "desk", "desk-page"])
def test_a_save_stores_the_totals_and_redirects(client, totals_sheet, via):
    if via.startswith("desk"):
        make_role(totals_sheet.table.round.event, make_user("orga", "geheim-123"))
        client.login(username="orga", password="geheim-123")
        page_url = desk_url(totals_sheet)
        post_url = page_url if via == "desk-page" else desk_url(totals_sheet, "sheet-edit-save")
    else:
        page_url = link(totals_sheet)
        post_url = page_url if via == "link-page" else reverse(
            "sheet-link-save", kwargs={"token": totals_sheet.token})
    page = page_text(client.get(page_url))
    response = client.post(post_url, totals_form(page, FIGURES))
    assert response.status_code == 302 and response["Location"] == page_url
    assert stored(totals_sheet) == STORED
    after = page_text(client.get(page_url))
    assert "Summen gespeichert." in after
    assert 'name="p2-total" id="p2-total" value="-200"' in after
    assert hidden(after, "version") == str(int(hidden(page, "version")) + 1)


def test_hand_in_says_so(client, totals_sheet):
    page = page_text(client.get(link(totals_sheet)))
    client.post(link(totals_sheet), totals_form(page, FIGURES, action="submit"))
    totals_sheet.refresh_from_db()
    assert totals_sheet.status == ScoreSheet.Status.SUBMITTED
    assert "Der Spielzettel ist abgegeben. Vielen Dank!" in page_text(
        client.get(link(totals_sheet)))


@pytest.mark.parametrize(
    ("figures", "field", "message"),
    [
        ([("5OO", "0"), ("300", "1"), ("-200", "1")], "p0-total",
         "Bitte eine ganze Zahl eintragen, zum Beispiel 420 oder -120."),
        ([("500", "0"), ("300", "x"), ("-200", "1")], "p1-lost",
         "Bitte eine ganze Zahl eintragen, zum Beispiel 420 oder -120."),
        ([("505", "0"), ("300", "1"), ("-200", "1")], "p0-total", "Vielfaches von 10"),
        ([("500", "0"), ("", "1"), ("-200", "1")], "p1-total", "für jede Partei"),
    ],
)
def test_bad_figures_are_refused_at_their_field(client, totals_sheet, figures, field, message):
    page = page_text(client.get(link(totals_sheet)))
    response = client.post(link(totals_sheet), totals_form(page, figures))
    refused = page_text(response)
    assert response.status_code == 200 and not RoundTotal.objects.exists()
    tag = re.search(rf'<input[^>]*name="{field}"[^>]*>', refused).group(0)
    assert 'aria-invalid="true"' in tag and f'aria-describedby="{field}-error"' in tag
    assert "autofocus" in tag
    error = re.search(rf'id="{field}-error">([^<]*)<', refused).group(1)
    assert message in error
    assert "Die Summen wurden nicht gespeichert" in refused
    typed = dict(zip(("p0-total", "p0-lost"), figures[0], strict=True))
    assert f'value="{typed["p0-total"]}"' in refused  # as typed, also a wrong figure
    assert refused.count('aria-invalid="true"') == 1


def test_a_stale_save_shows_both_and_the_next_save_decides(client, totals_sheet):
    page = page_text(client.get(link(totals_sheet)))
    save_sheet_totals(sheet=totals_sheet, base_version=totals_sheet.version,
                      totals=[(400, 0), (400, 0), (-200, 1)], save_id="other")
    response = client.post(link(totals_sheet), totals_form(page, FIGURES))
    shown = page_text(response)
    assert response.status_code == 409
    assert stored(totals_sheet) == [(1, 400, 0), (2, -200, 1), (3, 400, 0)]
    assert 'name="p0-total" id="p0-total" value="500"' in shown  # typed
    assert "Auf dem anderen Gerät gespeichert: 400, 0 verloren" in shown
    assert "Auf dem anderen Gerät gespeichert: −200, 1 verloren" in shown
    totals_sheet.refresh_from_db()
    assert hidden(shown, "version") == str(totals_sheet.version)
    client.post(link(totals_sheet), totals_form(shown, FIGURES))
    assert stored(totals_sheet) == STORED


def test_a_form_sent_twice_is_stored_once(client, totals_sheet):
    page = page_text(client.get(link(totals_sheet)))
    data = totals_form(page, FIGURES)
    first = client.post(link(totals_sheet), data)
    second = client.post(link(totals_sheet), data)
    assert first.status_code == second.status_code == 302
    assert stored(totals_sheet) == STORED
    assert totals_sheet.changes.filter(action=SheetAction.TOTALS_SAVED).count() == 1


def test_a_closed_link_refuses_the_save(client, totals_sheet):
    page = page_text(client.get(link(totals_sheet)))
    totals_sheet.table.round.__class__.objects.filter(pk=totals_sheet.table.round_id).update(
        closed=True)
    response = client.post(link(totals_sheet), totals_form(page, FIGURES))
    assert response.status_code == 403 and not RoundTotal.objects.exists()


def test_the_desk_page_needs_a_role_of_the_event(totals_sheet):
    client = Client()
    assert client.get(desk_url(totals_sheet)).status_code == 302
    make_user("fremd", "geheim-123")
    client.login(username="fremd", password="geheim-123")
    assert client.get(desk_url(totals_sheet)).status_code in (403, 404)
    page = page_text(Client().get(link(totals_sheet)))
    refused = client.post(desk_url(totals_sheet), totals_form(page, FIGURES))
    assert refused.status_code in (403, 404) and not RoundTotal.objects.exists()
    EventRole.objects.create(event=totals_sheet.table.round.event,
                             user=refused.wsgi_request.user, role=EventRole.Role.ORGANISER)
    shown = page_text(client.get(desk_url(totals_sheet)))
    assert 'name="p0-total"' in shown and "Spielzettel bestätigen" in shown


def test_a_games_sheet_keeps_its_game_rows(client):
    event = make_event(slug="games")
    sheet = make_sheet(make_table(make_round(event), [make_entry(event, n) for n in (1, 2, 3)]))
    page = page_text(client.get(link(sheet)))
    assert "g1-bid" in page and "scoring/sheet/main.js" in page
    assert "p0-total" not in page and "scoring/totals.js" not in page
