"""Fixtures for the ratings app: finished tournaments built directly from rows, rating records,
rating officers."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import date
from decimal import Decimal
from typing import Any

import pytest
from django.contrib.auth.models import Group, User
from django.test import Client
from django.utils import timezone

from players.models import Player
from ratings import services
from ratings.models import Event, RatedEvent, RatingRecord, ReRating, UscfMember
from tournaments.models import Entry, Game, Round, Tournament

Pairing = tuple[int, int, str]
"""(white's index, black's index, result) — indexes into the tournament's entries."""


@pytest.fixture(autouse=True)
def fast_passwords(settings: Any) -> None:
    """Users are created in most tests here: hash their passwords cheaply."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def make_players(tournament: Tournament) -> Callable[..., list[Entry]]:
    """Register players by name (no FIDE rating unless given) in ``tournament``."""

    def make(*names: str, extra: dict[str, dict[str, Any]] | None = None) -> list[Entry]:
        start = tournament.entries.count()
        entries = []
        for i, name in enumerate(names, start=start + 1):
            player = Player.objects.create(name=name, **(extra or {}).get(name, {}))
            entries.append(
                Entry.objects.create(tournament=tournament, player=player, pairing_number=i)
            )
        return entries

    return make


def play(
    tournament: Tournament,
    rounds: Sequence[Sequence[Pairing]],
    *,
    rating_system: str = Tournament.RatingSystem.REGULAR,
) -> Tournament:
    """Store the rounds' games (results given) and finish the tournament."""
    entries = list(tournament.entries.order_by("pairing_number"))
    for number, boards in enumerate(rounds, start=1):
        rnd = Round.objects.create(
            tournament=tournament, number=number, status=Round.Status.FINISHED
        )
        for board, (w, b, result) in enumerate(boards, start=1):
            Game.objects.create(
                round=rnd, board=board, white=entries[w], black=entries[b], result=result
            )
    tournament.rounds = max(len(rounds), 1)
    tournament.rating_system = rating_system
    tournament.status = Tournament.Status.FINISHED
    tournament.save()
    return tournament


def record(
    player: Player,
    system: str = "regular",
    rating: float = 1500,
    games: int | None = 50,
    **fields: Any,
) -> RatingRecord:
    return RatingRecord.objects.create(
        player=player, system=system, rating=Decimal(str(rating)), games=games, **fields
    )


def second_tournament(arbiter: User, name: str = "Summer Open") -> Tournament:
    t = Tournament.objects.create(
        name=name, start_date=date(2026, 6, 1), end_date=date(2026, 6, 2), rounds=3
    )
    t.arbiters.add(arbiter)
    return t


def enter(tournament: Tournament, *players: Player) -> list[Entry]:
    return [
        Entry.objects.create(tournament=tournament, player=p, pairing_number=i)
        for i, p in enumerate(players, start=1)
    ]


@pytest.fixture
def arbiter_client(arbiter: User) -> Client:
    client = Client()
    client.force_login(arbiter)
    return client


@pytest.fixture
def officer(db: None) -> User:
    user = User.objects.create_user("officer", password="a-long-test-password", is_staff=True)
    user.groups.add(Group.objects.get(name="Rating officers"))
    return user


@pytest.fixture
def officer_client(officer: User) -> Client:
    client = Client()
    client.force_login(officer)
    return client


def rating_officer() -> User:
    """A rating officer who runs no tournament (created on first use)."""
    user, created = User.objects.get_or_create(username="rating-officer", is_staff=True)
    if created:
        user.groups.add(Group.objects.get(name="Rating officers"))
    return user


def rate(tournament_id: int, arbiter: User) -> RatedEvent:
    """The reviewed path: the arbiter submits the tournament, a rating officer applies it."""
    request = services.submit_for_rating(tournament_id, arbiter)
    services.apply_request(request.pk, rating_officer())
    return RatedEvent.objects.get(tournament_id=tournament_id)


def rerate(tournament_id: int, arbiter: User, reason: str) -> ReRating:
    """The reviewed path of a re-rating: submitted with a reason, applied by an officer."""
    request = services.submit_for_rerating(tournament_id, arbiter, reason)
    services.apply_request(request.pk, rating_officer())
    return ReRating.objects.filter(event__tournament_id=tournament_id).latest("at")


@pytest.fixture
def us_section(tournament: Tournament, four: tuple[Entry, ...]) -> Tournament:
    """The ``four`` tournament (A 1.5, B 1.5, C 1, D 0 after two rounds: R1 A-C 1-0, D-B 0-1;
    R2 B-A ½-½, C-D 1-0) as the Open section of a US Chess event, ranked by the 34E defaults,
    the players with US Chess IDs in the supplement (D unknown to it)."""
    event = Event.objects.create(
        name="Reno Open", start_date=tournament.start_date, end_date=tournament.end_date
    )
    event.arbiters.set(tournament.arbiters.all())
    tournament.event, tournament.section_name = event, "Open"
    tournament.tie_breaks = "US-MM,US-SOLK,US-CUM,US-OPCUM"
    tournament.save()
    for n, entry in enumerate(four[:3], 1):
        entry.uscf_id = f"1234560{n}"
        entry.save()
        UscfMember.objects.create(
            uscf_id=entry.uscf_id,
            name=entry.name,
            state=["CA", "NV", "OR"][n - 1],
            expires=date(2027, n, 28),
            imported_at=timezone.now(),
        )
    return tournament
