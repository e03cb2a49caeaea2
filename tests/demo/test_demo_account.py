"""``manage.py demo`` and its organiser account: the account's password is public, so it is
created only with DEBUG on, ``--with-demo-account`` or ``DEMO_ACCOUNT=1``; it is a plain account
that organises the demo event and nothing else."""

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from demo.management.commands.demo import DEMO_PASSWORD, DEMO_USERNAME
from tests.factories import make_event
from tournament.audit import TournamentAction
from tournament.models import Event, EventRole

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_demo_account_from_the_environment(monkeypatch, settings):
    monkeypatch.delenv("DEMO_ACCOUNT", raising=False)
    settings.DEBUG = False


def demo_account():
    return get_user_model().objects.filter(username=DEMO_USERNAME).first()


def test_without_debug_or_flag_the_event_is_built_but_the_account_refused(capsys):
    call_command("demo", singles=9, pairs=2, empty=True)
    assert Event.objects.get(slug="demo").entries.count() == 11
    assert demo_account() is None and not EventRole.objects.exists()
    out, err = capsys.readouterr()
    assert f"Demo account “{DEMO_USERNAME}” refused" in err and "--with-demo-account" in err
    assert DEMO_PASSWORD not in out + err


@pytest.mark.parametrize("how", ["debug", "flag", "environment"])
def test_debug_flag_or_environment_create_an_organiser_of_the_demo_event_only(
    how, settings, monkeypatch, capsys
):
    other = make_event()
    options = {}
    if how == "debug":
        settings.DEBUG = True
    elif how == "flag":
        options["with_demo_account"] = True
    else:
        monkeypatch.setenv("DEMO_ACCOUNT", "1")
    call_command("demo", singles=9, pairs=2, empty=True, **options)
    account = demo_account()
    assert account.check_password(DEMO_PASSWORD)
    assert not account.is_superuser and not account.is_staff
    roles = list(EventRole.objects.filter(user=account).values_list("event__slug", "role"))
    assert roles == [("demo", EventRole.Role.ORGANISER)]
    assert not EventRole.objects.filter(event=other).exists()
    assert f"user “{DEMO_USERNAME}”, password “{DEMO_PASSWORD}”" in capsys.readouterr().out


def test_a_demo_event_built_without_the_account_gets_it_later(capsys):
    call_command("demo", singles=9, pairs=2, empty=True)
    call_command("demo", singles=9, pairs=2, empty=True, with_demo_account=True)
    event = Event.objects.get(slug="demo")
    assert event.roles.get().user == demo_account()
    granted = event.changes.get(action=TournamentAction.ROLE_GRANTED)
    assert granted.params == {"username": DEMO_USERNAME, "role": "organiser"}
    call_command("demo", singles=9, pairs=2, empty=True, with_demo_account=True)
    assert event.changes.filter(action=TournamentAction.ROLE_GRANTED).count() == 1


def test_an_existing_demo_account_is_left_alone_but_named_without_the_flag(capsys):
    call_command("demo", singles=9, pairs=2, empty=True, with_demo_account=True)
    capsys.readouterr()
    call_command("demo", singles=9, pairs=2, empty=True)
    err = capsys.readouterr().err
    assert "exists already with the public demo password" in err
    assert demo_account() is not None
