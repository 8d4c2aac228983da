"""tournament_players: the starting list."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse


@pytest.mark.django_db
def test_it_lists_players_by_pairing_number(client: Client, tournament, make_entries) -> None:
    entries = make_entries(3)
    entries[1].title = "IM"
    entries[1].save()
    entries[2].withdrawn_from_round = 2
    entries[2].save()
    html = client.get(reverse("tournament_players", args=[tournament.pk])).content.decode()
    assert html.index("Player 01") < html.index("Player 02") < html.index("Player 03")
    assert '<span class="title">IM</span>' in html
    assert "withdrawn" in html


@pytest.mark.django_db
@pytest.mark.parametrize("players", [3, 40])
def test_it_does_a_constant_number_of_queries(
    client: Client, tournament, make_entries, django_assert_num_queries, players
) -> None:
    make_entries(players)
    with django_assert_num_queries(6):
        client.get(reverse("tournament_players", args=[tournament.pk]))


@pytest.mark.django_db
def test_it_finds_my_board(client: Client, tournament, make_entries, play) -> None:
    """ "Find my board": a plain GET form (works without JavaScript); htmx swaps the list."""
    make_entries(5)
    play(tournament, rounds=1)
    url = reverse("tournament_players", args=[tournament.pk])
    html = client.get(url, {"q": "  player 03 "}).content.decode()
    assert 'role="search"' in html and "Players matching “player 03” <span" in html
    # Round 1 of five: no. 5 has the bye, S1 = {1, 2} meets S2 = {3, 4}: board 1 is 1-3.
    assert "<strong>Board 1</strong>, Black against Player 01" in html
    assert html.count('<td class="name">') == 1
    part = client.get(url, {"q": "player 04"}, headers={"HX-Request": "true"}).content.decode()
    assert part.lstrip().startswith('<section id="players"') and "Player 04" in part
    assert "Player 03" not in part  # the cache is keyed on the search
    none = client.get(url, {"q": "Carlsen"}).content.decode()
    assert "No player's name contains “Carlsen”." in none


@pytest.mark.django_db
def test_it_answers_a_search_with_its_own_etag_during_a_live_round(
    client: Client, tournament, make_entries, play
) -> None:
    """Issue 24: during a live round the list and a search of it have the same revision;
    static/js/live.js skips a swap whose revision and view the page already shows, so the
    search answer must carry another ETag and another data-view (and never be a 304 to the
    list's ETag)."""
    make_entries(5)
    play(tournament, [[]])  # round 1 published, no result: polling
    url = reverse("tournament_players", args=[tournament.pk])
    htmx = {"HX-Request": "true"}
    listed = client.get(url, headers=htmx)
    found = client.get(url, {"q": "player 03"}, headers=htmx | {"If-None-Match": listed["ETag"]})
    assert found.status_code == 200 and found["ETag"] != listed["ETag"]
    revision = listed["ETag"].strip('"').split("-")[0]
    assert found["ETag"].strip('"').split("-")[0] == revision  # same revision, other view
    html = found.content.decode()
    assert 'data-view="all"' in listed.content.decode() and 'data-view="all"' not in html
    view = found["ETag"].strip('"').split("-")[2]
    assert f'data-view="{view}"' in html
    assert 'Players matching “player 03” <span class="muted">(1)</span>' in html
    again = client.get(url, {"q": "player 03"}, headers=htmx | {"If-None-Match": found["ETag"]})
    assert again.status_code == 304  # the search's own poll: unchanged
    other = client.get(url, {"q": "player 04"}, headers=htmx)
    assert other["ETag"] not in (found["ETag"], listed["ETag"])
