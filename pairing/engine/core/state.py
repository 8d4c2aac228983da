"""The tournament as the pairing engines see it: players, their round entries, the rules in force.

Everything here is a frozen dataclass; scores are integers in **half-points** (win = 2,
draw = 1) so they never drift. A ``TournamentState`` is built from a TRF file
(:mod:`pairing.engine.trf`) or from the database (``pairing.services``); both must give
the same state for the same tournament.

Round entries keep the TRF result code (``1 0 = W D L + - H F U Z``):

* with an opponent: ``1``/``0``/``=`` an over-the-board game, ``W``/``D``/``L`` a game that
  lasted less than one move (the players met; not rated), ``+``/``-`` a forfeit (the pairing
  existed but the game was not played: no colour for pairing purposes, C.04.2 D.5, and the
  players may be paired again, C.04.2 D.6), blank = result not known yet (adjourned: counts
  as a draw for pairing, C.04.2 D.1);
* without an opponent: ``U`` pairing-allocated bye, ``F`` full-point bye, ``H`` half-point
  bye, ``Z`` zero-point bye, blank = did not take part (scores like ``Z``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from functools import cached_property

PlayerId = int
"""A player's starting rank (TRF columns 5-8), unique in the tournament."""

PLAYED_CODES = frozenset("10=WDL ")
"""Codes of a game the two players actually sat down to (blank = adjourned / pending)."""
FORFEIT_CODES = frozenset("+-")
GAME_CODES = PLAYED_CODES | FORFEIT_CODES
BYE_CODES = frozenset("HFUZ ")
ABSENCE_CODES = frozenset("HFZU")
"""Codes that mark a player as not to be paired in the round being paired."""


class Colour(StrEnum):
    """A colour, valued as in TRF (``w``/``b``)."""

    WHITE = "w"
    BLACK = "b"

    @property
    def opposite(self) -> Colour:
        return Colour.BLACK if self is Colour.WHITE else Colour.WHITE


@dataclass(frozen=True, slots=True)
class RoundEntry:
    """One player's line in one round (one TRF round column)."""

    opponent: PlayerId | None
    """The scheduled opponent, ``None`` for byes and absences."""
    colour: Colour | None
    """The scheduled colour (also written for forfeits), ``None`` without an opponent."""
    code: str
    """The TRF result code, upper case; ``" "`` for blank."""

    @property
    def paired(self) -> bool:
        """The pairing put this player on a board (played, forfeited or pending)."""
        return self.opponent is not None

    @property
    def played(self) -> bool:
        """An over-the-board game: it counts for colours, floats, meetings and ARO."""
        return self.opponent is not None and self.code in PLAYED_CODES

    @property
    def forfeit(self) -> bool:
        return self.opponent is not None and self.code in FORFEIT_CODES

    @property
    def is_pab(self) -> bool:
        """A pairing-allocated bye (C.04.1.c)."""
        return self.opponent is None and self.code == "U"

    @property
    def made_by_pairing(self) -> bool:
        """The entry was produced by pairing the round (a board or the pairing-allocated bye)."""
        return self.opponent is not None or self.code == "U"

    @property
    def blank(self) -> bool:
        return self.opponent is None and self.code == " "


BLANK = RoundEntry(None, None, " ")


