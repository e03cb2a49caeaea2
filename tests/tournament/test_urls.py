"""Every route of the site (``config.urls`` with each app's ``urls_public`` and
``urls_organiser``): organiser pages send an anonymous visitor to the login page; only the routes
on the public list answer everyone, and that list is exactly what it should be. Of the organiser
pages, the desk helpers' list is exactly what the views declare, and every route answers each
kind of account as its role allows."""

import pytest
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from clubs.access import CLUB_ADMIN, SUPERUSER
from clubs.models import ClubMember
from clubs.services import set_logo
from config import urls as site_urls
from series.models import Series
from signup.models import Registration
from tests.factories import (
    logo_bytes,
    make_club,
    make_entry,
    make_event,
    make_member,
    make_role,
    make_user,
)
from tournament.access import CLUB_ORGANISER
from tournament.models import EventRole, Player
from tournament.services import generate_plan

pytestmark = pytest.mark.django_db


# What anyone may open (the app's urls_public modules), plus Django's login, logout, language
# and the one-time link with which a new helper sets a password.
PUBLIC_APP_ROUTES = {
    "home",
    "seat-lookup",
    "sheet-link",
    "sheet-link-save",
    "sheet-link-confirm",
    "sheet-link-check",
    "sheet-link-state",
    "sheet-preview",
    "meld-sum",
    "sheet-worker",
    "public-standings",
    "public-standings-entry",
    "public-standings-csv",
    "projector",
    "event-rules",
    "public-series",
    "public-player",
    "signup",
    "signup-manage",
    "club-page",
    "club-calendar",
    "club-logo",
    "club-privacy",
    # the hall's laptop sends an event with a sending key of its club (transfer.views)
    "event-push",
}
PUBLIC_ROUTES = PUBLIC_APP_ROUTES | {
    "login", "logout", "set_language", "account-set-password", "account-password-set",
}

# Organiser pages that an event's desk helpers may open too (``tournament.access.desk_view``):
# registering and editing entries, the score sheets (and a sheet's new link), printouts, reading
# standings and logs.
# Every other organiser page is for the event's organisers (``organiser_view``), except:
DESK_ROUTES = {
    "event-detail",
    "change-log",
    "entry-create",
    "entry-edit",
    "print-plan",
    "print-numbers",
    "print-names",
    "print-cards",
    "print-sheets",
    "print-slips",
    "print-merkblatt",
    "round-sheets",
    "round-confirm-all",  # confirming sheets one by one is the desk's, so is this
    "round-paper-signed",  # so is recording that the players signed the paper sheets
    "round-qr",
    "sheet-edit",
    "sheet-edit-save",
    "sheet-status",
    "sheet-edit-check",  # an open sheet page follows the sheet
    "sheet-edit-state",
    "sheet-changes",
    "sheet-new-link",  # a code in the wrong hands is dealt with at the desk; the games stay
    "standings",
    "standings-entry",
    "standings-xlsx",
    "standings-csv",
    # the door and the prize table (money.cash.views, .prizes): taking the Startgeld,
    # checking in, cancelling a wrong payment (logged), calling out and ticking off prizes
    "cash-desk",
    "cash-entry",
    "cash-pay",
    "cash-check-in",
    "cash-cancel",
    "prize-table",
    "prize-table-print",
    "prize-collected",
    # after the evening: the printable results list (results.views)
    "results-list",
    # suggestions of players of earlier events while a name is typed in the entry form
    "player-search",
    # the online registrations with their e-mail addresses, and the poster (signup.views)
    "signup-list",
    "signup-poster",
}
# … the pages of no event, for any logged-in account (``account_view``).
# The player registry is no event's: its pages show only the players of the events the account
# organises and answer 404 for any other player.
ACCOUNT_ROUTES = {
    "event-create", "series-list", "series-create",
    "player-duplicates", "player-detail", "player-merge",
    "club-list",
    # importing an event's archive: the archive's club says who may (transfer.services)
    "event-archive-import",
}
# … the pages of a club for its admins (``clubs.access.club_admin_view``), and the pages of the
# server's superusers (``clubs.access.superuser_view``).
CLUB_ROUTES = {
    "club-settings", "club-logo-upload", "club-members", "club-member-remove",
    "club-sending-keys", "club-sending-key-revoke",
    # a person's data on request (privacy.views)
    "privacy-persons", "privacy-person-export", "privacy-person-delete",
}
SUPERUSER_ROUTES = {"club-create"}
# … the pages of a club for its admins and organisers (``tournament.access.club_organiser_view``):
# its registry of players.
CLUB_ORGANISER_ROUTES = {"club-players", "club-player-edit"}
# … and the pages of a series (``series.views.series_view``): its owner and
# superusers; the walk below makes the organiser account the owner of the sample series.
SERIES_ROUTES = {
    "series-detail", "series-edit", "series-events", "series-xlsx", "series-csv",
    # its players of different clubs, linked as one person or not
    "series-players",
}
SERIES_SLUG = "cup"
SIGNUP_TOKEN = "a-registrations-own-link"


