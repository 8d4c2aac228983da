"""The C.07 modifiers (art. 14: Cut-n, Median-n; art. 16.5: the cut of a voluntary unplayed
round), each on a case where that modifier alone decides the number.

Hand-derived; scores in half-points (win = 2), Sonneborn-Berger in quarter-points. Values are
read through the public codes (``BH-C1``, ``SB/M1``, ...), so the code parser is part of each
test.
"""

from __future__ import annotations

import pytest

from pairing.engine import TournamentState, tie_break
from pairing.engine.tiebreaks import Edition, aro, buchholz, progressive_score, sonneborn_berger
from tests.engine.test_tiebreaks import build


def value(code: str, state: TournamentState, pid: int, edition: Edition = Edition.C07_2023) -> int:
    got = tie_break(code).values(state, edition=edition)[pid]
    assert isinstance(got, int)
    return got


# A six-player round robin (circle method) without unplayed rounds. Final scores are all
# different: P1 9, P2 8, P3 5, P4 4, P5 3, P6 1 (half-points).
#
#        R1      R2      R3      R4      R5
# P1   6w=     2w1     3b1     4w1     5b1     1+2+2+2+2 = 9
# P2   5w1     1b0     6w1     3w1     4b1     8
# P3   4w1     5b=     1w0     2b0     6w1     2+1+0+0+2 = 5
# P4   3b0     6b1     5w1     1b0     2w0     4
# P5   2b0     3w=     4b0     6b1     1w0     3
# P6   1b=     4w0     2b0     5w0     3b0     1
ROUND_ROBIN = build(
    {
        1: "6w= 2w1 3b1 4w1 5b1",
        2: "5w1 1b0 6w1 3w1 4b1",
        3: "4w1 5b= 1w0 2b0 6w1",
        4: "3b0 6b1 5w1 1b0 2w0",
        5: "2b0 3w= 4b0 6b1 1w0",
        6: "1b= 4w0 2b0 5w0 3b0",
    },
    ratings={1: 2500, 2: 2400, 3: 2300, 4: 2200, 5: 2100, 6: 2000},
)
# P1's opponents by round: P6 (1), P2 (8), P3 (5), P4 (4), P5 (3); sorted 1, 3, 4, 5, 8.
# P1's Sonneborn-Berger terms (opponent's score x P1's points): P6 1x1 = 1, P2 8x2 = 16,
# P3 5x2 = 10, P4 4x2 = 8, P5 3x2 = 6; total 41.


def test_round_robin_scores() -> None:
    assert ROUND_ROBIN.scores == {1: 9, 2: 8, 3: 5, 4: 4, 5: 3, 6: 1}


def test_buchholz_cut_and_median() -> None:
    """BH = 1 + 8 + 5 + 4 + 3 = 21. Cut-1 (14.1) drops the lowest opponent score, 1: 20.
    Cut-2 (14.2) the two lowest, 1 and 3: 17. Median-1 (14.3) the lowest and the highest,
    1 and 8: 12. Median-2 (14.4) the two lowest and the two highest, 1, 3, 8, 5: 4."""
    assert value("BH", ROUND_ROBIN, 1) == 21
    assert value("BH-C1", ROUND_ROBIN, 1) == 20
    assert value("BH-C2", ROUND_ROBIN, 1) == 17
    assert value("BH-M1", ROUND_ROBIN, 1) == 12
    assert value("BH/M2", ROUND_ROBIN, 1) == 4


def test_buchholz_cut_three() -> None:
    """Cut-3, read from the code (14.1: "the n least significant values"): 21 - 1 - 3 - 4."""
    assert value("BH-C3", ROUND_ROBIN, 1) == 13


def test_sonneborn_berger_cut_drops_the_lowest_scoring_opponent() -> None:
    """SB-C1 (14.1.1) drops the term of the lowest-scoring opponent, not the lowest product.
    P1: the term of P6 (score 1), 41 - 1 = 40. P3 shows the difference: terms P4 4x2 = 8,
    P5 3x1 = 3, P1 9x0 = 0, P2 8x0 = 0, P6 1x2 = 2 (total 13); the lowest-scoring opponent
    is P6 (1): 13 - 2 = 11, although the lowest products are the zeros."""
    assert value("SB", ROUND_ROBIN, 1) == 41
    assert value("SB-C1", ROUND_ROBIN, 1) == 40
    assert value("SB", ROUND_ROBIN, 3) == 13
    assert value("SB-C1", ROUND_ROBIN, 3) == 11


