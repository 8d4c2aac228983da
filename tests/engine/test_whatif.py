"""What-if (pairing/engine/tools/whatif.py): results assumed for the games of the round in
play, the boards numbered as the systems order them, and the next round paired from that.

The small tournament, worked out by hand: four players rated 2400, 2300, 2200, 2100 (pairing
numbers 1-4), White to no. 1 in round 1 (XXC white1). Round 1 of the Dutch system (C.04.3:
S1 = {1, 2} against S2 = {3, 4}; E.5 alternates colours down the boards) is 1-3 and 4-2, both
still being played. C.04.2 D.9 numbers them board 1 (1-3: no. 1 is the higher-ranked player
with 0 points, the smaller number) and board 2 (4-2).

- 1 beats 3 and 2 beats 4: scoregroups {1, 2} and {3, 4}; 1 had White and 2 Black, so E.1
  gives 2 White against 1; 3 had Black, 4 White: 3-4. D.9: 2-1 first (1 point), then 3-4.
- 3 beats 1 and 4 beats 2: scoregroups {3, 4} and {1, 2}: 3-4 (E.1 as above), then 2-1.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from pairing.engine import (
    AssumptionError,
    Board,
    Colour,
    GeneratorSettings,
    Player,
    RoundEntry,
    RoundPairing,
    TournamentState,
    assume_results,
    generate_tournament,
    pairing_system,
    parse_assumptions,
    policy_results,
    resolve,
    round_games,
)
from pairing.engine.tools.whatif import Assumption

W, B = Colour.WHITE, Colour.BLACK


def in_play() -> TournamentState:
    """The four players above, round 1 being played (no result yet)."""
    column = {1: (3, W), 3: (1, B), 4: (2, W), 2: (4, B)}
    players = tuple(
        Player(
            id=i,
            name=f"P{i}",
            rating=2500 - 100 * i,
            results=(RoundEntry(column[i][0], column[i][1], " "),),
        )
        for i in range(1, 5)
    )
    return TournamentState(players, rounds_done=1, total_rounds=3, initial_colour=W)


def test_boards_are_numbered_in_d9_order() -> None:
    games = round_games(in_play(), "dutch")
    assert [(g.board, g.white, g.black, g.pending) for g in games] == [
        (1, 1, 3, True),
        (2, 4, 2, True),
    ]


def test_tcec_numbers_boards_in_playing_order() -> None:
    """TCEC plays the worst-performing pair first: the pair whose better player (score, then
    seed) comes later in STEP 1's order, {2, 4}, is board 1."""
    games = round_games(in_play(), "tcec")
    assert [(g.board, g.white, g.black) for g in games] == [(1, 4, 2), (2, 1, 3)]


@pytest.mark.parametrize(
    ("assumed", "expected"),
    [
        ("1:1-0,2:0-1", RoundPairing((Board(2, 1), Board(3, 4)))),
        ("1:0-1,2:1-0", RoundPairing((Board(3, 4), Board(2, 1)))),
    ],
)
def test_the_assumed_results_decide_the_next_round(assumed: str, expected: RoundPairing) -> None:
    state = in_play()
    results = resolve(parse_assumptions(assumed), round_games(state, "dutch"))
    after = assume_results(state, results)
    assert pairing_system("dutch-2026")(after) == expected
    assert state.player(1).results[0].code == " "  # the state itself is not touched


def test_higher_rated_wins_and_all_draws() -> None:
    state = in_play()
    games = round_games(state, "dutch")
    assert policy_results(state, games, "higher-rated") == {Board(1, 3): "1-0", Board(4, 2): "0-1"}
    assert policy_results(state, games, "draws") == {Board(1, 3): "1/2", Board(4, 2): "1/2"}
    after = assume_results(state, policy_results(state, games, "higher-rated"))
    assert after.scores == {1: 2, 2: 2, 3: 0, 4: 0}
    assert [e.code for p in after.players for e in p.results] == ["1", "1", "0", "0"]


def test_equal_ratings_draw() -> None:
    state = in_play()
    players = tuple(replace(p, rating=0) for p in state.players)
    state = replace(state, players=players)
    results = policy_results(state, round_games(state), "higher-rated")
    assert set(results.values()) == {"1/2"}


