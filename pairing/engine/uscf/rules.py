"""The US Chess rating system's rule sets (the 2011 text and current practice), its two
rating systems, and the input of a rated section: players, games, the event."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from enum import StrEnum

from pairing.engine.core.errors import EngineError

MINIMUM_RATING = 100.0
"""The absolute floor for everyone (2.4), also the minimum after Steps 3, 4 and 5."""

_KNOT_TOLERANCE = 1e-9
"""Float guard for ``|M − Ri| ≤ 400`` at a knot computed as ``Ri ± 400`` (2.2 step 4)."""
_NOISE_DIGITS = 6
"""Ratings are compared to the pre-event rating after rounding to this many decimals, so
that float noise (1e-12) never turns "no change" into a gain or loss of a whole point."""


class RatingInputError(EngineError):
    """Input the rater cannot use: unknown players, impossible results, missing dates, …"""


class RatingSystem(StrEnum):
    """The two separate US Chess rating systems (section 1)."""

    REGULAR = "regular"
    """G/30 or slower."""
    QUICK = "quick"
    """Quick Chess, G/5 through G/60."""

    @property
    def other(self) -> RatingSystem:
        return RatingSystem.QUICK if self is RatingSystem.REGULAR else RatingSystem.REGULAR


class NStarFormula(StrEnum):
    """Which cap on the effective number of games (Step 2) a rule set uses."""

    Y2011 = "2011"
    """``50 / sqrt(1 + (2200 − R0)² / 100000)``, 50 above 2200."""
    CURRENT = "current"
    """``50 / sqrt(0.662 + 0.00000739 · (2569 − R0)²)``, 50 above 2355."""


@dataclass(frozen=True, slots=True)
class RuleSet:
    """The parameters that differ between the 2011 text and current US Chess practice."""

    name: str
    """``"2011"`` or ``"current"`` (the command line's ``--rules``)."""
    bonus_multiplier: float
    """B in the bonus threshold ``B·sqrt(m')`` (2.3)."""
    n_star: NStarFormula
    """The Step 2 cap on effective games."""
    dual_regular_k_reduction: bool
    """Multiply K on the Regular side of dual-rated events for R0 > 2200 by
    ``6.5 − 0.0025·R0`` (2200 < R0 < 2500) or 1/4 (R0 ≥ 2500)."""
    decimal_ratings: bool
    """True: ratings stored with two decimals (shown rounded to nearest). False: integers,
    rounded up on a gain and down on a loss (section 4)."""
    special_cap: float = 2700.0
    """A special-formula result above this becomes this (2.2)."""
    epsilon: float = 1e-7
    """The special formula's tolerance ε (2.2)."""


RULES_2011 = RuleSet(
    name="2011",
    bonus_multiplier=6.0,
    n_star=NStarFormula.Y2011,
    dual_regular_k_reduction=False,
    decimal_ratings=False,
)
"""The rule set of the 2011 text."""

RULES_CURRENT = RuleSet(
    name="current",
    bonus_multiplier=10.0,
    n_star=NStarFormula.CURRENT,
    dual_regular_k_reduction=True,
    decimal_ratings=True,
)
"""Current US Chess practice (events from 2025)."""

RULE_SETS: dict[str, RuleSet] = {r.name: r for r in (RULES_2011, RULES_CURRENT)}
"""Rule sets by name."""


# ---------------------------------------------------------------------------------------------
# Inputs


@dataclass(frozen=True, slots=True)
class RatedPlayer:
    """One player of the section as the rater sees them before the event."""

    id: str
    """Unique within the event."""
    rating: float | None = None
    """Pre-event rating in the event's system; ``None`` = unrated in that system."""
    games: int | None = 0
    """N, the number of games the pre-event rating is based on (ignored when unrated:
    Step 1 sets N). ``None`` for a rating whose games are not known, as in a rating list that
    gives N only for provisional ratings: taken as established, N' = N*."""
    all_wins: bool = False
    """Rated, and every previous rated game was a win (2.2: R0' = R0 − 400, S' = S + N')."""
    all_losses: bool = False
    """Rated, and every previous rated game was a loss (2.2: R0' = R0 + 400, S' = S)."""
    initial_rating: float | None = None
    """Step 1 source 4: a rating the office / arbiter set for an unrated player (N = 0)."""
    fide: int | None = None
    """FIDE rating, Step 1 source 1."""
    cfc: int | None = None
    """Chess Federation of Canada rating, Step 1 sources 2 and 3."""
    other_rating: float | None = None
    """The player's rating in the *other* system (Quick for a Regular event, Regular for a
    Quick event), Step 1 sources 5 and 6."""
    other_games: int = 0
    """Games behind :attr:`other_rating` (at least 4 for it to be used)."""
    birth_date: date | None = None
    """For the age-based rating, Step 1 source 7."""
    adult: bool = False
    """Known to be an adult without a birth date (e.g. from the membership type): 1300."""
    wins: int = 0
    """Lifetime rated wins *before* this event (personal absolute floor, 2.4)."""
    draws: int = 0
    """Lifetime rated draws before this event."""
    events_3plus: int = 0
    """Events before this one in which the player completed three or more rated games."""
    peak_established: float | None = None
    """Highest established rating attained before this event (established floor, 2.4).
    An established pre-event rating (N > 25) counts as attained even when this is ``None``."""
    life_master: bool = False
    """Original Life Master: floor 2200 (2.4)."""
    floor: float | None = None
    """An explicit floor, e.g. a cash-prize floor or one the office set (2.4)."""

    @property
    def rated(self) -> bool:
        return self.rating is not None

    @property
    def established(self) -> bool:
        """Rated on more than 25 games (section 1); a rating of unknown N counts as established."""
        return self.rating is not None and (self.games is None or self.games > 25)


@dataclass(frozen=True, slots=True)
class RatedGame:
    """One rated game (over the board; byes and forfeits are not rated games, section 4)."""

    white: str
    black: str
    white_score: float
    """1, 0.5 or 0."""

    def __post_init__(self) -> None:
        if self.white_score not in (0.0, 0.5, 1.0):
            raise RatingInputError(f"a game's score must be 1, 0.5 or 0, not {self.white_score}")
        if self.white == self.black:
            raise RatingInputError(f"player {self.white!r} cannot play themselves")

    @property
    def black_score(self) -> float:
        return 1.0 - self.white_score


@dataclass(frozen=True, slots=True)
class RatingEvent:
    """One section of an event, rated in one system."""

    players: tuple[RatedPlayer, ...]
    games: tuple[RatedGame, ...]
    system: RatingSystem = RatingSystem.REGULAR
    dual_rated: bool = False
    """Rated in both systems (G/30 to G/60). Rate each side with its own call; on the
    Regular side the current rules reduce K above 2200."""
    end_date: date | None = None
    """Tournament end date: needed for age-based initial ratings (Step 1 source 7)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "players", tuple(self.players))
        object.__setattr__(self, "games", tuple(self.games))
        object.__setattr__(self, "system", RatingSystem(self.system))
        seen: set[str] = set()
        for p in self.players:
            if p.id in seen:
                raise RatingInputError(f"duplicate player id {p.id!r}")
            seen.add(p.id)
            if p.all_wins and p.all_losses:
                raise RatingInputError(f"player {p.id!r} cannot have both all_wins and all_losses")
        for g in self.games:
            for pid in (g.white, g.black):
                if pid not in seen:
                    raise RatingInputError(f"a game names unknown player {pid!r}")
