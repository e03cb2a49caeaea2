"""Score entry pages (``scoring.views.sheets``): organiser and link access, bad input of every
kind, German messages, the round overview, the live preview."""

import html
import json
import re

import pytest
from django.test import Client
from django.urls import reverse

from scoring.audit import SheetAction
from scoring.models import Game, PartyScore, ScoreSheet
from scoring.services import (
    confirm_handed_in,
    confirm_sheet,
    save_sheet_rows,
    save_sheet_totals,
    submit_sheet,
)
from tests.factories import (
    make_entry,
    make_event,
    make_role,
    make_round,
    make_sheet,
    make_table,
    make_user,
    sheet_records,
)
from tournament.models import Event, Round
from tournament.seats import dealer_position

pytestmark = pytest.mark.django_db


@pytest.fixture
def field():
    """An event with a three-table (1) and a second three-table (2) in round 1."""
    event = make_event(slug="kirchheim")
    round_ = make_round(event)
    first = [make_entry(event, n, name) for n, name in ((3, "Hans Maier"), (1, "Anna Rapp"),
                                                         (2, "Otto Walz"))]
    second = [make_entry(event, n, f"Gast {n}") for n in (4, 5, 6)]
    sheet = make_sheet(make_table(round_, first, number=1))
    other = make_sheet(make_table(round_, second, number=2))
    return sheet, other


def link(sheet: ScoreSheet) -> str:
    return reverse("sheet-link", kwargs={"token": sheet.token})


def edit_url(sheet: ScoreSheet, name: str = "sheet-edit") -> str:
    table = sheet.table
    return reverse(
        name,
        kwargs={"slug": table.round.event.slug, "number": table.round.number,
                "table": table.number},
    )


def game(bid=200, declarer=0, melds=(80, 20, 40), tricks=(130, 70, 50), kind="played",
         revoked=""):
    values = {"bid": bid, "declarer": declarer, "kind": kind, "revoked": revoked}
    for index, meld in enumerate(melds):
        values[f"meld{index}"] = meld
    for index, trick in enumerate(tricks or ()):
        values[f"tricks{index}"] = trick
    return values


def form_data(sheet: ScoreSheet, version: int, rows: dict, *, action: str = "save") -> dict:
    """The sheet form as a browser sends it: every row, the empty ones with dealer and kind."""
    table = sheet.table
    parties = 2 if table.kind == "pairs" else table.seat_count
    data = {"sheet": sheet.pk, "version": version, "action": action}
    for number in range(1, table.round.event.games_per_round + 1):
        data[f"g{number}-dealer"] = dealer_position(number, table.seat_count)
        data[f"g{number}-kind"] = "played"
        for name in ("declarer", "bid", "revoked"):
            data[f"g{number}-{name}"] = ""
        for index in range(parties):
            data[f"g{number}-meld{index}"] = ""
            data[f"g{number}-tricks{index}"] = ""
    for number, values in rows.items():
        for name, value in values.items():
            data[f"g{number}-{name}"] = value
    return {key: str(value) for key, value in data.items()}


def text(response) -> str:
    return html.unescape(response.content.decode())


def input_tag(page: str, name: str) -> str:
    match = re.search(rf'<input[^>]*name="{name}"[^>]*>', page)
    assert match, f"no input {name}"
    return match.group(0)


def card(response, number: int) -> str:
    """The HTML of one game row (its fieldset)."""
    page = text(response)
    match = re.search(rf'<fieldset[^>]*id="g{number}".*?</fieldset>', page, re.S)
    assert match, f"no row {number}"
    return match.group(0)


# --- access ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name", ["sheet-edit", "sheet-changes", "round-sheets", "round-qr"]
)
def test_organiser_pages_need_login(client, field, name):
    sheet, _ = field
    if name.startswith("round"):
        url = reverse(name, kwargs={"slug": "kirchheim", "number": 1})
    else:
        url = edit_url(sheet, name)
    response = client.get(url)
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))


def test_organiser_post_needs_login(client, field):
    sheet, _ = field
    response = client.post(edit_url(sheet), form_data(sheet, 0, {1: game()}))
    assert response.status_code == 302
    response = client.post(edit_url(sheet, "sheet-status"), {"action": "confirm"})
    assert response.status_code == 302
    assert not Game.objects.exists() and ScoreSheet.objects.get(pk=sheet.pk).status == "empty"


def test_sheet_page_for_a_phone(client, organiser, field):
    sheet, _ = field
    make_role(sheet.table.round.event, organiser)
    response = client.get(edit_url(sheet))
    assert response.status_code == 200
    page = text(response)
    assert page.count('<fieldset class="game') == 12
    assert "Spiel 1" in page and "Spiel 12" in page
    assert "Hans Maier" in page and "Gast 4" not in page
    assert 'inputmode="numeric"' in page
    assert "Alleinspieler" in page and "Reizwert" in page and "verworfen" in page.lower()
    # the dealer rotates in seating order and is pre-selected
    assert re.search(r'<option value="2" selected>2 · Anna Rapp</option>', card(response, 2))
    assert re.search(r'<option value="1" selected>1 · Hans Maier</option>', card(response, 4))
    assert "scoring/sheet/main.js" in page and "http://testserver" + link(sheet) in page
    assert "<svg" in page  # the QR code of the link


def test_link_opens_only_its_own_sheet_without_an_account(client, field):
    sheet, other = field
    response = client.get(link(sheet))
    assert response.status_code == 200
    page = text(response)
    assert "Hans Maier" in page and "Gast 4" not in page
    assert "Spielzettel bestätigen" not in page  # no organiser actions through the link
    assert "Gast 4" in text(client.get(link(other)))


