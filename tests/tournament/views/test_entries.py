"""Organiser pages of registration (``tournament.views.entries``): registering singles,
pairs and stand-ins, editing, withdrawing, the refusal to change the field once a seating plan
exists, and the participant-list import: upload, preview, the all-or-nothing confirm that checks
the list against the database again."""

import io
import re
import secrets
import time

import pytest
from django.urls import reverse
from django.utils import translation

from core.models import ChangeRecord
from tests.factories import make_entry, make_event, make_round
from tests.tournament.hostile import crafted_xlsx
from tests.tournament.lists import xlsx_bytes
from tests.tournament.plans import CLOSED
from tournament.audit import TournamentAction
from tournament.models import Entry, Player
from tournament.services import entries

pytestmark = pytest.mark.django_db


def html_of(response) -> str:
    return response.content.decode()


# --- login -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "needs_entry"),
    [
        ("event-edit", False),
        ("entry-create", False),
        ("entry-edit", True),
        ("change-log", False),
    ],
)
def test_pages_require_login(client, name, needs_entry):
    event = make_event()
    args = [event.slug]
    if needs_entry:
        args.append(make_entry(event, 1).pk)
    response = client.get(reverse(name, args=args))
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))


@pytest.mark.parametrize("name", ["entry-withdraw", "entry-reinstate"])
def test_withdraw_requires_login(client, name):
    event = make_event()
    entry = make_entry(event, 1)
    response = client.post(reverse(name, args=[event.slug, entry.pk]))
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))
    entry.refresh_from_db()
    assert entry.is_withdrawn is False


# --- registering -----------------------------------------------------------------------------


def entry_data(**fields) -> dict:
    """The entry form as a browser sends it, with a fresh one-time token."""
    return {"name": "Hans Maier", "partner_name": "", "club": "", "notes": "",
            "start_number": "", "form_token": secrets.token_urlsafe(32), **fields}


def test_register_single_gets_next_free_number_and_is_logged(client, organiser):
    event = make_event(organiser=organiser)
    make_entry(event, 4)
    html = html_of(client.get(reverse("entry-create", args=[event.slug])))
    assert "Ohne Startnummer erhält der Teilnehmer die 5." in html
    response = client.post(
        reverse("entry-create", args=[event.slug]), entry_data(club=" CVJM ", notes="Rollstuhl")
    )
    assert response["Location"] == event.get_absolute_url()
    entry = event.entries.get(start_number=5)
    assert (entry.name, entry.player.club, entry.notes, entry.is_pair) == (
        "Hans Maier", "CVJM", "Rollstuhl", False
    )
    log = ChangeRecord.objects.get(event=event)
    assert (log.subject, log.action, log.user) == (entry, TournamentAction.REGISTERED, organiser)
    assert log.description == "Nr. 5 Hans Maier angemeldet. Verein: CVJM; Notizen: Rollstuhl"
    html = html_of(client.get(event.get_absolute_url()))
    assert "Startnummer 5: Hans Maier angemeldet." in html


def test_register_pair_as_stand_in_with_own_number(client, organiser):
    event = make_event(organiser=organiser)
    client.post(
        reverse("entry-create", args=[event.slug]),
        entry_data(name="Anna Rapp", partner_name="Karl Rapp", start_number="20",
                   is_stand_in="on"),
    )
    entry = event.entries.get()
    assert entry.start_number == 20 and entry.is_pair and entry.is_stand_in
    assert entry.partner.name == "Karl Rapp"
    assert ChangeRecord.objects.get().description == (
        "Nr. 20 Anna Rapp / Karl Rapp angemeldet. Ersatz (spielt mit, wird nicht gewertet)"
    )


def test_register_and_add_another_returns_to_the_form(client, organiser):
    event = make_event(organiser=organiser)
    response = client.post(
        reverse("entry-create", args=[event.slug]), {**entry_data(), "another": "1"}
    )
    assert response["Location"] == reverse("entry-create", args=[event.slug])


