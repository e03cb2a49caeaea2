import pytest
from django.utils import translation

from tests.factories import make_user


@pytest.fixture(autouse=True)
def _german_by_default():
    """Every test starts in the interface's default language, German."""
    with translation.override("de"):
        yield


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings):
    """Logging in is not what the tests measure; the real hasher takes ~0.3 s per login."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _no_public_url(settings):
    """Links start with the test server's address unless a test sets PUBLIC_URL itself, also
    when the developer's environment sets it for a real event."""
    settings.PUBLIC_URL = ""


@pytest.fixture
def organiser(client, db):
    """The organiser "orga" (password "geheim-123"), with the test's ``client`` logged in as them.

    A test that needs a real login with the password (the login page) logs in itself."""
    user = make_user("orga", "geheim-123")
    client.force_login(user)
    return user
