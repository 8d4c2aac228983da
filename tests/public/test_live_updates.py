"""The public pages update themselves: the section polls every TOURNAMENTS_POLL_SECONDS (2 s)
until the tournament is over (then every 20 s), finished rounds included, so that a newly
published round appears; a poll that finds nothing new answers 304 after one query (none with
the revision in the cache: tests/test_revision_cache.py); a section is computed once per
revision, however many requests ask for it at once."""

from __future__ import annotations

import threading

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from players.models import Player
from public import views as public
from tests.redis import REDIS_URL, own_redis_caches, redis_reachable
from tournaments import registration, services
from tournaments.models import Entry, Tournament

HTMX = {"HX-Request": "true"}


def url(t: Tournament, name: str = "tournament_detail") -> str:
    return reverse(name, args=[t.pk])


@pytest.fixture
def round_one_finished(tournament: Tournament, make_entries, play) -> Tournament:
    make_entries(4)
    play(tournament, [["1-0", "0-1"]])
    return tournament


@pytest.mark.django_db
@pytest.mark.parametrize(
    "page", ["tournament_detail", "tournament_standings", "tournament_crosstable"]
)
def test_it_keeps_a_finished_round_polling_and_slowly_once_the_tournament_is_over(
    client: Client, round_one_finished: Tournament, page, play
) -> None:
    """Regression: once the tournament was over its pages stopped polling, so a result the
    arbiter corrected after the last round never reached a page left open; they poll ten
    times less often instead (20 s)."""
    t = round_one_finished
    html = client.get(url(t, page)).content.decode()
    assert 'hx-trigger="every 2s"' in html
    t.rounds = 1
    t.save()
    poll = client.get(url(t, page), headers=HTMX)
    assert 'hx-trigger="every 20s"' in poll.content.decode()
    game = t.round_set.get().games.get(board=1)
    services.set_result(game.pk, "0-1", confirm=True)  # corrected after the last round
    again = client.get(url(t, page), headers=HTMX | {"If-None-Match": poll["ETag"]})
    assert again.status_code == 200 and again.content != poll.content


@pytest.mark.django_db
def test_it_brings_the_next_round_to_the_poll_of_a_finished_round_once_published(
    client: Client, round_one_finished: Tournament
) -> None:
    t = round_one_finished
    first = client.get(url(t), headers=HTMX)
    assert "Round 1" in first.content.decode()
    services.pair_next_round(t.pk)  # a draft is not news
    poll = client.get(url(t), headers=HTMX | {"If-None-Match": first["ETag"]})
    assert poll.status_code == 304  # the section the phone has (public/unchanged.py)
    services.publish_round(t.round_set.get(number=2).pk)
    poll = client.get(url(t), headers=HTMX | {"If-None-Match": first["ETag"]})
    assert poll.status_code == 200
    html = poll.content.decode()
    assert "Round 2" in html and "in play" in html


@pytest.mark.django_db
@pytest.mark.parametrize("page", ["tournament_standings", "entry_detail"])
def test_the_header_of_a_page_left_open_shows_the_round_in_play_after_a_poll(
    client: Client, round_one_finished: Tournament, page: str
) -> None:
    """Regression: a poll swapped the section alone, so the header of a page left open said
    "Running" (or "Live: Round 1") for the rest of the day, and the standings' poll, whose
    section a new round does not change, answered 304. The section brings what the header
    shows, and htmx puts it there (out of band)."""
    t = round_one_finished
    args = [t.pk] if page == "tournament_standings" else [t.pk, t.entries.all()[0].pk]
    path = reverse(page, args=args)
    first = client.get(path, headers=HTMX)
    assert '<span class="badge">Running</span>' in first.content.decode()
    services.publish_round(services.pair_next_round(t.pk).pk)
    poll = client.get(path, headers=HTMX | {"If-None-Match": first["ETag"]})
    assert poll.status_code == 200
    update = '<span hidden hx-swap-oob="innerHTML:#tournament-facts">'
    head = poll.content.decode().split(update)[1].split("\n</span>")[0]
    assert '<span class="badge live">Live: Round 2</span>' in head and "Running" not in head
    assert '<span id="tournament-facts">' in client.get(path).content.decode()  # its target


@pytest.mark.django_db
@pytest.mark.parametrize(
    "page", ["tournament_detail", "tournament_standings", "tournament_players"]
)
def test_it_answers_an_unchanged_poll_304_after_one_query(
    client: Client, round_one_finished: Tournament, page, django_assert_num_queries
) -> None:
    first = client.get(url(round_one_finished, page), headers=HTMX)
    assert first["ETag"] and first["Cache-Control"] == "no-cache"
    assert "HX-Request" in first["Vary"]
    with django_assert_num_queries(1):  # the tournament row, for its revision
        again = client.get(
            url(round_one_finished, page), headers=HTMX | {"If-None-Match": first["ETag"]}
        )
    assert again.status_code == 304 and again.content == b""


@pytest.mark.django_db
def test_it_answers_the_poll_with_the_new_section_after_a_new_result(
    client: Client, tournament: Tournament, make_entries, play
) -> None:
    make_entries(4)
    play(tournament, [[]])
    first = client.get(url(tournament), headers=HTMX)
    services.set_result(tournament.round_set.get().games.get(board=1).pk, "1-0")
    poll = client.get(url(tournament), headers=HTMX | {"If-None-Match": first["ETag"]})
    assert poll.status_code == 200
    assert poll["ETag"] != first["ETag"]
    assert "1–0" in poll.content.decode()
    assert f'data-revision="{Tournament.objects.get().revision}"' in poll.content.decode()


