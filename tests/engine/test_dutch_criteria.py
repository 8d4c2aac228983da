"""The Dutch quality criteria C.5-C.19 (C.04.3, 2017), each on a round where it alone decides.

Every case is a whole round paired by ``pair_round`` from a hand-built past
(:mod:`tests.engine.histories`: every earlier game against a made-up opponent, so that each
player's score, colours and floats are exactly what the case needs). Each docstring lists the
candidates that matter and shows that the criterion under test is the first one, in the order
of priority, to tell them apart; without it, a lower criterion or the generation order (B.8)
would choose another candidate. Scores are in points in the text, half-points in the code.

A.7: nobody is a topscorer unless the round is the last one and the player has more than half
the maximum score. C.3 forbids two non-topscorers with the same absolute preference to meet.
"""

from __future__ import annotations

from pairing.engine import Colour, RoundPairing, TournamentState
from pairing.engine.dutch import pair_round_2017 as pair_round
from pairing.engine.dutch.criteria import BracketScores, Level, pair_costs, unpaired_costs
from pairing.engine.dutch.players import Float
from tests.engine.histories import boards, pair_set, pairs, past
from tests.engine.test_dutch_support import player


def paired(state: TournamentState) -> RoundPairing:
    return pair_round(state)


def test_c5_c6_as_many_pairs_as_possible() -> None:
    """C.5 (maximise the pairs), with C.6: 1 and 2 have 1 point and played White (strong
    Black), 3 and 4 none and played Black (strong White). Bracket 1 point: 1-2 is a pair
    in which one of them loses his preference (C.10); leaving both unpaired would let the
    last bracket pair 1-3 and 2-4 without any colour conflict, but with no pair in the
    first bracket. C.5 wants the pair: 1-2, then 3-4. (C.6 asks the same: A.8 gives each
    downfloater a score difference larger than any pair it could be part of, so deleting
    C.5 alone changes nothing; see docs/testing.md.)"""
    state = past({1: "w1", 2: "w1", 3: "b0", 4: "b0"}, 5)
    assert pairs(paired(state)) == pair_set((1, 2), (3, 4))


def test_c6_psd_pairs_the_mdp() -> None:
    """1: 0.5 (played Black: strong White), 2: 1 (White: strong Black), 3: 0.5 (White:
    strong Black); 1-2 may not meet. Bracket 1 point: 2 alone, floats. Last bracket: MDP 2,
    residents 1, 3; one pair and the bye.
      2-3, bye 1: SDs 0.5 and, for the bye, 0.5 - (0.5 - 1) = 1: PSD [1, 0.5]
      1-3, bye 2: SDs 0 and 1 - (0.5 - 1) = 1.5:           PSD [1.5, 0]
    C.6 takes 2-3 although 2 and 3 both want Black (C.10 would prefer 1-3). E.4: 2 ranks
    higher (more points) and gets Black."""
    state = past({1: "b=", 2: "w1", 3: "w="}, 4, forbidden=[(1, 2)])
    pairing = paired(state)
    assert boards(pairing) == {(3, 2)}
    assert pairing.bye == 1


def test_c6_psd_compares_the_largest_difference_first() -> None:
    """Round 5 of 5. 4: W W, half-point bye, W (3.5 points, topscorer: over 2.5; played
    W W W, absolute Black); 2: B B B W (2.5, CD -2, absolute White); 3: W W W W (1.5,
    absolute Black); 1: W B W W (1 point, CD +2, absolute Black). 1 and 3 may not meet (C.3).
    Bracket 3.5: 4 floats. Bracket 2.5: 4-2 would leave 3 and 1: it is the PPB, 4 and 2
    float, and the collapsed last bracket is {4, 2 | 3, 1} (A.9), residents of different
    scores:
      4-3, 2-1: score differences 2 and 1.5 points: PSD [2, 1.5]
      4-1, 2-3: 2.5 and 1:                          PSD [2.5, 1]
    A.8 compares the largest differences first: 4-3, 2-1 (the sums are equal). C.8 would
    prefer the other: E.2 gives 3 (CD +4, wider than 4's +3) Black, and both end beyond +2,
    while in 4-1 only 1 does."""
    state = past({1: "w0 b= w0 w=", 2: "b1 b= b0 w1", 3: "w0 w= w= w=", 4: "w1 w1 H w1"}, 5)
    assert boards(paired(state)) == {(4, 3), (2, 1)}


