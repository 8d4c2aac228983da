"""``python -m pairing``: output convention, exit codes, check and generate plumbing."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from pairing import cli
from pairing.engine.core.errors import NoValidPairing
from pairing.engine.core.state import Board, RoundPairing, TournamentState
from pairing.engine.trf import load_trf, write_trf
from tests.engine.corpus import CORPUS
from tests.engine.test_trf import p001

ROOT = Path(__file__).resolve().parent.parent.parent
FILE = CORPUS / "dutch-2017" / "t0002_p023_r08_clean.trf"


def before_last_round(tmp_path: Path) -> Path:
    """FILE as it stood before its last round (8 of XXR 8) was paired: a round to pair."""
    path = tmp_path / "r07.trf"
    path.write_text(write_trf(load_trf(FILE).truncated(7)), encoding="utf-8")
    return path


def fake_system(monkeypatch: pytest.MonkeyPatch, pair_round: object) -> None:
    monkeypatch.setattr(cli, "pairing_system", lambda name: pair_round)


def pair_by_starting_rank(state: TournamentState) -> RoundPairing:
    """A toy system: 1-2, 3-4, ...; the last player gets the bye when the count is odd."""
    ids = [p.id for p in state.available]
    boards = tuple(Board(a, b) for a, b in zip(ids[::2], ids[1::2], strict=False))
    return RoundPairing(boards, ids[-1] if len(ids) % 2 else None)


def test_it_prints_the_javafo_output_convention(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fake_system(monkeypatch, pair_by_starting_rank)
    trf = tmp_path / "t.trf"
    trf.write_text(
        "\n".join(f"001 {i:4d}       Player {i}" for i in range(1, 6)) + "\n", encoding="utf-8"
    )
    assert cli.main(["pair", "--system", "dutch", str(trf)]) == 0
    # 5 players: two boards and the bye, which counts as a pair written "ID 0".
    assert capsys.readouterr().out == "3\n1 2\n3 4\n5 0\n"
    out = tmp_path / "out.txt"
    assert cli.main(["pair", "--system", "dutch", str(trf), "-o", str(out)]) == 0
    assert out.read_text() == "3\n1 2\n3 4\n5 0\n"


def test_it_exits_1_when_no_valid_pairing_exists(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    def impossible(state: TournamentState) -> RoundPairing:
        raise NoValidPairing("everybody has met everybody")

    fake_system(monkeypatch, impossible)
    assert cli.main(["pair", "--system", "dutch", str(before_last_round(tmp_path))]) == 1
    assert "everybody has met everybody" in capsys.readouterr().err


@pytest.mark.parametrize("system", ["dutch", "dubov", "tcec"])
def test_it_never_reports_an_empty_round_as_a_pairing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], system: str
) -> None:
    # Both players are absent in round 2 (XXZ): nobody is to be paired. "0" would read as an
    # empty pairing of the round; it is an error (exit 1) for every system.
    trf = tmp_path / "t.trf"
    lines = [
        "XXR 3",
        "XXC white1",
        "XXZ 1 2",
        p001(1, "One", "   2 w 1", points="1.0", rating="2200"),
        p001(2, "Two", "   1 b 0", points="0.0", rating="2100"),
    ]
    trf.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert cli.main(["pair", "--system", system, str(trf)]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "nobody to pair in round 2" in captured.err


def test_a_round_of_byes_only_is_not_paired_again(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Round 2 gave 1 the pairing-allocated bye and the others half-point byes: the next
    # round is 3. Dutch: 1 (2.0) and 2, 4 (1.0) against 3 (0.5); 1 met 3, 2 met 4:
    # brackets {1} -> 1 floats to {2, 4}: 1-2 or 1-4 by D.1, 1-2 (2 black: E.1, 1 had black
    # last), then 4-3 (4 wants white: played black in round 1).
    trf = tmp_path / "t.trf"
    lines = [
        "XXR 3",
        "XXC black1",
        p001(1, "One", "   3 b 1", "0000 - U", points="2.0", rating="2272"),
        p001(2, "Two", "   4 w =", "0000 - H", points="1.0", rating="2250"),
        p001(3, "Three", "   1 w 0", "0000 - H", points="0.5", rating="1796"),
        p001(4, "Four", "   2 b =", "0000 - H", points="1.0", rating="1681"),
    ]
    trf.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert cli.main(["pair", "--system", "dutch", str(trf)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "2"
    assert set(out[1:]) == {"1 2", "4 3"}


def test_explain_prints_why_after_the_pairing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """TCEC round 1 of five (tests/engine/test_explain_tcec.py derives the reasons): the
    pairing as usual, then a blank line and the explanation; with ``-o`` the pairing goes to
    the file and the explanation alone to standard output."""
    trf = tmp_path / "t.trf"
    trf.write_text(
        "\n".join(f"001 {i:4d}       Engine {i}" for i in range(1, 6)) + "\n", encoding="utf-8"
    )
    assert cli.main(["pair", "--system", "tcec", "--explain", str(trf)]) == 0
    pairing, explanation = capsys.readouterr().out.split("\n\n")
    assert pairing == "3\n4 3\n2 1\n5 0"
    lines = explanation.splitlines()
    assert lines[0] == "Round 1: TCEC Swiss (single rounds)"
    assert "Board 1: 4 Engine 4 - 3 Engine 3 (pairing order 3 and 4)" in lines
    assert "Bye: 5 Engine 5" in lines
    assert any(line.lstrip().startswith("colour   [TCEC STEP 5]") for line in lines)
    out = tmp_path / "out.txt"
    assert cli.main(["pair", "--system", "tcec", "--explain", str(trf), "-o", str(out)]) == 0
    assert out.read_text() == "3\n4 3\n2 1\n5 0\n"
    assert capsys.readouterr().out == explanation


@pytest.mark.parametrize(("system", "edition"), [("dutch-2017", "2017"), ("dutch-2026", "2026")])
def test_explain_names_the_dutch_edition(
    system: str, edition: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Round 1 of six players by either edition: nobody has a colour history, so every
    board's colours come from the last colour rule, E.5 (2026: 5.2.5)."""
    trf = tmp_path / "t.trf"
    trf.write_text(
        "\n".join(f"001 {i:4d}       Player {i}" for i in range(1, 7)) + "\n", encoding="utf-8"
    )
    assert cli.main(["pair", "--system", system, "--explain", str(trf)]) == 0
    explanation = capsys.readouterr().out.split("\n\n", 1)[1]
    assert explanation.startswith(f"Round 1: FIDE Dutch (C.04.3, {edition})")
    rule = "E.5" if edition == "2017" else "5.2.5"
    colours = [line for line in explanation.splitlines() if line.lstrip().startswith("colour")]
    assert len(colours) == 3
    assert all(f"[C.04.3 {rule}]" in line for line in colours)