def test_start_number_clash_is_a_german_form_error(client, organiser):
    event = make_event(organiser=organiser)
    make_entry(event, 5, "Otto")
    response = client.post(reverse("entry-create", args=[event.slug]), entry_data(start_number=5))
    assert response.status_code == 200
    assert "Startnummer 5 ist in diesem Turnier bereits vergeben." in html_of(response)
    assert event.entries.count() == 1 and not ChangeRecord.objects.exists()


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"start_number": "0"}, "größer oder gleich 1"),
        ({"start_number": "abc"}, "ganze Zahl"),
        ({"start_number": "100000"}, "kleiner oder gleich 99999"),
        ({"name": "  "}, "Dieses Feld ist zwingend erforderlich."),
        ({"name": "x" * 201}, "höchstens 200 Zeichen"),
    ],
)
def test_bad_entry_input_gets_german_errors(client, organiser, fields, message):
    event = make_event(organiser=organiser)
    response = client.post(reverse("entry-create", args=[event.slug]), entry_data(**fields))
    assert response.status_code == 200 and message in html_of(response)
    assert not event.entries.exists()


def autofocused(html: str) -> list[str]:
    """The names of the fields marked autofocus."""
    return re.findall(r'<(?:input|textarea|select)[^>]*\bname="([^"]+)"[^>]*\bautofocus\b', html)


def test_the_typing_starts_in_the_name_and_returns_to_a_field_with_a_message(
    client, organiser
):
    event = make_event(organiser=organiser)
    url = reverse("entry-create", args=[event.slug])
    page = html_of(client.get(url))
    assert autofocused(page) == ["name"]
    assert "data-select-on-focus" in page and "tournament/focus.js" in page
    assert autofocused(html_of(client.post(url, entry_data(name=" ")))) == ["name"]
    taken = make_entry(event, 5, "Otto")
    assert autofocused(html_of(client.post(url, entry_data(start_number=5)))) == [
        "start_number"
    ]
    # editing: the page opens as it is, a message takes the focus to its field
    edit = reverse("entry-edit", args=[event.slug, taken.pk])
    assert autofocused(html_of(client.get(edit))) == []
    assert autofocused(html_of(client.post(edit, entry_data(start_number="0")))) == [
        "start_number"
    ]


def test_race_via_the_form_gives_the_same_message(client, organiser, monkeypatch):
    event = make_event(organiser=organiser)
    make_entry(event, 5, "Otto")
    monkeypatch.setattr(entries, "is_start_number_taken", lambda *args, **kwargs: False)
    response = client.post(reverse("entry-create", args=[event.slug]), entry_data(start_number=5))
    assert response.status_code == 200
    assert "Startnummer 5 ist in diesem Turnier bereits vergeben." in html_of(response)


# --- editing ---------------------------------------------------------------------------------


def test_edit_entry_changes_are_saved_and_logged(client, organiser):
    event = make_event(organiser=organiser)
    entry = make_entry(event, 1, "Hans Maier")
    url = reverse("entry-edit", args=[event.slug, entry.pk])
    html = html_of(client.get(url))
    assert "Startnummer 1: Hans Maier" in html and 'value="Hans Maier"' in html
    response = client.post(url, entry_data(name="Hans Mayer", partner_name="Karl Mayer",
                                           club="TSV", start_number=7, is_stand_in="on"))
    assert response["Location"] == event.get_absolute_url()
    entry.refresh_from_db()
    assert (entry.start_number, entry.name, entry.player.club, entry.partner.club,
            entry.is_stand_in) == (7, "Hans Mayer / Karl Mayer", "TSV", "TSV", True)
    log = ChangeRecord.objects.get(action=TournamentAction.EDITED)
    assert log.user == organiser and log.subject == entry
    assert log.description == (
        "Nr. 1 Hans Maier geändert: Startnummer „1“ → „7“; Name „Hans Maier“ → „Hans Mayer“; "
        "Partner „–“ → „Karl Mayer“; Verein „–“ → „TSV“; Ersatz „nein“ → „ja“."
    )


