"""Restore checks the backup's IDs as registration does (issue 23): an ID a public list gives
another person refuses the file; an ID whose person on record is someone else is held for a
rating officer, never linked."""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone

from fide.models import FideListPlayer
from players.models import Player
from ratings.models import UscfMember
from tournaments import backup, backup_restore
from tournaments.backup_restore import BackupError
from tournaments.models import Tournament


@pytest.fixture
def document(tournament: Tournament, make_entries) -> dict:
    make_entries(2)
    return backup.export_tournament(tournament)


def with_ids(document: dict, name: str, fide_id: str = "", uscf_id: str = "") -> dict:
    first = document["entries"][0]
    first["name"] = name
    first["fide_id"] = first["identity"]["fide_id"] = fide_id
    first["uscf_id"] = first["identity"]["uscf_id"] = uscf_id
    return document


@pytest.mark.django_db
def test_it_refuses_a_fide_id_the_fide_list_gives_another_person(document, arbiter) -> None:
    FideListPlayer.objects.create(
        fide_id=1503014, name="Carlsen, Magnus", name_key="carlsen magnus", birth_year=1990
    )
    players = Player.objects.count()
    doc = with_ids(document, "Impostor, Ivan", fide_id="1503014")
    with pytest.raises(BackupError) as refused:
        backup_restore.restore_document(doc, arbiter.pk)
    assert str(refused.value) == (
        "$.entries[0].identity: FIDE ID 1503014 is Carlsen, Magnus in the FIDE rating list, "
        "not Impostor, Ivan: check the ID, or register the player without it."
    )
    assert Tournament.objects.count() == 1 and Player.objects.count() == players


@pytest.mark.django_db
def test_it_refuses_a_us_chess_id_the_supplement_gives_another_person(document, arbiter) -> None:
    UscfMember.objects.create(uscf_id="12345678", name="Sato, Kenji", imported_at=timezone.now())
    doc = with_ids(document, "Forger, Fred", uscf_id="12345678")
    with pytest.raises(BackupError, match=r"US Chess ID 12345678 is Sato, Kenji in the US Chess"):
        backup_restore.restore_document(doc, arbiter.pk)


@pytest.mark.django_db
def test_it_holds_an_id_whose_person_on_record_is_another(document, arbiter) -> None:
    """Not in any list, so not refused (that would reveal the record): held, as registration
    holds it — the entry keeps the ID, its identity is its own, the shared player unchanged."""
    carlsen = Player.objects.create(name="Carlsen, Magnus", fide_id="1503014", fide_rating=2830)
    copy_ = backup_restore.restore_document(
        with_ids(document, "Impostor, Ivan", fide_id="1503014"), arbiter.pk
    )
    entry = copy_.entries.get(name="Impostor, Ivan")
    assert entry.fide_id == "1503014"
    assert entry.player != carlsen and (entry.player.fide_id, entry.player.uscf_id) == ("", "")
    assert entry.player.name == "Impostor, Ivan"
    carlsen.refresh_from_db()
    assert (carlsen.name, carlsen.fide_rating, carlsen.entries.count()) == (
        "Carlsen, Magnus",
        2830,
        0,
    )


@pytest.mark.django_db
def test_it_holds_an_id_whose_person_on_record_has_another_birth_date(document, arbiter) -> None:
    known = Player.objects.create(
        name="Sato, Kenji", uscf_id="12345678", birth_date=datetime.date(1970, 1, 1)
    )
    doc = with_ids(document, "Sato, Kenji", uscf_id="12345678")
    doc["entries"][0]["birth_date"] = "1999-09-09"
    copy_ = backup_restore.restore_document(doc, arbiter.pk)
    entry = copy_.entries.get(name="Sato, Kenji")
    assert entry.player != known and entry.uscf_id == "12345678"
    doc["entries"][0]["birth_date"] = "1970-01-01"  # the same person: linked
    copy_ = backup_restore.restore_document(doc, arbiter.pk)
    assert copy_.entries.get(name="Sato, Kenji").player == known
