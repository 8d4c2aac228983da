"""Dubov (C.04.4.1, 2018): time to pair one round, 50 / 200 / 500 players.

A random tournament is played (random results from ratings, some forfeits and requested
byes, ``generate_tournament``) with 9 and with 15 rounds; every round's ``pair_round`` call
is timed from a fresh ``TournamentState`` (nothing cached), so a round's time includes
computing scores, ARO, colour preferences and float histories, the legal-pair graph, B.0-B.6
and the colours. The peak memory is traced separately on the slowest round.
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

SIZES = (50, 200, 500)
ROUNDS = (9, 15)
TARGET_SECONDS = 1.0
"""Target per round at 200 players."""

pair_dubov = pairing_system("dubov")


def run(players: int, rounds: int, seed: int = 1) -> tuple[list[float], float]:
    times: list[float] = []
    slowest: list[TournamentState] = []

    def timed(state: TournamentState) -> RoundPairing:
        state = replace(state)  # a fresh state: no cached scores
        started = time.perf_counter()
        pairing = pair_dubov(state)
        elapsed = time.perf_counter() - started
        if not times or elapsed > max(times):
            slowest[:] = [state]
        times.append(elapsed)
        return pairing

    settings = GeneratorSettings(
        players=players, rounds=rounds, seed=seed, forfeit_rate=0.02, bye_rate=0.02
    )
    generate_tournament(timed, settings)
    _, _, peak = measure(lambda: pair_dubov(replace(slowest[0])))
    return times, peak


def main() -> None:
    print(
        f"{'players':>7} {'rounds':>6} {'round 1 s':>9} {'mean s':>8} {'median s':>8} "
        f"{'max s':>8} {'total s':>8} {'peak MiB':>8}"
    )
    for players in SIZES:
        for rounds in ROUNDS:
            times, peak = run(players, rounds)
            print(
                f"{players:>7} {rounds:>6} {times[0]:>9.4f} {statistics.mean(times):>8.4f} "
                f"{statistics.median(times):>8.4f} {max(times):>8.4f} {sum(times):>8.2f} "
                f"{peak:>8.1f}",
                flush=True,
            )
    print(f"(target: under {TARGET_SECONDS} s per round at 200 players)")