def test_pair_becomes_single_and_loses_its_partner(client, organiser):
    event = make_event(organiser=organiser)
    entry = make_entry(event, 1, "Anna", partner="Karl")
    partner_pk = entry.partner_id
    client.post(reverse("entry-edit", args=[event.slug, entry.pk]),
                entry_data(name="Anna", start_number=1))
    entry.refresh_from_db()
    assert entry.partner is None and not Player.objects.filter(pk=partner_pk).exists()


def test_edit_without_change_records_nothing(client, organiser):
    event = make_event(organiser=organiser)
    entry = make_entry(event, 3, "Hans")
    response = client.post(reverse("entry-edit", args=[event.slug, entry.pk]),
                           entry_data(name="Hans", start_number=3), follow=True)
    assert "Nichts geändert." in html_of(response)
    assert not ChangeRecord.objects.exists()


def test_edit_start_number_clash_is_a_form_error(client, organiser):
    event = make_event(organiser=organiser)
    make_entry(event, 2, "Otto")
    entry = make_entry(event, 3, "Hans")
    response = client.post(reverse("entry-edit", args=[event.slug, entry.pk]),
                           entry_data(name="Hans", start_number=2))
    assert response.status_code == 200
    assert "Startnummer 2 ist in diesem Turnier bereits vergeben." in html_of(response)
    entry.refresh_from_db()
    assert entry.start_number == 3


def test_entry_of_another_event_is_not_found(client, organiser):
    event, other = make_event(organiser=organiser), make_event()
    entry = make_entry(other, 1)
    assert client.get(reverse("entry-edit", args=[event.slug, entry.pk])).status_code == 404


# --- withdrawing -----------------------------------------------------------------------------


def test_withdraw_keeps_the_row_and_is_logged_then_reinstate(client, organiser):
    event = make_event(organiser=organiser)
    entry = make_entry(event, 4, "Hans")
    assert client.get(reverse("entry-withdraw", args=[event.slug, entry.pk])).status_code == 405
    response = client.post(reverse("entry-withdraw", args=[event.slug, entry.pk]), follow=True)
    assert "Startnummer 4: Hans abgemeldet." in html_of(response)
    entry.refresh_from_db()
    assert entry.is_withdrawn and Entry.objects.filter(pk=entry.pk).exists()
    log = ChangeRecord.objects.get()
    assert (log.action, log.user, log.subject, log.description) == (
        TournamentAction.WITHDRAWN, organiser, entry, "Nr. 4 Hans abgemeldet."
    )
    # a second withdrawal is refused with a message
    response = client.post(reverse("entry-withdraw", args=[event.slug, entry.pk]), follow=True)
    assert "Startnummer 4 ist bereits abgemeldet." in html_of(response)
    # the number stays taken while withdrawn
    response = client.post(reverse("entry-create", args=[event.slug]), entry_data(start_number=4))
    assert "bereits vergeben" in html_of(response)
    client.post(reverse("entry-reinstate", args=[event.slug, entry.pk]))
    entry.refresh_from_db()
    assert not entry.is_withdrawn
    assert ChangeRecord.objects.first().description == "Nr. 4 Hans wieder angemeldet."


# --- after the plan --------------------------------------------------------------------------


def test_no_registration_once_a_plan_exists(client, organiser):
    event = make_event(organiser=organiser)
    make_round(event)
    html = html_of(client.get(reverse("entry-create", args=[event.slug])))
    assert CLOSED in html and 'name="name"' not in html
    response = client.post(reverse("entry-create", args=[event.slug]), entry_data(), follow=True)
    assert CLOSED in html_of(response)
    assert not event.entries.exists() and not ChangeRecord.objects.exists()
    assert "Teilnehmer ersetzen" in html_of(client.get(event.get_absolute_url()))


def test_no_withdrawal_once_a_plan_exists(client, organiser):
    event = make_event(organiser=organiser)
    entry = make_entry(event, 1)
    make_round(event)
    response = client.post(reverse("entry-withdraw", args=[event.slug, entry.pk]), follow=True)
    assert CLOSED in html_of(response)
    entry.refresh_from_db()
    assert not entry.is_withdrawn and not ChangeRecord.objects.exists()


