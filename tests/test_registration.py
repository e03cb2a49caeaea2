"""Registration pages: events, entries (singles, pairs, stand-ins), withdrawal, the change log,
and the refusal to change the field once a seating plan exists."""

import datetime

import pytest
from django.urls import reverse
from django.utils import translation

from tests.factories import make_entry, make_event, make_round, make_user
from tournament import audit, services
from tournament.forms import EventForm
from tournament.models import ChangeLog, Entry, Event, Player
from tournament.services import registration

pytestmark = pytest.mark.django_db

CLOSED = "Änderungen laufen jetzt über „Teilnehmer ersetzen“ oder einen Ersatz"


@pytest.fixture
def organiser(client):
    user = make_user("orga")
    client.force_login(user)
    return user


def html_of(response) -> str:
    return response.content.decode()


# --- login ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "needs_entry"),
    [
        ("event-edit", False),
        ("entry-create", False),
        ("entry-edit", True),
        ("change-log", False),
    ],
)
def test_pages_require_login(client, name, needs_entry):
    event = make_event()
    args = [event.slug]
    if needs_entry:
        args.append(make_entry(event, 1).pk)
    response = client.get(reverse(name, args=args))
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))


@pytest.mark.parametrize("name", ["entry-withdraw", "entry-reinstate"])
def test_withdraw_requires_login(client, name):
    event = make_event()
    entry = make_entry(event, 1)
    response = client.post(reverse(name, args=[event.slug, entry.pk]))
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))
    entry.refresh_from_db()
    assert entry.is_withdrawn is False


def test_create_event_requires_login(client):
    response = client.post(reverse("event-create"), {"name": "X", "date": "2026-11-21"})
    assert response.status_code == 302 and not Event.objects.exists()


def test_home_offers_new_tournament_only_to_organisers(client):
    assert "Neues Turnier" not in html_of(client.get(reverse("home")))
    client.force_login(make_user())
    html = html_of(client.get(reverse("home")))
    assert "Neues Turnier" in html and reverse("event-create") in html


# --- events ---------------------------------------------------------------------------------


def event_data(**fields) -> dict:
    return {
        "name": "Benefizbinokel Plochingen 2026",
        "slug": "",
        "date": "2026-11-21",
        "venue": "Gemeindehaus",
        "round_count": 3,
        "games_per_round": 12,
        **fields,
    }


def test_new_event_form_is_german_with_defaults(client, organiser):
    html = html_of(client.get(reverse("event-create")))
    assert "Neues Turnier" in html and "Kurzname" in html and "Spiele je Durchgang" in html
    assert 'name="round_count" value="3"' in html
    assert 'name="games_per_round" value="12"' in html


def test_create_event_makes_slug_from_name(client, organiser):
    response = client.post(reverse("event-create"), event_data())
    event = Event.objects.get()
    assert event.slug == "benefizbinokel-plochingen-2026"
    assert (event.date, event.round_count, event.games_per_round) == (
        datetime.date(2026, 11, 21), 3, 12
    )
    assert response["Location"] == event.get_absolute_url()
    change = ChangeLog.objects.get()  # the creation is recorded, with who did it
    assert (change.action, change.user.username) == ("event_created", "orga")
    assert change.description == "Turnier „Benefizbinokel Plochingen 2026“ angelegt."


def test_slug_from_name_gets_a_number_when_taken(client, organiser):
    make_event(slug="benefizbinokel-plochingen-2026")
    client.post(reverse("event-create"), event_data())
    assert Event.objects.filter(slug="benefizbinokel-plochingen-2026-2").exists()


def test_typed_slug_clash_is_a_form_error(client, organiser):
    make_event(slug="binokel")
    response = client.post(reverse("event-create"), event_data(slug="binokel"))
    assert response.status_code == 200
    assert "Der Kurzname „binokel“ wird schon von einem anderen Turnier verwendet." in html_of(
        response
    )
    assert Event.objects.count() == 1


