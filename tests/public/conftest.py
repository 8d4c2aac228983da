"""Fixtures of the public pages: a live round of six players; a field too big for one page of
the public lists (issue 27: 100 rows a page)."""

from __future__ import annotations

import pytest
from django.core.cache import cache

from public import live
from tournaments.models import Entry, Tournament

FIELD = 210
"""Players: pages of 1-100, 101-200 and 201-210; round 1 has 105 boards (two pages)."""


@pytest.fixture
def field(tournament: Tournament, make_entries, record_round) -> list[Entry]:
    """210 players ("Player 01" .. "Player 210", pairing numbers 1..210) and round 1 published
    by hand: board b is no. 2b-1 (white) against no. 2b (black), no result yet."""
    entries = make_entries(FIELD, step=1)
    tournament.rounds = 3
    tournament.save()
    pairs = [(entries[i], entries[i + 1], "") for i in range(0, FIELD, 2)]
    record_round(1, pairs, status="published")
    return entries


@pytest.fixture
def in_play(settings, tournament: Tournament, make_entries, play) -> Tournament:
    """Six players, round 1 published (three boards), no result yet; the revision kept in the
    cache, as in production, and every worker memory of live pages empty."""
    settings.TOURNAMENTS_REVISION_CACHE_SECONDS = 60
    cache.clear()
    live.recent.values.clear()
    live.watched.asked.clear()
    make_entries(6)
    play(tournament, [[]])
    return tournament