@pytest.mark.parametrize(
    "token",
    [
        "A" * 43,  # well-formed, but nobody's
        "abc",  # too short
        "1",  # the sheet's id
        "2",
        "%(token)sx",  # one character too many
        "%(cut)s",  # one character missing
        "%(swapped)s",  # one character changed
        "%(upper)s",  # other case
    ],
)
def test_wrong_tokens_get_404_without_a_hint(client, field, token):
    sheet, _ = field
    real = sheet.token
    swapped = real[:-1] + ("A" if real[-1] != "A" else "B")
    upper = real.upper() if real.upper() != real else real.lower()
    token = token % {"token": real, "cut": real[:-1], "swapped": swapped, "upper": upper}
    response = client.get(f"/zettel/{token}/")
    assert response.status_code == 404
    page = text(response)
    assert "Link ungültig" in page
    assert "Hans Maier" not in page and "bestätigt" not in page and "abgeschlossen" not in page
    # a forged token cannot save either
    response = client.post(f"/zettel/{token}/", form_data(sheet, 0, {1: game()}))
    assert response.status_code == 404
    assert not Game.objects.exists()


def test_wrong_tokens_all_look_the_same(client, field):
    bodies = {
        # the page's own path and the (per response masked) CSRF tokens of its forms aside
        re.sub(r'value="\w{64}"', "", text(client.get(f"/zettel/{token}/"))).replace(
            f"/zettel/{token}/", "/zettel/TOKEN/"
        )
        for token in ("B" * 43, "x", "C" * 60)
    }
    assert len(bodies) == 1


def test_link_stops_after_confirmation_and_works_after_reopening(client, organiser, field):
    sheet, _ = field
    make_role(sheet.table.round.event, organiser)
    scorekeeper = Client()
    rows = {n: game() for n in range(1, 13)}
    response = scorekeeper.post(link(sheet), form_data(sheet, 0, rows, action="submit"))
    assert response.status_code == 302
    assert ScoreSheet.objects.get(pk=sheet.pk).status == "submitted"
    response = client.post(edit_url(sheet, "sheet-status"), {"action": "confirm", "version": 2})
    assert response.status_code == 302
    assert ScoreSheet.objects.get(pk=sheet.pk).status == "confirmed"

    response = scorekeeper.get(link(sheet))
    assert response.status_code == 403
    assert "von der Turnierleitung bestätigt" in text(response)
    response = scorekeeper.post(link(sheet), form_data(sheet, 3, {1: game(bid=300)}))
    assert response.status_code == 403
    assert set(Game.objects.values_list("bid", flat=True)) == {200}

    client.post(edit_url(sheet, "sheet-status"), {"action": "reopen"})
    assert ScoreSheet.objects.get(pk=sheet.pk).status == "in_progress"
    assert scorekeeper.get(link(sheet)).status_code == 200


def test_closing_the_round_stops_every_link(client, organiser, field):
    sheet, other = field
    make_role(sheet.table.round.event, organiser)
    url = reverse("round-close", kwargs={"slug": "kirchheim", "number": 1})
    response = client.post(url, {"closed": "1", "confirm": "1"}, follow=True)
    assert "Durchgang 1 ist abgeschlossen" in text(response)
    scorekeeper = Client()
    for each in (sheet, other):
        response = scorekeeper.get(link(each))
        assert response.status_code == 403
        assert "Durchgang 1 ist abgeschlossen" in text(response)
    response = scorekeeper.post(link(sheet), form_data(sheet, 0, {1: game()}))
    assert response.status_code == 403 and not Game.objects.exists()
    # the organisers can still enter the sheet
    client.post(edit_url(sheet), form_data(sheet, 0, {1: game()}))
    assert Game.objects.count() == 1
    client.post(url, {"closed": "0"})
    assert scorekeeper.get(link(sheet)).status_code == 200


# --- saving ----------------------------------------------------------------------------------


def test_link_saves_rows_and_shows_points_and_running_totals(client, field):
    sheet, _ = field
    rows = {1: game(), 2: game(300, 0, (120, 0, 60), (170, 45, 35))}
    response = client.post(link(sheet), form_data(sheet, 0, rows))
    assert response.status_code == 302
    response = client.get(response["Location"])
    assert "Spiele 1–2 gespeichert." in text(response)
    points = re.findall(r'data-points="\d">(-?\d*)<', card(response, 2))
    totals = re.findall(r'data-total="\d">(-?\d*)<', card(response, 2))
    assert points == ["-600", "50", "100"]
    assert totals == ["-390", "140", "190"]  # 210-600, 90+50, 90+100
    assert ScoreSheet.objects.get(pk=sheet.pk).status == "in_progress"
    # not submitted yet: only the save itself (games and device), no game's values
    assert list(sheet_records().values_list("action", "params__game")) == [
        (SheetAction.LINK_SAVED, None)
    ]


def test_clearing_a_row_deletes_its_game(client, field):
    sheet, _ = field
    client.post(link(sheet), form_data(sheet, 0, {1: game(), 2: game()}))
    response = client.post(link(sheet), form_data(sheet, 1, {2: game()}), follow=True)
    assert "Spiel 1 gelöscht." in text(response)
    assert list(Game.objects.values_list("number", flat=True)) == [2]


def test_an_empty_form_is_no_game_and_no_error(client, field):
    sheet, _ = field
    response = client.post(link(sheet), form_data(sheet, 0, {}), follow=True)
    assert "Es wurde nichts geändert." in text(response)
    assert not Game.objects.exists()
    assert ScoreSheet.objects.get(pk=sheet.pk).version == 0


