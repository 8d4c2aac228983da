"""The C.07 (2023) tie-breaks added to BH/SB/...: FB, AOB, KS (with its Limit), PTP, APRO,
APPO, TPN, RTNG, and the B.02 8.1.2 expected-score table PTP uses.

Every number is derived by hand in the docstrings; scores in half-points (win = 2).
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from pairing.engine.core.state import Player, RoundEntry, TournamentState
from pairing.engine.tiebreaks import (
    TIE_BREAKS,
    appo,
    apro,
    average_of_opponents_buchholz,
    buchholz,
    expected_score,
    fore_buchholz,
    koya,
    own_ratings,
    pairing_numbers,
    parse_tie_break_list,
    perfect_performance,
    ptp,
    standings,
    tie_break,
    tpr,
)
from tests.engine.test_tiebreaks import build

# S1, a 6-player Swiss of 3 rounds, all games played:
#        R1     R2     R3     score   score with R3 drawn (FB)
# P1   4w1    6b1    2w=    5       5
# P2   5w=    3b1    1b=    4       4
# P3   6w0    2w0    4w1    2       1
# P4   1b0    5w=    3b0    1       2
# P5   2b=    4b=    6w=    3       3
# P6   3b1    1w0    5b=    3       3
S1 = build(
    {
        1: "4w1 6b1 2w=",
        2: "5w= 3b1 1b=",
        3: "6w0 2w0 4w1",
        4: "1b0 5w= 3b0",
        5: "2b= 4b= 6w=",
        6: "3b1 1w0 5b=",
    }
)

# S2, 4 players, 2 rounds, ratings 2000/1900/1800/1700; P1 wins round 2 by forfeit.
#        R1     R2     score
# P1   2w1    3w+    4
# P2   1b0    4b=    1
# P3   4w1    1b-    2
# P4   3b0    2w=    1
S2 = build(
    {1: "2w1 3w+", 2: "1b0 4b=", 3: "4w1 1b-", 4: "3b0 2w="},
    ratings={1: 2000, 2: 1900, 3: 1800, 4: 1700},
)

# R1, a 4-player round robin:
#        R1     R2     R3     score
# P1   4w1    2b=    3b0    3
# P2   3w1    1w=    4w=    4
# P3   2b0    4b1    1w1    4
# P4   1b0    3w0    2b=    1
R1 = build(
    {
        1: "4w1 2b= 3b0",
        2: "3w1 1w= 4w=",
        3: "2b0 4b1 1w1",
        4: "1b0 3w0 2b=",
    }
)


def test_the_hand_made_scores() -> None:
    assert S1.scores == {1: 5, 2: 4, 3: 2, 4: 1, 5: 3, 6: 3}
    assert S2.scores == {1: 4, 2: 1, 3: 2, 4: 1}
    assert R1.scores == {1: 3, 2: 4, 3: 4, 4: 1}


def test_fore_buchholz() -> None:
    """C.07 8.3: the opponents' scores as if round 3 had been drawn: P3 1, P4 2, the rest
    unchanged. P1 met 4, 6, 2: FB 2+3+4 = 9 (BH 1+3+4 = 8); P2 met 5, 3, 1: FB 3+1+5 = 9
    (BH 3+2+5 = 10); P3 met 6, 2, 4: FB 3+4+2 = 9 (BH 3+4+1 = 8); P4 met 1, 5, 3: FB 5+3+1 =
    9 (BH 5+3+2 = 10)."""
    fb = fore_buchholz(S1)
    assert {p: fb[p] for p in (1, 2, 3, 4)} == {1: 9, 2: 9, 3: 9, 4: 9}
    bh = buchholz(S1)
    assert {p: bh[p] for p in (1, 2, 3, 4)} == {1: 8, 2: 10, 3: 8, 4: 10}
    assert TIE_BREAKS["FB"].values(S1) == fb


def test_fore_buchholz_draws_a_last_round_forfeit() -> None:
    """C.07 8.3 "all paired games": S2's round-2 forfeit 1-3 is taken as a draw, so P1 and P3
    have 3 each and the round is a game: FB(P1) = P2 1 + P3 3 = 4, FB(P3) = P4 1 + P1 3 = 4.
    (The real BH(P1) has a dummy of P1's own 4 for the forfeit win: 1 + 4 = 5.)"""
    assert fore_buchholz(S2) == {1: 4, 2: 3 + 1, 3: 4, 4: 3 + 1}
    assert buchholz(S2)[1] == 5


def test_fore_buchholz_cut1() -> None:
    """FB-C1 drops the lowest FB term: P2's terms 3, 1, 5 -> 8; P1's 2, 3, 4 -> 7."""
    values = tie_break("FB/C1").values(S1)
    assert values[1] == 7 and values[2] == 8


def test_average_of_opponents_buchholz() -> None:
    """C.07 8.2. S1's BH: P1 8, P2 10, P3 8, P4 10, P5 (met 2, 4, 6: 4+1+3) 8, P6 (met 3, 1,
    5: 2+5+3) 10. AOB(P1) = (BH4 + BH6 + BH2)/3 = 30/3 = 10; AOB(P2) = (BH5 + BH3 + BH1)/3 =
    8. S2 (forfeit 1-3 in round 2): BH(P2) = 4 + 1 = 5, BH(P4) = 2 + 1 = 3, BH(P1) = 1 + dummy
    4 = 5, BH(P3) = 1 + dummy 2 = 3; only opponents met over the board count: AOB(P1) = BH(P2)
    = 5 (not (5 + 3)/2), AOB(P2) = (BH1 + BH4)/2 = 4, AOB(P3) = BH(P4) = 3."""
    aob = average_of_opponents_buchholz(S1)
    assert aob[1] == 10 and aob[2] == 8
    aob2 = average_of_opponents_buchholz(S2)
    assert aob2 == {1: 5, 2: 4, 3: 3, 4: 4}
    assert TIE_BREAKS["AOB"].format(Fraction(25, 3)) == "4.17"


def test_koya() -> None:
    """C.07 9.2 on the round robin R1: maximum 3 wins = 6 half-points, 50% = 3: P1 (3), P2, P3
    (4) qualify. KS(P1) = vs P2 1 + vs P3 0 = 1; KS(P2) = vs P1 1 + vs P3 2 = 3; KS(P3) = vs P2
    0 + vs P1 2 = 2; KS(P4) = vs P1 0 + vs P3 0 + vs P2 1 = 1."""
    assert koya(R1) == {1: 1, 2: 3, 3: 2, 4: 1}
    assert TIE_BREAKS["KS"].values(R1) == koya(R1)


def test_koya_limit() -> None:
    """C.07 14.5: KS/L+1 raises the limit by a half-point to 4: only P2 and P3 count. KS(P1)
    = vs P2 1 + vs P3 0 = 1; KS(P2) = vs P3 2; KS(P3) = vs P2 0; KS(P4) = vs P2 1."""
    assert tie_break("KS/L+1").values(R1) == {1: 1, 2: 2, 3: 0, 4: 1}
    assert tie_break("ks-l+1").code == "KS-L+1"


def test_expected_score_table() -> None:
    """B.02 8.1.2: D 0-3 -> .50, 4-10 -> .51, ..., 620-735 -> .99, over 735 -> 1.00; the
    lower-rated player gets 1 - PD(H)."""
    assert expected_score(3) == Fraction(50, 100)
    assert expected_score(4) == Fraction(51, 100)
    assert expected_score(145) == Fraction(69, 100)
    assert expected_score(146) == Fraction(70, 100)
    assert expected_score(735) == Fraction(99, 100)
    assert expected_score(736) == 1
    assert expected_score(-4) == Fraction(49, 100)
    assert expected_score(-374) == Fraction(10, 100)


def test_perfect_performance_by_hand() -> None:
    """C.07 10.3, the lowest R with sum PD(R - Ropp) >= score.
    1 of 2 against 2000 and 2000: PD(R - 2000) >= .50, first reached at D = -3: 1997.
    1.5 of 2 against 2000 and 2100: R = 2245 gives PD(245) .80 + PD(145) .69 = 1.49; R = 2246
    gives .81 + .70 = 1.51: 2246.
    A zero score: the lowest opponent - 800; a full score: the highest + 800."""
    one = Fraction(1)
    half = Fraction(1, 2)
    assert perfect_performance([(2000, one), (2000, Fraction(0))]) == 1997
    assert perfect_performance([(2000, one), (2100, half)]) == 2246
    assert perfect_performance([(1800, Fraction(0)), (1900, Fraction(0))]) == 1000
    assert perfect_performance([(1800, one), (1900, one)]) == 2700
    assert perfect_performance([]) is None


def test_ptp_apro_appo() -> None:
    """S2 (the forfeit is not a game for art. 10).
    TPR: P1 beat 1900: 1900 + 800 = 2700. P2: L vs 2000, D vs 1700: ARO 1850, p = .25 ->
    -193: 1657. P3 beat 1700: 2500. P4: L vs 1800, D vs 1900: 1850 - 193 = 1657.
    PTP: P1 = 1900 + 800 = 2700; P3 = 1700 + 800 = 2500. P2 (.5 of 2 vs 2000, 1700): R = 1626
    gives PD(-374) .10 + PD(-74) .40 = .50, R = 1625 gives .09 + .40: 1626. P4 (.5 vs 1800,
    1900): R = 1655 gives PD(-145) .31 + PD(-245) .20 = .51, R = 1654 gives .30 + .19: 1655.
    APRO (10.4): P1 = TPR(P2) = 1657; P2 = (2700 + 1657)/2 = 2178.5 -> 2179; P3 = TPR(P4) =
    1657; P4 = (2500 + 1657)/2 = 2078.5 -> 2079.
    APPO (10.5): P1 = 1626; P2 = (2700 + 1655)/2 = 2177.5 -> 2178; P3 = 1655; P4 = (2500 +
    1626)/2 = 2063."""
    assert tpr(S2) == {1: 2700, 2: 1657, 3: 2500, 4: 1657}
    assert ptp(S2) == {1: 2700, 2: 1626, 3: 2500, 4: 1655}
    assert apro(S2) == {1: 1657, 2: 2179, 3: 1657, 4: 2079}
    assert appo(S2) == {1: 1626, 2: 2178, 3: 1655, 4: 2063}
    for code in ("PTP", "APRO", "APPO"):
        assert TIE_BREAKS[code].values(S2) == {"PTP": ptp, "APRO": apro, "APPO": appo}[code](S2)


def test_tpn_and_rating() -> None:
    """TPN (2026 7.8) ranks the lower pairing number first; RTNG (2026 10.6) the higher
    rating, an unrated player last. Two players tied on 1 point: P2 has pairing number 1."""
    players = (
        Player(1, rating=1500, tpn=2, results=(RoundEntry(None, None, "U"),)),
        Player(2, rating=0, tpn=1, results=(RoundEntry(None, None, "F"),)),
    )
    state = TournamentState(players=players, rounds_done=1)
    assert pairing_numbers(state) == {1: 2, 2: 1}
    assert own_ratings(state) == {1: 1500, 2: None}
    assert [r.player for r in standings(state, ["RTNG"])] == [1, 2]
    assert [r.player for r in standings(state, ["TPN"])] == [2, 1]


def test_record_202_list() -> None:
    """MTB26 codes as record 202 writes them: comma-separated, slash modifiers, a :GP scoring
    suffix; record 212 starts with PTS."""
    codes = [tb.code for tb in parse_tie_break_list("BH:GP/C1, BH,SB,DE, KS/L-1,FB/M1")]
    assert codes == ["BH-C1", "BH", "SB", "DE", "KS-L-1", "FB-M1"]
    assert [tb.code for tb in parse_tie_break_list("PTS,AOB,APRO")] == ["AOB", "APRO"]
    with pytest.raises(ValueError, match="unknown"):
        parse_tie_break_list("BH,NOPE")
