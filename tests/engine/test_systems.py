"""The registry of pairing systems (pairing/engine/systems.py) and what each System answers
about its rules: the alias ``dutch`` (record 192), the colour rule of a pair as its edition's
text numbers it, the draft review's notes, who may have the bye, the rules a hand-made
pairing breaks and the hand-pairing suggestion. Every expected value is derived by hand in the
test's docstring from the rule texts (../shared/specs/)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pairing.engine import (
    SYSTEM_NAMES,
    SYSTEMS,
    AccelerationError,
    Board,
    ColourRuling,
    RoundPairing,
    TournamentInfo,
    TournamentState,
    apply_declared_acceleration,
    system_for,
    with_system_record,
)
from pairing.engine.core.state import Colour
from tests.engine.test_dutch_support import state

DUTCH_2017, DUTCH_2026 = SYSTEMS["dutch-2017"], SYSTEMS["dutch-2026"]
DUBOV, DUBOV_2026, TCEC = SYSTEMS["dubov-2018"], SYSTEMS["dubov-2026"], SYSTEMS["tcec"]


def named(s: TournamentState, code: str) -> TournamentState:
    return replace(s, info=TournamentInfo(system_code=code))


# -- the registry ---------------------------------------------------------------------------


def test_every_name_resolves_to_its_system() -> None:
    assert SYSTEM_NAMES == (
        "dutch",
        "dubov",
        "dutch-2017",
        "dutch-2026",
        "dubov-2018",
        "dubov-2026",
        "tcec",
        "uscf",
        "round-robin",
        "round-robin-double",
    )
    for name, system in SYSTEMS.items():
        assert system_for(name) is system and system.name == name
    with pytest.raises(ValueError, match="unknown pairing system 'swiss'"):
        system_for("swiss")


def test_the_dutch_alias_follows_record_192() -> None:
    """``dutch`` is the edition record 192 names (a ``_BAKU`` suffix too); the edition in
    force, 2026, when it names none (C.04.3 2026 applies from 1 February 2026)."""
    s = state(4, [], 5)
    assert system_for("dutch", named(s, "FIDE_DUTCH_2017")) is DUTCH_2017
    assert system_for("dutch", named(s, "FIDE_DUTCH_2017_BAKU")) is DUTCH_2017
    assert system_for("dutch", named(s, "FIDE_DUTCH_2026")) is DUTCH_2026
    assert system_for("dutch", s) is DUTCH_2026
    assert system_for("dutch") is DUTCH_2026
    assert with_system_record(s, "dutch-2017").info.system_code == "FIDE_DUTCH_2017"
    assert with_system_record(s, "dubov-2018").info.system_code == "FIDE_DUBOV_2018"
    assert with_system_record(s, "dubov").info.system_code == "FIDE_DUBOV"
    assert with_system_record(s, "tcec") is s


def test_the_dubov_alias_follows_record_192() -> None:
    """``dubov`` is the edition record 192 names: ``FIDE_DUBOV_2018`` (with any suffix) the
    2018 text; ETT26's ``FIDE_DUBOV``, or no record, the 2026 edition in force (C.04.4.1 2026
    applies from 1 February 2026)."""
    s = state(4, [], 5)
    assert system_for("dubov", named(s, "FIDE_DUBOV_2018")) is DUBOV
    assert system_for("dubov", named(s, "FIDE_DUBOV")) is DUBOV_2026
    assert system_for("dubov", s) is DUBOV_2026
    assert DUBOV_2026.title == "FIDE Dubov (C.04.4.1, 2026 edition)"


def test_titles_records_and_accelerations() -> None:
    assert DUTCH_2017.title == "FIDE Dutch (C.04.3, 2017 edition)"
    assert DUTCH_2026.title == "FIDE Dutch (C.04.3, 2026 edition)"
    assert (DUTCH_2017.record_code, DUTCH_2026.record_code) == (
        "FIDE_DUTCH_2017",
        "FIDE_DUTCH_2026",
    )
    assert (DUBOV.record_code, DUBOV_2026.record_code, TCEC.record_code) == (
        "FIDE_DUBOV_2018",
        "FIDE_DUBOV",
        "TCEC_SWISS",
    )
    # C.04.7 Baku acceleration: applied with the Dutch system only.
    assert {n for n, s in SYSTEMS.items() if "baku" in s.accelerations} == {
        "dutch-2017",
        "dutch-2026",
    }
    baku = named(state(8, [], 5), "FIDE_DUBOV_BAKU")
    with pytest.raises(AccelerationError, match="Dutch system only"):
        apply_declared_acceleration(baku, "dubov")
    assert apply_declared_acceleration(named(baku, "FIDE_DUTCH_BAKU"), "dutch").acceleration


# -- colour rules ---------------------------------------------------------------------------

E2_CASE = state(4, ["1-4 0-1; 3-2 0-1", "2-4 1-0; 1 H; 3 H"], 5)
"""Player 1 played White once (CD +1): a strong preference for Black (C.04.3 A.6.b). Player 2
played Black then White (CD 0, last White): a mild preference for Black (A.6.c), and ranks
higher (2 points against 0.5). E.1 cannot grant both; E.2 grants the stronger preference, so
player 1 has Black and player 2 White. (E.4 would have given the higher-ranked player 2 his
Black: the case tells E.2 from E.4 and from an inverted E.2.)"""


def test_e2_the_stronger_preference_is_granted() -> None:
    says = "the stronger colour preference granted"
    assert DUTCH_2017.colour_rule(E2_CASE, 1, 2) == ColourRuling("E.2", says, 2)
    assert DUTCH_2017.colour_rule(E2_CASE, 2, 1) == ColourRuling("E.2", says, 2)
    # The 2026 text numbers the same rule 5.2.2.
    assert DUTCH_2026.colour_rule(E2_CASE, 1, 2) == ColourRuling("5.2.2", says, 2)


def test_round_1_is_e5_and_2026_5_2_5() -> None:
    """Round 1, nobody has a history: E.5 (2026: 5.2.5), the higher-ranked player gets the
    initial colour when his number is odd. 1 v 3: no. 1 is odd, White to 1; 2 v 4: no. 2 is
    even, White to 4. With Black drawn, the other way round."""
    s = state(4, [], 5)
    says = "the higher-ranked player's pairing number decides"
    assert DUTCH_2017.colour_rulings(s, [(1, 3), (2, 4)]) == [
        ColourRuling("E.5", says, 1),
        ColourRuling("E.5", says, 4),
    ]
    assert [r.rule for r in DUTCH_2026.colour_rulings(s, [(1, 3), (2, 4)])] == ["5.2.5"] * 2
    black = state(4, [], 5, initial=Colour.BLACK)
    assert DUTCH_2026.colour_rule(black, 3, 1).white == 3


def test_e1_and_e4_as_each_edition_numbers_them() -> None:
    """After 1-2 1-0 and 3-4 1-0 (1 and 3 White): 1 v 4 want Black and White, E.1 (5.2.1)
    grants both, White to 4. 1 v 3 both want Black strongly (CD +1 each): E.2 cannot choose,
    E.3 finds no round in which their colours differed, E.4 (5.2.4) gives the higher-ranked
    player 1 (same score, smaller number) his Black: White to 3."""
    s = state(4, ["1-2 1-0; 3-4 1-0"], 5)
    assert DUTCH_2017.colour_rule(s, 1, 4).rule == "E.1"
    assert DUTCH_2026.colour_rule(s, 1, 4) == ColourRuling(
        "5.2.1", "both colour preferences granted", 4
    )
    assert DUTCH_2026.colour_rule(s, 1, 3) == ColourRuling(
        "5.2.4", "the higher-ranked player's colour preference granted", 3
    )


def test_dubov_e0_and_its_mild_black() -> None:
    """C.04.4.1 E.0: both have yet to play, the higher-ranked player's number decides (1 odd:
    the initial colour White; 2 even: the other colour). A.5.d: no games, mild Black."""
    s = state(4, [], 5)
    says = "both have yet to play: the higher-ranked player's pairing number decides"
    assert DUBOV.colour_rulings(s, [(3, 1), (2, 4)]) == [
        ColourRuling("E.0", says, 1),
        ColourRuling("E.0", says, 4),
    ]
    assert DUBOV.notes(s, 1).preference == "Black, mild"
    assert DUTCH_2017.notes(s, 1).preference == "none"


def test_dubov_e2_the_stronger_preference() -> None:
    """The E.2 case under Dubov: player 1 strong Black (A.5.b), player 2 mild Black (A.5.c):
    E.2 grants player 1 Black."""
    assert DUBOV.colour_rule(E2_CASE, 1, 2).rule == "E.2"
    assert DUBOV.colour_rule(E2_CASE, 1, 2).white == 2
    # The 2026 text numbers E.0-E.4 as 5.2.1-5.2.5: the same rule, its own number.
    assert DUBOV_2026.colour_rule(E2_CASE, 1, 2) == replace(
        DUBOV.colour_rule(E2_CASE, 1, 2), rule="5.2.3"
    )


def test_tcec_step_5() -> None:
    """After 1-2 1-0 and 3-4 0-1: WGD 1 +1, 2 -1, 3 +1, 4 -1. 1 v 4: the greater WGD (1)
    gets Black. 1 v 3: equal WGD, 1 has the higher score (1 against 0): Black to 1. 2 v 4:
    equal WGD, 4 won: Black to 4. Equal WGD and scores (1 v 3 after two draws): the pattern;
    the first-of-pair is 1 (equal scores, the lower seed, STEP 1), White in round 2 (rounds 2,
    3, 6, 7 ...), whichever way the pair is given. Double rounds: 1 (2 half-points) is ahead of
    3 (none) in the pairing order, the first-of-pair, Black in game 1: White to 3."""
    s = state(4, ["1-2 1-0; 3-4 0-1"], 5)
    assert TCEC.colour_rule(s, 1, 4) == ColourRuling(
        "STEP 5", "the greater white-game difference gets Black", 4
    )
    assert TCEC.colour_rule(s, 1, 3) == ColourRuling("STEP 5", "the higher score gets Black", 3)
    assert TCEC.colour_rule(s, 2, 4).white == 2
    level = state(4, ["1-2 =; 3-4 ="], 5)
    assert TCEC.colour_rule(level, 1, 3).white == 1
    assert TCEC.colour_rule(level, 3, 1).white == 1
    assert TCEC.colour_rule(level, 1, 3).says.startswith("equal")
    assert TCEC.notes(s, 1).preference == "WGD +1" and TCEC.notes(s, 4).preference == "WGD -1"
    double = replace(state(4, ["1-2 1-0", "2-1 1-0"], 5), double_rounds=True)
    assert TCEC.colour_rule(double, 1, 3).white == 3


def test_tcec_hand_pairing_gave_the_first_of_pair_white_in_double_rounds() -> None:
    """Regression: STEP 5's double-round clause named nobody, so a pair made by hand (and the
    hand-pairing suggestion) ignored it. Seven players, double rounds, TCEC round 1 played:
    game 1 2-1 0-1, 4-3 1-0, 6-5 =, 7 the BYE; game 2 1-2 1-0, 3-4 =, 5-6 1-0, 7 the BYE.
    Half-points: 1 4, 7 4 (two BYE points), 4 3, 5 3, 3 1, 6 1, 2 0. STEP 1 (score, then
    seed): 1 7 4 5 3 6 2. STEP 2: 2, the lowest with no BYE, has it. STEP 4: 1-7, 4-5, 3-6
    (none has met). STEP 5 (double): the first-of-pair (1, 4, 3) has Black in game 1: 7-1,
    5-4, 6-3, however the arbiter writes the pair; the suggestion gives those colours. A pair
    the system would not make, 2 v 4: 4 (3 half-points) comes before 2 (none) though seeded
    lower, so 4 is the first-of-pair and 2 has White."""
    double = replace(
        state(7, ["2-1 0-1; 4-3 1-0; 6-5 =; 7 U", "1-2 1-0; 3-4 =; 5-6 1-0; 7 U"], 6),
        double_rounds=True,
    )
    assert double.scores == {1: 4, 7: 4, 4: 3, 5: 3, 3: 1, 6: 1, 2: 0}
    game_1 = {(7, 1), (5, 4), (6, 3)}
    for a, b in game_1:
        assert TCEC.colour_rule(double, a, b).white == a
        assert TCEC.colour_rule(double, b, a).white == a
    assert TCEC.colour_rule(double, 2, 4).white == 2 == TCEC.colour_rule(double, 4, 2).white
    assert "first of the pair has Black in game 1" in TCEC.colour_rule(double, 1, 7).says
    suggested = TCEC.suggest(double)
    assert {(b.white, b.black) for b in suggested.boards} == game_1 and suggested.bye == 2


def test_review_notes_floats() -> None:
    """Round 2 (1 v 3) of 1-2 1-0, 3-4 0-1: 1 (1 point) met 3 (0): 1 floated down, 3 up;
    2 had the pairing-allocated bye (a downfloat), 4 a half-point bye (none)."""
    s = state(4, ["1-2 1-0; 3-4 0-1", "1-3 1-0; 2 U; 4 H"], 5)
    floats = {pid: DUTCH_2017.notes(s, pid).floats for pid in (1, 2, 3, 4)}
    assert floats == {1: "·↓", 2: "·↓", 3: "·↑", 4: "··"}
    assert DUTCH_2017.notes(state(4, [], 5), 1).floats == ""


# -- the bye, violations and the suggestion --------------------------------------------------

BYES = state(5, ["1-2 1-0; 3-4 1-0; 5 F", "1-3 1-0; 5-2 0-1; 4 U"], 5)
"""Round 3: 1 has 2 points; 2, 3, 4, 5 have 1 each (5 by a full-point bye in round 1). 4 had
the pairing-allocated bye; 5 a full-point bye (F): a win scored without playing."""


def test_who_may_have_the_bye() -> None:
    """2017 C.2 / C.04.1.d and Dubov C.2: a PAB or a forfeit win bars the bye; 2026 C2
    (C.04.1 art. 4): any round scored as a win without playing, a full-point bye included.
    TCEC STEP 2 bars nobody."""
    assert [DUTCH_2017.may_have_bye(BYES, p) for p in (3, 4, 5)] == [True, False, True]
    assert [DUBOV.may_have_bye(BYES, p) for p in (3, 4, 5)] == [True, False, True]
    assert [DUBOV_2026.may_have_bye(BYES, p) for p in (3, 4, 5)] == [True, False, False]
    assert [DUTCH_2026.may_have_bye(BYES, p) for p in (3, 4, 5)] == [True, False, False]
    assert TCEC.may_have_bye(BYES, 4)


def test_the_suggested_bye_follows_the_edition() -> None:
    """The lowest-ranked player (5) gets the suggested bye in 2017, where the rest pair
    without a rematch (1-4, 2-3). In 2026 his F bars him and 4 is barred by his PAB: the
    bye goes to a player who may have it, and the suggestion breaks no rule."""
    in_2017 = DUTCH_2017.suggest(BYES)
    assert in_2017.bye == 5 and DUTCH_2017.violations(BYES, in_2017) == []
    assert DUBOV.suggest(BYES).bye == 5
    in_2026 = DUTCH_2026.suggest(BYES)
    assert in_2026.bye not in (4, 5) and DUTCH_2026.violations(BYES, in_2026) == []
    assert len(in_2026.boards) == 2


def test_violations_per_system() -> None:
    """The 2017 suggestion (bye to 5) breaks 2026 C2 only; a rematch breaks C.04.1.b in every
    system; player 1, White in both rounds, given White again breaks C.04.1.g, which TCEC does
    not know: there 1 v 5 breaks STEP 5 instead (WGD 1 +2, 5 +1, the forfeit win no game: the
    greater, 1, gets Black), 2 v 4 does not (2 -2, 4 -1: 4 gets Black)."""
    given = RoundPairing((Board(4, 1), Board(2, 3)), bye=5)
    assert DUTCH_2017.violations(BYES, given) == []
    [bye] = DUTCH_2026.violations(BYES, given)
    assert (bye.rule, bye.players) == ("C.04.1.d", (5,))
    assert "without playing" in bye.message
    rematch = RoundPairing((Board(1, 2), Board(3, 4)), bye=5)
    for system in SYSTEMS.values():
        if system.name.startswith("round-robin"):  # the table is the rule (test_us_systems)
            continue
        rule = "27A1" if system.name == "uscf" else "C.04.1.b"  # US Chess numbers it 27A1
        assert rule in {v.rule for v in system.violations(BYES, rematch)}
    thrice = RoundPairing((Board(1, 5), Board(2, 4)), bye=3)
    assert "C.04.1.g" in {v.rule for v in DUTCH_2017.violations(BYES, thrice)}
    assert [(v.rule, v.players) for v in TCEC.violations(BYES, thrice)] == [("STEP 5", (1, 5))]
    assert DUTCH_2026.new_violations(BYES, in_force := DUTCH_2026.suggest(BYES), given) == [bye]
    assert DUTCH_2026.new_violations(BYES, given, in_force) == []


def test_a_strong_preference_denied_against_the_colour_rule_is_a_break() -> None:
    """E2_CASE: 1 has a strong preference for Black (A.6.b), 2 a mild one for Black (A.6.c);
    E.2 gives 2 White. Giving 1 White denies a strong preference against E.2 (2026: 5.2.2):
    a break about player 1 only (a mild preference denied is none)."""
    against = RoundPairing((Board(1, 2),))
    breaks = DUTCH_2017.preference_breaks(E2_CASE, against)
    assert [(v.rule, v.players) for v in breaks] == [("E.2", (1,))]
    assert "has a strong Black preference but gets White" in breaks[0].message
    assert [v.rule for v in DUTCH_2026.preference_breaks(E2_CASE, against)] == ["5.2.2"]
    assert DUTCH_2017.preference_breaks(E2_CASE, RoundPairing((Board(2, 1),))) == []
    assert breaks[0] in DUTCH_2017.violations(E2_CASE, against)


def test_a_tcec_board_against_step_5_is_a_break() -> None:
    """TCEC weighs no preferences: STEP 5 gives each pair its colours, and a board against it
    breaks STEP 5, about both players. E2_CASE: WGD 1 +1 (White against 4), 2 0 (Black, then
    White): the greater WGD, 1, gets Black, so 2 has White. 1-2 breaks STEP 5, 2-1 does not.
    Double rounds (1-2 1-0, 2-1 1-0: 1 has 2 half-points, 3 none): 1 is the first-of-pair of
    1 v 3 and has Black in game 1, so 1-3 breaks STEP 5 (game 1) and 3-1 does not; 2 v 4
    (none each, 2 the lower seed): 2 has Black in game 1, so 4-2, not 2-4."""
    [step5] = TCEC.preference_breaks(E2_CASE, RoundPairing((Board(1, 2),)))
    assert (step5.rule, step5.players) == ("STEP 5", (1, 2))
    assert step5.message == (
        "player 1 has White against player 2, but STEP 5 gives White to player 2 "
        "(the greater white-game difference gets Black)"
    )
    assert TCEC.preference_breaks(E2_CASE, RoundPairing((Board(2, 1),))) == []
    # 3 (WGD -1) v 4 (-2): the greater, 3, gets Black; 4-3 follows STEP 5
    assert TCEC.violations(E2_CASE, RoundPairing((Board(1, 2), Board(4, 3)))) == [step5]
    double = replace(state(4, ["1-2 1-0", "2-1 1-0"], 5), double_rounds=True)
    [game_1] = TCEC.violations(double, RoundPairing((Board(1, 3), Board(4, 2))))
    assert (game_1.rule, game_1.players) == ("STEP 5", (1, 3))
    assert "White in game 1 against player 3, but STEP 5 gives White in game 1" in game_1.message
    assert TCEC.violations(double, RoundPairing((Board(3, 1), Board(4, 2)))) == []


def test_the_suggestion_follows_the_colour_rule() -> None:
    """Each suggested board has the colours the system's colour rule gives."""
    for system in (DUTCH_2017, DUTCH_2026, DUBOV, TCEC):
        suggested = system.suggest(BYES)
        for board in suggested.boards:
            ruling = system.colour_rule(BYES, board.white, board.black)
            assert ruling.white in (None, board.white), (system.name, board)
