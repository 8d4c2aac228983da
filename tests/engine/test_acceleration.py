"""Baku acceleration (C.04.5.1 2017 / C.04.7 1, 2026): groups, virtual points per round, when
they stop, and what they never touch. Expected values are worked out by hand from the rule
texts' own examples (../shared/specs/fide-c0401-c0402-acceleration.md, fide-trf.md)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pairing.engine import (
    AccelerationError,
    PointValues,
    TournamentInfo,
    accelerated_round_count,
    apply_declared_acceleration,
    baku_acceleration,
    baku_group_a,
    baku_rounds_matching,
    group_a_size,
    pairing_system,
    read_trf,
    standings,
    with_baku,
)
from pairing.engine.core.acceleration import baku_round_points
from tests.engine.test_dutch_support import state

pair_dutch = pairing_system("dutch")


# -- groups (2017 "Initial Groups Division", 2026 1.2) -------------------------------------------


@pytest.mark.parametrize(
    ("players", "group_a"),
    [
        (161, 82),  # the rule's own note: half of 161 is 80.5, the next even number 82
        (178, 90),  # TRF26's record-250 example: 178 teams, group A = ids 1-90
        (8, 4),  # half is 4, already even
        (10, 6),  # half is 5, rounded up to the even 6
        (9, 6),  # half is 4.5 -> 6
        (12, 6),
        (2, 2),
        (1, 1),  # never more players than there are
    ],
)
def test_group_a_is_the_first_half_rounded_up_to_an_even_number(players: int, group_a: int) -> None:
    assert group_a_size(players) == group_a
    assert baku_group_a(list(range(1, players + 1))) == tuple(range(1, group_a + 1))


def test_a_late_entry_above_the_last_group_a_player_joins_group_a() -> None:
    # Ten players before round 1: group A is 1-6, its last player is the 6th (id 6). A late
    # entry (id 11) placed third in the list joins group A, which becomes odd (2017 note 2);
    # the last group-A player stays id 6.
    order = [1, 2, 11, 3, 4, 5, 6, 7, 8, 9, 10]
    initial = set(range(1, 11))
    assert baku_group_a(order, initial) == (1, 2, 11, 3, 4, 5, 6)


def test_a_late_entry_below_the_last_group_a_player_joins_group_b() -> None:
    order = [1, 2, 3, 4, 5, 6, 7, 11, 8, 9, 10]
    assert baku_group_a(order, set(range(1, 11))) == (1, 2, 3, 4, 5, 6)


# -- virtual points per round (2017 "Virtual points", 2026 1.4) --------------------------------


def test_nine_rounds_one_point_in_three_rounds_half_a_point_in_two() -> None:
    # The rule's example: "In a nine-round tournament, the accelerated rounds are five. The
    # players in GA are assigned one virtual point in the first three rounds, and half virtual
    # point in the [other two]."
    assert accelerated_round_count(9) == 5
    assert [baku_round_points(r, 9) for r in range(1, 10)] == [2, 2, 2, 1, 1, 0, 0, 0, 0]
    virtual = baku_acceleration(list(range(1, 9)), 9)
    assert virtual == {pid: (2, 2, 2, 1, 1) for pid in (1, 2, 3, 4)}  # group B: none


def test_eleven_rounds_as_in_the_trf26_example() -> None:
    # TRF26 record 250 example (Baku, 11 rounds, 178 teams): fictitious points in rounds 1-3
    # and half of them in rounds 4-6, to ids 1-90.
    virtual = baku_acceleration(list(range(1, 179)), 11)
    assert set(virtual) == set(range(1, 91))
    assert virtual[90] == (2, 2, 2, 1, 1, 1)


@pytest.mark.parametrize(
    ("rounds", "schedule"),
    [
        (1, (2,)),
        (2, (2,)),
        (5, (2, 2, 1)),  # three accelerated: two full, one half
        (7, (2, 2, 1, 1)),
        (10, (2, 2, 2, 1, 1)),
    ],
)
def test_the_first_half_of_the_accelerated_rounds_rounded_up_gets_a_win(
    rounds: int, schedule: tuple[int, ...]
) -> None:
    assert baku_acceleration([1, 2, 3, 4], rounds) == {1: schedule, 2: schedule}


def test_an_announced_number_of_accelerated_rounds_replaces_the_rules() -> None:
    # Four accelerated rounds of nine: the first half (2) with a win, the other 2 with half.
    assert baku_acceleration([1, 2, 3, 4], 9, accelerated=4)[1] == (2, 2, 1, 1)


def test_the_2026_wording_gives_the_points_of_a_win_and_half_of_them() -> None:
    # 2026 1.1/1.4: any scoring where a win is two draws and a loss nothing; here 2 / 1 / 0
    # (4, 2, 0 half-points): two virtual points, then one.
    points = PointValues(win=4, draw=2, loss=0)
    assert baku_acceleration([1, 2], 9, points=points)[1] == (4, 4, 4, 2, 2)


@pytest.mark.parametrize("points", [PointValues(win=6, draw=2), PointValues(loss=1)])
def test_other_scorings_are_refused(points: PointValues) -> None:
    with pytest.raises(AccelerationError, match="a win worth two draws"):
        baku_acceleration([1, 2], 9, points=points)


def test_the_number_of_rounds_is_needed() -> None:
    with pytest.raises(AccelerationError, match="number of rounds"):
        baku_acceleration([1, 2], None)


# -- when acceleration stops, and what it never touches ---------------------------------------


def test_pairing_scores_equal_scores_after_the_last_accelerated_round() -> None:
    before_1 = with_baku(state(8, [], 9))
    assert before_1.pairing_scores[1] == before_1.scores[1] + 2  # round 1: a whole point
    played = [
        "1-3 1-0; 4-2 0-1; 5-7 1-0; 8-6 0-1",
        "2-1 =; 3-5 1-0; 6-4 0-1; 7-8 1-0",
        "1-4 1-0; 5-2 0-1; 3-6 1-0; 8-7 1-0",
        "2-3 1-0; 4-1 0-1; 6-5 1-0; 7-8 0-1",
        "1-2 =; 3-4 1-0; 5-8 1-0; 7-6 0-1",
    ]
    after_5 = replace(state(8, played, 9), acceleration=before_1.acceleration)
    assert after_5.next_round == 6
    assert after_5.pairing_scores == after_5.scores
    after_4 = replace(state(8, played[:4], 9), acceleration=before_1.acceleration)
    assert after_4.pairing_scores[4] == after_4.scores[4] + 1  # round 5: half a point


def test_standings_and_tie_breaks_never_count_virtual_points() -> None:
    # After round 1 of an accelerated 8-player event, 5 (group B) beat 7 and 3 (group A) lost
    # to 1: both have a pairing score of 1, but in the standings 5 (1 point) is above 3
    # (0 points), and the winners of group A (1, 2) have 1 point, not 2.
    plain = state(8, ["1-3 1-0; 4-2 0-1; 5-7 1-0; 8-6 0-1"], 9)
    accelerated = with_baku(plain)
    assert accelerated.pairing_scores[3] == accelerated.pairing_scores[5] == 2
    codes = ["BH", "SB", "WIN"]
    rows = standings(accelerated, codes)
    assert rows == standings(plain, codes)
    score = {row.player: row.score for row in rows}
    assert score == {1: 2, 2: 2, 5: 2, 6: 2, 3: 0, 4: 0, 7: 0, 8: 0}
    rank = {row.player: row.rank for row in rows}
    assert rank[5] < rank[3]


# -- a Dutch pairing that changes because of acceleration -------------------------------------


def test_round_one_pairs_group_a_among_itself() -> None:
    # Eight players, nine rounds, no acceleration: one scoregroup, S1 = 1-4 against S2 = 5-8.
    assert pair_dutch(state(8, [], 9)).pairs == {(1, 5), (6, 2), (3, 7), (8, 4)}
    # Baku: group A (1-4) holds one virtual point, group B (5-8) none: two scoregroups.
    # {1,2,3,4}: 1-3, 2-4; {5,6,7,8}: 5-7, 6-8. Colours (E.5, top seed white): the higher
    # player of an odd pairing number gets white, of an even one black: 1-3, 4-2, 5-7, 8-6.
    pairing = pair_dutch(with_baku(state(8, [], 9)))
    assert [(b.white, b.black) for b in pairing.boards] == [(1, 3), (4, 2), (5, 7), (8, 6)]


def test_round_two_merges_group_a_losers_with_group_b_winners() -> None:
    # After 1-3 1-0, 4-2 0-1, 5-7 1-0, 8-6 0-1 the pairing scores are 1, 2: 1 + 1 = 2;
    # 3, 4: 0 + 1 = 1; 5, 6: 1 + 0 = 1; 7, 8: 0. Brackets {1, 2}, {3, 4, 5, 6}, {7, 8}:
    # 1-2; S1 = {3, 4} against S2 = {5, 6}: 3-5, 4-6; 7-8. Colours: each player alternates
    # (1 W -> B, 2 B -> W, 3 B -> W, 5 W -> B, 4 W -> B, 6 B -> W, 7 B -> W, 8 W -> B).
    # Boards (D.9): pairing score 2, then 1 (3-5 before 6-4: the higher player 3 ranks
    # above 4), then 0.
    played = ["1-3 1-0; 4-2 0-1; 5-7 1-0; 8-6 0-1"]
    pairing = pair_dutch(with_baku(state(8, played, 9)))
    assert [(b.white, b.black) for b in pairing.boards] == [(2, 1), (3, 5), (6, 4), (7, 8)]
    # Without acceleration 1, 2, 5, 6 (one point) form the top bracket instead.
    assert {frozenset(p) for p in pair_dutch(state(8, played, 9)).pairs} != {
        frozenset(p) for p in pairing.pairs
    }


# -- the TRF path: record 192 asks, explicit points win ----------------------------------------


def _declared(code: str):
    return replace(state(8, [], 9), info=TournamentInfo(system_code=code))


@pytest.mark.parametrize(
    "code", ["FIDE_DUTCH_BAKU", "FIDE_DUTCH_2017_BAKU", "FIDE_DUTCH_2026_BAKU"]
)
def test_a_baku_type_without_virtual_points_gets_the_rules(code: str) -> None:
    accelerated = apply_declared_acceleration(_declared(code), "dutch")
    assert accelerated.acceleration == {pid: (2, 2, 2, 1, 1) for pid in (1, 2, 3, 4)}


def test_explicit_virtual_points_take_precedence() -> None:
    given = replace(_declared("FIDE_DUTCH_BAKU"), acceleration={8: (2,)})
    assert apply_declared_acceleration(given, "dutch").acceleration == {8: (2,)}


def test_a_plain_type_gets_no_virtual_points() -> None:
    assert apply_declared_acceleration(_declared("FIDE_DUTCH_2017"), "dutch").acceleration == {}


@pytest.mark.parametrize("system", ["dubov", "tcec"])
def test_baku_is_refused_outside_the_dutch_system(system: str) -> None:
    with pytest.raises(AccelerationError, match="Dutch system only"):
        apply_declared_acceleration(_declared("FIDE_DUBOV_BAKU"), system)


def test_recognises_the_rules_virtual_points_and_their_number_of_rounds() -> None:
    plain = state(8, [], 9)
    assert baku_rounds_matching(with_baku(plain)) == 5
    assert baku_rounds_matching(with_baku(plain, accelerated=3)) == 3
    assert baku_rounds_matching(plain) is None
    # Group A of five players (a late entry above the cut): not the rule for 8 on the list.
    five = {pid: (2, 2, 2, 1, 1) for pid in range(1, 6)}
    assert baku_rounds_matching(replace(plain, acceleration=five)) is None


def test_the_trf26_example_records_read_as_the_baku_virtual_points() -> None:
    players = "".join(f"001 {i:4d}\n" for i in range(1, 179))
    text = (
        "012 Team Swiss\n142 11\n"
        "250 00.0 02.0 001 003 0001 0090\n"
        "250 00.0 01.0 004 006 0001 0090\n" + players
    )
    read = read_trf(text)
    assert read.acceleration == {pid: (4, 4, 4, 2, 2, 2) for pid in range(1, 91)}


def test_zero_accelerated_rounds_is_no_acceleration_and_more_than_the_rounds_is_refused() -> None:
    """C.04.7: the arbiter announces how many rounds are accelerated; none (0) is a valid
    announcement that gives nobody virtual points, more rounds than the tournament has is
    not."""
    assert baku_acceleration([1, 2, 3, 4], 9, accelerated=0) == {}
    assert baku_acceleration([1, 2, 3, 4], 9, accelerated=9)[1][-1] == 1
    with pytest.raises(AccelerationError, match="10 accelerated rounds in a 9-round"):
        baku_acceleration([1, 2, 3, 4], 9, accelerated=10)


def test_group_a_is_counted_on_the_list_before_round_1() -> None:
    """C.04.7 (group A = the first 2 * ceil(N / 4) players of the initial list, late entries
    in their places): eight players on the pairing list, of whom 1, 3, 5, 7 were on it
    before round 1 (N = 4: group A ends at the 2nd of them, 3): group A = 1, 2, 3. Counted on
    all eight (N = 8) it would end at the 4th player: 1-4."""
    virtual = baku_acceleration(list(range(1, 9)), 9, initial={1, 3, 5, 7})
    assert sorted(virtual) == [1, 2, 3]
