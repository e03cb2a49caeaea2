"""A sheet kept in points per game in Chromium (issue 37): the desk types a whole paper sheet
with the keyboard alone (the cursor starts in the first game, Enter or Tab moves to the next
field and from a game's last figure to the next game, Enter in the last figure saves; a minus
typed before or after the digits; the Summe row adds up while typing) and the keys are counted;
on a phone-sized page the scorekeeper types the games through the sheet's link, hands the sheet
in and the three players of the table confirm it there, then the organisers confirm it. axe-core
finds no accessibility violation on either page.
"""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from scoring.models import Game, PartyScore, ScoreSheet, SheetConfirmation
from scoring.rules import AKS_HEROLDSTATT, RULES
from tests.e2e.conftest import logged_in_page
from tests.e2e.scoresheet import link, wait_until
from tests.e2e.test_accessibility import violations
from tests.e2e.test_player_confirmations import tap
from tests.factories import (
    make_entry,
    make_event,
    make_role,
    make_round,
    make_sheet,
    make_table,
    make_user,
)
from tournament.models import Event

pytestmark = pytest.mark.django_db(transaction=True)

PEOPLE = ((12, "Anna Rapp"), (15, "Otto Walz"), (21, "Hans Maier"))

# A paper sheet of 12 games at a three-table: the declarer's column where the paper names it
# ("" where not), then each party's points as written (below zero as the scorekeeper wrote it)
PAPER = (
    ("1", "230", "40", "60"),
    ("2", "50", "300-", "80"),
    ("3", "20", "0", "260"),
    ("", "180", "60", "40"),
    ("1", "-400", "120", "90"),
    ("2", "60", "210", "30"),
    ("3", "70", "20", "-360"),
    ("", "40", "250", "0"),
    ("1", "310", "50", "50"),
    ("2", "0", "170", "80"),
    ("3", "90", "40", "240"),
    ("", "220", "30", "70"),
)


def figure(text: str) -> int:
    return -int(text.strip("-")) if "-" in text else int(text)


def sums() -> list[int]:
    return [sum(figure(row[index]) for row in PAPER) for index in (1, 2, 3)]


def shown(value: int) -> str:
    return f"−{-value}" if value < 0 else str(value)


def points_event(slug: str, games: int, organiser=None) -> tuple[Event, ScoreSheet]:
    event = make_event(slug=slug, scoring_mode=Event.ScoringMode.POINTS, games_per_round=games,
                       rules=RULES[AKS_HEROLDSTATT].as_dict(), organiser=organiser)
    entries = [make_entry(event, number, name) for number, name in PEOPLE]
    return event, make_sheet(make_table(make_round(event), entries))


def stored(sheet: ScoreSheet) -> list[tuple[int | None, list[int]]]:
    """Each game's declarer (the column, 1 to 3) and points, in game order."""
    parties = [number for number, _name in PEOPLE]
    games = []
    for game in Game.objects.filter(sheet=sheet).select_related("declarer").order_by("number"):
        lines = dict(PartyScore.objects.filter(game=game)
                     .values_list("entry__start_number", "points"))
        declarer = parties.index(game.declarer.start_number) + 1 if game.declarer else None
        games.append((declarer, [lines[number] for number in parties]))
    return games


def test_the_desk_types_a_points_sheet_with_the_keyboard_alone(browser, live_server, screenshot):
    organiser = make_user()
    event, sheet = points_event("punkte-halle", len(PAPER), organiser)
    page = logged_in_page(browser, live_server, organiser)
    page.goto(live_server.url + reverse("sheet-edit", kwargs={
        "slug": event.slug, "number": 1, "table": sheet.table.number}))
    expect(page.locator("[name=g1-declarer]")).to_be_focused()
    keys = 0
    typical: list[int] = []  # the keys of each game with its declarer written down
    for number, row in enumerate(PAPER, start=1):
        expect(page.locator(f"[name=g{number}-declarer]")).to_be_focused()
        # the first half moves on with Enter, the second with Tab
        step = "Enter" if number <= len(PAPER) // 2 else "Tab"
        game_keys = 0
        for field, text in enumerate(row):
            page.keyboard.type(text)
            game_keys += len(text)
            last = number == len(PAPER) and field == len(row) - 1
            if not last:
                page.keyboard.press(step)
                game_keys += 1
        keys += game_keys
        if row[0]:
            typical.append(game_keys)
    # while typing, the Summe row adds up what the fields hold
    expect(page.locator("[data-points-sum]")).to_have_text([shown(s) for s in sums()])
    page.keyboard.press("Enter")  # in the last figure: saves
    keys += 1
    expect(page.locator(".messages")).to_contain_text("Spiele 1–12 gespeichert.")
    wait_until(page, lambda: Game.objects.filter(sheet=sheet).count() == len(PAPER),
               "the games on the server")
    assert stored(sheet) == [
        (int(row[0]) if row[0] else None, [figure(text) for text in row[1:]]) for row in PAPER
    ]
    expect(page.locator("[data-points-sum]")).to_have_text([shown(s) for s in sums()])
    # every game is entered: no field takes the cursor; a focused figure selects its text
    page.locator("[name=g2-points1]").focus()
    assert page.evaluate(
        "document.activeElement.selectionStart === 0"
        " && document.activeElement.selectionEnd === document.activeElement.value.length"
    )
    screenshot(page, "points-sheet-desk")
    assert violations(page, page.url) == []  # axe-core, as on the main pages
    # a typical game: the declarer and three figures, each followed by Enter or Tab
    assert max(typical) <= 14, typical
    assert keys <= 14 * len(PAPER), keys
    print(f"desk, three-party points sheet of {len(PAPER)} games: {keys} keys; "
          f"a game with its declarer: {min(typical)} to {max(typical)} keys")
    page.context.close()


