"""The individual tie-breaks C.07 13 applies to teams (MTB26 Table 2: WIN, WON, PS, KS, AOB),
team DE 6.3, and the codes that are refused for teams.

Every expected value is derived by hand below from the article text, on the tournaments of
``test_tiebreaks_teams.py``. ``FOUR`` (4 teams of 2 boards, 3 rounds, TW 2 / TD 1 / TL 0):

    round 1  Alpha-Beta   1 : 1      Gamma-Delta 1.5 : 0.5
    round 2  Alpha-Gamma  1.5 : 0.5  Beta-Delta  2 : 0
    round 3  Alpha-Delta  1 : 1      Beta-Gamma  1 : 1

    MP: Alpha 1, 2, 1 = 4; Beta 1, 2, 1 = 4; Gamma 2, 0, 1 = 3; Delta 0, 0, 1 = 1
    GP: Alpha 1, 1.5, 1 = 3.5; Beta 1, 2, 1 = 4; Gamma 1.5, 0.5, 1 = 3; Delta 0.5, 0, 1 = 1.5

``FORFEIT`` (2 rounds): round 1 as above; round 2 Alpha-Gamma forfeited by Gamma on both
boards (Alpha 2 : 0, a match won, not played, 15.1), Beta-Delta 2 : 0. MP Alpha 3, Beta 3,
Gamma 2, Delta 0.

Values are in half-points (a value 6 is 3 points) except counts and places.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from pairing.cli import main
from pairing.engine import UnknownTieBreak, team_tournament
from pairing.engine.tiebreaks import (
    Edition,
    Team,
    TeamRound,
    TeamTournament,
    TieBreakValue,
    team_tie_break,
)
from pairing.engine.trf import write_trf
from tests.engine.test_tiebreaks_teams import FORFEIT_ROUNDS, FOUR, TEAMS_310, _state

FORFEIT = _state(FORFEIT_ROUNDS, TEAMS_310)


def _values(code: str, state: object = FOUR, primary: str = "MP") -> dict[int, TieBreakValue]:
    tb = team_tie_break(code)
    assert tb.compute is not None
    return dict(tb.compute(team_tournament(state), primary, Edition.C07_2023))  # type: ignore[arg-type]


# -- WIN and WON (7.1, 7.2 via 13; MTB26: on MP only) ----------------------------------------


def test_win_counts_matches_won_with_or_without_playing() -> None:
    """7.1: rounds with the MP of a win. FOUR: Alpha won round 2, Beta round 2, Gamma round 1,
    Delta nothing. FORFEIT: Alpha's only win is round 2's forfeited match -> 1."""
    assert _values("WIN") == {1: 1, 2: 1, 3: 1, 4: 0}
    assert _values("WIN:MP", FORFEIT) == {1: 1, 2: 1, 3: 1, 4: 0}


def test_won_counts_only_matches_played() -> None:
    """7.2: matches won over the board. FORFEIT: Alpha's win is a forfeited match -> 0 (WIN
    says 1); Beta beat Delta over the board -> 1; Gamma beat Delta in round 1 -> 1."""
    assert _values("WON", FORFEIT) == {1: 0, 2: 1, 3: 1, 4: 0}


def test_win_and_won_refuse_game_points() -> None:
    for code in ("WIN:GP", "WON:GP", "WIN/C1", "WON/P"):
        with pytest.raises(UnknownTieBreak):
            team_tie_break(code)


# -- PS (7.5 via 13) ---------------------------------------------------------------------------


def test_progressive_score_on_match_and_game_points() -> None:
    """7.5: cumulative score after each round, summed.
    PS:MP Alpha 1 + 3 + 4 = 8, Beta 1 + 3 + 4 = 8, Gamma 2 + 2 + 3 = 7, Delta 0 + 0 + 1 = 1.
    PS:GP Alpha 1 + 2.5 + 3.5 = 7, Beta 1 + 3 + 4 = 8, Gamma 1.5 + 2 + 3 = 6.5,
    Delta 0.5 + 0.5 + 1.5 = 2.5. PS alone takes the primary score (13)."""
    assert _values("PS:MP") == {1: 16, 2: 16, 3: 14, 4: 2}
    assert _values("PS:GP") == {1: 14, 2: 16, 3: 13, 4: 5}
    assert _values("PS") == _values("PS:MP")
    assert _values("PS", primary="GP") == _values("PS:GP")


def test_progressive_score_cut_1_drops_round_1() -> None:
    """14.1.1 "PS-C1 drops the score after round 1": PS:MP/C1 Alpha 3 + 4 = 7, Gamma 2 + 3 = 5;
    /C2 leaves the final score only: Alpha 4."""
    assert _values("PS:MP/C1")[1] == 14 and _values("PS:MP/C1")[3] == 10
    assert _values("PS:MP/C2")[1] == 8
    with pytest.raises(UnknownTieBreak):
        team_tie_break("PS/M1")


# -- KS (9.2 via 13, Limit 14.5) -------------------------------------------------------------


def test_koya_on_match_points() -> None:
    """9.2: points against the teams with at least 50% of the maximum: 3 rounds x TW 2 = 6 MP,
    50% = 3: Alpha (4), Beta (4), Gamma (3); not Delta (1).
    Alpha 1 (Beta) + 2 (Gamma) = 3; Beta 1 (Alpha) + 1 (Gamma) = 2; Gamma 0 (Alpha) + 1 (Beta)
    = 1; Delta 1 (Alpha) + 0 (Beta) + 0 (Gamma) = 1."""
    assert _values("KS:MP") == {1: 6, 2: 4, 3: 2, 4: 2}
    assert _values("KS") == _values("KS:MP")


def test_koya_limit_moves_the_threshold_in_half_points() -> None:
    """14.5, MTB26 /L+1: threshold 3 + 1/2 = 3.5 MP: Gamma (3) drops out. Alpha 1 (Beta), Beta
    1 (Alpha), Gamma 0 + 1 = 1, Delta 1 (Alpha) + 0 = 1 -> all 1 point (2 half-points)."""
    assert _values("KS:MP/L+1") == {1: 2, 2: 2, 3: 2, 4: 2}


def test_koya_on_game_points() -> None:
    """Maximum GP = 3 rounds x 2 boards = 6, 50% = 3: Alpha (3.5), Beta (4), Gamma (3); Delta
    (1.5) not. Alpha 1 (Beta) + 1.5 (Gamma) = 2.5; Beta 1 + 1 = 2; Gamma 0.5 + 1 = 1.5; Delta
    0.5 (Gamma) + 0 (Beta) + 1 (Alpha) = 1.5. /L-4 lowers it by 2 points to 1: Delta (1.5) now
    counts, Alpha gains its 1 against Delta -> 3.5."""
    assert _values("KS:GP") == {1: 5, 2: 4, 3: 3, 4: 3}
    assert _values("KS:GP/L-4")[1] == 7


# -- AOB (8.2 via 13) --------------------------------------------------------------------------


def test_aob_averages_the_opponents_team_buchholz() -> None:
    """8.2: BH:MP (test_tiebreaks_teams) Alpha 8, Beta 8, Gamma 9, Delta 11.
    AOB:MP Alpha (Beta, Gamma, Delta) = (8 + 9 + 11) / 3 = 28/3; Gamma (Delta, Alpha, Beta) =
    (11 + 8 + 8) / 3 = 9; Delta (Gamma, Beta, Alpha) = 25/3. Shown with two decimals.
    BH:GP Alpha 8.5, Beta 8, Gamma 9, Delta 10.5: AOB:GP Alpha = (8 + 9 + 10.5) / 3 = 27.5/3."""
    aob = _values("AOB:MP")
    assert aob == {1: Fraction(56, 3), 2: Fraction(56, 3), 3: 18, 4: Fraction(50, 3)}
    assert team_tie_break("AOB").format(aob[1]) == "9.33"
    assert _values("AOB:GP")[1] == Fraction(55, 3)


def test_aob_leaves_out_forfeited_matches_and_f_takes_fore_buchholz() -> None:
    """FORFEIT, 2023 text. Alpha met only Beta over the board (round 2 forfeited): AOB = BH:MP
    of Beta = Alpha 3 + Delta 0 = 3. Beta met Alpha and Delta: BH:MP Alpha = Beta 3 + dummy
    3 (own score, 16.4) = 6, Delta = Gamma 2 + Beta 3 = 5 -> 5.5.
    /F (8.3: round 2 drawn on every board, MP Alpha 2, Beta 2, Gamma 3, Delta 1): Fore
    Buchholz Alpha = Beta 2 + Gamma 3 = 5, Delta = Gamma 3 + Beta 2 = 5 -> Beta's AOB/F 5."""
    assert _values("AOB:MP", FORFEIT)[1] == 6
    assert _values("AOB:MP", FORFEIT)[2] == 11
    assert _values("AOB:MP/F", FORFEIT)[2] == 10
    for code in ("AOB/C1", "AOB/P", "AOB/L+1"):
        with pytest.raises(UnknownTieBreak):
            team_tie_break(code)


