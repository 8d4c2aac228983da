"""US Chess Swiss: the full-point bye (28L2, 28L2a, 28L5) and the odd player's partner (29D2),
tests written against the survivors of mutation run 9 that docs/testing.md left "not
pinned" or "not analysed" (`_bye_for_colours`, `_odd_partner`, `_four_round_bye_order`,
`groups.completable`) and the bugs the analysis found (28L2a, 28L5's explanation). Each
expectation is derived by hand in the docstring from the rules as docs/uscf-pairings.md
states them.
Players are 1..n in the order of the ratings given (0: unrated); ``W1``/``B0`` are colour and
result of a game against a player outside the section unless ``@n`` names the opponent,
``H`` a half-point bye, ``-`` no game."""

from __future__ import annotations

from dataclasses import replace

from pairing.engine.core.state import ForbiddenPairs
from pairing.engine.usswiss import USSettings, pair_us_round
from pairing.engine.usswiss.groups import completable
from tests.engine.usswiss_mutant_cases import (
    BYE_FOR_COLOURS,
    FOUR_ROUND_BYE,
    bye_and_boards,
    bye_reasons,
    four_rounds,
    odd_player_meets_unrated,
    odd_player_past_a_rematch,
)
from tests.engine.usswiss_support import section

# -- 28L2a: the bye moves up the lowest group, and only for better colours ----------------


def test_28l2a_never_moves_the_bye_down_to_a_player_22c6_passed_over() -> None:
    """Round 3 of five. 1 (2000: W1, B1) and 2 (1990: B1, W1) on 2 points; on ½: 3 (1800:
    W=, W0), 4 (600: no game, then B=) and 5 (570: H, W0). 28L2 with 22C6: 5 had a
    half-point bye, so the bye goes to 4, the lowest-rated of the others. Rest of the group:
    3 (two Whites, due Black, 27A4) and 5 (one White, due Black): 3 gets Black to equalize,
    5 White: one player without his due colour and two Whites in a row (29E5f). With 5 on
    the bye instead, 3 (Black) - 4 (due White) would give every due colour, but 28L2a moves
    the bye *up* the group, to a higher-rated player (docs/uscf-pairings.md: "the bye to a
    higher-rated player of the lowest group"); 5 is 30 points below 4 and 22C6 passed him
    over. So 4 keeps the bye: 1-2 (1 due White), 5-3. (Before the fix 5 took the bye
    "instead of 4".)"""
    state = section(
        [2000, 1990, 1800, 600, 570],
        {1: ["W1", "B1"], 2: ["B1", "W1"], 3: ["W=", "W0"], 4: ["-", "B="], 5: ["H", "W0"]},
    )
    assert bye_and_boards(state, BYE_FOR_COLOURS) == (4, None, [(1, 2), (5, 3)])


def test_28l2a_an_equal_move_leaves_the_bye_with_the_28l2_choice() -> None:
    """Round 3 of five, as above but 4 (600: no game, then W=) and 5 (600: H, W0) have the
    same rating and the same single White. 28L2 with 22C6: the bye to 4 (5 had a half-point
    bye). The rest of the group is 3 (W, B: due White) with 5 (due Black), or, with 5 on
    the bye, 3 with 4 (due Black): every colour due either way, and a move of 0 points.
    28L2a moves the bye only when the rest then has *better* colours (and never down the
    group): 4 keeps it; 1-2, 3-5. (Before the fix the tie went to 5.)"""
    state = section(
        [2000, 1990, 1800, 600, 600],
        {1: ["W1", "B1"], 2: ["B1", "W1"], 3: ["W=", "B0"], 4: ["-", "W="], 5: ["H", "W0"]},
    )
    assert bye_and_boards(state, BYE_FOR_COLOURS) == (4, None, [(1, 2), (3, 5)])


def test_28l2a_of_two_equal_moves_the_bye_goes_to_the_lower_ranked() -> None:
    """Round 2 of five: 1 (2000, W1), 2 (1990, B1) on 1; 3 (600, W0), 4 (600, W0), 5 (520,
    B0) on 0. 28L2: the bye to 5; 3 and 4 then both due Black after a White: one of them
    gets White twice (29E5f). 28L2a: the bye to 3 or 4 (80 points up, within 29E5a's
    limit) leaves 5 (due White) against the other (due Black): every colour due. The two
    moves are equal (same rating, same colours); 28L2's own order among equal ratings
    takes the lower-ranked first (the higher pairing number), 4: the bye to 4 instead of 5;
    2-1 (2 due White), 5-3."""
    state = section(
        [2000, 1990, 600, 600, 520], {1: ["W1"], 2: ["B1"], 3: ["W0"], 4: ["W0"], 5: ["B0"]}
    )
    assert bye_and_boards(state, BYE_FOR_COLOURS) == (4, 5, [(2, 1), (5, 3)])


