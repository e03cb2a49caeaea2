"""The online registration through its pages, with the e-mails through a real local SMTP server
(``tests.mailbox``): the code and the links are read from the e-mail and followed."""

from __future__ import annotations

import datetime
import time
import types
from decimal import Decimal
from io import BytesIO

import pytest
from django.core.cache import caches
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from config.settings import redis_cache
from core.limits import MAX_SIGNUPS_PER_MINUTE
from core.models import ChangeRecord
from money.cash.services import update_money_settings
from money.models import Payment
from scoring.rules import RULES
from signup.audit import SignupAction
from signup.models import Registration, SignupSettings
from tests import mailbox as mail
from tests.factories import make_entry, make_event, make_player, make_role, make_user
from tests.tournament.plans import STAGES, event_at
from tournament.models import Entry, Event, EventRole
from tournament.selectors.phase import Phase, event_phase
from tournament.services import generate_plan

pytestmark = pytest.mark.django_db

R = Registration.Status


@pytest.fixture
def event(organiser):
    event = make_event(
        name="Benefizbinokel Ulm", venue="Gemeindehaus Söflingen", date=datetime.date(2026, 11, 21)
    )
    SignupSettings.objects.create(
        event=event,
        is_open=True,
        capacity=2,
        start_time=datetime.time(19, 30),
        opened_by=organiser,
    )
    return event


def form(name="Hans Maier", email="hans@example.org", **fields):
    return {
        "kind": "single",
        "name": name,
        "email": email,
        "club": "SV Ulm",
        "consent": "on",
        **fields,
    }


def register(client, event, captured, address="10.0.0.1", **fields):
    with captured(execute=True):
        return client.post(
            reverse("signup", args=[event.slug]), form(**fields), REMOTE_ADDR=address
        )


@pytest.fixture
def public(client):
    """An anonymous visitor's client (the ``organiser`` fixture logs ``client`` in)."""
    return Client()


def test_a_single_is_registered_as_an_entry_and_confirmed_by_email(
    public, event, mailbox, django_capture_on_commit_callbacks
):
    response = register(public, event, django_capture_on_commit_callbacks)
    registration = Registration.objects.get()
    assert response.status_code == 302
    # the registration's own page only through the e-mail's link (the answer is the same for an
    # address and name registered already)
    assert response["Location"] == reverse("signup", args=[event.slug])
    assert registration.status == R.REGISTERED
    entry = registration.entry
    assert entry.start_number == 1 and entry.player.name == "Hans Maier"
    assert entry.player.club == "SV Ulm"

    [message] = mailbox.to("hans@example.org")
    body = mail.text(message)
    assert mail.code(message) == registration.code
    for fact in (
        "Benefizbinokel Ulm",
        "21. November 2026",
        "19:30",
        "Gemeindehaus Söflingen",
        "Startnummer 1",
    ):
        assert fact in body, fact
    [link] = [url for url in mail.links(message) if "/anmeldung/" in url]
    page = public.get(link.replace("http://testserver", ""))
    assert page.status_code == 200
    assert registration.code in page.content.decode()
    assert ChangeRecord.objects.filter(action=SignupAction.REGISTERED).count() == 1


@pytest.mark.parametrize(
    ("preset", "present", "absent"),
    [
        ("aks-heroldstatt", ["AKS Heroldstatt", "Durch wird nicht gespielt", "Acht Zehner",
                             "Doppelte Familie: beide Familien einer Farbe = 1000"],
         ["Doppelte Familie: beide Familien einer Farbe = 1500"]),
        ("ejl", ["ejl Benefizbinokel", "Doppelte Familie: beide Familien einer Farbe = 1500"],
         ["Acht Zehner", "Durch wird nicht gespielt"]),
    ],
)
def test_the_email_carries_the_events_rules_sheet(
    public, event, mailbox, django_capture_on_commit_callbacks, preset, present, absent
):
    Event.objects.filter(pk=event.pk).update(rules=RULES[preset].as_dict())
    register(public, event, django_capture_on_commit_callbacks)
    [message] = mailbox.to("hans@example.org")
    body = mail.text(message)
    for text in present:
        assert text in body, text
    for text in absent:
        assert text not in body, text
    [rules_link] = [url for url in mail.links(message) if url.endswith("/regeln/")]
    page = public.get(rules_link.replace("http://testserver", ""))
    assert page.status_code == 200 and present[0] in page.content.decode()


