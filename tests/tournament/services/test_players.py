"""The player registry's services (``tournament.services.players`` and the registration's use
of it): a regular is found again, likely duplicates are asked about, two rows of one person are
merged (entries, seats, log, results stamp, who may)."""

import pytest

from core.models import ChangeRecord
from scoring.models import SheetConfirmation
from tests.factories import (
    make_entry,
    make_role,
    make_round,
    make_sheet,
    make_table,
    make_user,
)
from tests.tournament.lists import parse
from tests.tournament.one_club import make_event, one_club  # noqa: F401  (the events' club)
from tournament.audit import TournamentAction
from tournament.members import Member
from tournament.models import Entry, Event, EventRole, Player, Seat
from tournament.services import (
    PlayerError,
    PossibleDuplicates,
    forget_player,
    import_entries,
    merge_players,
    register_entry,
    update_entry,
)

pytestmark = pytest.mark.django_db


def version(event: Event) -> int:
    return Event.objects.get(pk=event.pk).results_version


# registering: the registry


def test_a_regular_is_reused_by_exact_name_and_club():
    earlier = make_event()
    old = register_entry(event=earlier, members=[Member("Hans Maier")], club="SV Ulm").player
    entry = register_entry(event=make_event(), members=[Member("maier, hans")], club="sv ulm",
                           ask_when_alike=True)
    assert entry.player.pk == old.pk
    assert entry.player.name == "Hans Maier"  # the registry's spelling stays
    assert Player.objects.count() == 1


def test_a_new_name_creates_a_new_player():
    register_entry(event=make_event(), members=[Member("Hans Maier")], club="SV Ulm")
    entry = register_entry(event=make_event(), members=[Member("Grete Huber")], ask_when_alike=True)
    assert Player.objects.count() == 2 and entry.player.name == "Grete Huber"


def test_likely_duplicates_are_asked_about_and_nothing_is_saved():
    first = register_entry(event=make_event(), members=[Member("Hans Maier")], club="SV Ulm").player
    second = register_entry(event=make_event(), members=[Member("Hans Maier")], club="TSV").player
    event = make_event()
    with pytest.raises(PossibleDuplicates) as error:
        register_entry(event=event, members=[Member("Hans Maier")], ask_when_alike=True)
    assert {player.pk for player, _match in error.value.players} == {first.pk, second.pk}
    assert error.value.partners == []
    assert not event.entries.exists() and Player.objects.count() == 2


def test_without_asking_a_likely_duplicate_is_a_new_player():
    register_entry(event=make_event(), members=[Member("Hans Maier")], club="SV Ulm")
    entry = register_entry(event=make_event(), members=[Member("Hans Mayer")], club="SV Ulm")
    assert Player.objects.count() == 2 and entry.player.name == "Hans Mayer"


def test_the_organisers_choice_decides():
    known = register_entry(event=make_event(), members=[Member("Hans Maier")], club="SV Ulm").player
    chosen = register_entry(event=make_event(), members=[Member("Hans Maier", player_id=known.pk)],
                            ask_when_alike=True)
    assert chosen.player.pk == known.pk
    fresh = register_entry(event=make_event(), members=[Member("Hans Maier", new_player=True)],
                           ask_when_alike=True)
    assert fresh.player.pk != known.pk and Player.objects.count() == 2


def test_a_stale_suggestion_does_not_count():
    """The id of a suggestion tapped, then the name typed over: the name decides."""
    known = register_entry(event=make_event(), members=[Member("Hans Maier")]).player
    entry = register_entry(event=make_event(), members=[Member("Otto Ott", player_id=known.pk)],
                           ask_when_alike=True)
    assert entry.player.pk != known.pk and entry.player.name == "Otto Ott"


def test_players_of_the_event_itself_are_never_offered():
    event = make_event()
    register_entry(event=event, members=[Member("Hans Maier")])
    entry = register_entry(event=event, members=[Member("Hans Maier")], allow_same_name=True,
                           ask_when_alike=True)
    assert Player.objects.count() == 2 and entry.player.name == "Hans Maier"


