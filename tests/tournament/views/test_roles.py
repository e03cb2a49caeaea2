"""Roles on the pages (``tournament.views.roles``, ``tournament.access``): the organisers' page of
an event's roles, what a desk helper sees on the pages it may open, the refusal page, and the
home page that lists an account's own events."""

from html import unescape
from urllib.parse import urlsplit

import pytest
from django.urls import reverse
from django.utils.translation import gettext

from clubs.models import ClubMember
from core.models import ChangeRecord
from tests.factories import make_club, make_entry, make_event, make_member, make_role, make_user
from tournament.audit import TournamentAction
from tournament.models import Event, EventRole
from tournament.services import generate_plan

pytestmark = pytest.mark.django_db

ORGANISER, DESK = EventRole.Role.ORGANISER, EventRole.Role.DESK


def html_of(response) -> str:
    """The page with its character references resolved: texts compare as written."""
    return unescape(response.content.decode())


def text(msgid: str, **params) -> str:
    """A new page text as the German reader sees it (``gettext`` in the active language)."""
    return gettext(msgid) % params if params else gettext(msgid)


@pytest.fixture
def event():
    """A seated event organised by "anna"."""
    event = make_event(name="Benefizbinokel Plochingen")
    for number in range(1, 7):
        make_entry(event, number)
    generate_plan(event=event, seed=1)
    make_role(event, make_user("anna"), ORGANISER)
    return event


@pytest.fixture
def anna(client, event):
    user = event.roles.get(role=ORGANISER).user
    client.force_login(user)
    return user


def roles_url(event) -> str:
    return reverse("event-roles", args=[event.slug])


def roles(event) -> set[tuple[str, str]]:
    return set(event.roles.values_list("user__username", "role"))


# --- the roles page ---------------------------------------------------------------------------


def test_an_organiser_adds_a_desk_helper_by_user_name(client, event, anna):
    make_user("bernd")
    response = client.post(roles_url(event), {"username": "bernd", "role": DESK}, follow=True)
    assert response.redirect_chain[-1][0] == roles_url(event)
    assert roles(event) == {("anna", ORGANISER), ("bernd", DESK)}
    html = html_of(response)
    assert text("%(username)s now has the role “%(role)s”.", username="bernd",
                role=text("desk helper")) in html
    assert "bernd" in html and text("Remove") in html
    change = event.changes.get(action=TournamentAction.ROLE_GRANTED)
    assert change.user == anna
    log = html_of(client.get(reverse("change-log", args=[event.slug])))
    assert change.description in log


def test_an_unknown_user_name_is_shown_at_the_field(client, event, anna):
    response = client.post(roles_url(event), {"username": "niemand", "role": DESK})
    assert response.status_code == 200
    message = text(
        "There is no account with the user name “%(username)s”: tick “Create a new account” "
        "to make one.", username="niemand",
    )
    assert message in html_of(response)
    assert roles(event) == {("anna", ORGANISER)}


def test_the_only_organiser_has_no_remove_button_and_cannot_be_removed(client, event, anna):
    helper = make_role(event, make_user("bernd"), DESK)
    own = event.roles.get(user=anna)
    html = html_of(client.get(roles_url(event)))
    assert reverse("event-role-remove", args=[event.slug, helper.pk]) in html
    assert reverse("event-role-remove", args=[event.slug, own.pk]) not in html
    assert text("the only organiser") in html
    response = client.post(reverse("event-role-remove", args=[event.slug, own.pk]), follow=True)
    assert roles(event) == {("anna", ORGANISER), ("bernd", DESK)}
    assert text(
        "%(username)s is the tournament's last organiser: make another account an organiser "
        "first.", username="anna",
    ) in html_of(response)


def test_removing_a_desk_helper_closes_the_pages_to_it(client, event, anna):
    helper = make_role(event, make_user("bernd"), DESK)
    client.post(reverse("event-role-remove", args=[event.slug, helper.pk]))
    assert roles(event) == {("anna", ORGANISER)}
    assert event.changes.filter(action=TournamentAction.ROLE_REMOVED).count() == 1
    client.force_login(helper.user)
    assert client.get(event.get_absolute_url()).status_code == 403


def test_an_organiser_who_leaves_lands_on_the_home_page(client, event, anna):
    make_role(event, make_user("bernd"), ORGANISER)
    own = event.roles.get(user=anna)
    response = client.post(reverse("event-role-remove", args=[event.slug, own.pk]))
    assert response["Location"] == reverse("home")
    assert client.get(event.get_absolute_url()).status_code == 403


def test_an_organiser_who_becomes_a_desk_helper_lands_on_the_event_page(client, event, anna):
    make_role(event, make_user("bernd"), ORGANISER)
    response = client.post(roles_url(event), {"username": "anna", "role": DESK})
    assert response["Location"] == event.get_absolute_url()
    assert client.get(roles_url(event)).status_code == 403


# --- what a desk helper sees ------------------------------------------------------------------


@pytest.fixture
def helper(client, event):
    user = make_user("bernd")
    make_role(event, user, DESK)
    return user


