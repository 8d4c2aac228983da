"""Generated Dutch tournaments pass the checker, through the engine and the command line."""

from __future__ import annotations

from pathlib import Path

import pytest

from pairing.cli import main
from pairing.engine.dutch.system import pair_round_2017, pair_round_2026
from pairing.engine.systems import PairRound
from pairing.engine.tools.checker import check_tournament
from pairing.engine.tools.generator import GeneratorSettings, generate_tournament
from pairing.engine.trf import read_trf, write_trf


@pytest.mark.parametrize("pair_round", [pair_round_2017, pair_round_2026])
@pytest.mark.parametrize(
    ("players", "rounds", "seed", "forfeits", "byes", "unsorted"),
    [
        (11, 5, 1, 0.0, 0.0, 0.0),
        (24, 7, 2, 0.05, 0.05, 0.0),
        (41, 9, 3, 0.1, 0.08, 0.0),
        (60, 8, 4, 0.0, 0.0, 0.0),
        (13, 6, 5, 0.0, 0.0, 0.4),  # pairing numbers out of rating order
        (30, 7, 6, 0.05, 0.05, 0.3),
    ],
)
def test_generated_tournament_passes_check(
    pair_round: PairRound,
    players: int,
    rounds: int,
    seed: int,
    forfeits: float,
    byes: float,
    unsorted: float,
) -> None:
    settings = GeneratorSettings(
        players=players,
        rounds=rounds,
        seed=seed,
        forfeit_rate=forfeits,
        bye_rate=byes,
        unsorted=unsorted,
    )
    played = generate_tournament(pair_round, settings)
    assert played.rounds_done == rounds
    reread = read_trf(write_trf(played))
    assert check_tournament(reread, pair_round) == []


def test_cli_generate_then_check(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "dutch.trf"
    args = ["--system", "dutch", "--players", "30", "--rounds", "7", "--seed", "5"]
    args += ["--unsorted", "0.2"]
    assert main(["generate", *args, "--forfeit-rate", "0.05", "-o", str(path)]) == 0
    assert main(["check", "--system", "dutch", str(path)]) == 0
    assert "7 rounds checked, 0 differ" in capsys.readouterr().out
    # Every announced round is played: nothing left to pair (exit 3). Before round 7 the
    # command line pairs round 7 as the generator did.
    assert main(["pair", "--system", "dutch", str(path)]) == 3
    assert "there is no round 8 to pair" in capsys.readouterr().err
    full = read_trf(path.read_text(encoding="utf-8"))
    path.write_text(write_trf(full.truncated(6)), encoding="utf-8")
    assert main(["pair", "--system", "dutch", str(path)]) == 0
    printed = capsys.readouterr().out.splitlines()
    generated = full.recorded_pairing(7).output().splitlines()
    assert printed[0] == generated[0] and sorted(printed[1:]) == sorted(generated[1:])