def test_names_club_and_notes_can_change_after_the_plan(client, organiser):
    event = make_event(organiser=organiser)
    entry = make_entry(event, 1, "Hans Maier", partner="Karl Maier")
    make_round(event)
    url = reverse("entry-edit", args=[event.slug, entry.pk])
    html = html_of(client.get(url))
    assert "Namen, Verein und Notizen lassen sich hier noch korrigieren" in html
    assert "Teilnehmer abmelden" not in html
    # the disabled start number cannot be changed by posting another one
    client.post(url, entry_data(name="Hans Mayer", partner_name="Karl Mayer", club="TSV",
                                notes="spät", start_number=9))
    entry.refresh_from_db()
    assert (entry.start_number, entry.name, entry.player.club, entry.notes) == (
        1, "Hans Mayer / Karl Mayer", "TSV", "spät"
    )
    assert ChangeRecord.objects.get().action == TournamentAction.EDITED
    # making the pair a single is refused with the plan message on the form
    response = client.post(url, entry_data(name="Hans Mayer", start_number=1))
    assert response.status_code == 200 and CLOSED in html_of(response)
    entry.refresh_from_db()
    assert entry.is_pair


# --- change log ------------------------------------------------------------------------------


def test_change_log_reads_in_the_readers_language(client, organiser):
    """Stored as an action and parameters: a German and an English reader both read it."""
    event = make_event(organiser=organiser)
    response = client.post(
        reverse("entry-create", args=[event.slug]), entry_data(), HTTP_ACCEPT_LANGUAGE="en"
    )
    assert response.status_code == 302
    change = ChangeRecord.objects.get()
    with translation.override("de"):
        assert change.description == "Nr. 1 Hans Maier angemeldet."
    with translation.override("en"):
        assert change.description == "no. 1 Hans Maier registered."
    assert change.params["entry_ref"] == {"number": 1, "name": "Hans Maier"}


# --- importing a participant list ------------------------------------------------------------


def upload(client, event, filename: str, data: bytes):
    file = io.BytesIO(data)
    file.name = filename
    return client.post(reverse("import", args=[event.slug]), {"file": file})


def preview_url(response) -> str:
    assert response.status_code == 302, response.content.decode()[:500]
    return response["Location"]


@pytest.mark.django_db
@pytest.mark.parametrize(
    "name", ["import", "import-example", "import-preview"],
)
def test_import_pages_require_login(client, name):
    event = make_event()
    args = [event.slug, "abc"] if name == "import-preview" else [event.slug]
    response = client.get(reverse(name, args=args))
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))


def test_upload_page_in_german_with_example_link(client, organiser):
    event = make_event(organiser=organiser)
    html = client.get(reverse("import", args=[event.slug])).content.decode()
    assert "Teilnehmerliste importieren" in html
    assert reverse("import-example", args=[event.slug]) in html
    assert "Beispieldatei herunterladen (CSV)" in html


def test_example_download_is_a_german_excel_csv(client, organiser):
    event = make_event(organiser=organiser)
    response = client.get(reverse("import-example", args=[event.slug]))
    assert response["Content-Type"].startswith("text/csv")
    assert "attachment" in response["Content-Disposition"]
    assert response.content.startswith("\ufeffStartnummer;Name;Partner;Verein".encode())


