"""TRF-2026 team records 320 (pairing-allocated byes), 330 (forfeited matches) and 300 (line-ups
out of the default board order), read where they change a team's result, and refused with the
line and column when malformed.

Record layouts (TRF26, "Teams - Pairing-Allocated Bye", "Forfeited Matches", "Out-Of-(default)
Order"): ``320 MMMM GGGG TTT TTT ...`` (PAB MP 5-8, GP 10-13, PAB team of round 1 at 15-17,
round 2 at 19-21, ``000`` none); ``330 TT RRR WWW BBB`` (``+-`` white won, ``-+`` black won,
``--`` double forfeit; round 8-10, white team 12-14, black team 16-18); ``300 RRR TTT OOO PPPP
PPPP ...`` (round 5-7, team 9-11, opponent 13-15, the player on board 1 at 17-20, board 2 at
22-25, ..., ``0000`` an empty board).

Teams as in ``test_tiebreaks_teams.py``: Alpha (players 1, 2), Beta (3, 4), Gamma (5, 6), Delta
(7, 8), 2 boards, TW 2 / TD 1 / TL 0; values in half-points.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from pairing.cli import main
from pairing.engine import TeamError, TrfError, team_tournament
from pairing.engine.core.state import (
    Colour,
    Player,
    PlayerId,
    RoundEntry,
    TournamentInfo,
    TournamentState,
)
from pairing.engine.tiebreaks import Edition, TeamRound, team_tie_break
from pairing.engine.tiebreaks.teams import unplayed_category
from pairing.engine.trf import read_trf, write_trf
from tests.engine.test_tiebreaks_teams import FOUR_ROUNDS, TEAMS_310, _state


def _one_round(entries: dict[PlayerId, RoundEntry], extra: tuple = ()) -> TournamentState:
    """Players 1-8, one round with the given entries (the rest absent, Z)."""
    players = tuple(
        Player(pid, name=f"Player {pid}", results=(entries.get(pid, RoundEntry(None, None, "Z")),))
        for pid in range(1, 9)
    )
    records = tuple(("310", line[3:]) for line in TEAMS_310) + extra
    info = TournamentInfo(name="Teams", extra_records=records)
    return TournamentState(players=players, rounds_done=1, total_rounds=1, info=info)


def _game(white: int, black: int, code: str) -> dict[PlayerId, RoundEntry]:
    other = {"1": "0", "0": "1", "=": "="}[code]
    return {
        white: RoundEntry(black, Colour.WHITE, code),
        black: RoundEntry(white, Colour.BLACK, other),
    }


GAMMA_DELTA = {**_game(5, 7, "1"), **_game(8, 6, "=")}  # Gamma 1.5 : 0.5 Delta
# The present team's players in the old bye notation "0000 - +", which the reader takes as a
# pairing-allocated bye (U); TRF-2026's "0000 w +" (a forfeit with the board's colour) is in
# test_tiebreaks_teams_trf26.py.
ALPHA_PRESENT = {1: RoundEntry(None, None, "U"), 2: RoundEntry(None, None, "U")}


def _reread(state: TournamentState) -> TournamentState:
    """Through the TRF writer and reader, so the reader's column checks run."""
    return read_trf(write_trf(state, version=26))


# -- 330: forfeited matches ------------------------------------------------------------------


def test_without_330_a_forfeited_match_looks_like_two_byes() -> None:
    """The reading without 330: Alpha (not paired, two byes worth a win) scores 2 GP, a win
    (category 16.2.1); Beta (absent) a loss, a requested bye in the last round (16.2.5)."""
    tt = team_tournament(_reread(_one_round({**GAMMA_DELTA, **ALPHA_PRESENT})))
    assert tt.rounds[1][0] == TeamRound(None, 4, 4, False, True, (2, 2))
    assert unplayed_category(tt, 2, 0) == 5


def test_330_makes_the_teams_meet_in_a_forfeited_match() -> None:
    """``330 +- 001 001 002``: Alpha (white) won by forfeit against Beta: both met Alpha-Beta,
    no game played (15.1); Alpha MP TW 2 (category 16.2.2, forfeit win), GP its players' 2;
    Beta MP TL 0 (category 16.2.4, a forfeit loss), GP 0."""
    state = _reread(_one_round({**GAMMA_DELTA, **ALPHA_PRESENT}, (("330", " +- 001 001 002"),)))
    tt = team_tournament(state)
    assert tt.rounds[1][0] == TeamRound(2, 4, 4, False, False, (2, 2))
    assert tt.rounds[2][0] == TeamRound(1, 0, 0, False, False, (0, 0))
    assert unplayed_category(tt, 1, 0) == 2 and unplayed_category(tt, 2, 0) == 4


