"""The public pairings of a big round, 100 boards a page (issue 27); "find a player" jumps to
the page and board. Field: tests/public/conftest.py (board b: no. 2b-1 against no. 2b)."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

HTMX = {"HX-Request": "true", "HX-Target": "pairings"}


def boards(html: str) -> list[int]:
    return [int(b) for b in re.findall(r'<tr id="board-(\d+)">', html)]


@pytest.mark.django_db
def test_it_shows_the_first_100_boards_on_page_1(client: Client, tournament, field) -> None:
    html = client.get(reverse("tournament_detail", args=[tournament.pk])).content.decode()
    assert boards(html) == list(range(1, 101))
    assert "Page 1 of 2 (boards 1–100 of 105)" in html
    assert f'href="/tournaments/{tournament.pk}/?page=2#pairings"' in html


@pytest.mark.django_db
def test_it_shows_the_rest_on_page_2(client: Client, tournament, field) -> None:
    url = reverse("tournament_detail", args=[tournament.pk])
    html = client.get(f"{url}?page=2").content.decode()
    assert boards(html) == [101, 102, 103, 104, 105]
    assert "Page 2 of 2 (boards 101–105 of 105)" in html
    assert f'hx-get="{url}?page=2"' in html  # the poll keeps page 2


@pytest.mark.django_db
def test_it_keeps_the_round_and_order_in_the_page_links(client: Client, tournament, field) -> None:
    """Alphabetical lines of 210 players; names sort as text: "Player 01".."Player 09" (9),
    then for each of "10".."17" the name and its ten three-digit ones ("10", "100".."109":
    11 each, 97 in all), then "Player 18" (98th), "180" (99th), "181" (100th): page 2 begins
    with "Player 182"."""
    url = reverse("tournament_detail", args=[tournament.pk])
    html = client.get(f"{url}?order=alpha&page=2&round=1").content.decode()
    names = re.findall(r'<tr><td><a id="player-\d+" href="[^"]+">([^<]+)</a>', html)
    assert len(names) == 100 and names[0] == "Player 182"
    assert f'href="{url}?order=alpha&amp;page=3&amp;round=1#pairings"' in html


@pytest.mark.django_db
def test_it_sends_htmx_the_section_of_the_page(client: Client, tournament, field) -> None:
    url = reverse("tournament_detail", args=[tournament.pk])
    html = client.get(f"{url}?page=2", headers=HTMX).content.decode()
    assert html.lstrip().startswith('<section id="pairings"') and "<html" not in html
    assert boards(html) == [101, 102, 103, 104, 105]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("raw", "shown", "poll"),
    [("abc", 1, ""), ("0", 1, ""), ("99999", 1, ""), ("2", 2, "?page=2"), ("99", 2, "?page=3")],
)
def test_it_reads_a_bad_page_as_the_first_or_the_last(
    client: Client, tournament, field, raw: str, shown: int, poll: str
) -> None:
    """A page past the end shows the last one; its cache key (the poll's URL) is bounded by
    the field: 210 players, at most 3 pages of any list (the pairings have 2). More than
    four digits is no page: the first."""
    url = reverse("tournament_detail", args=[tournament.pk])
    html = client.get(f"{url}?page={raw}").content.decode()
    assert boards(html)[0] == 100 * (shown - 1) + 1
    assert f'hx-get="{url}{poll}"' in html


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("find", "target"),
    [("203", "?page=2#board-102"), ("Player 150", "#board-75"), ("player 04", "#board-2")],
)
def test_it_finds_a_player_by_number_or_name(
    client: Client, tournament, field, find: str, target: str
) -> None:
    """No. 203 is white on board 102 (page 2); "Player 150" black on board 75; "player 04"
    (any case) names no. 4 only, black on board 2."""
    url = reverse("tournament_detail", args=[tournament.pk])
    response = client.get(url, {"find": find})
    assert response.status_code == 302
    assert response["Location"] == f"{url}{target}"


@pytest.mark.django_db
def test_it_sends_a_player_not_found_to_the_players_list(client: Client, tournament, field) -> None:
    url = reverse("tournament_detail", args=[tournament.pk])
    response = client.get(url, {"find": "Nobody"})
    assert response["Location"] == reverse("tournament_players", args=[tournament.pk]) + "?q=Nobody"
    assert "No player's name contains “Nobody”" in client.get(response["Location"]).content.decode()


@pytest.mark.django_db
def test_it_keeps_a_small_round_on_one_page(client: Client, tournament, four) -> None:
    html = client.get(reverse("tournament_detail", args=[tournament.pk])).content.decode()
    assert boards(html) == [1, 2]
    assert 'class="pages"' not in html and "page=" not in html


@pytest.mark.django_db
def test_it_does_a_constant_number_of_queries_on_page_2(
    client: Client, tournament, field, django_assert_num_queries
) -> None:
    """Page 2 of the pairings: the queries of page 1 and the count of the entries that
    bounds the page number (``_bounded``)."""
    url = reverse("tournament_detail", args=[tournament.pk])
    with django_assert_num_queries(8):
        client.get(url)
    tournament.save()  # a new revision: page 2 is computed too, not taken from the cache
    with django_assert_num_queries(9):
        client.get(f"{url}?page=2")


@pytest.mark.django_db
def test_it_offers_a_find_form_that_keeps_the_round_and_order(
    client: Client, tournament, field
) -> None:
    """A plain GET form (no JavaScript): its fields are the round and order shown and ``find``."""
    url = reverse("tournament_detail", args=[tournament.pk])
    html = client.get(f"{url}?order=alpha&round=1").content.decode()
    form = html.split('role="search" class="find-board find-player">')[1].split("</form>")[0]
    assert f'<form method="get" action="{url}" role="search"' in html
    assert re.findall(r'name="(\w+)"(?: value="(\w+)")?', form) == [
        ("order", "alpha"),
        ("round", "1"),
        ("find", ""),
    ]
    response = client.get(url, {"order": "alpha", "round": "1", "find": "Player 182"})
    assert response["Location"] == f"{url}?order=alpha&page=2&round=1#player-{field[181].pk}"


@pytest.mark.django_db
def test_it_keeps_round_0_apart_from_the_current_round(client: Client, tournament, field) -> None:
    """``?round=0`` is no published round (404), cached under its own URL: the pairings
    without a round (the current one) still show."""
    url = reverse("tournament_detail", args=[tournament.pk])
    assert client.get(url, {"round": "0"}).status_code == 404
    assert boards(client.get(url).content.decode())[:2] == [1, 2]
