"""The player registry's pages (``tournament.views.players`` and the entry form's use of the
registry): suggestions as JSON for the desk, the second step choosing among likely players
without JavaScript, likely duplicates and their merge, a player's page and the public one."""

import re

import pytest
from django.urls import reverse

from core.limits import MAX_PLAYER_SUGGESTIONS
from core.models import ChangeRecord
from scoring.demo import record_game
from tests.factories import make_entry, make_player, make_role, make_user
from tests.scoring.games import CONCEDED, LOST, WON, sheet_for
from tests.tournament.one_club import make_event, one_club  # noqa: F401  (the events' club)
from tournament.audit import TournamentAction
from tournament.models import Entry, Event, EventRole, Player

pytestmark = pytest.mark.django_db


def search(client, event, query):
    return client.get(reverse("player-search", args=[event.slug]), {"q": query})


# suggestions


def test_search_offers_players_of_earlier_events_with_their_last_event(client, organiser):
    spring = make_event(organiser=organiser, name="Frühjahrsbinokel", date="2025-04-01")
    autumn = make_event(organiser=organiser, name="Herbstbinokel", date="2025-10-01")
    hans = make_entry(spring, 1, "Hans Müller").player
    Entry.objects.create(event=autumn, start_number=1, player=hans)
    make_entry(autumn, 2, "Grete Huber")
    event = make_event(organiser=organiser)
    make_entry(event, 1, "Hanna Mueller")  # plays here already: not offered
    answer = search(client, event, "mü").json()
    assert answer["players"] == [
        {
            "id": hans.pk,
            "name": "Hans Müller",
            "club": "",
            "last_event": {"name": "Herbstbinokel", "date": "2025-10-01"},
        }
    ]
    assert search(client, event, "zz").json() == {"players": []}


def test_search_needs_two_letters_and_stops_at_the_limit(client, organiser):
    other = make_event(organiser=organiser)
    for number in range(1, MAX_PLAYER_SUGGESTIONS + 4):
        make_entry(other, number, f"Hans Maier {number}")
    event = make_event(organiser=organiser)
    assert search(client, event, "h").json() == {"players": []}
    assert len(search(client, event, "ha").json()["players"]) == MAX_PLAYER_SUGGESTIONS


def test_search_is_for_the_events_desk_only(client):
    """A desk helper may search; the players found are those of the events they have a role
    on (tests/tournament/views/test_registry_scope.py)."""
    event = make_event()
    earlier = make_event()
    make_entry(earlier, 1, "Hans Maier")
    response = search(client, event, "ha")
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))
    stranger = make_user("fremd")
    client.force_login(stranger)
    assert search(client, event, "ha").status_code == 403
    helper = make_user("helfer")
    make_role(event, helper, EventRole.Role.DESK)
    client.force_login(helper)
    assert search(client, event, "ha").json()["players"] == []
    make_role(earlier, helper, EventRole.Role.DESK)
    assert [p["name"] for p in search(client, event, "ha").json()["players"]] == ["Hans Maier"]


# registering with the registry


def entry_data(**fields):
    data = {
        "name": "Hans Maier",
        "partner_name": "",
        "club": "",
        "notes": "kommt später",
        "start_number": "17",
        "category": "Senioren",
        "form_token": "t-1",
    }
    data.update(fields)
    return data


def test_likely_players_are_asked_about_and_the_typed_values_stay(client, organiser):
    first = make_entry(make_event(organiser=organiser, name="Frühjahr"), 1, "Hans Maier").player
    first.club = "SV Ulm"
    first.save()
    second = make_entry(make_event(organiser=organiser, name="Herbst"), 1, "Hans Mayer").player
    event = make_event(organiser=organiser)
    url = reverse("entry-create", args=[event.slug])
    response = client.post(url, entry_data(club="TSV Blaustein", unlisted="on"))
    assert response.status_code == 200 and not event.entries.exists()
    html = response.content.decode()
    for value in ('value="Hans Maier"', 'value="TSV Blaustein"', "kommt später",
                  'value="17"', 'value="Senioren"'):
        assert value in html, value
    assert re.search(r'<input[^>]*name="unlisted"[^>]*checked', html)
    assert not re.search(r'<input[^>]*name="public_profile"[^>]*checked', html)
    assert f'name="player_choice" value="{first.pk}"' in html
    assert f'name="player_choice" value="{second.pk}"' in html
    assert 'name="player_choice" value="new"' in html
    assert "Frühjahr" in html  # the last event played
    response = client.post(url, entry_data(club="TSV Blaustein", player_choice=str(first.pk)))
    assert response.status_code == 302
    entry = event.entries.get()
    assert entry.player.pk == first.pk and entry.start_number == 17
    assert Player.objects.get(pk=first.pk).club == "TSV Blaustein"  # moved clubs


