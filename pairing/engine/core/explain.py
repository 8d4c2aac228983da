"""Why a round is paired as it is: one explanation type for every pairing system.

A system's ``explain_round(state) -> tuple[RoundPairing, RoundExplanation]`` pairs the round
exactly as its ``pair_round`` does and says, per board and for the pairing-allocated bye, in
terms of the rule text: the bracket (scoregroup, TCEC pairing order) the pair was made in, who
floated and which criterion forced it, which candidate (transposition, exchange, set of
upfloaters or MDPs, second-of-pair) was chosen and which higher ones were rejected by which
criterion, and the colour rule that decided. Each statement is a :class:`Reason` citing its
article (``C.04.4.1 E.2``, ``TCEC STEP 5``).

Texts refer to players as ``#`` and the starting rank (``#12``), so that a caller can put
names in (:func:`render`) and a renumbering can follow (:meth:`RoundExplanation.renumbered`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from pairing.engine.core.errors import EngineError
from pairing.engine.core.state import PlayerId, RoundPairing, TournamentState


class ExplanationFormatError(EngineError):
    """A stored explanation cannot be read."""


PLAYER_REF = re.compile(r"#(\d+)")
"""How a reason's text names a player: ``#`` and the starting rank."""


def ref(pid: PlayerId) -> str:
    """The reference to player ``pid`` in a reason's text."""
    return f"#{pid}"


def refs(pids: Iterable[PlayerId], limit: int = 8) -> str:
    """A list of player references, at most ``limit`` of them, then how many more."""
    items = list(pids)
    shown = ", ".join(ref(p) for p in items[:limit])
    return shown + (f" and {len(items) - limit} more" if len(items) > limit else "")


def render(text: str, names: Mapping[PlayerId, str] | None = None) -> str:
    """The text with each ``#N`` replaced by the player's name (``#N`` kept when unknown)."""
    if not names:
        return text

    def name(match: re.Match[str]) -> str:
        return names.get(int(match.group(1)), match.group(0))

    return PLAYER_REF.sub(name, text)


def half_points(score: int) -> str:
    """A score in half-points as the rule texts write it: ``3``, ``2½``, ``½``."""
    whole, half = divmod(score, 2)
    if not half:
        return str(whole)
    return f"{whole}½" if whole else "½"


class Topic(StrEnum):
    """What a reason is about."""

    ROUND = "round"
    """The round as a whole (pairing order, encounter history)."""
    BRACKET = "bracket"
    """Where the pair was made: the bracket, its subgroups, the pairing order."""
    FLOAT = "float"
    """Who floated (or played out of their scoregroup) and which criterion forced it."""
    CHOICE = "choice"
    """Which candidate was chosen: transposition, exchange, set, second-of-pair."""
    REJECTED = "rejected"
    """A candidate ahead of the chosen one, and the criterion that rejected it."""
    COLOUR = "colour"
    """The colour rule that decided who has White."""
    BYE = "bye"
    """Why this player has the pairing-allocated bye."""


PUBLIC_TOPICS = frozenset({Topic.FLOAT, Topic.COLOUR, Topic.BYE})
"""The player-facing part: floats, the colour reason and the bye."""


@dataclass(frozen=True, slots=True)
class Reason:
    """One statement of an explanation, citing the article it applies."""

    topic: Topic
    article: str
    """The article applied, as the rule text numbers it: ``C.04.3 C.12``, ``C.04.4.1 E.2``,
    ``TCEC STEP 3``."""
    text: str
    """What the article decided here; players appear as ``#N`` (see :func:`render`)."""

    @property
    def public(self) -> bool:
        """Part of what players may see (floats, colours, the bye)."""
        return self.topic in PUBLIC_TOPICS

    def renumbered(self, number: Callable[[PlayerId], PlayerId]) -> Reason:
        text = PLAYER_REF.sub(lambda m: ref(number(int(m.group(1)))), self.text)
        return Reason(self.topic, self.article, text)


class _Explained:
    """The reasons' views shared by a board's and a bye's explanation."""

    __slots__ = ()
    reasons: tuple[Reason, ...]

    @property
    def public_reasons(self) -> tuple[Reason, ...]:
        """The reasons a player sees (floats, colours) on the public page."""
        return tuple(r for r in self.reasons if r.public)

    @property
    def articles(self) -> frozenset[str]:
        """The articles the reasons cite."""
        return frozenset(r.article for r in self.reasons)


@dataclass(frozen=True, slots=True)
class BoardExplanation(_Explained):
    """Why one board is what it is."""

    white: PlayerId
    black: PlayerId
    bracket: str
    """Where the pair was made, in a few words (``scoregroup 3``, ``pairing order 5 and 8``)."""
    reasons: tuple[Reason, ...]


@dataclass(frozen=True, slots=True)
class ByeExplanation(_Explained):
    """Why a player has the pairing-allocated bye."""

    player: PlayerId
    reasons: tuple[Reason, ...]


