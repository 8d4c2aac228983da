"""The TRF reader on three TRF-2026 notations met in team files: a forfeit without an opponent
(``0000 w +``), record 240 listing teams, record 299 (abnormal assignment points).

From the TRF-2026 text ("Player Section", "Bye Section", "Abnormal Assignment Points"):

- round block, columns 92-95 "Player or forfeit id" (``0000`` for a bye or not paired), 97
  "Scheduled colour or forfeit" (``w``/``b`` the scheduled colour, ``-`` a bye or not
  paired), 99 the result (``+`` forfeit win, ``-`` forfeit loss). So ``0000 w +`` is a board
  scheduled with White and won by forfeit with nobody to name as the opponent (the other team
  left the board empty, or forfeited the match); it scores a forfeit win (record 162 W, "Win
  OTB or by forfeit"). A colour with a bye code (``0000 w H``) stays an error.
- 240: "Byes that bring points to those receiving them (FPB, HPB, ZPB for individuals and
  teams)": type 5, round 7-9, "Player/Team ID" at 11-14, 16-19, ...; its example ``240 H 003
  026 047`` is "two teams getting HPB in round 3". In a file with team records (310, 013) the
  numbers are teams.
- 299: type 5 (``W D L F H Z + -``, blank "penalty/bonus points (may be negative)"), match
  points 8-11 ("teams only", ``[-]11.5``), game points (teams) or points (individuals) 14-17,
  round 20-22 (``000`` or empty: all rounds), (team) pairing numbers at 24-27, 29-32, ...
"""

from __future__ import annotations

import pytest

from pairing.engine.core.errors import TrfError
from pairing.engine.core.state import Colour, RoundEntry
from pairing.engine.tiebreaks.core import is_vur, unplayed_category
from pairing.engine.trf import read_trf, write_trf
from tests.engine.test_tiebreaks_teams import TEAMS_310
from tests.engine.test_trf import one, p001, two


def r299(kind: str, mp: str = "", gp: str = "", rnd: str = "", *ids: int) -> str:
    """A column-exact 299 record: type 5, match points 8-11, points 14-17, round 20-22, the
    pairing numbers at 24-27, 29-32, ..."""
    line = f"299 {kind:1}  {mp:>4}  {gp:>4}  {rnd:>3}"
    return (line + "".join(f" {n:4d}" for n in ids)).rstrip()


def _at(text: str, column: int, char: str) -> str:
    """``text`` with ``char`` at 1-based ``column``."""
    return text[: column - 1] + char + text[column:]


def _error(text: str) -> TrfError:
    with pytest.raises(TrfError) as caught:
        read_trf(text)
    return caught.value


# -- 0000 w + / 0000 b -: a forfeit without an opponent ---------------------------------------


def test_a_forfeit_without_opponent_is_read_as_a_forfeit() -> None:
    """``0000 w +``: no opponent, colour White kept, result forfeit win, no game played;
    ``0000 b -`` the same with Black and a forfeit loss. Points 1.0 and 0.0 (162 defaults)."""
    state = read_trf(one("0000 w +", points="1.0") + two("0000 b -", points="0.0"))
    first, second = (p.results[0] for p in state.players)
    assert first == RoundEntry(None, Colour.WHITE, "+")
    assert second == RoundEntry(None, Colour.BLACK, "-")
    assert not first.played and not second.played
    assert [p.score(state.points) for p in state.players] == [2, 0]


def test_it_scores_the_points_of_a_forfeit_win_not_of_a_bye() -> None:
    """``XXS FW=0.5``: a forfeit win is worth 0.5, a full-point bye and a PAB stay 1.0. The
    points column 0.5 matches ``0000 w +``; 1.0 (a bye's value) does not."""
    state = read_trf("XXS FW=0.5\n" + one("0000 w +", points="0.5"))
    assert state.players[0].score(state.points) == 1
    error = _error("XXS FW=0.5\n" + one("0000 w +", points="1.0"))
    assert (error.line, error.column) == (2, 81)


def test_a_forfeit_loss_without_opponent_is_no_zero_point_bye() -> None:
    """3/2/1/0 scoring (JaVaFo AUM example: ``ZPB=1``, ``FL=0``): ``0000 b -`` scores the
    forfeit loss, 0, not a zero-point bye's 1: a points column of 1.0 does not match."""
    state = read_trf("XXS ZPB=1\n" + one("0000 b -", points="0.0"))
    assert state.players[0].score(state.points) == 0
    assert _error("XXS ZPB=1\n" + one("0000 b -", points="1.0")).column == 81


