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

from dataclasses import replace

import pytest

from pairing.engine.core.errors import TeamError
from pairing.engine.core.state import PointValues
from pairing.engine.tiebreaks import Edition, Team, TeamRound, TeamTournament, team_tie_break
from pairing.engine.tiebreaks.team_breaks import board_count, top_board_results
from pairing.engine.tiebreaks.team_records import TeamRecords, read_team_records
from pairing.engine.tiebreaks.teams import read_teams, team_tournament, unplayed_category
from pairing.engine.trf import read_trf
from tests.engine.team_trf import (
    FOUR_TEAMS,
    ONE_ROUND,
    at,
    record_013,
    record_240,
    record_299,
    record_300,
    record_310,
    record_320,
    split,
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
        (at(record_299("W", "3.0", "", "1", 1, 2), 28, "x"), "unexpected 'x'", 28),
        # 299: each field by name
        (record_299("W", "x.0", "1.0", "1"), "match points must be a number like 4.5, found "
         "'x.0'", 8),
        (record_299("W", "3.0", "1.x", "1"), "points must be a number like 4.5, found '1.x'", 14),
        (record_299("W", "", "", "1"), "record 299 gives no points (columns 8-11 and 14-17 are "
         "blank)", 8),
        (record_299("W", "3.0", "", "0a1"), "round must be a whole number, found '0a1'", 20),
        (record_299("W", "3.0", "", "1") + " 00x1", "pairing number must be a whole number, "
         "found '00x1'", 24),
        (record_299("W", "3.0", "", "1") + " x", "pairing number must be a whole number, found "
         "'x'", 24),
        # a field missing, a one-character field ending the line
        ("300   1       2    1", "team is missing (columns 9-11)", 9),
        ("300   1   1   2 x", "board 1 player must be a whole number, found 'x'", 17),
        ("330 +", "forfeit type must be +-, -+ or --, found '+ '", 5),
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
        # ... quoting the record at fault (the line to correct)
        (record_310(1, "Again", ()),
         f"team number 1 is used twice in {record_310(1, 'Again', ()).rstrip()!r}"),
        (record_310(5, "Fifth", (9,)),
         f"team 5 names unknown player 9 in {record_310(5, 'Fifth', (9,))!r}"),
        (record_310(5, "Fifth", (1,)),
         f"player 1 is in teams 1 and 5 in {record_310(5, 'Fifth', (1,))!r}"),
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


@pytest.mark.parametrize(
    ("record", "message"),
    [
        ("320  1.0  1.0   0\n320  1.0  1.0   0", "record 320 is given twice (one per tournament)"),
        ("320  1.0  1.0  x1", "record 320: round 1 team at columns 15-17 is not a number"),
        ("330 ++   1   1   2", "record 330: forfeit type '++' is not +-, -+ or --"),
        ("330 +-  x1   1   2", "record 330: round at columns 8-10 is not a number"),
        ("330 +-   1  w1   2", "record 330: white team at columns 12-14 is not a number"),
        ("330 +-   1   1  b2", "record 330: black team at columns 16-18 is not a number"),
        ("330 +-   1   1   2\n330 -+   1   1   3",
         "record 330: team 1 has two forfeits in round 1"),
        ("330 +- 100   1   2", "record 330: round 100 is not a completed round (1-1)"),
        ("330 +-   1 100   2", "record 330: team 100 is not in the team records"),
        ("330 +-   1   1 100", "record 330: team 100 is not in the team records"),
        ("320  1.0  1.0 100", "record 320: team 100 is not in the team records"),
        ("300  x1   1   2    1    2", "record 300: round at columns 5-7 is not a number"),
        ("300   1  y1   2    1    2", "record 300: team at columns 9-11 is not a number"),
        ("300   1   1  z2    1    2", "record 300: opponent team at columns 13-15 is not a number"),
        ("300   1   1   2    1    x",
         "record 300: board 2 player at columns 22-25 is not a number"),
        ("300   1   1   2    1    2\n300   1   1   2    2    1",
         "record 300: team 1 has two line-ups in round 1"),
        ("300 100   1   2    1    2", "record 300: round 100 is not a completed round (1-1)"),
        ("300   1 100   2    1    2", "record 300: team 100 is not in the team records"),
        ("300   1   1 100    1    2", "record 300: team 100 is not in the team records"),
        ("320  1.0  1.0   1", "record 320: team 1 has the bye of round 1 but met team 2"),
        ("330 +-   1   1   3", "record 330: team 1 met team 2 in round 1, not team 3"),
        (record_310(5, "Fifth", ())[:4] + " x5" + record_310(5, "Fifth", ())[7:],
         "team number 'x5' is not a number in "
         f"{(record_310(5, 'Fifth', ())[:4] + ' x5' + record_310(5, 'Fifth', ())[7:]).strip()!r}"),
    ],
)  # fmt: skip
def test_the_team_records_fields_are_refused_by_name_and_columns(record: str, message: str) -> None:
    """As above, for 320, 330, 300 and 310: each field by its name and columns; a three-digit
    round or team (100) read from all of its columns."""
    assert _refusal(*record.split("\n")) == message


def test_three_digit_numbers_in_every_team_record() -> None:
    """Records read (not checked against the teams) with numbers filling their fields: 320
    PAB MP 10.5 and GP 12.5 (21 and 25 half-points), PAB teams of rounds 1-3 at 15-17, 19-21,
    23-25 (1, 2, 100); round 1's field blank in a second reading; 300 for round 100, team
    100, opponent 101, players 101, 102, 103 on boards 1-3; 240 round 100."""
    records = (record_320("10.5", "12.5", 1, 2, 100), record_300(100, 100, 101, 101, 102, 103))
    read = read_team_records(team_state(ONE_ROUND, FOUR_TEAMS, records))
    assert (read.pab_match_points, read.pab_game_points) == (21, 25)
    assert read.pab == {1: 1, 2: 2, 3: 100}
    assert read.lineups == {(100, 100): (101, (101, 102, 103))}
    blank_first = team_state(ONE_ROUND, FOUR_TEAMS, ("320  1.0  1.0       2",))
    assert read_team_records(blank_first).pab == {2: 2}


def test_310_and_013_read_team_numbers_names_and_four_digit_players() -> None:
    """310: team number 5-7 (100), name 9-40, players from 74; 013 (TRF16, no 310): name
    5-36, players from 37, teams numbered in file order. Team 100 of players 1001, 102."""
    state = team_state([[(1, 102, "1"), (1001, 2, "=")]], [(1, 2), (1001, 102)])
    lines = (record_310(1, "One", (1, 2)), record_310(100, "Hundred", (1001, 102)))
    with_310 = replace(state, info=replace(state.info, extra_records=tuple(map(split, lines))))
    assert [(t.number, t.name, t.players) for t in read_teams(with_310)] == [
        (1, "One", (1, 2)),
        (100, "Hundred", (1001, 102)),
    ]
    old = (record_013("One", (1, 2)), record_013("Thousand", (1001, 102)))
    with_013 = replace(state, info=replace(state.info, extra_records=tuple(map(split, old))))
    assert [(t.number, t.name, t.players) for t in read_teams(with_013)] == [
        (1, "One", (1, 2)),
        (2, "Thousand", (1001, 102)),
    ]


def test_a_malformed_013_player_is_refused_by_name() -> None:
    """013 (TRF16) with ``   x`` where team 1's first player goes (columns 37-40)."""
    state = team_state(ONE_ROUND, FOUR_TEAMS)
    line = record_013("One", ())[:36] + "   x"
    old = replace(state, info=replace(state.info, extra_records=(split(line),)))
    with pytest.raises(TeamError) as caught:
        read_teams(old)
    assert str(caught.value) == f"player 'x' is not a number in {line.strip()!r}"


def test_a_file_without_team_records_is_refused() -> None:
    state = team_state(ONE_ROUND, FOUR_TEAMS)
    bare = replace(state, info=replace(state.info, extra_records=()))
    with pytest.raises(TeamError) as caught:
        team_tournament(bare)
    assert str(caught.value) == "no team records (310 or 013) in the file"


def test_team_tournament_takes_the_teams_given() -> None:
    """``team_tournament(state, teams)``: the teams given, not the file's (310 names them
    "Team 1", ...)."""
    given = (Team(1, "Given", (1, 2)), Team(2, "Other", (3, 4)))
    state = team_state([[(1, 3, "1"), (4, 2, "=")]], [(1, 2), (3, 4)])
    assert [t.name for t in team_tournament(state, given).teams] == ["Given", "Other"]


@pytest.mark.parametrize(
    ("rounds", "message"),
    [
        ([[(1, 3, "1"), (4, 2, "=")], [(1, 5, "1"), (4, 2, "=")]],
         "team 1, round 2: an opponent is in no team"),
        ([[(1, 3, "1"), (4, 2, "=")], [(1, 3, "1"), (2, 6, "=")]],
         "team 1, round 2: players met teams [2, 3]"),
    ],
)  # fmt: skip
def test_games_that_make_no_match_are_refused_by_round(
    rounds: list[list[tuple[int, int, str]]], message: str
) -> None:
    """Teams 1 (1, 2), 2 (3, 4) and, for the second case, 3 (5, 6); player 5 in no team for
    the first (the teams given)."""
    teams = [(1, 2), (3, 4), (5, 6)]
    state = team_state(rounds, teams)
    given = None if "met teams" in message else (Team(1, "A", (1, 2)), Team(2, "B", (3, 4)))
    with pytest.raises(TeamError) as caught:
        team_tournament(state, given)
    assert str(caught.value) == message


def test_boards_forfeited_without_330_are_refused_by_round() -> None:
    """TRF-2026 ``0000 w +`` (a scheduled board forfeited) in round 2 without a record 330
    naming the opposing team."""
    state = team_state(
        [[(1, 3, "1"), (4, 2, "=")], []], [(1, 2), (3, 4)], unpaired={(2, 1): "w+", (2, 2): "b+"}
    )
    with pytest.raises(TeamError) as caught:
        team_tournament(state)
    assert str(caught.value) == (
        "team 1, round 2: its players forfeited scheduled boards (0000 w/b +/-) but no record "
        "330 names the opposing team"
    )


def test_a_forfeited_match_of_330_counts_the_players_who_came() -> None:
    """330 ``+-``, round 1, teams 1 (players 1, 2, reserve 3) and 2 (4, 5, reserve 6): 1 and
    2 ``0000 - +``, 4 and 5 ``0000 - -``, the reserves absent (Z). A forfeited match (15.1,
    not played, no bye) on 2 boards: team 1 MP TW 4, GP 2 + 2 = 4, boards (2, 2); team 2 MP
    0, GP 0, boards (0, 0)."""
    unpaired = {(1, 1): "+", (1, 2): "+", (1, 4): "-", (1, 5): "-"}
    state = team_state([[]], [(1, 2, 3), (4, 5, 6)], ("330 +-   1   1   2",), unpaired)
    tt = team_tournament(state)
    assert tt.boards == 2
    assert tt.rounds[1] == (TeamRound(2, 4, 4, False, False, (2, 2)),)
    assert tt.rounds[2] == (TeamRound(1, 0, 0, False, False, (0, 0)),)


def test_a_pab_or_a_requested_bye_keeps_the_rounds_after_it() -> None:
    """Two rounds; team 3 (players 5, 6) has the PAB of round 1 (320, worth 0 MP and 0 GP),
    team 4 (7, 8) a 240 half-point bye in round 1 (TD 2); both play round 2. Each keeps two
    rounds, and the PAB scores the 320's 0 and 0."""
    rounds = [[(1, 3, "1"), (4, 2, "=")], [(1, 5, "1"), (6, 2, "="), (3, 7, "1"), (8, 4, "=")]]
    records = (record_320("0.0", "0.0", 3), record_240("H", 1, 4))
    tt = team_tournament(team_state(rounds, FOUR_TEAMS, records))
    assert [len(tt.rounds[n]) for n in (1, 2, 3, 4)] == [2, 2, 2, 2]
    assert (tt.rounds[3][0].match_points, tt.rounds[3][0].game_points) == (0, 0)
    assert tt.rounds[4][0].match_points == 2


def test_a_match_is_won_by_the_greater_game_points_not_a_draw_on_every_board() -> None:
    """11.1: the MP compare both teams' GP. Board 1 drawn, board 2 forfeited by both (``--``,
    no points): 1 : 1 half-points, a drawn match (TD 2 each), although each team is below a
    draw on every board (2)."""
    tt = team_tournament(team_state([[(1, 3, "="), (2, 4, "--")]], [(1, 2), (3, 4)]))
    assert tt.game_points == {1: 1, 2: 1}
    assert tt.match_points == {1: 2, 2: 2}


def test_a_team_not_paired_is_measured_against_a_draw_on_every_board() -> None:
    """Team 3 not paired, both players a half-point bye: GP 1 + 1 = 2 half-points, a draw on
    its 2 boards: TD (2)."""
    games = [[(1, 3, "1"), (4, 2, "=")]]
    tt = team_tournament(
        team_state(games, [(1, 2), (3, 4), (5, 6)], unpaired={(1, 5): "H", (1, 6): "H"})
    )
    assert (tt.rounds[3][0].game_points, tt.rounds[3][0].match_points) == (2, 2)


def test_team_tournament_keeps_the_scoring_and_the_rounds_of_the_file() -> None:
    """Record 162 scoring (a win 3, a draw 1: 6 and 2 half-points) and XXR/142 3 rounds after
    round 1: the team tournament's game win and draw and its total rounds."""
    state = team_state(ONE_ROUND, FOUR_TEAMS)
    scored = replace(state, points=PointValues(win=6, draw=2), total_rounds=3)
    tt = team_tournament(scored)
    assert (tt.game_win, tt.game_draw, tt.total_rounds) == (6, 2, 3)


# -- numbers written left-aligned in their fields (run 14) ------------------------------------


def _read_through_the_reader(record: str) -> TeamRecords:
    """``record`` appended to :func:`team_file`, read by the TRF reader (which reads a field's
    number wherever it stands in its columns, ``read_int`` strips it) and then by
    ``read_team_records``."""
    return read_team_records(read_trf(team_file(record)[0]))


def test_a_left_aligned_number_in_a_team_record_is_read_as_the_reader_reads_it() -> None:
    """The TRF reader accepts a number written left-aligned in its field (TRF-2026 right-aligns
    them; the reader strips blanks either side). The team records must then read the same
    number, from the same columns, as the reader checked. Each record below ends on such a
    number, written in the first column of its field, so that the line ends there:

        299 W   3.0        5   1   round "5  " at 20-22: round 5 (not blank: every round);
                                   team "1" at column 24, the last: team 1
        240 H   1 3                team "3" at column 11, the last: team 3's half-point bye
        320  1.0  1.0 2            round 1's PAB team "2" at column 15, the last: team 2
        300   1   1   2 1          board 1's player "1" at column 17, the last: player 1
    """
    abnormal = "299 W   3.0        5   1"
    assert (abnormal[19], abnormal[23:]) == ("5", "1")  # columns 20 and 24
    (read_299,) = _read_through_the_reader(abnormal).abnormal
    assert (read_299.round, read_299.teams) == (5, (1,))
    assert _read_through_the_reader("240 H   1 3").byes == {(1, 3): "H"}
    assert _read_through_the_reader("320  1.0  1.0 2").pab == {1: 2}
    lineup = _read_through_the_reader("300   1   1   2 1").lineups
    assert lineup == {(1, 1): (2, (1,))}
