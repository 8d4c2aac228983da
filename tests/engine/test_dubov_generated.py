"""Generated Dubov tournaments: every round re-pairs identically (``check``), the absolute
criteria hold, and the command line's ``generate``/``check``/``pair`` work for Dubov."""

from __future__ import annotations

from pathlib import Path

import pytest

from pairing import cli
from pairing.engine.core.state import TournamentState
from pairing.engine.dubov import system as dubov
from pairing.engine.dubov.players import dubov_players
from pairing.engine.tools.checker import check_tournament
from pairing.engine.tools.generator import GeneratorSettings, generate_tournament
from pairing.engine.trf import load_trf, write_trf


def assert_absolute_criteria(state: TournamentState) -> None:
    """C.1-C.3 in every round of a finished tournament."""
    for done in range(state.rounds_done):
        before = state.truncated(done)
        players = dubov_players(before)
        recorded = state.recorded_pairing(done + 1)
        for board in recorded.boards:
            assert before.may_meet(board.white, board.black)  # C.1
            pw, pb = players[board.white].preference, players[board.black].preference
            assert not (pw.absolute and pb.absolute and pw.colour is pb.colour)  # C.3
        if recorded.bye is not None:
            assert players[recorded.bye].bye_allowed  # C.2


@pytest.mark.parametrize(
    "settings",
    [
        GeneratorSettings(players=30, rounds=9, seed=1),
        GeneratorSettings(players=41, rounds=11, seed=2, forfeit_rate=0.05, bye_rate=0.05),
        GeneratorSettings(players=12, rounds=9, seed=3, forfeit_rate=0.1),
        GeneratorSettings(players=30, rounds=9, seed=4, unsorted=0.3),
        GeneratorSettings(players=17, rounds=8, seed=5, forfeit_rate=0.05, unsorted=0.5),
    ],
    ids=["30x9", "41x11-forfeits-byes", "12x9", "30x9-unsorted", "17x8-forfeits-unsorted"],
)
def test_generated_tournament_passes_check(settings: GeneratorSettings) -> None:
    state = generate_tournament(dubov.pair_round, settings)
    assert state.rounds_done == settings.rounds
    assert check_tournament(state, dubov.pair_round) == []
    assert_absolute_criteria(state)


def test_command_line_generate_check_pair(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "dubov.trf"
    args = ["--system", "dubov"]
    size = ["--players", "21", "--rounds", "7", "--unsorted", "0.3"]
    assert cli.main(["generate", *args, *size, "-o", str(out)]) == 0
    assert cli.main(["check", *args, str(out)]) == 0
    assert "7 rounds checked, 0 differ" in capsys.readouterr().out
    # ``pair`` on the tournament as it stood before round 7 prints the recorded pairing.
    state = load_trf(out)
    before = tmp_path / "before-7.trf"
    before.write_text(write_trf(state.truncated(6)), encoding="utf-8")
    assert cli.main(["pair", *args, str(before)]) == 0
    printed = capsys.readouterr().out.split("\n")[1:-1]
    pairs = {tuple(int(x) for x in line.split()) for line in printed}
    recorded = state.recorded_pairing(7)
    assert pairs == set(recorded.pairs) | ({(recorded.bye, 0)} if recorded.bye else set())
