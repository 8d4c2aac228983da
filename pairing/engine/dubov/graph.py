"""The legal-pairing graph of a Dubov round and the matching questions asked about it.

Two players may be paired when C.1 (no rematch, no forbidden pair) and C.3 (not the same
absolute colour preference) allow it. Every "can this still yield a legal pairing?" question
of sections B and C is a perfect-matching question on a subgraph, answered with
:class:`~pairing.engine.matching.complement.ComplementMatcher` (unweighted, incremental, in
memory linear in the players); only the minimum number
of pairs inside one subgroup (B.4, C.7) needs a weighted matching.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from typing import TypeVar

from pairing.engine.core.state import PlayerId
from pairing.engine.matching.complement import ComplementMatcher

EdgeFilter = Callable[[PlayerId, PlayerId], bool]
T = TypeVar("T")


class LegalGraph:
    """Who may be paired with whom in the round being paired (C.1, C.3), kept as what is not
    allowed: per player the few others C.1 bars (``gaps``) and the absolute colour
    preference, if any (``side``: C.3 bars two players with the same one). Memory is linear
    in the players and their games, never quadratic (issue 27)."""

    def __init__(self, ids: Iterable[PlayerId], legal: EdgeFilter) -> None:
        """The graph of the pairs ``legal`` allows (asked once per pair: small graphs)."""
        self.ids: list[PlayerId] = list(ids)
        gaps: dict[PlayerId, set[PlayerId]] = {i: set() for i in self.ids}
        for n, a in enumerate(self.ids):
            for b in self.ids[n + 1 :]:
                if not legal(a, b):
                    gaps[a].add(b)
                    gaps[b].add(a)
        self.gaps: dict[PlayerId, frozenset[PlayerId]] = {i: frozenset(s) for i, s in gaps.items()}
        self.side: dict[PlayerId, object | None] = dict.fromkeys(self.ids)

    @classmethod
    def from_gaps(
        cls,
        ids: Iterable[PlayerId],
        gaps: dict[PlayerId, frozenset[PlayerId]],
        side: dict[PlayerId, object | None],
    ) -> LegalGraph:
        """The graph where ``a`` and ``b`` may meet unless ``b`` is in ``gaps[a]`` (symmetric)
        or ``side[a]`` is ``side[b]`` and not None."""
        graph = cls.__new__(cls)
        graph.ids = list(ids)
        graph.gaps = gaps
        graph.side = side
        return graph

    def legal(self, a: PlayerId, b: PlayerId) -> bool:
        if a == b or b in self.gaps[a]:
            return False
        s = self.side[a]
        return s is None or self.side[b] is not s

    def has_partner_among(self, a: PlayerId, members: Collection[PlayerId]) -> bool:
        """Some member of ``members`` (not ``a``) may meet ``a``; linear in ``a``'s gaps when
        ``members`` is a :class:`Group` (a set that knows its absolute preferences)."""
        if not isinstance(members, Group):
            return any(self.legal(a, b) for b in members)
        s = self.side[a]
        same = members.sides[s] if s is not None else 0
        barred = sum(
            1 for b in self.gaps[a] if b in members and (s is None or self.side[b] is not s)
        )
        itself = a in members and s is None  # with a preference, ``a`` is among ``same``
        return len(members) - itself - same - barred > 0

    def group(self, members: Iterable[PlayerId]) -> Group:
        """``members`` as a :class:`Group` of this graph."""
        return Group(members, self.side)

    def edges_among(
        self, vertices: Sequence[PlayerId], allowed: EdgeFilter | None = None
    ) -> Iterator[tuple[PlayerId, PlayerId]]:
        """Every legal pair of ``vertices`` (that ``allowed`` allows), each once: quadratic,
        for the weighted questions of small brackets."""
        for n, a in enumerate(vertices):
            for b in vertices[n + 1 :]:
                if self.legal(a, b) and (allowed is None or allowed(a, b)):
                    yield a, b

    def matcher(
        self, vertices: Sequence[PlayerId], allowed: EdgeFilter | None = None
    ) -> LocalMatcher:
        """A solved maximum matching of the subgraph induced by ``vertices`` (and ``allowed``);
        the matching is first grown greedily along ``vertices``, so an order where neighbours
        follow each other (e.g. alternating the two sides of a split) keeps it linear."""
        return LocalMatcher(self, vertices, allowed)

    def perfect(self, vertices: Sequence[PlayerId], allowed: EdgeFilter | None = None) -> bool:
        """A legal pairing of all of ``vertices`` exists (using only ``allowed`` pairs)."""
        if len(vertices) % 2:
            return False
        return self.matcher(vertices, allowed).perfect()

    def max_pairs(self, vertices: Sequence[PlayerId]) -> int:
        """The largest number of legal pairs among ``vertices``."""
        return self.matcher(vertices).size()

    def min_pairs_inside(
        self,
        vertices: Sequence[PlayerId],
        inside: Collection[PlayerId],
        allowed: EdgeFilter | None = None,
    ) -> int | None:
        """The fewest pairs with both players in ``inside`` over all legal pairings of
        ``vertices`` (using only ``allowed`` pairs); ``None`` when there is no such pairing.

        An unweighted matching settles the usual answer 0; otherwise a maximum-weight
        matching (pairs inside weigh 0, the others 1) among the perfect ones gives it."""
        if len(vertices) % 2:
            return None

        def outside(a: PlayerId, b: PlayerId) -> bool:
            return (a not in inside or b not in inside) and (allowed is None or allowed(a, b))

        if self.perfect(alternating(vertices, inside), outside):
            return 0
        if not self.perfect(vertices, allowed):
            return None
        import networkx as nx  # only here: its import costs more than most pairings

        g = nx.Graph()
        g.add_nodes_from(vertices)
        for a, b in self.edges_among(vertices, allowed):
            g.add_edge(a, b, weight=0 if a in inside and b in inside else 1)
        mate = nx.max_weight_matching(g, maxcardinality=True)
        return sum(1 for a, b in mate if a in inside and b in inside)


class Group(frozenset[PlayerId]):
    """A set of players that knows how many of them hold each absolute colour preference."""

    sides: Counter[object | None]

    def __new__(cls, members: Iterable[PlayerId], side: dict[PlayerId, object | None]) -> Group:
        group = super().__new__(cls, members)
        group.sides = Counter(side[p] for p in group)
        return group


def alternating(vertices: Sequence[PlayerId], first: Collection[PlayerId]) -> list[PlayerId]:
    """``vertices`` reordered to alternate members of ``first`` and the others (each in their
    order), the longer side's surplus at the end: an order in which a greedy matching of a
    graph that mostly joins the two sides finds each partner next door."""
    ones = [v for v in vertices if v in first]
    others = [v for v in vertices if v not in first]
    out = [v for pair in zip(ones, others, strict=False) for v in pair]
    k = min(len(ones), len(others))
    return out + ones[k:] + others[k:]


class LocalMatcher:
    """A :class:`ComplementMatcher` over a subset of players, addressed by player id."""

    def __init__(
        self, graph: LegalGraph, vertices: Sequence[PlayerId], allowed: EdgeFilter | None
    ) -> None:
        self.ids = ids = list(vertices)
        self.index = index = {pid: i for i, pid in enumerate(ids)}
        gaps = [{index[b] for b in graph.gaps[a] if b in index} for a in ids]
        classes = [graph.side[a] for a in ids]
        local = None if allowed is None else (lambda u, v: allowed(ids[u], ids[v]))
        m = ComplementMatcher(gaps, classes, local)
        m.solve()
        self.m = m

    def size(self) -> int:
        return self.m.size

    def snapshot(self) -> tuple[list[int], list[bool]]:
        return self.m.snapshot()

    def restore(self, snap: tuple[list[int], list[bool]]) -> None:
        self.m.restore(snap)

    def perfect(self) -> bool:
        return self.m.is_perfect()

    def mate(self, pid: PlayerId) -> PlayerId | None:
        j = self.m.mate_of(self.index[pid])
        return None if j < 0 else self.ids[j]

    def without(self, removed: Iterable[PlayerId]) -> bool:
        """Take players out for good; True when the others still have a perfect matching.

        The matching stays maximum: one augmenting-path search from every free vertex, the
        newly freed ones and those free before (an augmentation from a newly freed vertex
        can open a path between two vertices that were free before)."""
        for pid in removed:
            self.m.deactivate(self.index[pid])
        self.m.repair(self.m.free_vertices())
        return self.perfect()

    def perfect_without(self, removed: Iterable[PlayerId]) -> bool:
        """Would the others still have a perfect matching without ``removed``? (No change.)"""
        snap = self.m.snapshot()
        ok = self.without(removed)
        self.m.restore(snap)
        return ok

    def fix_pair(self, a: PlayerId, b: PlayerId) -> bool:
        """Pair ``a`` with ``b`` if everybody else can still be paired; True when done."""
        if self.mate(a) == b:
            # A matched pair leaves a maximum matching maximum: an augmenting path of the
            # rest would be one of the whole graph.
            self.m.deactivate(self.index[a])
            self.m.deactivate(self.index[b])
            return True
        snap = self.m.snapshot()
        if self.without((a, b)):
            return True
        self.m.restore(snap)
        return False

    def refilter(self, pid: PlayerId) -> bool:
        """The ``allowed`` filter changed for pairs holding ``pid``: unpair ``pid`` if its pair
        is now barred, and repair; True when the matching is perfect again. The matching must be
        perfect before. Pairs allowed anew are not looked at: to undo a barring, change the
        filter back, call this again and restore a snapshot taken before."""
        i = self.index[pid]
        j = self.m.mate_of(i)
        if j < 0 or self.m.has_edge(i, j):
            return j >= 0
        self.m.remove_edge(i, j)  # unpairs both, and the gap it leaves is
        self.m.add_edge(i, j)  # filled again at once: only the filter bars the pair
        self.m.repair([i, j])  # an augmenting path joins the two newly free players
        return self.m.mate_of(i) >= 0 and self.m.mate_of(j) >= 0


def first_subset(
    pool: Sequence[T], size: int, try_include: Callable[[T], bool], exclude: Callable[[T], None]
) -> list[T]:
    """The lexicographically first set of ``size`` members of ``pool`` (D.0.c) that works,
    chosen member by member: ``try_include(p)`` keeps ``p`` when some completion of the choice
    so far still works, ``exclude(p)`` leaves it out for good. The caller guarantees that the
    empty choice has a completion; then one question per pool member suffices (instead of one
    per set)."""
    included: list[T] = []
    for n, p in enumerate(pool):
        if len(included) == size:
            break
        if len(pool) - n == size - len(included):
            included.extend(pool[n:])  # every remaining member is needed
            break
        if try_include(p):
            included.append(p)
        else:
            exclude(p)
    return included
