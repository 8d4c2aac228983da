"""``python -m pairing rate --system fide``: JSON in, JSON out; ``--system uscf`` (the default)
unchanged; exit 3 with the problem named on bad input."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pairing.cli import EXIT_INVALID_INPUT, EXIT_OK, main

EVENT: dict[str, Any] = {
    "end_date": "2026-06-30",
    "players": [
        {"id": "A", "rating": 2000, "rated_games": 100},
        {"id": "B", "rating": 1900, "k": 40},
        {"id": 7, "rating": None},
    ],
    "games": [
        {"white": "A", "black": "B", "result": "1-0"},
        {"white": 7, "black": "A", "result": "1/2-1/2"},
        {"white": "B", "black": 7, "result": "+-"},
    ],
}


def run(tmp_path: Path, capsys: pytest.CaptureFixture[str], data: object, *args: str) -> Any:
    path = tmp_path / "event.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    code = main(["rate", *args, str(path)])
    out, err = capsys.readouterr()
    return code, out, err


def test_rate_fide(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A (2000, 100 games: K 20, B.02 8.3.3) beats B (1900, K 40 given): D 100, row 99-106,
    PD .64 / .36: A +20 x .36 = 7.2 -> 7, B -40 x .36 = -14.4 -> -14. A's draw with the
    unrated player is not rated for A (8.3.1); the forfeit is not rated (5.1). The unrated
    player: Ra = (2000 + 2 x 1800) / 3 = 1866.7, p = (.5 + 1) / 3 = .50, dp 0, Ru 1867, not
    published (1 game of the 5 needed, 7.1.4)."""
    code, out, _ = run(tmp_path, capsys, EVENT, "--system", "fide")
    assert code == EXIT_OK
    result = json.loads(out)
    assert result["system"] == "fide"
    a, b, u = result["players"]
    assert (a["id"], a["k"], a["games"], a["score"], a["expected"]) == ("A", 20, 1, 1, 0.64)
    assert (a["change_exact"], a["change"], a["new_rating"]) == (7.2, 7, 2007)
    assert (b["k"], b["change_exact"], b["change"], b["new_rating"]) == (40, -14.4, -14, 1886)
    assert u["id"] == 7 and u["rating"] is None and u["new_rating"] is None
    assert u["initial"] == {
        "rating": 1867,
        "average": 1866.67,
        "dp": 0,
        "published": False,
        "reason": "B.02 7.1.4: 1 of the 5 games against rated opponents",
    }


def test_uscf_stays_the_default(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Without --system, and with --system uscf, the USCF rater answers (its "rules" key)."""
    uscf = {
        "players": [{"id": "A", "rating": 1600, "games": 50}, {"id": "B", "rating": 1400}],
        "games": [{"white": "A", "black": "B", "result": "1-0"}],
    }
    default = run(tmp_path, capsys, uscf)
    explicit = run(tmp_path, capsys, uscf, "--system", "uscf")
    assert default[0] == explicit[0] == EXIT_OK
    assert json.loads(default[1]) == json.loads(explicit[1])
    assert json.loads(default[1])["rules"] == "current"


@pytest.mark.parametrize(
    ("data", "named"),
    [
        ({"players": "x"}, "players must be a list"),
        ({"players": [{"id": "A", "rating": -5}]}, "players[0].rating"),
        ({"players": [{"id": "A"}], "games": [{"white": "A", "black": "Z"}]}, "unknown player"),
        (
            {"players": [{"id": "A"}, {"id": "B"}], "games": [{"white": "A", "black": "B"}]},
            "result",
        ),
        ({"players": [{"id": "A", "birth_date": "2001-13-01"}]}, "birth_date"),
        ("{not json", "not valid JSON"),
    ],
)
def test_bad_input_exits_3(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], data: object, named: str
) -> None:
    code, out, err = run(tmp_path, capsys, data, "--system", "fide")
    assert code == EXIT_INVALID_INPUT and out == ""
    assert named in err


def test_rating_zero_is_unrated(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A rating of 0 (TRF's "unrated") is unrated: the 2000 player's game against it is not
    rated (B.02 8.3.1) and the 0 player gets a first-rating entry."""
    data = {
        "players": [{"id": "A", "rating": 2000}, {"id": "Z", "rating": 0}],
        "games": [{"white": "A", "black": "Z", "result": "1-0"}],
    }
    code, out, _ = run(tmp_path, capsys, data, "--system", "fide")
    a, z = json.loads(out)["players"]
    assert code == EXIT_OK and (a["games"], a["change"], z["rating"]) == (0, 0, None)
    assert "initial" in z
