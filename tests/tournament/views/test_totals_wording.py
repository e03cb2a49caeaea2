"""The pages name what an event kept in round totals prints and enters: the plan page and the
event page link the totals slips (not score sheets), also for the tables a re-plan asks to
print again; the organisers' section of a totals sheet's page says its link enters the round
totals. An event that keeps every game keeps its words."""

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.factories import make_entry, make_event, make_round, make_sheet, make_table
from tournament.models import Event, Round, Table

pytestmark = pytest.mark.django_db

GAMES_LINK = "Wer diesen Link hat, kann die Spiele dieses Tisches eintragen"
TOTALS_LINK = "Wer diesen Link hat, kann die Summen dieses Tisches eintragen"


def planned(mode: str, organiser=None):
    """An event in ``mode`` (organised by ``organiser``) with a plan of one round and one table
    of three, re-planned."""
    event = make_event(organiser=organiser, scoring_mode=mode, plan_seed=7)
    entries = [make_entry(event, n) for n in (1, 2, 3)]
    round_ = make_round(event)
    sheet = make_sheet(make_table(round_, entries))
    stamp = timezone.now()
    Round.objects.filter(pk=round_.pk).update(replanned_at=stamp)
    Table.objects.filter(pk=sheet.table_id).update(replanned_at=stamp)
    return event, sheet


def html(client, name: str, **kwargs) -> str:
    response = client.get(reverse(name, kwargs=kwargs))
    assert response.status_code == 200
    return response.content.decode()


def test_the_plan_and_event_pages_link_the_totals_slips(client, organiser):
    event, _sheet = planned(Event.ScoringMode.TOTALS, organiser=organiser)
    plan = html(client, "plan", slug=event.slug)
    assert ">Summenzettel</a></li>" in plan  # the printouts
    assert plan.count(">Summenzettel</a>") == 3  # and the round's, and the tables to reprint
    assert "Tischkarte und Summenzettel von Tisch 1 nochmals drucken" in plan
    assert "Spielzettel" not in plan
    assert ">Summenzettel</a> ·" in html(client, "event-detail", slug=event.slug)


def test_every_game_keeps_its_score_sheets(client, organiser):
    event, _sheet = planned(Event.ScoringMode.GAMES, organiser=organiser)
    plan = html(client, "plan", slug=event.slug)
    assert "Summenzettel" not in plan
    assert "Tischkarte und Spielzettel von Tisch 1 nochmals drucken" in plan
    assert ">Spielzettel</a> ·" in html(client, "event-detail", slug=event.slug)


@pytest.mark.parametrize(
    ("mode", "says", "not_said"),
    [
        (Event.ScoringMode.TOTALS, [TOTALS_LINK, "die Summen bleiben erhalten"], GAMES_LINK),
        (Event.ScoringMode.GAMES, [GAMES_LINK, "die Spiele bleiben erhalten"], TOTALS_LINK),
    ],
)
def test_the_organisers_section_of_a_sheet_names_what_its_link_enters(
    client, organiser, mode, says, not_said
):
    event, sheet = planned(mode, organiser=organiser)
    page = html(client, "sheet-edit", slug=event.slug, number=1, table=sheet.table.number)
    assert all(text in page for text in says)
    assert not_said not in page
