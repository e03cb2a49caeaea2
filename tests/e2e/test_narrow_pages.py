"""The public pages on a small phone (360 px wide, Chromium): none scrolls sideways, neither the
page nor a table in it. Checked from the laid-out page (scroll widths), not from the HTML: the
home page, the public standings, an entry's games, the seat lookup, the event's rules (the
rules sheet's meld table), the Cup with its evenings' rules, a player's public page, the
online registration (its form and a registration's own page) and the club's page and privacy
notice, filled as at the end of a real evening (long names, clubs, three rounds; a wide logo,
which every page of the club's evenings shows beside the event's name)."""

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone

from clubs.services import set_logo
from scoring.demo import fill_random_games
from series.services import add_event, create_series
from signup.models import Registration, SignupSettings
from tests.factories import logo_bytes, make_club, make_event, make_player, make_role, make_user
from tournament.models import Entry, Player
from tournament.services import generate_plan, release_round

WIDTH = 360

# Everything that scrolls sideways: the page itself, and any element that scrolls its content
# (a table in a .table-container) because it is wider than its box.
SIDEWAYS = """() => {
    const root = document.documentElement;
    const found = [];
    if (root.scrollWidth > root.clientWidth) found.push(`page: ${root.scrollWidth} px`);
    for (const el of document.body.querySelectorAll('*')) {
      const overflow = getComputedStyle(el).overflowX;
      if ((overflow === 'auto' || overflow === 'scroll') && el.scrollWidth > el.clientWidth + 1) {
        const inner = el.firstElementChild ? el.firstElementChild.className : '';
        found.push(`${el.tagName.toLowerCase()}.${el.className} (${inner}): ${el.scrollWidth} px`);
      }
    }
    return found;
}"""


def evening(name: str, date: datetime.date, people: list[Player], seed: int, club):
    event = make_event(public_standings=True, name=name, date=date, club=club)
    for number, player in enumerate(people[:-4], start=1):
        make_entry(event, number, player=player)
    make_entry(event, len(people) - 3, player=people[-4], partner=people[-3])
    make_entry(event, len(people) - 2, player=people[-2], partner=people[-1])
    generate_plan(event=event, seed=seed)
    for round_ in event.rounds.all():
        release_round(round=round_, released=True)
    fill_random_games(event=event, seed=seed, confirm=True)
    return event


def make_entry(event, start_number, *, player, partner=None):
    return Entry.objects.create(
        event=event, start_number=start_number, player=player, partner=partner
    )


@pytest.fixture
def pages(db):
    """Two evenings of the same 16 people in a public Cup; the paths of the public pages."""
    club = make_club(
        name="Binokelfreunde Unterensingen-Oberboihingen e. V.", place="Unterensingen",
        contact="vorstand.binokelfreunde-unterensingen-oberboihingen@example.org",
        privacy_notice="Verantwortlich: der Vorstand.\nIhre Daten: " + "Rangliste " * 40,
    )
    people = [
        make_player(
            club,
            f"Maximiliane Hohenstaufen-Württemberg {number}",
            club="Binokelfreunde Unterensingen-Oberboihingen e. V.",
            public_profile=True,
        )
        for number in range(1, 17)
    ]
    set_logo(club=club, data=logo_bytes(size=(600, 120)))
    first = evening("Benefizbinokel Unterensingen", datetime.date(2026, 10, 10), people, 4, club)
    second = evening("Herbstbinokel Oberboihingen", datetime.date(2026, 11, 21), people, 5, club)
    owner = make_user()  # the tests' organiser: organises both evenings
    make_role(first, owner)
    make_role(second, owner)
    series = create_series(user=owner, name="Filder-Binokel-Cup", slug="filder-cup",
                           season="2026/27", counting="best", best_of=2)
    for event in (first, second):
        add_event(series=series, event=event, user=owner)
    series.public = True
    series.save()
    slug = second.slug
    # the club's coming evening, taking registrations
    coming = make_event(club=club, name="Winterbinokel Unterensingen-Oberboihingen",
                        date=timezone.localdate() + datetime.timedelta(days=14),
                        venue="Bürgerhaus Unterensingen, großer Saal")
    SignupSettings.objects.create(event=coming, is_open=True, start_time=datetime.time(19, 30))
    # the online registration's public pages: the form, and a pair's own page
    SignupSettings.objects.create(event=second, is_open=True, capacity=100)
    registration = Registration.objects.create(
        event=second, kind="pair", name=people[0].name, partner_name=people[1].name,
        club=people[0].club, email="maximiliane.hohenstaufen@binokelfreunde.example",
        status="registered", code="ABCDEF", entry=second.entries.first(),
    )
    return {
        "home": reverse("home"),
        "standings": reverse("public-standings", args=[slug]),
        "entry's games": reverse("public-standings-entry", args=[slug, 1]),
        "pair's games": reverse("public-standings-entry", args=[slug, 13]),
        "seat lookup": reverse("seat-lookup", args=[slug]) + "?nr=1",
        "rules": reverse("event-rules", args=[slug]),
        "cup": reverse("public-series", args=[series.slug]),
        "player": reverse("public-player", args=[people[0].pk]),
        "registration": reverse("signup", args=[slug]),
        "own registration": reverse("signup-manage", args=[slug, registration.token]),
        "club": reverse("club-page", args=[club.slug]),
        "club's privacy notice": reverse("club-privacy", args=[club.slug]),
    }


@pytest.fixture
def small_phone(browser):
    context = browser.new_context(
        locale="de-DE", viewport={"width": WIDTH, "height": 740}, device_scale_factor=2,
        is_mobile=True, has_touch=True,
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()


def test_public_pages_do_not_scroll_sideways_at_360_px(
    live_server, small_phone, pages, screenshot
):
    page = small_phone
    wide = {}
    for name, path in pages.items():
        response = page.goto(live_server.url + path)
        assert response.status == 200, name
        assert page.locator("h1").count(), name
        found = page.evaluate(SIDEWAYS)
        if found:
            wide[name] = found
        screenshot(page, "phone-360-" + name.replace("'", "").replace(" ", "-"))
    assert not wide, f"scroll sideways at {WIDTH} px: {wide}"
