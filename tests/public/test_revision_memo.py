"""Issue 27: with Redis, each worker trusts the tournament revision it last read for
``TOURNAMENTS_REVISION_MEMO_SECONDS`` (0.5 s in production) instead of asking Redis at every
poll; a change reaches its polls at most that much later. Without Redis (a memory cache per
process) there is no round trip to save and nothing is kept."""

from __future__ import annotations

import pytest
from django.core.cache import cache

from public import live
from tests.redis import REDIS_URL, own_redis_caches, redis_reachable
from tournaments.models import Tournament


@pytest.fixture
def redis_cache(settings) -> None:
    if not redis_reachable():
        pytest.skip(f"no Redis server at {REDIS_URL}")
    settings.CACHES = own_redis_caches("django.core.cache.backends.redis.RedisCache")
    settings.TOURNAMENTS_REVISION_CACHE_SECONDS = 60
    live.revisions.known.clear()


def renew(t: Tournament, django_capture_on_commit_callbacks) -> int:
    with django_capture_on_commit_callbacks(execute=True):  # the new revision to the cache
        Tournament.touch(pk=t.pk)
    return Tournament.objects.get(pk=t.pk).revision


@pytest.mark.django_db
def test_it_keeps_the_revision_for_the_memo_seconds_then_asks_again(
    redis_cache: None,
    tournament: Tournament,
    settings,
    monkeypatch,
    django_capture_on_commit_callbacks,
) -> None:
    settings.TOURNAMENTS_REVISION_MEMO_SECONDS = 0.5
    now = [1000.0]
    monkeypatch.setattr(live.time, "monotonic", lambda: now[0])
    first = live.revisions.get(tournament.pk)
    assert first == Tournament.objects.get(pk=tournament.pk).revision
    newer = renew(tournament, django_capture_on_commit_callbacks)
    assert newer != first
    now[0] += 0.4
    assert live.revisions.get(tournament.pk) == first  # within 0.5 s: no round trip
    now[0] += 0.2
    assert live.revisions.get(tournament.pk) == newer  # 0.6 s later: asked again


@pytest.mark.django_db
def test_it_asks_every_time_when_the_memo_is_off(
    redis_cache: None, tournament: Tournament, settings, django_capture_on_commit_callbacks
) -> None:
    settings.TOURNAMENTS_REVISION_MEMO_SECONDS = 0
    live.revisions.get(tournament.pk)
    newer = renew(tournament, django_capture_on_commit_callbacks)
    assert live.revisions.get(tournament.pk) == newer


@pytest.mark.django_db
def test_it_keeps_nothing_with_a_memory_cache(
    tournament: Tournament, settings, django_capture_on_commit_callbacks
) -> None:
    settings.TOURNAMENTS_REVISION_MEMO_SECONDS = 0.5
    settings.TOURNAMENTS_REVISION_CACHE_SECONDS = 1
    cache.clear()
    live.revisions.known.clear()
    live.revisions.get(tournament.pk)
    newer = renew(tournament, django_capture_on_commit_callbacks)
    assert live.revisions.get(tournament.pk) == newer
    assert not live.revisions.known
