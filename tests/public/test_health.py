"""health: "ok" when the database (and the shared cache, with REDIS_URL) answer, 503 naming
what is down otherwise; never a detail an anonymous visitor should not see."""

from __future__ import annotations

import socket

import pytest
from django.db import OperationalError, connection
from django.test import Client

from tests.redis import REDIS_URL, own_redis_caches, redis_reachable


def closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def database_down(monkeypatch):
    def refuse(*args, **kwargs):
        raise OperationalError('connection to server at "10.1.2.3", port 5432 failed')

    monkeypatch.setattr(connection, "cursor", refuse)


@pytest.mark.django_db
def test_it_answers_ok_after_one_query(client: Client, django_assert_num_queries) -> None:
    with django_assert_num_queries(1):
        response = client.get("/health/")
    assert response.status_code == 200
    assert response.content == b"ok"
    assert response["Cache-Control"] == "no-store"
    assert client.post("/health/").status_code == 405


@pytest.mark.django_db
def test_it_answers_503_when_the_database_is_down(client: Client, database_down) -> None:
    response = client.get("/health/")
    assert response.status_code == 503
    assert response.content == b"database: unreachable"  # the host stays in the log


@pytest.mark.django_db
def test_it_answers_503_when_the_shared_cache_is_down(client: Client, settings) -> None:
    settings.REDIS_URL = f"redis://127.0.0.1:{closed_port()}/0"
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": settings.REDIS_URL,
        }
    }
    response = client.get("/health/")
    assert response.status_code == 503
    assert response.content == b"cache: unreachable"


@pytest.mark.django_db
@pytest.mark.skipif(not redis_reachable(), reason=f"no Redis server at {REDIS_URL}")
def test_it_checks_a_working_shared_cache(client: Client, settings) -> None:
    settings.REDIS_URL = REDIS_URL
    settings.CACHES = own_redis_caches("django.core.cache.backends.redis.RedisCache")
    assert client.get("/health/").content == b"ok"


@pytest.mark.django_db
def test_it_says_the_database_is_down_without_a_traceback(
    client: Client, database_down, settings
) -> None:
    settings.DEBUG = False
    client.raise_request_exception = False
    response = client.get("/tournaments/1/")
    assert response.status_code == 503
    html = response.content.decode()
    assert "The database is not reachable" in html
    assert "Traceback" not in html and "10.1.2.3" not in html
    assert response["Retry-After"] == "30"


def test_overlapping_checks_did_not_answer_503_for_each_others_token(settings, monkeypatch) -> None:
    """Regression: every check wrote its token under the one key ``health`` of the shared
    cache, so a check on another worker writing between this one's set and get made this one
    read the other's token and answer "does not keep what it stores"."""
    from django.core.cache import cache

    from config import health

    settings.REDIS_URL = (
        "redis://127.0.0.1:6379/0"  # a shared cache is configured (the memory one stands in)
    )
    get = cache.get
    answers: list[str | None] = []
    others = [health.cache_problem]  # one other worker's check, run once

    def another_check_in_between(key, *args, **kwargs):
        if others:
            answers.append(others.pop()())
        return get(key, *args, **kwargs)

    monkeypatch.setattr(cache, "get", another_check_in_between)
    assert health.cache_problem() is None
    assert answers == [None]
