"""What the 2026 edition of the Dutch system (C.04.3, applied from 1 February 2026) changed,
one hand-derived round per change. Each round is paired three ways: by the 2026 rules, by the
2026 rules with only that change reverted (the switch of :class:`Edition`), and where it helps
by the 2017 rules; the change alone decides the round.

Rounds use ``tests.engine.test_dutch_support.state``: ``"1-3 1-0"`` is a game (1 white),
``"+-"``/``"-+"`` a forfeit, ``"5 U"`` a pairing-allocated bye, ``H``/``F``/``Z`` half-, full-
and zero-point byes. Scores below are in points.
"""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest

from pairing.cli import main
from pairing.engine.core.errors import NoValidPairing
from pairing.engine.core.state import Colour, TournamentState
from pairing.engine.dutch.bracket import pair_bracket
from pairing.engine.dutch.criteria import BracketScores, Level, unpaired_costs
from pairing.engine.dutch.edition import (
    EDITION_2017,
    EDITION_2026,
    Edition,
    edition_named,
)
from pairing.engine.dutch.graph import Mode
from pairing.engine.dutch.players import Float, build_players
from pairing.engine.dutch.system import pair_round
from pairing.engine.trf import load_trf, write_trf
from tests.engine.test_dutch_matching import fast_and_exact_agree
from tests.engine.test_dutch_support import player, rules, state


def paired(
    tournament: TournamentState, edition: Edition
) -> tuple[set[tuple[int, int]], int | None]:
    """The (white, black) boards and the bye."""
    pairing = pair_round(tournament, edition)
    return {(b.white, b.black) for b in pairing.boards}, pairing.bye


def without(change: str) -> Edition:
    """The 2026 rules with one change reverted to the 2017 rule."""
    switches: dict[str, bool] = {change: False}
    return replace(EDITION_2026, **switches)  # type: ignore[arg-type]


# -- 1.4.3-1.4.4: floats of unplayed rounds --------------------------------------------------

# Nobody has played a game yet: only forfeits. Round 1: 3 beats 1 and 2 beats 4 by forfeit;
# round 2: 4 beats 1 and 3 beats 2 by forfeit. Scores 3: 2, 2: 1, 4: 1, 1: 0.
FORFEITS_ONLY = state(4, ["1-3 -+; 4-2 -+", "1-4 -+; 3-2 +-"], 4)


def test_2026_a_forfeit_loss_is_no_float() -> None:
    # 2026 1.4.3: the forfeit winners downfloated (more than a loss without playing), the
    # losers did not (1.4.4). 2017 A.4.b: every unplayed round is a downfloat.
    by_id = {p.id: p for p in build_players(FORFEITS_ONLY, EDITION_2026)}
    assert [by_id[i].float_last for i in (1, 2, 3, 4)] == [
        Float.NONE,
        Float.NONE,
        Float.DOWN,
        Float.DOWN,
    ]
    assert by_id[2].float_before_last is Float.DOWN
    old = {p.id: p for p in build_players(FORFEITS_ONLY, EDITION_2017)}
    assert all(old[i].float_last is Float.DOWN for i in (1, 2, 3, 4))


def test_2026_floats_decide_which_resident_floats() -> None:
    # 3 (2 points) floats into {2, 4} (1 point) and meets one of them; the other floats on to
    # 1 (0). No game was played: no colour preferences, nobody has met. 3-2 / 4 floats and
    # 3-4 / 2 floats tie down to C14, resident downfloaters who downfloated last round:
    # 4 did (forfeit win in round 2), 2 did not (forfeit loss) -> 3-4 and 2-1.
    # Colours by 5.2.5 (E.5), initial colour white: 3 (odd) is white against 4; against 1,
    # 2 is the higher ranked with an even number, so black.
    assert paired(FORFEITS_ONLY, EDITION_2026) == ({(3, 4), (1, 2)}, None)
    # Every forfeit a downfloat (2017): 2 and 4 tie on C14, so the first candidate in the
    # generation order, MDP 3 with the first resident 2; 4 (even, higher) black against 1.
    expected_2017 = ({(3, 2), (1, 4)}, None)
    assert paired(FORFEITS_ONLY, without("floats_need_points")) == expected_2017
    assert paired(FORFEITS_ONLY, EDITION_2017) == expected_2017


