"""FIDE C.07 tie-breaks (2023 rules for unplayed rounds) on hand-made tournaments.

Every expected number is derived by hand in the comments; scores are in half-points (win = 2),
Sonneborn-Berger in quarter-points (half-points x half-points).
"""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from pairing.engine.core.state import BLANK, Colour, Player, RoundEntry, TournamentState
from pairing.engine.tiebreaks import (
    DP_TABLE,
    TIE_BREAKS,
    Edition,
    StandingRow,
    adjusted_scores,
    aro,
    buchholz,
    byes_received,
    direct_encounter,
    direct_encounter_points,
    games_with_black,
    games_won,
    games_won_with_black,
    progressive_score,
    rating_difference,
    rounds_elected_to_play,
    sonneborn_berger,
    standings,
    tcec_final_order,
    tie_break,
    tpr,
    unplayed_category,
    wins,
)

# -- a tiny crosstable notation --------------------------------------------------------------

_COMPLEMENT = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+-", "W": "L", "L": "W", "D": "D"}


def _entry(token: str) -> RoundEntry:
    if token == ".":
        return BLANK
    if token in ("U", "F", "H", "Z"):
        return RoundEntry(None, None, token)
    m = re.fullmatch(r"(\d+)([wb])([10=+\-WDL])", token)
    assert m, token
    return RoundEntry(int(m.group(1)), Colour(m.group(2)), m.group(3))


def build(
    rows: dict[int, str], ratings: dict[int, int] | None = None, double_rounds: bool = False
) -> TournamentState:
    """Player id -> round entries: ``2w1`` = vs 2 with White, won; ``5b-`` = forfeit loss;
    ``U`` PAB, ``F`` full-point bye, ``H`` half-point bye, ``Z`` zero-point bye, ``.`` absent.
    Both sides of every board are checked against each other."""
    results = {pid: tuple(_entry(t) for t in line.split()) for pid, line in rows.items()}
    for pid, entries in results.items():
        for column, e in enumerate(entries):
            if e.opponent is not None:
                other = results[e.opponent][column]
                assert other.opponent == pid, (pid, column)
                assert other.colour is not e.colour, (pid, column)
                assert other.code in _COMPLEMENT[e.code], (pid, column)
    players = tuple(
        Player(id=pid, rating=(ratings or {}).get(pid, 0), results=entries)
        for pid, entries in sorted(results.items())
    )
    return TournamentState(
        players=players, rounds_done=len(players[0].results), double_rounds=double_rounds
    )


# -- T1: PAB, forfeit win, forfeit loss, HPB followed by games, withdrawal (absent at the end) --
#
#        R1      R2      R3      R4     score (half-points)
# P1   2w1     H       3b1     7w1     2+1+2+2 = 7
# P2   1b0     7w0     6w1     3b=     0+0+2+1 = 3
# P3   4w=     5w1     1w0     2w=     1+2+0+1 = 4
# P4   3b=     6w1     U       5w0     1+2+2+0 = 5
# P5   6w+     3b0     7b=     4b1     2+0+1+2 = 5
# P6   5b-     4b0     2b0     .       0+0+0+0 = 0   (withdrew after round 3)
# P7   U       2b1     5w=     1b0     2+2+1+0 = 5
T1 = build(
    {
        1: "2w1 H 3b1 7w1",
        2: "1b0 7w0 6w1 3b=",
        3: "4w= 5w1 1w0 2w=",
        4: "3b= 6w1 U 5w0",
        5: "6w+ 3b0 7b= 4b1",
        6: "5b- 4b0 2b0 .",
        7: "U 2b1 5w= 1b0",
    }
)

# -- T2: ZPB followed only by VURs, ZPB followed by a game, SB-C1 with the 16.5 comparison --
#
#        R1      R2      R3      R4     score
# P1   4w1     6b1     3w1     5b0     2+2+2+0 = 6
# P2   5w=     Z       4b+     3w1     1+0+2+2 = 5
# P3   6w=     5b0     1b0     2b0     1+0+0+0 = 1
# P4   1b0     Z       2w-     H       0+0+0+1 = 1   (Z then only VURs: '-' and H)
# P5   2b=     3w1     6b=     1w1     1+2+1+2 = 6
# P6   3b=     1w0     5w=     U       1+0+1+2 = 4
T2 = build(
    {
        1: "4w1 6b1 3w1 5b0",
        2: "5w= Z 4b+ 3w1",
        3: "6w= 5b0 1b0 2b0",
        4: "1b0 Z 2w- H",
        5: "2b= 3w1 6b= 1w1",
        6: "3b= 1w0 5w= U",
    }
)


def test_scores_of_the_hand_made_tournaments() -> None:
    assert T1.scores == {1: 7, 2: 3, 3: 4, 4: 5, 5: 5, 6: 0, 7: 5}
    assert T2.scores == {1: 6, 2: 5, 3: 1, 4: 1, 5: 6, 6: 4}