def test_slug_taken_in_a_race_is_a_form_error(client, organiser, monkeypatch):
    make_event(slug="binokel")
    # both checks pass (another request creates "binokel" right after them), the save fails
    monkeypatch.setattr(EventForm, "clean_slug", lambda self: "binokel")
    monkeypatch.setattr(EventForm, "validate_unique", lambda self: None)
    response = client.post(reverse("event-create"), event_data(slug="binokel"))
    assert response.status_code == 200
    assert "wird schon von einem anderen Turnier verwendet" in html_of(response)
    assert Event.objects.count() == 1


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"round_count": 0}, "größer oder gleich 1"),
        ({"round_count": 11}, "kleiner oder gleich 10"),
        ({"games_per_round": 49}, "kleiner oder gleich 48"),
        ({"name": ""}, "Dieses Feld ist zwingend erforderlich."),
        ({"date": "31.02.2026"}, "gültiges Datum"),
        ({"slug": "mit leerzeichen"}, "gültige"),
        ({"name": "!!!"}, "Bitte einen Kurznamen eingeben"),
    ],
)
def test_event_form_errors_in_german(client, organiser, fields, message):
    response = client.post(reverse("event-create"), event_data(**fields))
    assert response.status_code == 200
    assert message in html_of(response)
    assert not Event.objects.exists()


def test_edit_event(client, organiser):
    event = make_event(slug="alt")
    response = client.post(
        reverse("event-edit", args=[event.slug]),
        event_data(name="Neuer Name", slug="neu-kurz", round_count=4),
    )
    event.refresh_from_db()
    assert (event.name, event.slug, event.round_count) == ("Neuer Name", "neu-kurz", 4)
    assert response["Location"] == event.get_absolute_url()


def test_edit_event_after_plan_keeps_slug_and_rounds(client, organiser):
    event = make_event(slug="fest", round_count=3)
    make_round(event)
    html = html_of(client.get(reverse("event-edit", args=[event.slug])))
    assert "Nicht mehr änderbar: Der Sitzplan ist bereits erstellt." in html
    client.post(
        reverse("event-edit", args=[event.slug]),
        event_data(name="Umbenannt", slug="anders", round_count=5, games_per_round=4),
    )
    event.refresh_from_db()
    assert (event.name, event.slug, event.round_count, event.games_per_round) == (
        "Umbenannt", "fest", 3, 12
    )


def test_event_page_links_to_registration_pages(client, organiser):
    event = make_event()
    html = html_of(client.get(event.get_absolute_url()))
    for name, label in [
        ("event-edit", "Bearbeiten"),
        ("change-log", "Änderungsprotokoll"),
        ("entry-create", "Teilnehmer anmelden"),
        ("import", "Liste importieren"),
    ]:
        assert reverse(name, args=[event.slug]) in html and label in html


# --- registering ----------------------------------------------------------------------------


def entry_data(**fields) -> dict:
    return {"name": "Hans Maier", "partner_name": "", "club": "", "notes": "",
            "start_number": "", **fields}


def test_register_single_gets_next_free_number_and_is_logged(client, organiser):
    event = make_event()
    make_entry(event, 4)
    html = html_of(client.get(reverse("entry-create", args=[event.slug])))
    assert "Ohne Startnummer erhält der Teilnehmer die 5." in html
    response = client.post(
        reverse("entry-create", args=[event.slug]), entry_data(club=" CVJM ", notes="Rollstuhl")
    )
    assert response["Location"] == event.get_absolute_url()
    entry = event.entries.get(start_number=5)
    assert (entry.name, entry.player.club, entry.notes, entry.is_pair) == (
        "Hans Maier", "CVJM", "Rollstuhl", False
    )
    log = ChangeLog.objects.get(event=event)
    assert (log.entry, log.action, log.user) == (entry, ChangeLog.Action.REGISTERED, organiser)
    assert log.description == "Nr. 5 Hans Maier angemeldet. Verein: CVJM; Notizen: Rollstuhl"
    html = html_of(client.get(event.get_absolute_url()))
    assert "Startnummer 5: Hans Maier angemeldet." in html


