"""Pairing receipts: what the engine was given for a round, what it paired, what the arbiter
changed and why, and what was published; :func:`verify_receipt` re-pairs and checks it.

A receipt is a small JSON document (``docs/receipts.md``): the TRF the engine was given, the
system and its edition, the program and its version, the engine's pairing, the arbiter's
changes in order (each with its reason and the rules it broke), the published pairing, and the
SHA-256 of the TRF and of the published pairing. Pairings are written in the JaVaFo /
bbpPairings output convention (:meth:`RoundPairing.output`): the number of pairs, then
``WHITE BLACK`` lines in board order, the bye written ``ID 0``.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from importlib import metadata
from typing import Any

from pairing.engine.core.acceleration import AccelerationError
from pairing.engine.core.errors import EngineError, TrfError
from pairing.engine.core.rules import fixed_board_order
from pairing.engine.core.state import Board, PlayerId, RoundPairing, TournamentState
from pairing.engine.core.violations import (
    add_board,
    exchange,
    remove_board,
    set_bye,
    swap_colours,
)
from pairing.engine.systems import SYSTEM_NAMES, apply_declared_acceleration, pairing_system
from pairing.engine.trf import read_trf

FORMAT = "swissmanager.pairing-receipt"
VERSION = 1
PROGRAM = "swissmanager"
"""The distribution name (pyproject ``[project] name``)."""

PAIR_BY_HAND = "pair-by-hand"
EXCHANGE = "exchange"
SWAP_COLOURS = "swap-colours"
REMOVE_BOARD = "remove-board"
ADD_BOARD = "add-board"
BYE = "bye"
FIXED_BOARD = "fixed-board"
"""The arbiter pinned a player to a board (``board``; 0: the pin cleared) while the round was a
draft: the pairing stays, its boards are numbered again with the pins (``XXF``)."""
CHANGE_KINDS = (PAIR_BY_HAND, EXCHANGE, SWAP_COLOURS, REMOVE_BOARD, ADD_BOARD, BYE, FIXED_BOARD)


class ReceiptError(EngineError):
    """A receipt that cannot be read; the message names the field (``$.changes[1].board``)."""


def program_version() -> str:
    """This program's version, from the installed package's metadata (pyproject)."""
    try:
        return metadata.version(PROGRAM)
    except metadata.PackageNotFoundError:
        return "unknown"


def sha256(text: str) -> str:
    """The SHA-256 of ``text`` encoded in UTF-8, in hexadecimal."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def parse_pairing(text: str, where: str = "pairing") -> RoundPairing:
    """A pairing in the JaVaFo output convention (count, ``WHITE BLACK`` lines, ``ID 0`` the
    bye) back as a :class:`RoundPairing`; :class:`ReceiptError` naming the line otherwise."""
    lines = text.splitlines()
    if not lines or not lines[0].strip().isdigit():
        raise ReceiptError(f"{where}: the first line must be the number of pairs")
    count = int(lines[0])
    rows = [line for line in lines[1:] if line.strip()]
    if len(rows) != count:
        raise ReceiptError(f"{where}: {count} pairs announced, {len(rows)} given")
    boards: list[Board] = []
    bye: PlayerId | None = None
    for number, line in enumerate(rows, start=2):
        words = line.split()
        if len(words) != 2 or not all(w.isascii() and w.isdigit() for w in words):
            raise ReceiptError(f"{where}, line {number}: expected two numbers, not {line!r}")
        white, black = int(words[0]), int(words[1])
        if black == 0:
            if bye is not None:
                raise ReceiptError(f"{where}, line {number}: a second bye")
            bye = white
        else:
            boards.append(Board(white, black))
    return RoundPairing(tuple(boards), bye)


