"""US Chess Swiss pairing (pairing/engine/usswiss/; Official Rules of Chess, 7th edition,
chapter 2, rules 27-29) on sections worked out by hand: each test pins a rule that a
surviving mutant of the package's mutation run (docs/testing.md, run 9) broke. Players are
1..n in the order of the ratings given; ``W1``/``B0`` are colour and result of a game against
a player outside the section, ``U`` a full-point bye."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pairing.engine.core.errors import NoValidPairing
from pairing.engine.core.explain import Topic
from pairing.engine.core.state import TournamentState
from pairing.engine.usswiss import USSettings, explain_round, may_have_bye, pair_us_round
from pairing.engine.usswiss.colours import ColourRule, colour_rule
from pairing.engine.usswiss.groups import PairKind
from pairing.engine.usswiss.settings import settings_from_words, settings_record
from pairing.engine.usswiss.system import USRound, accelerated_players
from tests.engine.usswiss_support import section

# -- the XXU record: every setting written and read back ------------------------------------


@pytest.mark.parametrize(
    ("settings", "words"),
    [
        (USSettings(alternation_limit=100), "alternation=100"),
        (USSettings(equalization_limit=250), "equalization=250"),
        (USSettings(accelerated=True, accelerated_rounds=3), "accelerated=3"),
        (USSettings(team_over_equalization=True), "teams-first"),
        (USSettings(bye_for_colours=True), "bye-for-colours"),
        (USSettings(bye_to_unrated=True), "bye-to-unrated"),
        (USSettings(bye_up_in_four_rounds=True), "bye-up-four-rounds"),
        (USSettings(harkness=True), "harkness"),
        (USSettings(avoid_together=((3, 7),)), "apart=3,7"),
        (USSettings(assigned_ratings={12: 1450}), "assigned=12:1450"),
    ],
)
def test_each_td_setting_is_written_and_read_back(settings: USSettings, words: str) -> None:
    """Each setting that differs from the rules' defaults is one word of the ``XXU`` record,
    and the word gives back exactly that setting (a group kept apart may be two players, a
    pair of team-mates, 28N)."""
    assert settings_record(settings) == words
    assert settings_from_words(words) == settings


@pytest.mark.parametrize("word", ["teams", "harkness=1", "alternation=x", "apart=3", "foo=1"])
def test_a_word_the_record_does_not_know_is_refused_by_name(word: str) -> None:
    """An unknown word, a flag with a value, a limit that is not a number and a "group" of
    one player are refused, the word named (bad input: a clear error)."""
    with pytest.raises(ValueError, match=repr(word)):
        settings_from_words(word)


# -- 28L2a, the bye for colours (announced variation) ---------------------------------------

BYE_FOR_COLOURS = USSettings(bye_for_colours=True)


def test_28l2a_the_bye_moves_up_only_within_the_200_point_limit() -> None:
    """Round 2 of five: 1 (2000, W1) and 2 (1990, B1) on 1 point; 3 (800, W0), 4 (750, W0)
    and 5 (504, B0) on 0. 28L2: the bye to 5, the lowest-rated. Then 3 and 4 both had White
    and are both due Black: one of them gets White twice, two games ahead (29E5f).
    28L2a would move the bye to 4 or 3, but they stand 246 and 296 points above 5: beyond
    the 200-point limit (29E5b), so the bye stays with 5 (no "instead of"). The top pair:
    2 (due White) - 1. 3 and 4: equal claims and the same history, the higher-ranked 3 gets
    his due Black: 4-3.
    With the limit raised to 250, the 246-point move to 4 is allowed for equalization: the
    bye to 4 instead of 5, and 5 (due White) - 3 (due Black)."""
    state = section(
        [2000, 1990, 800, 750, 504], {1: ["W1"], 2: ["B1"], 3: ["W0"], 4: ["W0"], 5: ["B0"]}
    )
    kept = pair_us_round(state, BYE_FOR_COLOURS)
    assert kept.bye is not None
    assert (kept.bye.player, kept.bye.instead_of) == (5, None)
    assert [(b.white, b.black) for b in kept.pairing.boards] == [(2, 1), (4, 3)]
    raised = pair_us_round(state, USSettings(bye_for_colours=True, equalization_limit=250))
    assert raised.bye is not None
    assert (raised.bye.player, raised.bye.instead_of) == (4, 5)
    assert [(b.white, b.black) for b in raised.pairing.boards] == [(2, 1), (5, 3)]


def test_28l2a_the_bye_does_not_move_to_an_unrated_player() -> None:
    """Round 2 of five: 1 (2000, W1), 2 (1990, B1) on 1 point; 3 (900, W0), 4 (150, B0) and
    5 (unrated, W0) on 0. 28L2: the bye to the lowest-rated *rated* player, 4. 3 and 5 both
    had White: one of them gets White twice. Giving the bye to 5 instead would mend it, but
    28L2 bars an unrated player from the bye while a rated one can take it and 28L2a only
    moves it to a higher-rated player; 3 is 750 points above 4, beyond 200. So 4 keeps it
    (though 150 points separate his rating from an unrated player's 0). 3 and 5: the same
    history, the higher-ranked 3 gets his due Black: 5-3."""
    state = section(
        [2000, 1990, 900, 150, 0], {1: ["W1"], 2: ["B1"], 3: ["W0"], 4: ["B0"], 5: ["W0"]}
    )
    rnd = pair_us_round(state, BYE_FOR_COLOURS)
    assert rnd.bye is not None
    assert (rnd.bye.player, rnd.bye.instead_of) == (4, None)
    assert [(b.white, b.black) for b in rnd.pairing.boards] == [(2, 1), (5, 3)]


def test_28l2a_never_gives_a_second_full_point_bye() -> None:
    """Round 3 of five: 1 (2000: W1, B1) and 2 (1990: B1, W1) on 2 points; on 1 point 3 (590:
    W0, B1, due White), 4 (520: B0, W1, due Black) and 5 (500: U, B0, due White). 28L3: 5 had
    the full-point bye, so 28L2 gives it to 4. Then 5 and 3 are both due White and a second
    Black would put 5 two games ahead: 5 gets White, 3 misses his due colour (29E4).
    28L2a: the bye to 3 instead (70 points above 4, within the 80-point rule) leaves 5 (due
    White) - 4 (due Black), every colour due. Giving it back to 5 (20 points below 4) would
    do as well, but he may not have a second one (28L3), whatever the colours: 3 takes it,
    instead of 4. Boards: 1 (due White) - 2, then 5-4."""
    state = section(
        [2000, 1990, 590, 520, 500],
        {1: ["W1", "B1"], 2: ["B1", "W1"], 3: ["W0", "B1"], 4: ["B0", "W1"], 5: ["U", "B0"]},
    )
    rnd = pair_us_round(state, BYE_FOR_COLOURS)
    assert rnd.bye is not None
    assert (rnd.bye.player, rnd.bye.instead_of) == (3, 4)
    assert [(b.white, b.black) for b in rnd.pairing.boards] == [(1, 2), (5, 4)]


# -- 28L2 / 28L3 / 22C6: who receives the full-point bye --------------------------------------


def test_28l2_the_bye_by_rating_not_by_pairing_number() -> None:
    """28L2, round 1 of five players entered out of rating order: 1 (2000), 2 (1900), 3 (1500),
    4 (1800), 5 (1700). The bye goes to the lowest-rated, 3, not to the last pairing number.
    Two players of equal rating, 4 and 5 on 1600: 29A ranks 4 above 5 (pairing number), so
    the lowest-ranked, 5, receives it."""
    assert pair_us_round(section([2000, 1900, 1500, 1800, 1700])).pairing.bye == 3
    assert pair_us_round(section([2000, 1900, 1800, 1600, 1600])).pairing.bye == 5


def test_22c6_no_full_point_bye_after_a_forfeit_win() -> None:
    """22C6 with 28L2, round 3: on 1 point 3 (1800: W0, B1), 4 (1700: B1, W0) and 5 (1600:
    a forfeit win, then B0). The lowest-rated, 5, already has a point without playing (the
    forfeit win), so the bye goes to 4."""
    state = section(
        [2000, 1900, 1800, 1700, 1600],
        {1: ["W1", "B1"], 2: ["B1", "W1"], 3: ["W0", "B1"], 4: ["B1", "W0"], 5: ["W+", "B0"]},
    )
    assert pair_us_round(state).pairing.bye == 4


def test_28l3_names_who_was_passed_over_and_why() -> None:
    """28L3: in the lowest group (1 point: 3, 4, 5) the lowest-rated, 5, already had the
    full-point bye: 4 receives it, and the record names 5 as passed over for that reason
    (the explanation's words)."""
    state = section(
        [2000, 1900, 1800, 1700, 1600],
        {1: ["W1", "B1"], 2: ["B1", "W1"], 3: ["W1", "B0"], 4: ["B0", "W1"], 5: ["U", "W0"]},
    )
    bye = pair_us_round(state).bye
    assert bye is not None
    assert (bye.player, bye.passed_over) == (4, ((5, "already received a full-point bye (28L3)"),))


def test_28l3_when_everyone_had_a_bye_28l2_alone_decides() -> None:
    """Three players, each of whom took a requested full-point bye in round 1: 28L3 cannot be
    kept for anyone, so 28L2 alone gives the bye to the lowest-rated, 3; 1-2 play."""
    state = section([2000, 1900, 1800], {1: ["F"], 2: ["F"], 3: ["F"]})
    assert pair_us_round(state).pairing.bye == 3


# -- 27A2: as many pairs as possible within a score group -------------------------------------


def test_27a2_a_group_that_cannot_pair_within_itself_drops_as_few_as_possible() -> None:
    """Round 4 of eight players. On 2 points: 1 (2000), who has met 2, 3 and 4, and 2 (1900),
    3 (1800), 4 (1700); on 1 point 5-8. 1 can be paired with nobody of his group, so the
    group cannot pair within itself; 27A1/27A2: as many pairs as possible within it, one
    (2-3, 2-4 or 3-4), so exactly two players drop: from the foot, 4 first; then 1, since
    with 3 (or 2) dropped instead 1 would be left to face 2 (or 3) again. 2-3 play within
    the group; 1 and 4 go down to the 1-point group."""
    state = section(
        [2000, 1900, 1800, 1700, 1600, 1500, 1400, 1300],
        {
            1: ["W1@2", "B0@3", "W1@4"],
            2: ["B0@1", "W1", "B1"],
            3: ["B1", "W1@1", "B0"],
            4: ["W1", "B1", "B0@1"],
            5: ["W1", "B0", "W0"],
            6: ["B0", "W1", "B0"],
            7: ["W0", "B0", "W1"],
            8: ["B1", "W0", "B0"],
        },
    )
    rnd = pair_us_round(state)
    assert sorted(rnd.dropped) == [(1, 4), (4, 4)]
    assert {2, 3} in [{b.white, b.black} for b in rnd.pairing.boards]


def test_28l2a_the_bye_moves_only_to_a_player_whose_absence_leaves_the_round_pairable() -> None:
    """27A1 before 28L2a, round 4: 1 (2000) has met 2 and 5, and 2 (1990) has met 1 and 5.
    The 0-point group: 3 (601: W, B, W, due Black), 4 (554: W, B, W, due Black), 5 (504: B,
    B, W, due White). 28L2 gives the bye to 5, leaving 3 and 4 both due Black (one of them
    two Whites ahead). The bye to 4 (50 points up) or 3 (97) would mend the colours, but
    without 4 both 1 and 2 could only meet 3 (without 3, only 4): the round could not be
    paired without a rematch. So 5 keeps the bye."""
    state = section(
        [2000, 1990, 601, 554, 504],
        {
            1: ["W1@2", "W1@5", "B1"],
            2: ["B0@1", "W1", "B1@5"],
            3: ["W0", "B0", "W0"],
            4: ["W0", "B0", "W0"],
            5: ["B0", "B0@1", "W0@2"],
        },
    )
    rnd = pair_us_round(state, BYE_FOR_COLOURS)
    assert rnd.bye is not None
    assert (rnd.bye.player, rnd.bye.instead_of) == (5, None)


def test_28l3_a_half_point_bye_or_an_absence_is_no_full_point_bye() -> None:
    """28L3 bars only a second *full-point* bye: a player who took a half-point bye, or
    missed a round, may still receive it (22C6 only ranks him after the others)."""
    state = section([2000, 1900, 1800], {1: ["H"], 2: ["-"], 3: ["U"]})
    assert may_have_bye(state, 1)
    assert may_have_bye(state, 2)
    assert not may_have_bye(state, 3)


# -- 29D: the odd player ----------------------------------------------------------------------


def test_29d2_the_odd_player_meets_a_lower_player_to_equalize_colours() -> None:
    """Round 2: on 1 point 1 (2000, W1, due Black), 2 (1900, B1, due White), 3 (1800, W1,
    due Black); on 0 points 4 (1700, W0, due Black), 5 (1650, B0, due White), 6 (1500, B0,
    due White). 29D1a: 1-2 pair with their due colours, the lowest-rated 3 drops. 29D2: he
    would meet the highest-rated of the 0-point group, 4, but both are due Black after one
    White, and either would be two Whites ahead; 5 is 50 points lower (within 80 and 200,
    29E5) and due White: 5-3, then 6-4, every colour due. The record names 4 as the
    player 3 would have met."""
    state = section(
        [2000, 1900, 1800, 1700, 1650, 1500],
        {1: ["W1"], 2: ["B1"], 3: ["W1"], 4: ["W0"], 5: ["B0"], 6: ["B0"]},
    )
    rnd = pair_us_round(state)
    assert [(b.white, b.black) for b in rnd.pairing.boards] == [(2, 1), (5, 3), (6, 4)]
    odd = rnd.pairs[1].cost
    assert (odd.kind, odd.natural, odd.deviation) == (PairKind.ODD_PLAYER, 4, 50)


def test_29d2_of_two_equal_ratings_the_odd_player_meets_the_higher_ranked() -> None:
    """As above, but 4 and 5 are both rated 1700 and both due White (B0): the odd player 3
    meets the highest-rated of the group, and of the two on 1700 the one 29A ranks higher
    (pairing number), 4: 4-3, then 5 (due White) - 6 (due Black, W0)."""
    state = section(
        [2000, 1900, 1800, 1700, 1700, 1500],
        {1: ["W1"], 2: ["B1"], 3: ["W1"], 4: ["B0"], 5: ["B0"], 6: ["W0"]},
    )
    boards = [(b.white, b.black) for b in pair_us_round(state).pairing.boards]
    assert boards == [(2, 1), (4, 3), (5, 6)]


# Round 2: five players took a half-point bye in round 1 (no colours yet), the sixth missed it.
NO_COLOURS = section(
    [2000, 1900, 1800, 1600, 1600, 1500],
    {1: ["H"], 2: ["H"], 3: ["H"], 4: ["H"], 5: ["H"], 6: ["-"]},
)


def test_29d1a_the_lowest_ranked_drops_of_two_equal_ratings() -> None:
    """The half-point group 1-5 is odd; nobody has a colour to be given, so nothing but
    29D1a decides: the lowest-rated drops, and of 4 and 5 (both 1600) the one 29A ranks
    lower, 5. (Scores in half-points: the group is on 1.)"""
    assert pair_us_round(NO_COLOURS).dropped == ((5, 1),)


def test_harkness_the_middle_player_drops_when_colours_do_not_decide() -> None:
    """The Harkness variation on the same group: its middle player by rank, 3, drops."""
    assert pair_us_round(NO_COLOURS, USSettings(harkness=True)).dropped == ((3, 1),)


def test_29d1b_a_higher_player_drops_for_colours_but_never_an_unrated_one() -> None:
    """Round 2: on 1 point 1 (340, W1, due Black), 2 (150, B1, due White) and the unrated 3
    (W1, due Black); on 0 points 4 (120, B0, due White). 29D1a: the odd player would be the
    lowest-rated, 2, but then 1 and 3 are both due Black and one of them two Whites ahead.
    29D1b: a higher player may drop instead within the 29E5 limits: 1, 190 points above 2
    (within 200, for equalization), leaves 2 (due White) - 3 (due Black); dropping 3 would
    do as well at 150 points, but 29D1a's odd player is "not an unrated player". 1 meets 4:
    4 (due White) - 1; boards: the 1-point pair first."""
    state = section([340, 150, 0, 120], {1: ["W1"], 2: ["B1"], 3: ["W1"], 4: ["B0"]})
    rnd = pair_us_round(state)
    assert rnd.dropped == ((1, 2),)
    assert [(b.white, b.black) for b in rnd.pairing.boards] == [(2, 3), (4, 1)]


# -- 28R1: accelerated pairings -----------------------------------------------------------


def test_28r1_the_added_point_applies_up_to_the_last_accelerated_round() -> None:
    """28R1 (two accelerated rounds by default): the upper half by rating, 1-4 of eight,
    counts a point more when rounds 1 and 2 are paired, not from round 3 on."""
    history = {p: ["W1" if p % 2 else "B0"] for p in range(1, 9)}
    after_one = section([2000 - 100 * k for k in range(8)], history)
    after_two = section(
        [2000 - 100 * k for k in range(8)], {p: [*h, "B="] for p, h in history.items()}
    )
    settings = USSettings(accelerated=True)
    assert accelerated_players(after_one, settings) == frozenset({1, 2, 3, 4})
    assert accelerated_players(after_two, settings) == frozenset()
    # Round 2's groups: 1 and 3 (won) on 1 + 1 points, 2 and 4 (lost) on 0 + 1, 5 and 7 on
    # 1, 6 and 8 on 0 (half-points).
    rnd = pair_us_round(after_one, settings)
    assert rnd.number == 2
    assert dict(rnd.group_scores) == {1: 4, 2: 2, 3: 4, 4: 2, 5: 2, 6: 0, 7: 2, 8: 0}


def test_29d2_the_odd_players_from_above_are_paired_in_rank_order() -> None:
    """Round 4, pairing numbers out of rating order: 1 (1650) has met 2 (1900), 3 (1800) and
    4 (1700), all four on 2 points; 5-8 (1600..1300) on 1. The 2-point group cannot pair
    within itself; 27A2: one pair (3, due White - 2, due Black), and two drop from the foot:
    1, then 4. 29D2: in the 1-point group the dropped players are paired first, in rank
    order: 4 (1700, due White) takes the top, 5 (due Black): 4-5. Then 1 (1650, due White):
    6 is due White as well and both had B, W, B (a third Black would put either two ahead);
    7 (100 points lower, within 200) is due Black: 1-7. Last 6 and 8, both due White with
    the same history: the higher-ranked 6 gets it, 6-8."""
    state = section(
        [1650, 1900, 1800, 1700, 1600, 1500, 1400, 1300],
        {
            1: ["B1@2", "W0@3", "B1@4"],
            2: ["W0@1", "W1", "B1"],
            3: ["B1", "B1@1", "W0"],
            4: ["B1", "B1", "W0@1"],
            5: ["W1", "B0", "W0"],
            6: ["B0", "W1", "B0"],
            7: ["W0", "B0", "W1"],
            8: ["B1", "W0", "B0"],
        },
    )
    rnd = pair_us_round(state)
    assert sorted(rnd.dropped) == [(1, 4), (4, 4)]
    assert [(b.white, b.black) for b in rnd.pairing.boards] == [(3, 2), (4, 5), (1, 7), (6, 8)]


def test_27a1_a_round_that_cannot_be_paired_without_a_rematch_is_refused() -> None:
    """27A1: four players who have all met one another (a round robin in three rounds)
    cannot be paired for a fourth round; the refusal names the rule."""
    state = section(
        [2000, 1900, 1800, 1700],
        {
            1: ["W1@2", "B1@3", "W1@4"],
            2: ["B0@1", "W1@4", "B=@3"],
            3: ["W1@4", "W0@1", "W=@2"],
            4: ["B0@3", "B0@2", "B0@1"],
        },
    )
    with pytest.raises(NoValidPairing, match=r"rematch \(27A1\)"):
        pair_us_round(state)


def test_28n_two_keep_apart_groups_do_not_keep_their_members_from_each_other() -> None:
    """28N with two groups, (1, 3) and (2, 4), round 1 of 2000, 1990, 1980, 1970: top half
    against bottom half would pair 1-3 and 2-4, each within a group. The transposition of
    3 and 4 (10 points) pairs 1-4 and 2-3, members of different groups, which the request
    does not bar: 1-4, 3-2 (29E2 colours down the boards)."""
    state = section([2000, 1990, 1980, 1970])
    rnd = pair_us_round(state, USSettings(avoid_together=((1, 3), (2, 4))))
    assert [(b.white, b.black) for b in rnd.pairing.boards] == [(1, 4), (3, 2)]


# -- 29E5: the 80- and 200-point limits, inclusive ---------------------------------------------


def test_29e5a_a_switch_of_exactly_80_points_is_made_for_due_colours() -> None:
    """29E5a lets transpositions "within 80 points" give due colours. 1 (2000) and 3 (1700)
    had W, B (due White), 2 (1990) and 4 (1620) B, W (due Black): top half against bottom
    half, 1-3 and 2-4, leaves two players without their due colour; the transposition of 3
    and 4 moves exactly 80 points and gives everyone his due colour: 1-4, 3-2."""
    histories = {1: ["W1", "B0"], 3: ["W1", "B0"], 2: ["B1", "W0"], 4: ["B1", "W0"]}
    state = section([2000, 1990, 1700, 1620], histories)
    assert [(b.white, b.black) for b in pair_us_round(state).pairing.boards] == [(1, 4), (3, 2)]


def test_29e5b_a_transposition_is_made_to_equalize() -> None:
    """29E5b allows "within 200 points" to equalize colours. 1 (2000) and 3 (1700) had W, B,
    B; 2 (1990) and 4 (1500) had B, W, W. 1-3 and 2-4 would each leave a player two games
    ahead in one colour; the transposition 1-4, 2-3 mends both: 1-4, 3-2. It exchanges 3 and
    4 (200 points) or, for the same pairs, 1 and 2 (10 points): the smaller, 10, counts
    (29E5c; the 200-point edge itself: the test of a transposition whose smaller difference
    is exactly 200 points). (The interchange of 2 and 3 moves 290 points, beyond the limit.)"""
    histories = {1: ["W1", "B0", "B="], 3: ["W1", "B0", "B="]}
    histories |= {2: ["B1", "W0", "W="], 4: ["B1", "W0", "W="]}
    state = section([2000, 1990, 1700, 1500], histories)
    assert [(b.white, b.black) for b in pair_us_round(state).pairing.boards] == [(1, 4), (3, 2)]


def test_29e5_of_two_switches_beyond_80_points_the_smaller_is_made() -> None:
    """Round 2: 1 (2000, W1), 2 (1900, B1) and 3 (1800, W1, due Black) on 1 point; 4 (1700,
    W0, due Black), 5 (1600, B0, due White), 6 (1550, B0, due White) on 0. 3 drops and
    would meet 4, both due Black (either two Whites ahead). 5 and 6 both mend it, 100 and
    150 points below 4: the smaller move is made (29E5, as few rating points as
    possible): 5-3, then 6-4."""
    state = section(
        [2000, 1900, 1800, 1700, 1600, 1550],
        {1: ["W1"], 2: ["B1"], 3: ["W1"], 4: ["W0"], 5: ["B0"], 6: ["B0"]},
    )
    boards = [(b.white, b.black) for b in pair_us_round(state).pairing.boards]
    assert boards == [(2, 1), (5, 3), (6, 4)]


def test_29e8_keeping_team_mates_apart_yields_to_equalization_unless_announced() -> None:
    """Round 2 of four on ½ point each: round 1 was 1-4 (1 White) and 2-3 (2 White), both
    drawn, so 1 and 2 are due Black, 3 and 4 due White, and 1-4, 2-3 would be rematches.
    1 and 3 are team-mates (28N). Top half against bottom half pairs 1-3 and 2-4, every
    colour due. The only other pairing, 1-2 and 3-4, keeps 1 and 3 apart but gives 1 or 2
    a second White and 3 or 4 a second Black (two games ahead, 29E5f). By default colour
    equalization comes first: 3-1, 4-2. With the 29E8 variation (team-mates apart first):
    1-2 (both due Black, the same history: the higher-ranked 1 gets it, 2-1) and 3-4 (3
    gets his due White)."""
    state = section([2000, 1990, 1980, 1970], {1: ["W=@4"], 2: ["W=@3"], 3: ["B=@2"], 4: ["B=@1"]})
    apart = ((1, 3),)
    default = pair_us_round(state, USSettings(avoid_together=apart))
    assert [(b.white, b.black) for b in default.pairing.boards] == [(3, 1), (4, 2)]
    teams = pair_us_round(state, USSettings(avoid_together=apart, team_over_equalization=True))
    assert [(b.white, b.black) for b in teams.pairing.boards] == [(2, 1), (3, 4)]


def test_the_80_point_limit_may_be_zero_but_not_negative_nor_above_the_200_point_one() -> None:
    """The TD's limits (29E5): an 80-point limit of 0 (no switch for due colours alone) is
    a choice; a negative one, or one above the 200-point limit, is refused by name."""
    assert USSettings(alternation_limit=0).alternation_limit == 0
    for bad in ({"alternation_limit": -1}, {"alternation_limit": 250}):
        with pytest.raises(ValueError, match="80-point limit must lie between 0 and the 200"):
            USSettings(**bad)  # type: ignore[arg-type]
    # 28R1's number of accelerated rounds: none is a choice, fewer than none is not.
    assert USSettings(accelerated_rounds=0).accelerated_rounds == 0
    with pytest.raises(ValueError, match="accelerated_rounds must not be negative"):
        USSettings(accelerated_rounds=-1)


# -- 29E: colours of a pair ---------------------------------------------------------------


def _white(state: TournamentState, a: int, b: int) -> int:
    return colour_rule(state, a, b).board.white


def test_29e3_only_one_player_due_a_colour_gets_it() -> None:
    """29E3: a player with no game yet has no due colour; his opponent gets his own. 1
    (2000, W1: due Black) against 3 (no game): 3-1; 2 (1900, B1: due White) against 3: 2-3,
    whichever is named first and whatever the lot."""
    state = section([2000, 1900, 1800], {1: ["W1"], 2: ["B1"], 3: ["-"]})
    assert (_white(state, 1, 3), _white(state, 3, 1)) == (3, 3)
    assert (_white(state, 2, 3), _white(state, 3, 2)) == (2, 2)


def test_29e4_the_player_who_needs_the_colour_to_equalize_gets_it() -> None:
    """29E4, both due White: 1 (2000) had W, B, B (a Black would put him two Blacks ahead),
    2 (1900) had W, B and missed round 3 (a Black would leave him one Black ahead, not three
    in a row). 1 gets White, whichever is named first; with the histories swapped, 2 does."""
    state = section([2000, 1900], {1: ["W1", "B0", "B="], 2: ["W1", "B0", "-"]})
    assert (_white(state, 1, 2), _white(state, 2, 1)) == (1, 1)
    state = section([2000, 1900], {2: ["W1", "B0", "B="], 1: ["W1", "B0", "-"]})
    assert (_white(state, 1, 2), _white(state, 2, 1)) == (2, 2)


def test_29e4_alternation_looks_back_from_the_latest_round() -> None:
    """29E4, equal claims: 1 (2000) had W, W, B and 2 (1900) W, B, W, both due Black and both
    two Whites ahead with White. Their colours last differed in round 3 (1 Black, 2 White):
    2, who then had White, now gets Black: 1-2."""
    state = section([2000, 1900], {1: ["W1", "W0", "B="], 2: ["W0", "B1", "W="]})
    assert (_white(state, 1, 2), _white(state, 2, 1)) == (1, 1)


def test_29e4_alternation_looks_back_as_far_as_round_one() -> None:
    """29E4, equal claims: 1 (2000) had W, B, B and 2 (1900) B, B, B, both due White and
    both two Blacks ahead with Black. Rounds 3 and 2 were the same colour; in round 1 1 had
    White and 2 Black: 2 now gets White: 2-1 (not the higher-ranked 1)."""
    state = section([2000, 1900], {1: ["W1", "B0", "B="], 2: ["B0", "B1", "B="]})
    assert (_white(state, 1, 2), _white(state, 2, 1)) == (2, 2)


def test_27a1_before_28l2_the_bye_passes_to_a_player_whose_absence_leaves_a_pairing() -> None:
    """Round 2 of three players: 1 (2000) and 2 (1900) drew in round 1, 3 (1800) missed it.
    28L2 would give the bye to the lowest group's 3, but then 1 and 2 would meet again
    (27A1 comes first): the bye goes to the lowest-rated of the next group, 2, and the
    record names 3 as passed over for that reason. 1-3 play."""
    state = section([2000, 1900, 1800], {1: ["W=@2"], 2: ["B=@1"], 3: ["-"]})
    bye = pair_us_round(state).bye
    assert bye is not None
    reason = "the others could not all be paired without a rematch (27A1)"
    assert (bye.player, bye.passed_over) == (2, ((3, reason),))


def test_27a1_no_bye_at_all_when_every_choice_leaves_a_rematch() -> None:
    """Three players who have all met (and each had a bye): whoever takes the bye, the
    other two would meet again; the round is refused, naming why."""
    state = section(
        [2000, 1900, 1800],
        {1: ["W=@2", "W=@3", "U"], 2: ["B=@1", "U", "W=@3"], 3: ["U", "B=@1", "B=@2"]},
    )
    with pytest.raises(NoValidPairing, match="no player can take the bye"):
        pair_us_round(state)


def test_27a2_an_odd_group_whose_players_have_all_met_drops_them_all() -> None:
    """Round 4: 1 (2000), 2 (1900) and 3 (1800) have met one another and are on 2 points;
    4, 5 and 6 are on 1. No single odd player leaves the other two a legal game (29D1
    cannot choose one), so none of the three can be paired within the group: all three
    drop (27A2: as many pairs within the group as possible, here none) and meet 4, 5, 6."""
    state = section(
        [2000, 1900, 1800, 1700, 1600, 1500],
        {
            1: ["W=@2", "B=@3", "W1"],
            2: ["B=@1", "W1", "B=@3"],
            3: ["W1", "W=@1", "W=@2"],
            4: ["W0", "B0", "W1"],
            5: ["B0", "W1", "B0"],
            6: ["W1", "B0", "B0"],
        },
    )
    rnd = pair_us_round(state)
    assert sorted(rnd.dropped) == [(1, 4), (2, 4), (3, 4)]
    assert all({b.white, b.black} & {1, 2, 3} for b in rnd.pairing.boards)


def test_29d1b_no_higher_odd_player_when_it_mends_nothing() -> None:
    """Round 3, on 1 point: 1 (2000, W, B: due White), 2 (1950), 3 (1900), 4 (1850) and 5
    (1800), all B, W (due Black); 6 (1700) on 0. 29D1a: the lowest-rated, 5, is the odd
    player; the rest pair 1-3 (each his due colour) and 2-4 (one of them misses it).
    Dropping 4 instead (50 points up, within 80) would leave 2-5 with the same one miss:
    nothing mended, so 29D1b does not apply and 5 drops."""
    state = section(
        [2000, 1950, 1900, 1850, 1800, 1700],
        {1: ["W1", "B0"], 2: ["B1", "W0"], 3: ["B1", "W0"], 4: ["B1", "W0"], 5: ["B1", "W0"],
         6: ["W0", "B0"]},
    )  # fmt: skip
    assert pair_us_round(state).dropped == ((5, 2),)


# -- run 14 (docs/testing.md, "Run 14: US Chess Swiss"): the survivors left open by run 9 ----


def boards_of(rnd: USRound) -> list[tuple[int, int]]:
    """The round's boards, (white, black), in board order."""
    return [(b.white, b.black) for b in rnd.pairing.boards]


def test_29d1b_a_smaller_drop_beats_a_larger_transposition() -> None:
    """Round 2, on 1 point: 1 (1100: W1, due Black), 2 (1000: B1, due White), 3 (900: a
    full-point bye, no game, no due colour), 4 (860: B1, due White), 5 (830: W1, due Black);
    6 (500: B0) on 0. 29D1a: the lowest-rated, 5, drops; the rest by 27A3: 1-3, 2-4 (both
    due White: one misses it); the transposition 1-4, 2-3 gives every due colour and moves
    min(|900 - 860|, |1100 - 1000|) = 40 points (29E5c). 29D1b: 4 drops instead (30 points
    above 5, within 80): 1-3, 2-5 give every due colour with a switch of 30 points. One
    switch each for the same colours: the smaller wins (29E5, "the smaller the better"; the
    drop is measured as the bye's move of 28L2a is, docs/uscf-pairings.md): 4 drops. Boards:
    3-1 (1 due Black), 2-5; 4 (due White) - 6 (B0, due White too: the same history, the
    higher-ranked 4 gets it, 29E4). (A drop weighed 1.5 times a transposition would keep
    the 40-point transposition and drop 5.)"""
    state = section(
        [1100, 1000, 900, 860, 830, 500],
        {1: ["W1"], 2: ["B1"], 3: ["U"], 4: ["B1"], 5: ["W1"], 6: ["B0"]},
    )
    rnd = pair_us_round(state)
    assert rnd.dropped == ((4, 2),)
    assert [(b.white, b.black) for b in rnd.pairing.boards] == [(3, 1), (2, 5), (4, 6)]


def test_29d1b_the_odd_player_skips_one_who_cannot_drop_for_a_higher_one_who_can() -> None:
    """Round 2, on 1 point: 1 (1500: B1, due White), 2 (1400: W1, due Black), 3 (1300: W1,
    due Black), 4 (1270: beat 6 with White, due Black), 5 (1240: B1, due White); 6 (1000: lost
    to 4 with Black) on 0. 29D1a: the lowest-rated, 5, drops; then of 1, 2, 3, 4 one is due
    White (1) and three due Black (2, 3, 4): every pairing of them leaves one player without
    his due colour (27A5). 4 cannot drop: he has met 6, the only
    player below (27A1). 3 (60 points above 5, within 29E5a's 80) can: 1-4 and 2-5 then give
    every due colour. So 3 drops and meets 6 (B0, due White): 6-3; 1 (White) - 4, 5 (White)
    - 2."""
    state = section(
        [1500, 1400, 1300, 1270, 1240, 1000],
        {1: ["B1"], 2: ["W1"], 3: ["W1"], 4: ["W1@6"], 5: ["B1"], 6: ["B0@4"]},
    )
    rnd = pair_us_round(state)
    assert rnd.dropped == ((3, 2),)
    assert [(b.white, b.black) for b in rnd.pairing.boards] == [(1, 4), (5, 2), (6, 3)]


def test_harkness_goes_on_outwards_past_a_costlier_neighbour() -> None:
    """Harkness variation, round 2, on 1 point: 1 (1200: a full-point bye, no due colour), 2
    (1010: W1, due Black), 3 (1000: B1, due White), 4 (950: B1, due White), 5 (910: W1, due
    Black); 6 (500: B0) on 0. The middle player, 3, would drop: the rest 1-4, 2-5 (both due
    Black: one misses it), or the transposition 1-5, 2-4 (every due colour), moving
    min(|910 - 950|, |1200 - 1010|) = 40 points (29E5c), charged on both pairs: 80. Outwards
    from the middle, lower first: 4 (50 points from 3, charged twice: 100) costs more than
    that; then 2 (10 points from 3, 20): the rest 1-4, 3-5 gives every due colour with no
    switch. So 2 drops (the cheapest, searched on past 4, since outwards from the middle
    the rating points are not in order), and meets 6 (B0, due White): 6-2. Boards: 4 (due
    White) - 1, 3 (due White) - 5, 6-2."""
    state = section(
        [1200, 1010, 1000, 950, 910, 500],
        {1: ["U"], 2: ["W1"], 3: ["B1"], 4: ["B1"], 5: ["W1"], 6: ["B0"]},
    )
    rnd = pair_us_round(state, USSettings(harkness=True))
    assert rnd.dropped == ((2, 2),)
    assert [(b.white, b.black) for b in rnd.pairing.boards] == [(4, 1), (3, 5), (6, 2)]


def test_29d1a_of_unrated_players_only_one_may_drop_for_colours() -> None:
    """Round 3, on 1½ points: 1 (1500: drew with 4 as White, then B1: due White), the
    unrated 2 (W1, B½: due White) and the unrated 3 (B1, W½: due Black); 4 (1400:
    B½ against 1, then B0) on ½. 1 cannot drop: he has met 4, the only player below. No rated
    player can be the odd player, so an unrated one is (29D1a only bars an unrated player
    "while a rated one can"). 3 is ranked last (unrated, pairing number): he would drop,
    leaving 1-2, both due White (one misses it, 27A5). 2 instead (a switch between two
    unrated players, never over a limit, 29E5g) leaves 1 (White) - 3 (Black): 2 drops and
    meets 4 (B, B: due White): 4-2."""
    state = section(
        [1500, 0, 0, 1400],
        {1: ["W=@4", "B1"], 2: ["W1", "B="], 3: ["B1", "W="], 4: ["B=@1", "B0"]},
    )
    rnd = pair_us_round(state)
    assert rnd.dropped == ((2, 3),)
    assert [(b.white, b.black) for b in rnd.pairing.boards] == [(1, 3), (4, 2)]


def test_29e5f1_holds_when_the_keep_apart_groups_cannot_be_kept_too() -> None:
    """29E5f1 with 28N2, round 3 of five, all on 1 point: 1 (2000: W1, W0) and 3 (1400: W0,
    W1) had White twice, 2 (1700: B1, B0) and 4 (1100: B0, B1) Black twice; 1, 2 and 4 are
    one keep-apart group. 29E5f1: 1-3 and 2-4 would give a third colour in a row: barred.
    With 1-2 and 1-4 barred as well, 1 can meet nobody: the keep-apart groups yield (28N2 is
    tried first, then the third-colour rule alone). Of 1-2, 3-4 (an interchange) and 1-4,
    2-3 (a transposition), both over the 200-point limit (300 points each), the
    transposition: 4 (due White) - 1, 2 (due White) - 3. Without 29E5f1 the round would be
    1-3, 2-4, the only pairing within the limits (a third colour for one player of each)."""
    state = replace(
        section(
            [2000, 1700, 1400, 1100],
            {1: ["W1", "W0"], 2: ["B1", "B0"], 3: ["W0", "W1"], 4: ["B0", "B1"]},
        ),
        total_rounds=5,
    )
    keep_apart = ((1, 2, 4),)
    both = USSettings(no_third_colour=True, teams_never=True, avoid_together=keep_apart)
    assert boards_of(pair_us_round(state, both)) == [(4, 1), (2, 3)]
    plain = pair_us_round(state, USSettings(avoid_together=keep_apart))
    assert sorted(map(sorted, boards_of(plain))) == [[1, 3], [2, 4]]


def test_28n2_team_mates_stay_apart_when_the_leader_drops_either_way() -> None:
    """28N2, the last round (4 of four): the leader 1 (2000, 3 points) is alone in his score
    group and drops whatever is done; 2 (1900), 3 (1600) and 4 (1500) are on 2 points; 1
    and 2 are one keep-apart group. The exception ("unless in the last round the leader
    would otherwise drop out of his score group") does not apply, since keeping them
    together would not keep him in it: 1 (W, B, W: due Black) meets the highest-rated player
    he may, 3 (B, W, B: due White) (29D2), and 2 (due White) - 4 (due Black) play. (Without
    28N2 the soft rule of 28N alone would let 1 meet 2: 3 is 300 points below, a switch over
    the 200-point limit, which weighs more than a pair kept apart.)"""
    state = replace(
        section(
            [2000, 1900, 1600, 1500],
            {
                1: ["W1", "B1", "W1"],
                2: ["B1", "W1", "B0"],
                3: ["B1", "W0", "B1"],
                4: ["W0", "B1", "W1"],
            },
        ),
        total_rounds=4,
    )
    rnd = pair_us_round(state, USSettings(teams_never=True, avoid_together=((1, 2),)))
    assert sorted(map(sorted, boards_of(rnd))) == [[1, 3], [2, 4]]
    soft = pair_us_round(state, USSettings(avoid_together=((1, 2),)))
    assert sorted(map(sorted, boards_of(soft))) == [[1, 2], [3, 4]]


def test_29e5_of_switches_all_over_the_200_point_limit_the_smallest() -> None:
    """Round 1, six players on 0: 1 (2000), 2 (1750), 3 (1700), 4 (1400), 5 (1150), 6 (1100);
    1 and 4 are kept apart (28N2). 27A3 would pair 1-4, 2-5, 3-6. 1 must then meet 2, 3, 5
    or 6, each a switch over 200 points (29E5c/29E5d: 1-5 min(|1150 - 1400|, |2000 - 1750|) =
    250, 1-6 300, 1-3 and 1-2 interchanges of 300 and 350), and 4 one of 2 (250), 3 (300), 5
    or 6 (interchanges, 300): every pairing switches two pairs over the limit. Least rating
    points: 1-5, 2-4 (250 each, 3-6 natural: 500); 1-6, 2-5, 3-4 and 1-6, 2-4, 3-5 move 600,
    1-5, 2-6, 3-4 600 too. Colours by lot (White to the top of board 1, alternating)."""
    state = section([2000, 1750, 1700, 1400, 1150, 1100])
    rnd = pair_us_round(state, USSettings(teams_never=True, avoid_together=((1, 4),)))
    assert sorted(map(sorted, boards_of(rnd))) == [[1, 5], [2, 4], [3, 6]]


def test_29e5d_an_interchange_is_measured_between_the_two_players_exchanged() -> None:
    """Round 2, all on 1 point: 1 (1400: B1, due White), 2 (1220: W1, due Black), 3 (1150:
    B1, due White), 4 (900: W1, due Black). 27A3's 1-3, 2-4 would put one player of each
    pair two games ahead in one colour (27A4): switches up to 200 points may equalize
    (29E5b). The transposition 1-4, 2-3 moves min(|900 - 1150|, |1400 - 1220|) = 180 points
    (29E5c). The interchange 1-2, 3-4 exchanges 2 and 3 across the halves: 70 points (29E5d,
    the one difference between the two players exchanged), the smaller, and the
    transposition does not satisfy the 80-point rule (29E5e): 1-2, 3-4, each his due
    colour. (Measured against 4 or 1 instead of 2, the move of 3 into the top half would
    be 250 points, over the 200-point limit, and the transposition would be made.)"""
    state = section([1400, 1220, 1150, 900], {1: ["B1"], 2: ["W1"], 3: ["B1"], 4: ["W1"]})
    assert boards_of(pair_us_round(state)) == [(1, 2), (3, 4)]


def test_29e4_a_forfeit_s_recorded_colour_is_no_colour_in_the_look_back() -> None:
    """29E, unplayed games: only games played count for colours. 1 (2000: W1, B1, then a
    forfeit win recorded as White) and 2 (1900: W1, B1, then a forfeit win recorded as
    Black): both played W, B (due White, with the same claim). Looking back, round 3 holds
    no game for either, rounds 2 and 1 the same colours: identical histories, the
    higher-ranked 1 gets White (29E4 rule 5): 1-2. (Reading the forfeits' recorded colours,
    round 3 would differ and hand White to 2.)"""
    state = section([2000, 1900], {1: ["W1", "B1", "W+"], 2: ["W1", "B1", "B+"]})
    decision = colour_rule(state, 1, 2)
    assert (decision.board.white, decision.board.black) == (1, 2)
    assert decision.rule is ColourRule.RANK


def test_29e4b_the_lower_ranked_is_named_when_the_due_colour_is_white() -> None:
    """29E4b (alternating), round 2: 1-4 (2000..1700) all lost with Black, so all are due
    White with identical histories. Board 1 (1-3): the higher-ranked 1 gets White; board 2
    (2-4), in turn, the lower-ranked 4 gets White: 4-2, and the reason names #4 and White."""
    state = section([2000, 1900, 1800, 1700], {p: ["B0"] for p in range(1, 5)})
    pairing, explanation = explain_round(state, USSettings(colour_priority="alternating"))
    assert [(b.white, b.black) for b in pairing.boards] == [(1, 3), (4, 2)]
    reasons = [r for r in explanation.boards[1].reasons if r.article == "29E4b"]
    assert [r.text.split(",")[0] for r in reasons] == [
        "both due White with the same history: #4 is lower-ranked"
    ]


THIRD_COLOUR_FIELD = [2000, 1700, 1400, 1100]


def test_29e5f1_a_streak_is_the_colour_of_the_last_two_games() -> None:
    """29E5f1, round 6 of seven, all on 2½ points: 1 (2000: W, B, B, W, W) and 3 (1400: B, W,
    B, W, W) had White in both of their last two games: 1-3 would give one of them a third
    White in a row: barred. 2 (1700: W, B, W, B, W) and 4 (1100: B, W, B, W, B) alternate: no
    streak. 1 must meet 2 or 4, 300 points away (over the 200-point limit): the
    transposition 1-4, 2-3 (an interchange 1-2, 3-4 would add 29E5e's penalty). Without
    29E5f1, 27A3's 1-3, 2-4 stands (a switch over 200 points is not made to equalize). The
    earlier colours do not matter: 1's second colour is Black, 3's White; 2's and 4's second
    and fourth colours are alike, but their last two differ."""
    results = ["1", "0", "1", "0", "="]
    colours = {1: "WBBWW", 2: "WBWBW", 3: "BWBWW", 4: "BWBWB"}
    histories = {p: [c + r for c, r in zip(cs, results, strict=True)] for p, cs in colours.items()}
    state = replace(section(THIRD_COLOUR_FIELD, histories), total_rounds=7)
    barred = pair_us_round(state, USSettings(no_third_colour=True))
    assert sorted(map(sorted, boards_of(barred))) == [[1, 4], [2, 3]]
    assert sorted(map(sorted, boards_of(pair_us_round(state)))) == [[1, 3], [2, 4]]


LAST_ROUND_OF_FOUR = replace(
    section(
        [2000, 1900, 1800, 1700, 1600, 1500],
        {
            1: ["W1@3", "B1@4", "W0"],
            2: ["B1", "W1", "B0"],
            3: ["B0@1", "W1", "W1"],
            4: ["W0@1", "B1", "W1"],
            5: ["W1", "B0", "B0"],
            6: ["B0", "W1", "B0"],
        },
    ),
    total_rounds=4,
)


def test_28n2_the_fall_back_only_when_the_leader_himself_drops() -> None:
    """28N2, the last round (4 of four), all on 2 points: 1 (2000), 2 (1900), 3 (1800), 4
    (1700); 1 has met 3 and 4; 3 and 4 are one keep-apart group. 1 must meet 2; 3-4 is
    barred, so 3 and 4 drop to the 1-point group, 5 (1600) and 6 (1500). The leader 1 does
    not drop, so the exception does not apply and 3 and 4 stay apart: 1-2, 3-5, 4-6 (29D2,
    each the highest-rated he may meet). (Letting 3 and 4 meet would pair 1-2, 3-4, 5-6.)"""
    rnd = pair_us_round(LAST_ROUND_OF_FOUR, USSettings(teams_never=True, avoid_together=((3, 4),)))
    assert sorted(map(sorted, boards_of(rnd))) == [[1, 2], [3, 5], [4, 6]]


def test_28n2_the_fall_back_when_the_leader_drops_though_the_second_stays() -> None:
    """28N2, the last round, the same section with 1 and 2 as the keep-apart group. Kept
    apart, 1 can meet nobody of his group (2 barred, 3 and 4 met): as few as possible drop
    (27A2), 1 and the group's foot, 4; 2-3 play, 1 meets 5 and 4 meets 6 (29D2). The leader
    1 would drop while the second-ranked, 2, stays: in the last round the keep-apart group
    yields (28N2), 1 meets his team-mate 2 and nobody drops: 1-2, 3-4, 5-6."""
    rnd = pair_us_round(LAST_ROUND_OF_FOUR, USSettings(teams_never=True, avoid_together=((1, 2),)))
    assert sorted(map(sorted, boards_of(rnd))) == [[1, 2], [3, 4], [5, 6]]
    earlier = replace(LAST_ROUND_OF_FOUR, total_rounds=5)
    kept = pair_us_round(earlier, USSettings(teams_never=True, avoid_together=((1, 2),)))
    assert sorted(map(sorted, boards_of(kept))) == [[1, 5], [2, 3], [4, 6]]


def test_the_round_notes_say_each_variation_in_full() -> None:
    """The round's notes state each variation whole, as docs/uscf-pairings.md gives it:
    29E5f1, before the last round: no third colour in a row where the round can be paired
    so, even outside the score groups; in the last round: the leaders by score, a third
    colour only as 29E5f allows. 28N2: never together, unless in the last round the leader
    would otherwise leave his score group. 28N1: together only when both have plus-two
    scores, where the round can be paired so. (The start of each is pinned in
    test_usswiss_explain_mutants.py; here the rest, the part that states the exception.)"""
    state = section([2000, 1900, 1800, 1700], {1: ["W1"], 2: ["B1"], 3: ["W0"], 4: ["B0"]})
    apart = ((1, 2),)
    never = USSettings(no_third_colour=True, teams_never=True, avoid_together=apart)
    plus_two = USSettings(teams_plus_two=True, avoid_together=apart)
    expected = [
        (
            5,
            never,
            {
                "29E5f1": "no player gets the same colour a third time in a row where the round "
                "can be paired so, even outside the score groups (variation)",
                "28N2": "players of one keep-apart group are never paired together (variation), "
                "unless in the last round the leader would otherwise leave his score group",
            },
        ),
        (
            2,
            never,
            {
                "29E5f1": "the last round: the leaders are paired by score, a third colour in "
                "a row only as 29E5f allows",
            },
        ),
        (
            5,
            plus_two,
            {
                "28N1": "players of one keep-apart group are paired together only when both have "
                "plus-two scores (variation), where the round can be paired so",
            },
        ),
    ]
    for rounds, settings, texts in expected:
        _, explanation = explain_round(replace(state, total_rounds=rounds), settings)
        notes = {r.article: r for r in explanation.notes}
        for article, text in texts.items():
            assert (notes[article].topic, notes[article].text) == (Topic.ROUND, text)


def test_29e5b_a_transposition_whose_smaller_difference_is_exactly_200_points() -> None:
    """29E5b allows "within 200 points" to equalize colours, a transposition measured by the
    smaller of its two differences (29E5c). 1 (2300) and 3 (1850) had W, B, B; 2 (2100) and 4
    (1650) had B, W, W. 1-3 and 2-4 would each leave a player two games ahead in one colour;
    the transposition 1-4, 2-3 moves min(|1650 - 1850|, |2300 - 2100|) = 200 points, within
    the limit: 1-4, 3-2. (The interchange of 2 and 3 moves 250, beyond it.)"""
    histories = {1: ["W1", "B0", "B="], 3: ["W1", "B0", "B="]}
    histories |= {2: ["B1", "W0", "W="], 4: ["B1", "W0", "W="]}
    state = section([2300, 2100, 1850, 1650], histories)
    assert boards_of(pair_us_round(state)) == [(1, 4), (3, 2)]


def test_29e4d_the_last_round_is_looked_back_at() -> None:
    """29E4d (variation: no look-back past the last two rounds), round 4: 1 (2000: W, W, B)
    and 2 (1900: W, B, W), both due Black and both two Whites ahead with White. Round 3,
    within the two rounds looked at, decides: 1 had Black, 2 White, so 2 now gets Black:
    1-2 (29E4 rule 4, not rule 5's higher-ranked 1)."""
    state = section([2000, 1900], {1: ["W1", "W0", "B="], 2: ["W0", "B1", "W="]})
    decision = colour_rule(state, 1, 2, USSettings(colour_priority="old-rank"))
    assert (decision.board.white, decision.board.black, decision.rule) == (
        1,
        2,
        ColourRule.HISTORY,
    )


def test_29e4a_the_lower_ranked_gets_the_colour_whichever_is_named_first() -> None:
    """29E4a (variation: in a minus score group the lower-ranked player gets the due colour),
    round 2: 1 (2000) and 2 (1900) both lost with White (due Black, identical histories, 0
    of 1 point: a minus score). 2 gets Black: 1-2, whether the pair is given as (1, 2) or
    (2, 1)."""
    state = section([2000, 1900], {1: ["W0"], 2: ["W0"]})
    settings = USSettings(colour_priority="minus-lower")
    for a, b in ((1, 2), (2, 1)):
        decision = colour_rule(state, a, b, settings)
        assert (decision.board.white, decision.board.black) == (1, 2)


def test_29e5h_a_switch_over_200_points_is_made_to_equalize() -> None:
    """29E5h (variation): the 80- and 200-point rules do not limit switches made for colours.
    1 (2000) and 3 (1400) had W, B, B (due White); 2 (1700) and 4 (1100) B, W, W (due Black).
    1-3 and 2-4 would each leave a player two games ahead in one colour. The transposition
    1-4, 2-3 moves min(|1100 - 1400|, |2000 - 1700|) = 300 points: beyond 29E5b's 200, so by
    default 1-3, 2-4 stand; with 29E5h it is made: 1-4, 3-2 (the interchange of 2 and 3,
    also 300 points, yields to the transposition, 29E5e)."""
    histories = {1: ["W1", "B0", "B="], 3: ["W1", "B0", "B="]}
    histories |= {2: ["B1", "W0", "W="], 4: ["B1", "W0", "W="]}
    state = section([2000, 1700, 1400, 1100], histories)
    assert sorted(map(sorted, boards_of(pair_us_round(state)))) == [[1, 3], [2, 4]]
    over = pair_us_round(state, USSettings(colours_over_ratings=True))
    assert boards_of(over) == [(1, 4), (3, 2)]


def test_29e5h_no_switch_where_colours_need_none() -> None:
    """29E5h (variation) lifts the limits on switches made for colours; it makes none where
    colours need none. Round 1 of four (no colours yet): 27A3, top half against bottom
    half, 1-3 and 2-4; by lot White to the higher-ranked on board 1 and Black on board 2
    (29E2): 1-3, 4-2, as without the variation."""
    state = section([2000, 1900, 1800, 1700])
    assert boards_of(pair_us_round(state)) == [(1, 3), (4, 2)]
    over = pair_us_round(state, USSettings(colours_over_ratings=True))
    assert boards_of(over) == [(1, 3), (4, 2)]


def test_27a3_a_switch_over_200_points_in_a_row_hides_no_natural_pair_after_it() -> None:
    """27A3 with 29E5b: round 1, one score group 1 (2000), 2 (1700), 3 (1600), 4 (1300); no
    colours to equalize, so top half against bottom half, 1-3 and 2-4, with no switch. The
    pairs 29E5b leaves out (over 200 points): the transposition 1-4, 2-3, measured by
    min(|1300 - 1600|, |2000 - 1700|) = 300 (29E5c), for both of its pairs. The pair 2-3 is
    offered before 2-4 in 2's row; leaving it out must not drop 2-4 with it (that would
    leave only the interchange 1-2, 3-4, moving |1700 - 1600| = 100 points)."""
    state = section([2000, 1700, 1600, 1300], {})
    assert {frozenset(board) for board in boards_of(pair_us_round(state))} == {
        frozenset({1, 3}),
        frozenset({2, 4}),
    }


def test_29e5d_a_pair_is_costed_once_as_top_half_against_bottom_half() -> None:
    """27A3, 29E5a, 29E5c, 29E5d: round 2, one score group on 1 point: 1 (1400, B1), 2 (1360,
    B1), 3 (1310, W1), 4 (1280, B1), 5 (1150, W1), 6 (1090, W1); 1, 2, 4 are due White, 3, 5,
    6 due Black. Top half 1, 2, 3 against bottom half 4, 5, 6 gives 1-4 and 3-6, two pairs
    that cannot equalize colours (27A4), so every pair must join one of 1, 2, 4 with one of
    3, 5, 6. Of those six pairings, 1-5, 2-6, 3-4 is the top half against the bottom half
    with transpositions only; its 3-4 is measured (29E5c) by the smaller of |1280 - 1090| =
    190 (4 in place of 3's natural partner 6) and |1310 - 1400| = 90 (3 in place of 1,
    whom 4 was to meet): 90, over the 80-point limit of 29E5a. The interchange of 3 and 4
    (29E5d: |1310 - 1280| = 30 points) gives 1-3, 2-5, 4-6 within 80 points, so 29E5a
    rules the 90-point transposition out. (Costed a second time the other way round, as 4
    against 3, the pair 3-4 would read as that 30-point interchange and 1-5, 2-6, 3-4 would
    win on its smaller total.)"""
    state = section(
        [1400, 1360, 1310, 1280, 1150, 1090],
        {1: ["B1"], 2: ["B1"], 3: ["W1"], 4: ["B1"], 5: ["W1"], 6: ["W1"]},
    )
    assert {frozenset(board) for board in boards_of(pair_us_round(state))} == {
        frozenset({1, 3}),
        frozenset({2, 5}),
        frozenset({4, 6}),
    }


def test_29d1_two_players_drop_from_a_group_of_four_that_pairs_only_one_pair() -> None:
    """27A1, 27A2, 29D1: round 4, score group on 1½: 1 (1800) drew with 2, 3 and 4 in
    rounds 1-3; 2 (1700), 3 (1600), 4 (1500) each won and lost a game outside the section;
    5 (1400) and 6 (1300) lost all three, on 0. 1 has met everyone in his group, so he
    cannot be paired in it (27A1); 2, 3, 4 have not met each other, so the group pairs at
    most one pair within itself (27A2) and 4 - 2 × 1 = 2 players drop: 1, and of the three
    left the lowest-rated, 4 (29D1), leaving 2-3. Below, 1 and 4 (1½) with 5 and 6 (0):
    top half against bottom half (27A3), 1-5, 4-6."""
    state = section(
        [1800, 1700, 1600, 1500, 1400, 1300],
        {
            1: ["W=@2", "B=@3", "W=@4"],
            2: ["B=@1", "W1", "B0"],
            3: ["B0", "W=@1", "W1"],
            4: ["W1", "B0", "B=@1"],
            5: ["B0", "W0", "B0"],
            6: ["W0", "B0", "W0"],
        },
    )
    rnd = pair_us_round(state)
    assert {frozenset(board) for board in boards_of(rnd)} == {
        frozenset({2, 3}),
        frozenset({1, 5}),
        frozenset({4, 6}),
    }
    assert {pid for pid, _ in rnd.dropped} == {1, 4}


def test_29d1a_on_an_exact_tie_the_rated_player_drops_not_the_unrated() -> None:
    """29D1a/29D1b with 29E5c: round 4, score group on 2 points: 1 (610: W=@3, B=@6, W1),
    2 (580: W=@6, W=, B1@5), 3 (310: B=@1, W1@5, B=), 4 (300: W1, B1, B0), 6 (unrated:
    B=@2, W=@1, W1); 5 (200) on 0 below. The group is odd, one player drops to 5. 2 and 3
    have met 5, so they cannot (27A1). Due colours: 1, 2, 6 Black, 3, 4 White.

    - 4 (the lowest-rated) drops: 1 has met 3 and 6, so 1-2, 3-6, two interchanges
      measured |580 - 310| = 270 (29E5d), over the 200-point limit, with 1-2 both due
      Black: dearer than either below.
    - 1 drops: a drop of |610 - 300| = 310 points over the limit, charged as the two pairs
      of a transposition (docs/uscf-pairings.md); the rest 2-4, 3-6 is top half against
      bottom half, due colours for all: 2 × (over the limit + 310) = over ×2 + 620.
    - 6 drops: an unrated player while a rated one can, charged as over the limit by the 300
      points from the lowest-rated, 4, to no rating; the rest 1-3 have met, so 1-4, 2-3, a
      transposition measured min(|300 - 310|, |610 - 580|) = 10 for each pair (29E5c), due
      colours for all: 2 × (over the limit + 300) + 20 = over ×2 + 620.

    An exact tie: 29D1a, not the unrated player while a rated one can drop: 1 drops and
    meets 5; 2-4, 3-6. (Reading the unrated player's rating as 1, not 0, would charge 6's
    drop 2 points less and drop him.)"""
    state = section(
        [610, 580, 310, 300, 200, 0],
        {
            1: ["W=@3", "B=@6", "W1"],
            2: ["W=@6", "W=", "B1@5"],
            3: ["B=@1", "W1@5", "B="],
            4: ["W1", "B1", "B0"],
            5: ["W0", "B0@3", "W0@2"],
            6: ["B=@2", "W=@1", "W1"],
        },
    )
    rnd = pair_us_round(state)
    assert {frozenset(board) for board in boards_of(rnd)} == {
        frozenset({2, 4}),
        frozenset({3, 6}),
        frozenset({1, 5}),
    }
    assert [pid for pid, _ in rnd.dropped] == [1]
