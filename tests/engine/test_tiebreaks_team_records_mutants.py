"""Team records and unplayed team rounds: the survivors of mutation run 12 (docs/testing.md,
"Run 12: team tie-breaks") in ``tiebreaks/teams.py``, ``tiebreaks/team_records.py`` and the
TRF reader's team-record checks (``trf/team_records.py``). Scores in half-points (TW = 4,
TD = 2, a game won = 2). Record layouts as TRF-2026 gives them (docs/tiebreaks.md):

    240 T RRR NNNN NNNN ...          type 5, round 7-9, teams at 11-14, 16-19, ...
    299 T  MMMM  GGGG  RRR NNNN ...  type 5, MP 8-11, GP 14-17, round 20-22, teams 24-27, ...
    300 RRR TTT OOO PPPP PPPP ...    round 5-7, team 9-11, opponent 13-15, boards 17-20, ...
    320 MMMM GGGG TTT TTT ...        PAB MP 5-8, GP 10-13, the PAB team of round 1 at 15-17, ...
    330 TT RRR WWW BBB               type 5-6 (+- -+ --), round 8-10, white 12-14, black 16-18
"""

from __future__ import annotations

import pytest

from pairing.engine.core.errors import TeamError
from pairing.engine.tiebreaks import Edition, Team, TeamRound, TeamTournament, team_tie_break
from pairing.engine.tiebreaks.team_breaks import board_count, top_board_results
from pairing.engine.tiebreaks.team_records import read_team_records
from pairing.engine.tiebreaks.teams import read_teams, team_tournament, unplayed_category
from pairing.engine.trf import read_trf
from tests.engine.team_trf import (
    FOUR_TEAMS,
    ONE_ROUND,
    at,
    record_240,
    record_299,
    record_310,
    record_320,
    team_file,
    team_state,
    tournament,
    trf_error,
)

# -- the TRF reader's checks of 300, 320, 330 and 299 -----------------------------------------

WHAT_299 = "(record 299 is 'T  MMMM  GGGG  RRR NNNN NNNN ...')"


@pytest.mark.parametrize(
    ("record", "message", "column"),
    [
        # 300: round, team and opponent by name and first column
        ("300   0   1   2    1    2", "round must be 1 or more", 5),
        ("300  x1   1   2    1    2", "round must be a whole number, found 'x1'", 5),
        ("300   1  y1   2    1    2", "team must be a whole number, found 'y1'", 9),
        ("300   1   1  z2    1    2", "opponent team must be a whole number, found 'z2'", 13),
        ("300   1   1   2", "the line-up names no board", 17),
        ("300   1   1   2    1    x", "board 2 player must be a whole number, found 'x'", 22),
        # 320: both points fields by name, a negative value, each round's team by its round
        ("320  1.x  1.0   4", "PAB match points must be a number like 4.5, found '1.x'", 5),
        ("320  1.0  1.x   4", "PAB game points must be a number like 4.5, found '1.x'", 10),
        ("320 -1.0  1.0   4", "PAB match points must not be negative", 5),
        ("320  1.0 -0.5   4", "PAB game points must not be negative", 10),
        ("320  1.0  1.0   4  x3", "round 2 PAB team must be a whole number, found 'x3'", 19),
        ("320  1.0  1.0 x", "round 1 PAB team must be a whole number, found 'x'", 15),
        # 330: the type as found, round, each team by colour
        ("330 +x   1   1   2", "forfeit type must be +-, -+ or --, found '+x'", 5),
        ("330 +-   0   1   2", "round must be 1 or more", 8),
        ("330 +-  x1   1   2", "round must be a whole number, found 'x1'", 8),
        ("330 +-   1  w1   2", "white team must be a whole number, found 'w1'", 12),
        ("330 +-   1   1  b2", "black team must be a whole number, found 'b2'", 16),
        ("330 --   1   2   2", "a team cannot forfeit against itself", 16),
        # 299: the blank separators between its fields
        (at(record_299("W", "3.0", "1.0", "1"), 12, "x"), f"unexpected 'x' {WHAT_299}", 12),
        (at(record_299("W", "3.0", "1.0", "1"), 18, "x"), f"unexpected 'x' {WHAT_299}", 18),
    ],
)  # fmt: skip
def test_a_malformed_team_record_is_refused_by_field_and_column(
    record: str, message: str, column: int
) -> None:
    """Each refusal names the field (its round for 320's teams, its board for 300's players),
    what was found, and the field's first column."""
    assert trf_error(record) == (message, 1, column)


