"""Fuzzing the TRF reader: whatever the input, it either reads or raises TrfError."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pairing.engine.core.errors import TrfError
from pairing.engine.trf import read_trf, write_trf
from tests.engine.corpus import CORPUS

SEED_FILES = [
    (CORPUS / "dutch-2017" / "t0001_p038_r10_light.trf").read_text(encoding="utf-8"),
    (CORPUS / "dubov-2018" / "t001.trf").read_text(encoding="utf-8"),
    (CORPUS / "tcec" / "tcec_000_d_p16_r18.trf").read_text(encoding="utf-8"),
]
ALPHABET = st.sampled_from(list("0123456789 wbWB-+=HFUZDL.\r\nX0012XXRCSAPT\t\u00e9\u2013"))


def read_or_trf_error(text: str) -> None:
    try:
        state = read_trf(text)
    except TrfError as e:
        assert e.line >= 0 and e.column >= 0
        return
    # Whatever was read must also be writable and read back identically.
    assert read_trf(write_trf(state)) == state


@settings(max_examples=300, deadline=None)
@given(st.text())
def test_arbitrary_text(text: str) -> None:
    read_or_trf_error(text)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.text(alphabet=ALPHABET, max_size=130), max_size=6))
def test_player_like_lines(rows: list[str]) -> None:
    read_or_trf_error("\n".join("001 " + r for r in rows))


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(range(len(SEED_FILES))),
    st.lists(st.tuples(st.integers(0, 10**6), ALPHABET), min_size=1, max_size=8),
)
def test_mutated_real_files(which: int, edits: list[tuple[int, str]]) -> None:
    chars = list(SEED_FILES[which])
    for position, char in edits:
        chars[position % len(chars)] = char
    read_or_trf_error("".join(chars))


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from(range(len(SEED_FILES))),
    st.lists(st.integers(0, 10**4), min_size=1, max_size=5),
    st.booleans(),
)
def test_lines_dropped_or_duplicated(which: int, picks: list[int], duplicate: bool) -> None:
    lines = SEED_FILES[which].splitlines()
    for pick in picks:
        i = pick % len(lines)
        if duplicate:
            lines.insert(i, lines[i])
        else:
            del lines[i]
    read_or_trf_error("\n".join(lines))
