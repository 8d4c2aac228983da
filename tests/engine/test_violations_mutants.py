"""The rule checker of hand-made drafts and its hand adjustments
(pairing/engine/core/violations.py): the round a rematch names, what a change breaks under a
system's own bye bar, and the board edits. Worked out by hand on the seven players of
test_violations.py; the surviving mutants of the module's mutation run (docs/testing.md) each
break one of these."""

from __future__ import annotations

import pytest

from pairing.engine.core.state import Board, RoundPairing
from pairing.engine.core.violations import (
    REMATCH,
    SECOND_BYE,
    Violation,
    add_board,
    new_violations,
    placed,
    remove_board,
    set_bye,
    violations,
)
from tests.engine.test_violations import SEVEN, pairing

LEGAL = pairing((1, 3), (4, 7), (6, 2), bye=5)
"""Round 3 of SEVEN (R1 1-4, 5-2, 3-6, 7 PAB; R2 2-1, 4-7 forfeit, 6-5, 3 PAB): no pair has
met (4-7 was a forfeit, not a meeting, C.04.2 D.6), nobody gets a third equal colour or a
difference beyond 2 (1 WB then W, 3 W then B, 4 B then W, 7 none, 6 BW then W, 2 BW then B),
and 5 has had no bye."""


def test_a_rematch_names_the_round_of_the_game_not_the_first_round_played() -> None:
    """1 and 2 met in round 2 (2-1 draw), after both had played round 1 (1-4, 5-2)."""
    [v] = violations(SEVEN, pairing((1, 2), (3, 5), (4, 6), bye=7), rules={REMATCH})
    assert v == Violation(REMATCH, "P1 (1) and P2 (2) already played each other in round 2", (1, 2))


def test_a_change_is_checked_against_the_bye_bar_the_system_gives() -> None:
    """A system that bars 5 from the bye (say 5 once scored a win without playing, 2026 C.04.1
    art. 4): giving 5 the bye breaks d, although 5 never had a pairing-allocated bye. The
    change from leaving 5 unpaired to the bye is that new break; swapping colours on a board
    afterwards breaks nothing new (the bye's break was there before)."""
    unpaired = pairing((1, 3), (4, 7), (6, 2))
    bye = Violation(SECOND_BYE, "P5 (5) already scored a win without playing", (5,))
    assert new_violations(SEVEN, unpaired, LEGAL, bye_barred={5}) == [bye]
    swapped = pairing((1, 3), (4, 7), (2, 6), bye=5)
    assert new_violations(SEVEN, LEGAL, swapped, bye_barred={5}) == []
    assert violations(SEVEN, LEGAL) == []


def test_placed_lists_the_players_on_boards_then_the_bye() -> None:
    assert placed(LEGAL) == [1, 3, 4, 7, 6, 2, 5]
    assert placed(pairing((1, 3))) == [1, 3]


def test_the_last_board_can_be_removed_and_a_missing_one_is_named() -> None:
    assert remove_board(LEGAL, 3) == pairing((1, 3), (4, 7), bye=5)
    with pytest.raises(ValueError, match=r"^there is no board 4$"):
        remove_board(LEGAL, 4)


def test_a_board_needs_two_different_players() -> None:
    with pytest.raises(ValueError, match=r"^choose two different players$"):
        add_board(pairing((1, 3)), 2, 2)


def test_the_bye_goes_to_an_unpaired_player() -> None:
    assert set_bye(pairing((1, 3), (4, 7), (6, 2)), 5) == LEGAL
    assert set_bye(LEGAL, None) == RoundPairing((Board(1, 3), Board(4, 7), Board(6, 2)), None)
    with pytest.raises(ValueError, match="player 1 is already paired"):
        set_bye(LEGAL, 1)