# -- rating tie-breaks: not for teams ------------------------------------------------------


def test_rating_tie_breaks_are_refused_for_teams() -> None:
    """C.07 10 is "for individuals"; MTB26 lists ARO, TPR, PTP, APRO, APPO, RTNG for individuals
    only: a team list naming them is refused with the reason."""
    for code in ("ARO", "TPR", "PTP", "APRO", "APPO", "RTNG", "ARO:MP/C1"):
        with pytest.raises(UnknownTieBreak, match="for individuals"):
            team_tie_break(code)


# -- DE 6.3 for teams ---------------------------------------------------------------------------


def _teams(results: dict[tuple[int, int], tuple[int, int]], boards: int = 2) -> TeamTournament:
    """Teams 1-3 of ``boards`` boards; ``results[(a, b)] = (MP, GP)`` of team a against b,
    half-points."""
    rounds = {
        n: tuple(
            TeamRound(b, gp, mp, True, False, (0,) * boards)
            for (a, b), (mp, gp) in results.items()
            if a == n
        )
        for n in (1, 2, 3)
    }
    teams = tuple(Team(n, f"T{n}", ()) for n in (1, 2, 3))
    return TeamTournament(teams, rounds, boards, total_rounds=2)


def _de(code: str, tt: TeamTournament, primary: str = "MP") -> dict[int, TieBreakValue]:
    tb = team_tie_break(code)
    assert tb.among is not None
    return dict(tb.among(tt, primary, [1, 2, 3]))


