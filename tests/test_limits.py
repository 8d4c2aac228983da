"""Fields past a pairing system's player limit (``pairing.limits``) are refused with a
message, on the command line and in the web app, instead of running out of memory (the audit:
a 9,999-player Dutch round 1 died with MemoryError after asking for 15 GB)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse

from pairing import cli, limits
from tournaments.models import Round, Tournament

ROOT = Path(__file__).resolve().parent.parent


def registration_trf(players: int) -> str:
    """A tournament before round 1: ``players`` player records, no round."""
    lines = ["012 Giant Open", "XXR 9"]
    for n in range(1, players + 1):
        name = f"Player {n:04d}"
        lines.append(
            f"001 {n:4d}      {name:<33s} {2800 - n % 2000:4d} USA           0 1990/01/01"
            f"  0.0 {n:4d}"
        )
    return "\n".join(lines) + "\n"


def test_the_command_line_refuses_a_dutch_round_of_9999_players(tmp_path: Path) -> None:
    path = tmp_path / "giant.trf"
    path.write_text(registration_trf(9999))
    done = subprocess.run(
        [sys.executable, "-m", "pairing", "pair", "--system", "dutch", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == cli.EXIT_ERROR
    assert done.stderr == (
        "too large: 9999 players are more than the dutch engine pairs in reasonable time and "
        "memory (at most 2,000); --no-limit tries anyway\n"
    )
    assert done.stdout == ""


@pytest.mark.parametrize("command", ["pair", "check"])
def test_no_limit_lifts_the_limit(tmp_path: Path, monkeypatch, capsys, command) -> None:
    monkeypatch.setitem(limits.MAX_PLAYERS, "dutch", 5)
    path = tmp_path / "six.trf"
    path.write_text(registration_trf(6))
    assert cli.main([command, "--system", "dutch", str(path)]) == cli.EXIT_ERROR
    assert "6 players are more than the dutch engine pairs" in capsys.readouterr().err
    assert cli.main([command, "--system", "dutch", "--no-limit", str(path)]) == cli.EXIT_OK
    if command == "pair":
        assert capsys.readouterr().out.splitlines()[0] == "3"


def test_generate_refuses_past_the_limit(tmp_path: Path, monkeypatch, capsys) -> None:
    monkeypatch.setitem(limits.MAX_PLAYERS, "dubov", 5)
    out = tmp_path / "g.trf"
    args = ["generate", "--system", "dubov", "--players", "6", "--rounds", "2", "-o", str(out)]
    assert cli.main(args) == cli.EXIT_ERROR
    assert not out.exists()


@pytest.mark.django_db
def test_the_web_app_refuses_to_pair_past_the_limit(
    arbiter_client: Client, tournament: Tournament, make_entries, monkeypatch
) -> None:
    monkeypatch.setitem(limits.MAX_PLAYERS, "dubov", 3)
    tournament.pairing_system = Tournament.PairingSystem.DUBOV
    tournament.save()
    make_entries(4)
    url = reverse("round_pair", args=[tournament.pk])
    html = arbiter_client.post(url, {"round": 1}, follow=True).content.decode()
    assert "Round 1 cannot be paired here: 4 players are more than the dubov engine" in html
    assert not Round.objects.exists()
