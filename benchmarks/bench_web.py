"""Web: requests per second of the public standings page of a 500-player, 9-round tournament,
next to a trivial view (``/health/``), under a local load generator.

Set-up, all in a temporary directory: a SQLite database with a 500-player, 9-round FIDE Dutch
tournament (random results from ratings, requested byes and forfeits: ``generate_tournament``)
imported through ``pairing.trf_import.import_state``; production settings (``DJANGO_DEBUG=0``,
static files collected); gunicorn with ``config/gunicorn.py`` (gthread workers, one per CPU, 4
threads each, HTTP keep-alive). The load generator is plain Python: ``CLIENTS`` processes, each
with one keep-alive connection, sending GETs back to back for ``SECONDS`` seconds; it counts 200
responses and records each request's latency. Client and server share the machine, so the
numbers compare the two views rather than measure a server.

The public pages cache their section per tournament revision (see
``public/views.py``): the standings row is what phones get while nothing changes
(a query string does not bypass the cache: ``?bust=N`` is the same page); "unchanged poll" is
htmx's poll with the ETag of the last answer (304). What a computation costs is the in-process
table (and ``python -m benchmarks load`` for many phones while results come in).

Also printed: the standings page rendered in-process (Django test client, no HTTP) with its
number of SQL queries, at 50 and 500 players, computed and cached.

``BENCH_WEB_BIG=1`` adds the big fields (issue 27, :func:`pages`): the arbiter's and the
public pages of a 5,000- and a 9,998-player tournament, in-process (several minutes; not part
of ``make bench``). ``BENCH_WEB_VERBOSE=1`` prints each step as it ends.
"""

from __future__ import annotations

import ast
import http.client
import multiprocessing
import os
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from benchmarks.server import environment, gunicorn, manage, run_python, wait_until_up

ROOT = Path(__file__).resolve().parent.parent
PLAYERS = 500
ROUNDS = 9
SECONDS = float(os.environ.get("BENCH_WEB_SECONDS", "10"))
CLIENTS = int(os.environ.get("BENCH_WEB_CLIENTS", "4"))
WORKERS = os.cpu_count() or 1


def _env(db: Path) -> dict[str, str]:
    return environment(f"sqlite:///{db}")


def prepare(players: int = PLAYERS, rounds: int = ROUNDS) -> int:
    """(In a subprocess, with the environment of :func:`_env`.) Store the tournament; return
    its primary key."""
    import django

    django.setup()
    from django.db import transaction

    from pairing.engine import GeneratorSettings, generate_tournament, pairing_system
    from pairing.trf_import import import_state

    settings = GeneratorSettings(
        players=players, rounds=rounds, seed=2026, bye_rate=0.02, forfeit_rate=0.01
    )
    state = generate_tournament(pairing_system("dutch"), settings)
    with transaction.atomic():
        tournament = import_state(state, name=f"Benchmark {players}", system="dutch")
    return tournament.pk


def in_process(players: int) -> list[tuple[float, int]]:
    """(In a subprocess.) Median seconds and SQL queries of the standings page (test client),
    computed (cache cleared before each request), then cached."""
    import django

    django.setup()
    from django.core.cache import cache
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from public import views as public

    pk = prepare(players)
    client = Client(HTTP_HOST="127.0.0.1")
    url = f"/tournaments/{pk}/standings/"
    client.get(url)
    out = []
    for cached in (False, True):
        times = []
        for _ in range(5):
            if not cached:
                cache.clear()
                public.views.views.clear()  # the snapshot kept per revision, too
            with CaptureQueriesContext(connection) as queries:
                started = time.perf_counter()
                response = client.get(url)
                times.append(time.perf_counter() - started)
            assert response.status_code == 200, response.status_code
        out.append((statistics.median(times), len(queries)))
    return out