def test_sonneborn_berger_cut_two_and_median() -> None:
    """P1: SB-C2 drops P6 (1) and P5 (6): 41 - 7 = 34. SB-M1 drops P6's term, then the term
    of the highest-scoring opponent, P2 (16), which is also the highest product: 24.
    SB-M2 drops P6 (1), P5 (6), then P2 (16) and P3 (10): 8.
    P3's SB-M1 shows that the high cut goes by the opponent's score, not the product:
    after P6's 2, P1 (score 9, product 0) goes, not P4's 8: 13 - 2 - 0 = 11."""
    assert value("SB-C2", ROUND_ROBIN, 1) == 34
    assert value("SB-M1", ROUND_ROBIN, 1) == 24
    assert value("SB-M2", ROUND_ROBIN, 1) == 8
    assert value("SB-M1", ROUND_ROBIN, 3) == 11


def test_progressive_score_cut() -> None:
    """P1's score after each round: 1, 3, 5, 7, 9; PS = 25. PS-C1 drops the score after
    round 1 (14.1.1): 24; PS-C2 the scores after rounds 1 and 2: 21."""
    assert value("PS", ROUND_ROBIN, 1) == 25
    assert value("PS-C1", ROUND_ROBIN, 1) == 24
    assert value("PS-C2", ROUND_ROBIN, 1) == 21


def test_aro_cut() -> None:
    """Ratings P1..P6: 2500 down to 2000. P3's opponents by round: P4 2200, P5 2100,
    P1 2500, P2 2400, P6 2000: ARO 11200 / 5 = 2240. ARO-C1 drops the lowest rating (2000,
    the last round's): 9200 / 4 = 2300. ARO-C2 drops 2000 and 2100: 7100 / 3 = 2366.67,
    rounded: 2367."""
    assert value("ARO", ROUND_ROBIN, 3) == 2240
    assert value("ARO-C1", ROUND_ROBIN, 3) == 2300
    assert value("ARO-C2", ROUND_ROBIN, 3) == 2367


# Two opponents share the lowest score: SB-C1 cuts the lower of their products.
#
#        R1      R2      R3     score
# P1   2w1     3b=     4w1     5
# P2   1b0     4b=     3w=     2
# P3   4w0     1w=     2b=     2
# P4   3b1     2w=     1b0     3
SHARED_LOWEST = build(
    {1: "2w1 3b= 4w1", 2: "1b0 4b= 3w=", 3: "4w0 1w= 2b=", 4: "3b1 2w= 1b0"},
)


def test_sonneborn_berger_cut_among_equal_opponent_scores() -> None:
    """P1's terms: P2 2x2 = 4, P3 2x1 = 2, P4 3x2 = 6 (SB 12). P2 and P3 both scored 2, the
    lowest: of their terms the lowest product goes (14.1.1, "the lowest of their products";
    2023: the one "with which the worst result was achieved"), P3's 2: 10 (not 12 - 4 = 8)."""
    assert SHARED_LOWEST.scores == {1: 5, 2: 2, 3: 2, 4: 3}
    assert value("SB", SHARED_LOWEST, 1) == 12
    assert value("SB-C1", SHARED_LOWEST, 1) == 10


# -- 16.5: cutting a voluntary unplayed round (VUR) ------------------------------------------
#
# P1 takes a half-point bye in round 1 (a VUR, 16.1), then beats P2 and draws with P3.
#
#        R1      R2      R3     score
# P1   H       2w1     3b=     1+2+1 = 4
# P2   4w=     1b0     5w=     2
# P3   5w=     4w=     1w=     3
# P4   2b=     3b=     Z       2   (Z in the last round: category .5, seen as a draw: 3)
# P5   3b=     Z       2b=     2   (Z followed by a game: category .3)
VUR_EQUAL = build(
    {
        1: "H 2w1 3b=",
        2: "4w= 1b0 5w=",
        3: "5w= 4w= 1w=",
        4: "2b= 3b= Z",
        5: "3b= Z 2b=",
    }
)


def test_a_vur_is_cut_instead_of_the_least_significant_value() -> None:
    """P1's BH terms: the bye's dummy opponent with P1's own score 4 (16.4, a VUR), P2 2,
    P3 3; BH 9. BH-C1 (16.5.1): the VUR's 4 is not lower than the least significant value
    2, so the 4 is cut instead: 5 (not 7)."""
    assert value("BH", VUR_EQUAL, 1) == 9
    assert value("BH-C1", VUR_EQUAL, 1) == 5


