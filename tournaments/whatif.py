"""What-if previews: the next round paired as if the games still in play had ended in a given
way, computed from the stored tournament and never stored (no row written, no revision).

- The arbiter's round page: all draws, the higher-rated player wins, or results typed per
  game (:func:`preview`).
- A player's public page, once theirs is the only game left: the likely next opponent if they
  win, draw or lose (:func:`last_game_outcomes`), three pairings per tournament revision
  shared by both players of that game (cached).

Both read only published rounds: the round in play is the last one paired, and it cannot have
a draft after it (the next round is paired when every result is in).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from django.core.cache import cache

from pairing.engine import (
    RESULT_CODES,
    AccelerationError,
    Board,
    EngineError,
    RoundPairing,
    TournamentState,
    assume_results,
    pairing_system,
    policy_results,
    round_games,
)
from pairing.limits import too_many_to_pair
from pairing.services import Snapshot, engine_system
from tournaments.models import Entry, Game, Round
from tournaments.reports import points

POLICIES = {"draws": "all draws", "higher-rated": "the higher-rated player wins", "typed": "typed"}
"""What the arbiter's form offers (``?assume=``)."""
RESULT_CHOICES = [
    ("", "— (counts as a draw)"),
    ("1-0", "1–0"),
    ("1/2", "½–½"),
    ("0-1", "0–1"),
    ("+-", "+/− (forfeit)"),
    ("-+", "−/+ (forfeit)"),
    ("--", "−/− (double forfeit)"),
]
RESULT_LABELS = dict(RESULT_CHOICES) | {"": "no result (a draw for pairing)"}
CACHE_SECONDS = 3600


def games_in_play(snap: Snapshot) -> list[Game]:
    """The games without a result of the round in play (both games of a TCEC double round),
    when it is the last round paired, published and not finished; else none."""
    rounds = snap.rounds
    if not rounds or any(r.status == Round.Status.DRAFT for r in rounds):
        return []
    legs = snap.tournament.legs
    last = rounds[-1].number
    first = last - (last - 1) % legs
    return [g for g in snap.games_without_result if g.round.number >= first]


def next_round_exists(snap: Snapshot) -> bool:
    return len(snap.rounds) // snap.tournament.legs < snap.tournament.rounds


@dataclass(frozen=True)
class PreviewBoard:
    number: int
    white: Entry
    black: Entry
    white_points: str
    """Points before the previewed round, with the assumed results."""
    black_points: str


@dataclass(frozen=True)
class Preview:
    """The next round as it would be paired; ``problem`` when it cannot be."""

    policy: str
    assumed: list[tuple[Game, str]]
    """Each game in play with the result assumed, in words."""
    boards: list[PreviewBoard]
    bye: Entry | None = None
    problem: str = ""


def _pair(snap: Snapshot, state: TournamentState) -> RoundPairing:
    system = engine_system(snap.tournament)
    if too_many := too_many_to_pair(system, len(state.players)):  # as pairing a round does
        raise EngineError(too_many)
    return pairing_system(system)(state)


def preview(snap: Snapshot, policy: str, typed: Mapping[int, str]) -> Preview:
    """The next round paired from ``snap`` with the games in play ending as ``policy`` says
    (``draws``, ``higher-rated``) or as ``typed`` (game pk -> result, a key of the engine's
    result codes; a game left out counts as a draw). Reads, never writes."""
    games = games_in_play(snap)
    if not games or not next_round_exists(snap):
        problem = "No game is in play." if not games else "This is the last round."
        return Preview(policy, [], [], problem=problem)
    number = {e.pk: e.pairing_number for e in snap.entries}

    def board(g: Game) -> Board:
        return Board(number[g.white_id], number[g.black_id])

    try:
        state = snap.state()
        if policy == "typed":
            results = {board(g): typed[g.pk] for g in games if typed.get(g.pk) in RESULT_CODES}
        else:
            results = policy_results(state, round_games(state), policy)
        assumed = assume_results(state, results)
        pairing = _pair(snap, assumed)
    except (EngineError, AccelerationError) as e:
        listed = [(g, RESULT_LABELS[""]) for g in games]
        return Preview(policy, listed, [], problem=f"The next round cannot be paired: {e}.")
    listed = [(g, RESULT_LABELS[results.get(board(g), "")]) for g in games]
    entry = snap.entry_by_number
    scores = assumed.scores
    boards = [
        PreviewBoard(
            n, entry[b.white], entry[b.black], points(scores[b.white]), points(scores[b.black])
        )
        for n, b in enumerate(pairing.boards, start=1)
    ]
    bye = entry[pairing.bye] if pairing.bye is not None else None
    return Preview(policy, listed, boards, bye)


