"""The cost of explaining a round (issue 15: at most twice the pairing time).

A random tournament is played per system (``generate_tournament``); before every round the
state is paired by ``pair_round`` and by ``explain_round`` (the same pairing and why), each
from a fresh ``TournamentState`` and the best of ``REPEAT`` runs kept (the machine is
shared). The table gives the summed times over all rounds and the ratio explain / pair: the
whole tournament's ratio, the median round's and the worst round's (a round of a few
milliseconds is noisy).

A second table (issue 27) gives the CPU time of rounds 1 and 2 of large Dutch tournaments,
where a bracket holds thousands of players (round 1: everyone; round 2: the three score
groups), whose explanation must grow with the bracket's size, not its square.
``BENCH_EXPLAIN_ONLY=large`` runs that table alone.
"""

from __future__ import annotations

import os
import statistics
import time
from collections.abc import Callable
from dataclasses import replace
from typing import TypeVar

from pairing.engine import (
    GeneratorSettings,
    RoundPairing,
    TournamentState,
    explaining_system,
    generate_tournament,
    pairing_system,
)

REPEAT = 2
TARGET_RATIO = 2.0

CASES = (
    # (system, players, rounds, double rounds)
    ("dutch-2017", 100, 9, False),
    ("dutch-2017", 500, 9, False),
    ("dutch-2026", 100, 9, False),
    ("dutch-2026", 500, 9, False),
    ("dubov", 50, 9, False),
    ("dubov", 200, 9, False),
    ("tcec", 200, 25, False),
    ("tcec", 1000, 25, False),
    ("tcec", 200, 25, True),
)

LARGE = (
    # (system, players): rounds 1 and 2
    ("dutch-2026", 2000),
    ("dutch-2026", 6000),
)

T = TypeVar("T")


def best(fn: Callable[[], T]) -> tuple[T, float]:
    result: T | None = None
    fastest = float("inf")
    for _ in range(REPEAT):
        started = time.perf_counter()
        result = fn()
        fastest = min(fastest, time.perf_counter() - started)
    assert result is not None
    return result, fastest


def run(system: str, players: int, rounds: int, double: bool) -> tuple[float, float, list[float]]:
    """(pairing seconds, explaining seconds, each round's ratio) over the tournament."""
    pair, explain = pairing_system(system), explaining_system(system)
    paired = explained = 0.0
    ratios: list[float] = []

    def timed(state: TournamentState) -> RoundPairing:
        nonlocal paired, explained
        pairing, t_pair = best(lambda: pair(replace(state)))
        (again, _), t_explain = best(lambda: explain(replace(state)))
        assert again == pairing, "explaining changed the pairing"
        paired += t_pair
        explained += t_explain
        ratios.append(t_explain / t_pair)
        return pairing

    settings = GeneratorSettings(
        players=players, rounds=rounds, seed=1, double_rounds=double, draw_rate=0.3
    )
    generate_tournament(timed, settings)
    return paired, explained, ratios


def cpu(fn: Callable[[], T]) -> tuple[T, float]:
    """``fn``'s result and its CPU time, the best of ``REPEAT`` runs."""
    result: T | None = None
    fastest = float("inf")
    for _ in range(REPEAT):
        started = time.process_time()
        result = fn()
        fastest = min(fastest, time.process_time() - started)
    assert result is not None
    return result, fastest


def large(system: str, players: int) -> list[tuple[int, float, float]]:
    """(round, pairing CPU seconds, explaining CPU seconds) of rounds 1 and 2."""
    pair, explain = pairing_system(system), explaining_system(system)
    rows: list[tuple[int, float, float]] = []

    def timed(state: TournamentState) -> RoundPairing:
        pairing, t_pair = cpu(lambda: pair(replace(state)))
        (again, _), t_explain = cpu(lambda: explain(replace(state)))
        assert again == pairing, "explaining changed the pairing"
        rows.append((state.next_round, t_pair, t_explain))
        return pairing

    generate_tournament(timed, GeneratorSettings(players=players, rounds=2, seed=1))
    return rows


def main_large() -> None:
    print(f"{'system':>10} {'players':>7} {'round':>5} {'pair cpu':>8} {'explain cpu':>11}")
    for system, players in LARGE:
        for rnd, t_pair, t_explain in large(system, players):
            print(
                f"{system:>10} {players:>7} {rnd:>5} {t_pair:>8.2f} {t_explain:>11.2f}",
                flush=True,
            )


def main() -> None:
    if os.environ.get("BENCH_EXPLAIN_ONLY") == "large":
        main_large()
        return
    print(
        f"{'system':>10} {'players':>7} {'rounds':>6} {'pair s':>8} {'explain s':>9} "
        f"{'ratio':>6} {'median':>6} {'worst':>6}"
    )
    for system, players, rounds, double in CASES:
        paired, explained, ratios = run(system, players, rounds, double)
        name = f"{system}{'-2x' if double else ''}"
        print(
            f"{name:>10} {players:>7} {rounds:>6} {paired:>8.2f} {explained:>9.2f} "
            f"{explained / paired:>6.2f} {statistics.median(ratios):>6.2f} {max(ratios):>6.2f}",
            flush=True,
        )
    print(f"(target: explaining costs at most {TARGET_RATIO:g} times the pairing)")
    print()
    main_large()
