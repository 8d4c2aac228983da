"""Every round of the Dubov corpora re-paired from the rounds before it: tournaments paired by
a literal reference reading of the 2018 text (tests/data/corpus/dubov-2018) by the 2018
edition; dubov-2018-unsorted, 11 small tournaments of the same reference whose pairing numbers
are partly out of rating order (late entries, provisional ratings, imported ranks: there, a
rule that orders by pairing number (A.2, B.3, D.1.a, D.2, E.5) and one that orders by rating
pair differently), every file both in ``make test`` and under the ``corpus`` marker; those
paired by a literal reading of the 2026 text (dubov-2026, with requested full-point byes) by
the 2026 edition and by the ``dubov`` alias (no record 192: the edition in force); and the
2018 edition pairs dubov-2026 differently in exactly the rounds its index.json lists (the
reference's own 2018 reading of the same positions)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pairing.engine import check_tournament, load_trf, pairing_system
from tests.engine.corpus import CORPUS, assert_reproduces, corpus_params, everywhere_params


@pytest.mark.parametrize("path", corpus_params("dubov-2018", fast_every=4))
def test_dubov_corpus_file(path: Path) -> None:
    assert_reproduces(path, "dubov-2018")


@pytest.mark.parametrize("path", everywhere_params("dubov-2018-unsorted"))
def test_dubov_unsorted_corpus_file(path: Path) -> None:
    """Pairing numbers out of rating order: every round equals the reference's."""
    assert_reproduces(path, "dubov-2018")


@pytest.mark.parametrize("path", corpus_params("dubov-2026", fast_every=2))
def test_dubov_2026_file(path: Path) -> None:
    assert_reproduces(path, "dubov-2026")


@pytest.mark.parametrize("path", corpus_params("dubov-2026", fast_every=2))
def test_dubov_2026_file_by_the_edition_in_force(path: Path) -> None:
    """The files carry no record 192: ``dubov`` pairs them by the 2026 edition."""
    assert_reproduces(path, "dubov")


def test_the_2018_edition_differs_on_dubov_2026_exactly_where_the_index_says() -> None:
    """index.json: ``rounds_paired_differently_by_2018`` (every one because the 2018 bye would
    go to a player who had a full-point bye F, which 2026 [C2] bars)."""
    folder = CORPUS / "dubov-2026"
    index = json.loads((folder / "index.json").read_text())
    expected = {f["file"]: f["rounds_paired_differently_by_2018"] for f in index["files"]}
    assert any(expected.values())
    pair_2018 = pairing_system("dubov-2018")
    found = {
        name: [d.round for d in check_tournament(load_trf(folder / name), pair_2018)]
        for name in expected
    }
    assert found == expected
