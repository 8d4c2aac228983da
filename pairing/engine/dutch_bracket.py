"""Pairing one bracket of the Dutch system (C.04.3 B, C, D) exactly.

A candidate of a bracket is a matching of its players: MDPs are paired with residents only
(B.3), residents with residents, everybody left over downfloats (or gets the bye in the last
bracket). B.8 asks for the candidate that is best on the quality criteria C.5-C.19 and, among
equally good ones, generated first in the order of D.1-D.3. Both are sums over the pairs of a
candidate once the generation order is written per pair (see :mod:`dutch_order`), so the best
candidate is a maximum-weight matching whose weights list, in priority order:

1. C.4 (completion, only when the rest of the round must be pairable: the PPB and the last
   bracket), C.5, C.6, C.7 (with the following bracket's players as extra vertices), C.8-C.19;
2. the generation order.

A heterogeneous bracket is solved in two stages, because its remainder's subgroups depend on
the MDP-pairing (B.7): first the MDP-pairing (D.3 then D.1 order), then the remainder (D.2
then D.1 order relative to S1R and S2R).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum

from pairing.engine.dutch_criteria import (
    QUALITY_LEVELS,
    BracketScores,
    Level,
    pair_costs,
    unpaired_costs,
)
from pairing.engine.dutch_order import (
    ORDER_LEVELS,
    mdp_pair_cost,
    remainder_pair_cost,
    remainder_unpaired_cost,
)
from pairing.engine.dutch_players import DutchPlayer
from pairing.engine.dutch_weighted import max_weight_matching
from pairing.engine.errors import NoValidPairing
from pairing.engine.state import Colour

LEVELS = QUALITY_LEVELS + ORDER_LEVELS


class Mode(Enum):
    """How a bracket's pairing relates to the rest of the round (A.9)."""

    NORMAL = "normal"
    """A bracket followed by others: C.7 looks into the following bracket."""
    PPB = "ppb"
    """The penultimate pairing bracket: C.4, the rest of the round must stay pairable."""
    LAST = "last"
    """The last bracket (or the collapsed last bracket): everybody is paired but the bye."""


@dataclass(frozen=True)
class RoundRules:
    """What a bracket needs to know about the round."""

    compatible: Callable[[DutchPlayer, DutchPlayer], bool]
    """C.1-C.3: may the two players be paired?"""
    initial: Colour
    """The initial colour (E.5)."""


@dataclass(frozen=True)
class BracketResult:
    """The chosen candidate of a bracket."""

    pairs: tuple[tuple[DutchPlayer, DutchPlayer], ...]
    downfloaters: tuple[DutchPlayer, ...]
    """Unpaired players, in A.2 order (they move down to the next bracket)."""
    bye: DutchPlayer | None = None
    """The pairing-allocated bye (last bracket only)."""


@dataclass
class _Problem:
    """One bracket and the extra vertices its criteria look at."""

    players: list[DutchPlayer]
    """The bracket in A.2 order: MDPs, then residents. Index + 1 is the BSN."""
    mdp_count: int
    mode: Mode
    rules: RoundRules
    next_residents: list[DutchPlayer]
    """C.7: residents of the following bracket (NORMAL mode)."""
    lower: list[DutchPlayer]
    """C.4: every player below the bracket (PPB mode)."""
    scores: BracketScores
    with_bye: bool
    """An odd number of players must leave one unpaired for the bye (LAST and PPB)."""
    next_bye: bool
    """C.7 looks into the last bracket, which gives the bye: its unpaired player must be
    allowed to receive it (C.2)."""


