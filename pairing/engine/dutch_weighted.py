"""Maximum-weight matching in general graphs (temporary: networkx)."""

from __future__ import annotations

from collections.abc import Sequence

import networkx as nx


def max_weight_matching(n: int, edges: Sequence[tuple[int, int, int]]) -> list[int]:
    """A maximum-weight matching: ``mate[v]`` is v's partner or -1."""
    graph = nx.Graph()
    graph.add_nodes_from(range(n))
    for u, v, w in edges:
        if w > 0:
            graph.add_edge(u, v, weight=w)
    mate = [-1] * n
    for u, v in nx.max_weight_matching(graph):
        mate[u] = v
        mate[v] = u
    return mate