@dataclass(frozen=True, slots=True)
class ManualChange:
    """One change the arbiter made to the draft, in the order made."""

    kind: str
    """One of :data:`CHANGE_KINDS`."""
    players: tuple[PlayerId, ...] = ()
    """``exchange``: the two players; ``add-board``: white, black; ``bye``: the player (none:
    the bye taken back)."""
    board: int = 0
    """``swap-colours``, ``remove-board``: the board (1-based, in the draft as it then was);
    ``fixed-board``: the player's fixed board (0: none any more)."""
    start: RoundPairing | None = None
    """``pair-by-hand``: the pairing the draft started from instead of the engine's."""
    reason: str = ""
    """The arbiter's reason (required when the change breaks a rule)."""
    broken: tuple[str, ...] = ()
    """The rules the change broke, as the arbiter confirmed them ("C.04.1.b ...")."""
    at: str = ""
    """When (ISO 8601), or empty."""

    def apply(self, pairing: RoundPairing) -> RoundPairing:
        """The pairing after the change; ``ValueError`` when it does not apply to it."""
        if self.kind == PAIR_BY_HAND:
            return self.start or RoundPairing(())
        if self.kind == EXCHANGE:
            return exchange(pairing, *self.players[:2])
        if self.kind == SWAP_COLOURS:
            return swap_colours(pairing, self.board)
        if self.kind == REMOVE_BOARD:
            return remove_board(pairing, self.board)
        if self.kind == ADD_BOARD:
            return add_board(pairing, *self.players[:2])
        if self.kind == BYE:
            return set_bye(pairing, self.players[0] if self.players else None)
        if self.kind == FIXED_BOARD:
            return pairing  # the boards are numbered with the pins after every change
        raise ValueError(f"unknown change {self.kind!r}")

    def describe(self) -> str:
        """The change in words."""
        if self.kind == PAIR_BY_HAND:
            start = self.start or RoundPairing(())
            boards = ", ".join(f"{b.white}-{b.black}" for b in start.boards) or "no board"
            bye = f", bye {start.bye}" if start.bye is not None else ""
            return f"paired by hand, starting from {boards}{bye}"
        if self.kind == EXCHANGE:
            return f"players {self.players[0]} and {self.players[1]} exchanged"
        if self.kind == SWAP_COLOURS:
            return f"colours of board {self.board} swapped"
        if self.kind == REMOVE_BOARD:
            return f"board {self.board} removed"
        if self.kind == ADD_BOARD:
            return f"board {self.players[0]}-{self.players[1]} added"
        if self.kind == FIXED_BOARD:
            if self.board:
                return f"player {self.players[0]} given fixed board {self.board}"
            return f"player {self.players[0]}'s fixed board cleared"
        if self.players:
            return f"the bye given to player {self.players[0]}"
        return "the bye taken back"

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        if self.kind == PAIR_BY_HAND:
            start = self.start or RoundPairing(())
            out["pairing"] = start.output()
        elif self.kind == EXCHANGE:
            out["players"] = list(self.players)
        elif self.kind in (SWAP_COLOURS, REMOVE_BOARD):
            out["board"] = self.board
        elif self.kind == FIXED_BOARD:
            out["player"], out["board"] = self.players[0], self.board
        elif self.kind == ADD_BOARD:
            out["white"], out["black"] = self.players
        else:
            out["player"] = self.players[0] if self.players else None
        out |= {"reason": self.reason, "broken": list(self.broken)}
        if self.at:
            out["at"] = self.at
        return out

    @classmethod
    def from_json(cls, raw: Any, where: str) -> ManualChange:
        data = _object(raw, where)
        kind = data.get("kind")
        if kind not in CHANGE_KINDS:
            raise ReceiptError(f"{where}.kind: one of {', '.join(CHANGE_KINDS)}, not {kind!r}")
        reason = _string(data.get("reason", ""), f"{where}.reason")
        broken = tuple(
            _string(v, f"{where}.broken[{i}]")
            for i, v in enumerate(_list(data.get("broken", []), f"{where}.broken"))
        )
        common: dict[str, Any] = {"reason": reason, "broken": broken}
        common["at"] = _string(data.get("at", ""), f"{where}.at")
        if kind == PAIR_BY_HAND:
            text = _string(data.get("pairing"), f"{where}.pairing")
            return cls(kind, start=parse_pairing(text, f"{where}.pairing"), **common)
        if kind == EXCHANGE:
            players = _list(data.get("players"), f"{where}.players")
            if len(players) != 2:
                raise ReceiptError(f"{where}.players: two players")
            ids = tuple(_number(p, f"{where}.players[{i}]") for i, p in enumerate(players))
            return cls(kind, players=ids, **common)
        if kind in (SWAP_COLOURS, REMOVE_BOARD):
            return cls(kind, board=_number(data.get("board"), f"{where}.board"), **common)
        if kind == ADD_BOARD:
            pair = tuple(_number(data.get(k), f"{where}.{k}") for k in ("white", "black"))
            return cls(kind, players=pair, **common)
        if kind == FIXED_BOARD:
            pinned = (_number(data.get("player"), f"{where}.player"),)
            return cls(
                kind, players=pinned, board=_number(data.get("board"), f"{where}.board"), **common
            )
        player = data.get("player")
        chosen = () if player is None else (_number(player, f"{where}.player"),)
        return cls(kind, players=chosen, **common)


