"""entry_availability: requested byes and withdrawals, before the round is paired."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tournaments.models import Bye


def post(client: Client, t, entry, round_number: int, status: str, **headers):
    return client.post(
        reverse("entry_availability", args=[t.pk, entry.pk]),
        {"round": round_number, "status": status},
        headers=headers,
    )


@pytest.mark.django_db
def test_it_swaps_the_player_list_from_the_dashboard_select(
    arbiter_client: Client, tournament, make_entries
) -> None:
    _a, b, _c = make_entries(3)
    html = post(arbiter_client, tournament, b, 1, "H", **{"HX-Request": "true"}).content.decode()
    assert html.lstrip().startswith('<section id="players"')
    row = html.split(f'id="entry-{b.pk}"')[1].split("</tr>")[0]
    assert '<option value="H" selected>Half-point bye</option>' in row
    assert Bye.objects.get(entry=b).round_number == 1
    # The next step is swapped in too (out of band), count and total.
    assert '<section id="next-step" class="card next-step" hx-swap-oob="true">' in html
    assert '<span id="available-count">2</span> of 3 players will be paired' in html
    page = arbiter_client.get(reverse("tournament_manage", args=[tournament.pk])).content.decode()
    assert '<span id="available-count">2</span> of 3 players will be paired' in page


@pytest.mark.django_db
def test_it_explains_an_impossible_change(
    arbiter_client: Client, tournament, make_entries, play
) -> None:
    a, _b = make_entries(2)
    play(tournament, rounds=1)
    html = post(arbiter_client, tournament, a, 1, "Z", **{"HX-Request": "true"}).content.decode()
    assert "Round 1 is already paired" in html
    response = post(arbiter_client, tournament, a, 1, "Z")
    assert response.status_code == 302
    assert "Round 1 is already paired" in arbiter_client.get(response["Location"]).content.decode()


@pytest.mark.django_db
def test_it_withdraws_from_the_entry_page(
    arbiter_client: Client, tournament, make_entries, play
) -> None:
    _a, _b, _c, d = make_entries(4)
    play(tournament, rounds=1)
    response = arbiter_client.post(
        reverse("entry_availability", args=[tournament.pk, d.pk]),
        {"round": 3, "status": "withdrawn", "next": "entry_edit"},
    )
    assert response["Location"] == reverse("entry_edit", args=[tournament.pk, d.pk])
    d.refresh_from_db()
    assert d.withdrawn_from_round == 3
    assert post(arbiter_client, tournament, d, 2, "bogus").status_code == 302
    d.refresh_from_db()
    assert d.withdrawn_from_round == 3


@pytest.mark.django_db
def test_it_confirms_a_requested_bye_when_saved(
    arbiter_client: Client, tournament, make_entries
) -> None:
    """Issue 24: from the player page (no JavaScript) and from the dashboard (htmx), the
    saved status is confirmed."""
    _a, b, _c = make_entries(3)
    response = arbiter_client.post(
        reverse("entry_availability", args=[tournament.pk, b.pk]),
        {"round": 2, "status": "H", "next": "entry_edit"},
        follow=True,
    )
    assert "Saved: Player 02, round 2: half-point bye." in response.content.decode()
    assert '<option value="H" selected>Half-point bye</option>' in response.content.decode()
    html = post(arbiter_client, tournament, b, 1, "Z", **{"HX-Request": "true"}).content.decode()
    assert "Saved: Player 02, round 1: zero-point bye." in html
    assert Bye.objects.filter(entry=b).count() == 2
