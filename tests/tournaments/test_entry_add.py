"""entry_add: register a player with every detail, or row by row (htmx quick add)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tournaments.models import Player

HTMX = {"HX-Request": "true", "HX-Target": "players"}


@pytest.mark.django_db
def test_it_registers_a_player_with_every_detail(arbiter_client: Client, tournament) -> None:
    url = reverse("entry_add", args=[tournament.pk])
    assert "Never shown on public pages" in arbiter_client.get(url).content.decode()
    response = arbiter_client.post(
        url,
        {
            "name": "Polgar, Judit",
            "title": "GM",
            "sex": "w",
            "federation": "hun",
            "fide_id": "700070",
            "birth_date": "1976-07-23",
            "rating": "2675",
        },
    )
    assert response["Location"] == reverse("tournament_manage", args=[tournament.pk]) + "#players"
    entry = tournament.entries.select_related("player").get()
    assert (entry.pairing_number, entry.rating, entry.player.federation) == (1, 2675, "HUN")
    assert entry.player.birth_date.year == 1976


@pytest.mark.django_db
def test_a_known_fide_id_enters_the_stored_player(arbiter_client: Client, tournament) -> None:
    known = Player.objects.create(name="Known, Kim", fide_id="123", fide_rating=2100)
    arbiter_client.post(
        reverse("entry_add", args=[tournament.pk]), {"name": "Typo, Kim", "fide_id": "123"}
    )
    entry = tournament.entries.get()
    assert entry.player == known and entry.rating == 2100
    assert Player.objects.count() == 1
    again = arbiter_client.post(
        reverse("entry_add", args=[tournament.pk]), {"name": "Kim", "fide_id": "123"}
    )
    assert "Known, Kim is already registered" in again.content.decode()


@pytest.mark.django_db
def test_quick_add_returns_the_list_ready_for_the_next_player(
    arbiter_client: Client, tournament, make_entries
) -> None:
    make_entries(2)
    response = arbiter_client.post(
        reverse("entry_add", args=[tournament.pk]),
        {
            "quick": "1",
            "name": "Quick, Quinn",
            "rating": "2450",
            "title": "FM",
            "federation": "usa",
        },
        headers=HTMX,
    )
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="players"')
    assert "Quick, Quinn registered as no. 1." in html  # 2450 is the best rating
    assert html.index("Quick, Quinn") < html.index("Player 01")
    assert 'name="name"' in html and "autofocus" in html and 'value="Quick' not in html


@pytest.mark.django_db
def test_quick_add_errors_stay_in_the_row(arbiter_client: Client, tournament) -> None:
    html = arbiter_client.post(
        reverse("entry_add", args=[tournament.pk]),
        {"quick": "1", "name": "", "rating": "99999", "federation": "US"},
        headers=HTMX,
    ).content.decode()
    assert "This field is required" in html
    assert "Ensure this value is less than or equal to 3500" in html
    assert "A three-letter code like USA" in html
    assert not tournament.entries.exists()


@pytest.mark.django_db
def test_without_javascript_errors_show_the_full_form(arbiter_client: Client, tournament) -> None:
    response = arbiter_client.post(
        reverse("entry_add", args=[tournament.pk]), {"quick": "1", "name": "", "rating": "2000"}
    )
    html = response.content.decode()
    assert response.status_code == 200 and "This field is required" in html
    assert 'value="2000"' in html
