"""Every round of the Dubov corpus (complete tournaments paired by a literal reference reading
of the 2018 text, tests/data/corpus/dubov-2018) re-paired from the rounds before it.

dubov-2018-unsorted/ holds 11 small tournaments (6-14 players) of the same reference whose
pairing numbers are partly out of rating order (late entries, provisional ratings, imported
ranks): there, a rule that orders by pairing number (A.2, B.3, D.1.a, D.2, E.5) and one that
orders by rating pair differently. They are few and small, so every file is replayed both in
``make test`` and under the ``corpus`` marker."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.engine.corpus import assert_reproduces, corpus_params, everywhere_params


@pytest.mark.parametrize("path", corpus_params("dubov-2018", fast_every=4))
def test_dubov_corpus_file(path: Path) -> None:
    assert_reproduces(path, "dubov")


@pytest.mark.parametrize("path", everywhere_params("dubov-2018-unsorted"))
def test_dubov_unsorted_corpus_file(path: Path) -> None:
    """Pairing numbers out of rating order: every round equals the reference's."""
    assert_reproduces(path, "dubov")
