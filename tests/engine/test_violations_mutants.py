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
from tests.engine.histories import past
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


def test_every_board_is_checked_past_a_board_with_an_unregistered_player() -> None:
    """Player 0 is not registered (bookkeeping names him first, by number); 2 is on two
    boards; 1-2 met in round 2 (C.04.1.b) although the board before names player 99."""
    found = violations(SEVEN, pairing((0, 2), (99, 3), (1, 2), (4, 5), (6, 7)))
    assert [(v.rule, v.players) for v in found] == [
        ("unknown player", (0,)),
        ("paired twice", (2,)),
        ("unknown player", (99,)),
        (REMATCH, (1, 2)),
    ]


def test_colours_are_checked_past_a_board_with_an_unregistered_player() -> None:
    """After W W, a third White breaks C.04.1 f (+3) and g; after B B, a third Black too. On
    the first board White's player 99 is not registered; his opponent 3 is still checked."""
    s = past({1: "w= w=", 2: "b= b=", 3: "b= b="}, 5)
    found = violations(s, RoundPairing((Board(99, 3), Board(1, 2))), rules={"C.04.1.f", "C.04.1.g"})
    assert [(v.rule, v.players) for v in found] == [
        ("C.04.1.f", (3,)),
        ("C.04.1.g", (3,)),
        ("C.04.1.f", (1,)),
        ("C.04.1.g", (1,)),
        ("C.04.1.f", (2,)),
        ("C.04.1.g", (2,)),
    ]


def test_the_bye_to_an_unregistered_player_is_bookkeeping_only() -> None:
    found = violations(SEVEN, pairing((1, 3), (4, 7), (6, 2), (5, 0), bye=99), rules={SECOND_BYE})
    assert found == []


def test_a_second_pab_is_named_as_such_when_the_system_bars_it() -> None:
    """7 had the pairing-allocated bye in round 1; the system bars him (C.04.1.d): the break
    says he had it, not that he scored a win without playing."""
    found = violations(SEVEN, pairing((1, 3), (4, 5), (6, 2), bye=7), bye_barred={7})
    assert found == [
        Violation(SECOND_BYE, "P7 (7) already had a pairing-allocated bye or a forfeit win", (7,))
    ]