def test_a_pair_registers_with_both_players_wishes(
    public, event, mailbox, django_capture_on_commit_callbacks
):
    register(
        public,
        event,
        django_capture_on_commit_callbacks,
        kind="pair",
        partner_name="Erna Maier",
        unlisted="on",
        partner_public_profile="on",
        partner_category="Frau",
    )
    registration = Registration.objects.get()
    assert registration.is_pair
    entry = registration.entry
    assert entry.partner.name == "Erna Maier" and entry.partner.category == "Frau"
    assert entry.player.unlisted and not entry.player.public_profile
    assert entry.partner.public_profile and not entry.partner.unlisted
    assert len(mailbox.messages) == 1


def test_a_registration_links_a_player_of_another_event_without_changing_them(
    public, event, mailbox, django_capture_on_commit_callbacks
):
    """Hans Maier, SV Ulm, plays another event of the same organiser: an anonymous
    registration with his name and club, category "Frau" and a public page, gets an entry with
    them in this event only; the other event's player (its prize table, its lists, his public
    page) stays as its organiser left him."""
    other = make_event(name="Herbstbinokel")
    hans = make_player(other.club, "Hans Maier", club="SV Ulm", unlisted=True)
    Entry.objects.create(event=other, start_number=5, player=hans)
    register(public, event, django_capture_on_commit_callbacks, category="Frau",
             public_profile="on")
    entry = Registration.objects.get().entry
    hans.refresh_from_db()
    assert (hans.category, hans.unlisted, hans.public_profile) == ("", True, False)
    assert public.get(reverse("public-player", args=[hans.pk])).status_code == 404
    assert (entry.player.name, entry.player.club, entry.player.category) == (
        "Hans Maier", "SV Ulm", "Frau"
    )
    assert entry.player_id != hans.pk and entry.player.public_profile


def test_past_the_capacity_the_waiting_list_and_a_cancellation_moves_it_up(
    public, event, mailbox, django_capture_on_commit_callbacks
):
    captured = django_capture_on_commit_callbacks
    for number in (1, 2, 3):
        register(public, event, captured, name=f"Spieler {number}", email=f"s{number}@example.org")
    first, second, third = Registration.objects.order_by("created_at", "id")
    assert [first.status, second.status, third.status] == [R.REGISTERED, R.REGISTERED, R.WAITING]
    assert third.entry is None and third.position == 1
    waiting_mail = mailbox.to("s3@example.org")[0]
    assert "Warteliste" in mail.text(waiting_mail)

    # the first cancels through the link of their e-mail
    link = next(u for u in mail.links(mailbox.to("s1@example.org")[0]) if "/anmeldung/" in u)
    path = link.replace("http://testserver", "")
    with captured(execute=True):
        response = public.post(path, {"action": "cancel"})
    assert response.status_code == 302
    first.refresh_from_db()
    third.refresh_from_db()
    assert first.status == R.CANCELLED and first.entry.is_withdrawn
    assert third.status == R.REGISTERED and third.entry.start_number == 3
    moved = mailbox.to("s3@example.org")[-1]
    assert "frei geworden" in mail.text(moved)
    assert "Startnummer 3" in mail.text(moved)
    assert len(mailbox.to("s1@example.org")) == 2  # the confirmation, then the cancellation


def test_full_without_a_waiting_list_refuses_and_changes_nothing(
    public, event, mailbox, django_capture_on_commit_callbacks
):
    SignupSettings.objects.filter(event=event).update(capacity=1, waiting_list=False)
    register(public, event, django_capture_on_commit_callbacks)
    response = register(
        public, event, django_capture_on_commit_callbacks, name="Zweiter", email="zwei@example.org"
    )
    assert response.status_code == 400
    assert "keine Warteliste" in response.content.decode()
    assert Registration.objects.count() == 1 and len(mailbox.messages) == 1


