"""What the public pages show, computed from one :class:`~pairing.services.Snapshot` (four
queries whatever the field size): pairings of a round, standings with the configured
tie-breaks, the crosstable, a player's games and score progression.

Players only ever see published rounds; standings count the finished rounds.

A :class:`View` is one revision of a tournament (``public/views.py`` keeps it while the
revision lasts): what it computes for one page is kept for the others (issue 27: at 10,000
players the states, lines, explanations and corrections of a round were computed again for
each page of 100 rows). The standings' tie-break values are formatted for the rows shown.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property, lru_cache
from typing import Any, TypeVar, cast

from pairing.engine import (
    PointValues,
    RoundEntry,
    StandingRow,
    TieBreak,
    TournamentState,
    tie_break,
)
from pairing.explanations import BoardWhy, RoundExplanation, board_reasons, stored_explanation
from pairing.services import Snapshot, ranking, standings_codes
from tournaments import corrections, receipts
from tournaments.fide_rating import FideLine, fide_lines
from tournaments.models import Bye, Entry, Game, PairingReceipt, Round, Tournament

T = TypeVar("T")
_column = lru_cache(maxsize=64)(tie_break)
"""A tie-break by code, to format its values."""
BYE_LABELS = {
    Bye.Kind.PAIRING_ALLOCATED: "Bye",
    Bye.Kind.FULL_POINT: "Full-point bye",
    Bye.Kind.HALF_POINT: "Half-point bye",
    Bye.Kind.ZERO_POINT: "Zero-point bye",
}


def points(half_points: int) -> str:
    """Half-points for display: 7 -> "3.5", 6 -> "3"."""
    whole, half = divmod(half_points, 2)
    return f"{whole}.5" if half else str(whole)


RESULT_SYMBOL = {"1": "1", "0": "0", "=": "½", "W": "1", "L": "0", "D": "½", "+": "+", "-": "−"}
BYE_SYMBOL = {"U": "+", "F": "+", "H": "½", "Z": "0", " ": ""}
"""A bye's symbol with the standard points; with the tournament's own, :func:`bye_symbol`."""


def bye_symbol(e: RoundEntry, values: PointValues) -> str:
    """A bye (a round without an opponent) by what it scores in the tournament (``values``):
    "+" a win's points, "½" less (a half-point bye), "0" nothing; a pairing-allocated bye is
    worth 0 in a round robin with an odd field, or what a Swiss sets as its bye points."""
    if e.code not in "UFH":
        return BYE_SYMBOL.get(e.code, "")
    scored = values.of(e)
    return "+" if scored >= values.win else "½" if scored > 0 else "0"


@dataclass
class Line:
    """A player's line in a round: the board (or bye) from one player's side."""

    entry: Entry
    board: int | None = None
    colour: str = ""
    opponent: Entry | None = None
    result: str = ""
    """The player's own result: "1", "½", "0", "+", "−" or "" (pending)."""
    bye: str = ""
    """A bye's label, or "Withdrawn" / "Not yet entered"."""


@dataclass
class Standing:
    rank: int
    entry: Entry
    score: str
    raw: tuple[int | Fraction | None, ...]
    """The tie-break values, in the tournament's order."""
    codes: tuple[str, ...] = field(repr=False, default=())
    """The tie-breaks' codes, one tuple shared by every row."""
    fide: FideLine | None = None
    """FIDE-rated tournaments: the rating change and Rp so far."""

    @property
    def values(self) -> list[str]:
        """The tie-break values for display, formatted when a row is shown (issue 27: the
        50,000 values of 10,000 players took a quarter of the standings' time)."""
        return [_column(code).format(v) for v, code in zip(self.raw, self.codes, strict=True)]


