"""Is the server able to serve? The database (and the shared cache, when ``REDIS_URL`` is set)
answer, said in words an operator can act on: used by ``/health/``, the error pages, the
start-up check of ``config.wsgi`` and ``manage.py``."""

from __future__ import annotations

import logging
import secrets
import sys

from django.conf import settings
from django.core.cache import cache
from django.db import DatabaseError, connection


def describe_database() -> str:
    """The configured database without its password: "PostgreSQL database 'chess' on
    127.0.0.1:5432 as 'app'" or "SQLite database /srv/db.sqlite3"."""
    db = settings.DATABASES["default"]
    if db["ENGINE"].endswith("sqlite3"):
        return f"SQLite database {db['NAME']}"
    where = f"{db.get('HOST') or 'localhost'}:{db.get('PORT') or 5432}"
    user = f" as '{db['USER']}'" if db.get("USER") else ""
    return f"PostgreSQL database '{db['NAME']}' on {where}{user}"


def database_problem() -> str | None:
    """None when the database answers a query; else what is wrong, in one line."""
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except DatabaseError as e:
        reason = " ".join(str(e).split()) or type(e).__name__
        connection.close_if_unusable_or_obsolete()
        return f"cannot use the {describe_database()} (check DATABASE_URL): {reason}"
    return None


def cache_problem() -> str | None:
    """None when the shared cache (Redis, ``REDIS_URL``) stores and returns a value, or when
    there is no shared cache; else what is wrong, in one line."""
    if not settings.REDIS_URL:
        return None
    token = secrets.token_hex(8)
    key = f"health:{token}"  # a key of its own: checks overlapping on other workers
    try:
        cache.set(key, token, 10)
        answered = cache.get(key)
        cache.delete(key)
    except Exception as e:  # redis-py's errors are not Django's: any failure is the answer
        return f"cannot use the cache at REDIS_URL: {' '.join(str(e).split())}"
    return None if answered == token else "the cache at REDIS_URL does not keep what it stores"


def report_at_start_up() -> None:
    """Say on standard error, once, what keeps the server from working (the pages answer 503
    until it is fixed)."""
    for problem in (database_problem(), cache_problem()):
        if problem:
            print(
                f"swissmanager: {problem}. Pages answer 503 until this is fixed.",
                file=sys.stderr,
                flush=True,
            )
    connection.close()  # never handed to forked workers


class DatabaseDownFilter(logging.Filter):
    """While the database is down every request fails the same way: log each one as a line
    (the 503 page's cause is logged once per request by ``config.views``), not a traceback."""

    def filter(self, record: logging.LogRecord) -> bool:
        if getattr(record, "status_code", None) == 503 and record.exc_info:
            record.exc_info = None
            record.exc_text = None
        return True


class ForbiddenFilter(logging.Filter):
    """A 403 (a wrong tournament's page, a missing login group) is an ordinary refusal: one
    WARNING line with the path, not a traceback."""

    def filter(self, record: logging.LogRecord) -> bool:
        if getattr(record, "status_code", None) == 403 and record.exc_info:
            record.exc_info = None
            record.exc_text = None
        return True
