"""The public standings of a big field, 100 players a page (issue 27); "find a player" jumps
to the player's row. Field: tests/public/conftest.py (round 1 in play: no round finished, so
every score is 0 and the order is the starting rank, pairing number order)."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

HTMX = {"HX-Request": "true", "HX-Target": "standings"}


def ranks(html: str) -> list[str]:
    """The names of the rows, in order."""
    return re.findall(r'<a id="player-\d+" href="[^"]+">([^<]+)</a>', html)


def numbered(first: int, last: int) -> list[str]:
    return [f"Player {i:02d}" for i in range(first, last + 1)]


@pytest.mark.django_db
def test_it_shows_the_first_100_players_on_page_1(client: Client, tournament, field) -> None:
    html = client.get(reverse("tournament_standings", args=[tournament.pk])).content.decode()
    assert ranks(html) == numbered(1, 100)
    assert "Page 1 of 3 (players 1–100 of 210)" in html


@pytest.mark.django_db
def test_it_shows_the_last_players_on_page_3(client: Client, tournament, field) -> None:
    url = reverse("tournament_standings", args=[tournament.pk])
    html = client.get(f"{url}?page=3").content.decode()
    assert ranks(html) == numbered(201, 210)
    assert f'hx-get="{url}?page=3"' in html  # the poll keeps page 3


@pytest.mark.django_db
def test_it_sends_htmx_the_section_of_the_page(client: Client, tournament, field) -> None:
    url = reverse("tournament_standings", args=[tournament.pk])
    html = client.get(f"{url}?page=2", headers=HTMX).content.decode()
    assert html.lstrip().startswith('<section id="standings"') and "<html" not in html
    assert ranks(html) == numbered(101, 200)


@pytest.mark.django_db
def test_it_finds_a_player_by_number_or_name(client: Client, tournament, field) -> None:
    url = reverse("tournament_standings", args=[tournament.pk])
    pk = field[149].pk  # no. 150: rank 150, page 2
    assert client.get(url, {"find": "150"})["Location"] == f"{url}?page=2#player-{pk}"
    assert client.get(url, {"find": "PLAYER 150"})["Location"] == f"{url}?page=2#player-{pk}"
    assert client.get(url, {"find": "Player 07"})["Location"] == f"{url}#player-{field[6].pk}"


@pytest.mark.django_db
def test_it_keeps_a_small_field_on_one_page(client: Client, tournament, four) -> None:
    html = client.get(reverse("tournament_standings", args=[tournament.pk])).content.decode()
    assert len(ranks(html)) == 4 and 'class="pages"' not in html


@pytest.mark.django_db
def test_it_does_a_constant_number_of_queries_on_page_2(
    client: Client, tournament, field, django_assert_num_queries
) -> None:
    """Page 1, then page 2: its own page adds only the count of the entries that bounds the
    page number (``_bounded``)."""
    url = reverse("tournament_standings", args=[tournament.pk])
    with django_assert_num_queries(6):
        client.get(url)
    tournament.save()  # a new revision (tournaments/signals.py): computed again
    with django_assert_num_queries(7):
        client.get(f"{url}?page=2")


@pytest.mark.django_db
def test_it_answers_the_polls_of_page_2_from_the_cache(
    client: Client, tournament, field, django_assert_num_queries, settings
) -> None:
    """The page number is a canonical parameter of the live path: once page 2 is computed,
    its polls get page 2 from the cache (``public/middleware.py``), without a query."""
    settings.TOURNAMENTS_REVISION_CACHE_SECONDS = 60  # (off in the suite: config/test_settings)
    url = reverse("tournament_standings", args=[tournament.pk])
    client.get(f"{url}?page=2")
    client.get(f"{url}?page=2", headers=HTMX)  # (the revision read once, then in the cache)
    with django_assert_num_queries(0):
        poll = client.get(f"{url}?page=2", headers=HTMX)
    assert not hasattr(poll.wsgi_request, "session")  # answered before the session: fast path
    assert ranks(poll.content.decode()) == numbered(101, 200)
