"""An event's change log page (``tournament.views.events.change_log``): the event's records, its
sheets' and its money's merged by time, newest first; filtered by ``?art=``, 100 a page."""

import datetime
import re
from html import unescape
from urllib.parse import urlencode

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from core import audit
from core.models import ChangeRecord
from money.audit import MoneyAction
from scoring.audit import SheetAction
from scoring.services import save_sheet_rows, submit_sheet
from tests.factories import (
    make_entry,
    make_event,
    make_role,
    make_round,
    make_sheet,
    make_table,
    make_user,
)
from tournament.audit import TournamentAction

pytestmark = pytest.mark.django_db

START = datetime.datetime(2026, 11, 21, 18, 0, tzinfo=datetime.UTC)
GAME = {"bid": 200, "declarer": 0, "melds": [0, 0, 0], "tricks": [200, 50, 0]}
MARK = re.compile(r"mark-([ez])-(\d+)")


def rows(response) -> list[list[str]]:
    """The log's lines, each as its cells' texts."""
    assert response.status_code == 200
    body = unescape(response.content.decode()).split("<tbody>", 1)[1].split("</tbody>", 1)[0]
    return [
        [re.sub(r"<[^>]+>", "", cell).strip() for cell in re.findall(r"<td[^>]*>(.*?)</td>", row,
                                                                      re.S)]
        for row in re.findall(r"<tr>(.*?)</tr>", body, re.S)
    ]


def log_url(event, **query) -> str:
    url = reverse("change-log", args=[event.slug])
    return f"{url}?{urlencode(query)}" if query else url


def marks(response) -> list[str]:
    """The marked records the page shows, in its order: "e7" (the event's), "z8" (a sheet's)."""
    return ["".join(match) for match in MARK.findall(unescape(response.content.decode()))]


@pytest.fixture
def sheet():
    """The sheet of table 3 in round 1 (three singles)."""
    event = make_event(slug="ehingen")
    entries = [make_entry(event, number, f"Spieler {number}") for number in (1, 2, 3)]
    return make_sheet(make_table(make_round(event, 1), entries, number=3))


def interleave(sheet, count: int, *, user=None) -> list[str]:
    """``count`` records a minute apart, the event's and the sheet's mixed irregularly (every
    third is the sheet's); their marks, newest first."""
    event = sheet.table.round.event
    kinds = ["z" if number % 3 == 0 else "e" for number in range(count)]
    changes = {
        n: ChangeRecord(event=event, action=TournamentAction.PLAN,
                        params={"text": f"mark-e-{n}"}, user=user)
        for n, kind in enumerate(kinds) if kind == "e"
    }
    sheet_changes = {
        n: ChangeRecord(event=event, subject=sheet, action=SheetAction.LINK_SAVED, user=user,
                        params={"after": {"saved": [1], "deleted": [], "agent": f"mark-z-{n}",
                                          "address": ""}})
        for n, kind in enumerate(kinds) if kind == "z"
    }
    for model, records in ((ChangeRecord, changes), (ChangeRecord, sheet_changes)):
        model.objects.bulk_create(records.values())  # stamped now: then a minute apart
        for number, record in records.items():
            record.created_at = START + datetime.timedelta(minutes=number)
        model.objects.bulk_update(records.values(), ["created_at"])
    return [f"{kinds[n]}{n}" for n in reversed(range(count))]


# --- sheets in the event's log ---------------------------------------------------------------


def test_the_change_log_shows_a_sheet_save_with_its_table_and_round(client, organiser, sheet):
    event = sheet.table.round.event
    make_role(event, organiser)
    save_sheet_rows(sheet=sheet, base_version=0, rows={4: GAME},
                    device={"agent": "Pixel 8", "address": "192.168.1.57"})
    audit.log(event=event, action=TournamentAction.RELEASED, user=organiser, round=1)
    lines = rows(client.get(log_url(event)))
    assert lines[0][1:] == [
        "Durchgang freigegeben", "Durchgang 1 für die Platzsuche freigegeben.", "orga"
    ]
    assert lines[1][1:] == [
        "über den Link gespeichert",
        "Durchgang 1, Tisch 3: Spiel 4 gespeichert; Gerät: Pixel 8, Adresse 192.168.1.57",
        "Schreiber über Link",
    ]


def test_an_organisers_correction_names_the_game_before_and_after(client, organiser, sheet):
    make_role(sheet.table.round.event, organiser)
    save_sheet_rows(sheet=sheet, base_version=0, rows={n: GAME for n in range(1, 13)})
    submit_sheet(sheet=sheet)
    corrected = {**GAME, "tricks": [150, 100, 0]}
    save_sheet_rows(sheet=sheet, base_version=2, rows={4: corrected}, user=organiser)
    lines = rows(client.get(log_url(sheet.table.round.event)))
    action, sentence, who = lines[0][1:]
    assert (action, who) == ("Spiel gespeichert", "orga")
    assert sentence.startswith("Durchgang 1, Tisch 3: Spiel 4 gespeichert: Alleinspieler 1 ·")
    after, before = sentence.split("; vorher: ")
    assert "Stiche 150/100/0" in after and "Stiche 200/50/0" in before
    assert lines[1][1:] == ["abgegeben", "Durchgang 1, Tisch 3: Spielzettel abgegeben.",
                            "Schreiber über Link"]


# --- the filter ------------------------------------------------------------------------------


