"""The choices US Chess lets the tournament director make, with the rules' defaults.

References are to the US Chess Federation's Official Rules of Chess, 7th edition, chapter 2
(the free online chapters, revised 2020): rule 27A (the basic Swiss rules in priority order),
28 (byes 28L, accelerated pairings 28R, team events 28N) and 29 (score groups, the odd
player 29D, colours 29E). ``docs/uscf-pairings.md`` says how each rule is read.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from pairing.engine.core.state import PlayerId


@dataclass(frozen=True)
class USSettings:
    """A section's US Chess pairing settings; every default is the rule book's."""

    alternation_limit: int = 80
    """29E5a, the 80-point rule: transpositions and interchanges made to give more players
    their due colour stay between players whose pre-tournament ratings differ by at most
    this many points."""
    equalization_limit: int = 200
    """29E5b, the 200-point rule: transpositions and interchanges made to equalize colours
    (no player two games ahead in one colour, no colour three times in a row) stay within
    this many rating points."""
    assigned_ratings: Mapping[PlayerId, int] = field(default_factory=dict)
    """Ratings the TD assigned to unrated players for pairing purposes (28 ranking); an
    unrated player without one ranks below every rated player of his score group."""
    avoid_together: tuple[tuple[PlayerId, ...], ...] = ()
    """Groups of players the TD asks not to pair together (same team, club or family, 28N):
    a soft rule, kept only while the pairing rules above it allow."""
    team_over_equalization: bool = False
    """29E8 (variation): avoiding players of one group takes precedence over equalizing
    colours. By default colour equalization comes first."""
    accelerated: bool = False
    """28R1, accelerated pairings by the added-score method: in the first rounds the upper
    half of the field (by rating before round 1) is paired as if it had one more point."""
    accelerated_rounds: int = 2
    """28R1: the rounds the added point applies to (two in the rule)."""
    bye_for_colours: bool = False
    """28L2a (variation, announced): the full-point bye may go to a higher-rated player of
    the lowest score group when the rest of the group then gets better colours (within the
    29E5 limits). Off: the lowest-rated player gets it (28L2)."""
    bye_to_unrated: bool = False
    """28L2 gives the bye to a rated player while one can take it (``False``, the rule);
    ``True`` lets an unrated player of the lowest group take it like anyone else."""

    def __post_init__(self) -> None:
        if not 0 <= self.alternation_limit <= self.equalization_limit:
            raise ValueError("the 80-point limit must lie between 0 and the 200-point limit")
        if self.accelerated_rounds < 0:
            raise ValueError("accelerated_rounds must not be negative")
