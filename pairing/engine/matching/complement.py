"""A maximum-cardinality matcher over a graph given by what it lacks (issue 27).

A Swiss round of thousands of players is nearly complete: a player may meet everybody except
the few opponents already met (the *gaps*) and, by an absolute colour preference, the players
with the same one (the *classes*). Stored as adjacency sets, a 10,000-player round holds 50
million edges; here the memory is linear in the players and the gaps, and neighbours are
listed on the fly. A further filter on pairs (``allowed``, e.g. "one player from each half")
narrows the graph without materialising it either.

The searches are those of :class:`~pairing.engine.matching.cardinality.DenseMatcher`; two
changes keep them cheap on dense graphs: the matching is grown greedily along a caller-chosen order
before any augmenting-path search (:meth:`Matcher.solve_dense`), and no search is started
while fewer than two vertices are free (an augmenting path joins two free vertices; without
this shortcut, proving the one free vertex of an odd field unmatchable lists every edge).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from pairing.engine.matching.cardinality import DenseMatcher

PairFilter = Callable[[int, int], bool]
"""A symmetric test on two vertices: may they be matched (besides gaps and classes)?"""


class ComplementMatcher(DenseMatcher):
    """A :class:`DenseMatcher` where ``u`` and ``v`` are adjacent unless ``v`` is in
    ``gaps[u]``, both have the same class (``None``: no class), or ``allowed(u, v)`` is false;
    its neighbour lists skip inactive vertices."""

    def __init__(
        self,
        gaps: list[set[int]],
        classes: list[object | None],
        allowed: PairFilter | None = None,
    ) -> None:
        super().__init__(gaps, classes)
        self.allowed = allowed

    def has_edge(self, u: int, v: int) -> bool:
        return super().has_edge(u, v) and (self.allowed is None or self.allowed(u, v))

    def _listed(self, v: int) -> Iterator[int]:
        """The active neighbours of ``v``, in vertex order, computed anew."""
        active, has_edge = self._active, self.has_edge
        return (u for u in range(self.n) if active[u] and has_edge(v, u))

    def repair(self, free: Iterable[int]) -> int:
        """:meth:`Matcher.repair`, cheaply where the graph is dense: the free vertices among
        ``free`` are first matched with each other (greedily, then each remaining two through
        one matched edge next to the first), and only those still free start an
        augmenting-path search."""
        mate, active, has_edge = self._mate, self._active, self.has_edge
        pending = [v for v in free if v >= 0 and active[v] and mate[v] < 0]
        for i, v in enumerate(pending):
            if mate[v] < 0:
                for u in pending[i + 1 :]:
                    if mate[u] < 0 and has_edge(v, u):
                        mate[u], mate[v] = v, u
                        break
        left = [v for v in pending if mate[v] < 0]
        for i, a in enumerate(left):
            for b in left[i + 1 :]:
                if mate[a] >= 0:
                    break
                if mate[b] < 0:
                    self._through_one_pair(a, b)
        for v in left:
            if mate[v] < 0:
                self.augment(v)
        return self.size

    def _through_one_pair(self, a: int, b: int) -> bool:
        """Match free ``a`` and ``b`` through a matched pair ``x``-``y`` with ``x`` next to
        ``a`` and ``y`` next to ``b`` (an augmenting path of length 3); one pass over ``a``'s
        neighbours."""
        mate, has_edge = self._mate, self.has_edge
        for x in self._listed(a):
            y = mate[x]
            if y >= 0 and has_edge(b, y):
                mate[a], mate[x], mate[y], mate[b] = x, a, b, y
                return True
        return False

    def augment(self, root: int) -> bool:
        """:meth:`Matcher.augment`, not even started when ``root`` is the only free vertex."""
        mate, active = self._mate, self._active
        if not any(active[v] and mate[v] < 0 for v in range(self.n) if v != root):
            return False
        return super().augment(root)
