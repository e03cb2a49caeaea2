"""The clubs' pages (``clubs.views``): a superuser creates a club and its admin, the admin sets
the club's settings and logo and adds, changes and removes members; what a role in the club
then opens (the walk over every route and account is tests/tournament/test_urls.py)."""

import io

import pytest
from django.urls import reverse
from PIL import Image

from clubs.models import Club, ClubMember
from tests.factories import make_club, make_event, make_user

pytestmark = pytest.mark.django_db


def html_of(response) -> str:
    return response.content.decode()


def png() -> io.BytesIO:
    data = io.BytesIO()
    Image.new("RGB", (30, 10), "green").save(data, "PNG")
    data.seek(0)
    data.name = "logo.png"
    return data


def test_a_superuser_creates_a_club_with_a_new_admin_and_sees_the_link_once(client):
    client.force_login(make_user("boss", is_superuser=True))
    assert "Neuer Verein" in html_of(client.get(reverse("club-list")))
    response = client.post(reverse("club-create"), {
        "name": "Binokelfreunde Ulm", "slug": "bf-ulm", "place": "Ulm", "contact": "",
        "admin": "vorstand", "new_account": "on",
    })
    club = Club.objects.get(slug="bf-ulm")
    assert list(club.members.values_list("user__username", "role")) == [("vorstand", "admin")]
    html = html_of(response)
    assert "/konto/passwort/" in html and "nur jetzt" in html
    assert "no-store" in response["Cache-Control"]


def test_a_club_needs_an_existing_or_a_new_admin_and_a_free_short_name(client):
    client.force_login(make_user("boss", is_superuser=True))
    make_club(slug="bf-ulm")
    response = client.post(reverse("club-create"), {
        "name": "Binokelfreunde Ulm", "slug": "bf-ulm", "admin": "niemand",
    })
    assert "Der Kurzname „bf-ulm“ wird schon von einem anderen Verein verwendet." in html_of(
        response)
    response = client.post(reverse("club-create"), {
        "name": "Binokelfreunde Ulm", "slug": "bf-ulm-2", "admin": "niemand",
    })
    assert response.status_code == 200 and Club.objects.count() == 1
    assert "Es gibt kein Konto mit dem Benutzernamen „niemand“" in html_of(response)


def test_an_admin_changes_the_settings_and_the_logo(client):
    admin = make_user("vorstand")
    club = make_club(admin=admin, name="BF", slug="bf")
    client.force_login(admin)
    response = client.post(reverse("club-settings", args=["bf"]), {
        "name": "Binokelfreunde", "slug": "binokelfreunde", "place": "Ulm",
        "contact": "vorstand@example.org", "privacy_notice": "Wir speichern …",
        "retention_days": "14", "inactive_years": "3",
    })
    assert response["Location"] == reverse("club-settings", args=["binokelfreunde"])
    club.refresh_from_db()
    assert (club.name, club.retention_days, club.privacy_notice) == (
        "Binokelfreunde", 14, "Wir speichern …")
    client.post(reverse("club-logo-upload", args=["binokelfreunde"]), {"logo": png()})
    club.refresh_from_db()
    assert club.logo_type == "image/png"
    refused = client.post(reverse("club-logo-upload", args=["binokelfreunde"]),
                          {"logo": io.BytesIO(b"kein Bild")})
    assert refused.status_code == 400 and "PNG- oder JPEG-Bild" in html_of(refused)
    club.refresh_from_db()
    assert club.logo_type == "image/png"
    client.post(reverse("club-logo-upload", args=["binokelfreunde"]), {"remove": "1"})
    club.refresh_from_db()
    assert club.logo_type == ""


def test_a_setting_out_of_bounds_is_refused_in_german(client):
    admin = make_user("vorstand")
    make_club(admin=admin, slug="bf")
    client.force_login(admin)
    response = client.post(reverse("club-settings", args=["bf"]), {
        "name": "BF", "slug": "bf", "retention_days": "-1", "inactive_years": "0",
    })
    assert response.status_code == 200
    assert "größer oder gleich 0" in html_of(response)
    assert Club.objects.get(slug="bf").retention_days == 30


def test_an_admin_adds_a_helper_with_a_one_time_link_who_then_helps_at_every_event(client):
    admin = make_user("vorstand")
    club = make_club(admin=admin, slug="bf")
    event = make_event(club=club)
    client.force_login(admin)
    response = client.post(reverse("club-members", args=["bf"]), {
        "username": "helferin", "new_account": "on", "role": "helper",
    })
    assert "/konto/passwort/" in html_of(response)
    helper = club.members.get(user__username="helferin").user
    client.force_login(helper)
    assert client.get(event.get_absolute_url()).status_code == 200  # the desk's page
    assert client.get(reverse("event-edit", args=[event.slug])).status_code == 403
    assert client.get(reverse("club-members", args=["bf"])).status_code == 403


def test_an_admin_removes_a_member_but_never_the_last_admin(client):
    admin, bert = make_user("vorstand"), make_user("bert")
    club = make_club(admin=admin, organiser=bert, slug="bf")
    client.force_login(admin)
    page = html_of(client.get(reverse("club-members", args=["bf"])))
    assert "die einzige Vereinsverwaltung" in page
    own = club.members.get(user=admin)
    response = client.post(reverse("club-member-remove", args=["bf", own.pk]), follow=True)
    assert "letzte Vereinsverwaltung" in html_of(response)
    other = club.members.get(user=bert)
    response = client.post(reverse("club-member-remove", args=["bf", other.pk]), follow=True)
    assert "bert ist kein Mitglied des Vereins mehr" in html_of(response)
    assert list(club.members.values_list("user__username", flat=True)) == ["vorstand"]
    assert "bert („Turnierleitung“) aus dem Verein entfernt." in html_of(response)


def test_the_club_list_shows_each_account_its_clubs_and_role(client):
    anna = make_user("anna")
    mine = make_club(name="Meiner", helper=anna)
    make_club(name="Fremder")
    client.force_login(anna)
    html = html_of(client.get(reverse("club-list")))
    assert "Meiner" in html and "Helfer" in html and "Fremder" not in html
    assert reverse("club-settings", args=[mine.slug]) not in html  # a helper is no admin
    assert ClubMember.objects.count() == 1
