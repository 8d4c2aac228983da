"""Project-wide test fixtures."""

from __future__ import annotations

from datetime import date

import pytest
from django.contrib.auth.models import User

from tournaments.models import Entry, Player, Tournament


@pytest.fixture
def arbiter(db: None) -> User:
    return User.objects.create_user("arbiter", password="a-long-test-password")


@pytest.fixture
def other_arbiter(db: None) -> User:
    return User.objects.create_user("other", password="a-long-test-password")


@pytest.fixture
def tournament(arbiter: User) -> Tournament:
    t = Tournament.objects.create(
        name="Spring Open",
        place="Springfield",
        start_date=date(2026, 4, 1),
        end_date=date(2026, 4, 3),
        rounds=5,
    )
    t.arbiters.add(arbiter)
    return t


@pytest.fixture
def make_entries(tournament: Tournament):
    """Register ``n`` players, pairing numbers in descending rating order."""

    def make(n: int, first_rating: int = 2400, step: int = 25) -> list[Entry]:
        entries = []
        for i in range(1, n + 1):
            player = Player.objects.create(
                name=f"Player {i:02d}", federation="USA", fide_rating=first_rating - step * i
            )
            entries.append(
                Entry.objects.create(
                    tournament=tournament,
                    player=player,
                    pairing_number=i,
                    rating=player.fide_rating,
                )
            )
        return entries

    return make