# -- unplayed rounds: categories (16.2) and the score opponents see (16.3) -----------------


def test_unplayed_categories() -> None:
    p = T1.player
    assert unplayed_category(p(1), 0) is None  # a game
    assert unplayed_category(p(1), 1) == 3  # HPB followed by a game
    assert unplayed_category(p(7), 0) == 1  # PAB
    assert unplayed_category(p(4), 2) == 1  # PAB
    assert unplayed_category(p(5), 0) == 2  # forfeit win
    assert unplayed_category(p(6), 0) == 4  # forfeit loss
    assert unplayed_category(p(6), 3) == 5  # absent in the last round (withdrawal)
    q = T2.player
    assert unplayed_category(q(2), 1) == 3  # ZPB followed by a forfeit win (not a VUR)
    assert unplayed_category(q(4), 1) == 5  # ZPB followed by '-' and H, all VURs
    assert unplayed_category(q(4), 2) == 4  # forfeit loss
    assert unplayed_category(q(4), 3) == 5  # HPB in the last round


def test_full_point_bye() -> None:
    # R1: P1 full-point bye, P2 beat P3; R2: P1 beat P2, P3 half-point bye (last round).
    # Scores: P1 2 + 2 = 4, P2 2 + 0 = 2, P3 0 + 1 = 1.
    state = build({1: "F 2w1", 2: "3w1 1b0", 3: "2b0 H"})
    assert unplayed_category(state.player(1), 0) == 1  # FPB: category .1, not a VUR
    assert unplayed_category(state.player(3), 1) == 5  # HPB in the last round
    # WIN: P1 F + R2 = 2, P2 1, P3 0; REP: P1 2 (the F counts), P3 2 - 1 (H) = 1
    assert wins(state) == {1: 2, 2: 1, 3: 0}
    assert rounds_elected_to_play(state) == {1: 2, 2: 2, 3: 1}
    # BH: P1 F dummy 4 + P2 2 = 6; P2 P3 1 + P1 4 = 5; P3 P2 2 + H dummy 1 = 3
    assert buchholz(state) == {1: 6, 2: 5, 3: 3}
    # BH-C1: P1 has no VUR (the F is not one) -> cut the 2 -> 4; P2 -> 4;
    #        P3 [2, 1 VUR] -> cut the VUR 1 -> 2
    assert buchholz(state, cut=1) == {1: 4, 2: 4, 3: 2}


def test_adjusted_scores_count_category_5_as_a_draw() -> None:
    # T1: only P6's absence in R4 is category .5: 0 + 0 + 0 + 1 (draw) = 1.
    assert adjusted_scores(T1) == {1: 7, 2: 3, 3: 4, 4: 5, 5: 5, 6: 1, 7: 5}
    # T2: P4's R2 Z (cat .5) -> 1 and R4 H (cat .5) -> 1, the forfeit loss stays 0:
    #     0 + 1 + 0 + 1 = 2. P2's Z is category .3 and stays 0.
    assert adjusted_scores(T2) == {1: 6, 2: 5, 3: 1, 4: 2, 5: 6, 6: 4}


# -- Buchholz (8.1), dummy opponent (16.4) -------------------------------------------------


def test_buchholz_t1() -> None:
    # Opponents' adjusted scores; an own unplayed round adds the dummy = own final score.
    # P1: P2 3 + H dummy 7 + P3 4 + P7 5 = 19
    # P2: P1 7 + P7 5 + P6 1 (adjusted) + P3 4 = 17
    # P3: P4 5 + P5 5 + P1 7 + P2 3 = 20
    # P4: P3 4 + P6 1 + U dummy 5 + P5 5 = 15
    # P5: '+' dummy 5 + P3 4 + P7 5 + P4 5 = 19
    # P6: '-' dummy 0 + P4 5 + P2 3 + absent dummy 0 = 8
    # P7: U dummy 5 + P2 3 + P5 5 + P1 7 = 20
    assert buchholz(T1) == {1: 19, 2: 17, 3: 20, 4: 15, 5: 19, 6: 8, 7: 20}


def test_buchholz_t2() -> None:
    # P1: P4 2 (adjusted) + P6 4 + P3 1 + P5 6 = 13
    # P2: P5 6 + Z dummy 5 + '+' dummy 5 + P3 1 = 17
    # P3: P6 4 + P5 6 + P1 6 + P2 5 = 21
    # P4: P1 6 + dummy 1 + dummy 1 + dummy 1 = 9
    # P5: P2 5 + P3 1 + P6 4 + P1 6 = 16
    # P6: P3 1 + P1 6 + P5 6 + U dummy 4 = 17
    assert buchholz(T2) == {1: 13, 2: 17, 3: 21, 4: 9, 5: 16, 6: 17}


