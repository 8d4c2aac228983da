"""The Dubov criteria C.1-C.10, the bye rule B.0 and the colour rules E.0-E.4 (C.04.4.1,
2018), each on a whole round that the rule alone decides.

Rounds are paired by ``pair_round`` from hand-built pasts (:mod:`tests.engine.histories`:
every earlier game against a made-up opponent rated 2000, so every ARO is 2000 and S1 is in
ranking order). "Upfloated" = played against an opponent with more points (token ``^``).
Each docstring shows what the text gives and what it would give without the rule under test.
Scores in points in the text, half-points in the code.
"""

from __future__ import annotations

from pairing.engine import Colour, TournamentState
from pairing.engine.dubov import pair_round_2018 as pair_round
from tests.engine.histories import boards, past

W, B = Colour.WHITE, Colour.BLACK


def paired(state: TournamentState) -> tuple[set[tuple[int, int]], int | None]:
    pairing = pair_round(state)
    return boards(pairing), pairing.bye


# -- absolute criteria ------------------------------------------------------------------------


def test_c1_no_second_meeting() -> None:
    """Round 1: G1 = 1, 2 (first half), G2 = 3, 4; T2 = (3, 4) would pair 1-3, which C.1
    forbids here; the next transposition (4, 3): 1-4, 2-3. E.0 (initial White): 1 (odd)
    White, 2 (even) Black."""
    state = past({1: "", 2: "", 3: "", 4: ""}, 5, forbidden=[(1, 3)])
    assert paired(state) == ({(1, 4), (3, 2)}, None)


def test_c2_no_second_bye() -> None:
    """B.0: 3 (pairing-allocated bye in round 1, then a loss) and 2 (a win, then absent)
    have 1 point and one game each; the lowest in the ranking list, 3, had the bye (C.2):
    2 gets it. 1 (W B: mild White) - 3 (W: strong Black)."""
    state = past({1: "w1 b1", 2: "w1 Z", 3: "U w0"}, 5)
    assert paired(state) == ({(1, 3)}, 2)


def test_c3_same_absolute_preferences_do_not_meet() -> None:
    """All on 1 point. 1, 2: B B (absolute White); 3: W W (absolute Black); 4: W B (mild
    White). G1 = White seekers 1, 2, 4; G2 = 3. B.4: shift one White seeker (D.2: AROs
    equal, ranking 1, 2, 4, middle-out #1 = 2): G1 = 1, 4, G2 = 2, 3. B.6: T2 = (2, 3)
    would pair 1-2 (C.3); (3, 2): 1-3, 4-2. E.2: 2's absolute preference beats 4's mild."""
    state = past({1: "b= b=", 2: "b= b=", 3: "w= w=", 4: "w= b="}, 5)
    assert paired(state) == ({(1, 3), (2, 4)}, None)


# -- B.0 the pairing-allocated bye --------------------------------------------------------------


def test_b0_lowest_score() -> None:
    """B.0.c: 2 (0 points) gets the bye, not 3 (0.5, lower in the ranking list). 1 (W:
    strong Black) - 3 (W: strong Black): E.3 finds no difference, E.4: 1 (more points) gets
    Black."""
    assert paired(past({1: "w1", 2: "b0", 3: "w="}, 5)) == ({(3, 1)}, 2)


def test_b0_most_games_played() -> None:
    """B.0.d: 2 and 3 have no points; 2 played two games, 3 none (two zero-point byes): 2
    gets the bye, not 3 (B.0.e). 1 (W B: mild White) - 3 (no game: mild Black, A.5.d)."""
    assert paired(past({1: "w1 b1", 2: "w0 b0", 3: "Z Z"}, 5)) == ({(1, 3)}, 2)


def test_b0_lowest_in_the_ranking_list() -> None:
    """B.0.e: round 1, all equal: the last of the list, 3. E.0: 1 (odd) White."""
    assert paired(past({1: "", 2: "", 3: ""}, 5)) == ({(1, 2)}, 3)


# -- completion and quality criteria: choosing the upfloaters (B.1, B.2) ------------------------


def test_c4_the_rest_of_the_round_stays_pairable() -> None:
    """1 (W B: mild White) and 2 (B W: mild Black) have 2 points and could meet; 3, 5
    (1.5, mild Black), 4 (1.5, mild White), 6 (1 point, mild White); 6 may meet none of 3,
    4, 5. With no upfloater 6 would be left unpaired: C.4 asks for two. D.1 pool: 3, 4, 5,
    6. Container {1.5, 1.5}: every set leaves 6 with one of 3-5: illegal. Container
    {1.5, 1}: {3, 6} leaves 4-5: legal.
    Bracket 1, 2, 3, 6: G1 = 1, 6, G2 = 2, 3; T2 = (2, 3) fails on 6-3, (3, 2): 1-3, 6-2.
    Then 4-5. Colours: every pair a White and a Black seeker (E.1)."""
    state = past(
        {1: "w1 b1", 2: "b1 w1", 3: "b1 w=", 4: "w1 b=", 5: "b1 w=", 6: "w= b="},
        5,
        forbidden=[(6, 3), (6, 4), (6, 5)],
    )
    assert paired(state) == ({(1, 3), (6, 2), (4, 5)}, None)


