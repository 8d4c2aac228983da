"""Redis down (``REDIS_URL`` on a closed port, issue 23 item 9): the site keeps working from the
database. Public pages are computed instead of cached, sessions live in the database
(``cached_db``), an arbiter logs in and stays logged in; only ``/health/`` says the cache is
down. The settings are the ones ``REDIS_URL`` gives (tests/test_settings.py checks them)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tests.public.test_health import closed_port
from tournaments.models import Tournament


@pytest.fixture
def redis_down(settings) -> str:
    settings.REDIS_URL = f"redis://127.0.0.1:{closed_port()}/0"
    settings.CACHES = {
        "default": {
            "BACKEND": "config.cache.FailSafeRedisCache",
            "LOCATION": settings.REDIS_URL,
            "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1},
        }
    }
    settings.SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
    settings.DEBUG = False
    return settings.REDIS_URL


@pytest.mark.django_db
def test_it_serves_the_public_pages_from_the_database(
    client: Client, redis_down: str, tournament: Tournament, make_entries, play
) -> None:
    make_entries(6)
    play(tournament, rounds=1)
    urls = [
        reverse("home"),
        reverse("tournament_detail", args=[tournament.pk]),
        reverse("tournament_standings", args=[tournament.pk]),
        reverse("tournament_crosstable", args=[tournament.pk]),
        reverse("tournament_players", args=[tournament.pk]),
    ]
    for url in urls:
        for _ in range(2):  # nothing was cached the first time: computed again
            response = client.get(url)
            assert response.status_code == 200, url
    assert "Spring Open" in client.get(urls[1]).content.decode()


@pytest.mark.django_db
def test_an_arbiter_logs_in_and_stays_logged_in(
    client: Client, redis_down: str, arbiter: User, tournament: Tournament
) -> None:
    response = client.post(
        reverse("login"), {"username": "arbiter", "password": "a-long-test-password"}
    )
    assert response.status_code == 302
    dashboard = client.get(reverse("tournament_manage", args=[tournament.pk]))
    assert dashboard.status_code == 200
    assert "Spring Open" in dashboard.content.decode()


@pytest.mark.django_db
def test_health_still_says_the_cache_is_down(client: Client, redis_down: str) -> None:
    response = client.get("/health/")
    assert response.status_code == 503
    assert response.content == b"cache: unreachable"
