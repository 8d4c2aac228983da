"""The shared cache (Redis, ``REDIS_URL``) as a help, never a dependency: while Redis is down
or slow, every cache call answers as a miss (a read finds nothing, a write is dropped, a lock
is granted), so the pages are computed from the database, sessions are read from and written
to the database (``cached_db``) and logins keep working. ``/health/`` still answers 503 (a
value stored is not found again), so a load balancer and the operator learn of the outage."""

from __future__ import annotations

import logging
import time
from typing import Any

from django.core.cache.backends.redis import RedisCache, RedisCacheClient

logger = logging.getLogger("swissmanager")

LOG_EVERY_SECONDS = 60.0
"""One log line per worker per minute while the cache is down, not one per request."""


class ReusingRedisCacheClient(RedisCacheClient):
    """Django's client, keeping one ``redis.Redis`` per connection pool instead of making a
    new one for every cache call (issue 27: 7 % of a worker's CPU at 1,000 polls a second).
    A ``redis.Redis`` is safe to share: each command takes a connection from the pool."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._clients: dict[int, Any] = {}

    def get_client(self, key: Any = None, *, write: bool = False) -> Any:
        pool = self._get_connection_pool(write)  # type: ignore[attr-defined]
        client = self._clients.get(id(pool))
        if client is None:  # (Django's: a new one each time)
            client = self._clients[id(pool)] = self._client(connection_pool=pool)  # type: ignore[attr-defined]
        return client


class FailSafeRedisCache(RedisCache):
    _last_logged = 0.0

    def __init__(self, server: str, params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self._class = ReusingRedisCacheClient

    def _failed(self, operation: str, error: Exception) -> None:
        now = time.monotonic()
        if now - FailSafeRedisCache._last_logged >= LOG_EVERY_SECONDS:
            FailSafeRedisCache._last_logged = now
            reason = " ".join(str(error).split()) or type(error).__name__
            logger.warning("the cache at REDIS_URL failed (%s): %s", operation, reason)

    # Reads: a miss.
    def get(self, key: Any, default: Any = None, version: int | None = None) -> Any:
        try:
            return super().get(key, default, version)
        except Exception as e:  # redis-py's errors are not Django's: any failure is a miss
            self._failed("get", e)
            return default

    def get_many(self, keys: Any, version: int | None = None) -> dict[Any, Any]:
        try:
            return super().get_many(keys, version)
        except Exception as e:
            self._failed("get_many", e)
            return {}

    def has_key(self, key: Any, version: int | None = None) -> bool:
        try:
            return super().has_key(key, version)
        except Exception as e:
            self._failed("has_key", e)
            return False

    # Writes: dropped. ``add`` is granted: whoever asks for a lock computes the value itself.
    def add(self, key: Any, value: Any, timeout: Any = 300, version: int | None = None) -> bool:
        try:
            return super().add(key, value, timeout, version)
        except Exception as e:
            self._failed("add", e)
            return True

    def set(self, key: Any, value: Any, timeout: Any = 300, version: int | None = None) -> None:
        try:
            super().set(key, value, timeout, version)
        except Exception as e:
            self._failed("set", e)

    def set_many(
        self, data: dict[Any, Any], timeout: Any = 300, version: int | None = None
    ) -> list[Any]:
        try:
            return super().set_many(data, timeout, version)
        except Exception as e:
            self._failed("set_many", e)
            return list(data)

    def touch(self, key: Any, timeout: Any = 300, version: int | None = None) -> bool:
        try:
            return super().touch(key, timeout, version)
        except Exception as e:
            self._failed("touch", e)
            return False

    def delete(self, key: Any, version: int | None = None) -> bool:
        try:
            return super().delete(key, version)
        except Exception as e:
            self._failed("delete", e)
            return False

    def delete_many(self, keys: Any, version: int | None = None) -> None:
        try:
            super().delete_many(keys, version)
        except Exception as e:
            self._failed("delete_many", e)

    def incr(self, key: Any, delta: int = 1, version: int | None = None) -> int:
        try:
            return super().incr(key, delta, version)
        except ValueError:  # a missing key, as Django's caches say it
            raise
        except Exception as e:
            self._failed("incr", e)
            raise ValueError(f"Key '{key}' not found (the cache is down)") from e

    def clear(self) -> None:
        try:
            super().clear()
        except Exception as e:
            self._failed("clear", e)
