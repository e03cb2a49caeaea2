"""After the evening (``results.views``): the results list (place, start number, name and
club, points per round, total; unlisted players by start number; provisional or final) and the
press report (generated text to edit, printed back from a POST, never naming an unlisted
player). The finish/reopen buttons of the event page are here too.

Expected figures are worked out by hand from the worked examples of docs/rules.md
(``tests.scoring.games``), never taken from the code under test.
"""

import re

import pytest
from django.urls import reverse
from django.utils import translation

from core.errors import Message
from core.models import ChangeRecord
from core.text import UNLISTED_NAME
from scoring.audit import ScoringAction
from scoring.demo import record_game
from scoring.models import ScoreSheet
from tests.factories import make_entry, make_event, make_role, make_user
from tests.scoring.games import (
    CONCEDED,
    CONCEDED_POINTS,
    LOST,
    LOST_POINTS,
    WON,
    WON_POINTS,
    sheet_for,
)
from tests.scoring.views.test_sheets import edit_url, form_data, game
from tournament.models import Event, EventRole, Player

pytestmark = pytest.mark.django_db


@pytest.fixture
def event():
    """Three singles (Hans Maier of the CVJM, Jörg Häfele, Anna Rapp who is not to be named)
    and two pairs, two rounds, every sheet confirmed.

    Round 1: singles play WON (1 declares) and CONCEDED (1 declares); the pairs play one game,
    pair 5 declares 200 with meld 60 and tricks 150 (won: 60 + 150 = 210; pair 4: 0 + 100).
    Round 2: singles play LOST (1 declares); the pairs' sheet holds the same game again.
    """
    event = make_event(name="Benefizbinokel Plochingen", round_count=2, venue="Stadthalle")
    hans = make_entry(event, 1, "Hans Maier")
    Player.objects.filter(pk=hans.player_id).update(club="CVJM")
    singles = [hans, make_entry(event, 2, "Jörg Häfele"), make_entry(event, 3, "Anna Rapp")]
    Player.objects.filter(pk=singles[2].player_id).update(unlisted=True)
    pairs = [make_entry(event, 4, "Karl Weiß", partner="Rosi Weiß"),
             make_entry(event, 5, "Otto Klotz", partner="Ute Klotz")]
    first = sheet_for(event, 1, singles, 1)
    record_game(sheet=first, number=1, **WON)
    record_game(sheet=first, number=2, **CONCEDED)
    pairs_game = {"bid": 200, "declarer": 1, "melds": [0, 60], "tricks": [100, 150]}
    record_game(sheet=sheet_for(event, 1, pairs, 2), number=1, **pairs_game)
    record_game(sheet=sheet_for(event, 2, singles, 1), number=1, **LOST)
    record_game(sheet=sheet_for(event, 2, pairs, 2), number=1, **pairs_game)
    return event


# the singles' totals by hand: round 1 = WON + CONCEDED, round 2 = LOST
ROUND_1 = {n: WON_POINTS[n - 1] + CONCEDED_POINTS[n - 1] for n in (1, 2, 3)}
ROUND_2 = {n: LOST_POINTS[n - 1] for n in (1, 2, 3)}
TOTAL = {n: ROUND_1[n] + ROUND_2[n] for n in (1, 2, 3)}


def url(name, event):
    return reverse(name, kwargs={"slug": event.slug})


def signed(value: int) -> str:
    return f"−{-value}" if value < 0 else str(value)


