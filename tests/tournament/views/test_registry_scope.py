"""The player registry stays within an account's events (issue 27, finding 1).

Event A ("Herbstbinokel Ulm", organised by anna, public standings) has the unlisted player
Hans Zeller, SV Ulm, start number 5, with games. Event B ("Frühjahrsbinokel Blaustein") is
bert's own, with the desk helper hilde. Neither bert nor hilde has a role on A: the suggestions,
the "Who is …?" question, a ``player_id`` sent, an import and a latecomer never reach Zeller,
and an edit in B of an entry that shares Zeller's player row (linked by someone who organises
both) changes B's entry only: A's public standings, its CSV and Zeller's public page stay.
Someone who organises every event of the player, and a superuser, change the shared row.

The events are of one club (one registry), and the accounts guests with a role on single
events: a guest sees only the players of their events. A member of the club sees its whole
registry, and no account sees another club's players from an event of its own.
"""

import pytest
from django.urls import reverse

from scoring.demo import record_game
from tests.factories import make_club, make_entry, make_player, make_role, make_user
from tests.scoring.games import WON, sheet_for
from tests.tournament.lists import parse
from tests.tournament.one_club import make_event, one_club  # noqa: F401  (the events' club)
from tournament.members import Member, members_of
from tournament.models import Entry, Event, EventRole, Player
from tournament.services import import_entries, register_entry
from tournament.services.entries import known_players

pytestmark = pytest.mark.django_db


@pytest.fixture
def clubs():
    """A with Zeller (no. 5, unlisted, SV Ulm) at a confirmed table; B, bert's, empty."""
    anna, bert, hilde = make_user("anna"), make_user("bert"), make_user("hilde")
    a = make_event(name="Herbstbinokel Ulm", date="2025-10-04", public_standings=True)
    make_role(a, anna)
    zeller = make_player(a.club, "Hans Zeller", club="SV Ulm", unlisted=True)
    five = Entry.objects.create(event=a, start_number=5, player=zeller)
    others = [make_entry(a, number, name) for number, name in ((6, "Otto Ott"), (7, "Eva Enz"))]
    record_game(sheet=sheet_for(a, 1, [five, *others], 1), number=1, **WON)
    b = make_event(name="Frühjahrsbinokel Blaustein", date="2026-03-07")
    make_role(b, bert)
    make_role(b, hilde, EventRole.Role.DESK)
    return {"a": a, "b": b, "zeller": zeller, "anna": anna, "bert": bert, "hilde": hilde}


def search(client, event, query="Ze"):
    return client.get(reverse("player-search", args=[event.slug]), {"q": query}).json()["players"]


def public_texts(client, event) -> str:
    """A's public standings page and public CSV, one text."""
    page = client.get(reverse("public-standings", args=[event.slug])).content.decode()
    csv = client.get(reverse("public-standings-csv", args=[event.slug])).content.decode("utf-8-sig")
    return page + csv


def entry_data(**fields):
    data = {"name": "Hans Zeller", "partner_name": "", "club": "", "notes": "",
            "start_number": "", "category": "", "form_token": "t-zeller"}
    data.update(fields)
    return data


# seeing


@pytest.mark.parametrize("account", ["bert", "hilde"])
def test_the_suggestions_in_event_b_do_not_offer_the_player_of_event_a(client, clubs, account):
    client.force_login(clubs[account])
    assert search(client, clubs["b"]) == []


def test_an_account_with_an_event_of_its_own_sees_none_of_the_others(client, clubs):
    newcomer = make_user("neu")
    make_club(organiser=newcomer)
    client.force_login(newcomer)
    response = client.post(reverse("event-create"), {
        "name": "Eigenes Turnier", "date": "2026-05-01", "venue": "Halle", "round_count": 3,
        "games_per_round": 12})
    assert response.status_code == 302
    assert search(client, Event.objects.get(name="Eigenes Turnier")) == []


def test_a_player_id_the_account_may_not_see_is_refused(client, clubs):
    client.force_login(clubs["bert"])
    response = client.post(reverse("entry-create", args=[clubs["b"].slug]),
                           entry_data(player_id=str(clubs["zeller"].pk)))
    assert response.status_code == 200
    assert not clubs["b"].entries.exists()
    assert "kann hier nicht gewählt werden" in response.content.decode()