def test_register_pair_as_stand_in_with_own_number(client, organiser):
    event = make_event()
    client.post(
        reverse("entry-create", args=[event.slug]),
        entry_data(name="Anna Rapp", partner_name="Karl Rapp", start_number="20",
                   is_stand_in="on"),
    )
    entry = event.entries.get()
    assert entry.start_number == 20 and entry.is_pair and entry.is_stand_in
    assert entry.partner.name == "Karl Rapp"
    assert ChangeLog.objects.get().description == (
        "Nr. 20 Anna Rapp / Karl Rapp angemeldet. Ersatz (spielt mit, wird nicht gewertet)"
    )


def test_register_and_add_another_returns_to_the_form(client, organiser):
    event = make_event()
    response = client.post(
        reverse("entry-create", args=[event.slug]), {**entry_data(), "another": "1"}
    )
    assert response["Location"] == reverse("entry-create", args=[event.slug])


def test_start_number_clash_is_a_german_form_error(client, organiser):
    event = make_event()
    make_entry(event, 5, "Otto")
    response = client.post(reverse("entry-create", args=[event.slug]), entry_data(start_number=5))
    assert response.status_code == 200
    assert "Startnummer 5 ist in diesem Turnier bereits vergeben." in html_of(response)
    assert event.entries.count() == 1 and not ChangeLog.objects.exists()


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"start_number": "0"}, "größer oder gleich 1"),
        ({"start_number": "abc"}, "ganze Zahl"),
        ({"start_number": "100000"}, "kleiner oder gleich 99999"),
        ({"name": "  "}, "Dieses Feld ist zwingend erforderlich."),
        ({"name": "x" * 201}, "höchstens 200 Zeichen"),
    ],
)
def test_bad_entry_input_gets_german_errors(client, organiser, fields, message):
    event = make_event()
    response = client.post(reverse("entry-create", args=[event.slug]), entry_data(**fields))
    assert response.status_code == 200 and message in html_of(response)
    assert not event.entries.exists()


def test_start_number_race_is_caught_in_the_service(organiser, monkeypatch):
    """The check passes, then the unique constraint refuses: a user-fixable error, no crash."""
    event = make_event()
    make_entry(event, 5, "Otto")
    players = Player.objects.count()
    monkeypatch.setattr(registration, "is_start_number_taken", lambda *args, **kwargs: False)
    with pytest.raises(services.RegistrationError) as error:
        services.register_entry(event=event, user=organiser, name="Hans", partner_name="Karl",
                                start_number=5)
    monkeypatch.undo()
    assert error.value.field == "start_number"
    assert str(error.value) == "Startnummer 5 ist in diesem Turnier bereits vergeben."
    assert event.entries.count() == 1 and Player.objects.count() == players
    assert not ChangeLog.objects.exists()


def test_start_number_race_on_edit_is_caught(organiser, monkeypatch):
    event = make_event()
    make_entry(event, 5, "Otto")
    entry = make_entry(event, 6, "Hans")
    monkeypatch.setattr(registration, "is_start_number_taken", lambda *args, **kwargs: False)
    with pytest.raises(services.RegistrationError, match="Startnummer 5 ist"):
        services.update_entry(entry=entry, user=organiser, name="Hans Neu", start_number=5)
    entry.refresh_from_db()
    assert entry.start_number == 6 and entry.player.name == "Hans"
    assert not ChangeLog.objects.exists()