@dataclass(frozen=True)
class Receipt:
    """Everything needed to re-pair a published round and check it."""

    tournament: str
    round: int
    """The round number (a TCEC double round counts once)."""
    system: str
    """The engine's name of the system (``dutch-2026``, ``dutch-2017``, ``dubov``, ``tcec``)."""
    edition: str
    """The rules in words: "FIDE Dutch (C.04.3, 2026 edition)"."""
    trf: str
    """The TRF the engine was given."""
    pairing: RoundPairing
    """The pairing published (the first game's colours in TCEC double rounds)."""
    engine_pairing: RoundPairing | None = None
    """What the engine paired; ``None`` when it found no pairing (``engine_error`` says why)."""
    engine_error: str = ""
    changes: tuple[ManualChange, ...] = ()
    program: str = PROGRAM
    program_version: str = field(default_factory=program_version)
    paired_at: str = ""
    published_at: str = ""
    trf_sha256: str = ""
    """As written in the receipt; empty: computed (:meth:`to_json`)."""
    pairing_sha256: str = ""

    @property
    def pairing_text(self) -> str:
        return self.pairing.output()

    def to_json(self) -> dict[str, Any]:
        """The document (hashes computed when not given)."""
        return {
            "format": FORMAT,
            "version": VERSION,
            "program": self.program,
            "program_version": self.program_version,
            "tournament": self.tournament,
            "round": self.round,
            "system": self.system,
            "edition": self.edition,
            "paired_at": self.paired_at,
            "published_at": self.published_at,
            "trf": self.trf,
            "trf_sha256": self.trf_sha256 or sha256(self.trf),
            "engine_pairing": None if self.engine_pairing is None else self.engine_pairing.output(),
            "engine_error": self.engine_error,
            "changes": [c.to_json() for c in self.changes],
            "pairing": self.pairing_text,
            "pairing_sha256": self.pairing_sha256 or sha256(self.pairing_text),
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json(), indent=1, ensure_ascii=False) + "\n"


def load_receipt(text: str) -> tuple[Receipt, list[str]]:
    """A receipt from its JSON text, and the problems with its hashes (an empty list when
    both match). :class:`ReceiptError` for a document that is not a receipt."""
    try:
        data = _object(json.loads(text), "$")
    except (json.JSONDecodeError, RecursionError) as e:
        raise ReceiptError(f"not JSON: {e}") from None
    if data.get("format") != FORMAT:
        raise ReceiptError(f"$.format: not a pairing receipt (expected {FORMAT!r})")
    if data.get("version") != VERSION:
        raise ReceiptError(f"$.version: this program reads version {VERSION}")
    system = data.get("system")
    if system not in SYSTEM_NAMES:
        raise ReceiptError(f"$.system: one of {', '.join(SYSTEM_NAMES)}, not {system!r}")
    trf = _string(data.get("trf"), "$.trf")
    pairing_text = _string(data.get("pairing"), "$.pairing")
    engine_text = data.get("engine_pairing")
    receipt = Receipt(
        tournament=_string(data.get("tournament", ""), "$.tournament"),
        round=_number(data.get("round"), "$.round"),
        system=system,
        edition=_string(data.get("edition", ""), "$.edition"),
        trf=trf,
        pairing=parse_pairing(pairing_text, "$.pairing"),
        engine_pairing=None
        if engine_text is None
        else parse_pairing(_string(engine_text, "$.engine_pairing"), "$.engine_pairing"),
        engine_error=_string(data.get("engine_error", ""), "$.engine_error"),
        changes=tuple(
            ManualChange.from_json(c, f"$.changes[{i}]")
            for i, c in enumerate(_list(data.get("changes", []), "$.changes"))
        ),
        program=_string(data.get("program", ""), "$.program"),
        program_version=_string(data.get("program_version", ""), "$.program_version"),
        paired_at=_string(data.get("paired_at", ""), "$.paired_at"),
        published_at=_string(data.get("published_at", ""), "$.published_at"),
        trf_sha256=_string(data.get("trf_sha256"), "$.trf_sha256"),
        pairing_sha256=_string(data.get("pairing_sha256"), "$.pairing_sha256"),
    )
    problems = []
    if sha256(trf) != receipt.trf_sha256.lower():
        problems.append("the TRF does not match trf_sha256: the receipt has been altered")
    if sha256(pairing_text) != receipt.pairing_sha256.lower():
        problems.append("the pairing does not match pairing_sha256: the receipt has been altered")
    return receipt, problems


def engine_state(trf: str, system: str) -> TournamentState:
    """The state the engine pairs from a receipt's TRF, read as ``python -m pairing pair``
    reads a file (a record 192 ``..._BAKU`` without virtual points gets the rule's)."""
    try:
        return apply_declared_acceleration(read_trf(trf), system)
    except AccelerationError as e:
        raise TrfError(str(e)) from e


def changed_boards(engine: RoundPairing | None, published: RoundPairing) -> frozenset[int]:
    """The published boards (1-based) that are not boards of the engine's pairing, colours
    included: what the arbiter changed. Every board when the engine gave no pairing."""
    ours = set() if engine is None else set(engine.boards)
    return frozenset(n for n, b in enumerate(published.boards, start=1) if b not in ours)


