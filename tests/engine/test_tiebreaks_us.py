"""US Chess tie-breaks (Official Rules, rule 34E) on a hand-made section with byes, a
forfeit and a withdrawal. Every number is derived by hand below; half-points (win = 2).

U, 6 players, 4 rounds; ratings 1800, 1700, 1600, 1500, 1400, 1300 for P1..P6:

        R1     R2     R3     R4     score
  P1   4w1    2b1    3w=    6b1    2+2+1+2 = 7
  P2   5w1    1w0    6b0    3w=    2+0+0+1 = 3
  P3   6w=    H      1b=    2b=    1+1+1+1 = 4
  P4   1b0    5w+    H      U      0+2+1+2 = 5
  P5   2b0    4b-    .      .      0            (withdrew after round 2)
  P6   3b=    U      2w1    1w0    1+2+2+0 = 5

Adjusted scores (34E1: every unplayed round a draw, 1): P1 7, P2 3, P3 4 (H -> 1),
P4 0+1+1+1 = 3, P5 0+1+1+1 = 3, P6 1+1+2+0 = 4.
Opponents' adjusted scores round by round (own unplayed rounds 0):
  P1: 3 3 4 4   P2: 3 7 4 4   P3: 4 0 7 3   P4: 7 0 0 0   P5: 3 0 0 0   P6: 4 0 3 7
"""

from __future__ import annotations

from pairing.engine.tiebreaks import (
    TIE_BREAKS,
    US_DEFAULT_ORDER,
    cumulative,
    cumulative_of_opposition,
    kashdan,
    median,
    modified_median,
    most_blacks,
    opponents_performance,
    result_between_tied,
    solkoff,
    standings,
    tie_break,
    us_adjusted_scores,
    us_performance,
    us_sonneborn_berger,
)
from tests.engine.test_tiebreaks import build

U = build(
    {
        1: "4w1 2b1 3w= 6b1",
        2: "5w1 1w0 6b0 3w=",
        3: "6w= H 1b= 2b=",
        4: "1b0 5w+ H U",
        5: "2b0 4b- . .",
        6: "3b= U 2w1 1w0",
    },
    ratings={1: 1800, 2: 1700, 3: 1600, 4: 1500, 5: 1400, 6: 1300},
)


def test_scores_and_adjusted_scores() -> None:
    assert U.scores == {1: 7, 2: 3, 3: 4, 4: 5, 5: 0, 6: 5}
    assert us_adjusted_scores(U) == {1: 7, 2: 3, 3: 4, 4: 3, 5: 3, 6: 4}


def test_solkoff() -> None:
    """34E2: the sums of the rows above: 14, 18, 14, 7, 3, 14."""
    assert solkoff(U) == {1: 14, 2: 18, 3: 14, 4: 7, 5: 3, 6: 14}


def test_modified_median() -> None:
    """34E1, 4 rounds: 8 half-points possible, 4 is even. P1 (7, plus) drops the lowest 3:
    3+4+4 = 11. P2 (3, minus) drops the highest 7: 3+4+4 = 11. P3 (4, even) drops 0 and 7:
    4+3 = 7. P4 (5, plus) drops a 0: 7. P5 (0, minus) drops 3: 0. P6 (5, plus) drops 0: 14."""
    assert modified_median(U) == {1: 11, 2: 11, 3: 7, 4: 7, 5: 0, 6: 14}


def test_modified_median_even_plus_minus() -> None:
    """34E1 on 2 rounds (4 half-points possible, 2 even): P1 beat P2, lost to P3: 2, even,
    opponents 1 and 4 both dropped -> 0. P3 (4, plus): opponents 1 (P4) and 2 (P1), the lowest
    dropped -> 2. P2 (1, minus): opponents 2 (P1) and 1 (P4), the highest dropped -> 1."""
    state = build({1: "2w1 3b0", 2: "1b0 4w=", 3: "4w1 1w1", 4: "3b0 2b="})
    assert state.scores == {1: 2, 2: 1, 3: 4, 4: 1}
    values = modified_median(state)
    assert (values[1], values[2], values[3]) == (0, 1, 2)


def test_modified_median_drops_two_from_nine_rounds() -> None:
    """34E1: nine rounds or more drop two. A 9-game match P1 wins 9-0: P1 (plus) drops the
    two lowest of nine 0s -> 0; P2 (minus) drops the two highest of nine 18s -> 7 x 18 = 126."""
    rows = {1: " ".join(["2w1", "2b1"] * 4 + ["2w1"]), 2: " ".join(["1b0", "1w0"] * 4 + ["1b0"])}
    match = build(rows)
    assert modified_median(match) == {1: 0, 2: 7 * 18}