@dataclass(frozen=True, slots=True)
class RoundExplanation:
    """Why a round is paired as it is: one entry per board (in board order) and the bye."""

    system: str
    """The pairing system and edition (``FIDE Dubov (C.04.4.1, 2018)``)."""
    round_number: int
    boards: tuple[BoardExplanation, ...]
    bye: ByeExplanation | None = None
    notes: tuple[Reason, ...] = ()
    """Reasons about the round as a whole."""
    _by_pair: dict[tuple[PlayerId, PlayerId], BoardExplanation] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )

    def __post_init__(self) -> None:
        self._by_pair.update({(b.white, b.black): b for b in self.boards})

    def board(self, white: PlayerId, black: PlayerId) -> BoardExplanation | None:
        """The explanation of the board ``white``-``black`` (``None`` when the engine did not
        pair them so, e.g. after a hand adjustment)."""
        return self._by_pair.get((white, black))

    @property
    def articles(self) -> frozenset[str]:
        """Every article cited."""
        out = {r.article for r in self.notes}
        for b in self.boards:
            out |= b.articles
        if self.bye is not None:
            out |= self.bye.articles
        return frozenset(out)

    def matches(self, pairing: RoundPairing) -> bool:
        """The explanation is of exactly this pairing."""
        return [(b.white, b.black) for b in self.boards] == [
            (b.white, b.black) for b in pairing.boards
        ] and (self.bye.player if self.bye else None) == pairing.bye

    def text(self, names: Mapping[PlayerId, str] | None = None) -> str:
        """The explanation as plain text, one reason a line, players as ``#N`` (``names``:
        player names to show on the board lines)."""

        def who(pid: PlayerId) -> str:
            name = names.get(pid, "") if names else ""
            return f"{pid} {name}".rstrip()

        def lines(reasons: Iterable[Reason]) -> list[str]:
            return [f"    {r.topic.value:<8} [{r.article}] {r.text}" for r in reasons]

        out = [f"Round {self.round_number}: {self.system}"]
        out += lines(self.notes)
        for n, b in enumerate(self.boards, start=1):
            out.append(f"Board {n}: {who(b.white)} - {who(b.black)} ({b.bracket})")
            out += lines(b.reasons)
        if self.bye is not None:
            out.append(f"Bye: {who(self.bye.player)}")
            out += lines(self.bye.reasons)
        return "\n".join(out) + "\n"

    def renumbered(self, number: Mapping[PlayerId, PlayerId]) -> RoundExplanation:
        """The same explanation with the players renumbered (``number``: old -> new; players
        missing from it keep their number)."""

        def new(pid: PlayerId) -> PlayerId:
            return number.get(pid, pid)

        def reasons(rs: Iterable[Reason]) -> tuple[Reason, ...]:
            return tuple(r.renumbered(new) for r in rs)

        boards = tuple(
            BoardExplanation(new(b.white), new(b.black), b.bracket, reasons(b.reasons))
            for b in self.boards
        )
        bye = (
            None
            if self.bye is None
            else ByeExplanation(new(self.bye.player), reasons(self.bye.reasons))
        )
        return RoundExplanation(self.system, self.round_number, boards, bye, reasons(self.notes))

    # -- JSON --------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict (:meth:`from_json` reads it back)."""

        def reasons(rs: Iterable[Reason]) -> list[dict[str, str]]:
            return [{"topic": r.topic.value, "article": r.article, "text": r.text} for r in rs]

        return {
            "system": self.system,
            "round": self.round_number,
            "notes": reasons(self.notes),
            "boards": [
                {
                    "white": b.white,
                    "black": b.black,
                    "bracket": b.bracket,
                    "reasons": reasons(b.reasons),
                }
                for b in self.boards
            ],
            "bye": None
            if self.bye is None
            else {"player": self.bye.player, "reasons": reasons(self.bye.reasons)},
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> RoundExplanation:
        """Read :meth:`to_json`'s form; a malformed one raises :class:`ExplanationFormatError`."""
        try:

            def reasons(items: Iterable[Mapping[str, str]]) -> tuple[Reason, ...]:
                return tuple(
                    Reason(Topic(r["topic"]), str(r["article"]), str(r["text"])) for r in items
                )

            boards = tuple(
                BoardExplanation(
                    int(b["white"]), int(b["black"]), str(b["bracket"]), reasons(b["reasons"])
                )
                for b in data["boards"]
            )
            bye_data = data.get("bye")
            bye = (
                None
                if bye_data is None
                else ByeExplanation(int(bye_data["player"]), reasons(bye_data["reasons"]))
            )
            return cls(str(data["system"]), int(data["round"]), boards, bye, reasons(data["notes"]))
        except (KeyError, TypeError, ValueError) as e:
            raise ExplanationFormatError(f"not a round explanation: {e!r}") from e


ExplainRound = Callable[[TournamentState], tuple[RoundPairing, RoundExplanation]]
"""A system's ``explain_round``: the pairing ``pair_round`` gives, and why."""
