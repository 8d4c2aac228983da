"""What the Dutch engine reads about each player (:mod:`pairing.engine.dutch.players`) where
mutation run 8 found it untested: floats under acceleration. Expected values are derived by
hand from the rule texts in each test.

C.04.3 A.4.b: "After two players with different scores have played each other in a round,
the higher ranked player receives a downfloat, the lower one an upfloat." Under an
accelerated system the score that forms scoregroups is the pairing score, "standings points +
virtual points" (C.04.7 1.5, 2026; C.04.5.1 2017), so the float of a round compares the two
pairing scores of that round: real points before it plus that round's virtual points.
"""

from __future__ import annotations

import dataclasses

from pairing.engine.core.state import TournamentState
from pairing.engine.dutch.players import Float, build_players, float_in_round
from tests.engine.test_dutch_support import state


def accelerated() -> TournamentState:
    """Four players, 4 rounds. GA = {1, 2}: a win's worth of virtual points (2 half-points)
    in round 1, half of it (1) in round 2; GB = {3, 4}: none.

    Round 1: 1-3 0-1, 2-4 =.   Real half-points after it: 1: 0, 2: 1, 3: 2, 4: 1.
    Round 2: 1-4 =, 2-3 =.
    """
    played = state(4, ["1-3 0-1; 2-4 =", "1-4 =; 2-3 ="], 4)
    return dataclasses.replace(played, acceleration={1: (2, 1), 2: (2, 1)})


def test_a4b_round_1_floats_read_the_virtual_points() -> None:
    # Round 1 pairing scores: 1: 0 + 2 = 2 against 3: 0; 2: 0 + 2 = 2 against 4: 0.
    # The GA players downfloated, the GB players upfloated, although all had 0 points.
    current = accelerated()
    floats = {pid: float_in_round(current, current.player(pid), 1) for pid in (1, 2, 3, 4)}
    assert floats == {1: Float.DOWN, 2: Float.DOWN, 3: Float.UP, 4: Float.UP}


def test_a4b_round_2_floats_read_that_rounds_virtual_points_and_the_real_ones() -> None:
    # Round 2 pairing scores: 1: 0 + 1 = 1 against 4: 1 + 0 = 1; 2: 1 + 1 = 2 against
    # 3: 2 + 0 = 2. Equal scores on both boards: no float. (Without the round's virtual
    # point, 1 and 2 would have upfloated; with round 1's instead, they would have
    # downfloated; with the virtual points alone, 2 would have upfloated.)
    current = accelerated()
    floats = {pid: float_in_round(current, current.player(pid), 2) for pid in (1, 2, 3, 4)}
    assert floats == dict.fromkeys((1, 2, 3, 4), Float.NONE)


def test_a4b_floats_of_the_two_last_rounds_reach_the_players_of_round_3() -> None:
    players = {p.id: p for p in build_players(accelerated())}
    assert [players[pid].float_before_last for pid in (1, 2, 3, 4)] == [
        Float.DOWN,
        Float.DOWN,
        Float.UP,
        Float.UP,
    ]
    assert [players[pid].float_last for pid in (1, 2, 3, 4)] == [Float.NONE] * 4


def test_c14_no_float_two_rounds_before_round_2() -> None:
    # Round 1: 1-2 1-0, 3 receives the pairing-allocated bye: a downfloat (A.4.b, "does not
    # play in a round"). Pairing round 2, 3's last float is that downfloat, and there is no
    # round two rounds before (C.14/C.15 read "two rounds before": nothing yet).
    players = {p.id: p for p in build_players(state(3, ["1-2 1-0; 3 U"], 5))}
    assert players[3].float_last is Float.DOWN
    assert [players[pid].float_before_last for pid in (1, 2, 3)] == [Float.NONE] * 3