ORGANISER_LINKS = ["event-edit", "event-roles", "plan", "money-settings", "prizes", "cash-summary"]


def test_the_event_page_shows_a_desk_helper_only_what_it_may_use(client, event, anna, helper):
    organiser_html = html_of(client.get(event.get_absolute_url()))
    client.force_login(helper)
    html = html_of(client.get(event.get_absolute_url()))
    for name in ORGANISER_LINKS:
        url = reverse(name, args=[event.slug])
        assert f'href="{url}"' in organiser_html, name
        assert f'href="{url}"' not in html, name
    for name in ["change-log", "print-plan", "standings", "standings-xlsx", "cash-desk",
                 "prize-table"]:
        assert f'href="{reverse(name, args=[event.slug])}"' in html, name
    assert f'href="{reverse("round-sheets", args=[event.slug, 1])}"' in html


def test_printouts_lead_a_desk_helper_back_to_the_event_not_to_the_plan(
    client, event, anna, helper
):
    url = reverse("print-cards", args=[event.slug])
    plan = f'href="{reverse("plan", args=[event.slug])}"'
    assert plan in html_of(client.get(url))
    client.force_login(helper)
    html = html_of(client.get(url))
    assert plan not in html and f'href="{event.get_absolute_url()}"' in html


def test_before_the_plan_a_desk_helper_registers_but_does_not_import(client, helper):
    event = make_event(desk=helper)
    client.force_login(helper)
    html = html_of(client.get(event.get_absolute_url()))
    assert reverse("entry-create", args=[event.slug]) in html
    assert reverse("import", args=[event.slug]) not in html
    organiser = make_user("chef")
    make_role(event, organiser, ORGANISER)
    client.force_login(organiser)
    assert reverse("import", args=[event.slug]) in html_of(client.get(event.get_absolute_url()))


def test_the_entry_page_offers_a_desk_helper_no_withdrawal(client, helper):
    event = make_event(desk=helper)
    entry = make_entry(event, 1)
    url = reverse("entry-edit", args=[event.slug, entry.pk])
    withdraw = reverse("entry-withdraw", args=[event.slug, entry.pk])
    client.force_login(helper)
    html = html_of(client.get(url))
    assert 'name="name"' in html and withdraw not in html
    assert client.post(withdraw).status_code == 403
    entry.refresh_from_db()
    assert not entry.is_withdrawn
    organiser = make_user("chef")
    make_role(event, organiser, ORGANISER)
    client.force_login(organiser)
    assert withdraw in html_of(client.get(url))


def test_standings_and_round_sheets_hide_the_organisers_controls(client, event, anna, helper):
    pages = {
        reverse("standings", args=[event.slug]): reverse("standings-settings", args=[event.slug]),
        reverse("round-sheets", args=[event.slug, 1]): reverse(
            "round-close", args=[event.slug, 1]
        ),
    }
    for page, control in pages.items():
        assert control in html_of(client.get(page)), page
    client.force_login(helper)
    for page, control in pages.items():
        response = client.get(page)
        assert response.status_code == 200 and control not in html_of(response), page


def test_a_desk_helper_is_told_why_an_organiser_page_is_closed(client, event, helper):
    client.force_login(helper)
    response = client.get(reverse("plan", args=[event.slug]))
    assert response.status_code == 403
    html = html_of(response)
    assert text("Not allowed") in html and event.get_absolute_url() in html
    assert text(
        "This page is for the tournament's organisers. As a desk helper you can register and "
        "edit entries, enter and confirm score sheets, print, and read the standings and the "
        "change log."
    ) in html


def test_an_account_without_a_role_is_told_why(client, event):
    client.force_login(make_user("fremd"))
    response = client.get(event.get_absolute_url())
    assert response.status_code == 403
    html = html_of(response)
    assert "Benefizbinokel Plochingen" in html and "Hans" not in html
    assert text("To your tournaments") in html


# --- the home page and creating an event ------------------------------------------------------


def test_home_lists_the_events_an_account_has_a_role_on(client, event, helper):
    other = make_event(name="Benefizbinokel Wendlingen")
    anonymous = html_of(client.get(reverse("home")))
    assert "Plochingen" in anonymous and "Wendlingen" in anonymous
    client.force_login(helper)
    html = html_of(client.get(reverse("home")))
    assert "Plochingen" in html and "Wendlingen" not in html
    assert text("desk helper") in html and text("Your tournaments") in html
    client.force_login(make_user("fremd"))
    html = html_of(client.get(reverse("home")))
    assert "Plochingen" not in html and "Wendlingen" not in html
    assert text(
        "You have no role in any tournament yet. Create one, or ask a tournament's organisers "
        "to add you."
    ) in html
    client.force_login(make_user("root", is_superuser=True))
    html = html_of(client.get(reverse("home")))
    assert "Plochingen" in html and "Wendlingen" in html
    assert other.get_absolute_url() in html


