"""The database and the TRF path give the same engine state (pairing/services.py)."""

from __future__ import annotations

import pytest

from pairing.engine.core.state import Board
from pairing.engine.dutch import pair_round
from pairing.engine.trf import load_trf, read_trf, write_trf
from pairing.services import state_for
from pairing.trf_import import import_state
from tests.engine.corpus import CORPUS

SAMPLE = [
    *sorted((CORPUS / "dutch-2017").glob("*.trf"))[:12:3],
    *sorted((CORPUS / "dubov-2018").glob("*.trf"))[:8:4],
    *sorted((CORPUS / "tcec").glob("*_d_*.trf"))[:2],
]


@pytest.mark.django_db
@pytest.mark.parametrize("path", SAMPLE, ids=lambda p: p.stem)
def test_import_then_state_for_gives_the_trf_state(path) -> None:
    state = load_trf(path)
    system = "tcec" if "tcec" in path.parts else ""
    tournament = import_state(state, system=system)
    rebuilt = state_for(tournament)
    assert rebuilt.players == state.players
    assert rebuilt.rounds_done == state.rounds_done
    if state.initial_colour is not None:  # without XXC: see the test below
        assert rebuilt.initial_colour == state.initial_colour
    assert rebuilt.double_rounds == state.double_rounds
    assert rebuilt.points == state.points
    # Exporting the stored tournament as TRF and reading it back gives the same tournament.
    assert read_trf(write_trf(rebuilt)).players == state.players


@pytest.mark.django_db
def test_import_without_xxc_keeps_the_initial_colour_of_round_one() -> None:
    # r09 (no XXC, as Swiss-Manager writes files): 1 was absent in round 1, 2 (E.5 number 1)
    # had black, so the lot drew black; the stored tournament must pair round 2 with it.
    path = CORPUS / "dutch-2017-regressions" / "r09_p005_generated.trf"
    state = load_trf(path)
    assert state.initial_colour is None
    tournament = import_state(state)
    assert tournament.initial_colour == "b"
    rebuilt = state_for(tournament, rounds=1)
    assert pair_round(rebuilt) == pair_round(state.truncated(1))
    assert set(pair_round(rebuilt).boards) == {Board(4, 3), Board(2, 1)}


@pytest.mark.django_db
@pytest.mark.parametrize("rounds", [0, 3])
def test_state_for_an_earlier_round_equals_the_truncated_trf(rounds: int) -> None:
    path = CORPUS / "dutch-2017" / "t0001_p038_r10_light.trf"
    state = load_trf(path)
    tournament = import_state(state)
    assert state_for(tournament, rounds=rounds).players == state.truncated(rounds).players


@pytest.mark.django_db
def test_state_for_uses_a_constant_number_of_queries(django_assert_num_queries) -> None:
    big = import_state(load_trf(CORPUS / "dutch-2017" / "t0000_p150_r09_heavy.trf"))
    small = import_state(load_trf(CORPUS / "dutch-2017" / "t0002_p023_r08_clean.trf"))
    with django_assert_num_queries(5):
        state_for(big)
    with django_assert_num_queries(5):
        state_for(small)
