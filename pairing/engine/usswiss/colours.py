"""US Chess colour allocation (rule 29E) and the ranking the rules pair by (28, 29A).

Only games played over the board count for colours: byes, forfeits and absences leave none
(29E, unplayed games). A player's *due colour* is the one that equalizes his whites and
blacks, or, when they are equal, the one he did not have in his latest game (29E3).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from hashlib import sha256

from pairing.engine.core.colours import colour_difference
from pairing.engine.core.state import Board, Colour, Player, PlayerId, TournamentState
from pairing.engine.usswiss.settings import USSettings


def pairing_rating(player: Player, settings: USSettings) -> int | None:
    """The rating a player is ranked by: his rating, the TD's assigned rating for an unrated
    player, ``None`` for an unrated player without one (ranked last, 28 ranking)."""
    if player.id in settings.assigned_ratings:
        return settings.assigned_ratings[player.id]
    return player.rating or None


def rank_key(player: Player, score: int, settings: USSettings) -> tuple[int, bool, int, int]:
    """29A ranking: score (descending), then rating (descending), unrated players without
    an assigned rating last, then the pairing number."""
    rating = pairing_rating(player, settings)
    return (-score, rating is None, -(rating or 0), player.tpn)


def due_colour(player: Player) -> Colour | None:
    """29E3: the colour that equalizes whites and blacks; with equal numbers, the other
    colour than in the latest game played; ``None`` before any game."""
    colours = player.colours
    if not colours:
        return None
    difference = colour_difference(colours)
    if difference > 0:
        return Colour.BLACK
    if difference < 0:
        return Colour.WHITE
    return colours[-1].opposite


def breaks_equalization(player: Player, colour: Colour) -> bool:
    """27A4 / 29E5f: ``colour`` would put the player two games ahead in one colour or give
    him the same colour three times in a row."""
    colours = player.colours
    after = colour_difference((*colours, colour))
    three = len(colours) >= 2 and colours[-1] is colour and colours[-2] is colour
    return abs(after) >= 2 or three


def misses_due_colour(player: Player, colour: Colour) -> bool:
    """27A5: the player has a due colour and ``colour`` is not it."""
    due = due_colour(player)
    return due is not None and due is not colour


class ColourRule(Enum):
    """Which part of 29E decided a pair's colours."""

    BOTH_DUE = "different due colours: each player gets his due colour"
    EQUALIZATION = "the same due colour: the player who needs it to equalize gets it"
    HISTORY = "equal claims: alternate from the latest round their colours differed"
    RANK = "the same colour histories: the higher-ranked player gets his due colour"
    RANK_ALTERNATE = (
        "the same colour histories: the lower-ranked player gets his due colour, in turn "
        "with the higher-ranked in this score group (variation)"
    )
    RANK_MINUS = (
        "the same colour histories in a minus score group: the lower-ranked player gets "
        "his due colour (variation)"
    )
    FIRST_ROUND = "no colours yet: the colour drawn by lot, alternating down the boards"
    LOT = "the same colour histories in the last round: the colour drawn by lot (variation)"

    @property
    def article(self) -> str:
        """The rule cited."""
        articles = {
            ColourRule.BOTH_DUE: "29E3",
            ColourRule.FIRST_ROUND: "29E2",
            ColourRule.RANK_MINUS: "29E4a",
            ColourRule.RANK_ALTERNATE: "29E4b",
            ColourRule.LOT: "29E4c",
        }
        return articles.get(self, "29E4")


@dataclass(frozen=True, slots=True)
class ColourDecision:
    """The colours of one pair and the rule that gave them."""

    board: Board
    rule: ColourRule
    colour: Colour
    """The colour being decided (the due colour, or the coin-toss colour)."""
    winner: PlayerId
    """The player who received ``colour``."""