def test_c7_looks_into_the_following_bracket() -> None:
    """Scores: 3, 4, 5: 1 point; 1: 0.5; 2: 0. Colours: 3, 4 played Black (strong White);
    1, 2, 5 White (strong Black). 1-4 may not meet. Bracket 1 point: one pair, one
    downfloater; S1 = {3}, S2 = {4, 5}.
      3-4 (5 floats): both want White (C.10); next bracket {5 | 1}: 5-1, one pair
      3-5 (4 floats): no colour conflict; next bracket {4 | 1}: 1-4 barred, no pair
      4-5 (3 floats): no colour conflict; next bracket {3 | 1}: 3-1, one pair
    The PSD of the bracket is the same for all (a pair with SD 0, a downfloater). C.7 keeps
    3-4 and 4-5 (one pair in the next bracket, same PSD there), C.10 then takes 4-5.
    Without C.7, C.10 would take the first conflict-free candidate, 3-5."""
    state = past({1: "w=", 2: "w0", 3: "b1", 4: "b1", 5: "w1"}, 5, forbidden=[(1, 4)])
    pairing = paired(state)
    assert pairs(pairing) == pair_set((4, 5), (3, 1))
    assert pairing.bye == 2


def test_c8_topscorer_colour_difference() -> None:
    """Last round (3 of 4 played); topscorers have more than 2 points: only 1 (2.5).
    Colours: 1 B B B (CD -3), 2 W B B (CD -1, the last two Black), 3 B B B: all absolute
    White; 2-3 may not meet (C.3, no topscorer). 3 downfloated in round 3.
    Bracket 2.5: 1 floats; last bracket: MDP 1, residents 2, 3: one pair and the bye.
      1-2, bye 3: E.2, both absolute: the wider difference, 1's, gets White; 2 ends W B B B,
        CD -2 (C.8 satisfied) but Black three times in a row (C.9); 3's bye repeats his
        downfloat (C.12).
      1-3, bye 2: same difference and history, E.4: 1 (higher) White; 3 ends with CD -4
        (C.8) and B B B B (C.9).
    C.8 takes 1-2; without it, C.9-C.11 are equal and C.12 would take 1-3."""
    state = past({1: "b1 b= b1", 2: "w0 b1 b1", 3: "b= b1 b=v"}, 4)
    pairing = paired(state)
    assert boards(pairing) == {(1, 2)}
    assert pairing.bye == 3


def test_c9_topscorer_same_colour_three_times() -> None:
    """Last round (3 of 4 played); topscorer: 2 (2.5 points). 1: B W B (CD -1, strong
    White); 2 and 3: W B B (absolute White); 3 downfloated in round 3. Bracket 2.5: 2
    floats; last bracket: MDP 2, residents 1, 3.
      2-1, bye 3: 2 (absolute) White; 1 ends B W B B, CD -2, not three in a row; 1 loses a
        strong preference (C.10, C.11); 3's bye repeats a downfloat (C.12).
      2-3, bye 1: same histories, E.4: 2 White; 3 plays Black a third time in a row (C.9);
        3 loses an absolute preference (C.10, C.11).
    C.8 is satisfied by both (no CD beyond 2); C.9 takes 2-1; without it C.10 and C.11 are
    equal and C.12 would take 2-3."""
    state = past({1: "b= w= b1", 2: "w1 b1 b=", 3: "w1 b= b=v"}, 4)
    pairing = paired(state)
    assert boards(pairing) == {(2, 1)}
    assert pairing.bye == 3


