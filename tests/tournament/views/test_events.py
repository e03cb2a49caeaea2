"""Organiser pages of an event (``tournament.views.events``): its page with the entries (counts,
filters, sorting, links), creating and editing it, its change log; all behind the login."""

import datetime

import pytest
from django.urls import reverse

from core import audit
from core.models import ChangeRecord
from tests.factories import make_entry, make_event, make_role, make_round, make_user
from tests.tournament.plans import make_field
from tournament import services
from tournament.audit import TournamentAction
from tournament.forms import EventForm, scoring_mode_field
from tournament.house_rules import OFFERED_MODES, SCORING_MODES
from tournament.members import Member
from tournament.models import Event
from tournament.services import generate_plan

pytestmark = pytest.mark.django_db


def html_of(response) -> str:
    return response.content.decode()


# --- login -----------------------------------------------------------------------------------


def test_event_page_requires_login(client):
    event = make_event()
    response = client.get(event.get_absolute_url())
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_login_then_event_page_shows_entries_with_counts(client):
    event = make_event()
    make_entry(event, 1, "Hans Maier")
    make_entry(event, 2, "Anna Rapp", partner="Karl Rapp")
    make_role(event, make_user("orga", "geheim-123"))
    response = client.post(
        reverse("login"), {"username": "orga", "password": "geheim-123", "next": "/"}
    )
    assert response.status_code == 302
    html = client.get(event.get_absolute_url()).content.decode()
    assert "Hans Maier" in html and "Karl Rapp" in html
    assert "1 Einzelspieler, 1 Paare" in html


def test_create_event_requires_login(client):
    response = client.post(reverse("event-create"), {"name": "X", "date": "2026-11-21"})
    assert response.status_code == 302 and not Event.objects.exists()


# --- creating and editing --------------------------------------------------------------------


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


def test_new_event_form_is_german_with_defaults(client, organiser, organisers_club):
    html = html_of(client.get(reverse("event-create")))
    assert "Neues Turnier" in html and "Kurzname" in html and "Spiele je Durchgang" in html
    assert 'name="round_count" value="3"' in html
    assert 'name="games_per_round" value="12"' in html


def test_create_event_makes_slug_from_name(client, organiser, organisers_club):
    response = client.post(reverse("event-create"), event_data())
    event = Event.objects.get()
    assert event.slug == "benefizbinokel-plochingen-2026"
    assert (event.date, event.round_count, event.games_per_round) == (
        datetime.date(2026, 11, 21), 3, 12
    )
    assert response["Location"] == event.get_absolute_url()
    change = ChangeRecord.objects.get()  # the creation is recorded, with who did it
    assert (change.action, change.user.username) == (TournamentAction.EVENT_CREATED, "orga")
    assert change.description == "Turnier „Benefizbinokel Plochingen 2026“ angelegt."


def test_slug_from_name_gets_a_number_when_taken(client, organiser, organisers_club):
    make_event(slug="benefizbinokel-plochingen-2026")
    client.post(reverse("event-create"), event_data())
    assert Event.objects.filter(slug="benefizbinokel-plochingen-2026-2").exists()


def test_typed_slug_clash_is_a_form_error(client, organiser, organisers_club):
    make_event(slug="binokel")
    response = client.post(reverse("event-create"), event_data(slug="binokel"))
    assert response.status_code == 200
    assert "Der Kurzname „binokel“ wird schon von einem anderen Turnier verwendet." in html_of(
        response
    )
    assert Event.objects.count() == 1


def test_slug_taken_in_a_race_is_a_form_error(client, organiser, organisers_club, monkeypatch):
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
def test_event_form_errors_in_german(client, organiser, organisers_club, fields, message):
    response = client.post(reverse("event-create"), event_data(**fields))
    assert response.status_code == 200
    assert message in html_of(response)
    assert not Event.objects.exists()


NOT_OFFERED = [mode for mode in SCORING_MODES if mode not in OFFERED_MODES]


@pytest.mark.parametrize("mode", [*NOT_OFFERED, "alles"])
def test_a_new_event_refuses_a_mode_that_is_not_offered(client, organiser, organisers_club, mode):
    """A mode without a score sheet of its own is not offered
    (``tournament.house_rules.OFFERED_MODES``): sent anyway, the form refuses it and no event
    is created."""
    html = html_of(client.get(reverse("event-create")))
    assert f'<option value="{mode}"' not in html
    response = client.post(reverse("event-create"), event_data(scoring_mode=mode))
    assert response.status_code == 200 and "keine gültige Auswahl" in html_of(response)
    assert not Event.objects.exists()


@pytest.mark.parametrize("mode", OFFERED_MODES)
def test_a_new_event_keeps_score_in_the_mode_chosen(client, organiser, organisers_club, mode):
    html = html_of(client.get(reverse("event-create")))
    assert f'<option value="{mode}"' in html
    response = client.post(reverse("event-create"), event_data(scoring_mode=mode))
    event = Event.objects.get()
    assert response["Location"] == event.get_absolute_url()
    assert event.scoring_mode == mode


def test_a_form_without_the_choice_keeps_every_game(client, organiser, organisers_club):
    client.post(reverse("event-create"), event_data())
    assert Event.objects.get().scoring_mode == "games"


