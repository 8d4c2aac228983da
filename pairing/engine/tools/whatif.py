"""What-if: the next round paired as if the games still in play had ended in a given way.

:func:`assume_results` writes results into games without one of the round in play (the last
round; both round columns of a TCEC double round) and returns the new state, from which any
system pairs the next round as usual. Nothing else changes; the state it starts from is not
touched (states are frozen). A game left without a result counts as a draw for pairing, as
every pending game does (C.04.2 D.1: an adjourned game is scored as a draw).

The command line names games by board number (``--assume "12:1-0,13:1/2"``). A TRF file has
no board numbers: :func:`round_games` numbers the round in play the way the systems order
their boards, C.04.2 D.9 (the higher-ranked player's score, the pair's total score, then the
higher-ranked player's pairing number, from the scores the round was paired with) for the
FIDE systems, and the TCEC playing order (the worst-performing pair first) for TCEC.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace

from pairing.engine.core.errors import EngineError
from pairing.engine.core.rules import board_order
from pairing.engine.core.state import Board, Colour, PlayerId, RoundEntry, TournamentState

RESULT_CODES: dict[str, tuple[str, str]] = {
    "1-0": ("1", "0"),
    "1/2": ("=", "="),
    "0-1": ("0", "1"),
    "+-": ("+", "-"),
    "-+": ("-", "+"),
    "--": ("-", "-"),
}
"""An assumed result -> (white's, black's) TRF result code."""
RESULT_ALIASES = {"1/2-1/2": "1/2", "½": "1/2", "½-½": "1/2", "=": "1/2", "0.5": "1/2"}
"""Other ways to write a draw."""
ALL_DRAWS = "draws"
HIGHER_RATED_WINS = "higher-rated"
POLICIES = (ALL_DRAWS, HIGHER_RATED_WINS)
"""``--assume`` words that give every game without a result the same kind of outcome."""


class AssumptionError(EngineError):
    """An assumed result that cannot be applied; the message names the item."""


@dataclass(frozen=True, slots=True)
class RoundGame:
    """A game of the round in play."""

    board: int
    """Board number (see :func:`round_games`)."""
    game: int
    """1, or 2 for the second game of a TCEC double round (colours reversed)."""
    white: PlayerId
    black: PlayerId
    code: str
    """White's TRF result code, ``" "`` while the game has no result."""

    @property
    def pending(self) -> bool:
        return self.code == " "

    @property
    def pair(self) -> Board:
        return Board(self.white, self.black)

    def label(self, double: bool) -> str:
        return f"board {self.board}" + (f" game {self.game}" if double else "")


@dataclass(frozen=True, slots=True)
class Assumption:
    """One ``BOARD[.GAME]:RESULT`` item of ``--assume``."""

    text: str
    board: int
    game: int | None
    """``None``: the board's game without a result (TCEC double rounds have two)."""
    result: str
    """A key of :data:`RESULT_CODES`."""


@dataclass(frozen=True, slots=True)
class _Ranked:
    score: int
    tpn: int


def result_key(text: str) -> str | None:
    """``text`` as a key of :data:`RESULT_CODES` (draws may also be written ``1/2-1/2``, ``½``,
    ``=``), or ``None``."""
    text = text.strip()
    key = RESULT_ALIASES.get(text, text)
    return key if key in RESULT_CODES else None


def round_in_play(state: TournamentState) -> range:
    """The round columns (1-based) of the last round paired: one, two in TCEC double rounds."""
    if state.rounds_done == 0:
        raise AssumptionError("no round has been paired yet: there is no game to assume")
    first = state.rounds_done - state.columns_per_round + 1
    return range(max(first, 1), state.rounds_done + 1)


def round_games(state: TournamentState, system: str = "") -> tuple[RoundGame, ...]:
    """Every game of the round in play, numbered in the system's board order from the scores
    the round was paired with: C.04.2 D.9, or for ``system == "tcec"`` the TCEC playing order
    (``tcec.system.playing_order``: by the pairing order of the pair's first player, the
    worst-performing pair first). The games of a TCEC double round share their board number."""
    columns = round_in_play(state)
    before = state.truncated(columns[0] - 1)
    scores = before.pairing_scores if system != "tcec" else before.scores
    tpn = {p.id: p.tpn for p in state.players}

    def key(a: PlayerId, b: PlayerId) -> tuple[int, ...]:
        ra, rb = _Ranked(scores[a], tpn[a]), _Ranked(scores[b], tpn[b])
        if system == "tcec":  # TCEC STEP 1 order (score DESC, seed ASC), worst pair first
            high = min((ra, rb), key=lambda r: (-r.score, r.tpn))
            return (high.score, -high.tpn)
        return board_order(ra, rb)  # C.04.2 D.9

    games = [
        (column, p.id, e.opponent, e.code)
        for column in columns
        for p in state.players
        if (e := p.results[column - 1]).opponent is not None and e.colour is Colour.WHITE
    ]
    pairs = {frozenset((w, b)): key(w, b) for _, w, b, _ in games if b is not None}
    number = {pair: n for n, pair in enumerate(sorted(pairs, key=pairs.__getitem__), start=1)}
    out = [
        RoundGame(number[frozenset((w, b))], column - columns[0] + 1, w, b, code)
        for column, w, b, code in games
        if b is not None
    ]
    return tuple(sorted(out, key=lambda g: (g.board, g.game)))