def test_a_refused_figure_is_named_and_the_cursor_waits_there(browser, live_server):
    organiser = make_user()
    event, sheet = points_event("punkte-fehler", 2, organiser)
    page = logged_in_page(browser, live_server, organiser)
    page.goto(live_server.url + reverse("sheet-edit", kwargs={
        "slug": event.slug, "number": 1, "table": sheet.table.number}))
    for text in ("1", "230", "45", "60", "", "180", "60", "40"):  # 45 is no multiple of 10
        page.keyboard.type(text)
        page.keyboard.press("Enter")
    expect(page.locator("[data-points-problems]")).to_contain_text(
        "Spiel 1 · 15 Otto Walz: Punkte werden in Zehnern geschrieben"
    )
    field = page.locator("[name=g1-points1]")
    expect(field).to_be_focused()
    expect(field).to_have_value("45")
    assert not Game.objects.filter(sheet=sheet).exists()
    page.keyboard.type("40")  # replaces the 45 (selected on focus)
    page.locator("[name=g2-points2]").focus()
    page.keyboard.press("Enter")
    expect(page.locator(".messages")).to_contain_text("Spiele 1–2 gespeichert.")
    wait_until(page, lambda: Game.objects.filter(sheet=sheet).count() == 2, "the games")
    page.context.close()


def test_the_scorekeeper_types_on_the_phone_and_the_players_confirm(
    live_server, browser, phone, screenshot
):
    games = PAPER[:4]
    event, sheet = points_event("punkte-handy", len(games))
    phone.goto(link(live_server, sheet))
    expect(phone.locator("#confirm")).to_contain_text(
        "Sobald der Spielzettel abgegeben ist, bestätigt hier jeder Spieler des Tisches die "
        "Spiele."
    )
    assert violations(phone, link(live_server, sheet)) == []
    # the page fits the phone: nothing to scroll sideways
    assert phone.evaluate("document.documentElement.scrollWidth") <= 375
    for number, row in enumerate(games, start=1):
        for field, text in zip(("declarer", "points0", "points1", "points2"), row, strict=True):
            phone.locator(f"[name=g{number}-{field}]").tap()
            phone.locator(f"[name=g{number}-{field}]").fill(text)
    expect(phone.locator("[name=g1-points0]")).to_have_attribute("inputmode", "text")
    expect(phone.locator("[name=g1-declarer]")).to_have_attribute("inputmode", "numeric")
    phone.get_by_role("button", name="Speichern und abgeben").click()
    expect(phone.locator(".messages")).to_contain_text("Der Spielzettel ist abgegeben.")
    section = phone.locator("#confirm")
    expect(section.locator("[data-confirm-count]")).to_have_text("0 von 3 bestätigt")
    expect(section).to_contain_text("Nach den Hausregeln bestätigen alle Spieler")
    for count, (number, name) in enumerate(PEOPLE, start=1):
        tap(phone, number, name)  # a plain form: the page comes back with the thanks
        expect(phone.locator(".messages")).to_contain_text(
            f"Danke, Nr. {number} {name}: Ihre Bestätigung ist gespeichert."
        )
        expect(section.locator("[data-confirm-count]")).to_have_text(f"{count} von 3 bestätigt")
    expect(section.locator(".signer.confirmed")).to_have_count(3)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 375
    screenshot(phone, "points-confirmations-phone")
    assert sorted(SheetConfirmation.objects.filter(sheet=sheet, voided_at__isnull=True)
                  .values_list("start_number", flat=True)) == [12, 15, 21]

    organiser = make_user()
    make_role(event, organiser)
    desk = logged_in_page(browser, live_server, organiser)
    desk.goto(live_server.url + reverse("round-sheets", kwargs={"slug": event.slug, "number": 1}))
    expect(desk.locator("table.round-overview")).to_contain_text("3 von 3 bestätigt")
    desk.get_by_role("button", name="Den abgegebenen Spielzettel ohne Hinweis bestätigen").click()
    expect(desk.locator(".messages")).to_contain_text("Tisch 1")
    wait_until(desk, lambda: ScoreSheet.objects.get(pk=sheet.pk).status == "confirmed",
               "the sheet confirmed")
    desk.context.close()
