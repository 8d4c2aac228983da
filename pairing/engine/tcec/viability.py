"""TCEC Swiss STEP 3 and STEP 4: the graph of allowed pairings and the viability check.

Vertex ``i`` is the ``i``-th player to pair in pairing order. An edge joins two players who
may be paired (STEP 3): they have not met in the live encounter history, their white game
differences satisfy ``|WGD(p1) + WGD(p2)| <= 2``, and no forbidden-pair instruction of the
arbiter separates them. A complete pairing of the round is *viable* when the graph has a
perfect matching.

One perfect matching is kept (:class:`~pairing.engine.matching.Matcher`) from STEP 3 to the end
of STEP 4: a tentative pair that is already in it needs no work; otherwise the two freed mates
are re-joined, usually through a single edge, at worst by one augmenting-path search.
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Iterable, Sequence

from pairing.engine.core.errors import NoValidPairing
from pairing.engine.core.state import PlayerId
from pairing.engine.matching.cardinality import Matcher

Pair = tuple[PlayerId, PlayerId]
"""Two players, the smaller id first."""


def pair_key(a: PlayerId, b: PlayerId) -> Pair:
    return (a, b) if a < b else (b, a)


def colours_compatible(wgd1: int, wgd2: int) -> bool:
    """TCEC STEP 3 colour balancing: a player at WGD +2 may only meet WGD <= 0, a player at
    WGD -2 only WGD >= 0; i.e. ``|WGD(p1) + WGD(p2)| <= 2``."""
    return abs(wgd1 + wgd2) <= 2


class WgdMatcher(Matcher):
    """A :class:`Matcher` over the dense STEP 3 graph, given by its gaps: ``u`` and ``v`` are
    adjacent when their white game differences are compatible and neither blocks the other
    (a live encounter, a forbidden pair). Adjacency questions are answered from that rule; an
    adjacency set is built only when a search walks through the vertex (every active vertex
    before a full augmenting-path search), so that a 1,000-player round does not build a
    half-million-edge graph for the few searches it needs."""

    def __init__(self, wgd: Sequence[int], blocked: list[set[int]]) -> None:
        super().__init__(len(wgd))
        self.classes = tuple(wgd)
        """The vertices' white game differences."""
        self.blocked = blocked
        """``blocked[v]``: the vertices ``v`` may not meet, ``v`` itself included."""
        members: dict[int, set[int]] = {}
        for v, c in enumerate(self.classes):
            members.setdefault(c, set()).add(v)
        self._compatible = {
            c: frozenset().union(*(m for c2, m in members.items() if colours_compatible(c, c2)))
            for c in members
        }
        self._built = [False] * self.n

    def has_edge(self, u: int, v: int) -> bool:
        return colours_compatible(self.classes[u], self.classes[v]) and v not in self.blocked[u]

    def neighbours(self, v: int) -> set[int]:
        if not self._built[v]:
            adjacent = set(self._compatible[self.classes[v]])
            adjacent -= self.blocked[v]
            self._adj[v] = adjacent
            self._built[v] = True
        return self._adj[v]

    def add_edge(self, u: int, v: int) -> None:
        if u != v:
            self.blocked[u].discard(v)
            self.blocked[v].discard(u)
            super().add_edge(u, v)  # harmless on a set not built yet: building recomputes it

    def remove_edge(self, u: int, v: int) -> None:
        self.blocked[u].add(v)
        self.blocked[v].add(u)
        super().remove_edge(u, v)

    def augment(self, root: int) -> bool:
        for v in range(self.n):
            if self._active[v]:
                self.neighbours(v)
        return super().augment(root)


