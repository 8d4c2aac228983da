"""US Chess Swiss pairing (pairing/engine/usswiss/; Official Rules of Chess, 7th edition,
chapter 2, rules 27-29) on sections worked out by hand: each test pins a rule that a
surviving mutant of the package's mutation run (docs/testing.md, run 9) broke. Players are
1..n in the order of the ratings given; ``W1``/``B0`` are colour and result of a game against
a player outside the section, ``U`` a full-point bye."""

from __future__ import annotations

import pytest

from pairing.engine.usswiss import USSettings, pair_us_round
from pairing.engine.usswiss.settings import settings_from_words, settings_record
from tests.engine.usswiss_support import section

# -- the XXU record: every setting written and read back ------------------------------------


@pytest.mark.parametrize(
    ("settings", "words"),
    [
        (USSettings(alternation_limit=100), "alternation=100"),
        (USSettings(equalization_limit=250), "equalization=250"),
        (USSettings(accelerated=True, accelerated_rounds=3), "accelerated=3"),
        (USSettings(team_over_equalization=True), "teams-first"),
        (USSettings(bye_for_colours=True), "bye-for-colours"),
        (USSettings(bye_to_unrated=True), "bye-to-unrated"),
        (USSettings(bye_up_in_four_rounds=True), "bye-up-four-rounds"),
        (USSettings(harkness=True), "harkness"),
        (USSettings(avoid_together=((3, 7),)), "apart=3,7"),
        (USSettings(assigned_ratings={12: 1450}), "assigned=12:1450"),
    ],
)
def test_each_td_setting_is_written_and_read_back(settings: USSettings, words: str) -> None:
    """Each setting that differs from the rules' defaults is one word of the ``XXU`` record,
    and the word gives back exactly that setting (a group kept apart may be two players, a
    pair of team-mates, 28N)."""
    assert settings_record(settings) == words
    assert settings_from_words(words) == settings


@pytest.mark.parametrize("word", ["teams", "harkness=1", "alternation=x", "apart=3", "foo=1"])
def test_a_word_the_record_does_not_know_is_refused_by_name(word: str) -> None:
    """An unknown word, a flag with a value, a limit that is not a number and a "group" of
    one player are refused, the word named (bad input: a clear error)."""
    with pytest.raises(ValueError, match=repr(word)):
        settings_from_words(word)


# -- 28L2a, the bye for colours (announced variation) ---------------------------------------

BYE_FOR_COLOURS = USSettings(bye_for_colours=True)


def test_28l2a_the_bye_moves_up_only_within_the_200_point_limit() -> None:
    """Round 2 of five: 1 (2000, W1) and 2 (1990, B1) on 1 point; 3 (800, W0), 4 (750, W0)
    and 5 (504, B0) on 0. 28L2: the bye to 5, the lowest-rated. Then 3 and 4 both had White
    and are both due Black: one of them gets White twice, two games ahead (29E5f).
    28L2a would move the bye to 4 or 3, but they stand 246 and 296 points above 5: beyond
    the 200-point limit (29E5b), so the bye stays with 5 (no "instead of"). The top pair:
    2 (due White) - 1. 3 and 4: equal claims and the same history, the higher-ranked 3 gets
    his due Black: 4-3.
    With the limit raised to 250, the 246-point move to 4 is allowed for equalization: the
    bye to 4 instead of 5, and 5 (due White) - 3 (due Black)."""
    state = section(
        [2000, 1990, 800, 750, 504], {1: ["W1"], 2: ["B1"], 3: ["W0"], 4: ["W0"], 5: ["B0"]}
    )
    kept = pair_us_round(state, BYE_FOR_COLOURS)
    assert kept.bye is not None
    assert (kept.bye.player, kept.bye.instead_of) == (5, None)
    assert [(b.white, b.black) for b in kept.pairing.boards] == [(2, 1), (4, 3)]
    raised = pair_us_round(state, USSettings(bye_for_colours=True, equalization_limit=250))
    assert raised.bye is not None
    assert (raised.bye.player, raised.bye.instead_of) == (4, 5)
    assert [(b.white, b.black) for b in raised.pairing.boards] == [(2, 1), (5, 3)]


def test_28l2a_the_bye_does_not_move_to_an_unrated_player() -> None:
    """Round 2 of five: 1 (2000, W1), 2 (1990, B1) on 1 point; 3 (900, W0), 4 (150, B0) and
    5 (unrated, W0) on 0. 28L2: the bye to the lowest-rated *rated* player, 4. 3 and 5 both
    had White: one of them gets White twice. Giving the bye to 5 instead would mend it, but
    28L2 bars an unrated player from the bye while a rated one can take it and 28L2a only
    moves it to a higher-rated player; 3 is 750 points above 4, beyond 200. So 4 keeps it
    (though 150 points separate his rating from an unrated player's 0). 3 and 5: the same
    history, the higher-ranked 3 gets his due Black: 5-3."""
    state = section(
        [2000, 1990, 900, 150, 0], {1: ["W1"], 2: ["B1"], 3: ["W0"], 4: ["B0"], 5: ["W0"]}
    )
    rnd = pair_us_round(state, BYE_FOR_COLOURS)
    assert rnd.bye is not None
    assert (rnd.bye.player, rnd.bye.instead_of) == (4, None)
    assert [(b.white, b.black) for b in rnd.pairing.boards] == [(2, 1), (5, 3)]


def test_28l2a_never_gives_a_second_full_point_bye() -> None:
    """Round 3 of five: 1 (2000: W1, B1) and 2 (1990: B1, W1) on 2 points; on 1 point 3 (590:
    W0, B1, due White), 4 (520: B0, W1, due Black) and 5 (500: U, B0, due White). 28L3: 5 had
    the full-point bye, so 28L2 gives it to 4. Then 5 and 3 are both due White and a second
    Black would put 5 two games ahead: 5 gets White, 3 misses his due colour (29E4).
    28L2a: the bye to 3 instead (70 points above 4, within the 80-point rule) leaves 5 (due
    White) - 4 (due Black), every colour due. Giving it back to 5 (20 points below 4) would
    do as well, but he may not have a second one (28L3), whatever the colours: 3 takes it,
    instead of 4. Boards: 1 (due White) - 2, then 5-4."""
    state = section(
        [2000, 1990, 590, 520, 500],
        {1: ["W1", "B1"], 2: ["B1", "W1"], 3: ["W0", "B1"], 4: ["B0", "W1"], 5: ["U", "B0"]},
    )
    rnd = pair_us_round(state, BYE_FOR_COLOURS)
    assert rnd.bye is not None
    assert (rnd.bye.player, rnd.bye.instead_of) == (3, 4)
    assert [(b.white, b.black) for b in rnd.pairing.boards] == [(1, 2), (5, 4)]
