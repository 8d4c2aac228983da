"""Maximum-weight matching in general graphs: the primal-dual blossom algorithm of Edmonds,
in the O(n^3) form of Gabow and Galil (Z. Galil, "Efficient algorithms for finding maximum
matching in graphs", ACM Computing Surveys 18, 1986).

Weights are Python integers of any size (the Dutch system packs lexicographic criteria into
them). Dual variables are kept doubled, so that every quantity stays an integer: with integer
weights all vertex duals share one parity and the slack of an edge between two outer
vertices is even.

Vocabulary: vertices ``0..n-1`` are also the trivial blossoms; non-trivial blossoms get ids
``n..2n-1``. An *endpoint* ``p`` names one end of edge ``p // 2`` (``p ^ 1`` is the other
end). Labels: ``OUTER`` (S), ``INNER`` (T), ``FREE`` (unlabelled) for top-level blossoms and
for vertices.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

FREE, OUTER, INNER, MARK = 0, 1, 2, 4


def max_weight_matching(n: int, edges: Sequence[tuple[int, int, int]]) -> list[int]:
    """A maximum-weight matching (not necessarily of maximum cardinality): ``mate[v]`` is
    v's partner or -1. Edges of weight <= 0 are never needed and are ignored."""
    kept = [(u, v, w) for u, v, w in edges if w > 0 and u != v]
    if not kept:
        return [-1] * n
    return _Matching(n, kept).solve()