def test_an_account_of_no_club_is_told_whom_to_ask_and_creates_nothing(client):
    client.force_login(make_user("fremd"))
    page = client.get(reverse("event-create")).content.decode()
    assert "Vereinsverwaltung" in page and "<form" not in page.split("<main", 1)[-1]
    response = client.post(
        reverse("event-create"), {"name": "Neues Turnier", "slug": "neu", "date": "2026-11-21",
                                  "round_count": 3, "games_per_round": 12},
    )
    assert response.status_code == 200 and not Event.objects.exists()


def test_a_club_helper_may_not_create_an_event_of_the_club(client):
    user = make_user("helfer")
    club = make_club(helper=user)
    client.force_login(user)
    client.post(reverse("event-create"), {"name": "Neu", "slug": "neu", "date": "2026-11-21",
                                          "round_count": 3, "games_per_round": 12,
                                          "club": club.pk})
    assert not Event.objects.exists()


def test_an_organiser_of_a_club_creates_an_event_of_it_and_organises_it(client):
    user = make_user("fremd")
    club = make_club(organiser=user)
    client.force_login(user)
    response = client.post(
        reverse("event-create"), {"name": "Neues Turnier", "slug": "neu", "date": "2026-11-21",
                                  "round_count": 3, "games_per_round": 12},
    )
    event = Event.objects.get(slug="neu")
    assert response["Location"] == event.get_absolute_url()
    assert event.club == club
    assert roles(event) == {("fremd", ORGANISER)}
    assert client.get(reverse("event-edit", args=["neu"])).status_code == 200


@pytest.mark.parametrize(
    ("page", "links"),
    [("cash-desk", ["money-settings", "cash-summary"]), ("prize-table", ["prizes"])],
)
def test_the_door_and_the_prize_table_offer_a_desk_helper_no_settings(
    client, event, anna, helper, page, links
):
    url = reverse(page, args=[event.slug])
    organiser_html = html_of(client.get(url))
    client.force_login(helper)
    response = client.get(url)
    assert response.status_code == 200
    for name in links:
        link = f'href="{reverse(name, args=[event.slug])}"'
        assert link in organiser_html, (page, name)
        assert link not in html_of(response), (page, name)


def test_an_organiser_creates_a_helpers_account_with_a_one_time_link(client, event, anna):
    """No admin needed: the roles page creates the account and shows, once, the link with which
    the helper sets a password; the link works once, then the helper logs in as desk helper."""
    from django.contrib.auth import get_user_model
    from django.test import Client

    response = client.post(roles_url(event), {"username": "kasse1", "role": DESK,
                                              "new_account": "on"})
    assert response.status_code == 200
    assert "no-store" in response["Cache-Control"]
    html = html_of(response)
    assert text(
        "Account “%(username)s” created with the role “%(role)s”. Pass this link on to the "
        "helper: with it they set their password once. It is shown only now.",
        username="kasse1", role=str(EventRole.Role(DESK).label),
    ) in html
    link = html.split('class="one-time-link"')[0].rsplit('value="', 1)[1].split('"')[0]
    path = urlsplit(link).path
    assert "/konto/passwort/" in link
    assert roles(event) == {("anna", ORGANISER), ("kasse1", DESK)}
    account = get_user_model().objects.get(username="kasse1")
    assert not account.has_usable_password()
    assert ChangeRecord.objects.filter(action=TournamentAction.ROLE_GRANTED).count() == 1
    # the helper, on another device, follows the link (Django redirects to a tokenless URL)
    helper = Client()
    form = helper.get(path, follow=True)
    assert form.status_code == 200 and 'name="new_password1"' in html_of(form)
    done = helper.post(form.redirect_chain[-1][0],
                       {"new_password1": "Binokel-2026!", "new_password2": "Binokel-2026!"})
    assert done.status_code == 302
    assert helper.login(username="kasse1", password="Binokel-2026!")
    assert helper.get(reverse("cash-desk", args=[event.slug])).status_code == 200
    # used: the link no longer works
    again = Client().get(path, follow=True)
    assert "Dieser Link gilt nicht mehr" in html_of(again)


def test_a_new_account_whose_name_is_taken_is_refused(client, event, anna):
    make_user("bernd")
    response = client.post(roles_url(event), {"username": "Bernd", "role": DESK,
                                              "new_account": "on"})
    assert "Ein Konto „Bernd“ gibt es schon" in html_of(response)
    bad = client.post(roles_url(event), {"username": "kasse 1!", "role": DESK,
                                         "new_account": "on"})
    assert "kann kein Benutzername sein" in html_of(bad)
    assert roles(event) == {("anna", ORGANISER)}


def test_the_roles_page_names_the_club_members_and_the_event_may_lose_its_own_organiser(
    client, event, anna
):
    club_organiser = make_user("vorstand")
    make_member(event.club, club_organiser, ClubMember.Role.ORGANISER)
    client.force_login(anna)
    page = client.get(reverse("event-roles", args=[event.slug])).content.decode()
    assert f"Über den Verein „{event.club.name}“" in page and "vorstand" in page
    own = event.roles.get(user=anna)
    client.post(reverse("event-role-remove", args=[event.slug, own.pk]))
    assert not event.roles.exists()  # the club's organiser still organises it
    client.force_login(club_organiser)
    assert client.get(reverse("event-edit", args=[event.slug])).status_code == 200
