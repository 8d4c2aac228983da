"""Mutation tests for ``dutch/outlook.py`` (the 2026 edition's round outlook, C4 and C5).

Each expected value is derived by hand from the 2026 Dutch text (C.04.3 2026, art. 1.9,
C1-C5) in the test's docstring.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from pairing.engine.core.errors import NoValidPairing
from pairing.engine.dutch import outlook
from pairing.engine.dutch.edition import EDITION_2026
from pairing.engine.dutch.graph import BracketResult
from pairing.engine.dutch.system import Completion
from tests.engine.test_dutch_support import player, rules


def test_a_round_no_pairing_completes_is_refused_naming_c1_to_c4() -> None:
    """Four players, two scoregroups (2 points: players 1, 2; 0 points: players 3, 4).
    Player 1 may not meet players 2, 3 or 4 (C1: bars), and with an even number of players
    nobody gets the bye: no pairing of the round satisfies C1, so C4 ("a pairing complying
    with all the absolute criteria shall always exist for all players not yet paired") cannot
    hold in the first bracket. ``pair_brackets`` refuses the round with an error that names
    the criteria, instead of returning a pairing that leaves player 1 out."""
    top_1, top_2, low_3, low_4 = player(1, 4), player(2, 4), player(3, 0), player(4, 0)
    everyone = [top_1, top_2, low_3, low_4]
    round_rules = replace(rules(everyone, [(1, 2), (1, 3), (1, 4), (3, 4)]), edition=EDITION_2026)
    completion = Completion(everyone, round_rules)
    assert not completion.possible
    with pytest.raises(NoValidPairing, match=r"^no pairing of the round satisfies C1-C4$"):
        outlook.pair_brackets([[top_1, top_2], [low_3, low_4]], round_rules, completion)


def test_c7_compares_the_downfloaters_highest_score_first() -> None:
    """C7 (2026): "Minimise the scores (taken in descending order) of the downfloaters",
    after C6 (fewest downfloaters, i.e. most pairs). ``_outcome`` is what ``pair_brackets``
    compares to decide whether the bracket above counted on too hopeful a look-ahead
    (larger is better).

    A bracket of an MDP 1 (4 points), players 2, 3 (3 points) and 4, 5, 6 (2 points). The
    look-ahead's candidate pairs 1-4 and 5-6 and floats 2 and 3 (3 and 3 points); C4 forces
    a candidate that pairs 2-5 and 3-6 and floats 1 and 4 (4 and 2 points). Two pairs each
    (C6 ties). In descending order the scores are (3, 3) against (4, 2): the first differs,
    4 > 3, so the forced outcome is worse under C7 and the bracket above must be paired
    again. Taken in ascending order, (2, 4) against (3, 3) would call the forced outcome
    better (2 < 3) and keep the bracket above."""
    p1, p2, p3 = player(1, 8), player(2, 6), player(3, 6)
    p4, p5, p6 = player(4, 4), player(5, 4), player(6, 4)
    hopeful = BracketResult(pairs=((p1, p4), (p5, p6)), downfloaters=(p2, p3))
    forced = BracketResult(pairs=((p2, p5), (p3, p6)), downfloaters=(p1, p4))
    assert outlook._outcome(hopeful) == (2, [-6, -6])
    assert outlook._outcome(forced) == (2, [-8, -4])
    assert outlook._outcome(forced) < outlook._outcome(hopeful)