def test_a_similar_player_chosen_is_taken(client, organiser):
    mayer = make_entry(make_event(organiser=organiser), 1, "Hans Mayer").player
    event = make_event(organiser=organiser)
    url = reverse("entry-create", args=[event.slug])
    response = client.post(url, entry_data())
    assert f'name="player_choice" value="{mayer.pk}"' in response.content.decode()
    assert client.post(url, entry_data(player_choice=str(mayer.pk))).status_code == 302
    assert event.entries.get().player.pk == mayer.pk


def test_new_player_chosen_creates_one(client, organiser):
    known = make_entry(make_event(organiser=organiser), 1, "Hans Maier").player
    event = make_event(organiser=organiser)
    url = reverse("entry-create", args=[event.slug])
    client.post(url, entry_data(club="SV Ulm"))
    assert not event.entries.exists()
    client.post(url, entry_data(club="SV Ulm", player_choice="new"))
    entry = event.entries.get()
    assert entry.player.pk != known.pk and entry.player.club == "SV Ulm"


def test_a_tapped_suggestion_is_used_without_asking(client, organiser):
    known = make_entry(make_event(organiser=organiser), 1, "Hans Maier").player
    make_entry(make_event(organiser=organiser), 1, "Hans Mayer")
    event = make_event(organiser=organiser)
    response = client.post(
        reverse("entry-create", args=[event.slug]), entry_data(player_id=str(known.pk))
    )
    assert response.status_code == 302
    assert event.entries.get().player.pk == known.pk


def test_the_entry_page_saves_the_wishes_and_moves_the_results_stamp(client, organiser):
    event = make_event(organiser=organiser)
    entry = make_entry(event, 1, "Hans Maier", partner="Karl Ott")
    before = event.results_version
    response = client.post(
        reverse("entry-edit", args=[event.slug, entry.pk]),
        {"name": "Hans Maier", "partner_name": "Karl Ott", "start_number": "1",
         "partner_unlisted": "on", "public_profile": "on"},
    )
    assert response.status_code == 302
    assert Player.objects.get(pk=entry.partner.pk).unlisted
    assert Player.objects.get(pk=entry.player.pk).public_profile
    assert Event.objects.get(pk=event.pk).results_version > before


# duplicates and merging


def test_duplicates_lists_only_players_of_the_users_events(client):
    mine, theirs = make_event(), make_event()
    user = make_user("chef")
    make_role(mine, user)
    make_entry(mine, 1, "Hans Maier")
    other_mine = make_event()
    make_role(other_mine, user)
    make_entry(other_mine, 1, "Maier, Hans")
    make_entry(theirs, 1, "Grete Huber")
    make_entry(make_event(), 1, "Grete Huber")
    client.force_login(user)
    html = client.get(reverse("player-duplicates")).content.decode()
    assert "Maier, Hans" in html and "Hans Maier" in html
    assert "Grete Huber" not in html


def test_merge_from_the_duplicates_page(client, organiser):
    a, b = make_event(organiser=organiser), make_event(organiser=organiser)
    keep = make_entry(a, 1, "Hans Maier").player
    remove_entry = make_entry(b, 1, "Hans Mayer")
    response = client.post(
        reverse("player-merge", args=[keep.pk]), {"remove": remove_entry.player.pk}
    )
    assert response.status_code == 302
    assert response["Location"] == reverse("player-detail", args=[keep.pk])
    assert Entry.objects.get(pk=remove_entry.pk).player_id == keep.pk
    assert ChangeRecord.objects.filter(action=TournamentAction.PLAYERS_MERGED).count() == 2


def test_merge_refused_is_a_message_and_changes_nothing(client, organiser):
    event = make_event(organiser=organiser)
    first, second = make_entry(event, 1, "Hans Maier"), make_entry(event, 2, "Hans Mayer")
    response = client.post(
        reverse("player-merge", args=[first.player.pk]), {"remove": second.player.pk},
        follow=True,
    )
    assert event.name in response.content.decode()
    assert Player.objects.filter(pk=second.player.pk).exists()


