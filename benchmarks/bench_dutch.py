"""FIDE Dutch (C.04.3), both editions: time to pair rounds 1, 5 and 9 at 100, 500, 1,000 and
2,000 players.

For each edition and size a 9-round tournament is played with random results and no
forfeits (``generate_tournament``, fixed seed), every round paired by that edition. Rounds
1, 5 and 9 are then paired again from a fresh ``TournamentState`` (nothing cached), so a
round's time includes scores, colour preferences, float histories, the completion matching,
every bracket and the colours. Peak memory (traced Python allocations) is measured in a
separate run (tracing slows pure Python down); the time shown is the median of three runs.
Each re-pairing must equal the one the tournament recorded. The same round is then paired
once by the command line (``python -m pairing pair`` on the TRF file: start-up, reading the
file and pairing), with its wall time, CPU time and peak resident memory.

The reference is the field's C++ engine for the same edition, measured on the same 2-core
machine. Targets (2026 edition): every round under 1 s at 1,000 players and under 3 s at
2,000 in the command line, peak memory under 300 MB. They are judged on the command line's
CPU time: on a shared machine its wall time also counts the other processes' load.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from functools import partial
from pathlib import Path

from benchmarks.measure import measure
from pairing.engine import (
    GeneratorSettings,
    PairRound,
    RoundPairing,
    TournamentState,
    generate_tournament,
    pairing_system,
    same_pairing,
    write_trf,
)

EDITIONS = ("dutch-2017", "dutch-2026")
SIZES = (100, 500, 1000, 2000)
ROUNDS = 9
TIMED_ROUNDS = (1, 5, 9)
SEED = 2017
REPEATS = 3
"""Each round is timed this many times; the median is shown (the machine may be shared)."""
REFERENCE: dict[str, dict[tuple[int, int], tuple[float, float | None]]] = {
    "dutch-2017": {
        (500, 9): (0.35, None),
        (1000, 1): (22.0, None),
        (1000, 5): (3.5, None),
        (1000, 9): (2.7, None),
    },
    "dutch-2026": {
        (1000, 1): (62.0, None),
        (1000, 5): (58.0, None),
        (1000, 9): (26.5, None),
        (2000, 9): (290.0, 486.0),
    },
}
"""The C++ reference engine for each edition on the same machine: (seconds, peak MB)."""
TARGET_SECONDS = {1000: 1.0, 2000: 3.0}
TARGET_MIB = 300.0


Row = tuple[int, float, float, tuple[float, float, float]]


def run(system: str, players: int) -> list[Row]:
    """(round, seconds, peak MiB, command line (wall s, CPU s, peak RSS MB)) for the timed
    rounds of one tournament."""
    pair_round = pairing_system(system)
    settings = GeneratorSettings(players=players, rounds=ROUNDS, seed=SEED)
    full = generate_tournament(pair_round, settings)
    rows = []
    for rnd in TIMED_ROUNDS:
        before = full.truncated(rnd - 1)
        pair = partial(_pair_fresh, pair_round, before)
        timings = []
        for _ in range(REPEATS):
            pairing, seconds, _ = measure(pair, memory=False)
            if not same_pairing(pairing, full.recorded_pairing(rnd)):
                raise AssertionError(f"{system}, {players} players, round {rnd}: not reproduced")
            timings.append(seconds)
        _, _, peak = measure(pair)
        rows.append((rnd, statistics.median(timings), peak, command_line(system, before)))
    return rows


PROBE = """
import runpy, sys
system, trf, out = sys.argv[1:]
sys.argv = ["pairing", "pair", "--system", system, trf]
try:
    runpy.run_module("pairing", run_name="__main__")
finally:
    with open("/proc/self/status") as status, open(out, "w") as written:
        written.write(next(line for line in status if line.startswith("VmHWM")).split()[1])
"""
"""``python -m pairing pair`` that leaves its peak resident memory (kB, Linux) in a file: the
rusage of a child counts the parent's memory at the fork."""


def command_line(system: str, state: TournamentState) -> tuple[float, float, float]:
    """``python -m pairing pair`` on the state's TRF file: wall seconds, CPU seconds and peak
    resident memory (MB) of that process."""
    with tempfile.TemporaryDirectory() as folder:
        path, peak = Path(folder) / "round.trf", Path(folder) / "peak"
        path.write_text(write_trf(state), encoding="utf-8")
        command = [sys.executable, "-c", PROBE, system, str(path), str(peak)]
        started = time.perf_counter()
        child = subprocess.Popen(command, stdout=subprocess.DEVNULL)
        _, status, usage = os.wait4(child.pid, 0)
        wall = time.perf_counter() - started
        if os.waitstatus_to_exitcode(status):
            raise AssertionError(f"{system} on {path}: exit {os.waitstatus_to_exitcode(status)}")
        resident = int(peak.read_text()) / 1024
    return wall, usage.ru_utime + usage.ru_stime, resident


def _pair_fresh(pair_round: PairRound, state: TournamentState) -> RoundPairing:
    return pair_round(replace(state))  # a fresh state: nothing cached


def main() -> None:
    header = f"{'edition':>10} {'players':>7} {'round':>5} {'seconds':>8} {'peak MiB':>8}"
    print(f"{header} {'CLI s':>6} {'CLI CPU':>7} {'CLI MB':>6} {'reference s':>11} {'ref. MB':>7}")
    missed = []
    for system in EDITIONS:
        for players in SIZES:
            for rnd, seconds, peak, (cli_s, cli_cpu, cli_mb) in run(system, players):
                ref_s, ref_mb = REFERENCE[system].get((players, rnd), (None, None))
                shown_s = f"{ref_s:>11.2f}" if ref_s is not None else f"{'':>11}"
                shown_mb = f"{ref_mb:>7.0f}" if ref_mb is not None else f"{'':>7}"
                print(
                    f"{system:>10} {players:>7} {rnd:>5} {seconds:>8.3f} {peak:>8.1f} "
                    f"{cli_s:>6.2f} {cli_cpu:>7.2f} {cli_mb:>6.0f} {shown_s} {shown_mb}",
                    flush=True,
                )
                target = TARGET_SECONDS.get(players)
                measured = system == "dutch-2026" and target is not None
                if measured and (cli_cpu >= (target or 0) or cli_mb >= TARGET_MIB):
                    missed.append(f"{players} players round {rnd}")
    targets = ", ".join(f"under {s:g} s at {n} players" for n, s in TARGET_SECONDS.items())
    targets += " of CPU time in the command line"
    verdict = "met" if not missed else "MISSED: " + ", ".join(missed)
    print(f"target (2026 edition): every round {targets}, under {TARGET_MIB:.0f} MB: {verdict}")