def test_valid_rows_are_saved_and_invalid_ones_shown_in_place(client, field):
    sheet, _ = field
    rows = {1: game(), 2: game(tricks=(100, 100, 40)), 3: game(bid="zwei")}
    response = client.post(link(sheet), form_data(sheet, 0, rows))
    assert response.status_code == 200
    page = text(response)
    assert "Spiel 1 gespeichert." in page
    assert "Spiele 2–3 enthalten Fehler und wurden nicht gespeichert" in page
    assert "Die Stiche ergeben zusammen 240 statt 250" in card(response, 2)
    assert "Bitte eine ganze Zahl eingeben." in card(response, 3)
    assert 'value="zwei"' in input_tag(card(response, 3), "g3-bid")  # the input is kept
    assert 'name="version" value="1"' in page  # the next save builds on the saved row
    assert list(Game.objects.values_list("number", flat=True)) == [1]


BAD_ROWS = [
    ({"bid": "zwei"}, "bid", "Bitte eine ganze Zahl eingeben."),
    ({"bid": str(10**12)}, "bid", "kleiner oder gleich 10000"),
    ({"bid": "9" * 40}, "bid", "kleiner oder gleich 10000"),
    ({"bid": "155"}, "bid", "Der Reizwert muss ein Vielfaches von 10"),
    ({"bid": "-200"}, "bid", "größer oder gleich 0"),
    ({"bid": ""}, "bid", "Bitte den Reizwert eintragen."),
    ({"meld1": "-20"}, "meld1", "größer oder gleich 0"),
    ({"meld1": "25"}, "meld1", "Gemeldetes muss ein Vielfaches von 10"),
    ({"meld0": str(2**40)}, "meld0", "kleiner oder gleich 10000"),
    ({"tricks2": "x5"}, "tricks2", "Bitte eine ganze Zahl eingeben."),
    ({"tricks2": "300"}, "tricks2", "kleiner oder gleich 250"),
    ({"tricks2": ""}, None, "Die Stiche ergeben zusammen 200 statt 250"),
    ({"declarer": ""}, "declarer", "Bitte den Alleinspieler wählen."),
    ({"declarer": "3"}, "declarer", "Bitte eine gültige Auswahl treffen."),
    ({"declarer": "eins"}, "declarer", "Bitte eine gültige Auswahl treffen."),
    ({"revoked": "7"}, "revoked", "Bitte eine gültige Auswahl treffen."),
    ({"dealer": "4"}, "dealer", "Bitte eine gültige Auswahl treffen."),
    ({"kind": "ramsch"}, "kind", "Bitte eine gültige Auswahl treffen."),
    ({"kind": "conceded"}, None, "Stiche bitte leer lassen"),
    ({"kind": "durch"}, "meld0", "Beim Durch wird nichts gemeldet"),
]


@pytest.mark.parametrize(
    ("via", "change", "name", "message"),
    [("link", *bad) for bad in BAD_ROWS]
    + [("organiser", *bad) for bad in (BAD_ROWS[0], BAD_ROWS[1], BAD_ROWS[11], BAD_ROWS[13])],
)
def test_bad_input_gets_a_german_message_and_changes_nothing(
    client, field, change, name, message, via
):
    sheet, _ = field
    if via == "organiser":
        make_role(sheet.table.round.event, make_user("orga", "geheim-123"))
        client.login(username="orga", password="geheim-123")
    url = link(sheet) if via == "link" else edit_url(sheet)
    response = client.post(url, form_data(sheet, 0, {1: {**game(), **change}}))
    assert response.status_code == 200
    row = card(response, 1)
    assert message in row
    if name is not None:  # the message sits at the field it is about
        assert re.search(
            rf'name="g1-{name}".*?<ul class="errorlist[^"]*"[^>]*>\s*<li>[^<]*{re.escape(message)}',
            row,
            re.S,
        ) or re.search(rf'id="id_g1-{name}_error"', row), row
    assert "Spiel 1 enthält Fehler und wurde nicht gespeichert" in text(response)
    assert not Game.objects.exists() and not PartyScore.objects.exists()
    assert ScoreSheet.objects.get(pk=sheet.pk).version == 0


@pytest.mark.parametrize(
    ("forge", "message"),
    [
        ({"sheet": "other"}, "gehört zu einem anderen Spielzettel"),
        ({"sheet": ""}, "unvollständig oder beschädigt"),
        ({"sheet": "x"}, "unvollständig oder beschädigt"),
        ({"version": ""}, "unvollständig oder beschädigt"),
        ({"version": "abc"}, "unvollständig oder beschädigt"),
        ({"version": "-1"}, "unvollständig oder beschädigt"),
        ({"version": str(10**30)}, "unvollständig oder beschädigt"),
        ({"g13-bid": "200"}, "nennt Spiel 13"),
        ({"g0-bid": "200"}, "nennt Spiel 0"),
        ({"g01-bid": "200"}, "nennt Spiel 01"),
        ({"g99999999999999999999-bid": "200"}, "nennt Spiel 999999"),
    ],
)
def test_forged_form_fields_change_nothing(client, field, forge, message):
    sheet, other = field
    data = form_data(sheet, 0, {1: game()})
    data.update({k: (str(other.pk) if v == "other" else v) for k, v in forge.items()})
    response = client.post(link(sheet), data)
    assert response.status_code == 400
    assert message in text(response) and "es wurde nichts gespeichert" in text(response)
    assert not Game.objects.exists()
    assert ScoreSheet.objects.get(pk=sheet.pk).version == 0


def test_a_form_of_another_sheet_cannot_write_into_it(client, field):
    """The other table's form, posted to this table's link, names the other sheet: refused."""
    sheet, other = field
    response = client.post(link(sheet), form_data(other, 0, {1: game()}))
    assert response.status_code == 400
    assert not Game.objects.exists()