def test_merge_and_player_page_of_a_player_not_ones_own_answer_404(client):
    foreign = make_entry(make_event(), 1, "Hans Maier").player
    user = make_user("chef")
    mine = make_entry(make_event(), 1, "Hans Mayer")
    make_role(mine.event, user)
    client.force_login(user)
    assert client.get(reverse("player-detail", args=[foreign.pk])).status_code == 404
    assert client.post(
        reverse("player-merge", args=[mine.player.pk]), {"remove": foreign.pk}
    ).status_code == 302
    assert Player.objects.filter(pk=foreign.pk).exists()
    assert client.post(
        reverse("player-merge", args=[foreign.pk]), {"remove": mine.player.pk}
    ).status_code == 404


# the player's page


@pytest.fixture
def played():
    """Hans (no. 1) in two rounds of a single event with public standings, and as a pair's
    partner in another event without games.

    Round 1 (confirmed): won 200 as declarer (+210), lost 300 (−600), a Durch won (+1000);
    round 2 (confirmed): no. 2 concedes (Hans +190). Hans: 800 in 2 rounds, place 1.
    """
    event = make_event(name="Herbstbinokel", public_standings=True, date="2025-10-01")
    hans, two, three = (make_entry(event, n, name) for n, name in
                        ((1, "Hans Maier"), (2, "Otto"), (3, "Eva")))
    sheet = sheet_for(event, 1, [hans, two, three], 1)
    record_game(sheet=sheet, number=1, **WON)
    record_game(sheet=sheet, number=2, **LOST)
    record_game(sheet=sheet, number=3, bid=150, declarer=0, melds=[0, 0, 0],
                tricks=[250, 0, 0], kind="durch")
    sheet2 = sheet_for(event, 2, [two, hans, three], 1)
    record_game(sheet=sheet2, number=1, **CONCEDED)
    other = make_event(name="Frühjahrsbinokel", date="2026-04-01")
    Entry.objects.create(event=other, start_number=5,
                         player=make_player(other.club, "Anna Berg"), partner=hans.player)
    return hans.player, event, other


def test_player_page_figures(client, organiser, played):
    player, event, other = played
    make_role(event, organiser)
    make_role(other, organiser)
    response = client.get(reverse("player-detail", args=[player.pk]))
    record = response.context["record"]
    assert [row.event.pk for row in record.events] == [other.pk, event.pk]  # newest first
    row = record.events[1]
    assert (row.place, row.total, row.rounds, row.entry.start_number) == (1, 800, 2, 1)
    assert (row.won, row.lost, row.durch_won, row.durch_lost) == (2, 1, 1, 0)
    assert record.events[0].total == 0 and record.events[0].place is None
    assert record.average_per_round == 400.0
    html = response.content.decode()
    assert "Herbstbinokel" in html and "Anna Berg / Hans Maier" in html


def test_public_page_only_when_allowed_and_never_unlisted(client, played):
    player, _event, _other = played
    url = reverse("public-player", args=[player.pk])
    response = client.get(url)
    assert response.status_code == 404
    assert "results/player_not_public.html" in [t.name for t in response.templates]
    player.public_profile = True
    player.save()
    response = client.get(url)
    assert response.status_code == 200
    html = response.content.decode()
    assert "Herbstbinokel" in html
    assert "Frühjahrsbinokel" not in html  # its standings are not public
    assert "Anna Berg" not in html  # partners are not named
    player.unlisted = True
    player.save()
    assert client.get(url).status_code == 404


def test_player_page_lists_only_events_the_reader_may_see(client):
    user = make_user("chef")
    mine = make_event(name="Mein Turnier")
    make_role(mine, user)
    hans = make_entry(mine, 1, "Hans Maier").player
    private = make_event(name="Fremdes Turnier")
    public = make_event(name="Offenes Turnier", public_standings=True)
    for event in (private, public):
        Entry.objects.create(event=event, start_number=1, player=hans)
    client.force_login(user)
    response = client.get(reverse("player-detail", args=[hans.pk]))
    names = {row.event.name for row in response.context["record"].events}
    assert names == {"Mein Turnier", "Offenes Turnier"}
    html = response.content.decode()
    assert reverse("entry-edit", args=[mine.slug, mine.entries.get().pk]) in html
    assert f"/turnier/{public.slug}/teilnehmer/" not in html  # no role there: no link
