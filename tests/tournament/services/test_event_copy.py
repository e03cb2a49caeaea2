"""An event like an earlier one ("Wie beim letzten Mal", ``tournament.services.events.copy_event``):
it takes every setting of the earlier event, of its money and prizes (``money.receivers``) and of
its online registration (``signup.receivers``), and its roles, and nothing of its evening. The
comparisons go over every concrete field of the models, so that a setting added later is either
copied or named here as not copied."""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest
from django.db import models
from django.utils import timezone

from core.models import ChangeRecord
from money.models import Expense, MoneySettings, Payment, Prize, PrizeLot, PrizeSettings
from scoring.models import ScoreSheet
from scoring.rules import AKS_HEROLDSTATT, RULES
from signup.models import Registration, SignupSettings
from tests.factories import make_club, make_entry, make_event, make_member, make_role, make_user
from tournament.audit import TournamentAction
from tournament.models import Entry, Event, EventRole, FormSubmission, Round
from tournament.services import (
    AlreadySubmitted,
    EventError,
    copy_event,
    generate_plan,
    new_form_token,
)

pytestmark = pytest.mark.django_db

# Of an event, what is not a setting: its identity, its name, short name and date (the new
# event's own), and what its evening brings.
EVENT_NOT_COPIED = {"id", "club", "name", "slug", "date", "status", "plan_seed",
                    "results_version", "results_changed_at", "finished_at"}
# Of the registration settings, whether it is open and who opened it (the new event's stays
# closed) and its closing time (moved with the date).
SIGNUP_NOT_COPIED = {"is_open", "opened_by", "closes_at", "forgotten_at"}
NEW = {"name": "Preisbinokel 2027", "slug": "preisbinokel-2027",
       "date": datetime.date(2027, 11, 20)}


def settings_of(row: models.Model, *, leave_out: set[str] = frozenset()) -> dict:
    """Every concrete field of ``row`` but its id, its event and ``leave_out``."""
    return {
        field.name: getattr(row, field.attname)
        for field in row._meta.concrete_fields
        if not field.primary_key and field.name != "event" and field.name not in leave_out
    }


def assert_not_defaults(row: models.Model, values: dict) -> None:
    """Every value differs from its field's default: the copy of each is seen."""
    same = [name for name in values
            if row._meta.get_field(name).get_default() == values[name]]
    assert same == [], f"give {type(row).__name__} a value other than the default: {same}"


@pytest.fixture
def source():
    """An evening of last year with every setting changed from its default, its roles, a plan,
    sheets, entries, payments, an expense, a lot and registrations."""
    organiser, guest, helper = make_user("orga"), make_user("gast"), make_user("helfer")
    club = make_club(organiser=organiser)
    event = make_event(
        club=club, name="Preisbinokel 2026", slug="preisbinokel-2026",
        date=datetime.date(2026, 11, 21), venue="Festhalle", round_count=2,
        games_per_round=15, rules={**RULES[AKS_HEROLDSTATT].as_dict(), "min_bid": 200},
        scoring_mode=Event.ScoringMode.TOTALS, tie_breaks="exact_points",
        public_standings=True, count_unconfirmed=True,
    )
    make_role(event, organiser)
    make_role(event, guest)
    make_role(event, helper, EventRole.Role.DESK)
    entries = [make_entry(event, number) for number in range(1, 7)]
    generate_plan(event=event, seed=3)
    Event.objects.filter(pk=event.pk).update(
        status=Event.Status.FINISHED, results_version=9, results_changed_at=timezone.now(),
        finished_at=timezone.now())
    MoneySettings.objects.create(
        event=event, start_fee_single=Decimal("8.00"), start_fee_pair=Decimal("7.00"),
        pair_fee_per_person=True, lost_game_fee=Decimal("0.50"),
        lost_game_fee_higher=Decimal("1.00"), lost_game_fee_higher_from=10,
        lost_durch_counts=False, lost_conceded_counts=False, good_cause="Kindergarten",
        donation=MoneySettings.Donation.REMAINDER,
    )
    PrizeSettings.objects.create(event=event, pot_percent=Decimal("40.00"), share_money=False,
                                 call_order=PrizeSettings.CallOrder.TOP_LAST)
    Prize.objects.create(event=event, place=1, amount=Decimal("50.00"), share=Decimal("30"),
                         goods="Schinken")
    Prize.objects.create(event=event, pairs=True, place=2, last_place=5, to_end=True,
                         goods="Flasche Wein")
    Prize.objects.create(event=event, award=Prize.Award.CATEGORY, category="Frau",
                         amount=Decimal("10.00"))
    Payment.objects.create(entry=entries[0], purpose=Payment.Purpose.START_FEE,
                           amount=Decimal("8.00"))
    Expense.objects.create(event=event, purpose="Saalmiete", amount=Decimal("80.00"))
    PrizeLot.objects.create(event=event, order=[entries[1].pk, entries[2].pk])
    SignupSettings.objects.create(
        event=event, is_open=True, capacity=40, waiting_list=False,
        closes_at=timezone.make_aware(datetime.datetime(2026, 11, 14, 18, 0)),
        accept=SignupSettings.Accept.ORGANISER, start_time=datetime.time(19, 0),
        opened_by=organiser,
    )
    Registration.objects.create(event=event, kind="single", name="Online",
                                email="online@example.org", status="registered",
                                code="ABCDEF", token="a-token")
    event.refresh_from_db()
    return event