def routes(resolver: URLResolver | None = None, namespace: str = "") -> list[tuple[str, object]]:
    """(name, view) of every named route outside the Django admin."""
    found: list[tuple[str, object]] = []
    for pattern in (resolver or get_resolver()).url_patterns:
        if isinstance(pattern, URLResolver):
            if pattern.namespace == "admin":
                continue
            found.extend(routes(pattern, pattern.namespace or namespace))
        elif isinstance(pattern, URLPattern) and pattern.name:
            found.append((pattern.name, pattern.callback))
    return found


PUBLIC_MODULES = [f"{app}.urls_public" for app in site_urls.PUBLIC]
ORGANISER_MODULES = [f"{app}.urls_organiser" for app in site_urls.ORGANISER]


def declared_in(*modules: str) -> set[str]:
    return {
        pattern.name
        for module in modules
        for pattern in __import__(module, fromlist=["_"]).urlpatterns
    }


@pytest.fixture
def event():
    """A seated event with public standings: every public route has something to show (the
    first player has a public page, the club a logo and a privacy notice)."""
    event = make_event(public_standings=True)
    event.club.privacy_notice = "Der Verein verarbeitet Ihre Daten nur für das Turnier."
    event.club.save()
    set_logo(club=event.club, data=logo_bytes())
    for number in range(1, 7):
        make_entry(event, number)
    Player.objects.filter(pk=event.entries.first().player_id).update(public_profile=True)
    generate_plan(event=event, seed=1)
    Series.objects.create(name="Cup", slug=SERIES_SLUG, public=True).events.add(event)
    Registration.objects.create(
        event=event, kind="single", name="Online", email="online@example.org",
        status="registered", code="ABCDEF", token=SIGNUP_TOKEN,
    )
    return event


def sample_url(name: str, event, **overrides) -> str:
    """The route's address with real values where the route has parameters."""
    sheet = event.rounds.get(number=1).tables.get(number=1).sheet
    entry = event.entries.first()
    values = {
        "slug": event.slug,
        "number": 1,
        "table": 1,
        "pk": entry.player_id if "player" in name or "person" in name else entry.pk,
        "start_number": 1,
        "token": SIGNUP_TOKEN if name.startswith("signup") else sheet.token,
        "key": "abc",
        "series": SERIES_SLUG,
        "uidb64": "MQ",  # a helper's one-time link (it answers that the link no longer works)
        "club": event.club.slug,
        **overrides,
    }
    possibilities = get_resolver().reverse_dict.getlist(name)[0][0]
    params = possibilities[0][1]  # the parameter names of the route's first form
    return reverse(name, kwargs={param: values[param] for param in params})


def test_public_list_is_what_the_public_url_modules_declare():
    assert declared_in(*PUBLIC_MODULES) == (
        PUBLIC_APP_ROUTES
    )
    names = {name for name, _view in routes()}
    organiser = declared_in(*ORGANISER_MODULES)
    assert names == PUBLIC_ROUTES | organiser
    assert not organiser & PUBLIC_ROUTES


