"""US Chess prizes, rules 32B1 and 32B4, from a published exercise and its answers.

Source: US Chess forum, "Prize distribution" (uschess.discourse.group/t/prize-distribution/
17265). The exercise: "Divide the prizes in the following three situations." The players at
the top of the event:

    5 points   Arnie  1980
    4.5 points Alfred 1950
    4.5 points Bernie 1750
    4 points   Alonzo 1930
    4 points   Bob    1730

    situation 1: 1st $200, 2nd $150, top A $75.02, top B $75
    situation 2: 1st $200, 2nd $150, top under 2000 $75, top under 1800 $75
    situation 3: 1st $200, 2nd $150, top A $75, top B $75

Both answers in the thread agree: Arnie $200; Alfred and Bernie split 2nd and one class prize;
Alonzo $0; Bob $75. In situation 1 the larger class prize goes into the pool, quoting 32B1
verbatim: "A clear winner of more than one cash prize must be awarded the most valuable
prize." In situations 2 and 3 the prizes are equal and 32B4 decides, quoted verbatim: "A
player who is eligible for more than one class prize of an identical amount shall receive the
prize for the highest class involved." The second answer adds situation 4 (top A $75, top B
$75.02): "I would award $112.51 each to Alfred and Bernie, $75 to Alonzo and nothing to Bob".

Class A is 1800-1999, class B 1600-1799 (US Chess classes). Each fund below lists the
*lower* class first, so that the fund's order alone would put the wrong prize in the pool.
"""

from __future__ import annotations

from fractions import Fraction

from pairing.engine import Contender, award_prizes, parse_fund

ARNIE, ALFRED, BERNIE, ALONZO, BOB = 1, 2, 3, 4, 5


def top_of_event() -> list[Contender]:
    rows = [(ARNIE, 5, 1980), (ALFRED, 4.5, 1950), (BERNIE, 4.5, 1750)]
    rows += [(ALONZO, 4, 1930), (BOB, 4, 1730)]
    return [
        Contender(id=i, score=int(points * 2), rank=n, rating=rating)
        for n, (i, points, rating) in enumerate(rows, 1)
    ]


def dollars(fund: str) -> list[Fraction]:
    result = award_prizes(top_of_event(), parse_fund(fund))
    return [result.cash_of(p) / 100 for p in (ARNIE, ALFRED, BERNIE, ALONZO, BOB)]


def test_situation_1_the_larger_class_prize_joins_the_pool() -> None:
    """32B1: (150 + 75.02) / 2 = 112.51 each to Alfred and Bernie; B's $75 to Bob."""
    fund = "1st $200\n2nd $150\n1st 1600-1799 $75\n1st 1800-1999 $75.02"
    assert dollars(fund) == [200, Fraction("112.51"), Fraction("112.51"), 0, 75]


def test_situation_2_equal_under_prizes_the_highest_class_joins_the_pool() -> None:
    """32B4: Bernie is eligible for both $75 prizes, the pool takes the under-2000 one;
    (150 + 75) / 2 = 112.50 each; the under-1800 prize goes to Bob, not Alonzo (1930)."""
    fund = "1st $200\n2nd $150\n1st U1800 $75\n1st U2000 $75"
    assert dollars(fund) == [200, Fraction("112.50"), Fraction("112.50"), 0, 75]


def test_situation_3_equal_class_prizes_the_highest_class_joins_the_pool() -> None:
    """32B4: the pool takes top A; (150 + 75) / 2 = 112.50 each; top B to Bob (1730), and
    Alonzo (class A) is left with nothing."""
    fund = "1st $200\n2nd $150\n1st 1600-1799 $75\n1st 1800-1999 $75"
    assert dollars(fund) == [200, Fraction("112.50"), Fraction("112.50"), 0, 75]


def test_situation_4_the_larger_prize_wins_over_the_higher_class() -> None:
    """32B1 before 32B4 (the amounts differ): top B ($75.02) joins the pool, 112.51 each;
    top A ($75) to Alonzo, nothing to Bob."""
    fund = "1st $200\n2nd $150\n1st 1800-1999 $75\n1st 1600-1799 $75.02"
    assert dollars(fund) == [200, Fraction("112.51"), Fraction("112.51"), 75, 0]


def test_a_clear_winner_of_two_equal_class_prizes_takes_the_highest_class() -> None:
    """32B4 for a clear winner: alone on 4.5 under 2000 and under 1800 (no place prize left
    to him), Bernie takes the under-2000 prize; the under-1800 one passes to Bob."""
    contenders = [c for c in top_of_event() if c.id != ALFRED]
    fund = "1st $200\n1st U1800 $75\n1st U2000 $75"
    result = award_prizes(contenders, parse_fund(fund))
    won = {pool.players: [p.title for p in pool.prizes] for pool in result.pools}
    assert won[(BERNIE,)] == ["1st U2000"]
    assert won[(BOB,)] == ["1st U1800"]
