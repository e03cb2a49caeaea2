import pytest
from django.utils import translation


@pytest.fixture(autouse=True)
def _german_by_default():
    """Every test starts in the interface's default language, German."""
    with translation.override("de"):
        yield
