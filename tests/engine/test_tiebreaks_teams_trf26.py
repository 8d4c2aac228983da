"""Team matches from three TRF-2026 notations: boards forfeited without an opponent (``0000 w
+``, ``0000 b -``), team byes of record 240, abnormal assignment points of record 299.

TRF-2026 texts used (see ``test_trf_trf26_teams.py`` for the columns):

- round block: ``0000`` "bye/absent/not paired" in 92-95, the "scheduled colour" in 97, ``+``
  "forfeit win" / ``-`` "forfeit loss" in 99: a board paired and forfeited with nobody to
  name. Record 162: W is "Win OTB or by forfeit" and is "valid also for game points in team
  competitions", so such a board scores the team a forfeit win's game points.
- 240 "Byes that bring points to those receiving them (FPB, HPB, ZPB for individuals and
  teams)": in a team file the numbers are teams. This program's reading of the points: MP of
  a team win (F), draw (H) or loss (Z) (record 362); GP as the players' round columns say.
  C.07 16.2.1 puts a full-point bye with the PAB (category 1); H and Z are requested byes.
- 299 "Abnormal Assignment Points": with a result type, that result (for the round given, or
  every round; for the teams given, or every team) is worth the record's match points
  (8-11) and game points (14-17), each when given; a blank type is "penalty/bonus points
  (may be negative)" that modify the standings points of the teams named.

Teams as in ``test_tiebreaks_teams.py``: Alpha (players 1, 2), Beta (3, 4), Gamma (5, 6), Delta
(7, 8), 2 boards, TW 2 / TD 1 / TL 0 (half-points: 4 / 2 / 0). ``FOUR``: MP Alpha 4, Beta 4,
Gamma 3, Delta 1; GP Alpha 3.5, Beta 4, Gamma 3, Delta 1.5 (derived there).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from pairing.cli import main
from pairing.engine import TeamError, team_tournament
from pairing.engine.core.state import Colour, PlayerId, RoundEntry, TournamentInfo, TournamentState
from pairing.engine.tiebreaks import Edition, TeamRound, team_tie_break
from pairing.engine.tiebreaks.teams import unplayed_category
from pairing.engine.trf import write_trf
from tests.engine.test_tiebreaks_teams import FOUR, FOUR_ROUNDS, TEAMS_310, _state
from tests.engine.test_tiebreaks_teams_records import GAMMA_DELTA, _one_round, _reread
from tests.engine.test_trf_trf26_teams import r299

W, B = Colour.WHITE, Colour.BLACK


def _forfeit(colour: Colour, code: str) -> RoundEntry:
    """A board scheduled with ``colour`` and forfeited without an opponent (``0000 w +``)."""
    return RoundEntry(None, colour, code)


def _with(state: TournamentState, *records: str) -> TournamentState:
    """``state`` with more records, through the TRF writer and reader (their columns checked)."""
    extra = tuple((r[:3], r[3:]) for r in records)
    info = TournamentInfo(name="Teams", extra_records=(*state.info.extra_records, *extra))
    return _reread(
        TournamentState(
            players=state.players,
            rounds_done=state.rounds_done,
            total_rounds=state.total_rounds,
            info=info,
        )
    )


# -- 0000 w + : boards forfeited without an opponent ------------------------------------------


def test_an_empty_board_of_the_opponent_scores_a_forfeit_win() -> None:
    """Alpha-Beta, board 1: 1-3 1-0; board 2: Beta left it empty, player 2 ``0000 b +``,
    player 4 absent. Alpha GP 1 + 1 = 2 (the forfeit counts, 162 W), Beta 0: Alpha TW, a
    match played (one game over the board); boards (win, win) for art. 12."""
    entries: dict[PlayerId, RoundEntry] = {
        1: RoundEntry(3, W, "1"),
        3: RoundEntry(1, B, "0"),
        2: _forfeit(B, "+"),
        **GAMMA_DELTA,
    }
    tt = team_tournament(_reread(_one_round(entries)))
    assert tt.rounds[1][0] == TeamRound(2, 4, 4, True, False, (2, 2))
    assert tt.rounds[2][0] == TeamRound(1, 0, 0, True, False, (0, 0))


ALPHA_WON_BY_FORFEIT = {
    1: _forfeit(W, "+"),
    2: _forfeit(B, "+"),
    3: _forfeit(B, "-"),
    4: _forfeit(W, "-"),
    **GAMMA_DELTA,
}


def test_a_forfeited_match_in_the_2026_notation_with_330() -> None:
    """``330 +- 001 001 002`` with Alpha's players ``0000 w +``/``0000 b +`` and Beta's
    ``0000 b -``/``0000 w -``: the teams met, no game played (15.1); Alpha TW and GP 2 (two
    forfeit wins), category 16.2.2; Beta TL, GP 0, category 16.2.4."""
    tt = team_tournament(_with(_one_round(ALPHA_WON_BY_FORFEIT), "330 +- 001 001 002"))
    assert tt.rounds[1][0] == TeamRound(2, 4, 4, False, False, (2, 2))
    assert tt.rounds[2][0] == TeamRound(1, 0, 0, False, False, (0, 0))
    assert unplayed_category(tt, 1, 0) == 2 and unplayed_category(tt, 2, 0) == 4


def test_forfeited_boards_without_330_are_refused() -> None:
    """Nobody to name and no 330: the opposing team cannot be known."""
    with pytest.raises(TeamError, match="no record 330"):
        team_tournament(_reread(_one_round(ALPHA_WON_BY_FORFEIT)))


# -- 240: team byes ------------------------------------------------------------------------------


ALPHA_BETA = {
    1: RoundEntry(3, W, "1"),
    3: RoundEntry(1, B, "0"),
    4: RoundEntry(2, W, "="),
    2: RoundEntry(4, B, "="),
}  # Alpha 1.5 : 0.5 Beta
GAMMA_HPB = {5: RoundEntry(None, None, "H"), 6: RoundEntry(None, None, "H")}


@pytest.mark.parametrize(("kind", "mp", "category"), [("F", 4, 1), ("H", 2, 5), ("Z", 0, 5)])
def test_240_gives_a_team_the_match_points_of_its_bye(kind: str, mp: int, category: int) -> None:
    """``240 K 001 004``: Delta (players absent: GP 0) has a full-point (TW, category 16.2.1),
    half-point (TD) or zero-point bye (TL) in round 1, the last: H and Z are requested byes
    in the last round, 16.2.5. Without the record Delta scored 0 GP below a draw: TL."""
    state = _with(_one_round({**ALPHA_BETA, **GAMMA_HPB}), f"240 {kind}   1    4")
    tt = team_tournament(state)
    assert tt.rounds[4][0] == TeamRound(None, 0, mp, False, kind == "F", (0, 0))
    assert unplayed_category(tt, 4, 0) == category
    assert team_tournament(_one_round({**ALPHA_BETA, **GAMMA_HPB})).rounds[4][0].match_points == 0


def test_240_with_the_players_half_point_byes() -> None:
    """``240 H 001 003``: Gamma's players each have ``0000 - H``: GP 0.5 + 0.5 = 1, MP TD."""
    tt = team_tournament(_with(_one_round({**ALPHA_BETA, **GAMMA_HPB}), "240 H   1    3"))
    assert tt.rounds[3][0] == TeamRound(None, 2, 2, False, False, (1, 1))


