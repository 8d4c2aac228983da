"""Load: many phones following a 500-player tournament while the arbiter enters results.

Method (everything on 127.0.0.1, bounded in time). A 500-player, 9-round TCEC tournament
with 4 rounds played and round 5 published (250 boards, no result yet), served by gunicorn
(``config/gunicorn.py``: gthread, 8 threads per worker, production settings) in two set-ups:

- **SQLite, one machine**: the embedded default (WAL, immediate transactions), one worker
  per core, each with its own memory cache;
- **PostgreSQL + Redis**: 4 workers sharing the Redis cache, as on several machines.

Each simulated phone is what a browser with htmx does on a public page: it opens the page
(a full GET), then asks for its section every 2 s (``HX-Request``, ``If-None-Match`` with the
last ETag; the server answers 304 while nothing changed). Phones watch the pairings (60 %),
the standings (20 %) or one player's page (20 %, players chosen at random). Meanwhile the
arbiter, logged in, enters one result every 2 s (``ARBITER_SECONDS``). Phones reach the server
through a pool of 64 keep-alive connections, as through a reverse proxy; a poll's latency is
counted from the moment it is due (waiting for a connection included), and a poll is due
2 s after the previous one was due, or as soon as it is answered when that takes longer (htmx
never sends a second poll while one is out). Steps of 20 s (``BENCH_LOAD_SECONDS``) with more
and more phones (``BENCH_LOAD_PHONES``), each after 5 s of warm-up.

The load generator (Python asyncio, one process) shares the 2 cores with the server: the
numbers are those of server and generator together, a floor for a real server. "Keeps up"
means the phones got at least 95 % of the polls they asked for with a p95 under 1 s and no
error; the largest such step is the measured ceiling.
"""

from __future__ import annotations

import asyncio
import os
import random
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from benchmarks.server import (
    PASSWORD,
    Browser,
    environment,
    gunicorn,
    postgres_database,
    run_python,
    set_up_tournament,
    sqlite_database,
)

PLAYERS = 500
POLL_SECONDS = 2.0
ARBITER_SECONDS = float(os.environ.get("BENCH_LOAD_ARBITER_SECONDS", "2"))
SECONDS = float(os.environ.get("BENCH_LOAD_SECONDS", "20"))
WARM_UP = 5.0
PHONES = [int(n) for n in os.environ.get("BENCH_LOAD_PHONES", "250,500,1000,2000,5000").split(",")]
CONNECTIONS = 64
TIMEOUT = 10.0
POSTGRES = os.environ.get("BENCH_POSTGRES_URL", "postgres://postgres@127.0.0.1:5432/postgres")
REDIS = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/14")


