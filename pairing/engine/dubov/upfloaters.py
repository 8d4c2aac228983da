"""Choosing a bracket's upfloaters (C.04.4.1, 2018, B.1-B.2, criteria C.4-C.10, order D.1).

B.1: the minimum number of upfloaters that lets the residents be paired legally (C.1, C.3)
while the rest of the round stays pairable (C.4). B.2: among the sets of that size, the
first in D.1 order (containers best-first by C.6, lexicographic inside) whose bracket pairs
best by C.5-C.10.

With the minimum number of upfloaters, a set is legal exactly when some legal pairing of the
residents and all lower players pairs the set's members with residents and nobody else with
a resident (two upfloaters paired together could both be dropped). The text enumerates every
set; here the search is pruned:

* the number of upfloaters starts at the larger of two bounds: every resident not paired
  with another resident needs one, and every lower player left over by the largest pairing
  of the lower players must be one;
* players with no legal opponent among the residents are never candidates;
* containers are visited best-first and the first one holding a legal set ends the search;
* inside a container, C.7-C.10 are bounded from below by a sum over the members (C.7 is
  at least half the White/Black imbalance of the bracket, C.8-C.10 are sums), so sets are
  generated lazily in order of that bound and the search stops as soon as no remaining set
  can beat the best one found; each set costs two matching checks (the bracket, and the
  rest of the round through an incrementally repaired matching).

When many sets in a row turn out illegal (C.4 failing deep in a long tournament), the
search restarts in exact mode: one maximum-weight matching of residents and lower players,
with each resident-lower pair costing more the lower the upfloater's score, yields at once
the minimum number of upfloaters (C.5) and the best container (C.6); sets inside that
container are then generated only along branches that the same weighted matching, with
the choices so far imposed, proves completable.
"""

from __future__ import annotations

import heapq
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from itertools import product

from pairing.engine.core.errors import NoValidPairing
from pairing.engine.dubov.graph import LegalGraph, LocalMatcher
from pairing.engine.dubov.order import containers
from pairing.engine.dubov.players import DubovPlayer
from pairing.engine.dubov.trace import Alternative, UpfloatTrace

Quality = tuple[int, int, int, int]
"""(C.7 colour-preference violations, C.8 maximum upfloaters, C.9 their upfloats so far,
C.10 upfloaters who upfloated in the previous round); smaller is better."""

ALTERNATIVES = 6
"""Skipped higher candidates an explanation analyses per bracket."""


@dataclass(frozen=True, slots=True)
class FloatType:
    """What an upfloater adds to the bracket's quality, before the pairing is looked at."""

    white: bool
    """Colour preference for White (C.7 counts the White/Black imbalance)."""
    maximum: int
    """C.8: 1 for a maximum upfloater."""
    times: int
    """C.9: how often that maximum upfloater has been upfloated."""
    last_round: int
    """C.10: 1 if upfloated in the previous round."""


def float_type(p: DubovPlayer, last_round: bool) -> FloatType:
    """C.8-C.10 do not apply in the last round."""
    if last_round:
        return FloatType(p.wants_white, 0, 0, 0)
    return FloatType(
        p.wants_white,
        int(p.max_upfloater),
        p.upfloats if p.max_upfloater else 0,
        int(p.upfloated_last_round),
    )


def colour_violations_bound(size: int, whites: int) -> int:
    """C.7 cannot be less than half the difference between White and Black seekers."""
    return abs(2 * whites - size) // 2


@dataclass(frozen=True, slots=True)
class Choice:
    """A legal set of upfloaters and how well its bracket pairs."""

    quality: Quality
    positions: tuple[int, ...]
    """Sequence numbers (D.1.a, 0-based) of the upfloaters."""
    members: tuple[DubovPlayer, ...]


