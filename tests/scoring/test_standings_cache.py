"""Standings computed once per change (``scoring.standings.cached_standings``): a second reader
of the same results version costs no query; every service that can change what the standings
show moves the version (``tournament.results.results_changed``); a page served after a
confirmed sheet shows it; the cache works in Redis as in local memory."""

import pytest
from django.urls import reverse

from scoring.demo import fill_random_games
from scoring.models import ScoreSheet
from scoring.ranking import SINGLES
from scoring.services import (
    close_round,
    confirm_sheet,
    reopen_sheet,
    save_sheet_rows,
    submit_sheet,
    update_standings_settings,
)
from scoring.standings import cached_standings, compute_standings
from tests.factories import make_event
from tests.shared_cache import redis_cache  # noqa: F401  (fixture)
from tests.tournament.plans import make_field
from tournament.members import Member
from tournament.models import Entry, Event, Round, Table
from tournament.services import (
    LateEntry,
    discard_plan,
    generate_plan,
    register_entry,
    reinstate_entry,
    release_round,
    replace_entry,
    replan_rounds,
    set_fixed_table,
    swap_entries,
    update_entry,
    update_event,
    withdraw_entry,
)

pytestmark = pytest.mark.django_db

WON_ROW = {"declarer": 0, "bid": 150, "kind": "played", "melds": [0, 0, 0], "tricks": [250, 0, 0]}


def version(event: Event) -> int:
    return Event.objects.values_list("results_version", flat=True).get(pk=event.pk)


def fresh(event: Event) -> Event:
    return Event.objects.get(pk=event.pk)


@pytest.fixture
def planned():
    """Nine singles, three rounds planned (three tables a round), nothing played."""
    event = make_event(round_count=3, games_per_round=2)
    make_field(event, 9, 0)
    generate_plan(event=event, seed=7)
    return fresh(event)


def first_sheet(event: Event, round_number: int = 1) -> ScoreSheet:
    table = Table.objects.get(round__event=event, round__number=round_number, number=1)
    return ScoreSheet.objects.select_related("table__round__event").get(table=table)


def entry(event: Event, number: int) -> Entry:
    return Entry.objects.with_players().get(event=event, start_number=number)


def complete_sheet(sheet: ScoreSheet) -> ScoreSheet:
    save_sheet_rows(sheet=sheet, base_version=sheet.version, rows={1: WON_ROW, 2: WON_ROW})
    return ScoreSheet.objects.select_related("table__round__event").get(pk=sheet.pk)


def test_a_second_reader_of_the_same_version_runs_no_query(
    planned, django_assert_num_queries
):
    fill_random_games(event=planned, rounds=[1], confirm=True)
    event = fresh(planned)
    first = cached_standings(event)
    same_version = Event(pk=event.pk, results_version=event.results_version)
    with django_assert_num_queries(0):
        again = cached_standings(same_version)
    assert [row.total for row in again.ranking(SINGLES)] == [
        row.total for row in first.ranking(SINGLES)
    ]
    assert [row.total for row in first.ranking(SINGLES)] == [
        row.total for row in compute_standings(event).ranking(SINGLES)
    ]


def test_a_new_version_is_computed_anew(planned):
    fill_random_games(event=planned, rounds=[1], confirm=True)
    before = cached_standings(fresh(planned))
    fill_random_games(event=planned, rounds=[2], confirm=True, seed=3)
    after = cached_standings(fresh(planned))
    assert not any(2 in entry.by_round for entry in before.entries)
    assert all(2 in entry.by_round for entry in after.entries)


def test_a_stale_event_never_gets_standings_older_than_it_was_loaded_with(planned):
    """The reader's event names the version it saw; what it gets was computed at that version
    or later, never earlier."""
    stale = fresh(planned)
    fill_random_games(event=planned, rounds=[1], confirm=True)
    got = cached_standings(stale)  # computed now, from the rows as they are
    assert all(1 in entry.by_round for entry in got.entries)


# Every change that can alter the standings moves the version: (name, change).


def _register(event):
    register_entry(event=discard(event), members=[Member("Neu Dazu")])


