"""The Django admin of every app: every model is listed for staff, anonymous visitors are sent to
the admin's login, and no model can be added, changed or deleted there (the services check and
log every change)."""

from decimal import Decimal

import pytest
from django.apps import apps
from django.contrib import admin
from django.urls import reverse

from core import audit
from money.models import MoneySettings, Payment, Prize, PrizeHandout, PrizeLot, PrizeSettings
from scoring.audit import ScoringAction
from scoring.demo import record_game
from scoring.services import save_sheet_totals, submit_sheet
from series.models import SeriesEvent
from series.services import create_series
from tests.factories import (
    make_entry,
    make_event,
    make_role,
    make_round,
    make_sheet,
    make_table,
    make_user,
)
from tournament.models import Event, FormSubmission

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "model",
    ["event", "player", "entry", "round", "table", "seat", "changerecord", "moneysettings",
     "payment", "prizesettings", "prize", "prizelot", "prizehandout", "scoresheet", "game",
     "partyscore", "roundtotal", "series"],
)
def test_admin_lists_every_model(client, model):
    make_user("admin", "geheim-123", is_staff=True, is_superuser=True)
    client.login(username="admin", password="geheim-123")
    app = apps.get_app_config("tournament").label
    for config in apps.get_app_configs():
        if model in {m._meta.model_name for m in config.get_models()}:
            app = config.label
    response = client.get(reverse(f"admin:{app}_{model}_changelist"))
    assert response.status_code == 200


def test_admin_sends_anonymous_visitors_to_its_login(client):
    response = client.get(reverse("admin:index"))
    assert response.status_code == 302 and "/admin/login/" in response["Location"]


@pytest.mark.parametrize(
    ("app", "model"),
    [("tournament", "event"), ("tournament", "entry"), ("tournament", "seat"),
     ("core", "changerecord"), ("money", "payment"), ("money", "prize"), ("series", "series"),
     ("scoring", "scoresheet"), ("scoring", "game"),
     ("scoring", "partyscore")],
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


# --- every model of both apps, each way of writing ---------------------------------------------

APPS = ("core", "tournament", "scoring")


@pytest.fixture
def one_of_each():
    """One row of every model of both apps: an event with a role, a seated table with a sheet
    holding a game (party scores) that was handed in (sheet audit trail), a change-log row and
    a form submission's token, the money: settings, a payment, a prize, a lot, a handout, a
    series with its event and log row, and an event kept in round totals with a sheet's
    totals."""
    event = make_event(games_per_round=1)
    make_role(event, make_user("anna"))
    sheet = make_sheet(make_table(make_round(event), [make_entry(event, n) for n in (1, 2, 3)]))
    record_game(sheet=sheet, number=1, bid=200, declarer=0, melds=[80, 20, 40],
                tricks=[130, 70, 50])
    submit_sheet(sheet=sheet)
    audit.log(event=event, action=ScoringAction.PUBLISHED)
    FormSubmission.objects.create(token="t" * 32, kind=FormSubmission.Kind.ENTRY, event=event)
    entry = event.entries.first()
    MoneySettings.objects.create(event=event)
    PrizeSettings.objects.create(event=event)
    Payment.objects.create(entry=entry, purpose="start_fee", amount=Decimal("8.00"), method="cash")
    Prize.objects.create(event=event, award="place", place=1, amount=Decimal("50.00"))
    PrizeLot.objects.create(event=event, order=[entry.pk])
    PrizeHandout.objects.create(event=event, entry=entry, line="place")
    series = create_series(name="Cup", slug="cup")  # its log row too
    SeriesEvent.objects.create(series=series, event=event)
    totals = make_event(scoring_mode=Event.ScoringMode.TOTALS)
    totals_entries = [make_entry(totals, n) for n in (1, 2, 3)]
    save_sheet_totals(
        sheet=make_sheet(make_table(make_round(totals), totals_entries)),
        base_version=0,
        totals=[(120, 0), (0, 0), (-40, 1)],
    )
    return event


def admin_models():
    return sorted(
        (model._meta.app_label, model._meta.model_name)
        for model in admin.site._registry
        if model._meta.app_label in APPS
    )


def rows(model) -> list[dict]:
    return list(model.objects.order_by("pk").values())


def test_the_admin_shows_the_roles_too():
    """Every model the admin shows is checked below; a model it does not register has no admin
    page at all."""
    assert ("tournament", "eventrole") in admin_models()
    assert len(admin_models()) >= 12


@pytest.mark.parametrize(("app", "model"), admin_models())
def test_no_model_can_be_added_changed_or_deleted_in_the_admin(client, one_of_each, app, model):
    """Not even by a superuser: a game edited there would not be rescored, a sheet's status
    would skip its audit trail, a log row could vanish, games per round could change after the
    plan, a role could change unlogged."""
    model_class = apps.get_model(app, model)
    before = rows(model_class)
    assert before, "the fixture makes a row of every model"
    obj = model_class.objects.order_by("pk").first()
    make_user("admin", "geheim-123", is_staff=True, is_superuser=True)
    client.login(username="admin", password="geheim-123")
    change_url = reverse(f"admin:{app}_{model}_change", args=[obj.pk])
    changelist = reverse(f"admin:{app}_{model}_changelist")

    page = client.get(change_url)
    assert page.status_code == 200  # shown, read-only
    html = page.content.decode()
    assert 'name="_save"' not in html and reverse(f"admin:{app}_{model}_delete", args=[obj.pk]) \
        not in html
    data = {"games_per_round": 6, "status": "confirmed", "bid": 900, "action": "withdrawn",
            "role": "desk", "released": "on", "closed": "on", "name": "geändert"}
    assert client.post(change_url, data).status_code == 403
    assert client.post(reverse(f"admin:{app}_{model}_add"), data).status_code == 403
    delete_url = reverse(f"admin:{app}_{model}_delete", args=[obj.pk])
    assert client.post(delete_url, {"post": "yes"}).status_code == 403
    client.post(changelist, {"action": "delete_selected", "_selected_action": [obj.pk],
                             "post": "yes"})
    assert rows(model_class) == before
