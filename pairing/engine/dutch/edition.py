"""The two editions of the Dutch system the engine pairs, as one rule object each.

The 2026 edition (C.04.3 "Approved by the Council on 28/10/2025, applied from 1st February,
2026") kept the bracket procedure, the generation order and the colour rules of the 2017
edition (Baku 2016 / Goynuk 2017). What it changed is one switch each of :class:`Edition`;
everything else is shared code. (Its other novelties change no pairing here: pairing numbers
are now called TPNs, C.04.2 art. 2; the MDP sets of 4.4 come in the order D.3 gave them once
C7 has settled their scores; M1 of 3.1.3 is the number of MDPs the chosen candidate pairs,
which is what the engine always used.)
"""

from __future__ import annotations

from dataclasses import dataclass

from pairing.engine.core.state import Player, PointValues, RoundEntry


@dataclass(frozen=True)
class Edition:
    """The rules that differ between the editions of C.04.3, one switch per change (on = the
    2026 rule)."""

    year: int
    """2017 or 2026."""
    code: str
    """TRF-2026 record 192 code."""
    floats_need_points: bool
    """2026 1.4.3-1.4.4: an unplayed round is a downfloat only after a PAB or when it scored
    more than a loss (2017 A.4.b: every unplayed round)."""
    bye_barred_by_unplayed_win: bool
    """2026 C2 (C.04.1 art. 4): any round scored as a win without playing bars the bye
    (2017 C.2, C.04.1.d: a PAB or a forfeit win)."""
    completion_everywhere: bool
    """2026 C4 binds every bracket; no PPB, no collapsed last bracket (2017 A.9, C.4)."""
    lowest_bye_score: bool
    """2026 C5: the bye goes to the lowest score a complete round-pairing allows."""
    downfloater_scores: bool
    """2026 C7 and C8: the downfloaters' scores (descending), here and in the next bracket,
    instead of the PSD of pairs and downfloaters (2017 C.6, C.7)."""
    bye_unplayed: bool
    """2026 C9: fewest unplayed games for the bye's assignee, in a bracket that downfloats
    exactly one player who receives the bye."""
    resident_floats: bool
    """2026 C14-C21: repeated downfloats counted for resident downfloaters, score differences
    for MDPs and their opponents (2017 C.12-C.19: every player floating again)."""

    def unplayed_downfloat(self, entry: RoundEntry, points: PointValues) -> bool:
        """Whether a round ``entry`` in which the player did not play a game was a downfloat
        (otherwise it was no float)."""
        if not self.floats_need_points:
            return True  # 2017 A.4.b: "for whatever reason, does not play"
        # 2026 1.4.3: a PAB, or scoring more than a loss without playing; 1.4.4: nobody else.
        return entry.is_pab or points.of(entry) > points.loss

    def bye_barred(self, player: Player, points: PointValues) -> bool:
        """C.2 (2017) / C2 (2026): the player may not receive the pairing-allocated bye."""
        if not self.bye_barred_by_unplayed_win:
            return player.had_pab_or_forfeit_win  # C.04.1.d (2017)
        # C.04.1 art. 4 (2026): a PAB, or a win's points in one round without playing.
        return any(
            e.is_pab or (not e.played and points.of(e) >= points.win) for e in player.results
        )


EDITION_2017 = Edition(
    2017,
    "FIDE_DUTCH_2017",
    floats_need_points=False,
    bye_barred_by_unplayed_win=False,
    completion_everywhere=False,
    lowest_bye_score=False,
    downfloater_scores=False,
    bye_unplayed=False,
    resident_floats=False,
)
EDITION_2026 = Edition(
    2026,
    "FIDE_DUTCH_2026",
    floats_need_points=True,
    bye_barred_by_unplayed_win=True,
    completion_everywhere=True,
    lowest_bye_score=True,
    downfloater_scores=True,
    bye_unplayed=True,
    resident_floats=True,
)


def unplayed_games(player: Player) -> int:
    """2026 C9: the rounds in which the player did not play a game over the board."""
    return sum(1 for e in player.results if not e.played)


def edition_named(system_code: str) -> Edition:
    """The edition a TRF-2026 record 192 names: ``FIDE_DUTCH_2017`` (with any suffix, such as
    ``_BAKU``) the 2017 one; anything else, or nothing, the edition in force (2026)."""
    if system_code.strip().upper().startswith(EDITION_2017.code):
        return EDITION_2017
    return EDITION_2026