def test_race_via_the_form_gives_the_same_message(client, organiser, monkeypatch):
    event = make_event()
    make_entry(event, 5, "Otto")
    monkeypatch.setattr(registration, "is_start_number_taken", lambda *args, **kwargs: False)
    response = client.post(reverse("entry-create", args=[event.slug]), entry_data(start_number=5))
    assert response.status_code == 200
    assert "Startnummer 5 ist in diesem Turnier bereits vergeben." in html_of(response)


# --- editing --------------------------------------------------------------------------------


def test_edit_entry_changes_are_saved_and_logged(client, organiser):
    event = make_event()
    entry = make_entry(event, 1, "Hans Maier")
    url = reverse("entry-edit", args=[event.slug, entry.pk])
    html = html_of(client.get(url))
    assert "Startnummer 1: Hans Maier" in html and 'value="Hans Maier"' in html
    response = client.post(url, entry_data(name="Hans Mayer", partner_name="Karl Mayer",
                                           club="TSV", start_number=7, is_stand_in="on"))
    assert response["Location"] == event.get_absolute_url()
    entry.refresh_from_db()
    assert (entry.start_number, entry.name, entry.player.club, entry.partner.club,
            entry.is_stand_in) == (7, "Hans Mayer / Karl Mayer", "TSV", "TSV", True)
    log = ChangeLog.objects.get(action=ChangeLog.Action.EDITED)
    assert log.user == organiser and log.entry == entry
    assert log.description == (
        "Nr. 1 Hans Maier geändert: Startnummer „1“ → „7“; Name „Hans Maier“ → „Hans Mayer“; "
        "Partner „–“ → „Karl Mayer“; Verein „–“ → „TSV“; Ersatz „nein“ → „ja“."
    )


def test_pair_becomes_single_and_loses_its_partner(client, organiser):
    event = make_event()
    entry = make_entry(event, 1, "Anna", partner="Karl")
    partner_pk = entry.partner_id
    client.post(reverse("entry-edit", args=[event.slug, entry.pk]),
                entry_data(name="Anna", start_number=1))
    entry.refresh_from_db()
    assert entry.partner is None and not Player.objects.filter(pk=partner_pk).exists()


def test_edit_without_change_records_nothing(client, organiser):
    event = make_event()
    entry = make_entry(event, 3, "Hans")
    response = client.post(reverse("entry-edit", args=[event.slug, entry.pk]),
                           entry_data(name="Hans", start_number=3), follow=True)
    assert "Nichts geändert." in html_of(response)
    assert not ChangeLog.objects.exists()


def test_edit_start_number_clash_is_a_form_error(client, organiser):
    event = make_event()
    make_entry(event, 2, "Otto")
    entry = make_entry(event, 3, "Hans")
    response = client.post(reverse("entry-edit", args=[event.slug, entry.pk]),
                           entry_data(name="Hans", start_number=2))
    assert response.status_code == 200
    assert "Startnummer 2 ist in diesem Turnier bereits vergeben." in html_of(response)
    entry.refresh_from_db()
    assert entry.start_number == 3


def test_entry_of_another_event_is_not_found(client, organiser):
    event, other = make_event(), make_event()
    entry = make_entry(other, 1)
    assert client.get(reverse("entry-edit", args=[event.slug, entry.pk])).status_code == 404


# --- withdrawing ----------------------------------------------------------------------------


