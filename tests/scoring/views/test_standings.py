"""Standings pages (``scoring.views.standings``): organiser page and settings, public page,
projector, entry detail, downloads.

Page texts are checked in German, the interface's default language.
"""

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scoring.demo import record_game
from scoring.models import ScoreSheet
from tests.factories import make_entry, make_event, make_role, make_user
from tests.scoring.games import (
    CONCEDED,
    CONCEDED_POINTS,
    WON,
    WON_POINTS,
    round_tied_at_fifth,
    sheet_for,
)

pytestmark = pytest.mark.django_db

PROVISIONAL = '<strong class="badge">vorläufig</strong>'


@pytest.fixture
def event():
    """Three singles and two pairs; round 1 complete; round 2 with the singles' sheet only
    submitted and the pairs' sheet not handed in."""
    event = make_event(name="Benefizbinokel Plochingen")
    singles = [
        make_entry(event, 1, "Hans Maier"),
        make_entry(event, 2, "Jörg Häfele"),
        make_entry(event, 3, "Anna Rapp"),
    ]
    pairs = [make_entry(event, 4, "Karl Weiß", partner="Rosi Weiß"),
             make_entry(event, 5, "Otto Klotz", partner="Ute Klotz")]
    first = sheet_for(event, 1, singles, 1)
    record_game(sheet=first, number=1, **WON)
    record_game(sheet=first, number=2, **CONCEDED)
    # pairs: 5 declares 200 with meld 60 + tricks 150: won; 4 scores 0 + 100
    record_game(sheet=sheet_for(event, 1, pairs, 2), number=1, bid=200, declarer=1,
                melds=[0, 60], tricks=[100, 150])
    second = sheet_for(event, 2, singles, 1, status=ScoreSheet.Status.SUBMITTED)
    record_game(sheet=second, number=1, **WON)
    sheet_for(event, 2, pairs, 2, status=ScoreSheet.Status.IN_PROGRESS)
    return event


def url(name, event, **kwargs):
    return reverse(name, kwargs={"slug": event.slug, **kwargs})


