"""The database side of acceleration and forbidden pairs: ``state_for`` feeds the engine the
Baku virtual points (group A counted from the players entered before round 1) and the
forbidden pairs; the TRF import keeps ``XXA`` / 250 and ``XXP`` / 260, the export writes
them back."""

from __future__ import annotations

import pytest

from pairing.services import export_trf, state_for
from players.models import Player
from tournaments import lifecycle, services
from tournaments.errors import ArbiterError
from tournaments.models import ForbiddenPair, Tournament, VirtualPoints
from tournaments.registration import register_known


@pytest.fixture
def baku(tournament: Tournament) -> Tournament:
    tournament.acceleration = Tournament.Acceleration.BAKU
    tournament.save()
    return tournament


def players(n: int, header: str = "") -> str:
    lines = [f"001 {i:4d}      Player {i:<27}{2600 - 10 * i:4d}" for i in range(1, n + 1)]
    if "192 " not in header:  # a Dutch file names its edition (or the import asks for it)
        header = "192 FIDE_DUTCH_2026\n" + header
    return "012 Imported\nXXR 5\nXXC white1\n" + header + "\n".join(lines) + "\n"


@pytest.mark.django_db
def test_group_a_gets_the_rules_virtual_points(baku, make_entries) -> None:
    # Ten players, five rounds: group A = 2 * ceil(10 / 4) = 6 players; three accelerated
    # rounds: a whole point before rounds 1-2, half a point before round 3.
    make_entries(10)
    assert state_for(baku).acceleration == {n: (2, 2, 1) for n in range(1, 7)}
    baku.accelerated_rounds = 2
    baku.save()
    assert state_for(baku).acceleration == {n: (2, 1) for n in range(1, 7)}


@pytest.mark.django_db
def test_a_late_entry_ranked_above_the_last_group_a_player_joins_group_a(
    baku, make_entries, play
) -> None:
    make_entries(8)  # group A: 1-4, the last one rated 2300
    play(baku, rounds=1)
    late = Player.objects.create(name="Late, Strong", fide_rating=2340)
    register_known(baku.pk, late)  # renumbered into third place (C.04.2: before round 4)
    assert baku.entries.get(player=late).pairing_number == 3
    assert set(state_for(baku).acceleration) == {1, 2, 3, 4, 5}


@pytest.mark.django_db
def test_a_late_entry_ranked_below_it_joins_group_b(baku, make_entries, play) -> None:
    make_entries(8)
    play(baku, rounds=1)
    register_known(baku.pk, Player.objects.create(name="Late, Weak", fide_rating=2260))
    assert set(state_for(baku).acceleration) == {1, 2, 3, 4}


@pytest.mark.django_db
def test_the_web_pairs_round_one_by_groups(baku, make_entries) -> None:
    # Group A (1-4) holds a virtual point: 1-3, 4-2 and 5-7, 8-6 (see
    # tests/engine/test_acceleration.py); without acceleration 1-5, 6-2, 3-7, 8-4.
    make_entries(8)
    rnd = services.pair_next_round(baku.pk)
    boards = [(g.white.pairing_number, g.black.pairing_number) for g in rnd.games.all()]
    assert boards == [(1, 3), (4, 2), (5, 7), (8, 6)]


@pytest.mark.django_db
def test_forbidden_pairs_reach_the_engine(tournament, make_entries) -> None:
    # Without the rule round 1 is 1-3, 4-2 (four players); 1-3 forbidden: 1 meets 4 or 2.
    e = make_entries(4)
    ForbiddenPair.objects.create(tournament=tournament, first=e[2], second=e[0])
    state = state_for(tournament)
    assert not state.may_meet(1, 3)
    rnd = services.pair_next_round(tournament.pk)
    pairs = {frozenset((g.white_id, g.black_id)) for g in rnd.games.all()}
    assert frozenset((e[0].pk, e[2].pk)) not in pairs


@pytest.mark.django_db
def test_a_wrong_scoring_is_a_message_when_pairing(baku, make_entries) -> None:
    make_entries(4)
    Tournament.objects.filter(pk=baku.pk).update(win_points=6, draw_points=2)
    with pytest.raises(ArbiterError, match="Round 1 cannot be paired: Baku"):
        services.pair_next_round(baku.pk)