def test_28l2a_goes_on_past_a_player_whose_absence_leaves_a_rematch() -> None:
    """Round 4 of five. 1 (2000) and 2 (1990) on 3 points have not met; on 1 point 3 (600:
    B0 v 1, W0 v 2, B1 v 5; due White), 4 (560: B0, W1, B0; due White), 5 (520: W1, B0, W0
    v 3; due Black). 28L2: the bye to 5; then 3 and 4, both due White after B, W, B, meet:
    one gets a third Black, two games ahead (27A4). 28L2a, up the group: 4 (40 points up) may
    not take it: 3 has met 1, 2 and 5 and could only meet 4 (27A1). 3 (80 points up,
    29E5a's limit) leaves 4 (White) - 5 (Black), every colour due: the bye to 3 instead of
    5; 2-1 (both due Black after W, B, W: the higher-ranked 1 gets it, 29E4), 4-5."""
    state = section(
        [2000, 1990, 600, 560, 520],
        {
            1: ["W1@3", "B1", "W1"],
            2: ["W1", "B1@3", "W1"],
            3: ["B0@1", "W0@2", "B1@5"],
            4: ["B0", "W1", "B0"],
            5: ["W1", "B0", "W0@3"],
        },
    )
    assert bye_and_boards(state, BYE_FOR_COLOURS) == (3, 5, [(2, 1), (4, 5)])


def test_28l2a_goes_on_past_a_player_whose_group_cannot_pair_without_him() -> None:
    """As above, but 3 met only 5 (1 and 2 were other opponents): 4 on the bye would leave
    3 and 5, who have met, to pair within the group (27A1), so 4 is passed over; 3, 80
    points up, takes it instead of 5, as above; 2-1, 4-5."""
    state = section(
        [2000, 1990, 600, 560, 520],
        {
            1: ["W1", "B1", "W1"],
            2: ["W1", "B1", "W1"],
            3: ["B0", "W0", "B1@5"],
            4: ["B0", "W1", "B0"],
            5: ["W1", "B0", "W0@3"],
        },
    )
    assert bye_and_boards(state, BYE_FOR_COLOURS) == (3, 5, [(2, 1), (4, 5)])


def test_28l2a_never_moves_the_bye_to_a_player_who_had_one() -> None:
    """Round 3 of five. 1 (2000: W1, B1) and 2 (1990: B1, W1) on 2 points; on 1: 3 (640:
    W0, B1; due White), 4 (600: a full-point bye U, then B0; due White) and 5 (560: B1,
    W0; due Black). 28L3: 4 may not have a second bye; 28L2: the bye to 5. The rest, 3 and
    4, are both due White: one misses it (27A5; 4 even two Blacks ahead). 28L2a, up the
    group: 4 (40 points up) would mend it (3-5 both due), but 28L3 bars him whatever the
    colours; 3 (80 points up, within 29E5a's limit) mends it too: 4 (White) - 5. The bye to 3
    instead of 5; 1-2 (1 due White, 2 due Black)."""
    state = section(
        [2000, 1990, 640, 600, 560],
        {1: ["W1", "B1"], 2: ["B1", "W1"], 3: ["W0", "B1"], 4: ["U", "B0"], 5: ["B1", "W0"]},
    )
    assert bye_and_boards(state, BYE_FOR_COLOURS) == (3, 5, [(1, 2), (4, 5)])


def test_28l2a_a_tie_with_the_28l2_choice_keeps_the_bye_there() -> None:
    """Round 2 of five: 1 (2000, W1), 2 (1990, B1) on 1; 3 (1800, W0), 4 (600, W0), 5 (600,
    W0) on 0, all three due Black after one White. 28L2: the lowest rating, 600, and of the
    two the lower-ranked, 5, takes the bye. Whoever of 3, 4 or 5 has it, the other two are
    both due Black and one of them gets White twice: no move gives better colours (and 4,
    with 5's rating, moves 0 points), so 5 keeps the bye; 2-1, 3 (higher-ranked, his due
    Black) against 4: 4-3."""
    state = section(
        [2000, 1990, 1800, 600, 600], {1: ["W1"], 2: ["B1"], 3: ["W0"], 4: ["W0"], 5: ["W0"]}
    )
    assert bye_and_boards(state, BYE_FOR_COLOURS) == (5, None, [(2, 1), (4, 3)])