# -- C2: any round scored as a win without playing bars the bye -------------------------------

# Round 1: 1 H, 2 F, 3 Z; round 2: 1 H, 2 Z, 3 F; player 4 absent throughout. Players 1, 2,
# 3 have 1 point each, two unplayed rounds each, no games, no meetings.
FULL_POINT_BYES = state(4, ["1 H; 2 F; 3 Z; 4 Z", "1 H; 2 Z; 3 F; 4 Z"], 5, absent="4 Z")


def test_2026_a_full_point_bye_bars_the_pairing_allocated_bye() -> None:
    # 2026 C2 (C.04.1 art. 4): 2 and 3 scored a win's points without playing; only 1 may get
    # the bye: 2-3, 3 white (5.2.5: 2 is the higher ranked, number 2 even -> black).
    assert paired(FULL_POINT_BYES, EDITION_2026) == ({(3, 2)}, 1)
    # With F not barring it, all three may get it and tie on C5-C13; C14: the bye's
    # receiver is a resident downfloater, and 1 (H) and 3 (F) downfloated last round, 2 (Z)
    # did not -> the bye to 2, and 1 (odd number) white against 3.
    assert paired(FULL_POINT_BYES, without("bye_barred_by_unplayed_win")) == ({(1, 3)}, 2)
    # 2017 (C.04.1.d: only a PAB or a forfeit win bars it): everyone floated down last round
    # (A.4.b), so the generation order decides: 1-2 and the bye to 3.
    assert paired(FULL_POINT_BYES, EDITION_2017) == ({(1, 2)}, 3)


def test_2026_no_pairing_when_every_player_is_barred_from_the_bye() -> None:
    everyone_full = state(3, ["1 F; 2 F; 3 F"], 3)
    with pytest.raises(NoValidPairing):
        pair_round(everyone_full, EDITION_2026)
    # 2017: F does not bar the bye; S1 = {1}, S2 = {2, 3}: 1-2, the bye to 3.
    assert paired(everyone_full, EDITION_2017) == ({(1, 2)}, 3)


# -- C4: the completion criterion in every bracket ---------------------------------------------

# Initial colour black. Round 1: 1 H, 2 H, 4-3 draw, 5 PAB; round 2: 1 beats 5 (1 white),
# 2 PAB, 3 H, 4 Z; round 3: 5 absent (H). Scores 1: 1.5, 2: 1.5, 3: 1, 4: 0.5. 3 and 4 have
# met. Preferences: 1 (played white) strong black, 3 (black) strong white, 4 (white) strong
# black, 2 none. Floats last round: 1 up (0.5 against 5's 1), 2 down (PAB), 3 down (H).
COMPLETION = state(
    5,
    ["1 H; 2 H; 4-3 =; 5 U", "1-5 1-0; 2 U; 3 H; 4 Z"],
    5,
    absent="5 H",
    initial=Colour.BLACK,
)


def test_2026_completion_binds_every_bracket() -> None:
    # Bracket 1.5 {1, 2}: 1-2 would leave 3-4, who have met: C4 makes both float. Bracket 1
    # {MDPs 1, 2; resident 3} is then paired on its own: 1-3 or 2-3 both satisfy every
    # colour preference; C18 (MDPs that downfloated last round, their score differences)
    # prefers 2 paired (0.5) to 2 floating on (1.5). So 2-3, and 1 floats to 4: 1-4, where
    # 4 gets white (5.2.4: equal preferences, 1 the higher ranked gets black).
    assert paired(COMPLETION, EDITION_2026) == ({(3, 2), (4, 1)}, None)
    # 2017 A.9: bracket 1.5 is the PPB, everything below collapses into one last bracket
    # {1, 2, 3, 4}, where the colours of both of its pairs count (C.10/C12): 1-3 and 2-4
    # satisfy all four preferences, 1-4 would cost 1's or 4's.
    expected_2017 = ({(3, 1), (2, 4)}, None)
    assert paired(COMPLETION, without("completion_everywhere")) == expected_2017
    assert paired(COMPLETION, EDITION_2017) == expected_2017


