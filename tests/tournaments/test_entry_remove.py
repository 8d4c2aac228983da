"""entry_remove: take back a registration made by mistake."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse


@pytest.mark.django_db
def test_it_removes_an_unpaired_player(arbiter_client: Client, tournament, make_entries) -> None:
    a, _b, _c = make_entries(3)
    response = arbiter_client.post(reverse("entry_remove", args=[tournament.pk, a.pk]), follow=True)
    assert "Player 01 removed." in response.content.decode()
    assert [e.pairing_number for e in tournament.entries.all()] == [1, 2]


@pytest.mark.django_db
def test_it_withdraws_a_paired_player_instead(
    arbiter_client: Client, tournament, make_entries, play
) -> None:
    a, _b = make_entries(2)
    play(tournament, rounds=1)
    response = arbiter_client.post(reverse("entry_remove", args=[tournament.pk, a.pk]), follow=True)
    assert "withdraw the player instead" in response.content.decode()
    assert tournament.entries.count() == 2
