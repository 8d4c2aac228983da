"""What the US Chess Swiss and the round-robin Systems answer the draft review
(pairing/engine/us_systems.py), on sections worked out by hand (US Chess Official Rules,
7th edition, chapter 2; FIDE C.05 Annex 1's Berger tables): the surviving mutants of the
module's mutation run (docs/testing.md) each break one of these."""

from __future__ import annotations

from dataclasses import replace

from pairing.engine import SYSTEMS, Board, ColourRuling, RoundPairing
from pairing.engine.core.system import PlayerNotes
from pairing.engine.core.violations import NOT_PAIRED, UNKNOWN_PLAYER, Violation
from pairing.engine.us_systems import RoundRobinSystem, USSwissSystem, round_robin_rounds
from pairing.engine.usswiss.settings import USSettings
from tests.engine.test_us_systems import played_round_robin
from tests.engine.usswiss_support import section

US = SYSTEMS["uscf"]
RR, RR_DOUBLE = SYSTEMS["round-robin"], SYSTEMS["round-robin-double"]
TABLE = "C.05 Annex 1"
FOUR = section([2000, 1990, 1980, 1970])
"""Round 1 of four by the Berger table: 1-4, 2-3."""


# -- US Chess Swiss --------------------------------------------------------------------------


def test_29e2_alternates_the_lot_down_the_boards_as_numbered() -> None:
    """29E2, round 1 of eight (lot: White): board 1 gives White to its higher-rated player,
    board 2 to its lower-rated one, board 3 to the higher again: 1-5, 6-2, 3-7. The board
    number is the pair's place in the list: 6 v 2 alone is board 1, White to 2."""
    s = section([2000, 1900, 1800, 1700, 1600, 1500, 1400, 1300])
    says = "no colours yet: the colour drawn by lot, alternating down the boards"
    assert US.colour_rulings(s, [(1, 5), (6, 2), (3, 7)]) == [
        ColourRuling("29E2", says, 1),
        ColourRuling("29E2", says, 6),
        ColourRuling("29E2", says, 3),
    ]
    assert US.colour_rule(s, 6, 2).white == 2


def test_the_colour_rule_ranks_by_the_tds_assigned_rating() -> None:
    """29E2 gives the lot's White on board 1 to the higher-ranked player. Player 2 is
    unrated: ranked last (28 ranking), so 1 has White; with the TD's assigned rating of 2100
    for 2 (a setting of the system), 2 ranks first and has White."""
    s = section([2000, 0])
    assert US.colour_rule(s, 1, 2).white == 1
    assigned = USSwissSystem(USSettings(assigned_ratings={2: 2100}))
    assert assigned.colour_rule(s, 1, 2).white == 2


def test_a_player_without_games_is_due_no_colour() -> None:
    """29E3 reads the colours played: before round 1 nobody is due one; no floats in US
    Chess notes."""
    assert US.notes(FOUR, 1) == PlayerNotes("none", "")


def test_a_requested_full_point_bye_bars_a_second_one_numbered_28l3() -> None:
    """1 had a requested full-point bye (F), 2 beat 3. The bye to 1 again breaks 28L3 (one
    full-point bye, U or F), which the shared checker would not bar by itself (FIDE 2017
    C.04.1.d bars the U only); 2-3 again breaks 27A1. Each keeps the players it names."""
    s = section([2000, 1900, 1800], {1: ["F"], 2: ["W1@3"], 3: ["B0@2"]})
    found = US.violations(s, RoundPairing((Board(2, 3),), 1))
    assert found == [
        Violation("27A1", "player 2 and player 3 already played each other in round 1", (2, 3)),
        Violation("28L3", "player 1 already had a full-point bye", (1,)),
    ]


def test_bookkeeping_keeps_its_own_names_in_us_chess() -> None:
    found = US.violations(FOUR, RoundPairing((Board(1, 3),)))
    assert found == [
        Violation(NOT_PAIRED, "player 2 is not paired", (2,)),
        Violation(NOT_PAIRED, "player 4 is not paired", (4,)),
    ]


def test_what_a_us_chess_change_breaks_is_what_it_adds() -> None:
    """Leaving 2 and 4 out, then pairing 1-2, 4-3 instead of 1-3: nothing new is broken;
    the other way round the two players left out are."""
    left_out = RoundPairing((Board(1, 3),))
    full = RoundPairing((Board(1, 2), Board(4, 3)))
    assert US.new_violations(FOUR, left_out, full) == []
    assert [v.players for v in US.new_violations(FOUR, full, left_out)] == [(2,), (4,)]


# -- round robins ----------------------------------------------------------------------------