def test_every_organiser_view_is_wrapped_in_the_organiser_check():
    organiser = declared_in(*ORGANISER_MODULES)
    unwrapped = [
        name for name, view in routes()
        if name in organiser and not getattr(view, "organiser_only", False)
    ]
    assert unwrapped == []
    assert len(organiser) > 30


def test_anonymous_visitors_are_sent_to_the_login_page_everywhere_else(client, event):
    login = reverse("login")
    checked = []
    for name, _view in routes():
        if name in PUBLIC_ROUTES:
            continue
        url = sample_url(name, event)
        for method in (client.get, client.post):
            response = method(url)
            assert response.status_code == 302, (name, method.__name__, response.status_code)
            assert response["Location"].startswith(f"{login}?next="), name
        checked.append(name)
    assert len(checked) > 30


def test_public_routes_answer_anonymous_visitors(client, event):
    login = reverse("login")
    for name in PUBLIC_APP_ROUTES:
        response = client.get(sample_url(name, event))
        assert response.status_code in (200, 405), (name, response.status_code)
        assert not response.get("Location", "").startswith(login), name
    assert client.get(reverse("home")).status_code == 200


def test_projector_needs_an_organiser_while_the_standings_are_private(client, event):
    event.public_standings = False
    event.save()
    response = client.get(sample_url("projector", event))
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))


def organiser_routes() -> dict[str, object]:
    names = declared_in(*ORGANISER_MODULES)
    return {name: view for name, view in routes() if name in names}


def test_every_organiser_route_states_the_role_it_needs_and_the_desk_list_is_exact():
    needs = {
        name: getattr(view, "needs_role", "unstated") for name, view in organiser_routes().items()
    }
    assert {name for name, role in needs.items() if role == EventRole.Role.DESK} == DESK_ROUTES
    assert {name for name, role in needs.items() if role is None} == ACCOUNT_ROUTES
    assert {name for name, role in needs.items() if role == CLUB_ADMIN} == CLUB_ROUTES
    assert {name for name, role in needs.items() if role == SUPERUSER} == SUPERUSER_ROUTES
    assert {
        name for name, role in needs.items() if role == CLUB_ORGANISER
    } == CLUB_ORGANISER_ROUTES
    organisers_only = {name for name, role in needs.items() if role == EventRole.Role.ORGANISER}
    assert organisers_only == (
        set(needs) - DESK_ROUTES - ACCOUNT_ROUTES - CLUB_ROUTES - SUPERUSER_ROUTES
        - CLUB_ORGANISER_ROUTES)
    assert {"event-edit", "event-roles", "entry-withdraw", "import", "plan-generate",
            "plan-replan", "plan-fixed", "round-close", "standings-settings",
            "event-finish", "event-reopen", "press-report",
            # a new event like this one (which then also refuses an organiser of the event who
            # does not organise its club), and the club's own house rules
            "event-copy", "club-rules-save", "club-rules-delete"} <= organisers_only


REFUSED = {"tournament/refused.html", "series/refused.html", "clubs/refused.html"}


def refused(response) -> bool:
    """The role check's answer: 403 with the page saying why."""
    names = {template.name for template in response.templates}
    assert (response.status_code == 403) == bool(REFUSED & names), response.status_code
    return bool(REFUSED & names)


ACCOUNTS = ["none", "desk", "organiser", "superuser", "club-admin", "club-organiser",
            "club-helper", "other-club-admin"]


def allowed_for(account: str, name: str) -> bool:
    """Whether ``account`` (as the walk below makes it) may open the organiser route ``name``."""
    everything = set(organiser_routes())
    allowed = {
        "none": ACCOUNT_ROUTES,
        "other-club-admin": ACCOUNT_ROUTES,
        "desk": DESK_ROUTES | ACCOUNT_ROUTES,
        "club-helper": DESK_ROUTES | ACCOUNT_ROUTES,
        # the event's organiser also owns the sample series; the club's registry is not theirs
        "organiser": everything - CLUB_ROUTES - SUPERUSER_ROUTES - CLUB_ORGANISER_ROUTES,
        "club-organiser": everything - CLUB_ROUTES - SUPERUSER_ROUTES - SERIES_ROUTES,
        "club-admin": everything - SUPERUSER_ROUTES - SERIES_ROUTES,
        "superuser": everything,
    }[account]
    return name in allowed


