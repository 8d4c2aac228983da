"""``dubov/edition.py``'s table of 2026 article numbers (``ARTICLES_2026``), entry by entry,
against the texts (issue 22, run 14).

The table is built when the module is imported, before mutmut sets a mutant, so mutmut sees
none of its 87 mutants; this test pins every entry instead, and a script that plants each of
them (docs/testing.md, "Run 14") checks that it fails for every one.

Each 2026 number below is read from the texts, not from the table: the 2018 text
(/work/shared/specs/fide-dubov-c0441.txt, sections A-E), the 2026 wording quoted in
/work/shared/specs/fide-dubov-notes.md section 2, and the 2026 Handbook page's list of
Article 1 (docs/dubov.md, "The 2026 edition": 1.1 rating, 1.2 TPN, 1.3 scoregroups and
brackets, 1.4 byes, 1.5 colour difference, 1.6 colour preferences, 1.7 ARO, 1.8 maximum
upfloater, 1.9 round-pairing outlook).
"""

from __future__ import annotations

import pytest

from pairing.engine.dubov.edition import ARTICLES_2026, EDITION_2018, EDITION_2026

# 2018 article -> (2026 article, why: the matching words of the two texts).
DERIVED: dict[str, tuple[str, str]] = {
    # Article 1, definitions (2018 section A).
    "A.1": ("1.1", "Rating: each player must have a rating; 2026 1.1 rating"),
    "A.2": ("1.2", "initial ranking list, re-sorted before round 4; 2026 1.2.2 TPN re-sorted"),
    "A.3": ("1.3", "scoregroups and pairing brackets; 2026 1.3.1/1.3.2 the same sentences"),
    "A.4": ("1.4", "byes; 2026 1.4 byes"),
    # A.5 defines the colour difference and the preferences; the engine cites it for a
    # preference, which 2026 gives its own article (1.5 is the colour difference alone).
    "A.5": ("1.6", "colour preferences; 2026 1.6"),
    "A.5.a": ("1.6.1", "absolute preference; 2026 1.6.1"),
    "A.5.b": ("1.6.2", "strong preference; 2026 1.6.2"),
    "A.5.c": ("1.6.3", "mild preference; 2026 1.6.3"),
    "A.5.d": ("1.6.4", "no game played: mild Black; 2026 1.6.4 the same sentence"),
    "A.6": ("1.7", "ARO; 2026 1.7.1-1.7.3 ARO"),
    "A.7": ("1.8", "maximum upfloater, MaxT = 2 + [Rnds/5]; 2026 1.8.1/1.8.2 the same"),
    "A.8": ("1.9", "round-pairing outlook; 2026 1.9"),
    # Article 2, criteria: C.1-C.10 -> [C1]-[C10] (notes: [C1] Basic Rules art. 2 = 2018
    # C.1's C.04.1.b, [C2] art. 4 = C.2's C.04.1.d, [C3] "same absolute colour preference",
    # [C4] completion, [C5] "minimise the number of upfloaters", [C6] score differences of
    # the upfloaters, [C7] colour preferences not granted, [C8]-[C10] "unless it is the
    # last round", maximum upfloaters, times upfloated, upfloated in the previous round).
    **{f"C.{n}": (f"C{n}", "criteria in the same order") for n in range(1, 11)},
    # Article 3, procedures.
    "B.0": ("3.1", "the pairing-allocated-bye is assigned to the player who: 2026 3.1"),
    "B.0.a": ("3.1.1", "neither a PAB nor a (forfeit) win; 2026 3.1.1"),
    "B.0.b": ("3.1.2", "allows a complete pairing of the others; 2026 3.1.2"),
    "B.0.c": ("3.1.3", "the lowest score; 2026 3.1.3"),
    "B.0.d": ("3.1.4", "the highest number of games played; 2026 3.1.4"),
    "B.0.e": ("3.1.5", "the lowest in the initial ranking list; 2026 3.1.5 the largest TPN"),
    "B.1": ("3.2.1", "minimum number of upfloaters; 2026 3.2.1 the same sentence"),
    "B.2": ("3.2.2", "the first set of upfloaters; 2026 3.2.2"),
    "B.3": ("3.2.3", "G1 and G2; 2026 3.2.3"),
    "B.4": ("3.2.4", "shifting players between the subgroups; 2026 3.2.4 re-composition"),
    "B.5": ("3.2.5", "S1 by ascending ARO; 2026 3.2.5 the same sentence"),
    "B.6": ("3.2.6", "T2, the first transposition; 2026 3.2.6"),
    # Article 4, sorting (4.4.1's "Article 2.2.4" is a known misprint for 3.2.4).
    "D.0": ("4.1", "generalities of sorting, before 4.2-4.4"),
    "D.1": ("4.2", "sorting the upfloaters; 2026 4.2.2 the upfloaters' sequence numbers"),
    "D.2": ("4.3", "sorting the shifters; 2026 4.3.2/4.3.3 White and Black seekers"),
    "D.3": ("4.4", "transpositions of G2; 2026 4.4.2"),
    # Article 5, colours: 2018 E.0-E.4 -> 5.2.1-5.2.5.
    "E.0": ("5.2.1", "both yet to play a game: the initial colour by parity; 2026 5.2.1"),
    "E.1": ("5.2.2", "grant both colour preferences; 2026 5.2.2"),
    "E.2": ("5.2.3", "grant the stronger colour preference; 2026 5.2.3"),
    "E.3": ("5.2.4", "alternate to the most recent different colours; 2026 5.2.4"),
    "E.4": ("5.2.5", "the higher ranked player's preference; 2026 5.2.5"),
}


def test_the_2026_table_has_exactly_the_derived_articles() -> None:
    """No entry missing, none added, every 2026 number as the texts give it."""
    derived = {old: new for old, (new, _why) in DERIVED.items()}
    assert derived == ARTICLES_2026


@pytest.mark.parametrize("label", sorted(DERIVED))
def test_each_edition_cites_its_own_number(label: str) -> None:
    """2026 cites the derived number; 2018 cites the label as it is."""
    assert EDITION_2026.article(label) == DERIVED[label][0]
    assert EDITION_2018.article(label) == label