@pytest.mark.parametrize(
    "record",
    [
        "320  0.0  0.0   4",  # a PAB worth nothing: not negative
        "320  2.0  2.0       4",  # round 1's field blank: no PAB that round
        "330 -+   1   1   2",  # black won by forfeit
        "330 --   1   1   2",  # a double forfeit
        "300 100   1   2    1    2",  # round 100: a number (the round is checked later)
    ],
)
def test_a_well_formed_team_record_is_read_and_kept(record: str) -> None:
    """TRF-2026's values: 320's points may be 0 (only a negative one is refused), a blank
    round field is no PAB (as ``000``); 330 has three types; 300's round is read from all of
    columns 5-7. The reader keeps the record verbatim for the team standings."""
    text, _ = team_file(record)
    assert (record[:3], record[3:]) in read_trf(text).info.extra_records


# -- unplayed rounds: VURs (C.07 16.1) and the categories (16.2) -------------------------------


def _one_team(*rounds: TeamRound) -> TeamTournament:
    return TeamTournament((Team(1, "T1", ()),), {1: rounds}, 2, total_rounds=len(rounds))


BYE = TeamRound(None, 0, 0, False)  # a requested bye (not pairing-allocated), 0 MP
PAB = TeamRound(None, 4, 4, False, True)  # the pairing-allocated bye, a win
FORFEIT_LOST = TeamRound(2, 0, 0, False)  # a match lost without a game played
UNPLAYED_DRAW = TeamRound(2, 2, 2, False)  # 1 : 1, each side won one board by forfeit


@pytest.mark.parametrize(
    ("later", "category"),
    [
        (BYE, 5),  # a requested bye is a VUR (16.1)
        (FORFEIT_LOST, 5),  # a forfeit loss is a VUR (16.1)
        (PAB, 3),  # the pairing-allocated bye is not requested: no VUR
        (UNPLAYED_DRAW, 3),  # an unplayed match drawn is no forfeit loss: no VUR
    ],
)
def test_16_2_a_requested_bye_followed_by_a_vur_or_not(later: TeamRound, category: int) -> None:
    """C.07 16.2.3 / 16.2.5 for a team: a requested bye in round 1 followed by round 2 (the
    last). 16.1: a VUR is a requested bye or a forfeit loss. Followed only by VURs: category
    5; followed by a round that is not a VUR: category 3."""
    assert unplayed_category(_one_team(BYE, later), 1, 0) == category


def test_16_5_1_team_cut_1_takes_the_vur_instead_of_the_lowest_opponent() -> None:
    """C.07 16.5.1 on team BH:MP/C1 (2023 text). 2 boards, TW 4 / TD 2, 3 rounds:

        round 1  1-2 3 : 1 (1 wins)      3-4 2 : 2
        round 2  1 and 4 idle (requested byes)   2-3 4 : 0 (2 wins)
        round 3  1-3 4 : 0 (1 wins)      2-4 2 : 2

    MP: 1 4 + 0 + 4 = 8; 2 0 + 4 + 2 = 6; 3 2 + 0 + 0 = 2; 4 2 + 0 + 2 = 4. The byes are
    followed by a played round: category 3, VURs, no change to the scores (16.3). Team 1's
    terms: 2 (6), the dummy of its bye = its own 8 (16.4, VUR), 3 (2): BH 16. Cut-1's least
    significant value is 2; the VUR's 8 is not lower: the VUR is cut (16.5.1), 6 + 2 = 8
    (not 6 + 8 = 14). Team 4: 3 (2), dummy 4 (VUR), 2 (6): 12; Cut-1 drops the dummy: 8."""
    tt = tournament(
        [[(1, 2, 3, True), (3, 4, 2, True)], [(1, None, 0, False), (2, 3, 4, True),
         (4, None, 0, False)], [(1, 3, 4, True), (2, 4, 2, True)]],
        teams=4,
        boards=2,
    )  # fmt: skip
    assert tt.match_points == {1: 8, 2: 6, 3: 2, 4: 4}
    bh, cut = team_tie_break("BH:MP").compute, team_tie_break("BH:MP/C1").compute
    assert bh is not None and cut is not None
    assert (bh(tt, "MP", Edition.C07_2023)[1], cut(tt, "MP", Edition.C07_2023)[1]) == (16, 8)
    assert (bh(tt, "MP", Edition.C07_2023)[4], cut(tt, "MP", Edition.C07_2023)[4]) == (12, 8)


# -- records read from the state (team_records.py, teams.py): refusals ---------------------


def _refusal(*records: str, teams: list[tuple[int, ...]] = FOUR_TEAMS) -> str:
    """``team_tournament``'s refusal of :data:`ONE_ROUND` with ``records`` given to the state
    as they are (not through the TRF reader's checks)."""
    with pytest.raises(TeamError) as caught:
        team_tournament(team_state(ONE_ROUND, teams, records))
    return str(caught.value)