# -- a player's page: if I win, draw or lose ------------------------------------------------------


@dataclass(frozen=True)
class Outcome:
    """The likely next round of a player after one outcome of their game."""

    outcome: str
    """"win", "draw" or "loss"."""
    opponent: Entry | None = None
    colour: str = ""
    """"White" or "Black"."""
    note: str = ""
    """Without an opponent: "the pairing-allocated bye", "not paired" or why none."""


OUTCOMES = (("win", "1-0", "0-1"), ("draw", "1/2", "1/2"), ("loss", "0-1", "1-0"))
"""(the player's outcome, the result with them as White, as Black)."""


def last_game_outcomes(
    snap: Snapshot, published: int, entry: Entry, revision: int
) -> list[Outcome] | None:
    """If ``entry``'s game is the only one without a result in the published rounds (the
    first ``published`` round rows, the last round paired) and a round follows: their likely
    next opponent after a win, a draw and a loss. ``None`` otherwise."""
    if published != len(snap.rounds) or not next_round_exists(snap):
        return None  # a draft after the published rounds, or no round to come
    games = games_in_play(snap)
    if len(games) != 1 or entry.pk not in (games[0].white_id, games[0].black_id):
        return None
    game = games[0]
    pairings = _last_game_pairings(snap, game, revision)
    me = entry.pairing_number
    white = game.white_id == entry.pk
    out = []
    for outcome, as_white, as_black in OUTCOMES:
        result = pairings.get(as_white if white else as_black)
        out.append(_outcome(snap, outcome, result, me))
    return out


def _last_game_pairings(snap: Snapshot, game: Game, revision: int) -> dict[str, object]:
    """White's result -> the next round's pairing (or why none), cached per revision: the
    same three pairings serve both players of the game."""
    key = f"whatif:last-game:{snap.tournament.pk}:{revision}:{game.pk}"
    cached = cache.get(key)
    if cached is not None:
        return dict(cached)
    number = {e.pk: e.pairing_number for e in snap.entries}
    board = Board(number[game.white_id], number[game.black_id])
    pairings: dict[str, object] = {}
    try:
        state = snap.state()
    except AccelerationError as e:
        state, pairings = None, {r: str(e) for r in ("1-0", "1/2", "0-1")}
    if state is not None:
        for result in ("1-0", "1/2", "0-1"):
            try:
                pairings[result] = _pair(snap, assume_results(state, {board: result}))
            except EngineError as e:
                pairings[result] = str(e)
    cache.set(key, pairings, CACHE_SECONDS)
    return pairings


def _outcome(snap: Snapshot, outcome: str, result: object, me: int) -> Outcome:
    if not isinstance(result, RoundPairing):
        return Outcome(outcome, note=f"no pairing ({result})" if result else "no pairing")
    if result.bye == me:
        return Outcome(outcome, note="the pairing-allocated bye")
    for b in result.boards:
        if me in (b.white, b.black):
            other, colour = (b.black, "White") if b.white == me else (b.white, "Black")
            return Outcome(outcome, snap.entry_by_number[other], colour)
    return Outcome(outcome, note="not paired (a bye or a withdrawal)")