# -- Run 12 (docs/testing.md): how 28L2a measures the move (docs/uscf-pairings.md, "28L2a and
# 28L5, run 12"): the bye moved from the 28L2 choice to a player above him is a switch of
# those two players, measured like any 29E5 switch (29E5g included: to or from an unrated
# player at most 80 points) and weighed like a transposition of the same points; no move is
# no switch.

BYE_TO_UNRATED_FOR_COLOURS = USSettings(bye_for_colours=True, bye_to_unrated=True)


def test_28l2a_an_unrated_28l2_choice_keeps_the_bye_without_better_colours() -> None:
    """Round 2 of five: 1 (2000: W1) and 2 (1990: B1) on 1 point; on 0: 3 (150: W0), 4 and
    5 (unrated: B0, W0). 28L2 with bye_to_unrated: the unrated count as the lowest; of 4 and
    5 the lower-ranked, 5. The rest of the group, 3 (due Black) and 4 (due White): 4-3, every
    colour due; nothing for 28L2a to gain, so 5 keeps the bye; 2-1, 4-3. (Before the fix
    the unrated 28L2 choice was charged as over the limits for keeping the bye, and it went
    150 points up to 3 "instead of 5" for colours no better.)"""
    state = section(
        [2000, 1990, 150, 0, 0], {1: ["W1"], 2: ["B1"], 3: ["W0"], 4: ["B0"], 5: ["W0"]}
    )
    plain = bye_and_boards(state, USSettings(bye_to_unrated=True))
    assert plain == (5, None, [(2, 1), (4, 3)])
    assert bye_and_boards(state, BYE_TO_UNRATED_FOR_COLOURS) == plain


def test_28l2a_a_move_between_two_unrated_players_is_no_switch() -> None:
    """As above, but 4 (unrated) played White and 5 (unrated) Black: 3 and 4 due Black, 5
    due White. 28L2 (bye_to_unrated): the bye to 5; the rest, 3 and 4, both due Black: one
    misses it (27A5). 28L2a: 4 on the bye leaves 5 (White) - 3 (Black), every colour due,
    and 4 and 5, both unrated, are 0 points apart (29E5g): the bye to 4 instead of 5; 2-1,
    5-3. 3 (150) would give the same colours (5-4) for a switch counted 80 points (29E5g's
    cap, a move from an unrated player): more than 0."""
    state = section(
        [2000, 1990, 150, 0, 0], {1: ["W1"], 2: ["B1"], 3: ["W0"], 4: ["W0"], 5: ["B0"]}
    )
    assert bye_and_boards(state, BYE_TO_UNRATED_FOR_COLOURS) == (4, 5, [(2, 1), (5, 3)])


def test_28l2a_a_smaller_move_beats_a_larger_transposition() -> None:
    """Round 2 of five, all on 0: 1 (1100: W0, due Black), 2 (1000: B0, due White), 3 (900:
    no game, no due colour), 4 (860: B0, due White), 5 (830: W0, due Black). 28L2: the bye
    to 5. The rest by 27A3: 1-3, 2-4 (both due White: one misses it); the transposition
    1-4, 2-3 gives every due colour and moves min(|900 - 860|, |1100 - 1000|) = 40 points
    (29E5c). 28L2a: 4 on the bye (30 points above 5) leaves 1-3, 2-5: every due colour, and
    a switch of 30 points. Both are one switch each for the same colours; the smaller wins
    (29E5, "the smaller the better"): the bye to 4 instead of 5; 3-1 (1 due Black), 2-5.
    (A bye move weighed 1.5 times a transposition would keep the 40-point transposition.)"""
    state = section(
        [1100, 1000, 900, 860, 830], {1: ["W0"], 2: ["B0"], 3: ["-"], 4: ["B0"], 5: ["W0"]}
    )
    assert bye_and_boards(state) == (5, None, [(4, 1), (2, 3)])
    assert bye_and_boards(state, BYE_FOR_COLOURS) == (4, 5, [(3, 1), (2, 5)])