@pytest.mark.parametrize(
    ("record", "message"),
    [
        # 320's points: a number of half-points, not negative
        ("320  1.x  1.0   0", "record 320: PAB match points at columns 5-8 is not a number of "
         "half-points"),
        ("320  1.0 0.25   0", "record 320: PAB game points at columns 10-13 is not a number of "
         "half-points"),
        ("320 -1.0  1.0   0", "record 320: PAB match points at columns 5-8 is not a number of "
         "half-points"),
        ("320  1.0  1.0  x1", "record 320: round 1 team at columns 15-17 is not a number"),
        # 240: round and team fields, a team's second bye in a round, round 0
        ("240 H  x1    1", "record 240: round at columns 7-9 is not a number"),
        ("240 H   2   y1", "record 240: team at columns 11-14 is not a number"),
        ("240 H   2    1    1", "record 240: team 1 has two byes in round 2"),
        ("240 H   0    1", "record 240: round must be 1 or more"),
        # 299: round and team fields, a blank type naming no team, a round not completed
        (record_299("W", "3.0", "", "x1"), "record 299: round at columns 20-22 is not a number"),
        (record_299("W", "3.0", "", "1") + "   y1",
         "record 299: team at columns 24-27 is not a number"),
        ("299", "record 299: penalty/bonus points (blank type) name no team"),
        (record_299("W", "3.0", "", "100"),
         "record 299: round 100 is not a completed round (1-1)"),
        # the teams the records name
        ("320  1.0  1.0   9", "record 320: team 9 is not in the team records"),
        ("330 +-   1   9   1", "record 330: team 9 is not in the team records"),
        ("300   1   9   1    1    2", "record 300: team 9 is not in the team records"),
        ("300   1   1   9    1    2", "record 300: team 9 is not in the team records"),
        # 362: pairs, symbols, half-points
        ("362 TW x", "match points 'x' are not a number in ' TW x'"),
        ("362 TW 1.25", "match points '1.25' are not in half-points in ' TW 1.25'"),
        ("362 TW", "record 362 needs symbol and points pairs: 'TW'"),
        ("362 TX 2.0", "record 362: unknown symbol 'TX'"),
        # 310
        (record_310(1, "Again", ()), "team number 1 is used twice"),
        (record_310(5, "Fifth", (9,)), "team 5 names unknown player 9"),
        (record_310(5, "Fifth", (1,)), "player 1 is in teams 1 and 5"),
        (record_310(5, "Fifth", ()) + "   x", "player 'x' is not a number in "
         f"{(record_310(5, 'Fifth', ()) + '   x')!r}"),
    ],
)  # fmt: skip
def test_a_team_record_team_tournament_cannot_use_is_refused_by_name(
    record: str, message: str
) -> None:
    """Each refusal names the record, the field and its columns, or the team, player or round
    at fault; a 299 without type, points or team (``299`` alone) is a blank type naming no
    team."""
    assert _refusal(record) == message


def test_240_reads_every_team_and_a_three_digit_round() -> None:
    """240 ``H``, round 100 (columns 7-9), teams 1, 2, 3, 4 and 5 at 11-14, 16-19, 21-24,
    26-29, 31-34: one bye each (a 240 for a round still to be paired is kept)."""
    state = team_state(ONE_ROUND, FOUR_TEAMS, (record_240("H", 100, 1, 2, 3, 4, 5),))
    assert read_team_records(state).byes == {(100, n): "H" for n in (1, 2, 3, 4, 5)}


def test_299_reads_every_team_and_a_blank_round() -> None:
    """299 ``W``, MP 3.0, round blank (every round, 0), teams 1-5 at 24-27, ..., 44-47."""
    state = team_state(ONE_ROUND, FOUR_TEAMS, (record_299("W", "3.0", "", "", 1, 2, 3, 4, 5),))
    (abnormal,) = read_team_records(state).abnormal
    assert (abnormal.kind, abnormal.match_points, abnormal.round) == ("W", 6, 0)
    assert abnormal.teams == (1, 2, 3, 4, 5)


def test_320_pab_worth_nothing_is_read() -> None:
    """320 ``0.0 0.0``: a PAB worth no points is a value (only a negative one is refused)."""
    state = team_state(ONE_ROUND, FOUR_TEAMS, (record_320("0.0", "0.0"),))
    records = read_team_records(state)
    assert (records.pab_match_points, records.pab_game_points) == (0, 0)


def test_310_reads_three_digit_players_in_board_order() -> None:
    """310: the players at 74-77, 79-82, 84-87, 89-92, 94-98 (right-aligned): team 1 of
    players 101-105, in that board order."""
    teams = [(1, 2), (101, 102, 103, 104, 105)]
    state = team_state([[(1, 101, "1"), (102, 2, "=")]], teams)
    assert [t.players for t in read_teams(state)] == teams