def test_c10_colour_preferences() -> None:
    """1: W B (0.5, mild White); 2: W B (1, mild White); 3: W W (0.5, absolute Black).
    Bracket 1 point: 2 floats; last bracket: MDP 2, residents 1, 3.
      2-1, bye 3: both want White: one loses a (mild) preference (C.10; C.11 only counts
        strong ones)
      2-3, bye 1: 2 White, 3 Black: both preferences granted
    C.10 takes 2-3; without it the generation order (S2 = 1, 3) takes 2-1."""
    state = past({1: "w= b0", 2: "w= b=", 3: "w0 w="}, 5)
    pairing = paired(state)
    assert boards(pairing) == {(2, 3)}
    assert pairing.bye == 1


def test_c11_strong_colour_preferences() -> None:
    """All on 1 point. 1: half-point bye then Black (CD -1: strong White; the bye was a
    downfloat two rounds before); 2: B B (absolute White); 3: W B (mild White). One bracket,
    the last: one pair and the bye.
      1-2, bye 3: E.2 gives 2 White; 1 loses a strong preference (C.10, C.11)
      1-3, bye 2: 1 White; 3 loses a mild preference (C.10)
      2-3, bye 1: 2 White; 3 loses a mild preference (C.10); 1's bye repeats the downfloat
        of two rounds before (C.14)
    C.10 counts one loser everywhere; C.11 rules out 1-2; C.14 then takes 1-3. Without C.11
    the first candidate, 1-2, would stay (C.12-C.19 do not mind it)."""
    state = past({1: "H b=", 2: "b= b=", 3: "w1 b0"}, 5)
    pairing = paired(state)
    assert boards(pairing) == {(1, 3)}
    assert pairing.bye == 2


def test_c12_repeated_downfloat() -> None:
    """All on 1.5 points (round 3 of 3 is the last, but 1.5 is not over half of 3: no
    topscorers). 1: bye then White (strong Black; downfloat two rounds before); 2: W B (mild
    White); 3: W W (absolute Black; downfloated in round 2). One bracket, one bye.
      1-2, bye 3: 3's bye repeats last round's downfloat (C.12)
      1-3, bye 2: 1 and 3 both want Black (C.10)
      2-3, bye 1: 1's bye repeats the downfloat of two rounds before (C.14)
    C.10 rules out 1-3; C.12 then takes 2-3; without C.12, C.14 would take 1-2."""
    state = past({1: "H w1", 2: "w1 b=", 3: "w1 w=v"}, 3)
    pairing = paired(state)
    assert boards(pairing) == {(2, 3)}
    assert pairing.bye == 1


def test_c13_repeated_upfloat() -> None:
    """1: W W W, 2 points, downfloated in round 2 and upfloated in round 3; 2: W W W,
    2 points; 3: W B W, 2.5 points. 1 and 2 (absolute Black) may not meet (C.3).
    Bracket 2.5: 3 floats; last bracket: MDP 3, residents 1, 2; one pair and the bye. Both
    pairs lose 3's strong preference for Black (C.10, C.11 equal).
      3-1, bye 2: 1 upfloats again (C.13)
      3-2, bye 1: 1's bye is a downfloat, as two rounds before (C.14)
    C.13 takes 3-2; without it C.14 would take 3-1 (C.17 would agree with C.13, but C.14
    comes first). E.2: 2's absolute preference beats 3's strong one."""
    state = past({1: "w= w=v w1^", 2: "w0 w1 w1", 3: "w1 b= w1"}, 6)
    pairing = paired(state)
    assert boards(pairing) == {(3, 2)}
    assert pairing.bye == 1


