"""The Redis server of the tests (``REDIS_URL``, default the local one on 127.0.0.1:6379).

The suite's own cache is never Redis (config/test_settings.py); a test that wants Redis opts in
with :func:`own_redis_caches`: keys under a prefix of its own, so that the xdist workers sharing
the server and its database never see each other's keys. Never ``cache.clear()`` such a cache:
Django's Redis cache empties the whole database (FLUSHDB), every other worker's keys too."""

from __future__ import annotations

import os
import uuid
from functools import cache
from typing import Any

REDIS_URL = os.environ.get("REDIS_URL") or "redis://127.0.0.1:6379/15"


@cache
def redis_reachable() -> bool:
    import redis

    try:
        return bool(redis.Redis.from_url(REDIS_URL, socket_connect_timeout=2).ping())
    except redis.RedisError:
        return False


def own_redis_caches(backend: str = "config.cache.FailSafeRedisCache") -> dict[str, Any]:
    """``CACHES`` with Redis as the default cache, under a key prefix of this test's own (the
    xdist worker, e.g. ``gw1``, and a fresh random part)."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    prefix = f"test-{worker}-{uuid.uuid4().hex}"
    return {"default": {"BACKEND": backend, "LOCATION": REDIS_URL, "KEY_PREFIX": prefix}}
