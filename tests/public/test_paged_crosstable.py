"""The public crosstable of a big field, 100 players a page, only the page's rows computed
(issue 27). Field: tests/public/conftest.py (no round finished: pairing number order)."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

HTMX = {"HX-Request": "true", "HX-Target": "crosstable"}


def numbers(html: str) -> list[int]:
    """The pairing numbers (second cell) of the rows, in order."""
    cells = re.findall(r'<tr><td class="num">\d+</td><td class="num">(\d+)</td>', html)
    return [int(n) for n in cells]


@pytest.mark.django_db
def test_it_shows_the_first_100_players_on_page_1(client: Client, tournament, field) -> None:
    html = client.get(reverse("tournament_crosstable", args=[tournament.pk])).content.decode()
    assert numbers(html) == list(range(1, 101))
    assert "Page 1 of 3 (players 1–100 of 210)" in html


@pytest.mark.django_db
def test_it_shows_the_rest_on_the_next_pages(client: Client, tournament, field) -> None:
    url = reverse("tournament_crosstable", args=[tournament.pk])
    assert numbers(client.get(f"{url}?page=2").content.decode()) == list(range(101, 201))
    html = client.get(f"{url}?page=3", headers=HTMX).content.decode()
    assert html.lstrip().startswith('<section id="crosstable"') and "<html" not in html
    assert numbers(html) == list(range(201, 211))
    assert f'hx-get="{url}?page=3"' in html  # the poll keeps page 3


@pytest.mark.django_db
def test_it_finds_a_player_on_its_page(client: Client, tournament, field) -> None:
    url = reverse("tournament_crosstable", args=[tournament.pk])
    assert client.get(url, {"find": "205"})["Location"] == f"{url}?page=3#crosstable"
    assert client.get(url, {"find": "Player 99"})["Location"] == f"{url}#crosstable"


@pytest.mark.django_db
def test_it_keeps_a_small_field_on_one_page(client: Client, tournament, four) -> None:
    html = client.get(reverse("tournament_crosstable", args=[tournament.pk])).content.decode()
    assert sorted(numbers(html)) == [1, 2, 3, 4] and 'class="pages"' not in html


@pytest.mark.django_db
def test_it_does_a_constant_number_of_queries_on_page_2(
    client: Client, tournament, field, django_assert_num_queries
) -> None:
    """Page 2 adds to page 1's queries only the count that bounds the page number."""
    url = reverse("tournament_crosstable", args=[tournament.pk])
    with django_assert_num_queries(6):
        client.get(url)
    tournament.save()  # a new revision (tournaments/signals.py): computed again
    with django_assert_num_queries(7):
        client.get(f"{url}?page=2")