def test_upload_shows_preview_then_confirm_imports_everything(client, organiser):
    event = make_event(organiser=organiser)
    make_entry(event, 10, "Schon Da")
    data = xlsx_bytes(
        [
            ["Startnummer", "Name", "Partner", "Verein", "Notizen", "Ersatz"],
            [None, "Hans Maier", None, "CVJM", None, None],
            [3, "Anna Rapp", "Karl Rapp", None, "vegetarisch", None],
            [None, "Otto Walz", "Egon Walz", None, None, "ja"],
        ]
    )
    url = preview_url(upload(client, event, "liste.xlsx", data))
    assert Entry.objects.filter(event=event).count() == 1  # nothing saved yet
    html = client.get(url).content.decode()
    assert "Hans Maier" in html and "Karl Rapp" in html
    assert "Die Liste ist in Ordnung: 3 Teilnehmer werden angemeldet." in html
    assert "Alle Zeilen importieren" in html

    key = url.rstrip("/").rsplit("/", 1)[-1]
    response = client.post(url, {"key": key})
    assert response.status_code == 302 and response["Location"] == event.get_absolute_url()
    imported = {e.start_number: e for e in event.entries.with_players()}
    assert sorted(imported) == [3, 10, 11, 12]
    assert imported[11].name == "Hans Maier" and imported[11].player.club == "CVJM"
    assert imported[3].is_pair and imported[3].notes == "vegetarisch"
    assert imported[12].is_stand_in and imported[12].partner.name == "Egon Walz"
    logs = ChangeRecord.objects.filter(event=event, action=TournamentAction.IMPORTED)
    assert logs.count() == 3 and {log.user for log in logs} == {organiser}
    assert logs.about(imported[11]).get().description == (
        "Nr. 11 Hans Maier aus „liste.xlsx“ importiert, Zeile 2."
    )
    # the parsed list is gone from the session; confirming again imports nothing twice
    assert not any(k.startswith("import:") for k, _v in client.session.items())
    response = client.post(url, {"key": key}, follow=True)
    assert response.redirect_chain[-1][0] == event.get_absolute_url()
    assert "Diese Liste wurde bereits importiert" in response.content.decode()
    assert event.entries.count() == 4
    follow = client.get(event.get_absolute_url()).content.decode()
    assert "3 Einzelspieler" not in follow  # counts: 2 singles (Schon Da, Hans), 2 pairs
    assert "2 Einzelspieler, 2 Paare" in follow


def test_csv_with_bom_and_semicolon_imports(client, organiser):
    event = make_event(organiser=organiser)
    data = "\ufeffNr;Name;Verein\r\n1;Jakob Gaiser;TSV Plochingen\r\n2;Lore Zeller;\r\n".encode()
    url = preview_url(upload(client, event, "Liste.CSV", data))
    response = client.post(url, {"key": url.rstrip("/").rsplit("/", 1)[-1]})
    assert response.status_code == 302
    assert list(event.entries.values_list("start_number", "player__name", "player__club")) == [
        (1, "Jakob Gaiser", "TSV Plochingen"),
        (2, "Lore Zeller", ""),
    ]


def test_preview_names_every_problem_and_offers_no_import(client, organiser):
    event = make_event(organiser=organiser)
    make_entry(event, 4)
    data = b"Nr;Name\n1;Hans\n1;Otto\n5;\n4;Egon\nx;Paul\n"
    url = preview_url(upload(client, event, "liste.csv", data))
    response = client.get(url)
    html = response.content.decode()
    assert "5 Zeilen haben Probleme" in html
    assert "Startnummer 1 kommt in der Datei mehrfach vor (auch Zeile 3)." in html
    assert "Der Name fehlt." in html
    assert "Startnummer 4 ist in diesem Turnier bereits vergeben." in html
    assert "Startnummer „x“ ist keine ganze Zahl" in html
    assert "Alle Zeilen importieren" not in html
    # posting the confirm anyway changes nothing
    response = client.post(url, {"key": url.rstrip("/").rsplit("/", 1)[-1]})
    assert response.status_code == 400
    assert "Die Liste hat Probleme; es wurde nichts importiert." in response.content.decode()
    assert event.entries.count() == 1 and not ChangeRecord.objects.filter(event=event).exists()