def discard(event):
    discard_plan(event=event)
    return fresh(event)


def _update_entry(event):
    e = entry(discard(event), 1)
    update_entry(entry=e, user=None, members=[Member("Anders Benannt")], start_number=1)


def _withdraw(event):
    withdraw_entry(entry=entry(discard(event), 2), user=None)


def _reinstate(event):
    event = discard(event)
    withdraw_entry(entry=entry(event, 2), user=None)
    before = version(event)
    reinstate_entry(entry=entry(event, 2), user=None)
    assert version(event) > before


def _swap(event):
    round_ = Round.objects.get(event=event, number=2)
    first = Table.objects.get(round=round_, number=1).seats.first().entry
    second = Table.objects.get(round=round_, number=2).seats.first().entry
    swap_entries(round=round_, first=first, second=second)


def _replace(event):
    replace_entry(absent=entry(event, 3), name="Spät Gekommen")


def _replan(event):
    replan_rounds(event=event, late=[LateEntry(name="Nachzügler")])


def _fixed(event):
    set_fixed_table(entry=entry(event, 4), fixed=True)


def _release(event):
    release_round(round=Round.objects.get(event=event, number=1), released=True)


def _event_edit(event):
    update_event(event=event, venue="Gemeindehalle")


def _settings(event):
    update_standings_settings(
        event=event, tie_breaks=[], count_unconfirmed=True, public_standings=False
    )


def _publish(event):
    update_standings_settings(
        event=event, tie_breaks=[], count_unconfirmed=False, public_standings=True
    )


def _first_save(event):
    sheet = first_sheet(event)
    save_sheet_rows(sheet=sheet, base_version=sheet.version, rows={1: WON_ROW})


def _submit(event):
    sheet = complete_sheet(first_sheet(event))
    before = version(event)
    submit_sheet(sheet=sheet)
    assert version(event) > before


def _confirm(event):
    sheet = complete_sheet(first_sheet(event))
    before = version(event)
    confirm_sheet(sheet=sheet, user=None)
    assert version(event) > before


def _reopen(event):
    sheet = complete_sheet(first_sheet(event))
    confirm_sheet(sheet=sheet, user=None)
    before = version(event)
    reopen_sheet(sheet=sheet, user=None)
    assert version(event) > before


def _close_round(event):
    close_round(round=Round.objects.get(event=event, number=1))


def _generate(event):
    generate_plan(event=discard(event), seed=3)


CHANGES = {
    "register": _register,
    "update entry": _update_entry,
    "withdraw": _withdraw,
    "reinstate": _reinstate,
    "discard plan": discard,
    "generate plan": _generate,
    "swap seats": _swap,
    "replace entry": _replace,
    "re-plan": _replan,
    "fixed table": _fixed,
    "release round": _release,
    "edit event": _event_edit,
    "standings settings": _settings,
    "standings public": _publish,
    "first game of a sheet": _first_save,
    "sheet handed in": _submit,
    "sheet confirmed": _confirm,
    "sheet reopened": _reopen,
    "round closed": _close_round,
}


@pytest.mark.parametrize("change", CHANGES.values(), ids=CHANGES.keys())
def test_every_change_of_the_results_moves_the_version(planned, change):
    stale = cached_standings(fresh(planned))
    before = version(planned)
    change(fresh(planned))
    assert version(planned) > before
    assert cached_standings(fresh(planned)) is not stale


def test_a_save_of_a_sheet_in_progress_that_does_not_count_keeps_the_version(planned):
    """Only confirmed sheets count by default: a further game on a sheet in progress changes
    nothing the standings show, so the many saves of the evening leave the cache alone."""
    _first_save(planned)
    before = version(planned)
    sheet = first_sheet(planned)
    save_sheet_rows(sheet=sheet, base_version=sheet.version, rows={2: WON_ROW})
    assert version(planned) == before


def test_the_same_save_moves_the_version_when_unconfirmed_sheets_count(planned):
    _settings(planned)
    _first_save(planned)
    before = version(planned)
    sheet = first_sheet(planned)
    save_sheet_rows(sheet=sheet, base_version=sheet.version, rows={2: WON_ROW})
    assert version(planned) > before


