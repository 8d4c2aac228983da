"""The round-pairing outlook of the 2026 edition (C.04.3 2026, art. 1.9 and C4, C5).

The 2017 edition looks at the rest of the round only when a bracket would leave it unpairable
(A.9: that bracket becomes the PPB and everything below collapses into one last bracket). The
2026 edition has no PPB and no collapsed bracket: the completion criterion C4 binds every
bracket ("a pairing complying with all the absolute criteria shall always exist for all players
not yet paired"), and C5 right after it minimises the score of the player who gets the
pairing-allocated bye.

C5 is settled once for the round: the lowest score s* that a complete pairing of the round can
give the bye's assignee. Each bracket then keeps a complete pairing with the bye at score s*
possible (the first bracket can, and a bracket that can hands that possibility on: the
complete pairing restricted to its players is one of its candidates), so "C4, then C5" in
every bracket is C4 with the bye restricted to the eligible players scoring s*.

A bracket is first paired as under the 2017 rules (its best candidate on C6-C21); when that
candidate leaves the rest unpairable it is paired again in :attr:`Mode.COMPLETE`, with the
rest of the round as extra vertices that must all be matched, and the next bracket follows as
usual.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Protocol

from pairing.engine.core.errors import NoValidPairing
from pairing.engine.dutch.bracket import pair_bracket
from pairing.engine.dutch.graph import BracketResult, Mode, RoundRules
from pairing.engine.dutch.players import DutchPlayer
from pairing.engine.matching.cardinality import Matcher


class Completion(Protocol):
    """What :class:`pairing.engine.dutch.system.Completion` offers this module."""

    index: dict[int, int]
    matcher: Matcher

    def __init__(self, players: Sequence[DutchPlayer], rules: RoundRules) -> None: ...

    @property
    def possible(self) -> bool: ...

    def remove(
        self,
        pairs: Sequence[tuple[DutchPlayer, DutchPlayer]],
        downfloaters: Sequence[DutchPlayer],
    ) -> bool: ...


def restrict_bye(players: list[DutchPlayer], completion: Completion) -> list[DutchPlayer]:
    """C5: the players who may still receive the bye: the eligible ones (C2) with the lowest
    score a complete pairing of the round can give the bye. The completion's bye vertex keeps
    its edges to those players only."""
    bye = len(players)
    eligible = [i for i, p in enumerate(players) if p.bye_allowed]
    if len(players) % 2 == 0 or not eligible:
        return players
    matcher = completion.matcher
    for i in eligible:
        matcher.remove_edge(i, bye)
    chosen = None
    for score in sorted({players[i].score for i in eligible}):
        for i in eligible:
            if players[i].score == score:
                matcher.add_edge(i, bye)
        if matcher.mate_of(bye) >= 0 or matcher.augment(bye):
            chosen = score
            break
    out = list(players)
    for i in eligible:
        if players[i].score != chosen:
            matcher.remove_edge(i, bye)
            out[i] = replace(players[i], bye_allowed=False)
    return out


def pair_brackets(
    groups: list[list[DutchPlayer]], rules: RoundRules, completion: Completion
) -> tuple[list[tuple[DutchPlayer, DutchPlayer]], DutchPlayer | None]:
    """Art. 1.9.2: the brackets from the top scoregroup down, each keeping the rest of the
    round pairable (C4); the pairs and the bye.

    C8 looks into the following bracket without C4 there (its downfloaters paired as well as
    they can be, whatever happens below). When the following bracket then cannot reach that
    outcome under C4, the look-ahead was too hopeful: the bracket is paired again in
    :attr:`Mode.COMPLETE`, whose look-ahead keeps the whole round pairable."""
    pairs: list[tuple[DutchPlayer, DutchPlayer]] = []
    mdps: list[DutchPlayer] = []
    index = 0
    above: tuple[int, list[DutchPlayer], int] | None = None
    """The bracket above, when its look-ahead was the hopeful one: its index, its MDPs, and
    how many pairs were made before it."""
    again = False
    """The bracket is paired again after a hopeful look-ahead: straight in COMPLETE mode."""
    while True:
        group = groups[index]
        lower = [p for g in groups[index + 1 :] for p in g]
        if not lower:
            last = pair_bracket(mdps, group, Mode.LAST, rules)
            return pairs + list(last.pairs), last.bye
        following = groups[index + 1]
        next_is_last = index + 2 == len(groups)
        hopeful = None
        if not again:
            hopeful = pair_bracket(
                mdps, group, Mode.NORMAL, rules, next_residents=following, next_is_last=next_is_last
            )
        if hopeful is not None and completion.remove(hopeful.pairs, hopeful.downfloaters):
            result = hopeful
            above = (index, mdps, len(pairs))
        else:
            # C4: the best candidate leaves the rest unpairable; the best of those that do not.
            result = pair_bracket(
                mdps,
                group,
                Mode.COMPLETE,
                rules,
                next_residents=following,
                lower=lower,
                next_is_last=next_is_last,
            )
            if hopeful is not None and above is not None and _outcome(result) < _outcome(hopeful):
                # C8 of the bracket above counted on the hopeful outcome: pair it again.
                index, mdps, made = above
                del pairs[made:]
                above = None
                again = True
                continue
            completion = type(completion)([*result.downfloaters, *lower], rules)
            if not completion.remove((), result.downfloaters):
                raise NoValidPairing("no pairing of the round satisfies C1-C4")
            above = None
        again = False
        pairs.extend(result.pairs)
        mdps = list(result.downfloaters)
        index += 1


def _outcome(result: BracketResult) -> tuple[int, list[int]]:
    """C6 and C7 of a bracket's candidate, larger is better: its pairs, and its downfloaters'
    scores in descending order, negated."""
    return len(result.pairs), [
        -p.score for p in sorted(result.downfloaters, key=lambda p: -p.score)
    ]
