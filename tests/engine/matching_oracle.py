"""The oracle the matcher tests compare against: the largest matching found by trying
everything (graphs of a dozen vertices)."""

from __future__ import annotations


def brute_force_size(adjacency: list[set[int]], active: set[int]) -> int:
    """The largest matching among ``active``, by trying every partner of the first vertex."""
    if not active:
        return 0
    v = min(active)
    rest = active - {v}
    best = brute_force_size(adjacency, rest)
    for u in adjacency[v] & rest:
        best = max(best, 1 + brute_force_size(adjacency, rest - {u}))
    return best