def test_28l2a_goes_on_past_a_move_over_the_limit_to_one_29e5g_allows() -> None:
    """Round 3 of five, all on 1 point: 1 (unrated, the TD's assigned rating 700: W1, B0,
    due White), 2 (650: W0, B1, due White), 3 (560: B1, W0, due Black). 28L2: the lowest
    rating, 3 (the assigned rating counts for the bye order); the rest 1-2, both due White:
    one misses it (27A5). 28L2a, up the group: 2 is 90 points up, over 29E5a's 80-point
    limit for a due colour: no; 1 is 140 points up by his assigned rating, but a switch to an
    unrated player counts at most 80 points (29E5g; an assigned rating does not make him
    rated): within the limit, and 2 (White) - 3 (Black) gives every due colour: the bye to 1
    instead of 3."""
    state = section([0, 650, 560], {1: ["W1", "B0"], 2: ["W0", "B1"], 3: ["B1", "W0"]})
    settings = USSettings(bye_for_colours=True, assigned_ratings={1: 700})
    assert bye_and_boards(state, USSettings(assigned_ratings={1: 700})) == (3, None, [(1, 2)])
    assert bye_and_boards(state, settings) == (1, 3, [(2, 3)])


# -- 28L5: the bye one score group up in a four-round event (variation) -------------------


def test_28l5_not_while_a_rated_player_of_the_lowest_group_can_take_the_bye() -> None:
    """Round 3 of four. 1 (2000) and 2 (1900) on 2 points, 3 (1800) on 1; on ½: 4 (1200:
    H, B0) and 5 (unrated: W=, B0). 28L2 with 22C6: 4 had a half-point bye, so 5 comes
    first. 28L5 (docs/uscf-pairings.md) applies "only when 28L2 would give the bye to an
    unrated player of the lowest group and no rated player of that group can take it"; 4
    can (22C6 orders, only 28L3 bars, and he had no full-point bye): no 28L5, the bye to 5;
    1-2 (1 due White), 4-3 (both due White: 4, after one Black, needs it to equalize, 3
    after W, B only to alternate, 29E4)."""
    state = section(
        [2000, 1900, 1800, 1200, 0],
        {1: ["W1", "B1"], 2: ["B1", "W1"], 3: ["W1", "B0"], 4: ["H", "B0"], 5: ["W=", "B0"]},
    )
    assert bye_and_boards(four_rounds(state), FOUR_ROUND_BYE) == (5, None, [(1, 2), (4, 3)])


def test_28l5_falls_back_to_the_lowest_group_when_nobody_up_can_take_the_bye() -> None:
    """Round 4 of four. 1 (2000), 2 (1900) on 3 points, 3 (1800) on 2, 4 (1500) on 1, 5
    (unrated) on 0 after losing to 1, 2 and 3. 28L5: the bye would go one group up, to 4,
    the only player of the 1-point group; but then 5, who has met 1, 2 and 3, could not be
    paired (27A1). So 28L5 finds nobody and 28L2 gives the bye to 5 after all; 2-1, 3-4."""
    state = section(
        [2000, 1900, 1800, 1500, 0],
        {
            1: ["W1@5", "B1", "W1"],
            2: ["W1", "W1@5", "B1"],
            3: ["B1", "W0", "B1@5"],
            4: ["W0", "B1", "W0"],
            5: ["B0@1", "B0@2", "W0@3"],
        },
    )
    assert bye_and_boards(four_rounds(state), FOUR_ROUND_BYE) == (5, None, [(2, 1), (3, 4)])


def test_28l5_passed_over_cites_28l5() -> None:
    """The explanation of a 28L5 bye (the case of test_usswiss_pairing's 28L5 test: the
    unrated 5 alone on 0, the bye to 4 one group up) names the rule that passed 5 over,
    28L5, not 27A1 (5's absence would leave the others pairable). Before the fix every
    reason that was not 28L3 cited 27A1."""
    state = section(
        [2000, 1900, 1800, 1700, 0], {1: ["W1"], 2: ["B1"], 3: ["W="], 4: ["B="], 5: ["W0"]}
    )
    assert bye_and_boards(four_rounds(state), FOUR_ROUND_BYE)[0] == 4
    cited = bye_reasons(four_rounds(state), FOUR_ROUND_BYE)
    assert "28L5" in cited
    assert cited["28L5"].text.startswith("#5: unrated in a four-round event")
    assert "27A1" not in cited