class _Rankings:
    """The last ranking of each recently shown tournament, in this process, with the state
    and tie-breaks it was computed from: a new revision whose finished rounds are the same
    (a result of the round in play) ranks them again for nothing
    (issue 27: 0.6 s of tie-breaks at 10,000 players, for each result entered). Comparing
    two states takes 10 ms at that size; the ranking depends on nothing else."""

    def __init__(self, size: int = 8) -> None:
        self.size = size
        self.lock = threading.Lock()
        self.kept: OrderedDict[int, tuple[Any, TournamentState, list[StandingRow]]] = OrderedDict()

    def of(
        self, tournament: Tournament, codes: tuple[str, ...], state: TournamentState
    ) -> list[StandingRow]:
        key = (codes, tournament.is_tcec)
        with self.lock:
            kept = self.kept.get(tournament.pk)
        if kept is not None and kept[0] == key and kept[1] == state:
            return kept[2]
        rows = ranking(tournament, state)
        with self.lock:
            self.kept[tournament.pk] = (key, state, rows)
            self.kept.move_to_end(tournament.pk)
            while len(self.kept) > self.size:
                self.kept.popitem(last=False)
        return rows


rankings = _Rankings()


@dataclass
class View:
    """The public view of a tournament."""

    snap: Snapshot
    memo: dict[tuple[str, int], Any] = field(default_factory=dict, repr=False, compare=False)
    """What was computed per round for one page, for the others: (what, round) -> value."""

    def _kept(self, what: str, number: int, compute: Callable[[], T]) -> T:
        key = (what, number)
        if key not in self.memo:
            self.memo[key] = compute()
        return cast(T, self.memo[key])

    def state_after(self, columns: int) -> TournamentState:
        """The tournament after round column ``columns`` (``Snapshot.state``), computed once
        for the standings, the crosstable, the players' pages and the pairings' scores."""
        return self._kept("state", columns, lambda: self.snap.state(columns))

    @property
    def tournament(self) -> Tournament:
        return self.snap.tournament

    @cached_property
    def published(self) -> list[Round]:
        return [r for r in self.snap.rounds if r.status != Round.Status.DRAFT]

    @cached_property
    def live_round(self) -> Round | None:
        """The published round still waiting for results."""
        return next((r for r in self.published if r.status == Round.Status.PUBLISHED), None)

    @property
    def is_live(self) -> bool:
        return self.live_round is not None

    @cached_property
    def current_round(self) -> Round | None:
        """The round players want to see: the live one, else the last published."""
        return self.live_round or (self.published[-1] if self.published else None)

    @cached_property
    def finished_columns(self) -> int:
        done = 0
        for r in self.snap.rounds:
            if r.status != Round.Status.FINISHED:
                break
            done = r.number
        return done

    def label(self, number: int) -> str:
        return self.tournament.round_label(number)

    @cached_property
    def standings_label(self) -> str:
        done = self.finished_columns
        if not done:
            return "Starting rank"
        legs = self.tournament.legs
        if done % legs:
            return f"after {self.label(done).lower()}"
        return f"after round {done // legs}"

    @cached_property
    def unfinished_note(self) -> str:
        """What a crosstable of every published round must say when a round is not finished:
        its results are shown, yet not counted in the points of the standings' title."""
        if len(self.published) <= self.finished_columns:
            return ""
        return (
            f"{self.label(self.finished_columns + 1)} is in play: its results so far are "
            f"shown, not yet counted in Pts or the tie-breaks."
        )

    # -- standings ----------------------------------------------------------------------

    @cached_property
    def state(self) -> TournamentState:
        """The tournament after its finished rounds."""
        return self.state_after(self.finished_columns)

    @cached_property
    def codes(self) -> tuple[str, ...]:
        """The codes of the standings' tie-breaks, as the tournament names them."""
        return standings_codes(self.tournament)

    @cached_property
    def tie_breaks(self) -> list[TieBreak]:
        return [_column(c) for c in self.codes]

    @cached_property
    def rp_column(self) -> bool:
        """Rp shown in its own column: FIDE-rated tournaments, unless the arbiter chose Rp
        (``RP``) among the tie-breaks, which shows it there."""
        return self.tournament.fide_rated and all(tb.code != "RP" for tb in self.tie_breaks)

    @cached_property
    def fide(self) -> dict[int, FideLine]:
        """Entry pk -> FIDE rating change and Rp (FIDE-rated tournaments; else empty)."""
        return fide_lines(self.snap)

    @cached_property
    def standings(self) -> list[Standing]:
        rows = rankings.of(self.tournament, self.codes, self.state)
        entry = self.snap.entry_by_number
        codes = self.codes
        fide = self.fide
        return [
            Standing(
                row.rank,
                entry[row.player],
                points(row.score),
                tuple(row.values),
                codes,
                fide.get(entry[row.player].pk) if fide else None,
            )
            for row in rows
        ]

    @cached_property
    def standing_by_pk(self) -> dict[int, Standing]:
        """Entry pk -> the entry's line of the standings (a player's page looks it up)."""
        return {s.entry.pk: s for s in self.standings}

    # -- rounds -------------------------------------------------------------------------

    def round(self, number: int | None) -> Round | None:
        if number is None:
            return self.current_round
        return next((r for r in self.published if r.number == number), None)

    def games(self, rnd: Round) -> list[Game]:
        return self.snap.games_of(rnd.number)

    def explanation(self, number: int) -> RoundExplanation | None:
        """The engine's explanation of round row ``number`` (one query, once)."""
        return self._kept("explanation", number, lambda: stored_explanation(self.snap, number))

    @cached_property
    def names(self) -> dict[int, str]:
        return {e.pairing_number: e.name for e in self.snap.entries}

    def why(self, rnd: Round, games: list[Game] | None = None) -> dict[int, BoardWhy]:
        """Board number -> the player-facing part of the engine's explanation (floats, the
        colour rule), for the boards the engine paired so, among ``games`` (default: all the
        round's; a page shows 100)."""
        explanation = self.explanation(rnd.number)
        shown = self.games(rnd) if games is None else games
        boards = [(g.board, g.white.pairing_number, g.black.pairing_number) for g in shown]
        return board_reasons(explanation, boards, self.names, public=True)

    def scores_before(self, rnd: Round) -> dict[int, str]:
        """Entry pk -> points before the round."""

        def compute() -> dict[int, str]:
            state = self.state_after(rnd.number - 1)
            entry = self.snap.entry_by_number
            return {entry[pid].pk: points(s) for pid, s in state.scores.items()}

        return self._kept("before", rnd.number, compute)

    def receipt(self, rnd: Round) -> PairingReceipt | None:
        """The round's published receipt (issue 15; one query, once)."""
        number = rnd.number
        return self._kept(
            "receipt", number, lambda: receipts.published_receipt(self.tournament, number)
        )

    def marked_boards(self, rnd: Round) -> frozenset[int]:
        """The boards the arbiter changed (``receipts.marked_boards``), once."""
        return self._kept("marked", rnd.number, lambda: receipts.marked_boards(self.receipt(rnd)))

    def corrected(self, rnd: Round) -> list[str]:
        """The results corrected since the round was paired (issue 24), once."""

        def compute() -> list[str]:
            first = rnd.number - (rnd.number - 1) % self.tournament.legs
            state = self.state_after(first - 1)
            return corrections.corrections(self.tournament, first, state, self.receipt(rnd))

        return self._kept("corrected", rnd.number, compute)

    def lines(self, rnd: Round) -> list[Line]:
        """Every registered player's line in the round, alphabetically (once)."""
        return self._kept("lines", rnd.number, lambda: self._lines(rnd))

    def _lines(self, rnd: Round, boards: bool = True) -> list[Line]:
        """The lines of the round, alphabetically; without ``boards``, only of the players
        not on a board (issue 27: the pairings by board list those, a few of 10,000)."""
        out: dict[int, Line] = {}
        on_board: set[int] = set()
        for g in self.games(rnd):
            if not boards:
                on_board.update((g.white_id, g.black_id))
                continue
            w, b = Game.TRF_CODES[g.result]
            out[g.white_id] = Line(g.white, g.board, "White", g.black, RESULT_SYMBOL.get(w, ""))
            out[g.black_id] = Line(g.black, g.board, "Black", g.white, RESULT_SYMBOL.get(b, ""))
        for bye in self.snap.byes:
            if bye.round_number != rnd.number or bye.entry_id in on_board:
                continue
            if bye.entry_id not in out:
                out[bye.entry_id] = Line(bye.entry, bye=BYE_LABELS[Bye.Kind(bye.kind)])
        for e in self.snap.entries:
            if e.pk not in out and e.pk not in on_board:
                absent = "Not yet entered" if e.joined_round > rnd.number else "Withdrawn"
                out[e.pk] = Line(e, bye=absent if not e.plays_in(rnd.number) else "Absent")
        return sorted(out.values(), key=lambda line: line.entry.name.casefold())

    def byes(self, rnd: Round) -> list[Line]:
        """The lines of the players without a board in the round (byes, absences)."""
        return self._kept("byes", rnd.number, lambda: self._lines(rnd, boards=False))

    # -- crosstable and players ---------------------------------------------------------

    @cached_property
    def full_state(self) -> TournamentState:
        """Every published round, pending results included (blank codes)."""
        return self.state_after(len(self.published))

    def cell(self, e: RoundEntry) -> str:
        """A crosstable cell: opponent's pairing number, colour, result ("12w1"), or the bye
        by what it scores ("+ bye", "½ bye", "0 bye": :func:`bye_symbol`)."""
        if e.opponent is None:
            return f"{bye_symbol(e, self.full_state.points)} bye" if e.code in "UFH" else "–"
        colour = e.colour.value if e.colour else ""
        return f"{e.opponent}{colour}{RESULT_SYMBOL.get(e.code, '')}"

    def progression(self, entry: Entry) -> list[PlayerRound]:
        """The player's rounds: opponent, colour, result and running score."""
        player = self.full_state.player(entry.pairing_number)
        pts = self.full_state.points
        running = 0
        out = []
        fide = self.fide.get(entry.pk)
        for number, e in enumerate(player.results, start=1):
            pending = e.opponent is not None and e.code == " "
            running += 0 if pending else pts.of(e)
            opponent = self.snap.entry_by_number[e.opponent] if e.opponent is not None else None
            out.append(
                PlayerRound(
                    label=self.label(number),
                    opponent=opponent,
                    colour="White"
                    if e.colour and e.colour.value == "w"
                    else "Black"
                    if e.colour
                    else "",
                    result=RESULT_SYMBOL.get(e.code, "")
                    if e.opponent is not None
                    else bye_symbol(e, pts),
                    bye=BYE_LABELS.get(Bye.Kind(e.code), "Absent")
                    if e.opponent is None and e.code in "UFHZ"
                    else "",
                    score=points(running),
                    half_points=running,
                    pending=pending,
                    fide_change=fide.round_change(number) if fide else "",
                )
            )
        return out


@dataclass
class PlayerRound:
    label: str
    opponent: Entry | None
    colour: str
    result: str
    bye: str
    score: str
    half_points: int
    pending: bool = False
    fide_change: str = ""
    """The game's FIDE rating change (B.02 8.3.2), FIDE-rated tournaments."""


def sparkline(rounds: list[PlayerRound], win: int, width: int = 240, height: int = 60) -> str:
    """SVG polyline points of the running score: 0 at the bottom, a win in every round at the
    top, one point per round."""
    if not rounds:
        return ""
    top = max(win * len(rounds), 1)
    step = width / len(rounds)
    coords = [(0.0, float(height))]
    coords += [
        (step * (i + 1), height - height * r.half_points / top) for i, r in enumerate(rounds)
    ]
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in coords)