@pytest.mark.parametrize("how", ["switched off", "past its time", "plan exists"])
def test_a_closed_registration_says_so_and_takes_nobody(
    public, event, mailbox, django_capture_on_commit_callbacks, how
):
    if how == "switched off":
        SignupSettings.objects.filter(event=event).update(is_open=False)
    elif how == "past its time":
        SignupSettings.objects.filter(event=event).update(
            closes_at=timezone.now() - datetime.timedelta(minutes=1)
        )
    else:
        for number in range(1, 7):
            make_entry(event, number)
        generate_plan(event=event, seed=1)
    page = public.get(reverse("signup", args=[event.slug]))
    assert "Online-Anmeldung für dieses Turnier ist geschlossen" in page.content.decode()
    response = register(public, event, django_capture_on_commit_callbacks)
    assert response.status_code == 400
    assert "geschlossen" in response.content.decode()
    assert not Registration.objects.exists() and mailbox.messages == []


@pytest.mark.parametrize("stage", STAGES)
def test_the_public_form_is_offered_only_while_the_event_is_in_preparation(public, stage):
    event = event_at(stage)
    SignupSettings.objects.create(event=event, is_open=True, capacity=20)
    page = public.get(reverse("signup", args=[event.slug])).content.decode()
    closed = "Online-Anmeldung für dieses Turnier ist geschlossen" in page
    assert closed is (event_phase(event).phase is not Phase.PREPARATION)
    assert closed is (stage != "preparation")


def test_the_honeypot_filled_is_refused(public, event, mailbox, django_capture_on_commit_callbacks):
    response = register(
        public, event, django_capture_on_commit_callbacks, website="http://spam.example"
    )
    assert response.status_code == 400
    assert "verborgenes Feld" in response.content.decode()
    assert not Registration.objects.exists() and not Entry.objects.exists()
    assert mailbox.messages == []


def test_without_consent_to_the_house_rules_nothing_happens(public, event, mailbox):
    data = form()
    del data["consent"]
    response = public.post(reverse("signup", args=[event.slug]), data)
    assert response.status_code == 400
    assert "Hausordnung" in response.content.decode()
    assert not Registration.objects.exists()


def _many(public, event, captured, address):
    statuses = []
    for number in range(MAX_SIGNUPS_PER_MINUTE + 1):
        statuses.append(
            register(
                public,
                event,
                captured,
                address=address,
                name=f"Bot {address} {number}",
                email=f"bot{number}@{address}.example",
            ).status_code
        )
    return statuses


def test_many_registrations_from_one_address_in_a_minute_are_refused(
    public, event, mailbox, django_capture_on_commit_callbacks, monkeypatch
):
    # django-ratelimit counts in fixed windows: the clock stands still, so the eleven
    # registrations never straddle the end of one (a slow machine took longer than its rest)
    now = time.time()
    monkeypatch.setattr("django_ratelimit.core.time", types.SimpleNamespace(time=lambda: now))
    SignupSettings.objects.filter(event=event).update(capacity=100)
    statuses = _many(public, event, django_capture_on_commit_callbacks, "10.0.0.7")
    assert statuses[:-1] == [302] * MAX_SIGNUPS_PER_MINUTE
    assert statuses[-1] == 429
    assert Registration.objects.count() == MAX_SIGNUPS_PER_MINUTE
    # another address is not held up
    response = register(public, event, django_capture_on_commit_callbacks, address="10.0.0.8")
    assert response.status_code == 302


def test_the_limit_lets_registrations_through_while_redis_is_down(
    public, event, settings, django_capture_on_commit_callbacks, mailbox
):
    """django-redis with IGNORE_EXCEPTIONS answers a count with None while Redis is down:
    registrations go through uncounted (RATELIMIT_FAIL_OPEN) instead of all being refused."""
    settings.CACHES = {"default": redis_cache(f"redis://127.0.0.1:{mail.free_port()}/0")}
    SignupSettings.objects.filter(event=event).update(capacity=100)
    try:
        statuses = _many(public, event, django_capture_on_commit_callbacks, "10.0.0.9")
    finally:
        caches["default"].close()
    assert statuses == [302] * (MAX_SIGNUPS_PER_MINUTE + 1)


def parse_rows(page: str) -> list[tuple[str, str]]:
    """The organisers' list as (code, the row's HTML)."""
    import re

    return re.findall(r'<tr id="code-(\w+)">(.*?)</tr>', page, re.S)