def test_buchholz_cut1_with_the_vur_exception() -> None:
    # 16.5: with a VUR, its lowest contribution is cut instead of the lowest value.
    # P1: [3, 7 (H, VUR), 4, 5] -> cut the VUR 7 (not the 3): 19 - 7 = 12
    # P2: [7, 5, 1, 4] -> 16        P3: [5, 5, 7, 3] -> 17
    # P4: [4, 1, 5 (U: not a VUR), 5] -> 14
    # P5: [5 ('+': not a VUR), 4, 5, 5] -> 15
    # P6: [0 VUR, 5, 3, 0 VUR] -> cut a VUR 0 -> 8
    # P7: [5, 3, 5, 7] -> 17
    assert buchholz(T1, cut=1) == {1: 12, 2: 16, 3: 17, 4: 14, 5: 15, 6: 8, 7: 17}
    assert tie_break("BH-C1").values(T1) == buchholz(T1, cut=1)
    # T2: P2 [6, 5 (Z, VUR), 5 ('+'), 1] -> cut the VUR 5, not the 1: 17 - 5 = 12
    #     P4 [6, 1 V, 1 V, 1 V] -> 8; P1 [2, 4, 1, 6] -> 12; P3 [4, 6, 6, 5] -> 17;
    #     P5 [5, 1, 4, 6] -> 15; P6 [1, 6, 6, 4] -> 16
    assert buchholz(T2, cut=1) == {1: 12, 2: 12, 3: 17, 4: 8, 5: 15, 6: 16}


def test_buchholz_cut2_repeats_the_exception() -> None:
    # P1: cut VUR 7 -> [3, 4, 5]; no VUR left -> cut 3 -> 9
    # P6: cut VUR 0 -> [5, 3, 0 VUR]; cut VUR 0 again -> [5, 3] -> 8
    # P2 (no VUR): [7, 5, 1, 4] -> cut 1, 4 -> 12
    got = buchholz(T1, cut=2)
    assert (got[1], got[6], got[2]) == (9, 8, 12)


def test_buchholz_median1() -> None:
    # Cut the least significant value (with 16.5), then the most significant one.
    # P1: cut VUR 7 -> [3, 4, 5] -> cut 5 -> 7
    # P2: [7, 5, 1, 4] -> cut 1, cut 7 -> 9
    # P3: [5, 5, 7, 3] -> cut 3, cut 7 -> 10
    # P4: [4, 1, 5, 5] -> cut 1, cut 5 -> 9
    # P5: [5, 4, 5, 5] -> cut 4, cut 5 -> 10
    # P6: cut VUR 0 -> [5, 3, 0] -> cut 5 -> 3
    # P7: [5, 3, 5, 7] -> cut 3, cut 7 -> 10
    assert buchholz(T1, median=1) == {1: 7, 2: 9, 3: 10, 4: 9, 5: 10, 6: 3, 7: 10}
    assert tie_break("BH-M1").values(T1) == buchholz(T1, median=1)


def test_buchholz_2026_caps() -> None:
    # 2026 16.4: the dummy is capped: forfeits at the scheduled opponent's adjusted score,
    # other unplayed rounds at draw x rounds = 1 x 4 = 4.
    # T1 P1: H dummy min(7, 4) = 4 -> 3 + 4 + 4 + 5 = 16
    # T1 P5: '+' vs P6 (adjusted 1) -> min(5, 1) = 1 -> 1 + 4 + 5 + 5 = 15
    # T1 P7: U -> min(5, 4) = 4 -> 4 + 3 + 5 + 7 = 19
    # T1 P4: U -> 4 -> 4 + 1 + 4 + 5 = 14
    # T1 P6: own score 0 is below every cap -> 8 as before
    got = buchholz(T1, edition=Edition.C07_2026)
    assert (got[1], got[5], got[7], got[4], got[6]) == (16, 15, 19, 14, 8)
    # T2 P2: Z -> min(5, 4) = 4; '+' vs P4 (adjusted 2) -> 2: 6 + 4 + 2 + 1 = 13
    assert buchholz(T2, edition=Edition.C07_2026)[2] == 13


def test_modifier_arguments_are_checked() -> None:
    with pytest.raises(ValueError, match="either"):
        buchholz(T1, cut=1, median=1)


# -- Sonneborn-Berger (9.1) ---------------------------------------------------------------


def test_sonneborn_berger_t1() -> None:
    # Opponent's (adjusted / dummy) score x points scored, in quarter-points.
    # P1: P2 3x2 + H dummy 7x1 + P3 4x2 + P7 5x2 = 6 + 7 + 8 + 10 = 31
    # P2: P1 7x0 + P7 5x0 + P6 1x2 + P3 4x1 = 0 + 0 + 2 + 4 = 6
    # P3: P4 5x1 + P5 5x2 + P1 7x0 + P2 3x1 = 5 + 10 + 0 + 3 = 18
    # P4: P3 4x1 + P6 1x2 + U dummy 5x2 + P5 5x0 = 4 + 2 + 10 + 0 = 16
    # P5: '+' dummy 5x2 + P3 4x0 + P7 5x1 + P4 5x2 = 10 + 0 + 5 + 10 = 25
    # P6: every term is 0 (no points)
    # P7: U dummy 5x2 + P2 3x2 + P5 5x1 + P1 7x0 = 10 + 6 + 5 + 0 = 21
    assert sonneborn_berger(T1) == {1: 31, 2: 6, 3: 18, 4: 16, 5: 25, 6: 0, 7: 21}


