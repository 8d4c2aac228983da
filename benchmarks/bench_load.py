"""Load: many phones following a 500-player tournament while the arbiter enters results.

Method (everything on 127.0.0.1, bounded in time). A 500-player, 9-round TCEC tournament
with 4 rounds played and round 5 published (250 boards, no result yet), served by granian
(``python -m config.granian``: Rust HTTP, 8 application threads per worker, production
settings; ``BENCH_LOAD_SERVER=gunicorn`` for gunicorn's gthread workers, ``config/gunicorn.py``)
in the two set-ups of issue 27:

- **PostgreSQL + Redis**: 5,000 phones (``BENCH_LOAD_POSTGRES_PHONES``), the workers sharing
  the Redis cache, as several machines do;
- **SQLite, one machine**: 1,000 phones (``BENCH_LOAD_SQLITE_PHONES``), the embedded default
  (WAL, immediate transactions), each worker with its own memory cache.

One worker per core (``BENCH_LOAD_WORKERS``). Each simulated phone is what a browser with htmx
does on a public page: it opens the page (a full GET, no cookie), then asks for its section
every 5 s (``BENCH_LOAD_POLL_SECONDS``; the server runs with the same
``TOURNAMENTS_POLL_SECONDS``), with ``HX-Request`` and ``If-None-Match`` with the last ETag (the
server answers 304 while nothing changed). Phones watch the pairings (60 %), the standings
(20 %) or one player's page (20 %, players chosen at random). Meanwhile the arbiter, logged in,
enters one result every 2 s (``BENCH_LOAD_ARBITER_SECONDS``) and, after each, asks for the
pairings section every 50 ms until it shows the new revision: the **result lag**, from the
result's POST to the first answer that shows it (a phone shows it at its next poll, at most one
poll interval later). A phone's poll sent after a result's POST returned that still answers an
earlier revision is **stale**. Phones reach the server through a pool of 64 keep-alive
connections, as through a reverse proxy; a poll's latency is counted from the moment it is due
(waiting for a connection included), and a poll is due one interval after the previous one was
due, or as soon as it is answered when that takes longer (htmx never sends a second poll while
one is out). Steps of 20 s (``BENCH_LOAD_SECONDS``) after 5 s of warm-up.

The load generator (Python asyncio on uvloop, one process; it parses only the status,
Content-Length, ETag and Connection of each answer) shares the 2 cores with the server: the
numbers are those of server and generator together, a floor for a real server. The phones take
gzip (``Accept-Encoding``), as browsers do; the generator does not decompress. "Meets the goal"
(issue 27) means the phones got at least 95 % of the polls they asked for with a p95 under
200 ms, no error and every result on the phones within 3 s of its POST (stale polls are
reported, not judged: a phone shows the result at its next poll at the latest).
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

import uvloop

from benchmarks.server import (
    PASSWORD,
    SERVERS,
    Browser,
    Server,
    environment,
    postgres_database,
    run_python,
    set_up_tournament,
    sqlite_database,
)

PLAYERS = 500
POLL_SECONDS = int(os.environ.get("BENCH_LOAD_POLL_SECONDS", "5"))
ARBITER_SECONDS = float(os.environ.get("BENCH_LOAD_ARBITER_SECONDS", "2"))
SECONDS = float(os.environ.get("BENCH_LOAD_SECONDS", "20"))
WARM_UP = 5.0
WORKERS = int(os.environ.get("BENCH_LOAD_WORKERS", str(os.cpu_count() or 1)))
CONNECTIONS = 64
SERVER = os.environ.get("BENCH_LOAD_SERVER", "granian")
"""The HTTP server: ``granian`` (``python -m config.granian``) or ``gunicorn``."""
LAG_POLL_SECONDS = 0.05
GOAL_P95 = 0.2
GOAL_LAG = 3.0


def _phones(name: str, default: str) -> list[int]:
    return [int(n) for n in os.environ.get(name, default).split(",")]


SQLITE_PHONES = _phones("BENCH_LOAD_SQLITE_PHONES", "1000")
POSTGRES_PHONES = _phones("BENCH_LOAD_POSTGRES_PHONES", "5000")
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
        """Only what the measure needs is parsed: the status, Content-Length, ETag and
        ``Connection: close`` (issue 27: the generator shares the cores with the server)."""
        assert self.reader is not None and self.writer is not None
        lines = [
            f"GET {path} HTTP/1.1",
            "Host: 127.0.0.1",
            *(f"{k}: {v}" for k, v in headers.items()),
        ]
        self.writer.write(("\r\n".join(lines) + "\r\n\r\n").encode())
        head = await self.reader.readuntil(b"\r\n\r\n")
        lower = head.lower()
        status = int(head[9:12])
        length = _header(head, lower, b"content-length")
        if length:
            await self.reader.readexactly(int(length))
        if _header(head, lower, b"connection").lower() == b"close":
            self.close()
        return status, _header(head, lower, b"etag").decode()

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


def _header(head: bytes, lower: bytes, name: bytes) -> bytes:
    """The value of header ``name`` (lower case) in a response ``head`` (``lower``: the head
    in lower case), or b"": the value as sent (a weak ETag's ``W/`` is upper case)."""
    start = lower.find(b"\r\n" + name + b":")
    if start < 0:
        return b""
    start += len(name) + 3
    return head[start : head.index(b"\r\n", start)].strip()


def cpu_seconds(pid: int) -> float:
    """CPU time (user and system) of process ``pid`` and its children so far (Linux /proc):
    the gunicorn master and its workers, the recycled ones included."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(entry) == pid:  # utime, stime, and those of its workers that ended
            total += sum(int(x) for x in fields[11:15]) / tick
        elif int(fields[1]) == pid:  # a worker (fields[1]: the parent's pid)
            total += (int(fields[11]) + int(fields[12])) / tick
    return total


def revision_of(etag: str) -> int | None:
    """The tournament revision of an ETag ``"<revision>-<poll seconds>-<view>"``."""
    first = etag.strip('W/"').split("-", 1)[0]
    return int(first) if first.isdigit() else None


@dataclass
class Step:
    phones: int
    latencies: list[float] = field(default_factory=list)
    statuses: list[int] = field(default_factory=list)
    errors: int = 0
    wanted: int = 0
    results: list[float] = field(default_factory=list)
    """The arbiter's result POSTs: seconds each."""
    lags: list[float] = field(default_factory=list)
    """Seconds from each result's POST to the first answer that shows it."""
    revisions: list[tuple[float, int]] = field(default_factory=list)
    """(when the result's POST returned, the revision it made), in order."""
    answers: list[tuple[float, int]] = field(default_factory=list)
    """(when a measured poll was sent, the revision its answer shows)."""
    server_cpu: float = 0.0
    """CPU seconds the server (gunicorn) used during the step, warm-up included."""
    client_cpu: float = 0.0
    """CPU seconds the load generator (this process) used during the step."""
    requests: int = 0
    """Requests answered during the step, warm-up included."""

    def stale(self) -> int:
        """Polls sent after a result's POST returned that answered an earlier revision."""
        order = {revision: i for i, (_, revision) in enumerate(self.revisions)}
        count = 0
        for sent, revision in self.answers:
            newest = sum(1 for done, _ in self.revisions if done <= sent) - 1
            if revision in order and newest >= 0 and order[revision] < newest:
                count += 1
        return count

    def row(self, seconds: float) -> str:
        answered = len(self.latencies)
        lat = sorted(self.latencies) or [0.0]
        p50, p95 = lat[len(lat) // 2], lat[int(0.95 * (len(lat) - 1))]
        fresh = sum(s == 304 for s in self.statuses) / max(answered, 1)
        post = max(self.results) if self.results else 0.0
        lags = sorted(self.lags) or [0.0]
        stale = self.stale()
        goal = (
            answered >= 0.95 * self.wanted
            and p95 < GOAL_P95
            and not self.errors
            and bool(self.lags)
            and lags[-1] < GOAL_LAG
        )
        return (
            f"{self.phones:>6} {self.wanted / seconds:>8.0f} {answered / seconds:>8.0f} "
            f"{100 * fresh:>5.0f}% {1000 * p50:>7.0f} {1000 * p95:>7.0f} {self.errors:>6} "
            f"{len(self.results):>4} {1000 * post:>8.0f} {1000 * lags[len(lags) // 2]:>7.0f} "
            f"{1000 * lags[-1]:>7.0f} {stale:>6} {self.cpu_per_request(self.server_cpu):>7.2f} "
            f"{self.cpu_per_request(self.client_cpu):>7.2f}  {'yes' if goal else 'no'}"
        )

    def cpu_per_request(self, seconds: float) -> float:
        """Milliseconds of CPU per answered request."""
        return 1000 * seconds / max(self.requests, 1)


HEADER = (
    f"{'phones':>6} {'asked/s':>8} {'req/s':>8} {'304':>6} {'p50 ms':>7} {'p95 ms':>7} "
    f"{'errors':>6} {'res.':>4} {'post max':>8} {'lag p50':>7} {'lag max':>7} {'stale':>6}"
    f" {'srv cpu':>7} {'gen cpu':>7}  meets the goal"
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
        headers = {"Accept-Encoding": "gzip, deflate, br"}  # as every phone's browser
        if not first:
            headers["HX-Request"] = "true"
        if etag:
            headers["If-None-Match"] = etag
        measured = due >= start + WARM_UP
        if measured:
            step.wanted += 1
        conn = await pool.get()
        sent = time.monotonic()
        try:
            async with asyncio.timeout(TIMEOUT):  # no task per poll, as wait_for makes
                status, new_etag = await conn.get(path, headers)
        except (TimeoutError, OSError, asyncio.IncompleteReadError, ValueError):
            conn.close()
            status, new_etag = 0, ""
        finally:
            pool.put_nowait(conn)
        done = time.monotonic()
        step.requests += status in (200, 304)
        if measured:
            if status in (200, 304):
                step.latencies.append(done - due)
                step.statuses.append(status)
                if not first and (revision := revision_of(new_etag or etag)) is not None:
                    step.answers.append((sent, revision))
            else:
                step.errors += 1
        first = False
        etag = new_etag or etag
        due = max(due + POLL_SECONDS, done)


def _section_etag(browser: Browser, path: str, etag: str) -> str:
    """The pairings section's ETag now (``etag`` when unchanged)."""
    headers = {"HX-Request": "true"} | ({"If-None-Match": etag} if etag else {})
    status, found, _ = browser.get(path, **headers)
    if status not in (200, 304):
        raise RuntimeError(f"poll answered {status}")
    sent = {name.lower(): value for name, value in found.items()}  # granian's are lower case
    return (sent.get("etag") or etag) if status == 200 else etag


def arbiter(
    port: int, tournament: int, games: list[int], step: Step, stop: threading.Event
) -> None:
    """Logged in, one result every ARBITER_SECONDS (a plain POST, like the page without JS);
    after each, the pairings section is asked for until it shows the result."""
    browser, watcher = Browser(port), Browser(port)
    browser.log_in("arbiter", PASSWORD)
    path = f"/tournaments/{tournament}/"
    etag = _section_etag(watcher, path, "")
    due = time.monotonic() + ARBITER_SECONDS
    while not stop.wait(max(0.0, due - time.monotonic())) and games:
        due += ARBITER_SECONDS
        game = games.pop(0)
        started = time.monotonic()
        status, _, _ = browser.post(
            f"/manage/tournaments/{tournament}/games/{game}/result/", {"result": "1-0"}
        )
        returned = time.monotonic()
        step.results.append(returned - started)
        if status != 302:
            step.errors += 1
            continue
        while (new := _section_etag(watcher, path, etag)) == etag:
            if time.monotonic() - started > TIMEOUT:
                step.errors += 1
                break
            time.sleep(LAG_POLL_SECONDS)
        else:
            step.lags.append(time.monotonic() - started)
            if (revision := revision_of(new)) is not None:
                step.revisions.append((returned, revision))
        etag = new
    browser.close()
    watcher.close()


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


def load(server: Server, live: dict[str, object], entries: list[int], steps: list[int]) -> None:
    port, pk = server.port, live["tournament"]
    games = [int(g) for g in live["games"]]  # type: ignore[attr-defined]
    print(HEADER, flush=True)
    for phones in steps:
        step = Step(phones)
        stop = threading.Event()
        writer = threading.Thread(target=arbiter, args=(port, pk, games, step, stop))
        server_cpu, client_cpu = cpu_seconds(server.process.pid), time.process_time()
        writer.start()
        try:
            with asyncio.Runner(loop_factory=uvloop.new_event_loop) as runner:
                runner.run(run_step(port, pages(pk, entries, phones), step, SECONDS))
        finally:
            stop.set()
            writer.join()
        step.server_cpu = cpu_seconds(server.process.pid) - server_cpu
        step.client_cpu = time.process_time() - client_cpu
        print(step.row(SECONDS), flush=True)


ENTRIES = """
from tournaments.models import Entry
print(*Entry.objects.filter(tournament={pk}).values_list("pk", flat=True))
"""


def machine_load() -> str:
    """The load average (1, 5, 15 minutes): the machine is shared."""
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def scenario(env: dict[str, str], title: str, steps: list[int]) -> None:
    started = time.monotonic()
    env = env | {"TOURNAMENTS_POLL_SECONDS": str(POLL_SECONDS)}
    live = set_up_tournament(env, players=PLAYERS, rounds=5, system="tcec")
    entries = [int(e) for e in run_python(env, ENTRIES.format(pk=live["tournament"])).split()]
    print(
        f"\n{title}: {SERVER}, {WORKERS} workers x 8 threads "
        f"(set-up {time.monotonic() - started:.0f} s; load average before: {machine_load()})"
    )
    with SERVERS[SERVER](env, workers=WORKERS, threads=8) as server:
        load(server, live, entries, steps)
    print(f"load average after: {machine_load()}")


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
    with postgres() as url:
        if url:
            env = environment(url, redis_url=REDIS, REDIS_KEY_PREFIX=f"bench-{url[-8:]}")
            scenario(env, "PostgreSQL + Redis", POSTGRES_PHONES)
    with sqlite_database() as url:
        scenario(environment(url), "SQLite, one machine", SQLITE_PHONES)
    print(
        "\nasked/s: polls the phones asked for; req/s: answered (200 or 304); 304: share "
        "answered 'not modified'; res.: results entered; post max: slowest result POST; lag: "
        "from a result's POST to the first answer showing it; stale: polls sent after a "
        "result's POST returned that answered an older revision; srv cpu, gen cpu: CPU "
        "milliseconds per answered request of the server (granian or gunicorn, without "
        "PostgreSQL and Redis) and of the load generator"
    )


if __name__ == "__main__":
    main()
