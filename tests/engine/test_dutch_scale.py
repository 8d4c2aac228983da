"""Big Dutch fields (issue 27): the fast path (bit-mask bracket graphs, :mod:`dutch.fast`)
pairs mid-size rounds exactly like the weighted matching of every bracket (the exact path,
B.8 by construction), in both editions, on tournaments with forfeits, byes and pairing
numbers out of rating order; and it decides the big brackets itself."""

from __future__ import annotations

import random
from collections.abc import Callable
from unittest import mock

import pytest

import pairing.engine.dutch.bracket as bracket
from pairing.engine.core.state import RoundPairing, TournamentState
from pairing.engine.dutch.edition import EDITION_2017, EDITION_2026, Edition
from pairing.engine.dutch.fast import fast_pairs
from pairing.engine.dutch.graph import BracketGraph, compatibility_masks, compatibility_sets
from pairing.engine.dutch.system import pair_round
from pairing.engine.matching.bitset import bits
from pairing.engine.tools.generator import GeneratorSettings, generate_tournament
from tests.engine.test_dutch_support import random_player, rules


def played(edition: Edition, players: int, rounds: int, seed: int) -> TournamentState:
    settings = GeneratorSettings(
        players=players,
        rounds=rounds,
        seed=seed,
        forfeit_rate=0.03,
        bye_rate=0.03,
        unsorted=0.2,
    )
    return generate_tournament(lambda state: pair_round(state, edition), settings)


def counting_fast_path(
    decided: list[int],
) -> Callable[[BracketGraph], list[tuple[int, int]] | None]:
    def fast(graph: BracketGraph) -> list[tuple[int, int]] | None:
        pairs = fast_pairs(graph)
        if pairs is not None:
            decided.append(graph.size)
        return pairs

    return fast


def fast_and_exact(state: TournamentState, edition: Edition) -> tuple[RoundPairing, RoundPairing]:
    """The round paired by the engine (fast path first), then by weighted matching only."""
    decided: list[int] = []
    with mock.patch.object(bracket, "fast_pairs", counting_fast_path(decided)):
        fast = pair_round(state, edition)
    assert max(decided) >= 40, "the fast path decided no big bracket: nothing compared"
    with mock.patch.object(bracket, "fast_pairs", return_value=None):
        exact = pair_round(state, edition)
    return fast, exact


@pytest.mark.parametrize("edition", [EDITION_2017, EDITION_2026], ids=["2017", "2026"])
def test_it_pairs_300_players_like_the_weighted_matching(edition: Edition) -> None:
    state = played(edition, 300, 3, seed=11).truncated(3)
    fast, exact = fast_and_exact(state, edition)
    assert fast == exact


@pytest.mark.corpus
@pytest.mark.parametrize("edition", [EDITION_2017, EDITION_2026], ids=["2017", "2026"])
@pytest.mark.parametrize("done", [2, 5])
def test_it_pairs_600_players_like_the_weighted_matching(edition: Edition, done: int) -> None:
    state = played(edition, 600, 7, seed=27).truncated(done)
    fast, exact = fast_and_exact(state, edition)
    assert fast == exact


@pytest.mark.parametrize("seed", range(10))
def test_its_bit_masks_hold_the_pairs_c1_c3_and_b3_allow(seed: int) -> None:
    rng = random.Random(seed)
    players = [random_player(rng, pid, 4) for pid in range(1, rng.randint(9, 30))]
    barred = [(a.id, b.id) for a in players for b in players if a.id < b.id and rng.random() < 0.2]
    round_rules = rules(players, barred)
    mdps = rng.randint(0, 3)
    masks = compatibility_masks(players, round_rules, mdps)
    sets = compatibility_sets(players, round_rules, mdps)
    assert [set(bits(mask)) for mask in masks] == sets
    assert any(sets) and not all(len(s) == len(players) - 1 for s in sets)