class _Matching:
    """State of one run; see the module docstring for the vocabulary."""

    def __init__(self, n: int, edges: list[tuple[int, int, int]]) -> None:
        self.n = n
        self.edges = edges
        self.endpoint = [x for u, v, _ in edges for x in (u, v)]
        self.neighbour_ends: list[list[int]] = [[] for _ in range(n)]
        for k, (u, v, _) in enumerate(edges):
            self.neighbour_ends[u].append(2 * k + 1)
            self.neighbour_ends[v].append(2 * k)
        top = max(w for _, _, w in edges)
        self.mate = [-1] * n
        """Remote endpoint of the matched edge, -1 when exposed."""
        self.label = [FREE] * (2 * n)
        self.label_end = [-1] * (2 * n)
        """Endpoint through which the label was obtained (-1 for tree roots)."""
        self.in_blossom = list(range(n))
        self.parent = [-1] * (2 * n)
        self.children: list[list[int]] = [[] for _ in range(2 * n)]
        self.base = list(range(n)) + [-1] * n
        self.child_ends: list[list[int]] = [[] for _ in range(2 * n)]
        """Endpoints linking consecutive children of a blossom around its cycle."""
        self.best_edge = [-1] * (2 * n)
        self.best_edges: list[list[int] | None] = [None] * (2 * n)
        self.unused = list(range(n, 2 * n))
        self.dual = [top] * n + [0] * n
        self.allowed = [False] * len(edges)
        self.queue: list[int] = []

    # -- helpers -------------------------------------------------------------------------------

    def slack(self, k: int) -> int:
        u, v, w = self.edges[k]
        return self.dual[u] + self.dual[v] - 2 * w

    def leaves(self, b: int) -> Iterator[int]:
        if b < self.n:
            yield b
            return
        for child in self.children[b]:
            if child < self.n:
                yield child
            else:
                yield from self.leaves(child)

    # -- labels and blossoms -------------------------------------------------------------------

    def assign_label(self, w: int, label: int, end: int) -> None:
        b = self.in_blossom[w]
        self.label[w] = self.label[b] = label
        self.label_end[w] = self.label_end[b] = end
        self.best_edge[w] = self.best_edge[b] = -1
        if label == OUTER:
            self.queue.extend(self.leaves(b))
        else:
            base = self.base[b]
            self.assign_label(self.endpoint[self.mate[base]], OUTER, self.mate[base] ^ 1)

    def scan_blossom(self, v: int, w: int) -> int:
        """Trace the tree paths from ``v`` and ``w`` back; the base of the new blossom, or
        -1 when they reach different roots (an augmenting path)."""
        path = []
        base = -1
        while v != -1 or w != -1:
            b = self.in_blossom[v]
            if self.label[b] & MARK:
                base = self.base[b]
                break
            path.append(b)
            self.label[b] = OUTER | MARK
            if self.label_end[b] == -1:
                v = -1
            else:
                v = self.endpoint[self.label_end[b]]
                b = self.in_blossom[v]
                v = self.endpoint[self.label_end[b]]
            if w != -1:
                v, w = w, v
        for b in path:
            self.label[b] = OUTER
        return base

    def add_blossom(self, base: int, k: int) -> None:
        v, w, _ = self.edges[k]
        bb = self.in_blossom[base]
        bv = self.in_blossom[v]
        bw = self.in_blossom[w]
        b = self.unused.pop()
        self.base[b] = base
        self.parent[b] = -1
        self.parent[bb] = b
        path: list[int] = []
        ends: list[int] = []
        while bv != bb:
            self.parent[bv] = b
            path.append(bv)
            ends.append(self.label_end[bv])
            v = self.endpoint[self.label_end[bv]]
            bv = self.in_blossom[v]
        path.append(bb)
        path.reverse()
        ends.reverse()
        ends.append(2 * k)
        while bw != bb:
            self.parent[bw] = b
            path.append(bw)
            ends.append(self.label_end[bw] ^ 1)
            w = self.endpoint[self.label_end[bw]]
            bw = self.in_blossom[w]
        self.children[b] = path
        self.child_ends[b] = ends
        self.label[b] = OUTER
        self.label_end[b] = self.label_end[bb]
        self.dual[b] = 0
        for leaf in self.leaves(b):
            if self.label[self.in_blossom[leaf]] == INNER:
                self.queue.append(leaf)
            self.in_blossom[leaf] = b
        self._merge_best_edges(b, path)

    def _merge_best_edges(self, b: int, path: list[int]) -> None:
        """Least-slack edges from the new blossom to every other outer blossom."""
        best_to = [-1] * (2 * self.n)
        for child in path:
            if self.best_edges[child] is None:
                lists = [[p // 2 for p in self.neighbour_ends[v]] for v in self.leaves(child)]
            else:
                lists = [self.best_edges[child] or []]
            for ks in lists:
                for k in ks:
                    i, j, _ = self.edges[k]
                    if self.in_blossom[j] == b:
                        i, j = j, i
                    bj = self.in_blossom[j]
                    if (
                        bj != b
                        and self.label[bj] == OUTER
                        and (best_to[bj] == -1 or self.slack(k) < self.slack(best_to[bj]))
                    ):
                        best_to[bj] = k
            self.best_edges[child] = None
            self.best_edge[child] = -1
        merged = [k for k in best_to if k != -1]
        self.best_edges[b] = merged
        self.best_edge[b] = min(merged, key=self.slack, default=-1)

    def expand_blossom(self, b: int, end_of_stage: bool) -> None:
        for child in self.children[b]:
            self.parent[child] = -1
            if child < self.n:
                self.in_blossom[child] = child
            elif end_of_stage and self.dual[child] == 0:
                self.expand_blossom(child, end_of_stage)
            else:
                for leaf in self.leaves(child):
                    self.in_blossom[leaf] = child
        if not end_of_stage and self.label[b] == INNER:
            self._relabel_expanded(b)
        self.label[b] = self.label_end[b] = -1
        self.children[b] = []
        self.child_ends[b] = []
        self.base[b] = -1
        self.best_edges[b] = None
        self.best_edge[b] = -1
        self.unused.append(b)

    def _relabel_expanded(self, b: int) -> None:
        """An inner blossom expanded in mid-stage: its children on the even path from the
        entry to the base become inner/outer, the others lose their labels (or get inner
        labels through their own edges)."""
        children, ends = self.children[b], self.child_ends[b]
        entry = self.in_blossom[self.endpoint[self.label_end[b] ^ 1]]
        j = children.index(entry)
        if j & 1:
            j -= len(children)
            step, trick = 1, 0
        else:
            step, trick = -1, 1
        p = self.label_end[b]
        while j != 0:
            self.label[self.endpoint[p ^ 1]] = FREE
            self.label[self.endpoint[ends[j - trick] ^ trick ^ 1]] = FREE
            self.assign_label(self.endpoint[p ^ 1], INNER, p)
            self.allowed[ends[j - trick] // 2] = True
            j += step
            p = ends[j - trick] ^ trick
            self.allowed[p // 2] = True
            j += step
        bv = children[j]
        self.label[self.endpoint[p ^ 1]] = self.label[bv] = INNER
        self.label_end[self.endpoint[p ^ 1]] = self.label_end[bv] = p
        self.best_edge[bv] = -1
        j += step
        while children[j] != entry:
            bv = children[j]
            if self.label[bv] == OUTER:
                j += step
                continue
            reached = next((v for v in self.leaves(bv) if self.label[v] != FREE), -1)
            if reached >= 0:
                self.label[reached] = FREE
                self.label[self.endpoint[self.mate[self.base[bv]]]] = FREE
                self.assign_label(reached, INNER, self.label_end[reached])
            j += step

    def augment_blossom(self, b: int, v: int) -> None:
        """Swap matched/unmatched edges inside blossom ``b`` so that ``v`` becomes its base."""
        t = v
        while self.parent[t] != b:
            t = self.parent[t]
        if t >= self.n:
            self.augment_blossom(t, v)
        children, ends = self.children[b], self.child_ends[b]
        i = j = children.index(t)
        if i & 1:
            j -= len(children)
            step, trick = 1, 0
        else:
            step, trick = -1, 1
        while j != 0:
            j += step
            t = children[j]
            p = ends[j - trick] ^ trick
            if t >= self.n:
                self.augment_blossom(t, self.endpoint[p])
            j += step
            t = children[j]
            if t >= self.n:
                self.augment_blossom(t, self.endpoint[p ^ 1])
            self.mate[self.endpoint[p]] = p ^ 1
            self.mate[self.endpoint[p ^ 1]] = p
        self.children[b] = children[i:] + children[:i]
        self.child_ends[b] = ends[i:] + ends[:i]
        self.base[b] = self.base[self.children[b][0]]

    def augment_matching(self, k: int) -> None:
        v, w, _ = self.edges[k]
        for s, p in ((v, 2 * k + 1), (w, 2 * k)):
            while True:
                bs = self.in_blossom[s]
                if bs >= self.n:
                    self.augment_blossom(bs, s)
                self.mate[s] = p
                if self.label_end[bs] == -1:
                    break
                t = self.endpoint[self.label_end[bs]]
                bt = self.in_blossom[t]
                s = self.endpoint[self.label_end[bt]]
                j = self.endpoint[self.label_end[bt] ^ 1]
                if bt >= self.n:
                    self.augment_blossom(bt, j)
                self.mate[j] = self.label_end[bt]
                p = self.label_end[bt] ^ 1

    # -- main loop -----------------------------------------------------------------------------

    def solve(self) -> list[int]:
        for _ in range(self.n):
            if not self._stage():
                break
        return [self.endpoint[p] if p >= 0 else -1 for p in self.mate]

    def _stage(self) -> bool:
        """Grow alternating trees from every exposed vertex until an augmentation (True) or
        optimality (False)."""
        n = self.n
        self.label = [FREE] * (2 * n)
        self.best_edge = [-1] * (2 * n)
        self.best_edges[n:] = [None] * n
        self.allowed = [False] * len(self.edges)
        self.queue = []
        for v in range(n):
            if self.mate[v] == -1 and self.label[self.in_blossom[v]] == FREE:
                self.assign_label(v, OUTER, -1)
        while True:
            if self._scan():
                break
            if not self._adjust_duals():
                return False
        for b in range(n, 2 * n):
            if (
                self.parent[b] == -1
                and self.base[b] >= 0
                and self.label[b] == OUTER
                and self.dual[b] == 0
            ):
                self.expand_blossom(b, True)
        return True

    def _scan(self) -> bool:
        """Process the queue of outer vertices; True after an augmentation."""
        while self.queue:
            v = self.queue.pop()
            for p in self.neighbour_ends[v]:
                k = p // 2
                w = self.endpoint[p]
                if self.in_blossom[v] == self.in_blossom[w]:
                    continue
                slack = 0
                if not self.allowed[k]:
                    slack = self.slack(k)
                    if slack <= 0:
                        self.allowed[k] = True
                if self.allowed[k]:
                    bw = self.in_blossom[w]
                    if self.label[bw] == FREE:
                        self.assign_label(w, INNER, p ^ 1)
                    elif self.label[bw] == OUTER:
                        base = self.scan_blossom(v, w)
                        if base >= 0:
                            self.add_blossom(base, k)
                        else:
                            self.augment_matching(k)
                            return True
                    elif self.label[w] == FREE:
                        self.label[w] = INNER
                        self.label_end[w] = p ^ 1
                elif self.label[self.in_blossom[w]] == OUTER:
                    b = self.in_blossom[v]
                    if self.best_edge[b] == -1 or slack < self.slack(self.best_edge[b]):
                        self.best_edge[b] = k
                elif self.label[w] == FREE and (
                    self.best_edge[w] == -1 or slack < self.slack(self.best_edge[w])
                ):
                    self.best_edge[w] = k
        return False

    def _adjust_duals(self) -> bool:
        """Change the duals by the largest step keeping them feasible; False at optimum."""
        n = self.n
        kind = 1
        delta = min(self.dual[:n])
        chosen = -1
        for v in range(n):
            if self.label[self.in_blossom[v]] == FREE and self.best_edge[v] != -1:
                d = self.slack(self.best_edge[v])
                if d < delta:
                    kind, delta, chosen = 2, d, self.best_edge[v]
        for b in range(2 * n):
            if self.parent[b] == -1 and self.label[b] == OUTER and self.best_edge[b] != -1:
                d = self.slack(self.best_edge[b]) // 2
                if d < delta:
                    kind, delta, chosen = 3, d, self.best_edge[b]
        for b in range(n, 2 * n):
            if (
                self.base[b] >= 0
                and self.parent[b] == -1
                and self.label[b] == INNER
                and self.dual[b] < delta
            ):
                kind, delta, chosen = 4, self.dual[b], b
        for v in range(n):
            label = self.label[self.in_blossom[v]]
            if label == OUTER:
                self.dual[v] -= delta
            elif label == INNER:
                self.dual[v] += delta
        for b in range(n, 2 * n):
            if self.base[b] >= 0 and self.parent[b] == -1:
                if self.label[b] == OUTER:
                    self.dual[b] += delta
                elif self.label[b] == INNER:
                    self.dual[b] -= delta
        if kind == 1:
            return False
        if kind == 4:
            self.expand_blossom(chosen, False)
            return True
        self.allowed[chosen] = True
        i, j, _ = self.edges[chosen]
        if self.label[self.in_blossom[i]] == FREE:
            i = j
        self.queue.append(i)
        return True
