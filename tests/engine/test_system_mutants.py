"""What every System answers for the draft review (pairing/engine/core/system.py): the colour
preference and floats shown for each player, the preferences a hand-made board denies against
the colour rule, and the suggestion checked against the rules asked for. Rounds worked out by
hand; the surviving mutants of the module's mutation run (docs/testing.md) each break one of
these."""

from __future__ import annotations

from dataclasses import replace

from pairing.engine import SYSTEMS, Board, Colour, RoundPairing
from pairing.engine.core.violations import TCEC_RULES
from tests.engine.histories import past
from tests.engine.test_dutch_support import state

DUTCH_2017 = SYSTEMS["dutch-2017"]

E2_CASE = state(4, ["1-4 0-1; 3-2 0-1", "2-4 1-0; 1 H; 3 H"], 5)
"""Before round 3 (C.04.3 A.6): 1 played White once (colour difference +1): a strong
preference for Black. 2 played Black then White (difference 0, last White): mild Black. 3
played White once: strong Black. 4 played Black twice (difference -2): absolute White."""


def test_the_review_shows_each_colour_preference_in_words() -> None:
    notes = [DUTCH_2017.notes(E2_CASE, pid).preference for pid in (1, 2, 3, 4)]
    assert notes == ["Black, strong", "Black, mild", "Black, strong", "White, absolute"]


def test_a_board_against_the_colour_rule_names_each_strong_or_absolute_wish_denied() -> None:
    """2-1 follows E.2 (the stronger preference, 1's, granted: White to 2): no break. 3 v 4:
    E.1 grants both (White to 4); 3-4 gives 3 White against his strong Black preference and
    4 Black against his absolute White one: two breaks of E.1, one per player, in board
    order and White's player first."""
    breaks = DUTCH_2017.preference_breaks(E2_CASE, RoundPairing((Board(2, 1), Board(3, 4))))
    assert [(v.rule, v.message, v.players) for v in breaks] == [
        ("E.1", "player 3 has a strong Black preference but gets White", (3,)),
        ("E.1", "player 4 has an absolute White preference but gets Black", (4,)),
    ]


def test_a_mild_preference_denied_is_no_break_and_the_other_player_is_still_checked() -> None:
    """2 v 4: E.1 grants both (White to 4). 2-4 denies 2's mild Black, which is no break
    (only strong and absolute preferences are, A.6), then 4's absolute White: one break. The
    player's name is shown when the file has one."""
    named = replace(
        E2_CASE,
        players=tuple(replace(p, name="Doe, Jo") if p.id == 4 else p for p in E2_CASE.players),
    )
    breaks = DUTCH_2017.preference_breaks(named, RoundPairing((Board(2, 4),)))
    assert [(v.rule, v.message) for v in breaks] == [
        ("E.1", "Doe, Jo (4) has an absolute White preference but gets Black")
    ]


def test_a_board_with_an_unknown_player_has_no_colour_rule_to_break() -> None:
    """The bookkeeping names player 99 (not registered); the colour check leaves the board."""
    assert DUTCH_2017.preference_breaks(E2_CASE, RoundPairing((Board(2, 99),))) == []


def test_floats_of_the_last_two_rounds_count_every_round_before() -> None:
    """Round 4 after 1-2 1-0, 3-4 0-1 / 1-4 0-1, 2-3 1-0 / 1-3 1-0, 2-4 0-1. Before round 3
    the scores were 1: 1, 2: 1, 3: 0, 4: 2 (all rounds counted), so in round 3 1 floated down
    to 3 and 2 up to 4; in round 2 each game was between equal scores (1 v 1, 0 v 0). The
    review shows the last two rounds, older first."""
    s = state(4, ["1-2 1-0; 3-4 0-1", "1-4 0-1; 2-3 1-0", "1-3 1-0; 2-4 0-1"], 5)
    floats = [DUTCH_2017.notes(s, pid).floats for pid in (1, 2, 3, 4)]
    assert floats == ["·↓", "·↑", "·↑", "·↓"]


def test_a_full_point_bye_is_a_downfloat_shown_after_a_blank_first_round() -> None:
    """After round 1 (1-2 1-0, 3 a full-point bye F): 3 floated down (A.4, as the review
    shows byes scored as wins); one round only, so the older place is a blank "·"."""
    s = state(3, ["1-2 1-0; 3 F"], 5)
    assert [DUTCH_2017.notes(s, pid).floats for pid in (1, 2, 3)] == ["··", "··", "·↓"]


def test_the_suggestion_checks_the_rules_it_is_asked_to() -> None:
    """1 and 2 had White twice, 3 and 4 Black twice, 1-4 forbidden (all on 1 point). Checked
    against the system's rules (C.04.1 g included) the suggestion avoids 1-2 and 3-4 (each a
    third equal colour either way): 1-3, 2-4. Asked to check only the rules of TCEC (no f, no
    g) it keeps the nearest pairs 1-2, 3-4."""
    s = past({1: "w= w=", 2: "w= w=", 3: "b= b=", 4: "b= b="}, 5, forbidden=[(1, 4)])

    def pairs(pairing: RoundPairing) -> set[frozenset[int]]:
        return {frozenset((b.white, b.black)) for b in pairing.boards}

    assert pairs(DUTCH_2017.suggest(s)) == {frozenset((1, 3)), frozenset((2, 4))}
    assert pairs(DUTCH_2017.suggest(s, TCEC_RULES)) == {frozenset((1, 2)), frozenset((3, 4))}


def test_the_initial_colour_is_read_back_with_the_systems_own_numbers() -> None:
    """No ``XXC``: the review reads the initial colour back from round 1 (C.04.2; E.5). Five
    players; 1 took a half-point bye in round 1, which 2-4 (2 White) and 3-5 (3 White)
    played. The highest-ranked player with a colour there is 2 (all on 0, the smallest
    pairing number). E.5 numbers count only the players taking part in the pairing
    (`dutch/players.py` `e5_numbers`: 1 was absent, so 2, 3, 4, 5 are numbered 1-4): 2 held
    number 1, odd, so he received the initial colour, White. Read with the plain pairing
    numbers (2, even) it would be Black."""
    st = replace(state(5, ["2-4 1-0; 3-5 0-1; 1 H"], 9), initial_colour=None)
    assert DUTCH_2017.initial_colour(st) is Colour.WHITE