def pair_bracket(
    mdps: Sequence[DutchPlayer],
    residents: Sequence[DutchPlayer],
    mode: Mode,
    rules: RoundRules,
    next_residents: Sequence[DutchPlayer] = (),
    lower: Sequence[DutchPlayer] = (),
    next_is_last: bool = False,
) -> BracketResult:
    """The best candidate of a bracket (B.8) in the given mode."""
    players = [*mdps, *residents]
    n = len(players)
    outside = len(next_residents) if mode is Mode.NORMAL else len(lower)
    next_lowest = next_residents[0].score if mode is Mode.NORMAL and next_residents else None
    total = n + (len(lower) if mode is Mode.PPB else 0)
    problem = _Problem(
        players=players,
        mdp_count=len(mdps),
        mode=mode,
        rules=rules,
        next_residents=list(next_residents) if mode is Mode.NORMAL else [],
        lower=list(lower) if mode is Mode.PPB else [],
        scores=BracketScores(
            lowest=min(p.score for p in players),
            next_lowest=next_lowest,
            base=n + outside + 2,
        ),
        with_bye=mode is not Mode.NORMAL and total % 2 == 1,
        next_bye=mode is Mode.NORMAL and next_is_last and (n + len(next_residents)) % 2 == 1,
    )
    fixed: list[tuple[int, int]] = []
    if problem.mdp_count:
        mate = _solve(problem, fixed, stage_mdp=True, s1_size=0)
        fixed = [(i, mate[i]) for i in range(problem.mdp_count) if 0 <= mate[i] < n]
    remainder = _remainder(problem, fixed)
    if len(remainder) > 1:
        if problem.mdp_count:
            pairs_now = _pair_count(problem, mate, set(remainder))
        elif mode is Mode.PPB:
            pairs_now = _pair_count(problem, _solve(problem, fixed, False, -1), set(remainder))
        else:
            pairs_now = _max_pairs(problem, remainder)
        mate = _solve(problem, fixed, stage_mdp=False, s1_size=pairs_now)
    else:
        mate = _solve(problem, fixed, stage_mdp=False, s1_size=0)
    return _result(problem, mate, fixed)


def _remainder(problem: _Problem, fixed: list[tuple[int, int]]) -> list[int]:
    used = {i for pair in fixed for i in pair}
    return [i for i in range(problem.mdp_count, len(problem.players)) if i not in used]


def _pair_count(problem: _Problem, mate: list[int], among: set[int]) -> int:
    return sum(1 for i in among if mate[i] in among and mate[i] > i)


def _max_pairs(problem: _Problem, indices: list[int]) -> int:
    from pairing.engine.matching import Matcher

    local = {v: k for k, v in enumerate(indices)}
    matcher = Matcher(len(indices))
    ps = problem.players
    for a in indices:
        for b in indices:
            if a < b and problem.rules.compatible(ps[a], ps[b]):
                matcher.add_edge(local[a], local[b])
    return matcher.solve()


def _solve(
    problem: _Problem, fixed: list[tuple[int, int]], stage_mdp: bool, s1_size: int
) -> list[int]:
    """Maximum-weight matching over the bracket (minus the fixed pairs) and its extra
    vertices; returns mates indexed like the bracket + extra vertices.

    ``stage_mdp`` orders MDP-pairings (D.3, D.1); otherwise ``s1_size`` is N1 of the
    (remainder's) homogeneous pairing for the D.2 and D.1 order, and -1 solves on quality
    alone."""
    ps = problem.players
    n = len(ps)
    rules = problem.rules
    scores = problem.scores
    mdps = problem.mdp_count
    used = {i for pair in fixed for i in pair}
    active = [i for i in range(n) if i not in used]
    remainder = [i for i in active if i >= mdps]
    s1 = set(remainder[:s1_size]) if s1_size > 0 else set()
    number = {i: i + 1 for i in active}
    unpaired = {i: unpaired_costs(ps[i], scores) for i in active}
    ordered = s1_size >= 0 and not stage_mdp
    unpaired_order = {i: remainder_unpaired_cost(number[i], i in s1) for i in remainder}
    cover = problem.mode is not Mode.NORMAL

    edges: list[tuple[int, int, list[int]]] = []
    for x, i in enumerate(active):
        a = ps[i]
        if i < mdps and not stage_mdp:
            continue  # the MDP-pairing is settled: Limbo players only float on
        for j in active[x + 1 :]:
            if j < mdps:
                continue  # MDPs are not paired with each other (B.3)
            b = ps[j]
            if not rules.compatible(a, b):
                continue
            cost = pair_costs(a, b, scores, rules.initial)
            ua, ub = unpaired[i], unpaired[j]
            gain = [ua[lv] + ub[lv] - cost[lv] for lv in range(QUALITY_LEVELS)]
            gain[Level.PAIRS] = 1
            gain[Level.COVER] = 2 if cover else 0
            if stage_mdp:
                order = mdp_pair_cost(number[i], number[j], n) if i < mdps else [0] * ORDER_LEVELS
                gain.extend(-c for c in order)
            elif ordered:
                order = remainder_pair_cost(number[i], number[j], i in s1, j in s1, n)
                oa, ob = unpaired_order[i], unpaired_order[j]
                gain.extend(oa[lv] + ob[lv] - order[lv] for lv in range(ORDER_LEVELS))
            else:
                gain.extend([0] * ORDER_LEVELS)
            edges.append((i, j, gain))
    extra = problem.next_residents or problem.lower
    has_bye = problem.with_bye or problem.next_bye
    bye_vertex = n + len(extra) if has_bye else -1
    _outside_edges(problem, active, edges, n, bye_vertex)
    return max_weight_matching(n + len(extra) + (1 if has_bye else 0), _pack(edges))