def test_sonneborn_berger_t2() -> None:
    # P1: P4 2x2 + P6 4x2 + P3 1x2 + P5 6x0 = 4 + 8 + 2 + 0 = 14
    # P2: P5 6x1 + Z dummy 5x0 + '+' dummy 5x2 + P3 1x2 = 6 + 0 + 10 + 2 = 18
    # P3: P6 4x1 + 0 + 0 + 0 = 4
    # P4: 0 + 0 + 0 + H dummy 1x1 = 1
    # P5: P2 5x1 + P3 1x2 + P6 4x1 + P1 6x2 = 5 + 2 + 4 + 12 = 23
    # P6: P3 1x1 + P1 6x0 + P5 6x1 + U dummy 4x2 = 1 + 0 + 6 + 8 = 15
    assert sonneborn_berger(T2) == {1: 14, 2: 18, 3: 4, 4: 1, 5: 23, 6: 15}


def test_sonneborn_berger_cut1() -> None:
    # Least significant term = the lowest-scoring opponent's (not the lowest product).
    # T1 P1: terms (opp, product) (3,6) (7,7 VUR) (4,8) (5,10): lowest VUR 7 >= least 6 -> cut 7
    #        -> 24
    # T1 P2: (7,0) (5,0) (1,2) (4,4): lowest opponent 1 -> cut 2 -> 4 (not 6 - 0)
    # T1 P3: (5,5) (5,10) (7,0) (3,3) -> cut 3 -> 15
    # T1 P4: (4,4) (1,2) (5,10) (5,0) -> cut 2 -> 14
    # T1 P5: (5,10) (4,0) (5,5) (5,10) -> cut 0 -> 25
    # T1 P7: (5,10) (3,6) (5,5) (7,0) -> cut 6 -> 15
    got = sonneborn_berger(T1, cut=1)
    assert got == {1: 24, 2: 4, 3: 15, 4: 14, 5: 25, 6: 0, 7: 15}
    # T2 P2: (6,6) (5,0 VUR) (5,10) (1,2): least significant = product 2 (opponent with 1);
    #        the lowest VUR term 0 is lower, so 16.5 cuts the higher of the two: the 2 -> 16
    # T2 P1: (2,4) (4,8) (1,2) (6,0): lowest opponent 1 -> cut 2 -> 12
    # T2 P4: (6,0) (1,0 V) (1,0 V) (1,1 V): least = opponent 1 with the lowest product 0;
    #        VUR 0 >= 0 -> cut a VUR 0 -> 1
    # T2 P6: (1,1) (6,0) (6,6) (4,8 U) -> cut 1 -> 14
    got2 = sonneborn_berger(T2, cut=1)
    assert (got2[2], got2[1], got2[4], got2[6]) == (16, 12, 1, 14)


def test_sonneborn_berger_2026_caps() -> None:
    # T2 P2: Z dummy min(5, 4) = 4 -> 4x0; '+' dummy min(5, adjusted P4 = 2) = 2 -> 2x2:
    #        6 + 0 + 4 + 2 = 12
    assert sonneborn_berger(T2, edition=Edition.C07_2026)[2] == 12


# -- type B: WIN, WON, BPG, BWG, REP, PS --------------------------------------------------


def test_wins_count_unplayed_wins() -> None:
    # T1: P1 R1, R3, R4 (H is not a win) = 3; P2 R3 = 1; P3 R2 = 1; P4 R2 + U = 2;
    #     P5 '+' + R4 = 2; P6 0; P7 U + R2 = 2
    assert wins(T1) == {1: 3, 2: 1, 3: 1, 4: 2, 5: 2, 6: 0, 7: 2}
    # T2: P1 3; P2 '+' + R4 = 2; P3 0; P4 0; P5 R2 + R4 = 2; P6 U = 1
    assert wins(T2) == {1: 3, 2: 2, 3: 0, 4: 0, 5: 2, 6: 1}


def test_a_pab_worth_a_draw_is_not_a_win() -> None:
    from dataclasses import replace

    from pairing.engine.core.state import PointValues

    state = replace(T1, points=PointValues(pab=1))
    # P7: the U is now worth a draw, only the R2 win counts; P4 likewise
    got = wins(state)
    assert (got[7], got[4], got[5]) == (1, 1, 2)


