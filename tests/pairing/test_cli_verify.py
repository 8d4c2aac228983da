"""``python -m pairing verify RECEIPT``: exit 0 when the published pairing is the engine's after
the listed changes (hashes matching), 1 otherwise with the differing boards, 3 for a file that
is not a readable receipt. The receipts are those of tests/engine/test_receipts.py."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from pairing import cli
from pairing.engine import ManualChange, sha256
from tests.engine.test_receipts import receipt

ROOT = Path(__file__).resolve().parent.parent.parent


def write(tmp_path: Path, document: dict) -> Path:
    path = tmp_path / "receipt.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


def test_a_faithful_receipt_verifies(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    swap = ManualChange("swap-colours", board=2, reason="a wheelchair board")
    path = write(tmp_path, receipt((swap,)).to_json())
    assert cli.main(["verify", str(path)]) == 0
    out = capsys.readouterr().out
    assert "change 1: colours of board 2 swapped (reason: a wheelchair board)" in out
    assert out.endswith(
        "the published pairing is the engine's after the 1 listed change\nverified\n"
    )


def test_a_pairing_changed_without_listing_exits_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    document = receipt((ManualChange("swap-colours", board=2),)).to_json()
    document["changes"] = []  # the change is not listed
    assert cli.main(["verify", str(write(tmp_path, document))]) == 1
    out = capsys.readouterr().out
    assert "the published pairing is NOT the engine's:\n  board 2: published" in out
    assert out.endswith("NOT verified\n")


def test_a_tampered_receipt_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    document = receipt().to_json()
    document["trf"] = document["trf"].replace("XXR 4", "XXR 5")  # the number of rounds
    assert cli.main(["verify", str(write(tmp_path, document))]) == 1
    assert "the TRF does not match trf_sha256" in capsys.readouterr().out


def test_an_engine_that_pairs_differently_is_reported(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The TRF says who met whom: a receipt whose TRF no longer leads to its recorded engine
    pairing (hashes recomputed) cannot verify."""
    document = receipt().to_json()
    first = document["engine_pairing"].splitlines()[1].split()
    document["engine_pairing"] = document["engine_pairing"].replace(
        f"\n{first[0]} {first[1]}\n", f"\n{first[1]} {first[0]}\n", 1
    )
    document["trf_sha256"] = sha256(document["trf"])
    assert cli.main(["verify", str(write(tmp_path, document))]) == 1
    out = capsys.readouterr().out
    assert "the engine pairs the TRF differently from the engine pairing the receipt records" in out
    assert f"board 1: recorded {first[1]}-{first[0]}, now {first[0]}-{first[1]}" in out


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("not json", "invalid receipt: not JSON"),
        ('{"format": "swissmanager.tournament-backup"}', "invalid receipt: $.format"),
    ],
)
def test_a_file_that_is_not_a_receipt_exits_3(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, message: str
) -> None:
    path = tmp_path / "r.json"
    path.write_text(text, encoding="utf-8")
    assert cli.main(["verify", str(path)]) == 3
    assert message in capsys.readouterr().err


def test_an_unreadable_trf_names_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    document = receipt().to_json()
    document["trf"] += "001 x\n"
    document["trf_sha256"] = sha256(document["trf"])
    assert cli.main(["verify", str(write(tmp_path, document))]) == 3
    assert "invalid receipt: $.trf: line" in capsys.readouterr().err


def test_the_command_line_runs_without_django(tmp_path: Path) -> None:
    path = write(tmp_path, receipt().to_json())
    run = subprocess.run(
        [sys.executable, "-m", "pairing", "verify", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.endswith("verified\n")
