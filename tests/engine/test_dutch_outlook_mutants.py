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
