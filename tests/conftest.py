"""Project-wide test fixtures."""

from __future__ import annotations

from datetime import date

import pytest
from django.apps import apps as django_apps
from django.contrib.auth.models import Group, User

from players.models import Player
from tournaments.models import Entry, Tournament


def _in_arbiters_group(user: User) -> User:
    """The user may create tournaments (tournaments.roles)."""
    from tournaments.roles import ARBITERS, ensure_arbiters

    ensure_arbiters(django_apps)  # a flushed transactional database has no group
    user.groups.add(Group.objects.get(name=ARBITERS))
    return user


@pytest.fixture
def arbiter(db: None) -> User:
    return _in_arbiters_group(User.objects.create_user("arbiter", password="a-long-test-password"))


@pytest.fixture
def other_arbiter(db: None) -> User:
    return _in_arbiters_group(User.objects.create_user("other", password="a-long-test-password"))


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
    """Register ``n`` players with pairing numbers 1..n out of rating order, as imported
    ranks or provisional ratings leave them, so that a rule reading pairing numbers and one
    reading ratings give different answers: each odd number and the next even one swap their
    ratings (no. 1 is rated ``first_rating - 2 * step``, no. 2 ``first_rating - step``, no. 3
    ``first_rating - 4 * step``, ...; with ``n`` odd, no. n keeps ``first_rating - n * step``)."""

    def make(n: int, first_rating: int = 2400, step: int = 25) -> list[Entry]:
        entries = []
        for i in range(1, n + 1):
            place = i + 1 if i % 2 and i < n else i - 1 if i % 2 == 0 else i
            player = Player.objects.create(
                name=f"Player {i:02d}", federation="USA", fide_rating=first_rating - step * place
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


@pytest.fixture
def arbiter_client(client, arbiter: User):
    """The test client, logged in as the tournament's arbiter."""
    client.force_login(arbiter)
    return client


@pytest.fixture
def play():
    """Pair, publish and play rounds of a tournament through the services: ``play(t, results)``
    with one list of board results per round (``"1-0"``, ...; missing boards are left
    pending), or ``play(t, rounds=n)`` for n rounds of white wins."""
    from tournaments import services

    def run(t: Tournament, results: list[list[str]] | None = None, rounds: int = 0):
        plan = results if results is not None else [["1-0"] * 999] * rounds
        last = None
        for board_results in plan:
            last = services.pair_next_round(t.pk)
            services.publish_round(last.pk)
            for rnd in t.round_set.filter(number__gte=last.number):
                for game, result in zip(rnd.games.order_by("board"), board_results, strict=False):
                    services.set_result(game.pk, result)
        return last

    return run


@pytest.fixture
def record_round(tournament: Tournament):
    """Store a round by hand, without a pairing engine: ``record_round(number, boards,
    status)`` with boards ``(white entry, black entry, result)``; returns the Round."""
    from tournaments.models import Game, Round

    def record(number: int, boards, status: str = "finished", t: Tournament = tournament):
        rnd = Round.objects.create(tournament=t, number=number, status=status)
        for board, (white, black, result) in enumerate(boards, start=1):
            Game.objects.create(round=rnd, board=board, white=white, black=black, result=result)
        if t.status == Tournament.Status.REGISTRATION:
            t.status = Tournament.Status.RUNNING
            t.save(update_fields=["status"])
        return rnd

    return record


@pytest.fixture
def four(tournament: Tournament, make_entries, record_round):
    """Four players, two finished rounds worked out by hand (tie-breaks BH, SB):

    R1  A-C 1-0, D-B 0-1      R2  B-A ½-½, C-D 1-0
    A 1.5 (BH 2.5, SB 1.75)  B 1.5 (BH 1.5, SB 0.75)  C 1 (BH 1.5, SB 0)  D 0 (BH 2.5, SB 0)
    """
    a, b, c, d = make_entries(4)
    tournament.rounds = 2
    tournament.tie_breaks = "BH,SB"
    tournament.save()
    record_round(1, [(a, c, "1-0"), (d, b, "0-1")])
    record_round(2, [(b, a, "1/2-1/2"), (c, d, "1-0")])
    tournament.status = Tournament.Status.FINISHED
    tournament.save()
    return a, b, c, d


@pytest.fixture
def database_url():
    """For tests that start processes of their own (benchmarks/server.py): a fresh, migrated
    database of the suite's kind — a SQLite file under ``make test``, a PostgreSQL database of
    its own under ``make test-postgres`` — dropped afterwards; its DATABASE_URL."""
    import os

    from benchmarks.server import postgres_database, sqlite_database

    url = os.environ.get("DATABASE_URL", "")
    if url.startswith(("postgres://", "postgresql://")):
        with postgres_database(url) as db:
            yield db
    else:
        with sqlite_database() as db:
            yield db


@pytest.fixture
def latest_schema_after():
    """A migration test migrates where it likes; afterwards the database is at the latest
    migrations again (tests/migrating.py)."""
    from tests.migrating import migrate_to_latest

    yield from migrate_to_latest()
