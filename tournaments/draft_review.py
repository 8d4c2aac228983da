"""The draft review and the hand-pairing suggestion: each board's colour rule and the
nearest pairing around the arbiter's boards (moved as one block from ``tournaments.services``;
to be replaced by the engine's System, issue 22)."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

import networkx

from pairing.engine import (
    ALL_RULES,
    Board,
    Colour,
    Preference,
    RoundPairing,
    Strength,
    TournamentState,
    preference,
)
from tournaments.drafts import Draft

COLOUR_RULES = frozenset({"C.04.1.f", "C.04.1.g"})
"""C.04.1 f (colour difference beyond 2) and g (the same colour three times running), as
:func:`pairing.engine.violations` names them."""


def nearest_pairing(state: TournamentState, rules: Collection[str] = ALL_RULES) -> RoundPairing:
    """A pairing of every available player that breaks as few absolute rules as it can, for
    the arbiter to adjust when the system finds no legal pairing: a maximum matching that
    avoids rematches (C.04.1 b), a second bye (d) and pairs whose colours break f or g either
    way, then keeps scores and ranks close; colours against f and g; boards by score."""
    players = sorted(state.available, key=lambda p: (-state.scores[p.id], p.tpn))
    rank = {p.id: i for i, p in enumerate(players)}
    bad = _bad_colours(state, rules)
    graph = networkx.Graph()
    big = 1000 * (len(players) + 1) ** 2
    for i, a in enumerate(players):
        for b in players[i + 1 :]:
            cost = 0 if state.may_meet(a.id, b.id) else big // 10
            if _orientations(a.id, b.id, bad)[0][0]:
                cost += big // 100
            cost += 10 * abs(state.scores[a.id] - state.scores[b.id]) + rank[b.id] - rank[a.id]
            graph.add_edge(a.id, b.id, weight=big - cost)
        if len(players) % 2:  # the bye: the lowest-ranked player who may have it
            cost = big // 10 if a.had_pab_or_forfeit_win and "C.04.1.d" in rules else 0
            graph.add_edge(a.id, BYE, weight=big - cost - 10 * (len(players) - rank[a.id]))
    matching = networkx.max_weight_matching(graph, maxcardinality=True)
    bye = next((a if b == BYE else b for a, b in matching if BYE in (a, b)), None)
    pairs = []
    for a, b in matching:
        if BYE not in (a, b):
            high, low = sorted((a, b), key=rank.__getitem__)
            pairs.append(_orientations(high, low, bad)[0][1])
    pairs.sort(key=lambda board: min(rank[board.white], rank[board.black]))
    return RoundPairing(tuple(pairs), bye)


BYE = 0
"""The bye's node in :func:`nearest_pairing`'s graph (pairing numbers start at 1)."""


def _bad_colours(state: TournamentState, rules: Collection[str]) -> dict[int, set[Colour]]:
    """Player -> the colours that would break C.04.1 f or g (none in TCEC double rounds,
    where each pair plays both colours, or when those rules are not checked)."""
    if state.double_rounds or not COLOUR_RULES & set(rules):
        return {p.id: set() for p in state.available}
    bad: dict[int, set[Colour]] = {}
    for p in state.available:
        bad[p.id] = set()
        for colour in (Colour.WHITE, Colour.BLACK):
            history = (*p.colours, colour)
            difference = sum(1 if c is Colour.WHITE else -1 for c in history)
            if abs(difference) > 2 or history[-3:] == (colour,) * 3:  # C.04.1 f, g
                bad[p.id].add(colour)
    return bad


def _orientations(high: int, low: int, bad: dict[int, set[Colour]]) -> list[tuple[int, Board]]:
    """Both boards of a pair, the one that breaks fewer colour rules first (the higher-ranked
    player ``high`` gets white when it is a tie), with their counts."""
    boards = [Board(high, low), Board(low, high)]
    counted = [((Colour.WHITE in bad[b.white]) + (Colour.BLACK in bad[b.black]), b) for b in boards]
    return sorted(counted, key=lambda item: item[0])


@dataclass(frozen=True)
class PlayerReview:
    """One side of a draft board, as the arbiter checks it before publishing."""

    id: int
    score: int
    """Half-points before the round (the pairing score)."""
    rating: int
    history: str
    """Colours round by round: W, B, or - for a round without a game played."""
    preference: str
    """The colour preference for the round (C.04.3 A.6 / C.04.4.1 A.5), e.g. "White, strong";
    the white-game difference in TCEC ("WGD +1")."""
    floats: str
    """Floats in the last two rounds, older first: ↓ down, ↑ up, · none."""


@dataclass(frozen=True)
class BoardReview:
    number: int
    white: PlayerReview
    black: PlayerReview
    rule: str
    """The colour allocation rule that decides the pair's colours: "E.2", "STEP 5", ..."""
    reason: str
    """What the rule says for this pair."""
    rule_white: int | None
    """The player the rule gives White (``None``: the rule does not say, e.g. TCEC's pattern)."""

    @property
    def float(self) -> str:
        """This board's float: the higher-scored player floats down."""
        return "" if self.white.score == self.black.score else "↕"

    @property
    def swapped(self) -> bool:
        """The colours are not those of the rule (the arbiter swapped them)."""
        return self.rule_white is not None and self.rule_white != self.white.id


