"""round_remove_board: take a board out of a draft; its players wait to be paired again."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests.tournaments.test_round_pair_by_hand import boards
from tournaments import services


@pytest.mark.django_db
def test_it_leaves_the_players_of_a_removed_board_to_pair(
    arbiter_client: Client, tournament, make_entries
) -> None:
    """No confirmation: an unpaired player is where pairing by hand starts (publishing is
    what needs everyone paired)."""
    make_entries(4)
    services.pair_next_round(tournament.pk)
    first, second = boards(tournament, 1)
    url = reverse("round_remove_board", args=[tournament.pk, 1])
    html = arbiter_client.post(url, {"board": 1}, headers={"HX-Request": "true"}).content
    assert boards(tournament, 1) == [second]
    assert f"Not paired (2):</strong> {min(first)}. Player 0{min(first)}" in html.decode()
    assert "This change breaks" not in html.decode()
    response = arbiter_client.post(url, {"board": 5}, follow=True)
    assert "there is no board 5" in response.content.decode()
