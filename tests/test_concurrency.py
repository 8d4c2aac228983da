"""Concurrency on PostgreSQL (SQLite serialises every write, so the race cannot happen there):
two simultaneous "pair round" requests produce one round; simultaneous result entries lose
nothing (the round is finished once every board has its result)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.urls import reverse

from pairing.engine.systems import pairing_system
from tournaments import services
from tournaments.models import Game, Round, Tournament

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="needs PostgreSQL (make test-postgres): SQLite cannot run two writers at once",
    ),
]


def at_once(requests: list[Callable[[], Any]]) -> list[Any]:
    """Run the callables in threads released together; their results in order."""
    barrier = threading.Barrier(len(requests))
    results: list[Any] = [None] * len(requests)
    errors: list[BaseException] = []

    def run(i: int) -> None:
        try:
            barrier.wait()
            results[i] = requests[i]()
        except BaseException as e:
            errors.append(e)
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(requests))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    return results


def logged_in(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def slow_engine(monkeypatch):
    """The engine takes a moment, so that the second request arrives while the first pairs."""

    def slow(name: str):
        pair = pairing_system(name)

        def pair_slowly(state):
            time.sleep(0.3)
            return pair(state)

        return pair_slowly

    monkeypatch.setattr(services, "pairing_system", slow)


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("system", ["tcec", "tcec_double"])
def test_two_pair_requests_make_one_round(
    tournament: Tournament, make_entries, arbiter: User, other_arbiter: User, slow_engine, system
) -> None:
    tournament.pairing_system = system
    tournament.save()
    tournament.arbiters.add(other_arbiter)  # two arbiters, or one double click
    make_entries(10)
    url = reverse("round_pair", args=[tournament.pk])
    clients = [logged_in(arbiter), logged_in(other_arbiter)]

    def pair(client: Client) -> Callable[[], Any]:
        return lambda: client.post(url, {"round": 1}, follow=True)

    responses = at_once([pair(c) for c in clients])
    assert [r.status_code for r in responses] == [200, 200]
    assert Round.objects.filter(tournament=tournament).count() == tournament.legs
    assert Game.objects.filter(round__tournament=tournament).count() == 5 * tournament.legs
    pages = sorted(r.content.decode() for r in responses)
    assert sum("paired as a draft: check it" in p for p in pages) == 1
    assert sum("Round 1 has already been paired." in p for p in pages) == 1


@pytest.mark.django_db(transaction=True)
def test_simultaneous_results_lose_nothing(
    tournament: Tournament, make_entries, play, arbiter: User, other_arbiter: User
) -> None:
    tournament.pairing_system = Tournament.PairingSystem.TCEC
    tournament.save()
    tournament.arbiters.add(other_arbiter)
    make_entries(16)
    play(tournament, [[]])  # round 1 published, no result
    games = list(Game.objects.filter(round__tournament=tournament).order_by("board"))
    results = ["1-0", "0-1", "1/2-1/2", "+-", "-+", "--", "1-0", "0-1"]
    users = [arbiter, other_arbiter]

    def enter(i: int) -> Callable[[], int]:
        client = logged_in(users[i % 2])
        url = reverse("game_result", args=[tournament.pk, games[i].pk])
        return lambda: client.post(url, {"result": results[i]}).status_code

    assert at_once([enter(i) for i in range(len(games))]) == [302] * len(games)
    saved = list(
        Game.objects.filter(round__tournament=tournament)
        .order_by("board")
        .values_list("result", flat=True)
    )
    assert saved == results
    assert Round.objects.get(tournament=tournament).status == Round.Status.FINISHED
