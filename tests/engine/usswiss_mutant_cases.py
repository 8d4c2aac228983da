"""Set-up shared by the usswiss mutant tests (test_usswiss_bye_mutants.py and
test_usswiss_explain_mutants.py): the settings they turn on, the hand-built rounds both look
at (one file pairs them, the other explains them), and the readers of a paired or explained
round. Players are 1..n in the order of the ratings given (0: unrated); histories as
:func:`tests.engine.usswiss_support.section` reads them."""

from __future__ import annotations

from dataclasses import replace

from pairing.engine.core.explain import Reason, RoundExplanation
from pairing.engine.core.state import TournamentState
from pairing.engine.usswiss import USSettings, explain_round, pair_us_round
from tests.engine.usswiss_support import section

BYE_FOR_COLOURS = USSettings(bye_for_colours=True)
"""28L2a (variation): the bye may move up the lowest group for the rest's colours."""
FOUR_ROUND_BYE = USSettings(bye_up_in_four_rounds=True)
"""28L5 (variation): in a four-round event the bye goes one group up past unrated players."""


def four_rounds(state: TournamentState) -> TournamentState:
    """The same section in a four-round event (28L5 reads the number of rounds)."""
    return replace(state, total_rounds=4)


def bye_and_boards(
    state: TournamentState, settings: USSettings | None = None
) -> tuple[int | None, int | None, list[tuple[int, int]]]:
    """The bye's player, the player 28L2 would have given it to when 28L2a moved it
    (``None`` otherwise), and the boards as (white, black) in board order."""
    rnd = pair_us_round(state, settings or USSettings())
    boards = [(b.white, b.black) for b in rnd.pairing.boards]
    if rnd.bye is None:
        return None, None, boards
    return rnd.bye.player, rnd.bye.instead_of, boards


def by_article(explained: object) -> dict[str, Reason]:
    """The reasons of a board, a bye or the notes (a tuple of reasons) by article (each
    article once in these cases)."""
    reasons = explained if isinstance(explained, tuple) else explained.reasons  # type: ignore[attr-defined]
    found = {r.article: r for r in reasons}
    assert len(found) == len(reasons)
    return found


def board_reasons(explanation: RoundExplanation, white: int, black: int) -> dict[str, Reason]:
    """The reasons of the board ``white``-``black`` by article; the board must exist."""
    board = explanation.board(white, black)
    assert board is not None, f"no board {white}-{black}"
    return by_article(board)


def bye_reasons(state: TournamentState, settings: USSettings | None = None) -> dict[str, Reason]:
    """The reasons the explanation gives for the bye, by article."""
    _, explanation = explain_round(state, settings or USSettings())
    assert explanation.bye is not None
    return by_article(explanation.bye)


# -- rounds both files look at -----------------------------------------------------------


def odd_player_meets_unrated() -> TournamentState:
    """Round 3 of five. On 2 points 1 (2000: W, B), 2 (1900: B, W), 3 (1800: B, W); on 0
    4 (1500: B, W), 5 (1400: W, B), 6 (unrated: W, B). 3 drops from the odd 2-point group
    (29D1a) and, 4 and 3 both due Black, meets 6 (29E5g: the switch to an unrated player
    counts 80 points, within 29E5a)."""
    return section(
        [2000, 1900, 1800, 1500, 1400, 0],
        {
            1: ["W1", "B1"],
            2: ["B1", "W1"],
            3: ["B1", "W1"],
            4: ["B0", "W0"],
            5: ["W0", "B0"],
            6: ["W0", "B0"],
        },
    )


def odd_player_past_a_rematch() -> TournamentState:
    """Round 3 of five. On 2 points 1 (2000), 2 (1900), 3 (1800); on 1 point 4 (1500), 5
    (1400) and 6 (1000), 5 and 6 having met in round 1. 3 drops and meets 5: with 4, 5 and
    6 would have to meet again (27A1)."""
    return section(
        [2000, 1900, 1800, 1500, 1400, 1000],
        {
            1: ["W1", "B1"],
            2: ["B1", "W1"],
            3: ["W1", "B1"],
            4: ["B0", "W1"],
            5: ["W1@6", "B0"],
            6: ["B0@5", "W1"],
        },
    )


def bye_past_a_full_point_bye() -> TournamentState:
    """Round 3 of five: 1 (2000) and 2 (1990) on 2 points; on 1: 3 (590: W0, B1), 4 (520:
    B0, W1), 5 (500: a full-point bye U, then B0). 28L3 passes 5 over, 28L2 gives the bye
    to 4; with 28L2a it moves to 3 for colours."""
    return section(
        [2000, 1990, 590, 520, 500],
        {1: ["W1", "B1"], 2: ["B1", "W1"], 3: ["W0", "B1"], 4: ["B0", "W1"], 5: ["U", "B0"]},
    )
