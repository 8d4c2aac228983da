"""Explaining a round never changes its pairing: every round of the corpus (a sample in
``make test``, all of it in ``make corpus``) is paired by ``pair_round`` and by
``explain_round``, and the two must agree; the explanation covers exactly that pairing, every
board with one colour rule."""

from __future__ import annotations

from pathlib import Path

import pytest

from pairing.engine.core.errors import NoValidPairing
from pairing.engine.core.explain import Topic
from pairing.engine.systems import explaining_system, pairing_system
from pairing.engine.trf import load_trf
from tests.engine.corpus import corpus_params


def replay(path: Path, system: str) -> None:
    state = load_trf(path)
    pair, explain = pairing_system(system), explaining_system(system)
    step = state.columns_per_round
    for done in range(0, state.rounds_done, step):
        before = state.truncated(done)
        try:
            pairing = pair(before)
        except NoValidPairing:
            with pytest.raises(NoValidPairing):
                explain(before)
            continue
        explained, explanation = explain(before)
        where = f"{path.name}, round {before.next_round}"
        assert explained == pairing, where
        assert explanation.matches(pairing), where
        assert explanation.round_number == before.next_round, where
        for board in explanation.boards:
            colours = [r for r in board.reasons if r.topic is Topic.COLOUR]
            assert len(colours) == 1, where
        assert (explanation.bye is None) == (pairing.bye is None), where


@pytest.mark.parametrize("path", corpus_params("dubov-2018"))
def test_dubov(path: Path) -> None:
    replay(path, "dubov")


@pytest.mark.parametrize("path", corpus_params("tcec"))
def test_tcec(path: Path) -> None:
    replay(path, "tcec")


@pytest.mark.parametrize("path", corpus_params("dutch-2017"))
def test_dutch_2017(path: Path) -> None:
    replay(path, "dutch-2017")


@pytest.mark.parametrize("path", corpus_params("dutch-2017-regressions", fast_every=1))
def test_dutch_2017_regressions(path: Path) -> None:
    replay(path, "dutch-2017")


@pytest.mark.parametrize("path", corpus_params("dutch-2026"))
def test_dutch_2026(path: Path) -> None:
    replay(path, "dutch-2026")