def test_330_black_won_and_double_forfeit() -> None:
    """``-+``: the black team (Beta) won: Beta TW, Alpha TL. ``--``: both lose (TL), and still
    met each other."""
    beta_present = {3: RoundEntry(None, None, "U"), 4: RoundEntry(None, None, "U")}
    won = team_tournament(
        _one_round({**GAMMA_DELTA, **beta_present}, (("330", " -+ 001 001 002"),))
    )
    assert won.rounds[2][0].match_points == 4 and won.rounds[1][0].match_points == 0
    both = team_tournament(_one_round(GAMMA_DELTA, (("330", " -- 001 001 002"),)))
    assert [(both.rounds[n][0].opponent, both.rounds[n][0].match_points) for n in (1, 2)] == [
        (2, 0),
        (1, 0),
    ]


def test_330_changes_the_opponents_buchholz() -> None:
    """Two rounds: round 1 the forfeit of ``330 +- 001 001 002``, round 2 Alpha-Gamma and
    Beta-Delta played (FOUR's round 2: Alpha 2 MP, Beta 2 MP, Gamma 0, Delta 0).
    MP: Alpha 2 + 2 = 4, Beta 0 + 2 = 2. With 330, BH:MP/P of Alpha counts Beta (2) and Gamma
    (Gamma 2 + 0 = 2) -> 4. Without it Alpha had no opponent in round 1: /P has nothing to
    count, the dummy (own score 4, 2023 text) stands in -> 4 + 2 = 6."""
    rounds = [[(5, 7, "1"), (8, 6, "=")], FOUR_ROUNDS[1]]
    base = _state(rounds, TEAMS_310)
    players = tuple(
        Player(
            p.id,
            name=p.name,
            results=(ALPHA_PRESENT.get(p.id, p.results[0]), p.results[1]),
        )
        for p in base.players
    )
    plain = TournamentState(players=players, rounds_done=2, total_rounds=2, info=base.info)
    info = TournamentInfo(
        name="Teams", extra_records=(*base.info.extra_records, ("330", " +- 001 001 002"))
    )
    forfeit = TournamentState(players=players, rounds_done=2, total_rounds=2, info=info)
    bh = team_tie_break("BH:MP/P")
    assert bh.compute is not None
    assert bh.compute(team_tournament(forfeit), "MP", Edition.C07_2023)[1] == 8
    assert bh.compute(team_tournament(plain), "MP", Edition.C07_2023)[1] == 12


# -- 320: pairing-allocated byes ---------------------------------------------------------------


ALPHA_BETA = {**_game(1, 3, "1"), **_game(4, 2, "=")}  # Alpha 1.5 : 0.5 Beta
DELTA_PAB = {7: RoundEntry(None, None, "U"), 8: RoundEntry(None, None, "U")}


def test_320_gives_the_bye_team_the_pab_points() -> None:
    """Without 320 Delta's two byes are worth 2 GP, a win (test_tiebreaks_teams).
    ``320  1.0  1.0 004``: the PAB of round 1 is Delta's, worth 1 MP and 1 GP (a draw, the
    C.04.6 default): Delta TeamRound(None, GP 2, MP 2), category 16.2.1; art. 12 counts a PAB
    as a standard win on every board."""
    state = _reread(_one_round({**ALPHA_BETA, **DELTA_PAB}, (("320", "  1.0  1.0 004"),)))
    tt = team_tournament(state)
    assert tt.rounds[4][0] == TeamRound(None, 2, 2, False, True, (2, 2))
    assert unplayed_category(tt, 4, 0) == 1
    assert tt.match_points[4] == 2 and tt.match_points[3] == 0


def test_320_pab_worth_a_win_counts_for_win() -> None:
    """``320  2.0  2.0 004``: the PAB is worth TW, so WIN (7.1, "with or without playing")
    counts it for Delta; WON (over the board) does not."""
    tt = team_tournament(_one_round({**ALPHA_BETA, **DELTA_PAB}, (("320", "  2.0  2.0 004"),)))
    win, won = team_tie_break("WIN"), team_tie_break("WON")
    assert win.compute is not None and won.compute is not None
    assert win.compute(tt, "MP", Edition.C07_2023)[4] == 1
    assert won.compute(tt, "MP", Edition.C07_2023)[4] == 0


def test_320_for_a_team_that_played_is_refused() -> None:
    with pytest.raises(TeamError, match="320: team 1 has the bye"):
        team_tournament(_one_round(ALPHA_BETA, (("320", "  1.0  1.0 001"),)))