def test_a_vur_equal_to_the_least_significant_value_is_the_one_cut() -> None:
    """16.5.1 cuts the VUR "as long as such contribution is not lower than the least
    significant value": equal is not lower. P1's SB terms (opponent's score, product): the
    bye (4, 4x1 = 4, VUR), P2 (2, 2x2 = 4), P3 (3, 3x1 = 3); SB 11.
    SB-M1: the least significant term is P2's (lowest opponent score), product 4; the VUR's
    product 4 is not lower, so the VUR goes. Then the most significant of P2 (2, 4) and
    P3 (3, 3) goes: P3's. Left: 4. (Cutting P2's term first would leave the bye and P3, then
    cut the bye (4, 4): 3.)"""
    assert value("SB", VUR_EQUAL, 1) == 11
    assert value("SB-M1", VUR_EQUAL, 1) == 4
    assert value("SB-C1", VUR_EQUAL, 1) == 7


# P1 forfeits round 1 and takes a half-point bye in round 2: two VURs whose dummy scores the
# 2026 text caps differently (16.4.1: a forfeit at the opponent's score; 16.4.2: other
# unplayed rounds at draw x rounds).
#
#        R1      R2      R3      R4     score
# P1   2b-     H       3w1     4b=     0+1+2+1 = 4
# P2   1w+     3w=     4b0     3b0     2+1+0+0 = 3
# P3   4b0     2b=     1b0     2w1     0+1+0+2 = 3
# P4   3w1     Z       2w1     1w=     2+0+2+1 = 5
TWO_VURS = build(
    {1: "2b- H 3w1 4b=", 2: "1w+ 3w= 4b0 3b0", 3: "4b0 2b= 1b0 2w1", 4: "3w1 Z 2w1 1w="}
)


def test_every_further_cut_looks_at_the_vurs_again() -> None:
    """2023 text: both dummies score P1's own 4. Terms: forfeit 4 (VUR), bye 4 (VUR), P3 3,
    P4 5; BH 16. BH-C1 cuts a VUR 4 (not lower than 3): 12; BH-C2 repeats 16.5.1 for the
    second cut (16.5.2): the other VUR 4, leaving 3 + 5 = 8 (not 16 - 4 - 3 = 9)."""
    assert value("BH", TWO_VURS, 1) == 16
    assert value("BH-C1", TWO_VURS, 1) == 12
    assert value("BH-C2", TWO_VURS, 1) == 8


def test_equal_vur_cut_first_with_the_2026_caps() -> None:
    """2026 text: the forfeit's dummy is capped at P2's score, 3; the bye's at 1 x 4 rounds
    = 4. Terms: forfeit 3 (VUR), bye 4 (VUR), P3 3, P4 5; BH 15.
    BH-C1: the lowest of the VURs, the forfeit's 3, is cut (not the bye's 4): 12.
    BH-C2: first cut, least significant value 3 (P3), lowest VUR 3: not lower, the VUR goes;
    second cut, least 3 (P3), lowest VUR now the bye's 4: not lower, it goes: 3 + 5 = 8.
    (Taking P3's 3 first would leave the forfeit's 3 as the least significant value and
    then as the lowest VUR: 4 + 5 = 9.)"""
    assert value("BH", TWO_VURS, 1, Edition.C07_2026) == 15
    assert value("BH-C1", TWO_VURS, 1, Edition.C07_2026) == 12
    assert value("BH-C2", TWO_VURS, 1, Edition.C07_2026) == 8


def test_median_three_from_the_code() -> None:
    """BH-M3 (read from the code, not in the registry): the three lowest and three highest
    of P1's five values go, nothing is left: 0 (Cut-3 leaves 13)."""
    assert value("BH-M3", ROUND_ROBIN, 1) == 0
    assert value("BH-C3", ROUND_ROBIN, 1) == 13


def test_more_cuts_than_rounds_leave_nothing() -> None:
    """After one round P1 (who beat P2, final score 0) has one term: Cut-2 and Median-1
    cut it and find nothing more to cut: 0."""
    one_round = build({1: "2w1", 2: "1b0"})
    assert value("BH-C2", one_round, 2) == 0
    assert value("BH-M1", one_round, 2) == 0
    assert value("SB-M1", one_round, 1) == 0
    assert value("SB-C2", one_round, 1) == 0


def test_negative_or_mixed_modifiers_are_refused() -> None:
    with pytest.raises(ValueError, match="either a Cut or a Median"):
        buchholz(ROUND_ROBIN, cut=-1)
    with pytest.raises(ValueError, match="either a Cut or a Median"):
        sonneborn_berger(ROUND_ROBIN, median=-1)
    with pytest.raises(ValueError, match="either a Cut or a Median"):
        buchholz(ROUND_ROBIN, cut=1, median=1)
    with pytest.raises(ValueError, match="negative cut -1"):
        progressive_score(ROUND_ROBIN, cut=-1)
    with pytest.raises(ValueError, match="negative cut -1"):
        aro(ROUND_ROBIN, cut=-1)