def test_a_pair_finds_both_players_and_asks_about_the_partner():
    earlier = make_event()
    old = register_entry(event=earlier, members=[Member("Anna Berg"), Member("Karl Berg")],
                         club="CVJM")
    event = make_event()
    with pytest.raises(PossibleDuplicates) as error:
        register_entry(event=event, members=[Member("Anna Berg"), Member("Karl Berg")], club="",
                       ask_when_alike=True)
    assert [p.pk for p, _m in error.value.players] == [old.player.pk]
    assert [p.pk for p, _m in error.value.partners] == [old.partner.pk]
    entry = register_entry(event=event, members=[Member("Anna Berg"), Member("Karl Berg")],
                           club="CVJM", ask_when_alike=True)
    assert (entry.player.pk, entry.partner.pk) == (old.player.pk, old.partner.pk)


def test_registration_saves_the_wishes_and_a_regular_turns_them_on_only():
    entry = register_entry(event=make_event(),
                           members=[Member("Hans Maier", unlisted=True, public_profile=True)])
    player = Player.objects.get(pk=entry.player.pk)
    assert player.unlisted and player.public_profile
    earlier = make_event()
    regular = register_entry(event=earlier, members=[Member("Otto Ott", unlisted=True)]).player
    before = version(earlier)
    again = register_entry(event=make_event(), members=[Member("Otto Ott", public_profile=True)])
    regular.refresh_from_db()
    assert again.player.pk == regular.pk
    assert regular.unlisted and regular.public_profile  # unlisted stays on
    assert version(earlier) == before + 1  # its lists follow the player's wishes


def test_editing_the_wishes_or_the_name_moves_the_results_stamp():
    event = make_event()
    entry = register_entry(event=event, members=[Member("Hans Maier"), Member("Karl")])
    other = make_event()
    make_entry(other, 1)
    Entry.objects.create(event=other, start_number=2, player=entry.partner)
    start, other_start = version(event), version(other)
    changes = update_entry(entry=entry, user=None,
                           members=[Member("Hans Maier"), Member("Karl", unlisted=True)],
                           start_number=entry.start_number)
    assert changes == [["partner_unlisted", False, True]]
    assert Player.objects.get(pk=entry.partner.pk).unlisted
    assert version(event) == start + 1 and version(other) == other_start + 1
    assert update_entry(entry=entry, user=None, members=[Member("Hans Maier"), Member("Karl")],
                        start_number=entry.start_number, notes="spät") == [["notes", "", "spät"]]
    assert version(event) == start + 1  # notes are not shown in any list
    update_entry(entry=entry, user=None, members=[Member("Hans Meier"), Member("Karl")],
                 start_number=entry.start_number)
    assert version(event) == start + 2


# merging


@pytest.fixture
def two_events():
    """Hans Maier in event A (seated in round 1), "Hans Mayer" in event B: one person."""
    a, b = make_event(name="Herbstbinokel"), make_event(name="Winterbinokel")
    entries = [make_entry(a, n) for n in (1, 2)]
    hans_a = make_entry(a, 3, "Hans Maier")
    make_table(make_round(a), [*entries, hans_a])
    hans_b = make_entry(b, 7, "Hans Mayer", partner="Anna Berg")
    return a, b, hans_a, hans_b


