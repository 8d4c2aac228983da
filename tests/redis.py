"""The Redis server of the tests (``REDIS_URL``, default the local one on 127.0.0.1:6379)."""

from __future__ import annotations

import os
from functools import cache

REDIS_URL = os.environ.get("REDIS_URL") or "redis://127.0.0.1:6379/15"


@cache
def redis_reachable() -> bool:
    import redis

    try:
        return bool(redis.Redis.from_url(REDIS_URL, socket_connect_timeout=2).ping())
    except redis.RedisError:
        return False
