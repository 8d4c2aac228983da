"""Maximum-cardinality matching in general graphs (Edmonds' blossom algorithm), kept and
repaired between decisions.

The pairing systems ask one question again and again: "if these two players are paired,
can everybody else still be paired?" Solving a matching from scratch for each question
is far too slow for big fields, so :class:`Matcher` keeps a maximum matching and repairs it
with a single augmenting-path search when a vertex or an edge is taken away.

Vertices are ``0..n-1``; the graph is given as adjacency sets that the matcher owns.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator


class Matcher:
    """A maximum matching of an undirected graph that can shrink vertex by vertex."""

    def __init__(self, n: int, edges: Iterable[tuple[int, int]] = ()) -> None:
        self.n = n
        self._adj: list[set[int]] = [set() for _ in range(n)]
        self._mate: list[int] = [-1] * n
        self._active: list[bool] = [True] * n
        for u, v in edges:
            self.add_edge(u, v)

    @classmethod
    def from_adjacency(cls, adjacency: list[set[int]]) -> Matcher:
        """A matcher over ``adjacency`` (symmetric sets, ``v`` not in ``adjacency[v]``), with
        nothing matched yet. The matcher takes the sets over: edge edits change them."""
        matcher = cls(len(adjacency))
        matcher._adj = adjacency
        return matcher

    # -- reading ----------------------------------------------------------------------------

    def mate_of(self, v: int) -> int:
        """``v``'s partner in the current matching, -1 when ``v`` is free or inactive."""
        return self._mate[v]

    def is_active(self, v: int) -> bool:
        """Whether ``v`` is still in the graph (see :meth:`deactivate`)."""
        return self._active[v]

    # -- graph edits ------------------------------------------------------------------------

    def add_edge(self, u: int, v: int) -> None:
        if u != v:
            self._adj[u].add(v)
            self._adj[v].add(u)

    def remove_edge(self, u: int, v: int) -> None:
        """Delete an edge; if it was matched, both ends become free (call :meth:`repair`)."""
        self._adj[u].discard(v)
        self._adj[v].discard(u)
        if self._mate[u] == v:
            self._mate[u] = self._mate[v] = -1

    def deactivate(self, v: int) -> int:
        """Take a vertex out of the graph; returns its former mate (now free) or -1."""
        self._active[v] = False
        m = self._mate[v]
        if m >= 0:
            self._mate[m] = -1
            self._mate[v] = -1
        return m

    def has_edge(self, u: int, v: int) -> bool:
        """Whether ``u`` and ``v`` are adjacent (the dense-graph methods ask through this, so a
        subclass may answer without materialised adjacency sets)."""
        return v in self._adj[u]

    def neighbours(self, v: int) -> set[int]:
        """The adjacency set of ``v`` (see :meth:`has_edge`)."""
        return self._adj[v]

    # -- matching ---------------------------------------------------------------------------

    @property
    def size(self) -> int:
        return sum(1 for v in range(self.n) if self._active[v] and self._mate[v] > v)

    def free_vertices(self) -> list[int]:
        return [v for v in range(self.n) if self._active[v] and self._mate[v] < 0]

    def solve(self) -> int:
        """Grow the current matching to a maximum one; returns its size."""
        for v in range(self.n):
            if self._active[v] and self._mate[v] < 0:
                for u in self._adj[v]:
                    if self._active[u] and self._mate[u] < 0:
                        self._mate[u], self._mate[v] = v, u
                        break
        for v in range(self.n):
            if self._active[v] and self._mate[v] < 0:
                self.augment(v)
        return self.size

    def solve_dense(self, order: Iterable[int] | None = None) -> int:
        """:meth:`solve` for dense graphs, where one augmenting-path search is costly: match
        greedily along ``order`` (default: vertex order), each free vertex with the first free
        neighbour after it; then join the vertices left free two by two through a path of length
        1 or 3, through a matched edge as late in ``order`` as possible; search for augmenting
        paths only for those still free. Returns the size."""
        mate, has_edge = self._mate, self.has_edge
        vertices = range(self.n) if order is None else order
        pending = [v for v in vertices if self._active[v] and mate[v] < 0]
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
            if v >= 0 and self._active[v] and self._mate[v] < 0:
                self.augment(v)
        return self.size

    def is_perfect(self, allow_one_free: bool = False) -> bool:
        free = len(self.free_vertices())
        return free == 0 or (allow_one_free and free == 1)

    def snapshot(self) -> tuple[list[int], list[bool]]:
        """The matching and the active vertices, to go back to with :meth:`restore` (edge
        edits are not recorded)."""
        return list(self._mate), list(self._active)

    def restore(self, snap: tuple[list[int], list[bool]]) -> None:
        """Back to a :meth:`snapshot`, in place."""
        self._mate[:] = snap[0]
        self._active[:] = snap[1]

    def augment(self, root: int) -> bool:
        """Search for an augmenting path from free vertex ``root`` and flip it (Edmonds)."""
        n, adj, mate, active = self.n, self._adj, self._mate, self._active
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
        mate, active = self._mate, self._active
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

    def solve_greedy(self, order: Iterable[int]) -> bool:
        """Match along ``order``, each free active vertex with its smallest free active
        neighbour, then complete by augmenting paths; whether the matching is perfect on the
        active vertices (the search stops at the first vertex left free)."""
        mate, active, adj = self._mate, self._active, self._adj
        for v in order:
            if mate[v] < 0 and active[v]:
                for u in sorted(adj[v]):
                    if mate[u] < 0 and active[u]:
                        mate[v], mate[u] = u, v
                        break
        return all(mate[v] >= 0 or not active[v] or self.augment(v) for v in range(self.n))

    def rematch(self, v: int, u: int) -> bool:
        """Change the perfect matching of the active vertices so that ``v`` and ``u`` are
        matched, if the others can stay perfectly matched; otherwise change nothing."""
        mate, active = self._mate, self._active
        snapshot = self.snapshot()
        a, b = mate[v], mate[u]
        mate[a] = mate[b] = -1
        mate[v], mate[u] = u, v
        if self.has_edge(a, b):
            mate[a], mate[b] = b, a
            return True
        active[v] = active[u] = False
        ok = self.augment(a) and (mate[b] >= 0 or self.augment(b))
        active[v] = active[u] = True
        if ok:
            mate[v], mate[u] = u, v
            return True
        self.restore(snapshot)
        return False

    def take_over(self, v: int, u: int) -> int:
        """Match free ``v`` with ``u`` (an edge), freeing ``u``'s former mate; returns that mate
        (-1 if ``u`` was free)."""
        former = self._mate[u]
        if former >= 0:
            self._mate[former] = -1
        self._mate[v], self._mate[u] = u, v
        return former

    def retire_pair(self, v: int) -> int:
        """Take matched ``v`` and its mate out of the graph for good; returns the mate."""
        partner = self._mate[v]
        if partner < 0:
            raise ValueError("retire_pair needs a matched vertex")
        self._active[v] = self._active[partner] = False
        self._mate[v] = self._mate[partner] = -1
        return partner

    def _short_augment(self, a: int, b: int, via: Iterable[int] | None = None) -> bool:
        """Join free vertices ``a`` and ``b`` by an augmenting path of length 1 or 3; the middle
        (matched) edge is looked for from the vertices ``via`` (default: ``a``'s neighbours)."""
        mate, active, has_edge = self._mate, self._active, self.has_edge
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


