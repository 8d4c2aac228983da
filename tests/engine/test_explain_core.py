"""The explanation type every system returns (pairing/engine/core/explain.py)."""

from __future__ import annotations

import pytest

from pairing.engine.core.explain import (
    BoardExplanation,
    ByeExplanation,
    ExplanationFormatError,
    Reason,
    RoundExplanation,
    Topic,
    half_points,
    refs,
    render,
)
from pairing.engine.core.state import Board, RoundPairing

COLOUR = Reason(Topic.COLOUR, "TCEC STEP 5", "#2 has black: the greater white game difference")
CHOICE = Reason(Topic.CHOICE, "TCEC STEP 4", "#1 is the next unpaired player")
EXPLANATION = RoundExplanation(
    system="TCEC Swiss (single rounds)",
    round_number=3,
    boards=(BoardExplanation(1, 2, "pairing order 1 and 2", (CHOICE, COLOUR)),),
    bye=ByeExplanation(3, (Reason(Topic.BYE, "TCEC STEP 2", "#3 is the lowest"),)),
    notes=(Reason(Topic.ROUND, "TCEC STEP 1", "pairing order: #1, #2, #3"),),
)


def test_a_board_is_found_by_its_players_in_colour_order() -> None:
    assert EXPLANATION.board(1, 2) is EXPLANATION.boards[0]
    assert EXPLANATION.board(2, 1) is None
    assert EXPLANATION.matches(RoundPairing((Board(1, 2),), 3))
    assert not EXPLANATION.matches(RoundPairing((Board(2, 1),), 3))
    assert not EXPLANATION.matches(RoundPairing((Board(1, 2),), None))


def test_the_player_facing_part_is_floats_colours_and_the_bye() -> None:
    assert EXPLANATION.boards[0].public_reasons == (COLOUR,)
    assert EXPLANATION.bye is not None and EXPLANATION.bye.public_reasons == EXPLANATION.bye.reasons
    assert EXPLANATION.articles == {"TCEC STEP 1", "TCEC STEP 2", "TCEC STEP 4", "TCEC STEP 5"}


def test_it_round_trips_through_json() -> None:
    assert RoundExplanation.from_json(EXPLANATION.to_json()) == EXPLANATION
    no_bye = RoundExplanation("x", 1, ())
    assert RoundExplanation.from_json(no_bye.to_json()) == no_bye


@pytest.mark.parametrize(
    "broken",
    [{}, {"system": "x", "round": 1, "notes": [], "boards": [{"white": 1}]}, {"boards": 3}],
)
def test_a_malformed_explanation_is_a_clear_error(broken: dict) -> None:
    with pytest.raises(ExplanationFormatError, match="not a round explanation"):
        RoundExplanation.from_json(broken)


def test_renumbering_follows_players_in_boards_and_texts() -> None:
    moved = EXPLANATION.renumbered({1: 11, 2: 1})
    assert (moved.boards[0].white, moved.boards[0].black) == (11, 1)
    assert moved.boards[0].reasons[1].text == "#1 has black: the greater white game difference"
    assert moved.notes[0].text == "pairing order: #11, #1, #3"
    assert moved.bye is not None and moved.bye.player == 3


def test_texts_name_players_by_number_or_name() -> None:
    assert render("#1 meets #12, not #2", {1: "Ann", 12: "Bo"}) == "Ann meets Bo, not #2"
    assert render("#1", None) == "#1"
    assert refs(range(1, 12), limit=3) == "#1, #2, #3 and 8 more"
    assert [half_points(n) for n in (0, 1, 2, 7)] == ["0", "½", "1", "3½"]


def test_it_prints_as_text() -> None:
    assert EXPLANATION.text({1: "Ann", 2: "Bo"}) == (
        "Round 3: TCEC Swiss (single rounds)\n"
        "    round    [TCEC STEP 1] pairing order: #1, #2, #3\n"
        "Board 1: 1 Ann - 2 Bo (pairing order 1 and 2)\n"
        "    choice   [TCEC STEP 4] #1 is the next unpaired player\n"
        "    colour   [TCEC STEP 5] #2 has black: the greater white game difference\n"
        "Bye: 3\n"
        "    bye      [TCEC STEP 2] #3 is the lowest\n"
    )