def answer(response) -> tuple:
    """What the form's answer tells the sender: its status, where it leads, the page there."""
    return response.status_code, response["Location"]


def test_the_answer_never_tells_whether_an_address_or_name_is_registered(
    public, event, mailbox, django_capture_on_commit_callbacks, monkeypatch
):
    """A registration, and one again with an address and name registered already, get the same
    answer; the address registered gets its confirmation again with a word that someone tried,
    at most once in SIGNUP_NOTICE_MINUTES, and never at another address."""
    now = time.time()  # django-ratelimit's fixed windows: the clock stands still
    monkeypatch.setattr("django_ratelimit.core.time", types.SimpleNamespace(time=lambda: now))
    captured = django_capture_on_commit_callbacks
    fresh = register(public, event, captured)
    first = Registration.objects.get()
    again = register(public, event, captured, email="HANS@example.org")
    assert answer(again) == answer(fresh) == (302, reverse("signup", args=[event.slug]))
    page = public.get(again["Location"]).content.decode()
    assert "HANS@example.org" in page  # the confirmation is on its way there
    assert Registration.objects.count() == 1
    [_confirmation, notice] = mailbox.to("hans@example.org")
    assert mail.code(notice) == first.code
    assert "hat gerade versucht, sich mit dieser E-Mail-Adresse" in mail.text(notice)
    assert any("/anmeldung/" in url for url in mail.links(notice))

    # a third party asks again and again, also with "resend": the same answer, no more e-mail
    for fields in ({}, {"resend": "1"}, {"email": "Hans@Example.org"}):
        response = register(public, event, captured, address="10.0.0.2", **fields)
        assert answer(response) == answer(fresh)
    assert len(mailbox.to("hans@example.org")) == 2
    assert Registration.objects.count() == 1


def test_a_name_registered_from_another_address_is_registered_for_the_organisers_to_see(
    public, event, mailbox, django_capture_on_commit_callbacks
):
    """The same name from another address, another name from the same address, a name the
    organisers registered: each gets the answer of a registration and is registered; the
    registration of the name sends nothing to the first address."""
    captured = django_capture_on_commit_callbacks
    SignupSettings.objects.filter(event=event).update(capacity=10)
    make_entry(event, 7, "Otto Ott")
    fresh = register(public, event, captured)
    for fields in ({"email": "attacker@example.org"}, {"name": "Erna Maier"},
                   {"name": "Otto Ott", "email": "otto@example.org"}):
        assert answer(register(public, event, captured, **fields)) == answer(fresh)
    assert Registration.objects.count() == 4
    assert len(mailbox.to("hans@example.org")) == 2  # Hans's and Erna's confirmations
    assert len(mailbox.to("attacker@example.org")) == 1
    assert "hans@example.org" not in str(mailbox.to("attacker@example.org")[0])
    # the organisers see the likely duplicates: both Hans Maier, and Otto Ott of the entries
    organiser = Client()
    organiser.force_login(make_user("root", is_superuser=True))
    page = organiser.get(reverse("signup-list", args=[event.slug])).content.decode()
    rows = {code: row for code, row in parse_rows(page)}
    marked = {
        registration.display_name
        for registration in Registration.objects.all()
        if "wohl doppelt" in rows[registration.code]
    }
    assert marked == {"Hans Maier", "Otto Ott"}


def test_emails_are_for_the_events_organisers_and_helpers_only(
    client, organiser, public, event, django_capture_on_commit_callbacks, mailbox
):
    make_role(event, organiser)
    register(public, event, django_capture_on_commit_callbacks)
    url = reverse("signup-list", args=[event.slug])
    assert "hans@example.org" in client.get(url).content.decode()  # the organiser

    response = public.get(url)
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))
    anyone = Client()
    assert (
        "hans@example.org" not in anyone.get(reverse("signup", args=[event.slug])).content.decode()
    )
    assert "hans@example.org" not in anyone.get(reverse("home")).content.decode()

    stranger = make_user("helfer-anderswo")
    make_role(make_event(), stranger, EventRole.Role.DESK)
    anyone.force_login(stranger)
    response = anyone.get(url)
    assert response.status_code == 403 and "hans@example.org" not in response.content.decode()

    helper = make_user("helfer")
    make_role(event, helper, EventRole.Role.DESK)
    anyone.force_login(helper)
    page = anyone.get(url).content.decode()
    assert "hans@example.org" in page
    # a helper sees, but only the organisers move
    registration = Registration.objects.get()
    response = anyone.post(
        reverse("signup-move", args=[event.slug, registration.pk]), {"to": "cancelled"}
    )
    assert response.status_code == 403
    registration.refresh_from_db()
    assert registration.status == R.REGISTERED


