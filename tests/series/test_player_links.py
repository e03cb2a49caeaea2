"""A series across clubs (issue 38, item 5): each club keeps its own registry, so the same
person who plays in two clubs' evenings is two rows; the series counts them as one participant
only through an explicit link (``PlayerLink``, made and removed by the series' organiser,
logged), never by the name alone; links make groups. A merge within one club keeps every result
of the events and the series' standings."""

import datetime

import pytest
from django.urls import reverse

from core.models import ChangeRecord
from scoring.demo import record_game
from scoring.standings import cached_standings
from series.audit import SeriesAction
from series.services import SeriesError, add_event, create_series, link_players, unlink_players
from series.standings import series_standings
from tests.factories import make_club, make_entry, make_event, make_member, make_user
from tests.scoring.games import sheet_for
from tests.series.series_data import WON_FOUR
from tournament.models import Event, Player, PlayerLink
from tournament.services import PlayerError, merge_players

pytestmark = pytest.mark.django_db


def evening(club, owner, day: int, names: list[str]) -> Event:
    """An evening of ``club`` (``owner`` organises the club) with one confirmed game of four:
    160, 40, 30, 20 in the order of ``names``."""
    event = make_event(club=club, name=f"Abend {day}", date=datetime.date(2026, day, 10))
    seated = [make_entry(event, number, name) for number, name in enumerate(names, start=1)]
    record_game(sheet=sheet_for(event, 1, seated, 1), number=1, **WON_FOUR)
    return event


@pytest.fixture
def cup():
    """Ulm's evening with Hans Maier first (160), Blaustein's with another Hans Maier second
    (40): two rows of two clubs' registries in the series "Alb-Cup" of ``owner``, who
    organises both clubs."""
    owner = make_user("besitzer")
    ulm, blaustein = make_club(name="SV Ulm", organiser=owner), make_club(name="TSV Blaustein")
    make_member(blaustein, owner)
    first = evening(ulm, owner, 1, ["Hans Maier", "Anna Berg", "Otto Ott", "Eva Enz"])
    second = evening(blaustein, owner, 2, ["Karl Kurz", "Hans Maier", "Lea Lang", "Max Moll"])
    series = create_series(user=owner, name="Alb-Cup", slug="alb-cup")
    for event in (first, second):
        add_event(series=series, event=event, user=owner)
    hans_ulm = Player.objects.get(name="Hans Maier", registry_club=ulm)
    hans_blaustein = Player.objects.get(name="Hans Maier", registry_club=blaustein)
    return {"owner": owner, "series": series, "ulm": hans_ulm, "blaustein": hans_blaustein,
            "events": (first, second)}


def lines(series):
    return [(line.name, line.cells, line.total) for line in series_standings(series).singles]


def test_the_same_name_in_two_clubs_without_a_link_is_two_participants(cup):
    hans = [line for line in lines(cup["series"]) if line[0] == "Hans Maier"]
    assert hans == [("Hans Maier", [(160, True), (None, False)], 160),
                    ("Hans Maier", [(None, False), (40, True)], 40)]


def test_linked_players_are_one_participant_with_both_evenings(cup):
    link_players(series=cup["series"], first=cup["ulm"], second=cup["blaustein"],
                 user=cup["owner"])
    hans = [line for line in lines(cup["series"]) if line[0] == "Hans Maier"]
    assert hans == [("Hans Maier", [(160, True), (40, True)], 200)]
    assert len(lines(cup["series"])) == 7
    record = ChangeRecord.objects.get(action=SeriesAction.PLAYERS_LINKED)
    assert record.subject == cup["series"]
    assert record.description == (
        "Hans Maier (SV Ulm) und Hans Maier (TSV Blaustein) verknüpft: dieselbe Person.")


def test_an_unlink_makes_two_participants_again_and_is_logged(cup):
    link_players(series=cup["series"], first=cup["blaustein"], second=cup["ulm"],
                 user=cup["owner"])
    unlink_players(series=cup["series"], first=cup["ulm"], second=cup["blaustein"],
                   user=cup["owner"])
    assert not PlayerLink.objects.exists()
    assert len([line for line in lines(cup["series"]) if line[0] == "Hans Maier"]) == 2
    assert ChangeRecord.objects.filter(action=SeriesAction.PLAYERS_UNLINKED).count() == 1


