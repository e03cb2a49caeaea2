"""The clubs' writes (``clubs.services``): a club created with its first admin, changed, its
logo, its members added, given another role and removed; each logged as a record of the club;
a club always keeps an admin."""

import io

import pytest
from django.utils import translation
from PIL import Image

from clubs.accounts import AccountError
from clubs.audit import ClubAction
from clubs.logos import LogoError
from clubs.models import Club, ClubMember
from clubs.services import (
    ClubError,
    add_member,
    create_club,
    remove_member,
    set_logo,
    update_club,
)
from core import limits
from core.models import ChangeRecord
from tests.factories import make_club, make_user

pytestmark = pytest.mark.django_db

ADMIN, ORGANISER, HELPER = ClubMember.Role.ADMIN, ClubMember.Role.ORGANISER, ClubMember.Role.HELPER


def members(club) -> set[tuple[str, str]]:
    return set(club.members.values_list("user__username", "role"))


def texts(club) -> list[str]:
    with translation.override("de"):
        return [record.description for record in ChangeRecord.objects.about(club).reverse()]


def image(kind: str, size=(40, 20)) -> bytes:
    data = io.BytesIO()
    Image.new("RGB", size, "navy").save(data, kind)
    return data.getvalue()


def test_a_club_is_created_with_its_first_admin_and_logged():
    boss, anna = make_user("boss", is_superuser=True), make_user("anna")
    club, member = create_club(admin="anna", user=boss, name="Binokelfreunde Ulm", slug="bf-ulm",
                               place="Ulm")
    assert (club.name, club.slug, club.place, club.retention_days) == (
        "Binokelfreunde Ulm", "bf-ulm", "Ulm", limits.DEFAULT_RETENTION_DAYS)
    assert member.user == anna and members(club) == {("anna", ADMIN)}
    assert texts(club) == ["Verein „Binokelfreunde Ulm“ angelegt.",
                           "anna als „Vereinsverwaltung“ aufgenommen."]
    assert all(record.event is None and record.user == boss
               for record in ChangeRecord.objects.about(club))


def test_a_new_club_with_a_new_admin_account_and_refusals_change_nothing():
    _club, member = create_club(admin="neu", create_admin=True, name="SV", slug="sv")
    assert not member.user.has_usable_password()
    with pytest.raises(ClubError) as error:
        create_club(admin="neu", name="Anders", slug="sv")
    assert error.value.field == "slug"
    with pytest.raises(AccountError):
        create_club(admin="niemand", name="Anders", slug="anders")
    assert list(Club.objects.values_list("slug", flat=True)) == ["sv"]


def test_changing_a_club_logs_old_and_new_and_a_taken_short_name_is_refused():
    club, other = make_club(name="A", slug="a"), make_club(slug="b")
    changes = update_club(club=club, name="A neu", retention_days=14)
    assert changes == [["name", "A", "A neu"], ["retention_days", 30, 14]]
    assert texts(club)[-1].startswith("Verein geändert: Name „A“ → „A neu“")
    with pytest.raises(ClubError) as error:
        update_club(club=club, slug=other.slug)
    assert error.value.field == "slug"
    assert Club.objects.get(pk=club.pk).slug == "a"
    assert update_club(club=club, name="A neu") == []


@pytest.mark.parametrize("kind", ["PNG", "JPEG"])
def test_a_png_or_jpeg_logo_is_kept_and_removed(kind):
    club = make_club()
    set_logo(club=club, data=image(kind))
    club.refresh_from_db()
    assert bytes(club.logo) == image(kind) and club.logo_type == f"image/{kind.lower()}"
    set_logo(club=club, data=None)
    club.refresh_from_db()
    assert (bytes(club.logo), club.logo_type) == (b"", "")


@pytest.mark.parametrize("data", [b"<svg onload=alert(1)>", b"GIF89a" + bytes(20), b"",
                                  b"\x89PNG\r\n\x1a\n" + bytes(30)])
def test_anything_but_a_png_or_jpeg_is_refused_and_the_logo_kept(data):
    club = make_club()
    set_logo(club=club, data=image("PNG"))
    with pytest.raises(LogoError) as error:
        set_logo(club=club, data=data)
    assert error.value.field == "logo"
    club.refresh_from_db()
    assert bytes(club.logo) == image("PNG")


def test_a_logo_too_large_is_refused():
    big = image("PNG", size=(1, 1)) + bytes(limits.MAX_LOGO_BYTES)
    with pytest.raises(LogoError) as error:
        set_logo(club=make_club(), data=big)
    assert "200 KB" in str(error.value)


def test_members_are_added_changed_and_removed_and_the_last_admin_stays():
    anna, bert = make_user("anna"), make_user("bert")
    club = make_club(admin=anna)
    add_member(club=club, username="bert", role=HELPER)
    assert members(club) == {("anna", ADMIN), ("bert", HELPER)}
    with pytest.raises(ClubError):
        add_member(club=club, username="bert", role=HELPER)  # the role it has
    with pytest.raises(ClubError):
        add_member(club=club, username="anna", role=ORGANISER)  # the last admin
    add_member(club=club, username="bert", role=ADMIN)
    add_member(club=club, username="anna", role=ORGANISER)
    anna_member = club.members.get(user=anna)
    remove_member(club=club, member_id=anna_member.pk)
    bert_member = club.members.get(user=bert)
    with pytest.raises(ClubError):
        remove_member(club=club, member_id=bert_member.pk)
    with pytest.raises(ClubError):
        remove_member(club=club, member_id=anna_member.pk)  # gone already
    assert members(club) == {("bert", ADMIN)}
    assert texts(club) == [
        "bert als „Helfer“ aufgenommen.",
        "bert ist jetzt „Vereinsverwaltung“ (war „Helfer“).",
        "anna ist jetzt „Turnierleitung“ (war „Vereinsverwaltung“).",
        "anna („Turnierleitung“) aus dem Verein entfernt.",
    ]
    assert {record.action for record in ChangeRecord.objects.about(club)} == {
        ClubAction.MEMBER_ADDED, ClubAction.MEMBER_CHANGED, ClubAction.MEMBER_REMOVED}