@pytest.mark.django_db
def test_it_never_answers_the_whole_page_304(
    client: Client, round_one_finished: Tournament
) -> None:
    """The page holds the visitor's login and CSRF token: only the section is conditional."""
    etag = client.get(url(round_one_finished), headers=HTMX)["ETag"]
    page = client.get(url(round_one_finished), headers={"If-None-Match": etag})
    assert page.status_code == 200 and "<html" in page.content.decode()
    assert not page.has_header("ETag")


@pytest.mark.django_db
def test_it_caches_a_missing_page_as_missing(
    client: Client, round_one_finished: Tournament, django_assert_num_queries
) -> None:
    """Unknown players and rounds cost the one query of a cached page, not a snapshot: the
    revision's snapshot is loaded once for all of its pages."""
    missing = reverse("entry_detail", args=[round_one_finished.pk, 99999])
    with django_assert_num_queries(6):  # the tournament row and its snapshot
        assert client.get(missing).status_code == 404
    with django_assert_num_queries(1):
        assert client.get(missing).status_code == 404
    for n in range(5, 9):
        with django_assert_num_queries(1):
            assert client.get(url(round_one_finished), {"round": n}).status_code == 404


@pytest.mark.django_db
@pytest.mark.parametrize("page", ["round 2", "player"])
def test_a_page_left_open_that_is_no_more_says_so_and_stops_polling(
    client: Client, round_one_finished: Tournament, page: str
) -> None:
    """Regression: a page left open on round 2 whose pairing the arbiter undid (or on a player
    he removed) got 404 at each poll, which htmx does not swap: the phone kept showing the
    round, and asking, until a reload. The poll now gets a section that says the page is
    gone, with the "stop polling" status (286) htmx obeys; a whole page is still a 404."""
    t = round_one_finished
    services.publish_round(services.pair_next_round(t.pk).pk)
    player = Player.objects.create(name="Late, Lee")
    late = Entry.objects.create(tournament=t, player=player, pairing_number=5, joined_round=3)
    path = (
        f"{url(t)}?round=2" if page == "round 2" else reverse("entry_detail", args=[t.pk, late.pk])
    )
    assert client.get(path, headers=HTMX).status_code == 200
    if page == "round 2":
        services.undo_round(t.pk)
    else:
        registration.remove_entry(late)
    gone = client.get(path, headers=HTMX)
    html = gone.content.decode()
    assert gone.status_code == 286 and "This page is no longer there" in html
    section = "pairings" if page == "round 2" else "player"
    assert html.lstrip().startswith(f'<section id="{section}" data-gone>')
    assert "hx-get" not in html and f'href="{url(t)}"' in html
    assert client.get(path).status_code == 404


@pytest.mark.django_db
def test_it_serves_the_last_revision_while_the_new_one_is_computed(
    client: Client, tournament: Tournament, make_entries, play
) -> None:
    """Nobody waits for a computation: the polls get the last section, with its own ETag (so
    the next poll asks again), until the new one is there."""
    make_entries(4)
    play(tournament, [[]])
    first = client.get(url(tournament), headers=HTMX)
    services.set_result(tournament.round_set.get().games.get(board=1).pk, "1-0")
    revision = Tournament.objects.get().revision
    computing = f"public:{tournament.pk}:2:{url(tournament)}:{revision}:computing"
    cache.add(computing, 1, 60)  # another worker is computing the new revision
    stale = client.get(url(tournament), headers=HTMX)
    assert stale.status_code == 200 and stale["ETag"] == first["ETag"]
    assert stale.content == first.content and "1–0" not in stale.content.decode()
    again = client.get(url(tournament), headers=HTMX | {"If-None-Match": first["ETag"]})
    assert again.status_code == 304
    cache.delete(computing)
    fresh = client.get(url(tournament), headers=HTMX | {"If-None-Match": first["ETag"]})
    assert fresh.status_code == 200 and "1–0" in fresh.content.decode()
    assert fresh["ETag"] == f'"{revision}-2-all"'


@pytest.fixture(params=["memory", "redis"])
def shared_cache(request, settings) -> str:
    """The per-process memory cache, and Redis as with REDIS_URL (workers of several
    processes and machines share it; skipped when no Redis server answers)."""
    if request.param == "redis":
        if not redis_reachable():
            pytest.skip(f"no Redis server at {REDIS_URL}")
        settings.CACHES = own_redis_caches("django.core.cache.backends.redis.RedisCache")
    return str(request.param)


def test_it_computes_a_value_once_however_many_ask_at_once(shared_cache: str) -> None:
    """Twelve threads miss the cache together: one computes, the others wait for its value."""
    key = "test:computed-once"
    cache.delete(key)
    started, release = threading.Event(), threading.Event()
    calls: list[int] = []

    def compute() -> str:
        calls.append(1)
        started.set()
        release.wait(5)
        return "section"

    results: list[str] = []
    threads = [
        threading.Thread(target=lambda: results.append(public.computed_once(key, compute)))
        for _ in range(12)
    ]
    for t in threads:
        t.start()
    started.wait(5)
    release.set()
    for t in threads:
        t.join()
    assert results == ["section"] * 12
    assert len(calls) == 1
    cache.delete(key)


def test_it_lets_a_waiter_compute_when_the_computing_request_is_gone(
    monkeypatch, shared_cache: str
) -> None:
    key = "test:computed-once-abandoned"
    cache.delete(key)
    cache.add(f"{key}:computing", 1, 60)  # a worker took the job and was killed
    monkeypatch.setattr(public, "COMPUTE_SECONDS", 0.1)
    assert public.computed_once(key, lambda: "section") == "section"
    cache.delete(f"{key}:computing")
    cache.delete(key)