@pytest.mark.parametrize(
    ("filename", "data", "expected"),
    [
        ("liste.ods", b"whatever", "Unbekannter Dateityp"),
        ("liste.csv", b"", "Datei ist leer."),
        ("liste.csv", b"\r\n;;\r\n", "Die Datei ist leer."),
        ("liste.csv", b"Vorname\nHans\n", "keine Spalte „Name“"),
        ("liste.csv", b"Name\n" + b"Hans\n" * 2001, "höchstens 2000"),
        ("liste.csv", b"Name\n" + b"x" * (2 * 1024 * 1024 + 10), "zu groß"),
    ],
    ids=["type", "empty", "blank", "no-name-column", "too-many-rows", "too-large"],
)
def test_upload_file_problems_are_form_errors(client, organiser, filename, data, expected):
    event = make_event(organiser=organiser)
    response = upload(client, event, filename, data)
    assert response.status_code == 200
    assert expected in response.content.decode()
    assert not any(k.startswith("import:") for k, _v in client.session.items())


def test_confirm_checks_again_against_the_database(client, organiser):
    event = make_event(organiser=organiser)
    url = preview_url(upload(client, event, "liste.csv", b"Nr;Name\n1;Hans\n2;Otto\n;Egon\n"))
    assert "Alle Zeilen importieren" in client.get(url).content.decode()
    make_entry(event, 2, "Schneller Meldender")  # someone registered number 2 meanwhile
    response = client.post(url, {"key": url.rstrip("/").rsplit("/", 1)[-1]})
    assert response.status_code == 400
    html = response.content.decode()
    assert "Startnummer 2 ist in diesem Turnier bereits vergeben." in html
    assert list(event.entries.values_list("start_number", flat=True)) == [2]
    assert not ChangeRecord.objects.filter(event=event).exists()


def test_import_refused_once_a_plan_exists(client, organiser):
    event = make_event(organiser=organiser)
    url = preview_url(upload(client, event, "liste.csv", b"Name\nHans\n"))
    make_round(event)
    html = client.get(url).content.decode()
    assert "Teilnehmer ersetzen" in html and "Alle Zeilen importieren" not in html
    response = client.post(url, {"key": url.rstrip("/").rsplit("/", 1)[-1]}, follow=True)
    assert "Teilnehmer ersetzen" in response.content.decode()
    assert not event.entries.exists()
    page = client.get(reverse("import", args=[event.slug])).content.decode()
    assert "Teilnehmer ersetzen" in page and 'type="file"' not in page
    response = upload(client, event, "liste.csv", b"Name\nHans\n")
    assert response.status_code == 302 and not event.entries.exists()


def test_preview_of_another_event_or_unknown_key_sends_back(client, organiser):
    event, other = make_event(organiser=organiser), make_event(organiser=organiser)
    url = preview_url(upload(client, event, "liste.csv", b"Name\nHans\n"))
    key = url.rstrip("/").rsplit("/", 1)[-1]
    response = client.get(reverse("import-preview", args=[other.slug, key]), follow=True)
    assert "nicht mehr verfügbar" in response.content.decode()
    response = client.post(reverse("import-preview", args=[event.slug, "falsch"]), {"key": "x"})
    assert response.status_code == 302
    assert not Entry.objects.exists()


# --- what an entry may hold: the same checks as the import ------------------------------------


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"name": "Ha\x00ns"}, "Name: Ein Steuerzeichen (U+0000) lässt sich nicht speichern"),
        ({"partner_name": "Karl\x1b"}, "Partner: Ein Steuerzeichen (U+001B)"),
        ({"club": "TSV\tPlochingen"}, "Verein: Ein Steuerzeichen (U+0009)"),
        ({"notes": "spät\x00"}, "Notizen: Ein Steuerzeichen (U+0000)"),
        ({"notes": "n" * 1001}, "Notizen: höchstens 1000 Zeichen, nicht 1001."),
    ],
)
def test_entry_form_refuses_control_characters_and_overlong_notes(client, organiser, fields,
                                                                  message):
    event = make_event(organiser=organiser)
    response = client.post(reverse("entry-create", args=[event.slug]), entry_data(**fields))
    assert response.status_code == 200 and message in html_of(response)
    assert not event.entries.exists()