def _client(args: tuple[int, str, float]) -> tuple[int, int, list[float]]:
    """One keep-alive connection sending GETs until the deadline: (ok, errors, latencies).
    ``path`` may end with `` poll``: htmx's poll with the ETag of the first answer."""
    port, path, deadline = args
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    ok = errors = 0
    latencies = []
    headers: dict[str, str] = {}
    if path.endswith(" poll"):
        path = path.removesuffix(" poll")
        conn.request("GET", path, headers={"HX-Request": "true"})
        first = conn.getresponse()
        first.read()
        headers = {"HX-Request": "true", "If-None-Match": first.headers["ETag"]}
    while time.monotonic() < deadline:
        started = time.perf_counter()
        conn.request("GET", path.format(n=f"{os.getpid()}-{ok + errors}"), headers=headers)
        response = conn.getresponse()
        response.read()
        latencies.append(time.perf_counter() - started)
        if response.status in (200, 304):
            ok += 1
        else:
            errors += 1
    conn.close()
    return ok, errors, latencies


def load(port: int, path: str) -> tuple[float, int, float, float]:
    """Requests per second, errors, mean and 95th-percentile latency (ms)."""
    with multiprocessing.Pool(CLIENTS) as pool:
        pool.map(_client, [(port, path, time.monotonic() + 1)] * CLIENTS)  # warm up
        started = time.monotonic()
        results = pool.map(_client, [(port, path, started + SECONDS)] * CLIENTS)
        elapsed = time.monotonic() - started
    ok = sum(r[0] for r in results)
    errors = sum(r[1] for r in results)
    latencies = sorted(x for r in results for x in r[2])
    p95 = latencies[int(0.95 * (len(latencies) - 1))] if latencies else 0.0
    mean = statistics.mean(latencies) if latencies else 0.0
    return ok / elapsed, errors, 1000 * mean, 1000 * p95


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "bench.sqlite3"
        env = _env(db)
        manage(env, "migrate", "--noinput")
        print("standings page in-process (Django test client, no HTTP), median of 5:")
        print(
            f"{'players':>7} {'rounds':>6} {'computed ms':>11} {'queries':>7} "
            f"{'cached ms':>9} {'queries':>7}"
        )
        for players in (50, PLAYERS):
            (computed, q1), (cached, q2) = _in_process_row(players, tmp)
            print(
                f"{players:>7} {ROUNDS:>6} {1000 * computed:>11.1f} {q1:>7} "
                f"{1000 * cached:>9.1f} {q2:>7}"
            )
        code = "from benchmarks.bench_web import prepare; print(prepare())"
        pk = int(run_python(env, code).strip())
        with gunicorn(env, workers=WORKERS, threads=4) as server:
            port = server.port
            print(
                f"\ngunicorn: {WORKERS} gthread workers x 4 threads; load: {CLIENTS} keep-alive "
                f"clients, {SECONDS:g} s per page"
            )
            print(f"{'page':<46} {'req/s':>8} {'errors':>6} {'mean ms':>8} {'p95 ms':>8}")
            standings = f"/tournaments/{pk}/standings/"
            for label, path in (
                ("trivial view (/health/)", "/health/"),
                (f"standings, {PLAYERS} players, {ROUNDS} rounds (cached)", standings),
                ("  same, with a new query string each time", standings + "?bust={n}"),
                ("  same, unchanged htmx poll (304)", standings + " poll"),
            ):
                wait_until_up(port, path.format(n="warm").removesuffix(" poll"))
                rps, errors, mean, p95 = load(port, path)
                print(f"{label:<46} {rps:>8.1f} {errors:>6} {mean:>8.1f} {p95:>8.1f}", flush=True)
    if os.environ.get("BENCH_WEB_BIG") == "1":
        big_main()


def _in_process_row(players: int, tmp: str) -> list[tuple[float, int]]:
    env = _env(Path(tmp) / f"inprocess-{players}.sqlite3")
    manage(env, "migrate", "--noinput")
    code = f"from benchmarks.bench_web import in_process; print(*in_process({players}))"
    out = run_python(env, code).strip()
    return ast.literal_eval(f"[{out.replace(') (', '), (')}]")


if __name__ == "__main__":
    main()


