"""Series services (``series.services``): who may create and change a series and add
events to it, each change logged in the series' own log; and the series standings over four
evenings with best 3 of 4 (``series.standings``, the "done when" of the series)."""

import datetime
from decimal import Decimal

import pytest
from django.utils import translation

from money.cash.services import take_payment, update_money_settings
from scoring.demo import record_game
from series import ranking as pure
from series.audit import SeriesAction
from series.models import Series, SeriesEvent
from series.selectors import season_pot
from series.services import SeriesError, add_event, create_series, remove_event, update_series
from series.standings import series_standings
from tests.factories import make_event, make_role, make_user
from tests.scoring.games import sheet_for
from tests.series.series_data import WON_PAIRS, entries, four_evenings, players
from tournament.models import EventRole

pytestmark = pytest.mark.django_db

FIELDS = {"name": "Binokel-Cup", "slug": "cup", "season": "2026"}


def test_the_model_codes_are_the_rankings_codes():
    assert set(Series.Counting.values) == set(pure.COUNTINGS)
    assert set(Series.Scoring.values) == set(pure.SCORINGS)


def test_create_series_makes_the_creator_its_owner_and_logs_it():
    user = make_user()
    series = create_series(user=user, **FIELDS)
    assert series.owner == user
    change = series.changes.get()
    assert (change.action, change.user, change.params) == (SeriesAction.CREATED, user,
                                                           {"name": "Binokel-Cup"})
    with translation.override("en"):
        assert change.description == "Series “Binokel-Cup” created."


def test_a_short_name_taken_is_a_form_error():
    create_series(user=make_user(), **FIELDS)
    with pytest.raises(SeriesError) as error:
        create_series(user=make_user("zwei"), **FIELDS)
    assert error.value.field == "slug"
    assert Series.objects.count() == 1


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"counting": "best", "best_of": None}, "best_of"),
        ({"scoring": "place_points", "place_points": [10, 20]}, "place_points"),
    ],
)
def test_a_rule_that_cannot_be_applied_is_refused(fields, field):
    with pytest.raises(SeriesError) as error:
        create_series(user=make_user(), **FIELDS, **fields)
    assert error.value.field == field
    assert not Series.objects.exists()


def test_update_series_logs_each_change_and_only_the_owner_may():
    owner = make_user()
    series = create_series(user=owner, **FIELDS)
    with pytest.raises(SeriesError):
        update_series(series=series, user=make_user("fremd"), name="Anders")
    changes = update_series(
        series=series, user=owner, counting="best", best_of=3, scoring="place_points",
        place_points=[25, 20, 16], pot_percent=Decimal("10"),
    )
    assert [name for name, _old, _new in changes] == [
        "counting", "best_of", "scoring", "place_points", "pot_percent"
    ]
    series.refresh_from_db()
    assert (series.best_of, series.place_points, series.pot_percent) == (
        3, [25, 20, 16], Decimal("10.00")
    )
    change = series.changes.get(action=SeriesAction.EDITED)
    with translation.override("en"):
        assert "Place points “–” → “25, 20, 16”" in change.description
        assert "Best how many evenings “–” → “3”" in change.description
    assert update_series(series=series, user=owner, best_of=3, counting="best") == []
    superuser = make_user("chef", is_superuser=True)
    update_series(series=series, user=superuser, name="Cup")
    assert series.changes.filter(action=SeriesAction.EDITED).count() == 2


def test_only_an_organiser_of_the_event_can_add_it():
    owner = make_user("besitzer")
    series = create_series(user=owner, **FIELDS)
    theirs = make_event()
    helped = make_event()
    make_role(helped, owner, EventRole.Role.DESK)
    for event in (theirs, helped):
        with pytest.raises(SeriesError) as error:
            add_event(series=series, event=event, user=owner)
        assert error.value.field == "event"
    assert not SeriesEvent.objects.exists()
    # an organiser of the event who does not own the series cannot either
    other = make_user("kollege")
    make_role(theirs, other)
    with pytest.raises(SeriesError):
        add_event(series=series, event=theirs, user=other)
    make_role(theirs, owner)
    add_event(series=series, event=theirs, user=owner)
    assert list(series.events.all()) == [theirs]


