"""``python -m pairing standings`` on TRF files: the ranking, every value, record 202."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from pairing.cli import main
from pairing.engine.core.state import TournamentInfo
from pairing.engine.trf import write_trf
from tests.engine.test_tiebreaks_us import U


def _file(tmp_path: Path, record_202: str = "") -> Path:
    players = tuple(replace(p, name=f"Player {p.id}") for p in U.players)
    state = replace(U, players=players, info=TournamentInfo(name="Test", tie_breaks=record_202))
    path = tmp_path / "u.trf"
    path.write_text(write_trf(state, version=26), encoding="utf-8")
    return path


def _rows(out: str) -> list[list[str]]:
    lines = out.splitlines()
    assert set(lines[1]) == {"-"}
    return [line.split() for line in lines[2:]]


def test_us_default_order_table(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The section of test_tiebreaks_us: P1 7 half-points, then P6 and P4 on 5 split by the
    Modified Median (14 and 7 half-points: 7.0 and 3.5), P3, P2, P5. The values are those
    derived there: P6 MM 7.0, Solkoff 7.0, Cumulative 6.0, Cum. of opposition 18.5."""
    assert main(["standings", str(_file(tmp_path)), "--tiebreaks", "us-default"]) == 0
    out = capsys.readouterr().out
    header = out.splitlines()[0].split()
    assert header == ["Rk", "SNo", "Name", "Rtg", "Pts", "US-MM", "US-SOLK", "US-CUM", "US-OPCUM"]
    rows = _rows(out)
    assert [r[1] for r in rows] == ["1", "6", "4", "3", "2", "5"]
    assert rows[1] == ["2", "6", "Player", "6", "1300", "2.5", "7.0", "7.0", "6.0", "18.5"]
    assert rows[0][:5] == ["1", "1", "Player", "1", "1800"]


def test_record_202_is_read(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Without --tiebreaks the file's record 202 (here BH/C1,SB) gives the columns. P4 and P6
    have 2.5 each; C.07 2023 Buchholz in half-points: BH(P4) = P1 7 + three dummies of P4's own
    5 (forfeit win; H, category 3 since the U after it is not a VUR; U) = 22, Cut-1 drops a 5
    (the H, a VUR not lower than the least term, 16.5) -> 17 = 8.5. BH(P6) = P3 4 (the H
    counts with its point, 16.3) + dummy 5 (U) + P2 3 + P1 7 = 19, Cut-1 drops P2's 3 (no VUR)
    -> 16 = 8.0. P4 ranks ahead of P6."""
    assert main(["standings", str(_file(tmp_path, "BH/C1,SB"))]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].split()[-2:] == ["BH-C1", "SB"]
    rows = _rows(out)
    assert [r[1] for r in rows][:3] == ["1", "4", "6"]
    assert rows[1][6] == "8.5" and rows[2][6] == "8.0"


def test_bad_codes_exit_3(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["standings", str(_file(tmp_path)), "--tiebreaks", "BH,NOPE"]) == 3
    assert "NOPE" in capsys.readouterr().err


def test_score_only_without_any_list(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """No --tiebreaks, no record 202: by score only; P4 and P6 share the rank 2, P3 is 4th."""
    assert main(["standings", str(_file(tmp_path))]) == 0
    captured = capsys.readouterr()
    assert captured.err == "no tie-breaks given (--tiebreaks) nor in record 202: by score only\n"
    rows = _rows(captured.out)
    assert [r[0] for r in rows] == ["1", "2", "2", "4", "5", "6"]


@pytest.mark.parametrize("record_202", ["BH/C1,SB", ""])
def test_an_empty_tiebreaks_list_does_not_deny_record_202(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], record_202: str
) -> None:
    """``--tiebreaks ""`` ranks by score only and said "nor in record 202" even when the file
    has one: the message now says the empty list was given and names the record it overrides."""
    assert main(["standings", str(_file(tmp_path, record_202)), "--tiebreaks", ""]) == 0
    captured = capsys.readouterr()
    unused = " (record 202's BH/C1,SB not used)" if record_202 else ""
    assert captured.err == f"--tiebreaks is empty: by score only{unused}\n"
    assert captured.out.splitlines()[0].split() == ["Rk", "SNo", "Name", "Rtg", "Pts"]
