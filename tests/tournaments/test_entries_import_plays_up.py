"""entries_import in a section with rating limits (issue 23, item 7): rows outside the limits
are refused as at registration, a row below the lower limit enters with "plays up"."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tournaments.models import Tournament

LIST = """name,rating,plays_up
"Strong, Sam",2210,yes
"Low, Lou",1100,
"Up, Uma",1150,yes
"Mid, Max",1400,no
"Odd, Olga",1300,maybe
"""


@pytest.fixture
def u1600(tournament: Tournament) -> Tournament:
    tournament.rating_min, tournament.rating_max = 1200, 1599
    tournament.save()
    return tournament


@pytest.mark.django_db
def test_it_previews_rows_outside_the_limits_as_errors(arbiter_client: Client, u1600) -> None:
    url = reverse("entries_import", args=[u1600.pk])
    html = arbiter_client.post(url, {"text": LIST}).content.decode()
    assert "Columns read: name, rating, plays_up" in html
    assert "2 of 5 rows can be registered" in html
    assert "Strong, Sam is rated 2210, above the upper limit 1599" in html  # plays up: never down
    assert "Low, Lou is rated 1100, below the lower limit 1200" in html
    assert "plays up must be yes or no (or empty)" in html
    assert "new registration · plays up" in html  # Up, Uma
    assert "column <code>plays_up</code>" in html  # the page's help
    assert not u1600.entries.exists()


@pytest.mark.django_db
def test_it_registers_the_rows_within_the_limits_and_those_playing_up(
    arbiter_client: Client, u1600
) -> None:
    url = reverse("entries_import", args=[u1600.pk])
    response = arbiter_client.post(url, {"text": LIST, "confirm": "1"}, follow=True)
    assert response.status_code == 200
    entries = {e.name: (e.rating, e.plays_up) for e in u1600.entries.all()}
    assert entries == {"Up, Uma": (1150, True), "Mid, Max": (1400, False)}


@pytest.mark.django_db
def test_it_ignores_plays_up_where_the_rating_needs_none(arbiter_client: Client, u1600) -> None:
    url = reverse("entries_import", args=[u1600.pk])
    text = "name;rating;plays up\nIn, Ian;1300;y\nNew, Nia;;yes\n"
    arbiter_client.post(url, {"text": text, "confirm": "1"})
    entries = {e.name: (e.rating, e.plays_up) for e in u1600.entries.all()}
    assert entries == {"In, Ian": (1300, False), "New, Nia": (0, False)}  # unrated: any section
