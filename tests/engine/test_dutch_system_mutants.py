"""Pairing a Dutch round (:mod:`pairing.engine.dutch.system`) where mutation run 8 found
it untested: the entry points by edition. The round is test_dutch_2026's C4 case, whose
pairing by each edition is derived by hand there (2026: C4 binds every bracket; 2017: A.9's
PPB and collapsed last bracket)."""

from __future__ import annotations

from dataclasses import replace

from pairing.engine.core.state import ForbiddenPairs, TournamentInfo
from pairing.engine.dutch.system import pair_round_2017, pair_round_2026, pair_round_in_force
from tests.engine.test_dutch_2026 import COMPLETION
from tests.engine.test_dutch_support import boards, state

BY_2026 = {(3, 2), (4, 1)}
BY_2017 = {(3, 1), (2, 4)}


def test_each_edition_pairs_by_its_own_text() -> None:
    assert boards(pair_round_2026(COMPLETION)) == BY_2026
    assert boards(pair_round_2017(COMPLETION)) == BY_2017


def test_the_edition_in_force_unless_record_192_names_2017() -> None:
    # TRF-2026 record 192 names the system; none (or another) means the edition in force.
    assert boards(pair_round_in_force(COMPLETION)) == BY_2026
    named = replace(COMPLETION, info=TournamentInfo(system_code="FIDE_DUTCH_2017"))
    assert boards(pair_round_in_force(named)) == BY_2017


def test_a_round_without_players_to_pair_has_no_boards() -> None:
    # Both players have announced a bye for round 2: nobody to pair, no board, no bye.
    pairing = pair_round_2017(state(2, ["1-2 1-0"], 3, absent="1 H; 2 H"))
    assert pairing.boards == ()
    assert pairing.bye is None


def test_c1_a_forbidden_pair_binds_only_in_its_rounds() -> None:
    # 1, 2 and 3 may not meet in rounds 1-2 only (TRF26 record 260 with a round window);
    # 4 may meet anyone. Everybody had a zero-point bye in rounds 1 and 2: no game, no
    # points, no colours. In round 3 the three may meet, so one scoregroup is paired S1
    # against S2 (B.1, D.1): 1-3, 2-4. (Were the window ignored, 1, 2 and 3 could meet only
    # 4: no pairing.)
    byes = "1 Z; 2 Z; 3 Z; 4 Z"
    window = ForbiddenPairs((1, 2, 3), first_round=1, last_round=2)
    later = replace(state(4, [byes, byes], 5), forbidden=(window,))
    assert {frozenset(b) for b in boards(pair_round_2017(later))} == {
        frozenset((1, 3)),
        frozenset((2, 4)),
    }
