"""Choosing a bracket's upfloaters (C.04.4.1, 2018, B.1-B.2, criteria C.4-C.10, order D.1).

B.1: the minimum number of upfloaters that lets the residents be paired legally (C.1, C.3)
while the rest of the round stays pairable (C.4). B.2: among the sets of that size, the
first in D.1 order (containers best-first by C.6, lexicographic inside) whose bracket pairs
best by C.5-C.10.

The text enumerates every set; here the search is pruned:

* the number of upfloaters starts at the bound ``residents - 2 * (largest pairing among
  the residents)``: every resident not paired with another one needs an upfloater;
* with the minimum number, every upfloater meets a resident, so players with no legal
  opponent among the residents are never candidates;
* containers are visited best-first and the first one holding a legal set ends the search;
* inside a container, C.7-C.10 are bounded from below by a sum over the members (C.7 is
  at least half the White/Black imbalance of the bracket, C.8-C.10 are sums), so sets are
  generated lazily in order of that bound and the search stops as soon as no remaining set
  can beat the best one found; each set costs two matching checks (the bracket, and the
  rest of the round through an incrementally repaired matching).
"""

from __future__ import annotations

import heapq
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import product

from pairing.engine.dubov_graph import LegalGraph, LocalMatcher
from pairing.engine.dubov_order import containers
from pairing.engine.dubov_players import DubovPlayer
from pairing.engine.errors import NoValidPairing

Quality = tuple[int, int, int, int]
"""(C.7 colour-preference violations, C.8 maximum upfloaters, C.9 their upfloats so far,
C.10 upfloaters who upfloated in the previous round); smaller is better."""


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

    def choose(self) -> tuple[DubovPlayer, ...]:
        """B.1 + B.2: the chosen upfloaters, in D.1 order."""
        snap = self.rest.snapshot()
        self.rest.without(self.resident_ids)
        try:
            return self._choose()
        finally:
            self.rest.restore(snap)

    def _choose(self) -> tuple[DubovPlayer, ...]:
        n = len(self.residents)
        least = n - 2 * self.graph.max_pairs(self.resident_ids)  # B.1 lower bound
        resident_set = set(self.resident_ids)
        # With the minimum number of upfloaters, each one meets a resident.
        candidates = [i for i, p in enumerate(self.pool) if self.graph.adj[p.id] & resident_set]
        for size in range(least, len(self.pool) + 1, 2):
            choice = self._best_of_size(size, candidates if size else [])
            if choice is not None:
                return choice.members
        raise NoValidPairing(
            "B.1: the residents of a scoregroup cannot be paired with any set of upfloaters"
        )

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

    def _best_in_container(self, quotas: list[tuple[list[int], int]]) -> Choice | None:
        best: Choice | None = None
        for bound, positions in self._sets_by_bound(quotas):
            if best is not None and (bound, positions) > (best.quality, best.positions):
                break  # no later set can be better
            choice = self._evaluate(positions)
            if choice is None:
                continue
            if best is None or (choice.quality, positions) < (best.quality, best.positions):
                best = choice
        return best

    def _sets_by_bound(
        self, quotas: list[tuple[list[int], int]]
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
            streams = [_sets_with(order, groups, need) for need in by_bound[bound]]
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
        if not self.rest.perfect_without(p.id for p in members):
            return None
        bracket = [*self.residents, *members]
        whites = {p.id for p in bracket if p.wants_white}
        blacks = {p.id for p in bracket} - whites
        smaller = whites if len(whites) <= len(blacks) else blacks
        inside = self.graph.min_pairs_inside([p.id for p in bracket], smaller)
        if inside is None:
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
    order: list[int], groups: list[tuple[int, FloatType]], need: dict[tuple[int, FloatType], int]
) -> Iterator[tuple[int, ...]]:
    """The sets of positions (from ``order``, ascending) taking exactly ``need[g]`` members of
    each group g, in lexicographic order."""
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
                yield from walk(jj + 1)
                chosen.pop()
            left[g] += 1
            if any(suffix[jj + 1][h] < c for h, c in left.items()):
                return

    yield from walk(0)


def choose_upfloaters(
    graph: LegalGraph,
    residents: Sequence[DubovPlayer],
    lower: Sequence[DubovPlayer],
    last_round: bool,
    remaining: LocalMatcher | None = None,
) -> tuple[DubovPlayer, ...]:
    """B.1-B.2: the upfloaters joining ``residents`` (possibly none).

    ``remaining``: a maximum matching of exactly the residents and ``lower`` (built here if
    not given); it is left as it was."""
    if remaining is None:
        remaining = graph.matcher([p.id for p in (*residents, *lower)])
    return UpfloaterSearch(graph, residents, lower, last_round, remaining).choose()
