"""Big fields (issue 27): round 1 and round 2 of 1,000 / 2,000 / 5,000 / 9,998-player
tournaments, both Dutch editions, Dubov and TCEC, on the command line.

Each round is one ``python -m pairing pair --no-limit`` process on a TRF file: wall time, CPU
time and peak resident memory (the process's own, ``getrusage``), start-up and reading the
file included. Round 1 is the registration (everyone on 0, no history); round 2 follows a
round 1 paired S1 against S2 (the first half against the second, C.04.3 B.1-B.2, the higher
number of each board white on odd boards) with random results (fixed seed: 45 % wins for
white, 25 % draws). A run past ``CPU_LIMIT`` CPU seconds or ``MEMORY`` bytes of address space
is stopped and shown as such. 9,998 players: TRF16 and TRF26 both number players with four
digits (1-9999).

Both Dutch and both Dubov editions and TCEC are also timed on every round of a 9-round
tournament (:func:`every_round`): the engine plays it with random results (``generate_tournament``,
fixed seed, 2 % forfeits and 2 % requested byes) and each round is paired by the command line
from the file as it stood before that round.

``python -m benchmarks scale`` runs everything (long); ``SCALE_SIZES=1000,2000`` and
``SCALE_SYSTEMS=dutch-2026`` pick a part.
"""

from __future__ import annotations

import os
import random
import resource
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from pairing.engine import (
    GeneratorSettings,
    generate_tournament,
    pairing_system,
    with_system_record,
    write_trf,
)

SYSTEMS = ("dutch-2017", "dutch-2026", "dubov", "tcec")
SIZES = (1000, 2000, 5000, 9998)
CPU_LIMIT = 120
"""CPU seconds a run may use (a shared machine stretches wall time, not CPU time)."""
TIMEOUT = 1800.0
MEMORY = 6 * 2**30
SEED = 27
ROOT = Path(__file__).resolve().parent.parent


def player_line(n: int, points: str, cell: str = "") -> str:
    rating = 2800 - n * 2000 // 10000
    name = f"Player {n:04d}"
    line = f"001 {n:4d}{'':6s}{name:<33s} {rating:4d} FID{'':24s}{points:>4s} {n:4d}"
    return f"{line}  {cell}" if cell else line


def registration(count: int) -> str:
    """Round 1's input: ``count`` players, no game yet."""
    lines = ["012 Scale benchmark", "XXR 9", "XXC white1"]
    lines += [player_line(n, "0.0") for n in range(1, count + 1)]
    return "\n".join(lines) + "\n"


def after_round_one(count: int, seed: int = SEED) -> str:
    """Round 2's input: round 1 paired S1 against S2, random results."""
    rng = random.Random(seed)
    half = count // 2
    cells: dict[int, tuple[str, float]] = {}
    for k in range(1, half + 1):
        upper, lower = k, half + k
        white, black = (upper, lower) if k % 2 else (lower, upper)
        draw = rng.random()
        result = "1" if draw < 0.45 else "=" if draw < 0.7 else "0"
        other = {"1": "0", "=": "=", "0": "1"}[result]
        score = {"1": 1.0, "=": 0.5, "0": 0.0}
        cells[white] = (f"{black:4d} w {result}", score[result])
        cells[black] = (f"{white:4d} b {other}", score[other])
    if count % 2:
        cells[count] = ("0000 - U", 1.0)
    lines = ["012 Scale benchmark", "XXR 9", "XXC white1"]
    lines += [player_line(n, f"{cells[n][1]:.1f}", cells[n][0]) for n in range(1, count + 1)]
    return "\n".join(lines) + "\n"


def _limits() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))
    resource.setrlimit(resource.RLIMIT_CPU, (CPU_LIMIT, CPU_LIMIT))