# -- C5: the bye to the lowest score possible ---------------------------------------------------

# Round 1: 1-3 draw, 2 beats 4 (2 black), 5 PAB. Scores 2: 1, 5: 1, 1: 0.5, 3: 0.5, 4: 0.
# 5 may not get the bye again (C2).
BYE_SCORE = state(5, ["1-3 =; 4-2 0-1; 5 U"], 5)


def test_2026_the_bye_goes_to_the_lowest_score_possible() -> None:
    # The lowest score the bye can get is 0 (player 4): 1-2 / 3-5 (or 1-5 / 2-3) pair the
    # rest. So bracket 1 {2, 5} may not pair 2-5 (1-3 have met: 4 would not get the bye):
    # both float into {1, 3}: 2-1 (2 strong white, 1 strong black) and 3-5 (3 strong white),
    # rather than 2-3, where one strong preference is lost.
    assert paired(BYE_SCORE, EDITION_2026) == ({(2, 1), (3, 5)}, 4)
    # Without C5: 2-5 leaves {1, 3, 4} pairable (3-4 and the bye to 1, or 1-4 and the bye to
    # 3), so 2-5; then 1 and 3 float into {4}: 3-4 satisfies both preferences, 1-4 neither
    # of 1's and 4's strong black -> the bye to 1.
    expected_2017 = ({(2, 5), (3, 4)}, 1)
    assert paired(BYE_SCORE, without("lowest_bye_score")) == expected_2017
    assert paired(BYE_SCORE, EDITION_2017) == expected_2017


# -- C9: the bye to the player with fewest unplayed games ---------------------------------------

# Round 1: 1 beats 3 (1 white), 2 beats 4 by forfeit (2 black); round 2: 1 absent (H). To
# pair: 2 (1 point, barred from the bye by its forfeit win), 3 and 4 (0). 2-4 have not met.
UNPLAYED = state(4, ["1-3 1-0; 4-2 -+"], 4, absent="1 H")


def test_2026_the_bye_goes_to_the_fewest_unplayed_games() -> None:
    # 2 floats into {3, 4}; one of them gets the bye. C9: 3 has played every round, 4 has
    # one unplayed round (the forfeit) -> the bye to 3, 2-4: 4 white (neither has a colour
    # history; 5.2.5: 2 is the higher ranked, number 2 even -> black).
    assert paired(UNPLAYED, EDITION_2026) == ({(4, 2)}, 3)
    # Without C9 the candidates tie (3 gets white against 2 either way: its strong
    # preference; no float repeats under the 2026 float rules): the first in the generation
    # order, MDP 2 with the first resident 3, and the bye to 4.
    assert paired(UNPLAYED, without("bye_unplayed")) == ({(3, 2)}, 4)


# -- C7 and C14-C21: reformulations -------------------------------------------------------------


def test_2026_c7_pairs_the_higher_mdp() -> None:
    # C7 minimises the downfloaters' scores: MDPs 1 (2 points) and 2 (1.5), one resident 3
    # (1): 1-3, 2 floats. (2017 C.6, the PSD, chooses the same: the TEC's commentary calls
    # C7 "a simpler way to obtain the same results"; no round of the 2026 corpus, nor of
    # 2,000 random small tournaments, tells them apart.)
    mdps = [player(1, 4), player(2, 3)]
    residents = [player(3, 2)]
    nxt = [player(4, 0), player(5, 0)]
    round_rules = replace(rules([*mdps, *residents, *nxt]), edition=EDITION_2026)
    result = pair_bracket(mdps, residents, Mode.NORMAL, round_rules, next_residents=nxt)
    assert {(a.id, b.id) for a, b in result.pairs} == {(1, 3)}
    assert [p.id for p in result.downfloaters] == [2]


