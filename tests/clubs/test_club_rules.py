"""A club's own house rules (``clubs.services.save_club_rules``, ``delete_club_rules``,
``clubs.selectors``): saved under a name by the club's admins and organisers, replaced when saved
under that name again, deleted by its admins, each logged as a record of the club; offered to the
organisers of that club only."""

from __future__ import annotations

import pytest

from clubs import services
from clubs.audit import ClubAction
from clubs.models import ClubRules
from clubs.selectors import club_rules, club_rules_offered
from clubs.services import ClubError, delete_club_rules, save_club_rules
from core.models import ChangeRecord
from tests.factories import make_club, make_member, make_user

pytestmark = pytest.mark.django_db

VALUES = {
    "rules": {"name": "aks-heroldstatt", "min_bid": 200},
    "games_per_round": 15,
    "tie_breaks": "exact_points",
    "scoring_mode": "totals",
}


def _records(club):
    return list(ChangeRecord.objects.about(club).exclude(
        action__in=[ClubAction.CREATED, ClubAction.MEMBER_ADDED]
    ).order_by("pk"))


@pytest.mark.parametrize("role", ["admin", "organiser"])
def test_the_clubs_admins_and_organisers_save_its_house_rules(role):
    user = make_user()
    club = make_club(**{role: user})
    saved, replaced = save_club_rules(
        club=club, name=" Hausregeln 2027 ", event_name="Preisbinokel 2026", user=user, **VALUES
    )
    assert replaced is False
    stored = ClubRules.objects.get(club=club)
    assert stored == saved and stored.name == "Hausregeln 2027"
    assert {name: getattr(stored, name) for name in VALUES} == VALUES
    (record,) = _records(club)
    assert (record.action, record.event, record.user, record.subject) == (
        ClubAction.RULES_SAVED, None, user, club
    )
    assert record.description == (
        "Hausregeln des Vereins „Hausregeln 2027“ aus „Preisbinokel 2026“ gespeichert."
    )


def test_saving_under_the_same_name_replaces_them_and_says_so():
    user = make_user()
    club = make_club(organiser=user)
    first, _ = save_club_rules(club=club, name="Hausregeln 2027", event_name="A", user=user,
                               **VALUES)
    other = {"rules": {"name": "ejl"}, "games_per_round": 12, "tie_breaks": "",
             "scoring_mode": "games"}
    second, replaced = save_club_rules(club=club, name="Hausregeln 2027", event_name="B",
                                       user=user, **other)
    assert replaced is True and second.pk == first.pk
    stored = ClubRules.objects.get(club=club)
    assert {name: getattr(stored, name) for name in other} == other
    assert _records(club)[-1].description == (
        "Hausregeln des Vereins „Hausregeln 2027“ durch die von „B“ ersetzt."
    )
    # another club's rules of that name are theirs
    save_club_rules(club=make_club(), name="Hausregeln 2027", **VALUES)
    assert ClubRules.objects.count() == 2


@pytest.mark.parametrize("role", ["helper", None])
def test_a_helper_or_an_outsider_saves_nothing(role):
    user = make_user()
    club = make_club(**({role: user} if role else {}))
    with pytest.raises(ClubError) as error:
        save_club_rules(club=club, name="Hausregeln 2027", user=user, **VALUES)
    assert "Nur die Vereinsverwaltung und die Turnierleitung" in str(error.value)
    assert not ClubRules.objects.exists() and _records(club) == []


def test_house_rules_need_a_name_and_a_club_keeps_only_so_many(monkeypatch):
    club = make_club()
    with pytest.raises(ClubError) as error:
        save_club_rules(club=club, name="  ", **VALUES)
    assert error.value.field == "name"
    monkeypatch.setattr(services.limits, "MAX_CLUB_RULES", 2)
    for name in ("A", "B"):
        save_club_rules(club=club, name=name, **VALUES)
    with pytest.raises(ClubError) as error:
        save_club_rules(club=club, name="C", **VALUES)
    assert error.value.field == "name" and "schon 2 Hausregeln" in str(error.value)
    save_club_rules(club=club, name="B", **VALUES)  # replacing needs no room
    assert list(club_rules(club).values_list("name", flat=True)) == ["A", "B"]


def test_the_clubs_admins_delete_them():
    admin, organiser = make_user("admin"), make_user("orga")
    club = make_club(admin=admin, organiser=organiser)
    saved, _ = save_club_rules(club=club, name="Hausregeln 2027", **VALUES)
    with pytest.raises(ClubError) as error:
        delete_club_rules(club=club, rules_id=saved.pk, user=organiser)
    assert "Nur die Vereinsverwaltung" in str(error.value)
    with pytest.raises(ClubError):
        delete_club_rules(club=make_club(admin=admin), rules_id=saved.pk, user=admin)
    assert ClubRules.objects.filter(pk=saved.pk).exists()
    deleted = delete_club_rules(club=club, rules_id=saved.pk, user=admin)
    assert deleted.name == "Hausregeln 2027" and not ClubRules.objects.exists()
    record = _records(club)[-1]
    assert (record.action, record.event, record.user) == (ClubAction.RULES_DELETED, None, admin)
    assert record.description == "Hausregeln des Vereins „Hausregeln 2027“ gelöscht."
    with pytest.raises(ClubError) as error:
        delete_club_rules(club=club, rules_id=saved.pk, user=admin)
    assert "gibt es nicht mehr" in str(error.value)


def test_the_rules_offered_are_those_of_the_clubs_the_account_organises():
    user = make_user()
    own, helped, other = make_club(name="A"), make_club(name="B"), make_club(name="C")
    make_member(own, user, "admin")
    make_member(helped, user, "helper")
    for club in (own, helped, other):
        save_club_rules(club=club, name=f"Regeln {club.name}", **VALUES)
    assert [saved.name for saved in club_rules_offered(user)] == ["Regeln A"]
    # a superuser is offered their own clubs' rules, not every club's
    boss = make_user("chef", is_superuser=True)
    make_member(other, boss, "organiser")
    assert [saved.name for saved in club_rules_offered(boss)] == ["Regeln C"]
