"""Team tie-break codes (team_breaks.team_tie_break, MTB26): every code's column heading,
article, unit and order; the modifiers each one takes and the refusal of the others; the
modifiers and the C.07 text reaching the computation. Each test pins survivors of run 11
(docs/testing.md). Scores in half-points (TW = 4, TD = 2, a game won = 2); SB / ESB in
quarter-points.

``FORFEIT4`` (4 teams of 2 boards, a round robin in 3 rounds):

    round 1  1-2 forfeited by 2 (1 wins 2 : 0, not played)   3-4 1.5 : 0.5
    round 2  1-3 0.5 : 1.5                                  2-4 1 : 1
    round 3  1-4 2 : 0                                      2-3 1.5 : 0.5

    MP: 1 4 + 0 + 4 = 8; 2 0 + 2 + 4 = 6; 3 4 + 4 + 0 = 8; 4 0 + 2 + 0 = 2
    GP: 1 4 + 1 + 4 = 9; 2 0 + 2 + 3 = 5; 3 3 + 3 + 1 = 7; 4 1 + 2 + 0 = 3

No round is category 16.2.5, so the adjusted scores (16.3) are the scores. Team 1's round 1
is unplayed (a forfeited match won, 16.2.2): its dummy opponent scores team 1's own final
score in the 2023 text, capped at the scheduled opponent's (team 2's) adjusted score in the
2026 text (16.4.1); ``/P`` counts team 2 itself.

    BH:MP of team 1: 2023 8 (dummy) + 8 (3) + 2 (4) = 18; 2026 6 + 8 + 2 = 16; /P 6 + 8 + 2
    = 16.
    SB on MP (opponent's MP x own MP), team 1: 2023 8 x 4 + 8 x 0 + 2 x 4 = 40; 2026 and /P
    6 x 4 + 0 + 8 = 32. Team 3: 2 (4) x 4 + 8 (1) x 4 + 6 (2) x 0 = 40.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from pairing.engine.tiebreaks import (
    Edition,
    Team,
    TeamRound,
    TeamTournament,
    parse_team_tie_break_list,
    team_tie_break,
)
from pairing.engine.tiebreaks.registry import UnknownTieBreak
from pairing.engine.tiebreaks.team_records import TeamRecords
from pairing.engine.tiebreaks.teams import (
    MatchPointValues,
    adjusted_scores,
    read_match_point_values,
    result_kind,
)
from tests.engine.team_trf import team_state, tournament
from tests.engine.test_tiebreaks_team_more_mutants import FOUR_BOARDS

FORFEIT4: TeamTournament = tournament(
    [
        [(1, 2, 4, False), (3, 4, 3, True)],
        [(1, 3, 1, True), (2, 4, 2, True)],
        [(1, 4, 4, True), (2, 3, 3, True)],
    ],
    teams=4,
    boards=2,
)
OLD, NEW = Edition.C07_2023, Edition.C07_2026


def _values(code: str, edition: Edition = OLD, primary: str = "MP") -> dict[int, object]:
    tb = team_tie_break(code)
    assert tb.compute is not None
    return dict(tb.compute(FORFEIT4, primary, edition))


def test_the_scores_of_forfeit4() -> None:
    assert FORFEIT4.match_points == {1: 8, 2: 6, 3: 8, 4: 2}
    assert FORFEIT4.game_points == {1: 9, 2: 5, 3: 7, 4: 3}


@pytest.mark.parametrize(
    ("code", "text", "name", "article", "unit", "ascending"),
    [
        ("mp", "MP", "Match points", "C.07 11.1", 2, False),
        ("GP", "GP", "Game points", "C.07 11.1", 2, False),
        ("SB", "SB", "Sonneborn-Berger", "C.07 9.1 via 13", 4, False),
        ("WIN", "WIN", "Wins", "C.07 7.1 via 13", 1, False),
        ("WON", "WON", "Matches won", "C.07 7.2 via 13", 1, False),
        ("PS", "PS", "Progressive scores", "C.07 7.5 via 13", 2, False),
        ("KS", "KS", "Koya", "C.07 9.2 via 13", 2, False),
        ("AOB", "AOB", "Average of opponents' Buchholz", "C.07 8.2 via 13", 2, False),
        ("MPVGP", "MPVGP", "Match points or game points", "C.07 13.1", 2, False),
        ("BH:MP", "BH:MP", "Buchholz", "C.07 8.1", 2, False),
        ("FB", "FB", "Fore Buchholz", "C.07 8.3", 2, False),
        ("BH/F", "BH/F", "Fore Buchholz", "C.07 8.3", 2, False),
        ("EMMSB", "EMMSB", "Extended Sonneborn-Berger", "C.07 13.2", 4, False),
        ("DE", "DE", "Direct encounter", "C.07 6", 1, True),
        ("EDE", "EDE", "Direct encounter", "C.07 13.3", 1, True),
        ("BC", "BC", "Board count", "C.07 12.1", 2, True),
        ("TBR", "TBR", "Top board result", "C.07 12.2", 1, True),
        ("BBE", "BBE", "Bottom board elimination", "C.07 12.3", 1, True),
        ("SSSC", "SSSC", "Scores and schedule strength", "C.07 13.4", 2, False),
        ("TPN", "TPN", "Team pairing number", "C.07 7.8", 1, True),
        ("TPN/R", "TPN/R", "Team pairing number", "C.07 7.8", 1, False),
    ],
)
def test_each_code_is_named_cited_and_ordered(
    code: str, text: str, name: str, article: str, unit: int, ascending: bool
) -> None:
    """The heading and article the team standings print; the unit of a value (2 half-points,
    4 quarter-points, 1 counts and places); lower first for places (art. 6, 12.2, 12.3),
    BC (12.1: "the lowest ... wins") and TPN (7.8, /R reversed)."""
    tb = team_tie_break(code)
    assert (tb.code, tb.name, tb.article, tb.unit, tb.ascending) == (
        text,
        name,
        article,
        unit,
        ascending,
    )


def test_the_scores_and_the_team_number_as_tie_breaks() -> None:
    """MP and GP (11.1) as tie-breaks are the scores; TPN (7.8) the team number."""
    assert _values("MP") == {1: 8, 2: 6, 3: 8, 4: 2}
    assert _values("GP") == {1: 9, 2: 5, 3: 7, 4: 3}
    assert _values("TPN") == {1: 1, 2: 2, 3: 3, 4: 4}


@pytest.mark.parametrize(
    "code",
    ["SB/C1", "SB/M1", "SB/P", "PS/C1", "KS/L+1", "AOB/F", "BH:MP/C1/P/F", "BH/M1", "EMMSB/C1",
     "EMGSB/M1/P", "DE/P", "EDE/P", "SSSC/K2/F/P", "SSSC/K1", "TPN/R"],
)  # fmt: skip
def test_each_code_takes_the_modifiers_mtb26_gives_it(code: str) -> None:
    assert team_tie_break(code).code == code


@pytest.mark.parametrize(
    ("code", "message"),
    [
        ("MP/C1", "MP does not take /C ('MP/C1')"),
        ("SB/F", "SB does not take /F ('SB/F')"),
        ("WIN/P", "WIN does not take /P ('WIN/P')"),
        ("PS/P", "PS does not take /P ('PS/P')"),
        ("KS/C1", "KS does not take /C ('KS/C1')"),
        ("AOB/P", "AOB does not take /P ('AOB/P')"),
        ("MPVGP/R", "MPVGP does not take /R ('MPVGP/R')"),
        ("BH:MP/R", "BH does not take /R ('BH:MP/R')"),
        ("EMMSB/F", "EMMSB does not take /F ('EMMSB/F')"),
        ("DE/C1", "DE does not take /C ('DE/C1')"),
        ("BC/P", "BC does not take /P ('BC/P')"),
        ("TBR/P", "TBR does not take /P ('TBR/P')"),
        ("BBE/R", "BBE does not take /R ('BBE/R')"),
        ("SSSC/C1", "SSSC does not take /C ('SSSC/C1')"),
        ("TPN/P", "TPN does not take /P ('TPN/P')"),
        ("WIN:GP", "WIN is counted on match points only (MTB26): 'WIN:GP'"),
        ("B-H", "unknown team tie-break code 'B-H'"),
        ("XYZ", "unknown team tie-break code 'XYZ'"),
        ("BH/Q", "unknown modifier /Q in 'BH/Q'"),
        ("SSSC/K0", "the SSSC factor must be at least 1 in 'SSSC/K0'"),
    ],
)
def test_a_modifier_a_code_does_not_take_is_refused_by_name(code: str, message: str) -> None:
    with pytest.raises(UnknownTieBreak) as refused:
        team_tie_break(code)
    assert str(refused.value) == message


def test_bh_sb_esb_and_sssc_follow_the_edition_asked() -> None:
    """16.4.1 (2026): team 1's dummy for the forfeit is capped at team 2's 6 (module text).
    BH:MP 18 -> 16; SB and EMMSB 40 -> 32; SSSC (13.4, primary MP: GP + BH:MP / k, k = TW x
    3 rounds / (2 boards x a game won) = 12 / 4 = 3) 9 + 18 / 3 = 15 -> 9 + 16 / 3."""
    assert (_values("BH:MP")[1], _values("BH:MP", NEW)[1]) == (18, 16)
    assert (_values("SB")[1], _values("SB", NEW)[1]) == (40, 32)
    assert (_values("EMMSB")[1], _values("EMMSB", NEW)[1]) == (40, 32)
    assert (_values("SSSC")[1], _values("SSSC", NEW)[1]) == (15, 9 + Fraction(16, 3))


def test_p_counts_the_forfeited_match_against_its_scheduled_opponent() -> None:
    """MTB26 /P: team 1's round 1 counts team 2 (6 MP) instead of the dummy (8): BH:MP 16,
    SB and EMMSB 6 x 4 + 0 + 8 = 32, SSSC 9 + 16 / 3. DE between 1 and 2: without /P they
    never met (6.1.1) and 6.3 places neither (each could reach 0 + 4), both 1st; with /P 1
    won their match: 1 1st, 2 2nd."""
    assert _values("BH:MP/P")[1] == 16
    assert _values("SB/P")[1] == 32
    assert _values("EMMSB/P")[1] == 32
    assert _values("SSSC/P")[1] == 9 + Fraction(16, 3)
    de, de_p = team_tie_break("DE").among, team_tie_break("DE/P").among
    assert de is not None and de_p is not None
    assert dict(de(FORFEIT4, "MP", [1, 2])) == {1: 1, 2: 1}
    assert dict(de_p(FORFEIT4, "MP", [1, 2])) == {1: 1, 2: 2}


def test_sb_and_esb_cut_and_median() -> None:
    """14.1-14.2 on team 3's SB (MP x MP): terms 2 (4) x 4 = 8, 8 (1) x 4 = 32, 6 (2) x 0 = 0.
    Cut-1 drops the lowest opponent (4): 32. Median-1 drops the lowest (4) and the highest
    (1): 0."""
    assert _values("SB")[3] == 40
    assert (_values("SB/C1")[3], _values("SB/M1")[3]) == (32, 0)
    assert (_values("EMMSB/C1")[3], _values("EMMSB/M1")[3]) == (32, 0)


def _de(tt: TeamTournament, group: list[int]) -> dict[int, object]:
    among = team_tie_break("DE").among
    assert among is not None
    return dict(among(tt, "MP", group))


def test_de_6_3_counts_every_missing_match_of_a_team() -> None:
    """6.3 on MP (2 boards, TW 4): 1 beat 2 and 3 (8), 2-3 drawn (2 each), and team 4 met
    none of the three (idle every round here): 3 missing matches, so it could still reach
    0 + 3 x 4 = 12 > 8. Nobody is alone on top whatever the outcome: all share place 1.
    (Counting one missing match for team 4, 0 + 4 = 4 < 8, would place 1 first.)"""
    tt = tournament(
        [[(1, 2, 3, True), (4, None, 0, False)], [(1, 3, 3, True), (4, None, 0, False)],
         [(2, 3, 2, True), (4, None, 0, False)]],
        teams=4,
        boards=2,
    )  # fmt: skip
    assert _de(tt, [1, 2, 3, 4]) == {1: 1, 2: 1, 3: 1, 4: 1}


def test_de_6_1_2_two_matches_between_the_same_teams_count_their_average() -> None:
    """6.1.2: 1 beat 2 twice (average 4, not 8), 3 beat 1 and 2 beat 3 (4 each): among the
    three, 1 4 + 0 = 4, 2 0 + 4 = 4, 3 4 + 0 = 4. All met (6.2), one level: all share place
    1. (Summing 1's two wins, 8, would place 1 first.)"""
    tt = tournament(
        [[(1, 2, 3, True), (3, None, 0, False)], [(1, 2, 3, True), (3, None, 0, False)],
         [(3, 1, 3, True), (2, None, 0, False)], [(2, 3, 3, True), (1, None, 0, False)]],
        teams=3,
        boards=2,
    )  # fmt: skip
    assert _de(tt, [1, 2, 3]) == {1: 1, 2: 1, 3: 1}


def test_de_6_3_on_match_points_a_missing_match_is_worth_tw() -> None:
    """6.3 on MP with 4 boards (TW 4, four games won 8): 1 beat 2 and 3 (8); 2 and 3 did not
    meet and could each reach 0 + TW = 4 < 8: 1 is first; then neither 2 nor 3 exceeds the
    other's 0 + 4: they share place 2. (A missing match worth 8, the GP of a match, would
    leave 1 not alone on top.)"""
    tt = tournament(
        [[(1, 2, 5, True), (3, None, 0, False)], [(1, 3, 5, True), (2, None, 0, False)]],
        teams=3,
        boards=4,
    )  # fmt: skip
    assert _de(tt, [1, 2, 3]) == {1: 1, 2: 2, 3: 2}


def test_16_3_and_16_4_2_a_team_s_requested_byes_by_category_and_edition() -> None:
    """C.07 16 for teams, 4 boards (TW 4, TD 2; a draw on every board 4 GP). Three teams,
    one idle (a requested bye) each round:

        round 1  1-2 4 : 0   (3 idle: followed by matches, category 16.2.3)
        round 2  3-1 3 : 1   (2 idle: category 3)
        round 3  3-2 4 : 0   (1 idle in the last round: category 5)

    MP 1 4, 2 0, 3 8. 16.3: category 5 counts as a drawn round, TD 2 on MP: adjusted 1 6, 2 0,
    3 8. BH:MP, 2023 (dummy: the own final score): 1 0 + 8 + 4 = 12; 2 6 + 0 + 8 = 14; 3 8 +
    6 + 0 = 14. 2026 (16.4.2: the dummy capped at TD x 3 rounds = 6): team 3's 8 -> 6, BH 12;
    1 (4) and 2 (0) unchanged."""
    tt = tournament(
        [[(1, 2, 8, True), (3, None, 0, False)], [(3, 1, 6, True), (2, None, 0, False)],
         [(3, 2, 8, True), (1, None, 0, False)]],
        teams=3,
        boards=4,
    )  # fmt: skip
    assert tt.match_points == {1: 4, 2: 0, 3: 8}
    assert adjusted_scores(tt, "MP") == {1: 6, 2: 0, 3: 8}
    bh = team_tie_break("BH:MP").compute
    assert bh is not None
    assert dict(bh(tt, "MP", OLD)) == {1: 12, 2: 14, 3: 14}
    assert dict(bh(tt, "MP", NEW)) == {1: 12, 2: 14, 3: 12}


def test_16_3_on_game_points_and_a_299_adjustment() -> None:
    """The tournament above on GP: team 1 scored 4 + 1 = 5 points (8 + 2 half-points); its
    category 5 round counts as a draw on every board, 4 x 1 = 4: adjusted 14. A TRF-2026 299
    record giving team 1 +1 MP and +1.5 GP (2 and 3 half-points) is in its scores as the
    opponents see them: MP 6 + 2 = 8, GP 14 + 3 = 17."""
    tt = tournament(
        [[(1, 2, 8, True), (3, None, 0, False)], [(3, 1, 6, True), (2, None, 0, False)],
         [(3, 2, 8, True), (1, None, 0, False)]],
        teams=3,
        boards=4,
    )  # fmt: skip
    assert adjusted_scores(tt, "GP")[1] == 14
    bonus = replace(tt, adjustments={1: (2, 3)})
    assert (adjusted_scores(bonus, "MP")[1], adjusted_scores(bonus, "GP")[1]) == (8, 17)


def test_bh_median_1_drops_the_lowest_and_the_highest_opponent() -> None:
    """14.2 on team BH:MP: team 3 met 4 (2), 1 (8), 2 (6): Median-1 keeps 6; team 4 met 3
    (8), 2 (6), 1 (8): keeps one 8."""
    values = _values("BH:MP/M1")
    assert (values[3], values[4]) == (6, 8)


def test_bbe_first_leaves_out_the_last_board() -> None:
    """C.07 12.3: game points on every board but the last, then one board fewer while still
    tied. Two boards, one round each: team 1 scored 2 on board 1 and 0 on board 2, team 2 1
    and 2. Board 1 alone: 2 > 1, team 1 first (though team 2 has more game points, 3 to
    2)."""
    tt = TeamTournament(
        (Team(1, "T1", ()), Team(2, "T2", ())),
        {1: (TeamRound(None, 2, 0, True, False, (2, 0)),),
         2: (TeamRound(None, 3, 0, True, False, (1, 2)),)},
        2,
    )  # fmt: skip
    bbe = team_tie_break("BBE").among
    assert bbe is not None
    assert dict(bbe(tt, "MP", [1, 2])) == {1: 1, 2: 2}


def test_aob_is_undefined_without_a_match_played_over_the_board() -> None:
    """C.07 8.2 via 13: the average of the opponents met in a played match; two teams whose
    only match was forfeited have none: no value (not 0)."""
    tt = tournament([[(1, 2, 4, False)]], teams=2, boards=2)
    aob = team_tie_break("AOB").compute
    assert aob is not None
    assert dict(aob(tt, "MP", OLD)) == {1: None, 2: None}


def test_record_362_gives_any_of_the_three_values_in_any_order() -> None:
    """TRF-2026 362 (C.07 11.1's match points): symbol and points pairs in any order, a value
    not given keeps its default (TW 2, TD 1, TL 0). Values in half-points."""
    given = {" TW 3.0 TD 1.5": (6, 3, 0), " TL 0.5 TW 3 TD 1": (6, 2, 1)}
    for rest, (win, draw, loss) in given.items():
        state = team_state([[(1, 3, "1"), (4, 2, "=")]], [(1, 2), (3, 4)], ("362" + rest,))
        assert read_match_point_values(state) == MatchPointValues(win, draw, loss)


def test_result_kind_names_a_round_as_a_299_type() -> None:
    """TRF-2026 299's result types for a team's round (0-based column, records 1-based): the
    requested bye of record 240 for round 2 (``H``), else a match by its MP: TW ``W``, TD
    ``D``, anything else ``L``; no type for an unpaired round without a record."""
    records = TeamRecords(byes={(2, 1): "H"})
    mp = MatchPointValues()
    bye = TeamRound(None, 0, 0, False)
    assert [result_kind(records, 1, c, bye, mp) for c in range(3)] == [None, "H", None]
    kinds = [result_kind(records, 1, 0, TeamRound(2, 2, m, True), mp) for m in (4, 2, 0)]
    assert kinds == ["W", "D", "L"]


def test_fb_draws_every_board_of_the_final_round() -> None:
    """C.07 8.3 via 13 on FORFEIT4: round 3 (1-4, 2-3) counted as drawn on both boards: MP
    1 4 + 0 + 2 = 6, 2 0 + 2 + 2 = 4, 3 4 + 4 + 2 = 10, 4 0 + 2 + 2 = 4; GP 1 4 + 1 + 2 = 7,
    2 0 + 2 + 2 = 4, 3 3 + 3 + 2 = 8, 4 1 + 2 + 2 = 5. Team 3 met 4, 1, 2: FB:MP 4 + 6 + 4 =
    14, FB:GP 5 + 7 + 4 = 16."""
    assert (_values("FB:MP")[3], _values("FB:GP")[3]) == (14, 16)


def test_sssc_normalising_factor_on_either_primary_score() -> None:
    """C.07 13.4 on FOUR_BOARDS (4 boards, 3 rounds). Primary MP: the most MP, 3 x 4 = 12,
    over the most GP of a match, 4 x 2 = 8, rounded down: 1; team A: GP 17 + BH:MP (B 6 + C 8
    + D 2 = 16) / 1 = 33. Primary GP: 3 x 8 = 24 over TW 4: 6; A: MP 8 + BH:GP (B 12 + C 13
    + D 6 = 31) / 6."""
    sssc = team_tie_break("SSSC").compute
    assert sssc is not None
    assert sssc(FOUR_BOARDS, "MP", OLD)[1] == 33
    assert sssc(FOUR_BOARDS, "GP", OLD)[1] == 8 + Fraction(31, 6)


def test_an_ede_sequence_with_a_flag_after_another_code() -> None:
    """C.07-2026 13.3.2: EDEBT is EDE, BC, TBR (docs/tiebreaks.md); its flag (/P) belongs to
    EDE, the only one of the three that takes it; the codes before it stay."""
    codes = [t.code for t in parse_team_tie_break_list("BH:MP EDEBT/P")]
    assert codes == ["BH:MP", "EDE/P", "BC", "TBR"]
