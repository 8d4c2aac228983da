"""Maximum-cardinality matching in general graphs (Edmonds' blossom algorithm), kept and
repaired between decisions.

The pairing systems ask one question again and again: "if these two players are paired,
can everybody else still be paired?" Solving a matching from scratch for each question
is far too slow for big fields, so :class:`Matcher` keeps a maximum matching and repairs it
with a single augmenting-path search when a vertex or an edge is taken away.

Vertices are ``0..n-1``; the graph is given as adjacency sets that the matcher owns.
"""

from __future__ import annotations

from collections.abc import Iterable


class Matcher:
    """A maximum matching of an undirected graph that can shrink vertex by vertex."""

    def __init__(self, n: int, edges: Iterable[tuple[int, int]] = ()) -> None:
        self.n = n
        self.adj: list[set[int]] = [set() for _ in range(n)]
        self.mate: list[int] = [-1] * n
        self.active: list[bool] = [True] * n
        for u, v in edges:
            self.add_edge(u, v)

    # -- graph edits ------------------------------------------------------------------------

    def add_edge(self, u: int, v: int) -> None:
        if u != v:
            self.adj[u].add(v)
            self.adj[v].add(u)

    def remove_edge(self, u: int, v: int) -> None:
        """Delete an edge; if it was matched, both ends become free (call :meth:`repair`)."""
        self.adj[u].discard(v)
        self.adj[v].discard(u)
        if self.mate[u] == v:
            self.mate[u] = self.mate[v] = -1

    def deactivate(self, v: int) -> int:
        """Take a vertex out of the graph; returns its former mate (now free) or -1."""
        self.active[v] = False
        m = self.mate[v]
        if m >= 0:
            self.mate[m] = -1
            self.mate[v] = -1
        return m

    def activate(self, v: int) -> None:
        self.active[v] = True

    def has_edge(self, u: int, v: int) -> bool:
        """Whether ``u`` and ``v`` are adjacent (the dense-graph methods ask through this, so a
        subclass may answer without materialised adjacency sets)."""
        return v in self.adj[u]

    def neighbours(self, v: int) -> set[int]:
        """The adjacency set of ``v`` (see :meth:`has_edge`)."""
        return self.adj[v]

    # -- matching ---------------------------------------------------------------------------

    @property
    def size(self) -> int:
        return sum(1 for v in range(self.n) if self.active[v] and self.mate[v] > v)

    @property
    def active_count(self) -> int:
        return sum(self.active)

    def free_vertices(self) -> list[int]:
        return [v for v in range(self.n) if self.active[v] and self.mate[v] < 0]

    def solve(self) -> int:
        """Grow the current matching to a maximum one; returns its size."""
        for v in range(self.n):
            if self.active[v] and self.mate[v] < 0:
                for u in self.adj[v]:
                    if self.active[u] and self.mate[u] < 0:
                        self.mate[u], self.mate[v] = v, u
                        break
        for v in range(self.n):
            if self.active[v] and self.mate[v] < 0:
                self.augment(v)
        return self.size

    def solve_dense(self, order: Iterable[int] | None = None) -> int:
        """:meth:`solve` for dense graphs, where one augmenting-path search is costly: match
        greedily along ``order`` (default: vertex order), each free vertex with the first free
        neighbour after it; then join the vertices left free two by two through a path of length
        1 or 3, through a matched edge as late in ``order`` as possible; search for augmenting
        paths only for those still free. Returns the size."""
        mate, has_edge = self.mate, self.has_edge
        vertices = range(self.n) if order is None else order
        pending = [v for v in vertices if self.active[v] and mate[v] < 0]
        for i, v in enumerate(pending):
            if mate[v] < 0:
                for k in range(i + 1, len(pending)):
                    u = pending[k]
                    if mate[u] < 0 and has_edge(v, u):
                        mate[u], mate[v] = v, u
                        break
        left = [v for v in pending if mate[v] < 0]
        for i, a in enumerate(left):
            for k in range(i + 1, len(left)):
                if mate[a] >= 0:
                    break
                if mate[left[k]] < 0:
                    self._short_augment(a, left[k], reversed(pending))
        for v in left:
            if mate[v] < 0:
                self.augment(v)
        return self.size

    def repair(self, free: Iterable[int]) -> int:
        """After removals, try to re-match the given newly free vertices (one augmenting-path
        search each); returns the matching size.

        The result is maximum only if the matching was maximum before the removals: then every
        augmenting path of the smaller graph ends at a newly freed vertex (Berge), so searching
        from those suffices. Otherwise repair from :meth:`free_vertices` or call :meth:`solve`.
        """
        for v in free:
            if v >= 0 and self.active[v] and self.mate[v] < 0:
                self.augment(v)
        return self.size

    def is_perfect(self, allow_one_free: bool = False) -> bool:
        free = len(self.free_vertices())
        return free == 0 or (allow_one_free and free == 1)

    def snapshot(self) -> tuple[list[int], list[bool]]:
        return list(self.mate), list(self.active)

    def restore(self, snap: tuple[list[int], list[bool]]) -> None:
        self.mate, self.active = list(snap[0]), list(snap[1])

    def augment(self, root: int) -> bool:
        """Search for an augmenting path from free vertex ``root`` and flip it (Edmonds)."""
        n, adj, mate, active = self.n, self.adj, self.mate, self.active
        parent = [-1] * n
        base = list(range(n))
        in_tree = [False] * n
        in_tree[root] = True
        queue = [root]
        head = 0

        def lca(a: int, b: int) -> int:
            seen = set()
            while True:
                a = base[a]
                seen.add(a)
                if mate[a] < 0:
                    break
                a = parent[mate[a]]
            while True:
                b = base[b]
                if b in seen:
                    return b
                b = parent[mate[b]]

        def mark(v: int, b: int, child: int, blossom: set[int]) -> None:
            while base[v] != b:
                blossom.add(base[v])
                blossom.add(base[mate[v]])
                parent[v] = child
                child = mate[v]
                v = parent[mate[v]]

        while head < len(queue):
            v = queue[head]
            head += 1
            for u in adj[v]:
                if not active[u] or base[v] == base[u] or mate[v] == u:
                    continue
                if u == root or (mate[u] >= 0 and parent[mate[u]] >= 0):
                    b = lca(v, u)
                    blossom: set[int] = set()
                    mark(v, b, u, blossom)
                    mark(u, b, v, blossom)
                    for i in range(n):
                        if base[i] in blossom:
                            base[i] = b
                            if not in_tree[i]:
                                in_tree[i] = True
                                queue.append(i)
                elif parent[u] < 0:
                    parent[u] = v
                    if mate[u] < 0:
                        while u >= 0:
                            pv = parent[u]
                            nxt = mate[pv]
                            mate[u], mate[pv] = pv, u
                            u = nxt
                        return True
                    in_tree[mate[u]] = True
                    queue.append(mate[u])
        return False

    def commit_pair(self, u: int, v: int, via: Iterable[int] | None = None) -> bool:
        """Match ``u`` with ``v`` for good and take both out of the graph, if that leaves every
        other active vertex matchable; otherwise change nothing and return ``False``.

        The current matching must be perfect on the active vertices; it stays so. The mates
        freed by taking ``u`` and ``v`` out are re-matched with each other, or through one
        matched edge (looked for among ``via`` if given, e.g. the vertices whose pairs should
        rather be disturbed), or by one augmenting-path search (the only expensive case)."""
        mate, active = self.mate, self.active
        if not (active[u] and active[v]) or not self.has_edge(u, v):
            return False
        mu, mv = mate[u], mate[v]
        if mu < 0 or mv < 0:
            raise ValueError("commit_pair needs a perfect matching on the active vertices")
        active[u] = active[v] = False
        mate[u] = mate[v] = -1
        if mu == v:
            return True
        mate[mu] = mate[mv] = -1
        if self._short_augment(mu, mv, via) or self.augment(mu):
            return True
        mate[u], mate[mu], mate[v], mate[mv] = mu, u, mv, v
        active[u] = active[v] = True
        return False

    def _short_augment(self, a: int, b: int, via: Iterable[int] | None = None) -> bool:
        """Join free vertices ``a`` and ``b`` by an augmenting path of length 1 or 3; the middle
        (matched) edge is looked for from the vertices ``via`` (default: ``a``'s neighbours)."""
        mate, active, has_edge = self.mate, self.active, self.has_edge
        if has_edge(a, b):
            mate[a], mate[b] = b, a
            return True
        for x in self.neighbours(a) if via is None else via:
            if active[x] and (via is None or has_edge(a, x)):
                y = mate[x]
                if y >= 0 and has_edge(b, y):
                    mate[a], mate[x], mate[y], mate[b] = x, a, b, y
                    return True
        return False


def maximum_matching(n: int, edges: Iterable[tuple[int, int]]) -> list[int]:
    """A maximum-cardinality matching: ``mate[v]`` is v's partner or -1."""
    m = Matcher(n, edges)
    m.solve()
    return m.mate


def has_perfect_matching(
    n: int, edges: Iterable[tuple[int, int]], allow_one_free: bool = False
) -> bool:
    m = Matcher(n, edges)
    m.solve()
    return m.is_perfect(allow_one_free)