def row_cells(html: str, start_number: int) -> list[str]:
    for row in re.findall(r"<tr[^>]*>(.*?)</tr>", html, re.S):
        texts = [" ".join(re.sub(r"<[^>]+>", " ", c).split())
                 for c in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
        if len(texts) > 1 and texts[1] == str(start_number):
            return texts
    raise AssertionError(f"no row for {start_number}")


def test_results_list_rows_and_unlisted_names(client, organiser, event):
    make_role(event, organiser)
    response = client.get(url("results-list", event))
    assert response.status_code == 200
    html = response.content.decode()
    assert "Benefizbinokel Plochingen" in html and "Stadthalle" in html
    ranked = sorted((1, 2, 3), key=lambda n: -TOTAL[n])
    for place, number in enumerate(ranked, start=1):
        cells = row_cells(html, number)
        assert cells[0] == f"{place}."
        assert cells[3:] == [signed(ROUND_1[number]), signed(ROUND_2[number]),
                             signed(TOTAL[number])]
    assert row_cells(html, 1)[2] == "Hans Maier (CVJM)"
    assert "Anna Rapp" not in html
    assert row_cells(html, 3)[2] == str(Message(UNLISTED_NAME, number=3))
    pair_winner = row_cells(html, 5)
    assert pair_winner[0] == "1." and pair_winner[-1] == "420"
    assert row_cells(html, 4)[-1] == "200"
    assert 'class="site-header no-print"' in html  # navigation is not printed


def test_results_list_says_provisional_with_the_last_change(client, organiser, event):
    make_role(event, organiser)
    ScoreSheet.objects.filter(table__round__event=event, table__round__number=2).update(
        status=ScoreSheet.Status.SUBMITTED
    )
    Event.objects.filter(pk=event.pk).update(results_changed_at="2026-11-21T22:15:00Z")
    html = client.get(url("results-list", event)).content.decode()
    assert "Vorläufig" in html or "Provisional" in html  # German once the catalogue has it
    assert "23:15" in html  # 22:15 UTC is 23:15 in the site's time zone (Europe/Berlin)
    final = make_event(organiser=organiser)
    html = client.get(url("results-list", final)).content.decode()
    assert "Vorläufig" not in html and "Provisional" not in html


def test_results_list_for_desk_helpers_press_report_for_organisers(client, event):
    helper = make_user("helfer")
    make_role(event, helper, EventRole.Role.DESK)
    client.force_login(helper)
    assert client.get(url("results-list", event)).status_code == 200
    assert client.get(url("press-report", event)).status_code == 403


def test_press_report_text_never_names_the_unlisted_player(client, organiser, event):
    make_role(event, organiser)
    response = client.get(url("press-report", event))
    assert response.status_code == 200
    html = response.content.decode()
    text = re.search(r"<textarea[^>]*>(.*?)</textarea>", html, re.S).group(1)
    assert "Anna Rapp" not in html
    assert "Startnummer 3" in text
    winner = max((1, 2, 3), key=lambda n: TOTAL[n])
    names = {1: "Hans Maier (CVJM)", 2: "Jörg Häfele", 3: "Startnummer 3"}
    assert f"gewann {names[winner]} mit {TOTAL[winner]} Punkten" in text
    assert "Otto Klotz / Ute Klotz" in text
    assert "Stadthalle" in text and "Benefizbinokel Plochingen" in text


def test_press_report_prints_the_edited_text(client, organiser, event):
    make_role(event, organiser)
    edited = "Überschrift\r\n\r\nErster Absatz\r\nzweite Zeile\r\n\r\n<b>fett</b>"
    response = client.post(url("press-report", event), {"text": edited})
    assert response.status_code == 200
    html = response.content.decode()
    article = re.search(r'<article class="press-print"[^>]*>(.*?)</article>', html, re.S).group(1)
    assert re.findall(r"<p>(.*?)</p>", article, re.S) == [
        "Überschrift", "Erster Absatz<br>zweite Zeile", "&lt;b&gt;fett&lt;/b&gt;"
    ]
    assert "<textarea" not in html


def test_event_page_finish_and_reopen(client, organiser, event):
    make_role(event, organiser)
    ScoreSheet.objects.filter(table__round__event=event, table__round__number=2, table__number=2
                              ).update(status=ScoreSheet.Status.SUBMITTED)
    with translation.override("en"):
        page = client.get(url("event-detail", event), HTTP_ACCEPT_LANGUAGE="en")
    html = page.content.decode()
    assert url("results-list", event) in html and url("press-report", event) in html
    assert url("event-finish", event) not in html  # not possible yet: says what is missing
    refused = client.post(url("event-finish", event), follow=True)
    assert Event.objects.get(pk=event.pk).status != Event.Status.FINISHED
    assert b"2" in refused.content and refused.redirect_chain[-1][0] == url("event-detail", event)
    ScoreSheet.objects.filter(table__round__event=event).update(
        status=ScoreSheet.Status.CONFIRMED
    )
    assert url("event-finish", event) in client.get(url("event-detail", event)).content.decode()
    client.post(url("event-finish", event))
    assert Event.objects.get(pk=event.pk).status == Event.Status.FINISHED
    html = client.get(url("event-detail", event)).content.decode()
    assert url("event-reopen", event) in html and url("event-finish", event) not in html
    client.post(url("event-reopen", event))
    assert Event.objects.get(pk=event.pk).status == Event.Status.RUNNING
    assert list(
        ChangeRecord.objects.filter(event=event).order_by("pk").values_list("action", flat=True)
    ) == [ScoringAction.EVENT_FINISHED, ScoringAction.EVENT_REOPENED]


def test_finished_event_refuses_new_tie_breaks_on_the_standings_page(client, organiser, event):
    make_role(event, organiser)
    Event.objects.filter(pk=event.pk).update(status=Event.Status.FINISHED)
    response = client.post(
        reverse("standings-settings", kwargs={"slug": event.slug}),
        {"tie_break_1": "best_round", "public_standings": "on"},
        follow=True,
    )
    assert response.status_code == 200
    errors = [m for m in response.context["messages"] if m.level_tag == "error"]
    assert len(errors) == 1
    event.refresh_from_db()
    assert event.tie_breaks == "" and not event.public_standings


def test_finished_event_refuses_an_organisers_sheet_save_on_the_sheet_page(
    client, organiser, event
):
    make_role(event, organiser)
    Event.objects.filter(pk=event.pk).update(status=Event.Status.FINISHED)
    sheet = ScoreSheet.objects.get(table__round__event=event, table__round__number=1,
                                   table__number=1)
    games = sheet.games.count()
    response = client.post(edit_url(sheet), form_data(sheet, sheet.version, {3: game()}),
                           follow=True)
    assert response.status_code == 200
    errors = [m for m in response.context["messages"] if m.level_tag == "error"]
    assert len(errors) == 1
    assert sheet.games.count() == games
