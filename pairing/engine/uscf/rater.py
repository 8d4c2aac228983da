"""The US Chess (USCF) rating system: rate a whole section of a Regular, Quick or dual-rated event.

Written from the clean transcription of Glickman & Doan, *The US Chess Rating System*
(November 2011, ``shared/specs/uscf-rating-system.md``) and the table of parameters US Chess
changed afterwards (``shared/specs/README.md``). Section numbers in comments (``# USCF 2.2
step 3``) are the transcription's. ``docs/uscf.md`` explains the rule sets and how the
ambiguous points are read.

Entry points:

* :func:`rate_event` — Steps 1–5 for one section (one rating system: call it once per side of
  a dual-rated event), floors and the rule set's rounding; returns an :class:`EventResult`.
* :func:`rate_fide_event` — section 3: a US player's FIDE-rated games abroad.
* :func:`rate_match` — section 4: an individual match between two established players.
* The building blocks, usable on their own: :func:`initial_rating` (Step 1),
  :func:`effective_games` (Step 2), :func:`special_rating` (2.2), :func:`standard_rating`
  (2.3), :func:`player_floor` (2.4), :func:`store_rating` (section 4 rounding).

Two rule sets: :data:`RULES_2011` (the transcription: B = 6, its N*, integer ratings rounded
up on a gain and down on a loss) and :data:`RULES_CURRENT` (B = 10, the newer N*, the
Regular-side K reduction above 2200 in dual-rated events, ratings stored with two decimals).

Player fields beyond the rating and its games (all optional, see :class:`RatedPlayer`):
``fide``/``cfc`` (Step 1 sources 1–3), ``initial_rating`` (source 4, an arbiter-given rating,
N = 0), ``other_rating``/``other_games`` (sources 5/6: the player's rating in the *other*
system — Quick for a Regular event, Regular for a Quick event), ``birth_date``/``adult``
(source 7), ``wins``/``draws``/``events_3plus`` (lifetime counts *before* this event, for the
personal absolute floor), ``peak_established``, ``life_master`` and ``floor`` (2.4).

Pure Python, no Django. Computations are in floating point (section 4); only the final
rating is rounded, as the rule set says.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date, timedelta
from enum import StrEnum

from pairing.engine.core.errors import EngineError

__all__ = [
    "RULES_2011",
    "RULES_CURRENT",
    "RULE_SETS",
    "EventResult",
    "FideGame",
    "InitialRating",
    "MatchChange",
    "MatchResult",
    "NStarFormula",
    "PlayerResult",
    "RatedGame",
    "RatedPlayer",
    "RatingEvent",
    "RatingInputError",
    "RatingSystem",
    "RuleSet",
    "StandardResult",
    "absolute_floor",
    "bonus_allowed",
    "dual_regular_k_factor",
    "effective_games",
    "established_floor",
    "fide_to_uscf",
    "initial_rating",
    "n_star",
    "player_floor",
    "provisional_we",
    "rate_event",
    "rate_fide_event",
    "rate_match",
    "shown_rating",
    "special_rating",
    "standard_rating",
    "standard_we",
    "store_rating",
    "youth_fide_to_uscf",
]

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


# ---------------------------------------------------------------------------------------------
# Step 1: initial ratings


@dataclass(frozen=True, slots=True)
class InitialRating:
    """R0 and N for Step 2 onwards: the pre-event rating, or Step 1's for an unrated player."""

    rating: float
    games: int | None
    """N; ``None`` for a rating of unknown N (established, N' = N*)."""
    source: str
    """``rated`` (a pre-event rating), ``fide``, ``cfc``, ``arbiter``, ``quick`` / ``regular``
    (imputed from the other system), ``age``, ``adult`` or ``default`` (750)."""


def fide_to_uscf(fide: float) -> float:
    """Step 1 source 1 (and section 3): a FIDE rating on the USCF scale. The two pieces meet
    at FIDE 2000 (1970); text copies of the source lost the minus sign of −350."""
    # USCF Step 1 source 1.
    return 720 + 0.625 * fide if fide < 2000 else -350 + 1.16 * fide


def youth_fide_to_uscf(fide: float) -> float:
    """Section 3: opponents' FIDE ratings in youth events such as the World Youth."""
    return 210 + 0.93 * fide


