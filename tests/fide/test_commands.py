"""``import_fide_list`` and ``fide_lookup``."""

from __future__ import annotations

import io
from datetime import date

import pytest
from django.core.management import CommandError, call_command

from fide.management.commands import import_fide_list
from fide.models import FideList
from tests.fide import lists

pytestmark = pytest.mark.django_db


def run(*args: str) -> tuple[str, str]:
    out, err = io.StringIO(), io.StringIO()
    call_command(*args, stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


def test_import_then_lookup(tmp_path):
    path = tmp_path / "players_list_foa.zip"
    path.write_bytes(lists.zipped("players_list_foa.txt", lists.txt()))
    out, _ = run("import_fide_list", str(path), "--month", "2026-11")
    assert out.startswith(f"FIDE list 2026-11 imported from {path} (txt): 5 players (2 inactive;")
    assert FideList.objects.get().period == date(2026, 11, 1)
    out, err = run("fide_lookup", "8602980")
    assert out == (
        "8602980 | Hou, Yifan | CHN | F | GM,WGM | std 2633 rapid - blitz 2591 | born 1994 | wi\n"
    )
    out, _ = run("fide_lookup", "carlsen,", "magn")
    assert out.splitlines() == [
        "150301400 | Carlsen, Magne | NOR | M | - | std 1510 rapid - blitz - | born - | -",
        "1503014 | Carlsen, Magnus | NOR | M | GM | std 2837 rapid 2824 blitz 2890 | born 1990 | -",
    ]
    out, err = run("fide_lookup", "nobody")
    assert (out, err) == ("", "No player of the FIDE list matches 'nobody'.\n")


def test_progress_goes_to_stderr(tmp_path, monkeypatch):
    monkeypatch.setattr(import_fide_list, "REPORT_EVERY", 2)
    monkeypatch.setattr("fide.importer.BATCH", 2)
    path = tmp_path / "list.xml"
    path.write_bytes(lists.xml())
    out, err = run("import_fide_list", str(path))
    assert err.splitlines()[0].startswith("2 players read (")
    assert "5 players" in out


def test_a_malformed_line_is_named(tmp_path):
    path = tmp_path / "list.txt"
    bad = (*lists.HOU[:14], "fast", *lists.HOU[15:])
    path.write_bytes(lists.txt((lists.CARLSEN, bad)))
    with pytest.raises(CommandError, match=r"line 3: BRtng must be a number, not 'fast'; the list"):
        run("import_fide_list", str(path))


def test_bad_month_and_missing_file(tmp_path):
    with pytest.raises(CommandError, match="YYYY-MM"):
        run("import_fide_list", "x.txt", "--month", "11/2026")
    with pytest.raises(CommandError, match="No such file"):
        run("import_fide_list", str(tmp_path / "missing.txt"))
