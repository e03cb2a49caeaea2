"""Organiser pages of the seating plan (``tournament.views.plan``): generate, regenerate, discard,
swap, replace, release a round; errors reach the page in the user's language."""

import pytest
from django.urls import reverse

from core.models import ChangeRecord
from scoring.models import ScoreSheet
from tests.factories import make_entry, make_event, make_role
from tests.tournament.plans import make_field, play_one_game, snapshot
from tournament.audit import TournamentAction
from tournament.models import Round, Seat, Table
from tournament.services import PlanLocked, discard_plan, generate_plan

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("name", "method"),
    [("plan", "get"), ("plan-generate", "post"), ("plan-swap", "post"), ("plan-replace", "post")],
)
def test_plan_pages_require_login(client, name, method):
    event = make_event()
    response = getattr(client, method)(reverse(name, args=[event.slug]))
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))
    assert not Round.objects.exists()


def test_plan_page_generates_and_shows_the_plan(client, organiser):
    event = make_event(organiser=organiser)
    make_entry(event, 1, "Hans Maier")
    make_entry(event, 2, "Anna Rapp")
    make_entry(event, 3, "Egon Walz")
    make_entry(event, 4, "Inge Klotz", partner="Otto Klotz")
    make_entry(event, 5, "Rosi Bauer", partner="Paul Bauer")
    url = reverse("plan", args=[event.slug])
    html = client.get(url).content.decode()
    assert "Sitzplan erstellen" in html and "Neu erstellen" not in html

    response = client.post(reverse("plan-generate", args=[event.slug]), follow=True)
    html = response.content.decode()
    assert "Der Sitzplan wurde erstellt." in html
    assert "Neu erstellen" in html and "Durchgang 3" in html
    assert "Hans Maier" in html and "Otto Klotz" in html
    assert "Paar 4" in html and ">A1<" in html and ">B2<" in html
    assert "gibt" in html and "schreibt" in html
    assert event.rounds.count() == 3


def test_regenerating_needs_confirmation(client, organiser):
    event = make_event(organiser=organiser)
    make_field(event, 3, 0)
    generate_plan(event=event, seed=1)
    response = client.post(reverse("plan-generate", args=[event.slug]))
    assert response.status_code == 400
    assert "Haken" in response.content.decode()
    event.refresh_from_db()
    assert event.plan_seed == 1
    client.post(reverse("plan-generate", args=[event.slug]), {"confirm": "on"})
    assert ChangeRecord.objects.filter(
        event=event, action__in=[TournamentAction.PLAN, TournamentAction.PLAN_DISCARDED]
    ).count() == 2


def test_locked_plan_shows_notice_and_no_generate_button(client, organiser):
    event = make_event(organiser=organiser)
    make_field(event, 3, 0)
    generate_plan(event=event, seed=1)
    play_one_game(Table.objects.get(round__event=event, round__number=1))
    html = client.get(reverse("plan", args=[event.slug])).content.decode()
    assert "Der Sitzplan ist gesperrt, weil bereits Ergebnisse eingetragen sind" in html
    assert "Neu erstellen" not in html
    response = client.post(
        reverse("plan-generate", args=[event.slug]), {"confirm": "on"}, follow=True
    )
    assert "gesperrt" in response.content.decode()


def test_seating_error_reaches_the_page_as_a_message(client, organiser):
    event = make_event(organiser=organiser)
    make_field(event, 3, 1)
    response = client.post(reverse("plan-generate", args=[event.slug]), follow=True)
    html = response.content.decode()
    assert "Ersatzpaar" in html
    assert not Round.objects.filter(event=event).exists()


def test_swap_form_shows_warnings_and_errors(client, organiser, two_round_field):
    event, _entries = two_round_field
    make_role(event, organiser)
    url = reverse("plan-swap", args=[event.slug])
    html = client.post(
        url, {"round": "2", "first": "1", "second": "4"}, follow=True
    ).content.decode()
    assert "getauscht" in html and "treffen erneut" in html
    html = client.post(
        url, {"round": "1", "first": "1", "second": "8"}, follow=True
    ).content.decode()
    assert "nur mit einem Einzelspieler" in html
    response = client.post(url, {"round": "1", "first": "1", "second": "abc"})
    assert response.status_code == 400
    response = client.post(url, {"round": "1", "first": "1", "second": "77"})
    assert "Startnummer 77 gibt es in diesem Turnier nicht" in response.content.decode()