class UpfloaterSearch:
    """B.1-B.2 for one scoregroup."""

    def __init__(
        self,
        graph: LegalGraph,
        residents: Sequence[DubovPlayer],
        lower: Sequence[DubovPlayer],
        last_round: bool,
        rest: LocalMatcher,
        fast_budget: int = 64,
    ) -> None:
        self.graph = graph
        self.residents = list(residents)
        # D.1.a: sequence numbers by score, then initial ranking.
        self.pool = sorted(lower, key=lambda p: (-p.score, p.tpn))
        self.last_round = last_round
        self.rest = rest
        """A maximum matching of the lower players (the residents taken out during the
        search): C.4 asks whether it stays perfect without a set of upfloaters."""
        self.resident_ids = [p.id for p in self.residents]
        self.resident_whites = sum(p.wants_white for p in self.residents)
        self.fast_budget = fast_budget
        self.budget: int | None = fast_budget
        """Illegal sets the fast search may still meet (None: exact mode, no limit)."""

    def choose(self) -> tuple[DubovPlayer, ...]:
        """B.1 + B.2: the chosen upfloaters, in D.1 order."""
        snap = self.rest.snapshot()
        self.rest.without(self.resident_ids)
        try:
            return self._choose()
        finally:
            self.rest.restore(snap)

    def explain(self, chosen: Sequence[DubovPlayer], trace: UpfloatTrace) -> None:
        """Fill ``trace``: the bounds on the number of upfloaters, the chosen set's quality,
        and for each possible upfloater ranked above a chosen one (D.1.a) but not chosen,
        the criterion that rejects the set holding it instead (up to ``ALTERNATIVES``)."""
        snap = self.rest.snapshot()
        self.rest.without(self.resident_ids)
        try:
            self._explain(chosen, trace)
        finally:
            self.rest.restore(snap)

    def _explain(self, chosen: Sequence[DubovPlayer], trace: UpfloatTrace) -> None:
        self.budget = None
        trace.pool_scores = tuple(p.score for p in self.pool)
        trace.residents_alone = len(self.residents) - 2 * self.graph.max_pairs(self.resident_ids)
        trace.rest_bound = len(self.pool) - 2 * self.rest.size()
        index = {p.id: i for i, p in enumerate(self.pool)}
        positions = tuple(sorted(index[p.id] for p in chosen))
        best = self._evaluate(positions) if positions else None
        trace.quality = None if best is None else best.quality
        if best is None:
            return
        taken = set(positions)
        skipped = [i for i in range(positions[-1]) if i not in taken]
        for q in skipped[:ALTERNATIVES]:
            # Sets ahead of the chosen one in D.1 order: q in place of the first chosen
            # member after it with its score (the same container), and in place of the last
            # member when that one scores less (a better container by C.6).
            score = self.pool[q].score
            same = [i for i in positions if i > q and self.pool[i].score == score]
            replaced = same[:1]
            if self.pool[positions[-1]].score < score:
                replaced.append(positions[-1])
            for out in replaced:
                other = tuple(sorted((taken - {out}) | {q}))
                trace.alternatives.append(self._alternative(q, out, other, best.quality))
        trace.more_alternatives = max(0, len(skipped) - ALTERNATIVES)

    def _alternative(
        self, q: int, out: int, positions: tuple[int, ...], best: Quality
    ) -> Alternative:
        player, instead_of = self.pool[q], self.pool[out]
        members = [self.pool[i] for i in positions]
        bracket = [p.id for p in (*self.residents, *members)]
        if not self.graph.perfect(bracket):
            return Alternative(player, instead_of, "C.1/C.3")
        if not self.rest.perfect_without(p.id for p in members):
            return Alternative(player, instead_of, "C.4")
        choice = self._evaluate(positions)
        assert choice is not None
        for k, (theirs, ours) in enumerate(zip(choice.quality, best, strict=True)):
            if theirs != ours:
                criterion = f"C.{7 + k}" if theirs > ours else "D.1"
                return Alternative(player, instead_of, criterion, choice.quality)
        return Alternative(player, instead_of, "D.1", choice.quality)

    def _choose(self) -> tuple[DubovPlayer, ...]:
        if self.fast_budget < 0:
            return self._exact()
        try:
            return self._fast()
        except _Exhausted:
            return self._exact()

    def _fast(self) -> tuple[DubovPlayer, ...]:
        n = len(self.residents)
        # B.1 lower bounds: residents left over by their largest pairing among themselves,
        # lower players left over by theirs (C.4).
        least = max(
            n - 2 * self.graph.max_pairs(self.resident_ids),
            len(self.pool) - 2 * self.rest.size(),
        )
        resident_set = self.graph.group(self.resident_ids)
        # With the minimum number of upfloaters, each one meets a resident.
        candidates = [
            i for i, p in enumerate(self.pool) if self.graph.has_partner_among(p.id, resident_set)
        ]
        self.budget = self.fast_budget
        for size in range(least, len(self.pool) + 1, 2):
            choice = self._best_of_size(size, candidates if size else [])
            if choice is not None:
                return choice.members
        raise NoValidPairing(
            "B.1: the residents of a scoregroup cannot be paired with any set of upfloaters"
        )

    def _exact(self) -> tuple[DubovPlayer, ...]:
        """B.1-B.2 through weighted matchings (see the module docstring)."""
        self.budget = None
        oracle = ContainerOracle(self.graph, self.residents, self.pool)
        counts = oracle.best_container()
        if counts is None:
            raise NoValidPairing(
                "B.1: the residents of a scoregroup cannot be paired with any set of upfloaters"
            )
        levels: dict[int, list[int]] = {}
        for i, p in enumerate(self.pool):
            levels.setdefault(p.score, []).append(i)
        quotas = [(ix, counts[s]) for s, ix in levels.items() if counts.get(s)]
        choice = self._best_in_container(quotas, oracle.completable)
        if choice is None:  # pragma: no cover - the oracle proved the container non-empty
            raise NoValidPairing("B.2: no legal set in the best container")
        return choice.members

    def _best_of_size(self, size: int, candidates: list[int]) -> Choice | None:
        """B.2 for a given number of upfloaters (C.5): the first container (C.6) holding a
        legal set decides; inside it, the best quality, then the first set (D.1)."""
        levels: list[tuple[int, list[int]]] = []
        for i in candidates:
            s = self.pool[i].score
            if levels and levels[-1][0] == s:
                levels[-1][1].append(i)
            else:
                levels.append((s, [i]))
        for container in containers([(s, len(ix)) for s, ix in levels], size):
            choice = self._best_in_container(
                [(ix, k) for (_, ix), k in zip(levels, container, strict=True) if k]
            )
            if choice is not None:
                return choice
        return None

    def _best_in_container(
        self, quotas: list[tuple[list[int], int]], prune: Prune | None = None
    ) -> Choice | None:
        best: Choice | None = None
        for bound, positions in self._sets_by_bound(quotas, prune):
            if best is not None and (bound, positions) > (best.quality, best.positions):
                break  # no later set can be better
            choice = self._evaluate(positions)
            if choice is None:
                continue
            if best is None or (choice.quality, positions) < (best.quality, best.positions):
                best = choice
        return best

    def _sets_by_bound(
        self, quotas: list[tuple[list[int], int]], prune: Prune | None
    ) -> Iterator[tuple[Quality, tuple[int, ...]]]:
        """Every set of the container (``quotas``: positions of each score level and how many
        to take), ordered by the lower bound of its quality, then lexicographically."""
        types = {i: float_type(self.pool[i], self.last_round) for ix, _ in quotas for i in ix}
        per_level = []
        for ix, k in quotas:
            available = Counter(types[i] for i in ix)
            per_level.append(list(_distributions(sorted(available.items(), key=repr), k)))
        by_bound: dict[Quality, list[dict[tuple[int, FloatType], int]]] = {}
        for combo in product(*per_level):
            need = {(lv, ft): c for lv, dist in enumerate(combo) for ft, c in dist.items() if c}
            bound = self._bound(need)
            by_bound.setdefault(bound, []).append(need)
        level_of = {i: lv for lv, (ix, _) in enumerate(quotas) for i in ix}
        order = sorted(level_of)
        groups = [(level_of[i], types[i]) for i in order]
        for bound in sorted(by_bound):
            streams = [_sets_with(order, groups, need, prune) for need in by_bound[bound]]
            for positions in heapq.merge(*streams):
                yield bound, positions

    def _bound(self, need: dict[tuple[int, FloatType], int]) -> Quality:
        size = len(self.residents) + sum(need.values())
        whites = self.resident_whites + sum(c for (_, ft), c in need.items() if ft.white)
        return (
            colour_violations_bound(size, whites),
            sum(c * ft.maximum for (_, ft), c in need.items()),
            sum(c * ft.times for (_, ft), c in need.items()),
            sum(c * ft.last_round for (_, ft), c in need.items()),
        )

    def _evaluate(self, positions: tuple[int, ...]) -> Choice | None:
        """C.4 (the rest stays pairable), C.1/C.3 (the bracket pairs), then C.7-C.10."""
        members = tuple(self.pool[i] for i in positions)
        bracket = [*self.residents, *members]
        whites = {p.id for p in bracket if p.wants_white}
        blacks = {p.id for p in bracket} - whites
        smaller = whites if len(whites) <= len(blacks) else blacks
        inside = None
        if self.rest.perfect_without(p.id for p in members):
            inside = self.graph.min_pairs_inside([p.id for p in bracket], smaller)
        if inside is None:
            if self.budget is not None:
                self.budget -= 1
                if self.budget < 0:
                    raise _Exhausted
            return None
        c7 = 2 * inside + abs(len(whites) - len(blacks)) // 2
        types = [float_type(p, self.last_round) for p in members]
        quality = (
            c7,
            sum(ft.maximum for ft in types),
            sum(ft.times for ft in types),
            sum(ft.last_round for ft in types),
        )
        return Choice(quality, positions, members)