def cells(html: str, start_number: int) -> list[str]:
    """The cell texts of the table row of ``start_number`` (second column), without the
    phone's second line under the name (see ``phone_line``)."""
    for row in re.findall(r"<tr[^>]*>(.*?)</tr>", html, re.S):
        row = re.sub(r'<span class="phone-line">.*?</span>', "", row, flags=re.S)
        texts = [re.sub(r"<[^>]+>|\s+", " ", c).strip()
                 for c in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
        if len(texts) > 1 and texts[1] == str(start_number):
            return texts
    raise AssertionError(f"no row for {start_number}")


@pytest.mark.parametrize(
    "name", ["standings", "projector", "standings-xlsx", "standings-csv"]
)
def test_organiser_pages_require_login(client, event, name):
    response = client.get(url(name, event))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_standings_page_in_german(client, organiser, event):
    make_role(event, organiser)
    response = client.get(url("standings", event))
    assert response.status_code == 200
    html = response.content.decode()
    assert "Rangliste" in html and "Benefizbinokel Plochingen" in html
    for header in ("Platz", "Startnummer", "D1", "D2", "D3", "Gesamt", "Einzel", "Paare"):
        assert header in html
    # only confirmed sheets count, so round 1 only: 2: 90 + 190 = 280, 3: 90 + 150 = 240,
    # 1: 210 - 250 = -40
    assert cells(html, 2) == ["1.", "2", "Jörg Häfele", "280", "–", "–", "280"]
    assert cells(html, 3) == ["2.", "3", "Anna Rapp", "240", "–", "–", "240"]
    assert cells(html, 1) == ["3.", "1", "Hans Maier", "−40", "–", "–", "−40"]
    assert cells(html, 5) == ["1.", "5", "Otto Klotz / Ute Klotz", "210", "–", "–", "210"]
    assert PROVISIONAL in html
    assert "Durchgang 2:" in html and "Tisch 2" in html
    assert "Bei gleicher Gesamtpunktzahl teilen sich die Teilnehmer den Platz." in html
    assert url("standings-entry", event, start_number=2) in html
    assert 'name="tie_break_1"' in html


def test_per_round_view(client, organiser, event):
    make_role(event, organiser)
    html = client.get(url("standings", event) + "?durchgang=1").content.decode()
    assert "Punkte" in html
    assert cells(html, 2) == ["1.", "2", "Jörg Häfele", "280"]
    assert cells(html, 1) == ["3.", "1", "Hans Maier", "−40"]


def test_count_unconfirmed_shows_submitted_sheet(client, organiser, event):
    make_role(event, organiser)
    event.count_unconfirmed = True
    event.save()
    html = client.get(url("standings", event)).content.decode()
    # the submitted round-2 sheet counts now: 1 adds 210, 2 and 3 add 90
    # 2: 280 + 90 = 370, 3: 240 + 90 = 330, 1: -40 + 210 = 170
    assert cells(html, 2) == ["1.", "2", "Jörg Häfele", "280", "90", "–", "370"]
    assert cells(html, 3) == ["2.", "3", "Anna Rapp", "240", "90", "–", "330"]
    assert cells(html, 1) == ["3.", "1", "Hans Maier", "−40", "210", "–", "170"]
    assert PROVISIONAL in html


def test_final_standings_have_no_provisional_mark(client, organiser):
    event = make_event(organiser=organiser)
    singles = [make_entry(event, n) for n in (1, 2, 3)]
    record_game(sheet=sheet_for(event, 1, singles, 1), number=1, **WON)
    html = client.get(url("standings", event)).content.decode()
    assert PROVISIONAL not in html
    assert cells(html, 1)[-1] == str(WON_POINTS[0])


def test_settings_form_saves(client, organiser, event):
    make_role(event, organiser)
    response = client.post(
        url("standings-settings", event),
        {"tie_break_1": "declarer_wins", "tie_break_2": "", "tie_break_3": "best_round",
         "count_unconfirmed": "on", "public_standings": "on"},
    )
    assert response.status_code == 302
    event.refresh_from_db()
    assert event.tie_breaks == "declarer_wins,best_round"
    assert event.count_unconfirmed and event.public_standings
    html = client.get(response["Location"]).content.decode()
    assert "Die Einstellungen der Rangliste wurden gespeichert." in html
    assert "1. mehr gewonnene Spiele als Alleinspieler, 2. bester einzelner Durchgang" in html


@pytest.mark.parametrize(
    "data",
    [
        {"tie_break_1": "best_round", "tie_break_2": "best_round"},
        {"tie_break_1": "no_such_code"},
    ],
)
def test_settings_form_rejects_bad_input_and_changes_nothing(client, organiser, event, data):
    make_role(event, organiser)
    response = client.post(url("standings-settings", event), {"public_standings": "on", **data})
    assert response.status_code == 200
    html = response.content.decode()
    assert "Die Einstellungen wurden nicht gespeichert" in html
    assert "errorlist" in html
    event.refresh_from_db()
    assert event.tie_breaks == "" and not event.public_standings


def test_settings_need_post_and_login(client, event):
    assert client.post(url("standings-settings", event)).status_code == 302
    make_role(event, make_user("orga", "geheim-123"))
    client.login(username="orga", password="geheim-123")
    assert client.get(url("standings-settings", event)).status_code == 405


@pytest.mark.parametrize(
    "name,kwargs",
    [("public-standings", {}), ("public-standings-entry", {"start_number": 2}),
     ("public-standings-csv", {})],
)
def test_public_pages_are_404_with_a_german_hint_while_off(client, event, name, kwargs):
    response = client.get(url(name, event, **kwargs))
    assert response.status_code == 404
    assert "ist nicht öffentlich" in response.content.decode()


def test_public_page_when_on(client, event):
    event.public_standings = True
    event.save()
    html = client.get(url("public-standings", event)).content.decode()
    assert cells(html, 2) == ["1.", "2", "Jörg Häfele", "280", "–", "–", "280"]
    assert PROVISIONAL in html
    assert 'name="tie_break_1"' not in html
    assert url("standings-xlsx", event) not in html
    assert url("public-standings-entry", event, start_number=2) in html
    assert url("public-standings-csv", event) in html
    assert client.get(url("public-standings-csv", event)).status_code == 200
    # the organiser's pages stay behind the login
    assert client.get(url("standings-entry", event, start_number=2)).status_code == 302


def test_entry_detail_lists_every_game(client, organiser, event):
    make_role(event, organiser)
    html = client.get(url("standings-entry", event, start_number=1)).content.decode()
    assert "Hans Maier" in html
    assert "Durchgang 1, Tisch 1" in html and "Durchgang 2, Tisch 1" in html
    for header in ("Spiel", "Alleinspieler", "Reizwert", "Art", "Gemeldet", "Stiche", "Punkte"):
        assert header in html
    assert "abgeschrieben" in html and "gespielt" in html
    # round 1 of 1: game 1 won 210 (meld 80, tricks 130), game 2 conceded -250: total -40
    assert "210" in html and "130" in html and "−250" in html and "−40" in html
    assert "2 Jörg Häfele" in html and "3 Anna Rapp" in html  # table-mates
    # round 2 is only submitted: shown to the organiser, marked as not counted yet
    assert "noch nicht gezählt" in html


def test_public_entry_detail_shows_counted_games_only(client, event):
    event.public_standings = True
    event.save()
    html = client.get(url("public-standings-entry", event, start_number=1)).content.decode()
    assert "Durchgang 1, Tisch 1" in html
    assert "Durchgang 2, Tisch 1" not in html


def test_entry_detail_unknown_number_is_404(client, organiser, event):
    make_role(event, organiser)
    assert client.get(url("standings-entry", event, start_number=99)).status_code == 404


def test_stand_in_is_listed_apart(client, organiser, event):
    make_role(event, organiser)
    event.entries.filter(start_number=3).update(is_stand_in=True)
    html = client.get(url("standings", event)).content.decode()
    assert "Außer Wertung (Ersatz)" in html
    assert cells(html, 2)[0] == "1." and cells(html, 1)[0] == "2."


def test_projector_pages_through_the_list_and_shows_missing_tables(client, organiser):
    event = make_event(organiser=organiser)
    entries = [make_entry(event, n, f"Spieler {n}") for n in range(1, 13)]
    for index in range(4):
        record_game(sheet=sheet_for(event, 1, entries[3 * index: 3 * index + 3], index + 1),
                    number=1, **WON)
    record_game(sheet=sheet_for(event, 2, entries[0:3], 1, status=ScoreSheet.Status.CONFIRMED),
                number=1, **WON)
    sheet_for(event, 2, entries[3:6], 2, status=ScoreSheet.Status.IN_PROGRESS)
    sheet_for(event, 2, entries[6:9], 3, status=ScoreSheet.Status.EMPTY)
    sheet_for(event, 2, entries[9:12], 4, status=ScoreSheet.Status.SUBMITTED)
    base = url("projector", event)
    html = client.get(base + "?rows=5&seconds=10").content.decode()
    assert '<noscript><meta http-equiv="refresh" content="10;url=' in html
    assert "page=2&amp;rows=5&amp;seconds=10" in html
    # 12 singles on 5 rows a screen: three screens, then the screen of the current round
    assert "Seite 1 von 4" in html
    assert html.count("<tr><td") == 5
    assert "projector.js" in html
    assert "Durchgang 2: Es fehlen noch die Spielzettel von Tisch 2, 3" in html
    assert PROVISIONAL in html
    third = client.get(base + "?rows=5&page=3").content.decode()
    assert "Seite 3 von 4" in third and third.count("<tr><td") == 2
    last = client.get(base + "?rows=5&page=4").content.decode()
    assert "Seite 4 von 4" in last
    # round 2: tables 2 and 3 still playing, table 4 handed in but not confirmed; the best of
    # the round so far (only table 1's sheet counts: three singles)
    playing = last.split('class="tiles playing"')[1].split("</div>")[0]
    unconfirmed = last.split('class="tiles unconfirmed"')[1].split("</div>")[0]
    assert re.findall(r'<span class="tile">(\d+)</span>', playing) == ["2", "3"]
    assert re.findall(r'<span class="tile">(\d+)</span>', unconfirmed) == ["4"]
    assert last.count("<tr><td") == 3
    assert "page=1&amp;rows=5" in last  # wraps round to the first screen
    # nonsense parameters fall back to sane values
    assert client.get(base + "?rows=x&page=-4&seconds=").status_code == 200


def test_the_projectors_round_screen_shows_every_entry_sharing_the_place_at_its_cut(
    client, organiser
):
    event = make_event(organiser=organiser)
    round_tied_at_fifth(event)
    # 10 rows a screen: the round's best five, and the three sharing 5th place with the fifth
    html = client.get(url("projector", event) + "?rows=10&page=2").content.decode()
    assert "Seite 2 von 2" in html and 'class="round-state' in html
    row = r"<tr><td[^>]*>[^<]*</td>\s*<td[^>]*>(\d+)<"
    shown = [int(number) for number in re.findall(row, html)]
    assert sorted(shown) == [1, 2, 3, 5, 6, 7, 8, 9]


def test_projector_is_public_when_standings_are(client, event):
    assert client.get(url("projector", event)).status_code == 302
    event.public_standings = True
    event.save()
    response = client.get(url("projector", event))
    assert response.status_code == 200
    assert "Jörg Häfele" in response.content.decode()


def test_projector_speaks_the_apps_language_whatever_the_browser_asks(client, event):
    """The hall reads the projector, not the laptop: German (the app's language) even for a
    browser that asks for English or chose it in the site's header; ``?sprache=`` switches,
    and the next screen's address keeps it."""
    event.public_standings = True
    event.save()
    client.cookies["django_language"] = "en"
    response = client.get(url("projector", event) + "?rows=5", HTTP_ACCEPT_LANGUAGE="en-US,en")
    html = response.content.decode()
    assert response["Content-Language"] == "de"
    assert '<html lang="de">' in html and "Einzelspieler" in html and "Seite 1 von 3" in html
    assert "sprache" not in html.split('data-next="')[1].split('"')[0]
    # the switch: this screen in each language, rows and seconds kept
    base = f"/turnier/{event.slug}/beamer/"
    assert f'href="{base}?page=1&amp;rows=5&amp;seconds=12&amp;sprache=en"' in html
    assert ">English</a>" in html and 'aria-current="true">Deutsch</a>' in html

    english = client.get(url("projector", event) + "?rows=5&sprache=en")
    html = english.content.decode()
    assert english["Content-Language"] == "en"
    assert '<html lang="en">' in html and "Singles" in html and "Page 1 of 3" in html
    assert f'data-next="{base}?page=2&amp;rows=5&amp;seconds=12&amp;sprache=en"' in html
    assert 'aria-current="true">English</a>' in html
    # an unknown language: the default
    assert "Einzelspieler" in client.get(url("projector", event) + "?sprache=xx").content.decode()
    # the rest of the site still follows the visitor's choice
    assert "Singles" in client.get(url("public-standings", event)).content.decode()


def test_downloads(client, organiser, event):
    make_role(event, organiser)
    xlsx = client.get(url("standings-xlsx", event))
    assert xlsx.status_code == 200
    assert xlsx["Content-Type"].startswith("application/vnd.openxmlformats")
    assert 'filename="benefizbinokel-plochingen-2026-11-21.xlsx"' in xlsx["Content-Disposition"]
    assert xlsx.content[:2] == b"PK"
    csv = client.get(url("standings-csv", event))
    assert 'filename="benefizbinokel-plochingen-2026-11-21.csv"' in csv["Content-Disposition"]
    assert csv.content.startswith(b"\xef\xbb\xbf")
    assert "Jörg Häfele" in csv.content.decode("utf-8-sig")


def test_english_on_request(client, organiser, event):
    make_role(event, organiser)
    html = client.get(url("standings", event), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Standings" in html and "R1" in html and "provisional" in html


def big_event(singles_tables: int, pair_tables: int, organiser=None):
    event = make_event(organiser=organiser, tie_breaks="best_round,declarer_wins,fewer_losses")
    number = 0
    for round_number in (1, 2):
        for index in range(singles_tables):
            entries = [make_entry(event, number + n) for n in (1, 2, 3)]
            number += 3
            record_game(sheet=sheet_for(event, round_number, entries, index + 1), number=1,
                        **WON)
        for index in range(pair_tables):
            pairs = [make_entry(event, number + n, f"P{number + n}", partner=f"Q{number + n}")
                     for n in (1, 2)]
            number += 2
            record_game(sheet=sheet_for(event, round_number, pairs, singles_tables + index + 1),
                        number=1, bid=200, declarer=1, melds=[0, 60], tricks=[100, 150])
    return event


@pytest.mark.parametrize("name", ["standings", "projector", "public-standings"])
def test_query_count_does_not_grow_with_the_event(client, organiser, name):
    counts = []
    for tables in (1, 15):
        event = big_event(tables, tables, organiser=organiser)
        event.public_standings = True
        event.save()
        with CaptureQueriesContext(connection) as queries:
            response = client.get(url(name, event))
        assert response.status_code == 200
        counts.append(len(queries))
    assert counts[0] == counts[1] <= 10


def test_entry_detail_query_count_is_constant(client, organiser, django_assert_max_num_queries):
    event = big_event(4, 2, organiser=organiser)
    with django_assert_max_num_queries(12):
        assert client.get(url("standings-entry", event, start_number=1)).status_code == 200


def test_conceded_points_shown_in_detail(client, organiser, event):
    make_role(event, organiser)
    html = client.get(url("standings-entry", event, start_number=2)).content.decode()
    assert str(CONCEDED_POINTS[1]) in html


@pytest.mark.parametrize(
    ("order", "expected"),
    [("", [2, 3, 1]), ("start_number", [1, 2, 3]), ("-start_number", [3, 2, 1]),
     ("name", [3, 1, 2]), ("-total", [2, 3, 1]), ("r1", [1, 3, 2])],
)
def test_standings_table_sorts_by_column(client, organiser, event, order, expected):
    make_role(event, organiser)
    html = client.get(url("standings", event) + f"?einzel-sort={order}").content.decode()
    singles = html.split("<h2>Paare</h2>")[0]
    numbers = [
        int(n)
        for n in re.findall(r'<tr><td class="num">[^<]*</td><td class="num wide">(\d+)<', singles)
    ]
    assert numbers == expected
    assert "?einzel-sort=" in html  # the headers are sorting links


def unlist(event, start_number):
    """Player 1 of ``start_number`` asks not to be in public lists (as the entry form saves it:
    through a service that moves the results stamp)."""
    from tournament.models import Entry, Player
    from tournament.results import results_changed

    entry = Entry.objects.get(event=event, start_number=start_number)
    Player.objects.filter(pk=entry.player_id).update(unlisted=True)
    results_changed(event_id=event.pk)


def test_public_pages_show_the_start_number_instead_of_an_unlisted_name(client, event):
    event.public_standings = True
    event.save()
    unlist(event, 2)
    unlist(event, 4)  # a pair: one partner unlisted hides the pair's names
    pages = {
        "standings": client.get(url("public-standings", event)),
        "entry": client.get(url("public-standings-entry", event, start_number=2)),
        "table-mate": client.get(url("public-standings-entry", event, start_number=1)),
        "projector": client.get(url("projector", event)),
        "csv": client.get(url("public-standings-csv", event)),
    }
    for name, response in pages.items():
        text = response.content.decode("utf-8-sig")
        assert response.status_code == 200, name
        assert "Jörg Häfele" not in text, name
        assert "Rosi Weiß" not in text and "Karl Weiß" not in text, name
        assert "Hans Maier" in text or name == "entry", name  # the others keep their names
    assert cells(pages["standings"].content.decode(), 2)[:3] == ["1.", "2", "Startnummer 2"]
    assert "2 Startnummer 2" in pages["table-mate"].content.decode()  # at the table, declarer


def test_organiser_pages_keep_the_names_of_unlisted_players(client, organiser, event):
    make_role(event, organiser)
    unlist(event, 2)
    html = client.get(url("standings", event)).content.decode()
    assert cells(html, 2)[:3] == ["1.", "2", "Jörg Häfele"]
    assert "Jörg Häfele" in client.get(url("standings-csv", event)).content.decode("utf-8-sig")


def test_standings_say_when_they_last_changed(client, organiser, event):
    from django.utils import timezone

    from tournament.models import Event

    make_role(event, organiser)
    html = client.get(url("standings", event)).content.decode()
    changed = Event.objects.get(pk=event.pk).results_changed_at
    assert changed is not None
    assert f'<time datetime="{timezone.localtime(changed):%Y-%m-%dT%H:%M:%S}' in html
    assert "Letzte Änderung:" in html


def test_phone_line_carries_the_start_number_and_the_round_points(client, organiser, event):
    make_role(event, organiser)
    html = client.get(url("standings", event)).content.decode()
    line = re.search(r'<span class="phone-line">(.*?)</span>', html, re.S).group(1)
    # the first row: start number 2, rounds 1 to 3 (280, none, none)
    assert re.sub(r"\s+", " ", line).strip() == "Nr. 2 · D1–D3: 280 / – / –"
