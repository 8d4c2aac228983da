"""``python -m pairing`` with Baku acceleration: record 192 ``..._BAKU`` without virtual points
of its own pairs with the rule's; ``generate --baku`` writes them as ``XXA``."""

from __future__ import annotations

from pathlib import Path

import pytest

from pairing import cli
from pairing.engine import read_trf


def eight_players(header: str) -> str:
    lines = [f"001 {i:4d}      Player {i:<27}{2600 - 10 * i:4d}" for i in range(1, 9)]
    return header + "XXR 9\nXXC white1\n" + "\n".join(lines) + "\n"


def test_record_192_baku_pairs_round_one_by_groups(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Group A = 1-4 with one virtual point: 1-3, 4-2 (E.5: even pairing number takes black),
    # then group B: 5-7, 8-6 (tests/engine/test_acceleration.py works it out).
    trf = tmp_path / "baku.trf"
    trf.write_text(eight_players("012 Open\n192 FIDE_DUTCH_BAKU\n"), encoding="utf-8")
    assert cli.main(["pair", "--system", "dutch", str(trf)]) == 0
    assert capsys.readouterr().out == "4\n1 3\n4 2\n5 7\n8 6\n"


def test_without_the_baku_code_round_one_is_not_accelerated(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    trf = tmp_path / "plain.trf"
    trf.write_text(eight_players("012 Open\n192 FIDE_DUTCH_2017\n"), encoding="utf-8")
    assert cli.main(["pair", "--system", "dutch", str(trf)]) == 0
    assert capsys.readouterr().out == "4\n1 5\n6 2\n3 7\n8 4\n"


def test_baku_with_another_system_is_an_invalid_request(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    trf = tmp_path / "baku.trf"
    trf.write_text(eight_players("012 Open\n192 FIDE_DUBOV_BAKU\n"), encoding="utf-8")
    assert cli.main(["pair", "--system", "dubov", str(trf)]) == 3
    assert "Dutch system only" in capsys.readouterr().err


def test_generate_baku_writes_the_virtual_points_and_check_replays_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "g.trf"
    args = ["generate", "--system", "dutch", "--baku", "--players", "12", "--rounds", "5"]
    assert cli.main([*args, "--seed", "4", "-o", str(out)]) == 0
    # 12 players: group A = 1-6; 5 rounds: 3 accelerated, 1.0 in rounds 1-2, 0.5 in round 3.
    assert read_trf(out.read_text()).acceleration == {pid: (2, 2, 1) for pid in range(1, 7)}
    assert cli.main(["check", "--system", "dutch", str(out)]) == 0
    assert "5 rounds checked, 0 differ" in capsys.readouterr().out


def test_generate_baku_is_refused_outside_the_dutch_system(tmp_path: Path) -> None:
    out = tmp_path / "g.trf"
    args = ["generate", "--system", "dubov", "--baku", "--players", "8", "--rounds", "5"]
    assert cli.main([*args, "-o", str(out)]) == 3
    assert not out.exists()