def initial_rating(
    player: RatedPlayer,
    system: RatingSystem = RatingSystem.REGULAR,
    end_date: date | None = None,
) -> InitialRating:
    """Step 1: R0 and N, taking the first source that applies (order of precedence)."""
    if player.rating is not None:
        return InitialRating(float(player.rating), player.games, "rated")
    # USCF Step 1 source 1: FIDE.
    if player.fide is not None:
        return InitialRating(fide_to_uscf(player.fide), 10 if player.fide > 2150 else 5, "fide")
    # USCF Step 1 sources 2 and 3: CFC.
    if player.cfc is not None:
        if player.cfc > 1500:
            return InitialRating(1.1 * player.cfc - 240, 5, "cfc")
        return InitialRating(float(player.cfc - 90), 0, "cfc")
    # USCF Step 1 source 4: a rating the office / arbiter set case by case.
    if player.initial_rating is not None:
        return InitialRating(float(player.initial_rating), 0, "arbiter")
    # USCF Step 1 sources 5 and 6: the other system's rating on at least 4 games.
    if player.other_rating is not None and player.other_games >= 4:
        if system is RatingSystem.REGULAR:
            return InitialRating(float(player.other_rating), 0, "quick")
        return InitialRating(float(player.other_rating), min(10, player.other_games), "regular")
    # USCF Step 1 source 7: age-based (a miscoded Age below 3 counts as 26, i.e. 1300).
    if player.birth_date is not None:
        if end_date is None:
            raise RatingInputError(
                f"player {player.id!r}: the event's end date is needed for an age-based rating"
            )
        age = (end_date - player.birth_date).days / 365.25
        if 3 <= age <= 26:
            return InitialRating(50 * age, 0, "age")
        return InitialRating(1300.0, 0, "age")
    if player.adult:
        return InitialRating(1300.0, 0, "adult")
    # USCF Step 1 source 8.
    return InitialRating(750.0, 0, "default")


# ---------------------------------------------------------------------------------------------
# Step 2: effective games


def n_star(prior: float, rules: RuleSet = RULES_CURRENT) -> float:
    """The cap N* on the effective number of games at prior rating ``prior`` (Step 2)."""
    if rules.n_star is NStarFormula.Y2011:
        if prior > 2200:
            return 50.0
        return 50 / math.sqrt(1 + (2200 - prior) ** 2 / 100000)
    if prior > 2355:
        return 50.0
    return 50 / math.sqrt(0.662 + 0.00000739 * (2569 - prior) ** 2)


def effective_games(games: float | None, prior: float, rules: RuleSet = RULES_CURRENT) -> float:
    """Step 2: ``N' = min(N, N*)`` (N* when N is not known)."""
    cap = n_star(prior, rules)
    return cap if games is None else min(float(games), cap)


# ---------------------------------------------------------------------------------------------
# 2.2 The special rating formula


def provisional_we(rating: float, opponent: float) -> float:
    """PWe(R, Ri), the provisional winning expectancy (2.2)."""
    if rating <= opponent - 400:
        return 0.0
    if rating >= opponent + 400:
        return 1.0
    return 0.5 + (rating - opponent) / 800


