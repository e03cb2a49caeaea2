"""A club's evenings as an iCalendar feed (RFC 5545), written by the ``icalendar`` library: one
VEVENT per evening of the club's page (``clubsite.selectors.club_page``), coming and past.

Each evening's UID is made of its event's id and the server's host name, so a calendar that
subscribed recognises the evening again on every fetch (and a changed date or name as a change
of it). It starts on its day (a whole-day event), or at its start time where the online
registration names one, then ending after the planned length of every round where each round
has one (in UTC: no time zone definitions needed). Its link leads to the registration while
that takes registrations, else to the club's page.
"""

from __future__ import annotations

import datetime

import icalendar
from django.urls import reverse
from django.utils.translation import gettext

from clubsite.selectors import ClubPage, Evening
from core import limits


def _timed(moment: datetime.datetime) -> datetime.datetime:
    return moment.astimezone(datetime.UTC)


def evening_uid(evening: Evening, host: str) -> str:
    """The evening's UID: the same for the same event on the same server, at every fetch."""
    return f"binokel-event-{evening.event.pk}@{host}"


def _vevent(evening: Evening, *, site: str, host: str, club_url: str) -> icalendar.Event:
    event = evening.event
    rules_url = site + reverse("event-rules", args=[event.slug])
    lines = [
        gettext("House rules: %(rules)s (%(mode)s), %(url)s")
        % {"rules": evening.rules, "mode": event.get_scoring_mode_display(), "url": rules_url}
    ]
    url = club_url
    if evening.registration_open:
        url = site + reverse("signup", args=[event.slug])
        lines.append(gettext("Online registration: %(url)s") % {"url": url})
    if evening.standings_public:
        lines.append(
            gettext("Standings: %(url)s")
            % {"url": site + reverse("public-standings", args=[event.slug])}
        )
    if evening.starts_at is None:
        start: datetime.date = event.date
        end: datetime.date | None = event.date + datetime.timedelta(days=1)
    else:
        start = _timed(evening.starts_at)
        end = _timed(evening.ends_at) if evening.ends_at else None
    return icalendar.Event.new(
        uid=evening_uid(evening, host),
        start=start,
        end=end,
        summary=event.name,
        location=event.venue or None,
        url=url,
        description="\n".join(lines),
    )


def club_calendar(page: ClubPage, *, site: str, host: str) -> bytes:
    """The club's evenings of ``page`` as an iCalendar file; links start with ``site`` (the
    server's address, ``scheme://host[:port]``), UIDs end with ``host``."""
    club = page.club
    club_url = site + reverse("club-page", args=[club.slug])
    calendar = icalendar.Calendar.new(
        prodid="-//Binokel-Turnier//Termine//DE",
        uid=f"binokel-club-{club.pk}@{host}",
        name=gettext("%(club)s: dates") % {"club": club.name},
        url=club_url,
        refresh_interval=datetime.timedelta(hours=limits.CALENDAR_REFRESH_HOURS),
    )
    # the refresh interval as Apple's and Microsoft's calendars read it
    calendar.add(
        "X-PUBLISHED-TTL",
        icalendar.vDuration(datetime.timedelta(hours=limits.CALENDAR_REFRESH_HOURS)),
    )
    for evening in [*page.coming, *page.past]:
        calendar.add_component(_vevent(evening, site=site, host=host, club_url=club_url))
    return calendar.to_ical()
