""" "No legal pairing" is said only when none exists, and a pairing the engine makes breaks no
absolute rule — checked on small random tournaments against an exhaustive search.

The oracle is independent of the engines: every way to pair the available players (every
matching, every bye, both colours on every board) is tried against the C.04.1 rules the
checker lists (``new_violations`` against an empty pairing: b no rematch, d no second bye, f
colour difference at most 2, g never three times the same colour, and the bookkeeping). In a
round that is not the last one, these are exactly the absolute criteria of the Dutch system
(2017 C.1–C.3, 2026 C1–C3: no topscorer exception yet) and of Dubov (C.1–C.3). (Not TCEC:
it drops old meetings from the history when a round cannot be paired without a rematch.)

Histories come from random tournaments (3–8 players, as many rounds as players + 1, forfeits
and requested byes) played by the system under test; each round is then re-paired from the
tournament truncated before it.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from dataclasses import replace

import pytest

from pairing.engine import (
    ALL_RULES,
    Board,
    GeneratorSettings,
    NoValidPairing,
    RoundPairing,
    TournamentState,
    generate_tournament,
    new_violations,
    pairing_system,
)

NOTHING = RoundPairing((), None)
TOURNAMENTS = 40


def pairings(players: list[int]) -> Iterator[tuple[list[tuple[int, int]], int | None]]:
    """Every way to split ``players`` into pairs (and one bye when odd)."""
    if len(players) % 2:
        for bye in players:
            for pairs in _matchings([p for p in players if p != bye]):
                yield pairs, bye
    else:
        for pairs in _matchings(players):
            yield pairs, None


def _matchings(players: list[int]) -> Iterator[list[tuple[int, int]]]:
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for partner in rest:
        others = [p for p in rest if p != partner]
        for pairs in _matchings(others):
            yield [(first, partner), *pairs]


def legal_pairing(state: TournamentState) -> RoundPairing | None:
    """A pairing of the next round that breaks none of the rules, found by trying them all."""
    colourless = ALL_RULES - {"C.04.1.f", "C.04.1.g"}
    for pairs, bye in pairings([p.id for p in state.available]):
        as_drawn = RoundPairing(tuple(Board(*p) for p in pairs), bye)
        if new_violations(state, NOTHING, as_drawn, colourless):
            continue  # a rematch or a second bye, whatever the colours
        for flips in itertools.product((False, True), repeat=len(pairs)):
            boards = tuple(
                Board(b, a) if flip else Board(a, b)
                for (a, b), flip in zip(pairs, flips, strict=True)
            )
            candidate = RoundPairing(boards, bye)
            if not new_violations(state, NOTHING, candidate, ALL_RULES):
                return candidate
    return None


def histories(system: str, seed: int) -> Iterator[tuple[TournamentState, bool]]:
    """(The tournament before a round, whether that round is the last) for random small
    tournaments played by ``system``: every round it played, and the round after the longest
    prefix it could play (where it said "no legal pairing", or one round more)."""
    rng = random.Random(seed)
    for _ in range(TOURNAMENTS):
        players = rng.randint(3, 8)
        announced = rng.randint(2, players + 1)
        seed = rng.randrange(10**9)
        settings = GeneratorSettings(
            players=players,
            rounds=announced,
            seed=seed,
            # Pairing numbers out of rating order in two tournaments of three.
            unsorted=(0.0, 0.3, 0.6)[seed % 3],
            forfeit_rate=rng.choice([0.0, 0.1, 0.25]),
            bye_rate=rng.choice([0.0, 0.1, 0.3]),
        )
        for rounds in range(announced, 0, -1):  # the longest prefix the system can play
            try:
                full = generate_tournament(pairing_system(system), replace(settings, rounds=rounds))
                break
            except NoValidPairing:
                continue
        else:
            full = None
        if full is None:
            continue
        full = replace(full, total_rounds=announced + 1)
        for done in range(full.rounds_done + 1):
            yield full.truncated(done), done + 1 == announced + 1


@pytest.mark.parametrize(
    ("system", "seed"), [("dutch-2017", 2017), ("dutch-2026", 2026), ("dubov", 2018)]
)
def test_no_legal_pairing_only_when_none_exists(system: str, seed: int) -> None:
    pair_round = pairing_system(system)
    refused = paired = 0
    """Rounds paired; rounds refused before the last one (where the search decides)."""
    for state, last in histories(system, seed):
        if len(state.available) < 2:
            continue
        try:
            pairing = pair_round(state)
        except NoValidPairing:
            if not last:  # the last round may pair topscorers against colour rules (A.7)
                refused += 1
                assert legal_pairing(state) is None, (system, state)
            continue
        paired += 1
        if not last:
            assert new_violations(state, NOTHING, pairing, ALL_RULES) == [], (system, state)
    assert paired > 100
    assert refused >= 10  # the search decided something
