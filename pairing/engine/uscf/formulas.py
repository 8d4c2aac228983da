"""The steps of US Chess rating one player (Glickman & Doan 2011, sections 2.1-2.4 and 4):
initial rating (Step 1), effective games (Step 2), the special formula (2.2), the standard
formula (2.3), floors (2.4) and how a rating is stored."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date

from pairing.engine.uscf.rules import (
    _KNOT_TOLERANCE,
    _NOISE_DIGITS,
    MINIMUM_RATING,
    RULES_CURRENT,
    NStarFormula,
    RatedPlayer,
    RatingInputError,
    RatingSystem,
    RuleSet,
)

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
