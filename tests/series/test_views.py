"""The series pages (``series.views``): creating a series and adding one's own
events on the page, the public page (404 unless public, no unlisted names), and the exports
read back with openpyxl and csv."""

import csv
import io
from decimal import Decimal

import pytest
from django.urls import reverse

from series.audit import SeriesAction
from series.models import Series
from series.services import add_event, create_series
from tests.factories import make_event, make_user
from tests.results.workbooks import open_workbook, values
from tests.series.series_data import four_evenings

pytestmark = pytest.mark.django_db


def html_of(response) -> str:
    return response.content.decode()


@pytest.fixture
def cup(organiser):
    """Four evenings (tests/series/series_data.py) that the ``organiser`` organises, in their
    best-3-of-4 series."""
    events, people = four_evenings(organiser=organiser)
    series = create_series(user=organiser, name="Binokel-Cup", slug="cup", season="2026",
                           counting="best", best_of=3)
    for event in events:
        add_event(series=series, event=event, user=organiser)
    return series, events, people


def test_create_a_series_and_add_an_event_on_the_page(client, organiser):
    event = make_event(organiser=organiser, name="Herbstbinokel")
    response = client.post(reverse("series-create"), {
        "name": "Filder-Cup", "slug": "", "season": "2026/27", "counting": "best",
        "best_of": "3", "scoring": "place_points", "place_points": "25, 20; 16 13",
        "pot_percent": "10,5",
    })
    series = Series.objects.get()
    assert response["Location"] == reverse("series-detail", args=["filder-cup"])
    assert (series.owner, series.best_of, series.place_points, series.pot_percent) == (
        organiser, 3, [25, 20, 16, 13], Decimal("10.50")
    )
    page = html_of(client.get(series.get_absolute_url()))
    assert "Herbstbinokel" in page  # offered to add
    client.post(reverse("series-events", args=[series.slug]), {"event": event.pk})
    assert list(series.events.all()) == [event]
    client.post(reverse("series-events", args=[series.slug]), {"remove": event.pk})
    assert not series.events.exists()
    assert list(series.changes.order_by("id").values_list("action", flat=True)) == [
        SeriesAction.CREATED, SeriesAction.EVENT_ADDED, SeriesAction.EVENT_REMOVED,
    ]
    assert client.get(reverse("series-list")).content.decode().count("Filder-Cup") == 1


def test_place_points_that_rise_are_refused_at_their_field(client, organiser):
    response = client.post(reverse("series-create"), {
        "name": "Cup", "counting": "all", "scoring": "place_points",
        "place_points": "10, 20", "pot_percent": "0",
    })
    assert response.status_code == 200
    assert not Series.objects.exists()
    form = response.context["form"]
    assert list(form.errors) == ["place_points"]


def test_an_event_one_does_not_organise_cannot_be_added(client, organiser):
    series = create_series(user=organiser, name="Cup", slug="cup")
    foreign = make_event()
    response = client.post(reverse("series-events", args=[series.slug]), {"event": foreign.pk})
    assert response.status_code == 302
    assert not series.events.exists()


def test_someone_elses_series_is_refused(client, organiser):
    series = create_series(user=make_user("andere"), name="Cup", slug="cup")
    response = client.get(series.get_absolute_url())
    assert response.status_code == 403
    assert "series/refused.html" in [t.name for t in response.templates]


def test_organiser_page_shows_best_three_of_four_and_the_dropped_evening(client, cup):
    series, _events, _people = cup
    page = html_of(client.get(series.get_absolute_url()))
    assert "<strong>400</strong>" in page and "(20)" in page


def test_public_page_is_404_with_a_hint_unless_public(client, cup):
    series, _events, people = cup
    client.logout()
    url = reverse("public-series", args=[series.slug])
    response = client.get(url)
    assert response.status_code == 404
    assert "Binokel-Cup" in html_of(response)
    series.public = True
    series.save()
    people["A"].unlisted = True
    people["A"].save()
    page = html_of(client.get(url))
    assert "<strong>400</strong>" in page  # A's line is there ...
    assert "SV A" not in page and "SV B" in page  # ... without its club
    assert ">A<" not in page  # ... and without its name
    assert ">B<" in page


def test_exports_have_the_columns_and_the_standings(client, cup):
    series, events, _people = cup
    columns = [f"{event.name} ({event.date:%d.%m.%Y})" for event in events]
    header = ["Platz", "Name", "Verein", *columns, "Abende", "Summe"]
    response = client.get(reverse("series-xlsx", args=[series.slug]))
    assert response["Content-Type"].startswith("application/vnd.openxmlformats")
    book = open_workbook(response.content)
    assert book.sheetnames == ["Einzel", "Paare"]
    rows = values(book["Einzel"])
    assert rows[0] == header
    assert rows[1] == [1, "A", "SV A", 160, 20, 30, 210, 4, 400]
    assert rows[4] == [4, "D", "SV D", 20, 30, 40, None, 3, 90]
    assert values(book["Paare"]) == [header]

    response = client.get(reverse("series-csv", args=[series.slug]))
    content = response.content
    assert content.startswith(b"\xef\xbb\xbf")
    parsed = list(csv.reader(io.StringIO(content.decode("utf-8-sig")), delimiter=";"))
    assert parsed[0] == ["Wertung", *header]
    assert parsed[1] == ["Einzel", "1", "A", "SV A", "160", "20", "30", "210", "4", "400"]
    assert len(parsed) == 5


def test_settings_page_edits_the_rule(client, cup):
    series, _events, _people = cup
    url = reverse("series-edit", args=[series.slug])
    assert client.get(url).status_code == 200
    response = client.post(url, {
        "name": "Binokel-Cup", "slug": "cup", "season": "2026", "counting": "all",
        "best_of": "3", "scoring": "place_points", "place_points": "10, 6, 3",
        "pot_percent": "", "public": "on",
    })
    assert response["Location"] == reverse("series-detail", args=["cup"])
    series.refresh_from_db()
    assert (series.counting, series.best_of, series.place_points, series.public) == (
        "all", None, [10, 6, 3], True
    )
    assert 'value="10, 6, 3"' in html_of(client.get(url))
    page = html_of(client.get(series.get_absolute_url()))
    assert reverse("public-series", args=["cup"]) in page  # the public page is linked