def special_rating(
    prior: float,
    effective: float,
    opponents: Sequence[float],
    score: float,
    *,
    all_wins: bool = False,
    all_losses: bool = False,
    epsilon: float = 1e-7,
    cap: float = 2700.0,
) -> float:
    """The special rating formula, 2.2, step by step (unrounded, before the 100 minimum).

    ``prior`` is R0, ``effective`` N', ``opponents`` the Ri of the m games (an opponent met
    twice appears twice) and ``score`` S.
    """
    m = len(opponents)
    # USCF 2.2: adjusted prior R0' and adjusted score S'.
    if all_wins:
        prior_adj, score_adj = prior - 400, score + effective
    elif all_losses:
        prior_adj, score_adj = prior + 400, score
    else:
        prior_adj, score_adj = prior, score + effective / 2
    if effective + m <= 0:
        return min(prior, cap)

    def f(r: float) -> float:
        total = effective * provisional_we(r, prior_adj) - score_adj
        for ri in opponents:
            total += provisional_we(r, ri)
        return total

    # USCF 2.2 knots: x0 = R0' − 400, y0 = R0' + 400, xi = Ri − 400, yi = Ri + 400, distinct
    # and sorted. As the text says, R0' ± 400 are knots (and R0' counts in p, step 4) even
    # when N' = 0, where the prior term vanishes from f (docs/uscf.md).
    knots = sorted(
        {prior_adj - 400, prior_adj + 400, *(r - 400 for r in opponents)}
        | {r + 400 for r in opponents}
    )

    def below(x: float) -> float | None:
        """The largest knot z with x > z."""
        best = None
        for z in knots:
            if z < x:
                best = z
            else:
                break
        return best

    def above(x: float) -> float | None:
        """The smallest knot z with x < z."""
        for z in knots:
            if z > x:
                return z
        return None

    # USCF 2.2 step 1.
    mid = (effective * prior_adj + sum(opponents) + 400 * (2 * score - m)) / (effective + m)
    # Each pass moves M to a knot or to the root of f's linear piece next to M, so the loop
    # ends within a few passes per knot; the bound only guards against float pathologies.
    for _ in range(4 * len(knots) + 16):
        f_mid = f(mid)
        if f_mid > epsilon:
            # USCF 2.2 step 2.
            za = below(mid)
            if za is None:
                break
            f_za = f(za)
            if abs(f_mid - f_za) < epsilon:
                mid = za
                continue
            m_star = mid - f_mid * (mid - za) / (f_mid - f_za)
            if m_star < za:
                mid = za
                continue
            if m_star >= mid:  # cannot happen for a non-decreasing f; float guard
                break
            mid = m_star
            continue
        if f_mid < -epsilon:
            # USCF 2.2 step 3.
            zb = above(mid)
            if zb is None:
                break
            f_zb = f(zb)
            if abs(f_zb - f_mid) < epsilon:
                mid = zb
                continue
            m_star = mid - f_mid * (zb - mid) / (f_zb - f_mid)
            if m_star > zb:
                mid = zb
                continue
            if m_star <= mid:  # float guard, see above
                break
            mid = m_star
            continue
        # USCF 2.2 step 4: |f(M)| ≤ ε.
        p = sum(1 for ri in opponents if abs(mid - ri) <= 400 + _KNOT_TOLERANCE)
        if abs(mid - prior_adj) <= 400 + _KNOT_TOLERANCE:
            p += 1
        if p == 0:
            # USCF 2.2 step 4b: f is flat around M; take the point of the flat piece
            # nearest the (unadjusted) prior R0.
            za, zb = below(mid), above(mid)
            lo = za if za is not None else -math.inf
            hi = zb if zb is not None else math.inf
            if lo <= prior <= hi:
                mid = prior
            elif prior < lo:
                mid = lo
            else:
                mid = hi
        break
    # USCF 2.2: cap.
    return min(mid, cap)


# ---------------------------------------------------------------------------------------------
# 2.3 The standard rating formula


def standard_we(rating: float, opponent: float) -> float:
    """We(R, Ri), the standard winning expectancy (2.3)."""
    return 1 / (1 + 10 ** (-(rating - opponent) / 400))


@dataclass(frozen=True, slots=True)
class StandardResult:
    rating: float
    """Rs, unrounded, before the 100 minimum."""
    k: float
    """K actually used (after any dual-rated reduction)."""
    bonus: float
    """The bonus points included in :attr:`rating` (0 when not eligible)."""
    expected: float
    """E = Σ We(R0, Ri)."""


def bonus_allowed(opponent_ids: Iterable[str]) -> bool:
    """2.3: the bonus needs m ≥ 3 and no opponent met more than twice."""
    counts = Counter(opponent_ids)
    return sum(counts.values()) >= 3 and all(c <= 2 for c in counts.values())


def dual_regular_k_factor(prior: float) -> float:
    """Current rules: K's multiplier on the Regular side of a dual-rated event."""
    if prior <= 2200:
        return 1.0
    if prior < 2500:
        return 6.5 - 0.0025 * prior
    return 0.25


def standard_rating(
    prior: float,
    effective: float,
    opponents: Sequence[float],
    score: float,
    *,
    bonus_multiplier: float | None = 6.0,
    k_factor: float = 1.0,
) -> StandardResult:
    """The standard formula, 2.3. ``bonus_multiplier`` is B, or ``None`` when no bonus is
    allowed (m < 3, an opponent met more than twice, an individual match); ``k_factor``
    multiplies K (the current rules' dual-rated reduction)."""
    m = len(opponents)
    if m == 0:
        return StandardResult(prior, 0.0, 0.0, 0.0)
    k = 800 / (effective + m) * k_factor
    expected = sum(standard_we(prior, ri) for ri in opponents)
    change = k * (score - expected)
    bonus = 0.0
    if bonus_multiplier is not None:
        # USCF 2.3: m' = max(m, 4).
        bonus = max(0.0, change - bonus_multiplier * math.sqrt(max(m, 4)))
    return StandardResult(prior + change + bonus, k, bonus, expected)