def parse_assumptions(text: str) -> tuple[Assumption, ...]:
    """``"12:1-0,13:1/2"`` -> one :class:`Assumption` per item; results ``1-0``, ``0-1``,
    ``1/2``, ``+-``, ``-+``, ``--``; ``12.2:0-1`` names the second game of a TCEC double round.
    Raises :class:`AssumptionError` naming the first bad item."""
    out = []
    for index, raw in enumerate(text.split(","), start=1):
        item = raw.strip()
        if not item:
            raise AssumptionError(f"item {index} is empty (items are separated by commas)")
        board_text, colon, result_text = item.partition(":")
        if not colon:
            raise AssumptionError(f"{item!r}: expected BOARD:RESULT, e.g. 12:1-0")
        match = re.fullmatch(r"([0-9]{1,5})(?:\.([12]))?", board_text.strip())
        if match is None or int(match[1]) < 1:
            raise AssumptionError(
                f"{item!r}: {board_text.strip()!r} is not a board number (1, 2, …; 12.2 for "
                f"the second game of a double round)"
            )
        result = result_key(result_text)
        if result is None:
            raise AssumptionError(
                f"{item!r}: {result_text.strip()!r} is not a result (use {', '.join(RESULT_CODES)})"
            )
        game = int(match[2]) if match[2] else None
        out.append(Assumption(item, int(match[1]), game, result))
    return tuple(out)


def resolve(
    assumptions: Iterable[Assumption], games: Iterable[RoundGame], double: bool = False
) -> dict[Board, str]:
    """The games the items name, each with its result. Raises :class:`AssumptionError` for a
    board not in the round, a game that already has a result, or a game named twice."""
    games = tuple(games)
    boards = sorted({g.board for g in games})
    out: dict[Board, str] = {}
    named: dict[Board, str] = {}
    for a in assumptions:
        mine = [g for g in games if g.board == a.board and a.game in (None, g.game)]
        if not mine:
            span = f"boards 1-{boards[-1]}" if boards else "no board"
            raise AssumptionError(f"{a.text!r}: there is no board {a.board} in play ({span})")
        pending = [g for g in mine if g.pending]
        if a.game is None and len(pending) > 1:
            raise AssumptionError(
                f"{a.text!r}: both games of board {a.board} are without a result: write "
                f"{a.board}.1 or {a.board}.2"
            )
        if not pending:
            raise AssumptionError(
                f"{a.text!r}: {mine[0].label(double)} already has a result ({_shown(mine[0].code)})"
            )
        game = pending[0]
        if game.pair in named:
            raise AssumptionError(
                f"{a.text!r}: {game.label(double)} is already given ({named[game.pair]!r})"
            )
        named[game.pair] = a.text
        out[game.pair] = a.result
    return out


def _shown(code: str) -> str:
    return {"1": "1-0", "0": "0-1", "=": "1/2", "+": "+-", "-": "-+"}.get(code, code)


def policy_results(
    state: TournamentState, games: Iterable[RoundGame], policy: str
) -> dict[Board, str]:
    """Every game without a result, with the outcome ``policy`` gives it: ``draws``, or
    ``higher-rated`` (the higher-rated player wins; equal ratings, both unrated included, a
    draw)."""
    if policy not in POLICIES:
        raise AssumptionError(f"unknown assumption {policy!r} (use {', '.join(POLICIES)})")
    out = {}
    for g in games:
        if not g.pending:
            continue
        result = "1/2"
        if policy == HIGHER_RATED_WINS:
            white, black = state.player(g.white).rating, state.player(g.black).rating
            result = "1-0" if white > black else "0-1" if black > white else "1/2"
        out[g.pair] = result
    return out


def assume_results(state: TournamentState, results: Mapping[Board, str]) -> TournamentState:
    """``state`` with the games ``results`` names (white, black of a game without a result in
    the round in play) given those results (keys of :data:`RESULT_CODES`). Pure: nothing else
    changes. Raises :class:`AssumptionError` for a game that is not in play."""
    columns = round_in_play(state)
    entries: dict[PlayerId, list[RoundEntry]] = {}
    for board, result in results.items():
        if result not in RESULT_CODES:
            raise AssumptionError(f"{result!r} is not a result (use {', '.join(RESULT_CODES)})")
        column = _pending_column(state, board, columns)
        white_code, black_code = RESULT_CODES[result]
        for pid, code in ((board.white, white_code), (board.black, black_code)):
            mine = entries.setdefault(pid, list(state.player(pid).results))
            mine[column - 1] = replace(mine[column - 1], code=code)
    players = tuple(
        replace(p, results=tuple(entries[p.id]), declared_points=None) if p.id in entries else p
        for p in state.players
    )
    return replace(state, players=players)


def _pending_column(state: TournamentState, board: Board, columns: range) -> int:
    if board.white in state.by_id and board.black in state.by_id:
        for column in columns:
            e = state.player(board.white).results[column - 1]
            if e.opponent == board.black and e.colour is Colour.WHITE and e.code == " ":
                return column
    raise AssumptionError(
        f"{board.white}-{board.black} is not a game without a result in the round in play"
    )