def test_median_drops_both_ends_for_everyone() -> None:
    """Harkness median (34E1's basis): P1 3 3 4 4 -> 7; P2 3 4 4 7 -> 8; P6 0 3 4 7 -> 7."""
    values = median(U)
    assert (values[1], values[2], values[6]) == (7, 8, 7)


def test_cumulative() -> None:
    """34E3: running scores summed, less each unplayed win once. P1 2,4,5,7 = 18. P2 2,2,2,3 =
    9. P3 1,2,3,4 = 10 (a half-point bye is not a win: nothing off). P4 0,2,3,5 = 10, less the
    forfeit win 2 and the bye 2: 6. P5 0. P6 1,3,5,5 = 14, less the bye 2: 12."""
    assert cumulative(U) == {1: 18, 2: 9, 3: 10, 4: 6, 5: 0, 6: 12}


def test_cumulative_of_opposition() -> None:
    """34E9: the opponents' Cumulative, games over the board only. P1 met 4, 2, 3, 6: 6+9+10+12
    = 37. P2 met 5, 1, 6, 3: 0+18+12+10 = 40. P3 met 6, 1, 2: 12+18+9 = 39. P4 met 1: 18. P5
    met 2: 9. P6 met 3, 2, 1: 10+9+18 = 37."""
    assert cumulative_of_opposition(U) == {1: 37, 2: 40, 3: 39, 4: 18, 5: 9, 6: 37}


def test_result_between_tied_players() -> None:
    """34E5 among P1, P2, P3: P1 beat P2 and drew P3: +1; P2 -1; P3 two draws: 0. P4 and P6
    never met: 0 each."""
    assert result_between_tied(U, [1, 2, 3]) == {1: 1, 2: -1, 3: 0}
    assert result_between_tied(U, [4, 6]) == {4: 0, 6: 0}


def test_most_blacks() -> None:
    """34E6: games played with Black; P4's and P5's forfeit colours do not count."""
    assert most_blacks(U) == {1: 2, 2: 1, 3: 2, 4: 1, 5: 1, 6: 1}


def test_kashdan() -> None:
    """34E7: win 4, draw 2, loss 1, unplayed 0. P1 W W D W = 14; P2 W L L D = 8; P3 three draws
    = 6; P4 one loss = 1; P5 one loss = 1; P6 D W L = 7."""
    assert kashdan(U) == {1: 14, 2: 8, 3: 6, 4: 1, 5: 1, 6: 7}


def test_sonneborn_berger() -> None:
    """34E8 with adjusted scores, in quarter-points (a win counts the score twice, a draw
    once): P1 beat 4 (3), 2 (3), 6 (4), drew 3 (4): 6+6+8+4 = 24 (6 points). P2 beat 5 (3),
    drew 3 (4): 10. P3 drew 6 (4), 1 (7), 2 (3): 14. P4, P5: 0. P6 drew 3 (4), beat 2 (3): 10."""
    assert us_sonneborn_berger(U) == {1: 24, 2: 10, 3: 14, 4: 0, 5: 0, 6: 10}
    assert TIE_BREAKS["US-SB"].format(24) == "6.00"


def test_opponents_performance() -> None:
    """Performance = (sum of opponents' ratings + 400 x (wins - losses)) / games.
    P1: 1500+1700+1600+1300 + 1200 = 7300 / 4 = 1825. P2: 1400+1800+1300+1600 - 400 = 5700 / 4
    = 1425. P3: (1300+1800+1700) / 3 = 1600. P4: 1800 - 400 = 1400. P5: 1700 - 400 = 1300.
    P6: (1600+1700+1800) / 3 = 1700.
    Opponents' performance: P1 (4, 2, 3, 6): 6125 / 4 = 1531.25 -> 1531; P3 (6, 1, 2): 4950
    / 3 = 1650; P6 (3, 2, 1): 4850 / 3 = 1616.7 -> 1617."""
    assert us_performance(U) == {1: 1825, 2: 1425, 3: 1600, 4: 1400, 5: 1300, 6: 1700}
    values = opponents_performance(U)
    assert (values[1], values[3], values[6]) == (1531, 1650, 1617)


def test_default_order_and_names() -> None:
    """34E's default: Modified Median, Solkoff, Cumulative, Cumulative of opposition. P4 and
    P6 (5 points each) split on Modified Median 14 against 7: P6 first."""
    assert US_DEFAULT_ORDER == ("US-MM", "US-SOLK", "US-CUM", "US-OPCUM")
    rows = standings(U, US_DEFAULT_ORDER)
    assert [(r.rank, r.player) for r in rows] == [(1, 1), (2, 6), (3, 4), (4, 3), (5, 2), (6, 5)]
    assert rows[1].values == (14, 14, 12, 37)
    for alias, code in (("mm", "US-MM"), ("Solkoff", "US-SOLK"), ("KASHDAN", "US-KASH")):
        assert tie_break(alias).code == code
    assert tie_break("US-RBT").among is not None
