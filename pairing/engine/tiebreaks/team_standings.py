"""Team standings: the primary score (match or game points), then the team tie-breaks applied in
turn to every subgroup still tied (C.07 4.2)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pairing.engine.tiebreaks.core import Edition, TieBreakValue
from pairing.engine.tiebreaks.standings import split_ties
from pairing.engine.tiebreaks.team_breaks import TeamTieBreak
from pairing.engine.tiebreaks.teams import TeamTournament


@dataclass(frozen=True, slots=True)
class TeamStandingRow:
    """One team's line of the standings."""

    rank: int
    """1-based; teams share a rank when the score and every tie-break value are equal."""
    team: int
    """Team pairing number."""
    match_points: int
    """MP, half-points."""
    game_points: int
    """GP, half-points."""
    values: tuple[TieBreakValue, ...]
    """The tie-break values in the order asked for; a type A value (DE, EDE, TBR, BBE) only for
    teams still tied when it was applied."""


def team_standings(
    tt: TeamTournament,
    breaks: Sequence[TeamTieBreak],
    primary: str = "MP",
    edition: Edition = Edition.C07_2023,
) -> list[TeamStandingRow]:
    """The team ranking: ``primary`` (``"MP"`` or ``"GP"``) descending, then each tie-break on
    the teams still tied, finally by team number (no lots: such teams share the rank)."""
    if primary not in ("MP", "GP"):
        raise ValueError(f"the primary score is MP or GP, not {primary!r}")
    values: dict[int, list[TieBreakValue]] = {n: [None] * len(breaks) for n in tt.numbers}
    for i, tb in enumerate(breaks):
        if tb.compute is not None:
            computed = tb.compute(tt, primary, edition)
            for n in values:
                values[n][i] = computed[n]

    def among(i: int, group: list[int]) -> Mapping[int, TieBreakValue] | None:
        tb = breaks[i]
        return None if tb.among is None else tb.among(tt, primary, group)

    score = tt.score(primary)
    groups: list[list[int]] = []
    for n in sorted(tt.numbers, key=lambda n: (-score[n], n)):
        if groups and score[groups[-1][0]] == score[n]:
            groups[-1].append(n)
        else:
            groups.append([n])
    final = split_ties(groups, values, [tb.ascending for tb in breaks], among)
    mp, gp = tt.match_points, tt.game_points
    rows: list[TeamStandingRow] = []
    for group in final:
        rank = len(rows) + 1
        for n in sorted(group):
            rows.append(TeamStandingRow(rank, n, mp[n], gp[n], tuple(values[n])))
    return rows
