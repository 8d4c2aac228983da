"""C.07 team tie-breaks (articles 11-13) on a team tournament read from its players' games.

Every expected value is derived by hand below from the article text.

The tournament ``FOUR`` (4 teams of 2 boards, 3 rounds, every team meets every other; record
310 gives the board order; match points TW 2 / TD 1 / TL 0):

    team 1 Alpha (players 1, 2), team 2 Beta (3, 4), team 3 Gamma (5, 6), team 4 Delta (7, 8)
    round 1  Alpha-Beta   1-0 (1-3), 0-1 (2-4)   1 : 1    Gamma-Delta 1-0, 1/2   1.5 : 0.5
    round 2  Alpha-Gamma  1/2, 1-0               1.5:0.5  Beta-Delta  1-0, 1-0   2 : 0
    round 3  Alpha-Delta  0-1, 1-0               1 : 1    Beta-Gamma  0-1, 1-0   1 : 1

    MP (11.1): Alpha 1+2+1 = 4, Beta 1+2+1 = 4, Gamma 2+0+1 = 3, Delta 0+0+1 = 1
    GP (11.1): Alpha 1+1.5+1 = 3.5, Beta 1+2+1 = 4, Gamma 1.5+0.5+1 = 3, Delta 0.5+0+1 = 1.5
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from pairing.cli import main
from pairing.engine import (
    TeamError,
    TournamentState,
    team_standings,
    team_tournament,
)
from pairing.engine.core.state import Colour, Player, PlayerId, RoundEntry, TournamentInfo
from pairing.engine.tiebreaks import (
    Edition,
    MatchPointValues,
    Team,
    TeamRound,
    TeamTournament,
    TieBreakValue,
    parse_team_tie_break_list,
    team_tie_break,
)
from pairing.engine.trf import write_trf

_OTHER = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+"}


def _state(
    rounds: list[list[tuple[int, int, str]]], teams: list[str], extra: tuple = ()
) -> TournamentState:
    """Players 1..8 from games (white, black, white's result code) per round."""
    results: dict[PlayerId, list[RoundEntry]] = {pid: [] for pid in range(1, 9)}
    for games in rounds:
        seen = set()
        for white, black, code in games:
            results[white].append(RoundEntry(black, Colour.WHITE, code))
            results[black].append(RoundEntry(white, Colour.BLACK, _OTHER[code]))
            seen |= {white, black}
        for pid in results:
            if pid not in seen:
                results[pid].append(RoundEntry(None, None, "U" if pid in (7, 8) else "Z"))
    players = tuple(
        Player(pid, name=f"Player {pid}", results=tuple(rs)) for pid, rs in results.items()
    )
    records = tuple(("310", line[3:]) for line in teams) + extra
    return TournamentState(
        players=players,
        rounds_done=len(rounds),
        total_rounds=len(rounds),
        info=TournamentInfo(name="Teams", extra_records=records),
    )


def _record_310(number: int, name: str, players: tuple[int, ...]) -> str:
    """TRF-2026 record 310: number 5-7, name 9-40, first player at 74-77, then every 5."""
    line = f"310 {number:3d} {name:<32}"
    line = line.ljust(73) + " ".join(f"{p:4d}" for p in players)
    return line


TEAMS_310 = [
    _record_310(1, "Alpha", (1, 2)),
    _record_310(2, "Beta", (3, 4)),
    _record_310(3, "Gamma", (5, 6)),
    _record_310(4, "Delta", (7, 8)),
]
FOUR_ROUNDS = [
    [(1, 3, "1"), (4, 2, "1"), (5, 7, "1"), (8, 6, "=")],
    [(1, 5, "="), (6, 2, "0"), (3, 7, "1"), (8, 4, "0")],
    [(1, 7, "0"), (8, 2, "0"), (3, 5, "0"), (6, 4, "0")],
]
FOUR = _state(FOUR_ROUNDS, TEAMS_310)


def _values(code: str, primary: str = "MP") -> dict[int, TieBreakValue]:
    tb = team_tie_break(code)
    assert tb.compute is not None
    return dict(tb.compute(team_tournament(FOUR), primary, _edition()))


def _edition() -> Edition:  # the 2023 text, as the individual tie-breaks default to
    return Edition.C07_2023


# -- matches from the games (11.1) -----------------------------------------------------------


def test_it_reads_record_310_and_derives_the_matches() -> None:
    tt = team_tournament(FOUR)
    assert [(t.number, t.name, t.players) for t in tt.teams] == [
        (1, "Alpha", (1, 2)),
        (2, "Beta", (3, 4)),
        (3, "Gamma", (5, 6)),
        (4, "Delta", (7, 8)),
    ]
    assert tt.boards == 2
    assert [r.opponent for r in tt.rounds[1]] == [2, 3, 4]
    # half-points: MP 4 = 2 match points, GP 7 = 3.5 game points
    assert tt.match_points == {1: 8, 2: 8, 3: 6, 4: 2}
    assert tt.game_points == {1: 7, 2: 8, 3: 6, 4: 3}


def test_it_reads_record_013_when_there_is_no_310() -> None:
    """TRF16 013: name 5-36, players at 37-40, 42-45; teams numbered in record order."""
    lines = [
        f"013 {name:<32}{a:4d} {b:4d}"
        for name, a, b in [("Alpha", 1, 2), ("Beta", 3, 4), ("Gamma", 5, 6), ("Delta", 7, 8)]
    ]
    state = _state(FOUR_ROUNDS, [], tuple(("013", line[3:]) for line in lines))
    tt = team_tournament(state)
    assert [(t.number, t.name, t.players) for t in tt.teams][1] == (2, "Beta", (3, 4))
    assert tt.match_points == {1: 8, 2: 8, 3: 6, 4: 2}


def test_it_reads_record_362_match_points() -> None:
    """362 TW 3.0 TD 1.0 TL 0.0: Alpha draw + win + draw = 5, Gamma win + loss + draw = 4."""
    state = _state(FOUR_ROUNDS, TEAMS_310, (("362", " TW 3.0 TD 1.0 TL 0.0"),))
    tt = team_tournament(state)
    assert tt.match_points_values == MatchPointValues(6, 2, 0)
    assert tt.match_points == {1: 10, 2: 10, 3: 8, 4: 2}


def test_it_refuses_a_player_facing_two_teams() -> None:
    rounds = [[(1, 3, "1"), (2, 5, "1"), (4, 7, "1"), (6, 8, "=")]]
    with pytest.raises(TeamError, match="met teams"):
        team_tournament(_state(rounds, TEAMS_310))


@pytest.mark.parametrize(
    ("records", "message"),
    [
        # an 013 team's number is its place among the 013 records: the record names the line
        (["Alpha 1 2", "Beta 3 4", "Gamma 5 6", "Delta 7 9"], "team 4 names unknown player 9"),
        (["Alpha 1 2", "Beta 3 4", "Gamma 5 6", "Delta 7 1"], "player 1 is in teams 1 and 4"),
    ],
)
def test_it_quotes_the_team_record_at_fault(records: list[str], message: str) -> None:
    """Regression: ``standings --teams`` said "team 4 names unknown player 9" and nothing an
    arbiter could find in a TRF16 file, whose 013 records carry no team number."""
    lines = []
    for text in records:
        name, a, b = text.split()
        lines.append(f"013 {name:<32}{int(a):4d} {int(b):4d}")
    state = _state(FOUR_ROUNDS, [], tuple(("013", line[3:]) for line in lines))
    with pytest.raises(TeamError) as caught:
        team_tournament(state)
    assert str(caught.value) == f"{message} in {lines[3]!r}"


def test_it_refuses_a_file_without_team_records() -> None:
    with pytest.raises(TeamError, match="no team records"):
        team_tournament(_state(FOUR_ROUNDS, []))


# -- values ----------------------------------------------------------------------------------


def test_mpvgp_is_the_other_score() -> None:
    """13.1: with MP primary, MPvGP = GP: Alpha 3.5, Beta 4; with GP primary it is MP."""
    assert _values("MPVGP") == {1: 7, 2: 8, 3: 6, 4: 3}
    assert _values("MPVGP", "GP") == {1: 8, 2: 8, 3: 6, 4: 2}


def test_team_buchholz_on_match_and_game_points() -> None:
    """8.1 via 13: BH:MP Alpha = Beta 4 + Gamma 3 + Delta 1 = 8; Gamma = 1 + 4 + 4 = 9;
    Delta = 3 + 4 + 4 = 11. BH:GP Alpha = 4 + 3 + 1.5 = 8.5, Beta = 3.5 + 1.5 + 3 = 8,
    Gamma = 1.5 + 3.5 + 4 = 9, Delta = 3 + 4 + 3.5 = 10.5.
    BH:MP/C1 drops the lowest opponent: Alpha 8 - 1 = 7; Delta 11 - 3 = 8."""
    assert _values("BH:MP") == {1: 16, 2: 16, 3: 18, 4: 22}
    assert _values("BH:GP") == {1: 17, 2: 16, 3: 18, 4: 21}
    assert _values("BH") == _values("BH:MP")  # the primary score when not stated (13)
    assert _values("BH:MP/C1")[1] == 14 and _values("BH:MP/C1")[4] == 16


def test_extended_sonneborn_berger_variants() -> None:
    """13.2, opponent's final score x score against them, Alpha and Beta (in points):
    EMMSB Alpha 4x1 (Beta) + 3x2 (Gamma) + 1x1 (Delta) = 11; Beta 4x1 + 1x2 + 3x1 = 9.
    EMGSB Alpha 4x1 + 3x1.5 + 1x1 = 9.5; Beta 4x1 + 1x2 + 3x1 = 9.
    EGMSB Alpha 4x1 + 3x2 + 1.5x1 = 11.5; Beta 3.5x1 + 1.5x2 + 3x1 = 9.5.
    EGGSB Alpha 4x1 + 3x1.5 + 1.5x1 = 10; Beta 3.5x1 + 1.5x2 + 3x1 = 9.5.
    Values in quarter-points (x4)."""
    assert [_values(c)[1] for c in ("EMMSB", "EMGSB", "EGMSB", "EGGSB")] == [44, 38, 46, 40]
    assert [_values(c)[2] for c in ("EMMSB", "EMGSB", "EGMSB", "EGGSB")] == [36, 36, 38, 38]
    assert _values("SB:MP") == _values("EMMSB") and _values("SB:GP") == _values("EGGSB")
    assert _values("SB") == _values("EMMSB") and _values("SB", "GP") == _values("EGGSB")


def test_esb_cut_1_drops_the_lowest_opponent() -> None:
    """14.1.2: EMMSB/C1 drops the term of the opponent with the lowest MP: Alpha's Delta
    (1 x 1) -> 10; Beta's Delta (1 x 2) -> 7. Gamma: Delta 1 x 2 + Alpha 4 x 0 + Beta 4 x 1
    = 6; the lowest-scoring opponent is Delta, not Alpha of the lowest product -> 6 - 2 = 4."""
    assert _values("EMMSB/C1")[1] == 40 and _values("EMMSB/C1")[2] == 28
    assert _values("EMMSB")[3] == 24 and _values("EMMSB/C1")[3] == 16


def test_sssc_adds_the_normalised_schedule_strength() -> None:
    """13.4: factor = highest MP in the tournament (3 rounds x 2 = 6) / highest GP in a match
    (2 boards) = 3. SSSC = GP + BH:MP / 3: Alpha 3.5 + 8/3, Beta 4 + 8/3, Gamma 3 + 9/3 = 6,
    Delta 1.5 + 11/3. /K2 sets the factor: Alpha 3.5 + 8/2 = 7.5."""
    values = _values("SSSC")
    assert values[1] == 7 + Fraction(16, 3) and values[2] == 8 + Fraction(16, 3)
    assert values[3] == 12 and values[4] == 3 + Fraction(22, 3)
    assert _values("SSSC/K2")[1] == 15
    assert team_tie_break("SSSC").format(values[1]) == "6.17"


def test_board_count_weights_each_board() -> None:
    """12.1: board 1 x GP on board 1 + 2 x GP on board 2. Alpha board 1: 1 + 1/2 + 0 = 1.5,
    board 2: 0 + 1 + 1 = 2 -> 5.5; Beta 1 + 2 x 3 = 7; Gamma 2.5 + 2 x 0.5 = 3.5; Delta
    1 + 2 x 0.5 = 2. Lower ranks higher."""
    assert _values("BC") == {1: 11, 2: 14, 3: 7, 4: 4}
    assert team_tie_break("BC").ascending


def _boards(*per_team: tuple[int, ...]) -> TeamTournament:
    """Teams 1, 2, ... with one round each, the given board results (half-points)."""
    teams = tuple(Team(n, f"T{n}", ()) for n in range(1, len(per_team) + 1))
    rounds = {n: (TeamRound(None, sum(b), 2, True, False, b),) for n, b in enumerate(per_team, 1)}
    return TeamTournament(teams, rounds, boards=len(per_team[0]), total_rounds=1)


def test_top_board_results_then_next_board() -> None:
    """12.2: team 1 (2, 0, 2) beats team 2 (1, 2, 2) on board 1; teams 1 and 3 (2, 1, 0) tie
    on board 1 and team 3 is ahead on board 2."""
    tt = _boards((2, 0, 2), (1, 2, 2), (2, 1, 0))
    tb = team_tie_break("TBR")
    assert tb.among is not None
    assert tb.among(tt, "MP", [1, 2]) == {1: 1, 2: 2}
    assert tb.among(tt, "MP", [1, 3]) == {3: 1, 1: 2}


def test_bottom_board_elimination() -> None:
    """12.3: boards 1-2 first: team 1 (2, 0, 2) has 2, team 2 (1, 2, 2) 3 -> team 2 ahead
    (TBR would rank team 1 first). Teams 1 and 3 (0, 2, 0): boards 1-2 both 2, then board 1
    alone: 2 against 0 -> team 1."""
    tt = _boards((2, 0, 2), (1, 2, 2), (0, 2, 0))
    tb = team_tie_break("BBE")
    assert tb.among is not None
    assert tb.among(tt, "MP", [1, 2]) == {2: 1, 1: 2}
    assert tb.among(tt, "MP", [1, 3]) == {1: 1, 3: 2}


def _met(results: dict[tuple[int, int], tuple[int, int]]) -> TeamTournament:
    """Teams 1-3 of 2 boards; ``results[(a, b)] = (MP, GP)`` of team a against b, half-points."""
    rounds = {
        n: tuple(
            TeamRound(b, gp, mp, True, False, (0, 0))
            for (a, b), (mp, gp) in results.items()
            if a == n
        )
        for n in (1, 2, 3)
    }
    teams = tuple(Team(n, f"T{n}", ()) for n in (1, 2, 3))
    return TeamTournament(teams, rounds, boards=2, total_rounds=2)


def test_direct_encounter_and_extended_direct_encounter() -> None:
    """6 and 13.3.1: three teams drew all matches on MP (1 each) but on GP team 1 scored 1.5
    against 2 and 1 against 3, team 2 0.5 and 1.5, team 3 1 and 0.5: DE on MP breaks nothing
    (all 2); EDE moves to GP: team 1 2.5, team 2 2, team 3 1.5 -> places 1, 2, 3."""
    tt = _met(
        {
            (1, 2): (2, 3),
            (2, 1): (2, 1),
            (1, 3): (2, 2),
            (3, 1): (2, 2),
            (2, 3): (2, 3),
            (3, 2): (2, 1),
        }
    )
    de, ede = team_tie_break("DE"), team_tie_break("EDE")
    assert de.among is not None and ede.among is not None
    assert de.among(tt, "MP", [1, 2, 3]) == {1: 1, 2: 1, 3: 1}
    assert ede.among(tt, "MP", [1, 2, 3]) == {1: 1, 2: 2, 3: 3}
    assert de.among(tt, "GP", [1, 2, 3]) == {1: 1, 2: 2, 3: 3}


def test_ede_restarts_on_a_new_tied_subset() -> None:
    """13.3.3: on MP team 1 won both (4 + 4), teams 2 and 3 have 2 each; for the subset {2, 3}
    EDE starts again on MP (their drawn match: 2 each, nothing) and then on GP, where team 3
    scored 1.5 against team 2 -> team 3 second."""
    tt = _met(
        {
            (1, 2): (4, 3),
            (2, 1): (0, 1),
            (1, 3): (4, 4),
            (3, 1): (0, 0),
            (2, 3): (2, 1),
            (3, 2): (2, 3),
        }
    )
    ede = team_tie_break("EDE")
    assert ede.among is not None
    assert ede.among(tt, "MP", [1, 2, 3]) == {1: 1, 3: 2, 2: 3}


def test_ede_sequences_expand() -> None:
    """13.3.2 (2026): EDEBT = EDE, BC, TBR; EDEB = EDE, BBE."""
    assert [t.code for t in parse_team_tie_break_list("EDEBT")] == ["EDE", "BC", "TBR"]
    assert [t.code for t in parse_team_tie_break_list("PTS,EDEB,BH:MP/C1")] == [
        "EDE",
        "BBE",
        "BH:MP/C1",
    ]


def test_team_pairing_number_and_reverse() -> None:
    assert team_tie_break("TPN").ascending and not team_tie_break("TPN/R").ascending


def test_modifiers_where_they_do_not_apply_are_refused() -> None:
    from pairing.engine import UnknownTieBreak

    for code in ("BC/C1", "MPVGP/P", "SSSC/C1", "TPN/P", "BH/K3", "XYZ"):
        with pytest.raises(UnknownTieBreak):
            team_tie_break(code)


# -- unplayed rounds -------------------------------------------------------------------------


FORFEIT_ROUNDS = [
    [(1, 3, "1"), (4, 2, "1"), (5, 7, "1"), (8, 6, "=")],
    [(1, 5, "+"), (6, 2, "-"), (3, 7, "1"), (8, 4, "0")],
]


def test_a_forfeited_match_counts_the_dummy_unless_p() -> None:
    """Round 2 Alpha-Gamma forfeited on both boards: Alpha 2 : 0, MP win, not played (15.1);
    16.2.2 for Alpha. Alpha MP: 1 + 2 = 3, Beta 1 + 2 = 3, Gamma 2 + 0 = 2, Delta 0.
    BH:MP Alpha (2023 text): Beta 3 + dummy = own 3 -> 6; with /P the forfeit counts against
    Gamma (2) -> 5. 2026 text: the dummy is capped at Gamma's 2 (16.4.1) -> 5."""
    tt = team_tournament(_state(FORFEIT_ROUNDS, TEAMS_310))
    assert tt.rounds[1][1].played is False and tt.rounds[1][1].match_points == 4
    bh, bh_p = team_tie_break("BH:MP"), team_tie_break("BH:MP/P")
    assert bh.compute is not None and bh_p.compute is not None
    assert bh.compute(tt, "MP", Edition.C07_2023)[1] == 12
    assert bh_p.compute(tt, "MP", Edition.C07_2023)[1] == 10
    assert bh.compute(tt, "MP", Edition.C07_2026)[1] == 10


# -- standings and the command line -----------------------------------------------------------


def test_team_standings_rank_by_mp_then_the_tie_breaks() -> None:
    """Alpha and Beta on 4 MP: MPvGP puts Beta (4) ahead of Alpha (3.5); by EMMSB Alpha (11)
    would be ahead. Then Gamma 3, Delta 1."""
    tt = team_tournament(FOUR)
    rows = team_standings(tt, parse_team_tie_break_list("MPVGP,EMMSB"))
    assert [(r.rank, r.team) for r in rows] == [(1, 2), (2, 1), (3, 3), (4, 4)]
    rows = team_standings(tt, parse_team_tie_break_list("EMMSB,MPVGP"))
    assert [r.team for r in rows] == [1, 2, 3, 4]
    rows = team_standings(tt, parse_team_tie_break_list("BH:MP"))
    assert [(r.rank, r.team) for r in rows][:2] == [(1, 1), (1, 2)]  # 8 and 8: shared


def test_it_prints_the_team_ranking(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "teams.trf"
    path.write_text(write_trf(FOUR, version=26), encoding="utf-8")
    args = ["standings", str(path), "--teams", "--tiebreaks", "MPVGP,BH:GP,EGGSB,SSSC,BC"]
    assert main(args) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == [
        "Rk",
        "TNo",
        "Team",
        "MP",
        "GP",
        "MPVGP",
        "BH:GP",
        "EGGSB",
        "SSSC",
        "BC",
    ]
    assert lines[2].split() == ["1", "2", "Beta", "4", "4", "4.0", "8.0", "9.50", "6.67", "7.0"]
    assert lines[3].split() == ["2", "1", "Alpha", "4", "3.5", "3.5", "8.5", "10.00", "6.17", "5.5"]


def test_it_exits_3_on_bad_team_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "teams.trf"
    path.write_text(write_trf(FOUR, version=26), encoding="utf-8")
    assert main(["standings", str(path), "--teams", "--tiebreaks", "BC/C1"]) == 3
    plain = tmp_path / "plain.trf"
    plain.write_text(write_trf(_state(FOUR_ROUNDS, []), version=26), encoding="utf-8")
    assert main(["standings", str(plain), "--teams", "--tiebreaks", "MPVGP"]) == 3
    assert "no team records" in capsys.readouterr().err


def test_fore_buchholz_and_sssc_f_draw_the_final_round() -> None:
    """8.3 via 13 on the forfeit tournament: round 2 (the final one) drawn on every board, so
    MP Alpha 1 + 1 = 2, Beta 1 + 1 = 2, Gamma 2 + 1 = 3, Delta 0 + 1 = 1. FB:MP Alpha = Beta 2
    + Gamma 3 = 5 (the forfeited match, drawn, is a match). SSSC/F: factor 2 rounds x 2 MP / 2
    boards = 2; Alpha GP 1 + 2 = 3 plus 5 / 2 -> 5.5."""
    tt = team_tournament(_state(FORFEIT_ROUNDS, TEAMS_310))
    fb, sssc_f = team_tie_break("FB:MP"), team_tie_break("SSSC/F")
    assert fb.compute is not None and sssc_f.compute is not None
    assert fb.compute(tt, "MP", Edition.C07_2023)[1] == 10
    assert sssc_f.compute(tt, "MP", Edition.C07_2023)[1] == 11


def test_a_round_without_an_opposing_team() -> None:
    """One round: Alpha-Beta 1-0, 1/2 (1.5 : 0.5); Gamma's players absent (Z), Delta's given
    pairing-allocated byes (U, a win each). Not paired, a team's MP compare its GP with a draw
    on every board (1): Delta 2 -> a win, category 16.2.1; Gamma 0 -> a loss, a requested bye
    in the last round, category 16.2.5, which its opponents see as a draw (16.3)."""
    from pairing.engine.tiebreaks.teams import adjusted_scores, unplayed_category

    tt = team_tournament(_state([[(1, 3, "1"), (4, 2, "=")]], TEAMS_310))
    assert tt.rounds[4][0] == TeamRound(None, 4, 4, False, True, (2, 2))
    assert tt.rounds[3][0] == TeamRound(None, 0, 0, False, False, (0, 0))
    assert unplayed_category(tt, 4, 0) == 1 and unplayed_category(tt, 3, 0) == 5
    assert unplayed_category(tt, 1, 0) is None
    assert adjusted_scores(tt, "MP")[3] == 2 and adjusted_scores(tt, "GP")[3] == 2
