"""Issue 27, the freshness bound (``TOURNAMENTS_RENDER_SECONDS``, 1 s in production): a page's
section is computed at most once in that many seconds; a change made meanwhile reaches the
polls once the bound has passed since the last computation, and a burst of changes is one
computation. While the bound lasts, polls get the section computed last straight from the
fast path (``public/middleware.py``): no query, no session."""

from __future__ import annotations

import time

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from public import live
from tournaments import services
from tournaments.models import Tournament

HTMX = {"HX-Request": "true"}
BOUND = 1.0


class Clock:
    """``time.time`` under the test's control (the bound is measured with it)."""

    def __init__(self) -> None:
        self.now = 1_900_000_000.0  # steps of 1/8 s below: exact in binary, no rounding

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch, settings) -> Clock:
    settings.TOURNAMENTS_RENDER_SECONDS = BOUND
    settings.TOURNAMENTS_REVISION_CACHE_SECONDS = 60  # as in production: a poll reads no row
    cache.clear()
    live.pending.values.clear()
    fake = Clock()
    monkeypatch.setattr(time, "time", fake)
    return fake


@pytest.fixture
def in_play(tournament: Tournament, make_entries, play) -> Tournament:
    """Six players, round 1 published, no result yet (three boards)."""
    make_entries(6)
    play(tournament, [[]])
    return tournament


def result(t: Tournament, board: int, django_capture_on_commit_callbacks) -> None:
    """The arbiter enters a white win on ``board``; the new revision reaches the cache as
    when the change commits."""
    game = t.round_set.get(number=1).games.get(board=board)
    with django_capture_on_commit_callbacks(execute=True):
        services.set_result(game.pk, "1-0")


def wins(response) -> int:
    return response.content.decode().count("1–0")


@pytest.mark.django_db
def test_a_result_reaches_the_polls_once_the_bound_has_passed(
    client: Client, clock: Clock, in_play: Tournament, django_capture_on_commit_callbacks
) -> None:
    url = reverse("tournament_detail", args=[in_play.pk])
    first = client.get(url, headers=HTMX)  # computed now
    assert first.status_code == 200 and wins(first) == 0
    clock.now += 0.375
    result(in_play, 1, django_capture_on_commit_callbacks)
    clock.now += 0.5  # 0.875 s after the computation: within the bound
    poll = client.get(url, headers=HTMX | {"If-None-Match": first["ETag"]})
    assert poll.status_code == 304  # the section computed last, which the phone has
    clock.now += 0.125  # 1.0 s: the bound has passed
    poll = client.get(url, headers=HTMX | {"If-None-Match": first["ETag"]})
    assert poll.status_code == 200 and wins(poll) == 1
    revision = Tournament.objects.get(pk=in_play.pk).revision
    assert poll["ETag"] == f'"{revision}-2-all"'


@pytest.mark.django_db
def test_a_burst_of_results_is_one_computation(
    client: Client, clock: Clock, in_play: Tournament, django_capture_on_commit_callbacks
) -> None:
    url = reverse("tournament_detail", args=[in_play.pk])
    first = client.get(url, headers=HTMX)
    computed: list[str] = []
    for board in (1, 2, 3):  # three results within the bound, each polled at once
        clock.now += 0.25
        result(in_play, board, django_capture_on_commit_callbacks)
        poll = client.get(url, headers=HTMX)
        assert poll["ETag"] == first["ETag"] and wins(poll) == 0
        computed.append(poll["ETag"])
    clock.now += 0.25  # 1.0 s after the first computation
    poll = client.get(url, headers=HTMX)
    assert wins(poll) == 3 and poll["ETag"] not in computed


@pytest.mark.django_db
def test_a_poll_within_the_bound_costs_no_query_and_no_session(
    client: Client,
    clock: Clock,
    in_play: Tournament,
    django_capture_on_commit_callbacks,
    django_assert_num_queries,
) -> None:
    url = reverse("tournament_standings", args=[in_play.pk])
    first = client.get(url, headers=HTMX)
    result(in_play, 2, django_capture_on_commit_callbacks)
    with django_assert_num_queries(0):
        poll = client.get(url, headers=HTMX)
    assert not hasattr(poll.wsgi_request, "session")  # answered by the fast path
    assert poll.status_code == 200 and poll.content == first.content


@pytest.mark.django_db
def test_with_the_bound_zero_a_result_reaches_the_next_poll(
    client: Client,
    clock: Clock,
    in_play: Tournament,
    settings,
    django_capture_on_commit_callbacks,
) -> None:
    settings.TOURNAMENTS_RENDER_SECONDS = 0
    url = reverse("tournament_detail", args=[in_play.pk])
    client.get(url, headers=HTMX)
    result(in_play, 1, django_capture_on_commit_callbacks)
    assert wins(client.get(url, headers=HTMX)) == 1


@pytest.mark.django_db
def test_a_readers_page_within_the_bound_comes_from_the_fast_path(
    client: Client,
    clock: Clock,
    in_play: Tournament,
    django_capture_on_commit_callbacks,
    django_assert_num_queries,
) -> None:
    """A phone opening the page meanwhile gets the page around the section computed last,
    as the view would serve it, without the view."""
    url = reverse("tournament_detail", args=[in_play.pk])
    first = client.get(url)
    result(in_play, 3, django_capture_on_commit_callbacks)
    with django_assert_num_queries(0):
        page = client.get(url)
    assert not hasattr(page.wsgi_request, "session")
    assert page.status_code == 200 and page.content == first.content


@pytest.mark.django_db
def test_a_last_section_stored_by_the_previous_version_is_not_a_pointer(
    client: Client, clock: Clock, in_play: Tournament
) -> None:
    """Before the bound, the ``latest`` key held the section itself (a 5-tuple): a worker
    reading one during an upgrade computes the section instead of failing."""
    url = reverse("tournament_detail", args=[in_play.pk])
    old = ("<section>old</section>", "", "Pairings", 1, b"")
    cache.set(live.latest_key(in_play.pk, url), old)
    poll = client.get(url, headers=HTMX)
    assert poll.status_code == 200 and b"old" not in poll.content


@pytest.mark.django_db
def test_the_bound_counts_from_the_start_of_a_computation(
    client: Client,
    clock: Clock,
    in_play: Tournament,
    monkeypatch,
    django_capture_on_commit_callbacks,
) -> None:
    """A computation that takes 0.75 s (a loaded machine) does not push the next one to
    1.75 s."""
    gzip_section = live.compressed

    def slow(html: str) -> bytes:
        clock.now += 0.75
        return gzip_section(html)

    monkeypatch.setattr(live, "compressed", slow)
    url = reverse("tournament_detail", args=[in_play.pk])
    first = client.get(url, headers=HTMX)  # started at 0, done at 0.75
    clock.now += 0.125
    result(in_play, 1, django_capture_on_commit_callbacks)
    clock.now += 0.125  # 1.0 s after the start of the computation, 0.25 s after its end
    poll = client.get(url, headers=HTMX | {"If-None-Match": first["ETag"]})
    assert poll.status_code == 200 and wins(poll) == 1
