"""The public players page of a big field, 100 players a page (issue 27); "find a player"
jumps to the row; "find my board" (``?q=``) is paged too. Field: tests/public/conftest.py."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

HTMX = {"HX-Request": "true", "HX-Target": "players"}


def numbers(html: str) -> list[int]:
    return [int(n) for n in re.findall(r'<tr><td class="num">(\d+)</td>', html)]


@pytest.mark.django_db
def test_it_shows_the_first_100_players_on_page_1(client: Client, tournament, field) -> None:
    html = client.get(reverse("tournament_players", args=[tournament.pk])).content.decode()
    assert numbers(html) == list(range(1, 101))
    assert "Players <span" in html and "(210)" in html
    assert "Page 1 of 3 (players 1–100 of 210)" in html


@pytest.mark.django_db
def test_it_shows_the_rest_on_the_next_pages(client: Client, tournament, field) -> None:
    url = reverse("tournament_players", args=[tournament.pk])
    assert numbers(client.get(f"{url}?page=2").content.decode()) == list(range(101, 201))
    html = client.get(f"{url}?page=3", headers=HTMX).content.decode()
    assert html.lstrip().startswith('<section id="players"') and "<html" not in html
    assert numbers(html) == list(range(201, 211))


@pytest.mark.django_db
def test_it_pages_a_search(client: Client, tournament, field) -> None:
    """``?q=Player 1`` matches no. 10-19 and 100-199 (no. 1 is "Player 01"): 110 players,
    page 2 is the last 10 (no. 190-199), with the board of each (no. 190 is black on board
    95)."""
    url = reverse("tournament_players", args=[tournament.pk])
    html = client.get(url, {"q": "Player 1", "page": "2"}).content.decode()
    assert numbers(html) == list(range(190, 200))
    assert "(110)" in html and "<strong>Board 95</strong>, Black against Player 189" in html
    assert f'hx-get="{url}?page=2&amp;q=Player+1"' in html


@pytest.mark.django_db
def test_it_finds_a_player_on_its_page(client: Client, tournament, field) -> None:
    url = reverse("tournament_players", args=[tournament.pk])
    pk = field[200].pk  # no. 201: page 3
    assert client.get(url, {"find": "201"})["Location"] == f"{url}?page=3#player-{pk}"
    assert client.get(url, {"find": " player  201 "})["Location"] == f"{url}?page=3#player-{pk}"


@pytest.mark.django_db
def test_it_keeps_a_small_field_on_one_page(client: Client, tournament, four) -> None:
    html = client.get(reverse("tournament_players", args=[tournament.pk])).content.decode()
    assert numbers(html) == [1, 2, 3, 4] and 'class="pages"' not in html


@pytest.mark.django_db
def test_it_does_a_constant_number_of_queries_on_page_2(
    client: Client, tournament, field, django_assert_num_queries
) -> None:
    """Page 2 adds to page 1's queries only the count that bounds the page number."""
    url = reverse("tournament_players", args=[tournament.pk])
    with django_assert_num_queries(6):
        client.get(url)
    tournament.save()  # a new revision (tournaments/signals.py): computed again
    with django_assert_num_queries(7):
        client.get(f"{url}?page=2")