def test_c5_fewest_upfloaters() -> None:
    """1, 2 (1 point, W B: mild White) may meet: no upfloater (B.1, C.5), although 1-3 and
    2-4 with the two Black seekers 3, 4 (0 points, B W) would grant every preference (C.7).
    1-2: E.3 finds no difference, E.4: 1 White. 3-4: 3 Black."""
    state = past({1: "w1 b=", 2: "w= b1", 3: "b0 w0", 4: "b0 w0"}, 5)
    assert paired(state) == ({(1, 2), (4, 3)}, None)


def test_c6_upfloaters_with_the_highest_scores() -> None:
    """1, 2 (2 points) may not meet: two upfloaters. 3 (1.5), 4, 5 (1), 6 (0.5). 1 may meet
    only 3 and 4, 2 only 5 and 6; 3-5 and 4-6 may not meet. Legal sets: {3, 6} (rest 4-5)
    and {4, 5} (rest 3-6); {3, 5} leaves 4-6, {4, 6} leaves 3-5, {3, 4} and {5, 6} need
    the same resident twice. C.6 maximises the lowest upfloater score: {4, 5} (1 > 0.5);
    without it D.1's lexicographic order would take {3, 6}. Everybody has W B (mild White):
    the higher-ranked player of each pair gets White (E.4)."""
    state = past(
        {1: "w1 b1", 2: "w1 b1", 3: "w1 b=", 4: "w= b=", 5: "w= b=", 6: "w= b0"},
        5,
        forbidden=[(1, 2), (1, 5), (1, 6), (2, 3), (2, 4), (3, 5), (4, 6)],
    )
    assert paired(state) == ({(1, 4), (2, 5), (3, 6)}, None)


def test_c7_colour_preferences() -> None:
    """1 (1 point, B: strong White) alone needs one upfloater from 2 (B: strong White) and
    3 (W: strong Black); 4 may not meet 1. C.7: 1-2 would leave one of them without White;
    3 upfloats, although 2 comes first in D.1 order. Then 2-4."""
    state = past({1: "b1", 2: "b0", 3: "w0", 4: "w0"}, 5, forbidden=[(1, 4)])
    assert paired(state) == ({(1, 3), (2, 4)}, None)


def test_c7_counts_pairs_forced_inside_a_colour_group() -> None:
    """1 (2 points, W B: mild White) and 2 (2 points, B W: mild Black) may not meet: two
    upfloaters from 3, 5 (1 point, mild White) and 4, 6 (mild Black); 1-4 may not meet.
    {3, 4} comes first in D.1 order and is as balanced as {3, 6} (two White and two Black
    seekers), but 1 can then only meet 3 and 2 only 4: two players lose their preference
    (C.7). {3, 6}: 1-6 and 3-2 grant every preference. Bracket 1, 2, 3, 6: G1 = 1, 3, G2 =
    2, 6; T2 = (2, 6) fails on 1-2, (6, 2) works. Then 5-4."""
    state = past(
        {1: "w1 b1", 2: "b1 w1", 3: "w= b=", 4: "b= w=", 5: "w= b=", 6: "b= w="},
        5,
        forbidden=[(1, 2), (1, 4)],
    )
    assert paired(state) == ({(1, 6), (3, 2), (5, 4)}, None)


def test_c8_maximum_upfloaters() -> None:
    """Round 8 of 9: MaxT = 2 + [9/5] = 3. 1, 2 (7 points, strong White) may not meet: two
    upfloaters among 3-6 (0 points, all strong Black, so C.7 finds no violation): 3 has
    upfloated 6 times, the last time in round 7; 4 never; 5 and 6 three times each (not in
    round 7). 1 may meet only 3 and 5, 2 only 4 and 6, and 3-6 and 4-5 may not meet: the
    legal sets are {3, 4} (rest 5-6) and {5, 6} (rest 3-4); {3, 6} and {5, 4} would leave
    4-5 and 3-6 (C.4).
      {3, 4}: one maximum upfloater (C.8), upfloated 6 times (C.9), once last round (C.10)
      {5, 6}: two maximum upfloaters, 3 + 3 = 6 times, none last round
    C.8 takes {3, 4}; without it C.9 is equal and C.10 would take {5, 6}. Then 5-6 (same
    history, E.4: 5 Black)."""
    lost = "w0 b0 w0 b0 w0 b0 w0"
    state = past(
        {
            1: "b1 w1 b1 w1 b1 w1 b1",
            2: "b1 w1 b1 w1 b1 w1 b1",
            3: "w0 b0^ w0^ b0^ w0^ b0^ w0^",
            4: lost,
            5: "w0 b0^ w0^ b0^ w0 b0 w0",
            6: "w0 b0^ w0^ b0^ w0 b0 w0",
        },
        9,
        forbidden=[(1, 2), (1, 4), (1, 6), (2, 3), (2, 5), (3, 6), (4, 5)],
    )
    assert paired(state) == ({(1, 3), (2, 4), (6, 5)}, None)


