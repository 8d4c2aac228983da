"""Pairing one bracket of the Dutch system (C.04.3 B, C, D).

A candidate of a bracket is a matching of its players: MDPs are paired with residents only
(B.3), residents with residents, everybody left over downfloats (or gets the bye in the last
bracket). B.8 asks for the candidate that is best on the quality criteria and, among equally
good ones, generated first in the order of D.1-D.3. Both are sums over the pairs of a
candidate once the generation order is written per pair (:mod:`dutch_order`), so the best
candidate is a maximum-weight matching of the bracket graph (:mod:`dutch_graph`) whose
weights list C.4-C.19 first and the generation order after them.

A heterogeneous bracket is solved in two stages, because its remainder's subgroups depend on
the MDP-pairing (B.7): first the MDP-pairing (D.3 then D.1 order), then the remainder (D.2
then D.1 order relative to S1R and S2R).

:func:`pair_bracket` first tries the fast path of :mod:`dutch_fast`, which finds the same
candidate without a weighted matching whenever it can prove the candidate optimal, and
solves exactly (this module) otherwise.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pairing.engine.dutch_fast import fast_pairs
from pairing.engine.dutch_graph import (
    BracketGraph,
    Mode,
    RoundRules,
    build_graph,
    pack,
    packed,
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

__all__ = ["BracketResult", "Mode", "RoundRules", "pair_bracket"]

FAST_PATH = True
"""Try :func:`fast_pairs` before the weighted matching (switch off to test one against the
other)."""
STATS = {"fast": 0, "exact": 0}


@dataclass(frozen=True)
class BracketResult:
    """The chosen candidate of a bracket."""

    pairs: tuple[tuple[DutchPlayer, DutchPlayer], ...]
    downfloaters: tuple[DutchPlayer, ...]
    """Unpaired players, in A.2 order (they move down to the next bracket)."""
    bye: DutchPlayer | None = None
    """The pairing-allocated bye (last bracket only)."""


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
    graph = build_graph(mdps, residents, mode, rules, next_residents, lower, next_is_last)
    pairs = fast_pairs(graph) if FAST_PATH else None
    if pairs is None:
        STATS["exact"] += 1
        pairs = exact_pairs(graph)
    else:
        STATS["fast"] += 1
    return result_of(graph, pairs)


def exact_pairs(graph: BracketGraph) -> list[tuple[int, int]]:
    """The best candidate's pairs (bracket vertex indices) by weighted matching."""
    n = graph.size
    fixed: list[tuple[int, int]] = []
    if graph.mdp_count:
        mate = _solve(graph, fixed, stage_mdp=True, s1_size=0)
        fixed = [(i, mate[i]) for i in range(graph.mdp_count) if 0 <= mate[i] < n]
    used = {i for pair in fixed for i in pair}
    remainder = [i for i in range(graph.mdp_count, n) if i not in used]
    if graph.mdp_count:
        s1_size = _pairs_among(mate, remainder)
    elif graph.mode is Mode.PPB:
        s1_size = _pairs_among(_solve(graph, fixed, False, -1), remainder)
    else:
        s1_size = _max_pairs(graph, remainder)
    mate = _solve(graph, fixed, stage_mdp=False, s1_size=s1_size)
    pairs = list(fixed)
    pairs += [(i, mate[i]) for i in remainder if i < mate[i] < n]
    return pairs


def _pairs_among(mate: list[int], among: list[int]) -> int:
    members = set(among)
    return sum(1 for i in among if mate[i] in members and mate[i] > i)


def _max_pairs(graph: BracketGraph, indices: list[int]) -> int:
    from pairing.engine.matching import Matcher

    local = {v: k for k, v in enumerate(indices)}
    matcher = Matcher(len(indices))
    ps = graph.players
    for a in indices:
        for b in indices:
            if a < b and graph.rules.compatible(ps[a], ps[b]):
                matcher.add_edge(local[a], local[b])
    return matcher.solve()


def _solve(
    graph: BracketGraph, fixed: list[tuple[int, int]], stage_mdp: bool, s1_size: int
) -> list[int]:
    """Maximum-weight matching over the graph minus the fixed pairs; mates by vertex.

    ``stage_mdp`` orders MDP-pairings (D.3, D.1); otherwise ``s1_size`` is N1 of the
    (remainder's) homogeneous pairing for the D.2 and D.1 order, and -1 solves on quality
    alone."""
    n = graph.size
    mdps = graph.mdp_count
    used = {i for pair in fixed for i in pair}
    active = [v for v in range(graph.vertex_count) if v not in used]
    remainder = [i for i in active if mdps <= i < n]
    s1 = set(remainder[:s1_size]) if s1_size > 0 else set()
    ordered = s1_size >= 0 and not stage_mdp
    unpaired_order = {i: remainder_unpaired_cost(i + 1, i in s1) for i in remainder}
    zero = [0] * ORDER_LEVELS
    edges: list[tuple[int, int]] = []
    gains: list[list[int]] = []
    for x, u in enumerate(active):
        for v in active[x + 1 :]:
            if v < n and u < mdps and not stage_mdp:
                continue  # the MDP-pairing is settled: Limbo players only float on
            gain = graph.gain(u, v)
            if gain is None:
                continue
            order = zero
            if v < n:
                if stage_mdp:
                    if u < mdps:
                        order = [-c for c in mdp_pair_cost(u + 1, v + 1, n)]
                elif ordered:
                    cost = remainder_pair_cost(u + 1, v + 1, u in s1, v in s1, n)
                    ou, ov = unpaired_order[u], unpaired_order[v]
                    order = [ou[lv] + ov[lv] - cost[lv] for lv in range(ORDER_LEVELS)]
            edges.append((u, v))
            gains.append(gain + order)
    multipliers = pack(gains, graph.vertex_count)
    weighted = [(u, v, packed(g, multipliers)) for (u, v), g in zip(edges, gains, strict=True)]
    return max_weight_matching(graph.vertex_count, weighted)


def result_of(graph: BracketGraph, pairs: list[tuple[int, int]]) -> BracketResult:
    """The bracket result of a set of pairs (bracket vertex indices)."""
    ps = graph.players
    n = graph.size
    paired = {i for pair in pairs for i in pair}
    chosen = tuple((ps[i], ps[j]) for i, j in pairs)
    left = [i for i in range(n) if i not in paired]
    if graph.mode is not Mode.LAST:
        return BracketResult(chosen, tuple(ps[i] for i in left))
    if len(left) > 1 or (left and graph.bye_vertex < 0):
        raise NoValidPairing("the last bracket cannot be completed")
    bye = ps[left[0]] if left else None
    if bye is not None and not bye.bye_allowed:
        raise NoValidPairing("no player may receive the pairing-allocated bye")
    return BracketResult(chosen, (), bye)
