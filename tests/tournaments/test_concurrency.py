"""Concurrency on PostgreSQL and SQLite: two simultaneous "pair round" requests produce one
round; simultaneous result entries lose nothing (the round is finished once every board has its
result); an undo racing a result or a publish is a message, never a 500 (issue 23, item 8).

On PostgreSQL the requests queue on the tournament's row lock; on SQLite (a file database, as
the server uses, config/test_settings.py) on the write lock an immediate transaction takes when
it begins. ``make test`` runs this module on SQLite and, whenever a server is reachable, against
PostgreSQL (``make locks``), so removing the tournament lock fails ``make test``. No test
sleeps: the first request's engine call waits until the second request is seen blocked on the
lock (or, when there is no lock, until the second request reaches the engine too)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connection, transaction
from django.test import Client
from django.urls import reverse

from pairing.engine import pairing_system
from tournaments import lifecycle, services
from tournaments.models import Game, Round, Tournament

_beginning: dict[int, int] = {}
"""Threads inside SQLite's ``BEGIN IMMEDIATE`` right now (waiting for the write lock)."""
_beginning_lock = threading.Lock()


def _note_begin(execute, sql, params, many, context):
    """Count this thread as waiting while its ``BEGIN`` waits for SQLite's write lock."""
    if not sql.startswith("BEGIN"):
        return execute(sql, params, many, context)
    me = threading.get_ident()
    with _beginning_lock:
        _beginning[me] = _beginning.get(me, 0) + 1
    try:
        return execute(sql, params, many, context)
    finally:
        with _beginning_lock:
            _beginning[me] -= 1


def at_once(requests: list[Callable[[], Any]]) -> list[Any]:
    """Run the callables in threads released together; their results in order."""
    barrier = threading.Barrier(len(requests))
    results: list[Any] = [None] * len(requests)
    errors: list[BaseException] = []

    def run(i: int) -> None:
        try:
            with connection.execute_wrapper(_note_begin):
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


def someone_waits_for_a_lock() -> bool:
    """Whether another request is blocked on a lock right now: a PostgreSQL backend on a row
    lock, or another thread on SQLite's write lock."""
    if connection.vendor == "sqlite":
        me = threading.get_ident()
        with _beginning_lock:
            return any(n for thread, n in _beginning.items() if thread != me)
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity"
            " WHERE wait_event_type = 'Lock' AND pid <> pg_backend_pid()"
        )
        row = cursor.fetchone()
    return bool(row and row[0])


@pytest.fixture
def overlapping_engine(monkeypatch):
    """The first engine call holds on until the second request is blocked on the tournament
    lock (the lock works) or calls the engine itself (no lock: both pair). No fixed sleep."""
    second_call = threading.Event()
    calls: list[int] = []

    def overlapping(name: str):
        pair = pairing_system(name)

        def pair_when_the_other_waits(state):
            calls.append(1)
            if len(calls) > 1:
                second_call.set()
                return pair(state)
            for _ in range(2000):  # at most ~20 s, then let the test fail on its assertions
                if second_call.wait(0.01) or someone_waits_for_a_lock():
                    break
            return pair(state)

        return pair_when_the_other_waits

    monkeypatch.setattr(services, "pairing_system", overlapping)


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("system", ["tcec", "tcec_double"])
def test_two_pair_requests_make_one_round(
    tournament: Tournament,
    make_entries,
    arbiter: User,
    other_arbiter: User,
    overlapping_engine,
    system,
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


def undone_while_waiting(tournament: Tournament, request: Callable[[], Any]) -> Any:
    """``request()`` is sent once an undo of the last round holds the tournament lock; the
    undo commits once the request is seen waiting for the lock. Returns the request's answer."""
    lock_held = threading.Event()

    def undo() -> None:
        with transaction.atomic():
            lifecycle.locked_tournament(tournament.pk)
            lock_held.set()
            services.undo_round(tournament.pk)
            for _ in range(2000):  # at most ~20 s
                if someone_waits_for_a_lock():
                    break
                threading.Event().wait(0.01)

    def other() -> Any:
        lock_held.wait(20)
        return request()

    return at_once([undo, other])[1]


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("htmx", [True, False])
def test_a_result_for_a_round_undone_meanwhile_is_a_message(
    tournament: Tournament, make_entries, play, arbiter: User, htmx: bool
) -> None:
    make_entries(6)
    play(tournament, [[]])
    game = Game.objects.get(round__tournament=tournament, board=1)
    client = logged_in(arbiter)
    url = reverse("game_result", args=[tournament.pk, game.pk])
    headers = {"HX-Request": "true"} if htmx else {}
    response = undone_while_waiting(
        tournament, lambda: client.post(url, {"result": "1-0"}, headers=headers)
    )
    dashboard = reverse("tournament_manage", args=[tournament.pk])
    assert response.status_code == 200 if htmx else 302
    assert (response["HX-Redirect"] if htmx else response["Location"]) == dashboard
    page = client.get(dashboard).content.decode()
    assert "This board no longer exists: its round&#x27;s pairing was deleted." in page
    assert not Round.objects.filter(tournament=tournament).exists()


@pytest.mark.django_db(transaction=True)
def test_publishing_a_draft_undone_meanwhile_is_a_message(
    tournament: Tournament, make_entries, arbiter: User
) -> None:
    make_entries(6)
    services.pair_next_round(tournament.pk)
    client = logged_in(arbiter)
    url = reverse("round_publish", args=[tournament.pk, 1])
    response = undone_while_waiting(tournament, lambda: client.post(url, follow=True))
    assert response.status_code == 200
    assert "This pairing no longer exists: it was deleted meanwhile." in response.content.decode()
    assert not Round.objects.filter(tournament=tournament).exists()
