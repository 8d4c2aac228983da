"""Building small TCEC tournaments by hand for the TCEC tests."""

from __future__ import annotations

from collections.abc import Sequence

from pairing.engine.state import Colour, Player, RoundEntry, TournamentState

Game = tuple[int, int, str]
"""(white, black, white's result code ``1``/``=``/``0``/``+``/``-``, or both codes: ``--``)."""

OTHER_SIDE = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+", " ": " "}


def column(games: Sequence[Game], bye: int | None = None) -> dict[int, RoundEntry]:
    """One TRF round column: the games and the BYE (``U``)."""
    entries = {}
    for white, black, code in games:
        white_code, black_code = (code[0], code[1]) if len(code) == 2 else (code, OTHER_SIDE[code])
        entries[white] = RoundEntry(black, Colour.WHITE, white_code)
        entries[black] = RoundEntry(white, Colour.BLACK, black_code)
    if bye is not None:
        entries[bye] = RoundEntry(None, None, "U")
    return entries


def tournament(
    players: int,
    columns: Sequence[dict[int, RoundEntry]] = (),
    *,
    double: bool = False,
    total_rounds: int | None = None,
) -> TournamentState:
    """Players 1..n (seed = starting rank) and the given round columns."""
    state = TournamentState(
        players=tuple(Player(id=i, name=f"Engine {i:02d}") for i in range(1, players + 1)),
        total_rounds=total_rounds,
        double_rounds=double,
    )
    for entries in columns:
        state = state.with_round(entries)
    return state


def double_round(games: Sequence[Game], bye: int | None = None) -> list[dict[int, RoundEntry]]:
    """The two columns of a double round: the games, then the same pairs with colours reversed
    (all drawn in the second game)."""
    return [column(games, bye), column([(b, w, "=") for w, b, _ in games], bye)]