def test_a_wrong_link_opens_nothing(public, event, django_capture_on_commit_callbacks, mailbox):
    register(public, event, django_capture_on_commit_callbacks)
    other = make_event()
    registration = Registration.objects.get()
    assert public.get(reverse("signup-manage", args=[event.slug, "x" * 43])).status_code == 404
    assert (
        public.get(reverse("signup-manage", args=[other.slug, registration.token])).status_code
        == 404
    )


def _secret_routes() -> list[str]:
    """The names of the public registration routes whose address carries a secret."""
    from signup.urls_public import urlpatterns

    return [route.name for route in urlpatterns if "token" in route.pattern.converters]


def test_no_page_behind_a_secret_link_is_kept_by_a_browser_or_proxy(
    public, event, mailbox, django_capture_on_commit_callbacks
):
    register(public, event, django_capture_on_commit_callbacks)
    registration = Registration.objects.get()
    assert _secret_routes() == ["signup-manage"]
    for name in _secret_routes():
        url = reverse(name, args=[event.slug, registration.token])
        for response in (public.get(url), public.post(url, {"action": "nonsense"})):
            assert response.status_code in (200, 302), name
            cache_control = {part.strip() for part in response["Cache-Control"].split(",")}
            assert "no-store" in cache_control, (name, response["Cache-Control"])


def test_delete_my_data_removes_the_registration_and_its_name_from_the_log(
    public, event, mailbox, django_capture_on_commit_callbacks
):
    captured = django_capture_on_commit_callbacks
    register(public, event, captured)
    registration = Registration.objects.get()
    code = registration.code
    with captured(execute=True):
        response = public.post(
            reverse("signup-manage", args=[event.slug, registration.token]), {"action": "delete"}
        )
    assert response.status_code == 302
    assert not Registration.objects.exists()
    records = list(ChangeRecord.objects.filter(event=event, action__startswith="signup."))
    assert {record.action for record in records} >= {
        SignupAction.REGISTERED,
        SignupAction.CANCELLED,
        SignupAction.DELETED,
    }
    for record in records:
        assert "Hans" not in str(record.params) and "hans@" not in str(record.params)
        if record.action != SignupAction.SETTINGS:
            assert record.params["ref"]["code"] == code
    assert Entry.objects.get().is_withdrawn


def test_registrations_go_with_the_event(
    public, event, django_capture_on_commit_callbacks, mailbox
):
    register(public, event, django_capture_on_commit_callbacks)
    assert Entry.objects.exists()
    event.delete()
    assert not Registration.objects.exists() and not SignupSettings.objects.exists()
    assert not ChangeRecord.objects.filter(action__startswith="signup.").exists()


def test_accepted_by_the_organisers_only_becomes_an_entry_when_accepted(
    client, organiser, public, event, mailbox, django_capture_on_commit_callbacks
):
    make_role(event, organiser)
    captured = django_capture_on_commit_callbacks
    SignupSettings.objects.filter(event=event).update(accept=SignupSettings.Accept.ORGANISER)
    register(public, event, captured)
    registration = Registration.objects.get()
    assert registration.status == R.REGISTERED and registration.entry is None
    assert not Entry.objects.exists()
    assert "bestätigt" in mail.text(mailbox.messages[0])

    with captured(execute=True):
        response = client.post(
            reverse("signup-move", args=[event.slug, registration.pk]), {"to": "accept"}
        )
    assert response.status_code == 302
    registration.refresh_from_db()
    assert registration.entry.start_number == 1
    assert "angenommen" in mail.text(mailbox.messages[-1])
    assert ChangeRecord.objects.filter(action=SignupAction.ACCEPTED).exists()


