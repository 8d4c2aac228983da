"""Virtual points in TRF: ``XXA`` (TRF16 extension) and record 250 (TRF26) are read,
written and read back the same; forbidden pairs (``XXP``, 260) round-trip too."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pairing.engine import ForbiddenPairs, TrfError, read_trf, with_baku, write_trf
from tests.engine.test_dutch_support import state


def players(n: int) -> str:
    return "".join(f"001 {i:4d}      Player {i}\n" for i in range(1, n + 1))


def test_xxa_lines_round_trip() -> None:
    text = "012 Open\nXXR 9\nXXA    1  1.0  1.0  0.5\nXXA    3  0.0  0.5\n" + players(4)
    read = read_trf(text)
    assert read.acceleration == {1: (2, 2, 1), 3: (0, 1)}
    written = write_trf(read)
    assert "XXA    1  1.0  1.0  0.5\nXXA    3  0.0  0.5\n" in written
    assert read_trf(written) == read


def test_trailing_zero_rounds_and_empty_lines_say_nothing() -> None:
    text = "XXA    1  1.0  0.0  0.0\nXXA    2  0.0\n" + players(2)
    assert read_trf(text).acceleration == {1: (2,)}


def test_trf26_writes_the_baku_points_as_two_records_250() -> None:
    # Ten players, nine rounds: group A = 1-6 with 1.0 in rounds 1-3 and 0.5 in rounds 4-5.
    accelerated = with_baku(state(10, [], 9))
    written = write_trf(accelerated, version=26)
    records = [line for line in written.splitlines() if line.startswith("250")]
    assert records == [
        "250       1.0   1   3    1    6",
        "250       0.5   4   5    1    6",
    ]
    assert "XXA" not in written
    assert read_trf(written).acceleration == accelerated.acceleration


def test_record_250_columns_are_the_trf26_ones() -> None:
    record = write_trf(with_baku(state(10, [], 9)), version=26).splitlines()
    line = next(x for x in record if x.startswith("250"))
    # 5-8 match points (blank), 10-13 points, 15-17 / 19-21 rounds, 23-26 / 28-31 players
    assert (line[4:8], line[9:13], line[14:17], line[18:21], line[22:26], line[27:31]) == (
        "    ",
        " 1.0",
        "  1",
        "  3",
        "   1",
        "   6",
    )


def test_irregular_virtual_points_round_trip_through_records_250() -> None:
    virtual = {1: (2, 2, 1), 2: (2, 0, 1), 4: (1,), 5: (1, 1, 1)}
    irregular = replace(state(6, [], 7), acceleration=virtual)
    assert read_trf(write_trf(irregular, version=26)).acceleration == virtual
    assert read_trf(write_trf(irregular)).acceleration == virtual


def test_record_250_ranges_skip_ids_that_are_not_players() -> None:
    text = "250       1.0   1   2    1    9\n" + players(3)
    assert read_trf(text).acceleration == {1: (2, 2), 2: (2, 2), 3: (2, 2)}


def test_an_xxa_line_for_an_unknown_player_names_its_line() -> None:
    with pytest.raises(TrfError, match=r"line 2, column 5: XXA names unknown player 7"):
        read_trf("012 Open\nXXA    7  1.0\n" + players(2))


def test_a_second_xxa_line_for_a_player_is_refused() -> None:
    with pytest.raises(TrfError, match=r"line 2, column 5: player 1 has a second XXA line"):
        read_trf("XXA    1  1.0\nXXA    1  0.5\n" + players(2))


def test_forbidden_pairs_round_trip() -> None:
    text = "XXR 5\nXXP    1    2    3\n260   2   3    2    4\n" + players(4)
    read = read_trf(text)
    assert read.forbidden == (ForbiddenPairs((1, 2, 3)), ForbiddenPairs((2, 4), 2, 3))
    assert read_trf(write_trf(read)) == read
    assert not read.may_meet(3, 1)
    assert read.may_meet(2, 4)  # round 1: the 260 pair applies from round 2
