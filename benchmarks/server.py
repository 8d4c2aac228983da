"""A real server on the loopback interface, for the load benchmark and the tests that need
processes (concurrent writers, killed workers, a wrong DATABASE_URL): production settings, a
fresh database (a SQLite file, or a PostgreSQL database created and dropped here), gunicorn
with gthread workers or granian, and a tiny keep-alive HTTP client that logs in like a browser.

Everything listens on 127.0.0.1 only and stops when its ``with`` block ends.
"""

from __future__ import annotations

import http.client
import json
import os
import re
import secrets
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlencode, urlsplit

ROOT = Path(__file__).resolve().parent.parent
SECRET = "loopback-only-secret-key-0123456789-abcdefghijklmnopqrstuvwxyz"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


_static: list[tempfile.TemporaryDirectory[str]] = []


def _static_root() -> str:
    """The static files, collected once per process into a temporary directory (production
    settings serve them through WhiteNoise's manifest)."""
    if not _static:
        _static.append(tempfile.TemporaryDirectory(prefix="swissmanager-static-"))
        env = environment("sqlite://", static_root=_static[0].name)
        manage(env, "collectstatic", "--noinput")
    return _static[0].name


def environment(
    database_url: str, redis_url: str = "", static_root: str = "", **extra: str
) -> dict[str, str]:
    """Production settings (no DEBUG) on plain HTTP, for the loopback only."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    env.pop("REDIS_URL", None)
    env |= {
        "DATABASE_URL": database_url,
        "DJANGO_SECRET_KEY": SECRET,
        "DJANGO_DEBUG": "0",
        "DJANGO_SECURE_SSL_REDIRECT": "0",
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost",
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "PYTHONPATH": str(ROOT),
        "DJANGO_STATIC_ROOT": static_root or _static_root(),
    }
    if redis_url:
        env["REDIS_URL"] = redis_url
    return env | extra


def manage(env: dict[str, str], *args: str) -> None:
    done = subprocess.run(
        [sys.executable, "manage.py", *args], env=env, cwd=ROOT, capture_output=True, text=True
    )
    if done.returncode:
        raise RuntimeError(f"manage.py {' '.join(args)}: {done.stderr}")


def run_python(env: dict[str, str], code: str, timeout: float = 300) -> str:
    """Run ``code`` after ``django.setup()`` in a process of its own; its standard output."""
    done = subprocess.run(
        [sys.executable, "-c", "import django; django.setup()\n" + code],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    if done.returncode:
        raise RuntimeError(done.stderr)
    return done.stdout


@contextmanager
def sqlite_database() -> Iterator[str]:
    """A migrated SQLite file in a temporary directory; its DATABASE_URL."""
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite:///{Path(tmp) / 'db.sqlite3'}"
        manage(environment(url), "migrate", "--noinput")
        yield url


@contextmanager
def postgres_database(server_url: str) -> Iterator[str]:
    """A migrated PostgreSQL database of its own on the server of ``server_url`` (dropped at
    the end); its DATABASE_URL."""
    import psycopg

    name = f"scale_{secrets.token_hex(4)}"
    parts = urlsplit(server_url)
    admin = parts._replace(path="/postgres").geturl()
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    url = parts._replace(path=f"/{name}").geturl()
    try:
        manage(environment(url), "migrate", "--noinput")
        yield url
    finally:
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def wait_until_up(port: int, path: str = "/health/", timeout: float = 60) -> None:
    """Until ``path`` answers 200 on the loopback ``port``."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            conn.request("GET", path)
            if conn.getresponse().status == 200:
                return
        except OSError:
            pass
        time.sleep(0.2)
    raise RuntimeError("the server did not start")


@dataclass
class Server:
    port: int
    process: subprocess.Popen[bytes]
    log: Path

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"


@contextmanager
def gunicorn(
    env: dict[str, str], workers: int = 2, threads: int = 8, wait: bool = True
) -> Iterator[Server]:
    """gunicorn with ``config/gunicorn.py`` (gthread) on a free loopback port."""
    port = free_port()
    command = ["-m", "gunicorn", "-c", "config/gunicorn.py", "config.wsgi"]
    command += ["--bind", f"127.0.0.1:{port}", "--workers", str(workers)]
    command += ["--threads", str(threads)]
    with _serving(command, env, port, wait) as server:
        yield server


@contextmanager
def granian(
    env: dict[str, str], workers: int = 2, threads: int = 8, wait: bool = True
) -> Iterator[Server]:
    """granian (``python -m config.granian``: Rust HTTP, the same WSGI application) on a free
    loopback port."""
    port = free_port()
    settings = {"GUNICORN_BIND": f"127.0.0.1:{port}", "WEB_CONCURRENCY": str(workers)}
    settings["GUNICORN_THREADS"] = str(threads)
    with _serving(["-m", "config.granian"], env | settings, port, wait) as server:
        yield server


