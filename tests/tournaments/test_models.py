"""Database constraints of the tournament model."""

from __future__ import annotations

from datetime import date

import pytest
from django.db import IntegrityError, transaction

from players.models import Player
from tournaments.models import Bye, Entry, Game, Round, Tournament


def violates(fn) -> bool:
    try:
        with transaction.atomic():
            fn()
    except IntegrityError:
        return True
    return False


@pytest.mark.django_db
def test_pairing_number_is_unique_per_tournament(tournament, make_entries) -> None:
    make_entries(2)
    player = Player.objects.create(name="Late, Lou")
    assert violates(
        lambda: Entry.objects.create(tournament=tournament, player=player, pairing_number=1)
    )
    assert not violates(
        lambda: Entry.objects.create(tournament=tournament, player=player, pairing_number=3)
    )


@pytest.mark.django_db
def test_a_player_enters_a_tournament_once(tournament, make_entries) -> None:
    first = make_entries(1)[0]
    assert violates(
        lambda: Entry.objects.create(tournament=tournament, player=first.player, pairing_number=2)
    )


@pytest.mark.django_db
def test_entry_checks(tournament) -> None:
    p = Player.objects.create(name="A")
    assert violates(lambda: Entry.objects.create(tournament=tournament, player=p, pairing_number=0))
    assert violates(
        lambda: Entry.objects.create(
            tournament=tournament,
            player=p,
            pairing_number=1,
            joined_round=3,
            withdrawn_from_round=3,
        )
    )


@pytest.mark.django_db
def test_a_player_is_at_most_once_in_a_round(tournament, make_entries) -> None:
    a, b, c, d = make_entries(4)
    rnd = Round.objects.create(tournament=tournament, number=1)
    Game.objects.create(round=rnd, board=1, white=a, black=b)
    assert violates(lambda: Game.objects.create(round=rnd, board=2, white=a, black=c))
    assert violates(lambda: Game.objects.create(round=rnd, board=2, white=c, black=b))
    assert violates(lambda: Game.objects.create(round=rnd, board=1, white=c, black=d))
    assert violates(lambda: Game.objects.create(round=rnd, board=2, white=c, black=c))
    Bye.objects.create(entry=c, round_number=1, kind=Bye.Kind.HALF_POINT)
    assert violates(lambda: Bye.objects.create(entry=c, round_number=1, kind=Bye.Kind.ZERO_POINT))


@pytest.mark.django_db
def test_round_numbers_are_unique_and_positive(tournament) -> None:
    Round.objects.create(tournament=tournament, number=1)
    assert violates(lambda: Round.objects.create(tournament=tournament, number=1))
    assert violates(lambda: Round.objects.create(tournament=tournament, number=0))


@pytest.mark.django_db
def test_tournament_checks() -> None:
    def make(**kw):
        fields = {"name": "T", "start_date": date(2026, 1, 2), "end_date": date(2026, 1, 2)}
        return lambda: Tournament.objects.create(**(fields | kw))

    assert violates(make(end_date=date(2026, 1, 1)))
    assert violates(make(rounds=0))
    assert violates(make(win_points=1, draw_points=2))
    assert not violates(make(win_points=6, draw_points=2, loss_points=0))


@pytest.mark.django_db
def test_fide_and_uscf_ids_are_unique_when_given() -> None:
    Player.objects.create(name="A", fide_id="123", uscf_id="999")
    Player.objects.create(name="B")
    Player.objects.create(name="C")  # blank ids may repeat
    assert violates(lambda: Player.objects.create(name="D", fide_id="123"))
    assert violates(lambda: Player.objects.create(name="E", uscf_id="999"))


@pytest.mark.django_db
def test_plays_in_knows_late_entries_and_withdrawals(tournament, make_entries) -> None:
    entry = make_entries(1)[0]
    entry.joined_round, entry.withdrawn_from_round = 2, 4
    assert [entry.plays_in(r) for r in range(1, 6)] == [False, True, True, False, False]
