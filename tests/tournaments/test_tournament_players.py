"""tournament_players: the starting list."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse


@pytest.mark.django_db
def test_it_lists_players_by_pairing_number(client: Client, tournament, make_entries) -> None:
    entries = make_entries(3)
    entries[1].title = "IM"
    entries[1].save()
    entries[2].withdrawn_from_round = 2
    entries[2].save()
    html = client.get(reverse("tournament_players", args=[tournament.pk])).content.decode()
    assert html.index("Player 01") < html.index("Player 02") < html.index("Player 03")
    assert '<span class="title">IM</span>' in html
    assert "withdrawn" in html


@pytest.mark.django_db
@pytest.mark.parametrize("players", [3, 40])
def test_it_does_a_constant_number_of_queries(
    client: Client, tournament, make_entries, django_assert_num_queries, players
) -> None:
    make_entries(players)
    with django_assert_num_queries(6):
        client.get(reverse("tournament_players", args=[tournament.pk]))