def test_c14_downfloat_as_two_rounds_before() -> None:
    """Round 5 of 7. 3: W W W W, 2 points (absolute Black). 1.5 points: 1 (W W W B,
    absolute Black, downfloated in rounds 3 and 4), 2 (W W W W, absolute Black, downfloated
    in round 4), 4 (W W B B, absolute White, upfloated in round 3), 5 (B W B W, mild Black).
    1-4 may not meet; 1, 2, 3 may not meet each other (C.3).
    Bracket 2: 3 floats; last bracket: MDP 3 (with 4 or 5), residents 1, 2, 4, 5.
      3-4, 1-5, bye 2:  5 loses a mild preference; 2's bye repeats last round's downfloat
      3-4, 2-5, bye 1:  the same, with 1's bye (C.12); 1 also downfloated two rounds ago
      3-5, 2-4, bye 1:  the same (C.10, C.12, C.14); and 4 upfloats as in round 3 (not C.15)
    The PSD, C.10 and C.12 are equal (one each); C.13 nobody. C.14 takes the first; without
    it C.15 would take the third."""
    state = past(
        {
            1: "w1 w= w0v b0v",
            2: "w0 w0 w1 w=v",
            3: "w= w= w= w=",
            4: "w0 w0 b=^ b1",
            5: "b0 w0 b= w1",
        },
        7,
        forbidden=[(1, 4)],
    )
    pairing = paired(state)
    assert boards(pairing) == {(4, 3), (5, 1)}
    assert pairing.bye == 2


def test_c15_upfloat_as_two_rounds_before() -> None:
    """1: 2 points, 2: 1.5 (both strong White; they may not meet); residents on 1 point,
    all strong Black: 3 (upfloated in round 2), 4 (upfloated in round 3), 5, 6. 4 may meet
    neither 3, 5 nor 6, so 4 always meets an MDP and upfloats again (C.13: one in every
    candidate); 1 may not meet 5 or 6. Brackets 2 and 1.5 leave 1 and 2 unpaired; last
    bracket: MDPs 1, 2, residents 3-6. Every candidate: PSD [1, 0.5, 0], one resident pair of
    two Black seekers (C.10), no repeated downfloat.
      1-3, 2-4, 5-6: 3 upfloats as in round 2 (C.15); 4's repeated upfloat has SD 0.5 (C.17)
      1-4, 2-5, 3-6: no C.15; 4's repeated upfloat has SD 1 (C.17)
    C.15 takes the second; without it C.17 would take the first. Colours: 3 and 6 have the
    same history, E.4 gives 3 (higher) his Black."""
    state = past(
        {
            1: "b1 w= b=",
            2: "b= w= b=",
            3: "w0 b=^ w=",
            4: "w= b= w0^",
            5: "w= b= w0",
            6: "w= b= w0",
        },
        8,
        forbidden=[(1, 2), (3, 4), (4, 5), (4, 6), (1, 5), (1, 6)],
    )
    assert boards(paired(state)) == {(1, 4), (2, 5), (6, 3)}


def test_c16_score_difference_of_a_repeated_downfloat() -> None:
    """Round 2 of 2 (no topscorers: 1 point is not over half of 2). 1: beat a player with
    Black (1 point); 2: drew with White (0.5); 3: full-point bye (1 point, a downfloat);
    1-3 may not meet. Bracket 1 point: 1, 3 unpaired, both float; last bracket: MDPs 1, 3,
    resident 2: one pair and the bye; the PSD is [1.5, 0.5] either way.
      1-2, bye 3: 3 downfloats again through the bye, SD 1 - (0.5 - 1) = 1.5 (C.12, C.16)
      3-2, bye 1: 3 downfloats again as the higher player of the pair, SD 0.5 (C.12, C.16)
    C.12 counts one repeated downfloat in both; C.16 takes 3-2; without it the first
    MDP-pairing, 1-2, stays."""
    state = past({1: "b1", 2: "w=", 3: "F"}, 2, forbidden=[(1, 3)])
    pairing = paired(state)
    assert pairs(pairing) == pair_set((3, 2))
    assert pairing.bye == 1


