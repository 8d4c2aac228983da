"""The initial colour read back from the first coloured round (pairing/engine/core/rules.py,
C.04.2 with Dutch E.5 / Dubov E.0), when a file has no ``XXC``: worked out by hand; the
surviving mutants of the module's mutation run (docs/testing.md) each break one of these."""

from __future__ import annotations

from dataclasses import replace

from pairing.engine import SYSTEMS
from pairing.engine.core.state import Colour, TournamentState
from tests.engine.test_dutch_support import state

DUTCH_2017, DUBOV = SYSTEMS["dutch-2017"], SYSTEMS["dubov-2018"]
W, B = Colour.WHITE, Colour.BLACK


def without_xxc(rounds: list[str], count: int = 4) -> TournamentState:
    return replace(state(count, rounds, 5), initial_colour=None)


def test_dutch_reads_the_number_among_the_players_of_round_f() -> None:
    """Round 1: 1 absent (H), 2-4 and 5-3. E.5 numbered the players of round 1 without 1:
    2 -> 1, 3 -> 2, 4 -> 3, 5 -> 4. The highest-ranked player with a colour, 2, had White with
    an odd number: White was the initial colour. Counted with 1, his number 2 would say
    Black."""
    assert DUTCH_2017.initial_colour(without_xxc(["2-4 1-0; 5-3 1-0; 1 H"], 5)) is W


def test_dubov_reads_the_pairing_number_itself() -> None:
    """Dubov E.0 reads the pairing numbers of the initial ranking list, every registered
    player counted: 1 and 2 absent in round 1 (H), 3-4 played, 3 (number 3, odd) with White:
    White was the initial colour; 4-3 would have made it Black."""
    assert DUBOV.initial_colour(without_xxc(["3-4 1-0; 1 H; 2 H"])) is W
    assert DUBOV.initial_colour(without_xxc(["4-3 1-0; 1 H; 2 H"])) is B


def test_the_first_coloured_round_is_read_from_its_highest_scored_player() -> None:
    """Round 1 gave no colours (1 a full-point bye, 2 a half-point one, 3 and 4 zero-point
    ones); round 2 is round F: 1 (1 point) v 3, 4-2. Its highest-ranked player by score is 1,
    number 1, odd, with White: White was the initial colour (3, the lowest, had Black)."""
    assert DUTCH_2017.initial_colour(without_xxc(["1 F; 2 H; 3 Z; 4 Z", "1-3 1-0; 4-2 1-0"])) is W


def test_a_player_not_yet_entered_in_round_f_holds_no_number_either() -> None:
    """As above with 1 not yet registered in round 1 (a late entry: a blank column, not an
    absence code): 2 was number 1 among the players of round 1, with White: White."""
    assert DUTCH_2017.initial_colour(without_xxc(["2-4 1-0; 5-3 1-0"], 5)) is W
