"""Big Dutch fields (issue 27): the fast path (bit-mask bracket graphs, :mod:`dutch.fast`)
pairs mid-size rounds exactly like the weighted matching of every bracket (the exact path,
B.8 by construction), in both editions, on tournaments with forfeits, byes and pairing
numbers out of rating order; and it decides the big brackets itself."""

from __future__ import annotations

from collections.abc import Callable
from unittest import mock

import pytest

import pairing.engine.dutch.bracket as bracket
from pairing.engine.core.state import RoundPairing, TournamentState
from pairing.engine.dutch.edition import EDITION_2017, EDITION_2026, Edition
from pairing.engine.dutch.fast import fast_pairs
from pairing.engine.dutch.graph import BracketGraph
from pairing.engine.dutch.system import pair_round
from pairing.engine.tools.generator import GeneratorSettings, generate_tournament


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
