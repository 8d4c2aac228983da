"""FIDE C.07 and US Chess 34E tie-breaks (pairing/engine/tiebreaks/) on small tournaments
worked out by hand: each test pins a rule that a surviving mutant of the package's mutation
run (docs/testing.md, run 9) broke. Values in half-points (win = 2), as the module gives
them; ``build`` rows as in test_tiebreaks (``2w1`` = against 2 with White, won)."""

from __future__ import annotations

from fractions import Fraction

from pairing.engine.core.state import Colour, Player, RoundEntry, TournamentState
from pairing.engine.tiebreaks import (
    Edition,
    adjusted_scores,
    appo,
    apro,
    average_of_opponents_buchholz,
    direct_encounter,
    fore_buchholz,
    median,
    modified_median,
    opponents_performance,
    standings,
    tcec_final_order,
    unplayed_category,
    us_performance,
)
from pairing.engine.tiebreaks.core import is_vur
from pairing.engine.tiebreaks.fide import standard_points
from pairing.engine.tiebreaks.ratings import rating_performance
from tests.engine.test_tiebreaks import T1, build


def _ordered_round_robin(n: int) -> dict[int, str]:
    """A round robin of ``n`` (even) players in n - 1 rounds (circle method: ``n`` fixed,
    the others turning), in which the lower number always wins."""
    rows: dict[int, list[str]] = {p: [] for p in range(1, n + 1)}
    others = list(range(1, n))
    for r in range(n - 1):
        ring = others[r:] + others[:r]
        pairs = [(ring[0], n)] + [(ring[k], ring[-k]) for k in range(1, n // 2)]
        for a, b in pairs:
            hi, lo = min(a, b), max(a, b)
            rows[hi].append(f"{lo}w1")
            rows[lo].append(f"{hi}b0")
    return {p: " ".join(t) for p, t in rows.items()}


NINE = build(_ordered_round_robin(10))
"""Ten players, nine rounds, everyone meets everyone, the lower number wins: player k ends
on 10 - k points (1 on 9, ..., 10 on 0), no unplayed round."""


def test_34e1_from_nine_rounds_median_drops_two_highest_and_two_lowest() -> None:
    """34E1 (Median): from 9 rounds on, two highest and two lowest opponents' scores are
    dropped. Player 1 met 2..10, on 8, 7, ..., 0 points = 16, 14, ..., 0 half-points:
    without 0, 2 and 14, 16 the median is 4 + 6 + 8 + 10 + 12 = 40. Player 10 met 1..9,
    on 18, 16, ..., 2: without 2, 4 and 16, 18, 6 + 8 + 10 + 12 + 14 = 50."""
    assert NINE.rounds_done == 9
    assert NINE.scores[1] == 18 and NINE.scores[10] == 0
    values = median(NINE)
    assert (values[1], values[10]) == (40, 50)


def test_34e1_from_nine_rounds_modified_median_drops_two() -> None:
    """34E1 (Modified Median), 9 rounds: a plus score drops the two lowest (player 1: 4 +
    6 + ... + 16 = 70), a minus score the two highest (player 10: 2 + 4 + ... + 14 = 56)."""
    values = modified_median(NINE)
    assert (values[1], values[10]) == (70, 56)


def test_std_a_double_forfeit_is_the_same_points_as_the_scheduled_opponent() -> None:
    """STD (C.07-2026 7.7): 1/2 for a round with the same points as the scheduled opponent.
    Round 1: 1 and 2 both forfeit (0 points each: the same points, 1/2 each = 1
    half-point); round 2: 1 beats 2 over the board (1: 2, 2: 0). STD 1: 3, 2: 1."""
    state = TournamentState(
        players=(
            Player(1, results=(RoundEntry(2, Colour.WHITE, "-"), RoundEntry(2, Colour.BLACK, "1"))),
            Player(2, results=(RoundEntry(1, Colour.BLACK, "-"), RoundEntry(1, Colour.WHITE, "0"))),
        ),
        rounds_done=2,
    )
    assert standard_points(state) == {1: 3, 2: 1}


def test_us_performance_counts_only_games_against_rated_opponents() -> None:
    """The TD's performance rating (34E): (opponents' ratings + 400 x (wins - losses)) /
    games, over games against *rated* opponents. P1 and P2 are unrated, P3 1600, P4 1500.
    R1: P1 beats P2, P3-P4 drawn; R2: P3 beats P2, P1 and P4 have a bye; P5 (unrated) had
    two byes. P1 met only the unrated P2: no performance (None). P2: only the loss to P3
    counts: 1600 - 400 = 1200. P3: only the draw with P4: 1500. P4: the draw with P3: 1600.
    P5: no game, None.
    Opponents' performance, the average over the opponents who have one: P1 1200 (P2),
    P2 1500 (P3; P1 has none), P3 (1600 + 1200) / 2 = 1400, P4 1500; P5 met nobody: None."""
    state = build(
        {1: "2w1 U", 2: "1b0 3w0", 3: "4w= 2b1", 4: "3b= U", 5: "U U"},
        ratings={1: 0, 2: 0, 3: 1600, 4: 1500, 5: 0},
    )
    assert us_performance(state) == {1: None, 2: 1200, 3: 1500, 4: 1600, 5: None}
    assert opponents_performance(state) == {1: 1200, 2: 1500, 3: 1400, 4: 1500, 5: None}


def test_tcec_final_order_computes_its_tie_breaks_by_the_edition_asked() -> None:
    """TCEC's order (score, byes, then the event's tie-breaks) with BH under the 2026 text:
    T1's P1 (test_tiebreaks) met P2 (3), P3 (4), P7 (5) and took a half-point bye, whose
    dummy opponent counts his own 7 under the 2023 text (16.4: 19) but is capped at draw x
    rounds = 4 under the 2026 text (16.4.2): 3 + 4 + 4 + 5 = 16."""
    rows = {r.player: r.values for r in tcec_final_order(T1, ("BH",), Edition.C07_2026)}
    assert rows[1] == (0, 16)
    assert {r.player: r.values for r in tcec_final_order(T1, ("BH",))}[1] == (0, 19)


def test_rp_is_undefined_without_a_game_and_read_for_everyone_else() -> None:
    """Rp (B.01 1.4.8, offered as a tie-break): P1 only had byes: no Rp (None). P2 (1600)
    beat P3 (1500): Ra 1500 and p = 100 %, dp(1.00) = +800 (B.02 8.1.1): 2300; P3: Ra 1600,
    p = 0 %, dp = -800: 800."""
    state = build({1: "U U", 2: "3w1 U", 3: "2b0 U"}, ratings={1: 1700, 2: 1600, 3: 1500})
    assert rating_performance(state) == {1: None, 2: 2300, 3: 800}
    # APRO / APPO (C.07 10.4-10.5) average over opponents met: P1 met nobody.
    assert apro(state)[1] is None and appo(state)[1] is None


def test_aob_by_the_edition_asked_with_forfeit_opponents_under_p() -> None:
    """AOB (C.07 8.2) on T1 (test_tiebreaks; its BH values are derived there).
    P7 met P2, P5 and P1 over the board. BH 2023: P2 7 + 5 + 1 + 4 = 17 (no unplayed round
    of his own), P5 19 (his forfeit win against the dummy's 5), P1 19 (his half-point bye
    against the dummy's 7): AOB(P7) = 55/3. BH 2026 (16.4.1-16.4.2 caps): P2 17, P5 15
    (capped at P6's adjusted 1), P1 16 (capped at 4): AOB(P7) = 48/3 = 16.
    AOB/P (MTB26, forfeits as games): P5's forfeit opponent P6 counts, with BH/P(P6) = P5 5 +
    P4 5 + P2 3 + the dummy of his withdrawal round 0 = 13; with P3 (P4 5 + P5 5 + P1 7 + P2
    3 = 20), P7 (dummy 5 + 3 + 5 + 7 = 20) and P4 (P3 4 + P6 1 + dummy 5 + P5 5 = 15):
    AOB/P(P5) = (13 + 20 + 20 + 15) / 4 = 17."""
    assert average_of_opponents_buchholz(T1)[7] == Fraction(55, 3)
    assert average_of_opponents_buchholz(T1, edition=Edition.C07_2026)[7] == 16
    assert average_of_opponents_buchholz(T1, forfeits_played=True)[5] == 17


def test_aob_is_undefined_without_a_game_over_the_board() -> None:
    """AOB averages the opponents met over the board; a player with only byes has none."""
    state = build({1: "U U", 2: "3w1 U", 3: "2b0 U"})
    assert average_of_opponents_buchholz(state)[1] is None


def test_fb_counts_a_forfeit_against_the_dummy_unless_p_is_asked() -> None:
    """FB (C.07 8.3) on T1: the final round's paired games drawn, scores become P1 6, P2 3,
    P3 4, P4 6, P5 4, P6 0 (adjusted 1: his absent last round counts as a draw, 16.3),
    P7 6. P5: R1 forfeit win against P6, counted against the dummy (16.4: his own 4), then
    P3 4, P7 6, P4 6: FB 20. With /P (MTB26) the forfeit counts against P6 (1): 17."""
    assert fore_buchholz(T1)[5] == 20
    assert fore_buchholz(T1, forfeits_played=True)[5] == 17


def test_an_undefined_value_ranks_below_every_value_also_in_reversed_order() -> None:
    """RTNG/R (C.07-2026 10.6 reversed: the lower own rating first) on three players tied
    on score (no game played): 2 (1500) before 1 (1800); 3 is unrated, has no RTNG, and an
    undefined value ranks below every value whichever the order."""
    state = build({1: "U", 2: "U", 3: "U"}, ratings={1: 1800, 2: 1500, 3: 0})
    assert [(r.rank, r.player) for r in standings(state, ["RTNG/R"])] == [(1, 2), (2, 1), (3, 3)]


def test_players_sharing_a_rank_are_listed_by_pairing_number() -> None:
    """Players with equal score and equal values share the rank (no lots, C.07 4.2) and are
    listed by pairing number: ids 1 and 2 entered with pairing numbers 2 and 1."""
    state = TournamentState(
        players=(
            Player(1, tpn=2, results=(RoundEntry(None, None, "U"),)),
            Player(2, tpn=1, results=(RoundEntry(None, None, "U"),)),
        ),
        rounds_done=1,
    )
    assert [(r.rank, r.player) for r in standings(state, ["BH"])] == [(1, 2), (1, 1)]


def test_16_2_a_requested_bye_followed_by_a_game_is_category_3() -> None:
    """C.07 16.2: P1 took a zero-point bye in round 1, beat P2 in round 2 and withdrew
    (absent in round 3). Round 1 is followed by a round that is not a VUR (the game):
    category .3, seen by opponents with the 0 points awarded (16.3); round 3, followed by
    nothing, is category .5 and counts as a draw. Adjusted score: 0 + 2 + 1 = 3."""
    state = build({1: "Z 2w1 Z", 2: "U 1b0 U"})
    p1 = state.player(1)
    assert [unplayed_category(p1, c) for c in range(3)] == [3, None, 5]
    assert adjusted_scores(state)[1] == 3


def _de_state(y: int) -> TournamentState:
    """Four players tied; X beat Z and W, Z-W drawn, and Y (id ``y``) met none of them."""
    x, z, w = (p for p in (1, 2, 3, 4) if p != y)
    rows = {
        x: f"{z}w1 {w}w1 U",
        y: "U U U",
        z: f"{x}b0 U {w}w=",
        w: f"U {x}b0 {z}b=",
    }
    return build(rows)


def test_6_3_nobody_is_alone_on_top_while_a_player_may_still_win_his_missing_games() -> None:
    """C.07 6.3: place first the player alone on top "whatever the outcome of the missing
    games". X has 2 wins among the four (4 half-points); Y has played none of his three
    games among them and could reach 6; so X is not sure of the top, nor is anyone else,
    and direct encounter separates nobody: all four share place 1. (Y numbered first and
    last, so that every one of his missing games is counted whichever side of a pair he
    is.)"""
    for y in (2, 4):
        state = _de_state(y)
        assert direct_encounter(state, [1, 2, 3, 4]) == dict.fromkeys((1, 2, 3, 4), 1)


# 1 beats 2, 3 and 4 draw; 3 beats 1, 2 and 4 draw; 1 beats 4, 2 beats 3 by forfeit.
DE_P_SUB_TIE = build({1: "2w1 3w0 4w1", 2: "1b0 4w= 3w+", 3: "4w= 1b1 2b-", 4: "3b= 2b= 1b0"})


def test_6_2_de_p_counts_the_forfeit_again_in_a_sub_tie() -> None:
    """C.07 6.1.1 (``DE/P``: forfeits count as games) and 6.2 (apply art. 6 again to every
    sub-tie). With the forfeit every pair of the four has met: points among them 1: 2 + 0 + 2
    = 4, 2: 0 + 1 + 2 = 3, 3: 1 + 2 + 0 = 3, 4: 1 + 1 + 0 = 2. 2 and 3 are tied; among the
    two of them, forfeits still counting, 2 won their game: 2 before 3. Places 1, 2, 3, 4.
    Re-applied without the forfeit, 2 and 3 would never have met (6.3 places neither: 0
    each, 2 each could reach) and share place 2. (Run 9's ``_de_blocks`` 51 / 83.)"""
    assert direct_encounter(DE_P_SUB_TIE, [1, 2, 3, 4], include_forfeits=True) == {
        1: 1, 2: 2, 3: 3, 4: 4,
    }  # fmt: skip


# 1 beats 2 and 3 and never meets 4; 2 beats 3 by forfeit and draws 4; 3 beats 4.
DE_P_AFTER_6_3 = build({1: "2w1 3w1 .", 2: "1b0 4w= 3w+", 3: "4w1 1b0 2b-", 4: "3b0 2b= ."})


def test_6_3_de_p_counts_the_forfeit_among_those_left() -> None:
    """C.07 6.1.1 (``DE/P``) and 6.3 (the player alone on top whatever the outcome of the
    missing games, then art. 6 again on those left). Among the four, forfeits counting, only
    1-4 is missing. Points (best with the missing game won): 1 4 (6), 2 2 + 1 = 3 (3), 3 2 (2),
    4 1 (3): 1 is on top (4 > 3, 2, 3); then nobody is (2's 3 does not exceed 4's best 3).
    Art. 6 again on 2, 3, 4, forfeits still counting: all have met, 2 3, 3 2, 4 1: places 2,
    3, 4. Without the forfeit there, 2 and 3 never met and 6.3 places none of the three (3's
    2 against 2's best 1 + 2 = 3). (Run 9's ``_de_blocks`` 51 / 83.)"""
    assert direct_encounter(DE_P_AFTER_6_3, [1, 2, 3, 4], include_forfeits=True) == {
        1: 1, 2: 2, 3: 3, 4: 4,
    }  # fmt: skip


def test_16_2_a_forfeit_loss_without_an_opponent_is_a_vur_of_category_4() -> None:
    """TRF-2026 writes a team event's forfeit on a board nobody sat at as ``0000 w -``: a
    scheduled colour, no opponent. C.07 16.1: a forfeit loss is a voluntary unplayed round;
    16.2: a forfeit loss is category 4 (not 1, the PAB / full-point bye). The ``0000 w +``
    forfeit win is category 2. (This audit's run of ``tiebreaks/core.py``: ``_scheduled`` 1,
    ``and`` for ``or``.)"""
    lost = RoundEntry(None, Colour.WHITE, "-")
    won = RoundEntry(None, Colour.BLACK, "+")
    player = Player(id=1, rating=0, results=(lost, won))
    assert is_vur(lost) and not is_vur(won)
    assert [unplayed_category(player, c) for c in range(2)] == [4, 2]
