"""Standings: score, then tie-breaks applied in turn to every subgroup still tied (C.07 4.2)."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TypeVar

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


K = TypeVar("K", bound=Hashable)


def split_ties(
    groups: Iterable[list[K]],
    values: dict[K, list[TieBreakValue]],
    ascending: Sequence[bool],
    among: Callable[[int, list[K]], Mapping[K, TieBreakValue] | None],
) -> list[list[K]]:
    """C.07 4.2: tie-break ``i`` applied to each group still tied after the ones before it, in
    order; the groups still tied after the last (or single participants) in ranking order.
    ``values[k][i]`` holds a participant's value of tie-break ``i`` computed for the whole
    field; ``among(i, group)`` computes it among ``group`` only (type A, e.g. DE: the values are
    stored), or answers None (a whole-field value)."""
    final: list[list[K]] = []

    def refine(group: list[K], i: int) -> None:
        if len(group) == 1 or i == len(ascending):
            final.append(group)
            return
        got = among(i, group)
        if got is not None:
            for k in group:
                values[k][i] = got[k]
        ordered = sorted(group, key=lambda k: _sort_key(values[k][i], ascending[i]))
        run: list[K] = []
        for k in ordered:
            if run and values[run[0]][i] != values[k][i]:
                refine(run, i + 1)
                run = []
            run.append(k)
        refine(run, i + 1)

    for group in groups:
        refine(group, 0)
    return final


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

    def among(i: int, group: list[PlayerId]) -> Mapping[PlayerId, TieBreakValue] | None:
        tb = breaks[i]
        return None if tb.among is None else tb.values(state, group, edition)

    scores = state.scores
    by_tpn = sorted(state.players, key=lambda p: (-scores[p.id], p.tpn))
    score_groups: list[list[PlayerId]] = []
    for p in by_tpn:
        if score_groups and scores[score_groups[-1][0]] == scores[p.id]:
            score_groups[-1].append(p.id)
        else:
            score_groups.append([p.id])
    final = split_ties(score_groups, values, [tb.ascending for tb in breaks], among)

    rows: list[StandingRow] = []
    for group in final:
        rank = len(rows) + 1
        for pid in sorted(group, key=lambda pid: state.player(pid).tpn):
            rows.append(StandingRow(rank, pid, scores[pid], tuple(values[pid])))
    return rows
