"""An entry's members (``tournament.members``): one record for the player and the partner, the
form fields and change-log fields named from it, and the import's rows read as members."""

import pytest
from django.utils import translation

from core import audit
from tournament.forms import EntryForm
from tournament.imports import ImportRow
from tournament.members import PARTNER, PLAYER, ROLES, Member, entry_members, members_of


def test_a_partner_without_a_name_is_no_partner_and_texts_are_stripped():
    assert entry_members([Member(" Hans "), Member("  ", category="Frau")]) == (Member("Hans"),)
    assert entry_members([Member("Anna", category=" Frau "), Member(" Karl ")]) == (
        Member("Anna", category="Frau"),
        Member("Karl"),
    )
    assert entry_members([Member("")]) == (Member(""),)  # the services refuse it, named
    assert members_of("Anna", "") == (Member("Anna"),)
    with pytest.raises(ValueError, match="one or two"):
        entry_members([Member("A"), Member("B"), Member("C")])


def test_the_roles_name_the_fields_as_the_form_and_the_log_always_have():
    assert [PLAYER.field("name"), PARTNER.field("name")] == ["name", "partner_name"]
    assert [PLAYER.logged("name"), PARTNER.logged("name")] == ["name", "partner"]
    assert PARTNER.logged("public_profile") == "partner_public_profile"
    assert [(role.id_field, role.choice_field) for role in ROLES] == [
        ("player_id", "player_choice"),
        ("partner_id", "partner_choice"),
    ]


@pytest.mark.django_db
def test_the_entry_form_posts_the_field_names_it_always_had():
    assert list(EntryForm().fields) == [
        "name", "partner_name", "club", "notes", "start_number", "is_stand_in", "category",
        "partner_category", "unlisted", "public_profile", "partner_unlisted",
        "partner_public_profile", "allow_same_name", "player_id", "partner_id", "player_choice",
        "partner_choice", "form_token",
    ]
    assert list(EntryForm(editing=True).fields) == [
        "name", "partner_name", "club", "notes", "start_number", "is_stand_in", "category",
        "partner_category", "unlisted", "public_profile", "partner_unlisted",
        "partner_public_profile",
    ]


@pytest.mark.django_db
def test_the_entry_form_gives_the_services_their_members():
    form = EntryForm({
        "name": "Anna", "partner_name": "Karl", "category": "Frau", "partner_category": "Jugend",
        "partner_unlisted": "on", "player_id": "7", "partner_choice": "new", "club": "CVJM",
    })
    assert form.is_valid(), form.errors
    assert form.cleaned_data["members"] == [
        Member("Anna", category="Frau", unlisted=False, public_profile=False, player_id=7),
        Member("Karl", category="Jugend", unlisted=True, public_profile=False, new_player=True),
    ]
    assert form.cleaned_data["club"] == "CVJM" and "partner_name" not in form.cleaned_data
    single = EntryForm({"name": "Otto", "partner_category": "Frau", "player_choice": "12"})
    assert single.is_valid(), single.errors
    assert single.cleaned_data["members"] == [
        Member("Otto", unlisted=False, public_profile=False, player_id=12)
    ]


def test_an_import_row_reads_as_its_members():
    assert ImportRow(row=2, name="Anna", partner="Karl", club="CVJM").members() == (
        Member("Anna"),
        Member("Karl"),
    )
    assert ImportRow(row=3, name="Otto").members() == (Member("Otto"),)


def test_every_member_change_reads_in_both_languages():
    """The fields ``update_entry`` logs for either member, named as the records stored so far
    name them."""
    params = {
        "entry_ref": {"number": 3, "name": "Anna"},
        "changes": [["name", "Ana", "Anna"], ["partner", "", "Karl"],
                    ["category", "", "Frau"], ["partner_category", "", "Jugend"],
                    ["unlisted", False, True], ["public_profile", False, True],
                    ["partner_unlisted", False, True], ["partner_public_profile", True, False]],
    }
    assert audit.describe("tournament.edited", params) == (
        "Nr. 3 Anna geändert: Name „Ana“ → „Anna“; Partner „–“ → „Karl“; Kategorie „–“ → "
        "„Frau“; Kategorie des Partners „–“ → „Jugend“; Nicht in öffentlichen Listen „nein“ → "
        "„ja“; Öffentliche Spielerseite „nein“ → „ja“; Partner nicht in öffentlichen Listen "
        "„nein“ → „ja“; Öffentliche Spielerseite des Partners „ja“ → „nein“."
    )
    with translation.override("en"):
        assert audit.describe("tournament.edited", params).startswith(
            "no. 3 Anna changed: Name “Ana” → “Anna”; Partner “–” → “Karl”; Category “–” → "
            "“Frau”; Partner's category “–” → “Jugend”; Not in public lists “no” → “yes”"
        )
