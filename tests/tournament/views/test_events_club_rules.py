"""The new-event form offers, after the server's presets, the house rules the account's clubs
keep (``tournament.forms.EventForm``, ``clubs.selectors.club_rules_offered``): to the
organisers of that club only; an event created from them has their switches, games per round,
tie-breaks and scoring mode, unless the organiser typed other games or picked another mode."""

from __future__ import annotations

import pytest
from django.urls import reverse

from clubs.models import ClubRules
from scoring.rules import AKS_HEROLDSTATT, RULES
from tests.factories import make_club, make_user
from tournament.models import Event

pytestmark = pytest.mark.django_db

SWITCHES = {**RULES[AKS_HEROLDSTATT].as_dict(), "min_bid": 200}


def _saved(club, name="Hausregeln 2027") -> ClubRules:
    return ClubRules.objects.create(club=club, name=name, rules=SWITCHES, games_per_round=16,
                                    tie_breaks="exact_points", scoring_mode="totals")


def _data(**fields) -> dict:
    return {"name": "Preisbinokel 2027", "slug": "", "date": "2027-11-20", "venue": "",
            "round_count": "3", "games_per_round": "12", "games_per_round_preset": "ejl",
            "scoring_mode": "games", "scoring_mode_preset": "ejl", **fields}


def test_the_form_offers_the_clubs_rules_after_the_presets_to_its_organisers(
    client, organiser, organisers_club
):
    saved = _saved(organisers_club)
    _saved(make_club(name="Andere"), name="Fremde Regeln")
    page = client.get(reverse("event-create")).content.decode()
    group = f'<optgroup label="Hausregeln des Vereins {organisers_club.name}">'
    assert group in page and f'<option value="club-{saved.pk}">Hausregeln 2027</option>' in page
    assert page.index('<option value="ejl"') < page.index(group)
    assert f"&quot;club-{saved.pk}&quot;: 16" in page  # the script's games per round
    assert f"&quot;club-{saved.pk}&quot;: &quot;totals&quot;" in page  # and scoring mode
    assert "Fremde Regeln" not in page and "Andere" not in page
    # a helper of the club is offered none (and may create no event of it)
    helper = make_user("helfer")
    organisers_club.members.create(user=helper, role="helper")
    client.force_login(helper)
    assert "Hausregeln 2027" not in client.get(reverse("event-create")).content.decode()


def test_an_event_created_from_them_has_their_rules_games_tie_breaks_and_mode(
    client, organiser, organisers_club
):
    saved = _saved(organisers_club)
    response = client.post(reverse("event-create"), _data(rules=f"club-{saved.pk}"))
    assert response.status_code == 302
    event = Event.objects.get(name="Preisbinokel 2027")
    assert (event.club, event.rules, event.games_per_round, event.tie_breaks,
            event.scoring_mode) == (organisers_club, SWITCHES, 16, "exact_points", "totals")
    # a form that does not say what its fields were filled from: the same
    client.post(reverse("event-create"), {
        "name": "Ohne Skript", "date": "2027-11-20", "round_count": "3",
        "games_per_round": "12", "rules": f"club-{saved.pk}",
    })
    plain = Event.objects.get(name="Ohne Skript")
    assert (plain.rules, plain.games_per_round, plain.scoring_mode) == (SWITCHES, 16, "totals")


def test_games_typed_and_a_mode_picked_by_hand_stay(client, organiser, organisers_club):
    saved = _saved(organisers_club)
    response = client.post(reverse("event-create"), _data(
        rules=f"club-{saved.pk}", games_per_round="12", games_per_round_preset="",
        scoring_mode="points", scoring_mode_preset="",
    ))
    assert response.status_code == 302
    event = Event.objects.get(name="Preisbinokel 2027")
    assert (event.rules, event.games_per_round, event.scoring_mode) == (SWITCHES, 12, "points")


def test_another_clubs_rules_are_refused(client, organiser, organisers_club):
    second = make_club(name="Zweiter Verein", organiser=organiser)
    theirs = _saved(second)
    page = client.post(reverse("event-create"), _data(
        club=str(organisers_club.pk), rules=f"club-{theirs.pk}",
    )).content.decode()
    assert "Das sind Hausregeln eines anderen Vereins" in page
    stranger = _saved(make_club(), name="Fremd")
    page = client.post(reverse("event-create"), _data(
        club=str(organisers_club.pk), rules=f"club-{stranger.pk}",
    )).content.decode()
    assert f"club-{stranger.pk} ist keine gültige Auswahl" in page
    assert not Event.objects.exists()
    assert client.post(reverse("event-create"), _data(
        club=str(second.pk), rules=f"club-{theirs.pk}",
    )).status_code == 302
    assert Event.objects.get().rules == SWITCHES