def test_replace_form_creates_the_new_entry(client, organiser):
    event = make_event(organiser=organiser)
    make_field(event, 6, 0)
    generate_plan(event=event, seed=1)
    response = client.post(
        reverse("plan-replace", args=[event.slug]),
        {"absent": "3", "name": "Fritz Spät", "partner_name": "", "club": "", "start_number": ""},
        follow=True,
    )
    html = response.content.decode()
    assert "Fritz Spät" in html and "übernimmt" in html
    assert Seat.objects.filter(entry__player__name="Fritz Spät").count() == 3


def test_release_button_toggles_the_round(client, organiser):
    event = make_event(organiser=organiser)
    make_field(event, 3, 0)
    generate_plan(event=event, seed=1)
    url = reverse("plan-release", args=[event.slug, 1])
    html = client.post(url, {"released": "1"}, follow=True).content.decode()
    assert event.rounds.get(number=1).released
    assert "freigegeben" in html
    client.post(url, {"released": "0"})
    assert not event.rounds.get(number=1).released
    assert client.post(reverse("plan-release", args=[event.slug, 9])).status_code == 404
    huge = reverse("plan-release", args=[event.slug, 99999999999])
    assert client.post(huge, {"released": "1"}).status_code == 404


def test_discard_plan_reopens_registration_until_the_first_score(client, organiser):
    event = make_event(organiser=organiser)
    make_field(event, 6, 0)
    generate_plan(event=event, seed=1)
    url = reverse("plan-discard", args=[event.slug])
    assert client.post(url).status_code == 400  # needs the confirmation tick
    assert event.rounds.exists()
    response = client.post(url, {"confirm": "on"}, follow=True)
    assert "verworfen" in response.content.decode()
    assert not event.rounds.exists() and not ScoreSheet.objects.exists()
    assert ChangeRecord.objects.filter(
        event=event, action__in=[TournamentAction.PLAN, TournamentAction.PLAN_DISCARDED]
    ).count() == 2
    # a late arrival can register again, and the new plan seats everyone
    make_entry(event, 7, "Spät Kommer")
    generate_plan(event=event, seed=2)
    play_one_game(Table.objects.filter(round__event=event).first())
    before = snapshot(event)
    with pytest.raises(PlanLocked):
        discard_plan(event=event)
    assert snapshot(event) == before
    assert {seat[3] for seat in before} == set(event.entries.values_list("pk", flat=True))


def test_seating_error_follows_the_users_language(client, organiser):
    event = make_event(organiser=organiser)
    make_field(event, 3, 1)
    response = client.post(
        reverse("plan-generate", args=[event.slug]), follow=True, HTTP_ACCEPT_LANGUAGE="en"
    )
    assert "An odd number of pairs (1) cannot be seated" in response.content.decode()


@pytest.mark.parametrize(
    ("started", "says", "never"),
    [
        (0, "Noch kein Durchgang hat begonnen", "1 bis 0"),
        (1, "Durchgang 1 hat begonnen", "1 bis 1"),
        (2, "Die Durchgänge 1 bis 2 haben begonnen", "Durchgang 2 hat begonnen"),
    ],
)
def test_replan_section_names_the_started_rounds(client, organiser, started, says, never):
    """Issue 28, finding 11: before any round has started the page said "Die Durchgänge 1 bis 0
    haben begonnen"."""
    from tournament.services import release_round

    event = make_event(organiser=organiser)
    make_field(event, 9, 0)
    generate_plan(event=event, seed=1)
    for number in range(1, started + 1):
        release_round(round=event.rounds.get(number=number), released=True)
    html = client.get(reverse("plan", args=[event.slug])).content.decode()
    assert says in html
    assert never not in html
