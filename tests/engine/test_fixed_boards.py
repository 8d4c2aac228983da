"""Fixed boards: the arbiter pins a player to a board number (a wheelchair user, a live board).
The systems pair as usual; the board numbers then put a pinned player's game on his board and
shift the others (``fixed_board_order``, the rule written in its docstring and README's TRF
section). Every expected order below is derived by hand from that rule."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pairing import cli
from pairing.engine.core.errors import TrfError
from pairing.engine.core.rules import fixed_board_order
from pairing.engine.core.state import Board, Player, TournamentState
from pairing.engine.systems import SYSTEM_NAMES, explaining_system, pairing_system
from pairing.engine.trf import read_trf, write_trf
from tests.engine.test_trf import p001

# Five games in the system's order (D.9): A on board 1 ... E on board 5.
A, B, C, D, E = Board(1, 2), Board(3, 4), Board(5, 6), Board(7, 8), Board(9, 10)
ROUND = (A, B, C, D, E)


def test_without_pins_the_order_is_the_systems() -> None:
    assert fixed_board_order(ROUND, {}) == ROUND
    # A pin of a player who is not on a board (bye, absent) changes nothing.
    assert fixed_board_order(ROUND, {11: 1}) == ROUND


def test_a_pinned_game_takes_its_board_and_the_others_shift() -> None:
    # Player 6 (game C) on board 1: C first, A and B move down one board, D and E stay.
    assert fixed_board_order(ROUND, {6: 1}) == (C, A, B, D, E)
    # Player 1 (game A) on board 4: B, C, D move up one board, E stays.
    assert fixed_board_order(ROUND, {1: 4}) == (B, C, D, A, E)


def test_a_board_beyond_the_last_is_the_last() -> None:
    # Player 4 (game B) pinned to board 9 of a five-board round: board 5.
    assert fixed_board_order(ROUND, {4: 9}) == (A, C, D, E, B)


def test_two_pinned_players_who_meet_take_the_smaller_board() -> None:
    # 9 pinned to board 2, 10 to board 4, and they meet (game E): board 2.
    assert fixed_board_order(ROUND, {9: 2, 10: 4}) == (A, E, B, C, D)


def test_two_games_claiming_one_board() -> None:
    # Players 6 (game C) and 2 (game A) both pinned to board 2: the smaller pairing number
    # (2) gets it; game C takes the nearest free board, 1 and 3 being as near: 1. B, D, E
    # fill 3, 4, 5.
    assert fixed_board_order(ROUND, {6: 2, 2: 2}) == (C, A, B, D, E)
    # Pinned to boards 5 and 9 (both the last board): the smaller pin (5) keeps board 5,
    # the other goes to the nearest free board, 4.
    assert fixed_board_order(ROUND, {1: 9, 3: 5}) == (C, D, E, A, B)


def test_the_pinned_games_land_whatever_order_they_come_in() -> None:
    """The placement of pinned games does not depend on the input order, so numbering an
    already numbered round again (a hand-adjusted draft) moves nothing."""
    pins = {6: 2, 2: 2, 8: 1}
    once = fixed_board_order(ROUND, pins)
    assert fixed_board_order(once, pins) == once
    reordered = fixed_board_order(tuple(reversed(ROUND)), pins)
    assert [reordered.index(g) for g in (A, C, D)] == [once.index(g) for g in (A, C, D)]


def _six_players(**state: object) -> TournamentState:
    players = tuple(Player(i, f"Player {i}", 2400 - 10 * i) for i in range(1, 7))
    return TournamentState(players=players, total_rounds=5, **state)  # type: ignore[arg-type]


def test_the_dutch_system_pairs_as_usual_then_numbers_the_boards() -> None:
    # Round 1 of six players (C.04.3, initial colour white): 1-4, 5-2, 3-6 on boards 1-3.
    # Player 6 pinned to board 1: 3-6, 1-4, 5-2.
    pair = pairing_system("dutch")
    assert pair(_six_players()).boards == (Board(1, 4), Board(5, 2), Board(3, 6))
    assert pair(_six_players(fixed_boards={6: 1})).boards == (
        Board(3, 6),
        Board(1, 4),
        Board(5, 2),
    )


@pytest.mark.parametrize("system", SYSTEM_NAMES)
def test_every_system_keeps_its_pairs_and_colours(system: str) -> None:
    pair = pairing_system(system)
    free = pair(_six_players())
    pinned = pair(_six_players(fixed_boards={2: 3, 5: 1}))
    assert pinned.pairs == free.pairs and pinned.bye == free.bye
    assert fixed_board_order(free.boards, {2: 3, 5: 1}) == pinned.boards


@pytest.mark.parametrize("system", SYSTEM_NAMES)
def test_the_explained_pairing_is_numbered_with_the_pins_too(system: str) -> None:
    """Issue 24: the web app stores the explaining function's pairing in the round's receipt;
    ``python -m pairing verify`` re-pairs with :func:`pairing_system`: both number the boards
    with XXF (six players, round 1: player 6 pinned to board 1 puts 3-6 first)."""
    state = _six_players(fixed_boards={6: 1})
    explained, _why = explaining_system(system)(state)
    assert explained == pairing_system(system)(state)
    assert 6 in (explained.boards[0].white, explained.boards[0].black)


def test_a_pinned_player_with_the_bye_frees_his_board() -> None:
    # Five players: the bye goes to player 5 (the lowest); his pin does nothing.
    players = tuple(Player(i, f"Player {i}", 2400 - 10 * i) for i in range(1, 6))
    state = TournamentState(players=players, total_rounds=5)
    pair = pairing_system("dutch")
    free = pair(state)
    assert free.bye == 5
    assert pair(TournamentState(players=players, total_rounds=5, fixed_boards={5: 1})) == free


# -- TRF: XXF NNNN BBBB ---------------------------------------------------------------------

FILE = "\n".join(
    [
        "012 Fixed boards",
        "XXR 5",
        *(p001(i, f"Player {i}", rating=str(2400 - 10 * i)) for i in range(1, 7)),
        "XXF    6    1",
        "XXF    2    3",
    ]
)


def test_trf_reads_and_writes_fixed_boards() -> None:
    state = read_trf(FILE)
    assert state.fixed_boards == {2: 3, 6: 1}
    for version in (16, 26):
        text = write_trf(state, version=version)
        assert [line for line in text.splitlines() if line.startswith("XXF")] == [
            "XXF    2    3",
            "XXF    6    1",
        ]
        assert read_trf(text) == state


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("XXF    7    1", "line 11, column 5: XXF names unknown player 7"),
        ("XXF    6", "XXF takes a starting rank and a board number"),
        ("XXF    6    x", "XXF takes a starting rank and a board number"),
        ("XXF    5    0", "a board number must be 1 or more"),
        ("XXF    6    2", "player 6 has a second XXF line (first on line 9)"),
    ],
)
def test_trf_names_a_bad_fixed_board_line(line: str, message: str) -> None:
    with pytest.raises(TrfError, match=re.escape(message)):
        read_trf(FILE + "\n" + line)


def test_the_command_line_pairs_with_the_fixed_boards(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    trf = tmp_path / "t.trf"
    trf.write_text(FILE, encoding="utf-8")
    assert cli.main(["pair", "--system", "dutch", str(trf)]) == cli.EXIT_OK
    # Unpinned: 1-4, 5-2, 3-6. Player 6 on board 1, player 2 on board 3: 3-6, 1-4, 5-2.
    assert capsys.readouterr().out == "3\n3 6\n1 4\n5 2\n"
