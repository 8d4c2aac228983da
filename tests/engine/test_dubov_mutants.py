"""Dubov (FIDE C.04.4.1) player data (pairing/engine/dubov/players.py) on hand-made
tournaments: each test pins a rule that a surviving mutant of run 9 (docs/testing.md)
broke."""

from __future__ import annotations

import re

import pytest

from pairing.engine.core.state import Player, TournamentState
from pairing.engine.dubov.players import DubovInputError, require_ratings


def test_a1_every_unrated_player_is_named_for_a_provisional_rating() -> None:
    """A.1: every player needs a rating; the arbiter gives an unrated one a provisional
    rating. Player 2 (Ann) and player 3 (no name) are unrated: the refusal names both, the
    first by number and name, the second by number; rated player 1 is not named. One
    unrated player alone: "player 2"."""
    state = TournamentState(
        players=(Player(1, rating=1800), Player(2, name="Ann"), Player(3)), rounds_done=0
    )
    with pytest.raises(DubovInputError, match=re.escape("rating to players 2 (Ann), 3") + "$"):
        require_ratings(state)
    alone = TournamentState(players=(Player(1, rating=1800), Player(2)), rounds_done=0)
    with pytest.raises(DubovInputError, match=re.escape("rating to player 2") + "$"):
        require_ratings(alone)