def test_c17_score_difference_of_a_repeated_upfloat() -> None:
    """1: W W, 1 point; 2: W W, 1.5 points (both absolute Black, may not meet, C.3);
    3: W B, 0 points, upfloated in round 2; 4: W B, 0 points. Brackets 1.5 and 1: 2 and 1
    cannot be paired, both float; last bracket: MDPs 2, 1, residents 3, 4 (both mild White):
    no colour conflict either way, and 3 upfloats again in every candidate (C.13).
      2-3, 1-4: 3's repeated upfloat has SD 1.5
      1-3, 2-4: SD 1
    C.17 takes 1-3, 2-4; without it the first MDP-pairing, 2-3, stays."""
    state = past({1: "w= w=", 2: "w1 w=", 3: "w0 b0^", 4: "w0 b0"}, 5)
    assert boards(paired(state)) == {(3, 1), (4, 2)}


def test_c18_score_difference_of_a_downfloat_two_rounds_before() -> None:
    """1: W W W, 1.5 points; 3: W W W, 1.5 points, downfloated in round 2 (both absolute
    Black: they may not meet); 2: W W B, 1 point (strong Black). Bracket 1.5: both float;
    last bracket: MDPs 1, 3, resident 2; every candidate makes 2 lose his preference.
      2-1, bye 3: 3 downfloats again through the bye, SD 1.5 - (1 - 1) = 1.5 (C.14, C.18)
      2-3, bye 1: 3 downfloats again as the higher player of the pair, SD 0.5 (C.14, C.18)
    C.14 is equal; C.18 takes 2-3; without it the first MDP-pairing, 1-2, stays."""
    state = past({1: "w0 w1 w=", 2: "w= w= b0", 3: "w= w0v w1"}, 6)
    pairing = paired(state)
    assert boards(pairing) == {(2, 3)}
    assert pairing.bye == 1


def test_c19_score_difference_of_an_upfloat_two_rounds_before() -> None:
    """Round 4 of 4; nobody has more than 2 points (no topscorers). 1: W B W, 1.5 (strong
    Black); 2: W W B, 2 (strong Black); 3: W W W, 1, upfloated in round 2; 4: W W W, 1 (3 and
    4 absolute Black, may not meet). Bracket 2: 2 floats; bracket 1.5: 2-1 would leave 3-4,
    impossible, so it is the PPB and 1, 2 float (A.9); the collapsed last bracket: MDPs 2,
    1, residents 3, 4. Each candidate has two colour conflicts; 3 upfloats again either way
    (C.15).
      2-3, 1-4: 3's repeated upfloat has SD 1
      1-3, 2-4: SD 0.5
    C.19 takes 1-3, 2-4; without it the first MDP-pairing, 2-3, stays."""
    state = past({1: "w= b= w=", 2: "w= w= b1", 3: "w0 w1^ w0", 4: "w= w0 w="}, 4)
    assert boards(paired(state)) == {(1, 3), (2, 4)}


def test_histories_give_the_floats_and_colours_the_cases_assume() -> None:
    """The builder's ghosts: an upfloat (``^``), a downfloat (``v``) and the byes."""
    from pairing.engine.dutch.players import Float, build_players

    state = past({1: "w= w=v w1^", 2: "H b1 F", 3: "w1 b= w1"}, 6)
    players = {p.id: p for p in build_players(state)}
    assert (players[1].float_last, players[1].float_before_last) == (Float.UP, Float.DOWN)
    assert (players[2].float_last, players[2].float_before_last) == (Float.DOWN, Float.NONE)
    assert players[2].colours == (Colour.BLACK,)
    assert state.scores[1] == 4 and state.scores[2] == 5 and state.scores[3] == 5


# -- the criteria's costs, as the rules compare them ---------------------------------------------
#
# The round tests above show each criterion deciding; these check the per-player and per-pair
# costs of dutch/criteria.py against what the text counts: C.12-C.15 count players (one each,
# whether the float comes from a pair or from being left unpaired), C.16-C.19 and the PSD
# compare score differences from the largest down (A.8), and C.7's PSD of the following
# bracket measures a downfloater left unpaired there as A.8 does in that bracket.

SCORES = BracketScores(lowest=4, next_lowest=2, base=12)
"""A bracket whose lowest player has 2 points, followed by one on 1 point (half-points)."""