def test_2026_repeated_downfloats_count_residents_and_score_differences_of_mdps() -> None:
    # C14 counts resident downfloaters who downfloated last round; an MDP floating on is
    # counted by its score difference (C18) only. 2017 C.12 counts both.
    # Player 1 (2 points) in a bracket whose lowest score is 1: its SD is taken against the
    # artificial score 1 - 1 = 0, so 2 points = 4 half-points (cost base ** 4).
    floated = player(1, 4, float_last=Float.DOWN)
    new = BracketScores(
        lowest=2, next_lowest=None, base=10, downfloater_scores=True, resident_floats=True
    )
    as_mdp = unpaired_costs(floated, new, mdp=True)
    as_resident = unpaired_costs(floated, new, mdp=False)
    assert (as_mdp[Level.DOWNFLOAT_AGAIN], as_mdp[Level.DOWNFLOAT_AGAIN_SD]) == (0, 10**4)
    assert (as_resident[Level.DOWNFLOAT_AGAIN], as_resident[Level.DOWNFLOAT_AGAIN_SD]) == (1, 0)
    old = unpaired_costs(floated, BracketScores(lowest=2, next_lowest=None, base=10), mdp=True)
    assert (old[Level.DOWNFLOAT_AGAIN], old[Level.DOWNFLOAT_AGAIN_SD]) == (1, 10**4)


# -- which edition a file names -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("record", "year"),
    [
        ("FIDE_DUTCH_2017", 2017),
        ("FIDE_DUTCH_2017_BAKU", 2017),
        ("fide_dutch_2017", 2017),
        ("FIDE_DUTCH_2026", 2026),
        ("FIDE_DUTCH_2025", 2026),
        ("FIDE_DUTCH", 2026),
        ("", 2026),
    ],
)
def test_record_192_names_the_edition(record: str, year: int) -> None:
    assert edition_named(record).year == year


# -- the fast path under the 2026 rules ----------------------------------------------------------


@pytest.mark.parametrize("seed", range(8))
def test_fast_path_finds_the_exact_candidate_by_2026_rules(seed: int) -> None:
    # As test_dutch_matching's comparison, with the 2026 costs (C7-C9, C14-C21) and unplayed
    # games for C9 in the last bracket.
    assert fast_and_exact_agree(random.Random(1000 + seed), EDITION_2026) >= 10


# -- the command line ------------------------------------------------------------------------------


def test_cli_dutch_pairs_the_edition_record_192_names(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # BYE_SCORE: the 2026 edition gives the bye to 4, the 2017 one to 1 (see above).
    for record, bye in (("FIDE_DUTCH_2017", 1), ("FIDE_DUTCH_2026", 4), ("", 4)):
        named = replace(BYE_SCORE, info=replace(BYE_SCORE.info, system_code=record))
        path = tmp_path / f"named{record}.trf"
        path.write_text(write_trf(named), encoding="utf-8")
        assert main(["pair", "--system", "dutch", str(path)]) == 0
        assert f"\n{bye} 0\n" in capsys.readouterr().out
    # An explicit edition wins over the record.
    assert main(["pair", "--system", "dutch-2026", str(tmp_path / "namedFIDE_DUTCH_2017.trf")]) == 0
    assert "\n4 0\n" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("system", "record"), [("dutch-2017", "FIDE_DUTCH_2017"), ("dutch-2026", "FIDE_DUTCH_2026")]
)
def test_cli_generate_names_the_edition_and_checks(
    system: str, record: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "generated.trf"
    args = ["--players", "21", "--rounds", "6", "--seed", "7", "--forfeit-rate", "0.1"]
    assert main(["generate", "--system", system, *args, "--bye-rate", "0.1", "-o", str(path)]) == 0
    assert load_trf(path).info.system_code == record
    # "dutch" reads record 192 and so pairs by the same edition.
    assert main(["check", "--system", "dutch", str(path)]) == 0
    assert "6 rounds checked, 0 differ" in capsys.readouterr().out