def test_merge_moves_entries_and_seats_logs_and_moves_the_stamps(two_events):
    a, b, hans_a, hans_b = two_events
    user = make_user("chef")
    for event in (a, b):
        make_role(event, user, EventRole.Role.ORGANISER)
    keep, remove = hans_a.player, hans_b.player
    remove.unlisted = True
    remove.save()
    versions = (version(a), version(b))
    merge_players(keep=keep, remove=remove, user=user)
    assert not Player.objects.filter(pk=remove.pk).exists()
    assert Entry.objects.get(pk=hans_b.pk).player_id == keep.pk
    assert Seat.objects.filter(player=keep).count() == 1
    assert Player.objects.get(pk=keep.pk).unlisted  # either asked: unlisted
    assert (version(a), version(b)) == (versions[0] + 1, versions[1] + 1)
    logs = ChangeRecord.objects.filter(action=TournamentAction.PLAYERS_MERGED)
    assert {log.event_id for log in logs} == {a.pk, b.pk}
    log_b = logs.get(event=b)
    assert log_b.params["removed"]["name"] == "Hans Mayer"
    assert log_b.params["entries"] == [{"number": 7, "name": "Hans Mayer / Anna Berg"}]
    assert log_b.user == user


def test_merge_moves_a_partner_too(two_events):
    a, _b, _hans_a, hans_b = two_events
    anna = hans_b.partner
    other = make_entry(a, 4, "Anna Berg")
    merge_players(keep=other.player, remove=anna, user=make_user("root", is_superuser=True))
    assert Entry.objects.get(pk=hans_b.pk).partner_id == other.player.pk


def test_merge_refuses_two_players_of_one_event(two_events):
    a, _b, hans_a, _hans_b = two_events
    other = a.entries.get(start_number=1)
    with pytest.raises(PlayerError) as error:
        merge_players(keep=hans_a.player, remove=other.player,
                      user=make_user("root", is_superuser=True))
    assert error.value.params["event"] == "Herbstbinokel"
    assert Player.objects.filter(pk=other.player.pk).exists()
    assert not ChangeRecord.objects.filter(action=TournamentAction.PLAYERS_MERGED).exists()


def test_merge_refuses_the_same_player():
    entry = make_entry(make_event(), 1)
    with pytest.raises(PlayerError):
        merge_players(keep=entry.player, remove=entry.player,
                      user=make_user("root", is_superuser=True))


def test_merge_needs_an_organiser_of_every_event(two_events):
    a, b, hans_a, hans_b = two_events
    user = make_user("chef")
    make_role(a, user, EventRole.Role.ORGANISER)
    make_role(b, user, EventRole.Role.DESK)
    versions = (version(a), version(b))
    with pytest.raises(PlayerError):
        merge_players(keep=hans_a.player, remove=hans_b.player, user=user)
    assert Player.objects.filter(pk=hans_b.player.pk).exists()
    assert (version(a), version(b)) == versions


# importing


def test_an_import_reuses_the_one_player_of_the_same_name_and_club():
    earlier = make_event()
    hans = register_entry(event=earlier, members=[Member("Hans Maier")], club="SV Ulm").player
    anna = register_entry(event=earlier, members=[Member("Anna Berg"), Member("Karl Berg")]).player
    twins = [make_entry(make_event(), 1, "Otto Ott").player for _ in range(2)]
    event = make_event()
    rows = parse(
        "l.csv",
        b"Name;Partner;Verein\nmaier, hans;;sv ulm\nHans Mayer;;SV Ulm\nAnna Berg;Karl Neu;\n"
        b"Otto Ott;;\n",
    )
    imported = import_entries(event=event, user=None, rows=rows)
    players = [entry.player.pk for entry in imported.entries]
    assert players[0] == hans.pk  # the same name and club
    assert players[1] != hans.pk  # only alike: a new player, an import asks nothing
    assert players[2] == anna.pk and imported.entries[2].partner.name == "Karl Neu"
    assert players[3] not in {twin.pk for twin in twins}  # two of that name: new
    assert Player.objects.count() == 5 + 3  # Hans Mayer, Karl Neu and an Otto Ott are new


# editing an entry of a shared player


