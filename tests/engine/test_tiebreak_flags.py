"""The MTB26 flags of the individual tie-breaks (``/P``, ``/F``, ``/R``) and STD (C.07-2026
7.7). Every number is derived by hand below; values in half-points (win = 2), SB in
quarter-points."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pairing.engine.core.state import PointValues, TournamentState
from pairing.engine.tiebreaks import UnknownTieBreak, tie_break
from pairing.engine.tiebreaks.core import TieBreakValue
from tests.engine.test_tiebreaks import T1
from tests.engine.test_tiebreaks_c07_more import S1, S2


def _values(code: str, state: TournamentState = S2) -> dict[int, TieBreakValue]:
    return dict(tie_break(code).values(state))


# S2 (test_tiebreaks_c07_more): P1 2w1 3w+ (4), P2 1b0 4b= (1), P3 4w1 1b- (2), P4 3b0 2w= (1).


def test_p_counts_a_forfeit_against_the_scheduled_opponent_in_buchholz() -> None:
    """BH (2023 text): P1 = P2 1 + dummy (own 4, 16.4) = 5; BH/P: P2 1 + P3 2 = 3. P3 = P4 1 +
    dummy 2 = 3; BH/P: P4 1 + P1 4 = 5. The Cut form keeps the flag: BH/C1/P P1 drops P2's 1
    -> 2."""
    assert _values("BH")[1] == 5 and _values("BH/P")[1] == 3
    assert _values("BH")[3] == 3 and _values("BH/P")[3] == 5
    assert _values("BH/C1/P")[1] == 2
    assert tie_break("BH/C1/P").code == "BH-C1/P"


def test_p_in_sonneborn_berger_and_fore_buchholz() -> None:
    """SB P1: P2 1 x 2 + dummy 4 x 2 = 10; SB/P: 1 x 2 + P3 2 x 2 = 6.

    FB on T1 (test_tiebreaks), round 4 drawn: P1 6, P3 4, P4 6, P5 4, P7 6, P6 0 but 1 as
    seen by opponents (his absent last round counts as a draw, 16.3). P5 won round 1 by forfeit
    against P6: FB P5 = dummy (own 4) + P3 4 + P7 6 + P4 6 = 20; FB/P counts P6's 1 -> 17."""
    assert _values("SB")[1] == 10 and _values("SB/P")[1] == 6
    assert _values("FB", T1)[5] == 20 and _values("FB/P", T1)[5] == 17


def test_p_in_aob_uses_the_opponents_buchholz_with_forfeits() -> None:
    """AOB P2 (opponents P1 and P4 over the board): plain BH P1 5, BH P4 = P3 2 + P2 1 = 3 ->
    4; with /P the opponents' Buchholz counts forfeits too: BH/P P1 3, P4 3 -> 3."""
    assert _values("AOB")[2] == 4 and _values("AOB/P")[2] == 3


def test_f_in_aob_uses_the_opponents_fore_buchholz() -> None:
    """S1 (all games played): with round 3 drawn the scores are P1 5, P2 4, P3 1, P4 2, P5 3,
    P6 3 and every FB is 9 (P1: P4 2 + P6 3 + P2 4; P2: P5 3 + P3 1 + P1 5; ...), so AOB/F
    P1 = 9. Plain BH of P1's opponents: P4 = P1 5 + P5 3 + P3 2 = 10, P6 = P3 2 + P1 5 + P5 3
    = 10, P2 = P5 3 + P3 2 + P1 5 = 10 -> AOB 10."""
    assert _values("AOB", S1)[1] == 10 and _values("AOB/F", S1)[1] == 9


def test_p_in_direct_encounter_counts_forfeits() -> None:
    """6.1.1: P1 and P3 met only by forfeit. DE leaves the forfeit out: they did not meet, and
    neither is ahead whatever the missing game (each could win it) -> shared place; DE/P counts
    P1's forfeit win -> P1 first."""
    de, de_p = tie_break("DE"), tie_break("DE/P")
    assert de.values(S2, [1, 3]) == {1: 1, 3: 1}
    assert de_p.values(S2, [1, 3]) == {1: 1, 3: 2}


def test_r_reverses_pairing_number_and_rating() -> None:
    """7.8 and 10.6 allow the reverse order: TPN/R ranks the highest pairing number first,
    RTNG/R the lowest rating."""
    assert tie_break("TPN").ascending and not tie_break("TPN/R").ascending
    assert not tie_break("RTNG").ascending and tie_break("RTNG/R").ascending
    assert _values("TPN/R") == _values("TPN")


def test_flags_where_they_do_not_apply_are_refused() -> None:
    for code in ("PS/P", "ARO/P", "BH/R", "BH/F", "TPN/P", "WIN/F", "BH/K3"):
        with pytest.raises(UnknownTieBreak):
            tie_break(code)


def test_standard_points_normalise_a_3_1_0_scoring() -> None:
    """STD (7.7) on T1 (test_tiebreaks) scored 3/1/0 (byes: PAB 3, HPB 1): P1 (2w1 H 3b1 7w1)
    scores 10 points but STD counts 1 + 1/2 (the HPB: exactly a draw's points) + 1 + 1 = 3.5;
    P4 (3b= 6w1 U 5w0): 1/2 + 1 + 1 (the PAB, more than a draw) + 0 = 2.5; P5 (6w+ ...): the
    forfeit win scores more than P6's forfeit loss: 1 + 0 + 1/2 + 1 = 2.5; P6 after
    withdrawing (absent: 0 points, less than a draw) 0."""
    scored = PointValues(win=6, draw=2, loss=0, forfeit_win=6, pab=6, full_bye=6, half_bye=2)
    state = replace(T1, points=scored)
    std = _values("STD", state)
    assert std[1] == 7 and std[4] == 5 and std[5] == 5 and std[6] == 0
    assert state.scores[1] == 20


def test_rp_is_fides_rating_performance() -> None:
    """Rp (B.01 1.4.6-1.4.9) on S2 (ratings 2000/1900/1800/1700), games over the board only:
    P1 beat P2 (1900) -> Ra 1900, 100 % -> dp 800 -> 2700 (the forfeit against P3 is no game).
    P2: lost to P1 2000, drew P4 1700 -> Ra 1850, 25 % -> dp -193 -> 1657. P3 beat P4 1700 ->
    2500. P4: lost to P3 1800, drew P2 1900 -> Ra 1850, 25 % -> 1657. With P4 unrated it
    counts 1400 (1.4.6 d, where TPR leaves it out): P2 Ra (2000 + 1400) / 2 = 1700 -> 1507; P3
    beat P4 only -> 1400 + 800 = 2200."""
    rp = tie_break("RP")
    assert rp.values(S2) == {1: 2700, 2: 1657, 3: 2500, 4: 1657}
    unrated = replace(
        S2, players=tuple(replace(p, rating=0) if p.id == 4 else p for p in S2.players)
    )
    got = rp.values(unrated)
    assert got[2] == 1507 and got[3] == 2200
    assert tie_break("TPR").values(unrated)[3] is None
