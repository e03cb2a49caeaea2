"""A whole event in a real browser: the organiser and a scorekeeper go through one tournament.

One test, in the order of the day: log in, create the event, import the participant list from
an Excel file, generate the seating plan, enter a full score sheet on a phone through its link
(one wrong row first), confirm and correct it, release a round for the seat lookup, show the
projector and download the workbook.

The expected points below were worked out by hand from the rules (docs/rules.md), not by
calling ``score_hand``, so the test checks the whole chain from form to spreadsheet.
"""

from pathlib import Path

import openpyxl
import pytest
from playwright.sync_api import Page, expect

from scoring.audit import SheetAction
from scoring.models import Game, ScoreSheet
from tests.e2e.scoresheet import check
from tests.factories import make_club, make_user
from tournament.models import Entry, Event, Table

pytestmark = pytest.mark.django_db(transaction=True)

SINGLES = [
    "Anna Bauer", "Bernd Maier", "Clara Schmid", "Dieter Wolf", "Eva Koch",
    "Fritz Haller", "Gerda Vogt", "Hans Brenner", "Inge Seitz",
]
PAIRS = [
    ("Karl Ott", "Lena Ott"),
    ("Max Hummel", "Nora Hummel"),
    ("Otto Frank", "Paula Frank"),
    ("Rudi Stetter", "Sabine Stetter"),
]

# One three-player table's twelve games, parties in seating order (0, 1, 2):
# declarer, bid, kind, melds, trick points, and the points as computed by hand.
# Won: meld + tricks rounded to 10 (halves up) for everyone; lost: declarer −2 × bid;
# conceded: declarer −bid, the others half the bid rounded up to 10 plus their meld;
# a party without a trick loses its meld.
GAMES = [
    # 80+130 = 210 ≥ 200 won                         (the worked example of docs/rules.md)
    (0, 200, "played", (80, 20, 40), (130, 70, 50), (210, 90, 90)),
    # 120+170 = 290 < 300 lost: −600; 45 → 50, 60 + (35 → 40)
    (1, 300, "played", (0, 120, 60), (45, 170, 35), (50, -600, 100)),
    # conceded 250: −250; half bid 125 → 130 (+ meld)
    (2, 250, "conceded", (20, 60, 80), None, (150, 190, -250)),
    # 40+115 = 155 ≥ 150 won; 115 → 120, 85 → 90
    (0, 150, "played", (40, 0, 20), (115, 85, 50), (160, 90, 70)),
    # 100+105 = 205 ≥ 180 won; 105 → 110, 85 → 90   (first typed wrong: 60/95/85 = 240)
    (1, 180, "played", (20, 100, 0), (60, 105, 85), (80, 210, 90)),
    # 60+130 = 190 ≥ 160 won; party 0 took no trick
    (2, 160, "played", (0, 0, 60), (0, 120, 130), (0, 120, 190)),
    # 60+134 = 194 < 200 lost: −400; 116 → 120; party 2 took no trick: meld 20 lost
    (0, 200, "played", (60, 40, 20), (134, 116, 0), (-400, 160, 0)),
    # 40+140 = 180 ≥ 170 won
    (1, 170, "played", (20, 40, 20), (70, 140, 40), (90, 180, 60)),
    # 40+110 = 150 ≥ 150: equal is enough; 63 → 60, 77 → 80
    (2, 150, "played", (0, 20, 40), (63, 77, 110), (60, 100, 150)),
    # 100+125 = 225 ≥ 220 won; 125 → 130, 65 → 70
    (0, 220, "played", (100, 20, 0), (125, 65, 60), (230, 90, 60)),
    # 60+125 = 185 < 200 lost: −400; 75 → 80
    (1, 200, "played", (40, 60, 20), (50, 125, 75), (90, -400, 100)),
    # 80+110 = 190 ≥ 190 won; 44 → 40, 96 → 100
    (2, 190, "played", (20, 20, 80), (44, 96, 110), (60, 120, 190)),
]
TOTALS = (780, 350, 850)  # the sums of the last column, added up by hand
WRONG_GAME, WRONG_TRICKS = 5, (60, 95, 85)  # adds up to 240
TOTALS_WITHOUT_5 = (700, 140, 760)
# Correction after confirming, game 4: trick points 105/95/50 instead of 115/85/50:
# 40+105 = 145 < 150 lost: −300; 95 → 100; 50.
CORRECTED_TRICKS, CORRECTED_POINTS = (105, 95, 50), (-300, 100, 70)
FINAL_TOTALS = (780 - 160 - 300, 350 - 90 + 100, 850)  # 320, 360, 850


