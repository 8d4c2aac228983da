"""tournaments.constraints: the services behind the forbidden pairs and fixed boards page."""

from __future__ import annotations

from datetime import date

import pytest

from players.models import Player
from tournaments import constraints, services
from tournaments.errors import ArbiterError
from tournaments.models import Entry, ForbiddenPair, Tournament


def pairs(t: Tournament) -> list[tuple[int, int, int | None, int | None]]:
    rows = ForbiddenPair.objects.filter(tournament=t).select_related("first", "second")
    return sorted(
        (
            (f.first.pairing_number, f.second.pairing_number, f.first_round, f.last_round)
            for f in rows
        ),
        key=lambda row: (row[0], row[1], row[2] or 0),
    )


@pytest.fixture
def stranger(db: None) -> Entry:
    day = date(2026, 1, 1)
    other = Tournament.objects.create(name="Other", start_date=day, end_date=day)
    return Entry.objects.create(
        tournament=other, player=Player.objects.create(name="Stranger"), pairing_number=1
    )


@pytest.mark.django_db
def test_a_group_of_four_is_six_pairs(tournament, make_entries) -> None:
    entries = make_entries(5)
    group = constraints.forbid(tournament.pk, [e.pk for e in entries[1:]], 3)
    assert (len(group.added), group.known) == (6, 0)
    assert pairs(tournament) == [
        (2, 3, 3, None),
        (2, 4, 3, None),
        (2, 5, 3, None),
        (3, 4, 3, None),
        (3, 5, 3, None),
        (4, 5, 3, None),
    ]


@pytest.mark.django_db
def test_a_pair_is_stored_once_per_round_range(tournament, make_entries) -> None:
    a, b = make_entries(2)
    constraints.forbid(tournament.pk, [a.pk, b.pk])
    again = constraints.forbid(tournament.pk, [b.pk, a.pk])
    assert (again.added, again.known) == ([], 1)
    constraints.forbid(tournament.pk, [a.pk, b.pk], 2, 2)  # another range: its own row
    assert pairs(tournament) == [(1, 2, None, None), (1, 2, 2, 2)]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("players", "rounds", "error"),
    [
        ("one", (None, None), "Choose at least two players"),
        ("stranger", (None, None), "Choose players of this tournament."),
        ("two", (0, None), "The tournament has rounds 1 to 5."),
        ("two", (None, 6), "The tournament has rounds 1 to 5."),
        ("two", (3, 2), "The last round comes before the first."),
    ],
)
def test_it_refuses(tournament, make_entries, stranger, players, rounds, error: str) -> None:
    a, b = make_entries(2)
    ids = {"one": [a.pk, a.pk], "stranger": [a.pk, stranger.pk], "two": [a.pk, b.pk]}[players]
    with pytest.raises(ArbiterError, match=error):
        constraints.forbid(tournament.pk, ids, *rounds)
    assert not ForbiddenPair.objects.exists()


@pytest.mark.django_db
def test_changes_give_the_tournament_a_new_revision(tournament, make_entries) -> None:
    """They run under the tournament's lock, which renews the revision (the public pages'
    cache key)."""
    a, b = make_entries(2)
    seen = {Tournament.objects.get(pk=tournament.pk).revision}
    for change in (
        lambda: constraints.forbid(tournament.pk, [a.pk, b.pk]),
        lambda: constraints.allow(tournament.pk, ForbiddenPair.objects.get().pk),
        lambda: constraints.set_fixed_board(tournament.pk, a.pk, 3),
    ):
        change()
        seen.add(Tournament.objects.get(pk=tournament.pk).revision)
    assert len(seen) == 4


@pytest.mark.django_db
def test_allow_only_in_its_tournament(tournament, make_entries, stranger) -> None:
    make_entries(2)
    other = stranger.tournament
    second = Entry.objects.create(
        tournament=other, player=Player.objects.create(name="Second"), pairing_number=2
    )
    theirs = ForbiddenPair.objects.create(tournament=other, first=stranger, second=second)
    with pytest.raises(ArbiterError, match="no longer exists"):
        constraints.allow(tournament.pk, theirs.pk)
    assert ForbiddenPair.objects.filter(pk=theirs.pk).exists()


@pytest.mark.django_db
@pytest.mark.parametrize("board", [0, 10000])
def test_a_board_number_is_from_1_to_9999(tournament, make_entries, board: int) -> None:
    (a,) = make_entries(1)
    with pytest.raises(ArbiterError, match="from 1 to 9999"):
        constraints.set_fixed_board(tournament.pk, a.pk, board)


@pytest.mark.django_db
def test_a_fixed_board_only_for_the_tournaments_players(tournament, stranger) -> None:
    with pytest.raises(ArbiterError, match="Choose a player of this tournament"):
        constraints.set_fixed_board(tournament.pk, stranger.pk, 1)
    assert Entry.objects.get(pk=stranger.pk).fixed_board is None


@pytest.mark.django_db
def test_a_double_round_draft_is_numbered_again_in_both_games(tournament, make_entries) -> None:
    tournament.pairing_system = Tournament.PairingSystem.TCEC_DOUBLE
    tournament.save()
    entries = make_entries(6)
    services.pair_next_round(tournament.pk)
    constraints.set_fixed_board(tournament.pk, entries[0].pk, 3)
    for leg in (1, 2):
        games = tournament.round_set.get(number=leg).games.order_by("board")
        third = games[2]
        assert entries[0].pk in (third.white_id, third.black_id), leg
