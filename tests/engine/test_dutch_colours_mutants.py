"""``dutch/colours.colour_cost_depends_on_rank``: the gate that keeps the fast path
(``dutch/fast.py``) off a pair whose C.8-C.11 cost depends on who gets White by E.4/E.5
(issue 22, mutants 7 and 8 of run 14).

The pair of every test: player 1 played W W W W B B (colour difference +2, last two Black:
A.6.a absolute White, difference +2), player 2 played B B (difference -2: absolute White,
difference -2).

- E.1 does not decide (both want White), nor E.2 (both absolute, the same width |±2|), nor
  E.3: aligned from the latest game (C.04.2 D.5) the colours are B/B, B/B, and then player 2
  has no more games, so there is no round in which one had White and the other Black. The
  colours are left to E.4/E.5, that is to the players' ranks.
- C.10 and C.11 cost the same either way: one of two players with an absolute (so strong)
  White preference gets Black.
- C.8 / C.9 (2017; [C8]/[C9] 2026) count "topscorers or topscorers' opponents". Player 1
  White: player 1 ends W W W W B B W (+3, beyond +2), player 2 B B B (-3, and three Blacks
  in a row): C.8 counts 2, C.9 counts 1. Player 2 White: player 2 B B W (-1), player 1
  W W W W B B B (+1, three Blacks in a row): C.8 counts 0, C.9 counts 1.

So as soon as one of the two is a topscorer, the cost depends on the ranks; with no
topscorer it does not.
"""

from __future__ import annotations

from pairing.engine.core.state import Colour
from pairing.engine.dutch.colours import colour_cost_depends_on_rank
from tests.engine.test_dutch_support import player


def test_c8_of_two_topscorers_makes_the_colour_cost_depend_on_the_ranks() -> None:
    """Both topscorers: C.8 counts 2 or 0 by who gets White (module docstring)."""
    a = player(1, 10, "wwwwbb", topscorer=True)
    b = player(2, 10, "bb", topscorer=True)
    assert colour_cost_depends_on_rank(a, b, Colour.WHITE)
    assert colour_cost_depends_on_rank(b, a, Colour.WHITE)


def test_c8_counts_a_topscorers_opponent_too() -> None:
    """Only one of them a topscorer: C.8 still counts both ("topscorers or topscorers'
    opponents"), 2 or 0 by who gets White, so the cost depends on the ranks."""
    a = player(1, 10, "wwwwbb", topscorer=True)
    b = player(2, 10, "bb")
    assert colour_cost_depends_on_rank(a, b, Colour.WHITE)
    assert colour_cost_depends_on_rank(b, a, Colour.WHITE)
    assert colour_cost_depends_on_rank(
        player(1, 10, "wwwwbb"), player(2, 10, "bb", topscorer=True), Colour.WHITE
    )


def test_without_a_topscorer_the_colour_cost_does_not_depend_on_the_ranks() -> None:
    """No topscorer: C.8 and C.9 count nobody, C.10 and C.11 one player either way."""
    a = player(1, 10, "wwwwbb")
    b = player(2, 10, "bb")
    assert not colour_cost_depends_on_rank(a, b, Colour.WHITE)
