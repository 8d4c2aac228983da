"""TCEC Swiss: time to pair one round, 50 / 200 / 1,000 players, 25 rounds, single and double.

A random tournament is played (random results from ratings, ``generate_tournament``); every
round's ``pair_round`` call is timed from a fresh ``TournamentState`` (nothing cached), so a
round's time includes reading the stored rounds, rebuilding the encounter history, STEP 1-5
and the playing order. Each round is paired ``REPEAT`` times and the best time kept (the
machine is shared). The peak memory is traced separately on the last round.
"""

from __future__ import annotations

import statistics
import time
from dataclasses import replace

from benchmarks.measure import measure
from pairing.engine import (
    GeneratorSettings,
    RoundPairing,
    TournamentState,
    generate_tournament,
    pairing_system,
)

SIZES = (50, 200, 1000)
ROUNDS = 25
REPEAT = 3
TARGET_SECONDS = 0.1
"""Target per round at 1,000 players."""

pair_tcec = pairing_system("tcec")


def run(players: int, double: bool, seed: int = 1) -> tuple[list[float], float]:
    times: list[float] = []
    last: list[TournamentState] = []

    def timed(state: TournamentState) -> RoundPairing:
        best = float("inf")
        for _ in range(REPEAT):
            fresh = replace(state)  # nothing cached
            started = time.perf_counter()
            pairing = pair_tcec(fresh)
            best = min(best, time.perf_counter() - started)
        times.append(best)
        last[:] = [state]
        return pairing

    settings = GeneratorSettings(players=players, rounds=ROUNDS, seed=seed, double_rounds=double)
    generate_tournament(timed, settings)
    _, _, peak = measure(lambda: pair_tcec(replace(last[0])))
    return times, peak


def main() -> None:
    print(
        f"{'players':>7} {'format':>6} {'rounds':>6} {'mean s':>8} {'median s':>8} "
        f"{'max s':>8} {'total s':>8} {'peak MiB':>8}"
    )
    for players in SIZES:
        for double in (False, True):
            times, peak = run(players, double)
            print(
                f"{players:>7} {'double' if double else 'single':>6} {len(times):>6} "
                f"{statistics.mean(times):>8.4f} {statistics.median(times):>8.4f} "
                f"{max(times):>8.4f} {sum(times):>8.2f} {peak:>8.1f}",
                flush=True,
            )
    print(f"(target: under {TARGET_SECONDS} s per round at 1,000 players)")
