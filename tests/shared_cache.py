"""A Redis for the tests of what app servers share (the cache): the server of ``REDIS_URL``,
else 127.0.0.1:6379; the test is skipped, with the reason, when none answers. The cache is
configured as ``config.settings`` configures it with ``REDIS_URL`` (``redis_cache``).

Each test gets keys of its own (a random prefix), deleted afterwards; nothing else in that Redis
is touched (no FLUSHDB).
"""

import os
import secrets
from dataclasses import dataclass

import pytest

from config.settings import redis_cache as redis_cache_settings


@dataclass
class SharedCache:
    url: str
    prefix: str

    @property
    def cache_settings(self) -> dict:
        return {"default": redis_cache_settings(self.url, self.prefix)}


@pytest.fixture
def redis_cache(settings):
    """Django's cache in Redis under a prefix of this test's own (``settings.CACHES``)."""
    import redis

    url = os.environ.get("REDIS_URL") or "redis://127.0.0.1:6379/0"
    client = redis.Redis.from_url(url, socket_connect_timeout=1, socket_timeout=5)
    try:
        client.ping()
    except redis.RedisError as error:
        pytest.skip(f"no Redis answers at {url} ({error}): start redis-server or set REDIS_URL")
    shared = SharedCache(url=url, prefix=f"binokel-test-{secrets.token_hex(4)}")
    settings.CACHES = shared.cache_settings
    yield shared
    for key in client.scan_iter(f"{shared.prefix}:*"):
        client.delete(key)
    client.close()
