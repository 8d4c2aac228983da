"""The public lists' queries do not grow with the field (issue 27): the same count at 4
players (one page) and at 210 (three pages of players, two of boards), round 1 published by
hand (board b: no. 2b-1 against no. 2b, no result), each page computed for a new revision."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from public import views as public_views

PAGES = [
    # the pairings read the round's explanation and receipt too (2 more than the others)
    ("tournament_detail", 8),
    ("tournament_standings", 6),
    ("tournament_crosstable", 6),
    ("tournament_players", 6),
]


@pytest.mark.django_db
@pytest.mark.parametrize("players", [4, 210])
@pytest.mark.parametrize(("name", "queries"), PAGES)
def test_it_does_as_many_queries_for_4_players_as_for_210(
    client: Client,
    tournament,
    make_entries,
    record_round,
    django_assert_num_queries,
    players,
    name,
    queries,
) -> None:
    entries = make_entries(players, step=1)
    tournament.rounds = 3
    tournament.save()
    record_round(1, [(entries[i], entries[i + 1], "") for i in range(0, players, 2)], "published")
    public_views.views.views.clear()  # no view of this revision kept from another test
    with django_assert_num_queries(queries):
        response = client.get(reverse(name, args=[tournament.pk]))
    assert response.status_code == 200
    assert "Player 04" in response.content.decode()  # on page 1 of every list
