"""US Chess 28N1 (variation, "plus two"): teammates are paired only on plus-two scores.

The rule text of the 7th edition was not reachable; what was, and what these tests follow:

* 28N1a, quoted verbatim by Tom Doan (WinTD's author) on the US Chess forum ("Blitz & Pairing
  Questions", uschess.discourse.group/t/6547): "If a scoregroup can be paired among itself
  without players from the same team facing each other, this should always be done."; in
  the same thread: "The stated intent of pairing teammates in plus-two groups is to avoid
  giving those players an unfair advantage in the individual standings."
* the threshold, from two independent descriptions: WinTD's help ("Pairing System: Teams and
  Clubs"): "in round six, you would put ... 3.5 (+2 after five rounds) to get 28N1" in the
  "Pair Teammates At or Above" box; and the forum ("Team Pairing Restrictions - Only If
  Necessary", t/22289): "In order to satisfy rule 28N1 you would have to be able to set the
  trigger number for not pairing teammates at '2' for the first three rounds, and then ...
  add 0.5 to it for every succeeding round." Both give: at least (rounds played + 2) / 2.

The section (round 3 of 5): 2000 (W B) and 1900 (B W) have 2 points, 1800 (W B) and 1750
(B W) have 1, 1600 (W B) and 1500 (B W) none; by the rules 2000 - 1900, 1800 - 1750,
1600 - 1500 (the 28N2 test's section).
"""

from __future__ import annotations

from dataclasses import replace

from pairing.engine.core.state import TournamentState
from pairing.engine.usswiss import USSettings, explain_round
from pairing.engine.usswiss.settings import settings_from_words, settings_record
from tests.engine.usswiss_support import boards, section

HISTORIES = {
    1: ["W1", "B1"],
    2: ["B1", "W1"],
    3: ["W1", "B0"],
    4: ["B0", "W1"],
    5: ["W0", "B0"],
    6: ["B0", "W0"],
}
RATINGS = [2000, 1900, 1800, 1750, 1600, 1500]
BY_RULE = [(1, 2), (3, 4), (5, 6)]


def five_rounds(histories: dict[int, list[str]] = HISTORIES) -> TournamentState:
    return replace(section(RATINGS, histories), total_rounds=5)


def test_28N1_teammates_on_plus_two_scores_may_meet() -> None:
    """2000 and 1900 are 2-0 after two rounds: plus two (2 >= (2 + 2) / 2). 28N1 lets them
    meet in their score group, as 28N does; 28N2 would not (2000 - 1750, 1800 - 1900)."""
    team = ((1, 2),)
    assert boards(five_rounds(), avoid_together=team, teams_plus_two=True) == BY_RULE
    assert boards(five_rounds(), avoid_together=team, teams_never=True) != BY_RULE


def test_28N1_teammates_below_plus_two_do_not_meet() -> None:
    """1800 and 1750 are 1-1 (even). By 28N (soft, below equal scores) they meet, being
    their group's only players. By 28N1 they may not: both drop to the 0-point group and
    meet its players by rank (29D2): 1800 - 1600, 1750 - 1500. Colours: 1800 and 1600 both
    W B (due White, identical histories): the higher-ranked 1800 has White; 1750 and 1500
    both B W (due Black): 1750 has Black, 1500 White. The transposition 1800 - 1500,
    1750 - 1600 would give all four their due colours but switches 1600 and 1500, 100
    points apart: over the 80-point rule (29E5a)."""
    team = ((3, 4),)
    assert boards(five_rounds(), avoid_together=team) == BY_RULE
    plus_two = boards(five_rounds(), avoid_together=team, teams_plus_two=True)
    assert plus_two == [(1, 2), (3, 5), (6, 4)]


def test_28N1_plus_one_is_not_enough() -> None:
    """2000 (W1, B=) and 1900 (B1, W=) lead with 1.5 each after two rounds: plus one, below
    (2 + 2) / 2 = 2. By 28N they meet; by 28N1 both drop to the 1-point group, 1800 (W B, due
    White) and 1750 (B W, due Black). 2000 (due White) takes 1750 (due Black) rather than
    1800: a 50-point transposition for colours, within the 80-point rule (29E5a); 1800 has
    White against 1900 (due Black)."""
    histories = {**HISTORIES, 1: ["W1", "B="], 2: ["B1", "W="]}
    team = ((1, 2),)
    assert boards(five_rounds(histories), avoid_together=team) == BY_RULE
    plus_two = boards(five_rounds(histories), avoid_together=team, teams_plus_two=True)
    assert plus_two == [(1, 4), (3, 2), (5, 6)]


def test_28N1_travels_in_the_xxu_record_and_is_explained() -> None:
    settings = USSettings(avoid_together=((3, 4),), teams_plus_two=True)
    words = settings_record(settings)
    assert words == "teams-plus-two apart=3,4"
    assert settings_from_words(words) == settings
    _, explanation = explain_round(five_rounds(), settings)
    assert "28N1" in [r.article for r in explanation.notes]


def test_28N1_a_teammate_on_plus_two_does_not_meet_one_below_it() -> None:
    """28N1 keeps teammates apart unless *both* have plus-two scores. 2000 (W1, B1) has 2
    after two rounds, plus two; 1900 (B1, W=) has 1.5, plus one. Alone in his score group,
    2000 drops to the 1.5 group, whose only player is 1900: without 28N1 the round is paired
    by the rules, 2000 - 1900, 1800 - 1750, 1600 - 1500. By 28N1 they may not meet, and six
    players can be paired otherwise, so 2000 and 1900 do not meet. (Mutant ``plus_two_pairs``
    28, ``or`` for ``and``, kept apart only a pair of whom neither was plus two.)"""
    histories = {**HISTORIES, 2: ["B1", "W="]}
    team = ((1, 2),)
    assert boards(five_rounds(histories), avoid_together=team) == BY_RULE
    plus_two = boards(five_rounds(histories), avoid_together=team, teams_plus_two=True)
    assert (1, 2) not in plus_two and (2, 1) not in plus_two
    assert sorted(p for pair in plus_two for p in pair) == [1, 2, 3, 4, 5, 6]
