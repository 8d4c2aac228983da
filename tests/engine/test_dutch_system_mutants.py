"""Pairing a Dutch round (:mod:`pairing.engine.dutch.system`) where mutation run 8 found
it untested: the entry points by edition. The round is test_dutch_2026's C4 case, whose
pairing by each edition is derived by hand there (2026: C4 binds every bracket; 2017: A.9's
PPB and collapsed last bracket)."""

from __future__ import annotations

from dataclasses import replace

from pairing.engine.core.state import TournamentInfo
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