def test_another_persons_name_leaves_the_shared_player_to_the_other_events():
    earlier, event = make_event(), make_event()
    hans = make_entry(earlier, 1, "Hans Maier").player
    entry = Entry.objects.create(event=event, start_number=1, player=hans)
    others = [make_entry(event, n) for n in (2, 3)]
    make_table(make_round(event), [entry, *others])
    update_entry(entry=entry, user=None, members=[Member("Hans Meier")], start_number=1)  # respelt
    assert Entry.objects.get(pk=entry.pk).player_id == hans.pk
    assert Player.objects.get(pk=hans.pk).name == "Hans Meier"
    # someone else
    update_entry(entry=entry, user=None, members=[Member("Grete Huber")], start_number=1)
    entry.refresh_from_db()
    assert entry.player_id != hans.pk and entry.player.name == "Grete Huber"
    assert Player.objects.get(pk=hans.pk).name == "Hans Meier"  # the earlier event keeps him
    assert Seat.objects.get(entry=entry).player_id == entry.player_id


def test_a_player_of_this_event_only_is_renamed_in_place():
    entry = make_entry(make_event(), 1, "Hans Maier")
    update_entry(entry=entry, user=None, members=[Member("Grete Huber")], start_number=1)
    assert Entry.objects.get(pk=entry.pk).player_id == entry.player.pk
    assert Player.objects.get(pk=entry.player.pk).name == "Grete Huber"


# forgetting: a person's data deleted in the events of one club


def test_a_forgotten_player_keeps_entries_seats_and_start_numbers_under_the_name():
    event = make_event()
    entry = make_entry(event, 1, "Hans Maier", notes="Rollstuhl")
    Player.objects.filter(pk=entry.player_id).update(club="SV Ulm", category="Senior",
                                                     public_profile=True)
    others = [make_entry(event, number) for number in (2, 3)]
    make_table(make_round(event), [entry, *others])
    stamp = version(event)
    forgotten = forget_player(player=entry.player, event_ids=[event.pk], name="gelöscht")
    assert forgotten.pk == entry.player_id
    forgotten.refresh_from_db()
    assert (forgotten.name, forgotten.club, forgotten.category, forgotten.unlisted,
            forgotten.public_profile) == ("gelöscht", "", "", True, False)
    entry.refresh_from_db()
    assert (entry.start_number, entry.notes, entry.player_id) == (1, "", forgotten.pk)
    assert Seat.objects.filter(entry=entry, player=forgotten).count() == 1
    assert version(event) == stamp + 1
    assert set(Player.objects.filter(pk__in=[o.player_id for o in others]).values_list(
        "name", flat=True)) == {"Spieler 2", "Spieler 3"}


def test_a_player_of_other_events_too_keeps_their_row_there():
    ours, theirs = make_event(), make_event()
    entry = make_entry(ours, 1, "Anna Huber", partner="Hans Maier")
    hans = entry.partner
    there = Entry.objects.create(event=theirs, start_number=5, player=hans, notes="bleibt")
    table = make_table(make_round(ours), [entry, make_entry(ours, 2, "A", partner="B")])
    seat = table.seats.get(player=hans)
    confirmed = SheetConfirmation.objects.create(
        sheet=make_sheet(table), position=seat.position, player=hans, start_number=1, version=1)
    stamp = version(theirs)
    forgotten = forget_player(player=hans, event_ids=[ours.pk], name="gelöscht")
    confirmed.refresh_from_db()
    assert confirmed.player_id == forgotten.pk  # scoring's confirmation follows the seat
    assert forgotten.pk != hans.pk
    entry.refresh_from_db()
    assert (entry.partner_id, entry.player.name) == (forgotten.pk, "Anna Huber")
    assert Seat.objects.filter(table__round__event=ours, player=forgotten).count() == 1
    assert not Seat.objects.filter(table__round__event=ours, player=hans).exists()
    hans.refresh_from_db()
    there.refresh_from_db()
    assert (hans.name, there.player_id, there.notes) == ("Hans Maier", hans.pk, "bleibt")
    assert version(theirs) == stamp
