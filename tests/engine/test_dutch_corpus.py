"""Every round of every shared Dutch tournament, re-paired from the rounds before it, equals
the recorded pairing: pairs, colours and the pairing-allocated bye; the 2017 corpus by the
2017 edition (C.04.3 2017), the 2026 corpus by the 2026 edition.
``make test`` replays every tenth file; ``-m corpus`` (``make corpus``, CI) the others. The
regressions (dutch-2017-regressions/: tournaments an earlier version paired differently) are
small and replayed whole by both."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.engine.corpus import assert_reproduces, corpus_params, everywhere_params


@pytest.mark.parametrize("path", corpus_params("dutch-2017"))
def test_round_by_round(path: Path) -> None:
    assert_reproduces(path, "dutch-2017")


@pytest.mark.parametrize("path", everywhere_params("dutch-2017-regressions"))
def test_regressions_round_by_round(path: Path) -> None:
    assert_reproduces(path, "dutch-2017")


@pytest.mark.parametrize("path", corpus_params("dutch-2026"))
def test_round_by_round_2026(path: Path) -> None:
    assert_reproduces(path, "dutch-2026")
