"""The bit-mask matcher (issue 27): maximum matchings, perfect-matching decisions and the
Gallai-Edmonds partner sets, checked against networkx and brute force on random graphs
(sparse ones, where blossoms are common, and dense ones)."""

from __future__ import annotations

import random
from itertools import combinations

import networkx as nx
import pytest

from pairing.engine.matching.bitset import BitMatcher, bits, lowest, mask_of


def random_masks(rng: random.Random, n: int, density: float) -> list[int]:
    masks = [0] * n
    for u, v in combinations(range(n), 2):
        if rng.random() < density:
            masks[u] |= 1 << v
            masks[v] |= 1 << u
    return masks


def nx_size(masks: list[int], active: set[int]) -> int:
    g = nx.Graph()
    g.add_nodes_from(active)
    g.add_edges_from((u, v) for u in active for v in bits(masks[u]) if v in active and u < v)
    return len(nx.max_weight_matching(g, maxcardinality=True))


def assert_valid(m: BitMatcher) -> None:
    for v in range(m.n):
        w = m.mate_of(v)
        if w >= 0:
            assert m.is_active(v) and m.is_active(w)
            assert m.mate_of(w) == v
            assert m.has_edge(v, w)
        elif m.is_active(v):
            assert m.free_mask >> v & 1


def test_bits_lowest_and_mask_of() -> None:
    assert list(bits(0b101001)) == [0, 3, 5]
    assert lowest(0b101000) == 3
    assert mask_of([1, 4]) == 0b10010


@pytest.mark.parametrize("seed", range(40))
def test_solve_finds_a_maximum_matching(seed: int) -> None:
    rng = random.Random(seed)
    n = rng.randint(1, 24)
    masks = random_masks(rng, n, rng.choice([0.1, 0.2, 0.4, 0.8]))
    m = BitMatcher(list(masks))
    gone = set(rng.sample(range(n), rng.randint(0, n // 3)))
    for v in gone:
        m.deactivate(v)
    assert m.solve() == nx_size(masks, set(range(n)) - gone)
    assert_valid(m)


@pytest.mark.parametrize("seed", range(40))
def test_solve_greedy_is_perfect_exactly_when_a_perfect_matching_exists(seed: int) -> None:
    rng = random.Random(seed)
    n = 2 * rng.randint(1, 11)
    masks = random_masks(rng, n, rng.choice([0.15, 0.3, 0.6]))
    m = BitMatcher(list(masks))
    order = list(range(n))
    rng.shuffle(order)
    assert m.solve_greedy(order) == (nx_size(masks, set(range(n))) == n // 2)
    assert_valid(m)


def test_solve_greedy_matches_each_vertex_with_its_smallest_free_neighbour() -> None:
    # 0-1, 0-2, 2-3, 1-3: greedy along 0, 1, ... pairs 0-1 and 2-3.
    m = BitMatcher([0b0110, 0b1001, 0b1001, 0b0110])
    assert m.solve_greedy(range(4))
    assert (m.mate_of(0), m.mate_of(2)) == (1, 3)


def perfect_without(masks: list[int], active: set[int]) -> bool:
    return 2 * nx_size(masks, active) == len(active)


@pytest.mark.parametrize("seed", range(60))
def test_feasible_partners_are_those_leaving_a_perfect_matching(seed: int) -> None:
    rng = random.Random(seed)
    n = 2 * rng.randint(1, 9)
    masks = random_masks(rng, n, rng.choice([0.15, 0.3, 0.5, 0.9]))
    m = BitMatcher(list(masks))
    if not m.solve_greedy(range(n)):
        return
    everyone = set(range(n))
    for v in range(n):
        expected = {u for u in bits(masks[v]) if perfect_without(masks, everyone - {u, v})}
        assert set(bits(m.feasible_partners(v))) == expected
        assert_valid(m)
        assert m.is_perfect()


@pytest.mark.parametrize("seed", range(40))
def test_rematch_keeps_the_rest_perfect_or_changes_nothing(seed: int) -> None:
    rng = random.Random(seed)
    n = 2 * rng.randint(2, 9)
    masks = random_masks(rng, n, rng.choice([0.2, 0.4, 0.7]))
    m = BitMatcher(list(masks))
    if not m.solve_greedy(range(n)):
        return
    everyone = set(range(n))
    edges = [(v, u) for v in range(n) for u in bits(masks[v])]
    for v, u in rng.sample(edges, min(10, len(edges))):
        before = m.snapshot()
        possible = perfect_without(masks, everyone - {u, v})
        assert m.rematch(v, u) == possible
        if possible:
            assert m.mate_of(v) == u
            assert m.is_perfect()
        else:
            assert m.snapshot() == before
        assert_valid(m)


def test_retire_pair_and_take_over() -> None:
    m = BitMatcher([0b0110, 0b1001, 0b1001, 0b0110])
    assert m.solve_greedy(range(4))
    assert m.retire_pair(0) == 1
    assert not m.is_active(0) and not m.is_active(1)
    assert m.size == 1
    other = BitMatcher([0b010, 0b101, 0b010])
    assert other.solve_greedy(range(3)) is False
    free = lowest(other.free_mask)
    assert other.take_over(free, 1) == (0 if free == 2 else 2)


def test_outer_vertices_refuses_when_an_augmenting_path_exists() -> None:
    m = BitMatcher([0b10, 0b01])
    with pytest.raises(ValueError):
        m.outer_vertices(0)