def test_the_registry_round_robins_are_the_berger_tables_single_and_double() -> None:
    """A double round robin plays every pair twice: meeting again is the table, not a
    rematch (C.04.1.b is left out of its rules)."""
    single, double = RoundRobinSystem(double=False), RoundRobinSystem(double=True)
    assert (single.name, single.title, single.record_code) == (
        "round-robin",
        "Round robin (Berger tables, FIDE C.05 Annex 1)",
        "BERGER_ROUNDROBIN",
    )
    assert (double.name, double.title, double.record_code) == (
        "round-robin-double",
        "Double round robin (Berger tables, FIDE C.05 Annex 1)",
        "BERGER_DOUBLEROUNDROBIN",
    )
    assert "C.04.1.b" in single.rules and "C.04.1.b" not in double.rules
    assert (single.double, double.double) == (False, True)
    assert (round_robin_rounds(5), round_robin_rounds(6), round_robin_rounds(4, True)) == (5, 5, 6)


def test_the_table_decides_the_colours_of_its_pairs_only() -> None:
    """Round 1 of four is 1-4, 2-3: 1 v 2 is not a pair of it (no colour), 4 v 1 and 2 v 3
    are, White to 1 and to 2 whichever way round they are asked."""
    assert RR.colour_rulings(FOUR, [(1, 2), (4, 1), (2, 3)]) == [
        ColourRuling(TABLE, "not a pair of this round's table", None),
        ColourRuling(TABLE, "the table gives White to number 1", 1),
        ColourRuling(TABLE, "the table gives White to number 2", 2),
    ]


def test_the_review_shows_each_players_number_in_the_table() -> None:
    assert RR.notes(FOUR, 3) == PlayerNotes("number 3", "")


def test_the_second_cycle_reverses_the_first_for_the_explanation_and_the_bye() -> None:
    """Four players, round 4 is round 1 (1-4, 2-3) with colours reversed; three players
    (table for four, 4 the dummy): round 4 is 4-1 reversed, so 1 meets the dummy again."""
    pairing, _why = RR_DOUBLE.explain(played_round_robin(4, 3, double=True))
    assert [(b.white, b.black) for b in pairing.boards] == [(4, 1), (3, 2)]
    three = played_round_robin(3, 3, double=True)
    assert [RR_DOUBLE.may_have_bye(three, p) for p in (1, 2, 3)] == [True, False, False]


def test_a_hand_pairing_off_the_table_is_named_board_by_board() -> None:
    """Round 2 of four (table: 4-3, 1-2). 1-4 and 2-3 met in round 1: two rematches, and two
    boards not in this round's table; a board with an unregistered player is only named as
    such. 4-3 as the table has it, 2-1 reversed."""
    s = played_round_robin(4, 1)
    found = RR.violations(s, RoundPairing((Board(1, 4), Board(2, 3))))
    assert [(v.rule, v.players) for v in found] == [
        ("C.04.1.b", (1, 4)),
        ("C.04.1.b", (2, 3)),
        (TABLE, (1, 4)),
        (TABLE, (2, 3)),
    ]
    reversed_second = RR.violations(s, RoundPairing((Board(4, 3), Board(2, 1))))
    assert reversed_second == [
        Violation(TABLE, "numbers 2 and 1 are paired with the table's colours reversed", (2, 1))
    ]
    assert RR.violations(FOUR, RoundPairing((Board(1, 99), Board(2, 3)))) == [
        Violation(UNKNOWN_PLAYER, "player 99 is not registered", (99,)),
        Violation(NOT_PAIRED, "player 4 is not paired", (4,)),
    ]


def test_only_an_absent_opponent_excuses_a_player_left_without_a_game() -> None:
    """Round 1 of four (1-4, 2-3). Nobody absent: leaving 1 and 4 out breaks the bookkeeping
    for both. 2 absent (White in 2-3): 3 has no game by the table, not by the pairing."""
    assert [v.players for v in RR.violations(FOUR, RoundPairing((Board(2, 3),)))] == [
        (1,),
        (4,),
    ]
    two_away = replace(FOUR, absent={2: "Z"})
    assert RR.violations(two_away, RoundPairing((Board(1, 4),))) == []


def test_the_bye_is_the_tables_and_no_other() -> None:
    """Three players (table for four, 4 the dummy): round 1 is 1-4 (1's bye), 2-3. The bye to
    1 is the table; the bye to 2 is not."""
    three = section([2000, 1990, 1980])
    assert RR.violations(three, RoundPairing((Board(2, 3),), 1)) == []
    wrong = RR.violations(three, RoundPairing((Board(1, 3),), 2))
    assert Violation(TABLE, "number 2 does not meet the dummy in this round", (2,)) in wrong


def test_what_a_round_robin_change_breaks_is_what_it_adds() -> None:
    table = RoundPairing((Board(1, 4), Board(2, 3)))
    swapped = RoundPairing((Board(4, 1), Board(2, 3)))
    assert RR.new_violations(FOUR, swapped, table) == []
    assert RR.new_violations(FOUR, table, swapped) == [
        Violation(TABLE, "numbers 4 and 1 are paired with the table's colours reversed", (4, 1))
    ]