def test_games_won_and_colours() -> None:
    # WON (over the board): T1 P1 3, P2 1, P3 1, P4 1, P5 1 (R4; the '+' is not a game), P6 0,
    #     P7 1
    assert games_won(T1) == {1: 3, 2: 1, 3: 1, 4: 1, 5: 1, 6: 0, 7: 1}
    # BPG: P1 R3; P2 R1, R4; P3 none; P4 R1; P5 R2, R3, R4; P6 R2, R3 (the R1 forfeit has no
    #      colour); P7 R2, R4
    assert games_with_black(T1) == {1: 1, 2: 2, 3: 0, 4: 1, 5: 3, 6: 2, 7: 2}
    # BWG: P1 R3 (3b1), P5 R4 (4b1), P7 R2 (2b1)
    assert games_won_with_black(T1) == {1: 1, 2: 0, 3: 0, 4: 0, 5: 1, 6: 0, 7: 1}


def test_rounds_elected_to_play() -> None:
    # 4 rounds minus HPB, ZPB (absences included) and forfeit losses.
    # T1: P1 4 - 1 (H) = 3; P6 4 - 2 ('-', absent) = 2; the PABs and '+' count as played.
    assert rounds_elected_to_play(T1) == {1: 3, 2: 4, 3: 4, 4: 4, 5: 4, 6: 2, 7: 4}
    # T2: P2 4 - 1 (Z) = 3; P4 4 - 3 (Z, '-', H) = 1
    assert rounds_elected_to_play(T2) == {1: 4, 2: 3, 3: 4, 4: 1, 5: 4, 6: 4}
    assert tie_break("GE") is TIE_BREAKS["REP"]


def test_progressive_score() -> None:
    # Cumulative scores after each round, summed:
    # P1 2, 3, 5, 7 -> 17     P2 0, 0, 2, 3 -> 5      P3 1, 3, 3, 4 -> 11
    # P4 1, 3, 5, 5 -> 14     P5 2, 2, 3, 5 -> 12     P6 0      P7 2, 4, 5, 5 -> 16
    assert progressive_score(T1) == {1: 17, 2: 5, 3: 11, 4: 14, 5: 12, 6: 0, 7: 16}
    # PS-C1 drops the score after round 1: P1 17 - 2 = 15, P4 14 - 1 = 13, P7 16 - 2 = 14
    got = tie_break("PS-C1").values(T1)
    assert (got[1], got[4], got[7]) == (15, 13, 14)


# -- rating-based: ARO (10.1), TPR (10.2) --------------------------------------------------
#
# T3 ratings: P1 2000, P2 1901, P3 1801, P4 1700, P5 unrated.
#        R1      R2      R3     score
# P1   2w1     3b1     4w=     2+2+1 = 5
# P2   1b0     5w1     3w1     0+2+2 = 4
# P3   4w=     1w0     2b0     1+0+0 = 1
# P4   3b=     H       1b=     1+1+1 = 3
# P5   U       2b0     Z       2+0+0 = 2
T3 = build(
    {
        1: "2w1 3b1 4w=",
        2: "1b0 5w1 3w1",
        3: "4w= 1w0 2b0",
        4: "3b= H 1b=",
        5: "U 2b0 Z",
    },
    ratings={1: 2000, 2: 1901, 3: 1801, 4: 1700},
)


def test_aro_rounds_half_up_and_skips_unrated() -> None:
    # P1: (1901 + 1801 + 1700) / 3 = 5402 / 3 = 1800.67 -> 1801
    # P2: P1 2000, P5 unrated (left out), P3 1801 -> 3801 / 2 = 1900.5 -> 1901 (half up)
    # P3: (1700 + 2000 + 1901) / 3 = 5601 / 3 = 1867
    # P4: P3 1801, P1 2000 (the H is not a game) -> 3801 / 2 = 1900.5 -> 1901
    # P5: P2 1901 (the U and Z are not games) -> 1901
    assert aro(T3) == {1: 1801, 2: 1901, 3: 1867, 4: 1901, 5: 1901}
    # ARO-C1 drops the lowest rating: P1 (1901 + 1801) / 2 = 1851; P5's only game -> None
    got = tie_break("ARO-C1").values(T3)
    assert (got[1], got[5]) == (1851, None)


def test_tpr_from_the_b02_table() -> None:
    # P1: 2.5 / 3 = 0.8333 -> 0.83 -> dp 273 -> 1801 + 273 = 2074
    # P2: rated games only: lost to P1, beat P3 -> 1/2 -> dp 0 -> 1901
    # P3: 0.5 / 3 = 0.1667 -> 0.17 -> -dp(0.83) = -273 -> 1867 - 273 = 1594
    # P4: two draws -> 0.50 -> 1901
    # P5: 0 / 1 -> -800 -> 1901 - 800 = 1101
    assert tpr(T3) == {1: 2074, 2: 1901, 3: 1594, 4: 1901, 5: 1101}


def test_tpr_without_games_is_none() -> None:
    state = build({1: "U H", 2: ". Z"})
    assert tpr(state) == {1: None, 2: None}
    assert aro(state) == {1: None, 2: None}


