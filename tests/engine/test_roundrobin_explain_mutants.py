"""The round robin's explanation (pairing/engine/roundrobin/explain.py), written after its
mutation runs (docs/testing.md): what it says happened, worked out by hand from FIDE C.05
Annex 1's table for 5-6 players (round 1: 1-6, 2-5, 3-4; the first number has White; an odd
field's dummy is number 6; in a double round robin the second cycle repeats the table with
the colours reversed)."""

from __future__ import annotations

from pairing.engine.core.explain import Topic
from pairing.engine.core.state import Player, RoundEntry, TournamentState
from pairing.engine.roundrobin import explain_round


def _five(rounds: int) -> TournamentState:
    """Five players whose ids run against their pairing numbers (id k is number 6 - k), so
    that an explanation naming one for the other is seen; ``rounds`` rounds without games."""
    players = tuple(
        Player(id=k, rating=2000 - k, tpn=6 - k, results=(RoundEntry(None, None, "Z"),) * rounds)
        for k in range(1, 6)
    )
    return TournamentState(players=players, rounds_done=rounds)


def test_round_one_names_numbers_players_colours_and_the_dummy() -> None:
    """Round 1: number 1 (#5) meets the dummy, 6: the bye. 2 (#4) - 5 (#1), 2 has White;
    3 (#3) - 4 (#2), 3 has White."""
    pairing, explanation = explain_round(_five(0))
    assert explanation.matches(pairing)
    assert explanation.system == "Round robin, Berger tables (FIDE C.05 Annex 1)"
    assert explanation.round_number == 1
    assert [(b.white, b.black) for b in explanation.boards] == [(4, 1), (3, 2)]
    board = explanation.boards[0]
    assert board.bracket == "Berger table for 6, round 1"
    (where, colour) = board.reasons
    assert (where.topic, where.article) == (Topic.BRACKET, "C.05 Annex 1")
    assert (
        where.text
        == "pairing numbers 2 (#4) and 5 (#1) meet in this row of the Berger table for 6 players"
    )
    assert (colour.topic, colour.article) == (Topic.COLOUR, "C.05 Annex 1")
    assert colour.text == "the table's first number, 2, has White"
    assert explanation.bye is not None and explanation.bye.player == 5
    (bye,) = explanation.bye.reasons
    assert (bye.topic, bye.article) == (Topic.BYE, "C.05 Annex 1")
    assert bye.text == "odd field: number 1 (#5) meets the dummy, number 6, in this round"


def test_the_second_cycle_reverses_the_colours_and_says_so() -> None:
    """Double round robin, round 6 = round 1 of the second cycle: 5 (#1) - 2 (#4), the
    table's 2-5 with the colours reversed; 4 (#2) - 3 (#3); 1 (#5) has the bye."""
    pairing, explanation = explain_round(_five(5), double=True)
    assert explanation.matches(pairing)
    assert explanation.system == "Double round robin, Berger tables (FIDE C.05 Annex 1)"
    assert explanation.round_number == 6
    assert [(b.white, b.black) for b in explanation.boards] == [(1, 4), (2, 3)]
    board = explanation.boards[0]
    assert board.bracket == "Berger table for 6, round 6 (cycle 2)"
    assert board.reasons[0].text.startswith("pairing numbers 5 (#1) and 2 (#4) meet")
    assert (
        board.reasons[1].text
        == "the table gives numbers 2-5; the second cycle reverses the colours"
    )
    _, first_cycle = explain_round(_five(0), double=True)
    assert first_cycle.boards[0].bracket == "Berger table for 6, round 1 (cycle 1)"
    assert first_cycle.boards[0].reasons[1].text == "the table's first number, 2, has White"


def test_the_last_rounds_of_the_first_cycle() -> None:
    """Double round robin, round 4: the table's round 4 (6-5 1-4 2-3: number 5, #1, meets
    the dummy; 1 (#5) - 4 (#2); 2 (#4) - 3 (#3)), still the first cycle; round 5, the last
    of the first cycle, is cycle 1 too. With the last two rounds of the first cycle swapped
    (C.05's option for a double round robin), round 4 plays the table's round 5 (3-6 4-2
    5-1: number 3, #3, has the bye; 4 (#2) - 2 (#4); 5 (#1) - 1 (#5)). A single round
    robin of four has no bye to explain."""
    _, fourth = explain_round(_five(3), double=True)
    assert [(b.white, b.black) for b in fourth.boards] == [(5, 2), (4, 3)]
    assert fourth.bye is not None and fourth.bye.player == 1
    assert fourth.boards[0].bracket == "Berger table for 6, round 4 (cycle 1)"
    _, fifth = explain_round(_five(4), double=True)
    assert fifth.boards[0].bracket == "Berger table for 6, round 5 (cycle 1)"
    assert fifth.boards[0].reasons[1].text.startswith("the table's first number")
    _, swapped = explain_round(_five(3), double=True, swap_last_two=True)
    assert [(b.white, b.black) for b in swapped.boards] == [(2, 4), (1, 5)]
    assert swapped.bye is not None and swapped.bye.player == 3
    four = TournamentState(players=tuple(Player(id=k, rating=2000 - k) for k in range(1, 5)))
    _, even = explain_round(four)
    assert even.bye is None