def repeated(level: Level, float_last: Float = Float.NONE, before: Float = Float.NONE) -> tuple:
    """At ``level``: the cost of a 3-point player with these floats left unpaired, and the
    cost of his pair with a 2-point player with the same floats (SD 1)."""
    p = player(1, 6, float_last=float_last, float_before_last=before)
    q = player(2, 4, float_last=float_last, float_before_last=before)
    pair = pair_costs(p, q, SCORES, Colour.WHITE)
    return unpaired_costs(p, SCORES)[level], pair[level]


def test_c12_to_c15_count_each_player_once() -> None:
    """A repeated downfloat counts 1 whether the player floats out of the bracket or down in
    a pair (C.12, C.14); an upfloat only in a pair (C.13, C.15); a float of another kind
    counts nothing."""
    assert repeated(Level.DOWNFLOAT_AGAIN, float_last=Float.DOWN) == (1, 1)
    assert repeated(Level.DOWNFLOAT_TWO_ROUNDS_BEFORE, before=Float.DOWN) == (1, 1)
    assert repeated(Level.DOWNFLOAT_AGAIN, float_last=Float.UP) == (0, 0)
    assert repeated(Level.DOWNFLOAT_TWO_ROUNDS_BEFORE, before=Float.UP) == (0, 0)
    assert repeated(Level.UPFLOAT_AGAIN, float_last=Float.UP)[1] == 1  # the lower player upfloats
    assert repeated(Level.UPFLOAT_TWO_ROUNDS_BEFORE, before=Float.UP)[1] == 1
    assert repeated(Level.UPFLOAT_AGAIN, float_last=Float.DOWN)[1] == 0


def test_score_differences_compare_from_the_largest() -> None:
    """A.8 / C.16-C.19: one difference of 1.5 points weighs more than two of 1 point (and the
    PSD likewise). Pairs of a 3-point and a 1.5-point player against pairs of 3 and 2."""
    top = player(1, 6, float_last=Float.DOWN, float_before_last=Float.DOWN)
    low = player(2, 3, float_last=Float.UP, float_before_last=Float.UP)
    mid = player(3, 4, float_last=Float.UP, float_before_last=Float.UP)
    scores = BracketScores(lowest=3, next_lowest=None, base=12)
    wide = pair_costs(top, low, scores, Colour.WHITE)
    narrow = pair_costs(top, mid, scores, Colour.WHITE)
    for level in (
        Level.PSD,
        Level.DOWNFLOAT_AGAIN_SD,
        Level.UPFLOAT_AGAIN_SD,
        Level.DOWNFLOAT_TWO_ROUNDS_BEFORE_SD,
        Level.UPFLOAT_TWO_ROUNDS_BEFORE_SD,
    ):
        assert wide[level] > 2 * narrow[level], level
    # Left unpaired: a 3-point downfloater (SD 3 - (1.5 - 1) = 2.5) against two on 2 points.
    floats = player(4, 6, float_last=Float.DOWN, float_before_last=Float.DOWN)
    lower = player(5, 4, float_last=Float.DOWN, float_before_last=Float.DOWN)
    for level in (Level.PSD, Level.DOWNFLOAT_AGAIN_SD, Level.DOWNFLOAT_TWO_ROUNDS_BEFORE_SD):
        high_cost = unpaired_costs(floats, scores)[level]
        assert high_cost > 2 * unpaired_costs(lower, scores)[level], level


def test_c7_psd_measures_the_following_bracket_like_a8() -> None:
    """C.7: a downfloater left unpaired in the following bracket costs what A.8 gives an
    unpaired player of that bracket (one point below its lowest score)."""
    for score in (4, 5, 6):
        p = player(1, score)
        following = BracketScores(lowest=SCORES.next_lowest or 0, next_lowest=None, base=12)
        assert unpaired_costs(p, SCORES)[Level.NEXT_PSD] == unpaired_costs(p, following)[Level.PSD]
