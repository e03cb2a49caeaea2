"""Project settings (``tournament.settings``): the app serves its own static files (WhiteNoise
from the finders), so a laptop needs no collectstatic step."""

import pytest

pytestmark = pytest.mark.django_db


def test_static_css_is_served_by_the_app(client):
    response = client.get("/static/tournament/app.css")
    assert response.status_code == 200
    body = b"".join(response.streaming_content) if response.streaming else response.content
    assert b"@media print" in body
