"""Every round of every shared Dutch (C.04.3 2017) tournament, re-paired from the rounds
before it, equals the recorded pairing: pairs, colours and the pairing-allocated bye.
``make test`` replays every tenth file of dutch-2017/; ``-m corpus`` (``make corpus``, CI) the
others. The regressions (dutch-2017-regressions/: tournaments an earlier version paired
differently) are small and replayed whole by both."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.engine.corpus import assert_reproduces, corpus_params, everywhere_params


@pytest.mark.parametrize("path", corpus_params("dutch-2017"))
def test_round_by_round(path: Path) -> None:
    assert_reproduces(path, "dutch")


@pytest.mark.parametrize("path", everywhere_params("dutch-2017-regressions"))
def test_regressions_round_by_round(path: Path) -> None:
    assert_reproduces(path, "dutch")
