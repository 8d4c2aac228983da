"""entry_provisional_rating: Dubov A.1 needs a rating for every player; after round 1 the
arbiter gives an unrated player a provisional one (regression: the rating field was locked
and a forced POST answered "saved" while changing nothing)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from players.identity import PlayerData
from tournaments import registration
from tournaments.models import Bye, Tournament


def manage(client: Client, t) -> str:
    return client.get(reverse("tournament_manage", args=[t.pk])).content.decode()


@pytest.fixture
def dubov(tournament):
    tournament.pairing_system = Tournament.PairingSystem.DUBOV
    tournament.save()
    return tournament


@pytest.mark.django_db
def test_it_asks_a_provisional_rating_for_an_unrated_player_with_a_round_1_bye(
    arbiter_client: Client, dubov, make_entries, play
) -> None:
    entries = make_entries(5)
    unrated = entries[-1]
    unrated.rating = 0
    unrated.save()
    Bye.objects.create(entry=unrated, round_number=1, kind=Bye.Kind.HALF_POINT)
    play(dubov, rounds=1)
    response = arbiter_client.post(reverse("round_pair", args=[dubov.pk]), {"round": 2})
    html = manage(arbiter_client, dubov)
    assert "the arbiter must give a provisional rating to player 5 (Player 05)" in html
    assert "Dubov A.1: every player needs a rating." in html
    assert 'aria-label="Provisional rating of Player 05"' in html
    url = reverse("entry_provisional_rating", args=[dubov.pk, unrated.pk])
    response = arbiter_client.post(url, {"rating": 1500}, follow=True)
    assert "Player 05 is paired with the provisional rating 1500" in response.content.decode()
    unrated.refresh_from_db()
    assert (unrated.rating, unrated.pairing_number) == (1500, 5)
    assert "Dubov A.1" not in manage(arbiter_client, dubov)
    arbiter_client.post(reverse("round_pair", args=[dubov.pk]), {"round": 2})
    assert dubov.round_set.count() == 2


@pytest.mark.django_db
def test_it_takes_a_provisional_rating_for_an_unrated_late_entry(
    arbiter_client: Client, dubov, make_entries, play
) -> None:
    make_entries(4)
    play(dubov, rounds=1)
    late = registration.register(dubov.pk, PlayerData(name="Late, Lou"), 0)
    assert "Late, Lou" in manage(arbiter_client, dubov).split('id="provisional"')[1]
    url = reverse("entry_provisional_rating", args=[dubov.pk, late.pk])
    arbiter_client.post(url, {"rating": 1800})
    arbiter_client.post(reverse("round_pair", args=[dubov.pk]), {"round": 2})
    assert dubov.round_set.count() == 2
    late.refresh_from_db()
    assert late.rating == 1800 and late.pairing_number == 5


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("rating", "paired", "error"),
    [
        (1500, False, "Round 1 is not paired yet: edit Player 04&#x27;s rating instead"),
        (0, True, "A rating is a whole number from 1 to 3500."),
        (4000, True, "A rating is a whole number from 1 to 3500."),
    ],
)
def test_it_explains_what_it_refuses(
    arbiter_client: Client, dubov, make_entries, play, rating, paired, error
) -> None:
    *_, unrated = make_entries(4)
    unrated.rating = 0
    unrated.save()
    if paired:
        Bye.objects.create(entry=unrated, round_number=1, kind=Bye.Kind.ZERO_POINT)
        play(dubov, rounds=1)
    url = reverse("entry_provisional_rating", args=[dubov.pk, unrated.pk])
    response = arbiter_client.post(url, {"rating": rating}, follow=True)
    assert error in response.content.decode()
    unrated.refresh_from_db()
    assert unrated.rating == 0


@pytest.mark.django_db
def test_it_keeps_the_rating_of_a_rated_player(
    arbiter_client: Client, dubov, make_entries, play
) -> None:
    a, *_ = make_entries(4)  # no. 1 is rated 2350 (make_entries: out of rating order)
    play(dubov, rounds=1)
    url = reverse("entry_provisional_rating", args=[dubov.pk, a.pk])
    response = arbiter_client.post(url, {"rating": 1000}, follow=True)
    assert "Player 01 is rated 2350: ratings are fixed" in response.content.decode()
    a.refresh_from_db()
    assert a.rating == 2350


@pytest.mark.django_db
def test_it_asks_the_ratings_a_hundred_players_a_page_and_comes_back_to_the_page(
    arbiter_client: Client, dubov, make_entries, play
) -> None:
    """Issue 27: a form for each of 10,000 unrated players made the dashboard megabytes; 150
    unrated players get their forms 100 a page (``?provisional=N``, htmx swaps
    ``#provisional`` alone), and a rating given on page 2 comes back to page 2, now holding
    the 49 players after the one rated (102-150)."""
    from tournaments.models import Entry

    entries = make_entries(150, step=5)
    play(dubov, rounds=1)
    Entry.objects.filter(tournament=dubov).update(rating=0)
    url = reverse("tournament_manage", args=[dubov.pk])
    first = manage(arbiter_client, dubov)
    assert first.count('aria-label="Provisional rating of ') == 100
    assert 'aria-label="Provisional rating of Player 100"' in first
    assert "Page 1 of 2 (unrated players 1–100 of 150)" in first
    link = f"{url}?page=1&amp;provisional=2"
    assert f'href="{link}#provisional" rel="next" hx-get="{link}" hx-target="#provisional"' in first
    hx = {"HX-Request": "true", "HX-Target": "provisional"}
    second = arbiter_client.get(url, {"provisional": "2"}, headers=hx).content.decode()
    assert second.lstrip().startswith('<div class="warning-box" id="provisional">')
    assert "<html" not in second and second.count('aria-label="Provisional rating of ') == 50
    assert 'of Player 101"' in second and 'of Player 150"' in second
    assert 'of Player 100"' not in second
    rate = reverse("entry_provisional_rating", args=[dubov.pk, entries[100].pk])
    response = arbiter_client.post(rate, {"rating": 1500, "page": "1", "provisional": "2"})
    assert response["Location"] == f"{url}?provisional=2#provisional"
    html = arbiter_client.get(response["Location"]).content.decode()
    assert html.count('aria-label="Provisional rating of ') == 49
    assert 'of Player 101"' not in html and 'of Player 102"' in html
