"""US Chess colours (rule 29E): the due colour and who of a pair gets it, derived by hand
from the rules' text (29E3, 29E4) and a worked forum case."""

from __future__ import annotations

from pairing.engine.core.state import Board, Colour
from pairing.engine.usswiss import ColourRule, colour_rule
from pairing.engine.usswiss.colours import breaks_equalization, due_colour
from tests.engine.usswiss_support import section


def test_due_colour_equalizes_then_alternates_unplayed_rounds_ignored() -> None:
    """29E3: more Whites than Blacks -> due Black; equal -> the other colour than in the
    latest game; byes, forfeits and absences leave no colour; no game -> no due colour."""
    state = section(
        [1, 1, 1, 1],
        {1: ["W1", "W0", "B="], 2: ["W1", "U", "B0"], 3: ["B1", "-", "H"], 4: ["-", "U", "H"]},
    )
    assert due_colour(state.player(1)) is Colour.BLACK
    assert due_colour(state.player(2)) is Colour.WHITE
    assert due_colour(state.player(3)) is Colour.WHITE
    assert due_colour(state.player(4)) is None


def test_equalization_failure_two_ahead_or_three_in_a_row() -> None:
    """27A4 / 29E5f: White after W, B, W is two Whites ahead; Black after W, B, B is a third
    Black in a row (and one ahead only); White after B, W is fine."""
    state = section([1, 1, 1], {1: ["W1", "B1", "W1"], 2: ["W1", "B1", "B1"], 3: ["-", "B1", "W1"]})
    assert breaks_equalization(state.player(1), Colour.WHITE)
    assert not breaks_equalization(state.player(1), Colour.BLACK)
    assert breaks_equalization(state.player(2), Colour.BLACK)
    assert not breaks_equalization(state.player(3), Colour.BLACK)


def test_different_due_colours_both_get_theirs() -> None:
    """29E3: 1 is due White, 2 due Black: 1-2, whoever ranks higher."""
    state = section([1500, 1800], {1: ["B0"], 2: ["W1"]})
    decision = colour_rule(state, 1, 2)
    assert decision.board == Board(1, 2)
    assert decision.rule is ColourRule.BOTH_DUE


def test_equalization_before_alternation() -> None:
    """29E4: both due White; 2 (W, B, B) would have a third Black and stay a Black ahead,
    1 (W, B) only misses alternation: 2 gets White although 1 ranks higher."""
    state = section([2000, 1500], {1: ["-", "W1", "B1"], 2: ["W1", "B1", "B0"]})
    decision = colour_rule(state, 1, 2)
    assert decision.board == Board(2, 1)
    assert decision.rule is ColourRule.EQUALIZATION


def test_equal_claims_look_back_to_the_latest_round_the_colours_differed() -> None:
    """29E4 (forum case "pairings question"): player 1 (2087, 3 points) had B W - W, player
    3 (1825, 2 points) B B W W; both due Black and both would be unequalized by White. Round
    4 they both had White; in round 3 player 3 had White and player 1 no game: player 3 gets
    Black. The higher-ranked player 1 has White: 1-3."""
    state = section(
        [2087, 2019, 1825],
        {1: ["B1", "W1", "-", "W1"], 2: ["W1", "B1", "B1", "B0"], 3: ["B0", "B1", "W0", "W1"]},
    )
    decision = colour_rule(state, 3, 1)
    assert decision.board == Board(1, 3)
    assert decision.rule is ColourRule.HISTORY


def test_same_history_the_higher_ranked_gets_the_due_colour() -> None:
    """29E4: identical histories W, B: both due White; the higher-ranked (rating 1800 on
    equal scores) gets it."""
    state = section([1500, 1800], {1: ["W1", "B0"], 2: ["W0", "B1"]})
    decision = colour_rule(state, 1, 2)
    assert decision.board == Board(2, 1)
    assert decision.rule is ColourRule.RANK


def test_no_colours_yet_the_lot_alternates_down_the_boards() -> None:
    """29E2: neither player has a colour: on board 1 the higher-ranked has the colour of
    the lot, on board 2 the other one."""
    state = section([1500, 1800], initial=Colour.BLACK)
    assert colour_rule(state, 1, 2, board_number=1).board == Board(1, 2)
    assert colour_rule(state, 1, 2, board_number=2).board == Board(2, 1)
    assert colour_rule(state, 1, 2).rule is ColourRule.FIRST_ROUND