def test_240_for_a_later_round_is_left_to_the_pairing() -> None:
    """A 240 of round 2 when one round is completed names no completed round: no effect."""
    state = _with(_one_round({**ALPHA_BETA, **GAMMA_HPB}), "240 Z   2    4")
    assert team_tournament(state).rounds[4] == team_tournament(_one_round(ALPHA_BETA)).rounds[4]


@pytest.mark.parametrize(
    ("record", "message"),
    [
        ("240 H   1    1", "record 240: team 1 has a bye in round 1 but met team 2"),
        ("240 H   1    9", "record 240: team 9 is not in the team records"),
    ],
)
def test_a_240_that_contradicts_the_games_is_refused(record: str, message: str) -> None:
    with pytest.raises(TeamError, match=message):
        team_tournament(_with(_one_round({**ALPHA_BETA, **GAMMA_HPB}), record))


def test_240_and_320_for_the_same_team_and_round_are_refused() -> None:
    state = _with(_one_round(ALPHA_BETA), "320  1.0  1.0 004", "240 F   1    4")
    with pytest.raises(TeamError, match="240 and 320 both"):
        team_tournament(state)


# -- 299: abnormal assignment points -----------------------------------------------------------


def test_299_penalty_changes_the_standings_points_and_the_opponents_buchholz() -> None:
    """``299`` blank type, MP -1.0, GP -0.5, team 1: Alpha MP 4 - 1 = 3, GP 3.5 - 0.5 = 3.
    Beta met Alpha, Delta and Gamma: BH:MP = 4 + 1 + 3 = 8 without, 3 + 1 + 3 = 7 with the
    penalty (16.3: the score the opponents see is the standings score)."""
    tt = team_tournament(_with(FOUR, r299(" ", "-1.0", "-0.5", "000", 1)))
    assert (tt.match_points[1], tt.game_points[1]) == (6, 6)
    assert tt.match_points[2] == 8  # Beta untouched
    bh = team_tie_break("BH:MP")
    assert bh.compute is not None
    assert bh.compute(team_tournament(FOUR), "MP", Edition.C07_2023)[2] == 16
    assert bh.compute(tt, "MP", Edition.C07_2023)[2] == 14


