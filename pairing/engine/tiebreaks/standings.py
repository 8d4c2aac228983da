"""Standings: score, then tie-breaks applied in turn to every subgroup still tied (C.07 4.2)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from pairing.engine.core.state import PlayerId, TournamentState
from pairing.engine.tiebreaks.core import Edition, TieBreakValue
from pairing.engine.tiebreaks.registry import TieBreak, tie_break


@dataclass(frozen=True, slots=True)
class StandingRow:
    """One line of the standings."""

    rank: int
    """1-based; players share a rank only when score and every tie-break value are equal."""
    player: PlayerId
    score: int
    """Points in the state's units (half-points)."""
    values: tuple[TieBreakValue, ...]
    """The tie-break values, in the order of the codes asked for. A type A value (DE) is only
    set for players still tied when it was applied; ``None`` otherwise."""


def _sort_key(value: TieBreakValue, ascending: bool) -> tuple[int, Fraction]:
    if value is None:
        return (1, Fraction(0))
    return (0, Fraction(value) if ascending else -Fraction(value))


def standings(
    state: TournamentState, codes: Sequence[str | TieBreak], edition: Edition = Edition.C07_2023
) -> list[StandingRow]:
    """The standings: score descending, then each tie-break in turn on every subgroup still
    tied (C.07 4.2; a type A tie-break such as DE is computed on that subgroup), finally by
    pairing number (no lots: such players share the rank)."""
    breaks = [c if isinstance(c, TieBreak) else tie_break(c) for c in codes]
    per_field = {
        i: tb.values(state, edition=edition) for i, tb in enumerate(breaks) if tb.among is None
    }
    values: dict[PlayerId, list[TieBreakValue]] = {
        p.id: [None] * len(breaks) for p in state.players
    }
    for i, vals in per_field.items():
        for pid in values:
            values[pid][i] = vals[pid]

    final: list[list[PlayerId]] = []

    def refine(group: list[PlayerId], i: int) -> None:
        if len(group) == 1 or i == len(breaks):
            final.append(group)
            return
        tb = breaks[i]
        if tb.among is not None:
            group_values = tb.values(state, group, edition)
            for pid in group:
                values[pid][i] = group_values[pid]
        ordered = sorted(group, key=lambda pid: _sort_key(values[pid][i], tb.ascending))
        run: list[PlayerId] = []
        for pid in ordered:
            if run and values[run[0]][i] != values[pid][i]:
                refine(run, i + 1)
                run = []
            run.append(pid)
        refine(run, i + 1)

    scores = state.scores
    by_tpn = sorted(state.players, key=lambda p: (-scores[p.id], p.tpn))
    score_groups: list[list[PlayerId]] = []
    for p in by_tpn:
        if score_groups and scores[score_groups[-1][0]] == scores[p.id]:
            score_groups[-1].append(p.id)
        else:
            score_groups.append([p.id])
    for g in score_groups:
        refine(g, 0)

    rows: list[StandingRow] = []
    for group in final:
        rank = len(rows) + 1
        for pid in sorted(group, key=lambda pid: state.player(pid).tpn):
            rows.append(StandingRow(rank, pid, scores[pid], tuple(values[pid])))
    return rows
