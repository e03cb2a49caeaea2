"""Sending an event back with a club's sending key (``transfer.views.event_push``,
``manage.py push_event``): a key wrong, revoked or of another club is refused and changes
nothing; the laptop's games reach the server, a second push changes nothing, a conflict waits
on the server for its organisers; and the whole trip over HTTP to a running server."""

from __future__ import annotations

import json
import subprocess
import sys
import urllib.request

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse

from clubs.services import issue_sending_key, revoke_sending_key
from core.models import ChangeRecord
from scoring.demo import record_game
from scoring.models import ScoreSheet
from tests.factories import make_club, make_member, make_user
from tests.servers import HOST, ROOT, app_environment, copy_test_database, free_port, running
from tests.transfer.events import (
    played_event,
    results_of,
    row_counts,
    server_and_laptop,
    without_state,
)
from tournament.models import Event
from transfer.models import WaitingArchive

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(monkeypatch):
    return played_event(monkeypatch)


def three_games(laptop_event: Event) -> None:
    """The evening goes on on the laptop: three games of a sheet not begun."""
    sheet = ScoreSheet.objects.filter(table__round__event=laptop_event, status="empty").first()
    for game in range(1, 4):
        record_game(sheet=sheet, number=game, bid=150, declarer=0, melds=[60, 20, 0],
                    tricks=[130, 60, 60] if sheet.table.seat_count == 3 else [130, 120])


def push(client, data: bytes, key: str | None):
    headers = {"HTTP_AUTHORIZATION": f"Bearer {key}"} if key is not None else {}
    return client.post(reverse("event-push"), data=data, content_type="application/zip",
                       **headers)


@pytest.mark.parametrize("which", ["none", "wrong", "revoked", "other club", "not bearer"])
def test_a_key_not_of_the_events_club_changes_nothing(client, event, which):
    server, to_server, laptop = server_and_laptop(event, three_games)
    other = make_club()
    own, secret = issue_sending_key(club=server.club, label="Laptop")
    _other_key, other_secret = issue_sending_key(club=other, label="Laptop")
    if which == "revoked":
        revoke_sending_key(club=server.club, key_id=own.pk)
    counts, before = row_counts(), results_of(server)
    if which == "not bearer":
        response = client.post(reverse("event-push"), data=to_server,
                               content_type="application/zip", HTTP_AUTHORIZATION=secret)
    else:
        response = push(client, to_server, {
            "none": None, "wrong": secret[::-1], "revoked": secret,
            "other club": other_secret}[which])
    answer = response.json()
    if which == "other club":
        assert response.status_code == 400 and other.name in answer["error"]
    else:
        assert response.status_code == 401 and "Sendeschlüssel" in answer["error"]
    assert "no-store" in response["Cache-Control"]
    assert row_counts() == counts and results_of(server) == before != laptop


def test_the_laptops_games_reach_the_server_and_a_second_push_changes_nothing(client, event):
    server, to_server, laptop = server_and_laptop(event, three_games)
    _key, secret = issue_sending_key(club=server.club, label="Laptop Halle")
    response = push(client, to_server, secret)
    assert response.status_code == 200, response.content
    answer = response.json()
    assert answer["status"] == "updated" and answer["added"] >= 3
    assert answer["event"].endswith(server.get_absolute_url())
    assert results_of(server) == laptop
    records, counts = ChangeRecord.objects.count(), row_counts()
    again = push(client, to_server, secret)
    assert again.status_code == 200 and again.json()["status"] == "unchanged"
    assert ChangeRecord.objects.count() == records and row_counts() == counts


def test_a_conflict_waits_on_the_server_until_its_organiser_decides(client, event):
    number = event.entries.order_by("start_number").first().start_number

    def on_laptop(laptop):
        three_games(laptop)
        laptop.entries.filter(start_number=number).update(notes="kommt später (Laptop)")

    server, to_server, laptop = server_and_laptop(event, on_laptop)
    server.entries.filter(start_number=number).update(notes="kommt später (Server)")
    _key, secret = issue_sending_key(club=server.club, label="Laptop Halle")
    response = push(client, to_server, secret)
    assert response.status_code == 409
    answer = response.json()
    assert [(c["field"], c["here"], c["there"]) for c in answer["conflicts"]] == [
        ("Notizen", "kommt später (Server)", "kommt später (Laptop)")]
    waiting_url = reverse("event-archives-waiting", args=[server.slug])
    assert answer["decide"].endswith(waiting_url)
    assert results_of(server) != laptop  # nothing applied yet
    assert push(client, to_server, secret).status_code == 409
    assert WaitingArchive.objects.filter(event=server).count() == 1  # kept once

    organiser = make_user("leitung")
    make_member(server.club, organiser)
    client.force_login(organiser)
    page = client.get(waiting_url).content.decode()
    assert "Laptop Halle" in page
    archive = page.split('name="archive" value="')[1].split('"')[0]
    shown = client.post(reverse("event-archive-import"), {"archive": archive})
    conflict = shown.content.decode()
    assert "kommt später (Server)" in conflict and "kommt später (Laptop)" in conflict
    decision = conflict.split('type="radio" name="')[1].split('"')[0]
    applied = client.post(reverse("event-archive-import"),
                          {"archive": archive, decision: "theirs"})
    assert applied.status_code == 302
    assert results_of(server) == laptop
    assert not WaitingArchive.objects.filter(event=server).exists()
    assert "Laptop Halle" not in client.get(waiting_url).content.decode()