# -- TRF-2026 299 with a blank type: penalty/bonus points ------------------------------------


def test_299_adjustments_add_up_per_team_and_skip_typed_records() -> None:
    """TRF-2026 299 blank type, "penalty/bonus points (may be negative)", added to the named
    teams' standings points (docs/tiebreaks.md). ONE_ROUND: team 1 MP 4, GP 3; team 2 MP 0,
    GP 1; team 3 MP 4, GP 3; team 4 MP 0, GP 1. Records in file order:

        299 W  3.0              a typed record first (a win worth 3 MP: 6 half-points)
        299    -1.0        1    team 1: MP -1 (-2 half-points), GP blank: 0
        299          -0.5  1    team 1 again: GP -0.5 (-1), MP blank: 0
        299     1.0   1.0  2 3  teams 2 and 3: MP +1, GP +1 (+2 each)

    Team 1: MP 6 - 2 = 4, GP 3 - 1 = 2; team 2: MP 0 + 2 = 2, GP 1 + 2 = 3; team 3: MP 6 +
    2 = 8, GP 3 + 2 = 5; team 4 unchanged: MP 0, GP 1."""
    records = (
        record_299("W", "3.0"),
        record_299(" ", "-1.0", "", "", 1),
        record_299(" ", "", "-0.5", "", 1),
        record_299(" ", "1.0", "1.0", "", 2, 3),
    )
    tt = team_tournament(team_state(ONE_ROUND, FOUR_TEAMS, records))
    assert tt.adjustments == {1: (-2, -1), 2: (2, 2), 3: (2, 2)}
    assert tt.match_points == {1: 4, 2: 2, 3: 8, 4: 0}
    assert tt.game_points == {1: 2, 2: 3, 3: 5, 4: 1}


def test_299_with_game_points_only_keeps_the_match_points() -> None:
    """``299 W        2.0``: a won match is worth 2 GP (4 half-points), its MP as counted
    (TW 4). ONE_ROUND: teams 1 and 3 won: MP 4, GP 3 -> 4."""
    tt = team_tournament(team_state(ONE_ROUND, FOUR_TEAMS, (record_299("W", "", "2.0"),)))
    assert (tt.match_points[1], tt.game_points[1]) == (4, 4)
    assert (tt.match_points[3], tt.game_points[3]) == (4, 4)


# -- C.07 12: the board results ----------------------------------------------------------------


def test_c07_12_board_results_of_forfeits_and_byes() -> None:
    """C.07 12 counts a board's result with forfeits as standard results and a
    pairing-allocated or full-point bye as a win, a half-point bye as a draw (teams.py's
    module text). Teams 1 (players 1, 2), 2 (3, 4), 3 (5, 6); one round: 1-3 1-0 over the
    board, 4-2 won by 4 by forfeit; team 3 not paired, player 5 a full-point bye, 6 a
    half-point bye. Boards (game half-points): team 1 (2, 0), team 2 (0, 2), team 3 (2, 1).
    BC (12.1, board number x points): 1 1x2 + 2x0 = 2; 2 0 + 2x2 = 4; 3 1x2 + 2x1 = 4. TBR
    (12.2) between 2 and 3: board 1, 0 against 2: 3 first."""
    state = team_state(
        [[(1, 3, "1"), (4, 2, "+")]], [(1, 2), (3, 4), (5, 6)], unpaired={(1, 5): "F", (1, 6): "H"}
    )
    tt = team_tournament(state)
    assert [tt.rounds[n][0].boards for n in (1, 2, 3)] == [(2, 0), (0, 2), (2, 1)]
    assert board_count(tt) == {1: 2, 2: 4, 3: 4}
    assert top_board_results(tt, [2, 3]) == {2: 2, 3: 1}


# -- team_tournament ---------------------------------------------------------------------------


def test_a_reserve_who_did_not_play_is_no_board() -> None:
    """Teams of three players (a reserve) on two boards: round 1, 1-4 1-0 and 5-2 1/2;
    players 3 and 6 did not play (no opponent, no colour). Each team's boards are the players
    who were paired: 2 boards, not 3; team 1 (1, 1/2) GP 1.5 -> 3 half-points."""
    state = team_state([[(1, 4, "1"), (5, 2, "=")]], [(1, 2, 3), (4, 5, 6)])
    tt = team_tournament(state)
    assert tt.boards == 2
    assert [tt.rounds[n][0].boards for n in (1, 2)] == [(2, 1), (0, 1)]
    assert tt.game_points == {1: 3, 2: 1}