def test_de_6_3_places_a_team_alone_on_top_whatever_the_missing_matches() -> None:
    """6.3: team 1 beat 2 and 3 (2 MP each, 4 in all); 2 and 3 did not meet. Whatever their
    missing match, 2 or 3 can reach 0 + 2 = 2 MP < 4: team 1 is first. Then second place:
    neither 2 (0) nor 3 (0) exceeds the other's 0 + 2 -> they share place 2 (before 6.3 was
    applied, all three shared place 1)."""
    tt = _teams({(1, 2): (4, 4), (2, 1): (0, 0), (1, 3): (4, 3), (3, 1): (0, 1)})
    assert _de("DE", tt) == {1: 1, 2: 2, 3: 2}


def test_de_6_3_places_nobody_when_a_missing_match_could_tie() -> None:
    """6.3: team 1 beat 2 (2 MP) and drew with 3 (1 MP): 3 MP. Team 3 has 1 MP and a missing
    match against 2: if it won it, 1 + 2 = 3, equal to team 1 -> team 1 is not alone on top
    whatever the outcome; nobody is placed, all share."""
    tt = _teams({(1, 2): (4, 4), (2, 1): (0, 0), (1, 3): (2, 2), (3, 1): (2, 2)})
    assert _de("DE", tt) == {1: 1, 2: 1, 3: 1}


def test_de_6_3_on_game_points_counts_a_won_match_on_every_board() -> None:
    """DE:GP, 2 boards: a missing match can bring at most 2 GP. Team 1 scored 1.5 against 2
    and 1.5 against 3 (3 GP); 2 and 3 scored 0.5 each against 1 and did not meet: 0.5 + 2 =
    2.5 < 3 -> team 1 first. On MP (1 beat both) DE gives the same; EDE with MP drawn moves to
    GP: with both matches drawn on MP, DE on MP places nobody (1 + 2 = 3 > 2), EDE then places
    team 1 first by GP."""
    won = _teams({(1, 2): (4, 3), (2, 1): (0, 1), (1, 3): (4, 3), (3, 1): (0, 1)})
    assert _de("DE:GP", won) == {1: 1, 2: 2, 3: 2}
    drawn = _teams({(1, 2): (2, 3), (2, 1): (2, 1), (1, 3): (2, 3), (3, 1): (2, 1)})
    assert _de("DE", drawn) == {1: 1, 2: 1, 3: 1}
    assert _de("EDE", drawn) == {1: 1, 2: 2, 3: 2}


def test_de_6_3_on_game_points_with_four_boards() -> None:
    """4 boards: a missing match can bring 4 GP (not TW = 2). Team 1 scored 2.5 against 2 and
    2 against 3 (4.5 GP); team 2 1.5 and team 3 2 against team 1, and they did not meet: team
    2 could reach 1.5 + 4 = 5.5 > 4.5 -> nobody is placed."""
    tt = _teams({(1, 2): (4, 5), (2, 1): (0, 3), (1, 3): (2, 4), (3, 1): (2, 4)}, boards=4)
    assert _de("DE:GP", tt) == {1: 1, 2: 1, 3: 1}


# -- the command line --------------------------------------------------------------------------


def test_it_prints_the_new_team_tie_breaks(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Alpha and Beta on 4 MP: WIN 1 each, PS:GP Beta 8 ahead of Alpha 7; KS and AOB shown for
    every team (Beta KS 2, AOB 28/3 = 9.33)."""
    path = tmp_path / "teams.trf"
    path.write_text(write_trf(FOUR, version=26), encoding="utf-8")
    assert main(["standings", str(path), "--teams", "--tiebreaks", "WIN,PS:GP,KS,AOB"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split()[-4:] == ["WIN", "PS:GP", "KS", "AOB"]
    assert lines[2].split() == ["1", "2", "Beta", "4", "4", "1", "8.0", "2.0", "9.33"]
    assert lines[3].split() == ["2", "1", "Alpha", "4", "3.5", "1", "7.0", "3.0", "9.33"]
