"""Pairing one bracket of the Dutch system (C.04.3 B, C, D).

A candidate of a bracket is a matching of its players: MDPs are paired with residents only
(B.3), residents with residents, everybody left over downfloats (or gets the bye in the last
bracket). B.8 asks for the candidate that is best on the quality criteria and, among equally
good ones, generated first in the order of D.1-D.3. Both are sums over the pairs of a
candidate once the generation order is written per pair (:mod:`dutch.order`), so the best
candidate is a maximum-weight matching of the bracket graph (:mod:`dutch.graph`) whose
weights list C.4-C.19 first and the generation order after them.

A heterogeneous bracket is solved in two stages, because its remainder's subgroups depend on
the MDP-pairing (B.7): first the MDP-pairing (D.3 then D.1 order), then the remainder (D.2
then D.1 order relative to S1R and S2R).

:func:`pair_bracket` first tries the fast path of :mod:`dutch.fast`, which finds the same
candidate without a weighted matching whenever it can prove the candidate optimal, and
solves exactly (this module) otherwise.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from enum import Enum

from pairing.engine.core.errors import NoValidPairing
from pairing.engine.dutch.fast import fast_pairs
from pairing.engine.dutch.graph import (
    BracketGraph,
    BracketResult,
    Mode,
    RoundRules,
    build_graph,
    max_pairs,
    pack,
    packed,
)
from pairing.engine.dutch.order import (
    ORDER_LEVELS,
    mdp_pair_cost,
    remainder_pair_cost,
    remainder_unpaired_cost,
)
from pairing.engine.dutch.players import DutchPlayer
from pairing.engine.matching.weighted import max_weight_matching


class Order(Enum):
    """Which part of the generation order a weighted solve adds below the quality levels."""

    NONE = "none"
    """Quality only (to learn N1 of a PPB)."""
    MDP_PAIRING = "mdp"
    """B.7 first stage: D.3 sets of paired MDPs, then D.1 transpositions."""
    REMAINDER = "remainder"
    """B.6 (or the remainder of B.7): D.2 exchanges, then D.1 transpositions."""


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
    pairs = fast_pairs(graph)
    if pairs is None:
        pairs = exact_pairs(graph)
    if mode is Mode.COMPLETE and graph.bye_vertex >= 0 and graph.size - 2 * len(pairs) == 1:
        # 2026 C9 applies to the candidates, which all downfloat one player (C6).
        graph = build_graph(
            mdps, residents, mode, rules, next_residents, lower, next_is_last, single_floater=True
        )
        pairs = exact_pairs(graph)
    result = result_of(graph, pairs)
    if rules.recorder is not None:
        rules.recorder.append((graph, result))
    return result


def exact_pairs(graph: BracketGraph) -> list[tuple[int, int]]:
    """The best candidate's pairs (bracket vertex indices) by weighted matching."""
    n = graph.size
    fixed: list[tuple[int, int]] = []
    remainder = list(range(graph.mdp_count, n))
    if graph.mdp_count:
        mate = _solve(graph, fixed, Order.MDP_PAIRING)
        fixed = [(i, mate[i]) for i in range(graph.mdp_count) if 0 <= mate[i] < n]
        used = {i for pair in fixed for i in pair}
        remainder = [i for i in remainder if i not in used]
        s1_size = _pairs_among(mate, remainder)
    elif graph.mode in (Mode.PPB, Mode.COMPLETE):
        s1_size = _pairs_among(_solve(graph, fixed, Order.NONE), remainder)
    else:
        s1_size = max_pairs(graph.adjacency())
    mate = _solve(graph, fixed, Order.REMAINDER, s1_size)
    return fixed + [(i, mate[i]) for i in remainder if i < mate[i] < n]


def _pairs_among(mate: list[int], among: list[int]) -> int:
    members = set(among)
    return sum(1 for i in among if mate[i] in members and mate[i] > i)


def _solve(
    graph: BracketGraph, fixed: list[tuple[int, int]], order: Order, s1_size: int = 0
) -> list[int]:
    """Maximum-weight matching over the graph minus the fixed pairs; mates by vertex.
    ``s1_size`` is N1 of the (remainder's) homogeneous pairing for the D.2 order."""
    n = graph.size
    used = {i for pair in fixed for i in pair}
    active = [v for v in range(graph.vertex_count) if v not in used]
    order_gain = _order_gains(
        graph, order, [i for i in active if graph.mdp_count <= i < n], s1_size
    )
    edges: list[tuple[int, int]] = []
    gains: list[list[int]] = []
    for x, u in enumerate(active):
        for v in active[x + 1 :]:
            if v < n and u < graph.mdp_count and order is not Order.MDP_PAIRING:
                continue  # the MDP-pairing is settled: Limbo players only float on
            gain = graph.gain(u, v)
            if gain is not None:
                edges.append((u, v))
                gains.append(gain + order_gain(u, v))
    multipliers = pack(gains, graph.vertex_count)
    weighted = [(u, v, packed(g, multipliers)) for (u, v), g in zip(edges, gains, strict=True)]
    return max_weight_matching(graph.vertex_count, weighted)


def _order_gains(
    graph: BracketGraph, order: Order, remainder: list[int], s1_size: int
) -> Callable[[int, int], list[int]]:
    """The generation-order gain of an edge (``dutch.order`` costs, negated, with the
    costs of unpaired S1 players folded in). MDP-pairing: players are numbered by BSN
    (index + 1). Remainder: by their BSN in the remainder, which is tagged 1, 2, ... as a
    bracket of its own (D preamble, B.7), so players paired in the MDP-pairing leave no gaps
    in D.2.b's sums."""
    n = graph.size
    s1 = set(remainder[:s1_size])
    bsn = {i: k for k, i in enumerate(remainder, start=1)}
    unpaired = {i: remainder_unpaired_cost(bsn[i], i in s1) for i in remainder}
    zero = [0] * ORDER_LEVELS

    def gain(u: int, v: int) -> list[int]:
        if v >= n:
            return zero  # leaving the bracket changes nothing in its own order
        if order is Order.MDP_PAIRING:
            if u >= graph.mdp_count:
                return zero
            return [-c for c in mdp_pair_cost(u + 1, v + 1, n)]
        if order is Order.REMAINDER:
            cost = remainder_pair_cost(bsn[u], bsn[v], u in s1, v in s1, len(remainder))
            ou, ov = unpaired[u], unpaired[v]
            return [ou[lv] + ov[lv] - cost[lv] for lv in range(ORDER_LEVELS)]
        return zero

    return gain


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
