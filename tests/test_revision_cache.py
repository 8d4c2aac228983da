"""Issue 27: the tournament's revision in the shared cache. An unchanged poll reads no row: the
revision is in the cache, renewed when a change commits (never before, never by a change that
is rolled back), and read from the database while the cache is down. The suite's settings keep
no revision in the cache (its tests never commit); these tests turn it on, as production does,
and run the commit callbacks the way a committed transaction does."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from django.core.cache import cache
from django.db import transaction
from django.test import Client
from django.urls import reverse

from tests.public.test_health import closed_port
from tests.redis import REDIS_URL, redis_reachable
from tournaments import lifecycle, services
from tournaments.lifecycle import locked_tournament
from tournaments.models import ForbiddenPair, Tournament, VirtualPoints

HTMX = {"HX-Request": "true"}
PAGES = [
    "tournament_detail",
    "tournament_standings",
    "tournament_crosstable",
    "tournament_players",
    "entry_detail",
]


@pytest.fixture(params=["memory", "redis"])
def revision_cache(request, settings) -> str:
    """The revision kept in the cache: the per-process memory cache, and Redis as with
    ``REDIS_URL`` (skipped when no Redis server answers)."""
    settings.TOURNAMENTS_REVISION_CACHE_SECONDS = 60
    if request.param == "redis":
        if not redis_reachable():
            pytest.skip(f"no Redis server at {REDIS_URL}")
        settings.CACHES = {
            "default": {
                "BACKEND": "config.cache.FailSafeRedisCache",
                "LOCATION": REDIS_URL,
                "KEY_PREFIX": f"test-{uuid.uuid4().hex}",
            }
        }
    else:
        cache.clear()
    return str(request.param)


@pytest.fixture
def round_one(tournament: Tournament, make_entries, play) -> Tournament:
    """Four players, round 1 published with no result yet."""
    make_entries(4)
    play(tournament, [[]])
    return tournament


def page_url(t: Tournament, name: str) -> str:
    if name == "entry_detail":
        return reverse(name, args=[t.pk, t.entries.order_by("pairing_number")[0].pk])
    return reverse(name, args=[t.pk])


def poll(client: Client, url: str, etag: str = ""):
    return client.get(url, headers=HTMX | ({"If-None-Match": etag} if etag else {}))


@pytest.mark.django_db
@pytest.mark.parametrize("page", PAGES)
def test_it_answers_an_unchanged_poll_304_without_a_query(
    client: Client, revision_cache: str, round_one: Tournament, page, django_assert_num_queries
) -> None:
    url = page_url(round_one, page)
    first = poll(client, url)
    assert first.status_code == 200
    with django_assert_num_queries(0):
        again = poll(client, url, first["ETag"])
    assert again.status_code == 304 and again.content == b""


@pytest.mark.django_db
def test_it_answers_a_poll_with_the_cached_section_without_a_query(
    client: Client, revision_cache: str, round_one: Tournament, django_assert_num_queries
) -> None:
    """A phone whose copy is older gets the section computed for the revision, from the cache."""
    url = page_url(round_one, "tournament_detail")
    first = poll(client, url)
    with django_assert_num_queries(0):
        other = poll(client, url, '"1-2-all"')
    assert other.status_code == 200
    assert other.content == first.content and other["ETag"] == first["ETag"]


@pytest.mark.django_db
def test_it_shows_a_result_at_the_next_poll_once_committed(
    client: Client,
    revision_cache: str,
    round_one: Tournament,
    django_capture_on_commit_callbacks,
) -> None:
    url = page_url(round_one, "tournament_detail")
    first = poll(client, url)
    game = round_one.round_set.get().games.get(board=1)
    with django_capture_on_commit_callbacks(execute=True):
        services.set_result(game.pk, "1-0")
    after = poll(client, url, first["ETag"])
    assert after.status_code == 200 and "1–0" in after.content.decode()
    revision = Tournament.objects.get().revision
    assert after["ETag"] == f'"{revision}-2-all"'


@pytest.mark.django_db
def test_it_shows_a_published_round_at_the_next_poll(
    client: Client,
    revision_cache: str,
    tournament: Tournament,
    make_entries,
    play,
    django_capture_on_commit_callbacks,
) -> None:
    make_entries(4)
    play(tournament, [["1-0", "0-1"]])
    url = page_url(tournament, "tournament_detail")
    first = poll(client, url)
    services.pair_next_round(tournament.pk)
    with django_capture_on_commit_callbacks(execute=True):
        services.publish_round(tournament.round_set.get(number=2).pk)
    after = poll(client, url, first["ETag"])
    assert after.status_code == 200
    assert "Round 2" in after.content.decode()


@pytest.mark.django_db
def test_it_shows_a_change_made_outside_the_services_at_the_next_poll(
    client: Client,
    revision_cache: str,
    round_one: Tournament,
    django_capture_on_commit_callbacks,
) -> None:
    """The admin or a shell saves a row: its signal renews the revision, in the cache too."""
    url = page_url(round_one, "tournament_players")
    first = poll(client, url)
    entry = round_one.entries.order_by("pairing_number")[0]
    entry.name = "Renamed, Player"
    with django_capture_on_commit_callbacks(execute=True):
        entry.save()
    after = poll(client, url, first["ETag"])
    assert after.status_code == 200 and "Renamed, Player" in after.content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize("row", ["forbidden pair", "virtual points"])
def test_it_renews_the_revision_when_a_row_the_pairing_reads_changes_outside_the_services(
    round_one: Tournament, row: str
) -> None:
    """Regression: forbidden pairs and virtual points saved or deleted in the admin left the
    revision as it was, so a player's page kept foreseeing a next round the pairing no longer
    makes (tests/public/test_every_change_everywhere.py shows it on the page)."""
    first, second = round_one.entries.order_by("pairing_number")[:2]
    revisions = [Tournament.objects.get().revision]
    if row == "forbidden pair":
        made: Any = ForbiddenPair.objects.create(tournament=round_one, first=first, second=second)
    else:
        made = VirtualPoints.objects.create(entry=first, round_number=2, points=2)
    revisions.append(Tournament.objects.get().revision)
    made.delete()
    revisions.append(Tournament.objects.get().revision)
    assert len(set(revisions)) == 3


@pytest.mark.django_db
def test_it_keeps_the_revision_when_a_change_is_rolled_back(
    client: Client,
    revision_cache: str,
    round_one: Tournament,
    django_capture_on_commit_callbacks,
) -> None:
    url = page_url(round_one, "tournament_detail")
    first = poll(client, url)

    def failing_action() -> None:
        with transaction.atomic():
            locked_tournament(round_one.pk)  # a new revision, in the row
            raise RuntimeError("the action fails")

    with django_capture_on_commit_callbacks(execute=True) as callbacks, pytest.raises(RuntimeError):
        failing_action()
    assert callbacks == []
    assert Tournament.cached_revision(round_one.pk) == Tournament.objects.get().revision
    assert poll(client, url, first["ETag"]).status_code == 304


@pytest.mark.django_db
def test_it_never_caches_a_revision_before_its_commit(
    client: Client, revision_cache: str, round_one: Tournament
) -> None:
    """Until the commit, polls go on with the committed revision (a section computed under the
    new one would show the rows before the change)."""
    url = page_url(round_one, "tournament_detail")
    first = poll(client, url)
    with transaction.atomic():
        services.set_result(round_one.round_set.get().games.get(board=1).pk, "1-0")
        assert Tournament.cached_revision(round_one.pk) != Tournament.objects.get().revision
        assert poll(client, url, first["ETag"]).status_code == 304


@pytest.mark.django_db
def test_it_reads_the_revision_from_the_database_while_the_cache_is_down(
    client: Client, settings, round_one: Tournament, django_assert_num_queries
) -> None:
    settings.TOURNAMENTS_REVISION_CACHE_SECONDS = 60
    settings.CACHES = {
        "default": {
            "BACKEND": "config.cache.FailSafeRedisCache",
            "LOCATION": f"redis://127.0.0.1:{closed_port()}/0",
            "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1},
        }
    }
    url = page_url(round_one, "tournament_detail")
    first = poll(client, url)
    assert first.status_code == 200
    with django_assert_num_queries(1):  # the tournament row, for its revision
        assert poll(client, url, first["ETag"]).status_code == 304
    services.set_result(round_one.round_set.get().games.get(board=1).pk, "1-0")
    after = poll(client, url, first["ETag"])
    assert after.status_code == 200 and "1–0" in after.content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize("page", ["tournament_detail", "tournament_standings"])
def test_it_tells_the_next_poll_once_the_tournament_is_deleted(
    client: Client,
    revision_cache: str,
    round_one: Tournament,
    page: str,
    django_capture_on_commit_callbacks,
) -> None:
    """Not "not modified" for as long as the cached revision would last: the deletion takes
    the revision out of the cache; the anonymous reader's whole page is gone too (404), and a
    poll gets a section saying so with htmx's "stop polling" (286: a page left open would
    ignore a 404, showing the tournament and asking again every few seconds)."""
    url = page_url(round_one, page)
    first = poll(client, url)
    assert client.get(url).status_code == 200  # the whole page, kept for the fast path
    assert poll(client, url, first["ETag"]).status_code == 304
    with django_capture_on_commit_callbacks(execute=True):
        lifecycle.delete_tournament(round_one.pk)
    gone = poll(client, url, first["ETag"])
    assert gone.status_code == 286 and "no longer published" in gone.content.decode()
    assert client.get(url).status_code == 404
    assert Tournament.cached_revision(round_one.pk) is None
