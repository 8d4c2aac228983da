"""Maximum-cardinality matching over graphs given as bit masks (issue 27): vertex ``v``'s
neighbours are the set bits of ``adjacency[v]``, a Python integer.

A bracket of 5,000 players has 12 million edges: as adjacency sets they take gigabytes, as
bit masks 3 MiB, and the set operations a search needs (the unreached neighbours of a vertex,
its outer neighbours outside its own blossom) run over machine words instead of one vertex at
a time. :class:`BitMatcher` keeps a matching, repairs it by Edmonds' augmenting-path search
and answers the question the Dutch generation order asks for every S1 player (D.1): with
whom can ``v`` be paired so that everybody else can still be paired? One search answers it
for every partner at once (:meth:`BitMatcher.feasible_partners`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator


def bits(mask: int) -> Iterator[int]:
    """The set bits of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def mask_of(vertices: Iterable[int]) -> int:
    """The bit mask of a set of vertices."""
    mask = 0
    for v in vertices:
        mask |= 1 << v
    return mask


def lowest(mask: int) -> int:
    """The lowest set bit of a non-zero ``mask``."""
    return (mask & -mask).bit_length() - 1


class BitMatcher:
    """A matching of an undirected graph given by bit masks (symmetric, no loops), repaired
    by augmenting paths as vertices leave the graph."""

    def __init__(self, adjacency: list[int]) -> None:
        self.n = len(adjacency)
        self.adjacency = adjacency
        """``adjacency[v]``: the mask of ``v``'s neighbours (the matcher owns the list)."""
        self._mate = [-1] * self.n
        self._active = (1 << self.n) - 1
        """The mask of the vertices still in the graph."""
        self._free = self._active
        """The mask of the active vertices without a mate."""

    # -- reading ----------------------------------------------------------------------------

    def mate_of(self, v: int) -> int:
        """``v``'s partner, -1 when ``v`` is free or inactive."""
        return self._mate[v]

    def is_active(self, v: int) -> bool:
        return bool(self._active >> v & 1)

    def has_edge(self, u: int, v: int) -> bool:
        return bool(self.adjacency[u] >> v & 1)

    @property
    def active_mask(self) -> int:
        """The vertices still in the graph."""
        return self._active

    @property
    def free_mask(self) -> int:
        """The active vertices without a mate."""
        return self._free

    @property
    def size(self) -> int:
        return (self._active & ~self._free).bit_count() // 2

    def is_perfect(self, allow_one_free: bool = False) -> bool:
        return self._free.bit_count() <= (1 if allow_one_free else 0)

    # -- edits ------------------------------------------------------------------------------

    def deactivate(self, v: int) -> int:
        """Take ``v`` out of the graph; returns its former mate (now free) or -1."""
        bit = 1 << v
        self._active &= ~bit
        self._free &= ~bit
        m = self._mate[v]
        if m >= 0:
            self._mate[m] = self._mate[v] = -1
            self._free |= 1 << m
        return m

    def add_edge(self, u: int, v: int) -> None:
        if u != v:
            self.adjacency[u] |= 1 << v
            self.adjacency[v] |= 1 << u

    def remove_edge(self, u: int, v: int) -> None:
        """Delete an edge; if it was matched, both ends become free."""
        self.adjacency[u] &= ~(1 << v)
        self.adjacency[v] &= ~(1 << u)
        if self._mate[u] == v:
            self._unmatch(u, v)

    def _match(self, u: int, v: int) -> None:
        self._mate[u], self._mate[v] = v, u
        self._free &= ~((1 << u) | (1 << v))

    def _unmatch(self, u: int, v: int) -> None:
        self._mate[u] = self._mate[v] = -1
        self._free |= (1 << u) | (1 << v)

    # -- matching ---------------------------------------------------------------------------

    def solve_greedy(self, order: Iterable[int]) -> bool:
        """Match along ``order`` each free active vertex with its smallest free neighbour,
        then complete by augmenting paths; whether the matching is perfect on the active
        vertices (the search stops at the first vertex left free)."""
        adjacency = self.adjacency
        for v in order:
            if self._free >> v & 1:
                candidates = adjacency[v] & self._free
                if candidates:
                    self._match(v, lowest(candidates))
        while self._free:
            if not self.augment(lowest(self._free)):
                return False
        return True

    def solve(self) -> int:
        """Grow the matching to a maximum one; returns its size."""
        self.solve_greedy(range(self.n))
        for v in bits(self._free):
            if self._free >> v & 1:
                self.augment(v)
        return self.size

    def augment(self, root: int) -> bool:
        """Search for an augmenting path from free vertex ``root`` and flip it (Edmonds)."""
        return self._search(root)[0]

    def outer_vertices(self, root: int) -> int:
        """The mask of the vertices an even alternating path joins to free ``root`` when no
        augmenting path starts there (the search then changes nothing); with ``root`` the only
        free vertex, exactly those ``u`` for which the graph without ``u`` has a perfect
        matching (Gallai-Edmonds). Raises ``ValueError`` if an augmenting path exists."""
        found, outer = self._search(root)
        if found:
            raise ValueError("outer_vertices needs a maximum matching")
        return outer

    def _search(self, root: int) -> tuple[bool, int]:
        """Edmonds' search from ``root``: (augmented, mask of the outer vertices)."""
        adjacency, mate = self.adjacency, self._mate
        parent: dict[int, int] = {}
        """Odd vertex -> the outer vertex it was reached from; outer vertex inside a blossom
        -> the vertex it was joined to across the blossom (to walk augmenting paths)."""
        rep: dict[int, int] = {root: root}
        """Union-find over the outer vertices: each blossom is one set."""
        base: dict[int, int] = {root: root}
        """Union-find root -> the blossom's base."""
        members: dict[int, int] = {root: 1 << root}
        """Union-find root -> the mask of the blossom's vertices."""

        def find(x: int) -> int:
            r = x
            while rep[r] != r:
                r = rep[r]
            while rep[x] != r:
                rep[x], x = r, rep[x]
            return r

        def base_of(x: int) -> int:
            # Odd vertices are their own base until a blossom makes them outer.
            return base[find(x)] if x in rep else x

        def lca(a: int, b: int) -> int:
            seen = set()
            while True:
                a = base_of(a)
                seen.add(a)
                if mate[a] < 0:
                    break
                a = parent[mate[a]]
            while True:
                b = base_of(b)
                if b in seen:
                    return b
                b = parent[mate[b]]

        def walk(v: int, b: int, child: int, bases: list[int]) -> None:
            while base_of(v) != b:
                bases.append(base_of(v))
                bases.append(base_of(mate[v]))
                parent[v] = child
                child = mate[v]
                v = parent[mate[v]]

        unreached = self._active & ~(1 << root)
        outer = 1 << root
        queue = [root]
        head = 0
        while head < len(queue):
            v = queue[head]
            head += 1
            new = adjacency[v] & unreached
            while new:
                low = new & -new
                new ^= low
                if not unreached & low:
                    continue
                u = low.bit_length() - 1
                parent[u] = v
                w = mate[u]
                if w < 0:
                    while u >= 0:
                        pv = parent[u]
                        nxt = mate[pv]
                        self._match(u, pv)
                        u = nxt
                    return True, 0
                unreached &= ~(low | 1 << w)
                outer |= 1 << w
                rep[w] = w
                base[w] = w
                members[w] = 1 << w
                queue.append(w)
            while True:
                own = find(v)
                across = adjacency[v] & outer & ~members[own]
                if not across:
                    break
                u = lowest(across)
                b = lca(v, u)
                bases: list[int] = []
                walk(v, b, u, bases)
                walk(u, b, v, bases)
                top = find(b)
                merged = members[top]
                for x in bases:
                    if x in rep:
                        r = find(x)
                        if r != top:
                            merged |= members.pop(r)
                            rep[r] = top
                    else:  # an odd vertex becomes outer
                        rep[x] = top
                        merged |= 1 << x
                        outer |= 1 << x
                        queue.append(x)
                members[top] = merged
                base[top] = b
        return False, outer

    # -- decisions --------------------------------------------------------------------------

    def feasible_partners(self, v: int) -> int:
        """With the matching perfect on the active vertices: the mask of ``v``'s neighbours
        ``u`` such that the active vertices without ``v`` and ``u`` still have a perfect
        matching. One search: from ``v``'s mate, ``v`` taken out (Gallai-Edmonds)."""
        mate = self._mate[v]
        if mate < 0:
            raise ValueError("feasible_partners needs a perfect matching on the active vertices")
        active = self._active
        self._unmatch(v, mate)
        self._active &= ~(1 << v)
        self._free &= ~(1 << v)
        outer = self.outer_vertices(mate)
        self._active = active
        self._match(v, mate)
        return self.adjacency[v] & outer

    def rematch(self, v: int, u: int) -> bool:
        """Change the perfect matching of the active vertices so that ``v`` and ``u`` are
        matched, if the others can stay perfectly matched; otherwise change nothing."""
        a, b = self._mate[v], self._mate[u]
        if a == u:
            return True
        snapshot = list(self._mate), self._active, self._free
        self._unmatch(v, a)
        self._unmatch(u, b)
        self._match(v, u)
        self._active &= ~((1 << v) | (1 << u))
        ok = self.has_edge(a, b)
        if ok:
            self._match(a, b)
        else:
            ok = self.augment(a) and (self._mate[b] >= 0 or self.augment(b))
        if ok:
            self._active |= (1 << v) | (1 << u)
            return True
        self._mate[:] = snapshot[0]
        self._active, self._free = snapshot[1], snapshot[2]
        return False

    def retire_pair(self, v: int) -> int:
        """Take matched ``v`` and its mate out of the graph for good; returns the mate."""
        partner = self._mate[v]
        if partner < 0:
            raise ValueError("retire_pair needs a matched vertex")
        self._mate[v] = self._mate[partner] = -1
        self._active &= ~((1 << v) | (1 << partner))
        return partner

    def take_over(self, v: int, u: int) -> int:
        """Match free ``v`` with ``u`` (an edge), freeing ``u``'s former mate; returns that mate
        (-1 if ``u`` was free)."""
        former = self._mate[u]
        if former >= 0:
            self._unmatch(u, former)
        self._match(v, u)
        return former

    def snapshot(self) -> tuple[list[int], int, int]:
        return list(self._mate), self._active, self._free

    def restore(self, snap: tuple[list[int], int, int]) -> None:
        self._mate[:] = snap[0]
        self._active, self._free = snap[1], snap[2]
