"""The words each edition of C.04.3 uses in the explanations: its article numbers, its
criteria's labels and what a candidate that loses on a level does worse."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pairing.engine.core.state import Colour
from pairing.engine.dutch.criteria import Level
from pairing.engine.dutch.edition import (
    Edition,
)


@dataclass(frozen=True)
class Terms:
    """The article numbers of one edition."""

    system: str
    criteria: dict[Level, str]
    c1: str
    c2: str
    c3: str
    c4: str
    pairs: str
    """Maximise the pairs (2017 C.5, 2026 C6)."""
    bye_score: str
    """2026 C5 ("" in 2017)."""
    brackets: str
    byes: str
    floats: str
    outlook: str
    subgroups: str
    mdps_apart: str
    best: str
    transposition: str
    exchange: str
    mdp_sets: str
    colours: tuple[str, ...]
    """E.1-E.5 / 5.2.1-5.2.5."""

    @staticmethod
    def art(article: str) -> str:
        return f"C.04.3 {article}"


def _levels(names: Sequence[str]) -> dict[Level, str]:
    return dict(zip(Level, names, strict=True))


TERMS_2017 = Terms(
    system="FIDE Dutch (C.04.3, 2017)",
    criteria=_levels(["C.4", "C.5", "C.6", "C.7", "C.7", "", *(f"C.{n}" for n in range(8, 20))]),
    c1="C.1",
    c2="C.2",
    c3="C.3",
    c4="C.4",
    pairs="C.5",
    bye_score="",
    brackets="A.3",
    byes="A.5",
    floats="A.4",
    outlook="A.9",
    subgroups="B.2",
    mdps_apart="B.3",
    best="B.8",
    transposition="D.1",
    exchange="D.2",
    mdp_sets="D.3",
    colours=("E.1", "E.2", "E.3", "E.4", "E.5"),
)
TERMS_2026 = Terms(
    system="FIDE Dutch (C.04.3, 2026)",
    criteria=_levels(["C4", "C6", "C7", "C8", "C8", "C9", *(f"C{n}" for n in range(10, 22))]),
    c1="C1",
    c2="C2",
    c3="C3",
    c4="C4",
    pairs="C6",
    bye_score="C5",
    brackets="1.3",
    byes="1.5",
    floats="1.4",
    outlook="1.9",
    subgroups="3.2",
    mdps_apart="3.3",
    best="3.8",
    transposition="4.2",
    exchange="4.3",
    mdp_sets="4.4",
    colours=("5.2.1", "5.2.2", "5.2.3", "5.2.4", "5.2.5"),
)


def terms_of(edition: Edition) -> Terms:
    return TERMS_2026 if edition.year == 2026 else TERMS_2017


def worse(level: Level, edition: Edition) -> str:
    """What a candidate that loses on ``level`` does worse."""
    new = edition.year == 2026
    return {
        Level.COVER: "the rest of the round could not be paired completely",
        Level.PAIRS: "fewer pairs in the bracket",
        Level.PSD: "higher-scored downfloaters" if new else "a larger pairing score difference",
        Level.NEXT_PAIRS: "the following bracket would pair fewer players",
        Level.NEXT_PSD: "the following bracket would pair worse",
        Level.UNPLAYED: "the bye's holder would have more unplayed games",
        Level.TOPSCORER_DIFFERENCE: (
            "a topscorer or his opponent would reach a colour difference beyond 2"
        ),
        Level.TOPSCORER_THRICE: (
            "a topscorer or his opponent would have one colour three times running"
        ),
        Level.PREFERENCE_LOST: "more players would not get their colour preference",
        Level.STRONG_PREFERENCE_LOST: "more players would not get their strong colour preference",
        Level.DOWNFLOAT_AGAIN: "more players would float down again after the previous round",
        Level.UPFLOAT_AGAIN: "more players would float up again after the previous round",
        Level.DOWNFLOAT_TWO_ROUNDS_BEFORE: "more players would float down again after two rounds",
        Level.UPFLOAT_TWO_ROUNDS_BEFORE: "more players would float up again after two rounds",
        Level.DOWNFLOAT_AGAIN_SD: "larger score differences of players floating down again",
        Level.UPFLOAT_AGAIN_SD: "larger score differences of players floating up again",
        Level.DOWNFLOAT_TWO_ROUNDS_BEFORE_SD: (
            "larger score differences of players floating down again (two rounds)"
        ),
        Level.UPFLOAT_TWO_ROUNDS_BEFORE_SD: (
            "larger score differences of players floating up again (two rounds)"
        ),
    }[level]


def colour_name(c: Colour | None) -> str:
    return "White" if c is Colour.WHITE else "Black"