def test_two_devices_the_second_save_is_refused_and_keeps_its_input(field):
    sheet, _ = field
    phone, laptop = Client(), Client()
    phone.get(link(sheet))
    laptop.get(link(sheet))
    phone.post(link(sheet), form_data(sheet, 0, {1: game(), 2: game()}))
    response = laptop.post(link(sheet), form_data(sheet, 0, {1: game(bid=250), 3: game()}))
    assert response.status_code == 409
    page = text(response)
    assert "Jemand anderes hat diesen Spielzettel inzwischen gespeichert" in page
    other = card(response, 1)
    assert "Auf dem anderen Gerät gespeichert:" in other
    assert "Reizwert 200" in other and "Punkte 210/90/90" in other
    assert 'value="250"' in input_tag(other, "g1-bid")  # the laptop's own input is kept
    assert "Auf dem anderen Gerät gespeichert:" in card(response, 2)  # it did not know game 2
    assert "kein Spiel (Zeile leer)" in card(response, 3)
    assert 'name="version" value="1"' in page
    assert sorted(Game.objects.values_list("number", "bid")) == [(1, 200), (2, 200)]
    # saving again on top of what it has now seen works (and clears game 2, as the form says)
    response = laptop.post(link(sheet), form_data(sheet, 1, {1: game(bid=250), 3: game()}))
    assert response.status_code == 302
    assert sorted(Game.objects.values_list("number", "bid")) == [(1, 250), (3, 200)]


def test_submit_needs_every_game(client, field):
    sheet, _ = field
    rows = {n: game() for n in range(1, 6)}
    response = client.post(link(sheet), form_data(sheet, 0, rows, action="submit"), follow=True)
    assert "Noch sind nicht alle Spiele eingetragen; es fehlen: 6–12." in text(response)
    assert ScoreSheet.objects.get(pk=sheet.pk).status == "in_progress"
    rows.update({n: game() for n in range(6, 13)})
    response = client.post(link(sheet), form_data(sheet, 1, rows, action="submit"), follow=True)
    assert "Der Spielzettel ist abgegeben. Vielen Dank!" in text(response)
    assert ScoreSheet.objects.get(pk=sheet.pk).status == "submitted"


def test_changes_after_submission_are_listed_for_the_organisers(client, organiser, field):
    sheet, _ = field
    make_role(sheet.table.round.event, organiser)
    save_sheet_rows(sheet=sheet, base_version=0, rows={
        n: {"bid": 200, "declarer": 0, "melds": [0, 0, 0], "tricks": [200, 50, 0]}
        for n in range(1, 13)
    })
    submit_sheet(sheet=sheet)
    Client().post(link(sheet), form_data(sheet, 2, {n: game() for n in range(1, 12)}))
    response = client.get(edit_url(sheet, "sheet-changes"))
    page = text(response)
    assert response.status_code == 200
    assert "Schreiber über Link" in page
    assert "abgegeben" in page
    assert page.count("Spiel gespeichert") == 11 and page.count("Spiel gelöscht") == 1
    assert "Punkte 200/50/0" in page and "Punkte 210/90/90" in page


def test_organiser_confirms_only_what_they_saw(client, organiser, field):
    sheet, _ = field
    make_role(sheet.table.round.event, organiser)
    save_sheet_rows(sheet=sheet, base_version=0, rows={
        n: {"bid": 200, "declarer": 0, "melds": [0, 0, 0], "tricks": [200, 50, 0]}
        for n in range(1, 13)
    })
    response = client.post(
        edit_url(sheet, "sheet-status"), {"action": "confirm", "version": "0"}, follow=True
    )
    assert "inzwischen geändert" in text(response)
    assert ScoreSheet.objects.get(pk=sheet.pk).status == "in_progress"
    response = client.post(
        edit_url(sheet, "sheet-status"), {"action": "confirm", "version": "1"}, follow=True
    )
    assert "Der Spielzettel ist bestätigt." in text(response)
    response = client.post(edit_url(sheet, "sheet-status"), {"action": "drop"}, follow=True)
    assert "Unbekannte Aktion" in text(response)


# --- table kinds -----------------------------------------------------------------------------


def test_pairs_table_has_two_parties_with_one_figure_each(client, organiser):
    event = make_event(organiser=organiser, slug="paare")
    a = make_entry(event, 11, "Anna Rapp", partner="Karl Rapp")
    b = make_entry(event, 12, "Berta Klotz", partner="Otto Klotz")
    sheet = make_sheet(make_table(make_round(event), [a, b]))
    response = client.get(edit_url(sheet))
    row = card(response, 1)
    assert row.count('name="g1-meld') == 2 and row.count('name="g1-tricks') == 2
    assert "Paar A: 11 Anna Rapp / Karl Rapp" in text(response)
    assert re.search(r'<option value="4">B2 · Otto Klotz</option>', row)
    rows = {1: game(200, 1, (40, 100), (90, 160), revoked="")}
    response = client.post(edit_url(sheet), form_data(sheet, 0, rows), follow=True)
    assert "Spiel 1 gespeichert." in text(response)
    assert sorted(PartyScore.objects.values_list("entry__start_number", "points")) == [
        (11, 130),
        (12, 260),
    ]


def test_four_singles_table_has_four_parties(client):
    event = make_event(slug="vierer")
    entries = [make_entry(event, n) for n in (1, 2, 3, 4)]
    sheet = make_sheet(make_table(make_round(event), entries))
    response = client.get(link(sheet))
    row = card(response, 1)
    assert row.count('name="g1-meld') == 4
    rows = {1: game(150, 3, (0, 20, 0, 80), (40, 40, 40, 130))}
    client.post(link(sheet), form_data(sheet, 0, rows))
    assert sorted(PartyScore.objects.values_list("entry__start_number", "points")) == [
        (1, 40), (2, 60), (3, 40), (4, 210),
    ]


# --- round overview --------------------------------------------------------------------------


