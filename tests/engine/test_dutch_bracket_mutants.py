"""Pairing one Dutch bracket (:mod:`pairing.engine.dutch.bracket`) where mutation run 8
found it untested: 2026 C9 in a bracket paired again under C4 (``Mode.COMPLETE``). Expected
pairings are derived by hand from C.04.3 2026 in each test.

C9 (2026): "Minimise the number of unplayed games of the assignee of the pairing-allocated
bye", for "brackets that downfloat exactly one player, who will end up receiving the
pairing-allocated bye".
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from pairing.engine.core.errors import NoValidPairing
from pairing.engine.dutch.bracket import exact_pairs, pair_bracket
from pairing.engine.dutch.edition import EDITION_2026
from pairing.engine.dutch.graph import Mode, build_graph
from pairing.engine.dutch.players import DutchPlayer, Float
from tests.engine.test_dutch_support import player, rules


def ids(pairs: tuple[tuple[DutchPlayer, DutchPlayer], ...]) -> set[frozenset[int]]:
    return {frozenset((a.id, b.id)) for a, b in pairs}


def test_c9_in_a_bracket_paired_with_the_rest_of_the_round() -> None:
    # Bracket {1, 2, 3} (2 points each, no colour history), paired together with the rest
    # of the round {4, 5} (0 points), who have met 1, 2 and 3 (C1) and may not receive the
    # bye (C2). So 4-5, and the bracket downfloats exactly one player, who gets the bye.
    # Unplayed games: 1 none, 2 and 3 one each. C9: the bye to 1, so 2-3.
    # (Without C9 every candidate is equally good: the first generated, 1-2, floats 3.)
    bracket = [
        player(1, 4),
        replace(player(2, 4), unplayed=1),
        replace(player(3, 4), unplayed=1),
    ]
    rest = [player(4, 0, bye_allowed=False), player(5, 0, bye_allowed=False)]
    met = [(a, b) for a in (1, 2, 3) for b in (4, 5)]
    round_rules = replace(rules([*bracket, *rest], barred=met), edition=EDITION_2026)
    result = pair_bracket([], bracket, Mode.COMPLETE, round_rules, next_residents=rest, lower=rest)
    assert ids(result.pairs) == {frozenset((2, 3))}
    assert [p.id for p in result.downfloaters] == [1]


def test_c9_not_in_a_bracket_that_downfloats_three_players() -> None:
    # Bracket {1, .., 5} (2 points each): 2, 3, 4, 5 have all met each other and 1 has met
    # 4 and 5, so it has one pair (1-2 or 1-3) and downfloats three players. With the rest
    # {6, 7} (who have met, and may not receive the bye) one of the three gets the bye.
    # C9 is only for brackets that downfloat exactly one player, so 2 having no unplayed
    # game (the others one each) does not count: both candidates are equally good and the
    # first generated (S1 = {1}, D.1) pairs 1-2.
    bracket = [player(1, 4), player(2, 4)]
    bracket += [replace(player(i, 4), unplayed=1) for i in (3, 4, 5)]
    rest = [player(6, 0, bye_allowed=False), player(7, 0, bye_allowed=False)]
    met = [(2, 3), (2, 4), (2, 5), (3, 4), (3, 5), (4, 5), (1, 4), (1, 5), (6, 7)]
    round_rules = replace(rules([*bracket, *rest], barred=met), edition=EDITION_2026)
    result = pair_bracket([], bracket, Mode.COMPLETE, round_rules, next_residents=rest, lower=rest)
    assert ids(result.pairs) == {frozenset((1, 2))}
    assert [p.id for p in result.downfloaters] == [3, 4, 5]


def test_a9_a_last_bracket_that_cannot_be_completed_is_refused() -> None:
    # The last bracket {1, 2, 3}: all three have met (C1), so it pairs nobody; the bye
    # takes only one of them. No pairing of the round exists: refused, not a round with
    # two players left out.
    bracket = [player(1, 2), player(2, 2), player(3, 2)]
    met = [(1, 2), (1, 3), (2, 3)]
    with pytest.raises(NoValidPairing):
        pair_bracket([], bracket, Mode.LAST, rules(bracket, barred=met))


def test_d2_first_exchange_by_the_weighted_solver() -> None:
    # As test_dutch_order's D.2 case, solved by the weighted matching (the fast path
    # settles it by its own search): six players without colour preference, S1 = {1, 2, 3},
    # S2 = {4, 5, 6}; 1 may meet neither 4, 5 nor 6, so no transposition works. The first
    # exchange in D.2 order swaps 3 and 4 (difference 1): S1 = {1, 2, 4}, S2 = {3, 5, 6},
    # first transposition 3-5-6: 1-3, 2-5, 4-6.
    bracket = [player(i) for i in range(1, 7)]
    barred = [(1, 4), (1, 5), (1, 6)]
    graph = build_graph([], bracket, Mode.LAST, rules(bracket, barred=barred))
    pairs = exact_pairs(graph)
    assert {(bracket[i].id, bracket[j].id) for i, j in pairs} == {(1, 3), (2, 5), (4, 6)}


# B.1.b / B.2: N1 (MaxPairs) of the D.2 order, by the weighted solver. Brackets of players
# without colour history (no preference, no float): every candidate is equally good on C.5-C.19,
# so the generation order alone decides (B.8). 1 and 2 may meet none of 5-8, 3 and 4 neither 7
# nor 8 (C.1).
EIGHT_BARRED = [(a, b) for a in (1, 2) for b in (5, 6, 7, 8)] + [
    (a, b) for a in (3, 4) for b in (7, 8)
]


def bracket_pairs(
    graph_players: list[DutchPlayer], pairs: list[tuple[int, int]]
) -> set[frozenset[int]]:
    return {frozenset((graph_players[i].id, graph_players[j].id)) for i, j in pairs}


def test_d2_one_exchange_before_two_with_a_smaller_sum() -> None:
    """Last bracket 1-8, MaxPairs 4: S1 = {1, 2, 3, 4}, S2 = {5, 6, 7, 8} (B.2). 1 and 2 may
    only meet 1-4, so no transposition (D.1) pairs them both with S2. D.2.a: one exchange
    first. It must move 2 or 1 to S2 (else 1 and 2 both need one of 3, 4 there): 2<->5 and
    2<->6 leave 3 and 4 one partner (5 or 6) for both; 2<->7 (difference 5, D.2.b) works:
    S1 = {1, 3, 4, 7}, S2 = {2, 5, 6, 8}, first transposition 1-2, 3-5, 4-6, 7-8 (1<->7 works
    too but its difference is 6). Two exchanges (3 and 4 for 5 and 6: 1-3, 2-4, 5-7, 6-8)
    have the smaller difference 4, but D.2.a ranks any single exchange first."""
    bracket = [player(i) for i in range(1, 9)]
    graph = build_graph([], bracket, Mode.LAST, rules(bracket, barred=EIGHT_BARRED))
    expected = {frozenset(p) for p in ((1, 2), (3, 5), (4, 6), (7, 8))}
    assert bracket_pairs(graph.players, exact_pairs(graph)) == expected
    assert {
        frozenset((a.id, b.id)) for a, b in pair_bracket([], bracket, Mode.LAST, graph.rules).pairs
    } == expected


def test_d2_maxpairs_of_the_ppb_is_counted_under_c4() -> None:
    """PPB 1-8 with the barred pairs above; below it 9, who may meet only 7, and 10, who may
    meet only 8 (and not 9). C.4: the round is completed only with 7-9 and 8-10, so 7 and 8
    float and the bracket makes three pairs: MaxPairs (B.1.b, "see C.5": C.4 ranks first) is
    3, S1 = {1, 2, 3}, S2 = {4, .., 8}. 1 and 2 may only meet 4 of S2: no transposition.
    One exchange (D.2.a), smallest difference (D.2.b): 3<->4 (1) leaves 2 no partner in
    S2 = {3, 5, 6, 7, 8}; 2<->4 and 3<->5 (2) both work; D.2.c: moving 3 out of S1 beats
    moving 2, so S1 = {1, 2, 5}, S2 = {3, 4, 6, 7, 8}: 1-3, 2-4, 5-6.

    Taking MaxPairs as 4 (C.4 ignored) gives S1 = {1, 2, 3, 4} and another order of the
    candidates (the solver then pairs 1-2, 3-5, 4-6)."""
    bracket = [player(i) for i in range(1, 9)]
    lower = [player(9), player(10)]
    barred = [*EIGHT_BARRED, (9, 10)]
    barred += [(9, b) for b in range(1, 9) if b != 7] + [(10, b) for b in range(1, 9) if b != 8]
    graph = build_graph(
        [], bracket, Mode.PPB, rules([*bracket, *lower], barred=barred), lower=lower
    )
    expected = {frozenset(p) for p in ((1, 3), (2, 4), (5, 6))}
    assert bracket_pairs(graph.players, exact_pairs(graph)) == expected
    result = pair_bracket([], bracket, Mode.PPB, graph.rules, lower=lower)
    assert {frozenset((a.id, b.id)) for a, b in result.pairs} == expected
    assert [p.id for p in result.downfloaters] == [7, 8]


def test_c4_a_limbo_mdp_is_paired_below_in_a_complete_bracket() -> None:
    """2026, a bracket paired again under C4 (``Mode.COMPLETE``): MDP 1 (4 points) may meet
    none of the residents 2-6 (2 points; C1), so it stays in the Limbo and floats on, and C4
    needs it paired below. Below: 7, 8, 9 (1 point), the last bracket; 8 and 9 have met, and
    4 has met both. Nine players: one gets the bye.

    Five residents: two pairs, one more downfloater (C6). Whichever resident x floats, the
    rest {1, x, 7, 8, 9} can be completed (1 with 8 or 9, x with 7 or the other, the bye to
    the one left), C7-C9 are equal (the same scores; nobody has unplayed games) and nobody has
    colours. 5 and 6 floated down two rounds before (C16): they stay. S1 = {2, 3},
    S2 = {4, 5, 6} (3.2); transpositions (4.2): 2-4 3-5 and 2-4 3-6 and 2-5 3-4 float 6 or
    5; 2-5 3-6 floats 4. So 2-5, 3-6.

    Without the Limbo MDP's edges below, the rest {x, 7, 8, 9} could not hold 1: the
    candidate floating 4 (who may meet only 7) would leave 8 or 9 out, and 3 would float."""
    mdp = player(1, 8)
    residents = [player(i, 4) for i in (2, 3, 4)]
    residents += [player(i, 4, float_before_last=Float.DOWN) for i in (5, 6)]
    below = [player(i, 2) for i in (7, 8, 9)]
    barred = [(1, r) for r in range(2, 7)] + [(4, 8), (4, 9), (8, 9)]
    round_rules = replace(rules([mdp, *residents, *below], barred=barred), edition=EDITION_2026)
    graph = build_graph(
        [mdp], residents, Mode.COMPLETE, round_rules, next_residents=below, lower=below
    )
    assert bracket_pairs(graph.players, exact_pairs(graph)) == {
        frozenset((2, 5)),
        frozenset((3, 6)),
    }


def test_d2_exchange_with_a_pair_inside_s1() -> None:
    """A bracket of seven residents 1-7 (2026, no following bracket given); 2, 5 and 6 played
    White once (strong preference for Black), the others have no colours. C1: 1 may not meet
    5 or 6; 2 neither 3 nor 7; 3 neither 5 nor 6; 5 not 7. MaxPairs 3: S1 = {1, 2, 3},
    S2 = {4, 5, 6, 7}.

    C12 (preferences): each of 2, 5, 6 must meet a player without colours or float. 5 may
    meet only 4 of those, so no candidate without exchange keeps every preference (2 would
    need 4 as well, 1 and 3 then one partner, 7). D.2: one exchange; 3<->4 (difference 1)
    leaves 2 only 5 or 6 (a lost preference). Difference 2: 3<->5 (first by D.2.c) leaves 5
    and 2 both needing 4; 2<->4: S1 = {1, 3, 4}, S2 = {2, 5, 6, 7}, the first transposition
    keeping every preference is 1-2, 3-7, 4-5 (3 may meet neither 5 nor 6), and 6 floats."""
    bracket = [player(1), player(2, 0, "w"), player(3), player(4)]
    bracket += [player(5, 0, "w"), player(6, 0, "w"), player(7)]
    barred = [(1, 5), (1, 6), (2, 3), (2, 7), (3, 5), (3, 6), (5, 7)]
    round_rules = replace(rules(bracket, barred=barred), edition=EDITION_2026)
    graph = build_graph([], bracket, Mode.NORMAL, round_rules)
    expected = {frozenset(p) for p in ((1, 2), (3, 7), (4, 5))}
    assert bracket_pairs(graph.players, exact_pairs(graph)) == expected


def test_c6_a_complete_bracket_pairs_before_it_floats() -> None:
    """2026, a bracket paired under C4 (``Mode.COMPLETE``): 1 and 2 (2 points), below them
    3 (1 point), the last bracket; three players, one bye, nobody has met. Every candidate
    completes the round (C4): 1-2 with the bye to 3, or one of them floating to meet 3 and
    the other floating to the bye. C6 (fewest downfloaters): 1-2, nobody floats."""
    bracket = [player(1, 4), player(2, 4)]
    below = [player(3, 2)]
    round_rules = replace(rules([*bracket, *below]), edition=EDITION_2026)
    graph = build_graph([], bracket, Mode.COMPLETE, round_rules, next_residents=below, lower=below)
    assert bracket_pairs(graph.players, exact_pairs(graph)) == {frozenset((1, 2))}
    result = pair_bracket([], bracket, Mode.COMPLETE, round_rules, below, below)
    assert [(a.id, b.id) for a, b in result.pairs] == [(1, 2)]
    assert result.downfloaters == ()


def test_d2_maxpairs_of_a_heterogeneous_ppb_remainder() -> None:
    """2017, a PPB with MDP 1 (4 points) and residents 2-10 (2 points), below it 11 and 12
    (0 points). 3, 4, 5, 6 and 9 played one game, with Black: a strong preference for White
    (A.6.b); 1, 2, 7, 8 and 10 have none. C.1: 11-12, 9-11, 9-12, 3-10 and 4-10 have met.

    C.4: 11 and 12 need two partners from the PPB, and 9 may meet neither, so two residents
    other than 9 float: four pairs (C.5). The MDP-pairing (B.7, D.3/D.1): 1-2, the first, and
    the remainder 3-10 can still be paired without a lost preference (below). The remainder
    (B.7: a homogeneous bracket of its own, BSNs 1-8 for 3-10) makes three pairs: MaxPairs
    is 3 (C.4 ranks first), S1 = {3, 4, 5}, S2 = {6, 7, 8, 9, 10}.
    C.10: five players want White, so the best three pairs each join one of them with one
    of 7, 8, 10 (no preference lost) and float two of 3, 4, 5, 6. With S1 = {3, 4, 5}, all
    three of them need 7, 8, 10, and 3 and 4 may not meet 10, so 5-10; then 9 floats:
    against C.4. D.2, one exchange (a), smallest BSN difference (b): 5<->6 (1): S1 all want
    White and 3, 4 need 7, 8, then 6 needs 10 and 9 floats; 4<->6, 5<->7 (2): S1 = {3, 5, 6}
    leaves 9 a partner only in S1's White seekers or floating, S1 = {3, 4, 7} gives 3 and 4
    only 8; 3<->6, 4<->7, 5<->8 (3): {4, 5, 6} as {3, 5, 6}, {3, 4, 8} as {3, 4, 7}, and
    {3, 5, 7} with S2 = {4, 6, 8, 9, 10} works. Its first transposition (D.1): 3-8 (3-4 and
    3-6 lose a preference), 5-10 (5-4, 5-6, 5-9 lose one), 7-9 (7-4 and 7-6 float 9).
    So 1-2, 3-8, 5-10, 7-9, and 4 and 6 float.

    Taking N1 as the number of remainder players paired below the PPB (2) gives S1 = {3, 4}
    and another first candidate."""
    history = {3: "b", 4: "b", 5: "b", 6: "b", 9: "b"}
    ppb = [player(1, 8), *(player(i, 4, history.get(i, "")) for i in range(2, 11))]
    lower = [player(11), player(12)]
    barred = [(11, 12), (9, 11), (9, 12), (3, 10), (4, 10)]
    round_rules = rules([*ppb, *lower], barred=barred)
    result = pair_bracket(ppb[:1], ppb[1:], Mode.PPB, round_rules, lower=lower)
    assert ids(result.pairs) == {frozenset(p) for p in ((1, 2), (3, 8), (5, 10), (7, 9))}
    assert [p.id for p in result.downfloaters] == [4, 6]


def test_c6_psd_tie_in_the_clb_pairs_every_mdp_first() -> None:
    # 2017 collapsed last bracket (A.9): MDPs 1 (4 points) and 2 (3), residents 3 (2),
    # 4 (1), 5 (0); 1-4, 2-4 and 2-5 have met (C.1); no colour or float history.
    # Both MDPs paired: 1-5, 2-3, bye 4. SDs (A.8): 4, 1, and the bye's 1 - (0 - 1) = 2:
    # PSD (4, 2, 1). MDP 2 in the Limbo with the bye: 1-3, 4-5, SDs 2, 1 and 3 - (0 - 1) =
    # 4: the same PSD, and every later criterion ties. M1 = 2 (B.1 c): the candidates that
    # pair both MDPs come first (B.2, D.3), so 1-5, 2-3 and the bye to 4 (C.6's note:
    # "maximize the number of paired MDP(s)"). (docs/testing.md run 16: `_order_gains` 18
    # is equivalent here.)
    bracket = [player(1, 8), player(2, 6), player(3, 4), player(4, 2), player(5, 0)]
    round_rules = rules(bracket, barred=[(1, 4), (2, 4), (2, 5)])
    result = pair_bracket(bracket[:2], bracket[2:], Mode.LAST, round_rules)
    assert ids(result.pairs) == {frozenset((1, 5)), frozenset((2, 3))}
    assert result.bye is not None and result.bye.id == 4