def test_links_make_groups_across_three_clubs(cup):
    third = make_club(name="Ehingen")
    make_member(third, cup["owner"])
    event = evening(third, cup["owner"], 3, ["Hans Maier", "Ida Ilg", "Jan Jung", "Uwe Urs"])
    add_event(series=cup["series"], event=event, user=cup["owner"])
    hans_ehingen = Player.objects.get(name="Hans Maier", registry_club=third)
    link_players(series=cup["series"], first=cup["ulm"], second=cup["blaustein"],
                 user=cup["owner"])
    link_players(series=cup["series"], first=cup["blaustein"], second=hans_ehingen,
                 user=cup["owner"])
    hans = [line for line in lines(cup["series"]) if line[0] == "Hans Maier"]
    assert hans == [("Hans Maier", [(160, True), (40, True), (160, True)], 360)]
    with pytest.raises(SeriesError, match="schon verknüpft"):  # linked through Blaustein
        link_players(series=cup["series"], first=cup["ulm"], second=hans_ehingen,
                     user=cup["owner"])


def test_a_link_is_refused_within_one_club_for_others_and_outside_the_series(cup):
    anna = Player.objects.get(name="Anna Berg")
    with pytest.raises(SeriesError, match="desselben Vereins"):
        link_players(series=cup["series"], first=cup["ulm"], second=anna, user=cup["owner"])
    with pytest.raises(SeriesError, match="Inhaber"):
        link_players(series=cup["series"], first=cup["ulm"], second=cup["blaustein"],
                     user=make_user("fremd"))
    outside = make_entry(make_event(), 1, "Hans Maier").player
    with pytest.raises(SeriesError, match="Turniere dieser Serie"):
        link_players(series=cup["series"], first=cup["ulm"], second=outside, user=cup["owner"])
    assert not PlayerLink.objects.exists()
    assert not ChangeRecord.objects.filter(action=SeriesAction.PLAYERS_LINKED).exists()


def test_the_series_page_suggests_the_likely_same_person_and_links_on_a_click(client, cup):
    client.force_login(cup["owner"])
    url = reverse("series-players", args=["alb-cup"])
    page = client.get(url)
    assert [(first.pk, second.pk) for first, second, _kind in page.context["suggestions"]] \
        == [(cup["ulm"].pk, cup["blaustein"].pk)]
    assert not PlayerLink.objects.exists()  # suggested, never linked by itself
    response = client.post(url, {"action": "link", "first": cup["ulm"].pk,
                                 "second": cup["blaustein"].pk})
    assert response.status_code == 302
    assert PlayerLink.objects.filter(first=cup["ulm"], second=cup["blaustein"]).exists()
    page = client.get(url)
    assert page.context["suggestions"] == [] and len(page.context["links"]) == 1
    assert "Verknüpfung entfernen" in page.content.decode()


def test_a_merge_keeps_every_result_and_the_series_standings(cup):
    """Ulm's "Hans Müller" (evening 1, 30) and "Hans Mueller" (Ulm's evening 3, 160; linked to
    Blaustein's Hans Maier of evening 2, 40) are one person: the merge keeps each evening's
    standings (under Müller's name) and every point of the series: the two participants become
    one with all three evenings, everybody else stays as they were."""
    ulm = cup["ulm"].registry_club
    first = cup["events"][0]
    Player.objects.filter(name="Otto Ott").update(name="Hans Müller")
    third = evening(ulm, cup["owner"], 3, ["Hans Mueller", "Ida Ilg", "Jan Jung", "Uwe Urs"])
    add_event(series=cup["series"], event=third, user=cup["owner"])
    keep = Player.objects.get(name="Hans Müller")
    remove = Player.objects.get(name="Hans Mueller")
    link_players(series=cup["series"], first=remove, second=cup["blaustein"], user=cup["owner"])

    def evening_rows(event):
        standings = cached_standings(Event.objects.get(pk=event.pk))
        return [(row.place, row.name, row.total) for row in standings.ranking("singles")]

    before = {event.pk: evening_rows(event) for event in (first, third)}
    series_before = lines(cup["series"])
    merge_players(keep=keep, remove=remove, user=cup["owner"])
    assert not Player.objects.filter(pk=remove.pk).exists()
    assert evening_rows(first) == before[first.pk]
    assert evening_rows(third) == [
        (place, "Hans Müller" if name == "Hans Mueller" else name, total)
        for place, name, total in before[third.pk]
    ]
    series_after = lines(cup["series"])
    merged = ("Hans Müller", [(30, True), (40, True), (160, True)], 230)
    assert merged in series_after
    others = [line for line in series_before if line[0] not in ("Hans Müller", "Hans Mueller")]
    assert sorted(line for line in series_after if line != merged) == sorted(others)
    assert sum(line[2] for line in series_after) == sum(line[2] for line in series_before)
    assert PlayerLink.objects.filter(first=keep, second=cup["blaustein"]).exists()


def test_a_merge_of_two_clubs_players_is_refused(cup):
    with pytest.raises(PlayerError) as refused:
        merge_players(keep=cup["ulm"], remove=cup["blaustein"], user=cup["owner"])
    assert "zweier Vereine" in str(refused.value)
    assert Player.objects.filter(name="Hans Maier").count() == 2
