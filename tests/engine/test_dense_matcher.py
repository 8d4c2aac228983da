"""The dense matcher (issue 27): a graph given by its missing edges and colour classes has the
same maximum matchings' size as the same graph given by adjacency sets, before and after
vertices are taken out and edges removed, and its edges are exactly the complement."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from pairing.engine.matching.cardinality import DenseMatcher, Matcher
from tests.engine.matching_oracle import brute_force_size


def random_dense(rng: random.Random, n: int) -> tuple[list[set[int]], list[object | None]]:
    gaps: list[set[int]] = [set() for _ in range(n)]
    for u, v in combinations(range(n), 2):
        if rng.random() < 0.3:
            gaps[u].add(v)
            gaps[v].add(u)
    classes: list[object | None] = [rng.choice([None, None, "W", "B"]) for _ in range(n)]
    return gaps, classes


def as_sets(gaps: list[set[int]], classes: list[object | None]) -> list[set[int]]:
    n = len(gaps)
    return [
        {
            u
            for u in range(n)
            if u != v and u not in gaps[v] and (classes[v] is None or classes[u] != classes[v])
        }
        for v in range(n)
    ]


@pytest.mark.parametrize("seed", range(30))
def test_it_finds_maximum_matchings_and_repairs_them(seed: int) -> None:
    rng = random.Random(seed)
    n = rng.randint(2, 11)
    gaps, classes = random_dense(rng, n)
    adjacency = as_sets(gaps, classes)
    dense = DenseMatcher([set(g) for g in gaps], classes)
    assert all(dense.has_edge(u, v) == (v in adjacency[u]) for u in range(n) for v in range(n))
    assert dense.solve() == brute_force_size(adjacency, set(range(n)))
    gone = set(rng.sample(range(n), rng.randint(0, n // 2)))
    freed = [dense.deactivate(v) for v in gone]
    removed = [
        (u, v) for u, v in combinations(sorted(set(range(n)) - gone), 2) if rng.random() < 0.2
    ]
    for u, v in removed:
        if dense.mate_of(u) == v:
            freed += [u, v]
        dense.remove_edge(u, v)
        adjacency[u].discard(v)
        adjacency[v].discard(u)
    dense.repair(freed)
    assert dense.size == brute_force_size(adjacency, set(range(n)) - gone)
    sparse = Matcher.from_adjacency(adjacency)
    for v in gone:
        sparse.deactivate(v)
    assert dense.size == sparse.solve()
