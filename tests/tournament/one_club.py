"""Events of one club for the registry's tests: ``make_event`` as the factory's, in the club
the autouse fixture ``one_club`` makes for each test, so that the events share one registry of
players (a ``club`` given aside). A test module imports both names."""

import pytest

from tests import factories

SHARED: dict = {}


@pytest.fixture(autouse=True)
def one_club(db):
    """The club whose registry the events of the test share (``make_event``)."""
    SHARED["club"] = factories.make_club()
    return SHARED["club"]


def make_event(**fields):
    """An event of the one club of the test (a ``club`` given aside)."""
    return factories.make_event(**{"club": SHARED["club"], **fields})
