"""Dual prices of the fractional perfect matching LP over player types.

Players with the same attributes form a *type*; the gain of pairing two players depends only
on their types (C.1 aside). The LP "maximise the total gain of a fractional perfect matching
of the type multigraph" is solved through its bipartite double cover, a transportation
problem (each type is a supply node and a demand node of its size), by successive shortest
paths with Dijkstra on reduced costs. Its optimal dual, symmetrised, gives every type a price
``W`` with

    W[t] + W[u] >= 2 * gain(t, u)   for every pair of types that may be paired,

and ``sum(size[t] * W[t]) / 2`` equal to the LP optimum, an upper bound on the gain of any
perfect matching of the players. When some perfect matching of the players uses only *tight*
pairs (``W[t] + W[u] == 2 * gain(t, u)``) it reaches the bound, and the optimal matchings are
then exactly the perfect matchings of the tight pairs (complementary slackness).

All arithmetic is on Python integers (gains are packed lexicographic vectors).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import pairwise


def type_prices(sizes: Sequence[int], gains: Mapping[tuple[int, int], int]) -> list[int] | None:
    """Prices ``W`` per type, or ``None`` when no fractional perfect matching exists.

    ``gains`` holds ``(t, u)`` with ``t <= u`` for every pair of types that may be paired
    (``(t, t)`` only when type ``t`` has two players or more)."""
    return _Transport(sizes, gains).solve()


class _Transport:
    """Min-cost transportation on the double cover. Nodes: 0 = source, 1..T supply copies,
    T+1..2T demand copies, 2T+1 = sink."""

    def __init__(self, sizes: Sequence[int], gains: Mapping[tuple[int, int], int]) -> None:
        t_count = len(sizes)
        self.t_count = t_count
        self.cost: list[list[int | None]] = [[None] * t_count for _ in range(t_count)]
        for (t, u), g in gains.items():
            self.cost[t][u] = -g
            self.cost[u][t] = -g
        self.flow = [[0] * t_count for _ in range(t_count)]
        self.supply = list(sizes)
        self.demand = list(sizes)
        self.potential = [0] * (2 * t_count + 2)

    def solve(self) -> list[int] | None:
        t_count = self.t_count
        p = self.potential
        for u in range(t_count):
            incoming = [c for row in self.cost if (c := row[u]) is not None]
            if not incoming:
                if self.supply[u]:
                    return None
                continue
            p[1 + t_count + u] = min(incoming)
        p[-1] = min(p[1 + t_count :], default=0)
        remaining = sum(self.supply)
        while remaining:
            parent = self._dijkstra()
            if parent is None:
                return None
            remaining -= self._augment(parent)
        # Dual of "min cost": a[t] = -p[supply t], b[u] = p[demand u], a[t] + b[u] <= cost;
        # in gains W[t] = -(a[t] + b[t]) satisfies W[t] + W[u] >= 2 gain(t, u).
        return [p[1 + t] - p[1 + t_count + t] for t in range(t_count)]

    def _dijkstra(self) -> list[int] | None:
        """Shortest path source -> sink on reduced costs; updates the potentials (capped at
        the sink's distance) and returns the parent pointers."""
        t_count = self.t_count
        size = 2 * t_count + 2
        sink = size - 1
        p = self.potential
        dist: list[int | None] = [None] * size
        parent = [-1] * size
        done = [False] * size
        dist[0] = 0
        while True:
            best, best_d = -1, 0
            for v in range(size):
                d = dist[v]
                if d is not None and not done[v] and (best < 0 or d < best_d):
                    best, best_d = v, d
            if best < 0:
                return None
            done[best] = True
            if best == sink:
                break
            for v, c in self._arcs(best):
                if done[v]:
                    continue
                nd = best_d + c + p[best] - p[v]
                old = dist[v]
                if old is None or nd < old:
                    dist[v] = nd
                    parent[v] = best
        limit = best_d
        for v in range(size):
            d = dist[v]
            p[v] += limit if d is None or d > limit else d
        return parent

    def _arcs(self, node: int) -> list[tuple[int, int]]:
        """Residual arcs out of a node, with their costs."""
        t_count = self.t_count
        if node == 0:
            return [(1 + t, 0) for t in range(t_count) if self.supply[t]]
        if node <= t_count:
            row = self.cost[node - 1]
            return [(1 + t_count + u, c) for u, c in enumerate(row) if c is not None]
        u = node - 1 - t_count
        arcs = [
            (1 + t, -c)
            for t in range(t_count)
            if self.flow[t][u] > 0 and (c := self.cost[t][u]) is not None
        ]
        if self.demand[u]:
            arcs.append((2 * t_count + 1, 0))
        return arcs

    def _augment(self, parent: list[int]) -> int:
        """Push the bottleneck amount along the path found; returns it."""
        t_count = self.t_count
        path = []
        node = 2 * t_count + 1
        while node != 0:
            path.append(node)
            node = parent[node]
        path.reverse()  # supply t, demand u, supply t', demand u', ..., sink
        amount = min(self.supply[path[0] - 1], self.demand[path[-2] - 1 - t_count])
        for a, b in pairwise(path[:-1]):
            if a > t_count:  # demand -> supply: a backward arc carrying flow
                amount = min(amount, self.flow[b - 1][a - 1 - t_count])
        for a, b in pairwise(path[:-1]):
            if a <= t_count:
                self.flow[a - 1][b - 1 - t_count] += amount
            else:
                self.flow[b - 1][a - 1 - t_count] -= amount
        self.supply[path[0] - 1] -= amount
        self.demand[path[-2] - 1 - t_count] -= amount
        return amount