SERVERS = {"gunicorn": gunicorn, "granian": granian}


@contextmanager
def _serving(command: list[str], env: dict[str, str], port: int, wait: bool) -> Iterator[Server]:
    with tempfile.NamedTemporaryFile("w+b", suffix=".log", delete=False) as log:
        process = subprocess.Popen(
            [sys.executable, *command],
            env=env,
            cwd=ROOT,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    server = Server(port, process, Path(log.name))
    try:
        if wait:
            wait_until_up(port)
        yield server
    finally:
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        server.log.unlink(missing_ok=True)


@dataclass
class Browser:
    """One keep-alive connection with cookies, like a browser without JavaScript."""

    port: int
    cookies: dict[str, str] = field(default_factory=dict)
    timeout: float = 60

    def __post_init__(self) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=self.timeout)

    def request(
        self, method: str, path: str, body: dict[str, str] | None = None, **headers: str
    ) -> tuple[int, dict[str, str], bytes]:
        all_headers = {"Host": "127.0.0.1"} | headers
        if self.cookies:
            all_headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        data = None
        if body is not None:
            data = urlencode(body)
            all_headers["Content-Type"] = "application/x-www-form-urlencoded"
            if "csrftoken" in self.cookies:
                all_headers["X-CSRFToken"] = self.cookies["csrftoken"]
        try:
            self.conn.request(method, path, data, all_headers)
            response = self.conn.getresponse()
        except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
            self.conn.close()  # a keep-alive connection the server closed: once more
            self.conn.request(method, path, data, all_headers)
            response = self.conn.getresponse()
        content = response.read()
        for value in response.headers.get_all("Set-Cookie") or []:
            name, _, rest = value.partition("=")
            self.cookies[name.strip()] = rest.split(";", 1)[0]
        return response.status, dict(response.headers.items()), content

    def get(self, path: str, **headers: str) -> tuple[int, dict[str, str], bytes]:
        return self.request("GET", path, None, **headers)

    def post(self, path: str, body: dict[str, str], **headers: str):
        return self.request("POST", path, body, **headers)

    def log_in(self, username: str, password: str) -> None:
        status, _, page = self.get("/accounts/login/")
        match = re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', page)
        assert status == 200 and match, status
        token = match.group(1).decode()
        credentials = {"username": username, "password": password}
        status, _, _ = self.post("/accounts/login/", credentials | {"csrfmiddlewaretoken": token})
        if status != 302:
            raise RuntimeError(f"login failed: {status}")

    def close(self) -> None:
        self.conn.close()


SETUP_TOURNAMENT = """
import json
from datetime import date
from django.contrib.auth.models import User
from tournaments import services
from players.models import Player
from tournaments.models import Entry, Tournament

players, rounds, system = {players}, {rounds}, "{system}"
User.objects.create_user("arbiter", password="{password}")
t = Tournament.objects.create(
    name=f"Live {{players}}", start_date=date(2026, 4, 1), end_date=date(2026, 4, 9),
    rounds=9, pairing_system=system,
)
t.arbiters.add(User.objects.get(username="arbiter"))
people = Player.objects.bulk_create(
    Player(name=f"Player {{i:04d}}", federation="USA", fide_rating=2700 - i % 1500)
    for i in range(1, players + 1)
)
Entry.objects.bulk_create(
    Entry(tournament=t, player=p, pairing_number=i, rating=p.fide_rating)
    for i, p in enumerate(people, start=1)
)
for n in range(1, rounds + 1):
    rnd = services.pair_next_round(t.pk)
    services.publish_round(rnd.pk)
    if n < rounds or {finish_last}:
        for i, game in enumerate(rnd.games.order_by("board")):
            services.set_result(game.pk, ("1-0", "1/2-1/2", "0-1")[i % 3])
games = list(rnd.games.order_by("board").values_list("pk", flat=True))
print(json.dumps({{"tournament": t.pk, "games": games, "round": rnd.number}}))
"""


def set_up_tournament(
    env: dict[str, str],
    players: int,
    rounds: int = 1,
    system: str = "tcec",
    finish_last: bool = False,
) -> dict[str, object]:
    """A user ``arbiter`` (password ``PASSWORD``) running a tournament of ``players`` with
    ``rounds`` paired: the earlier ones finished, the last one published with no result (or
    finished too: ``finish_last``).
    Returns ``{"tournament": pk, "games": [pk of each board of the last round], "round": n}``."""
    code = SETUP_TOURNAMENT.format(
        players=players, rounds=rounds, system=system, password=PASSWORD, finish_last=finish_last
    )
    out: dict[str, object] = json.loads(run_python(env, code).strip().splitlines()[-1])
    return out


PASSWORD = "a-long-loopback-password"