def test_28l5_passes_over_an_unrated_player_of_the_group_up_with_a_better_claim() -> None:
    """Round 3 of four: 1 (2000) and 2 (1900) on 2 points; on 1: 3 (1200: H, B=) and 4
    (unrated: W1, B0); on 0: 5 (unrated: W0, B0). 28L2: the bye to 5, unrated: 28L5 sends it
    one group up, to the rated 3. In that group 22C6 put 4 before 3 (3 had a half-point
    bye): 4 too is passed over because he is unrated in a four-round event, and the
    explanation says so for both (each 28L5); the others 1-2, 4-5."""
    state = section(
        [2000, 1900, 1200, 0, 0],
        {1: ["W1", "B1"], 2: ["B1", "W1"], 3: ["H", "B="], 4: ["W1", "B0"], 5: ["W0", "B0"]},
    )
    assert bye_and_boards(four_rounds(state), FOUR_ROUND_BYE) == (3, None, [(1, 2), (4, 5)])
    rnd = pair_us_round(four_rounds(state), FOUR_ROUND_BYE)
    assert rnd.bye is not None
    why = "unrated in a four-round event: the bye goes one score group up (28L5)"
    assert rnd.bye.passed_over == ((4, why), (5, why))


# -- 29D2: the odd player's partner ---------------------------------------------------------


def test_29d2_the_odd_player_meets_an_unrated_player_for_his_due_colour() -> None:
    """Round 3 of five. On 2 points 1 (2000: W, B), 2 (1900: B, W), 3 (1800: B, W); on 0
    4 (1500: B, W), 5 (1400: W, B), 6 (unrated: W, B). The 2-point group is odd: 3, the
    lowest-rated, drops (29D1a) and meets the highest-rated of the 0 group he may meet, 4
    (29D2) -- but 3 and 4 are both due Black (one would miss his due colour, 27A5). A lower
    player only within 29E5's limits: 5 is 100 points below 4, over the 80-point limit for
    a due colour (29E5a); 6 is unrated, and a switch to an unrated player never breaks the
    limits (29E5g: counted as 80 points, docs/uscf-pairings.md), and 6 is due White. So
    3 meets 6: 6-3; 1-2 (1 due White), 5-4."""
    rnd = pair_us_round(odd_player_meets_unrated(), USSettings())
    assert rnd.dropped == ((3, 4),)
    assert [(b.white, b.black) for b in rnd.pairing.boards] == [(1, 2), (6, 3), (5, 4)]


def test_29d2_the_odd_player_passes_over_a_partner_that_leaves_a_rematch() -> None:
    """Round 3 of five. On 2 points 1 (2000), 2 (1900), 3 (1800); on 1 point 4 (1500), 5
    (1400) and 6 (1000), 5 and 6 having met in round 1. 3 drops (29D1a) and would meet the
    highest-rated of the 1-point group, 4 (29D2), but then 5 and 6 would have to meet again
    (27A1): "the highest-rated player he may meet" with the rest pairable is 5. Boards:
    1-2 (1 due White), 3-5 (both due White after W, B: the higher-ranked 3 gets it, 29E4),
    6-4 (both due Black: 4, higher-ranked, gets it)."""
    rnd = pair_us_round(odd_player_past_a_rematch(), USSettings())
    assert rnd.dropped == ((3, 4),)
    assert [(b.white, b.black) for b in rnd.pairing.boards] == [(1, 2), (3, 5), (6, 4)]


# -- 27A1: whether the round can be paired without rematches (groups.completable) ----------


def test_27a1_the_one_pairing_left_is_found() -> None:
    """Round 1 of eight players 1..8 (2000 down to 1300) in which the TD forbade every pair
    but 1-8, 2-7, 3-6 and 4-5 (forbidden pairs are kept apart like players who have met,
    27A1). Exactly one pairing without a forbidden pair is left, so the round is pairable:
    those four boards (colours aside). The check must see every pair once and no player
    against himself."""
    allowed = {frozenset(p) for p in ((1, 8), (2, 7), (3, 6), (4, 5))}
    forbidden = tuple(
        ForbiddenPairs((a, b))
        for a in range(1, 9)
        for b in range(a + 1, 9)
        if frozenset((a, b)) not in allowed
    )
    state = replace(section([2000, 1900, 1800, 1700, 1600, 1500, 1400, 1300]), forbidden=forbidden)
    assert completable(state, range(1, 9))
    assert not completable(
        replace(state, forbidden=(*forbidden, ForbiddenPairs((4, 5)))), range(1, 9)
    )
    rnd = pair_us_round(state, USSettings())
    assert {frozenset((b.white, b.black)) for b in rnd.pairing.boards} == allowed
