"""Big Dubov fields (issue 27): the fast paths pair exactly as the exact ones.

The engine keeps the legal graph as its gaps and colour classes, searches it with a
:class:`ComplementMatcher` (cheap repairs, no search with one free vertex) and tries B.6's
greedy transposition before the matching one. The exact path is the engine as it was before:
every legal pair materialised as adjacency sets and searched by the plain :class:`Matcher`,
and every transposition built by matching questions. Random mid-size tournaments paired by
the fast engine must re-pair identically by the exact one, round by round; the complement
matcher must find maximum matchings (brute force on small graphs) after the removals a
pairing makes.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations

import pytest

from pairing.engine.core.state import PlayerId
from pairing.engine.dubov import bracket as dubov_bracket
from pairing.engine.dubov import graph as dubov_graph
from pairing.engine.dubov import system as dubov
from pairing.engine.dubov.graph import EdgeFilter, LegalGraph, LocalMatcher
from pairing.engine.matching.cardinality import Matcher
from pairing.engine.matching.complement import ComplementMatcher
from pairing.engine.tools.checker import check_tournament
from pairing.engine.tools.generator import GeneratorSettings, generate_tournament
from tests.engine.matching_oracle import brute_force_size


class ExactLocalMatcher(LocalMatcher):
    """The matcher before issue 27: adjacency sets of every legal pair, plain searches."""

    def __init__(
        self, graph: LegalGraph, vertices: Sequence[PlayerId], allowed: EdgeFilter | None
    ) -> None:
        self.ids = ids = list(vertices)
        self.index = {pid: i for i, pid in enumerate(ids)}
        adjacency = [
            {
                j
                for j, b in enumerate(ids)
                if graph.legal(a, b) and (allowed is None or allowed(a, b))
            }
            for a in ids
        ]
        self.m = Matcher.from_adjacency(adjacency)  # type: ignore[assignment]
        self.m.solve()
        self.graph, self.allowed = graph, allowed

    def refilter(self, pid: PlayerId) -> bool:
        """The pre-issue-27 way: ``pid``'s adjacency rebuilt from the filter, the matching
        repaired from every free vertex."""
        i = self.index[pid]
        for j, b in enumerate(self.ids):
            if self.graph.legal(pid, b) and (self.allowed is None or self.allowed(pid, b)):
                self.m.add_edge(i, j)
            else:
                self.m.remove_edge(i, j)
        self.m.repair(self.m.free_vertices())
        return self.perfect()


@pytest.fixture
def exact_path(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pair by the exact path: materialised graphs, no greedy transposition."""
    monkeypatch.setattr(dubov_graph, "LocalMatcher", ExactLocalMatcher)
    monkeypatch.setattr(dubov_bracket, "greedy_transposition", lambda *args: None)


FIELDS = [
    GeneratorSettings(players=120, rounds=9, seed=11, forfeit_rate=0.03, bye_rate=0.03),
    GeneratorSettings(players=151, rounds=11, seed=12, forfeit_rate=0.02, unsorted=0.3),
    GeneratorSettings(players=64, rounds=13, seed=13, forfeit_rate=0.05, bye_rate=0.05),
    GeneratorSettings(players=97, rounds=9, seed=14, unsorted=0.5),
]


@pytest.mark.parametrize("edition", ["2018", "2026"])
@pytest.mark.parametrize("settings", FIELDS, ids=lambda s: f"{s.players}x{s.rounds}")
def test_fast_path_pairs_as_the_exact_path(
    settings: GeneratorSettings, edition: str, request: pytest.FixtureRequest
) -> None:
    pair = dubov.pair_round_2018 if edition == "2018" else dubov.pair_round_2026
    state = generate_tournament(pair, settings)  # the fast path
    request.getfixturevalue("exact_path")
    assert check_tournament(state, pair) == []  # every round re-paired by the exact path


@pytest.mark.parametrize("seed", range(80))
def test_complement_matcher_stays_maximum(seed: int) -> None:
    """Gaps, colour classes and a side filter (no two of side 0 together), then vertices
    and edges taken out and the matching repaired: always the brute-force maximum."""
    rng = random.Random(seed)
    n = rng.randint(2, 12)
    density = rng.choice([0.1, 0.3, 0.6, 0.8])
    gaps: list[set[int]] = [set() for _ in range(n)]
    for u, v in combinations(range(n), 2):
        if rng.random() < density:
            gaps[u].add(v)
            gaps[v].add(u)
    classes: list[object | None] = [rng.choice([None, None, "W", "B"]) for _ in range(n)]
    side = [rng.randint(0, 2) for _ in range(n)]

    def allowed(u: int, v: int) -> bool:
        return side[u] != 0 or side[v] != 0

    def edge(u: int, v: int) -> bool:
        return (
            u != v
            and v not in gaps[u]
            and (classes[u] is None or classes[u] != classes[v])
            and allowed(u, v)
        )

    adjacency = [{v for v in range(n) if edge(u, v)} for u in range(n)]
    m = ComplementMatcher([set(g) for g in gaps], classes, allowed)
    assert all(m.has_edge(u, v) == (v in adjacency[u]) for u in range(n) for v in range(n))
    assert m.solve() == brute_force_size(adjacency, set(range(n)))
    gone: set[int] = set()
    for _ in range(3):  # a few rounds of removals, each repaired
        for v in rng.sample(sorted(set(range(n)) - gone), rng.randint(0, (n - len(gone)) // 3)):
            m.deactivate(v)
            gone.add(v)
        for u, v in combinations(sorted(set(range(n)) - gone), 2):
            if v in adjacency[u] and rng.random() < 0.15:
                m.remove_edge(u, v)
                adjacency[u].discard(v)
                adjacency[v].discard(u)
        m.repair(m.free_vertices())
        assert m.size == brute_force_size(adjacency, set(range(n)) - gone)


@pytest.mark.parametrize("seed", range(20))
def test_has_partner_among_counts_gaps_and_colours(seed: int) -> None:
    """B.1's candidates (a player with a legal opponent among the residents) are found from
    the gaps and the absolute colour preferences alone: as many as by asking every pair."""
    rng = random.Random(seed)
    ids = list(range(1, rng.randint(3, 14)))
    barred = {frozenset(p) for p in combinations(ids, 2) if rng.random() < 0.4}
    gaps = {a: frozenset(b for b in ids if frozenset((a, b)) in barred) for a in ids}
    side: dict[PlayerId, object | None] = {a: rng.choice([None, "W", "B"]) for a in ids}
    graph = LegalGraph.from_gaps(ids, gaps, side)
    members = set(rng.sample(ids, rng.randint(1, len(ids) - 1)))
    group = graph.group(members)
    for a in ids:
        expected = any(graph.legal(a, b) for b in members)
        assert graph.has_partner_among(a, group) == expected
