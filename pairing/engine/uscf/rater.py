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
* The building blocks, usable on their own (:mod:`.formulas`; rule sets and inputs in
  :mod:`.rules`): :func:`initial_rating` (Step 1),
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

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date, timedelta

from pairing.engine.uscf.formulas import (
    InitialRating,
    StandardResult,
    bonus_allowed,
    dual_regular_k_factor,
    effective_games,
    fide_to_uscf,
    initial_rating,
    player_floor,
    shown_rating,
    special_rating,
    standard_rating,
    store_rating,
    youth_fide_to_uscf,
)
from pairing.engine.uscf.rules import (
    MINIMUM_RATING,
    RULES_CURRENT,
    RatedGame,
    RatedPlayer,
    RatingEvent,
    RatingInputError,
    RatingSystem,
    RuleSet,
)

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
