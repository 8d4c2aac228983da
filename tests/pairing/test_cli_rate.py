"""``python -m pairing rate``: JSON in, JSON out, exit code 3 with a named problem on bad input."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from pairing.cli import EXIT_INVALID_INPUT, EXIT_OK, main


def we(r: float, ri: float) -> float:
    return 1 / (1 + 10 ** (-(r - ri) / 400))


def nstar_2011(r0: float) -> float:
    return 50.0 if r0 > 2200 else 50 / math.sqrt(1 + (2200 - r0) ** 2 / 100000)


TWO_PLAYERS: dict[str, Any] = {
    "system": "regular",
    "dual_rated": False,
    "end_date": "2024-05-01",
    "players": [{"id": "A", "rating": 1600, "games": 50}, {"id": "B", "rating": 1400, "games": 50}],
    "games": [{"white": "A", "black": "B", "result": "1-0"}],
}


def run(tmp_path: Path, capsys: pytest.CaptureFixture[str], data: object, *args: str) -> Any:
    path = tmp_path / "event.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    code = main(["rate", *args, str(path)])
    out, err = capsys.readouterr()
    return code, out, err


def test_rate_2011(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(tmp_path, capsys, TWO_PLAYERS, "--rules", "2011")
    assert code == EXIT_OK
    result = json.loads(out)
    assert result["rules"] == "2011"
    a, b = result["players"]
    # As in the engine test: Step 4 from pre-event ratings, Step 5 against Step 4 ratings.
    ka = 800 / (nstar_2011(1600) + 1)
    kb = 800 / (nstar_2011(1400) + 1)
    a4 = 1600 + ka * (1 - we(1600, 1400))
    b4 = 1400 + kb * (0 - we(1400, 1600))
    assert a["id"] == "A"
    assert a["pre"] == 1600
    assert a["post"] == math.ceil(1600 + ka * (1 - we(1600, b4)))  # 1608
    assert b["post"] == math.floor(1400 + kb * (0 - we(1400, a4)))  # 1390
    assert a["step4"] == round(a4, 2)
    assert a["k"] == round(ka, 4)
    # Established at 1600: floor (1600 − 200) = 1400.
    assert (a["formula"], a["bonus"], a["games_after"], a["floor"]) == ("standard", 0, 51, 1400)
    for key in ("id", "pre", "post", "games_after", "formula", "step4", "k", "bonus", "floor"):
        assert key in a


def nstar_current(r0: float) -> float:
    return 50.0 if r0 > 2355 else 50 / math.sqrt(0.662 + 0.00000739 * (2569 - r0) ** 2)


def test_rate_current_json_contract(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Issue 14: under "current" the stored rating has two decimals; "post" is that stored
    # rating, "post_shown" the integer a crosstable shows; the other fields stay.
    code, out, _ = run(tmp_path, capsys, TWO_PLAYERS, "--rules", "current")
    assert code == EXIT_OK
    a, b = json.loads(out)["players"]
    ka = 800 / (nstar_current(1600) + 1)
    kb = 800 / (nstar_current(1400) + 1)
    a4 = 1600 + ka * (1 - we(1600, 1400))
    b4 = 1400 + kb * (0 - we(1400, 1600))
    a5 = 1600 + ka * (1 - we(1600, b4))  # 1609.53 (K = 27.71, N' = 27.87)
    b5 = 1400 + kb * (0 - we(1400, a4))  # 1388.90
    assert a["post"] == round(a5, 2) and b["post"] == round(b5, 2)
    assert a["post"] != int(a["post"])  # two decimals, not the rounded integer
    assert (a["post_shown"], b["post_shown"]) == (round(a5), round(b5))  # 1610, 1389
    assert isinstance(a["post_shown"], int)
    assert a["post_exact"] == a["post"]
    assert a["step4"] == round(a4, 2)
    for key in (
        "id",
        "pre",
        "games_after",
        "formula",
        "step3",
        "k",
        "bonus",
        "floor",
        "initial",
        "initial_games",
        "initial_source",
        "games_in_event",
        "score",
        "effective_games",
        "unfloored",
    ):
        assert key in a


def test_rate_2011_post_is_the_stored_integer(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _, out, _ = run(tmp_path, capsys, TWO_PLAYERS, "--rules", "2011")
    a, b = json.loads(out)["players"]
    assert (a["post"], a["post_shown"], b["post"], b["post_shown"]) == (1608, 1608, 1390, 1390)


def test_default_rules_are_current(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(tmp_path, capsys, TWO_PLAYERS)
    assert json.loads(out)["rules"] == "current"


def test_unrated_player_and_defaults(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = {
        "system": "quick",
        "end_date": "2024-06-30",
        "players": [
            {"id": "U", "birth_date": "2014-06-30"},
            {"id": "R", "rating": 500, "games": 40},
            {"id": "I", "other_rating": 1650, "other_games": 6},
            {"id": "LM", "rating": 2300, "games": 500, "life_master": True},
        ],
        "games": [
            {"white": "U", "black": "R", "result": "1/2-1/2"},
            {"white": "I", "black": "LM", "result": "+-"},
        ],
    }
    code, out, _ = run(tmp_path, capsys, data)
    assert code == EXIT_OK
    u, r, i, lm = json.loads(out)["players"]
    assert u["pre"] is None
    assert u["initial"] == round(50 * 3653 / 365.25, 2)  # 10 years and 3 leap days
    assert u["initial_source"] == "age"
    assert u["formula"] == "special"
    # The forfeit is not rated: I and LM have no games.
    assert (i["post"], i["formula"], i["initial_games"]) == (None, None, 6)
    assert (lm["post"], lm["games_after"], lm["floor"]) == (2300, 500, 2200)
    assert r["games_after"] == 41


def test_integer_ids_are_echoed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = {
        "players": [{"id": 1, "rating": 1500, "games": 30}, {"id": 2, "rating": 1500, "games": 30}],
        "games": [{"white": 1, "black": 2, "result": "1/2-1/2"}],
    }
    _, out, _ = run(tmp_path, capsys, data)
    assert [p["id"] for p in json.loads(out)["players"]] == [1, 2]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ("{not json", "not valid JSON"),
        ([], "must be a JSON object"),
        ({"players": {}}, "players must be a list"),
        ({"system": "blitz", "players": []}, "system must be"),
        (
            {"players": [{"id": "a"}, {"id": "b"}, {"id": "c"}, {"id": "d", "rating": "1500"}]},
            "players[3].rating must be a number",
        ),
        ({"players": [{"id": "a", "rating": True}]}, "players[0].rating must be a number"),
        ({"players": [{"id": "a", "games": 2.5}]}, "players[0].games must be a non-negative"),
        ({"players": [{"id": "a", "games": -1}]}, "players[0].games must be a non-negative"),
        ({"players": [{"rating": 1500}]}, "players[0].id must be a non-empty string"),
        ({"players": [{"id": "a"}, {"id": "a"}]}, "players[1].id 'a' is used twice"),
        ({"players": [{"id": "a", "birth_date": "2010-13-01"}]}, "players[0].birth_date"),
        ({"players": [{"id": "a", "all_wins": "yes"}]}, "players[0].all_wins must be true"),
        (
            {"players": [{"id": "a", "all_wins": True, "all_losses": True}]},
            "all_wins and all_losses",
        ),
        (
            {"players": [{"id": "a"}], "games": [{"white": "a", "black": "b", "result": "1-0"}]},
            "games[0].black: unknown player 'b'",
        ),
        (
            {
                "players": [{"id": "a"}, {"id": "b"}],
                "games": [{"white": "a", "black": "b", "result": "2-0"}],
            },
            "games[0].result must be",
        ),
        (
            {"players": [{"id": "a", "birth_date": "2010-01-01"}]},
            "end date is needed",
        ),
        ({"players": [], "end_date": 20240101}, "end_date must be a date"),
    ],
)
def test_invalid_input_exits_3_and_names_the_problem(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], data: object, message: str
) -> None:
    code, out, err = run(tmp_path, capsys, data)
    assert code == EXIT_INVALID_INPUT
    assert out == ""
    assert message in err


def test_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rate", str(tmp_path / "nope.json")]) == EXIT_INVALID_INPUT
    assert "cannot read" in capsys.readouterr().err


def test_unknown_rules_is_a_usage_error() -> None:
    with pytest.raises(SystemExit) as e:
        main(["rate", "--rules", "1999", "x.json"])
    assert e.value.code == 2


def test_python_m_pairing_rate_subprocess(tmp_path: Path) -> None:
    path = tmp_path / "event.json"
    path.write_text(json.dumps(TWO_PLAYERS), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "pairing", "rate", "--rules", "2011", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert [p["post"] for p in json.loads(done.stdout)["players"]] == [1608, 1390]
    # Standard input, and no Django on the way.
    code = (
        "import sys, runpy; sys.argv = ['pairing', 'rate', '-']; "
        "sys.stdin = __import__('io').StringIO(" + repr(json.dumps(TWO_PLAYERS)) + "); "
        "import pairing.cli as c; rc = c.main(); assert 'django' not in sys.modules; sys.exit(rc)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["rules"] == "current"


def test_help_documents_the_extra_fields(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["rate", "--help"])
    out = capsys.readouterr().out
    for field in (
        "other_rating",
        "other_games",
        "life_master",
        "adult",
        "post_shown",
        "post_exact",
    ):
        assert field in out


def test_output_file_and_unrated_games(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = dict(TWO_PLAYERS)
    data["games"] = [
        *TWO_PLAYERS["games"],
        {"white": "B", "black": "A", "result": "1-0", "rated": False},
        {"white": "B", "black": "A", "result": "-+"},
    ]
    path, out_path = tmp_path / "event.json", tmp_path / "out.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["rate", "--rules", "2011", str(path), "-o", str(out_path)]) == EXIT_OK
    assert capsys.readouterr().out == ""
    a, b = json.loads(out_path.read_text(encoding="utf-8"))["players"]
    # Only the one rated game counts: the same result as with TWO_PLAYERS alone.
    assert (a["games_in_event"], a["post"], b["post"]) == (1, 1608, 1390)


def test_rating_without_games_is_taken_as_established(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = dict(TWO_PLAYERS)
    data["players"] = [{"id": "A", "rating": 1600}, {"id": "B", "rating": 1400, "games": None}]
    _, out, _ = run(tmp_path, capsys, data, "--rules", "2011")
    a, b = json.loads(out)["players"]
    # N' = N* for both: the same posts as with N = 50 (N* < 50 at 1600 and 1400).
    assert (a["post"], b["post"]) == (1608, 1390)
    assert (a["games_after"], a["formula"]) == (None, "standard")
    assert a["effective_games"] == round(nstar_2011(1600), 4)
