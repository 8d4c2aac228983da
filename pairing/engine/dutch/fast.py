"""Fast exact pairing of a bracket, when optimality can be proved cheaply.

The bracket's players are grouped into types (same attributes, so the same gain against any
other type). Its downfloaters are modelled as one extra *slot* vertex (at most one downfloater
is handled here: the bye in the last bracket, or the single player leaving an odd bracket,
whose C.7 value in the following bracket is computed beforehand). Then:

1. the type LP (:mod:`dutch.lp`) gives prices ``W`` and an upper bound on the gain of any
   candidate;
2. the *tight* graph keeps the real pairs (C.1 checked) whose price sum equals twice their
   gain; if it has a perfect matching, the bound is reached, and the optimal candidates are
   exactly its perfect matchings;
3. the generation order (D.3, D.1 for the MDP-pairing; D.2, D.1 for the remainder) is then
   followed decision by decision, each decision kept only if a perfect matching of the tight
   graph still exists (an augmenting-path repair of the current one).

Whenever a step cannot be proved (no tight perfect matching, two downfloaters, an exchange
search that runs long, colours that would depend on the pairing numbers of a type's
members), :func:`fast_pairs` returns ``None`` and the bracket is solved by weighted matching.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator

from pairing.engine.dutch.colours import colour_cost_depends_on_rank
from pairing.engine.dutch.criteria import QUALITY_LEVELS, Level
from pairing.engine.dutch.graph import (
    BracketGraph,
    Kind,
    Mode,
    compatibility_sets,
    max_pairs,
    pack,
    packed,
)
from pairing.engine.dutch.lp import type_prices
from pairing.engine.matching.cardinality import Matcher

EXCHANGE_LIMIT = 40
"""Resident exchanges tried (D.2 order, one player each way) before giving up."""


def fast_pairs(graph: BracketGraph) -> list[tuple[int, int]] | None:
    """The best candidate's pairs (bracket vertex indices), or ``None`` when this path
    cannot prove it."""
    if graph.mode in (Mode.PPB, Mode.COMPLETE):
        return None
    n = graph.size
    if graph.mode is Mode.LAST and _uniform(graph):
        # Every pair is allowed and every candidate equally good: the first one generated,
        # S1 against S2 (B.1, B.2, D.1), the last player left over for the bye.
        half = n // 2
        return [(i, half + i) for i in range(half)]
    adjacency = graph.adjacency()
    pairs = max_pairs(adjacency)
    floaters = n - 2 * pairs
    if floaters > 1:
        return None
    slot_gains: dict[int, list[int]] = {}
    if floaters == 1:
        found = _slot_gains(graph)
        if found is None:
            return None
        slot_gains = found
    tight = _tight_graph(graph, adjacency, slot_gains, floaters)
    del adjacency  # large brackets: keep one adjacency structure alive at a time
    if tight is None:
        return None
    return _Search(graph, tight, floaters == 1).run()


def _uniform(graph: BracketGraph) -> bool:
    """A bracket without MDPs whose players are all of one type, none barred from another
    (C.1) nor kept apart by colour (C.3), each free to take the bye: round 1. Checked in
    linear time, without building the complete graph."""
    n = graph.size
    if graph.mdp_count or n < 2:
        return False
    players = graph.players[:n]
    first = _type_key(graph, 0, True)
    return all(
        not p.absolute and p.bye_allowed and not graph.rules.barred[p.id] for p in players
    ) and all(_type_key(graph, v, True) == first for v in range(1, n))


# -- the downfloater's slot ------------------------------------------------------------------


def leaving_gains(graph: BracketGraph) -> dict[int, list[int]] | None:
    """What each player of a bracket with a single downfloater gains by being that
    downfloater: the bye's edge in the last bracket, C.7 (2026 C8) otherwise; ``None`` when
    the following bracket's outcome is not the ideal one for every player (used to explain a
    pairing, :mod:`dutch.explain`)."""
    return _slot_gains(graph)


def _slot_gains(graph: BracketGraph) -> dict[int, list[int]] | None:
    """Gain of each bracket player leaving the bracket (the slot's edges)."""
    n = graph.size
    if graph.mode is Mode.LAST:
        gains = {}
        for i in range(n):
            if graph.players[i].bye_allowed:
                gain = [0] * QUALITY_LEVELS
                gain[Level.COVER] = 2
                if graph.bye_unplayed:
                    gain[Level.UNPLAYED] = -graph.players[i].unplayed  # C9
                gains[i] = gain
        return gains
    return _following_bracket_values(graph)


def _following_bracket_values(graph: BracketGraph) -> dict[int, list[int]] | None:
    """C.7 for a single downfloater v: the best pairing of v with the following bracket's
    residents. Only the ideal outcome is accepted (v paired with a resident, the rest
    paired as far as their number allows); otherwise ``None``."""
    n = graph.size
    count = sum(1 for kind in graph.kinds if kind is Kind.NEXT)
    near = compatibility_sets(graph.players[: n + count], graph.rules)
    residents = set(range(n, n + count))
    members = count + (1 if graph.next_bye else 0)
    adjacency = [{u - n for u in near[n + r] & residents} for r in range(count)]
    if graph.next_bye:
        eligible = {r for r in range(count) if graph.players[n + r].bye_allowed}
        for r in eligible:
            adjacency[r].add(count)
        adjacency.append(eligible)
    adjacency.append(set())  # the downfloater, vertex ``members``
    matcher = Matcher.from_adjacency(adjacency)
    size = matcher.solve()
    ideal = (members + 1) // 2
    base, point = graph.scores.base, graph.scores.point
    low = graph.scores.next_lowest
    assert low is not None
    rr_pairs = ideal - 1 - (1 if graph.next_bye else 0)
    values: dict[int, list[int]] = {}
    for v in range(n):
        partners = sorted(u - n for u in near[v] & residents)
        if not _reaches_ideal(matcher, size, partners, ideal):
            return None
        sd = graph.players[v].score - low
        gain = [0] * QUALITY_LEVELS
        gain[Level.NEXT_PAIRS] = ideal
        if graph.scores.downfloater_scores:
            # C8: v and a resident, and rr_pairs resident pairs, leave the next bracket.
            gain[Level.NEXT_PSD] = base**sd + 1 + 2 * rr_pairs
        else:
            gain[Level.NEXT_PSD] = rr_pairs * (2 * base**point - 1) + (
                base ** (sd + point) + base**point - base**sd
            )
        values[v] = gain
    return values


def _reaches_ideal(matcher: Matcher, size: int, partners: list[int], ideal: int) -> bool:
    """Whether the following bracket (matched by ``matcher``, ``size`` pairs) plus one
    newcomer (the last vertex) paired with one of ``partners`` can have ``ideal`` pairs."""
    if not partners or size + 1 < ideal:
        return False
    if size == ideal:
        return True  # the newcomer takes a partner's place; the partner's mate is left over
    mate, neighbours = matcher.mate_of, matcher.neighbours
    newcomer = matcher.n - 1
    if any(mate(r) < 0 for r in partners):
        return True
    for r in partners[:4]:
        other = mate(r)
        # A path of length 1 or 3 from the partner's mate to a free vertex.
        for x in neighbours(other):
            y = mate(x)
            if x != newcomer and (
                y < 0 or any(mate(z) < 0 for z in neighbours(y) if z != newcomer)
            ):
                return True
    for r in partners:
        matcher.add_edge(newcomer, r)
    try:
        for r in partners[:4]:
            snapshot = matcher.snapshot()
            other = matcher.take_over(newcomer, r)
            found = matcher.augment(other)
            matcher.restore(snapshot)
            if found:
                return True
        return False
    finally:
        for r in partners:
            matcher.remove_edge(newcomer, r)


# -- types, prices and the tight graph ---------------------------------------------------------


def _type_key(graph: BracketGraph, v: int, histories: bool) -> Hashable:
    p = graph.players[v]
    pref = p.preference
    return (
        graph.kinds[v],
        p.score,
        pref.colour,
        pref.strength,
        pref.difference,
        p.topscorer,
        p.float_last,
        p.float_before_last,
        p.bye_allowed,
        p.unplayed,
        p.colours if histories else None,
    )


def _tight_graph(
    graph: BracketGraph,
    adjacency: list[set[int]],
    slot_gains: dict[int, list[int]],
    floaters: int,
) -> list[set[int]] | None:
    """Adjacency of the tight pairs over the bracket's players plus the slot (vertex
    ``size``), or ``None`` when they have no perfect matching."""
    n = graph.size
    histories = any(p.topscorer for p in graph.players[:n])
    keys: dict[Hashable, int] = {}
    type_of = []
    members: list[list[int]] = []
    for v in range(n):
        key = _type_key(graph, v, histories)
        t = keys.setdefault(key, len(keys))
        if t == len(members):
            members.append([])
        members[t].append(v)
        type_of.append(t)
    slot_type = len(members) if floaters else -1
    sizes = [len(m) for m in members] + ([1] if floaters else [])
    gains: dict[tuple[int, int], list[int]] = {}
    for t in range(len(members)):
        for u in range(t, len(members)):
            if t == u and len(members[t]) < 2:
                continue
            a, b = members[t][0], members[u][1 if t == u else 0]
            a, b = min(a, b), max(a, b)
            if histories and colour_cost_depends_on_rank(
                graph.players[a], graph.players[b], graph.rules.initial
            ):
                return None
            gain = graph.gain(a, b, check_c1=False)
            if gain is not None:
                gains[(t, u)] = gain
        if floaters:
            slot = slot_gains.get(members[t][0])
            if slot is not None:
                gains[(t, slot_type)] = slot
    multipliers = pack(list(gains.values()), n + 2)
    weights = {key: packed(g, multipliers) for key, g in gains.items()}
    prices = type_prices(sizes, weights)
    if prices is None:
        return None
    tight_types: list[set[int]] = [set() for _ in sizes]
    for (t, u), w in weights.items():
        if prices[t] + prices[u] == 2 * w:
            tight_types[t].add(u)
            tight_types[u].add(t)
    reach = [
        set().union(*(members[u] for u in tight_types[t] if u != slot_type))
        for t in range(len(members))
    ]
    # Where every player of the bracket is reachable, the adjacency set itself (no copy).
    tight = [
        adjacency[v] if len(reach[type_of[v]]) == n else adjacency[v] & reach[type_of[v]]
        for v in range(n)
    ]
    if floaters:
        slot_edges = {v for v in range(n) if slot_type in tight_types[type_of[v]]}
        for v in slot_edges:
            tight[v].add(n)
        tight.append(slot_edges)
    return tight


# -- following the generation order inside the tight graph -------------------------------------


class _Search:
    """Decisions in generation order, each checked against the tight graph."""

    def __init__(self, graph: BracketGraph, tight: list[set[int]], with_slot: bool) -> None:
        self.graph = graph
        self.tight = tight
        self.n = graph.size
        self.slot = graph.size if with_slot else -1
        self.pairs: list[tuple[int, int]] = []
        self.done: set[int] = set()
        """Vertices already paired for good."""

    def run(self) -> list[tuple[int, int]] | None:
        adjacency = self.tight
        matcher = _perfect(adjacency, range(len(adjacency)), self.done)
        if matcher is None:
            return None
        mdps = self.graph.mdp_count
        if mdps:
            found = self._mdp_pairing(adjacency)
            if found is None:
                return None
            adjacency, matcher = found
        remainder = [v for v in range(mdps, self.n) if v not in self.done]
        members = set(remainder)
        paired = sum(1 for v in remainder if matcher.mate_of(v) in members) // 2
        if not self._remainder(adjacency, remainder, paired):
            return None
        return self.pairs

    def _mdp_pairing(self, adjacency: list[set[int]]) -> tuple[list[set[int]], Matcher] | None:
        """D.3: the first set of paired MDPs (lowest BSNs), then D.1: each S1 MDP with the
        first resident that keeps a perfect matching."""
        mdps = self.graph.mdp_count
        residents = set(range(mdps, self.n))
        s1 = []
        for m in range(mdps):
            paired = _restricted(adjacency, {m: residents})
            if _perfect(paired, range(len(adjacency)), self.done) is not None:
                adjacency = paired
                s1.append(m)
            else:
                adjacency = _restricted(adjacency, {m: {self.slot}})
        matcher = _perfect(adjacency, [*s1, *range(mdps, len(adjacency))], self.done)
        if matcher is None:
            return None
        for m in s1:
            self._commit_first(matcher, adjacency, m)
        return adjacency, matcher

    def _remainder(self, adjacency: list[set[int]], remainder: list[int], n1: int) -> bool:
        """B.6: S1R = the first ``n1`` remainder players; try the original subgroups, then
        D.2 exchanges of one player each way. The remainder is numbered 1, 2, ... as a
        bracket of its own (D preamble, B.7): its positions are its BSNs."""
        positions = list(range(len(remainder)))
        for s1_at, s2_at in _exchanges(positions[:n1], positions[n1:]):
            new_s1 = [remainder[k] for k in s1_at]
            new_s2 = [remainder[k] for k in s2_at]
            allowed = self._partition(adjacency, new_s1, new_s2)
            first = set(new_s1)
            order = [v for v in range(len(adjacency)) if v not in first]
            matcher = _perfect(allowed, [*new_s1, *order], self.done)
            if matcher is not None:
                for v in new_s1:
                    self._commit_first(matcher, allowed, v)
                return True
        return False

    def _partition(self, adjacency: list[set[int]], s1: list[int], s2: list[int]) -> list[set[int]]:
        """S1 players are paired with S2 players; S2 players with S1 players or the slot."""
        s1_set, s2_set = set(s1), set(s2)
        limits: dict[int, set[int]] = {v: s2_set for v in s1}
        outside = s1_set | {self.slot} if self.slot >= 0 else s1_set
        limits.update({v: outside for v in s2})
        return _restricted(adjacency, limits)

    def _commit_first(self, matcher: Matcher, adjacency: list[set[int]], v: int) -> None:
        """Pair ``v`` with the smallest partner keeping a perfect matching (D.1)."""
        current = matcher.mate_of(v)
        for u in sorted(adjacency[v]):
            if u == current:
                break
            if matcher.is_active(u) and matcher.rematch(v, u):
                break
        partner = matcher.retire_pair(v)
        self.pairs.append((min(v, partner), max(v, partner)))
        self.done.update((v, partner))


def _restricted(adjacency: list[set[int]], limits: dict[int, set[int]]) -> list[set[int]]:
    """A copy of ``adjacency`` where vertex v keeps only neighbours in ``limits[v]``
    (symmetrically)."""
    out = list(adjacency)
    for v, allowed in limits.items():
        out[v] = adjacency[v] & allowed
    for v in limits:
        for u in adjacency[v] - out[v]:
            if out[u] is adjacency[u]:
                out[u] = set(adjacency[u])
            out[u].discard(v)
    return out


def _perfect(adjacency: list[set[int]], order: list[int] | range, skip: set[int]) -> Matcher | None:
    """A perfect matching of the vertices not in ``skip`` (greedy in ``order``, each vertex
    with its smallest free neighbour, then augmenting paths), or ``None``."""
    matcher = Matcher.from_adjacency(adjacency)
    for v in skip:
        matcher.deactivate(v)
    return matcher if matcher.solve_greedy(order) else None


def _exchanges(s1: list[int], s2: list[int]) -> Iterator[tuple[list[int], list[int]]]:
    """The original subgroups, then one-for-one exchanges in D.2 order (smallest BSN
    difference, then the highest player leaving S1, then the lowest entering)."""
    yield s1, s2
    swaps = sorted((y - x, -x, y, x) for x in s1 for y in s2)
    for _, _, y, x in swaps[:EXCHANGE_LIMIT]:
        yield (
            sorted([*(v for v in s1 if v != x), y]),
            sorted([*(v for v in s2 if v != y), x]),
        )