def shown(points: int) -> str:
    """Points as the standings and projector show them: a real minus sign."""
    return f"−{-points}" if points < 0 else str(points)


def participant_list(path: Path) -> Path:
    workbook = openpyxl.Workbook()
    sheet = workbook.active
    sheet.append(["Name", "Partner", "Verein"])
    for name in SINGLES:
        sheet.append([name, None, "Binokelfreunde"])
    for name, partner in PAIRS:
        sheet.append([name, partner, "Kartenclub"])
    workbook.save(path)
    return path


def fill_game(page: Page, number: int, game: tuple, tricks: tuple | None = None) -> None:
    declarer, bid, kind, melds, right_tricks, _points = game
    tricks = tricks if tricks is not None else right_tricks
    prefix = f"[name=g{number}-"
    check(page.locator(f"{prefix}declarer][value='{declarer}']"))
    page.locator(prefix + "bid]").fill(str(bid))
    page.locator(f"{prefix}kind][value='{kind}']").check()
    for index, meld in enumerate(melds):
        page.locator(f"{prefix}meld{index}]").fill(str(meld))
    if tricks is not None:
        for index, trick in enumerate(tricks):
            page.locator(f"{prefix}tricks{index}]").fill(str(trick))


def expect_grand_totals(page: Page, totals: tuple) -> None:
    for index, total in enumerate(totals):
        expect(page.locator(f"[data-grand-total='{index}']")).to_have_text(str(total))


def expect_no_horizontal_scroll(page: Page, width: int = 375) -> None:
    scroll_width = page.evaluate("document.documentElement.scrollWidth")
    assert scroll_width <= width, f"page is {scroll_width}px wide on a {width}px phone"