def test_it_exits_2_on_an_unexpected_error(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    def broken(state: TournamentState) -> RoundPairing:
        raise RuntimeError("boom")

    fake_system(monkeypatch, broken)
    assert cli.main(["pair", "--system", "tcec", str(before_last_round(tmp_path))]) == 2
    assert "boom" in capsys.readouterr().err


def test_it_exits_3_on_an_invalid_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.trf"
    bad.write_text("012 x\nQQQ what\n", encoding="utf-8")
    assert cli.main(["pair", "--system", "dutch", str(bad)]) == 3
    assert "line 2, column 1: unknown record" in capsys.readouterr().err
    assert cli.main(["pair", "--system", "dutch", str(tmp_path / "missing.trf")]) == 3


def test_a_finished_file_is_not_paired_a_round_past_xxr(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """FILE plays all 8 rounds its XXR announces: ``pair`` printed a "round 9" with exit 0.
    Like bbpPairings, whose pairing request is invalid when the file holds as many rounds as
    it announces, it is an invalid request (exit 3) saying so; the same file before its last
    round still pairs (exit 0), and so does a file that announces no number of rounds."""
    assert cli.main(["pair", "--system", "dutch", str(FILE)]) == 3
    captured = capsys.readouterr()
    assert captured.out == ""
    assert (
        "the tournament is over: the file announces 8 rounds (XXR or record 142) and holds 8; "
        "there is no round 9 to pair" in captured.err
    )
    assert cli.main(["pair", "--system", "dutch", str(before_last_round(tmp_path))]) == 0
    assert capsys.readouterr().out.startswith("12\n")  # 23 players: 11 boards and the bye
    trf = tmp_path / "t.trf"
    trf.write_text("001    1       One\n001    2       Two\n", encoding="utf-8")
    assert cli.main(["pair", "--system", "dutch", str(trf)]) == 0


def test_check_reports_rounds_that_differ(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Replaying the recorded pairings themselves is a system that always agrees ...
    full = load_trf(FILE)

    def recorded(state: TournamentState) -> RoundPairing:
        return full.recorded_pairing(state.rounds_done + 1)

    fake_system(monkeypatch, recorded)
    assert cli.main(["check", "--system", "dutch", str(FILE)]) == 0
    assert "8 rounds checked, 0 differ" in capsys.readouterr().out
    # ... and pairing by starting rank disagrees with the engine that made the file.
    fake_system(monkeypatch, pair_by_starting_rank)
    assert cli.main(["check", "--system", "dutch", str(FILE)]) == 1
    out = capsys.readouterr().out
    assert "round 1: recorded" in out and "differ" in out


def test_generate_writes_a_complete_tournament(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    fake_system(monkeypatch, pair_by_starting_rank)
    out = tmp_path / "gen.trf"
    args = ["generate", "--system", "dutch", "--players", "9", "--rounds", "3", "--seed", "5"]
    assert cli.main([*args, "--bye-rate", "0.2", "--forfeit-rate", "0.1", "-o", str(out)]) == 0
    state = load_trf(out)
    assert len(state.players) == 9 and state.rounds_done == 3 and state.total_rounds == 3
    assert cli.main([*args, "--draw-rate", "2", "-o", str(out)]) == 3


def test_generate_double_rounds_fills_two_columns_per_round(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    fake_system(monkeypatch, pair_by_starting_rank)
    out = tmp_path / "gen.trf"
    args = ["generate", "--system", "tcec", "--double", "--players", "5", "--rounds", "2"]
    assert cli.main([*args, "-o", str(out)]) == 0
    state = load_trf(out)
    assert state.double_rounds and state.rounds_done == 4
    one, two = (state.player(1).results[i] for i in (0, 1))
    assert one.opponent == two.opponent == 2 and one.colour is not two.colour
    assert [e.code for e in state.player(5).results] == ["U"] * 4


def test_the_command_line_does_not_import_django() -> None:
    code = (
        "import sys, runpy; sys.argv = ['pairing', '--help']\n"
        "try:\n    runpy.run_module('pairing', run_name='__main__')\n"
        "except SystemExit:\n    pass\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in "
        "('django', 'tournaments', 'ratings', 'config'))\n"
        "print(bad)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert done.stdout.strip().splitlines()[-1] == "[]"
