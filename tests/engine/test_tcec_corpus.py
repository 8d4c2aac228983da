"""TCEC Swiss against the corpus of complete tournaments paired by a reference implementation
(tests/data/corpus/tcec, single and double rounds), and on generated tournaments."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pairing.cli import main as cli_main
from pairing.engine.core.state import TournamentState
from pairing.engine.core.violations import Violation
from pairing.engine.systems import TCEC
from pairing.engine.tcec import system as tcec
from pairing.engine.tcec.history import encounter_history
from pairing.engine.tools.checker import check_tournament
from pairing.engine.tools.generator import GeneratorSettings, generate_tournament
from pairing.engine.trf import load_trf, read_trf, write_trf
from tests.engine.corpus import assert_reproduces, corpus_params

CORPUS = corpus_params("tcec")


@pytest.mark.parametrize("path", CORPUS)
def test_corpus_pairs_colours_and_bye(path: Path) -> None:
    assert_reproduces(path, "tcec")


@pytest.mark.parametrize("path", CORPUS)
def test_corpus_playing_order_and_history_drops(path: Path) -> None:
    """The .json companion: per round the pairs in playing order (game-1 colours), the BYE,
    the rounds dropped from the encounter history before pairing it and the history length
    after it; and the drops rebuilt from the complete file."""
    state = load_trf(path)
    details = json.loads(path.with_suffix(".json").read_text(encoding="utf-8"))
    assert state.double_rounds == (details["format"] == "double")
    step = state.columns_per_round
    for rnd in details["rounds_detail"]:
        result = tcec.pair_tcec_round(state.truncated((rnd["round"] - 1) * step))
        assert result.number == rnd["round"]
        assert [[b.white, b.black] for b in result.boards] == rnd["pairs_playing_order"]
        assert result.bye == rnd["bye"]
        assert result.history_rounds_removed == rnd["history_rounds_removed"]
        live_after = len(result.history.live_rounds) - result.history_rounds_removed + 1
        assert live_after == rnd["live_history_len_after"]
    history = encounter_history(state)
    assert list(history.removed) == [r["history_rounds_removed"] for r in details["rounds_detail"]]
    assert len(history.live_rounds) == details["rounds_detail"][-1]["live_history_len_after"]


@pytest.mark.parametrize(
    ("players", "rounds", "double", "seed", "unsorted"),
    [
        (10, 9, False, 1, 0.0),
        (9, 12, False, 2, 0.0),
        (12, 14, True, 3, 0.0),
        (7, 9, True, 4, 0.0),
        (40, 11, False, 5, 0.0),
        (11, 10, False, 6, 0.4),  # pairing numbers out of rating order
        (8, 7, True, 7, 0.5),
    ],
)
def test_generated_tournament_passes_check(
    players: int, rounds: int, double: bool, seed: int, unsorted: float
) -> None:
    settings = GeneratorSettings(
        players=players, rounds=rounds, seed=seed, double_rounds=double, unsorted=unsorted
    )
    state = generate_tournament(tcec.pair_round, settings)
    assert state.rounds_done == rounds * (2 if double else 1)
    assert check_tournament(state, tcec.pair_round) == []
    reread = read_trf(write_trf(state))  # the TRF path rebuilds the same history
    assert reread.double_rounds == double
    assert encounter_history(reread) == encounter_history(state)
    assert check_tournament(reread, tcec.pair_round) == []


@pytest.mark.parametrize("double", [False, True])
def test_cli_generate_then_check(
    tmp_path: Path, double: bool, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "t.trf"
    flags = ["--double"] if double else []
    args = ["--players", "11", "--rounds", "8", "--seed", "7", "-o", str(out)]
    assert cli_main(["generate", "--system", "tcec", *flags, *args]) == 0
    assert cli_main(["check", "--system", "tcec", *flags, str(out)]) == 0
    assert "8 rounds checked, 0 differ" in capsys.readouterr().out


def _step_5_breaks(state: TournamentState) -> list[tuple[int, Violation]]:
    """The boards of each recorded round (game 1 of a double round) against STEP 5, from the
    rounds before it (the rematches TCEC allows once the history drops them are not this
    check's business)."""
    step = state.columns_per_round
    return [
        (done // step + 1, v)
        for done in range(0, state.rounds_done, step)
        for v in TCEC.preference_breaks(state.truncated(done), state.recorded_pairing(done + 1))
    ]


@pytest.mark.parametrize("path", CORPUS)
def test_corpus_pairings_never_break_step_5(path: Path) -> None:
    """The reference pairings (single and double rounds) follow STEP 5 on every board, as
    the hand-pairing check reads it: a draft the engine made is never reported as broken."""
    assert _step_5_breaks(load_trf(path)) == []


@pytest.mark.parametrize("double", [False, True])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_generated_pairings_never_break_step_5(double: bool, seed: int) -> None:
    """The engine's own random events (byes and forfeits, as in the draft review's test)."""
    settings = GeneratorSettings(
        players=15, rounds=7, seed=seed, double_rounds=double, forfeit_rate=0.05, bye_rate=0.05
    )
    state = generate_tournament(tcec.pair_round, settings)
    assert state.rounds_done == 7 * state.columns_per_round
    assert _step_5_breaks(state) == []
