"""The Django admin of both apps: every model is listed for staff, anonymous visitors are sent to
the admin's login."""

import pytest
from django.urls import reverse

from tests.factories import make_user

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "model",
    ["event", "player", "entry", "round", "table", "seat", "changelog", "moneysettings",
     "payment", "prizesettings", "prize", "prizelot", "prizehandout", "scoresheet", "game",
     "partyscore", "sheetchange"],
)
def test_admin_lists_every_model(client, model):
    make_user("admin", "geheim-123", is_staff=True, is_superuser=True)
    client.login(username="admin", password="geheim-123")
    scoring_models = {"scoresheet", "game", "partyscore", "sheetchange"}
    app = "scoring" if model in scoring_models else "tournament"
    response = client.get(reverse(f"admin:{app}_{model}_changelist"))
    assert response.status_code == 200


def test_admin_sends_anonymous_visitors_to_its_login(client):
    response = client.get(reverse("admin:index"))
    assert response.status_code == 302 and "/admin/login/" in response["Location"]


@pytest.mark.parametrize(
    ("app", "model"),
    [("tournament", "event"), ("tournament", "entry"), ("tournament", "seat"),
     ("tournament", "changelog"), ("tournament", "payment"), ("tournament", "prize"),
     ("scoring", "scoresheet"), ("scoring", "game"),
     ("scoring", "partyscore"), ("scoring", "sheetchange")],
)
def test_admin_is_read_only(client, app, model):
    """Changes go through the pages and services, which check and log them."""
    make_user("admin", "geheim-123", is_staff=True, is_superuser=True)
    client.login(username="admin", password="geheim-123")
    add_url = reverse(f"admin:{app}_{model}_add")
    assert client.get(add_url).status_code == 403
    admin_page = client.get(reverse(f"admin:{app}_{model}_changelist")).content.decode()
    assert f'href="{add_url}"' not in admin_page and "delete_selected" not in admin_page


def test_admin_cannot_change_or_delete_a_game(client):
    from scoring.demo import record_game
    from scoring.models import Game
    from tests.factories import make_entry, make_event, make_round, make_sheet, make_table

    event = make_event()
    sheet = make_sheet(make_table(make_round(event), [make_entry(event, n) for n in (1, 2, 3)]))
    game = record_game(sheet=sheet, number=1, bid=200, declarer=0, melds=[80, 20, 40],
                       tricks=[130, 70, 50])
    make_user("admin", "geheim-123", is_staff=True, is_superuser=True)
    client.login(username="admin", password="geheim-123")
    change_url = reverse("admin:scoring_game_change", args=[game.pk])
    assert client.get(change_url).status_code == 200  # shown
    assert client.post(change_url, {"bid": 900}).status_code == 403
    delete_url = reverse("admin:scoring_game_delete", args=[game.pk])
    assert client.post(delete_url, {"post": "yes"}).status_code == 403
    game.refresh_from_db()
    assert game.bid == 200 and Game.objects.count() == 1