def test_round_overview_counts_states_and_names_missing_tables(client, organiser):
    event = make_event(organiser=organiser, slug="runde")
    round_ = make_round(event)
    sheets = []
    for number in range(1, 6):
        entries = [make_entry(event, 3 * number + i) for i in range(3)]
        sheets.append(make_sheet(make_table(round_, entries, number=number)))
    full = {n: {"bid": 200, "declarer": 0, "melds": [0, 0, 0], "tricks": [200, 50, 0]}
            for n in range(1, 13)}
    save_sheet_rows(sheet=sheets[1], base_version=0, rows={1: full[1]})  # table 2 in progress
    for sheet in sheets[2:]:
        save_sheet_rows(sheet=sheet, base_version=0, rows=full)
        submit_sheet(sheet=sheet)
    confirm_sheet(sheet=sheets[4], user=None)  # table 5 confirmed
    response = client.get(reverse("round-sheets", kwargs={"slug": "runde", "number": 1}))
    assert response.status_code == 200
    page = text(response)
    counts = dict(
        (label.strip(), int(count))
        for count, label in re.findall(r'<span class="count">(\d+)</span>([^<]+)</li>', page)
    )
    assert counts == {"leer": 1, "in Arbeit": 1, "abgegeben": 2, "bestätigt": 1, "Tische": 5}
    missing = re.search(r"Es fehlen:</strong>(.*?)</p>", page, re.S).group(1)
    assert re.findall(r">(Tisch \d)<", missing) == ["Tisch 1", "Tisch 2"]
    assert "1 / 12" in page and "12 / 12" in page
    assert "Durchgang abschließen" in page


def test_round_overview_of_unknown_round_is_404(client, organiser):
    make_event(organiser=organiser, slug="leer")
    assert client.get(reverse("round-sheets", kwargs={"slug": "leer", "number": 4})).status_code \
        == 404


def test_qr_page_has_a_code_and_link_per_table(client, organiser, field):
    sheet, other = field
    make_role(sheet.table.round.event, organiser)
    response = client.get(reverse("round-qr", kwargs={"slug": "kirchheim", "number": 1}))
    page = text(response)
    assert page.count("<svg") == 2
    assert f"http://testserver{link(sheet)}" in page and f"http://testserver{link(other)}" in page


# --- live preview ----------------------------------------------------------------------------


def preview_data(**row) -> dict:
    data = {"number": "1", "parties": "3", "seats": "3", "g1-dealer": "1", "g1-kind": "played"}
    data.update({f"g1-{key}": str(value) for key, value in game(**row).items()})
    return data


def test_preview_runs_the_rules_and_stores_nothing(client, field):
    url = reverse("sheet-preview")
    response = client.post(url, preview_data())
    assert response.json() == {"ok": True, "blank": False, "points": [210, 90, 90]}
    response = client.post(url, preview_data(tricks=(100, 100, 40)))
    body = response.json()
    assert body["ok"] is False
    assert "Die Stiche ergeben zusammen 240 statt 250" in body["errors"]["__all__"][0]
    response = client.post(url, {"number": "1", "parties": "3", "seats": "3", "g1-dealer": "1"})
    assert response.json()["blank"] is True
    assert client.post(url, {"parties": "9"}).status_code == 400
    assert client.get(url).status_code == 405
    assert not Game.objects.exists()


def test_preview_is_csrf_protected():
    response = Client(enforce_csrf_checks=True).post(reverse("sheet-preview"), preview_data())
    assert response.status_code == 403