def test_dp_table_entries() -> None:
    # B.02 8.1.1, spot checks of the published table and its symmetry below 0.50
    checks = {1.00: 800, 0.99: 677, 0.98: 589, 0.97: 538, 0.96: 501, 0.95: 470, 0.90: 366}
    for p, dp in checks.items():
        assert DP_TABLE[round(p * 100)] == dp
    assert (DP_TABLE[75], DP_TABLE[67], DP_TABLE[60], DP_TABLE[51], DP_TABLE[50]) == (
        193,
        125,
        72,
        7,
        0,
    )
    assert sorted(DP_TABLE) == list(range(50, 101))
    values = [DP_TABLE[h] for h in range(50, 101)]
    assert values == sorted(values) and len(set(values)) == 51  # strictly increasing
    assert rating_difference(Fraction(1)) == 800
    assert rating_difference(Fraction(0)) == -800
    assert rating_difference(Fraction(1, 2)) == 0
    assert rating_difference(Fraction(2, 3)) == 125  # 0.667 -> 0.67
    assert rating_difference(Fraction(1, 3)) == -125  # 0.333 -> 0.33 -> -dp(0.67)
    assert rating_difference(Fraction(7, 8)) == 336  # 0.875 -> 0.88 (half up)
    assert rating_difference(Fraction(1, 8)) == -322  # 0.125 -> 0.13 -> -dp(0.87)
    assert rating_difference(Fraction(49, 100)) == -7


# -- direct encounter (6) -----------------------------------------------------------------
#
# T5: a 4-player round robin (everybody met). Points among all four:
#   P1: beat P2 (2), lost to P3 (0), beat P4 (2) = 4
#   P2: lost to P1 (0), drew P4 (1), beat P3 (2) = 3
#   P3: drew P4 (1), beat P1 (2), lost to P2 (0) = 3
#   P4: drew P3 (1), drew P2 (1), lost to P1 (0) = 2
T5 = build(
    {
        1: "2w1 3b0 4w1",
        2: "1b0 4w= 3w1",
        3: "4w= 1w1 2b0",
        4: "3b= 2b= 1b0",
    }
)

# T6: not everybody met (C.07 6.3). P3 and P4 never met; P5, P6 took byes in R3.
#        R1      R2      R3
# P1   2w1     3b1     4w1       6
# P2   1b0     4w1     3b1       4
# P3   5w=     1w0     2w0       1
# P4   6w=     2b0     1b0       1
# P5   3b=     6w=     H         3
# P6   4b=     5b=     H         3
T6 = build(
    {
        1: "2w1 3b1 4w1",
        2: "1b0 4w1 3b1",
        3: "5w= 1w0 2w0",
        4: "6w= 2b0 1b0",
        5: "3b= 6w= H",
        6: "4b= 5b= H",
    }
)


def test_direct_encounter_all_met_reapplies_to_sub_ties() -> None:
    assert direct_encounter_points(T5, [1, 2, 3, 4]) == {1: 4, 2: 3, 3: 3, 4: 2}
    # 6.2: P1 first, P4 last; {P2, P3} tied on 3 -> DE again between them: P2 beat P3.
    assert direct_encounter(T5, [1, 2, 3, 4]) == {1: 1, 2: 2, 3: 3, 4: 4}
    # A cycle does not separate: among {P1, P2, P3} P1 beat P2, P2 beat P3, P3 beat P1 -> 2 each
    assert direct_encounter(T5, [1, 2, 3]) == {1: 1, 2: 1, 3: 1}


def test_direct_encounter_not_all_met() -> None:
    # {P1, P2, P3, P4}: points P1 6, P2 4 (0 + 2 + 2), P3 0, P4 0; only P3-P4 is missing.
    # Best possible: P2 4, P3 0 + 2 = 2, P4 0 + 2 = 2.
    # P1 6 > 4, 2, 2 -> first whatever the outcome; then P2 4 > 2, 2 -> second;
    # {P3, P4} never met -> DE again between them cannot separate -> shared third.
    assert direct_encounter(T6, [1, 2, 3, 4]) == {1: 1, 2: 2, 3: 3, 4: 3}
    # {P1, P2, P5}: P1 beat P2 (2), P5 met neither. Best: P2 0 + 2 = 2, P5 0 + 2 + 2 = 4.
    # P1's 2 is not above P2's 2 nor P5's 4 (P5 might have won both missing games): undecided.
    assert direct_encounter(T6, [1, 2, 5]) == {1: 1, 2: 1, 5: 1}
    # {P3, P5}: they drew -> all met, tied.
    assert direct_encounter(T6, [3, 5]) == {3: 1, 5: 1}


def test_direct_encounter_forfeits_excluded_unless_asked() -> None:
    # T1: P5 beat P6 by forfeit in R1. 6.1.1: forfeits do not count -> they never met;
    # P5 0 is not above P6's best 0 + 2 -> undecided.
    assert direct_encounter(T1, [5, 6]) == {5: 1, 6: 1}
    # Counting forfeits (a competition-rules option): P5 2 > P6 0, all met.
    assert direct_encounter(T1, [5, 6], include_forfeits=True) == {5: 1, 6: 2}