def test_a_partner_id_the_account_may_not_see_is_refused(client, clubs):
    client.force_login(clubs["hilde"])
    response = client.post(reverse("entry-create", args=[clubs["b"].slug]), entry_data(
        name="Anna Berg", partner_name="Hans Zeller", partner_id=str(clubs["zeller"].pk)))
    assert response.status_code == 200 and not clubs["b"].entries.exists()


def test_the_who_is_question_and_an_exact_name_never_reach_an_unseen_player(client, clubs):
    client.force_login(clubs["bert"])
    url = reverse("entry-create", args=[clubs["b"].slug])
    # alike, not the same: no question (nobody to ask about), a new player
    response = client.post(url, entry_data(name="Hans Zöller", form_token="t-1"))
    assert response.status_code == 302
    assert clubs["b"].entries.get().player.name == "Hans Zöller"
    # the same name and club: still a new player, not Zeller
    response = client.post(url, entry_data(club="SV Ulm", form_token="t-2"))
    assert response.status_code == 302
    entry = clubs["b"].entries.get(player__name="Hans Zeller")
    assert entry.player_id != clubs["zeller"].pk


def test_an_import_never_reuses_an_unseen_player(clubs):
    imported = import_entries(event=clubs["b"], user=clubs["bert"],
                              rows=parse("l.csv", b"Name;Verein\nHans Zeller;SV Ulm\n"))
    assert imported.entries[0].player_id != clubs["zeller"].pk


def test_a_latecomer_never_reuses_an_unseen_player(clubs):
    found = known_players(event=clubs["b"], members=members_of("Hans Zeller"), club="SV Ulm",
                          user=clubs["bert"])
    assert found == [None]
    assert known_players(event=clubs["b"], members=members_of("Hans Zeller"), club="SV Ulm",
                         user=clubs["anna"]) == [clubs["zeller"]]


def test_the_last_event_shown_is_one_the_account_has_a_role_on(client, clubs):
    """Zeller plays in C too (no role of anna's there): anna's suggestions name A."""
    c = make_event(name="Winterbinokel Ehingen", date="2026-01-10")
    Entry.objects.create(event=c, start_number=1, player=clubs["zeller"])
    own = make_event(name="Annas zweites Turnier")
    make_role(own, clubs["anna"])
    client.force_login(clubs["anna"])
    [found] = search(client, own)
    assert found["id"] == clubs["zeller"].pk
    assert found["last_event"] == {"name": "Herbstbinokel Ulm", "date": "2025-10-04"}
    html = client.post(reverse("entry-create", args=[own.slug]),
                       entry_data(name="Hans Zöller")).content.decode()
    assert "Herbstbinokel Ulm" in html and "Winterbinokel" not in html  # "Who is …?"
    html = client.get(reverse("player-detail", args=[clubs["zeller"].pk])).content.decode()
    assert "Winterbinokel" not in html


# changing a shared player


@pytest.fixture
def shared(clubs):
    """Zeller plays in B too: carl, organiser of A and B, registered him there."""
    carl = make_user("carl")
    make_role(clubs["a"], carl)
    make_role(clubs["b"], carl)
    entry = register_entry(event=clubs["b"], user=carl,
                           members=[Member("Hans Zeller", player_id=clubs["zeller"].pk)])
    assert entry.player_id == clubs["zeller"].pk
    return {**clubs, "carl": carl, "entry": entry}


def edit(client, shared, **fields):
    data = {"name": "Hans Zeler", "partner_name": "", "club": "SV Ulm", "notes": "",
            "start_number": str(shared["entry"].start_number), "category": "Senioren",
            "public_profile": "on"}  # unlisted off
    data.update(fields)
    url = reverse("entry-edit", args=[shared["b"].slug, shared["entry"].pk])
    return client.post(url, data)


@pytest.mark.parametrize("account", ["bert", "hilde"])
def test_an_edit_by_someone_not_organising_every_event_stays_in_this_event(
    client, shared, account
):
    a, zeller = shared["a"], shared["zeller"]
    client.force_login(shared[account])
    assert edit(client, shared).status_code == 302
    zeller.refresh_from_db()
    assert (zeller.name, zeller.club, zeller.category, zeller.unlisted, zeller.public_profile) \
        == ("Hans Zeller", "SV Ulm", "", True, False)
    client.logout()
    shown = public_texts(client, a)
    assert "Startnummer 5" in shown and "Zeler" not in shown and "Zeller" not in shown
    assert client.get(reverse("public-player", args=[zeller.pk])).status_code == 404
    entry = Entry.objects.select_related("player").get(pk=shared["entry"].pk)
    assert entry.player_id != zeller.pk
    own = entry.player
    assert (own.name, own.club, own.category, own.unlisted, own.public_profile) \
        == ("Hans Zeler", "SV Ulm", "Senioren", False, True)
    page = client.get(reverse("public-player", args=[own.pk])).content.decode()
    assert "Herbstbinokel" not in page