def colour_rule(
    state: TournamentState,
    a: PlayerId,
    b: PlayerId,
    settings: USSettings | None = None,
    board_number: int = 1,
) -> ColourDecision:
    """29E: who of ``a`` and ``b`` gets White, and why.

    1. Different due colours (or only one player due a colour): each gets his due colour.
    2. The same due colour: the player whose colours the other colour would leave
       unequalized gets it (equalization before alternation, 27A4 before 27A5).
    3. Equally unequal: look back to the latest round in which their colours differed (a
       round without a game counts as no colour); the one who then had the other colour now
       gets the due colour (alternation).
    4. Identical histories: the higher-ranked player (score, then rating) gets it; in the
       last round with ``last_round_lot`` the lot decides (29E4c, :func:`lot_white`).
    5. Neither has played a game: the higher-ranked player gets the colour drawn by lot on
       odd-numbered boards and the other colour on even ones (29E2, as in round 1).
    """
    settings = settings or USSettings()
    pa, pb = state.player(a), state.player(b)
    scores = state.scores
    first = min((pa, pb), key=lambda p: rank_key(p, scores[p.id], settings))
    due_a, due_b = due_colour(pa), due_colour(pb)

    def give(winner: Player, colour: Colour, rule: ColourRule) -> ColourDecision:
        loser = pb if winner is pa else pa
        white, black = (winner, loser) if colour is Colour.WHITE else (loser, winner)
        return ColourDecision(Board(white.id, black.id), rule, colour, winner.id)

    if due_a is None and due_b is None:
        toss = state.initial_colour or Colour.WHITE
        colour = toss if board_number % 2 == 1 else toss.opposite
        return give(first, colour, ColourRule.FIRST_ROUND)
    if due_a is None or due_b is None or due_a is not due_b:
        if due_a is not None:
            return give(pa, due_a, ColourRule.BOTH_DUE)
        assert due_b is not None
        return give(pb, due_b, ColourRule.BOTH_DUE)
    due = due_a
    # 29E4: a player whose colours the other colour would leave unequalized (two games
    # ahead in one colour, or the same colour three times in a row) has the stronger claim.
    need_a = breaks_equalization(pa, due.opposite)
    need_b = breaks_equalization(pb, due.opposite)
    if need_a != need_b:
        return give(pa if need_a else pb, due, ColourRule.EQUALIZATION)
    # 29E4d (variation, the 4th edition's rule): no look-back past the last two rounds.
    stop = state.rounds_done - 3 if settings.colour_priority == "old-rank" else -1
    for column in range(state.rounds_done - 1, max(stop, -1), -1):
        ea, eb = pa.results[column], pb.results[column]
        ca = ea.colour if ea.played else None
        cb = eb.colour if eb.played else None
        if ca is cb:
            continue
        if ca is due.opposite or cb is due:
            return give(pa, due, ColourRule.HISTORY)
        return give(pb, due, ColourRule.HISTORY)
    if settings.last_round_lot and state.is_last_round:
        # 29E4c (variation): in the last round the lot, not rank, settles identical claims.
        white_by_lot = lot_white(settings, a, b)
        gets_due = white_by_lot if due is Colour.WHITE else (b if white_by_lot == a else a)
        return give(pa if gets_due == a else pb, due, ColourRule.LOT)
    second = pb if first is pa else pa
    if settings.colour_priority == "minus-lower" and scores[second.id] < state.rounds_done:
        # 29E4a (variation): in a minus score group (below half the points played for)
        # the lower-ranked player gets the due colour.
        return give(second, due, ColourRule.RANK_MINUS)
    return give(first, due, ColourRule.RANK)


def lot_white(settings: USSettings, a: PlayerId, b: PlayerId) -> PlayerId:
    """29E4c (variation): the player of ``a`` and ``b`` the lot gives White. The lot is the
    first byte of the SHA-256 of the ASCII text ``"SEED:LOW:HIGH"`` (the settings' recorded
    :attr:`~USSettings.lot_seed`, then the two pairing numbers in increasing order): even
    gives White to the lower pairing number, odd to the higher. The same seed always draws
    the same way, whatever the board order; ValueError without a seed."""
    if settings.lot_seed is None:
        raise ValueError(
            "29E4c: the last round's colours by lot need the seed drawn for them "
            "(XXU last-round-lot=SEED)"
        )
    low, high = sorted((a, b))
    digest = sha256(f"{settings.lot_seed}:{low}:{high}".encode("ascii")).digest()
    return low if digest[0] % 2 == 0 else high


def to_lower_ranked(decision: ColourDecision) -> ColourDecision:
    """A rule-5 decision (identical histories) turned round: the lower-ranked player gets the
    due colour (29E4b, alternating priority)."""
    board = Board(decision.board.black, decision.board.white)
    loser = board.white if decision.winner == board.black else board.black
    return ColourDecision(board, ColourRule.RANK_ALTERNATE, decision.colour, loser)


def colour_failures(state: TournamentState, decision: ColourDecision) -> tuple[int, int]:
    """How many of the pair's players the colours fail: (equalization 27A4, due colour
    27A5). A player failing equalization is not counted again for the due colour."""
    equalization = alternation = 0
    for pid, colour in (
        (decision.board.white, Colour.WHITE),
        (decision.board.black, Colour.BLACK),
    ):
        player = state.player(pid)
        if breaks_equalization(player, colour):
            equalization += 1
        elif misses_due_colour(player, colour):
            alternation += 1
    return equalization, alternation
