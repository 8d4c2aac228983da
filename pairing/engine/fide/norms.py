"""Title norms: FIDE Title Regulations (Handbook B.01) applied from 1 January 2024, articles
1.4.1-1.4.9 and 1.7, for one player and one of the titles GM, IM, WGM, WIM.

:func:`check_norm` says whether the games make a norm, and why not; :func:`norm_outlook` says
whether a norm is still possible with ``remaining`` rounds to play and the score needed in them.
Whether an exemption of the foreigner requirement applies (1.4.3 a-c: national championship
finals, national team championships, zonals - the arbiter's call; 1.4.3 d: a big Swiss field,
:func:`big_swiss_exempt`) comes in as :attr:`NormCandidate.federation_exempt`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from itertools import combinations

from pairing.engine.core.errors import EngineError
from pairing.engine.core.fide_tables import DP_TABLE, rating_difference, round_half_up
from pairing.engine.fide.performance import opponent_ratings_for_norm


class NormInputError(EngineError):
    """A norm question the regulations cannot answer (an unknown title, a bad result)."""


@dataclass(frozen=True, slots=True)
class NormTitle:
    """The numbers of one title's norm (B.01 1.4.5, 1.4.6 b, 1.4.8)."""

    code: str
    """GM, IM, WGM or WIM."""
    performance: int
    """Minimum Rp (1.4.8; 0.5 defines the title performance)."""
    average: int
    """Minimum Ra (1.4.8 a)."""
    floor: int
    """Adjusted rating floor (1.4.6 b)."""
    counting_titles: frozenset[str]
    """Opponent titles counted for the title-specific third (1.4.5 b-e)."""


NORM_TITLES = {
    "GM": NormTitle("GM", 2600, 2380, 2200, frozenset({"GM"})),
    "IM": NormTitle("IM", 2450, 2230, 2050, frozenset({"GM", "IM"})),
    "WGM": NormTitle("WGM", 2400, 2180, 2000, frozenset({"GM", "IM", "WGM"})),
    "WIM": NormTitle("WIM", 2250, 2030, 1850, frozenset({"GM", "IM", "WGM", "WIM"})),
}
"""B.01 1.4.5 b-e, 1.4.6 b, 1.4.8 and 1.4.8 a, by title."""
TITLE_HOLDERS = frozenset({"GM", "IM", "WGM", "WIM", "FM", "WFM"})
"""B.01 1.4.5 a: titleholders; CM and WCM do not count."""
MIN_GAMES = 9
"""B.01 1.4.1 a."""
MIN_SCORE_PERCENT = 35
"""B.01 1.4.8 b."""
MAX_NORM_GAMES = 13
"""B.01 1.7: a norm from more than 13 rounds counts as 13 games."""
NO_FEDERATION = "FID"
"""FIDE's own flag: its players are accepted but "do not count as a foreign player" (1.4.2 a),
so FID is no federation for 1.4.3/1.4.4."""
_FULL_SEARCH_WINS = 6
"""Up to this many defeated opponents every subset is tried for 1.4.1 f; beyond, only the
k lowest-rated ones for each k."""


@dataclass(frozen=True, slots=True)
class NormGame:
    """One round of the norm seeker."""

    round: int
    """Round number (1-based); 1.4.1 e drops the last rounds."""
    points: int
    """Result in half-points (2 win, 1 draw, 0 loss)."""
    opponent_rating: int | None
    """The opponent's rating (list at the start, 1.4.6 a); ``None``: unrated."""
    opponent_title: str | None = None
    """GM, IM, WGM, WIM, FM, WFM, CM, WCM or ``None``."""
    opponent_federation: str | None = None
    """The opponent's FIDE federation code (``FID`` for FIDE's own flag)."""
    played: bool = True
    """Over the board; ``False``: a forfeit, not counted (1.4.2 c)."""
    opponent_in_fide: bool = True
    """``False``: the opponent belongs to no FIDE federation, not counted (1.4.2 a)."""


@dataclass(frozen=True, slots=True)
class NormCandidate:
    """A player seeking a norm, and the event as far as the norm rules need it."""

    federation: str
    """The player's federation."""
    games: tuple[NormGame, ...]
    """Every round with an opponent, played or forfeited."""
    rounds: int
    """Rounds of the tournament (scheduled)."""
    byes: int = 0
    """Pairing-allocated byes received (1.4.1 c)."""
    predetermined_pairings: bool = False
    """Round-robin style pairings: every scheduled round counts (1.4.1 e)."""
    federation_exempt: bool = False
    """An exemption of 1.4.3 a-d applies: 1.4.3 and 1.4.4 are waived."""


@dataclass(frozen=True, slots=True)
class FieldPlayer:
    """A participant as B.01 1.4.3 d counts the field."""

    federation: str
    rated: bool
    """Has a FIDE rating."""
    title: str | None
    rounds_missed: int
    """Rounds without a game, pairing-allocated byes not counted."""