# -- TRF import and export ---------------------------------------------------------------------


@pytest.mark.django_db
def test_the_rules_virtual_points_import_as_the_baku_setting(arbiter) -> None:
    header = "".join(f"XXA {n:4d}  1.0  1.0  0.5\n" for n in range(1, 5))
    t = lifecycle.import_trf(players(8, header), arbiter.pk)
    assert (t.acceleration, t.accelerated_rounds) == ("baku", None)
    assert not VirtualPoints.objects.exists()
    assert state_for(t).acceleration == {n: (2, 2, 1) for n in range(1, 5)}


@pytest.mark.django_db
def test_a_shorter_acceleration_imports_with_its_number_of_rounds(arbiter) -> None:
    header = "".join(f"XXA {n:4d}  1.0  0.5\n" for n in range(1, 5))
    t = lifecycle.import_trf(players(8, header), arbiter.pk)
    assert (t.acceleration, t.accelerated_rounds) == ("baku", 2)


@pytest.mark.django_db
def test_a_baku_type_without_virtual_points_imports_as_baku(arbiter) -> None:
    t = lifecycle.import_trf(players(8, "192 FIDE_DUTCH_2026_BAKU\n"), arbiter.pk)
    assert (t.pairing_system, t.acceleration) == ("dutch", "baku")


@pytest.mark.django_db
def test_other_virtual_points_are_kept_as_they_are(arbiter) -> None:
    header = "XXA    2  1.0  0.0  0.5\nXXA    7  0.5\n"
    t = lifecycle.import_trf(players(8, header), arbiter.pk)
    assert t.acceleration == "explicit"
    assert state_for(t).acceleration == {2: (2, 0, 1), 7: (1,)}
    assert "XXA    2  1.0  0.0  0.5\nXXA    7  0.5\n" in export_trf(t)


@pytest.mark.django_db
def test_virtual_points_outside_the_dutch_system_are_refused(arbiter) -> None:
    text = players(8, "192 FIDE_DUBOV\nXXA    1  1.0\n")
    with pytest.raises(ArbiterError, match="FIDE Dutch system only"):
        lifecycle.import_trf(text, arbiter.pk)
    assert not Tournament.objects.exists()


@pytest.mark.django_db
def test_forbidden_pairs_import_one_row_per_pair(arbiter) -> None:
    t = lifecycle.import_trf(players(8, "XXP    1    2    3\n260   2   4    5    8\n"), arbiter.pk)
    rows = {
        (f.first.pairing_number, f.second.pairing_number, f.first_round, f.last_round)
        for f in t.forbidden_pairs.select_related("first", "second")
    }
    assert rows == {(1, 2, None, None), (1, 3, None, None), (2, 3, None, None), (5, 8, 2, 4)}
    state = state_for(t)
    assert not state.may_meet(3, 2)
    assert state.may_meet(5, 8)  # round 1: the 260 pair applies in rounds 2-4


@pytest.mark.django_db
@pytest.mark.parametrize("version", [16, 26])
def test_a_baku_tournament_exports_and_imports_back_unchanged(
    baku, make_entries, play, arbiter, version
) -> None:
    entries = make_entries(10)
    ForbiddenPair.objects.create(tournament=baku, first=entries[0], second=entries[1])
    ForbiddenPair.objects.create(
        tournament=baku, first=entries[4], second=entries[8], first_round=2, last_round=3
    )
    play(baku, [["1-0", "0-1", "1/2-1/2", "1-0", "0-1"]])
    text = export_trf(baku, version=version)
    assert f"192 FIDE_DUTCH_{baku.dutch_edition}_BAKU" in text  # ETT26: the edition, Baku
    if version == 16:
        assert "XXA    6  1.0  1.0  0.5\n" in text and "XXP    1    2\n" in text
    else:
        assert "250       1.0   1   2    1    6\n250       0.5   3   3    1    6\n" in text
    assert "260   2   3    5    9\n" in text
    copy = lifecycle.import_trf(text, arbiter.pk)
    assert (copy.acceleration, copy.forbidden_pairs.count()) == ("baku", 2)
    assert export_trf(copy, version=version) == text
