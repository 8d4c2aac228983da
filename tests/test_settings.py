"""Settings come from the environment: SQLite by default (WAL, busy timeout, immediate
transactions), PostgreSQL with DATABASE_URL, Redis with REDIS_URL, and production settings that
fail closed (no DEBUG unless asked, no secret from the source) and pass ``check --deploy``."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import uuid
from pathlib import Path

import pytest
import redis

from tests.redis import REDIS_URL, redis_reachable

ROOT = Path(__file__).resolve().parent.parent


def run(code: str, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith("DJANGO_") and k not in ("DATABASE_URL", "REDIS_URL")
    }
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env=clean | {"DJANGO_SETTINGS_MODULE": "config.settings"} | env,
    )


SHOW = (
    "from django.conf import settings as s; db = s.DATABASES['default']; "
    "print(db['ENGINE'], db['NAME'], s.DEBUG, s.ALLOWED_HOSTS)"
)


SECRET = "k3J9#qLw2!vZr8Tx0@pYe5Nu7%cBm4Hd6^sGa1-fQo-Rt-Wy3-Zx8-Pq1"


def test_sqlite_by_default_with_wal_and_immediate_transactions() -> None:
    code = SHOW + "; print(db['OPTIONS']['transaction_mode'], db['OPTIONS']['timeout'])"
    out = run(code, DJANGO_DEBUG="1").stdout.split()
    assert out[0] == "django.db.backends.sqlite3"
    assert out[1].endswith("db.sqlite3")
    assert out[2] == "True"
    assert out[-2:] == ["IMMEDIATE", "20"]


def test_a_sqlite_connection_is_in_wal_mode(tmp_path: Path) -> None:
    code = (
        "import django; django.setup(); from django.db import connection; "
        "c = connection.cursor(); c.execute('PRAGMA journal_mode'); print(c.fetchone()[0]); "
        "c.execute('PRAGMA busy_timeout'); print(c.fetchone()[0])"
    )
    done = run(code, DJANGO_DEBUG="1", DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}")
    assert done.stdout.split() == ["wal", "20000"], done.stderr


def test_postgres_from_database_url() -> None:
    out = run(SHOW, DJANGO_DEBUG="1", DATABASE_URL="postgres://u@127.0.0.1:5432/chess").stdout
    assert out.split()[:2] == ["django.db.backends.postgresql", "chess"]


def test_redis_cache_and_cached_sessions_from_redis_url() -> None:
    code = (
        "from django.conf import settings as s; "
        "c = s.CACHES['default']; print(c['BACKEND'], c.get('LOCATION'), s.SESSION_ENGINE)"
    )
    assert run(code, DJANGO_DEBUG="1", REDIS_URL="redis://127.0.0.1:6379/2").stdout.split() == [
        "config.cache.FailSafeRedisCache",
        "redis://127.0.0.1:6379/2",
        "django.contrib.sessions.backends.cached_db",
    ]
    assert "LocMemCache" in run(code, DJANGO_DEBUG="1").stdout


def test_the_suite_keeps_its_memory_cache_with_redis_url_exported() -> None:
    """A REDIS_URL exported for a deployment (README) made the suite's cache Redis: the tests
    of the memory cache failed. The test settings are the ones without it, and the tests that
    start processes still find it in the environment."""
    code = (
        "import os; from django.conf import settings as s; c = s.CACHES['default']; "
        "print(c['BACKEND'], s.SESSION_ENGINE, repr(s.REDIS_URL), os.environ['REDIS_URL'])"
    )
    done = run(
        code, DJANGO_SETTINGS_MODULE="config.test_settings", REDIS_URL="redis://127.0.0.1:6379/7"
    )
    assert done.stdout.split() == [
        "django.core.cache.backends.locmem.LocMemCache",
        "django.contrib.sessions.backends.db",
        "''",
        "redis://127.0.0.1:6379/7",
    ], done.stderr


def test_a_test_emptying_its_cache_leaves_redis_alone_with_redis_url_exported() -> None:
    """With REDIS_URL exported, a test's ``cache.clear()`` (the memory-cache variants) emptied
    the whole Redis database (FLUSHDB), the keys of every other xdist worker sharing it."""
    if not redis_reachable():
        pytest.skip(f"no Redis server at {REDIS_URL}")
    server = redis.Redis.from_url(REDIS_URL)
    other_workers_key = f"test-other-worker-{uuid.uuid4().hex}"
    server.set(other_workers_key, "kept", ex=60)
    code = "import django; django.setup(); from django.core.cache import cache; cache.clear()"
    done = run(code, DJANGO_SETTINGS_MODULE="config.test_settings", REDIS_URL=REDIS_URL)
    assert done.returncode == 0, done.stderr
    assert server.get(other_workers_key) == b"kept"
    server.delete(other_workers_key)


def test_the_memory_cache_holds_a_big_tournaments_sections() -> None:
    """Without Redis: Django's default 300 entries would evict a 500-player tournament's
    sections (a page and a "latest" key per player) within one revision."""
    code = "from django.conf import settings as s; print(s.CACHES['default']['OPTIONS'])"
    assert "'MAX_ENTRIES': 5000" in run(code, DJANGO_DEBUG="1").stdout


def test_allowed_hosts_from_the_environment() -> None:
    out = run(
        SHOW, DJANGO_DEBUG="1", DJANGO_ALLOWED_HOSTS="chess.example.org, www.chess.example.org"
    ).stdout
    assert "['chess.example.org', 'www.chess.example.org']" in out


def test_debug_is_off_unless_asked() -> None:
    out = run(SHOW, DJANGO_SECRET_KEY=SECRET).stdout.split()
    assert out[2] == "False"


def test_without_debug_a_secret_key_of_its_own_is_needed() -> None:
    for env in ({}, {"DJANGO_DEBUG": "0"}, {"DJANGO_SECRET_KEY": _dev_secret()}):
        done = run(SHOW, **env)
        assert done.returncode != 0
        assert "DJANGO_SECRET_KEY must be set" in done.stderr


def _dev_secret() -> str:
    from config import settings

    return settings._DEV_SECRET


def manage(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith("DJANGO_") and k not in ("DATABASE_URL", "REDIS_URL")
    }
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env=clean | env,
    )


def test_a_configuration_error_is_one_line_not_a_traceback() -> None:
    for env in (
        {},
        {"DJANGO_DEBUG": "1", "DATABASE_URL": "mysqlx://app@db/chess"},
        {"DJANGO_DEBUG": "1", "DATABASE_URL": "mysql://app@db/chess"},
        {"DJANGO_DEBUG": "1", "DATABASE_URL": "postgres://app@db:port/chess"},
    ):
        done = manage("check", **env)
        assert done.returncode != 0
        assert "Traceback" not in done.stderr, done.stderr
        assert done.stderr.startswith("swissmanager: configuration error: "), done.stderr
        assert "DJANGO_SECRET_KEY" in done.stderr or "DATABASE_URL" in done.stderr


def test_an_unreachable_database_is_one_line_not_a_traceback() -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    done = manage(
        "migrate", DJANGO_DEBUG="1", DATABASE_URL=f"postgres://app:pw@127.0.0.1:{port}/chess"
    )
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    assert done.stderr.startswith(
        f"swissmanager: cannot use the PostgreSQL database 'chess' on 127.0.0.1:{port} as 'app' "
        f"(check DATABASE_URL): "
    ), done.stderr
    assert "pw" not in done.stderr.replace("port", "")


def test_production_settings_pass_check_deploy() -> None:
    done = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
        | {
            "DJANGO_DEBUG": "0",
            "DJANGO_SECRET_KEY": SECRET,
            "DJANGO_ALLOWED_HOSTS": "chess.example.org",
        },
    )
    assert done.returncode == 0, done.stderr + done.stdout


LIMITS = (
    "from django.conf import settings as s; print(s.IMPORT_MAX_BYTES, s.REQUEST_MAX_BYTES, "
    "s.TOURNAMENTS_BACKUP_MAX_BYTES, s.REQUEST_MAX_BYTES_BY_PATH['/manage/tournaments/restore/'])"
)


def test_the_import_and_backup_limits_come_from_the_environment() -> None:
    """Issue 27: the request limit grows with them, so that the file and its form fit."""
    default = [int(n) for n in run(LIMITS, DJANGO_DEBUG="1").stdout.split()]
    assert default == [3 * 2**20, 5 * 2**20, 32 * 2**20, 33 * 2**20]
    env = {"TOURNAMENTS_IMPORT_MAX_BYTES": str(8 * 2**20)}
    env["TOURNAMENTS_BACKUP_MAX_BYTES"] = str(64 * 2**20)
    custom = [int(n) for n in run(LIMITS, DJANGO_DEBUG="1", **env).stdout.split()]
    assert custom == [8 * 2**20, 9 * 2**20, 64 * 2**20, 65 * 2**20]


def test_the_default_import_limit_holds_13_rounds_of_9998_players() -> None:
    """Hand derivation from the TRF16 layout: a player line runs to column 89 (the rank),
    then 10 columns a round (round 1 in 92-99, round 2 in 102-109, ...), so 89 + 10 * 13 =
    219 characters and a newline at 13 rounds; 9,998 of them are 2,199,560 bytes, and the
    header records (name, place, dates, arbiters, system, tie-breaks) add at most 2 KB."""
    limit = int(run(LIMITS, DJANGO_DEBUG="1").stdout.split()[0])
    assert limit >= 9_998 * (89 + 10 * 13 + 1) + 2_000
