"""Tournament states built from what each player's past must be, for hand-derived rule tests.

A test names the players to be paired (ids 1..n, which are also their pairing numbers) and
writes each one's past as round tokens; every game is played against a *ghost*: a player
made up for that one game, absent from the round being paired, whose score before that round
is chosen so that the game gave the float the token asks for. Ghosts get the pairing numbers
after the real players, so the real players' pairing numbers (and E.5 parities) are 1..n.

Tokens, one per round, separated by spaces:

* ``w1`` ``b=`` ``w0``: a game with White/Black, won/drawn/lost, between equal scores;
  a trailing ``^`` makes it an upfloat (the ghost had one point more), ``v`` a downfloat
  (the ghost had half a point less);
* ``w+`` ``b-``: a forfeit won/lost (no colour, no game played: C.04.2 D.5);
* ``U`` pairing-allocated bye, ``F`` full-point bye, ``H`` half-point bye, ``Z`` zero-point
  bye (a downfloat for the Dutch A.4.b).

Players who may not meet are given as forbidden pairs (C.1 reads them like earlier games).

Unless a test gives ratings, the players' ratings are *out of pairing-number order*
(:func:`default_rating`: 2070, 2010, 2080, 2020, ... for 1, 2, 3, 4, ...), as after late
entries or provisional ratings, so that a rule that orders by pairing number and one that
orders by rating (either way) pair differently. The systems paired here read a player's own
rating only to order players (Dubov A.2 via the pairing numbers, ARO reads the ghosts'
ratings), so this changes no pairing the text gives.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from pairing.engine import Colour, Player, RoundEntry, TournamentState
from pairing.engine.core.state import ForbiddenPairs

W, B = Colour.WHITE, Colour.BLACK
_POINTS = {"1": 2, "=": 1, "0": 0, "+": 2, "-": 0, "U": 2, "F": 2, "H": 1, "Z": 0}
_GHOST_CODE = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+"}
_TOKEN = re.compile(r"^(?:([wb])([10=+\-])([\^v]?)|([UFHZ]))$")


@dataclass(frozen=True)
class _Game:
    player: int
    column: int
    colour: Colour
    code: str
    ghost_score: int


def default_rating(pid: int) -> int:
    """A rating that neither rises nor falls with the pairing number: 2070, 2010, 2080, 2020,
    2090, 2030, 2100, 2040, ... (players 1, 2, 3, ...), distinct for 13 players."""
    return 2000 + 10 * (pid * 7 % 13)


def past(
    histories: Mapping[int, str],
    total_rounds: int,
    *,
    forbidden: Iterable[tuple[int, int]] = (),
    ratings: Mapping[int, int] | None = None,
    opponents_rating: Mapping[int, int | Sequence[int]] | None = None,
    initial: Colour = W,
    absent: Mapping[int, str] | None = None,
) -> TournamentState:
    """The tournament before its next round: players ``1..n`` with the given histories
    (all of the same length), ``forbidden`` pairs that may not meet, ratings (by default
    :func:`default_rating`, out of pairing-number order)
    and the rating of the ghosts a player met (one for all, or one per game in order; 2000 by
    default). ``absent`` players are not paired in the next round."""
    ids = sorted(histories)
    assert ids == list(range(1, len(ids) + 1)), "players are numbered 1..n"
    columns = {len(h.split()) for h in histories.values()}
    assert len(columns) == 1, "every history has the same number of rounds"
    rounds = columns.pop()
    entries: dict[int, list[RoundEntry]] = {}
    games: list[_Game] = []
    for pid in ids:
        entries[pid] = []
        score = 0
        for column, token in enumerate(histories[pid].split()):
            m = _TOKEN.match(token)
            assert m, f"player {pid}: bad token {token!r}"
            colour, code, drift, bye = m.groups()
            if bye:
                entries[pid].append(RoundEntry(None, None, bye))
                score += _POINTS[bye]
                continue
            ghost = score + {"^": 2, "v": -1, "": 0}[drift]
            assert 0 <= ghost <= 2 * column, f"player {pid}: no ghost can make {token!r}"
            games.append(_Game(pid, column, Colour(colour), code, ghost))
            entries[pid].append(RoundEntry(None, Colour(colour), code))  # opponent set below
            score += _POINTS[code]
    players = []
    ghosts = []
    nth = dict.fromkeys(ids, 0)
    for number, game in enumerate(games, start=len(ids) + 1):
        entries[game.player][game.column] = RoundEntry(number, game.colour, game.code)
        ghost_entries = _byes_worth(game.ghost_score, game.column)
        ghost_entries.append(RoundEntry(game.player, game.colour.opposite, _GHOST_CODE[game.code]))
        ghost_entries += [RoundEntry(None, None, "Z")] * (rounds - game.column - 1)
        rating = (opponents_rating or {}).get(game.player, 2000)
        if not isinstance(rating, int):
            rating = rating[nth[game.player]]
        nth[game.player] += 1
        ghosts.append(Player(id=number, rating=rating, results=tuple(ghost_entries)))
    for pid in ids:
        rating = (ratings or {}).get(pid, default_rating(pid))
        players.append(Player(id=pid, rating=rating, results=tuple(entries[pid])))
    away = {g.id: "Z" for g in ghosts}
    away.update(absent or {})
    return TournamentState(
        players=(*players, *ghosts),
        rounds_done=rounds,
        total_rounds=total_rounds,
        initial_colour=initial,
        absent=away,
        forbidden=tuple(ForbiddenPairs(pair) for pair in forbidden),
    )


def _byes_worth(score: int, columns: int) -> list[RoundEntry]:
    """``columns`` bye entries worth ``score`` half-points."""
    out = []
    for _ in range(columns):
        take = min(score, 2)
        out.append(RoundEntry(None, None, {2: "F", 1: "H", 0: "Z"}[take]))
        score -= take
    assert score == 0
    return out


def boards(pairing: object) -> set[tuple[int, int]]:
    """The (white, black) boards of a round pairing."""
    return {(b.white, b.black) for b in pairing.boards}  # type: ignore[attr-defined]


def pairs(pairing: object) -> set[frozenset[int]]:
    """The pairs of a round pairing, colours left aside."""
    return {frozenset((b.white, b.black)) for b in pairing.boards}  # type: ignore[attr-defined]


def pair_set(*couples: tuple[int, int]) -> set[frozenset[int]]:
    return {frozenset(c) for c in couples}
