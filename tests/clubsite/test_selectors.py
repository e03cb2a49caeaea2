"""The reads of a club's pages (``clubsite.selectors``): the club's page in a number of queries
that does not grow with its evenings, an evening's start and end, and the club's mark without
its logo."""

import datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from clubs.services import set_logo
from clubsite.selectors import ClubMark, club_mark, club_page
from signup.models import SignupSettings
from tests.clubsite.evenings import club_with_evenings, days
from tests.factories import logo_bytes, make_club, make_event
from tournament.models import Round

pytestmark = pytest.mark.django_db


def test_the_page_reads_in_the_same_queries_however_many_evenings():
    evenings = club_with_evenings()
    counts = []
    for _ in range(2):
        with CaptureQueriesContext(connection) as queries:
            page = club_page(evenings.club)
        counts.append((len(queries), len(page.coming) + len(page.past)))
        for number in range(1, 6):
            event = make_event(club=evenings.club, date=days(number))
            SignupSettings.objects.create(event=event, is_open=True)
            make_event(club=evenings.club, date=days(-number))
    assert counts[0][0] == counts[1][0] <= 6
    assert counts[1][1] == counts[0][1] + 10


def test_an_evening_ends_only_when_every_round_has_a_planned_length():
    club = make_club()
    event = make_event(club=club, date=days(5))
    SignupSettings.objects.create(event=event, start_time=datetime.time(18, 45))
    for number in (1, 2):
        Round.objects.create(event=event, number=number, planned_minutes=50)
    round_3 = Round.objects.create(event=event, number=3)
    (evening,) = club_page(club).coming
    assert evening.starts_at.hour == 18 and evening.starts_at.minute == 45
    assert evening.ends_at is None
    round_3.planned_minutes = 70
    round_3.save()
    (evening,) = club_page(club).coming
    assert evening.ends_at - evening.starts_at == datetime.timedelta(minutes=170)
    assert not evening.registration_open  # its plan is made


def test_the_clubs_mark_reads_neither_logo_nor_notice():
    club = make_club(name="BF Ulm", slug="bf-ulm", privacy_notice="Hinweis")
    set_logo(club=club, data=logo_bytes())
    with CaptureQueriesContext(connection) as queries:
        mark = club_mark(club.pk)
    assert mark == ClubMark(slug="bf-ulm", name="BF Ulm", has_logo=True,
                            has_privacy_notice=True)
    (sql,) = [query["sql"] for query in queries]
    assert '"logo",' not in sql and '"logo" ' not in sql
    assert club_mark(club.pk + 1000) is None
    bare = make_club()
    assert club_mark(bare.pk) == ClubMark(slug=bare.slug, name=bare.name, has_logo=False,
                                          has_privacy_notice=False)
