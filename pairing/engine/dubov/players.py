"""What the Dubov system (C.04.4.1, 2018 and 2026) needs to know about each player before a
round.

Everything is computed from the round entries; only over-the-board games count for colours,
ARO, "games played" and upfloats (C.04.2 D.5; corpus README point 2). Scores are half-points.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from pairing.engine.core.colours import Preference, Strength, preference
from pairing.engine.core.errors import TrfError
from pairing.engine.core.state import Colour, Player, PlayerId, TournamentState
from pairing.engine.dubov.edition import EDITION_2018, Edition


class DubovInputError(TrfError):
    """The tournament lacks data the Dubov system requires (ratings, number of rounds)."""


@dataclass(frozen=True, slots=True)
class DubovPlayer:
    """One player to be paired, as the Dubov articles see them."""

    id: PlayerId
    tpn: int
    """Position in the initial ranking list (A.2): smaller is higher."""
    rating: int
    """A.1: the rating (or the arbiter's provisional rating)."""
    score: int
    """Half-points, the player's scoregroup (A.3)."""
    aro: int
    """A.6: average rating of the over-the-board opponents, rounded half up; 0 before any game."""
    colours: tuple[Colour, ...]
    """Colours of the games played, oldest first (C.04.2 D.5)."""
    preference: Preference
    """A.5, including A.5.d: no games played = mild preference for black."""
    upfloats: int
    """Times the player was upfloated: a game played against a higher-scored opponent."""
    upfloated_last_round: bool
    """Upfloated in the round just before the one being paired (C.10)."""
    max_upfloater: bool
    """A.7: already upfloated MaxT times."""
    bye_allowed: bool
    """C.2 / B.0.a (2018): neither a pairing-allocated bye nor a forfeit win so far; [C2] /
    3.1.1 (2026): neither a pairing-allocated bye nor a win's points without playing."""

    @property
    def games(self) -> int:
        """Games played over the board (B.0.d)."""
        return len(self.colours)

    @property
    def unplayed(self) -> bool:
        """Has yet to play a game (B.3, E.0)."""
        return not self.colours

    @property
    def wants_white(self) -> bool:
        """Colour preference for White (B.3: member of G1, D.2: a White shifter)."""
        return self.preference.colour is Colour.WHITE


MILD_BLACK = Preference(Colour.BLACK, Strength.MILD, 0)
"""A.5.d: players who did not play any games have a mild colour preference for black."""


def max_upfloats(total_rounds: int) -> int:
    """A.7: MaxT = 2 + [Rnds / 5], rounded downwards."""
    return 2 + total_rounds // 5


def aro(opponent_ratings: list[int]) -> int:
    """A.6: the mean rating of the opponents met, rounded to the nearest integer, .5 upwards;
    zero before the first game."""
    if not opponent_ratings:
        return 0
    n = len(opponent_ratings)
    return (2 * sum(opponent_ratings) + n) // (2 * n)


def scores_before_each_round(state: TournamentState) -> list[dict[PlayerId, int]]:
    """``out[r]`` = every player's half-points before round column ``r + 1``."""
    running = {p.id: 0 for p in state.players}
    out = []
    for r in range(state.rounds_done):
        out.append(dict(running))
        for p in state.players:
            running[p.id] += state.points.of(p.results[r])
    return out


def upfloat_rounds(player: Player, before: list[dict[PlayerId, int]]) -> list[int]:
    """Round columns (0-based) in which ``player`` played over the board against an opponent
    who had more points before that round (corpus README point 2)."""
    return [
        r
        for r, e in enumerate(player.results)
        if e.played and e.opponent is not None and before[r][e.opponent] > before[r][player.id]
    ]


def require_ratings(state: TournamentState) -> None:
    """A.1: each player must have a rating; the arbiter assigns a provisional one (written as
    the player's rating) to an unrated player."""
    missing = [p for p in state.available if p.rating <= 0]
    if missing:
        # Named, not only numbered (issue 24: "player(s) 6" told the arbiter nothing).
        names = ", ".join(f"{p.id} ({p.name})" if p.name else str(p.id) for p in missing)
        whom = "player" if len(missing) == 1 else "players"
        raise DubovInputError(
            f"Dubov A.1: every player needs a rating; the arbiter must give a provisional "
            f"rating to {whom} {names}"
        )


def dubov_players(
    state: TournamentState, edition: Edition = EDITION_2018
) -> dict[PlayerId, DubovPlayer]:
    """The players to be paired in the next round, by id (``edition``: who may receive the
    pairing-allocated bye)."""
    if state.total_rounds is None:
        raise DubovInputError("Dubov A.7: the number of rounds (XXR) is needed to compute MaxT")
    require_ratings(state)
    max_t = max_upfloats(state.total_rounds)
    before = scores_before_each_round(state)
    scores: Mapping[PlayerId, int] = state.pairing_scores
    out = {}
    for p in state.available:
        ups = upfloat_rounds(p, before)
        colours = p.colours
        out[p.id] = DubovPlayer(
            id=p.id,
            tpn=p.tpn,
            rating=p.rating,
            score=scores[p.id],
            aro=aro([state.player(e.opponent).rating for e in p.games if e.opponent is not None]),
            colours=colours,
            preference=preference(colours) if colours else MILD_BLACK,
            upfloats=len(ups),
            upfloated_last_round=bool(ups) and ups[-1] == state.rounds_done - 1,
            max_upfloater=len(ups) >= max_t,
            bye_allowed=not edition.bye_barred(p, state.points),  # C.2 / [C2]
        )
    return out