def test_withdraw_keeps_the_row_and_is_logged_then_reinstate(client, organiser):
    event = make_event()
    entry = make_entry(event, 4, "Hans")
    assert client.get(reverse("entry-withdraw", args=[event.slug, entry.pk])).status_code == 405
    response = client.post(reverse("entry-withdraw", args=[event.slug, entry.pk]), follow=True)
    assert "Startnummer 4: Hans abgemeldet." in html_of(response)
    entry.refresh_from_db()
    assert entry.is_withdrawn and Entry.objects.filter(pk=entry.pk).exists()
    log = ChangeLog.objects.get()
    assert (log.action, log.user, log.entry, log.description) == (
        ChangeLog.Action.WITHDRAWN, organiser, entry, "Nr. 4 Hans abgemeldet."
    )
    # a second withdrawal is refused with a message
    response = client.post(reverse("entry-withdraw", args=[event.slug, entry.pk]), follow=True)
    assert "Startnummer 4 ist bereits abgemeldet." in html_of(response)
    # the number stays taken while withdrawn
    response = client.post(reverse("entry-create", args=[event.slug]), entry_data(start_number=4))
    assert "bereits vergeben" in html_of(response)
    client.post(reverse("entry-reinstate", args=[event.slug, entry.pk]))
    entry.refresh_from_db()
    assert not entry.is_withdrawn
    assert ChangeLog.objects.first().description == "Nr. 4 Hans wieder angemeldet."


# --- after the plan -------------------------------------------------------------------------


def test_no_registration_once_a_plan_exists(client, organiser):
    event = make_event()
    make_round(event)
    html = html_of(client.get(reverse("entry-create", args=[event.slug])))
    assert CLOSED in html and 'name="name"' not in html
    response = client.post(reverse("entry-create", args=[event.slug]), entry_data(), follow=True)
    assert CLOSED in html_of(response)
    assert not event.entries.exists() and not ChangeLog.objects.exists()
    assert "Teilnehmer ersetzen" in html_of(client.get(event.get_absolute_url()))


def test_no_withdrawal_once_a_plan_exists(client, organiser):
    event = make_event()
    entry = make_entry(event, 1)
    make_round(event)
    response = client.post(reverse("entry-withdraw", args=[event.slug, entry.pk]), follow=True)
    assert CLOSED in html_of(response)
    entry.refresh_from_db()
    assert not entry.is_withdrawn and not ChangeLog.objects.exists()


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"start_number": 9}, "start_number"),
        ({"is_stand_in": True}, "is_stand_in"),
        ({"partner_name": "Karl"}, "partner_name"),
    ],
)
def test_service_refuses_seating_changes_once_a_plan_exists(organiser, fields, field):
    event = make_event()
    entry = make_entry(event, 1, "Hans")
    make_round(event)
    data = {"name": "Hans", "start_number": 1, **fields}
    with pytest.raises(services.RegistrationClosed) as error:
        services.update_entry(entry=entry, user=organiser, **data)
    assert error.value.field == field and CLOSED in str(error.value)
    entry.refresh_from_db()
    assert (entry.start_number, entry.is_stand_in, entry.partner) == (1, False, None)


def test_names_club_and_notes_can_change_after_the_plan(client, organiser):
    event = make_event()
    entry = make_entry(event, 1, "Hans Maier", partner="Karl Maier")
    make_round(event)
    url = reverse("entry-edit", args=[event.slug, entry.pk])
    html = html_of(client.get(url))
    assert "Namen, Verein und Notizen lassen sich hier noch korrigieren" in html
    assert "Teilnehmer abmelden" not in html
    # the disabled start number cannot be changed by posting another one
    client.post(url, entry_data(name="Hans Mayer", partner_name="Karl Mayer", club="TSV",
                                notes="spät", start_number=9))
    entry.refresh_from_db()
    assert (entry.start_number, entry.name, entry.player.club, entry.notes) == (
        1, "Hans Mayer / Karl Mayer", "TSV", "spät"
    )
    assert ChangeLog.objects.get().action == ChangeLog.Action.EDITED
    # making the pair a single is refused with the plan message on the form
    response = client.post(url, entry_data(name="Hans Mayer", start_number=1))
    assert response.status_code == 200 and CLOSED in html_of(response)
    entry.refresh_from_db()
    assert entry.is_pair


# --- entries list and change log ------------------------------------------------------------


@pytest.fixture
def field_of_entries():
    event = make_event()
    make_entry(event, 1, "Zita Single")
    make_entry(event, 2, "Anna Paar", partner="Karl Paar")
    make_entry(event, 3, "Berta Ersatz", is_stand_in=True)
    make_entry(event, 4, "Willi Weg", is_withdrawn=True)
    return event


