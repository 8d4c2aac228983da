"""Section D of the Dubov system (C.04.4.1, 2018): sequence numbers and the order of sets.

D.0: a pool of players gets sequence numbers #1..#P; sets of K players are compared by the
lexicographic order of their members' sequence numbers. D.1 groups upfloater sets into
containers (same scores) ordered by C.6; D.2 numbers shifters from the middle outwards;
D.3 orders the transpositions of G2 by initial ranking.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from itertools import combinations, permutations
from typing import TypeVar

T = TypeVar("T")


def middle_out(ordered: Sequence[T]) -> list[T]:
    """D.2.b: sequence numbers from the (remaining) middle of the list; of two middle players,
    the one higher in the list first. ``A..G`` -> ``D C E B F A G``."""
    rest = list(ordered)
    out = []
    while rest:
        mid = (len(rest) - 1) // 2
        out.append(rest.pop(mid))
    return out


def lexicographic_sets(pool: Sequence[T], size: int) -> Iterator[tuple[T, ...]]:
    """D.0.c: the sets of ``size`` players of ``pool`` (listed by sequence number), in the
    lexicographic order of their sequence numbers."""
    return combinations(pool, size)


def transpositions(g2: Sequence[T]) -> Iterator[tuple[T, ...]]:
    """D.3: every ordering of G2 (listed by initial ranking), in lexicographic order of the
    sequence numbers. ``A B C`` -> ``ABC ACB BAC BCA CAB CBA``."""
    return permutations(g2)


def c6_key(scores: Sequence[int]) -> tuple[int, ...]:
    """C.6: maximise the lowest upfloater score, then the second lowest, ...; as a key that
    sorts the better score multiset first."""
    return tuple(-s for s in sorted(scores))


def containers(level_sizes: Sequence[tuple[int, int]], size: int) -> Iterator[tuple[int, ...]]:
    """D.1.b: the containers of sets of ``size`` upfloaters, best first by C.6, generated
    lazily (there can be very many).

    ``level_sizes`` lists (score, number of possible upfloaters with that score) by descending
    score; a container is the number of upfloaters taken from each level, in that order.
    Comparing the upfloaters' scores in ascending order is comparing how many come from the
    lowest level (fewer is better), then from the next one up, and so on."""
    caps = [n for _, n in level_sizes]
    above = [sum(caps[:i]) for i in range(len(caps) + 1)]  # capacity of the higher levels

    def fill(i: int, left: int, below: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        # Levels are filled from the lowest (i = len - 1) upwards; ``below`` holds the counts
        # already chosen for the levels under level i.
        if i < 0:
            if left == 0:
                yield below
            return
        for k in range(max(0, left - above[i]), min(left, caps[i]) + 1):
            yield from fill(i - 1, left - k, (k, *below))

    return fill(len(caps) - 1, size, ())


def upfloater_sets_d1(
    pool: Sequence[T], score: Callable[[T], int], size: int
) -> list[tuple[T, ...]]:
    """D.1 literally: every set of ``size`` players of ``pool`` (listed by sequence number:
    score, then initial ranking), container by container (C.6), lexicographic inside one.
    Exponential; for tests and tiny pools."""
    every = list(combinations(pool, size))
    return sorted(every, key=lambda s: c6_key([score(p) for p in s]))  # stable: lexicographic
