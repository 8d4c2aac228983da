"""Fields past a pairing system's player limit (``pairing.limits``) are refused with a
message, on the command line and in the web app, instead of running out of memory (the audit:
a 9,999-player Dutch round 1 died with MemoryError after asking for 15 GB)."""

from __future__ import annotations

import os
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


def test_the_command_line_pairs_a_dutch_round_of_9999_players(tmp_path: Path) -> None:
    """The audit's case, within the limit since issue 27: one scoregroup, the bye for the
    lowest player (C.2), then S1 (1-4,999) against S2 (5,000-9,998)."""
    path = tmp_path / "giant.trf"
    path.write_text(registration_trf(9999))
    done = subprocess.run(
        [sys.executable, "-m", "pairing", "pair", "--system", "dutch", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == cli.EXIT_OK, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "5000"
    assert {frozenset(line.split()) for line in lines[1:-1]} == {
        frozenset((str(k), str(4999 + k))) for k in range(1, 5000)
    }
    assert lines[-1] == "9999 0"


def test_the_command_line_refuses_a_round_past_the_limit(
    tmp_path: Path, monkeypatch, capsys
) -> None:
    path = tmp_path / "giant.trf"
    path.write_text(registration_trf(2001))
    monkeypatch.setitem(limits.MAX_PLAYERS, "dutch", 2000)
    assert cli.main(["pair", "--system", "dutch", str(path)]) == cli.EXIT_ERROR
    assert capsys.readouterr().err == (
        "too large: 2001 players are more than the dutch engine pairs in reasonable time and "
        "memory (at most 2,000); --no-limit tries anyway\n"
    )


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
    assert "Round 1 cannot be paired here: 4 players are more than the dubov-2026 engine" in html
    assert not Round.objects.exists()


# -- every system name, every engine call (issue 23, item 11) -----------------------------------


def test_every_name_of_the_system_registry_has_the_limit_of_its_system() -> None:
    """The table is per system; ``dutch-2017``, ``dutch-2026`` and ``dubov-2018`` once ran
    without a limit (only ``dutch``, ``dubov`` and ``tcec`` were in it)."""
    from pairing.engine import SYSTEM_NAMES

    expected = {"dutch": 9999, "dubov": 9999, "tcec": 9999, "uscf": 800, "round": 9999}
    for name in SYSTEM_NAMES:
        assert limits.max_players(name) == expected[name.split("-")[0]], name
    assert limits.max_players("tcec_double") == 9999  # the web app's name of double rounds
    assert limits.max_players("monrad") == 800  # unknown: the smallest limit, never none


@pytest.mark.parametrize("system", ["dutch-2017", "dutch-2026", "dubov-2018", "dubov-2026"])
def test_the_command_line_applies_the_limit_under_every_edition_name(
    tmp_path: Path, monkeypatch, capsys, system: str
) -> None:
    monkeypatch.setitem(limits.MAX_PLAYERS, system.split("-")[0], 5)
    path = tmp_path / "six.trf"
    path.write_text(registration_trf(6))
    assert cli.main(["pair", "--system", system, str(path)]) == cli.EXIT_ERROR
    assert f"6 players are more than the {system} engine pairs" in capsys.readouterr().err


def test_verify_applies_the_limit_of_the_receipts_system(
    tmp_path: Path, monkeypatch, capsys
) -> None:
    """Receipts are public downloads: a crafted one with a giant TRF is refused like a TRF."""
    import json

    from tests.engine.test_receipts import receipt

    document = receipt().to_json()
    players = sum(line.startswith("001") for line in document["trf"].splitlines())
    monkeypatch.setitem(limits.MAX_PLAYERS, "dutch", players - 1)
    path = tmp_path / "receipt.json"
    path.write_text(json.dumps(document))
    assert cli.main(["verify", str(path)]) == cli.EXIT_ERROR
    err = capsys.readouterr().err
    assert f"{players} players are more than the dutch-2026 engine pairs" in err
    assert cli.main(["verify", "--no-limit", str(path)]) == cli.EXIT_OK


@pytest.mark.django_db
def test_the_what_if_preview_applies_the_limit(
    arbiter_client: Client, tournament: Tournament, make_entries, play, monkeypatch
) -> None:
    make_entries(4)
    play(tournament, [[]])  # round 1 in play: the preview pairs round 2
    monkeypatch.setitem(limits.MAX_PLAYERS, "dutch", 3)
    url = reverse("round_what_if", args=[tournament.pk, 1])
    html = arbiter_client.get(url, {"assume": "draws"}).content.decode()
    assert "The next round cannot be paired: 4 players are more than the dutch-2026" in html


@pytest.mark.django_db
def test_a_players_if_i_win_page_applies_the_limit(
    client: Client, tournament: Tournament, make_entries, play, monkeypatch
) -> None:
    from tests.public.test_entry_detail import last_game_left, what_if

    first = last_game_left(tournament, make_entries, play)[0]
    monkeypatch.setitem(limits.MAX_PLAYERS, "dutch", 3)
    shown = what_if(client, tournament, first)
    assert shown.count("no pairing (4 players are more than the dutch-2026 engine") == 3
    assert "likely" not in shown


@pytest.mark.django_db
def test_pairing_by_hand_from_the_nearest_pairing_applies_the_limit(
    tournament: Tournament, make_entries, monkeypatch
) -> None:
    from tournaments import services
    from tournaments.errors import ArbiterError

    make_entries(4)
    monkeypatch.setitem(limits.MAX_PLAYERS, "dutch", 3)
    with pytest.raises(ArbiterError, match="4 players are more than the dutch-2026 engine"):
        services.pair_next_round(tournament.pk, by_hand="nearest", reason="a test")
    assert not Round.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("change", "path", "words"),
    [
        (("rounds", 100), "$.tournament.rounds", "100 rounds; at most 99"),
        (("win_points", 101), "$.tournament.win_points", "101 half-points; at most 100"),
        (("bye_points", 32767), "$.tournament.bye_points", "at most 100 (50 points)"),
    ],
)
def test_a_restored_backup_is_held_to_the_forms_limits(
    tournament: Tournament, make_entries, arbiter, change, path: str, words: str
) -> None:
    from tournaments import backup, backup_restore

    make_entries(4)
    document = backup.export_tournament(tournament)
    document["tournament"][change[0]] = change[1]
    with pytest.raises(backup.BackupError) as error:
        backup_restore.restore_document(document, arbiter.pk)
    assert (error.value.path, words in error.value.message) == (path, True)
    assert Tournament.objects.count() == 1


@pytest.mark.django_db
def test_a_restored_backup_is_held_to_the_player_limit(
    tournament: Tournament, make_entries, arbiter, settings
) -> None:
    from tournaments import backup, backup_restore

    make_entries(4)
    settings.TOURNAMENTS_MAX_PLAYERS = 3
    with pytest.raises(backup.BackupError) as error:
        backup_restore.restore(backup.export_json(tournament), arbiter.pk)
    assert error.value.path == "$.entries"
    assert "That makes 4 players; this server takes at most 3" in error.value.message
    assert Tournament.objects.count() == 1


def test_the_web_apps_default_player_limit_is_the_measured_9999(settings) -> None:
    """Issue 27: the pages and imports were measured at 9,998 players (README, "Big fields";
    9,999 is the most TRF16 starting ranks hold), so a server without the setting takes 9,999
    players in a tournament and refuses the 10,000th with the limit's message."""
    from tournaments import limits as web_limits

    del settings.TOURNAMENTS_MAX_PLAYERS
    assert web_limits.max_players() == 9999
    assert web_limits.too_many_players(9999) is None
    assert web_limits.too_many_players(10000) == (
        "That makes 10000 players; this server takes at most 9999 in a tournament "
        "(split the field into sections)."
    )


def test_the_settings_take_9999_players_unless_the_environment_says_otherwise() -> None:
    """``config.settings`` reads ``TOURNAMENTS_MAX_PLAYERS`` from the environment, 9,999 when
    it is not set (issue 27)."""
    code = "from django.conf import settings; print(settings.TOURNAMENTS_MAX_PLAYERS)"
    env = {k: v for k, v in os.environ.items() if k != "TOURNAMENTS_MAX_PLAYERS"}
    env |= {"DJANGO_SETTINGS_MODULE": "config.settings", "DJANGO_DEBUG": "1"}
    outputs = []
    for extra in ({}, {"TOURNAMENTS_MAX_PLAYERS": "500"}):
        done = subprocess.run(
            [sys.executable, "-c", code], env=env | extra, cwd=ROOT, capture_output=True, text=True
        )
        outputs.append(done.stdout.strip() or done.stderr)
    assert outputs == ["9999", "500"]


def test_the_uscf_pairing_limit_stays_800_under_the_web_apps_9999(settings) -> None:
    """The web app's limit is the tournament's; pairing keeps each system's own, US Chess
    Swiss 800 (``pairing.limits``), so a 9,999-player US Chess section is registered but its
    801st player is refused at pairing."""
    from tournaments import limits as web_limits

    del settings.TOURNAMENTS_MAX_PLAYERS
    assert web_limits.too_many_players(801) is None
    assert limits.max_players("uscf") == 800
    assert limits.max_players("dutch-2026") == 9999
