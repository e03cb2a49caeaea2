import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from tournament.models import Event

pytestmark = pytest.mark.django_db


def test_demo_command_is_idempotent_and_prints_login(capsys):
    call_command("demo", singles=10, pairs=4)
    call_command("demo", singles=10, pairs=4)
    event = Event.objects.get(slug="demo")
    assert event.entries.singles().count() == 10
    assert event.entries.pairs().count() == 4
    assert sorted(event.entries.values_list("start_number", flat=True)) == list(range(1, 15))
    user = get_user_model().objects.get(username="turnierleitung")
    assert user.check_password("binokel-demo")
    out = capsys.readouterr().out
    assert "turnierleitung" in out and "exists already" in out