def test_direct_encounter_averages_repeated_meetings() -> None:
    # TCEC double round: P1-P2 twice; P1 won the first game and drew the second.
    # 6.1.2: average -> P1 (2 + 1) / 2 = 3/2, P2 (0 + 1) / 2 = 1/2 half-points.
    state = build({1: "2w1 2b=", 2: "1b0 1w=", 3: "U U"}, double_rounds=True)
    assert direct_encounter_points(state, [1, 2]) == {1: Fraction(3, 2), 2: Fraction(1, 2)}
    assert direct_encounter(state, [1, 2]) == {1: 1, 2: 2}


# -- standings (4.2) -----------------------------------------------------------------------


def _order(rows: list[StandingRow]) -> list[tuple[int, int]]:
    return [(r.rank, r.player) for r in rows]


def test_standings_by_buchholz() -> None:
    # Scores: P1 7; P4, P5, P7 5; P3 4; P2 3; P6 0.
    # Tied on 5: BH P7 20 > P5 19 > P4 15.
    rows = standings(T1, ["BH", "SB"])
    assert _order(rows) == [(1, 1), (2, 7), (3, 5), (4, 4), (5, 3), (6, 2), (7, 6)]
    assert rows[1] == StandingRow(2, 7, 5, (20, 21))
    assert rows[0].values == (19, 31)


def test_standings_next_tie_break_on_the_still_tied() -> None:
    # WIN ties P4, P5, P7 (2 each); SB then: P5 25 > P7 21 > P4 16.
    rows = standings(T1, ["WIN", "SB"])
    assert _order(rows)[1:4] == [(2, 5), (3, 7), (4, 4)]


def test_standings_share_a_rank_only_when_everything_is_equal() -> None:
    # WIN alone cannot separate P4, P5, P7: they share rank 2 (listed by pairing number), and
    # the next player is 5th.
    rows = standings(T1, ["WIN"])
    assert _order(rows) == [(1, 1), (2, 4), (2, 5), (2, 7), (5, 3), (6, 2), (7, 6)]
    assert [r.values for r in rows] == [(3,), (2,), (2,), (2,), (1,), (1,), (0,)]


def test_standings_with_direct_encounter() -> None:
    # T1, {P4, P5, P7} on 5: P5 beat P4, P5 drew P7, P4-P7 never met. Points 0 / 3 / 1;
    # best possible P4 0 + 2 = 2, P7 1 + 2 = 3: P5's 3 is not above 3 -> DE undecided (all
    # place 1); SB decides: P5 25, P7 21, P4 16. Players alone on their score get no DE value.
    rows = standings(T1, ["DE", "SB"])
    assert _order(rows) == [(1, 1), (2, 5), (3, 7), (4, 4), (5, 3), (6, 2), (7, 6)]
    assert [r.values for r in rows] == [
        (None, 31),
        (1, 25),
        (1, 21),
        (1, 16),
        (None, 18),
        (None, 6),
        (None, 0),
    ]
    # T5: P2 and P3 tied on 3; DE between them: P2 beat P3.
    rows5 = standings(T5, ["DE"])
    assert _order(rows5) == [(1, 1), (2, 2), (3, 3), (4, 4)]
    assert [r.values for r in rows5] == [(None,), (1,), (2,), (None,)]


def test_direct_encounter_is_applied_to_the_subgroup_still_tied() -> None:
    # T6: P3, P4 tied on 1 and P5, P6 tied on 3; with BH first:
    # BH: P3 = P5 3 + P1 6 + P2 4 = 13, P4 = P6 3 + P2 4 + P1 6 = 13 -> still tied;
    #     DE {P3, P4}: never met -> shared.
    #     P5 = P3 1 + P6 3 + H dummy 3 = 7, P6 = P4 1 + P5 3 + dummy 3 = 7 -> tied;
    #     DE {P5, P6}: they drew -> shared.
    rows = standings(T6, ["BH", "DE"])
    assert _order(rows) == [(1, 1), (2, 2), (3, 5), (3, 6), (5, 3), (5, 4)]
    # P1: P2 4 + P3 1 + P4 1 = 6; P2: P1 6 + P4 1 + P3 1 = 8 (alone on their scores: no DE)
    assert [r.values for r in rows] == [(6, None), (8, None), (7, 1), (7, 1), (13, 1), (13, 1)]


# -- TCEC final order ----------------------------------------------------------------------
#
# 5 engines, single rounds, a bye (U, worth a win) each round to a different engine.
#        R1      R2      R3      R4     score    byes  BPG
# P1   U       2w=     3b=     4w1     6        1     1 (R3)
# P2   5w=     1b=     U       3w0     4        1     1 (R2)
# P3   4w1     5b=     1w=     2b1     6        0     2 (R2, R4)
# P4   3b0     U       5w1     1b0     4        1     2 (R1, R4)
# P5   2b=     3w=     4b0     U       4        1     2 (R1, R3)
T4 = build(
    {
        1: "U 2w= 3b= 4w1",
        2: "5w= 1b= U 3w0",
        3: "4w1 5b= 1w= 2b1",
        4: "3b0 U 5w1 1b0",
        5: "2b= 3w= 4b0 U",
    }
)