def test_the_scoring_mode_field_offers_only_the_modes_with_a_sheet():
    assert "scoring_mode" in EventForm().fields
    choices = scoring_mode_field().choices
    assert choices[:2] == [("games", "Jedes Spiel"), ("points", "Punkte je Spiel")]
    assert [code for code, _label in choices] == list(OFFERED_MODES)


def test_the_edit_form_leaves_the_scoring_mode_to_the_rules_page(client, organiser):
    event = make_event(organiser=organiser, slug="alt")
    assert 'name="scoring_mode"' not in html_of(client.get(reverse("event-edit", args=["alt"])))
    client.post(reverse("event-edit", args=["alt"]), event_data(scoring_mode="totals"))
    event.refresh_from_db()
    assert event.scoring_mode == "games"


def test_edit_event(client, organiser):
    event = make_event(organiser=organiser, slug="alt")
    response = client.post(
        reverse("event-edit", args=[event.slug]),
        event_data(name="Neuer Name", slug="neu-kurz", round_count=4),
    )
    event.refresh_from_db()
    assert (event.name, event.slug, event.round_count) == ("Neuer Name", "neu-kurz", 4)
    assert response["Location"] == event.get_absolute_url()


def test_edit_event_after_plan_keeps_slug_and_rounds(client, organiser):
    event = make_event(organiser=organiser, slug="fest", round_count=3)
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


# --- the event page --------------------------------------------------------------------------


def test_event_page_links_to_registration_pages(client, organiser):
    event = make_event(organiser=organiser)
    html = html_of(client.get(event.get_absolute_url()))
    for name, label in [
        ("event-edit", "Bearbeiten"),
        ("change-log", "Änderungsprotokoll"),
        ("entry-create", "Teilnehmer anmelden"),
        ("import", "Liste importieren"),
    ]:
        assert reverse(name, args=[event.slug]) in html and label in html


def test_event_page_links_to_the_plan_and_its_printouts(client, organiser):
    event = make_event(organiser=organiser)
    make_field(event, 3, 0)
    html = client.get(event.get_absolute_url()).content.decode()
    assert reverse("plan", args=[event.slug]) in html and "Sitzplan erstellen" in html
    assert reverse("print-cards", args=[event.slug]) not in html
    generate_plan(event=event, seed=1)
    html = client.get(event.get_absolute_url()).content.decode()
    for name in ("plan", "print-plan", "print-names", "print-cards", "print-sheets", "seat-lookup"):
        assert reverse(name, args=[event.slug]) in html


@pytest.fixture
def field_of_entries(organiser):
    """An event of the ``organiser`` with a single, a pair, a stand-in and a withdrawn entry."""
    event = make_event(organiser=organiser)
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


# --- change log ------------------------------------------------------------------------------


def test_change_log_page_lists_every_change_newest_first(client, organiser):
    event = make_event(organiser=organiser)
    entry = services.register_entry(event=event, user=organiser, members=[Member("Hans")])
    services.withdraw_entry(entry=entry, user=organiser)
    audit.log(
        event=event, action=TournamentAction.PLAN, rounds=3, singles=1, pairs=0, seed=7
    )
    other = make_event()
    # a record written before records had parameters keeps its sentence
    ChangeRecord.objects.create(event=other, action=TournamentAction.PLAN, params={"text": "Fremd"})
    response = client.get(reverse("change-log", args=[event.slug]))
    html = html_of(response)
    assert "Änderungsprotokoll" in html and "Fremd" not in html
    order = ["Sitzplan für 3 Durchgänge", "Nr. 1 Hans abgemeldet.", "Nr. 1 Hans angemeldet."]
    positions = [html.index(text) for text in order]
    assert positions == sorted(positions)
    assert "Sitzplan erstellt" in html and "orga" in html and "abgemeldet" in html
    history = html_of(client.get(reverse("entry-edit", args=[event.slug, entry.pk])))
    assert "Nr. 1 Hans abgemeldet." in history


def test_event_page_names_the_round_to_release_next(client, organiser):
    """Issue 28, finding 8: a round must be released on the plan page and nothing reminded the
    desk; the event page names the next round to release, with a button for organisers."""
    event = make_event(organiser=organiser)
    make_field(event, 6, 0)
    generate_plan(event=event, seed=1)
    url = reverse("event-detail", args=[event.slug])
    html = client.get(url).content.decode()
    assert "Als Nächstes freigeben: Durchgang 1." in html
    assert "Durchgang 1 freigeben</button>" in html

    response = client.post(
        reverse("plan-release", args=[event.slug, 1]), {"released": "1", "back": "event"}
    )

    assert response.status_code == 302 and response["Location"] == url
    assert event.rounds.get(number=1).released
    html = client.get(url).content.decode()
    assert "Als Nächstes freigeben: Durchgang 2." in html
    event.rounds.update(released=True)
    assert "Als Nächstes freigeben" not in client.get(url).content.decode()


def test_a_desk_helper_reads_the_round_to_release_next_without_a_button(client, db):
    from tests.factories import make_role
    from tournament.models import EventRole

    event = make_event()
    make_field(event, 6, 0)
    generate_plan(event=event, seed=1)
    helper = make_user("helfer", "geheim-123")
    make_role(event, helper, EventRole.Role.DESK)
    client.force_login(helper)
    html = client.get(reverse("event-detail", args=[event.slug])).content.decode()
    assert "Als Nächstes freigeben: Durchgang 1." in html
    assert "freigeben</button>" not in html and "Turnierleitung gibt ihn" in html
