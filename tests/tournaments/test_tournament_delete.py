"""tournament_delete: delete a tournament without the admin, after a confirmation page."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from players.models import Player
from tournaments.models import Game, Tournament


@pytest.mark.django_db
def test_it_asks_then_deletes(arbiter_client: Client, tournament, make_entries, play) -> None:
    make_entries(4)
    play(tournament, rounds=2)
    url = reverse("tournament_delete", args=[tournament.pk])
    html = arbiter_client.get(url).content.decode()
    assert "Delete Spring Open?" in html and "Its 4 entries, 2 round(s)" in html
    assert arbiter_client.post(url).status_code == 200  # no confirm: the question again
    assert Tournament.objects.exists()
    response = arbiter_client.post(url, {"confirm": "1"}, follow=True)
    assert "Spring Open is deleted." in response.content.decode()
    assert not Tournament.objects.exists() and not Game.objects.exists()
    assert Player.objects.count() == 4  # the players stay


@pytest.mark.django_db
def test_it_keeps_a_rated_tournament(arbiter_client: Client, tournament, four, arbiter) -> None:
    from ratings.models import RatedEvent

    RatedEvent.objects.create(
        tournament=tournament, rules="current", rated_at=timezone.now(), rated_by=arbiter
    )
    url = reverse("tournament_delete", args=[tournament.pk])
    response = arbiter_client.post(url, {"confirm": "1"}, follow=True)
    assert "Spring Open has been rated: its rating history needs it." in response.content.decode()
    assert Tournament.objects.exists()