def test_299_a_match_win_worth_three_match_points() -> None:
    """``299 W 3.0``, every round, every team: each won match is worth 3 MP (GP unchanged).
    FOUR's wins: Gamma round 1, Alpha and Beta round 2. Alpha 1 + 3 + 1 = 5, Beta 5, Gamma
    3 + 0 + 1 = 4, Delta 1 (no win)."""
    tt = team_tournament(_with(FOUR, r299("W", "3.0")))
    assert tt.match_points == {1: 10, 2: 10, 3: 8, 4: 2}
    assert tt.game_points == team_tournament(FOUR).game_points


def test_299_the_points_of_a_forfeited_match() -> None:
    """With ``330 +- 001 001 002``: ``299 + 3.0 1.5`` makes Alpha's forfeit win worth MP 3,
    GP 1.5 (instead of TW and its two forfeit wins); ``299 - -1.0`` for round 1 and team 2
    makes Beta's forfeit loss worth MP -1 (GP left at 0)."""
    state = _with(
        _one_round(ALPHA_WON_BY_FORFEIT),
        "330 +- 001 001 002",
        r299("+", "3.0", "1.5"),
        r299("-", "-1.0", "", "1", 2),
    )
    tt = team_tournament(state)
    assert (tt.rounds[1][0].match_points, tt.rounds[1][0].game_points) == (6, 3)
    assert (tt.rounds[2][0].match_points, tt.rounds[2][0].game_points) == (-2, 0)


def test_299_for_one_round_and_one_team() -> None:
    """``299 D 0.0 0.0 001 001``: Alpha's drawn match of round 1 (1 : 1 with Beta) is worth 0
    MP and 0 GP; its round-3 draw keeps TD and 1 GP. Alpha MP 0 + 2 + 1 = 3, GP 0 + 1.5 + 1 =
    2.5; Beta, who drew the same match, keeps 4 MP."""
    tt = team_tournament(_with(FOUR, r299("D", "0.0", "0.0", "1", 1)))
    assert (tt.match_points[1], tt.game_points[1]) == (6, 5)
    assert tt.match_points[2] == 8


def test_299_for_a_result_the_team_does_not_have_changes_nothing() -> None:
    """``299 L 0.0 0.0 000 001``: Alpha lost no match: nothing to change."""
    tt = team_tournament(_with(FOUR, r299("L", "0.0", "0.0", "000", 1)))
    assert tt.rounds == team_tournament(FOUR).rounds


@pytest.mark.parametrize(
    ("record", "message"),
    [
        (r299(" ", "-1.0", "", "000", 9), "record 299: team 9 is not in the team records"),
        (r299(" ", "-1.0", ""), "name no team"),
        (r299("W", "3.0", "", "7"), "round 7 is not a completed round"),
    ],
)
def test_a_299_naming_nobody_is_refused(record: str, message: str) -> None:
    with pytest.raises(TeamError, match=message):
        team_tournament(_with(FOUR, record))


def test_four_rounds_fixture_is_unchanged() -> None:
    """The fixture the expected values above build on."""
    assert team_tournament(_state(FOUR_ROUNDS, TEAMS_310)).match_points == {
        1: 8,
        2: 8,
        3: 6,
        4: 2,
    }


def test_the_command_line_applies_a_299_penalty(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """FOUR with ``299`` MP -1.0, GP -0.5 for Alpha: Beta 4 MP first; Alpha (3 MP, 3 GP) and
    Gamma (3 MP, 3 GP) tied with no tie-break asked for: both second; Delta 1 MP, 1.5 GP."""
    path = tmp_path / "penalty.trf"
    state = _with(FOUR, r299(" ", "-1.0", "-0.5", "000", 1))
    path.write_text(write_trf(state, version=26), encoding="utf-8")
    assert main(["standings", str(path), "--teams", "--tiebreaks", ""]) == 0
    rows = [line.split() for line in capsys.readouterr().out.splitlines()[2:]]
    assert rows == [
        ["1", "2", "Beta", "4", "4"],
        ["2", "1", "Alpha", "3", "3"],
        ["2", "3", "Gamma", "3", "3"],
        ["4", "4", "Delta", "1", "1.5"],
    ]