@pytest.fixture
def mixed(sheet, organiser):
    """An event of the ``organiser`` with a record of each kind: an entry, a payment, a sheet's
    save."""
    event = sheet.table.round.event
    make_role(event, organiser)
    hans = {"number": 4, "name": "Hans"}
    audit.log(event=event, action=TournamentAction.REGISTERED, user=organiser, entry_ref=hans)
    audit.log(event=event, action=MoneyAction.PAID, user=organiser, entry_ref=hans,
              payment=1, purpose="start_fee", amount="8.00", method="cash")
    save_sheet_rows(sheet=sheet, base_version=0, rows={4: GAME})
    return event


@pytest.mark.parametrize(
    ("kind", "shown"),
    [
        (None, ["Spiel 4 gespeichert", "hat 8,00\u00a0€ bezahlt", "Nr. 4 Hans angemeldet"]),
        ("alle", ["Spiel 4 gespeichert", "hat 8,00\u00a0€ bezahlt", "Nr. 4 Hans angemeldet"]),
        ("zettel", ["Spiel 4 gespeichert"]),
        ("turnier", ["Nr. 4 Hans angemeldet"]),
        ("kasse", ["hat 8,00\u00a0€ bezahlt"]),
        ("unbekannt", ["Spiel 4 gespeichert", "hat 8,00\u00a0€ bezahlt", "Nr. 4 Hans angemeldet"]),
    ],
)
def test_the_filter_shows_only_the_records_of_its_kind(client, mixed, kind, shown):
    response = client.get(log_url(mixed, art=kind) if kind else log_url(mixed))
    lines = [sentence for _time, _action, sentence, _who in rows(response)]
    assert len(lines) == len(shown)
    for line, text in zip(lines, shown, strict=True):
        assert text in line


def test_the_filter_links_mark_the_one_shown(client, mixed):
    html = unescape(client.get(log_url(mixed, art="zettel")).content.decode())
    links = re.findall(r'<a href="([^"]*)"( aria-current="page")?>([^<]*)</a>', html)
    shown = {label: (url, bool(current)) for url, current, label in links}
    assert shown["Alle"] == (log_url(mixed), False)
    assert shown["Turnier und Teilnehmer"] == (log_url(mixed, art="turnier"), False)
    assert shown["Spielzettel"] == (log_url(mixed, art="zettel"), True)
    assert shown["Kasse und Preise"] == (log_url(mixed, art="kasse"), False)


# --- pages -----------------------------------------------------------------------------------


def test_pages_follow_the_merge_of_both_kinds_by_time(client, organiser, sheet):
    make_role(sheet.table.round.event, organiser)
    event = sheet.table.round.event
    expected = interleave(sheet, 250)
    first = client.get(log_url(event))
    assert marks(first) == expected[:100]
    html = unescape(first.content.decode())
    assert "Seite 1 von 3" in html and 'rel="prev"' not in html
    assert f'href="{log_url(event, seite=2)}" rel="next"' in html
    second = client.get(log_url(event, seite=2))
    assert marks(second) == expected[100:200]
    html = unescape(second.content.decode())
    assert f'href="{log_url(event)}" rel="prev"' in html
    assert f'href="{log_url(event, seite=3)}" rel="next"' in html
    assert "Einträge 101–200 von 250" in html
    third = client.get(log_url(event, seite=3))
    assert marks(third) == expected[200:]
    assert 'rel="next"' not in third.content.decode()
    # a page after the last is the last; a page that is no number the first
    assert marks(client.get(log_url(event, seite=9))) == expected[200:]
    assert marks(client.get(log_url(event, seite="x"))) == expected[:100]


def test_pages_of_a_filter_keep_the_filter(client, organiser, sheet):
    make_role(sheet.table.round.event, organiser)
    event = sheet.table.round.event
    expected = [mark for mark in interleave(sheet, 450) if mark.startswith("z")]
    assert len(expected) == 150
    first = client.get(log_url(event, art="zettel"))
    assert marks(first) == expected[:100]
    assert f'href="{log_url(event, art="zettel", seite=2)}" rel="next"' in unescape(
        first.content.decode()
    )
    assert marks(client.get(log_url(event, art="zettel", seite=2))) == expected[100:]


def test_the_merge_pages_through_any_page_size(sheet):
    event = sheet.table.round.event
    expected = interleave(sheet, 40)
    for per_page in (1, 3, 7, 40, 100):
        shown = []
        for number in range(1, -(-40 // per_page) + 1):
            page = audit.event_log(event, page=number, per_page=per_page)
            assert page.count == 40 and page.number == number
            shown += [MARK.search(line.text).expand(r"\1\2") for line in page.lines]
        assert shown == expected, per_page


# --- cost ------------------------------------------------------------------------------------


def queries_of_the_page(client, event, **query) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(log_url(event, **query)).status_code == 200
    return len(queries)


def test_the_page_reads_a_fixed_number_of_queries(client, organiser, sheet):
    make_role(sheet.table.round.event, organiser)
    event = sheet.table.round.event
    interleave(sheet, 6, user=organiser)
    few = queries_of_the_page(client, event)
    few_second = queries_of_the_page(client, event, art="zettel")
    second = make_sheet(make_table(make_round(event, 2), list(event.entries.all()), number=9))
    interleave(second, 600, user=make_user("bernd"))
    interleave(sheet, 300)
    assert queries_of_the_page(client, event) == few
    assert queries_of_the_page(client, event, seite=5) == few
    assert queries_of_the_page(client, event, art="zettel") == few_second


def test_only_the_lines_of_the_page_are_described(client, organiser, sheet, monkeypatch):
    make_role(sheet.table.round.event, organiser)
    interleave(sheet, 450)
    described = []
    describe = audit.describe

    def counting(action, params):
        described.append(action)
        return describe(action, params)

    monkeypatch.setattr(audit, "describe", counting)
    assert len(rows(client.get(log_url(sheet.table.round.event, seite=2)))) == 100
    assert len(described) == 100
