"""Team standings (C.07 4.2 on the primary score) and the individual tie-breaks C.07 13
applies to teams (team_more.py): the survivors of run 11 (docs/testing.md) that change a
value. Built as :class:`TeamTournament` directly; scores in half-points (TW = 4, a game won
= 2), places 1 best.

``FOUR_BOARDS`` (4 teams of 4 boards, a round robin in 3 rounds, TW 2 / TD 1 / TL 0):

    round 1  A-B 3 : 1 (A wins)     C-D 2 : 2
    round 2  A-C 1.5 : 2.5 (C wins) B-D 3 : 1 (B wins)
    round 3  A-D 4 : 0 (A wins)     B-C 2 : 2

    MP (half-points): A 4 + 0 + 4 = 8; B 0 + 4 + 2 = 6; C 2 + 4 + 2 = 8; D 2 + 0 + 0 = 2
    GP (half-points): A 6 + 3 + 8 = 17; B 2 + 6 + 4 = 12; C 4 + 5 + 4 = 13; D 4 + 2 + 0 = 6

With four boards the most a team can score in a round differs between the scores: TW = 4
MP half-points, four won games = 8 GP half-points.
"""

from __future__ import annotations

import pytest

from pairing.engine.tiebreaks import (
    Edition,
    TeamTournament,
    parse_team_tie_break_list,
    team_tie_break,
)
from pairing.engine.tiebreaks.core import ModifierError
from pairing.engine.tiebreaks.team_more import team_koya, team_progressive_score
from pairing.engine.tiebreaks.team_standings import team_standings
from tests.engine.team_trf import tournament

A, B, C, D = 1, 2, 3, 4


FOUR_BOARDS = tournament(
    [
        [(A, B, 6, True), (C, D, 4, True)],
        [(A, C, 3, True), (B, D, 6, True)],
        [(A, D, 8, True), (B, C, 4, True)],
    ],
    teams=4,
    boards=4,
)


def test_the_scores_of_four_boards() -> None:
    assert FOUR_BOARDS.match_points == {A: 8, B: 6, C: 8, D: 2}
    assert FOUR_BOARDS.game_points == {A: 17, B: 12, C: 13, D: 6}


def test_koya_on_match_points_takes_half_the_most_match_points() -> None:
    """KS:MP (9.2 via 13): the maximum is 3 rounds x TW = 12 MP half-points, 50 % = 6: A (8),
    B (6, exactly 50 %), C (8); not D (2). Half the most game points (3 x 8 / 2 = 12) would
    leave nobody; D's 6 GP would reach 6. A 4 (B) + 0 (C) = 4; B 0 (A) + 2 (C) = 2; C 4 (A)
    + 2 (B) = 6; D 2 (C) + 0 (B) + 0 (A) = 2."""
    assert team_tie_break("KS:MP").compute is not None
    values = dict(team_tie_break("KS:MP").compute(FOUR_BOARDS, "MP", Edition.C07_2023))  # type: ignore[misc]
    assert values == {A: 4, B: 2, C: 6, D: 2}


def test_koya_on_game_points_takes_half_the_most_game_points() -> None:
    """KS:GP: the maximum is 3 rounds x 4 boards x 2 = 24, 50 % = 12: A (17), B (12), C (13);
    not D (6). A 6 (B) + 3 (C) = 9; B 2 (A) + 4 (C) = 6; C 5 (A) + 4 (B) = 9; D 4 (C) + 2 (B)
    + 0 (A) = 6."""
    tb = team_tie_break("KS:GP")
    assert tb.compute is not None
    assert dict(tb.compute(FOUR_BOARDS, "MP", Edition.C07_2023)) == {A: 9, B: 6, C: 9, D: 6}


def test_koya_of_a_tournament_without_teams_is_empty() -> None:
    """No team, no round: the maximum is 0 and there is nothing to sum."""
    assert team_koya(TeamTournament((), {}, 4), "MP") == {}


def test_progressive_score_refuses_a_negative_cut() -> None:
    """14.1: a Cut drops values, it cannot add any."""
    with pytest.raises(ModifierError, match="negative cut -1"):
        team_progressive_score(FOUR_BOARDS, "MP", -1)


def test_team_standings_on_game_points() -> None:
    """Primary score GP (13): A 17, C 13, B 12, D 6; no tie."""
    rows = team_standings(FOUR_BOARDS, [], primary="GP")
    assert [(r.rank, r.team) for r in rows] == [(1, A), (2, C), (3, B), (4, D)]


def test_team_standings_refuse_another_primary_score() -> None:
    with pytest.raises(ValueError, match="the primary score is MP or GP, not 'XP'"):
        team_standings(FOUR_BOARDS, [], primary="XP")


def test_team_standings_compute_direct_encounter_on_the_tied_teams() -> None:
    """4.2 and art. 6 (type A): A and C tie on 8 MP; among the two, C won their match (4 MP
    to 0) -> C 1st, A 2nd. B (6) and D (2) are alone on their scores: no DE value."""
    rows = team_standings(FOUR_BOARDS, parse_team_tie_break_list("DE"))
    assert [(r.rank, r.team, r.values) for r in rows] == [
        (1, C, (1,)),
        (2, A, (2,)),
        (3, B, (None,)),
        (4, D, (None,)),
    ]


def test_team_standings_compute_by_the_edition_asked() -> None:
    """C.07 16.4 on BH:MP. Team 1 beat team 2 by forfeit in round 1 (not played) and over the
    board in round 2: MP 1: 8, 2: 0. Team 1's forfeit round counts the dummy: 2023 text, its
    own final score 8; 2026 text (16.4.1), capped at the scheduled opponent's adjusted score,
    0. Round 2: team 2's 0. BH:MP of team 1: 8 + 0 = 8 (2023), 0 + 0 = 0 (2026). Team 2
    lost by forfeit: dummy its own 0 either way, plus team 1's 8 -> 8."""
    tt = tournament([[(1, 2, 4, False)], [(1, 2, 4, True)]], teams=2, boards=2)
    assert tt.match_points == {1: 8, 2: 0}
    breaks = parse_team_tie_break_list("BH:MP")
    assert [r.values for r in team_standings(tt, breaks)] == [(8,), (8,)]
    rows = team_standings(tt, breaks, edition=Edition.C07_2026)
    assert [r.values for r in rows] == [(0,), (8,)]


def test_team_standings_compute_direct_encounter_on_the_primary_score() -> None:
    """Art. 6 via 13 on the primary score (MP). Three teams of 4 boards, a round robin in 3
    rounds (one team idle each round): 1 beat 2 2.5 : 1.5, 2 beat 3 2.5 : 1.5, 3 beat 1 4 : 0.
    MP 4 each: all tied. Among the three on MP each has one win (4): DE separates nobody,
    all share place 1. (On GP it would: 1 2.5 + 0, 2 1.5 + 2.5, 3 1.5 + 4 -> 3, 2, 1.)"""
    tt = tournament(
        [[(1, 2, 5, True), (3, None, 0, False)], [(2, 3, 5, True), (1, None, 0, False)],
         [(3, 1, 8, True), (2, None, 0, False)]],
        teams=3,
        boards=4,
    )  # fmt: skip
    assert tt.match_points == {1: 4, 2: 4, 3: 4}
    rows = team_standings(tt, parse_team_tie_break_list("DE"))
    assert [(r.rank, r.team, r.values) for r in rows] == [(1, 1, (1,)), (1, 2, (1,)), (1, 3, (1,))]
