"""TCEC Swiss seeding: every player gets a unique seeding number (seed 1 first).

The seed orders the first round (seed2-seed1, seed4-seed3, ...) and breaks score ties in the
pairing order of every later round. In a tournament file the seed is the starting rank.
"""

from __future__ import annotations

import math
import random
from collections.abc import Hashable, Sequence
from typing import TypeVar

T = TypeVar("T", bound=Hashable)


def random_seeding(players: Sequence[T], seed: int | str) -> list[T]:
    """Random seeding: ``players`` in seeding order, shuffled by an RNG seeded with ``seed``
    (the same seed always gives the same order)."""
    order = list(players)
    random.Random(seed).shuffle(order)
    return order


def seeding_groups(players_by_strength: Sequence[T], groups: int) -> list[list[T]]:
    """Group seeding, division: group A = strongest players, group B = the next ones, ...;
    when the division is not even, the stronger groups have one more player."""
    if groups < 1:
        raise ValueError("group seeding needs at least one group")
    out: list[list[T]] = []
    start = 0
    for g in range(groups):
        size = math.ceil((len(players_by_strength) - start) / (groups - g))
        out.append(list(players_by_strength[start : start + size]))
        start += size
    return out


def group_seeding(players_by_strength: Sequence[T], groups: int) -> list[T]:
    """Group seeding: players in seeding order A1, B1, C1, ..., A2, B2, ... where A1 is the
    strongest player of group A (``players_by_strength``: strongest first)."""
    division = seeding_groups(players_by_strength, groups)
    return [g[rank] for rank in range(len(division[0])) for g in division if rank < len(g)]


def recommended_groups(players: int) -> int:
    """The wiki's recommended number of groups, ``round_to_even(players / 7)`` (group size 7
    pairs 1st-8th, 2nd-9th, ...): the nearest even number, halves rounded up, at least 2 and
    at most ``players``."""
    if players < 2:
        return max(players, 1)
    nearest_even = 2 * math.floor(players / 14 + 0.5)
    return min(max(nearest_even, 2), players)
