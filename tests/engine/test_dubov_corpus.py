"""Every round of the Dubov corpora re-paired from the rounds before it: tournaments paired by
a literal reference reading of the 2018 text (tests/data/corpus/dubov-2018, and
dubov-2018-unsorted with pairing numbers out of rating order) by the 2018 edition, those paired
by a literal reading of the 2026 text (dubov-2026, with requested full-point byes) by the 2026
edition; and the 2018 edition pairs dubov-2026 differently in exactly the rounds its
index.json lists (the reference's own 2018 reading of the same positions)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from pairing.engine.core.state import RoundPairing, TournamentState
from pairing.engine.dubov import pair_round, pair_round_2018, pair_round_2026
from pairing.engine.tools.checker import check_tournament
from pairing.engine.trf import load_trf
from tests.engine.corpus import CORPUS, corpus_params


def assert_reproduces(path: Path, pair: Callable[[TournamentState], RoundPairing]) -> None:
    """Every round of the file, re-paired by ``pair`` from the rounds before it, equals the
    recorded one (pairs, colours and the pairing-allocated bye)."""
    differences = check_tournament(load_trf(path), pair)
    assert not differences, f"{path.name}:\n" + "\n".join(d.describe() for d in differences)


@pytest.mark.parametrize("path", corpus_params("dubov-2018", fast_every=4))
def test_dubov_corpus_file(path: Path) -> None:
    assert_reproduces(path, pair_round_2018)


@pytest.mark.parametrize("path", corpus_params("dubov-2018-unsorted", fast_every=4))
def test_dubov_2018_unsorted_file(path: Path) -> None:
    assert_reproduces(path, pair_round_2018)


@pytest.mark.parametrize("path", corpus_params("dubov-2026", fast_every=2))
def test_dubov_2026_file(path: Path) -> None:
    assert_reproduces(path, pair_round_2026)


@pytest.mark.parametrize("path", corpus_params("dubov-2026", fast_every=2))
def test_dubov_2026_file_by_the_edition_in_force(path: Path) -> None:
    """The files carry no record 192: ``pair_round`` pairs them by the 2026 edition."""
    assert_reproduces(path, pair_round)


def test_the_2018_edition_differs_on_dubov_2026_exactly_where_the_index_says() -> None:
    """index.json: ``rounds_paired_differently_by_2018`` (every one because the 2018 bye would
    go to a player who had a full-point bye F, which 2026 [C2] bars)."""
    folder = CORPUS / "dubov-2026"
    index = json.loads((folder / "index.json").read_text())
    expected = {f["file"]: f["rounds_paired_differently_by_2018"] for f in index["files"]}
    assert any(expected.values())
    found = {
        name: [d.round for d in check_tournament(load_trf(folder / name), pair_round_2018)]
        for name in expected
    }
    assert found == expected