E_RULES = {
    "E.0": "both have yet to play: the higher-ranked player's pairing number decides",
    "E.1": "both colour preferences granted",
    "E.2": "the stronger colour preference granted",
    "E.3": "colours alternate from the last round in which they differed",
    "E.4": "the higher-ranked player's colour preference granted",
    "E.5": "the higher-ranked player's pairing number decides",
}
"""C.04.3 E.1-E.5 (Dutch) and C.04.4.1 E.0-E.4 (Dubov)."""


def review_draft(draft: Draft, system: str, dutch_edition: str = "2017") -> list[BoardReview]:
    """Every board of the draft with both players' scores, ratings, colour histories, floats
    and the colour rule that decides the pair (C.04.3 E.1-E.5, numbered 5.2.1-5.2.5 in the
    2026 edition; C.04.4.1 E.0-E.4; TCEC STEP 5), computed from the state before the round, so
    that boards changed by hand are reviewed too."""
    state = draft.state
    players = {p.id: _player_review(state, p.id, system) for p in state.players}
    out = []
    for number, board in enumerate(draft.pairing.boards, start=1):
        if board.white not in state.by_id or board.black not in state.by_id:
            continue
        if system == "tcec":
            rule, (reason, white) = "STEP 5", _tcec_rule(state, board.white, board.black)
        else:
            rule, white = _colour_rule(state, board.white, board.black, system)
            reason = E_RULES[rule]
            if system == "dutch" and dutch_edition == "2026":  # C.04.3 (2026) 5.2.x = E.x
                rule = f"5.2.{rule.removeprefix('E.')}"
        out.append(
            BoardReview(number, players[board.white], players[board.black], rule, reason, white)
        )
    return out


def _player_review(state: TournamentState, pid: int, system: str) -> PlayerReview:
    player = state.player(pid)
    history = "".join(
        e.colour.value.upper() if e.played and e.colour else "-" for e in player.results
    )
    if system == "tcec":
        wgd = sum(1 if e.colour is Colour.WHITE else -1 for e in player.results if e.opponent)
        wanted = f"WGD {wgd:+d}"
    else:
        pref = _preference(player.colours, system)
        wanted = (
            f"{'White' if pref.colour is Colour.WHITE else 'Black'}, {pref.strength.name.lower()}"
            if pref.colour is not None
            else "none"
        )
    return PlayerReview(
        pid,
        state.pairing_scores.get(pid, state.scores[pid]),
        player.rating,
        history,
        wanted,
        _floats(state, pid),
    )


def _preference(colours: tuple[Colour, ...], system: str) -> Preference:
    if not colours and system == "dubov":  # C.04.4.1 A.5.d: mild preference for Black
        return Preference(Colour.BLACK, Strength.MILD, 0)
    return preference(colours)


