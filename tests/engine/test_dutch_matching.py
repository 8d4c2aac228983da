"""The Dutch engine's own solvers against independent oracles: the weighted matching against
networkx, the type LP against the bipartite double cover, and the fast bracket path against
the exact weighted matching on random brackets."""

from __future__ import annotations

import random
from dataclasses import replace

import networkx as nx
import pytest

from pairing.engine.dutch.bracket import exact_pairs
from pairing.engine.dutch.edition import Edition
from pairing.engine.dutch.fast import fast_pairs
from pairing.engine.dutch.graph import Mode, build_graph
from pairing.engine.dutch.lp import type_prices
from pairing.engine.dutch.players import DutchPlayer
from pairing.engine.matching.weighted import max_weight_matching
from tests.engine.test_dutch_support import random_player, rules


def matching_weight(edges: list[tuple[int, int, int]], mate: list[int]) -> int:
    weight = {}
    for u, v, w in edges:
        weight[(u, v)] = weight[(v, u)] = w
    return sum(weight[(u, mate[u])] for u in range(len(mate)) if mate[u] > u)


@pytest.mark.parametrize("seed", range(6))
def test_weighted_matching_agrees_with_networkx(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(120):
        n = rng.randint(1, 16)
        density = rng.random()
        top = rng.choice([5, 40, 10**30])
        edges = [
            (u, v, rng.randint(1, top))
            for u in range(n)
            for v in range(u + 1, n)
            if rng.random() < density
        ]
        mate = max_weight_matching(n, edges)
        assert all(mate[mate[v]] == v for v in range(n) if mate[v] >= 0)
        graph = nx.Graph()
        graph.add_weighted_edges_from(edges)
        best = sum(graph[u][v]["weight"] for u, v in nx.max_weight_matching(graph))
        assert matching_weight(edges, mate) == best


@pytest.mark.parametrize("seed", range(4))
def test_type_prices_are_an_optimal_dual(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(150):
        sizes = [rng.randint(1, 4) for _ in range(rng.randint(1, 5))]
        gains = {
            (t, u): rng.randint(-5, 20)
            for t in range(len(sizes))
            for u in range(t, len(sizes))
            if (t != u or sizes[t] > 1) and rng.random() < 0.8
        }
        prices = type_prices(sizes, gains)
        # The bipartite double cover: every player's two copies, a perfect matching of
        # weight 2 * (fractional matching LP optimum).
        players = [t for t, size in enumerate(sizes) for _ in range(size)]
        cover = nx.Graph()
        for i, t in enumerate(players):
            for j, u in enumerate(players):
                key = (min(t, u), max(t, u))
                if i != j and key in gains:
                    cover.add_edge(("L", i), ("R", j), weight=gains[key] + 1000)
        matching = nx.max_weight_matching(cover, maxcardinality=True)
        if len(matching) < len(players):
            assert prices is None
            continue
        assert prices is not None
        for (t, u), g in gains.items():
            assert prices[t] + prices[u] >= 2 * g
        optimum = sum(cover[a][b]["weight"] - 1000 for a, b in matching)
        assert sum(size * price for size, price in zip(sizes, prices, strict=True)) == optimum


def fast_and_exact_agree(rng: random.Random, edition: Edition | None = None) -> int:
    """Pair 40 random brackets (MDPs, residents, the next bracket, barred pairs) by the fast
    path and by the exact search and assert that they agree wherever the fast path decides;
    under ``edition`` (else the support rules' default) players also have unplayed games. How
    many brackets the fast path decided."""
    compared = 0
    for _ in range(40):
        mdp_count = rng.choice([0, 0, 1, 2])
        size = rng.randint(2, 14)

        def player(pid: int, score: int) -> DutchPlayer:
            p = random_player(rng, pid, score)
            return p if edition is None else replace(p, unplayed=rng.randint(0, 2))

        mdps = [player(i + 1, rng.choice([6, 7, 8])) for i in range(mdp_count)]
        residents = [player(mdp_count + i + 1, 4) for i in range(size)]
        mdps.sort(key=lambda p: (-p.score, p.tpn))
        first_next = mdp_count + size + 1
        nxt = [random_player(rng, first_next + i, 2) for i in range(rng.randint(1, 6))]
        everyone = [*mdps, *residents, *nxt]
        barred = [
            (a.id, b.id)
            for i, a in enumerate(everyone)
            for b in everyone[i + 1 :]
            if rng.random() < 0.15
        ]
        mode = rng.choice([Mode.NORMAL, Mode.LAST])
        bracket_rules = rules(everyone, barred)
        graph = build_graph(
            mdps,
            residents,
            mode,
            bracket_rules if edition is None else replace(bracket_rules, edition=edition),
            next_residents=nxt if mode is Mode.NORMAL else (),
            next_is_last=rng.random() < 0.5,
        )
        fast = fast_pairs(graph)
        if fast is None:
            continue
        compared += 1
        assert sorted(fast) == sorted(exact_pairs(graph))
    return compared


@pytest.mark.parametrize("seed", range(8))
def test_fast_path_finds_the_exact_candidate(seed: int) -> None:
    assert fast_and_exact_agree(random.Random(seed)) >= 10