# ---------------------------------------------------------------------------------------------
# 2.4 Floors and section 4 rounding


def absolute_floor(wins: int, draws: int, events_3plus: int) -> float:
    """Personal absolute floor ``min(100 + 4·NW + 2·ND + NR, 150)`` (2.4), lifetime counts."""
    return float(min(100 + 4 * wins + 2 * draws + events_3plus, 150))


def established_floor(peak: float | None) -> float | None:
    """The floor from the highest established rating: ``peak − 200`` rounded down to a
    100-level among 1200 … 2100; ``None`` below 1200 (2.4)."""
    if peak is None:
        return None
    level = math.floor(round(peak - 200, _NOISE_DIGITS) / 100) * 100
    if level < 1200:
        return None
    return float(min(level, 2100))


def player_floor(
    player: RatedPlayer,
    *,
    event_wins: int = 0,
    event_draws: int = 0,
    event_games: int = 0,
) -> float:
    """The player's floor after this event (2.4): the largest of 100, the personal absolute
    floor (lifetime counts including this event's games), the established floor, 2200 for an
    Original Life Master and an explicit floor."""
    floors = [
        MINIMUM_RATING,
        absolute_floor(
            player.wins + event_wins,
            player.draws + event_draws,
            player.events_3plus + (1 if event_games >= 3 else 0),
        ),
    ]
    peaks = [p for p in (player.peak_established,) if p is not None]
    if player.established and player.rating is not None:
        peaks.append(player.rating)
    established = established_floor(max(peaks)) if peaks else None
    if established is not None:
        floors.append(established)
    if player.life_master:
        floors.append(2200.0)
    if player.floor is not None:
        floors.append(float(player.floor))
    return max(floors)


def _round_half_up(x: float, digits: int = 0) -> float:
    scale = 10**digits
    return math.floor(round(x * scale, _NOISE_DIGITS) + 0.5) / scale


def store_rating(post: float, pre: float | None, rules: RuleSet) -> float:
    """The rating as stored under ``rules`` (section 4 and the current-practice table).

    2011: an integer, rounded up when above the pre-event rating and down when below (a
    gain earns at least one point, a loss costs at least one); to nearest for a first rating.
    Current: two decimals, to nearest.
    """
    if rules.decimal_ratings:
        return _round_half_up(post, 2)
    clean = round(post, _NOISE_DIGITS)
    if pre is None:
        return _round_half_up(clean)
    if clean > pre:
        return float(math.ceil(clean))
    if clean < pre:
        return float(math.floor(clean))
    return float(pre)


def shown_rating(stored: float) -> int:
    """The rating as a crosstable shows it: to the nearest integer (halves up)."""
    return int(_round_half_up(stored))


# ---------------------------------------------------------------------------------------------
# Results


@dataclass(frozen=True, slots=True)
class PlayerResult:
    """One player's rating computation."""

    id: str
    pre: float | None
    """The pre-event rating, ``None`` for an unrated player."""
    initial: float
    """R0: the pre-event rating, or Step 1's rating for an unrated player."""
    initial_games: int | None
    """N: the pre-event games, or Step 1's N (``None``: not known, established)."""
    initial_source: str
    """Where R0 came from (see :class:`InitialRating`)."""
    games_in_event: int
    """m, the rated games in this event."""
    score: float
    """S."""
    effective_games: float
    """N' (Step 2)."""
    formula: str | None
    """``special`` or ``standard`` (Step 4 and 5), ``None`` without rated games."""
    step3: float | None
    """Step 3's estimate (unrated players with N = 0 only), after the 100 minimum."""
    step4: float | None
    """Step 4's intermediate rating, after the 100 minimum."""
    k: float | None
    """K of the standard formula (``None`` for the special formula)."""
    bonus: float
    """Bonus points in the final (Step 5) rating."""
    unfloored: float | None
    """Step 5's rating after the 100 minimum, before floors and rounding."""
    floor: float
    """The floor applied to the final rating (2.4)."""
    post_exact: float | None
    """The post-event rating as stored under the rule set (2011: integer; current: two
    decimals); ``None`` for an unrated player without rated games."""
    post: int | None
    """The post-event rating as a crosstable shows it (rounded to nearest)."""
    games_after: int | None
    """N + m (N from Step 1 for an unrated player)."""


