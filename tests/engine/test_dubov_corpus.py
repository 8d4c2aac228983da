"""Every round of the Dubov corpus (complete tournaments paired by a literal reference reading
of the 2018 text, tests/data/corpus/dubov-2018) re-paired from the rounds before it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.engine.corpus import assert_reproduces, corpus_params


@pytest.mark.parametrize("path", corpus_params("dubov-2018", fast_every=4))
def test_dubov_corpus_file(path: Path) -> None:
    assert_reproduces(path, "dubov")