def test_forfeits_are_assumed_as_forfeits() -> None:
    state = in_play()
    after = assume_results(state, {Board(1, 3): "+-", Board(4, 2): "--"})
    codes = {p.id: p.results[0].code for p in after.players}
    assert codes == {1: "+", 3: "-", 4: "-", 2: "-"}
    assert not after.met(1, 3)  # a forfeit is no meeting (C.04.2 D.6)


def test_parsing() -> None:
    assert parse_assumptions(" 12:1-0, 13:½ ,7.2:--") == (
        Assumption("12:1-0", 12, None, "1-0"),
        Assumption("13:½", 13, None, "1/2"),
        Assumption("7.2:--", 7, 2, "--"),
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("12:1-0,,13:1/2", "item 2 is empty"),
        ("12=1-0", "'12=1-0': expected BOARD:RESULT"),
        ("x:1-0", "'x:1-0': 'x' is not a board number"),
        ("0:1-0", "'0:1-0': '0' is not a board number"),
        ("12.3:1-0", "'12.3' is not a board number"),
        ("12:1-3", "'12:1-3': '1-3' is not a result"),
    ],
)
def test_a_bad_item_is_named(text: str, message: str) -> None:
    with pytest.raises(AssumptionError, match=message):
        parse_assumptions(text)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("3:1-0", "'3:1-0': there is no board 3 in play \\(boards 1-2\\)"),
        ("1:1-0,1:0-1", "'1:0-1': board 1 is already given \\('1:1-0'\\)"),
    ],
)
def test_a_board_not_in_play_is_named(text: str, message: str) -> None:
    with pytest.raises(AssumptionError, match=message):
        resolve(parse_assumptions(text), round_games(in_play(), "dutch"))


def test_a_game_with_a_result_cannot_be_assumed() -> None:
    state = assume_results(in_play(), {Board(1, 3): "1-0"})
    with pytest.raises(AssumptionError, match="board 1 already has a result \\(1-0\\)"):
        resolve(parse_assumptions("1:0-1"), round_games(state, "dutch"))
    with pytest.raises(AssumptionError, match="1-3 is not a game without a result"):
        assume_results(state, {Board(1, 3): "0-1"})
    with pytest.raises(AssumptionError, match="3-1 is not a game without a result"):
        assume_results(in_play(), {Board(3, 1): "1-0"})  # wrong colours: no such game


def test_before_round_one_nothing_is_in_play() -> None:
    state = TournamentState(tuple(Player(id=i) for i in range(1, 5)))
    with pytest.raises(AssumptionError, match="no round has been paired yet"):
        round_games(state)


@pytest.mark.parametrize("system", ["dutch", "dubov", "tcec"])
def test_boards_are_numbered_as_the_engine_orders_them(system: str) -> None:
    """The numbering of the round in play is the order ``pair`` printed its boards in: the
    engine's pairing of each round of a generated tournament, re-read from the file."""
    pair_round = pairing_system(system)
    settings = GeneratorSettings(players=15, rounds=5, seed=7, draw_rate=0.3)
    state = generate_tournament(pair_round, settings)
    for done in range(1, state.rounds_done + 1):
        now = state.truncated(done)
        engine = pair_round(state.truncated(done - 1))
        numbered = [g.pair for g in round_games(now, system)]
        assert numbered == list(engine.boards), (system, done)


def test_double_rounds_name_the_game() -> None:
    state = generate_tournament(
        pairing_system("tcec"),
        GeneratorSettings(players=6, rounds=2, seed=1, double_rounds=True),
    )
    pending = tuple(
        replace(p, results=(*p.results[:-2], *(replace(e, code=" ") for e in p.results[-2:])))
        for p in state.players
    )
    state = replace(state, players=pending)
    games = round_games(state, "tcec")
    assert [(g.board, g.game) for g in games] == [(1, 1), (1, 2), (2, 1), (2, 2), (3, 1), (3, 2)]
    first, second = games[0], games[1]
    assert (first.white, first.black) == (second.black, second.white)  # colours reversed
    with pytest.raises(AssumptionError, match="both games of board 1 are without a result"):
        resolve(parse_assumptions("1:1-0"), games, double=True)
    results = resolve(parse_assumptions("1.2:1-0,1.1:1/2"), games, double=True)
    assert results == {second.pair: "1-0", first.pair: "1/2"}
    after = assume_results(state, results)
    assert after.player(second.white).results[-1].code == "1"
    assert after.player(first.white).results[-2].code == "="
