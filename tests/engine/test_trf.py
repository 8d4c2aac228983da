"""TRF reader and writer: real files from the corpus, hand-made files, malformed files."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from pairing.engine.core.errors import TrfError
from pairing.engine.core.state import Colour, ForbiddenPairs, PointValues, RoundEntry
from pairing.engine.trf import read_trf, write_trf
from tests.engine.corpus import CORPUS

ALL_FILES = sorted(CORPUS.glob("*/*.trf"))
_POINTS = {"1": 2, "W": 2, "+": 2, "=": 1, "D": 1, "0": 0, "L": 0, "-": 0}
_BYES = {"U": 2, "F": 2, "H": 1, "Z": 0}


def _points_by_hand(line: str) -> int:
    """Half-points of one 001 line, summed straight from its round columns (standard scoring)."""
    total = 0
    for start in range(91, len(line), 10):
        opp, code = line[start : start + 4].strip(), line[start + 7 : start + 8]
        if opp and opp != "0000":
            total += _POINTS.get(code, 0)
        else:
            total += _BYES.get(code, 0)
    return total


def test_every_corpus_file_parses_and_round_trips() -> None:
    assert len(ALL_FILES) >= 400
    for path in ALL_FILES:
        state = read_trf(path.read_text(encoding="utf-8"))
        assert read_trf(write_trf(state)) == state, path.name
        assert read_trf(write_trf(state, version=26)) == state, path.name


def test_corpus_points_column_matches_results() -> None:
    # The reader checks columns 81-84 against the results; here we also recompute each line's
    # points independently of the reader and compare with the state's scores.
    for path in ALL_FILES[::7]:
        text = path.read_text(encoding="utf-8")
        state = read_trf(text)
        for line in text.splitlines():
            if line.startswith("001"):
                pid = int(line[4:8])
                assert state.scores[pid] == _points_by_hand(line), (path.name, pid)
                assert state.player(pid).declared_points == round(float(line[80:84]) * 2)


def test_written_points_match_results() -> None:
    path = CORPUS / "dutch-2017" / "t0001_p038_r10_light.trf"
    state = read_trf(path.read_text(encoding="utf-8"))
    for line in write_trf(state.truncated(4)).splitlines():
        if line.startswith("001"):
            assert round(float(line[80:84]) * 2) == _points_by_hand(line)


def p001(
    pid: int,
    name: str,
    *rounds: str,
    points: str = "0.0",
    rating: str = "",
    sex: str = "",
    title: str = "",
    fed: str = "",
    fide_id: str = "",
    born: str = "",
    rank: str = "",
) -> str:
    """A column-exact 001 record (TRF columns: 5-8 rank, 10 sex, 11-13 title, 15-47 name,
    49-52 rating, 54-56 federation, 58-68 FIDE id, 70-79 birth date, 81-84 points, 86-89
    rank, then 'OOOO C R' blocks from column 92 every 10 columns)."""
    line = (
        f"001 {pid:4d} {sex:1}{title:>3} {name:<33} {rating:>4} {fed:<3} {fide_id:>11} "
        f"{born:<10} {points:>4} {rank:>4}"
    )
    return line + "".join(f"  {r:>8}" for r in rounds)


SMALL = (
    "\n".join(
        [
            "012 Club Championship",
            "022 Springfield",
            "042 2026/01/10",
            "052 2026/01/11",
            "102 A. Arbiter",
            "XXR 3",
            "XXC black1",
            p001(
                1,
                "Alpha, Ann",
                "   3 b 1",
                "   2 w =",
                points="1.5",
                rating="2500",
                sex="m",
                title="GM",
                fed="USA",
                fide_id="12345678",
                born="1990/01/01",
            ),
            p001(2, "Bravo, Bob", "   4 w 1", "   1 b =", points="1.5", rating="2400", sex="w"),
            p001(3, "Charlie, Cy", "   1 w 0", "   4 b -", points="0.0", rating="2300"),
            p001(4, "Delta, Di", "   2 b 0", "   3 w +", "0000 - H", points="1.5", rating="2200"),
        ]
    )
    + "\n"
)


def test_reads_a_hand_made_file_field_by_field() -> None:
    state = read_trf(SMALL)
    assert state.info.name == "Club Championship"
    assert state.info.city == "Springfield"
    assert state.info.chief_arbiter == "A. Arbiter"
    assert state.total_rounds == 3
    assert state.initial_colour is Colour.BLACK
    assert state.rounds_done == 2
    ann = state.player(1)
    assert (ann.name, ann.title, ann.sex, ann.rating, ann.federation) == (
        "Alpha, Ann",
        "GM",
        "m",
        2500,
        "USA",
    )
    assert (ann.fide_id, ann.birth_date) == ("12345678", "1990/01/01")
    assert ann.results == (
        RoundEntry(3, Colour.BLACK, "1"),
        RoundEntry(2, Colour.WHITE, "="),
    )
    # Player 4 won by forfeit in round 2 and asked for a half-point bye in round 3.
    assert state.player(4).results[1].forfeit
    assert state.absent == {4: "H"}
    assert state.scores == {1: 3, 2: 3, 3: 0, 4: 2}
    # A forfeit is not a meeting (C.04.2 D.6): 3 and 4 may meet again.
    assert state.met(1, 3)
    assert not state.met(3, 4)
    assert state.player(4).had_pab_or_forfeit_win


@pytest.mark.parametrize("ending", ["\n", "\r\n", "\r"])
def test_accepts_every_line_ending(ending: str) -> None:
    assert read_trf(SMALL.replace("\n", ending)) == read_trf(SMALL)


def test_trf26_records_and_extensions() -> None:
    text = (
        "012 Open\n142 7\n152 W\n192 FIDE_DUTCH_2017\n"
        "162  W 3.0     D 1.0     L 0.0     A 0.0     P 3.0\n"
        "240 H   2    1    2\n260   1   7    1    2\n"
        "XXA    1  1.0  0.5\n" + one() + two()
    )
    state = read_trf(text)
    assert state.total_rounds == 7
    assert state.initial_colour is Colour.WHITE
    assert state.info.system_code == "FIDE_DUTCH_2017"
    assert (state.points.win, state.points.draw, state.points.pab) == (6, 2, 6)
    assert state.future_byes == {2: {1: "H", 2: "H"}}
    assert state.forbidden == (ForbiddenPairs((1, 2), 1, 7),)
    assert state.acceleration == {1: (2, 1)}
    assert state.pairing_scores == {1: 2, 2: 0}  # round 1: one virtual point for player 1
    assert not state.may_meet(1, 2)
    assert read_trf(write_trf(state, version=26)) == state
    assert read_trf(write_trf(state)) == state


def test_xxs_scoring_and_points_check() -> None:
    text = "XXS W=3 D=1\n" + one("   2 w 1", points="3.0") + two("   1 b 0")
    state = read_trf(text)
    assert state.points == PointValues(win=6, black_win=6, draw=2, black_draw=2)
    assert state.scores == {1: 6, 2: 0}


def test_xxz_and_next_round_absences_are_not_paired() -> None:
    text = (
        "XXZ 3\n" + one("   2 w 0", "0000 - Z") + two("   1 b 1", points="1.0") + p001(3, "Three")
    )
    state = read_trf(text)
    assert state.absent == {1: "Z", 3: "Z"}
    assert [p.id for p in state.available] == [2]


def test_a_round_holding_only_byes_is_a_paired_round() -> None:
    # Round 2 holds the pairing-allocated bye (U) and half-point byes, no board: the pairing
    # made it, so it is done and round 3 is next (not round 2 again with everybody absent).
    text = (
        one("   2 w 1", "0000 - U", points="2.0")
        + two("   1 b 0", "0000 - H", points="0.5")
        + p001(3, "Three", "0000 - H", "0000 - H", points="1.0")
        + "\n"
    )
    state = read_trf(text)
    assert state.rounds_done == 2
    assert state.next_round == 3
    assert state.absent == {}
    assert state.recorded_pairing(2).bye == 1
    # Byes with someone left to pair (3 blank) are requests for the next round ...
    text = (
        one("   2 w 1", "0000 - H", points="1.5")
        + two("   1 b 0", "0000 - Z", points="0.0")
        + p001(3, "Three", "0000 - H", points="0.5")
        + "\n"
    )
    state = read_trf(text)
    assert state.rounds_done == 1
    assert state.absent == {1: "H", 2: "Z"}
    # ... but a column where everybody has a bye or is absent left nobody to pair: that round
    # is over, and round 3 is next.
    state = read_trf(
        one("   2 w 1", "0000 - H", points="1.5") + two("   1 b 0", "0000 - Z", points="0.0")
    )
    assert state.rounds_done == 2
    assert state.absent == {}


def test_xxc_rank_takes_pairing_numbers_from_the_rank_column() -> None:
    text = "XXC rank white1\n" + p001(1, "One", rank="2") + "\n" + p001(2, "Two", rank="1")
    state = read_trf(text)
    assert [p.id for p in state.available] == [2, 1]
    assert read_trf(write_trf(state)) == state


def test_truncated_keeps_only_absences_of_the_next_round() -> None:
    state = read_trf(SMALL)
    before_2 = state.truncated(1)
    assert before_2.rounds_done == 1
    assert before_2.absent == {}
    assert before_2.scores == {1: 2, 2: 2, 3: 0, 4: 0}
    assert state.recorded_pairing(2).pairs == {(1, 2), (4, 3)}


def test_with_round_appends_a_column() -> None:
    state = read_trf(SMALL)
    nxt = state.with_round(
        {
            1: RoundEntry(2, Colour.WHITE, "1"),
            2: RoundEntry(1, Colour.BLACK, "0"),
            3: RoundEntry(None, None, "U"),
        }
    )
    assert nxt.rounds_done == 3
    assert nxt.player(4).results[-1] == RoundEntry(None, None, "H")
    assert nxt.scores == {1: 5, 2: 3, 3: 2, 4: 3}
    assert nxt.absent == {}


def _error(text: str) -> TrfError:
    with pytest.raises(TrfError) as info:
        read_trf(text)
    return info.value


def one(*rounds: str, points: str = "0.0") -> str:
    return p001(1, "One", *rounds, points=points, rating="2000") + "\n"


def two(*rounds: str, points: str = "0.0") -> str:
    return p001(2, "Two", *rounds, points=points, rating="1900") + "\n"


@pytest.mark.parametrize(
    ("text", "line", "column", "words"),
    [
        ("012 x\nABC nothing\n" + one(), 2, 1, "unknown record"),
        (one() + one(), 2, 5, "appears twice"),
        ("001 abcd\n", 1, 5, "starting rank"),
        (one()[:48] + "20x0" + one()[52:], 1, 49, "rating"),
        (one("   2 w 1", points="1.0") + two("   3 b 0"), 1, 92, "does not point back"),
        (one("   2 w 1", points="1.0") + two("   1 w 0"), 1, 97, "inconsistent colours"),
        (one("   2 w 1", points="1.0") + two("   1 b 1", points="1.0"), 1, 99, "does not match"),
        (one("   2 w 1", points="0.5") + two("   1 b 0"), 1, 81, "do not match the results"),
        (one("   2 w Q"), 1, 99, "unknown result code"),
        (one("   2 x 1"), 1, 97, "colour"),
        (one("   9 w 1", points="1.0"), 1, 92, "not a player"),
        (one("0000 w U", points="1.0"), 1, 97, "no colour"),
        (one("   1 w 1", points="1.0"), 1, 92, "against himself"),
        (one("  2x w 1"), 1, 92, "opponent"),
        ("x".join((one("   2 w 1")[:89], one("   2 w 1")[90:])), 1, 90, "unexpected"),
        (one("   2xw 1"), 1, 96, "unexpected"),
        (one("   2 w;1"), 1, 98, "unexpected"),
        (one()[:19] + "\x01" + one()[20:], 1, 20, "control character"),
        ("XXR nine\n" + one(), 1, 5, "number of rounds"),
        ("XXC purple\n" + one(), 1, 5, "XXC"),
        ("XXS W=1.3\n" + one(), 1, 7, "multiple of 0.5"),
        ("012x\n" + one(), 1, 4, "blank after"),
        (one(points="4.x"), 1, 81, "points"),
    ],
)
def test_malformed_files_name_line_and_column(
    text: str, line: int, column: int, words: str
) -> None:
    error = _error(text)
    assert (error.line, error.column) == (line, column), str(error)
    assert words in str(error)
    assert f"line {line}" in str(error)


@pytest.mark.parametrize(
    ("record", "column"),
    [
        ("XXP 1 99", 7),
        ("260 001 003    1   99", 20),
        ("XXZ 1 99", 7),
        ("240 F   2    1   99", 16),
        ("XXA   99  1.0", 5),
        ("XXF   99    1", 5),
    ],
)
def test_an_unknown_player_in_a_record_is_named_at_its_line_and_column(
    record: str, column: int
) -> None:
    """``XXP 1 99`` said "forbidden pairing names unknown player 99" and ``XXZ 99`` "absent
    player 99 does not exist" with no line or column, and 240 named column 11 whichever of its
    players was unknown; each now names the line and the column of the unknown number."""
    error = _error("012 x\n" + record + "\n" + one() + two())
    assert (error.line, error.column) == (2, column), str(error)
    assert "99" in str(error) and "line 2" in str(error)


@pytest.mark.parametrize(
    ("dates", "column", "found"),
    [
        ("26/13/45", 92, "'26/13/45'"),
        ("26/07/04  26/02/30", 102, "'26/02/30'"),
        ("26/07/04            2026/07/", 112, "'2026/07/'"),
    ],
)
def test_an_impossible_round_date_is_an_error_not_dropped(
    dates: str, column: int, found: str
) -> None:
    """Record 132's ``26/13/45`` was read as text and the import left an empty round schedule
    without a word; a round date is YY/MM/DD at columns 92-99, 102-109, ... (the FIDE text),
    so one that does not exist is named at its line and column like any bad field."""
    error = _error("012 x\n132" + " " * 88 + dates + "\n" + one())
    assert (error.line, error.column) == (2, column), str(error)
    assert "must be a date YY/MM/DD" in str(error) and found in str(error)


def test_round_dates_read_as_written_with_blank_rounds() -> None:
    state = read_trf("132" + " " * 88 + "26/07/04            26/07/06\n" + one())
    assert state.info.round_dates == ("26/07/04", "", "26/07/06")


@pytest.mark.parametrize("born", ["1972/13/45", "1990/02/30", "1990/05/00", "unknown"])
def test_an_impossible_birth_date_is_an_error_not_dropped(born: str) -> None:
    """Columns 70-79 were kept as text and the import silently dropped a date that does not
    exist (month 13, 30 February); it is named at line and column like any bad field."""
    error = _error("012 x\n" + p001(1, "One", born=born))
    assert (error.line, error.column) == (2, 70), str(error)
    assert "birth date must be a date YYYY/MM/DD" in str(error) and repr(born) in str(error)


@pytest.mark.parametrize(
    "born", ["", "1990/00/00", "1990", "0000/00/00", "1985/03/12", "2000-02-29", "0001/01/01"]
)
def test_a_birth_year_or_an_existing_date_is_read_as_written(born: str) -> None:
    assert read_trf(p001(1, "One", born=born)).player(1).birth_date == born


def test_an_empty_file_is_an_error() -> None:
    assert "no player records" in str(_error("012 Nothing\n"))


def test_nothing_is_half_loaded(tmp_path: Path) -> None:
    # A file whose last line is broken raises; there is no partial result to use.
    good = read_trf(SMALL)
    broken = SMALL + "001    5       Echo                              zzzz\n"
    with pytest.raises(TrfError):
        read_trf(broken)
    assert read_trf(SMALL) == good


def test_writer_keeps_descriptive_fields() -> None:
    state = read_trf(SMALL)
    out = write_trf(state)
    assert "012 Club Championship" in out
    assert "XXC black1" in out
    line = next(x for x in out.splitlines() if x.startswith("001    1"))
    assert line[10:13] == " GM" and line[14:25] == "Alpha, Ann "
    assert line[48:52] == "2500" and line[53:56] == "USA" and line[69:79] == "1990/01/01"
    renamed = replace(state, info=replace(state.info, name="Renamed"))
    assert read_trf(write_trf(renamed)).info.name == "Renamed"


@pytest.mark.parametrize("version", [16, 26])
def test_record_202_is_written_in_mtb26_syntax(version: int) -> None:
    """TRF-2026 record 202 holds MTB26 codes, modifiers after a slash (``BH/C1``,
    ``KS/L+1``); the web app's codes (``BH-C1``) were written as they are stored. Codes
    already in MTB26 syntax and US Chess codes (``US-MM``) stay; the file reads back the same
    tie-breaks."""
    state = read_trf("012 T\n202 BH-C1,KS-L+1,BH-C1/P,SB-M2,BH/C2,US-MM,RP\n001    1 A\n")
    text = write_trf(state, version=version)
    assert "202 BH/C1,KS/L+1,BH/C1/P,SB/M2,BH/C2,US-MM,RP\n" in text
    assert read_trf(text).info.tie_breaks == "BH/C1,KS/L+1,BH/C1/P,SB/M2,BH/C2,US-MM,RP"