def csv_total(client, event: Event, start_number: int) -> str:
    """The Gesamt cell of a start number in the public CSV."""
    text = client.get(
        reverse("public-standings-csv", kwargs={"slug": event.slug})
    ).content.decode("utf-8-sig")
    rows = [line.split(";") for line in text.splitlines()]
    header = next(row for row in rows if "Startnummer" in row)
    number, total = header.index("Startnummer"), header.index("Gesamt")
    return next(row[total] for row in rows if row[number:number + 1] == [str(start_number)])


def test_a_page_served_after_a_confirmed_sheet_shows_it(client, planned):
    _publish(planned)
    sheet = complete_sheet(first_sheet(planned))
    declarer = sheet.table.seats.order_by("position").first().entry.start_number
    # served (and cached) while the sheet is handed in but not confirmed: not counted yet
    assert csv_total(client, planned, declarer) == "0"
    confirm_sheet(sheet=sheet, user=None)
    expected = next(
        row.total
        for row in compute_standings(fresh(planned)).ranking(SINGLES)
        if row.start_number == declarer
    )
    assert expected > 0
    assert csv_total(client, planned, declarer) == str(expected)


def test_the_standings_keep_in_redis(redis_cache, planned):  # noqa: F811
    fill_random_games(event=planned, rounds=[1], confirm=True)
    event = fresh(planned)
    first = cached_standings(event)
    from django.core.cache import cache

    from scoring.standings import standings_cache_key

    stored = cache.get(standings_cache_key(event))
    assert stored is not None
    assert [row.total for row in stored.ranking(SINGLES)] == [
        row.total for row in first.ranking(SINGLES)
    ]


# The rendered ranking tables: once per results version, language and view.


def test_the_tables_of_a_version_are_rendered_once(client, planned):
    from unittest import mock

    from scoring import tables

    _publish(planned)
    fill_random_games(event=planned, rounds=[1], confirm=True)
    url = reverse("public-standings", kwargs={"slug": planned.slug})
    with mock.patch.object(
        tables.StandingsTable, "body_html", autospec=True,
        side_effect=tables.StandingsTable.body_html,
    ) as body:
        first = client.get(url).content.decode()
        second = client.get(url).content.decode()
        assert body.call_count == 1  # the singles (no pairs), the first time only
        sorted_page = client.get(url + "?einzel-sort=name").content.decode()
        assert body.call_count == 2  # another view: rendered (and kept) on its own
        client.get(url + "?einzel-sort=name")
        assert body.call_count == 2
        client.get(url, HTTP_ACCEPT_LANGUAGE="en")
        assert body.call_count == 3  # another language
        client.get(url + "?utm=1")  # an unknown parameter: rendered, not kept
        client.get(url + "?utm=1")
        assert body.call_count == 5
        fill_random_games(event=planned, rounds=[2], confirm=True, seed=9)
        third = client.get(url).content.decode()
        assert body.call_count == 6  # a new version

    def tables_of(html: str) -> str:
        return html[html.index("<table"):html.rindex("</table>")]

    assert tables_of(first) == tables_of(second)
    assert tables_of(sorted_page) != tables_of(first) != tables_of(third)


@pytest.mark.parametrize(
    ("query", "kept"),
    [
        ("", True),
        ("durchgang=1", True),
        ("einzel-sort=-total&paare-sort=name", True),
        ("einzel-sort=r3", True),
        ("einzel-sort=r9", False),  # no such round
        ("einzel-sort=password", False),
        ("durchgang=7", False),
        ("durchgang=1&durchgang=2", False),
        ("page=2", False),
    ],
)
def test_only_the_known_views_are_kept(rf, planned, query, kept):
    from scoring.views.standings import _tables_cache_key

    standings = cached_standings(fresh(planned))
    key = _tables_cache_key(rf.get("/", data=None, QUERY_STRING=query), planned, standings,
                            public=True)
    assert (key is not None) == kept
