"""The registry's Systems (pairing/engine/systems.py) answering for their own edition: the
colour rule's E.4 on scores, E.5 with an absent player, the Dubov preferences and notes, TCEC's
double rounds, and the aliases. Rounds worked out by hand; the surviving mutants of the
module's mutation run (docs/testing.md) each break one of these."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pairing.engine import (
    SYSTEMS,
    Board,
    ColourRuling,
    RoundPairing,
    TournamentInfo,
    TournamentState,
    system_for,
    with_system_record,
)
from pairing.engine.core.state import Colour
from pairing.engine.core.system import PlayerNotes
from pairing.engine.dubov.edition import EDITION_2026 as DUBOV_2026_EDITION
from pairing.engine.dutch.edition import EDITION_2026
from pairing.engine.systems import DubovSystem, DutchSystem, explaining_system, initial_colour_of
from tests.engine.test_dutch_support import state
from tests.engine.test_us_systems import section

DUTCH_2017, DUBOV, TCEC = SYSTEMS["dutch-2017"], SYSTEMS["dubov-2018"], SYSTEMS["tcec"]
HIGHER = "the higher-ranked player's colour preference granted"

BYE_SCORE = state(5, ["1-3 =; 4-2 0-1; 5 U"], 5)
"""tests/engine/test_dutch_2026.py, derived there: the 2026 Dutch text gives the bye to 4 (C5,
the lowest score possible), the 2017 one to 1."""

FULL_POINT_BYES = state(4, ["1 H; 2 F; 3 Z; 4 Z", "1 H; 2 Z; 3 F; 4 Z"], 5, absent="4 Z")
"""tests/engine/test_dutch_2026.py: 2 and 3 scored a win without playing, which bars the bye
in the 2026 texts (C.04.1 art. 4): only 1 may have it."""


E2_CASE = state(4, ["1-4 0-1; 3-2 0-1", "2-4 1-0; 1 H; 3 H"], 5)
"""1: one White (strong Black); 2: Black then White (mild Black); 4: two Blacks (absolute
White). E.2 gives 2 White against 1."""


def named(s: TournamentState, code: str) -> TournamentState:
    return replace(s, info=TournamentInfo(system_code=code))


def test_each_edition_pairs_and_explains_by_its_own_bye_rule() -> None:
    """A Dutch or Dubov System made for the 2026 edition is that edition: its names, and its
    pairing and explanation by the 2026 rules (the bye to 4 in BYE_SCORE, where 2017 gives it
    to 1; the bye to 1 in FULL_POINT_BYES)."""
    dutch, dubov = DutchSystem(EDITION_2026), DubovSystem(DUBOV_2026_EDITION)
    assert (dutch.name, dutch.title, dutch.record_code, dutch.edition) == (
        "dutch-2026",
        "FIDE Dutch (C.04.3, 2026 edition)",
        "FIDE_DUTCH_2026",
        EDITION_2026,
    )
    assert (dubov.name, dubov.title, dubov.record_code, dubov.edition) == (
        "dubov-2026",
        "FIDE Dubov (C.04.4.1, 2026 edition)",
        "FIDE_DUBOV",
        DUBOV_2026_EDITION,
    )
    assert dutch.pair(BYE_SCORE).bye == 4 and dutch.explain(BYE_SCORE)[0].bye == 4
    assert DUTCH_2017.pair(BYE_SCORE).bye == 1
    assert dubov.pair(FULL_POINT_BYES).bye == 1 and dubov.explain(FULL_POINT_BYES)[0].bye == 1


def test_e4_ranks_by_score_before_pairing_number() -> None:
    """After 1-2 0-1 and 3-4 1-0, 1 and 3 both played White once (strong Black each); their
    colours never differed (E.3 cannot decide): E.4, the higher-ranked player's preference.
    3 (1 point) ranks above 1 (0 points) although his number is larger: Black to 3, White
    to 1. The same in the Dutch and the Dubov text."""
    s = state(4, ["1-2 0-1; 3-4 1-0"], 5)
    assert DUTCH_2017.colour_rule(s, 1, 3) == ColourRuling("E.4", HIGHER, 1)
    assert DUBOV.colour_rule(s, 1, 3) == ColourRuling("E.4", HIGHER, 1)


def test_e5_numbers_count_the_players_present_and_an_absent_one_keeps_his_own() -> None:
    """Round 1, 1 absent (a half-point bye): E.5 reads the numbers among the players taking
    part, 2, 3, 4 -> 1, 2, 3. 3 v 4: 3 ranks higher with number 2, even: the other colour
    than the initial White, White to 4. A board made by hand with 1 on it: his own number
    1, odd: White to 1."""
    s = state(4, [], 5, absent="1 H")
    says = "the higher-ranked player's pairing number decides"
    assert DUTCH_2017.colour_rulings(s, [(1, 3), (3, 4)]) == [
        ColourRuling("E.5", says, 1),
        ColourRuling("E.5", says, 4),
    ]


def test_dubov_preferences_are_the_players_own() -> None:
    """C.04.4.1 A.5: 4 (two Blacks) has an absolute White preference; no floats in two rounds
    of equal-score games. 1-2 gives 1 White against his strong Black (E.2 gives 2 White)."""
    assert DUBOV.notes(E2_CASE, 4) == PlayerNotes("White, absolute", "··")
    breaks = DUBOV.preference_breaks(E2_CASE, RoundPairing((Board(1, 2),)))
    assert [(v.rule, v.message) for v in breaks] == [
        ("E.2", "player 1 has a strong Black preference but gets White")
    ]


def test_tcec_notes_and_double_rounds() -> None:
    """TCEC STEP 5 reads the white-game difference: 1 had White twice (+2). The floats are
    shown as for every system: 1 met 3 (1 point against 0) in round 2, a downfloat. In
    double rounds the first-of-pair has Black in game 1: 3 v 4 (both 0 points), 3 the lower
    seed, so 4 has White."""
    s = state(4, ["1-2 1-0; 3-4 0-1", "1-3 1-0; 2 U; 4 H"], 5)
    assert TCEC.notes(s, 1) == PlayerNotes("WGD +2", "·↓")
    double = replace(state(4, ["1-2 1-0", "2-1 1-0"], 5), double_rounds=True)
    assert TCEC.colour_rule(double, 4, 3) == ColourRuling(
        "STEP 5", "double rounds: the first of the pair has Black in game 1, White in game 2", 4
    )


def test_the_aliases_follow_the_file() -> None:
    """``dutch`` explains with the edition record 192 names (2017: the bye to 1). A single
    round robin's file stays single; a file naming the double one is written back double;
    the alias ``dutch`` writes the edition in force. An unknown name lists the names."""
    pairing, _why = explaining_system("dutch")(named(BYE_SCORE, "FIDE_DUTCH_2017"))
    assert pairing.bye == 1
    three = section([2000, 1990, 1980])
    assert system_for("round-robin", three) is SYSTEMS["round-robin"]
    double = named(three, "BERGER_DOUBLEROUNDROBIN")
    assert with_system_record(double, "round-robin").info.system_code == "BERGER_DOUBLEROUNDROBIN"
    in_2017 = named(BYE_SCORE, "FIDE_DUTCH_2017")
    assert with_system_record(in_2017, "dutch").info.system_code == "FIDE_DUTCH_2026"
    with pytest.raises(ValueError, match="choose from dutch, dubov, dutch-2017, dutch-2026"):
        system_for("swiss")
    assert initial_colour_of("dutch", state(4, [], 5, initial=Colour.BLACK)) is Colour.BLACK
