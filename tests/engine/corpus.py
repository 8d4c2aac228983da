"""Shared helpers for replaying the corpus of complete tournaments (tests/data/corpus, a copy of
../shared/corpus): every round of every file is a test case."""

from __future__ import annotations

from pathlib import Path

import pytest

from pairing.engine.systems import pairing_system
from pairing.engine.tools.checker import check_tournament
from pairing.engine.trf import load_trf

CORPUS = Path(__file__).resolve().parent.parent / "data" / "corpus"


def corpus_params(folder: str, fast_every: int = 10) -> list:
    """One pytest param per file of ``folder``; all but every ``fast_every``-th file carry the
    ``corpus`` marker, so ``make test`` replays a fast sample and ``-m corpus`` the rest."""
    files = sorted((CORPUS / folder).glob("*.trf"))
    assert files, f"no corpus files in {CORPUS / folder}"
    return [
        pytest.param(f, id=f.stem, marks=() if i % fast_every == 0 else (pytest.mark.corpus,))
        for i, f in enumerate(files)
    ]


def everywhere_params(folder: str) -> list:
    """Two pytest params per file of ``folder``: one in the fast sample (``make test``) and one
    with the ``corpus`` marker (``make corpus``), so that both replay the whole folder."""
    files = sorted((CORPUS / folder).glob("*.trf"))
    assert files, f"no corpus files in {CORPUS / folder}"
    return [pytest.param(f, id=f.stem) for f in files] + [
        pytest.param(f, id=f"{f.stem}-corpus", marks=pytest.mark.corpus) for f in files
    ]


def assert_reproduces(path: Path, system: str) -> None:
    """Every round of the file, re-paired from the rounds before it, equals the recorded one
    (pairs, colours and the pairing-allocated bye)."""
    differences = check_tournament(load_trf(path), pairing_system(system))
    assert not differences, f"{path.name}:\n" + "\n".join(d.describe() for d in differences)