@dataclass(frozen=True, slots=True)
class PointValues:
    """Points awarded per outcome, in half-points (TRF ``XXS``, TRF26 record 162, bbp ``BB?``)."""

    win: int = 2
    draw: int = 1
    loss: int = 0
    forfeit_win: int = 2
    forfeit_loss: int = 0
    pab: int = 2
    full_bye: int = 2
    half_bye: int = 1
    zero_bye: int = 0
    black_win: int | None = None
    """Win with black, when it differs from ``win`` (``XXS BW``)."""
    black_draw: int | None = None
    black_loss: int | None = None

    def of(self, entry: RoundEntry) -> int:
        code = entry.code
        if entry.opponent is None:
            # TRF-2026 "0000 w +" / "0000 b -": a scheduled board forfeited without an opponent
            return {
                "U": self.pab,
                "F": self.full_bye,
                "H": self.half_bye,
                "+": self.forfeit_win,
                "-": self.forfeit_loss,
            }.get(code, self.zero_bye)
        black = entry.colour is Colour.BLACK
        if code in "1W":
            return self.black_win if black and self.black_win is not None else self.win
        if code in "=D ":
            return self.black_draw if black and self.black_draw is not None else self.draw
        if code in "0L":
            return self.black_loss if black and self.black_loss is not None else self.loss
        if code == "+":
            return self.forfeit_win
        return self.forfeit_loss

    def scored(self, entry: RoundEntry) -> int:
        """The points a TRF file's points field (columns 81-84) counts for ``entry``: those of
        its result; a game without a result yet (blank code) adds nothing (``of`` counts it as
        a draw for pairing)."""
        if entry.opponent is not None and entry.code == " ":
            return 0
        return self.of(entry)

    @property
    def is_standard(self) -> bool:
        return self == PointValues()


@dataclass(frozen=True, slots=True)
class Player:
    """A registered player and everything that happened to them in the rounds played."""

    id: PlayerId
    name: str = ""
    rating: int = 0
    """FIDE rating (0 = unrated)."""
    title: str = ""
    sex: str = ""
    federation: str = ""
    fide_id: str = ""
    birth_date: str = ""
    results: tuple[RoundEntry, ...] = ()
    """One entry per completed round (TRF round column), in order."""
    tpn: int = 0
    """Pairing number for ordering (A.2) and colour rule E.5; the starting rank unless the file
    says otherwise (``XXC rank``). Set to ``id`` when left 0."""
    declared_points: int | None = field(default=None, compare=False)
    """Points written in the file (columns 81-84), half-points; checked on reading. File
    artefacts like this one do not take part in comparisons."""
    declared_rank: int | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        if not self.tpn:
            object.__setattr__(self, "tpn", self.id)

    def score(self, points: PointValues, rounds: int | None = None) -> int:
        """Half-points scored in the first ``rounds`` rounds (all when ``None``)."""
        entries = self.results if rounds is None else self.results[:rounds]
        return sum(points.of(e) for e in entries)

    @property
    def games(self) -> tuple[RoundEntry, ...]:
        """The over-the-board games, in round order."""
        return tuple(e for e in self.results if e.played)

    @property
    def colours(self) -> tuple[Colour, ...]:
        """Colours of the games actually played, oldest first (C.04.2 D.5: unplayed rounds
        are moved to the front, i.e. simply dropped from the sequence)."""
        return tuple(e.colour for e in self.results if e.played and e.colour is not None)

    @property
    def had_pab_or_forfeit_win(self) -> bool:
        """C.04.1.d: a pairing-allocated bye or a forfeit win bars another bye."""
        return any(  # a forfeit win without an opponent (TRF-2026 "0000 w +") has a colour
            e.code == "U" or (e.code == "+" and (e.opponent is not None or e.colour is not None))
            for e in self.results
        )


@dataclass(frozen=True, slots=True)
class ForbiddenPairs:
    """Players who must not meet (TRF26 record 260, ``XXP``), optionally only in some rounds."""

    players: tuple[PlayerId, ...]
    first_round: int | None = None
    last_round: int | None = None

    def applies(self, round_number: int) -> bool:
        return (self.first_round is None or round_number >= self.first_round) and (
            self.last_round is None or round_number <= self.last_round
        )


@dataclass(frozen=True, slots=True)
class TournamentInfo:
    """Descriptive header data, kept so that a file round-trips."""

    name: str = ""
    city: str = ""
    federation: str = ""
    start_date: str = ""
    end_date: str = ""
    chief_arbiter: str = ""
    deputy_arbiters: tuple[str, ...] = ()
    time_control: str = ""
    tournament_type: str = ""
    """Free text of record 092."""
    system_code: str = ""
    """TRF26 record 192 (``FIDE_DUTCH_2017`` ...)."""
    round_dates: tuple[str, ...] = ()
    tie_breaks: str = ""
    """TRF26 record 202."""
    extra_records: tuple[tuple[str, str], ...] = ()
    """Other records, verbatim: (code, rest of line)."""
    record_lines: tuple[tuple[str, int], ...] = field(default=(), compare=False)
    """(code, line number) of each of ``extra_records`` read from a file, so that a system
    reading one of them can point at its line in an error (empty for a state not read)."""


