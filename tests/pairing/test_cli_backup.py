"""``manage.py backup_tournament`` and ``manage.py restore_tournament``: the command-line path
of the lossless backup."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command

from tournaments import backup, services
from tournaments.models import Round, Tournament


@pytest.mark.django_db
def test_backup_then_restore(tmp_path: Path, tournament, make_entries, play, other_arbiter) -> None:
    make_entries(5)
    play(tournament, rounds=1)
    services.pair_next_round(tournament.pk)  # a draft
    path = tmp_path / "spring.backup.json"
    call_command("backup_tournament", str(tournament.pk), "-o", str(path), stderr=io.StringIO())
    assert path.read_text(encoding="utf-8") == backup.export_json(tournament)
    out = io.StringIO()
    call_command("restore_tournament", str(path), "--arbiter", "other", stdout=out)
    copy = Tournament.objects.exclude(pk=tournament.pk).get()
    assert f"Restored 'Spring Open' as tournament {copy.pk}, run by other." in out.getvalue()
    assert copy.is_arbiter(other_arbiter)
    assert copy.round_set.get(number=2).status == Round.Status.DRAFT
    assert backup.export_json(copy) == path.read_text(encoding="utf-8")


@pytest.mark.django_db
def test_backup_writes_to_standard_output(tournament, four) -> None:
    out = io.StringIO()
    call_command("backup_tournament", str(tournament.pk), stdout=out)
    assert json.loads(out.getvalue())["tournament"]["name"] == "Spring Open"


@pytest.mark.django_db
def test_backup_of_an_unknown_tournament(db) -> None:
    with pytest.raises(CommandError, match=r"No tournament with id 404\."):
        call_command("backup_tournament", "404")


@pytest.mark.django_db
def test_restore_names_the_path_and_saves_nothing(tmp_path: Path, tournament, four) -> None:
    document = backup.export_tournament(tournament)
    document["rounds"][0]["status"] = "finalised"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(CommandError, match=r"bad.json: \$\.rounds\[0\]\.status: Value 'finalised'"):
        call_command("restore_tournament", str(path), "--arbiter", "arbiter")
    assert Tournament.objects.count() == 1


@pytest.mark.django_db
def test_restore_needs_an_arbiter_who_may_create_tournaments(tmp_path: Path, four) -> None:
    User.objects.create_user("plain")
    path = tmp_path / "b.json"
    path.write_text("{}", encoding="utf-8")
    with pytest.raises(CommandError, match="No user named 'nobody'"):
        call_command("restore_tournament", str(path), "--arbiter", "nobody")
    with pytest.raises(CommandError, match="plain may not create tournaments"):
        call_command("restore_tournament", str(path), "--arbiter", "plain")
    with pytest.raises(CommandError, match=r"missing\.json: No such file"):
        call_command("restore_tournament", str(tmp_path / "missing.json"), "--arbiter", "arbiter")
    assert Tournament.objects.count() == 1