def test_add_and_remove_keep_date_order_and_are_logged():
    user = make_user()
    series = create_series(user=user, **FIELDS)
    late = make_event(organiser=user, name="Spät", date=datetime.date(2026, 12, 1))
    early = make_event(organiser=user, name="Früh", date=datetime.date(2026, 1, 1))
    add_event(series=series, event=late, user=user)
    add_event(series=series, event=early, user=user)
    assert [m.event for m in series.memberships.order_by("order")] == [early, late]
    with pytest.raises(SeriesError):
        add_event(series=series, event=early, user=user)
    remove_event(series=series, event=early, user=user)
    with pytest.raises(SeriesError):
        remove_event(series=series, event=early, user=user)
    assert [m.order for m in series.memberships.all()] == [1]
    actions = list(series.changes.order_by("id").values_list("action", flat=True))
    assert actions == [SeriesAction.CREATED, SeriesAction.EVENT_ADDED, SeriesAction.EVENT_ADDED,
                       SeriesAction.EVENT_REMOVED]
    with translation.override("en"):
        assert series.changes.get(action=SeriesAction.EVENT_REMOVED).description == (
            "Tournament “Früh” of 01.01.2026 removed from the series."
        )
    assert early.changes.filter(action__startswith="series").count() == 0


def series_of(events, **rule):
    user = make_user("besitzer", is_superuser=True)
    series = create_series(user=user, **FIELDS, **rule)
    for event in events:
        add_event(series=series, event=event, user=user)
    return series


def test_four_evenings_best_three_of_four():
    events, _people = four_evenings()
    standings = series_standings(series_of(events, counting="best", best_of=3))
    # by hand (tests/series/series_data.py): A 160, 20, 30, 210 -> drops 20: 400;
    # B 40, 160, 20, 90 -> drops 20: 290; C 30, 40, 160, 90 -> drops 30: 290;
    # D 20, 30, 40 and absent -> all three count: 90. B and C: equal sum, three evenings
    # counted each, best evening 160 each: they share place 2.
    assert [(line.place, line.name, line.cells, line.total) for line in standings.singles] == [
        (1, "A", [(160, True), (20, False), (30, True), (210, True)], 400),
        (2, "B", [(40, True), (160, True), (20, False), (90, True)], 290),
        (2, "C", [(30, False), (40, True), (160, True), (90, True)], 290),
        (4, "D", [(20, True), (30, True), (40, True), (None, False)], 90),
    ]
    assert [line.shared for line in standings.singles] == [False, True, True, False]
    assert [line.evenings for line in standings.singles] == [4, 4, 4, 3]
    assert standings.singles[0].club == "SV A"
    assert standings.events == events and not standings.provisional
    assert standings.pairs == []


def test_every_evening_and_place_points_from_the_database():
    events, _people = four_evenings()
    standings = series_standings(series_of(
        events, counting="every", scoring="place_points", place_points=[10, 6, 3]
    ))
    # D missed evening 4. Places: A 1, 4, 3, 1 -> 10+0+3+10 = 23; B 2, 1, 4, 2 -> 6+10+0+6 = 22;
    # C 3, 2, 1, 2 (shared with B on 90) -> 3+6+10+6 = 25
    assert [(line.place, line.name, line.total) for line in standings.singles] == [
        (1, "C", 25), (2, "A", 23), (3, "B", 22),
    ]


def test_a_pair_is_the_same_two_players_in_either_order():
    people = players("X", "Y", "P", "Q")
    first, second = make_event(), make_event()
    for event, (pair_a, pair_b) in (
        (first, ((people["X"], people["Y"]), (people["P"], people["Q"]))),
        (second, ((people["Y"], people["X"]), (people["P"], people["Q"]))),
    ):
        sheet = sheet_for(event, 1, entries(event, pair_a, pair_b), 1)
        record_game(sheet=sheet, number=1, **WON_PAIRS)
    standings = series_standings(series_of([first, second]))
    assert [(line.name, line.total) for line in standings.pairs] == [("Y / X", 520),
                                                                     ("P / Q", 280)]
    assert standings.singles == []


def test_unlisted_participants_are_not_named_publicly():
    events, people = four_evenings()
    people["A"].unlisted = True
    people["A"].save()
    line = series_standings(series_of(events)).singles[0]
    assert line.name == "A"
    assert "A" not in str(line.public_name) and line.public_club == ""


def test_season_pot_is_the_share_of_each_evenings_entry_fee_collected():
    events, _people = four_evenings()
    series = series_of(events[:2], pot_percent=Decimal("12.5"))
    user = series.owner
    for event, paid in zip(events[:2], (3, 1), strict=True):
        update_money_settings(event=event, user=user, start_fee_single=Decimal("7.50"))
        for entry in event.entries.all()[:paid]:
            take_payment(entry=entry, purpose="start_fee", amount=Decimal("7.50"), user=user)
    pot = season_pot(series)
    # by hand: 22.50 and 7.50 collected; 12.5 % of each, down to the cent: 2.81 and 0.93
    assert [(line.collected, line.share) for line in pot.lines] == [
        (Decimal("22.50"), Decimal("2.81")), (Decimal("7.50"), Decimal("0.93")),
    ]
    assert (pot.collected, pot.amount) == (Decimal("30.00"), Decimal("3.74"))
