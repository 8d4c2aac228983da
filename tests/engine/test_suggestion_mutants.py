"""The hand-pairing suggestion (pairing/engine/core/suggestion.py), rule by rule, on rounds
worked out by hand: the surviving mutants of its mutation run (docs/testing.md) each break one
of these.

``nearest_pairing`` pairs every available player, ranked by score then pairing number, with
each pair's cost in tiers: a rematch or forbidden pair (C.04.1 b), then a pair whose colours
break C.04.1 f or g whichever way round, then the score difference and the distance in rank;
the bye goes to the lowest-ranked player the system does not bar (C.04.1 d). Each board puts
the colours that break fewer of f and g first, White to the higher-ranked player on a tie."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace

import pytest

from pairing.engine.core.state import Board, Colour, TournamentState
from pairing.engine.core.suggestion import nearest_pairing
from pairing.engine.core.violations import ALL_RULES, TCEC_RULES
from tests.engine.histories import past


def boards(pairing: object) -> list[tuple[int, int]]:
    return [(b.white, b.black) for b in pairing.boards]  # type: ignore[attr-defined]


NO_HISTORY = {1: "", 2: "", 3: "", 4: ""}

COLOURS = past({1: "w= w=", 2: "w= w=", 3: "b= b=", 4: "b= b="}, 5, forbidden=[(1, 4)])
"""Round 3, everyone on 1 point: 1 and 2 had White twice, 3 and 4 Black twice. A third White
for 1 or 2, or a third Black for 3 or 4, breaks C.04.1 g (and f: a colour difference of 3).
So 1-2 and 3-4 break g whichever way round; 1-4 is forbidden. The one pairing left that breaks
nothing is 1-3, 2-4 with Black to 1 and 2: boards 3-1, 4-2 (by the higher-ranked player)."""


def test_the_nearest_pairing_keeps_ranks_close() -> None:
    """Round 1 of four, nothing in the way: the pairs with the smallest rank distances are 1-2
    and 3-4 (1 + 1 against 2 + 2 for 1-3, 2-4 and 3 + 1 for 1-4, 2-3); White to the
    higher-ranked player of each pair (no colour rule at stake); no bye in an even field."""
    suggested = nearest_pairing(past(NO_HISTORY, 5), ALL_RULES, frozenset())
    assert (boards(suggested), suggested.bye) == ([(1, 2), (3, 4)], None)


def test_an_even_field_pairs_everyone_even_when_a_rematch_is_unavoidable() -> None:
    """Player 4 may meet nobody (forbidden with 1, 2 and 3): every pairing of the four has one
    forbidden pair, so the nearest is still 1-2, 3-4. The suggestion pairs every available
    player: in an even field nobody gets a bye, not even to avoid the forbidden pair."""
    s = past(NO_HISTORY, 5, forbidden=[(1, 4), (2, 4), (3, 4)])
    suggested = nearest_pairing(s, ALL_RULES, frozenset())
    assert (boards(suggested), suggested.bye) == ([(1, 2), (3, 4)], None)


def test_pairs_that_break_the_colour_rules_either_way_are_avoided() -> None:
    """COLOURS: 1-2 and 3-4 would be nearest, but each breaks C.04.1 g whichever colours they
    get; with 1-4 forbidden, the suggestion is 3-1, 4-2 (Black to 1 and 2, White to 3 and
    4: each board's colours break nothing)."""
    suggested = nearest_pairing(COLOURS, ALL_RULES, frozenset())
    assert (boards(suggested), suggested.bye) == ([(3, 1), (4, 2)], None)


def test_colours_are_left_aside_when_the_colour_rules_are_not_checked() -> None:
    """The same round for a system that does not check C.04.1 f and g (TCEC's rules), and in
    TCEC double rounds (each pair plays both colours): the nearest pairs 1-2, 3-4 stand, White
    to the higher-ranked player."""
    without = nearest_pairing(COLOURS, TCEC_RULES, frozenset())
    assert boards(without) == [(1, 2), (3, 4)]
    double = nearest_pairing(replace(COLOURS, double_rounds=True), ALL_RULES, frozenset())
    assert boards(double) == [(1, 2), (3, 4)]


def test_white_goes_to_the_higher_ranked_player_by_score_not_by_number() -> None:
    """Player 2 (1 point) ranks above player 1 (0 points); neither colour breaks f or g for
    either, so White goes to the higher-ranked player: 2-1."""
    suggested = nearest_pairing(past({1: "w0", 2: "b1"}, 5), ALL_RULES, frozenset())
    assert suggested.boards == (Board(2, 1),)


def test_the_bye_goes_to_the_lowest_ranked_player_the_system_allows() -> None:
    """Round 1 of five: the bye to 5, the rest 1-2, 3-4. With 5 barred (C.04.1 d) the bye goes
    to 4, and the nearest pairs of 1, 2, 3, 5 are 1-2, 3-5 (rank distances 1 + 2, against
    2 + 3 for 1-3, 2-5 and 4 + 1 for 1-5, 2-3). A system that does not check d (the bar is
    not among its rules) gives the bye to 5 anyway."""
    five = past({**NO_HISTORY, 5: ""}, 5)
    free = nearest_pairing(five, ALL_RULES, frozenset())
    assert (boards(free), free.bye) == ([(1, 2), (3, 4)], 5)
    barred = nearest_pairing(five, ALL_RULES, frozenset({5}))
    assert (boards(barred), barred.bye) == ([(1, 2), (3, 5)], 4)
    unchecked = nearest_pairing(five, TCEC_RULES, frozenset({5}))
    assert unchecked.bye == 5


def test_a_pair_that_breaks_both_a_forbidden_pair_and_the_colours_costs_both() -> None:
    """COLOURS with 4 forbidden against everyone and 2-3 forbidden too: 1-2, 3-4 breaks g on
    both boards and the forbidden 3-4; 1-4, 2-3 has two forbidden pairs; 1-3, 2-4 one
    forbidden pair (2-4) and no colour break. The last costs least: 3-1, 4-2."""
    s = past(
        {1: "w= w=", 2: "w= w=", 3: "b= b=", 4: "b= b="},
        5,
        forbidden=[(1, 4), (2, 4), (3, 4), (2, 3)],
    )
    assert boards(nearest_pairing(s, ALL_RULES, frozenset())) == [(3, 1), (4, 2)]


@pytest.mark.parametrize(
    ("first", "second", "expected"),
    [
        # f alone: W W B W then White is a colour difference of +3 (the last three B W W);
        # 2 (W B W B) may have either colour.
        ("w= w= b= w=", "w= b= w= b=", (2, 1)),
        # g alone: B B W W then White is three Whites in a row (difference +1).
        ("b= b= w= w=", "w= b= w= b=", (2, 1)),
        # Neither: W B W B W then White is +2, allowed (f bars beyond 2); 2 (B W B W B) with
        # Black would be -2, allowed too; a tie, so White to the higher-ranked 1.
        ("w= b= w= b= w=", "b= w= b= w= b=", (1, 2)),
    ],
)
def test_c0401_f_and_g_each_decide_the_colours_of_a_board(
    first: str, second: str, expected: tuple[int, int]
) -> None:
    """Two players with equal scores (so 1 ranks higher): the board's colours are
    the way round that breaks fewer of C.04.1 f (a colour difference beyond 2) and g (the same
    colour three times in a row); on a tie White goes to 1."""
    s = past({1: first, 2: second}, 9)
    assert boards(nearest_pairing(s, ALL_RULES, frozenset())) == [expected]


def test_the_bye_goes_to_the_lowest_score_not_to_the_leader() -> None:
    """Round 3 of three players who have not met: 1 won twice (2 points), 2 and 3 lost twice
    (0 points), colours alternating (any board's colours break nothing). The bye goes to the
    lowest score group (C.04.3 / C.04.4.1 and US Chess 28L alike): to 2 or 3, the
    lower-ranked of them, 3; 1-2 play, White to the higher-ranked 1.

    What broke (found while deriving the mutation tests, docs/testing.md): the suggestion
    traded the bye's rank against the pairs' score differences, 10 a place and 10 a
    half-point. Bye to 1: 10 × 3 (rank weight) + 1 (2-3's rank distance) = 31; bye to 3:
    10 × 1 + 10 × 4 + 1 (1-2's score difference, four half-points, and rank distance) = 51;
    bye to 2: 10 × 2 + 10 × 4 + 2 = 62. The leader got the bye. Now the bye's score is a
    tier of its own, above the pairs' score differences."""
    s = past({1: "w1 b1", 2: "b0 w0", 3: "w0 b0"}, 5)
    suggested = nearest_pairing(s, ALL_RULES, frozenset())
    assert (boards(suggested), suggested.bye) == ([(1, 2)], 3)


def test_an_empty_field_gets_an_empty_suggestion() -> None:
    """Nobody available (everyone absent): no board and no bye, not an error."""
    s = past({1: "w=", 2: "b="}, 5, absent={1: "Z", 2: "Z"})
    suggested = nearest_pairing(s, ALL_RULES, frozenset())
    assert (suggested.boards, suggested.bye) == ((), None)


def test_a_colour_break_outweighs_the_bye_going_to_the_leader() -> None:
    """Round 3 of three players: 1 has 2 points and White twice, 2 has 0 and White twice, 3
    has 0 and Black twice; 1 met 3 before (a forfeit they did not play is as good: forbidden).
    Bye to 3 leaves 1-2, which breaks C.04.1 g whichever way round (one of them gets a third
    White); bye to 2 leaves the rematch 1-3; bye to 1 leaves 2-3 with 3 White and 2 Black,
    breaking nothing. The absolute rules come before the bye's score: the leader gets the
    bye, 3-2 play."""
    s = past({1: "w1 w1", 2: "w0 w0", 3: "b0 b0"}, 5, forbidden=[(1, 3)])
    suggested = nearest_pairing(s, ALL_RULES, frozenset())
    assert (boards(suggested), suggested.bye) == ([(3, 2)], 1)


def test_two_colour_breaks_cost_less_than_one_rematch() -> None:
    """Round 3 of four players on 1 point each: 1 and 2 had White twice, 3 and 4 Black twice;
    1 met 3 and 4 before (forbidden). 1-2, 3-4 breaks C.04.1 g on both boards; 1-3, 2-4 and
    1-4, 2-3 each hold a rematch (their other pair is fine). A rematch (C.04.1 b) is the
    heaviest tier: the suggestion takes the two colour breaks, White to the higher-ranked
    player of each pair (both ways break one rule): 1-2, 3-4."""
    s = past({1: "w= w=", 2: "w= w=", 3: "b= b=", 4: "b= b="}, 5, forbidden=[(1, 3), (1, 4)])
    suggested = nearest_pairing(s, ALL_RULES, frozenset())
    assert (boards(suggested), suggested.bye) == ([(1, 2), (3, 4)], None)


def test_a_lone_player_gets_the_bye() -> None:
    """Round 1 with one player available: no pair is possible, so he gets the bye (the bye is
    the other end of his edge to the bye vertex, whichever way round the matching lists it)."""
    suggested = nearest_pairing(past({1: ""}, 5), ALL_RULES, frozenset())
    assert (suggested.boards, suggested.bye) == ((), 1)


def test_the_bye_goes_to_the_lowest_score_of_three() -> None:
    """Round 3 of three: 1 had the bye (1 point) and a draw with White, 2 won with Black and
    with White (2 points), 3 lost with White and drew with White (½ point). The bye goes to
    the lowest score, 3; 1-2 remain, and neither colour breaks C.04.1 f or g (1 has W, 2 has
    B W: one more White gives W W or B W W), so White goes to the higher-ranked player, 2
    (2 points before 1½): board 2-1."""
    s = past({1: "U w=", 2: "b1 w1", 3: "w0 w="}, 5)
    suggested = nearest_pairing(s, ALL_RULES, frozenset())
    assert (boards(suggested), suggested.bye) == ([(2, 1)], 3)


def test_the_bye_goes_to_the_lowest_score_in_a_big_field_with_small_scores() -> None:
    """Round 2 of 21 players: 1 drew (½ point, 1 half-point in all: S = 1), the other 20 lost.
    The bye's tier is ``near = 10 S + n² + 10 n + 1 = 10 + 441 + 210 + 1 = 662`` a half-point
    above the lowest score. Bye to 21 (rank 20 of 0-20): 10 × (21 - 20) = 10, pairs 1-2, 3-4,
    ..., 19-20: 1-2 differ by a half-point (10) and each of the ten pairs is one place apart
    (10): 30 in all. Bye to 1: 662 + 10 × 21 = 872, the pairs 2-3, ..., 20-21: 10, 882 in
    all; the bye to any other player on 0 leaves 1 paired a half-point apart too and costs
    more than 10 for the bye. So 21 gets the bye, and 1-2, ..., 19-20 play, White to the
    higher-ranked player (one game each: no colour can break C.04.1 f or g).

    (``near`` must exceed everything the lower tiers can trade: with ``- n²`` it would be
    10 - 441 + 210 + 1 = -220, and the bye would go to the leader.)"""
    s = past({1: "w=", **{p: "b0" for p in range(2, 22)}}, 5)
    suggested = nearest_pairing(s, ALL_RULES, frozenset())
    assert (boards(suggested), suggested.bye) == ([(p, p + 1) for p in range(1, 20, 2)], 21)


def _breaks(history: tuple[Colour, ...]) -> bool:
    """C.04.1 f (a colour difference beyond ±2) or g (one colour three times in a row)."""
    difference = sum(1 if c is Colour.WHITE else -1 for c in history)
    return abs(difference) > 2 or (len(history) >= 3 and len(set(history[-3:])) == 1)


def _pairings(players: list[int]) -> Iterator[list[tuple[int, int]]]:
    """Every way to pair ``players`` (an even number of them)."""
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for k, other in enumerate(rest):
        for tail in _pairings(rest[:k] + rest[k + 1 :]):
            yield [(first, other), *tail]


def _tiered_cost(
    s: TournamentState, pairs: list[tuple[int, int]], bye: int | None, barred: frozenset[int]
) -> tuple[int, int, int, int]:
    """The suggestion's cost as its docstring and comments state it, tier by tier (compared
    as a tuple, so no tier can buy one above it): rematches and a barred bye (C.04.1 b, d);
    pairs whose colours break f or g whichever way round; the bye's score above the lowest
    (half-points); then 10 a half-point of each pair's score difference, the pairs' rank
    distances and 10 a place of the bye's rank counted from the bottom (n - rank)."""
    order = sorted(s.available, key=lambda p: (-s.scores[p.id], p.tpn))
    rank = {p.id: i for i, p in enumerate(order)}
    played = {p.id: p.colours for p in order}
    lowest = min(s.scores[p.id] for p in order)
    broken = sum(not s.may_meet(a, b) for a, b in pairs) + (bye in barred)
    colours = sum(
        all(
            _breaks((*played[w], Colour.WHITE)) or _breaks((*played[b], Colour.BLACK))
            for w, b in ((x, y), (y, x))
        )
        for x, y in pairs
    )
    near = 0 if bye is None else s.scores[bye] - lowest
    last = sum(10 * abs(s.scores[a] - s.scores[b]) + abs(rank[a] - rank[b]) for a, b in pairs)
    if bye is not None:
        last += 10 * (len(order) - rank[bye])
    return broken, colours, near, last


def _assert_least_tiered_cost(s: TournamentState, barred: frozenset[int]) -> None:
    """Every pairing (and bye, in an odd field) enumerated and costed tier by tier
    (:func:`_tiered_cost`): the suggestion's cost must be the least of them."""
    ids = sorted(p.id for p in s.available)
    options = [
        _tiered_cost(s, pairs, bye, barred)
        for bye in (ids if len(ids) % 2 else [None])
        for pairs in _pairings([p for p in ids if p != bye])
    ]
    suggested = nearest_pairing(s, ALL_RULES, barred)
    pairs = [(b.white, b.black) for b in suggested.boards]
    assert _tiered_cost(s, pairs, suggested.bye, barred) == min(options)


def test_the_suggestion_has_the_least_tiered_cost_of_every_pairing() -> None:
    """300 random fields of 3-7 players (seeded): histories of 2-4 rounds (games, byes, half-
    point byes), random forbidden pairs and players barred from the bye."""
    rng = random.Random(14)
    tokens = ["w1", "w0", "w=", "b1", "b0", "b=", "U", "H"]
    for _ in range(300):
        n, rounds = rng.randint(3, 7), rng.randint(2, 4)
        history = {p: " ".join(rng.choices(tokens, k=rounds)) for p in range(1, n + 1)}
        ids = list(range(1, n + 1))
        forbidden = [(a, b) for a in ids for b in ids if a < b and rng.random() < 0.2]
        barred = frozenset(p for p in ids if rng.random() < 0.3)
        _assert_least_tiered_cost(past(history, rounds + 2, forbidden=forbidden), barred)


def test_the_bye_is_weighed_10_a_place_against_the_pairs() -> None:
    """A field of nine (found by a random search) where the bye's place, 10 a place from the
    bottom, is traded against the pairs' score differences and rank distances: the least
    tiered cost is 54 in the last tier (bye to 1); at 11 a place the suggestion would give
    the bye to 8 instead, 56."""
    history = {
        1: "w= w= b0",
        2: "w0 U b1",
        3: "b1 U w0",
        4: "b1 U b0",
        5: "w1 w1 b0",
        6: "U H b0",
        7: "b0 w1 w0",
        8: "b1 b0 b0",
        9: "b1 U H",
    }
    s = past(history, 5, forbidden=[(1, 7), (3, 7), (7, 9), (8, 9)])
    _assert_least_tiered_cost(s, frozenset({7}))