def test_only_the_events_organisers_see_what_waits(client, event):
    helper = make_user("helfer")
    make_member(event.club, helper, "helper")
    client.force_login(helper)
    response = client.get(reverse("event-archives-waiting", args=[event.slug]))
    assert response.status_code == 403


# --- over HTTP, to a running server ------------------------------------------------------------

SERVER_EVENT = """
import sys
import django
django.setup()
from django.core.management import call_command
from clubs.models import Club
from clubs.services import issue_sending_key
from tournament.members import members_of
from tournament.models import Event
from tournament.services import generate_plan, register_entry, release_round
from series.models import Series
from transfer.archive import build_archive
if sys.argv[1] == "migrate":
    call_command("migrate", verbosity=0)
club = Club.objects.create(name="Binokelfreunde Halle", slug="bf-halle")
event = Event.objects.create(club=club, name="Preisbinokel", slug="preisbinokel",
                             date="2026-11-21", public_standings=True)
for number in range(6):
    register_entry(event=event, members=members_of(f"Spieler {number + 1}"))
generate_plan(event=event, seed=1)
release_round(round=event.rounds.get(number=1), released=True)
Series.objects.create(name="Cup", slug="cup", public=True).events.add(event)
open(sys.argv[2], "wb").write(build_archive(event=event))
print(issue_sending_key(club=club, label="Laptop Gemeindehalle")[1])
"""


# what the server holds of the evening, read once it has answered (it writes nothing then)
SERVER_RESULTS = """
import json
import django
django.setup()
from tests.transfer.events import results_of
from tournament.models import Event
print(json.dumps(results_of(Event.objects.get(slug="preisbinokel")), default=str))
"""


def as_json(results: dict) -> object:
    """``results`` as they read after a trip through JSON (tuples become lists)."""
    return json.loads(json.dumps(results, default=str))


def server_script(script: str, env: dict, *args: str) -> str:
    result = subprocess.run([sys.executable, "-c", script, *args], cwd=ROOT, env=env,
                            capture_output=True, text=True, check=False, timeout=120)
    assert result.returncode == 0, result.stderr
    return result.stdout.strip().splitlines()[-1]


@pytest.fixture(scope="module")
def association_server(tmp_path_factory, django_db_setup, django_db_blocker):
    """The association's server: a process of its own on a free port, with a database of its own
    (a copy of the test run's, empty) holding a club's evening as it is prepared before the
    evening; (its address, the evening's archive as downloaded, a sending key of the club, the
    environment of its processes)."""
    work = tmp_path_factory.mktemp("association")
    database = work / "server.sqlite3"
    with django_db_blocker.unblock():
        copied = copy_test_database(database)
    env = app_environment(database)
    archive = work / "vom-server.zip"
    key = server_script(SERVER_EVENT, env, "copy" if copied else "migrate", str(archive))
    port = free_port()
    with running([sys.executable, "manage.py", "serve", f"{HOST}:{port}"], env, port,
                 work / "serve.log") as base:
        yield base, archive, key, env


def test_the_laptop_pushes_its_evening_to_a_running_server(association_server, client, capsys):
    base, archive, key, env = association_server
    # the laptop: the server's event imported, round 1 played there
    call_command("import_event", str(archive))
    assert capsys.readouterr().out.startswith("created:")
    laptop = Event.objects.get(slug="preisbinokel")
    for sheet in ScoreSheet.objects.filter(table__round__event=laptop, table__round__number=1):
        for game in range(1, 3):
            record_game(sheet=sheet, number=game, bid=150, declarer=game % 3,
                        melds=[40, 20, 0], tricks=[130, 60, 60])
    standings = client.get(reverse("public-standings-csv", args=[laptop.slug])).content
    with pytest.raises(CommandError, match=r"gilt hier nicht|not valid here"):
        call_command("push_event", laptop.slug, to=base, key="falsch")
    call_command("push_event", laptop.slug, to=base, key=key)
    assert capsys.readouterr().out.startswith("updated:")
    path = reverse("public-standings-csv", args=[laptop.slug])
    with urllib.request.urlopen(f"{base}{path}") as answer:
        on_server = answer.read()
    assert without_state(on_server) == without_state(standings) and b"Spieler 1" in on_server
    # standings, series, results, start numbers, links and codes: game for game the laptop's
    held = json.loads(server_script(SERVER_RESULTS, env))
    assert held == as_json(results_of(laptop)) and len(held["games"]) >= 4
    call_command("push_event", laptop.slug, to=base, key=key)
    assert capsys.readouterr().out.startswith("unchanged:")


def test_a_server_not_reachable_is_said_and_nothing_is_sent(event):
    with pytest.raises(CommandError, match="cannot be reached"):
        call_command("push_event", event.slug, to=f"http://{HOST}:{free_port()}", key="x")
