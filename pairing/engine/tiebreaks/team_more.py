"""The individual tie-breaks MTB26 lists "for both individuals and teams" that C.07 13 applies
to teams on a reference score (MP or GP): WIN (7.1), WON (7.2), PS (7.5) and KS (9.2); AOB
(8.2) is :func:`team_breaks.average_of_opponents_buchholz`, next to the team Buchholz.

MTB26 (Table 2) gives them for teams as ``WIN[:MP]``, ``WON[:MP]``, ``PS[:MP|:GP]`` with
``/Cn``, ``KS[:MP|:GP]`` with ``/L±n`` and ``AOB[:MP|:GP]`` with ``/F``. Units: counts for WIN
and WON; half-points of the reference score for PS and KS.
"""

from __future__ import annotations

from fractions import Fraction

from pairing.engine.tiebreaks.core import ModifierError
from pairing.engine.tiebreaks.teams import TeamTournament, points_of


def team_wins(tt: TeamTournament) -> dict[int, int]:
    """WIN (C.07 7.1 via 13, on MP): rounds in which the team obtained, "with or without
    playing", the match points of a win: matches won, forfeited matches won, and a
    pairing-allocated bye when it is worth TW (record 320)."""
    win = tt.match_points_values.win
    return {n: sum(1 for r in rs if r.match_points >= win) for n, rs in tt.rounds.items()}


def team_matches_won(tt: TeamTournament) -> dict[int, int]:
    """WON (C.07 7.2 via 13, on MP): matches won over the board, i.e. won matches in which at
    least one game was played (15.1: a match with no game played is an unplayed round)."""
    win = tt.match_points_values.win
    return {
        n: sum(1 for r in rs if r.played and r.match_points >= win) for n, rs in tt.rounds.items()
    }


def team_progressive_score(tt: TeamTournament, kind: str, cut: int = 0) -> dict[int, int]:
    """PS (C.07 7.5 via 13): the sum of the team's cumulative ``kind`` score after each round;
    Cut-n drops the first ``n`` of them (14.1.1: "PS-C1 drops the score after round 1")."""
    if cut < 0:
        raise ModifierError(f"negative cut {cut}")
    out: dict[int, int] = {}
    for n, rs in tt.rounds.items():
        running, after = 0, []
        for r in rs:
            running += points_of(r, kind)
            after.append(running)
        out[n] = sum(after[cut:])
    return out


def maximum_score(tt: TeamTournament, kind: str) -> int:
    """The most a team can score in ``kind`` over the completed rounds: TW, or a won game on
    every board, per round."""
    rounds = max((len(rs) for rs in tt.rounds.values()), default=0)
    per_round = tt.match_points_values.win if kind == "MP" else tt.game_win * tt.boards
    return per_round * rounds


def team_koya(tt: TeamTournament, kind: str, limit: int = 0) -> dict[int, int]:
    """KS (C.07 9.2 via 13): the ``kind`` points the team scored against the teams whose final
    ``kind`` score is at least 50% of the maximum possible (:func:`maximum_score`); the Limit
    modifier (14.5, MTB26 ``/L±n``) moves that threshold by ``limit`` half-points.

    A round-robin tie-break: forfeited matches count as regular matches (15.2), so their points
    count; a round without an opposing team has no opponent and never counts."""
    threshold = Fraction(maximum_score(tt, kind), 2) + limit
    scores = tt.score(kind)
    return {
        n: sum(
            points_of(r, kind)
            for r in rs
            if r.opponent is not None and scores[r.opponent] >= threshold
        )
        for n, rs in tt.rounds.items()
    }