def test_the_copy_has_every_setting_of_its_source_and_its_roles(source):
    organiser = source.club.members.get().user
    copied = copy_event(source=source, user=organiser, **NEW)
    copied.refresh_from_db()
    # the event: its own name, short name and date, the source's club and every setting
    assert (copied.club, copied.name, copied.slug, copied.date) == (
        source.club, NEW["name"], NEW["slug"], NEW["date"])
    settings = settings_of(source, leave_out=EVENT_NOT_COPIED)
    assert_not_defaults(source, settings)
    assert settings_of(copied, leave_out=EVENT_NOT_COPIED) == settings
    # … none of the evening's state
    assert (copied.status, copied.plan_seed, copied.results_version,
            copied.results_changed_at, copied.finished_at) == (
        Event.Status.PREPARATION, None, 0, None, None)
    # money, prizes and registration
    for model in (MoneySettings, PrizeSettings):
        settings = settings_of(model.objects.get(event=source))
        assert_not_defaults(model.objects.get(event=source), settings)
        assert settings_of(model.objects.get(event=copied)) == settings
    prizes = [settings_of(prize) for prize in Prize.objects.filter(event=source)]
    assert len(prizes) == 3
    assert [settings_of(prize) for prize in Prize.objects.filter(event=copied)] == prizes
    signup = SignupSettings.objects.get(event=source)
    signup.forgotten_at = timezone.now()  # the earlier evening's registrants are forgotten
    signup.save()
    settings = settings_of(signup, leave_out=SIGNUP_NOT_COPIED)
    assert_not_defaults(signup, settings)
    new_signup = SignupSettings.objects.get(event=copied)
    assert settings_of(new_signup, leave_out=SIGNUP_NOT_COPIED) == settings
    assert (new_signup.is_open, new_signup.opened_by, new_signup.forgotten_at) == (
        False, None, None)
    # closing as long before the new evening, at the same time of day
    assert timezone.localtime(new_signup.closes_at) == timezone.make_aware(
        datetime.datetime(2027, 11, 13, 18, 0))
    # the roles, as on the source (its creator organised it already)
    def roles(event):
        return sorted(EventRole.objects.filter(event=event).values_list("user_id", "role"))
    assert roles(copied) == roles(source) and len(roles(copied)) == 3


def test_the_copy_holds_nothing_of_the_evening(source):
    copied = copy_event(source=source, user=None, **NEW)
    assert not Entry.objects.filter(event=copied).exists()
    assert not Round.objects.filter(event=copied).exists()
    assert not ScoreSheet.objects.filter(table__round__event=copied).exists()
    assert not Payment.objects.filter(entry__event=copied).exists()
    assert not Expense.objects.filter(event=copied).exists()
    assert not PrizeLot.objects.filter(event=copied).exists()
    assert not Registration.objects.filter(event=copied).exists()
    assert [record.action for record in ChangeRecord.objects.filter(event=copied)] == [
        TournamentAction.EVENT_COPIED]
    record = ChangeRecord.objects.get(event=copied)
    assert record.description == (
        "Turnier „Preisbinokel 2027“ wie „Preisbinokel 2026“ vom 21.11.2026 angelegt.")
    # the source is as it was
    assert Entry.objects.filter(event=source).count() == 6
    assert SignupSettings.objects.get(event=source).is_open


def test_a_source_without_saved_settings_gives_a_copy_with_the_defaults():
    user = make_user()
    source = make_event(club=make_club(admin=user))
    copied = copy_event(source=source, user=user, **NEW)
    for model in (MoneySettings, PrizeSettings, SignupSettings):
        assert not model.objects.filter(event=copied).exists()
    assert not Prize.objects.filter(event=copied).exists()
    # its creator, who had no role on the source, organises it
    assert list(copied.roles.values_list("user__username", "role")) == [("orga", "organiser")]


@pytest.mark.parametrize("role", ["guest", "helper", "other-club"])
def test_an_account_that_does_not_organise_the_club_creates_nothing(source, role):
    user = make_user("fremd")
    if role == "guest":
        make_role(source, user)  # organises this event, not the club's
    elif role == "helper":
        make_member(source.club, user, "helper")
    else:
        make_club(admin=user)
    with pytest.raises(EventError) as error:
        copy_event(source=source, user=user, **NEW)
    assert str(error.value) == (
        f"Ein Turnier wie dieses legen nur die Vereinsverwaltung und die Turnierleitung von "
        f"{source.club.name} an.")
    assert Event.objects.count() == 1 and not MoneySettings.objects.exclude(event=source).exists()


def test_a_form_sent_twice_creates_one_event(source):
    token = new_form_token()
    organiser = source.club.members.get().user
    copied = copy_event(source=source, user=organiser, form_token=token, **NEW)
    with pytest.raises(AlreadySubmitted) as error:
        copy_event(source=source, user=organiser, form_token=token,
                   **{**NEW, "slug": "noch-eins"})
    assert error.value.submission.event == copied
    assert FormSubmission.objects.get(token=token).event == copied
    assert Event.objects.count() == 2


def test_a_short_name_taken_meanwhile_is_refused(source):
    make_event(slug=NEW["slug"])
    with pytest.raises(EventError) as error:
        copy_event(source=source, user=None, **NEW)
    assert error.value.field == "slug"
    assert Event.objects.count() == 2 and not SignupSettings.objects.exclude(event=source).exists()
