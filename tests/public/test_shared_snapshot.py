"""Issue 27: a revision's snapshot and standings are built by one worker and kept briefly in
the shared cache (Redis) for the others (``public.views.shared_view``). A section computed
by another worker from the shared snapshot is byte for byte the one computed from the rows,
and costs none of the snapshot's queries."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from public import live
from public import views as public_views
from tests.redis import REDIS_URL, own_redis_caches, redis_reachable
from tournaments.models import Tournament

HTMX = {"HX-Request": "true"}


@pytest.fixture
def shared_cache(settings) -> None:
    """The cache shared by every worker, as with ``REDIS_URL``."""
    if not redis_reachable():
        pytest.skip(f"no Redis server at {REDIS_URL}")
    settings.TOURNAMENTS_REVISION_CACHE_SECONDS = 60
    settings.CACHES = own_redis_caches()
    public_views.views.views.clear()
    live.recent.values.clear()


@pytest.fixture
def in_play(tournament: Tournament, make_entries, play) -> Tournament:
    """Six players, round 1 finished, round 2 published with one result in."""
    make_entries(6)
    play(tournament, [["1-0", "1/2-1/2", "0-1"], ["1-0"]])
    return tournament


def urls(t: Tournament) -> list[str]:
    entry = t.entries.order_by("pairing_number")[1]
    detail = reverse("tournament_detail", args=[t.pk])
    return [
        detail,
        f"{detail}?order=alpha",
        f"{detail}?round=1",
        reverse("tournament_standings", args=[t.pk]),
        reverse("tournament_crosstable", args=[t.pk]),
        reverse("tournament_players", args=[t.pk]),
        reverse("entry_detail", args=[t.pk, entry.pk]),
    ]


def another_worker(t: Tournament, url: str, shared_snapshot: bool = True) -> None:
    """Forget what this process built and the computed section: the next poll is computed
    as by another worker, which finds the shared snapshot (or nothing: it reads the rows)."""
    public_views.views.views.clear()
    live.recent.values.clear()
    revision = Tournament.objects.get(pk=t.pk).revision
    cache.delete(live.section_key(t.pk, url, revision))
    cache.delete(f"{live.page_prefix(t.pk, url)}:latest")
    if not shared_snapshot:
        cache.delete(f"public-snapshot:{t.pk}:{revision}")


@pytest.mark.django_db
def test_it_computes_the_same_html_from_the_shared_snapshot(
    client: Client, shared_cache: None, in_play: Tournament
) -> None:
    for url in urls(in_play):
        another_worker(in_play, url, shared_snapshot=False)
        built_here = client.get(url, headers=HTMX)
        assert built_here.status_code == 200
        another_worker(in_play, url)
        from_shared = client.get(url, headers=HTMX)
        assert from_shared.status_code == 200
        assert from_shared.content == built_here.content, url
        assert from_shared["ETag"] == built_here["ETag"]


@pytest.mark.django_db
def test_another_worker_reads_no_snapshot_row(
    client: Client, shared_cache: None, in_play: Tournament, django_assert_num_queries
) -> None:
    url = reverse("tournament_standings", args=[in_play.pk])
    assert client.get(url, headers=HTMX).status_code == 200
    another_worker(in_play, url)
    with django_assert_num_queries(1):  # the tournament row; no entry, round, game or bye
        assert client.get(url, headers=HTMX).status_code == 200


@pytest.mark.django_db
def test_a_new_revision_gets_a_new_snapshot(
    client: Client, shared_cache: None, in_play: Tournament
) -> None:
    url = reverse("tournament_detail", args=[in_play.pk])
    before = client.get(url, headers=HTMX).content.decode()
    game = in_play.round_set.get(number=2).games.get(board=2)
    game.result = "1/2-1/2"
    game.save()  # its signal gives the tournament a new revision
    cache.delete(f"tournament-revision:{in_play.pk}")  # as once the change commits
    public_views.views.views.clear()
    after = client.get(url, headers=HTMX).content.decode()
    assert before.count("½") < after.count("½")
