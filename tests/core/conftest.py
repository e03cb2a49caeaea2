"""Fixtures of the backups' and the restore's tests: an evening in an SQLite file of its own."""

import shutil

import pytest

from tests.core.hall import make_evening


@pytest.fixture(scope="session")
def evening(tmp_path_factory):
    """An SQLite file of its own with a running event and two sheets (``tests.core.hall``);
    made once, never to be changed (``evening_copy`` may be)."""
    return make_evening(tmp_path_factory.mktemp("evening"))


@pytest.fixture
def evening_copy(evening, tmp_path):
    """A copy of ``evening`` that a test may change."""
    path = tmp_path / "hall.sqlite3"
    shutil.copyfile(evening, path)
    return path