class DenseMatcher(Matcher):
    """A :class:`Matcher` over a dense graph given by what it lacks, in memory linear in the
    vertices and the missing edges instead of quadratic (a 10,000-player round has 50 million
    edges): ``u`` and ``v`` are adjacent unless ``v`` is in ``gaps[u]`` or both have the same
    class (``None``: no class). Neighbours are listed on the fly, never stored; the searches
    for augmenting paths stay those of :class:`Matcher`."""

    def __init__(self, gaps: list[set[int]], classes: list[object | None]) -> None:
        super().__init__(0)
        self.n = n = len(gaps)
        self._mate = [-1] * n
        self._active = [True] * n
        self.gaps = gaps
        """``gaps[v]``: the vertices ``v`` is not adjacent to whatever the classes say."""
        self.classes = classes
        self._adj = _Listed(self)  # type: ignore[assignment]  # read by Matcher.augment

    def has_edge(self, u: int, v: int) -> bool:
        c = self.classes[u]
        return u != v and v not in self.gaps[u] and (c is None or self.classes[v] != c)

    def _listed(self, v: int) -> Iterator[int]:
        gaps, classes, c = self.gaps[v], self.classes, self.classes[v]
        return (
            u for u in range(self.n) if u != v and u not in gaps and (c is None or classes[u] != c)
        )

    def neighbours(self, v: int) -> set[int]:
        return set(self._listed(v))

    def add_edge(self, u: int, v: int) -> None:
        """Allow an edge the classes allow (a gap filled)."""
        self.gaps[u].discard(v)
        self.gaps[v].discard(u)

    def remove_edge(self, u: int, v: int) -> None:
        self.gaps[u].add(v)
        self.gaps[v].add(u)
        if self._mate[u] == v:
            self._mate[u] = self._mate[v] = -1

    def solve(self) -> int:
        return self.solve_dense()

    def repair(self, free: Iterable[int]) -> int:
        """:meth:`Matcher.repair`, the newly free vertices first matched with each other
        (greedily, then through one matched edge): an augmenting-path search lists whole
        neighbourhoods, which is what a dense graph cannot afford for every vertex."""
        return self.solve_dense([v for v in free if v >= 0])

    def solve_greedy(self, order: Iterable[int]) -> bool:
        raise NotImplementedError("a dense matcher is solved with solve_dense")


class _Listed:
    """A dense matcher's stand-in for adjacency sets: ``listed[v]`` lists ``v``'s neighbours
    anew each time (what :meth:`Matcher.augment` iterates)."""

    def __init__(self, matcher: DenseMatcher) -> None:
        self.matcher = matcher

    def __getitem__(self, v: int) -> Iterator[int]:
        return self.matcher._listed(v)
