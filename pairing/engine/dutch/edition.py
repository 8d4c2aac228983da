"""The two editions of the Dutch system the engine pairs, as one rule object each.

The 2026 edition (C.04.3 "Approved by the Council on 28/10/2025, applied from 1st February,
2026") kept the bracket procedure, the generation order and the colour rules of the 2017
edition (Baku 2016 / Goynuk 2017) and changed what follows; everything else is shared code.

=========================  ===========================================  ============================
what                       2017                                         2026
=========================  ===========================================  ============================
floats of unplayed rounds  A.4.b: every unplayed round is a downfloat   1.4.3-1.4.4: a PAB, or an
                                                                        unplayed round scored above
                                                                        a loss
bye barred by (C.2/C2)     C.04.1.d: a PAB or a forfeit win             C.04.1 art. 4: a PAB or any
                                                                        round scored as a win
                                                                        without playing
completion (C.4/C4)        A.9: only the PPB; then the CLB collapses    every bracket; no PPB/CLB
bye's score                (through the PSD of the last bracket)        C5: the lowest possible
bracket scores             C.6: PSD of pairs and downfloaters           C7: the downfloaters'
                                                                        scores, descending
look-ahead                 C.7: pairs and PSD of the next bracket       C8: pairs and downfloater
                                                                        scores of the next bracket
bye's unplayed games       --                                           C9: fewest
repeated floats            C.12-C.19: every player floating again       C14-C21: resident
                                                                        downfloaters (counts), MDPs
                                                                        and their opponents (SDs)
=========================  ===========================================  ============================
"""

from __future__ import annotations

from dataclasses import dataclass

from pairing.engine.core.state import Player, PointValues, RoundEntry


@dataclass(frozen=True)
class Edition:
    """The rules that differ between the editions of C.04.3."""

    year: int
    """2017 or 2026."""
    code: str
    """TRF-2026 record 192 code."""

    @property
    def universal_completion(self) -> bool:
        """2026 C4: the completion criterion binds every bracket (no PPB, no CLB)."""
        return self.year >= 2026

    @property
    def rules_2026(self) -> bool:
        """The criteria are the 2026 ones (C5, C7-C9, C14-C21)."""
        return self.year >= 2026

    def unplayed_downfloat(self, entry: RoundEntry, points: PointValues) -> bool:
        """Whether a round ``entry`` in which the player did not play a game was a downfloat
        (otherwise it was no float)."""
        if self.year < 2026:
            return True  # 2017 A.4.b: "for whatever reason, does not play"
        # 2026 1.4.3: a PAB, or scoring more than a loss without playing; 1.4.4: nobody else.
        return entry.is_pab or points.of(entry) > points.loss

    def bye_barred(self, player: Player, points: PointValues) -> bool:
        """C.2 (2017) / C2 (2026): the player may not receive the pairing-allocated bye."""
        if self.year < 2026:
            return player.had_pab_or_forfeit_win  # C.04.1.d (2017)
        # C.04.1 art. 4 (2026): a PAB, or a win's points in one round without playing.
        return any(
            e.is_pab or (not e.played and points.of(e) >= points.win) for e in player.results
        )


EDITION_2017 = Edition(2017, "FIDE_DUTCH_2017")
EDITION_2026 = Edition(2026, "FIDE_DUTCH_2026")


def unplayed_games(player: Player) -> int:
    """2026 C9: the rounds in which the player did not play a game over the board."""
    return sum(1 for e in player.results if not e.played)


def edition_named(system_code: str) -> Edition:
    """The edition a TRF-2026 record 192 names: ``FIDE_DUTCH_2017`` (with any suffix, such as
    ``_BAKU``) the 2017 one; anything else, or nothing, the edition in force (2026)."""
    if system_code.strip().upper().startswith(EDITION_2017.code):
        return EDITION_2017
    return EDITION_2026
