"""fixed_board_set: pin a player to a board, or (board empty) take the fixed board away; the
next pairing, and a round still a draft, put the player's game on that board."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tournaments import services
from tournaments.models import Entry, Game


def fix(client: Client, t, entry: Entry, board: int | str, htmx: bool = False):
    headers = {"HX-Request": "true", "HX-Target": "fixed-boards"} if htmx else {}
    data = {"entry": entry.pk, "board": board}
    return client.post(reverse("fixed_board_set", args=[t.pk]), data, headers=headers)


def boards(t, number: int = 1) -> list[tuple[int, int]]:
    games = Game.objects.filter(round__tournament=t, round__number=number).order_by("board")
    return [(g.white.pairing_number, g.black.pairing_number) for g in games]


@pytest.mark.django_db
def test_it_pins_a_player_and_the_pairing_follows(
    arbiter_client: Client, tournament, make_entries
) -> None:
    entries = make_entries(6)
    response = fix(arbiter_client, tournament, entries[5], 1)
    assert response.status_code == 302
    assert response["Location"].endswith("/pairing-constraints/#fixed-boards")
    assert Entry.objects.get(pk=entries[5].pk).fixed_board == 1
    page = arbiter_client.get(response["Location"]).content.decode()
    assert "Player 06 plays on board 1." in page
    # Round 1 of six (C.04.3): 1-4, 5-2, 3-6; no. 6 pinned to board 1: 3-6, 1-4, 5-2.
    services.pair_next_round(tournament.pk)
    assert boards(tournament) == [(3, 6), (1, 4), (5, 2)]


@pytest.mark.django_db
def test_it_numbers_a_draft_again(arbiter_client: Client, tournament, make_entries) -> None:
    entries = make_entries(6)
    services.pair_next_round(tournament.pk)
    assert boards(tournament) == [(1, 4), (5, 2), (3, 6)]
    fix(arbiter_client, tournament, entries[1], 3)  # no. 2 (game 5-2) on board 3
    assert boards(tournament) == [(1, 4), (3, 6), (5, 2)]
    fix(arbiter_client, tournament, entries[5], 1)  # no. 6 (game 3-6) on board 1
    assert boards(tournament) == [(3, 6), (1, 4), (5, 2)]
    # Taking a fixed board away frees the board; the draft's games stay in their order.
    fix(arbiter_client, tournament, entries[5], "")
    assert boards(tournament) == [(3, 6), (1, 4), (5, 2)]


@pytest.mark.django_db
def test_it_keeps_the_boards_of_a_published_round(
    arbiter_client: Client, tournament, make_entries
) -> None:
    entries = make_entries(6)
    rnd = services.pair_next_round(tournament.pk)
    services.publish_round(rnd.pk)
    fix(arbiter_client, tournament, entries[5], 1)
    assert boards(tournament) == [(1, 4), (5, 2), (3, 6)]


@pytest.mark.django_db
def test_it_gives_htmx_the_section(arbiter_client: Client, tournament, make_entries) -> None:
    entries = make_entries(2)
    entries[0].fixed_board = 4
    entries[0].save()
    html = fix(arbiter_client, tournament, entries[0], "", htmx=True).content.decode()
    assert html.lstrip().startswith('<section id="fixed-boards"')
    assert "Player 01 has no fixed board any more." in html and "No fixed boards." in html
    assert Entry.objects.get(pk=entries[0].pk).fixed_board is None


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("board", "error"),
    [(0, "greater than or equal to 1"), (10000, "less than or equal to 9999"), ("x", "whole")],
)
def test_it_shows_a_bad_board_as_a_field_error(
    arbiter_client: Client, tournament, make_entries, board, error: str
) -> None:
    entries = make_entries(2)
    response = fix(arbiter_client, tournament, entries[0], board)
    assert response.status_code == 200 and error in response.content.decode()
    assert Entry.objects.get(pk=entries[0].pk).fixed_board is None


@pytest.mark.django_db
def test_it_takes_a_typed_pairing_number_in_a_big_field(
    arbiter_client: Client, tournament, make_entries
) -> None:
    """Issue 27: over 200 players the player is typed as a pairing number; the Remove button
    of a pinned player still sends the entry."""
    entries = make_entries(201, step=5)
    url = reverse("fixed_board_set", args=[tournament.pk])
    page = arbiter_client.get(reverse("pairing_constraints", args=[tournament.pk]))
    assert 'name="number"' in page.content.decode()
    assert '<select name="entry"' not in page.content.decode()
    headers = {"HX-Request": "true", "HX-Target": "fixed-boards"}
    html = arbiter_client.post(url, {"number": "999", "board": "2"}, headers=headers)
    assert "No player has pairing number 999." in html.content.decode()
    html = arbiter_client.post(url, {"number": "", "board": "2"}, headers=headers)
    assert "Type the player&#x27;s pairing number." in html.content.decode()
    arbiter_client.post(url, {"number": "150", "board": "2"})
    assert Entry.objects.get(pk=entries[149].pk).fixed_board == 2
    fix(arbiter_client, tournament, entries[149], "")  # the Remove button
    assert Entry.objects.get(pk=entries[149].pk).fixed_board is None
