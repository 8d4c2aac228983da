"""The two editions of the Dubov system the engine pairs, as one rule object each.

The 2026 edition (C.04.4.1 "Approved by the Council on 28/10/2025, Applied from 1st February,
2026", with the Basic Rules C.04.1 and the General Handling Rules C.04.2 of the same date)
renumbered the 2018 text (sections A-E became Articles 0-5, the criteria C.1-C.10 became
[C1]-[C10]) and reworded it; one change alters a pairing, the switch of :class:`Edition`.
The rewordings that pair the same are listed, with both article numbers, in docs/dubov.md
("The 2026 edition").
"""

from __future__ import annotations

from dataclasses import dataclass

from pairing.engine.core.state import Player, PointValues


@dataclass(frozen=True)
class Edition:
    """The rules that differ between the editions of C.04.4.1, one switch per change (on =
    the 2026 rule), and the article numbers an explanation cites."""

    year: int
    """2018 or 2026."""
    code: str
    """TRF-2026 record 192 code written for a tournament paired by this edition."""
    bye_barred_by_unplayed_win: bool
    """2026 [C2] (C.04.1 art. 4): any round scored as a win without playing (a requested
    full-point bye ``F`` too) bars the pairing-allocated bye (2018 C.2, C.04.1.d: a PAB or a
    forfeit win)."""

    def bye_barred(self, player: Player, points: PointValues) -> bool:
        """C.2 (2018) / [C2] (2026): the player may not receive the pairing-allocated bye."""
        if not self.bye_barred_by_unplayed_win:
            return player.had_pab_or_forfeit_win  # C.04.1.d (2017 Basic Rules)
        # C.04.1 art. 4 (2026): a PAB, or a win's points in one single round without playing.
        return any(
            e.is_pab or (not e.played and points.of(e) >= points.win) for e in player.results
        )

    def article(self, label: str) -> str:
        """The article of this edition that says what the 2018 article ``label`` says
        (``B.0.c`` -> ``3.1.3``, ``C.7`` -> ``C7``); 2018 labels are returned as they are."""
        if self.year == 2018:
            return label
        return ARTICLES_2026[label]


def _articles_2026() -> dict[str, str]:
    """2018 article -> 2026 article (C.04.4.1 2026: Article 1 definitions, 2 criteria [C1]-
    [C10], 3 procedures, 4 sorting, 5 colours)."""
    out = {
        "A.1": "1.1",
        "A.2": "1.2",
        "A.3": "1.3",
        "A.4": "1.4",
        "A.5": "1.6",
        "A.5.a": "1.6.1",
        "A.5.b": "1.6.2",
        "A.5.c": "1.6.3",
        "A.5.d": "1.6.4",
        "A.6": "1.7",
        "A.7": "1.8",
        "A.8": "1.9",
        "B.0": "3.1",
        "D.0": "4.1",
        "D.1": "4.2",
        "D.2": "4.3",
        "D.3": "4.4",
    }
    out |= {f"B.0.{letter}": f"3.1.{n}" for n, letter in enumerate("abcde", start=1)}
    out |= {f"B.{n}": f"3.2.{n}" for n in range(1, 7)}  # B.1-B.6 -> 3.2.1-3.2.6
    out |= {f"C.{n}": f"C{n}" for n in range(1, 11)}  # C.1-C.10 -> [C1]-[C10]
    out |= {f"E.{n}": f"5.2.{n + 1}" for n in range(5)}  # E.0-E.4 -> 5.2.1-5.2.5
    return out


ARTICLES_2026 = _articles_2026()
"""The 2026 article for each 2018 one (criteria as ``C1``-``C10``, as the Dutch explanations
cite them)."""

EDITION_2018 = Edition(2018, "FIDE_DUBOV_2018", bye_barred_by_unplayed_win=False)
EDITION_2026 = Edition(2026, "FIDE_DUBOV", bye_barred_by_unplayed_win=True)


def edition_named(system_code: str) -> Edition:
    """The edition a TRF-2026 record 192 names: ``FIDE_DUBOV_2018`` (with any suffix, such as
    ``_BAKU``) the 2018 one; anything else (ETT26 ``FIDE_DUBOV``, ``FIDE_DUBOV_2026``), or
    nothing, the edition in force (2026)."""
    if system_code.strip().upper().startswith(EDITION_2018.code):
        return EDITION_2018
    return EDITION_2026