class ViabilityGraph:
    """The allowed pairings among the players of one round, with a kept perfect matching."""

    def __init__(
        self,
        players: Sequence[PlayerId],
        wgd: Sequence[int],
        live_rounds: Iterable[Iterable[Pair]],
        forbidden: Iterable[Pair] = (),
    ) -> None:
        """``players`` in pairing order, ``wgd`` their white game differences, ``live_rounds``
        the encounter history still in force (earliest round first), ``forbidden`` pairs that
        may never meet in this round."""
        self.players = tuple(players)
        self.wgd = tuple(wgd)
        index = {pid: i for i, pid in enumerate(self.players)}
        self._rounds: deque[list[tuple[int, int]]] = deque(
            [
                (index[a], index[b]) if index[a] < index[b] else (index[b], index[a])
                for a, b in pairs
                if a in index and b in index
            ]
            for pairs in live_rounds
        )
        self._meetings: Counter[tuple[int, int]] = Counter(e for r in self._rounds for e in r)
        self._forbidden = {
            pair_key(index[a], index[b])
            for a, b in forbidden
            if a in index and b in index and a != b
        }
        blocked: list[set[int]] = [{i} for i in range(len(self.players))]
        for a, b in (*self._meetings, *self._forbidden):
            blocked[a].add(b)
            blocked[b].add(a)
        self.matcher = WgdMatcher(self.wgd, blocked)

    # -- STEP 3 -------------------------------------------------------------------------------

    @property
    def rounds_in_force(self) -> int:
        """Rounds of the encounter history still in force."""
        return len(self._rounds)

    def establish(self) -> int:
        """TCEC STEP 3: find a perfect matching, dropping the earliest round of the encounter
        history as long as there is none. Returns the number of rounds dropped; raises
        :class:`NoValidPairing` when even an empty history leaves no viable pairing."""
        matcher = self.matcher
        matcher.solve_dense()
        dropped = 0
        while free := matcher.free_vertices():
            if not self._rounds:
                raise NoValidPairing(
                    "TCEC STEP 3: no viable pairing even with the whole encounter history "
                    "dropped (colour balancing or forbidden pairs)"
                )
            self._drop_earliest_round()
            dropped += 1
            matcher.repair(free)
        return dropped

    def _drop_earliest_round(self) -> None:
        for edge in self._rounds.popleft():
            self._meetings[edge] -= 1
            a, b = edge
            if (
                not self._meetings[edge]
                and edge not in self._forbidden
                and colours_compatible(self.wgd[a], self.wgd[b])
            ):
                self.matcher.add_edge(a, b)

    # -- STEP 4 -------------------------------------------------------------------------------

    def greedy_pairs(self, passed_over: list[list[int]] | None = None) -> list[tuple[int, int]]:
        """TCEC STEP 4 (after :meth:`establish`): pairs of vertices ``(first, second)`` in the
        order formed. The first unpaired player in pairing order takes the highest-ranked
        unpaired player he may meet such that the rest of the round stays viable.

        ``passed_over`` (when given) receives, per pair, the unpaired players ranked above the
        second-of-pair that the first-of-pair could not take."""
        matcher = self.matcher
        remaining = list(range(len(self.players)))
        pairs = []
        while remaining:
            first = remaining[0]
            for k in range(1, len(remaining)):
                second = remaining[k]
                if matcher.commit_pair(first, second, reversed(remaining)):
                    break
            else:  # cannot happen while the kept matching is perfect
                raise NoValidPairing(f"TCEC STEP 4: player {self.players[first]} has no partner")
            if passed_over is not None:
                passed_over.append(remaining[1:k])
            del remaining[k]
            del remaining[0]
            pairs.append((first, second))
        return pairs

    # -- explanation --------------------------------------------------------------------------

    def meetings(self) -> dict[tuple[int, int], list[int]]:
        """Pair of vertices (smaller first) -> the rounds in force (0 = the earliest one
        left) in which they met."""
        out: dict[tuple[int, int], list[int]] = {}
        for k, pairs in enumerate(self._rounds):
            for edge in pairs:
                out.setdefault(edge, []).append(k)
        return out

    def forbidden(self, a: int, b: int) -> bool:
        """The arbiter forbade the pair for this round."""
        return pair_key(a, b) in self._forbidden