def test_entries_list_counts_and_hides_withdrawn(client, organiser, field_of_entries):
    event = field_of_entries
    html = html_of(client.get(event.get_absolute_url()))
    assert "2 Einzelspieler, 1 Paare" in html
    assert "davon 1 Ersatz, 1 abgemeldet" in html
    assert "Zita Single" in html and "Willi Weg" not in html
    entry = event.entries.get(start_number=1)
    assert reverse("entry-edit", args=[event.slug, entry.pk]) in html
    html = html_of(client.get(event.get_absolute_url(), {"withdrawn": "on"}))
    assert "Willi Weg" in html and '<tr class="withdrawn' in html


@pytest.mark.parametrize(
    ("kind", "shown", "hidden"),
    [("single", ["Zita Single", "Berta Ersatz"], ["Anna Paar"]),
     ("pair", ["Anna Paar"], ["Zita Single", "Berta Ersatz"]),
     ("unsinn", ["Anna Paar", "Zita Single", "Berta Ersatz"], ["Willi Weg"])],
)
def test_entries_list_filters_by_kind(client, organiser, field_of_entries, kind, shown, hidden):
    html = html_of(client.get(field_of_entries.get_absolute_url(), {"kind": kind}))
    assert all(name in html for name in shown)
    assert not any(name in html for name in hidden)


@pytest.mark.parametrize(
    ("sort", "order"),
    [
        ("name", ["Anna Paar", "Berta Ersatz", "Zita Single"]),
        ("-start_number", ["Berta Ersatz", "Anna Paar", "Zita Single"]),
        ("kind", ["Zita Single", "Berta Ersatz", "Anna Paar"]),
    ],
)
def test_entries_list_sorts(client, organiser, field_of_entries, sort, order):
    html = html_of(client.get(field_of_entries.get_absolute_url(), {"sort": sort}))
    positions = [html.index(name) for name in order]
    assert positions == sorted(positions)


def test_change_log_page_lists_every_change_newest_first(client, organiser):
    event = make_event()
    entry = services.register_entry(event=event, user=organiser, name="Hans")
    services.withdraw_entry(entry=entry, user=organiser)
    audit.log(
        event=event, action=ChangeLog.Action.PLAN, rounds=3, singles=1, pairs=0, seed=7
    )
    other = make_event()
    # a record written before records had parameters keeps its sentence
    ChangeLog.objects.create(event=other, action=ChangeLog.Action.PLAN, params={"text": "Fremd"})
    response = client.get(reverse("change-log", args=[event.slug]))
    html = html_of(response)
    assert "Änderungsprotokoll" in html and "Fremd" not in html
    order = ["Sitzplan für 3 Durchgänge", "Nr. 1 Hans abgemeldet.", "Nr. 1 Hans angemeldet."]
    positions = [html.index(text) for text in order]
    assert positions == sorted(positions)
    assert "Sitzplan erstellt" in html and "orga" in html and "abgemeldet" in html
    history = html_of(client.get(reverse("entry-edit", args=[event.slug, entry.pk])))
    assert "Nr. 1 Hans abgemeldet." in history


def test_change_log_reads_in_the_readers_language(client, organiser):
    """Stored as an action and parameters: a German and an English reader both read it."""
    event = make_event()
    response = client.post(
        reverse("entry-create", args=[event.slug]), entry_data(), HTTP_ACCEPT_LANGUAGE="en"
    )
    assert response.status_code == 302
    change = ChangeLog.objects.get()
    with translation.override("de"):
        assert change.description == "Nr. 1 Hans Maier angemeldet."
    with translation.override("en"):
        assert change.description == "no. 1 Hans Maier registered."
    assert change.params["entry_ref"] == {"number": 1, "name": "Hans Maier"}
