"""Importing the list into the database: replaces the list in force, all or nothing, keeps the
month; look-up by FIDE ID and by name prefix."""

from __future__ import annotations

import io
from datetime import date

import pytest
from django.contrib.auth.models import User

from fide.importer import Progress, import_list, month_from_name
from fide.listfile import FideListError
from fide.lookup import by_id, lookup
from fide.models import FideList, FideListPlayer
from tests.fide import lists

pytestmark = pytest.mark.django_db


def ids() -> set[int]:
    return set(FideListPlayer.objects.values_list("fide_id", flat=True))


def test_import_stores_every_player_and_the_month(imported):
    user = User.objects.create_user("o")
    result = imported(period=date(2026, 11, 1), user=user)
    assert ids() == {1503014, 8602980, 4612345, 1500003, 150301400}
    assert (result.players, result.inactive) == (5, 2)  # Hou "wi", Müller "i"
    assert (result.standard_rated, result.rapid_rated, result.blitz_rated) == (4, 2, 3)
    assert (result.period, result.file_format, result.imported_by) == (
        date(2026, 11, 1),
        "txt",
        user,
    )
    hou = FideListPlayer.objects.get(fide_id=8602980)
    assert (hou.name, hou.federation, hou.sex, hou.title, hou.w_title) == (
        "Hou, Yifan", "CHN", "F", "GM", "WGM",
    )  # fmt: skip
    assert (hou.standard_rating, hou.rapid_rating, hou.blitz_rating, hou.birth_year) == (
        2633, None, 2591, 1994,
    )  # fmt: skip
    assert hou.inactive
    assert FideListPlayer.objects.get(fide_id=4612345).name_key == "muller jorg peter"


def test_reimport_replaces_the_list_and_keeps_the_month(imported):
    imported(period=date(2026, 10, 1))
    moved = (*lists.CARLSEN[:8], "2840", *lists.CARLSEN[9:])
    second = imported(lists.xml((moved, lists.HOU)), source="x.xml", period=date(2026, 11, 1))
    assert ids() == {1503014, 8602980}  # the others are no longer listed
    assert FideListPlayer.objects.get(fide_id=1503014).standard_rating == 2840
    assert list(FideList.objects.values_list("period", flat=True)) == [
        date(2026, 11, 1),
        date(2026, 10, 1),
    ]
    assert FideList.objects.latest() == second


def test_a_malformed_file_changes_nothing(imported):
    imported()
    bad = (*lists.HOU[:3], "Q", *lists.HOU[4:])
    with pytest.raises(FideListError, match="line 3: Sex must be M or F"):
        imported(lists.txt((lists.CARLSEN, bad)))
    assert len(ids()) == 5
    assert FideList.objects.count() == 1


def test_a_duplicate_id_in_one_batch_is_named(imported):
    with pytest.raises(FideListError, match="FIDE ID 1503014 is listed twice"):
        imported(lists.txt((lists.CARLSEN, lists.HOU, lists.CARLSEN)))
    assert ids() == set()


def test_a_duplicate_id_across_batches_rolls_back(imported):
    imported()
    with pytest.raises(FideListError, match="players 3–4 is listed twice"):
        imported(lists.txt((lists.CARLSEN, lists.HOU, lists.MULLER, lists.CARLSEN)), batch_size=2)
    assert len(ids()) == 5


def test_an_empty_list_is_refused(imported):
    with pytest.raises(FideListError, match="no players"):
        imported(lists.txt(()))


def test_progress_after_each_batch(imported):
    seen: list[Progress] = []
    imported(batch_size=2, progress=seen.append)
    assert [p.players for p in seen] == [2, 4, 5]
    assert seen[-1].fraction == 1.0


def test_the_month_from_the_file_name(imported):
    assert month_from_name("standard_jan26frl.zip") == date(2026, 1, 1)
    assert month_from_name("players_list_2026-03.txt") == date(2026, 3, 1)
    assert month_from_name("players_list_foa.txt") is None
    assert imported(source="/tmp/standard_feb26frl.txt").period == date(2026, 2, 1)


def test_import_from_a_real_file(tmp_path):
    path = tmp_path / "players_list_foa.zip"
    path.write_bytes(lists.zipped("players_list_foa.txt", lists.txt()))
    with path.open("rb") as stream:
        assert import_list(stream, source=path.name).players == 5


def test_lookup_by_id_exact_first_then_prefix(imported):
    imported()
    assert [p.fide_id for p in lookup("1503014")] == [1503014, 150301400]
    assert [p.fide_id for p in lookup("150")] == [1500003, 1503014, 150301400]
    assert lookup("150", limit=1)[0].fide_id == 1500003
    assert lookup("9999") == []
    assert lookup("0") == []


def test_lookup_by_name_prefix(imported):
    imported()
    assert [p.fide_id for p in lookup("carls")] == [150301400, 1503014, 1500003]
    assert [p.name for p in lookup("CARLSEN, MAGNU")] == ["Carlsen, Magnus"]
    assert [p.name for p in lookup("muller j")] == ["Müller, Jörg-Peter"]
    assert [p.name for p in lookup("Müll")] == ["Müller, Jörg-Peter"]
    assert lookup("carlsen magnus x") == []
    assert lookup("  ") == []


def test_lookup_answers_what_an_entry_needs(imported):
    imported()
    (hou,) = lookup("hou")
    assert (hou.name, hou.title, hou.federation, hou.sex, hou.birth_year) == (
        "Hou, Yifan", "GM", "CHN", "F", 1994,
    )  # fmt: skip
    assert (hou.rating("standard"), hou.rating("rapid"), hou.rating("blitz")) == (2633, None, 2591)
    assert hou.inactive
    assert hou.titles == "GM,WGM"
    assert by_id(8602980) == hou
    assert by_id(1) is None


def test_lookup_reads_the_list_in_force_only(imported):
    imported()
    imported(lists.txt((lists.HOU,)))
    assert lookup("carlsen") == []


def test_import_in_memory_stream():
    data = io.BytesIO(lists.zipped("players_list_xml_foa.xml", lists.xml()))
    assert import_list(data).file_format == "xml"