def _distributions(
    available: list[tuple[FloatType, int]], k: int
) -> Iterator[dict[FloatType, int]]:
    """Ways to take ``k`` players from groups of the given sizes."""
    if not available:
        if k == 0:
            yield {}
        return
    (ft, n), rest = available[0], available[1:]
    for c in range(min(n, k), -1, -1):
        for d in _distributions(rest, k - c):
            yield {ft: c, **d}


def _sets_with(
    order: list[int],
    groups: list[tuple[int, FloatType]],
    need: dict[tuple[int, FloatType], int],
    prune: Prune | None = None,
) -> Iterator[tuple[int, ...]]:
    """The sets of positions (from ``order``, ascending) taking exactly ``need[g]`` members of
    each group g, in lexicographic order; with ``prune``, only along branches where
    ``prune(chosen, skipped)`` holds (skipped: positions passed over, left out of the set)."""
    relevant = [n for n, g in enumerate(groups) if g in need]
    # suffix[j][g]: members of group g among relevant[j:].
    suffix: list[Counter[tuple[int, FloatType]]] = [Counter() for _ in range(len(relevant) + 1)]
    for j in range(len(relevant) - 1, -1, -1):
        suffix[j] = suffix[j + 1].copy()
        suffix[j][groups[relevant[j]]] += 1
    left = dict(need)
    chosen: list[int] = []
    total = sum(need.values())

    def walk(j: int) -> Iterator[tuple[int, ...]]:
        if len(chosen) == total:
            yield tuple(chosen)
            return
        for jj in range(j, len(relevant)):
            g = groups[relevant[jj]]
            if not left[g]:
                continue
            left[g] -= 1
            if all(suffix[jj + 1][h] >= c for h, c in left.items()):
                chosen.append(order[relevant[jj]])
                if prune is None or prune(chosen, order[: relevant[jj]]):
                    yield from walk(jj + 1)
                chosen.pop()
            left[g] += 1
            if any(suffix[jj + 1][h] < c for h, c in left.items()):
                return

    yield from walk(0)


