"""The re-plan and fixed-table forms on the plan page (``tournament.views.plan``)."""

import pytest
from django.urls import reverse

from core.models import ChangeRecord
from tests.factories import make_event, make_role, make_user
from tests.tournament.plans import make_field, play_one_game, snapshot
from tournament.audit import TournamentAction
from tournament.models import Entry, EventRole, Round
from tournament.services import generate_plan, plan_version, release_round

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("name", ["plan-replan", "plan-fixed"])
def test_replan_pages_require_login(client, name):
    event = make_event()
    response = client.post(reverse(name, args=[event.slug]))
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))


def started_event(singles: int = 12):
    event = make_event()
    entries = make_field(event, singles, 0)
    generate_plan(event=event, seed=1)
    round_one = event.rounds.get(number=1)
    release_round(round=round_one, released=True)
    play_one_game(round_one.tables.get(number=1))
    return event, entries


def test_replan_with_a_latecomer_and_a_leaver(client, organiser):
    event, _ = started_event()
    make_role(event, organiser)
    before = [row for row in snapshot(event) if row[0] == 1]
    html = client.get(reverse("plan", args=[event.slug])).content.decode()
    assert 'action="/turnier/' in html and "neu-planen" in html

    response = client.post(
        reverse("plan-replan", args=[event.slug]),
        {"version": plan_version(event), "left": "3, 4", "name": "Lena Spät", "confirm": "on"},
        follow=True,
    )

    assert response.status_code == 200
    assert [row for row in snapshot(event) if row[0] == 1] == before
    left = Entry.objects.filter(event=event, start_number__in=[3, 4], is_withdrawn=True)
    assert left.count() == 2
    assert Entry.objects.filter(event=event, player__name="Lena Spät").exists()
    assert ChangeRecord.objects.filter(action=TournamentAction.REPLANNED).count() == 1
    assert Round.objects.get(event=event, number=2).replanned_at is not None
    # the new rounds' printouts are marked as new
    printout = client.get(reverse("print-plan", args=[event.slug]) + "?durchgang=2")
    assert 'class="replanned"' in printout.content.decode()
    printout = client.get(reverse("print-plan", args=[event.slug]) + "?durchgang=1")
    assert 'class="replanned"' not in printout.content.decode()


def test_replan_needs_confirmation(client, organiser):
    event, _ = started_event()
    make_role(event, organiser)
    before = snapshot(event)
    response = client.post(
        reverse("plan-replan", args=[event.slug]),
        {"version": plan_version(event), "name": "Lena Spät"},
    )
    assert response.status_code == 400
    assert snapshot(event) == before
    assert not Entry.objects.filter(player__name="Lena Spät").exists()


def test_a_stale_page_is_refused_with_a_message(client, organiser):
    event, _ = started_event()
    make_role(event, organiser)
    stale = plan_version(event)
    release_round(round=event.rounds.get(number=2), released=True)  # meanwhile, elsewhere
    before = snapshot(event)
    response = client.post(
        reverse("plan-replan", args=[event.slug]),
        {"version": stale, "name": "Lena Spät", "confirm": "on"},
        follow=True,
    )
    assert snapshot(event) == before
    assert not Entry.objects.filter(player__name="Lena Spät").exists()
    messages = [str(message) for message in response.context["messages"]]
    assert len(messages) == 1
    assert "while the page was open" in messages[0] or "geändert" in messages[0]


def test_unknown_start_number_who_left_is_a_form_error(client, organiser):
    event, _ = started_event()
    make_role(event, organiser)
    response = client.post(
        reverse("plan-replan", args=[event.slug]),
        {"version": plan_version(event), "left": "77", "confirm": "on"},
    )
    assert response.status_code == 400
    assert not ChangeRecord.objects.filter(action=TournamentAction.REPLANNED).exists()


def test_fixed_table_form(client, organiser):
    event, _ = started_event()
    make_role(event, organiser)
    response = client.post(
        reverse("plan-fixed", args=[event.slug]), {"number": 5, "fixed": "on"}, follow=True
    )
    assert response.status_code == 200
    assert Entry.objects.get(event=event, start_number=5).fixed_table
    client.post(reverse("plan-fixed", args=[event.slug]), {"number": 5})
    assert not Entry.objects.get(event=event, start_number=5).fixed_table
    assert ChangeRecord.objects.filter(action=TournamentAction.FIXED_TABLE).count() == 2


def test_desk_helper_cannot_replan(client, db):
    event, _ = started_event()
    helper = make_user("helfer", "geheim-123")
    make_role(event, helper, EventRole.Role.DESK)
    client.force_login(helper)
    response = client.post(
        reverse("plan-replan", args=[event.slug]),
        {"version": plan_version(event), "name": "X", "confirm": "on"},
    )
    assert response.status_code == 403


def test_the_plan_page_lists_the_tables_to_print_again_with_links_for_just_those(
    client, organiser
):
    """Issue 28, finding 3: after a re-plan the page says which cards and sheets to print again
    and prints just those; the others keep their printout and link."""
    import re

    from scoring.models import ScoreSheet

    event = make_event(organiser=organiser)
    make_field(event, 20, 4)
    generate_plan(event=event, seed=3)
    round_one = event.rounds.get(number=1)
    release_round(round=round_one, released=True)
    play_one_game(round_one.tables.get(number=1))
    tokens = set(ScoreSheet.objects.values_list("token", flat=True))
    client.post(
        reverse("plan-replan", args=[event.slug]),
        {"version": plan_version(event), "name": "Lena Spät", "confirm": "on"},
    )
    html = client.get(reverse("plan", args=[event.slug])).content.decode()
    for number in (2, 3):
        round_ = Round.objects.get(event=event, number=number)
        again = sorted(
            round_.tables.filter(replanned_at=round_.replanned_at).values_list("number", flat=True)
        )
        assert 0 < len(again) < round_.tables.count()
        section = re.search(rf'id="durchgang-{number}".*?</section>', html, re.S).group(0)
        listed = ", ".join(str(table) for table in again)
        assert f"Tischkarten und Spielzettel der Tische {listed} nochmals drucken" in section
        query = f"?durchgang={number}&amp;tische={','.join(str(t) for t in again)}"
        assert f'{reverse("print-cards", args=[event.slug])}{query}"' in section
        cards = client.get(
            reverse("print-cards", args=[event.slug]), {"durchgang": number,
                                                        "tische": ",".join(map(str, again))}
        ).content.decode()
        printed = [int(n) for n in re.findall(r'class="card-table">Tisch (\d+)<', cards)]
        assert printed == again
        assert cards.count('class="replanned"') == len(again)  # each of them marked as new
        sheets = client.get(
            reverse("print-sheets", args=[event.slug]), {"durchgang": number,
                                                         "tische": ",".join(map(str, again))}
        ).content.decode()
        assert sheets.count('class="print-page score-sheet') == len(again)
    # the tables that stay keep their sheets' links
    assert len(tokens & set(ScoreSheet.objects.values_list("token", flat=True))) > 6 + 8