def _floats(state: TournamentState, pid: int) -> str:
    """↓ / ↑ / · for the last two rounds (C.04.3 A.4: a player who does not play, the bye
    included, floats down)."""
    running = {p.id: 0 for p in state.players}
    marks = []
    for column in range(state.rounds_done):
        e = state.player(pid).results[column]
        if e.opponent is None:
            marks.append("↓" if e.code in ("U", "F") else "·")
        else:
            mine, theirs = running[pid], running[e.opponent]
            marks.append("↓" if mine > theirs else "↑" if mine < theirs else "·")
        for p in state.players:
            running[p.id] += state.points.of(p.results[column])
    return "".join(marks[-2:]).rjust(2, "·") if marks else ""


def _higher(state: TournamentState, a: int, b: int) -> int:
    """C.04.3 A.2 / C.04.4.1 E.0: more points, then the smaller pairing number."""
    scores = state.pairing_scores
    key = {pid: (scores.get(pid, 0), -state.player(pid).tpn) for pid in (a, b)}
    return a if key[a] > key[b] else b


def _colour_rule(state: TournamentState, a: int, b: int, system: str) -> tuple[str, int]:
    """(rule, the player it gives White) for Dutch (E.1-E.5) and Dubov (E.0-E.4)."""
    initial = state.initial_colour or Colour.WHITE
    ca, cb = state.player(a).colours, state.player(b).colours
    high = _higher(state, a, b)
    low = b if high == a else a
    if system == "dubov" and not ca and not cb:  # E.0
        odd = state.player(high).tpn % 2 == 1
        return "E.0", high if (initial is Colour.WHITE) == odd else low
    pa, pb = _preference(ca, system), _preference(cb, system)
    gets = {a: pa, b: pb}
    if pa.colour is not pb.colour:  # E.1 (a player without preference takes what is left)
        wanted = pa if pa.colour is not None else pb
        owner = a if wanted is pa else b
        return "E.1", owner if wanted.colour is Colour.WHITE else (b if owner == a else a)
    if pa.colour is not None:
        stronger = None
        if pa.strength != pb.strength:
            stronger = a if pa.strength > pb.strength else b
        elif pa.absolute and abs(pa.difference) != abs(pb.difference) and system == "dutch":
            stronger = a if abs(pa.difference) > abs(pb.difference) else b
        if stronger is not None:  # E.2
            other = b if stronger == a else a
            return "E.2", stronger if gets[stronger].colour is Colour.WHITE else other
    for x, y in zip(reversed(ca), reversed(cb), strict=False):  # E.3 (C.04.2 D.5)
        if x is not y:
            return "E.3", a if x is Colour.BLACK else b
    if gets[high].colour is not None:  # E.4
        return "E.4", high if gets[high].colour is Colour.WHITE else low
    number = _e5_numbers(state).get(high, state.player(high).tpn)  # E.5
    return "E.5", high if (number % 2 == 1) == (initial is Colour.WHITE) else low


def _e5_numbers(state: TournamentState) -> dict[int, int]:
    """C.04.3 E.5 numbers: rank by pairing number among the players taking part (paired
    before or now); players absent since round 1 hold no number yet."""
    available = {p.id for p in state.available}
    taking_part = sorted(
        (
            p
            for p in state.players
            if p.id in available or any(e.made_by_pairing for e in p.results)
        ),
        key=lambda p: p.tpn,
    )
    return {p.id: i for i, p in enumerate(taking_part, start=1)}


def _tcec_rule(state: TournamentState, a: int, b: int) -> tuple[str, int | None]:
    """TCEC STEP 5 for a pair: what decides, and (single rounds) who gets White."""
    if state.double_rounds:
        return "double rounds: each player has White in one of the two games", None
    wgd = {
        pid: sum(
            1 if e.colour is Colour.WHITE else -1 for e in state.player(pid).results if e.opponent
        )
        for pid in (a, b)
    }
    if wgd[a] != wgd[b]:
        return "the greater white-game difference gets Black", a if wgd[a] < wgd[b] else b
    if state.scores[a] != state.scores[b]:
        return "the higher score gets Black", a if state.scores[a] < state.scores[b] else b
    return "equal: the first of the pair follows the 1-2-2-1 pattern", None