def test_c9_times_upfloated() -> None:
    """Round 6 of 7: MaxT = 3. 1 (4.5 points, strong White) needs one upfloater; 4 may not
    meet 1. 2 (upfloated in rounds 2-5) and 3 (rounds 3-5) are maximum upfloaters who
    upfloated last round, all strong Black on 0 points: C.7, C.8 and C.10 are equal; C.9
    takes 3 (3 times, not 4). Then 2-4 (E.4: 2 Black)."""
    state = past(
        {
            1: "w1 b1 w1 b1 b=",
            2: "w0 b0^ w0^ b0^ w0^",
            3: "w0 b0 w0^ b0^ w0^",
            4: "w0 b0 w0 b0 w0",
        },
        7,
        forbidden=[(1, 4)],
    )
    assert paired(state) == ({(1, 3), (4, 2)}, None)


C10_PAST = {1: "b= b1", 2: "b0 w0^", 3: "b0 w0", 4: "b0 w0"}
"""1: 1.5 points, B B (absolute White); 2, 3, 4: no points, B W (mild Black); 2 upfloated
in round 2; 1-4 may not meet."""


def test_c10_upfloated_in_the_previous_round() -> None:
    """1 needs one upfloater, 2 or 3 (no maximum upfloaters: MaxT = 3): C.10 takes 3, who
    did not upfloat last round. Then 2-4: same history, E.4: 2 Black."""
    state = past(C10_PAST, 5, forbidden=[(1, 4)])
    assert paired(state) == ({(1, 3), (4, 2)}, None)


def test_c8_to_c10_do_not_apply_in_the_last_round() -> None:
    """The same position in the last round (3 of 3): C.10 is off, D.1 order takes 2."""
    state = past(C10_PAST, 3, forbidden=[(1, 4)])
    assert paired(state) == ({(1, 2), (4, 3)}, None)


def test_b5_s1_by_aro_rounded_half_up() -> None:
    """All on 1 point; 1 and 2 (W B: mild White) form G1, 3 and 4 (B W: mild Black) G2.
    A.6: 1 met opponents rated 2001 and 2001 (ARO 2001), 2 met 2000 and 2001 (2000.5,
    rounded up: 2001). B.5: equal AROs, so S1 = 1, 2 by the ranking list; T2 = (3, 4):
    1-3, 2-4. (Rounded down, 2's 2000 would put 2 first: 2-3, 1-4.)"""
    state = past(
        {1: "w= b=", 2: "w= b=", 3: "b= w=", 4: "b= w="},
        5,
        opponents_rating={1: 2001, 2: [2000, 2001]},
    )
    assert paired(state) == ({(1, 3), (2, 4)}, None)


# -- E. colours ------------------------------------------------------------------------------


def board(histories: dict[int, str], initial: Colour = W) -> tuple[int, int]:
    (only,) = boards(pair_round(past(histories, 9, initial=initial)))
    return only


def test_e0_both_without_games() -> None:
    """1 (half-point bye) and 2 (full-point bye) have not played: E.0. 2 ranks higher (more
    points) and has an even number: the colour opposite to the initial Black, White. E.4
    would grant 2's mild Black (A.5.d)."""
    assert board({1: "H", 2: "F"}, initial=B) == (2, 1)


def test_e1_both_preferences() -> None:
    """1: W W B (strong Black), 2: B B W (strong White): 2 White. E.3 would alternate the
    latest round: 1 White."""
    assert board({1: "w= w= b=", 2: "b= b= w="}) == (2, 1)


def test_e2_stronger_preference() -> None:
    """1: two byes, then Black (strong White); 2: W B B (absolute White): 2 White. E.3 finds
    no difference (1's one game, Black, like 2's last) and E.4 would favour 1 (same score,
    higher in the list)."""
    assert board({1: "H H b=", 2: "w= b= b="}) == (2, 1)


def test_e2_a_player_without_games_has_a_mild_preference_for_black() -> None:
    """A.5.d: 1 (half-point bye) has a mild Black preference, 2 (W, strong Black) a
    stronger one: 2 Black. E.4 would give 1 (same score, higher in the list) Black."""
    assert board({1: "H", 2: "w="}) == (1, 2)


def test_e3_alternate_to_the_latest_different_round() -> None:
    """1: B W W B, 2: W B W B (both mild White). Latest rounds: B/B, W/W, then W/B: 1 had
    White, now Black. E.4 would give 1 (higher in the list) White."""
    assert board({1: "b= w= w= b=", 2: "w= b= w= b="}) == (2, 1)


def test_e4_higher_ranked_preference() -> None:
    """Same history W B (mild White); 2 has more points: 2 White."""
    assert board({1: "w0 b0", 2: "w1 b1"}) == (2, 1)
