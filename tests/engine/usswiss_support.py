"""Building small US Chess sections by hand for the usswiss tests."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import count

from pairing.engine.core.state import Colour, Player, RoundEntry, TournamentState

_outsiders = count(900)


def entry(token: str) -> RoundEntry:
    """``W1``/``B0``/``W=`` a game with that colour and result, against a player outside the
    section unless ``@n`` names the opponent (``W1@3``); ``U`` a full-point pairing bye,
    ``F`` a requested full-point bye, ``H`` a half-point bye, ``-`` no game."""
    if token in ("U", "H", "F"):
        return RoundEntry(None, None, token)
    if token == "-":
        return RoundEntry(None, None, "Z")
    game, _, against = token.partition("@")
    colour = Colour.WHITE if game[0] == "W" else Colour.BLACK
    opponent = int(against) if against else next(_outsiders)
    return RoundEntry(opponent, colour, game[1])


def section(
    ratings: Sequence[int],
    histories: Mapping[int, Sequence[str]] | None = None,
    initial: Colour = Colour.WHITE,
) -> TournamentState:
    """Players 1..n with these ratings; ``histories``: id -> one token per round played (see
    :func:`entry`); players without one took no part (``-``) in those rounds."""
    histories = histories or {}
    rounds = max((len(h) for h in histories.values()), default=0)
    players = tuple(
        Player(
            id=n,
            rating=rating,
            results=tuple(entry(t) for t in histories.get(n, ["-"] * rounds)),
        )
        for n, rating in enumerate(ratings, start=1)
    )
    return TournamentState(players=players, rounds_done=rounds, initial_colour=initial)


def boards(state: TournamentState, **settings: object) -> list[tuple[int, int]]:
    """The boards the US Chess system pairs, (white, black), in board order."""
    from pairing.engine.usswiss import USSettings, pair_round

    pairing = pair_round(state, USSettings(**settings))  # type: ignore[arg-type]
    return [(b.white, b.black) for b in pairing.boards]
