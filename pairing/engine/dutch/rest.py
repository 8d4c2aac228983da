"""The players beyond a Dutch bracket, for the explanation of its downfloaters
(:mod:`pairing.engine.dutch.reasons`): how many pairs they can still make for a given set of
downfloaters."""

from __future__ import annotations

from collections.abc import Iterable

from pairing.engine.dutch.graph import BracketGraph, Kind, compatibility_sets
from pairing.engine.matching.cardinality import Matcher


class Rest:
    """The players beyond a bracket (the following bracket, or every lower player, and the
    bye) with the bracket's players as possible downfloaters: the most pairs they can make
    for a given set of downfloaters."""

    def __init__(self, graph: BracketGraph) -> None:
        n, players = graph.size, graph.players
        adjacency = [set(s) for s in compatibility_sets(players, graph.rules, n)]
        bye = graph.bye_vertex
        if bye >= 0:
            adjacency.append(set())
            for v, p in enumerate(players):
                if p.bye_allowed and not (graph.next_bye and graph.kinds[v] is Kind.LOWER):
                    adjacency[v].add(bye)
                    adjacency[bye].add(v)
        self.matcher = Matcher.from_adjacency(adjacency)
        size = len(adjacency)
        self.matcher.restore(([-1] * size, [v >= n for v in range(size)]))
        self.matcher.solve()
        self.base = self.matcher.snapshot()

    def pairs(self, floaters: Iterable[int]) -> int:
        mates, active = self.base
        added = list(floaters)
        now_active = list(active)
        for f in added:
            now_active[f] = True
        self.matcher.restore((list(mates), now_active))
        # Every free vertex is searched, not only the downfloaters: once two downfloaters
        # are joined by a path, two players the base matching left free may be joined
        # through them (Berge; a failed search stays failed, Edmonds).
        return self.matcher.repair(self.matcher.free_vertices())
