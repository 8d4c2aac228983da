"""A worker killed (SIGKILL: no cleanup, no exception handler) in the middle of pairing a round
or of importing a large TRF leaves nothing half-written, and the next request works: the
tournament lock is gone with the process, the database rolls the open transaction back.

Each test runs the real service in a process of its own, on a fresh database of the suite's
kind (a SQLite file or a PostgreSQL database), and kills it at a known point inside the
transaction: a wrapper around one step writes a marker file once that step has written its
rows, then sleeps; the test waits for the marker and kills the process."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from benchmarks.server import ROOT, environment, run_python, set_up_tournament

pytestmark = pytest.mark.live_server

WAIT_THEN_SLEEP = """
import pathlib, time
def stop_here():
    pathlib.Path({marker!r}).write_text("inside the transaction")
    time.sleep(120)  # killed here
"""


def kill_when_inside(env: dict[str, str], code: str, marker: Path) -> None:
    """Run ``code`` in a process; SIGKILL it once ``marker`` exists."""
    process = subprocess.Popen(
        [sys.executable, "-c", "import django; django.setup()\n" + code],
        env=env,
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    deadline = time.monotonic() + 120
    while not marker.exists():
        if process.poll() is not None:
            raise AssertionError(process.stderr.read().decode() if process.stderr else "")
        assert time.monotonic() < deadline, "never reached the point to be killed at"
        time.sleep(0.05)
    process.send_signal(signal.SIGKILL)
    process.wait(timeout=30)
    assert process.returncode == -signal.SIGKILL


GENERATE = ["--players", "1000", "--rounds", "9", "--seed", "7", "-o"]
COUNTS = """
import json
from players.models import Player
from tournaments.models import Bye, Entry, Game, Round, Tournament
print(json.dumps({
    "tournaments": Tournament.objects.count(), "players": Player.objects.count(),
    "entries": Entry.objects.count(), "rounds": Round.objects.count(),
    "games": Game.objects.count(), "byes": Bye.objects.count(),
}))
"""


def counts(env: dict[str, str]) -> dict[str, int]:
    out: dict[str, int] = json.loads(run_python(env, COUNTS).strip().splitlines()[-1])
    return out


def test_a_worker_killed_while_pairing_leaves_no_half_round(
    database_url: str, tmp_path: Path
) -> None:
    env = environment(database_url)
    live = set_up_tournament(env, players=301, rounds=1, finish_last=True)
    before = counts(env)
    marker = tmp_path / "inside"
    pair = (
        WAIT_THEN_SLEEP.format(marker=str(marker))
        + f"""
from tournaments import drafts, services
write = drafts.write_pairing
def write_then_stop(*args, **kwargs):
    write(*args, **kwargs)  # the boards and the bye of round 2 are written...
    stop_here()  # ...and the transaction is still open
drafts.write_pairing = write_then_stop
services.pair_next_round({live["tournament"]})
"""
    )
    kill_when_inside(env, pair, marker)
    assert counts(env) == before  # no round 2, no board, no bye

    again = run_python(
        env,
        "from tournaments import services\n"
        f"rnd = services.pair_next_round({live['tournament']}, expected_round=2)\n"
        "print(rnd.number, rnd.games.count())",
    )
    assert again.split() == ["2", "150"]  # the lock died with the process


def test_a_worker_killed_while_importing_a_large_trf_leaves_nothing(
    database_url: str, tmp_path: Path
) -> None:
    env = environment(database_url)
    trf = tmp_path / "large.trf"
    subprocess.run(
        [sys.executable, "-m", "pairing", "generate", "--system", "tcec", *GENERATE, str(trf)],
        cwd=ROOT,
        check=True,
        timeout=300,
    )
    run_python(
        env, "from django.contrib.auth.models import User; User.objects.create(username='a')"
    )
    before = counts(env)
    marker = tmp_path / "inside"
    load = (
        WAIT_THEN_SLEEP.format(marker=str(marker))
        + f"""
from django.contrib.auth.models import User
from tournaments import lifecycle
from tournaments.models import Bye
bulk_create = Bye.objects.bulk_create
calls = []
def bulk_create_then_stop(*args, **kwargs):
    done = bulk_create(*args, **kwargs)
    calls.append(1)
    if len(calls) == 5:  # 1,000 players, their entries and five rounds are written
        stop_here()
    return done
Bye.objects.bulk_create = bulk_create_then_stop
lifecycle.import_trf(open({str(trf)!r}).read(), User.objects.get().pk, system="tcec")
"""
    )
    kill_when_inside(env, load, marker)
    assert (
        counts(env)
        == before
        == {
            "tournaments": 0,
            "players": 0,
            "entries": 0,
            "rounds": 0,
            "games": 0,
            "byes": 0,
        }
    )

    again = run_python(
        env,
        "from django.contrib.auth.models import User\nfrom tournaments import lifecycle\n"
        f"t = lifecycle.import_trf(open({str(trf)!r}).read(), User.objects.get().pk, 'x', 'tcec')\n"
        "print(t.entries.count(), t.round_set.count())",
    )
    assert again.split() == ["1000", "9"]