def test_whole_event(live_server, page, phone, screenshot, tmp_path):
    url = live_server.url
    make_club(organiser=make_user("orga", password="geheim-123"))

    # 1. The organiser logs in through the login page.
    page.goto(url + "/anmelden/?next=/neues-turnier/")
    expect(page.locator("h1")).to_have_text("Anmeldung Turnierleitung")
    page.locator("[name=username]").fill("orga")
    page.locator("[name=password]").fill("geheim-123")
    screenshot(page, "flow-01-login")
    page.get_by_role("button", name="Anmelden").click()

    # 2. … lands on the event form and creates the tournament.
    expect(page.locator("h1")).to_have_text("Neues Turnier")
    page.get_by_label("Name:", exact=True).fill("Benefizbinokel Wendlingen 2026")
    page.get_by_label("Datum:").fill("2026-11-21")
    page.get_by_label("Ort:").fill("Gemeindehaus St. Martin")
    page.get_by_role("button", name="Turnier anlegen").click()
    expect(page.locator(".messages")).to_contain_text(
        "Turnier „Benefizbinokel Wendlingen 2026“ angelegt."
    )
    event = Event.objects.get()
    assert event.slug == "benefizbinokel-wendlingen-2026"
    assert (event.round_count, event.games_per_round) == (3, 12)
    base = f"{url}/turnier/{event.slug}/"
    assert page.url == base

    # 3. Import the participant list (.xlsx): preview, then confirm.
    page.get_by_role("link", name="Liste importieren").click()
    page.get_by_label("Teilnehmerliste:").set_input_files(
        participant_list(tmp_path / "teilnehmer.xlsx")
    )
    page.get_by_role("button", name="Liste prüfen").click()
    expect(page.locator("h1")).to_contain_text("Teilnehmerliste prüfen")
    expect(page.locator("p.meta")).to_contain_text("13 Zeilen")
    expect(page.locator("p.meta")).to_contain_text("4 Paare")
    preview_rows = page.locator("table.import-preview tbody tr")
    expect(preview_rows).to_have_count(13)
    expect(preview_rows.nth(9)).to_contain_text("Karl Ott")
    expect(preview_rows.nth(9)).to_contain_text("Lena Ott")
    assert not Entry.objects.exists()  # the preview stores nothing
    screenshot(page, "flow-02-import-preview")
    page.get_by_role("button", name="Alle Zeilen importieren").click()
    expect(page.locator(".messages")).to_contain_text("13 Teilnehmer importiert.")
    expect(page.get_by_text("9 Einzelspieler, 4 Paare")).to_be_visible()
    entries = {entry.start_number: entry for entry in Entry.objects.with_players()}
    assert sorted(entries) == list(range(1, 14))
    assert [entries[n].player.name for n in range(1, 10)] == SINGLES
    assert [(entries[n].player.name, entries[n].partner.name) for n in range(10, 14)] == PAIRS

    # 4. Generate the seating plan: per round three tables of singles and two of pairs.
    page.get_by_role("link", name="Sitzplan erstellen").click()
    page.get_by_role("button", name="Sitzplan erstellen").click()
    expect(page.locator(".messages")).to_contain_text("Der Sitzplan wurde erstellt.")
    expect(page.locator("article.plan-table")).to_have_count(15)
    round_1 = page.locator("#durchgang-1")
    expect(round_1.locator("article.plan-table")).to_have_count(5)
    expect(round_1.locator("article.plan-table", has_text="Paar 10")).to_have_count(1)
    expect(round_1.locator("ol.seats li")).to_have_count(17)  # 9 singles + 4 × 2 players
    screenshot(page, "flow-03-plan")
    table = (
        Table.objects.filter(round__event=event, round__number=1, kind=Table.Kind.THREE_SINGLES)
        .order_by("number")
        .first()
    )
    seats = list(table.seats.select_related("entry", "player").order_by("position"))
    players = [seat.entry for seat in seats]  # parties 0, 1, 2 in seating order
    sheet = ScoreSheet.objects.get(table=table)

    # The table cards carry one QR code per table; the organiser's sheet page shows the link
    # the code encodes.
    page.goto(base + "druck/tischkarten/?durchgang=1")
    expect(page.locator("article.table-card")).to_have_count(5)
    expect(page.locator("article.table-card .sheet-qr")).to_have_count(5)
    page.goto(f"{base}zettel/1/tisch/{table.number}/")
    link = page.locator("a.token-link").get_attribute("href")
    assert link == f"{url}/zettel/{sheet.token}/"

    # 5. The scorekeeper opens the link on a phone and enters the twelve games.
    phone.goto(link)
    expect(phone.locator("h1")).to_contain_text(f"Tisch {table.number}")
    expect(phone.locator(".sheet-seats li")).to_have_count(3)
    expect(phone.locator(".sheet-seats")).to_contain_text(seats[2].player.name)
    expect(phone.get_by_role("button", name="Spielzettel bestätigen")).to_have_count(0)
    expect_no_horizontal_scroll(phone)
    for number, game in enumerate(GAMES, start=1):
        fill_game(phone, number, game, WRONG_TRICKS if number == WRONG_GAME else None)
    # the page adds up the trick points while typing
    expect(phone.locator("#g5 [data-trick-sum]")).to_have_text("Stiche: 240 von 250")
    phone.get_by_role("button", name="Speichern", exact=True).click()

    expect(phone.locator(".messages")).to_contain_text(
        "Spiel 5 enthält Fehler und wurde nicht gespeichert"
    )
    wrong = phone.locator("#g5")
    expect(wrong.locator(".errorlist").first).to_contain_text(
        "Die Stiche ergeben zusammen 240 statt 250"
    )
    expect(wrong.locator("td.invalid")).to_have_count(3)  # the trick column is marked
    expect(phone.locator("[name=g5-tricks1]")).to_have_value("95")  # the input is kept
    assert sorted(Game.objects.filter(sheet=sheet).values_list("number", flat=True)) == [
        n for n in range(1, 13) if n != WRONG_GAME
    ]
    expect_grand_totals(phone, TOTALS_WITHOUT_5)
    expect_no_horizontal_scroll(phone)
    screenshot(phone, "flow-04-phone-sheet-error")

    phone.locator("[name=g5-tricks1]").fill("105")
    expect(phone.locator("#g5 [data-trick-sum]")).to_have_text("Stiche: 250 von 250")
    # the live preview shows the row's points and the new totals before saving
    expect(phone.locator("#g5 [data-points='1']")).to_have_text("210")
    expect_grand_totals(phone, TOTALS)
    phone.get_by_role("button", name="Speichern und abgeben").click()
    expect(phone.locator(".messages")).to_contain_text(
        "Der Spielzettel ist abgegeben. Vielen Dank!"
    )
    expect(phone.locator(".status")).to_have_text("abgegeben")
    for number, (*_row, points) in enumerate(GAMES, start=1):
        for index, value in enumerate(points):
            expect(phone.locator(f"#g{number} [data-points='{index}']")).to_have_text(str(value))
    expect_grand_totals(phone, TOTALS)
    expect_no_horizontal_scroll(phone)
    screenshot(phone, "flow-05-phone-sheet-filled")
    sheet.refresh_from_db()
    assert sheet.status == ScoreSheet.Status.SUBMITTED
    assert Game.objects.filter(sheet=sheet).count() == 12

    # 6. The organiser confirms the sheet, then corrects game 4; the audit trail shows it.
    page.reload()
    expect(page.locator(".status")).to_have_text("abgegeben")
    page.get_by_role("button", name="Spielzettel bestätigen").click()
    expect(page.locator(".messages")).to_contain_text("Der Spielzettel ist bestätigt.")
    expect(page.locator(".status")).to_have_text("bestätigt")
    for index, trick in enumerate(CORRECTED_TRICKS):
        page.locator(f"[name=g4-tricks{index}]").fill(str(trick))
    # the row typed to its end saves itself (a "Speichern" now could come after that answer and
    # rightly say that nothing changed)
    expect(page.locator(".messages")).to_contain_text("Spiel 4 gespeichert.")
    for index, value in enumerate(CORRECTED_POINTS):
        expect(page.locator(f"#g4 [data-points='{index}']")).to_have_text(str(value))
    expect_grand_totals(page, FINAL_TOTALS)
    sheet.refresh_from_db()
    assert sheet.status == ScoreSheet.Status.CONFIRMED  # a correction keeps it confirmed

    page.get_by_role("link", name="Änderungsprotokoll").click()
    change_rows = page.locator("table.changes tbody tr")
    # newest first: correction, confirmed, submitted, then the scorekeeper's saves (a row typed
    # to its end saves itself, the rest went with "Speichern")
    link_saves = sheet.changes.filter(action=SheetAction.LINK_SAVED).count()
    assert link_saves >= 2
    expect(change_rows).to_have_count(3 + link_saves)
    correction = change_rows.nth(0)
    cells = correction.locator("td")
    expect(cells.nth(2)).to_have_text("4")
    expect(cells.nth(3)).to_have_text("orga")
    expect(cells.nth(4)).to_contain_text("Stiche 115/85/50")
    expect(cells.nth(4)).to_contain_text("Punkte 160/90/70")
    expect(cells.nth(5)).to_contain_text("Stiche 105/95/50")
    expect(cells.nth(5)).to_contain_text("Punkte -300/100/70")
    expect(change_rows.nth(2).locator("td").nth(3)).to_have_text("Schreiber über Link")
    for index in range(3, 3 + link_saves):  # each save through the link, with its browser
        link_save = change_rows.nth(index).locator("td")
        expect(link_save.nth(3)).to_have_text("Schreiber über Link")
        expect(link_save.nth(5)).to_contain_text("Gerät: Mozilla/5.0")
    screenshot(page, "flow-06-audit-trail")
    change = sheet.changes.get(params__game=4)
    assert change.params["before"]["tricks"] == [115, 85, 50]
    assert change.params["after"]["tricks"] == list(CORRECTED_TRICKS)

    # 7. Release round 1; a player looks up the seat by start number, without logging in.
    page.goto(base + "sitzplan/")
    page.locator("#durchgang-1").get_by_role("button", name="Für die Platzsuche freigeben").click()
    expect(page.locator(".messages")).to_contain_text("Durchgang 1 ist freigegeben")
    expect(page.locator("#durchgang-1 .badge.released")).to_have_text("freigegeben")
    keeper = seats[2]
    phone.goto(base + "mein-platz/")
    phone.get_by_label("Ihre Startnummer").fill(str(keeper.entry.start_number))
    phone.get_by_role("button", name="Meine Plätze anzeigen").click()
    expect(phone.locator("h2")).to_contain_text(
        f"Startnummer {keeper.entry.start_number}: {keeper.player.name}"
    )
    rounds = phone.locator("section.lookup-round")
    expect(rounds).to_have_count(3)
    expect(rounds.nth(0).locator(".lookup-where")).to_have_text(
        f"Tisch {table.number}, Platz 3"
    )
    expect(rounds.nth(0)).to_contain_text(f"Schreibt den Spielzettel: {keeper.player.name}")
    expect(rounds.nth(1)).to_contain_text("noch nicht freigegeben")
    expect_no_horizontal_scroll(phone)
    screenshot(phone, "flow-07-lookup")

    # 8. The projector shows the standings: our table's three singles lead with their totals.
    page.goto(base + "beamer/?seconds=300")
    expect(page.locator(".projector-head")).to_contain_text("Einzelspieler")
    body_rows = page.locator(".projector-table tbody tr")
    expect(body_rows).to_have_count(9)
    ranked = sorted(zip(FINAL_TOTALS, players, strict=True), key=lambda pair: -pair[0])
    for place, (total, entry) in enumerate(ranked, start=1):
        cells = body_rows.nth(place - 1).locator("td")
        expect(cells.nth(0)).to_have_text(f"{place}.")
        expect(cells.nth(1)).to_have_text(str(entry.start_number))
        expect(cells.nth(2)).to_have_text(entry.player.name)
        expect(cells.last).to_have_text(shown(total))
    screenshot(page, "flow-08-projector")

    page.goto(base + "rangliste/")
    expect(page.locator("h1")).to_contain_text("Rangliste")
    singles_table = page.locator("table").first
    for total, entry in ranked:
        row = singles_table.locator("tbody tr", has_text=entry.player.name)
        expect(row).to_contain_text(shown(total))
    screenshot(page, "flow-09-standings")

    # 9. Download the workbook and read it back.
    with page.expect_download() as download_info:
        page.get_by_role(
            "link", name="Arbeitsmappe (Excel): Rangliste, Sitzplan und Spiele"
        ).click()
    download = download_info.value
    assert download.suggested_filename == "benefizbinokel-wendlingen-2026-2026-11-21.xlsx"
    path = tmp_path / download.suggested_filename
    download.save_as(path)
    workbook = openpyxl.load_workbook(path, read_only=True)
    assert workbook.sheetnames == [
        "Einzel", "Paare", "Sitzplan", "Spiele", "Kasse", "Preise", "Stand", "Ausgaben"
    ]
    singles_rows = list(workbook["Einzel"].iter_rows(values_only=True))
    header = singles_rows[0]
    assert header[:3] == ("Platz", "Startnummer", "Name") and header[-1] == "Gesamt"
    by_number = {row[1]: row for row in singles_rows[1:]}
    assert sorted(by_number) == list(range(1, 10))
    for place, (total, entry) in enumerate(ranked, start=1):
        assert by_number[entry.start_number][0] == place
        assert by_number[entry.start_number][-1] == total
    pair_rows = list(workbook["Paare"].iter_rows(values_only=True))
    assert sorted(row[1] for row in pair_rows[1:]) == [10, 11, 12, 13]
    seating = list(workbook["Sitzplan"].iter_rows(values_only=True))
    assert len(seating) == 1 + 3 * 17
    game_rows = list(workbook["Spiele"].iter_rows(values_only=True))
    assert game_rows[0][3] == "Startnummer" and game_rows[0][-1] == "Punkte"
    assert len(game_rows) == 1 + 12 * 3  # only the confirmed sheet counts
    for entry, total in zip(players, FINAL_TOTALS, strict=True):
        assert sum(row[-1] for row in game_rows[1:] if row[3] == entry.start_number) == total
    workbook.close()