def test_the_entry_page_says_beforehand_that_an_edit_stays_in_this_event(client, shared):
    url = reverse("entry-edit", args=[shared["b"].slug, shared["entry"].pk])
    client.force_login(shared["bert"])
    html = client.get(url).content.decode()
    assert "Hans Zeller spielt auch in Turnieren, die Sie nicht leiten" in html
    client.force_login(shared["carl"])
    assert "spielt auch in Turnieren" not in client.get(url).content.decode()


def test_an_edit_of_the_entry_alone_keeps_the_shared_player(client, shared):
    client.force_login(shared["bert"])
    response = edit(client, shared, name="Hans Zeller", category="", public_profile="",
                    unlisted="on", notes="kommt später")
    assert response.status_code == 302
    assert Entry.objects.get(pk=shared["entry"].pk).player_id == shared["zeller"].pk


@pytest.mark.parametrize("account", ["carl", "root"])
def test_an_organiser_of_every_event_or_a_superuser_changes_the_shared_player(
    client, shared, account
):
    user = shared.get(account) or make_user("root", is_superuser=True)
    client.force_login(user)
    assert edit(client, shared).status_code == 302
    zeller = Player.objects.get(pk=shared["zeller"].pk)
    assert Entry.objects.get(pk=shared["entry"].pk).player_id == zeller.pk
    assert (zeller.name, zeller.category, zeller.unlisted, zeller.public_profile) \
        == ("Hans Zeler", "Senioren", False, True)
    client.logout()
    assert "Hans Zeler" in public_texts(client, shared["a"])
    page = client.get(reverse("public-player", args=[zeller.pk])).content.decode()
    assert "Herbstbinokel Ulm" in page


def test_a_desk_helpers_registration_with_wishes_of_a_shared_player_stays_in_that_event(
    clubs,
):
    """hilde helps at A too: she sees Zeller and registers him in B as he is (the registry's
    row); registered in a third event with a category and "public page", he gets a row of that
    entry's own, and A's Zeller stays as A's organiser left him."""
    a, b, hilde, zeller = clubs["a"], clubs["b"], clubs["hilde"], clubs["zeller"]
    make_role(a, hilde, EventRole.Role.DESK)
    plain = register_entry(event=b, user=hilde,
                           members=[Member("Hans Zeller", player_id=zeller.pk)])
    assert plain.player_id == zeller.pk  # nothing of his changes: the registry's player
    other = make_event()
    make_role(other, hilde, EventRole.Role.DESK)
    entry = register_entry(event=other, user=hilde, members=[
        Member("Hans Zeller", category="Senioren", public_profile=True, player_id=zeller.pk)])
    assert entry.player_id != zeller.pk
    assert (entry.player.name, entry.player.category, entry.player.public_profile) \
        == ("Hans Zeller", "Senioren", True)
    zeller.refresh_from_db()
    assert (zeller.category, zeller.public_profile) == ("", False)


def test_a_desk_helper_sees_the_players_of_the_events_they_help_at(client, clubs):
    make_role(clubs["a"], clubs["hilde"], EventRole.Role.DESK)
    client.force_login(clubs["hilde"])
    assert [found["id"] for found in search(client, clubs["b"])] == [clubs["zeller"].pk]

def test_an_unlisted_players_page_names_no_event_of_theirs_without_a_role(client, clubs):
    """Zeller plays in C too, whose standings are public but show him as a start number:
    anna's page of him does not tie that number to his name."""
    c = make_event(name="Winterbinokel Ehingen", public_standings=True)
    Entry.objects.create(event=c, start_number=9, player=clubs["zeller"])
    client.force_login(clubs["anna"])
    response = client.get(reverse("player-detail", args=[clubs["zeller"].pk]))
    assert [row.event.name for row in response.context["record"].events] == ["Herbstbinokel Ulm"]
    Player.objects.filter(pk=clubs["zeller"].pk).update(unlisted=False)
    response = client.get(reverse("player-detail", args=[clubs["zeller"].pk]))
    assert {row.event.name for row in response.context["record"].events} \
        == {"Herbstbinokel Ulm", "Winterbinokel Ehingen"}