BIG_SWISS_PLAYERS = 20
BIG_SWISS_FEDERATIONS = 3
BIG_SWISS_TITLED = 10
BIG_SWISS_TITLES = frozenset({"GM", "IM", "WGM", "WIM"})


def big_swiss_exempt(field: Sequence[FieldPlayer], host_federation: str) -> bool:
    """B.01 1.4.3 d: a Swiss tournament whose participants include at least 20 FIDE-rated
    players not from the host federation, from at least 3 federations, at least 10 of them GM,
    IM, WGM or WIM, counting only players who missed at most one round (pairing-allocated byes
    not counted as missed). FID players are not from a federation (1.4.2 a) and do not count.
    The caller decides that the tournament is a Swiss."""
    counted = [
        p
        for p in field
        if p.rated
        and p.rounds_missed <= 1
        and p.federation not in (host_federation, NO_FEDERATION, "")
    ]
    return (
        len(counted) >= BIG_SWISS_PLAYERS
        and len({p.federation for p in counted}) >= BIG_SWISS_FEDERATIONS
        and sum(1 for p in counted if p.title in BIG_SWISS_TITLES) >= BIG_SWISS_TITLED
    )


@dataclass(frozen=True, slots=True)
class NormResult:
    """Whether a set of games is a norm (B.01 1.4), with the numbers."""

    title: str
    """The title."""
    achieved: bool
    """All conditions met."""
    reason: str
    """The first condition not met (article cited), or the norm's description."""
    rounds: tuple[int, ...]
    """Rounds counted."""
    counted: tuple[NormGame, ...]
    """The games counted, in round order (the certificate's list of opponents)."""
    games: int
    """Games counted."""
    score: int
    """Half-points in them."""
    average: int | None
    """Ra after 1.4.6 (rounded, 1.4.7 b)."""
    performance: int | None
    """Rp = Ra + dp (1.4.8)."""
    titled: int
    """Titleholders among the opponents (1.4.5 a)."""
    title_opponents: int
    """Opponents holding a title counted for this norm (1.4.5 b-e)."""
    foreign_federations: int
    """Federations of the opponents other than the player's (1.4.3)."""
    norm_games: int
    """Games the norm counts for: games (9 for the 8-game case of 1.4.1 c), plus one per full
    point above the score needed (1.4.1 d), at most 13 (1.7)."""


def norm_title(code: str) -> NormTitle:
    """The :class:`NormTitle` of ``code`` (GM, IM, WGM, WIM)."""
    try:
        return NORM_TITLES[code.upper()]
    except KeyError:
        raise NormInputError(f"no norm for title {code!r}: GM, IM, WGM or WIM") from None


