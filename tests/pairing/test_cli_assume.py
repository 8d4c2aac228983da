"""``python -m pairing pair --assume``: the next round paired as if the games of the round in
play had ended so (the small tournament of tests/engine/test_whatif.py, worked out there)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pairing import cli
from pairing.engine import Board, assume_results, write_trf
from tests.engine.test_whatif import in_play


@pytest.fixture
def trf(tmp_path: Path) -> Path:
    """Four players, round 1 (1-3 on board 1, 4-2 on board 2) without results."""
    path = tmp_path / "in-play.trf"
    path.write_text(write_trf(in_play()), encoding="utf-8")
    return path


def pair(trf: Path, *extra: str) -> int:
    return cli.main(["pair", "--system", "dutch", str(trf), *extra])


@pytest.mark.parametrize(
    ("assumed", "expected"),
    [("1:1-0,2:0-1", "2\n2 1\n3 4\n"), ("1:0-1, 2:1-0", "2\n3 4\n2 1\n")],
)
def test_it_pairs_as_if_the_games_had_ended_so(
    trf: Path, capsys: pytest.CaptureFixture[str], assumed: str, expected: str
) -> None:
    assert pair(trf, "--assume", assumed) == 0
    out = capsys.readouterr()
    assert out.out == expected
    assert "board 1 (1-3)" in out.err and "board 2 (4-2)" in out.err  # what was assumed


def test_higher_rated_wins(trf: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert pair(trf, "--assume", "higher-rated") == 0
    assert capsys.readouterr().out == "2\n2 1\n3 4\n"  # 1 beats 3, 2 beats 4


def test_a_game_not_named_counts_as_a_draw(trf: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert pair(trf, "--assume", "2:0-1") == 0
    out = capsys.readouterr()
    assert "board 1 (1-3): no result (counts as a draw" in out.err
    assert pair(trf, "--assume", "1:1/2,2:0-1") == 0
    assert capsys.readouterr().out == out.out


def test_the_file_is_not_changed(trf: Path) -> None:
    before = trf.read_text()
    assert pair(trf, "--assume", "1:1-0,2:1-0") == 0
    assert trf.read_text() == before


@pytest.mark.parametrize(
    ("assumed", "message"),
    [
        ("1:1-0,3:0-1", "invalid --assume: '3:0-1': there is no board 3 in play (boards 1-2)"),
        ("1:2-0", "invalid --assume: '1:2-0': '2-0' is not a result"),
        ("1;1-0", "invalid --assume: '1;1-0': expected BOARD:RESULT"),
        ("all", "invalid --assume: 'all': expected BOARD:RESULT"),
    ],
)
def test_a_bad_item_exits_3_naming_it(
    trf: Path, capsys: pytest.CaptureFixture[str], assumed: str, message: str
) -> None:
    assert pair(trf, "--assume", assumed) == 3
    out = capsys.readouterr()
    assert out.out == ""
    assert message in out.err


def test_without_a_game_in_play_it_exits_3(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "done.trf"
    played = assume_results(in_play(), {Board(1, 3): "1-0", Board(4, 2): "1/2"})
    path.write_text(write_trf(played), encoding="utf-8")
    assert pair(path, "--assume", "draws") == 3
    assert "every game of the last round (round 1) has a result" in capsys.readouterr().err