# -- 300: line-ups out of order ----------------------------------------------------------------


def test_300_sets_the_board_order_for_board_count() -> None:
    """FOUR, Alpha: player 1 scored 1, 1/2, 0 (1.5), player 2 0, 1, 1 (2).
    In 310 order board 1 = player 1: BC (12.1) = 1 x 1.5 + 2 x 2 = 5.5 (test_tiebreaks_teams).
    ``300 001 001 002 0002 0001``: in round 1 player 2 sat on board 1 and player 1 on board 2:
    board 1 = 0 + 0.5 + 0 = 0.5, board 2 = 1 + 1 + 1 = 3 -> BC = 0.5 + 6 = 6.5."""
    state = _state(FOUR_ROUNDS, TEAMS_310, (("300", " 001 001 002 0002 0001"),))
    tt = team_tournament(_reread(state))
    assert tt.rounds[1][0].boards == (0, 2)
    bc = team_tie_break("BC")
    assert bc.compute is not None
    assert bc.compute(tt, "MP", Edition.C07_2023)[1] == 13
    assert tt.game_points[1] == 7  # the GP do not depend on the order


def test_300_an_empty_board_scores_nothing() -> None:
    """``300 001 001 002 0000 0001``: board 1 left empty, player 1 on board 2: round 1 boards
    (0, 2)."""
    state = _state(FOUR_ROUNDS, TEAMS_310, (("300", " 001 001 002 0000 0001"),))
    assert team_tournament(state).rounds[1][0].boards == (0, 2)


def test_300_with_a_player_of_another_team_or_the_wrong_opponent_is_refused() -> None:
    with pytest.raises(TeamError, match="player 5 is not in team 1"):
        team_tournament(_state(FOUR_ROUNDS, TEAMS_310, (("300", " 001 001 002 0005 0001"),)))
    with pytest.raises(TeamError, match="record 300: team 1 met team 2 in round 1, not team 3"):
        team_tournament(_state(FOUR_ROUNDS, TEAMS_310, (("300", " 001 001 003 0002 0001"),)))
    with pytest.raises(TeamError, match="team 9 is not in the team records"):
        team_tournament(_state(FOUR_ROUNDS, TEAMS_310, (("330", " +- 001 001 009"),)))
    with pytest.raises(TeamError, match="round 7 is not a completed round"):
        team_tournament(_state(FOUR_ROUNDS, TEAMS_310, (("330", " +- 007 001 002"),)))


# -- malformed records: TrfError with line and column ----------------------------------------


@pytest.mark.parametrize(
    ("record", "column", "message"),
    [
        ("330 ++ 001 001 002", 5, "forfeit type"),
        ("330 +- 0x1 001 002", 8, "round"),
        ("330 +- 001 002 002", 16, "itself"),
        ("320  1.x  1.0 004", 5, "PAB match points"),
        ("320  1.0  1.0 0a4", 15, "round 1 PAB team"),
        ("300 001 001 002 0002 00b1", 22, "board 2 player"),
        ("300 001 001 002", 17, "no board"),
    ],
)
def test_a_malformed_team_record_names_line_and_column(
    record: str, column: int, message: str
) -> None:
    text = write_trf(_state(FOUR_ROUNDS, TEAMS_310), version=26).rstrip("\r\n") + "\r" + record
    line = len(text.replace("\r\n", "\r").replace("\n", "\r").split("\r"))
    with pytest.raises(TrfError, match=message) as caught:
        read_trf(text + "\r")
    assert (caught.value.line, caught.value.column) == (line, column)


def test_the_command_line_reads_330(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The forfeit of ``330 +- 001 001 002`` in the team table: Alpha 2 MP, 2 GP, WIN 1, WON 0;
    Gamma (beat Delta over the board) 2 MP, WIN 1, WON 1 -> first; Beta and Delta 0 MP, no
    wins -> they share place 3."""
    path = tmp_path / "forfeit.trf"
    state = _one_round({**GAMMA_DELTA, **ALPHA_PRESENT}, (("330", " +- 001 001 002"),))
    path.write_text(write_trf(state, version=26), encoding="utf-8")
    assert main(["standings", str(path), "--teams", "--tiebreaks", "WIN,WON"]) == 0
    rows = [line.split() for line in capsys.readouterr().out.splitlines()[2:]]
    assert rows == [
        ["1", "3", "Gamma", "2", "1.5", "1", "1"],
        ["2", "1", "Alpha", "2", "2", "1", "0"],
        ["3", "2", "Beta", "0", "0", "0", "0"],
        ["3", "4", "Delta", "0", "0.5", "0", "0"],
    ]