RUSAGE = (
    "import resource, subprocess, sys; done = subprocess.run(sys.argv[1:]); "
    "used = resource.getrusage(resource.RUSAGE_CHILDREN); "
    "print(f'@@ {used.ru_utime + used.ru_stime} {used.ru_maxrss} {done.returncode}', "
    "file=sys.stderr)"
)
"""A wrapper process whose only child is the pairing: its CPU time and peak resident memory."""


def pair_once(system: str, path: Path) -> str:
    """One command-line pairing: 'wall s, CPU s, peak MiB', or why it stopped."""
    started = time.perf_counter()
    command = [sys.executable, "-m", "pairing", "pair", "--system", system, "--no-limit"]
    try:
        done = subprocess.run(
            [sys.executable, "-c", RUSAGE, *command, str(path)],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=TIMEOUT,
            preexec_fn=_limits,
        )
    except subprocess.TimeoutExpired:
        return f"over {TIMEOUT:.0f} s"
    wall = time.perf_counter() - started
    *errors, usage = done.stderr.strip().splitlines() or [""]
    if not usage.startswith("@@ "):
        return f"failed ({' '.join(errors)[-60:]})"
    code = int(usage.split()[3])
    if code in (-signal.SIGXCPU, -signal.SIGKILL):
        return f"over {CPU_LIMIT} s CPU"
    if code != 0:
        text = " ".join(errors)
        return f"failed ({'out of memory' if 'MemoryError' in text else text[-60:]})"
    cpu, peak = float(usage.split()[1]), int(usage.split()[2]) / 1024
    return f"{wall:6.1f} s wall {cpu:6.1f} s CPU {peak:7.0f} MiB"


def main() -> None:
    sizes = [int(s) for s in os.environ.get("SCALE_SIZES", "").split(",") if s] or SIZES
    custom = [s for s in os.environ.get("SCALE_SYSTEMS", "").split(",") if s]
    systems = custom or SYSTEMS
    print(f"{'system':<11} {'players':>7}  {'round 1':<36} round 2")
    with tempfile.TemporaryDirectory() as folder:
        for count in sorted(sizes):
            first = Path(folder, f"r1-{count}.trf")
            first.write_text(registration(count))
            second = Path(folder, f"r2-{count}.trf")
            second.write_text(after_round_one(count))
            for system in systems:
                one = pair_once(system, first)
                two = pair_once(system, second)
                print(f"{system:<11} {count:>7,}  {one:<36} {two}", flush=True)
    every_round(sizes, [s for s in systems if s in EVERY_ROUND] if custom else EVERY_ROUND)


EVERY_ROUND = ("dutch-2017", "dutch-2026", "dubov-2018", "dubov-2026", "tcec")
"""The systems :func:`every_round` times round by round."""
ROUNDS = 9


def tournament_files(system: str, count: int, folder: Path) -> list[Path]:
    """One TRF file per round of a 9-round ``system`` tournament of ``count`` players played
    by the engine: the tournament as it stood before that round."""
    settings = GeneratorSettings(
        players=count, rounds=ROUNDS, seed=SEED, forfeit_rate=0.02, bye_rate=0.02
    )
    state = with_system_record(generate_tournament(pairing_system(system), settings), system)
    paths = []
    for done in range(ROUNDS):
        path = Path(folder, f"{system}-{count}-r{done + 1}.trf")
        path.write_text(write_trf(state.truncated(done)))
        paths.append(path)
    return paths


def every_round(sizes: list[int] | tuple[int, ...], systems: tuple[str, ...] | list[str]) -> None:
    """Time and peak memory of each round of Dutch, Dubov and TCEC tournaments (issue 27)."""
    if not systems:
        return
    print(f"\n{'system':<11} {'players':>7} {'round':>5}  command-line pairing")
    with tempfile.TemporaryDirectory() as folder:
        for count in sorted(sizes):
            for system in systems:
                for number, path in enumerate(tournament_files(system, count, Path(folder)), 1):
                    used = pair_once(system, path)
                    print(f"{system:<11} {count:>7,} {number:>5}  {used}", flush=True)
