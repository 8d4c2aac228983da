"""A real server under concurrent writes and with a wrong database: gunicorn (4 workers x 8
threads, production settings) on a fresh database of the suite's kind — a SQLite file under
``make test`` (WAL, busy timeout, immediate transactions), a PostgreSQL database of its own
under ``make test-postgres``.

The audit of issue 16 saw SQLite answer 162 of 200 simultaneous result POSTs with a 500
("database is locked"). Here 200 boards get their results at once, from 200 connections
released together: every answer is the redirect of a saved result, and every result is
stored."""

from __future__ import annotations

import json
import threading

import pytest

from benchmarks.server import (
    PASSWORD,
    Browser,
    environment,
    free_port,
    gunicorn,
    run_python,
    set_up_tournament,
)

pytestmark = pytest.mark.live_server
RESULTS = ("1-0", "1/2-1/2", "0-1", "+-", "-+")


def at_once(jobs: list) -> list:
    """Run the callables in threads released together; their results in order."""
    barrier = threading.Barrier(len(jobs))
    results: list = [None] * len(jobs)

    def run(i: int) -> None:
        barrier.wait()
        try:
            results[i] = jobs[i]()
        except Exception as e:  # a refused or dropped connection is an answer too
            results[i] = repr(e)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(jobs))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return results


def test_200_simultaneous_results_are_all_saved_without_an_error(database_url: str) -> None:
    env = environment(database_url)
    live = set_up_tournament(env, players=400)
    pk, games = live["tournament"], live["games"]
    assert isinstance(games, list) and len(games) == 200
    with gunicorn(env, workers=4, threads=8) as server:
        browsers = [Browser(server.port) for _ in games]
        browsers[0].log_in("arbiter", PASSWORD)
        for b in browsers:
            b.cookies = dict(browsers[0].cookies)
            b.get("/health/")  # connected before the start

        def enter(i: int):
            path = f"/manage/tournaments/{pk}/games/{games[i]}/result/"
            return browsers[i].post(path, {"result": RESULTS[i % 5]})[0]

        statuses = at_once([lambda i=i: enter(i) for i in range(len(games))])
        for b in browsers:
            b.close()
    assert statuses == [302] * 200
    stored = run_python(
        env,
        "import json; from tournaments.models import Game, Round\n"
        f"games = Game.objects.filter(round__tournament={pk}).order_by('board')\n"
        "print(json.dumps([list(games.values_list('result', flat=True)),"
        f" Round.objects.get(tournament={pk}).status]))",
    )
    results, status = json.loads(stored)
    assert results == [RESULTS[i % 5] for i in range(200)]
    assert status == "finished"


def test_a_wrong_database_url_says_so_at_start_up_and_on_every_page() -> None:
    url = f"postgres://chess:secret-pw@127.0.0.1:{free_port()}/chess"
    with gunicorn(environment(url), workers=1, threads=2, wait=False) as server:
        for _ in range(300):  # until the worker has booted
            browser = Browser(server.port)
            try:
                status, _, body = browser.get("/health/")
                break
            except OSError:
                browser.close()
                threading.Event().wait(0.1)
        assert (status, body) == (503, b"database: unreachable")
        status, headers, page = browser.get("/tournaments/1/")
        assert status == 503 and headers["Retry-After"] == "30"
        assert b"The database is not reachable" in page and b"Traceback" not in page
        browser.close()
        log = server.log.read_text()
    assert (
        "swissmanager: cannot use the PostgreSQL database 'chess' on 127.0.0.1:" in log
        and "as 'chess' (check DATABASE_URL)" in log
        and "Pages answer 503 until this is fixed." in log
    )
    assert "Traceback" not in log and "secret-pw" not in log


def test_a_malformed_database_url_stops_the_server_with_one_line() -> None:
    with gunicorn(environment("mysqlx://chess@db/chess"), workers=1, wait=False) as server:
        server.process.wait(timeout=60)
        log = server.log.read_text()
    assert server.process.returncode != 0
    assert "swissmanager: configuration error: DATABASE_URL is not a database URL" in log
    assert "Traceback" not in log
