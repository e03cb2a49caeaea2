"""A club's sending keys (``clubs.services``, ``clubs.views.club_sending_keys``): an admin
issues one, sees it once, the server keeps only its digest; a revoked key, a wrong one and a
key of another club find no club; only the club's admins see the page."""

import pytest
from django.urls import reverse
from django.utils import translation

from clubs.models import ClubMember, SendingKey
from clubs.services import (
    ClubError,
    issue_sending_key,
    revoke_sending_key,
    use_sending_key,
)
from core.models import ChangeRecord
from tests.factories import make_club, make_user

pytestmark = pytest.mark.django_db


def descriptions(club) -> list[str]:
    with translation.override("de"):
        return [record.description for record in ChangeRecord.objects.about(club).reverse()]


def test_a_key_is_kept_only_as_its_digest_and_finds_its_club():
    admin = make_user("vorstand")
    club = make_club(admin=admin)
    key, secret = issue_sending_key(club=club, label="  Laptop Halle ", user=admin)
    assert len(secret) >= 40 and key.label == "Laptop Halle" and key.created_by == admin
    stored = SendingKey.objects.get(pk=key.pk)
    assert secret not in {stored.digest, stored.label} and stored.digest == SendingKey.digest_of(
        secret)
    assert stored.last_used_at is None
    assert use_sending_key(secret).club == club
    assert SendingKey.objects.get(pk=key.pk).last_used_at is not None
    assert descriptions(club) == ["Sendeschlüssel für „Laptop Halle“ ausgegeben."]


@pytest.mark.parametrize("which", ["wrong", "revoked", "empty"])
def test_a_wrong_revoked_or_empty_key_finds_no_club(which):
    club = make_club()
    key, secret = issue_sending_key(club=club, label="Laptop")
    if which == "revoked":
        revoke_sending_key(club=club, key_id=key.pk)
    presented = {"wrong": secret[:-1] + ("A" if secret[-1] != "A" else "B"),
                 "revoked": secret, "empty": ""}[which]
    assert use_sending_key(presented) is None


def test_keys_of_two_clubs_find_each_its_own_and_one_club_cannot_revoke_anothers():
    first, second = make_club(), make_club()
    key_1, secret_1 = issue_sending_key(club=first, label="Laptop")
    _key_2, secret_2 = issue_sending_key(club=second, label="Laptop")
    assert (use_sending_key(secret_1).club, use_sending_key(secret_2).club) == (first, second)
    with pytest.raises(ClubError):
        revoke_sending_key(club=second, key_id=key_1.pk)
    assert use_sending_key(secret_1).club == first


def test_a_key_needs_a_label_and_is_revoked_once():
    club = make_club()
    with pytest.raises(ClubError) as refused:
        issue_sending_key(club=club, label="   ")
    assert refused.value.field == "label" and not SendingKey.objects.exists()
    key, _secret = issue_sending_key(club=club, label="Laptop")
    revoke_sending_key(club=club, key_id=key.pk)
    with pytest.raises(ClubError):
        revoke_sending_key(club=club, key_id=key.pk)
    assert descriptions(club) == ["Sendeschlüssel für „Laptop“ ausgegeben.",
                                  "Sendeschlüssel für „Laptop“ widerrufen."]


def test_the_admin_issues_a_key_sees_it_once_and_revokes_it(client):
    admin = make_user("vorstand")
    club = make_club(admin=admin)
    client.force_login(admin)
    url = reverse("club-sending-keys", kwargs={"club": club.slug})
    response = client.post(url, {"label": "Laptop Gemeindehalle"})
    assert response.status_code == 200 and "no-store" in response["Cache-Control"]
    html = response.content.decode()
    key = SendingKey.objects.get(club=club)
    secret = html.split('class="one-time-link sending-key" aria-label="Sendeschlüssel"')[0]
    secret = secret.rsplit('value="', 1)[1].split('"')[0]
    assert SendingKey.digest_of(secret) == key.digest and "nur jetzt" in html
    assert "manage.py push_event" in html
    again = client.get(url).content.decode()
    assert secret not in again and "Laptop Gemeindehalle" in again
    response = client.post(reverse("club-sending-key-revoke",
                                   kwargs={"club": club.slug, "pk": key.pk}), follow=True)
    assert "sendet nichts mehr" in response.content.decode()
    assert use_sending_key(secret) is None


def test_an_empty_label_is_refused_in_german_and_issues_nothing(client):
    admin = make_user("vorstand")
    club = make_club(admin=admin)
    client.force_login(admin)
    response = client.post(reverse("club-sending-keys", kwargs={"club": club.slug}),
                           {"label": ""})
    assert response.status_code == 400 and "zwingend erforderlich" in response.content.decode()
    assert not SendingKey.objects.exists()


@pytest.mark.parametrize("role", [ClubMember.Role.ORGANISER, ClubMember.Role.HELPER])
def test_only_the_clubs_admins_see_its_keys(client, role):
    member = make_user("mitglied")
    club = make_club(**{role: member})
    issue_sending_key(club=club, label="Laptop")
    client.force_login(member)
    response = client.get(reverse("club-sending-keys", kwargs={"club": club.slug}))
    assert response.status_code == 403 and "Laptop" not in response.content.decode()
