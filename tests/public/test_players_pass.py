"""Issue 27: the players' pages a process served lately are computed together, in one pass,
when a new revision makes one of them new (``public/views.py`` ``entry_detail``): the other
phones then get theirs from the cache, without a query or the view. A page nobody looked at
is not computed, and a page's first computation does not wait for the pass."""

from __future__ import annotations

import time

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from public import live
from public import views as public_views
from tournaments import services
from tournaments.models import Entry, Tournament

HTMX = {"HX-Request": "true"}


def player_url(t: Tournament, number: int) -> str:
    entry = Entry.objects.get(tournament=t, pairing_number=number)
    return reverse("entry_detail", args=[t.pk, entry.pk])


def new_result(t: Tournament, django_capture_on_commit_callbacks) -> int:
    game = t.round_set.get(number=1).games.get(board=1)
    with django_capture_on_commit_callbacks(execute=True):
        services.set_result(game.pk, "1-0")
    return Tournament.objects.get(pk=t.pk).revision


@pytest.mark.django_db
def test_a_new_revision_computes_every_page_served_lately_in_one_pass(
    client: Client,
    in_play: Tournament,
    django_capture_on_commit_callbacks,
    django_assert_num_queries,
) -> None:
    first, second, unseen = (player_url(in_play, n) for n in (1, 4, 6))
    before = client.get(second, headers=HTMX)
    client.get(first, headers=HTMX)
    revision = new_result(in_play, django_capture_on_commit_callbacks)
    assert client.get(first, headers=HTMX).status_code == 200  # computes the pass
    assert cache.get(live.section_key(in_play.pk, second, revision)) is not None
    assert cache.get(live.section_key(in_play.pk, unseen, revision)) is None  # nobody looked
    with django_assert_num_queries(0):
        poll = client.get(second, headers=HTMX | {"If-None-Match": before["ETag"]})
    assert not hasattr(poll.wsgi_request, "session")  # the fast path
    assert poll.status_code == 200 and poll["ETag"] == f'"{revision}-2-all"'


@pytest.mark.django_db
def test_a_page_computed_in_the_pass_is_the_page_computed_alone(
    client: Client, in_play: Tournament, django_capture_on_commit_callbacks
) -> None:
    board_one = in_play.round_set.get(number=1).games.get(board=1)
    first = player_url(in_play, 5 if board_one.white.pairing_number != 5 else 6)
    second = reverse("entry_detail", args=[in_play.pk, board_one.white_id])
    before = client.get(second, headers=HTMX).content
    client.get(first, headers=HTMX)
    revision = new_result(in_play, django_capture_on_commit_callbacks)
    client.get(first, headers=HTMX)
    in_pass = client.get(second, headers=HTMX).content
    cache.delete(live.section_key(in_play.pk, second, revision))
    cache.delete(live.latest_key(in_play.pk, second))
    live.recent.values.clear()
    live.watched.asked.clear()
    alone = client.get(second, headers=HTMX).content
    assert b"playing" in before and b"playing" not in alone  # the result, board 1
    assert in_pass == alone


@pytest.mark.django_db
def test_a_first_computation_does_not_wait_for_the_pass(
    client: Client, in_play: Tournament, monkeypatch
) -> None:
    monkeypatch.setattr(public_views, "COMPUTE_SECONDS", 5)
    revision = Tournament.objects.get(pk=in_play.pk).revision
    url = player_url(in_play, 3)
    cache.add(live.lock_key(in_play.pk, url, revision, player=True), 1, 60)  # a pass runs
    started = time.monotonic()
    page = client.get(url, headers=HTMX)
    assert time.monotonic() - started < 4  # computed at once, not after the pass's lock
    assert page.status_code == 200 and "Player 03" in page.content.decode()
