"""The Dutch bracket graph (:mod:`pairing.engine.dutch.graph`) where mutation runs 8 and 11
found it untested (docs/testing.md, "Run 12"). Expected pairings are derived by hand from
C.04.3 (2017: ``/work/shared/specs/fide-dutch-c0403-2017.md``; 2026:
``fide-dutch-c0403-2026.md``) in each test's docstring.

Players without colour history have no colour preference, so C10-C13 (2026) and C.8-C.11
(2017) cost nothing in these brackets.
"""

from __future__ import annotations

import itertools
from dataclasses import replace

from pairing.engine.dutch.bracket import pair_bracket
from pairing.engine.dutch.edition import EDITION_2026
from pairing.engine.dutch.graph import Mode, compatibility_masks, compatibility_sets
from pairing.engine.dutch.players import DutchPlayer, Float
from tests.engine.test_dutch_support import player, rules


def ids(pairs: tuple[tuple[DutchPlayer, DutchPlayer], ...]) -> set[frozenset[int]]:
    return {frozenset((a.id, b.id)) for a, b in pairs}


def only_meeting(
    players: list[DutchPlayer], allowed: set[tuple[int, int]]
) -> list[tuple[int, int]]:
    """C.1: every pair of ``players`` but the ``allowed`` ones has met."""
    return [
        (a.id, b.id)
        for a, b in itertools.combinations(players, 2)
        if (a.id, b.id) not in allowed and (b.id, a.id) not in allowed
    ]


def test_c14_counts_resident_downfloaters_only() -> None:
    """2026, a bracket above a following one (NORMAL). MDPs 1 and 2 (3 points), residents
    3-6 (2 points), the following bracket's residents 7 and 8 (1 point). 1 floated down
    last round, 4 too; 6 floated down two rounds before. C1: the only pairs still allowed
    are 1-3, 2-3, 4-5, 5-6 in the bracket and 1-8, 2-7, 4-8, 6-7 below it.

    C6: two pairs at most, one of {1-3, 2-3} and one of {4-5, 5-6}, so the bracket floats
    one of 1, 2 and one of 4, 6; C7: every such set has the scores 3 and 2. C8 (C6 in the
    following bracket {floaters, 7, 8}, 7-8 barred): floating {1, 6} pairs 1-8, 6-7 and
    {2, 4} pairs 2-7, 4-8, both complete; {2, 6} (both may meet only 7) and {1, 4} (both
    only 8) leave two players unpaired there. So {1, 6} or {2, 4}.
    C14 (resident downfloaters who received a downfloat in the previous round): {1, 6}
    floats no resident that did (1 is an MDP, C14 does not count it), {2, 4} floats 4. So
    {1, 6}: pairs 2-3, 4-5.

    Counting the MDP 1 like a resident in C14 (the flag that tells MDPs apart lost) would
    tie the two at one, and C16 (6 floated down two rounds before) would pick {2, 4}."""
    mdps = [player(1, 6, float_last=Float.DOWN), player(2, 6)]
    residents = [
        player(3, 4),
        player(4, 4, float_last=Float.DOWN),
        player(5, 4),
        player(6, 4, float_before_last=Float.DOWN),
    ]
    following = [player(7, 2), player(8, 2)]
    everyone = [*mdps, *residents, *following]
    allowed = {(1, 3), (2, 3), (4, 5), (5, 6), (1, 8), (2, 7), (4, 8), (6, 7)}
    round_rules = replace(
        rules(everyone, barred=only_meeting(everyone, allowed)), edition=EDITION_2026
    )
    result = pair_bracket(mdps, residents, Mode.NORMAL, round_rules, next_residents=following)
    assert ids(result.pairs) == {frozenset((2, 3)), frozenset((4, 5))}
    assert [p.id for p in result.downfloaters] == [1, 6]