def test_tcec_final_order() -> None:
    # SB (quarter-points):
    # P1: U dummy 6x2 + P2 4x1 + P3 6x1 + P4 4x2 = 12 + 4 + 6 + 8 = 30
    # P2: P5 4x1 + P1 6x1 + U dummy 4x2 + P3 6x0 = 4 + 6 + 8 + 0 = 18
    # P3: P4 4x2 + P5 4x1 + P1 6x1 + P2 4x2 = 8 + 4 + 6 + 8 = 26
    # P4: P3 6x0 + U dummy 4x2 + P5 4x2 + P1 6x0 = 0 + 8 + 8 + 0 = 16
    # P5: P2 4x1 + P3 6x1 + P4 4x0 + U dummy 4x2 = 4 + 6 + 0 + 8 = 18
    assert sonneborn_berger(T4) == {1: 30, 2: 18, 3: 26, 4: 16, 5: 18}
    assert byes_received(T4) == {1: 1, 2: 1, 3: 0, 4: 1, 5: 1}
    # On 6: P3 (no bye) before P1 (one bye), although P1's SB is higher.
    # On 4, all with one bye: BPG P4 2, P5 2 > P2 1; then SB P5 18 > P4 16.
    rows = tcec_final_order(T4)
    assert _order(rows) == [(1, 3), (2, 1), (3, 5), (4, 4), (5, 2)]
    assert [r.values for r in rows] == [(0, 2, 26), (1, 1, 30), (1, 2, 18), (1, 2, 16), (1, 1, 18)]
    # Without the bye criterion SB alone puts P1 first.
    assert _order(standings(T4, ["SB"]))[:2] == [(1, 1), (2, 3)]
    assert _order(tcec_final_order(T4, ["SB"]))[:2] == [(1, 3), (2, 1)]


def test_tcec_double_round_bye_counts_once() -> None:
    # One pairing round of two games: P3's bye fills both columns but is one bye.
    state = build(
        {1: "2w1 2b=", 2: "1b0 1w=", 3: "U U", 4: "5w= 5b=", 5: "4b= 4w="}, double_rounds=True
    )
    assert byes_received(state) == {1: 0, 2: 0, 3: 1, 4: 0, 5: 0}


# -- registry ------------------------------------------------------------------------------


def test_registry_codes_and_formatting() -> None:
    for code in ("BH", "BH-C1", "BH-M1", "SB", "DE", "WIN", "BPG", "ARO", "TPR", "PS"):
        assert TIE_BREAKS[code].code == code
    for code in ("WON", "BWG", "REP"):
        assert code in TIE_BREAKS
    assert tie_break("bh/c1") is TIE_BREAKS["BH-C1"]
    assert tie_break("BH-C3").values(T1) == buchholz(T1, cut=3)
    assert tie_break("SB/M1").values(T1) == sonneborn_berger(T1, median=1)
    with pytest.raises(ValueError, match="unknown"):
        tie_break("XYZ")
    with pytest.raises(ValueError, match="unknown"):
        tie_break("WIN-C1")
    assert TIE_BREAKS["BH"].format(19) == "9.5"
    assert TIE_BREAKS["BH"].format(20) == "10.0"
    assert TIE_BREAKS["SB"].format(31) == "7.75"
    assert TIE_BREAKS["SB"].format(6) == "1.50"
    assert TIE_BREAKS["WIN"].format(3) == "3"
    assert TIE_BREAKS["TPR"].format(None) == ""
    assert TIE_BREAKS["DE"].ascending and not TIE_BREAKS["BH"].ascending


def test_direct_encounter_counts_each_tied_players_missing_games_c07_6_3() -> None:
    """C.07 6.3 needs, for each tied player, how many of the others it has not met (issue 27
    counts them from each player's games instead of pair by pair): in a 40-player, 5-round
    tournament, the count for the whole field is, for each player, 39 less its opponents
    (every game played, no one met twice: each player's distinct opponents)."""
    from itertools import combinations

    from pairing.engine import GeneratorSettings, generate_tournament, pairing_system
    from pairing.engine.tiebreaks.encounter import _missing_games

    settings = GeneratorSettings(players=40, rounds=5, seed=27, bye_rate=0.0, forfeit_rate=0.0)
    state = generate_tournament(pairing_system("dutch"), settings)
    group = [p.id for p in state.players]
    met = {p.id: {e.opponent for e in p.results if e.played} for p in state.players}
    by_pairs = dict.fromkeys(group, 0)
    for a, b in combinations(group, 2):
        if b not in met[a]:
            by_pairs[a] += 1
            by_pairs[b] += 1
    assert _missing_games(state, group, include_forfeits=False) == by_pairs
    assert by_pairs == {p: 39 - len(met[p]) for p in group}