BIG = (5000, 9998)
"""The big fields of :func:`pages` (issue 27), run by ``BENCH_WEB_BIG=1``."""


def pages(players: int) -> list[tuple[str, float, int, int]]:
    """(In a subprocess, production settings.) The arbiter's and the public pages of a
    ``players``-player Dutch tournament made through the web (test client, no HTTP): the
    entry list imported from a CSV file, rounds 1 and 2 paired, reviewed and published (the
    other results of round 1 saved through the ORM), a result, the what-if of round 3 while
    round 2 is in play, the public pages, TRF export and import, backup and restore; then the
    Dubov A.1 provisional ratings (the tournament switched to Dubov and 1% of its players made
    unrated through the ORM: the dashboard's forms and one rating given) and round 3 paired by
    hand from no board (every player not paired, a board added). For each step: its name, CPU
    seconds (``time.process_time``), SQL queries and the process's peak resident memory after
    it (MiB, so a step that raises it shows)."""
    import random
    import resource
    from datetime import date

    from django.contrib.auth.models import Group, User
    from django.core.files.uploadedfile import SimpleUploadedFile
    from django.db import connection
    from django.test import Client

    from tournaments.models import Entry, Game, Tournament
    from tournaments.roles import ARBITERS

    user = User.objects.create_user("bench", password="a-long-bench-password")
    user.groups.add(Group.objects.get(name=ARBITERS))
    t = Tournament.objects.create(
        name=f"Big {players}",
        place="Bench",
        start_date=date(2026, 4, 1),
        end_date=date(2026, 4, 9),
        rounds=9,
    )
    t.arbiters.add(user)
    client = Client(HTTP_HOST="127.0.0.1")
    client.force_login(user)
    rows: list[tuple[str, float, int, int]] = []

    def step(
        label: str,
        method: str,
        url: str,
        expect: int = 200,
        headers: dict[str, str] | None = None,
        **data: object,
    ) -> bytes:
        count = [0]

        def counted(execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
            count[0] += 1
            return execute(sql, params, many, context)

        with connection.execute_wrapper(counted):
            started = time.process_time()
            call = getattr(client, method)
            response = call(url, data, **(headers or {})) if data else call(url, **(headers or {}))
            body = b"".join(response.streaming_content) if response.streaming else response.content
            cpu = time.process_time() - started
        assert response.status_code == expect, (label, response.status_code)
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
        rows.append((label, cpu, count[0], peak))
        if os.environ.get("BENCH_WEB_VERBOSE"):
            print(f"{label:<32} {cpu:>7.2f} {count[0]:>7} {peak:>12}", flush=True)
        return bytes(body)

    rng = random.Random(2026)
    lines = ["name,rating,federation"]
    lines += [f"Player {i:05d},{rng.randint(1000, 2800)},USA" for i in range(1, players + 1)]
    csv_text = "\n".join(lines) + "\n"
    base = f"/manage/tournaments/{t.pk}"
    step("CSV import: preview", "post", f"{base}/players/import/", text=csv_text)
    step("CSV import: confirm", "post", f"{base}/players/import/", 302, text=csv_text, confirm="1")
    assert Entry.objects.filter(tournament=t).count() == players
    step("arbiter dashboard", "get", f"{base}/")
    hx_players = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "players"}
    step("dashboard: last page (htmx)", "get", f"{base}/?page=last", headers=hx_players)
    for number in (1, 2):
        step(f"round {number}: pair", "post", f"{base}/rounds/pair/", 302, round=str(number))
        step(f"round {number}: draft review", "get", f"{base}/rounds/{number}/")
        step(f"round {number}: publish", "post", f"{base}/rounds/{number}/publish/", 302)
        if number == 2:  # the games in play: the next round as it would be paired
            what_if = f"{base}/rounds/2/what-if/?assume=draws"
            hx_what_if = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "what-if"}
            step("round 2: what-if (all draws)", "get", what_if, headers=hx_what_if)
        games = list(Game.objects.filter(round__tournament=t, round__number=number))
        games = [g for g in games if g.black_id is not None]
        for g in games[:-1]:  # all but one result saved through the ORM
            g.result = rng.choice(["1-0", "0-1", "1/2-1/2"])
        Game.objects.bulk_update(games[:-1], ["result"], batch_size=500)
        url = f"{base}/games/{games[-1].pk}/result/"  # the last one finishes the round
        step(f"round {number}: a result", "post", url, 302, result="1-0")
        step(f"round {number}: round page", "get", f"{base}/rounds/{number}/")
    hx_results = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "results"}
    step("round 2: page 50 (htmx)", "get", f"{base}/rounds/2/?page=50", headers=hx_results)
    public = f"/tournaments/{t.pk}"
    step("public: tournament (pairings)", "get", f"{public}/")
    step("public: standings", "get", f"{public}/standings/")
    step("public: crosstable", "get", f"{public}/crosstable/")
    step("public: players", "get", f"{public}/players/")
    hx = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "standings"}
    step("public: standings p. 50 (htmx)", "get", f"{public}/standings/?page=50", headers=hx)
    middle = f"Player {players // 2:05d}"  # its page and row: a redirect
    step("public: find a player", "get", f"{public}/standings/", 302, find=middle)
    entry = Entry.objects.filter(tournament=t).order_by("pairing_number").first()
    assert entry is not None
    step("public: a player", "get", f"{public}/players/{entry.pk}/")
    trf = step("TRF export", "get", f"{base}/export.trf")
    upload = SimpleUploadedFile("big.trf", trf, content_type="text/plain")
    step("TRF import", "post", "/manage/tournaments/import/", 302, file=upload, name="Imported")
    backup = step("backup", "get", f"{base}/backup.json")
    upload = SimpleUploadedFile("big.backup.json", backup, content_type="application/json")
    step("restore", "post", "/manage/tournaments/restore/", 302, file=upload)
    # Dubov A.1: the unrated players' provisional ratings, 100 forms a page
    t.pairing_system = Tournament.PairingSystem.DUBOV
    t.save()
    unrated = list(Entry.objects.filter(tournament=t).order_by("pairing_number")[::100])
    Entry.objects.filter(pk__in=[e.pk for e in unrated]).update(rating=0)
    step(f"dashboard: {len(unrated)} provisional ratings", "get", f"{base}/")
    url = f"{base}/players/{unrated[0].pk}/provisional-rating/"
    step("a provisional rating", "post", url, 302, rating="1500")
    Entry.objects.filter(pk__in=[e.pk for e in unrated]).update(rating=1500)
    t.pairing_system = Tournament.PairingSystem.DUTCH
    t.save()
    # Round 3 paired by hand from an empty board list
    by_hand = f"{base}/rounds/pair-by-hand/"
    step("round 3: pair by hand (empty)", "post", by_hand, 302, round="3", start="empty")
    step("round 3: hand draft", "get", f"{base}/rounds/3/")
    hx_unpaired = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "unpaired"}
    step(
        "hand draft: unpaired p. 50 (htmx)",
        "get",
        f"{base}/rounds/3/?unpaired=50",
        headers=hx_unpaired,
    )
    add = f"{base}/rounds/3/add-board/"
    step("hand draft: add a board", "post", add, 302, white="1", black="2", confirm="1", reason="b")
    return rows


def big_main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        for players in BIG:
            db = Path(tmp) / f"big-{players}.sqlite3"
            env = _env(db) | {"TOURNAMENTS_MAX_PLAYERS": str(max(BIG))}
            manage(env, "migrate", "--noinput")
            code = f"from benchmarks.bench_web import pages; print(repr(pages({players})))"
            rows = ast.literal_eval(run_python(env, code, timeout=3600).strip().splitlines()[-1])
            print(f"\n{players} players, 2 rounds, in-process (test client), SQLite:")
            print(f"{'step':<32} {'CPU s':>7} {'queries':>7} {'peak RSS MiB':>12}")
            for name, cpu, queries, peak in rows:
                print(f"{name:<32} {cpu:>7.2f} {queries:>7} {peak:>12}", flush=True)