@dataclass(frozen=True)
class Verification:
    """The outcome of :func:`verify_receipt`."""

    ok: bool
    """The published pairing is the engine's after the listed changes, and the hashes match."""
    lines: tuple[str, ...]
    """The findings, in order, for people."""


def verify_receipt(receipt: Receipt, hash_problems: Sequence[str] = ()) -> Verification:
    """Re-pair the receipt's TRF with its system, apply the listed changes in order, and
    compare with the published pairing, board by board. Raises ``TrfError`` for a TRF that
    cannot be read."""
    lines = list(hash_problems)
    ok = not hash_problems
    state = engine_state(receipt.trf, receipt.system)
    lines.append(
        f"{receipt.tournament or 'tournament'}, round {receipt.round}: {receipt.edition or ''}"
        f" ({receipt.system}), made by {receipt.program} {receipt.program_version}, checked "
        f"with {PROGRAM} {program_version()}"
    )
    if state.next_round != receipt.round:
        ok = False
        lines.append(
            f"the TRF is the tournament before round {state.next_round}, not {receipt.round}"
        )
    ours: RoundPairing | None
    try:
        ours, error = pairing_system(receipt.system)(state), ""
    except EngineError as e:
        ours, error = None, str(e)
    by_hand = bool(receipt.changes) and receipt.changes[0].kind == PAIR_BY_HAND
    if ours is None:
        lines.append(f"the engine finds no pairing: {error}")
    if receipt.engine_pairing is not None and ours != receipt.engine_pairing:
        ok = False
        lines.append(
            "the engine pairs the TRF differently from the engine pairing the receipt records:"
        )
        lines.extend(_differences(receipt.engine_pairing, ours, "recorded", "now"))
    elif receipt.engine_pairing is None and ours is not None and not by_hand:
        ok = False
        lines.append(
            f"the receipt says the engine gave no pairing ({receipt.engine_error}), but it "
            f"pairs the round now"
        )
    elif by_hand and receipt.engine_pairing is None and ours is not None:
        lines.append("the round was paired by hand; the engine would pair it:")
        lines.extend(f"  {b.white}-{b.black}" for b in ours.boards)
    expected = ours
    pins = dict(state.fixed_boards)  # XXF, then as the arbiter changed them on the draft
    for number, change in enumerate(receipt.changes, start=1):
        why = f" (reason: {change.reason})" if change.reason else ""
        lines.append(f"change {number}: {change.describe()}{why}")
        if expected is None and change.kind != PAIR_BY_HAND:
            continue
        if change.kind == FIXED_BOARD:
            pins.pop(change.players[0], None)
            pins |= {change.players[0]: change.board} if change.board else {}
        try:
            expected = change.apply(expected or RoundPairing(()))
            expected = replace(expected, boards=fixed_board_order(expected.boards, pins))
        except ValueError as e:
            ok = False
            lines.append(f"change {number} does not apply: {e}")
    if expected is None:
        ok = False
        lines.append("no pairing to compare: the engine found none and no change pairs by hand")
        return Verification(ok, tuple(lines))
    count = len(receipt.changes)
    listed = f" after the {count} listed change{'s' if count > 1 else ''}" if count else ""
    if expected != receipt.pairing:
        ok = False
        lines.append(f"the published pairing is NOT the engine's{listed}:")
        lines.extend(_differences(receipt.pairing, expected, "published", "engine"))
    else:
        lines.append(f"the published pairing is the engine's{listed}")
    return Verification(ok, tuple(lines))


def _differences(first: RoundPairing, second: RoundPairing | None, a: str, b: str) -> list[str]:
    """Board by board where two pairings differ."""
    other = second or RoundPairing(())
    out = []
    for number in range(1, max(len(first.boards), len(other.boards)) + 1):
        x = _board(first, number)
        y = _board(other, number)
        if x != y:
            out.append(f"  board {number}: {a} {x}, {b} {y}")
    if first.bye != other.bye:
        out.append(f"  bye: {a} {first.bye or 'none'}, {b} {other.bye or 'none'}")
    return out


def _board(pairing: RoundPairing, number: int) -> str:
    if number > len(pairing.boards):
        return "no board"
    board = pairing.boards[number - 1]
    return f"{board.white}-{board.black}"


def _object(raw: Any, where: str) -> Mapping[str, Any]:
    if not isinstance(raw, dict):
        raise ReceiptError(f"{where}: must be an object")
    return raw


def _list(raw: Any, where: str) -> list[Any]:
    if not isinstance(raw, list):
        raise ReceiptError(f"{where}: must be a list")
    return raw


def _string(raw: Any, where: str) -> str:
    if not isinstance(raw, str):
        raise ReceiptError(f"{where}: must be a string")
    return raw


def _number(raw: Any, where: str) -> int:
    if not isinstance(raw, int) or isinstance(raw, bool) or raw < 1:
        raise ReceiptError(f"{where}: must be a whole number, 1 or more")
    return raw
