"""The registrations that name a person (``signup.selectors.registrations_naming``) and their
data deleted on the person's request (``signup.services.forget_person``)."""

import pytest

from signup.models import Registration
from signup.selectors import ADDRESS, PARTNER, REGISTRANT, registrations_naming
from signup.services import forget_person
from tests.factories import make_entry, make_event

pytestmark = pytest.mark.django_db


def registration(event, name, email, code, *, partner="", entry=None, status="registered"):
    return Registration.objects.create(
        event=event, kind="pair" if partner else "single", name=name, partner_name=partner,
        email=email, status=status, code=code, entry=entry, club="SV Ulm", category="Senior",
        partner_category="Frau" if partner else "",
    )


@pytest.fixture
def field():
    event, elsewhere = make_event(), make_event()
    single = make_entry(event, 1, "Hans Maier")
    pair = make_entry(event, 2, "Anna Huber", partner="Hans Maier")
    namesake = make_entry(event, 3, "Hans Maier")  # another Hans Maier, an entry of his own
    return {
        "event": event,
        "single": single,
        "pair": pair,
        "own": registration(event, "Hans Maier", "hans@example.org", "AAAAAA", entry=single),
        "partner": registration(event, "Anna Huber", "anna@example.org", "BBBBBB",
                                partner="Hans Maier", entry=pair),
        "cancelled": registration(event, "maier, hans", "h.m@example.org", "CCCCCC",
                                  status="cancelled"),
        "for_fritz": registration(event, "Fritz Maier", "HANS@example.org", "DDDDDD"),
        "namesake": registration(event, "Hans Maier", "other@example.org", "EEEEEE",
                                 entry=namesake),
        "elsewhere": registration(elsewhere, "Hans Maier", "hans@example.org", "FFFFFF"),
    }


def named(field) -> list:
    return registrations_naming(
        event_ids=[field["event"].pk], as_player=[field["single"].pk],
        as_partner=[field["pair"].pk], names=["Hans Maier"],
    )


def test_the_registrations_of_the_persons_entries_name_and_address_are_found(field):
    found = {item.registration.code: item.role for item in named(field)}
    assert found == {
        "AAAAAA": REGISTRANT,  # of his entry
        "BBBBBB": PARTNER,  # of the pair he is the partner of
        "CCCCCC": REGISTRANT,  # no entry, his name (written the other way round)
        "DDDDDD": ADDRESS,  # made with his address (letter case aside) for Fritz
    }  # not the other Hans Maier's entry's, not another event's


def test_forgetting_deletes_what_each_registration_holds_of_the_person(field):
    assert forget_person(naming=named(field), name="gelöscht") == 4
    rows = {row.code or row.name: row for row in Registration.objects.all()}
    by_pk = {row.pk: row for row in Registration.objects.all()}
    own = by_pk[field["own"].pk]
    assert (own.name, own.email, own.code, own.token, own.club, own.category, own.unlisted) == (
        "gelöscht", "", "", None, "", "", True)
    partner = by_pk[field["partner"].pk]
    assert (partner.name, partner.partner_name, partner.email, partner.code, partner.club,
            partner.category, partner.partner_category, partner.partner_unlisted) == (
        "Anna Huber", "gelöscht", "anna@example.org", "BBBBBB", "SV Ulm", "Senior", "", True)
    assert by_pk[field["cancelled"].pk].name == "gelöscht"
    fritz = by_pk[field["for_fritz"].pk]
    assert (fritz.name, fritz.email, fritz.code, fritz.token) == ("Fritz Maier", "", "", None)
    for kept in ("namesake", "elsewhere"):
        row = by_pk[field[kept].pk]
        assert (row.name, row.email, row.code) == (
            field[kept].name, field[kept].email, field[kept].code), kept
        assert row.token == field[kept].token
    assert "EEEEEE" in rows and "FFFFFF" in rows