@dataclass(frozen=True, slots=True)
class EventResult:
    rules: str
    players: tuple[PlayerResult, ...]
    """In the order of the event's players."""

    def by_id(self) -> dict[str, PlayerResult]:
        return {p.id: p for p in self.players}


# ---------------------------------------------------------------------------------------------
# Steps 1–5 for a whole section


@dataclass(slots=True)
class _Entry:
    player: RatedPlayer
    init: InitialRating
    neff: float
    opponents: list[int] = field(default_factory=list)
    results: list[float] = field(default_factory=list)
    special: bool = False
    flags_wins: bool = False
    flags_losses: bool = False

    @property
    def score(self) -> float:
        return sum(self.results)


def _rate(
    event: RatingEvent,
    rules: RuleSet,
    *,
    allow_bonus: bool = True,
) -> list[tuple[_Entry, float | None, float | None, StandardResult | None, float | None]]:
    """Steps 1–5. Per player: entry, Step 3, Step 4, Step 5's standard result (or None),
    Step 5 rating (after the 100 minimum)."""
    index = {p.id: i for i, p in enumerate(event.players)}
    entries: list[_Entry] = []
    for p in event.players:
        init = initial_rating(p, event.system, event.end_date)  # USCF Step 1
        entries.append(
            _Entry(
                player=p,
                init=init,
                neff=effective_games(init.games, init.rating, rules),  # USCF Step 2
                flags_wins=p.rated and p.all_wins,
                flags_losses=p.rated and p.all_losses,
            )
        )
    for g in event.games:
        w, b = index[g.white], index[g.black]
        entries[w].opponents.append(b)
        entries[w].results.append(g.white_score)
        entries[b].opponents.append(w)
        entries[b].results.append(g.black_score)
    for e in entries:
        # USCF Step 4: special formula for N ≤ 8 or all wins / all losses before.
        n = e.init.games
        e.special = (n is not None and n <= 8) or e.flags_wins or e.flags_losses

    k_factors = [1.0] * len(entries)
    if rules.dual_regular_k_reduction and event.dual_rated and event.system is RatingSystem.REGULAR:
        k_factors = [dual_regular_k_factor(e.init.rating) for e in entries]

    # USCF Step 3: unrated players with N = 0, special formula with N' = 1; opponents at
    # their pre-event or Step 1 ratings.
    step3: list[float | None] = [None] * len(entries)
    for i, e in enumerate(entries):
        if not e.player.rated and e.init.games == 0 and e.opponents:
            r = special_rating(
                e.init.rating,
                1.0,
                [entries[j].init.rating for j in e.opponents],
                e.score,
                epsilon=rules.epsilon,
                cap=rules.special_cap,
            )
            step3[i] = max(r, MINIMUM_RATING)
    strength3 = [s if s is not None else e.init.rating for s, e in zip(step3, entries, strict=True)]

    def update(i: int, strengths: list[float]) -> tuple[float, StandardResult | None]:
        e = entries[i]
        opp = [strengths[j] for j in e.opponents]
        if e.special:
            r = special_rating(
                e.init.rating,
                e.neff,
                opp,
                e.score,
                all_wins=e.flags_wins,
                all_losses=e.flags_losses,
                epsilon=rules.epsilon,
                cap=rules.special_cap,
            )
            return max(r, MINIMUM_RATING), None
        eligible = allow_bonus and bonus_allowed(event.players[j].id for j in e.opponents)
        s = standard_rating(
            e.init.rating,
            e.neff,
            opp,
            e.score,
            bonus_multiplier=rules.bonus_multiplier if eligible else None,
            k_factor=k_factors[i],
        )
        return max(s.rating, MINIMUM_RATING), s

    # USCF Step 4 (opponents: pre-event, Step 3 or Step 1 ratings) and Step 5 (opponents at
    # their Step 4 ratings); the 100 minimum after each.
    step4: list[float | None] = [None] * len(entries)
    for i, e in enumerate(entries):
        if e.opponents:
            step4[i] = update(i, strength3)[0]
    strength4 = [s if s is not None else e.init.rating for s, e in zip(step4, entries, strict=True)]
    out: list[tuple[_Entry, float | None, float | None, StandardResult | None, float | None]] = []
    for i, e in enumerate(entries):
        if e.opponents:
            final, std = update(i, strength4)
            out.append((e, step3[i], step4[i], std, final))
        else:
            out.append((e, None, None, None, None))
    return out