def test_entry_form_keeps_line_breaks_in_notes_and_states_the_limits(client, organiser):
    event = make_event(organiser=organiser)
    html = html_of(client.get(reverse("entry-create", args=[event.slug])))
    assert 'name="notes" cols="40" rows="2" maxlength="1000"' in html
    assert 'name="name" maxlength="200"' in html
    client.post(reverse("entry-create", args=[event.slug]),
                entry_data(notes="kommt später\r\n\tvegetarisch"))
    assert event.entries.get().notes == "kommt später\r\n\tvegetarisch"


def test_edit_form_applies_the_same_checks(client, organiser):
    event = make_event(organiser=organiser)
    entry = make_entry(event, 1, "Hans")
    response = client.post(reverse("entry-edit", args=[event.slug, entry.pk]),
                           entry_data(name="Hans\x00", start_number=1))
    assert "Name: Ein Steuerzeichen (U+0000)" in html_of(response)
    entry.refresh_from_db()
    assert entry.player.name == "Hans"


# --- a name in the event already: a warning, and "register anyway" ----------------------------


def test_a_name_in_the_event_already_is_registered_only_when_confirmed(client, organiser):
    event = make_event(organiser=organiser)
    hans = make_entry(event, 1, "Hans Maier")
    url = reverse("entry-create", args=[event.slug])
    assert "Trotzdem anmelden" not in html_of(client.get(url))
    data = entry_data(name="  hans   MAIER ", club="TSV")
    response = client.post(url, data)
    html = html_of(response)
    assert response.status_code == 200
    assert "Ein Spieler dieses Namens ist in diesem Turnier bereits angemeldet." in html
    assert reverse("entry-edit", args=[event.slug, hans.pk]) in html
    assert "Startnummer 1: Hans Maier" in html and "Trotzdem anmelden" in html
    assert 'value="TSV"' in html  # the form keeps what was typed
    assert event.entries.count() == 1
    # sent again without the tick: asked again
    assert "Trotzdem anmelden" in html_of(client.post(url, data))
    assert event.entries.count() == 1
    # ticked: registered (the form's token was not used by the warnings)
    response = client.post(url, {**data, "allow_same_name": "on"})
    assert response["Location"] == event.get_absolute_url()
    assert list(event.entries.values_list("start_number", "player__name")) == [
        (1, "Hans Maier"), (2, "hans   MAIER")
    ]


def test_a_pair_naming_a_registered_player_warns_too(client, organiser):
    event = make_event(organiser=organiser)
    make_entry(event, 7, "Anna Rapp", partner="Karl Rapp", is_withdrawn=True)
    response = client.post(reverse("entry-create", args=[event.slug]),
                           entry_data(name="Otto Walz", partner_name="KARL RAPP"))
    html = html_of(response)
    assert "Startnummer 7: Anna Rapp / Karl Rapp</a> (abgemeldet)" in html
    assert event.entries.count() == 1


# --- start numbers never pass the maximum -----------------------------------------------------


def test_form_offers_the_lowest_free_number_once_the_maximum_is_taken(client, organiser):
    event = make_event(organiser=organiser)
    make_entry(event, 99999)
    make_entry(event, 1)
    url = reverse("entry-create", args=[event.slug])
    assert "Ohne Startnummer erhält der Teilnehmer die 2." in html_of(client.get(url))
    client.post(url, entry_data())
    assert event.entries.get(player__name="Hans Maier").start_number == 2


def test_a_full_tournament_says_so_and_registers_nobody(client, organiser, monkeypatch):
    from tournament import imports

    monkeypatch.setattr(imports, "MAX_START_NUMBER", 2)
    event = make_event(organiser=organiser)
    make_entry(event, 1)
    make_entry(event, 2)
    url = reverse("entry-create", args=[event.slug])
    assert "Alle Startnummern sind vergeben: Das Turnier ist voll." in html_of(client.get(url))
    response = client.post(url, entry_data())
    assert response.status_code == 200
    assert "Keine Startnummer ist mehr frei: alle von 1 bis 2 sind vergeben." in html_of(response)
    assert event.entries.count() == 2


# --- the import: text checks and names registered already --------------------------------------