def account_of(account: str, event):
    """An account with the role ``account`` names: on the event (``desk``, ``organiser``), in
    its club (``club-…``), in another club (``other-club-admin``), or none."""
    user = make_user(account, is_superuser=account == "superuser")
    if account in ("desk", "organiser"):
        make_role(event, user, EventRole.Role.DESK if account == "desk" else account)
    if account.startswith("club-"):
        make_member(event.club, user, account.removeprefix("club-"))
    if account == "other-club-admin":
        make_club(admin=user)
    if account == "organiser":
        Series.objects.filter(slug=SERIES_SLUG).update(owner=user)
    return user


@pytest.mark.parametrize("account", ACCOUNTS)
def test_every_organiser_route_answers_each_account_as_its_role_allows(client, event, account):
    """GET and POST on every organiser route: an account without a role on the event (also
    an admin of another club) is refused everywhere but on the pages of no event, a desk helper
    (of the event or of its club) exactly on the desk routes, an organiser nowhere on the event
    (the club's pages are its admins', a new club the superusers')."""
    login = reverse("login")
    user = account_of(account, event)
    other = make_role(event, make_user("kollege"), EventRole.Role.ORGANISER)
    member = make_member(event.club, make_user("mitglied"), ClubMember.Role.HELPER)
    client.force_login(user)
    for name in sorted(organiser_routes()):
        pk = other.pk if name.startswith("event-role") else member.pk if name.startswith(
            "club-member") else None
        url = sample_url(name, event, **({"pk": pk} if pk else {}))
        for method in (client.get, client.post):
            response = method(url)
            assert not response.get("Location", "").startswith(login), (name, method.__name__)
            assert refused(response) != allowed_for(account, name), (
                name, method.__name__, response.status_code)


def test_a_member_of_another_club_gets_no_data(client, event):
    """An admin of another club: every page of the event and its club is refused, and the pages
    of no event show nothing of the event, its players or its club."""
    client.force_login(account_of("other-club-admin", event))
    event.club.name = "Binokelclub Geheimhausen"
    event.club.save()
    names = [event.name, event.club.name, *(entry.name for entry in event.entries.all())]
    for name in sorted(organiser_routes()):
        url = sample_url(name, event)
        response = client.get(url)
        if name in ACCOUNT_ROUTES:
            assert response.status_code in (200, 404, 405), (name, response.status_code)
            text = response.content.decode()
            assert not [shown for shown in names if shown in text], name
        else:
            assert refused(response), name


def test_a_role_on_another_event_opens_nothing_here(client, event):
    user = make_user("helfer")
    make_role(make_event(), user, EventRole.Role.ORGANISER)
    client.force_login(user)
    for name in sorted(organiser_routes()):
        if name not in ACCOUNT_ROUTES:
            assert refused(client.get(sample_url(name, event))), name


@pytest.mark.parametrize("first", ["event", "organiser"])
def test_the_tests_organiser_has_no_role_until_a_test_grants_one(request, client, first):
    """The ``organiser`` fixture (tests/conftest.py) is an account without roles, whether the
    event or the account is made first: every page of the event refuses it (403) until the test
    grants the role (``make_event(organiser=…)`` or ``make_role``)."""
    request.getfixturevalue(first)
    event, organiser = request.getfixturevalue("event"), request.getfixturevalue("organiser")
    assert not organiser.event_roles.exists()
    for name in sorted(organiser_routes()):
        if name not in ACCOUNT_ROUTES:
            assert refused(client.get(sample_url(name, event))), name
    make_role(event, organiser)
    assert client.get(sample_url("event-detail", event)).status_code == 200


def test_private_projector_needs_a_role_on_the_event(client, event):
    event.public_standings = False
    event.save()
    url = sample_url("projector", event)
    client.force_login(make_user("fremd"))
    assert refused(client.get(url))
    helper = make_user("helfer")
    make_role(event, helper, EventRole.Role.DESK)
    client.force_login(helper)
    assert client.get(url).status_code == 200