def _ceil_div(a: int, b: int) -> int:
    return -(-a // b)


def minimum_score(average: int, games: int, title: NormTitle) -> int | None:
    """The fewest half-points over ``games`` with Ra = ``average`` giving Rp >= the title's
    performance and at least 35 % (1.4.8, 1.4.9); ``None`` when no score does."""
    for score in range(0, 2 * games + 1):
        percentage = round_half_up(Fraction(50 * score, games))
        if 100 * score < 2 * MIN_SCORE_PERCENT * games:
            continue
        if average + rating_difference(Fraction(percentage, 100)) >= title.performance:
            return score
    return None


def _evaluate(
    candidate: NormCandidate, games: Sequence[NormGame], title: NormTitle, eight_for_nine: bool
) -> NormResult:
    n = len(games)
    score = sum(g.points for g in games)
    titled = sum(1 for g in games if g.opponent_title in TITLE_HOLDERS)
    specific = sum(1 for g in games if g.opponent_title in title.counting_titles)
    federations = [g.opponent_federation for g in games]
    foreign = {f for f in federations if f and f not in (candidate.federation, NO_FEDERATION)}
    result = NormResult(
        title.code, False, "", tuple(g.round for g in games), tuple(games), n, score, None,
        None, titled, specific, len(foreign), 0,
    )  # fmt: skip
    if n == 0:
        return replace(result, reason="B.01 1.4.1 a: no game counted")
    ratings = opponent_ratings_for_norm([g.opponent_rating for g in games], title.floor)
    average = round_half_up(Fraction(sum(ratings), n))  # 1.4.7
    percentage = round_half_up(Fraction(50 * score, n))  # 1.4.9
    performance = average + rating_difference(Fraction(percentage, 100))  # 1.4.8
    result = replace(result, average=average, performance=performance)
    needed_games = MIN_GAMES - 1 if eight_for_nine else MIN_GAMES
    fail = None
    if n < needed_games:
        fail = f"B.01 1.4.1 a: {n} games, {MIN_GAMES} needed"
    elif not candidate.federation_exempt and len(foreign) < 2:
        fail = f"B.01 1.4.3: opponents from {len(foreign)} other federations, 2 needed"
    elif not candidate.federation_exempt and federations.count(candidate.federation) > 3 * n // 5:
        own = federations.count(candidate.federation)
        fail = f"B.01 1.4.4: {own} opponents from the player's federation, at most {3 * n // 5}"
    elif not candidate.federation_exempt and any(
        federations.count(f) > 2 * n // 3 for f in foreign
    ):
        fail = f"B.01 1.4.4: more than {2 * n // 3} opponents from one federation"
    elif titled < _ceil_div(n, 2):
        fail = f"B.01 1.4.5 a: {titled} titleholders, {_ceil_div(n, 2)} needed"
    elif specific < max(3, _ceil_div(n, 3)):
        needed = max(3, _ceil_div(n, 3))
        which = "/".join(sorted(title.counting_titles))
        fail = f"B.01 1.4.5: {specific} opponents {which}, {needed} needed"
    elif average < title.average:
        fail = f"B.01 1.4.8 a: Ra {average}, at least {title.average} needed"
    elif 100 * score < 2 * MIN_SCORE_PERCENT * n:
        fail = f"B.01 1.4.8 b: {percentage}% scored, {MIN_SCORE_PERCENT}% needed"
    elif performance < title.performance:
        fail = f"B.01 1.4.8: Rp {performance}, at least {title.performance} needed"
    if fail is not None:
        return replace(result, reason=fail)
    least = minimum_score(average, n, title)
    extra = (score - least) // 2 if least is not None else 0  # 1.4.1 d: full points above
    counted = (MIN_GAMES if eight_for_nine and n == MIN_GAMES - 1 else n) + extra
    norm_games = min(MAX_NORM_GAMES, counted)  # 1.7
    reason = f"{title.code} norm: Rp {performance}, Ra {average}, {norm_games} games"
    return replace(result, achieved=True, reason=reason, norm_games=norm_games)


def _performance_reached(games: Sequence[NormGame], title: NormTitle) -> bool:
    """The rating conditions of 1.4.8 alone (Ra, 35 %, Rp), in integers: a quick filter
    before :func:`_evaluate` in the search of :func:`check_norm`."""
    n = len(games)
    ratings = opponent_ratings_for_norm([g.opponent_rating for g in games], title.floor)
    score = sum(g.points for g in games)
    average = (2 * sum(ratings) + n) // (2 * n)  # 1.4.7 b: half up
    percentage = (100 * score + n) // (2 * n)  # 1.4.9: half up
    dp = DP_TABLE[percentage] if percentage >= 50 else -DP_TABLE[100 - percentage]
    return (
        average >= title.average
        and 100 * score >= 2 * MIN_SCORE_PERCENT * n
        and average + dp >= title.performance
    )


def counted_games(candidate: NormCandidate) -> list[NormGame]:
    """The games 1.4.2 lets count: played over the board (c) against members of FIDE
    federations (a), in round order."""
    return sorted(
        (g for g in candidate.games if g.played and g.opponent_in_fide), key=lambda g: g.round
    )


def _eight_for_nine(candidate: NormCandidate, games: Sequence[NormGame]) -> bool:
    """1.4.1 c: 8 games of a 9-round tournament, the missing one a forfeit win or a
    pairing-allocated bye, count as a 9-game norm."""
    forfeit_wins = sum(1 for g in candidate.games if not g.played and g.points == 2)
    return candidate.rounds == 9 and len(games) == 8 and forfeit_wins + candidate.byes >= 1


def _drop_sets(games: Sequence[NormGame]) -> list[tuple[NormGame, ...]]:
    """Sets of defeated opponents to leave out (1.4.1 f), the empty set first."""
    wins = sorted((g for g in games if g.points == 2), key=lambda g: g.opponent_rating or 0)
    if len(wins) <= _FULL_SEARCH_WINS:
        return [c for k in range(len(wins) + 1) for c in combinations(wins, k)]
    return [tuple(wins[:k]) for k in range(len(wins) + 1)]


def check_norm(candidate: NormCandidate, title: str) -> NormResult:
    """Whether ``candidate`` has a ``title`` norm (B.01 1.4).

    Games not counted (1.4.2): forfeits, opponents outside FIDE. Allowed choices tried: leaving
    out the games after the norm was reached (1.4.1 e, not with predetermined pairings) and
    games against defeated opponents (1.4.1 f), keeping at least the minimum of games; a
    last-round forfeit win counted as a loss (1.4.2 c). The first norm found keeping the most
    games is returned, otherwise the reason the full set fails."""
    wanted = norm_title(title)
    for g in candidate.games:
        if g.points not in (0, 1, 2):
            raise NormInputError(f"round {g.round}: result must be 0, 1 or 2 half-points")
    games = counted_games(candidate)
    full = _evaluate(candidate, games, wanted, _eight_for_nine(candidate, games))
    if full.achieved:
        return full
    best: NormResult | None = None
    shortest = MIN_GAMES if not candidate.predetermined_pairings else len(games)
    trials = []
    for length in range(len(games), shortest - 1, -1):  # 1.4.1 e: later rounds left out
        for dropped in _drop_sets(games[:length]):  # 1.4.1 f: defeated opponents left out
            gone = {g.round for g in dropped}
            trials.append([g for g in games[:length] if g.round not in gone])
    trials.sort(key=len, reverse=True)  # the most games kept first
    for kept in trials:
        if MIN_GAMES <= len(kept) < len(games) and _performance_reached(kept, wanted):
            trial = _evaluate(candidate, kept, wanted, False)
            if trial.achieved:
                best = trial
                break
    if best is None and (last := _last_round_forfeit_win(candidate)) is not None:
        # 1.4.2 c: the last-round opponent forfeits; the norm counts if the player needed the
        # game and could afford to lose it: the game is counted as a loss.
        as_loss = replace(last, points=0, played=True)
        trial = _evaluate(candidate, [*games, as_loss], wanted, False)
        if trial.achieved:
            reason = f"{trial.reason} (last-round forfeit counted as a loss, 1.4.2 c)"
            best = replace(trial, reason=reason)
    return best if best is not None else full


def _last_round_forfeit_win(candidate: NormCandidate) -> NormGame | None:
    return next(
        (
            g
            for g in candidate.games
            if g.round == candidate.rounds and not g.played and g.points == 2
        ),
        None,
    )


@dataclass(frozen=True, slots=True)
class NormOutlook:
    """Whether a norm can still be reached, and with what score."""

    title: str
    """The title."""
    achieved: bool
    """Already a norm with the games played."""
    possible: bool
    """Still reachable in the remaining rounds."""
    points_needed: int | None
    """Half-points needed in the remaining rounds (0 when achieved; ``None`` if impossible)."""
    reason: str
    """What decides it, citing the article."""


def norm_outlook(candidate: NormCandidate, title: str, remaining: int) -> NormOutlook:
    """Can ``candidate`` still make a ``title`` norm with ``remaining`` rounds to play?

    Optimistic about the opponents to come (each a holder of a title counted for this norm,
    from a new foreign federation), neutral about their ratings: Ra stays what it is, or
    rises to the title's minimum average if below it. The score needed is then the fewest
    half-points over all the games giving Rp and 35 % (1.4.8), less the points already scored.
    With no round left the norm is made or not (the check's reason).
    """
    wanted = norm_title(title)
    if remaining < 0:
        raise NormInputError("remaining rounds must not be negative")
    now = check_norm(candidate, title)
    if now.achieved:
        return NormOutlook(wanted.code, True, True, 0, now.reason)
    if remaining == 0:  # nothing to come: the check's answer stands
        return NormOutlook(wanted.code, False, False, None, now.reason)
    games = counted_games(candidate)
    total = len(games) + remaining
    forfeit_wins = any(not g.played and g.points == 2 for g in candidate.games)
    eight_of_nine = candidate.rounds == 9 and (candidate.byes or forfeit_wins)  # 1.4.1 c
    limit = MIN_GAMES - 1 if eight_of_nine else MIN_GAMES
    shortfalls = [
        (total < limit, f"B.01 1.4.1 a: at most {total} games, {MIN_GAMES} needed"),
        (
            not candidate.federation_exempt and now.foreign_federations + remaining < 2,
            "B.01 1.4.3: too few rounds left for 2 other federations",
        ),
        (
            now.titled + remaining < _ceil_div(total, 2),
            "B.01 1.4.5 a: too few rounds left for half titleholders",
        ),
        (
            now.title_opponents + remaining < max(3, _ceil_div(total, 3)),
            "B.01 1.4.5: too few rounds left for the titled third",
        ),
    ]
    for impossible, why in shortfalls:
        if impossible:
            return NormOutlook(wanted.code, False, False, None, why)
    if not games:
        return NormOutlook(wanted.code, False, True, None, "no game yet: any score undecided")
    ratings = opponent_ratings_for_norm([g.opponent_rating for g in games], wanted.floor)
    average = max(wanted.average, round_half_up(Fraction(sum(ratings), len(ratings))))
    least = minimum_score(average, total, wanted)
    needed = None if least is None else max(0, least - now.score)
    if needed is None or needed > 2 * remaining:
        why = f"B.01 1.4.8: Rp {wanted.performance} out of reach over {total} games"
        return NormOutlook(wanted.code, False, False, None, why)
    why = f"B.01 1.4.8: {needed / 2:g} points from {remaining} rounds at Ra {average}"
    return NormOutlook(wanted.code, False, True, needed, why)
