"""The public seat lookup answers only for released rounds (``tournament.views.public``):
before the first release it names nobody and does not even tell which start numbers exist;
afterwards it names an entry only with a seat in a released round."""

from html import unescape

import pytest
from django.urls import reverse
from django.utils.translation import gettext

from tests.factories import make_entry, make_event
from tournament.models import Seat
from tournament.services import generate_plan, release_round

pytestmark = pytest.mark.django_db

NOTHING_RELEASED = (
    "No round has been released yet: your seats appear here as soon as the organisers release "
    "the first round."
)


@pytest.fixture
def event():
    event = make_event(round_count=2)
    for number in range(1, 7):
        make_entry(event, number, f"Einzel{number} Name")
    generate_plan(event=event, seed=3)
    return event


def lookup(client, event, number) -> str:
    response = client.get(reverse("seat-lookup", args=[event.slug]), {"nr": number})
    assert response.status_code == 200
    main = unescape(response.content.decode()).split("<main>")[1]
    return main.split("</form>", 1)[1]  # what the page answers, below the form


def test_before_the_first_release_nobody_is_named(client, event):
    known, unknown = lookup(client, event, "4"), lookup(client, event, "99")
    assert gettext(NOTHING_RELEASED) in known
    for number in range(1, 7):
        assert f"Einzel{number} Name" not in known
    assert "Tisch " not in known
    assert known.replace("4", "#") == unknown.replace("99", "#")  # the same answer


def test_after_a_release_only_its_seats_are_shown(client, event):
    release_round(round=event.rounds.get(number=2), released=True)
    html = lookup(client, event, "4")
    assert "Einzel4 Name" in html and gettext(NOTHING_RELEASED) not in html
    seat = Seat.objects.select_related("table").get(
        entry__start_number=4, table__round__number=2, table__round__event=event
    )
    assert f"Tisch {seat.table.number}, Platz {seat.position}" in html
    first = Seat.objects.select_related("table").get(
        entry__start_number=4, table__round__number=1, table__round__event=event
    )
    mates_only_in_round_1 = {
        s.player.name for s in first.table.seats.select_related("player")
    } - {s.player.name for s in seat.table.seats.select_related("player")}
    for name in mates_only_in_round_1:
        assert name not in html


def test_an_entry_without_a_seat_in_the_released_rounds_is_not_named(client, event):
    make_entry(event, 50, "Spät Gekommen")  # registered behind the plan's back: no seats
    release_round(round=event.rounds.get(number=1), released=True)
    html = lookup(client, event, "50")
    assert "Spät Gekommen" not in html
    assert gettext("This start number has no seat in the rounds released so far.") in html
