"""round_add_board: pair two unpaired players of a draft on a new board."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests.tournaments.test_round_pair_by_hand import boards
from tournaments import services

HTMX = {"HX-Request": "true"}


@pytest.fixture
def empty_draft(tournament, make_entries):
    make_entries(4)
    return services.pair_next_round(tournament.pk, by_hand="empty")


@pytest.mark.django_db
def test_it_adds_boards_until_everyone_plays(
    arbiter_client: Client, tournament, empty_draft
) -> None:
    url = reverse("round_add_board", args=[tournament.pk, 1])
    html = arbiter_client.post(url, {"white": 1, "black": 2}, headers=HTMX).content.decode()
    assert boards(tournament, 1) == [(1, 2)]
    assert "Not paired (2):" in html
    # Publishing a partial pairing is refused with the names.
    response = arbiter_client.post(reverse("round_publish", args=[tournament.pk, 1]), follow=True)
    assert "Not paired yet: Player 03 (3), Player 04 (4)." in response.content.decode()
    assert tournament.round_set.get().status == "draft"
    arbiter_client.post(url, {"white": 4, "black": 3})
    assert boards(tournament, 1) == [(1, 2), (4, 3)]
    arbiter_client.post(reverse("round_publish", args=[tournament.pk, 1]))
    assert tournament.round_set.get().status == "published"


@pytest.mark.django_db
def test_it_refuses_a_paired_player(arbiter_client: Client, tournament, empty_draft) -> None:
    url = reverse("round_add_board", args=[tournament.pk, 1])
    arbiter_client.post(url, {"white": 1, "black": 2})
    html = arbiter_client.post(url, {"white": 3, "black": 1}, headers=HTMX).content.decode()
    assert "player 1 is already paired: remove that board first" in html
    html = arbiter_client.post(url, {"white": 3, "black": 3}, headers=HTMX).content.decode()
    assert "choose two different players" in html
    assert boards(tournament, 1) == [(1, 2)]


@pytest.mark.django_db
def test_it_asks_to_confirm_a_rematch(
    arbiter_client: Client, tournament, make_entries, play
) -> None:
    make_entries(4)
    play(tournament, rounds=1)  # 1-3 and 4-2 (C.04.3 round 1: top half against bottom half)
    services.pair_next_round(tournament.pk, by_hand="empty")
    (white, black), _ = boards(tournament, 1)
    url = reverse("round_add_board", args=[tournament.pk, 2])
    html = arbiter_client.post(url, {"white": black, "black": white}, headers=HTMX).content
    assert "This change breaks 1 rule" in html.decode()
    assert "already played each other in round 1" in html.decode()
    assert boards(tournament, 2) == []
    arbiter_client.post(url, {"white": black, "black": white, "confirm": "1", "reason": "late"})
    assert boards(tournament, 2) == [(black, white)]


@pytest.mark.django_db
def test_it_asks_to_confirm_a_forbidden_pair(
    arbiter_client: Client, tournament, empty_draft
) -> None:
    from tournaments.constraints import forbid

    first, second = tournament.entries.order_by("pairing_number")[:2]
    forbid(tournament.pk, [first.pk, second.pk])
    url = reverse("round_add_board", args=[tournament.pk, 1])
    html = arbiter_client.post(url, {"white": 1, "black": 2}, headers=HTMX).content.decode()
    assert "This change breaks 1 rule" in html
    assert "Player 01 (1) and Player 02 (2) must not be paired (forbidden pair)" in html
    assert boards(tournament, 1) == []
    arbiter_client.post(url, {"white": 1, "black": 2, "confirm": "1"}, headers=HTMX)
    assert boards(tournament, 1) == []  # a rule-breaking change needs a reason
    data = {"white": 1, "black": 2, "confirm": "1", "reason": "both asked"}
    arbiter_client.post(url, data, headers=HTMX)
    assert boards(tournament, 1) == [(1, 2)]


@pytest.mark.django_db
def test_it_numbers_a_pinned_players_board_as_it_is_added(
    arbiter_client: Client, tournament, empty_draft
) -> None:
    from tournaments.constraints import set_fixed_board

    set_fixed_board(tournament.pk, tournament.entries.get(pairing_number=4).pk, 1)
    url = reverse("round_add_board", args=[tournament.pk, 1])
    arbiter_client.post(url, {"white": 1, "black": 2})
    arbiter_client.post(url, {"white": 4, "black": 3})  # added last, played on board 1
    assert boards(tournament, 1) == [(4, 3), (1, 2)]


@pytest.mark.django_db
def test_it_asks_a_reason_for_colours_against_strong_preferences(
    arbiter_client: Client, tournament, make_entries, record_round
) -> None:
    """A board added by hand is held to the colour rule too: R1 A-C 1-0, D-B 0-1; A (one
    White: strong Black, C.04.3 A.6.b) against B (strong White) with A White denies both
    preferences (5.2.1 gives B White) and needs a reason; B White needs none."""
    a, b, c, d = make_entries(4)
    record_round(1, [(a, c, "1-0"), (d, b, "0-1")])
    record_round(2, [], status="draft")
    url = reverse("round_add_board", args=[tournament.pk, 2])
    html = arbiter_client.post(url, {"white": 1, "black": 2}, headers=HTMX).content.decode()
    assert "This change breaks 2 rules" in html
    assert "Player 01 (1) has a strong Black preference but gets White" in html
    assert boards(tournament, 2) == []
    arbiter_client.post(url, {"white": 2, "black": 1})
    assert boards(tournament, 2) == [(2, 1)]
    page = arbiter_client.get(reverse("round_manage", args=[tournament.pk, 2])).content.decode()
    assert '<strong>5.2.1</strong> <span class="small">both colour preferences granted' in page
