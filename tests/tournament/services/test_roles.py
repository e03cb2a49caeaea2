"""Roles on an event (``tournament.services.roles``): the creator organises the event; organisers
add accounts by user name as organisers or desk helpers, change and remove roles, every change
logged; an event always keeps an organiser."""

import datetime

import pytest
from django.db import IntegrityError, transaction
from django.utils import translation

from tests.factories import make_club, make_event, make_role, make_user
from tournament.audit import TournamentAction
from tournament.models import EventRole
from tournament.services import RoleError, create_event, grant_role, remove_role

pytestmark = pytest.mark.django_db

ORGANISER, DESK = EventRole.Role.ORGANISER, EventRole.Role.DESK


def roles(event) -> set[tuple[str, str]]:
    return set(event.roles.values_list("user__username", "role"))


def test_the_creator_of_an_event_organises_it():
    user = make_user("anna")
    event = create_event(club=make_club(organiser=user), user=user, name="Benefizbinokel",
                         slug="b", date=datetime.date.today())
    assert roles(event) == {("anna", ORGANISER)}


def test_an_event_created_by_a_script_has_no_organiser_yet():
    event = create_event(club=make_club(), name="Benefizbinokel", slug="b",
                         date=datetime.date.today())
    assert roles(event) == set()


@pytest.fixture
def event():
    event = make_event()
    make_role(event, make_user("anna"), ORGANISER)
    return event


def test_grant_a_desk_helper_by_user_name_is_logged(event):
    anna = event.roles.get().user
    make_user("bernd")
    role = grant_role(event=event, username=" bernd ", role=DESK, user=anna)
    assert (role.user.username, role.role) == ("bernd", DESK)
    assert roles(event) == {("anna", ORGANISER), ("bernd", DESK)}
    change = event.changes.get()
    assert (change.action, change.user, change.params) == (
        TournamentAction.ROLE_GRANTED, anna, {"username": "bernd", "role": "desk"}
    )
    with translation.override("en"):
        assert change.description == "Role “desk helper” given to bernd."


def test_the_user_name_may_differ_in_case_when_it_names_one_account(event):
    make_user("Bernd")
    grant_role(event=event, username="bernd", role=DESK)
    assert ("Bernd", DESK) in roles(event)


@pytest.mark.parametrize("username", ["niemand", ""])
def test_an_unknown_account_is_a_form_error(event, username):
    with pytest.raises(RoleError) as error:
        grant_role(event=event, username=username, role=DESK)
    assert error.value.field == "username" and error.value.params["username"] == username
    assert not event.changes.exists()


def test_an_inactive_account_cannot_get_a_role(event):
    make_user("bernd", is_active=False)
    with pytest.raises(RoleError):
        grant_role(event=event, username="bernd", role=DESK)


def test_an_unknown_role_is_refused(event):
    make_user("bernd")
    with pytest.raises(RoleError) as error:
        grant_role(event=event, username="bernd", role="king")
    assert error.value.field == "role" and roles(event) == {("anna", ORGANISER)}


def test_the_same_role_again_is_refused(event):
    with pytest.raises(RoleError) as error:
        grant_role(event=event, username="anna", role=ORGANISER)
    assert error.value.field == "username"


def test_granting_another_role_changes_it_and_is_logged(event):
    make_role(event, make_user("bernd"), DESK)
    grant_role(event=event, username="bernd", role=ORGANISER)
    assert roles(event) == {("anna", ORGANISER), ("bernd", ORGANISER)}
    change = event.changes.get()
    assert (change.action, change.params) == (
        TournamentAction.ROLE_CHANGED,
        {"username": "bernd", "role": "organiser", "old_role": "desk"},
    )
    grant_role(event=event, username="anna", role=DESK)  # bernd organises now
    assert roles(event) == {("anna", DESK), ("bernd", ORGANISER)}


def test_the_last_organiser_cannot_become_a_desk_helper(event):
    make_role(event, make_user("bernd"), DESK)
    with pytest.raises(RoleError) as error:
        grant_role(event=event, username="anna", role=DESK)
    assert error.value.params == {"username": "anna"}
    assert roles(event) == {("anna", ORGANISER), ("bernd", DESK)}


def test_remove_a_role_is_logged(event):
    role = make_role(event, make_user("bernd"), DESK)
    remove_role(event=event, role_id=role.pk, user=event.roles.get(role=ORGANISER).user)
    assert roles(event) == {("anna", ORGANISER)}
    change = event.changes.get()
    assert (change.action, change.params) == (
        TournamentAction.ROLE_REMOVED, {"username": "bernd", "role": "desk"}
    )


def test_the_last_organiser_cannot_be_removed_but_one_of_two_can(event):
    anna = event.roles.get()
    with pytest.raises(RoleError):
        remove_role(event=event, role_id=anna.pk)
    assert roles(event) == {("anna", ORGANISER)} and not event.changes.exists()
    make_role(event, make_user("bernd"), ORGANISER)
    remove_role(event=event, role_id=anna.pk)
    assert roles(event) == {("bernd", ORGANISER)}


def test_a_role_of_another_event_or_gone_cannot_be_removed(event):
    other = make_role(make_event(), make_user("bernd"), DESK)
    for role_id in (other.pk, 999999):
        with pytest.raises(RoleError):
            remove_role(event=event, role_id=role_id)
    assert EventRole.objects.filter(pk=other.pk).exists()


def test_an_account_has_one_role_per_event(event):
    with pytest.raises(IntegrityError), transaction.atomic():
        make_role(event, event.roles.get().user, DESK)
