"""The shared identities' admin page."""

from __future__ import annotations

from datetime import date

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from players.models import Player
from tournaments.models import Entry, Tournament

pytestmark = pytest.mark.django_db


def _page_queries(client: Client, player: Player, tournaments: int) -> int:
    for _ in range(tournaments):
        t = Tournament.objects.create(
            name=f"Open {player.entries.count() + 1}",
            start_date=date(2026, 4, 1),
            end_date=date(2026, 4, 2),
        )
        Entry.objects.create(tournament=t, player=player, pairing_number=1)
    url = reverse("admin:players_player_change", args=[player.pk])
    client.get(url)  # the first request also caches the content types
    with CaptureQueriesContext(connection) as queries:
        page = client.get(url)
    assert page.status_code == 200
    assert f"Open {player.entries.count()}" in page.content.decode()  # the entries are shown
    return len(queries)


def test_a_player_page_does_not_query_once_per_entry() -> None:
    """The entries inline read each entry's tournament with its own query."""
    client = Client()
    client.force_login(User.objects.create_superuser("boss", password="a-long-test-password"))
    player = Player.objects.create(name="Doe, Jane")
    assert _page_queries(client, player, 2) == _page_queries(client, player, 10)


def test_it_leads_to_entering_a_rating_record_without_javascript() -> None:
    """The record form's player field is an autocomplete: without JavaScript its select has
    no option, so an officer could not enter a record by hand. The player's page links to
    the form with the player filled in."""
    from decimal import Decimal

    from django.contrib.auth.models import Group

    from ratings.models import RatingRecord

    officer = User.objects.create_user("ro", password="a-long-test-password", is_staff=True)
    officer.groups.add(Group.objects.get(name="Rating officers"))
    client = Client()
    client.force_login(officer)
    player = Player.objects.create(name="Roe, Rick")
    page = client.get(reverse("admin:players_player_change", args=[player.pk])).content.decode()
    add = f"{reverse('admin:ratings_ratingrecord_add')}?player={player.pk}"
    assert f'<a href="{add}">Enter a rating record</a>' in page
    form = client.get(add).content.decode()
    assert f'<option value="{player.pk}" selected>Roe, Rick</option>' in form
    data = {"player": player.pk, "system": "regular", "rating": "1444", "games": "31"}
    data |= {"wins": "10", "draws": "3", "events_3plus": "4", "reason": "MSA, Nov 2026"}
    assert client.post(add, data).status_code == 302
    record = RatingRecord.objects.get(player=player)
    page = client.get(reverse("admin:players_player_change", args=[player.pk])).content.decode()
    change = reverse("admin:ratings_ratingrecord_change", args=[record.pk])
    assert f'<a href="{change}">{record}</a>' in page and record.rating == Decimal(1444)