def _result(
    e: _Entry,
    step3: float | None,
    step4: float | None,
    std: StandardResult | None,
    final: float | None,
    rules: RuleSet,
    *,
    floor: float,
    apply_floor: bool = True,
) -> PlayerResult:
    p = e.player
    m = len(e.opponents)
    if final is None:
        post_exact = None if p.rating is None else float(p.rating)
        unfloored = None
    else:
        unfloored = final
        rating = max(final, floor) if apply_floor else final
        post_exact = store_rating(rating, p.rating, rules)
    return PlayerResult(
        id=p.id,
        pre=None if p.rating is None else float(p.rating),
        initial=e.init.rating,
        initial_games=e.init.games,
        initial_source=e.init.source,
        games_in_event=m,
        score=e.score,
        effective_games=e.neff,
        formula=None if not m else ("special" if e.special else "standard"),
        step3=step3,
        step4=step4,
        k=std.k if std is not None else None,
        bonus=std.bonus if std is not None else 0.0,
        unfloored=unfloored,
        floor=floor,
        post_exact=post_exact,
        post=None if post_exact is None else shown_rating(post_exact),
        games_after=_games_after(e, m),
    )


def _games_after(e: _Entry, m: int) -> int | None:
    """N + m (section 4); an unrated player without games stays at 0, unknown N stays unknown."""
    if not m:
        return e.init.games if e.player.rated else 0
    return None if e.init.games is None else e.init.games + m


def _event_floor(e: _Entry) -> float:
    return player_floor(
        e.player,
        event_wins=sum(1 for s in e.results if s == 1.0),
        event_draws=sum(1 for s in e.results if s == 0.5),
        event_games=len(e.results),
    )


def rate_event(event: RatingEvent, rules: RuleSet = RULES_CURRENT) -> EventResult:
    """Rate one section: Steps 1–5, floors on the final rating, the rule set's rounding.

    Every player of ``event.players`` gets a :class:`PlayerResult`, in the same order; a
    player without rated games keeps the pre-event rating (``post`` is ``None`` when unrated).
    """
    rows = _rate(event, rules)
    return EventResult(
        rules=rules.name,
        players=tuple(_result(*row, rules, floor=_event_floor(row[0])) for row in rows),
    )


# ---------------------------------------------------------------------------------------------
# Section 3: US players in foreign FIDE-rated events


@dataclass(frozen=True, slots=True)
class FideGame:
    """One FIDE-rated game of a US player abroad."""

    opponent_fide: float
    """The opponent's FIDE rating (games against FIDE-unrated opponents are not rated)."""
    score: float
    """The US player's result: 1, 0.5 or 0."""
    opponent_id: str | None = None
    """Identifies repeated opponents for the bonus rule; ``None`` = a distinct opponent."""

    def __post_init__(self) -> None:
        if self.score not in (0.0, 0.5, 1.0):
            raise RatingInputError(f"a game's score must be 1, 0.5 or 0, not {self.score}")


def rate_fide_event(
    player: RatedPlayer,
    games: Sequence[FideGame],
    rules: RuleSet = RULES_CURRENT,
    *,
    youth: bool = False,
    system: RatingSystem = RatingSystem.REGULAR,
    end_date: date | None = None,
) -> PlayerResult:
    """Section 3: update a US player's rating from FIDE-rated games abroad.

    Opponents' FIDE ratings are converted with Step 1's conversion (``210 + 0.93·FIDE`` for
    every opponent of a youth event), then the standard formula with its bonus is applied
    once. Floors and the rule set's rounding apply to the result as to any event.
    """
    init = initial_rating(player, system, end_date)
    neff = effective_games(init.games, init.rating, rules)
    convert = youth_fide_to_uscf if youth else fide_to_uscf
    opponents = [convert(g.opponent_fide) for g in games]
    score = sum(g.score for g in games)
    ids = [g.opponent_id if g.opponent_id is not None else f"#{i}" for i, g in enumerate(games)]
    eligible = bonus_allowed(ids)
    std = standard_rating(
        init.rating,
        neff,
        opponents,
        score,
        bonus_multiplier=rules.bonus_multiplier if eligible else None,
    )
    entry = _Entry(player=player, init=init, neff=neff, results=[g.score for g in games])
    entry.opponents = list(range(len(games)))
    final = max(std.rating, MINIMUM_RATING) if games else None
    return _result(
        entry, None, None, std if games else None, final, rules, floor=_event_floor(entry)
    )