def test_preview_shows_control_characters_and_long_notes_as_row_errors(client, organiser):
    event = make_event(organiser=organiser)
    data = "Name;Verein;Notizen\nHa\x00ns;;\nOtto;TSV\x07;\nEgon;;{}\n".format("n" * 1001)
    url = preview_url(upload(client, event, "liste.csv", data.encode()))
    html = client.get(url).content.decode()
    assert "3 Zeilen haben Probleme" in html
    assert "Name: Ein Steuerzeichen (U+0000) lässt sich nicht speichern" in html
    assert "Verein: Ein Steuerzeichen (U+0007)" in html
    assert "Notizen: höchstens 1000 Zeichen, nicht 1001." in html
    assert "Alle Zeilen importieren" not in html
    response = client.post(url, {"key": url.rstrip("/").rsplit("/", 1)[-1]})
    assert response.status_code == 400 and not event.entries.exists()


def test_preview_marks_registered_and_repeated_names_and_leaves_them_out(client, organiser):
    event = make_event(organiser=organiser)
    make_entry(event, 1, "Hans Maier")
    data = b"Name;Partner\nhans maier;\nOtto Walz;\nEgon Walz;otto walz\nFrieda;\n"
    url = preview_url(upload(client, event, "liste.csv", data))
    key = url.rstrip("/").rsplit("/", 1)[-1]
    html = client.get(url).content.decode()
    assert "„hans maier“ ist bereits angemeldet (Startnummer 1)." in html
    assert "„otto walz“ steht bereits in Zeile 3." in html
    assert "2 Zeilen nennen Spieler, die bereits angemeldet sind" in html
    assert "2 Zeilen ohne Warnung werden angemeldet" in html
    assert html.count('name="include"') == 2 and 'value="4" form="confirm-import"' in html
    assert "Trotzdem importieren" in html and "Liste importieren" in html
    response = client.post(url, {"key": key}, follow=True)
    html = response.content.decode()
    assert "2 Teilnehmer importiert." in html
    assert "2 Zeilen ausgelassen" in html and "Zeilen 2, 4." in html
    assert sorted(event.entries.values_list("player__name", flat=True)) == [
        "Frieda", "Hans Maier", "Otto Walz"
    ]


def test_ticked_rows_are_imported_anyway(client, organiser):
    event = make_event(organiser=organiser)
    make_entry(event, 1, "Hans Maier")
    data = b"Name\nHans Maier\nHans Maier\nOtto\n"
    url = preview_url(upload(client, event, "liste.csv", data))
    key = url.rstrip("/").rsplit("/", 1)[-1]
    response = client.post(url, {"key": key, "include": ["3"]}, follow=True)
    assert "2 Teilnehmer importiert." in response.content.decode()
    assert "1 Zeile ausgelassen" in response.content.decode()
    assert event.entries.filter(player__name="Hans Maier").count() == 2


def test_a_list_of_registered_players_only_stays_in_the_preview(client, organiser):
    event = make_event(organiser=organiser)
    make_entry(event, 1, "Hans")
    url = preview_url(upload(client, event, "liste.csv", b"Name\nHans\n"))
    response = client.post(url, {"key": url.rstrip("/").rsplit("/", 1)[-1]}, follow=True)
    assert response.redirect_chain[-1][0] == url
    html = response.content.decode()
    assert "Es wurde nichts importiert: Jede Zeile nennt einen Spieler" in html
    assert "Trotzdem importieren" in html and event.entries.count() == 1


def test_upload_of_a_hostile_workbook_is_a_quick_form_error(client, organiser):
    """The probe's 1.5 KB workbook (its dimension claims A1:XFD1048576, one row numbered
    1048576) answered 500 after ~30 s."""
    event = make_event(organiser=organiser)
    start = time.monotonic()
    response = upload(client, event, "liste.xlsx", crafted_xlsx({1: ["Name"], 1048576: ["Hans"]}))
    assert time.monotonic() - start < 2
    assert response.status_code == 200
    assert "mehr als 2000 Zeilen unter der Kopfzeile" in response.content.decode()
