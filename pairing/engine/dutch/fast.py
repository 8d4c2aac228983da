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
    compatibility_masks,
    max_pairs_of_masks,
    pack,
    packed,
)
from pairing.engine.dutch.lp import type_prices
from pairing.engine.matching.bitset import BitMatcher, bits, lowest, mask_of

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
    adjacency = graph.adjacency_masks()
    pairs = max_pairs_of_masks(adjacency)
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
    near = compatibility_masks(graph.players[: n + count], graph.rules)
    residents = ((1 << count) - 1) << n
    members = count + (1 if graph.next_bye else 0)
    adjacency = [(near[n + r] & residents) >> n for r in range(count)]
    if graph.next_bye:
        eligible = mask_of(r for r in range(count) if graph.players[n + r].bye_allowed)
        for r in bits(eligible):
            adjacency[r] |= 1 << count
        adjacency.append(eligible)
    adjacency.append(0)  # the downfloater, vertex ``members``
    matcher = BitMatcher(adjacency)
    size = matcher.solve()
    shortcuts: dict[int, bool] = {}
    ideal = (members + 1) // 2
    base, point = graph.scores.base, graph.scores.point
    low = graph.scores.next_lowest
    assert low is not None
    rr_pairs = ideal - 1 - (1 if graph.next_bye else 0)
    values: dict[int, list[int]] = {}
    for v in range(n):
        partners = (near[v] & residents) >> n
        if not _reaches_ideal(matcher, size, partners, ideal, shortcuts):
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


def _reaches_ideal(
    matcher: BitMatcher, size: int, partners: int, ideal: int, shortcuts: dict[int, bool]
) -> bool:
    """Whether the following bracket (matched by ``matcher``, ``size`` pairs) plus one
    newcomer (the last vertex) paired with one of ``partners`` (a mask) can have ``ideal``
    pairs. ``shortcuts`` remembers, per resident, whether its mate reaches a free vertex by
    a path of length 1 or 3 (the same for every newcomer)."""
    if not partners or size + 1 < ideal:
        return False
    if size == ideal:
        return True  # the newcomer takes a partner's place; the partner's mate is left over
    newcomer = matcher.n - 1
    free = matcher.free_mask & ~(1 << newcomer)
    if partners & free:
        return True
    first: list[int] = []
    for r in bits(partners):
        if len(first) == 4:
            break
        first.append(r)
    for r in first:
        if r not in shortcuts:
            shortcuts[r] = _short_path_to_free(matcher, matcher.mate_of(r), free)
        if shortcuts[r]:
            return True
    for r in bits(partners):
        matcher.add_edge(newcomer, r)
    try:
        for r in first:
            snapshot = matcher.snapshot()
            other = matcher.take_over(newcomer, r)
            found = matcher.augment(other)
            matcher.restore(snapshot)
            if found:
                return True
        return False
    finally:
        for r in bits(partners):
            matcher.remove_edge(newcomer, r)


def _short_path_to_free(matcher: BitMatcher, start: int, free: int) -> bool:
    """Whether ``start`` has a free neighbour, or a neighbour whose mate has one."""
    adjacency = matcher.adjacency
    if adjacency[start] & free:
        return True
    return any(adjacency[matcher.mate_of(x)] & free for x in bits(adjacency[start]))


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
    adjacency: list[int],
    slot_gains: dict[int, list[int]],
    floaters: int,
) -> list[int] | None:
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
    type_masks = [mask_of(m) for m in members]
    reach = [0] * len(members)
    for t in range(len(members)):
        for u in tight_types[t]:
            if u != slot_type:
                reach[t] |= type_masks[u]
    tight = [adjacency[v] & reach[type_of[v]] for v in range(n)]
    if floaters:
        slot_edges = mask_of(v for v in range(n) if slot_type in tight_types[type_of[v]])
        for v in bits(slot_edges):
            tight[v] |= 1 << n
        tight.append(slot_edges)
    return tight


# -- following the generation order inside the tight graph -------------------------------------


class _Search:
    """Decisions in generation order, each checked against the tight graph (bit masks)."""

    def __init__(self, graph: BracketGraph, tight: list[int], with_slot: bool) -> None:
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

    def _mdp_pairing(self, adjacency: list[int]) -> tuple[list[int], BitMatcher] | None:
        """D.3: the first set of paired MDPs (lowest BSNs), then D.1: each S1 MDP with the
        first resident that keeps a perfect matching."""
        mdps = self.graph.mdp_count
        residents = ((1 << (self.n - mdps)) - 1) << mdps
        slot = 1 << self.slot if self.slot >= 0 else 0
        s1 = []
        for m in range(mdps):
            paired = _restricted(adjacency, {m: residents})
            if _perfect(paired, range(len(adjacency)), self.done) is not None:
                adjacency = paired
                s1.append(m)
            else:
                adjacency = _restricted(adjacency, {m: slot})
        matcher = _perfect(adjacency, [*s1, *range(mdps, len(adjacency))], self.done)
        if matcher is None:
            return None
        for m in s1:
            self._commit_first(matcher, m)
        return adjacency, matcher

    def _remainder(self, adjacency: list[int], remainder: list[int], n1: int) -> bool:
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
                    self._commit_first(matcher, v)
                return True
        return False

    def _partition(self, adjacency: list[int], s1: list[int], s2: list[int]) -> list[int]:
        """S1 players are paired with S2 players; S2 players with S1 players or the slot."""
        s1_mask, s2_mask = mask_of(s1), mask_of(s2)
        outside = s1_mask | (1 << self.slot if self.slot >= 0 else 0)
        limits = dict.fromkeys(s1, s2_mask)
        limits.update(dict.fromkeys(s2, outside))
        return _restricted(adjacency, limits)

    def _commit_first(self, matcher: BitMatcher, v: int) -> None:
        """Pair ``v`` with the smallest partner keeping a perfect matching (D.1): its
        current mate, or the smallest neighbour if one swap of mates pairs it, or the
        smallest of the partners one search finds possible."""
        current = matcher.mate_of(v)
        first = lowest(matcher.adjacency[v] & matcher.active_mask)
        if first != current:
            if matcher.has_edge(current, matcher.mate_of(first)):
                matcher.rematch(v, first)
            else:
                chosen = lowest(matcher.feasible_partners(v))
                if chosen != current:
                    matched = matcher.rematch(v, chosen)
                    assert matched, "a feasible partner is always matched"
        partner = matcher.retire_pair(v)
        self.pairs.append((min(v, partner), max(v, partner)))
        self.done.update((v, partner))


def _restricted(adjacency: list[int], limits: dict[int, int]) -> list[int]:
    """A copy of ``adjacency`` where vertex v keeps only neighbours in the mask
    ``limits[v]`` (symmetrically)."""
    out = list(adjacency)
    limited_by: dict[int, int] = {}
    """Each allowed mask -> the vertices limited to it."""
    for v, allowed in limits.items():
        out[v] = adjacency[v] & allowed
        limited_by[allowed] = limited_by.get(allowed, 0) | 1 << v
    everyone = (1 << len(adjacency)) - 1
    for allowed, limited in limited_by.items():
        for u in bits(everyone & ~allowed):
            out[u] &= ~limited
    return out


def _perfect(adjacency: list[int], order: list[int] | range, skip: set[int]) -> BitMatcher | None:
    """A perfect matching of the vertices not in ``skip`` (greedy in ``order``, each vertex
    with its smallest free neighbour, then augmenting paths), or ``None``."""
    matcher = BitMatcher(adjacency)
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