@dataclass(frozen=True, slots=True)
class Board:
    white: PlayerId
    black: PlayerId


@dataclass(frozen=True, slots=True)
class RoundPairing:
    """The result of pairing a round: boards in board order, and the pairing-allocated bye."""

    boards: tuple[Board, ...]
    bye: PlayerId | None = None

    def output(self) -> str:
        """The JaVaFo / bbpPairings output convention: count, then ``WHITE BLACK`` lines, the
        bye written ``ID 0``."""
        lines = [f"{b.white} {b.black}" for b in self.boards]
        if self.bye is not None:
            lines.append(f"{self.bye} 0")
        return "\n".join([str(len(lines)), *lines]) + "\n"

    @property
    def pairs(self) -> frozenset[tuple[PlayerId, PlayerId]]:
        return frozenset((b.white, b.black) for b in self.boards)


@dataclass(frozen=True)
class TournamentState:
    """A tournament before its next round is paired."""

    players: tuple[Player, ...]
    """All registered players, in starting-rank order."""
    rounds_done: int = 0
    """Completed (paired) round columns; every player has this many ``results``."""
    total_rounds: int | None = None
    """Rounds announced (``XXR``, TRF26 142); needed for topscorers, last-round rules, MaxT.
    A TCEC double round counts once."""
    initial_colour: Colour | None = None
    """Colour drawn by lot for the first round (``XXC white1|black1``, TRF26 152)."""
    points: PointValues = field(default_factory=PointValues)
    absent: Mapping[PlayerId, str] = field(default_factory=dict)
    """Players not to be paired in the next round: id -> ``H``/``F``/``Z``/``U``."""
    future_byes: Mapping[int, Mapping[PlayerId, str]] = field(default_factory=dict)
    """Requested byes in round columns after the next one: column -> id -> code."""
    forbidden: tuple[ForbiddenPairs, ...] = ()
    acceleration: Mapping[PlayerId, tuple[int, ...]] = field(default_factory=dict)
    """Virtual (accelerated) half-points per player per round (``XXA``, TRF26 250)."""
    double_rounds: bool = False
    """TCEC double rounds: each pairing round fills two round columns (``XXT double``)."""
    fixed_boards: Mapping[PlayerId, int] = field(default_factory=dict)
    """Player -> the board number the arbiter pinned them to (``XXF``): the game of a pinned
    player is numbered onto that board after the pairing (:func:`~pairing.engine.core.rules.
    fixed_board_order`); who meets whom and the colours do not change."""
    info: TournamentInfo = field(default_factory=TournamentInfo)

    def __post_init__(self) -> None:
        for p in self.players:
            if len(p.results) != self.rounds_done:
                raise ValueError(
                    f"player {p.id} has {len(p.results)} rounds, expected {self.rounds_done}"
                )

    # -- look-ups -------------------------------------------------------------------------

    @cached_property
    def by_id(self) -> dict[PlayerId, Player]:
        return {p.id: p for p in self.players}

    def player(self, pid: PlayerId) -> Player:
        return self.by_id[pid]

    @property
    def columns_per_round(self) -> int:
        """Round columns filled by one pairing round (2 for TCEC double rounds)."""
        return 2 if self.double_rounds else 1

    @property
    def next_round(self) -> int:
        """The number of the round to pair (a TCEC double round counts once)."""
        return self.rounds_done // self.columns_per_round + 1

    @property
    def is_last_round(self) -> bool:
        return self.total_rounds is not None and self.next_round >= self.total_rounds

    @cached_property
    def scores(self) -> dict[PlayerId, int]:
        """Half-points after the completed rounds."""
        return {p.id: p.score(self.points) for p in self.players}

    @cached_property
    def pairing_scores(self) -> dict[PlayerId, int]:
        """Scores used to form scoregroups: real points plus accelerated (virtual) points
        for the round being paired."""
        r = self.next_round
        out = dict(self.scores)
        for pid, extra in self.acceleration.items():
            if pid in out and len(extra) >= r:
                out[pid] += extra[r - 1]
        return out

    @cached_property
    def available(self) -> tuple[Player, ...]:
        """Players to be paired in the next round, in pairing-number order."""
        return tuple(
            sorted((p for p in self.players if p.id not in self.absent), key=lambda p: p.tpn)
        )

    @cached_property
    def _met(self) -> frozenset[tuple[PlayerId, PlayerId]]:
        pairs = set()
        for p in self.players:
            for e in p.results:
                if e.played and e.opponent is not None:
                    pairs.add((p.id, e.opponent))
        return frozenset(pairs)

    def met(self, a: PlayerId, b: PlayerId) -> bool:
        """The two players have played each other over the board (C.04.1.b; a forfeit is not
        a meeting, C.04.2 D.6)."""
        return (a, b) in self._met

    @cached_property
    def _forbidden_now(self) -> frozenset[tuple[PlayerId, PlayerId]]:
        pairs = set()
        for f in self.forbidden:
            if f.applies(self.next_round):
                for a in f.players:
                    for b in f.players:
                        if a != b:
                            pairs.add((a, b))
        return frozenset(pairs)

    def may_meet(self, a: PlayerId, b: PlayerId) -> bool:
        """C.1 for the next round: not met before and not a forbidden pair."""
        return (a, b) not in self._met and (a, b) not in self._forbidden_now

    # -- derived states -------------------------------------------------------------------

    def truncated(self, rounds: int) -> TournamentState:
        """The tournament as it stood before round column ``rounds + 1`` was paired: later
        columns are dropped except the absences and requested byes of that round (entries not
        made by the pairing)."""
        if not 0 <= rounds <= self.rounds_done:
            raise ValueError(f"cannot truncate to {rounds} of {self.rounds_done} rounds")
        absent: dict[PlayerId, str] = {}
        if rounds < self.rounds_done:
            for p in self.players:
                e = p.results[rounds]
                if not e.made_by_pairing and not e.blank:
                    absent[p.id] = e.code
        else:
            absent = dict(self.absent)
        players = tuple(
            replace(p, results=p.results[:rounds], declared_points=None, declared_rank=None)
            for p in self.players
        )
        return replace(
            self,
            players=players,
            rounds_done=rounds,
            absent=absent,
            future_byes={} if rounds < self.rounds_done else self.future_byes,
        )

    def recorded_pairing(self, round_column: int) -> RoundPairing:
        """The pairing recorded in a completed round column (boards in starting-rank order of
        the white player)."""
        boards = []
        bye = None
        for p in self.players:
            e = p.results[round_column - 1]
            if e.is_pab:
                bye = p.id
            elif e.opponent is not None and e.colour is Colour.WHITE:
                boards.append(Board(p.id, e.opponent))
        return RoundPairing(tuple(boards), bye)

    def with_round(self, entries: Mapping[PlayerId, RoundEntry]) -> TournamentState:
        """Append one round column; players missing from ``entries`` take their absence code
        (or blank)."""
        players = []
        for p in self.players:
            e = entries.get(p.id)
            if e is None:
                code = self.absent.get(p.id)
                e = RoundEntry(None, None, code) if code else BLANK
            players.append(
                replace(p, results=(*p.results, e), declared_points=None, declared_rank=None)
            )
        nxt = self.rounds_done + 2
        future = {r: v for r, v in self.future_byes.items() if r != nxt}
        return replace(
            self,
            players=tuple(players),
            rounds_done=self.rounds_done + 1,
            absent=dict(self.future_byes.get(nxt, {})),
            future_byes=future,
        )
