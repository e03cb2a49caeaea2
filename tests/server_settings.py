"""``config.settings`` for the app servers that tests start in a subprocess (e.g.
tests/test_redis_outage.py): the fast password hasher of the tests' own (tests/conftest.py),
since a real one takes about a second per login; nothing else changed."""

from config.settings import *  # noqa: F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
