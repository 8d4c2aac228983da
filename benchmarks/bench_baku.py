"""FIDE Dutch with Baku acceleration (C.04.7): time to pair an accelerated 1,000-player
tournament.

A 9-round tournament is played with random results and no forfeits (``generate_tournament``
with ``baku=True``, fixed seed): group A (the first 500 players) holds one virtual point in
rounds 1-3 and half a point in rounds 4-5; round 6 on is unaccelerated. Rounds 1 (two score
groups of 500), 4 (half-point virtual points) and 6 and 9 (after acceleration) are then
paired again from a fresh state, as in ``bench_dutch``: median of three runs, peak memory in a
separate traced run, each re-pairing checked against the recorded one.
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

PLAYERS = 1000
ROUNDS = 9
TIMED_ROUNDS = (1, 4, 6, 9)
SEED = 2026
REPEATS = 3

pair_dutch = pairing_system("dutch")


def _pair_fresh(state: TournamentState) -> RoundPairing:
    return pair_dutch(replace(state))  # a fresh state: nothing cached


def main() -> None:
    settings = GeneratorSettings(players=PLAYERS, rounds=ROUNDS, seed=SEED, baku=True)
    full, generation, _ = measure(partial(generate_tournament, pair_dutch, settings), memory=False)
    group_a = len(full.acceleration)
    print(f"{PLAYERS} players, {ROUNDS} rounds, group A = {group_a} players")
    print(f"whole tournament generated (9 pairings + random results): {generation:.1f} s")
    print(f"{'round':>5} {'virtual':>7} {'seconds':>8} {'peak MiB':>8}")
    for rnd in TIMED_ROUNDS:
        before = full.truncated(rnd - 1)
        virtual = before.pairing_scores[1] - before.scores[1]
        pair = partial(_pair_fresh, before)
        timings = []
        for _ in range(REPEATS):
            pairing, seconds, _ = measure(pair, memory=False)
            if not same_pairing(pairing, full.recorded_pairing(rnd)):
                raise AssertionError(f"round {rnd}: pairing not reproduced")
            timings.append(seconds)
        _, _, peak = measure(pair)
        shown = f"{virtual / 2:g}"
        print(f"{rnd:>5} {shown:>7} {statistics.median(timings):>8.3f} {peak:>8.1f}", flush=True)