def test_sheet_speaks_english_when_asked(client, field):
    sheet, _ = field
    response = client.post(
        link(sheet),
        form_data(sheet, 0, {1: game(tricks=(100, 100, 40))}),
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert "The trick points add up to 240 instead of 250." in card(response, 1)
    assert "Game 1 has errors and was not saved" in text(response)


# --- in the hall: background saves, late saves, closing with sheets missing -----------------

def save_url(sheet: ScoreSheet) -> str:
    return reverse("sheet-link-save", kwargs={"token": sheet.token})


def row_fields(sheet: ScoreSheet, number: int, values: dict) -> dict:
    """One row as the page's script sends it: only the rows typed on the device."""
    data = {f"g{number}-dealer": dealer_position(number, sheet.table.seat_count),
            f"g{number}-kind": "played", f"g{number}-revoked": ""}
    data.update({f"g{number}-{name}": value for name, value in values.items()})
    return {key: str(value) for key, value in data.items()}


def script_save(client, sheet, version, rows, *, action="save", url=None, save_id=None):
    """A save as sheet.js sends it: the rows typed on the device, to the save address."""
    data = {"sheet": sheet.pk, "version": version, "action": action}
    if save_id:
        data["save_id"] = save_id
    for number, values in rows.items():
        data.update(row_fields(sheet, number, values))
    return client.post(url or save_url(sheet), data)


def test_the_page_shows_stored_zeros_and_marks_what_is_stored(client, field):
    """A stored game's declarer 0 and meld 0 are shown (not blanked), and the row says what the
    server holds, so the page's script can tell typed from saved values."""
    sheet, _ = field
    client.post(link(sheet), form_data(sheet, 0, {1: game(melds=(0, 20, 40),
                                                          tricks=(130, 70, 50))}))
    response = client.get(link(sheet))
    row = card(response, 1)
    assert 'name="g1-declarer" value="0" checked' in row  # declarer: the first party
    assert 'value="0"' in input_tag(row, "g1-meld0")
    raw = re.search(r'<fieldset[^>]*id="g1"[^>]*data-stored="([^"]*)"', response.content.decode())
    stored = json.loads(html.unescape(raw.group(1)))
    assert stored["declarer"] == "0" and stored["meld0"] == "0" and stored["bid"] == "200"
    assert stored["tricks2"] == "50" and stored["dealer"] == "1"
    empty = card(client.get(link(sheet)), 2)
    assert 'data-stored="{}"' in empty
    assert 'name="g2-declarer" value="" checked' in empty  # "–": no game yet


def test_a_background_save_answers_with_the_whole_sheet(client, field):
    sheet, _ = field
    response = script_save(client, sheet, 0, {2: game(), 1: game(bid=300, melds=(120, 0, 60),
                                                                   tricks=(170, 45, 35))})
    assert response.status_code == 200
    data = response.json()
    assert data["ok"] is True and data["outcome"] == "saved" and data["version"] == 1
    assert data["status"] == "in_progress" and data["status_label"] == "in Arbeit"
    assert data["entered"] == "2 von 12 Spielen eingetragen"
    assert data["rows"]["1"]["points"] == [-600, 50, 100]
    assert data["rows"]["2"]["stored"]["bid"] == "200"
    assert data["rows"]["3"] == {"stored": {}, "points": None}
    assert len(data["rows"]) == 12  # every row: the page follows the whole sheet
    assert data["messages"] == ["Spiele 1–2 gespeichert."]
    assert data["missing"] == list(range(3, 13))
    # only the rows sent were touched: nothing else was cleared
    response = script_save(client, sheet, 1, {5: game()})
    assert sorted(Game.objects.values_list("number", flat=True)) == [1, 2, 5]
    assert response.json()["missing"][0] == 3


def test_a_background_save_reports_every_error_of_a_row_at_its_field(client, field):
    sheet, _ = field
    response = script_save(client, sheet, 0, {
        1: game(),
        2: {**game(kind="durch", melds=(0, 20, 0), tricks=(250, 0, 0)), "bid": "15x"},
        3: game(tricks=(130, 70, 40)),
    })
    data = response.json()
    assert data["ok"] is False and data["version"] == 1
    assert [n for n, row in data["rows"].items() if row["stored"]] == ["1"]
    errors = data["errors"]["2"]
    assert errors["bid"] == ["Bitte eine ganze Zahl eingeben."]
    assert errors["meld1"] and "Durch" in errors["meld1"][0]  # at the party who melded
    assert "meld0" not in errors and "meld2" not in errors
    assert data["columns"]["3"] == ["tricks"]
    assert "Stiche" in data["errors"]["3"]["__all__"][0]
    assert data["problems"] == ["Spiele 2–3 enthalten Fehler und wurden nicht gespeichert; "
                                "siehe unten."]


def test_a_background_save_on_a_stale_version_is_refused_with_both_versions(field):
    sheet, _ = field
    phone, laptop = Client(), Client()
    script_save(phone, sheet, 0, {1: game()}, save_id="phone-1")
    response = script_save(laptop, sheet, 0, {1: game(bid=250), 4: game()}, save_id="laptop-1")
    assert response.status_code == 409
    data = response.json()
    assert data["outcome"] == "stale" and data["version"] == 1
    assert "Reizwert 200" in data["conflicts"]["1"] and data["rows"]["1"]["stored"]["bid"] == "200"
    assert data["conflicts"]["4"] == "kein Spiel (Zeile leer)" and data["rows"]["4"]["stored"] == {}
    assert list(Game.objects.values_list("number", "bid")) == [(1, 200)]
    # the laptop sending its save again is still the other device: refused again
    again = script_save(laptop, sheet, 0, {1: game(bid=250), 4: game()}, save_id="laptop-1")
    assert again.status_code == 409
    # on the version it has now seen, the same save goes through
    assert script_save(laptop, sheet, 1, {1: game(bid=250), 4: game()}).json()["ok"]
    assert sorted(Game.objects.values_list("number", "bid")) == [(1, 250), (4, 200)]


def test_a_save_sent_again_after_its_answer_was_lost_is_answered_as_stored(client, field):
    """The Wi-Fi drops after the server stored a save: the phone sends it again with the same
    id and the version it still shows, now with a game more. Neither is a conflict."""
    sheet, _ = field
    first = script_save(client, sheet, 0, {1: game(melds=(80, 0, 40))}, save_id="a1")
    assert first.json()["version"] == 1  # the answer that never arrived
    same = script_save(client, sheet, 0, {1: {**game(melds=(80, 0, 40)), "meld1": ""}},
                       save_id="a1")
    assert same.status_code == 200 and same.json()["ok"]
    assert same.json()["messages"] == ["Spiel 1 gespeichert."]
    assert same.json()["version"] == 1 and same.json()["rows"]["1"]["stored"]["meld1"] == "0"
    more = script_save(client, sheet, 0, {1: game(melds=(80, 0, 40)), 2: game(bid=180)},
                       save_id="a1")
    assert more.status_code == 200, more.json()
    assert more.json()["version"] == 2 and more.json()["messages"] == ["Spiele 1–2 gespeichert."]
    assert sorted(Game.objects.values_list("number", "bid")) == [(1, 200), (2, 180)]
    # and "Save and hand in" goes through on the phone's next save
    rest = {n: game() for n in range(3, 13)}
    done = script_save(client, sheet, 2, rest, action="submit", save_id="a2").json()
    assert done["ok"] and done["status"] == "submitted" and done["version"] == 4


def test_a_background_save_hands_the_sheet_in_and_says_so(client, field):
    sheet, _ = field
    script_save(client, sheet, 0, {n: game() for n in range(1, 12)})
    data = script_save(client, sheet, 1, {12: game()}, action="submit").json()
    assert data["ok"] and data["status"] == "submitted" and data["status_label"] == "abgegeben"
    assert data["entered"] == "12 von 12 Spielen eingetragen"
    assert data["note"].startswith("Abgegeben.")
    assert "Der Spielzettel ist abgegeben. Vielen Dank!" in data["messages"]
    handed_in = ScoreSheet.objects.get(pk=sheet.pk)
    assert handed_in.status == "submitted"
    assert data["version"] == handed_in.version == 3  # saved (2), then handed in (3)
    # a correction from the same page is no conflict
    assert script_save(client, sheet, data["version"], {12: game(bid=160)}).json()["ok"]


def test_the_organisers_page_saves_through_its_own_address(client, organiser, field):
    sheet, _ = field
    make_role(sheet.table.round.event, organiser)
    url = edit_url(sheet, "sheet-edit-save")
    assert Client().post(url, {}).status_code == 302  # to the login page
    data = script_save(client, sheet, 0, {1: game()}, url=url).json()
    assert data["ok"] and data["version"] == 1
    assert Game.objects.get().bid == 200
    assert not sheet_records().filter(action="scoring.sheet.link_saved").exists()


def test_a_plain_save_returns_to_the_first_game_still_empty(client, field):
    sheet, _ = field
    response = client.post(link(sheet), form_data(sheet, 0, {1: game(), 2: game(), 4: game()}))
    assert response.status_code == 302 and response["Location"] == link(sheet) + "#g3"
    response = client.post(link(sheet), form_data(sheet, 1, {1: game(), 3: game(bid=155)}))
    page = text(response)
    assert 'autofocus' in card(response, 3) and "autofocus" not in card(response, 1)
    assert 'data-first-open="3"' in page


@pytest.mark.parametrize("closing", ["round", "confirmed"])
def test_a_late_save_is_kept_for_the_desk_and_shown_back(client, organiser, field, closing):
    sheet, _ = field
    make_role(sheet.table.round.event, organiser)
    scorekeeper = Client()
    scorekeeper.post(link(sheet), form_data(sheet, 0, {n: game() for n in range(1, 13)}))
    if closing == "round":
        url = reverse("round-close", kwargs={"slug": "kirchheim", "number": 1})
        client.post(url, {"closed": "1", "confirm": "1"})
        reason = "Durchgang 1 ist abgeschlossen"
    else:
        confirm_sheet(sheet=sheet, user=None)
        reason = "von der Turnierleitung bestätigt"
    before = ScoreSheet.objects.get(pk=sheet.pk).version
    rows = {n: game() for n in range(1, 13)}
    rows[11] = game(bid=300, melds=(120, 0, 60), tricks=(170, 45, 35))
    response = scorekeeper.post(link(sheet), form_data(sheet, 1, rows))
    assert response.status_code == 403
    page = text(response)
    assert reason in page and "nicht gespeichert – bitte der Turnierleitung zeigen" in page
    assert "Spiel 11: Alleinspieler 3 · Reizwert 300 · gespielt" in page  # start number 3
    assert "Spiel 10" not in page  # unchanged rows are not late
    # nothing of the sheet changed, the typed values are in its trail once
    assert ScoreSheet.objects.get(pk=sheet.pk).version == before
    assert set(Game.objects.values_list("bid", flat=True)) == {200}
    scorekeeper.post(link(sheet), form_data(sheet, 1, rows))  # pressed again
    late = sheet.changes.filter(action="scoring.sheet.late_refused")
    assert late.count() == 1 and late.get().params["after"]["rows"]["11"]["bid"] == "300"
    # the script's save gets the same in JSON
    response = script_save(scorekeeper, sheet, 1, {12: game(bid=160)})
    data = response.json()
    assert response.status_code == 403 and data["outcome"] == "locked"
    assert reason in data["message"]
    assert data["late"] == [[12, "Alleinspieler 3 · Reizwert 160 · gespielt · Gemeldet 80/20/40 · "
                                 "Stiche 130/70/50"]]
    assert late.count() == 2
    # the organisers see it on the sheet's page, with the values
    page = text(client.get(edit_url(sheet)))
    assert "Verspätete Speicherungen abgelehnt" in page
    assert "Spiel 11: Alleinspieler 3 · Reizwert 300" in page and "Reizwert 160" in page


def test_closing_a_round_with_sheets_missing_asks_first_and_names_them(client, organiser, field):
    sheet, other = field
    make_role(sheet.table.round.event, organiser)
    client.post(link(sheet), form_data(sheet, 0, {n: game() for n in range(1, 13)},
                                       action="submit"))
    url = reverse("round-close", kwargs={"slug": "kirchheim", "number": 1})
    response = client.post(url, {"closed": "1"})
    assert response.status_code == 200
    page = text(response)
    assert "1 Tisch hat seinen Spielzettel noch nicht abgegeben" in page
    missing = page[page.index("noch nicht abgegeben"):page.index("noch nicht bestätigt")]
    assert "Tisch 2" in missing and "Tisch 1" not in missing
    # the handed-in sheet not confirmed yet is named too
    assert "1 abgegebener Spielzettel ist noch nicht bestätigt" in page
    assert "Tisch 1" in page[page.index("noch nicht bestätigt"):]
    assert 'name="confirm" value="1"' in page
    assert not Round.objects.get(pk=sheet.table.round_id).closed
    response = client.post(url, {"closed": "1", "confirm": "1"})
    assert response.status_code == 302 and Round.objects.get(pk=sheet.table.round_id).closed
    # with every sheet in, closing asks about the ones not confirmed
    client.post(url, {"closed": "0"})
    client.post(link(other), form_data(other, 0, {n: game() for n in range(1, 13)},
                                       action="submit"))
    page = text(client.post(url, {"closed": "1"}))
    assert "2 abgegebene Spielzettel sind noch nicht bestätigt" in page
    assert "noch nicht abgegeben" not in page
    # with every sheet confirmed, closing needs no question
    confirm_handed_in(round=sheet.table.round, user=organiser)
    assert client.post(url, {"closed": "1"}).status_code == 302
    assert Round.objects.get(pk=sheet.table.round_id).closed


def test_a_bid_far_beyond_any_real_game_needs_a_tick(client, field):
    sheet, _ = field
    big = game(bid=2000)
    response = client.post(link(sheet), form_data(sheet, 0, {1: big}))
    assert response.status_code == 200 and not Game.objects.exists()
    row = card(response, 1)
    assert "Ein Reizwert von 2000 liegt weit über jedem echten Spiel" in row
    assert '<label class="bid-ok">' in row  # the box is shown, not hidden
    response = client.post(link(sheet), form_data(sheet, 0, {1: {**big, "bid_ok": "1"}}))
    assert response.status_code == 302 and Game.objects.get().bid == 2000
    # the stored bid counts as confirmed: saving the page again changes nothing, no question
    response = client.get(link(sheet))
    assert 'name="g1-bid_ok" value="1" checked' in card(response, 1)
    response = client.post(link(sheet), form_data(sheet, 1, {1: {**big, "bid_ok": "1"}}))
    assert response.status_code == 302
    # 1000 itself needs no tick
    response = client.post(
        link(sheet), form_data(sheet, 1, {1: {**big, "bid_ok": "1"}, 2: game(bid=1000)})
    )
    assert response.status_code == 302 and Game.objects.count() == 2


def test_the_service_worker_covers_the_sheet_links_only(client):
    response = client.get(reverse("sheet-worker"))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Cache-Control"] == "no-cache"
    script = response.content.decode()
    root = reverse("sheet-link", kwargs={"token": "x" * 32})[: -33]
    assert reverse("sheet-worker").startswith(root)  # its scope holds the links
    assert f'var ROOT = "{root}"' in script.replace("\\u002D", "-")
    assert '"/static/scoring/sheet/main.js"' in script and "/turnier/" not in script
    assert 'request.method !== "GET"' in script  # saves are never answered from a cache


def test_round_overview_confirms_every_handed_in_sheet_without_a_warning(client, organiser):
    """Issue 28, finding 2: one click instead of a page and a click per table; the sheets with
    something to look at are listed with why, and stay handed in."""
    event = make_event(organiser=organiser, slug="alle")
    round_ = make_round(event)
    full = {n: {"bid": 200, "declarer": 0, "melds": [0, 0, 0], "tricks": [200, 50, 0]}
            for n in range(1, 13)}
    sheets = []
    for number in range(1, 5):
        entries = [make_entry(event, 3 * number + i) for i in range(3)]
        sheet = make_sheet(make_table(round_, entries, number=number))
        save_sheet_rows(sheet=sheet, base_version=0, rows=full)
        sheets.append(submit_sheet(sheet=sheet))
    # table 3 corrected through the link after hand-in; table 4 still open
    corrected = {2: {**full[2], "bid": 190}}
    save_sheet_rows(sheet=sheets[2], base_version=sheets[2].version, rows=corrected)
    save_sheet_rows(sheet=sheets[3], base_version=sheets[3].version, rows={12: None})
    ScoreSheet.objects.filter(pk=sheets[3].pk).update(status="in_progress")
    url = reverse("round-sheets", kwargs={"slug": "alle", "number": 1})
    page = text(client.get(url))
    assert "Alle 2 abgegebenen Spielzettel ohne Hinweis bestätigen" in page
    look = re.search(r'<ul class="to-look-at">(.*?)</ul>', page, re.S).group(1)
    assert "Tisch 3</a>: nach der Abgabe geändert: Spiel 2" in look and "Tisch 4" not in look
    offered = re.findall(r'name="sheet" value="(\d+:\d+)"', page)
    assert offered == [f"{sheet.pk}:{sheet.version}" for sheet in sheets[:2]]

    response = client.post(
        reverse("round-confirm-all", kwargs={"slug": "alle", "number": 1}),
        {"sheet": [*offered, "junk", "7:x"]},
        follow=True,
    )

    page = text(response)
    assert "Die Spielzettel der Tische 1, 2 sind bestätigt." in page
    statuses = [ScoreSheet.objects.get(pk=sheet.pk).status for sheet in sheets]
    assert statuses == ["confirmed", "confirmed", "submitted", "in_progress"]
    assert "Tisch 3</a>: nach der Abgabe geändert" in page  # still listed for a look
    assert sheet_records().filter(action="scoring.sheet.confirmed").count() == 2
    # a second click (the page sent again) confirms nothing more
    response = client.post(
        reverse("round-confirm-all", kwargs={"slug": "alle", "number": 1}),
        {"sheet": offered}, follow=True,
    )
    assert "Kein Spielzettel wurde bestätigt." in text(response)
    assert sheet_records().filter(action="scoring.sheet.confirmed").count() == 2


def test_the_trail_shows_round_totals_before_and_after(client, organiser):
    event = make_event(organiser=organiser, slug="summen", scoring_mode=Event.ScoringMode.TOTALS)
    sheet = make_sheet(make_table(make_round(event), [make_entry(event, n) for n in (1, 2, 3)]))
    save_sheet_totals(sheet=sheet, base_version=0, totals=[(420, 0), (860, 0), (-180, 1)])
    save_sheet_totals(
        sheet=sheet, base_version=1, totals=[(400, 0), (880, 0), (-180, 1)], user=organiser
    )
    response = client.get(edit_url(sheet, "sheet-changes"))
    page = text(response)
    assert response.status_code == 200
    assert page.count("Summen des Durchgangs gespeichert: Nr. 1: ") == 2
    assert "Nr. 1: 400, 0 verloren · Nr. 2: 880, 0 verloren" in page
    # the totals before the second save, in the column of what was before
    assert page.count("Nr. 1: 420, 0 verloren · Nr. 2: 860, 0 verloren") == 2
