"""What every pairing system answers about its rules, for the command line and the web app:
:class:`System` (one object per system and edition, see :mod:`pairing.engine.systems`), the
colour rule it applies to a given pair (:class:`ColourRuling`) and what the draft review shows
of each player (:class:`PlayerNotes`)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace

from pairing.engine.core.colours import NO_PREFERENCE, Preference, Strength
from pairing.engine.core.explain import RoundExplanation
from pairing.engine.core.rules import fixed_board_order, initial_colour, pairing_numbers
from pairing.engine.core.state import Board, Colour, PlayerId, RoundPairing, TournamentState
from pairing.engine.core.suggestion import nearest_pairing
from pairing.engine.core.violations import Violation, violations


@dataclass(frozen=True)
class ColourRuling:
    """The colour rule that decides a pair's colours, as the system's text numbers it."""

    rule: str
    """The rule's number in its edition's text: "E.2" (Dutch 2017, Dubov), "5.2.2" (Dutch
    2026), "STEP 5" (TCEC)."""
    says: str
    """What the rule says for this pair."""
    white: PlayerId | None
    """The player the rule gives White (``None``: the rule does not say; TCEC's pattern and
    double rounds name the player too, in game 1)."""


@dataclass(frozen=True)
class PlayerNotes:
    """What the draft review shows of one player before the round: the colour wish and the
    recent floats."""

    preference: str
    """The colour preference for the round, e.g. "White, strong" or "none"; TCEC: the white
    game difference, "WGD +1"."""
    floats: str
    """Floats of the last two rounds, older first: ↓ down, ↑ up, · none ("" before round 2)."""


def preference_text(pref: Preference) -> str:
    """ "White, strong", "Black, mild", ... or "none" (C.04.3 A.6 / C.04.4.1 A.5)."""
    if pref.colour is None:
        return "none"
    colour = "White" if pref.colour is Colour.WHITE else "Black"
    return f"{colour}, {pref.strength.name.lower()}"


def recent_floats(state: TournamentState, pid: PlayerId) -> str:
    """↓ / ↑ / · for the last two rounds: the higher-scored player of a game floated down, the
    lower one up; a pairing-allocated bye (U) or a full-point bye (F) is a downfloat
    (C.04.3 A.4 as the draft review shows it)."""

    def before(who: PlayerId, column: int) -> int:  # the score before round ``column + 1``
        return sum(state.points.of(e) for e in state.player(who).results[:column])

    marks = []  # issue 27: only the two players' scores, not the whole field's, per round
    for column in range(state.rounds_done):
        e = state.player(pid).results[column]
        if e.opponent is None:
            marks.append("↓" if e.code in ("U", "F") else "·")
        else:
            mine, theirs = before(pid, column), before(e.opponent, column)
            marks.append("↓" if mine > theirs else "↑" if mine < theirs else "·")
    return "".join(marks[-2:]).rjust(2, "·") if marks else ""


def _colour_name(colour: Colour) -> str:
    return "White" if colour is Colour.WHITE else "Black"


def _a(word: str) -> str:
    return f"an {word}" if word[0] in "aeiou" else f"a {word}"


class System(ABC):
    """One pairing system in one edition: everything the app asks about its rules."""

    name: str
    """The command-line name (``dutch-2017``, ``dubov``, ...)."""
    title: str
    """What the arbiter reads, e.g. "FIDE Dutch (C.04.3, 2017 edition)"."""
    record_code: str
    """TRF-2026 record 192 of the tournaments it pairs."""
    accelerations: frozenset[str] = frozenset()
    """The acceleration methods it applies (``baku``: C.04.7, Dutch only)."""
    rules: frozenset[str]
    """The absolute rules :meth:`violations` checks (:data:`ALL_RULES`, TCEC: its own)."""

    @abstractmethod
    def pair_as_system(self, state: TournamentState) -> RoundPairing:
        """The system's own pairing of the next round, boards in its own order."""

    @abstractmethod
    def explain(self, state: TournamentState) -> tuple[RoundPairing, RoundExplanation]:
        """The same pairing as :meth:`pair` and why."""

    @abstractmethod
    def colour_rulings(
        self, state: TournamentState, pairs: Sequence[tuple[PlayerId, PlayerId]]
    ) -> list[ColourRuling]:
        """:meth:`colour_rule` for many pairs of one state (the state read once)."""

    @abstractmethod
    def notes(self, state: TournamentState, pid: PlayerId) -> PlayerNotes:
        """What the draft review shows of player ``pid`` before the round."""

    @abstractmethod
    def may_have_bye(self, state: TournamentState, pid: PlayerId) -> bool:
        """Whether the player may receive the pairing-allocated bye of the next round."""

    def pair(self, state: TournamentState) -> RoundPairing:
        """The next round; the fixed boards (``XXF``) then number its boards."""
        pairing = self.pair_as_system(state)
        if not state.fixed_boards:
            return pairing
        return replace(pairing, boards=fixed_board_order(pairing.boards, state.fixed_boards))

    def colour_numbers(self, state: TournamentState) -> dict[PlayerId, int]:
        """The numbers whose parity the colour rule for players without history reads."""
        return pairing_numbers(state)

    def initial_colour(self, state: TournamentState) -> Colour:
        """``XXC``, or else read back from the first round with colours (C.04.2 / E.5, E.0)."""
        return initial_colour(state, self.colour_numbers)

    def colour_rule(self, state: TournamentState, a: PlayerId, b: PlayerId) -> ColourRuling:
        """The rule that decides the colours of ``a`` against ``b`` in the next round."""
        return self.colour_rulings(state, [(a, b)])[0]

    def colour_preference(self, state: TournamentState, pid: PlayerId) -> Preference:
        """The player's colour preference for the next game (none in systems without one)."""
        return NO_PREFERENCE

    def violations(self, state: TournamentState, pairing: RoundPairing) -> list[Violation]:
        """The absolute rules of this system the pairing of the next round breaks, then the
        strong and absolute colour preferences it denies against its colour rule."""
        found = violations(state, pairing, self.rules, self._bye_barred(state))
        return [*found, *self.preference_breaks(state, pairing)]

    def new_violations(
        self, state: TournamentState, before: RoundPairing, after: RoundPairing
    ) -> list[Violation]:
        """The violations of ``after`` that ``before`` did not have."""
        old = set(self.violations(state, before))
        return [v for v in self.violations(state, after) if v not in old]

    def preference_breaks(self, state: TournamentState, pairing: RoundPairing) -> list[Violation]:
        """On each board whose colours are not those of the system's colour rule (swapped,
        exchanged or paired by hand), the player given the colour a strong or absolute
        preference is against (C.04.3 A.6 and E / 5.2; C.04.4.1 A.5 and E): a rule broken,
        named by the colour rule that the board does not follow."""
        boards = [b for b in pairing.boards if b.white in state.by_id and b.black in state.by_id]
        rulings = self.colour_rulings(state, [(b.white, b.black) for b in boards])
        out = []
        for board, ruling in zip(boards, rulings, strict=True):
            if ruling.white is None or ruling.white == board.white:
                continue
            for pid, given in ((board.white, Colour.WHITE), (board.black, Colour.BLACK)):
                wish = self.colour_preference(state, pid)
                if wish.colour in (None, given) or wish.strength < Strength.STRONG:
                    continue
                player = state.player(pid)
                who = f"{player.name} ({pid})" if player.name else f"player {pid}"
                strength, wanted = wish.strength.name.lower(), _colour_name(wish.colour)
                message = (
                    f"{who} has {_a(strength)} {wanted} preference but gets {_colour_name(given)}"
                )
                out.append(Violation(ruling.rule, message, (pid,)))
        return out

    def suggest(self, state: TournamentState, rules: Collection[str] | None = None) -> RoundPairing:
        """The nearest legal pairing: every available player paired, as few absolute rules
        (of ``rules``, the system's by default) broken as can be, the bye to a player the
        system allows it (for the arbiter pairing by hand); each board's colours as the
        system's colour rule gives them."""
        checked = self.rules if rules is None else rules
        pairing = nearest_pairing(state, checked, self._bye_barred(state))
        rulings = self.colour_rulings(state, [(b.white, b.black) for b in pairing.boards])
        boards = tuple(
            Board(b.black, b.white) if r.white == b.black else b
            for b, r in zip(pairing.boards, rulings, strict=True)
        )
        return replace(pairing, boards=boards)

    def _bye_barred(self, state: TournamentState) -> frozenset[PlayerId]:
        return frozenset(p.id for p in state.players if not self.may_have_bye(state, p.id))
