import pytest
from django.utils import translation


@pytest.fixture(autouse=True)
def _german_by_default():
    """Every test starts in the interface's default language, German."""
    with translation.override("de"):
        yield


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings):
    """Logging in is not what the tests measure; the real hasher takes ~0.3 s per login."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