def test_a_forfeit_without_opponent_round_trips() -> None:
    """The writer writes what it read: opponent 0000, the colour, the code."""
    text = one("0000 w +", "0000 b -", points="1.0")
    written = write_trf(read_trf(text), version=26)
    line = next(x for x in written.splitlines() if x.startswith("001"))
    assert line[91:99] == "0000 w +" and line[101:109] == "0000 b -"
    assert read_trf(written).players == read_trf(text).players


def test_the_old_bye_notation_without_colour_is_unchanged() -> None:
    """``0000 - +`` (no colour) keeps its old reading, a pairing-allocated bye (U)."""
    state = read_trf(one("0000 - +", points="1.0"))
    assert state.players[0].results[0] == RoundEntry(None, None, "U")


def test_a_round_of_forfeits_without_opponent_is_a_paired_round() -> None:
    """The colour says the board was paired: a column holding ``0000 w +`` and a blank is
    a completed round, not the next round's absences."""
    state = read_trf("XXR 2\n" + one("0000 w +", points="1.0") + two())
    assert state.rounds_done == 1 and state.absent == {}


@pytest.mark.parametrize("block", ["0000 w 1", "0000 b =", "0000 w H", "0000 b U", "0000 w  "])
def test_a_colour_with_opponent_0000_goes_only_with_a_forfeit(block: str) -> None:
    error = _error(one(block, points="0.0"))
    assert (error.line, error.column) == (1, 97)
    assert "only with a forfeit" in str(error)


def test_c07_16_2_categories_of_a_forfeit_without_opponent() -> None:
    """C.07 16.2: a forfeit win is category 2 (not 1, a PAB), a forfeit loss category 4 and a
    voluntary unplayed round (16.1)."""
    state = read_trf(
        one("0000 w +", "0000 b -", "   2 w 1", points="2.0")
        + two("0000 - Z", "0000 - Z", "   1 b 0")
    )
    player = state.players[0]
    assert [unplayed_category(player, i) for i in range(3)] == [2, 4, None]
    assert not is_vur(player.results[0]) and is_vur(player.results[1])


def test_c04_1_d_a_forfeit_win_without_opponent_bars_the_pab() -> None:
    """C.04.1.d (2017): a player who "has already scored a (forfeit) win due to an opponent
    not appearing in time" shall not receive the PAB: ``0000 w +`` is such a win; ``0000 - +``
    (the old PAB notation) too, as a PAB; a half-point bye is neither."""
    state = read_trf(
        "XXR 2\n"
        + one("0000 w +", points="1.0")
        + two("0000 - +", points="1.0")
        + p001(3, "Three", "0000 - H", points="0.5")
        + "\n"
    )
    assert [p.had_pab_or_forfeit_win for p in state.players] == [True, True, False]


# -- 240 in a team file: team numbers ----------------------------------------------------------


def _team_file(*extra: str, rounds: int = 1) -> str:
    """Teams Alpha (1, 2), Beta (3, 4), Gamma (5, 6), Delta (7, 8). Round 1: Alpha-Beta 1-0
    (1-3), 1/2 (4-2); Gamma has a half-point bye on both boards, Delta is absent."""
    games = {
        1: ("   3 w 1", "1.0"),
        2: ("   4 b =", "0.5"),
        3: ("   1 b 0", "0.0"),
        4: ("   2 w =", "0.5"),
        5: ("0000 - H", "0.5"),
        6: ("0000 - H", "0.5"),
        7: ("0000 - Z", "0.0"),
        8: ("0000 - Z", "0.0"),
    }
    lines = ["012 Teams", f"XXR {rounds}", *TEAMS_310, *extra]
    lines += [p001(pid, f"P{pid}", block, points=pts) for pid, (block, pts) in games.items()]
    return "\n".join(lines) + "\n"


def test_240_in_a_team_file_lists_teams_not_players() -> None:
    """``240 H 001 003``: team 3 (Gamma) had a half-point bye in round 1. Read as players,
    player 3 (who played) would have no H bye in round 1 and the file would be refused."""
    state = read_trf(_team_file("240 H   1    3"))
    assert ("240", " H   1    3") in state.info.extra_records
    assert state.future_byes == {} and state.absent == {}