class Connection:
    """One keep-alive HTTP/1.1 connection (responses carry Content-Length)."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def get(self, path: str, headers: dict[str, str]) -> tuple[int, str]:
        """(status, ETag) of a GET; reconnects once if the server closed the connection."""
        for attempt in (1, 2):
            try:
                if self.writer is None:
                    self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
                return await self._get(path, headers)
            except (ConnectionError, asyncio.IncompleteReadError):
                self.close()
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    async def _get(self, path: str, headers: dict[str, str]) -> tuple[int, str]:
        assert self.reader is not None and self.writer is not None
        lines = [f"GET {path} HTTP/1.1", "Host: 127.0.0.1"]
        lines += [f"{k}: {v}" for k, v in headers.items()]
        self.writer.write(("\r\n".join(lines) + "\r\n\r\n").encode())
        head = await self.reader.readuntil(b"\r\n\r\n")
        status_line, *header_lines = head.decode("latin-1").split("\r\n")
        status = int(status_line.split()[1])
        found = {}
        for line in header_lines:
            name, _, value = line.partition(":")
            found[name.strip().lower()] = value.strip()
        length = int(found.get("content-length", "0"))
        if length:
            await self.reader.readexactly(length)
        if found.get("connection", "").lower() == "close":
            self.close()
        return status, found.get("etag", "")

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


@dataclass
class Step:
    phones: int
    latencies: list[float] = field(default_factory=list)
    statuses: list[int] = field(default_factory=list)
    errors: int = 0
    wanted: int = 0
    results: list[float] = field(default_factory=list)
    """The arbiter's result POSTs: seconds each."""

    def row(self, seconds: float) -> str:
        answered = len(self.latencies)
        lat = sorted(self.latencies) or [0.0]
        p50, p95 = lat[len(lat) // 2], lat[int(0.95 * (len(lat) - 1))]
        fresh = sum(s == 304 for s in self.statuses) / max(answered, 1)
        post = max(self.results) if self.results else 0.0
        keeps_up = answered >= 0.95 * self.wanted and p95 < 1.0 and not self.errors
        return (
            f"{self.phones:>6} {self.wanted / seconds:>8.0f} {answered / seconds:>8.0f} "
            f"{100 * fresh:>5.0f}% {1000 * p50:>7.0f} {1000 * p95:>7.0f} {self.errors:>6} "
            f"{len(self.results):>4} {1000 * post:>8.0f}  {'yes' if keeps_up else 'no'}"
        )


HEADER = (
    f"{'phones':>6} {'asked/s':>8} {'req/s':>8} {'304':>6} {'p50 ms':>7} {'p95 ms':>7} "
    f"{'errors':>6} {'res.':>4} {'post max':>8}  keeps up"
)


async def phone(
    pool: asyncio.Queue[Connection],
    path: str,
    step: Step,
    start: float,
    end: float,
    rng: random.Random,
) -> None:
    due = start + rng.uniform(0, POLL_SECONDS)
    etag = ""
    first = True
    while True:
        await asyncio.sleep(max(0.0, due - time.monotonic()))
        if due >= end:
            return
        headers = {} if first else {"HX-Request": "true"}
        if etag:
            headers["If-None-Match"] = etag
        measured = due >= start + WARM_UP
        if measured:
            step.wanted += 1
        conn = await pool.get()
        try:
            status, new_etag = await asyncio.wait_for(conn.get(path, headers), TIMEOUT)
        except (TimeoutError, OSError, asyncio.IncompleteReadError, ValueError):
            conn.close()
            status, new_etag = 0, ""
        finally:
            pool.put_nowait(conn)
        done = time.monotonic()
        if measured:
            if status in (200, 304):
                step.latencies.append(done - due)
                step.statuses.append(status)
            else:
                step.errors += 1
        first = False
        etag = new_etag or etag
        due = max(due + POLL_SECONDS, done)


def arbiter(
    port: int, tournament: int, games: list[int], step: Step, stop: threading.Event
) -> None:
    """Logged in, one result every ARBITER_SECONDS (a plain POST, like the page without JS)."""
    browser = Browser(port)
    browser.log_in("arbiter", PASSWORD)
    while not stop.wait(ARBITER_SECONDS) and games:
        game = games.pop(0)
        started = time.monotonic()
        status, _, _ = browser.post(
            f"/tournaments/{tournament}/manage/games/{game}/result/", {"result": "1-0"}
        )
        step.results.append(time.monotonic() - started)
        if status != 302:
            step.errors += 1
    browser.close()


async def run_step(port: int, pages: list[str], step: Step, seconds: float) -> None:
    pool: asyncio.Queue[Connection] = asyncio.Queue()
    for _ in range(CONNECTIONS):
        pool.put_nowait(Connection(port))
    rng = random.Random(step.phones)
    start = time.monotonic()
    end = start + WARM_UP + seconds
    await asyncio.gather(*(phone(pool, page, step, start, end, rng) for page in pages))
    while not pool.empty():
        pool.get_nowait().close()


def pages(pk: object, entries: list[int], phones: int) -> list[str]:
    """The page each phone follows: pairings 60 %, standings 20 %, a player 20 %."""
    rng = random.Random(phones)
    out = []
    for _ in range(phones):
        r = rng.random()
        if r < 0.6:
            out.append(f"/tournaments/{pk}/")
        elif r < 0.8:
            out.append(f"/tournaments/{pk}/standings/")
        else:
            out.append(f"/tournaments/{pk}/players/{rng.choice(entries)}/")
    return out


def load(port: int, live: dict[str, object], entries: list[int]) -> None:
    pk = live["tournament"]
    games = [int(g) for g in live["games"]]  # type: ignore[attr-defined]
    print(HEADER, flush=True)
    for phones in PHONES:
        step = Step(phones)
        stop = threading.Event()
        writer = threading.Thread(target=arbiter, args=(port, pk, games, step, stop))
        writer.start()
        try:
            asyncio.run(run_step(port, pages(pk, entries, phones), step, SECONDS))
        finally:
            stop.set()
            writer.join()
        print(step.row(SECONDS), flush=True)


ENTRIES = """
from tournaments.models import Entry
print(*Entry.objects.filter(tournament={pk}).values_list("pk", flat=True))
"""


def scenario(env: dict[str, str], workers: int, title: str) -> None:
    started = time.monotonic()
    live = set_up_tournament(env, players=PLAYERS, rounds=5, system="tcec")
    entries = [int(e) for e in run_python(env, ENTRIES.format(pk=live["tournament"])).split()]
    print(f"\n{title}: {workers} workers x 8 threads (set-up {time.monotonic() - started:.0f} s)")
    with gunicorn(env, workers=workers, threads=8) as server:
        load(server.port, live, entries)


@contextmanager
def postgres() -> Iterator[str | None]:
    try:
        with postgres_database(POSTGRES) as url:
            yield url
    except Exception as e:  # no server: say so and go on
        print(f"\nPostgreSQL at {POSTGRES} not usable ({type(e).__name__}): skipped")
        yield None


def main() -> None:
    print(__doc__.split("\n\n")[0])
    print(
        f"phones poll every {POLL_SECONDS:g} s, the arbiter posts a result every "
        f"{ARBITER_SECONDS:g} s; steps of {SECONDS:g} s after {WARM_UP:g} s of warm-up"
    )
    with sqlite_database() as url:
        scenario(environment(url), os.cpu_count() or 1, "SQLite, one machine")
    with postgres() as url:
        if url:
            scenario(environment(url, redis_url=REDIS), 4, "PostgreSQL + Redis")
    print(
        "\nasked/s: polls the phones asked for; req/s: answered (200 or 304); 304: share "
        "answered 'not modified'; res.: results entered; post max: slowest result POST"
    )


if __name__ == "__main__":
    main()