# ---------------------------------------------------------------------------------------------
# Section 4: individual matches


@dataclass(frozen=True, slots=True)
class MatchChange:
    """A rating change from an earlier individual match (for the 180-day / 3-year caps)."""

    end_date: date
    change: float


@dataclass(frozen=True, slots=True)
class MatchResult:
    players: tuple[PlayerResult, PlayerResult]
    """The two players; ``post`` includes the caps, no floors beyond the 100 minimum."""
    uncapped: tuple[float, float]
    """Each player's change before the caps (after the 100 minimum)."""
    floor_request: tuple[bool, bool]
    """The result is below the player's floor: floors are not automatic in matches, the
    result is a request to lower the floor by 100 (section 4)."""


MATCH_CAP = 50.0
MATCH_CAP_180_DAYS = 100.0
MATCH_CAP_3_YEARS = 200.0


def _three_years_before(d: date) -> date:
    try:
        return d.replace(year=d.year - 3)
    except ValueError:  # 29 February
        return d.replace(year=d.year - 3, day=28)


def _capped_change(change: float, history: Sequence[MatchChange], end_date: date) -> float:
    """Clip a match's change to ±50 and keep the net change of the matches within 180 days
    and within 3 years (this one included) within ±100 and ±200."""
    lo, hi = -MATCH_CAP, MATCH_CAP
    windows = (
        (end_date - timedelta(days=180), MATCH_CAP_180_DAYS),
        (_three_years_before(end_date), MATCH_CAP_3_YEARS),
    )
    for start, cap in windows:
        before = sum(h.change for h in history if start < h.end_date <= end_date)
        hi = min(hi, max(0.0, cap - before))
        lo = max(lo, min(0.0, -cap - before))
    return min(max(change, lo), hi)


def rate_match(
    a: RatedPlayer,
    b: RatedPlayer,
    scores: Sequence[float],
    rules: RuleSet = RULES_CURRENT,
    *,
    end_date: date,
    history_a: Sequence[MatchChange] = (),
    history_b: Sequence[MatchChange] = (),
    system: RatingSystem = RatingSystem.REGULAR,
) -> MatchResult:
    """Section 4: rate an individual match; ``scores`` are ``a``'s results game by game.

    Both players must be established and at most 400 points apart. Steps 4 and 5 as for any
    event but without bonus; each change is capped at 50 for the match and so that the net
    change over matches within 180 days stays within 100 and within 3 years within 200
    (``history_*``: the player's earlier match changes). Floors are not applied (only the 100
    minimum); a result below the floor is reported in :attr:`MatchResult.floor_request`.
    """
    for p in (a, b):
        if not p.established:
            raise RatingInputError(f"match player {p.id!r} is not established (N > 25 needed)")
    assert a.rating is not None and b.rating is not None
    if abs(a.rating - b.rating) > 400:
        raise RatingInputError(
            f"match players {a.id!r} and {b.id!r} are more than 400 points apart"
        )
    games = [RatedGame(a.id, b.id, s) for s in scores]
    event = RatingEvent(players=(a, b), games=tuple(games), system=system, end_date=end_date)
    rows = _rate(event, rules, allow_bonus=False)
    results: list[PlayerResult] = []
    uncapped: list[float] = []
    requests: list[bool] = []
    for row, history in zip(rows, (history_a, history_b), strict=True):
        e, s3, s4, std, final = row
        pre = float(e.init.rating)
        floor = _event_floor(e)
        if final is not None:
            change = final - pre
            uncapped.append(change)
            final = max(pre + _capped_change(change, history, end_date), MINIMUM_RATING)
        else:
            uncapped.append(0.0)
        r = _result(e, s3, s4, std, final, rules, floor=floor, apply_floor=False)
        results.append(r)
        requests.append(r.post_exact is not None and r.post_exact < floor)
    return MatchResult(
        players=(results[0], results[1]),
        uncapped=(uncapped[0], uncapped[1]),
        floor_request=(requests[0], requests[1]),
    )
