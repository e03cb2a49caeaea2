"""The settings of the standings: saved, and each kind of change logged once."""

import pytest

from core.models import ChangeRecord
from scoring.audit import ScoringAction
from scoring.services import update_standings_settings
from tests.factories import make_event, make_user

pytestmark = pytest.mark.django_db


def test_settings_are_saved_and_logged_apart_from_the_public_switch():
    event, user = make_event(), make_user()
    update_standings_settings(
        event=event, tie_breaks=["declarer_wins"], count_unconfirmed=True,
        public_standings=True, user=user,
    )
    event.refresh_from_db()
    assert (event.tie_breaks, event.count_unconfirmed, event.public_standings) == (
        "declarer_wins", True, True
    )
    changes = list(ChangeRecord.objects.order_by("id"))
    assert [(c.action, c.user) for c in changes] == [
        (ScoringAction.STANDINGS, user), (ScoringAction.PUBLISHED, user)
    ]
    assert changes[0].params == {"tie_breaks": ["declarer_wins"], "count_unconfirmed": True}
    assert changes[1].description == "Die Rangliste ist jetzt öffentlich."


def test_only_what_changed_is_logged():
    event = make_event(public_standings=True)
    update_standings_settings(
        event=event, tie_breaks=[], count_unconfirmed=False, public_standings=False
    )
    assert list(ChangeRecord.objects.values_list("action", flat=True)) == [
        ScoringAction.UNPUBLISHED]
    update_standings_settings(
        event=event, tie_breaks=[], count_unconfirmed=False, public_standings=False
    )
    assert ChangeRecord.objects.count() == 1


@pytest.mark.parametrize("codes", [["best_round", "best_round"], ["coin_toss"]])
def test_unknown_or_repeated_tie_breaks_are_a_bug_and_save_nothing(codes):
    event = make_event()
    with pytest.raises(ValueError):
        update_standings_settings(
            event=event, tie_breaks=codes, count_unconfirmed=True, public_standings=True
        )
    event.refresh_from_db()
    assert (event.tie_breaks, event.public_standings) == ("", False)
    assert not ChangeRecord.objects.exists()