def test_240_for_a_later_round_in_a_team_file_is_no_player_absence() -> None:
    """``240 Z 002 004`` (Delta absent in round 2) in a 3-round team file after round 1: no
    player is taken out of round 2, and the record is written back unchanged."""
    state = read_trf(_team_file("240 Z   2    4", rounds=3))
    assert state.absent == {} and state.future_byes == {}
    assert "240 Z   2    4" in write_trf(state, version=26).splitlines()


def test_240_in_an_individual_file_still_names_players() -> None:
    """Without team records the numbers are players: player 2's half-point bye in round 2
    (its 0.5 in the points column, as the reader counts a next-round bye)."""
    text = "XXR 2\n" + one("   2 w 1", points="1.0") + two("   1 b 0", points="0.5")
    text += "240 H   2    2\n"
    assert read_trf(text).absent == {2: "H"}


def test_a_malformed_240_in_a_team_file_names_line_and_column() -> None:
    error = _error(_team_file("240 H   1  0x3"))
    assert (error.line, error.column) == (7, 11)


# -- 299: columns ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("record", "column", "words"),
    [
        (r299("Q", "", "1.0"), 5, "abnormal assignment type"),
        (_at(r299("+", "", "1.0"), 6, "x"), 6, "unexpected"),
        (r299("+", "x.0", "1.0"), 8, "match points"),
        (r299("+", "", "1.x"), 14, "points"),
        (r299("+", "", "", "1"), 8, "gives no points"),
        (r299("+", "", "1.0", "0a1"), 20, "round"),
        (r299("+", "", "1.0", "1")[:22] + " 00x1", 24, "pairing number"),
        (_at(r299("+", "", "1.0", "1", 1), 23, "x"), 23, "unexpected"),
    ],
)
def test_a_malformed_299_names_line_and_column(record: str, column: int, words: str) -> None:
    error = _error(_team_file(record))
    assert (error.line, error.column) == (7, column), str(error)
    assert words in str(error)


# -- 299 in an individual file ---------------------------------------------------------------


def test_299_sets_a_results_points_for_every_round_and_player() -> None:
    """``299 +       0.5``: type + (forfeit win), no match points, points 0.5, no round, no
    player: a forfeit win is worth 0.5 everywhere, so 1's forfeit win scores 0.5 and a
    points column of 1.0 no longer matches."""
    record = r299("+", "", "0.5") + "\n"
    state = read_trf(record + one("   2 w +", points="0.5") + two("   1 b -"))
    assert state.points.forfeit_win == 1 and state.points.win == 2
    assert _error(record + one("   2 w +", points="1.0") + two("   1 b -")).column == 81


def test_299_for_a_full_point_bye_and_its_round_000() -> None:
    """``299 F       0.5 000``: round 000 is every round; a full-point bye is worth 0.5."""
    state = read_trf(r299("F", "", "0.5", "000") + "\n" + one("0000 - F", points="0.5"))
    assert state.points.full_bye == 1


@pytest.mark.parametrize(
    ("record", "column", "words"),
    [
        (r299("+", "", "0.5", "2"), 20, "not supported"),
        (r299("+", "", "0.5", "000", 1), 24, "not supported"),
        (r299(" ", "", "-1.0", "000", 1), 5, "penalty/bonus"),
        (r299("+", "2.0", "1.0"), 8, "team tournaments only"),
        (r299("-", "", "-0.5"), 14, "negative"),
    ],
)
def test_a_299_an_individual_file_cannot_hold_is_refused(
    record: str, column: int, words: str
) -> None:
    """A value for one round or for named players, a penalty/bonus, match points or a
    negative result value have no place in an individual tournament's state: refused."""
    error = _error(record + "\n" + one("   2 w 1", points="1.0") + two("   1 b 0"))
    assert (error.line, error.column) == (1, column), str(error)
    assert words in str(error)


def test_a_zero_penalty_changes_nothing_and_is_accepted() -> None:
    record = r299(" ", "", "0.0", "000", 1) + "\n"
    state = read_trf(record + one("   2 w 1", points="1.0") + two("   1 b 0"))
    assert state.players[0].score(state.points) == 2


def test_299_in_a_team_file_is_kept_for_the_team_standings() -> None:
    """In a team file 299 is about teams: kept verbatim, the players' points untouched."""
    record = r299(" ", "-1.0", "-0.5", "000", 1)
    state = read_trf(_team_file(record))
    assert ("299", record[3:]) in state.info.extra_records
    assert state.points.is_standard