class _Exhausted(Exception):
    """The fast search met too many illegal sets: switch to exact mode."""


Prune = Callable[[list[int], list[int]], bool]
"""(chosen positions, positions passed over) -> can the choice still be completed?"""


class ContainerOracle:
    """Exact answers to B.1/B.2 questions by maximum-weight matching over the residents and
    the lower players (``pool`` in D.1 order).

    A pairing's cost counts its resident-lower pairs: each costs ``big`` (C.5: fewer
    upfloaters first) plus ``base ** rank`` where the lowest score level has the highest
    rank (C.6: fewest upfloaters from the lowest level, then the next, ...). The cheapest
    perfect pairing therefore names the minimum number of upfloaters and the best container.
    """

    def __init__(
        self, graph: LegalGraph, residents: Sequence[DubovPlayer], pool: Sequence[DubovPlayer]
    ) -> None:
        self.graph = graph
        self.residents = {p.id for p in residents}
        self.pool = list(pool)
        self.score = {p.id: p.score for p in pool}
        levels = sorted(set(self.score.values()))  # ascending
        self.base = len(self.pool) + 1
        self.level_cost = {s: self.base ** (len(levels) - 1 - i) for i, s in enumerate(levels)}
        self.big = self.base ** len(levels)
        self.top = self.big * (len(self.residents) + len(self.pool) + 2)
        self.vertices = [*self.residents, *self.score]
        self.best_cost = self.cheapest(set(), set())
        self.cache: dict[tuple[int, ...], bool] = {}

    def cheapest(self, forced: set[int], banned: set[int]) -> int | None:
        """The cost of the cheapest legal pairing of everybody in which the ``forced`` lower
        players meet residents and the ``banned`` ones do not; None if there is none."""
        import networkx as nx  # only here: its import costs more than most pairings

        g = nx.Graph()
        g.add_nodes_from(self.vertices)
        for a, b in self.graph.edges_among(self.vertices):
            a_res, b_res = a in self.residents, b in self.residents
            if a_res and b_res:
                g.add_edge(a, b, weight=self.top)
            elif not a_res and not b_res:
                if a not in forced and b not in forced:
                    g.add_edge(a, b, weight=self.top)
            else:
                lower = b if a_res else a
                if lower not in banned:
                    g.add_edge(a, b, weight=self.top - self.cost(lower))
        mate = nx.max_weight_matching(g, maxcardinality=True)
        if 2 * len(mate) != len(self.vertices):
            return None
        return sum(
            self.cost(b if a in self.residents else a)
            for a, b in mate
            if (a in self.residents) != (b in self.residents)
        )

    def cost(self, lower: int) -> int:
        return self.big + self.level_cost[self.score[lower]]

    def best_container(self) -> dict[int, int] | None:
        """Upfloaters per score level of the best container (C.5, C.6); None if the
        residents cannot be paired at all."""
        if self.best_cost is None:
            return None
        rest = self.best_cost % self.big
        counts = {}
        for s, unit in self.level_cost.items():
            counts[s] = (rest // unit) % self.base
        return counts

    def completable(self, chosen: list[int], skipped: list[int]) -> bool:
        """Is there a legal set of the best container holding the ``chosen`` pool positions
        and none of the ``skipped`` ones?"""
        key = tuple(chosen)
        if key not in self.cache:
            forced = {self.pool[i].id for i in chosen}
            banned = {self.pool[i].id for i in skipped} - forced
            self.cache[key] = self.cheapest(forced, banned) == self.best_cost
        return self.cache[key]


def choose_upfloaters(
    graph: LegalGraph,
    residents: Sequence[DubovPlayer],
    lower: Sequence[DubovPlayer],
    last_round: bool,
    remaining: LocalMatcher | None = None,
    fast_budget: int = 64,
    trace: UpfloatTrace | None = None,
) -> tuple[DubovPlayer, ...]:
    """B.1-B.2: the upfloaters joining ``residents`` (possibly none).

    ``remaining``: a maximum matching of exactly the residents and ``lower`` (built here if
    not given); it is left as it was. ``fast_budget``: illegal sets the fast search may meet
    before exact mode takes over (negative: exact mode at once). ``trace`` (when given)
    receives what an explanation needs (:meth:`UpfloaterSearch.explain`)."""
    if remaining is None:
        remaining = graph.matcher([p.id for p in (*residents, *lower)])
    search = UpfloaterSearch(graph, residents, lower, last_round, remaining, fast_budget)
    chosen = search.choose()
    if trace is not None:
        search.explain(chosen, trace)
    return chosen
