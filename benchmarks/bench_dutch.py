"""FIDE Dutch (C.04.3, 2017): time to pair rounds 1, 5 and 9 at 100, 500 and 1,000 players.

For each size a 9-round tournament is played with random results and no forfeits
(``generate_tournament``, fixed seed), every round paired by the Dutch engine. Rounds 1, 5
and 9 are then paired again from a fresh ``TournamentState`` (nothing cached), so a round's
time includes scores, colour preferences, float histories, the completion matching, every
bracket and the colours. Peak memory is traced in a separate run (tracing slows pure
Python down); the time shown is the median of three runs. Each re-pairing must equal the one
the tournament recorded.

The reference is the field's C++ engine for this edition, measured on the same 2-core
machine; the target is under 8 s for every round at 1,000 players.
"""

from __future__ import annotations

import statistics
from dataclasses import replace
from functools import partial

from benchmarks.measure import measure
from pairing.engine import (
    GeneratorSettings,
    RoundPairing,
    TournamentState,
    generate_tournament,
    pairing_system,
    same_pairing,
)

SIZES = (100, 500, 1000)
ROUNDS = 9
TIMED_ROUNDS = (1, 5, 9)
SEED = 2017
REPEATS = 3
"""Each round is timed this many times; the median is shown (the machine may be shared)."""
REFERENCE_SECONDS = {(500, 9): 0.35, (1000, 1): 22.0, (1000, 5): 3.5, (1000, 9): 2.7}
"""The C++ reference engine on the same machine (seconds)."""
TARGET_SECONDS = 8.0

pair_dutch = pairing_system("dutch")


def run(players: int) -> list[tuple[int, float, float]]:
    """(round, seconds, peak MiB) for the timed rounds of one tournament."""
    settings = GeneratorSettings(players=players, rounds=ROUNDS, seed=SEED)
    full = generate_tournament(pair_dutch, settings)
    rows = []
    for rnd in TIMED_ROUNDS:
        before = full.truncated(rnd - 1)
        pair = partial(_pair_fresh, before)
        timings = []
        for _ in range(REPEATS):
            pairing, seconds, _ = measure(pair, memory=False)
            if not same_pairing(pairing, full.recorded_pairing(rnd)):
                raise AssertionError(f"{players} players, round {rnd}: pairing not reproduced")
            timings.append(seconds)
        _, _, peak = measure(pair)
        rows.append((rnd, statistics.median(timings), peak))
    return rows


def _pair_fresh(state: TournamentState) -> RoundPairing:
    return pair_dutch(replace(state))  # a fresh state: nothing cached


def main() -> None:
    print(f"{'players':>7} {'round':>5} {'seconds':>8} {'peak MiB':>8} {'reference s':>11}")
    worst = 0.0
    for players in SIZES:
        for rnd, seconds, peak in run(players):
            reference = REFERENCE_SECONDS.get((players, rnd))
            shown = f"{reference:>11.2f}" if reference is not None else f"{'':>11}"
            print(f"{players:>7} {rnd:>5} {seconds:>8.3f} {peak:>8.1f} {shown}", flush=True)
            if players == SIZES[-1]:
                worst = max(worst, seconds)
    verdict = "met" if worst < TARGET_SECONDS else "MISSED"
    print(f"target: every round under {TARGET_SECONDS:.0f} s at {SIZES[-1]} players: {verdict}")