def test_the_organisers_move_and_close(
    client, organiser, public, event, mailbox, django_capture_on_commit_callbacks
):
    make_role(event, organiser)
    captured = django_capture_on_commit_callbacks
    for number in (1, 2, 3):
        register(public, event, captured, name=f"Spieler {number}", email=f"s{number}@example.org")
    first, _second, third = Registration.objects.order_by("created_at", "id")
    move = reverse("signup-move", args=[event.slug, first.pk])
    with captured(execute=True):
        client.post(move, {"to": "waiting"})
        client.post(reverse("signup-move", args=[event.slug, third.pk]), {"to": "registered"})
    first.refresh_from_db()
    third.refresh_from_db()
    assert first.status == R.WAITING and first.entry.is_withdrawn
    assert third.status == R.REGISTERED and third.entry is not None
    with captured(execute=True):
        client.post(move, {"to": "registered"})  # back: its withdrawn entry is reinstated
    first.refresh_from_db()
    assert first.status == R.REGISTERED and not first.entry.is_withdrawn
    assert Entry.objects.count() == 3

    response = client.post(reverse("signup-close", args=[event.slug]))
    assert response.status_code == 302
    assert not SignupSettings.objects.get(event=event).is_open
    assert (
        register(public, event, captured, name="Spät", email="spaet@example.org").status_code == 400
    )


def test_the_settings_page_opens_the_registration(client, organiser):
    event = make_event(organiser=organiser)
    response = client.post(
        reverse("signup-settings", args=[event.slug]),
        {
            "is_open": "on",
            "capacity": "90",
            "waiting_list": "on",
            "accept": "automatic",
            "closes_at": (timezone.localtime() + datetime.timedelta(days=3)).strftime(
                "%Y-%m-%dT%H:%M"
            ),
            "start_time": "19:00",
        },
    )
    assert response.status_code == 302
    settings = SignupSettings.objects.get(event=event)
    assert settings.is_open and settings.capacity == 90 and settings.opened_by == organiser
    assert ChangeRecord.objects.filter(event=event, action=SignupAction.SETTINGS).exists()
    home = client.get(reverse("home")).content.decode()
    assert reverse("signup", args=[event.slug]) in home


def test_the_door_checks_in_and_takes_the_entry_fee_by_the_code_of_the_email(
    client, organiser, public, event, mailbox, django_capture_on_commit_callbacks
):
    """The QR code of the e-mail, decoded, opens the Kasse with the code; its button checks in
    and takes the Startgeld in one step."""
    import zxingcpp
    from PIL import Image

    make_role(event, organiser)
    update_money_settings(event=event, start_fee_single=Decimal("8"), start_fee_pair=Decimal("16"))
    register(public, event, django_capture_on_commit_callbacks)
    registration = Registration.objects.get()
    [message] = mailbox.messages
    [decoded] = zxingcpp.read_barcodes(Image.open(BytesIO(mail.qr_png(message))))
    url = decoded.text.replace("http://testserver", "")
    assert url == reverse("cash-desk", args=[event.slug]) + f"?code={registration.code}"

    page = client.get(url).content.decode().replace("\xa0", " ")
    assert "Hans Maier" in page and "Einchecken + 8,00 € bar" in page
    # typed with a dash and in small letters, the code is found too
    typed = client.get(
        reverse("cash-desk", args=[event.slug]),
        {"code": registration.code[:3].lower() + "-" + registration.code[3:]},
    )
    assert "Einchecken + 8,00 € bar" in typed.content.decode().replace("\xa0", " ")

    response = client.post(
        reverse("cash-pay", args=[event.slug, 1]),
        {
            "purpose": "start_fee",
            "amount": "8.00",
            "method": "cash",
            "check_in": "1",
            "next": "liste",
            "form_token": "door-1",
        },
    )
    assert response.status_code == 302
    entry = registration.entry
    entry.refresh_from_db()
    assert entry.is_checked_in
    assert Payment.objects.get(entry=entry).amount == Decimal("8.00")
    unknown = client.get(reverse("cash-desk", args=[event.slug]), {"code": "ZZZZZZ"})
    assert "Keine Anmeldung dieses Turniers hat den Code" in unknown.content.decode()
