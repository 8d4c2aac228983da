"""The Berger tables and quads (pairing/engine/roundrobin/berger.py), worked out by hand from
FIDE C.05 Annex 1 (the table for 3-4 players: round 1 1-4, 2-3; round 2 4-3, 1-2; round 3
2-4, 3-1) and US Chess quads: the surviving mutants of the module's mutation run
(docs/testing.md) each break one of these."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pairing.engine.roundrobin.berger import RoundRobinError, pair_round, quads, round_pairs
from tests.engine.test_us_systems import played_round_robin
from tests.engine.usswiss_support import section


def boards(pairing: object) -> list[tuple[int, int]]:
    return [(b.white, b.black) for b in pairing.boards]  # type: ignore[attr-defined]


def test_two_players_make_a_round_robin_one_does_not() -> None:
    assert round_pairs(2, 1) == ((1, 2),)
    with pytest.raises(RoundRobinError, match=r"^a round robin needs at least two players$"):
        round_pairs(1, 1)


def test_a_round_beyond_the_table_names_the_rounds_there_are() -> None:
    with pytest.raises(RoundRobinError, match=r"^a round robin of 4 players has 3 rounds, not 4$"):
        round_pairs(4, 4)
    with pytest.raises(
        RoundRobinError, match=r"^a double round robin of 4 players has 6 rounds, not 7$"
    ):
        round_pairs(4, 7, double=True)


def test_two_players_past_their_one_round_read_1_rounds() -> None:
    """What broke: two players (a quad left with two after a move) have one round; pairing
    a second said "has 1 rounds"."""
    with pytest.raises(RoundRobinError, match=r"^a round robin of 2 players has 1 round, not 2$"):
        round_pairs(2, 2)
    with pytest.raises(
        RoundRobinError, match=r"^a double round robin of 2 players has 2 rounds, not 3$"
    ):
        round_pairs(2, 3, double=True)


def test_a_single_round_robin_is_the_default_and_ends_after_its_cycle() -> None:
    with pytest.raises(RoundRobinError, match="has 3 rounds, not 4"):
        pair_round(played_round_robin(4, 3))


def test_the_last_two_rounds_swapped_when_asked() -> None:
    """Round 2 of four with the last two rounds of the cycle swapped is the table's round 3:
    2-4, 3-1."""
    assert boards(pair_round(played_round_robin(4, 1), swap_last_two=True)) == [(2, 4), (3, 1)]


def test_an_absent_player_meeting_the_dummy_has_no_bye() -> None:
    """Three players, round 1: 1 meets the dummy (4), 2-3. With 1 absent nobody has the bye."""
    pairing = pair_round(replace(section([2000, 1990, 1980]), absent={1: "Z"}))
    assert (boards(pairing), pairing.bye) == ([(2, 3)], None)


def test_quads_cut_by_rating_and_fold_a_small_remainder_into_the_last_section() -> None:
    """Ids 1..n rated in descending order of id. 2 players: one section of two. 6: 4 + 2,
    the two join the last section (six). 14: 4 + 4 + 4 + 2, the two join the third
    section. Sections of three are allowed (7 = 3 + 3 + 1, the one joins the second); two
    are refused."""
    entries = [(k, 3000 - k) for k in range(1, 15)]
    assert quads(entries[:2]) == [[1, 2]]
    assert quads(entries[:6]) == [[1, 2, 3, 4, 5, 6]]
    assert quads(entries) == [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12, 13, 14]]
    assert quads(entries[:7], 3) == [[1, 2, 3], [4, 5, 6, 7]]
    with pytest.raises(RoundRobinError, match=r"^quads need sections of at least three players$"):
        quads(entries, 2)