def _outside_edges(
    problem: _Problem,
    active: list[int],
    edges: list[tuple[int, int, list[int]]],
    first_extra: int,
    bye_vertex: int,
) -> None:
    """Edges to the following bracket (C.7), to the rest of the round (C.4) and to the bye."""
    ps = problem.players
    scores = problem.scores
    compatible = problem.rules.compatible
    base = scores.base
    point = scores.point
    if problem.mode is Mode.NORMAL and problem.next_residents:
        nxt = problem.next_residents
        low = scores.next_lowest
        assert low is not None
        for i in active:
            a = ps[i]
            for k, r in enumerate(nxt):
                if compatible(a, r):
                    gain = [0] * LEVELS
                    gain[Level.NEXT_PAIRS] = 1
                    gain[Level.NEXT_PSD] = (
                        base ** (a.score - low + point) + base**point - base ** (a.score - r.score)
                    )
                    edges.append((i, first_extra + k, gain))
        for k, r in enumerate(nxt):
            for k2 in range(k + 1, len(nxt)):
                if compatible(r, nxt[k2]):
                    gain = [0] * LEVELS
                    gain[Level.NEXT_PAIRS] = 1
                    gain[Level.NEXT_PSD] = 2 * base**point - 1
                    edges.append((first_extra + k, first_extra + k2, gain))
        if problem.next_bye:
            # The bye of the last bracket counts like a pair: nobody else may stay unpaired.
            for v, p in [*((i, ps[i]) for i in active), *enumerate(nxt, start=first_extra)]:
                if p.bye_allowed:
                    gain = [0] * LEVELS
                    gain[Level.NEXT_PAIRS] = 1
                    edges.append((v, bye_vertex, gain))
    if problem.mode is Mode.PPB:
        low_players = problem.lower
        for i in active:
            for k, r in enumerate(low_players):
                if compatible(ps[i], r):
                    edges.append((i, first_extra + k, _cover_gain()))
        for k, r in enumerate(low_players):
            for k2 in range(k + 1, len(low_players)):
                if compatible(r, low_players[k2]):
                    edges.append((first_extra + k, first_extra + k2, _cover_gain()))
            if bye_vertex >= 0 and r.bye_allowed:
                edges.append((first_extra + k, bye_vertex, _cover_gain()))
    if problem.with_bye:
        for i in active:
            if ps[i].bye_allowed:
                edges.append((i, bye_vertex, _cover_gain()))


def _cover_gain() -> list[int]:
    gain = [0] * LEVELS
    gain[Level.COVER] = 2
    return gain


def _pack(edges: list[tuple[int, int, list[int]]]) -> list[tuple[int, int, int]]:
    """Lexicographic gain vectors -> integers with the same order of matching totals."""
    if not edges:
        return []
    vertex_bound = 2 * max(max(u, v) for u, v, _ in edges) + 4
    multipliers = [1] * LEVELS
    span = 1
    for lv in range(LEVELS - 1, -1, -1):
        multipliers[lv] = span
        biggest = max(abs(g[lv]) for _, _, g in edges)
        span *= 2 * biggest * vertex_bound + 1
    out = []
    for u, v, g in edges:
        w = 0
        for lv in range(LEVELS):
            if g[lv]:
                w += g[lv] * multipliers[lv]
        out.append((u, v, w))
    return out


def _result(problem: _Problem, mate: list[int], fixed: list[tuple[int, int]]) -> BracketResult:
    ps = problem.players
    n = len(ps)
    paired: set[int] = set()
    pairs = []
    for i, j in fixed:
        pairs.append((ps[i], ps[j]))
        paired.update((i, j))
    for i in range(n):
        j = mate[i]
        if i not in paired and 0 <= j < n:
            pairs.append((ps[i], ps[j]))
            paired.update((i, j))
    bye = None
    if problem.mode is Mode.LAST:
        left = [i for i in range(n) if i not in paired]
        if len(left) > 1 or (left and not problem.with_bye):
            raise NoValidPairing("the last bracket cannot be completed")
        if left:
            bye = ps[left[0]]
            if not bye.bye_allowed:
                raise NoValidPairing("no player may receive the pairing-allocated bye")
        return BracketResult(tuple(pairs), (), bye)
    downfloaters = tuple(ps[i] for i in range(n) if i not in paired)
    return BracketResult(tuple(pairs), downfloaters)