def test_c4_the_ppb_floats_all_rather_than_leave_two_players_below_unpaired() -> None:
    """2017, a PPB 1-4 (2 points) above 5-8 (0 points); the pairs still allowed (C.1) are
    1-2 and 3-4 in the PPB, 1-5, 2-7, 3-8, 4-6 across and 7-8 below it.

    C.4: the downfloaters must let the round be completed. 5 may meet only 1 and 6 only 4,
    so 1 and 4 float; 2 and 3 may not meet each other and their only other partners in the
    PPB are 1 and 4, so they float too: no pair, downfloaters 1, 2, 3, 4 (the CLB then
    pairs 1-5, 2-7, 3-8, 4-6). The candidate 1-2, 3-4 has two pairs (C.5) but leaves 5 and
    6 unpaired: C.4 ranks first, so it loses, however many pairs it has."""
    ppb = [player(i, 4) for i in (1, 2, 3, 4)]
    lower = [player(i, 0) for i in (5, 6, 7, 8)]
    everyone = [*ppb, *lower]
    allowed = {(1, 2), (3, 4), (1, 5), (2, 7), (3, 8), (4, 6), (7, 8)}
    round_rules = rules(everyone, barred=only_meeting(everyone, allowed))
    result = pair_bracket([], ppb, Mode.PPB, round_rules, lower=lower)
    assert result.pairs == ()
    assert [p.id for p in result.downfloaters] == [1, 2, 3, 4]


def test_c9_not_when_only_two_mdps_meeting_would_leave_one_floater() -> None:
    """2026, the bracket above the last one: MDPs 1 and 2 (3 points), residents 3, 4, 5
    (2 points), the last bracket 6, 7 (1 point). C1: only 1-2, 3-4, 3-5, 4-5, 1-6 and 2-7
    have not met; 1, 2, 6 and 7 may not receive the bye (C2). 5 has one unplayed game.

    B.3: MDPs are not paired with each other, and neither may meet a resident, so C6 allows
    one pair among 3, 4, 5 and the bracket downfloats three players: 1, 2 and one resident
    (C7 the same for each). C8: the last bracket then pairs 1-6, 2-7 and gives the resident
    the bye, whichever he is. C9 "applies to brackets that downfloat exactly one player":
    not this one, so 5's unplayed game does not count, and the first candidate generated
    decides: no MDP paired (M1 = 0), the remainder 3, 4, 5 with S1 = {3}: 3-4, 5 floats.

    Counting 1-2 as a possible pair (the MDPs not kept apart) makes the bracket look like
    one that floats one player, and C9 would float 3 or 4 instead of 5."""
    mdps = [player(1, 6, bye_allowed=False), player(2, 6, bye_allowed=False)]
    residents = [player(3, 4), player(4, 4), replace(player(5, 4), unplayed=1)]
    last = [player(6, 2, bye_allowed=False), player(7, 2, bye_allowed=False)]
    everyone = [*mdps, *residents, *last]
    allowed = {(1, 2), (3, 4), (3, 5), (4, 5), (1, 6), (2, 7)}
    round_rules = replace(
        rules(everyone, barred=only_meeting(everyone, allowed)), edition=EDITION_2026
    )
    result = pair_bracket(
        mdps, residents, Mode.NORMAL, round_rules, next_residents=last, next_is_last=True
    )
    assert ids(result.pairs) == {frozenset((3, 4))}
    assert [p.id for p in result.downfloaters] == [1, 2, 5]


def test_the_first_resident_may_meet_the_mdps_in_both_directions() -> None:
    """B.3 keeps the MDPs of a bracket apart from each other only; a resident may meet an
    MDP (that is an MDP-pairing, 2017 B.3 / 2026 art. 3.3). MDPs 1 and 2 (3 points),
    residents 3 and 4 (2 points), no bars, no colour history (no C.3 block): ``separate=2``.

    By hand: MDP 1 may meet 3 and 4 (not 2, B.3), MDP 2 may meet 3 and 4, resident 3 may
    meet 1, 2 and 4, resident 4 may meet 1, 2 and 3. The relation is symmetric, as "may be
    paired with" is: the first resident (index 2, right after the kept-apart ones) keeps
    the MDPs, so a reader searching from either end finds the edge."""
    players = [player(1, 6), player(2, 6), player(3, 4), player(4, 4)]
    round_rules = rules(players)
    expected = [{2, 3}, {2, 3}, {0, 1, 3}, {0, 1, 2}]
    assert compatibility_sets(players, round_rules, 2) == expected
    masks = compatibility_masks(players, round_rules, 2)
    assert masks == [sum(1 << j for j in near) for near in expected]
